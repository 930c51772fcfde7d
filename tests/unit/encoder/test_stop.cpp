// Stopping an encoding (EncodeOptions::stop): a deadline already past or a cancellation that fires makes
// encode throw encoder::Stopped (and Encoding::assertTo too), verify then answers Unknown with a timeout or
// interrupted reason, never a verdict; an encoding with a future deadline is unaffected.
#include "helpers.h"

using namespace locus;
using namespace locus::encoder;
using namespace locus::encoder::testing;

namespace {

const char *kLoop = R"(
type Node { next: Node; val: int; }

proc main(h: Node)
{
  var p: Node;
  var s: int;
  p := h;
  s := 0;
  while (p != null) {
    s := s + p.val;
    p := p.next;
  }
  assert s != 12345;
}
)";

using Clock = std::chrono::steady_clock;

EncodeOptions loopOptions() {
  EncodeOptions eo;
  eo.unwind = 6;
  eo.inputNodes = 3;
  return eo;
}

} // namespace

TEST_CASE("an expired deadline stops encode with a time limit") {
  ir::Program prog = compile(kLoop);
  backends::TermManager tm;
  EncodeOptions eo = loopOptions();
  eo.stop.deadline = Clock::now() - std::chrono::seconds(1);
  try {
    (void)encode(prog, 0, tm, eo);
    FAIL("encode did not stop");
  } catch (const Stopped &e) {
    CHECK(e.why == Stopped::TimeLimit);
    CHECK(std::string(e.what()) == "the time limit ran out while encoding");
  }
}

TEST_CASE("a cancellation that fires in the middle stops encode as interrupted") {
  ir::Program prog = compile(kLoop);
  backends::TermManager tm;
  EncodeOptions eo = loopOptions();
  int polls = 0;
  eo.stop.cancelled = [&polls] { return ++polls > 10; }; // after some statements were encoded
  CHECK_THROWS_AS((void)encode(prog, 0, tm, eo), Stopped);
  CHECK(polls == 11);
  eo.stop.cancelled = [] { return true; };
  try {
    (void)encode(prog, 0, tm, eo);
    FAIL("encode did not stop");
  } catch (const Stopped &e) {
    CHECK(e.why == Stopped::Interrupted);
  }
}

TEST_CASE("assertTo polls the encoding's stop too") {
  ir::Program prog = compile(kLoop);
  backends::TermManager tm;
  EncodeOptions eo = loopOptions();
  bool fire = false;
  eo.stop.cancelled = [&fire] { return fire; };
  Encoding enc = encode(prog, 0, tm, eo);
  backends::MakeSolverResult made = backends::makeSolver("dump", tm);
  REQUIRE(made);
  fire = true;
  CHECK_THROWS_AS(enc.assertTo(*made.solver), Stopped);
}

TEST_CASE("a future deadline and a cancellation that does not fire change nothing") {
  ir::Program prog = compile(kLoop);
  backends::TermManager plainTm, limitedTm;
  Encoding plain = encode(prog, 0, plainTm, loopOptions());
  EncodeOptions eo = loopOptions();
  eo.stop.deadline = Clock::now() + std::chrono::hours(1);
  int polls = 0;
  eo.stop.cancelled = [&polls] { return ++polls < 0; };
  Encoding limited = encode(prog, 0, limitedTm, eo);
  CHECK(polls > 0);
  CHECK(limited.steps.size() == plain.steps.size());
  CHECK(limited.checks.size() == plain.checks.size());
  for (const std::string &solver : apiSolvers()) {
    VerifyOptions vo;
    vo.encode = loopOptions();
    vo.solver = solver;
    VerifyResult unlimited = verify(prog, 0, vo);
    vo.encode = eo;
    vo.timeoutMs = 600000;
    VerifyResult r = verify(prog, 0, vo);
    CHECK(r.verdict != Verdict::Unknown);
    CHECK(r.verdict == unlimited.verdict);
  }
}

TEST_CASE("verify answers Unknown when its encoding is stopped") {
  ir::Program prog = compile(kLoop);
  for (const std::string &solver : apiSolvers()) {
    VerifyOptions vo;
    vo.encode = loopOptions();
    vo.solver = solver;
    vo.encode.stop.deadline = Clock::now() - std::chrono::seconds(1);
    VerifyResult r = verify(prog, 0, vo);
    CHECK(r.verdict == Verdict::Unknown);
    CHECK(r.reason.rfind("timeout: the time limit ran out while encoding", 0) == 0);
    vo.encode.stop.deadline.reset();
    vo.encode.stop.cancelled = [] { return true; };
    r = verify(prog, 0, vo);
    CHECK(r.verdict == Verdict::Unknown);
    CHECK(r.reason == "other: interrupted (while encoding)");
  }
}

TEST_CASE("orWhen stops when either the added or the existing cancellation fires") {
  auto why = [](const encoder::StopWhen &s) -> std::optional<encoder::Stopped::Why> {
    try {
      s.poll();
    } catch (const encoder::Stopped &e) {
      return e.why;
    }
    return std::nullopt;
  };
  encoder::StopWhen none;
  CHECK_FALSE(why(none.orWhen([] { return false; })).has_value());
  CHECK(why(none.orWhen([] { return true; })) == encoder::Stopped::Interrupted);
  encoder::StopWhen outer;
  outer.cancelled = [] { return true; };
  CHECK(why(outer.orWhen([] { return false; })) == encoder::Stopped::Interrupted);
  encoder::StopWhen late;
  late.deadline = std::chrono::steady_clock::now() - std::chrono::seconds(1);
  CHECK(why(late.orWhen([] { return false; })) == encoder::Stopped::TimeLimit); // the deadline is kept
}

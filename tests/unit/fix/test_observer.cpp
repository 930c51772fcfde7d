// The observer of a repair (repair/common/observer.h): it is told the failure and every repair as they are
// found, in the order of the result, and its cancellation token stops the search with "interrupted".
#include "backends/interrupt.h"
#include "frontend/source.h"
#include "repair/fix/fix.h"

#include <doctest/doctest.h>

using namespace locus;

namespace {

const std::string kBuggy = std::string(LOCUS_SOURCE_DIR) + "/tests/regress/papers/absvalue_buggy.gcl";

struct Recorder : repair::Observer {
  std::vector<std::string> events;
  repair::CancelToken token;
  void failure(const repair::Failure &) override { events.push_back("failure"); }
  void repaired(const fix::Repair &r) override { events.push_back("repair:" + r.patch.diff); }
  const repair::CancelToken *cancel() const override { return &token; }
};

/// absValue's buggy program and its specification, for a fix::Problem.
struct Buggy {
  SourceManager sm;
  std::optional<ir::Program> prog;
  fix::Spec spec;
  Buggy() {
    Diagnostics diags(sm);
    prog = frontend::compileSource(kBuggy, sm, diags);
    REQUIRE(prog);
    spec.mainFile = kBuggy;
    spec.entry = "absValue";
    spec.verify.encode.inputNodes = 3;
  }
};

fix::Result repairWith(Recorder &rec, const std::string &method) {
  Buggy b;
  fix::Options o;
  o.maxRepairs = 3;
  fix::Problem p{*b.prog, b.sm, b.spec, o};
  p.observer = &rec;
  return fix::findMethod(method)->run(p);
}

} // namespace

TEST_CASE("the observer is told the failure, then each repair as the result lists them") {
  for (const char *method : {"mutate", "template"}) {
    CAPTURE(method);
    Recorder rec;
    fix::Result r = repairWith(rec, method);
    REQUIRE(r.status == fix::Status::Repaired);
    REQUIRE(rec.events.size() == r.repairs.size() + 1);
    CHECK(rec.events.front() == "failure");
    for (size_t k = 0; k < r.repairs.size(); ++k)
      CHECK(rec.events[k + 1] == "repair:" + r.repairs[k].patch.diff);
  }
}

TEST_CASE("a raised cancellation token stops the search: no repair, status unknown, 'interrupted'") {
  for (const char *method : {"mutate", "template"}) {
    CAPTURE(method);
    Recorder rec;
    rec.token.cancel();
    fix::Result r = repairWith(rec, method);
    CHECK(r.status == fix::Status::Unknown);
    CHECK(r.message == "interrupted");
    CHECK(r.repairs.empty());
    CHECK(!r.complete);
  }
}

TEST_CASE("a re-verification that gives no answer leaves the candidate undecided, not refuted") {
  Buggy b;
  fix::Options o;
  o.maxRepairs = 1;
  fix::Problem p{*b.prog, b.sm, b.spec, o};
  // A repair's edits: re-verified; interrupted (Ctrl-C while its patched source is checked), undecided.
  fix::Result r = fix::findMethod("mutate")->run(p);
  REQUIRE(r.status == fix::Status::Repaired);
  fix::Unfinished none;
  CHECK(fix::finishRepair(p, r.repairs.front().edits, {}, 0, 0, none));
  backends::interruptChecks();
  fix::Unfinished stopped;
  bool repaired = fix::finishRepair(p, r.repairs.front().edits, {}, 0, 0, stopped).has_value();
  backends::clearInterrupt();
  CHECK(!repaired);
  CHECK(stopped.rendered);
  CHECK(stopped.undecided);
}

// Running the program with the interpreter (run.h).
#include "session/run.h"

#include "session/error.h"
#include "session/values.h"

namespace locus::session {

ir::InterpOptions interpOptions(const ExecOptions &e) {
  ir::InterpOptions o;
  o.stepLimit = e.steps;
  o.ints = e.ints == "bv32" ? ir::IntMode::BV32 : ir::IntMode::Math;
  o.seed = e.seed;
  o.nondetValues = nondetValues(e.nondet);
  return o;
}

void IndeterminateNotes::add(const ir::Outcome &o) {
  for (const ir::IndeterminateRead &r : o.indeterminateReads)
    if (seen_
            .emplace(std::to_string(r.loc.file) + ":" + std::to_string(r.loc.line) + ":" +
                         std::to_string(r.loc.col),
                     r.object)
            .second)
      notes_.note(r.loc, "'" + r.object +
                             "' read before it was written; its value was drawn: " + ir::toString(r.value));
}

int exitFor(const ir::Outcome &o) {
  switch (o.kind) {
  case ir::OutcomeKind::Ok:
  case ir::OutcomeKind::Infeasible: return Exit::Ok;
  case ir::OutcomeKind::Failure: return Exit::Violated;
  case ir::OutcomeKind::Limit: return Exit::Unknown;
  case ir::OutcomeKind::Error: return Exit::InputError;
  }
  return Exit::Internal;
}

int TestRun::exit() const {
  return failed ? Exit::Violated : unknown ? Exit::Unknown : Exit::Ok;
}

TestRun runDeclaredTests(const ir::Program &prog, const std::vector<uint32_t> &tests,
                         const ir::InterpOptions &io, IndeterminateNotes &notes) {
  TestRun run;
  for (uint32_t t : tests) {
    ir::Interpreter interp(prog, io);
    ir::Outcome out = interp.run(t, {});
    notes.add(out);
    (out.kind == ir::OutcomeKind::Ok      ? run.passed
     : out.kind == ir::OutcomeKind::Limit ? run.unknown
                                          : run.failed)++;
    run.tests.push_back(TestRun::Test{t, std::move(out)});
  }
  return run;
}

const char *testStatus(const ir::Outcome &o) {
  switch (o.kind) {
  case ir::OutcomeKind::Ok: return "PASS";
  case ir::OutcomeKind::Limit: return "UNKNOWN";
  case ir::OutcomeKind::Infeasible: return "INFEASIBLE";
  default: return "FAIL";
  }
}

int SuiteTally::exit() const {
  bool noneLeft = total && leftOut == total;
  return failed ? Exit::Violated : errors || noneLeft ? Exit::InputError : unknown ? Exit::Unknown : Exit::Ok;
}

SuiteTally tally(const std::vector<repair::SuiteResult> &results) {
  SuiteTally t;
  t.total = results.size();
  for (const repair::SuiteResult &r : results)
    switch (r.status) {
    case repair::SuiteResult::Status::Pass: ++t.passed; break;
    case repair::SuiteResult::Status::Fail: ++t.failed; break;
    case repair::SuiteResult::Status::Unknown: ++t.unknown; break;
    case repair::SuiteResult::Status::Error: ++t.errors; break;
    case repair::SuiteResult::Status::Skipped: ++t.leftOut; break;
    }
  return t;
}

} // namespace locus::session

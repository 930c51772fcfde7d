// The session's runs and tallies (session/run.h): declared tests run and counted, a suite run tallied, the
// exit codes of runs, tests, suites, localizations and repairs; the time limits (session/limits.h) and the
// values of --nondet (session/values.h).
#include "backends/interrupt.h"
#include "session/error.h"
#include "session/interrupt.h"
#include "session/limits.h"
#include "session/localize.h"
#include "session/program.h"
#include "session/repair.h"
#include "session/run.h"
#include "session/values.h"
#include "tests/unit/temp_dir.h"

#include <doctest/doctest.h>

#include <csignal>
#include <cstdlib>
#include <fcntl.h>
#include <fstream>
#include <sys/wait.h>
#include <unistd.h>

using namespace locus;

namespace {

// Two tests pass, one fails, one runs out of steps, one is infeasible; `helper` is no test.
const char *kProgram = R"(proc helper(x: int) returns (r: int) { r := x + 1; }
test ok_one { var y: int; y := helper(1); assert y == 2; }
test ok_two { assert true; }
test fails { var y: int; y := helper(1); assert y == 3; }
test loops { var i: int; i := 0; while (true) { i := i + 1; } }
test infeasible { assume false; }
)";

std::string write(const testing::TempDir &d, const std::string &name, const std::string &text) {
  std::string path = (d.path() / name).string();
  std::ofstream(path) << text;
  return path;
}

repair::SuiteResult withStatus(repair::SuiteResult::Status s) {
  repair::SuiteResult r;
  r.status = s;
  return r;
}

} // namespace

TEST_CASE("declared tests: each run on its own, counted as passed, failed (infeasible too) or unknown") {
  testing::TempDir d("locus-session");
  std::string file = write(d, "tests.gcl", kProgram);
  std::unique_ptr<session::Loaded> l = session::load(session::Source{file, {}, 20});
  REQUIRE(l->prog);
  std::vector<uint32_t> tests = session::declaredTestsToRun(*l->prog, file, false, "");
  REQUIRE(tests.size() == 5);
  session::ExecOptions e;
  e.steps = 1000;
  session::IndeterminateNotes notes(l->sm);
  session::TestRun run = session::runDeclaredTests(*l->prog, tests, session::interpOptions(e), notes);
  REQUIRE(run.tests.size() == 5);
  CHECK(run.passed == 2);
  CHECK(run.failed == 2);
  CHECK(run.unknown == 1);
  CHECK(run.exit() == session::Exit::Violated);
  CHECK(std::string(session::testStatus(run.tests[2].outcome)) == "FAIL");
  CHECK(std::string(session::testStatus(run.tests[3].outcome)) == "UNKNOWN");
  CHECK(std::string(session::testStatus(run.tests[4].outcome)) == "INFEASIBLE");
  CHECK(session::exitFor(run.tests[0].outcome) == session::Exit::Ok);
  CHECK(session::exitFor(run.tests[2].outcome) == session::Exit::Violated);
  CHECK(session::exitFor(run.tests[3].outcome) == session::Exit::Unknown);
  CHECK(session::exitFor(run.tests[4].outcome) == session::Exit::Ok);

  session::TestRun passing =
      session::runDeclaredTests(*l->prog, {tests[0], tests[1], tests[3]}, session::interpOptions(e), notes);
  CHECK(passing.exit() == session::Exit::Unknown);
}

TEST_CASE("a suite run tallied: a failure first, then an error or every test left out, then unknown") {
  using S = repair::SuiteResult::Status;
  session::SuiteTally t = session::tally({withStatus(S::Pass), withStatus(S::Fail), withStatus(S::Unknown),
                                          withStatus(S::Error), withStatus(S::Skipped)});
  CHECK(t.total == 5);
  CHECK(t.passed == 1);
  CHECK(t.failed == 1);
  CHECK(t.unknown == 1);
  CHECK(t.errors == 1);
  CHECK(t.leftOut == 1);
  CHECK(t.exit() == session::Exit::Violated);
  CHECK(session::tally({withStatus(S::Pass), withStatus(S::Error), withStatus(S::Unknown)}).exit() ==
        session::Exit::InputError);
  CHECK(session::tally({withStatus(S::Skipped), withStatus(S::Skipped)}).exit() == session::Exit::InputError);
  CHECK(session::tally({withStatus(S::Pass), withStatus(S::Skipped), withStatus(S::Unknown)}).exit() ==
        session::Exit::Unknown);
  CHECK(session::tally({withStatus(S::Pass), withStatus(S::Skipped)}).exit() == session::Exit::Ok);
  CHECK(session::tally({}).exit() == session::Exit::Ok);
}

TEST_CASE("the exit codes of localizations and repairs") {
  localize::Result localized, unknown, internal;
  localized.status = localize::Status::Localized;
  unknown.status = localize::Status::Unknown;
  internal.status = localize::Status::Error;
  internal.message = "internal: the encoding failed";
  CHECK(session::localizeExit(localized) == session::Exit::Violated);
  CHECK(session::localizeExit(internal) == session::Exit::InputError);
  CHECK(session::localizeAllExit({unknown, localized}) == session::Exit::Violated);
  CHECK(session::localizeAllExit({unknown, unknown}) == session::Exit::Unknown);
  CHECK(session::localizeAllExit({localized, internal}) == session::Exit::Internal);
  fix::Result repaired, notRepaired, error;
  repaired.status = fix::Status::Repaired;
  notRepaired.status = fix::Status::NotRepaired;
  error.status = fix::Status::Error;
  error.message = "no such procedure";
  CHECK(session::repairExit(repaired) == session::Exit::Violated);
  CHECK(session::repairExit(notRepaired) == session::Exit::Unknown);
  CHECK(session::repairExit(error) == session::Exit::InputError);
}

TEST_CASE("time limits and --nondet values") {
  CHECK(session::checkTimeLimit("0").empty());
  CHECK(session::checkTimeLimit("2.5").empty());
  CHECK(!session::checkTimeLimit("-1").empty());
  CHECK(!session::checkTimeLimit("nan").empty());
  CHECK(!session::checkTimeLimit("5000000").empty());
  CHECK(!session::checkTimeLimit("3s").empty());
  CHECK(session::timeLimitMs(0) == 0);
  CHECK(session::timeLimitMs(0.0001) == 1);
  CHECK(session::timeLimitMs(2.5) == 2500);
  std::vector<ir::Value> v = session::nondetValues("3, -1,true");
  REQUIRE(v.size() == 3);
  CHECK(ir::toString(v[1]) == "-1");
  CHECK(session::nondetValues("").empty());
  CHECK_THROWS_AS(session::nondetValues("3,x"), session::Error);
}

TEST_CASE("an abort inside a solver library's call is no answer (exit 3), any other abort a crash") {
  // Each in a child process: the handler ends the process.
  auto run = [](bool inLibrary) {
    pid_t pid = fork();
    if (pid == 0) {
      int null = open("/dev/null", O_WRONLY);
      dup2(null, 2); // the handler's message
      session::installAbortHandler();
      if (inLibrary) {
        backends::LibraryCallScope inside;
        std::abort();
      }
      std::abort();
    }
    int status = 0;
    waitpid(pid, &status, 0);
    return status;
  };
  int in = run(true);
  CHECK(WIFEXITED(in));
  CHECK(WEXITSTATUS(in) == session::Exit::Unknown);
  int out = run(false);
  CHECK(WIFSIGNALED(out));
  CHECK(WTERMSIG(out) == SIGABRT);
}

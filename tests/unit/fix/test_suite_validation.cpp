// A candidate's validation on a test suite against a reference (repair/fix/common.cpp,
// repair/common/suite.cpp): the runs stop at the first failing test, a run may take at most kSuiteStepFactor
// times the reference's statements (at least kSuiteMinSteps), so a mutant that loops is given up after that
// many statements, not after the interpreter's million; and mutate finds a student's repair whose neighbours
// loop, correct within the bound.
#include "frontend/source.h"
#include "repair/common/suite.h"
#include "repair/fix/fix.h"
#include "tests/unit/temp_dir.h"

#include <doctest/doctest.h>

#include <fstream>

using namespace locus;
namespace fs = std::filesystem;

#if LOCUS_WITH_C

namespace {

struct Compiled {
  SourceManager sm;
  std::optional<ir::Program> prog;
};

void compile(Compiled &c, const std::string &path) {
  Diagnostics diags(c.sm);
  c.prog = frontend::compileSource(path, c.sm, diags);
  INFO(path << " does not compile");
  REQUIRE(c.prog);
}

// The reference: the digits of n, separated by spaces.
const char *kReference = R"(#include <stdio.h>
int main(void) {
  int n;
  if (scanf("%d", &n) != 1) {
    printf("invalid input\n");
    return 1;
  }
  int p = 1;
  while (p <= n / 10)
    p *= 10;
  while (p > 0) {
    printf("%d", n / p);
    n %= p;
    p /= 10;
    if (p > 0)
      printf(" ");
  }
  printf("\n");
  return 0;
}
)";

// A student's: the second loop's condition is `p > 1` (the last digit is never printed).
const char *kStudent = R"(#include <stdio.h>
int main(void) {
  int n;
  if (scanf("%d", &n) != 1) {
    printf("invalid input\n");
    return 1;
  }
  int p = 1;
  while (p <= n / 10)
    p *= 10;
  while (p > 1) {
    printf("%d", n / p);
    n %= p;
    p /= 10;
    if (p > 0)
      printf(" ");
  }
  printf("\n");
  return 0;
}
)";

// A program that never ends on any input.
const char *kLoops = R"(#include <stdio.h>
int main(void) {
  int n = 0;
  while (n >= 0)
    n = n + 1 - 1;
  printf("%d\n", n);
  return 0;
}
)";

struct Bench {
  testing::TempDir dir{"locus-fix-suite"};
  std::string write(const std::string &name, const std::string &text) {
    std::string path = (dir.path() / name).string();
    std::ofstream(path, std::ios::binary) << text;
    return path;
  }
};

} // namespace

TEST_CASE(
    "a candidate's suite run stops at its first failing test and at a step limit from the reference's") {
  Bench b;
  std::string suiteFile = b.write("suite.txt", "< a.in\n< b.in\n< c.in\n");
  b.write("a.in", "7\n");
  b.write("b.in", "1234\n");
  b.write("c.in", "x\n");
  std::string err;
  std::optional<repair::Suite> suite = repair::loadSuite(suiteFile, err);
  REQUIRE_MESSAGE(suite, err);
  Compiled ref, loops;
  compile(ref, b.write("ref.c", kReference));
  compile(loops, b.write("loops.c", kLoops));
  repair::RunTarget target{&*loops.prog, loops.prog->procIndex("main"), "loops.c"};
  repair::RunTarget reference{&*ref.prog, ref.prog->procIndex("main"), "ref.c"};
  ir::InterpOptions io;
  io.seed = 0;

  repair::SuiteRunOptions how;
  how.referenceStepFactor = fix::kSuiteStepFactor;
  how.minSteps = fix::kSuiteMinSteps;
  std::vector<repair::SuiteResult> rs =
      repair::runSuite(target, *suite, &reference, repair::Compare::Exact, io, how);
  REQUIRE(rs.size() == 3);
  for (const repair::SuiteResult &r : rs) {
    REQUIRE(r.reference);
    CHECK(r.reference->steps * fix::kSuiteStepFactor < fix::kSuiteMinSteps); // the floor decides here
    CHECK(r.status == repair::SuiteResult::Status::Unknown);
    CHECK(r.message == "step limit of " + std::to_string(fix::kSuiteMinSteps) + " statements reached");
  }
  // `locus test`'s way: the interpreter's own limit.
  rs = repair::runSuite(target, *suite, &reference, repair::Compare::Exact, io);
  REQUIRE(rs.size() == 3);
  CHECK(rs[0].message == "step limit of " + std::to_string(io.stepLimit) + " statements reached");

  // The student's program fails every test but the last; stopping at the first failure runs one test.
  Compiled student;
  compile(student, b.write("student.c", kStudent));
  repair::RunTarget st{&*student.prog, student.prog->procIndex("main"), "student.c"};
  rs = repair::runSuite(st, *suite, &reference, repair::Compare::Exact, io);
  REQUIRE(rs.size() == 3);
  CHECK(rs[0].status == repair::SuiteResult::Status::Fail);
  CHECK(rs[2].status == repair::SuiteResult::Status::Pass);
  how.stopAtFailure = true;
  rs = repair::runSuite(st, *suite, &reference, repair::Compare::Exact, io, how);
  REQUIRE(rs.size() == 1);
  CHECK(rs[0].status == repair::SuiteResult::Status::Fail);
}

TEST_CASE("mutate repairs a student's loop condition whose neighbours loop") {
  Bench b;
  std::string suiteFile = b.write("suite.txt", "< a.in\n< b.in\n< c.in\n< d.in\n");
  b.write("a.in", "7\n");
  b.write("b.in", "1234\n");
  b.write("c.in", "905\n");
  b.write("d.in", "x\n");
  std::string err;
  std::optional<repair::Suite> suite = repair::loadSuite(suiteFile, err);
  REQUIRE_MESSAGE(suite, err);
  Compiled ref, student;
  std::string refPath = b.write("ref.c", kReference);
  compile(ref, refPath);
  std::string path = b.write("student.c", kStudent);
  compile(student, path);

  fix::Spec spec;
  spec.mainFile = path;
  spec.verify.solver = "z3";
  spec.verify.encode.unwind = 5;
  spec.reference = &*ref.prog;
  spec.referenceEntry = "main";
  spec.referenceName = refPath;
  spec.suite = &*suite;
  fix::Options o;
  o.solver = "z3";
  o.given.set(fix::kMaxMutations, "1");
  fix::Result r = fix::findMethod("mutate")->run(fix::Problem{*student.prog, student.sm, spec, o});
  INFO(r.message);
  REQUIRE(r.status == fix::Status::Repaired);
  REQUIRE(r.repairs.size() == 1);
  const fix::Repair &rep = r.repairs.front();
  CHECK(rep.check.verified);
  CHECK(rep.check.suiteTests == 4);
  // `p > 1` → `p >= 1` or `p > 0`; among the other mutants of the condition `p >= 0` and `p != -1` loop
  // (p stays 0): each ends at the step limit as an unknown candidate, none is an error.
  CHECK(rep.patch.files.front().after.find("while (p > 1)") == std::string::npos);
  CHECK(r.stats.at("reverify_failed") == 0);
}

#endif

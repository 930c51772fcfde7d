// Localization of programs with arrays: the replay's element entities, pwp's array-assignment rule and its
// elements named as the run resolved them, gradient's element entities and post-states, must's slice through
// array stores, and every method on He & Gupta's Max with a real array. The random-program tests
// (test_trace_methods.cpp, test_maxsat.cpp, test_must_random.cpp) run the generator's array flavor too.
#include "helpers.h"
#include "repair/localize/gradient.h"
#include "repair/localize/must.h"
#include "repair/localize/replay.h"

#include <doctest/doctest.h>

using namespace locus;

namespace {

/// The failure of a declared test (`test`) of `text`.
repair::Failure testFailure(const ir::Program &prog, const std::string &test) {
  repair::FailureSpec spec;
  spec.kind = repair::FailureSpec::Kind::Test;
  spec.test = test;
  repair::FailureSearch found = repair::findFailure(prog, spec);
  REQUIRE(found.status == repair::FailureStatus::Found);
  return *found.failure;
}

/// As `locus localize` sets them: the procedures, not the tests, may be blamed.
localize::Options ownOptions(const ir::Program &prog) {
  localize::Options opts;
  opts.timeoutMs = 20000;
  opts.procs.emplace();
  for (uint32_t i = 0; i < prog.procs.size(); ++i)
    if (!prog.procs[i].isTest)
      opts.procs->insert(i);
  return opts;
}

localize::Result runMethod(const ir::Program &prog, const repair::Failure &f, const std::string &method) {
  std::vector<repair::TestRun> tests;
  localize::Options opts = ownOptions(prog);
  localize::Problem p{prog, f, tests, opts};
  return localize::findMethod(method)->run(p);
}

/// The rank of the line of statement `line` (0: not ranked).
uint32_t rankOfLine(const localize::Result &r, uint32_t line) {
  for (const localize::Suspect &s : r.ranking)
    if (s.loc.line == line)
      return s.rank;
  return 0;
}

std::string evidenceOfLine(const localize::Result &r, uint32_t line) {
  for (const localize::Suspect &s : r.ranking)
    if (s.loc.line == line)
      return s.evidence;
  return "";
}

// He & Gupta's Max (Max/7: the condition is `s >= a[i]`, line 8), the paper's input a = (-2, 5, 3).
const char *kMax = R"(proc max(a: int[], n: int) returns (s: int)
  requires a != null and n >= 1 and n <= 3 and n <= a.length
  ensures s >= a[0] and (n < 2 or s >= a[1]) and (n < 3 or s >= a[2])
  ensures s == a[0] or (n >= 2 and s == a[1]) or (n >= 3 and s == a[2])
{
  var i: int; i := 1; s := a[0];
  while (i < n) {
    if (s >= a[i]) {
      s := a[i];
    }
    i := i + 1;
  }
}
test paper_input {
  var a: int[] := new int[3]; var m: int;
  a[0] := -2; a[1] := 5; a[2] := 3;
  m := max(a, 3);
  assert m == 5;
}
)";

// ArrayCopy (Arr/2): the element write's index is 0 instead of i (line 5).
const char *kCopy = R"(proc copy(s1: int[], s2: int[], n: int)
  requires s1 != null and s2 != null and n >= 0 and n <= 3 and n <= s1.length and n <= s2.length
  ensures (n < 1 or s1[0] == s2[0]) and (n < 2 or s1[1] == s2[1]) and (n < 3 or s1[2] == s2[2])
{
  var i: int; i := 0; while (i < n) {
    s1[0] := s2[i];
    i := i + 1;
  }
}
test three {
  var a: int[] := new int[3]; var b: int[] := new int[3];
  b[0] := 4; b[1] := 5; b[2] := 6;
  copy(a, b, 3);
  assert a[2] == 6;
}
)";

} // namespace

TEST_CASE("arrays: every method localizes Max/7 with a real array, the faulty condition at rank 1") {
  ir::Program prog = encoder::testing::compile(kMax);
  repair::Failure f = testFailure(prog, "paper_input");
  for (const char *method : {"maxsat", "must", "ofc", "mbd", "pwp", "gradient"}) {
    CAPTURE(std::string(method));
    localize::Result r = runMethod(prog, f, method);
    REQUIRE_MESSAGE(r.status == localize::Status::Localized, r.message);
    if (std::string(method) != "gradient") {
      CHECK(rankOfLine(r, 8) == 1);
      continue;
    }
    // gradient's set holds the condition; inside the set, `s := a[0]` ranks first (the only write of s,
    // whose value the post-state contradicts), then the `if`'s condition (its false evaluation kept s from
    // being written: a potential dependence at distance 0), then the loop's (docs/localize.md, the order
    // inside the set)
    CHECK(rankOfLine(r, 6) == 1);
    CHECK(rankOfLine(r, 8) == 2);
    CHECK(rankOfLine(r, 7) == 3);
  }
  // pwp's atoms name the elements as the run resolved them (the paper's a[i=2]: n1[2])
  CHECK(evidenceOfLine(runMethod(prog, f, "pwp"), 8).find("n1[2]") != std::string::npos);
}

TEST_CASE("arrays: the replay's elements — touched ones are entities, others keep their initial values") {
  ir::Program prog = encoder::testing::compile(R"(proc f(n: int) returns (r: int)
{
  var a: int[];
  var t: int;
  a := new int[4] nondet;
  t := a[2];
  a[1] := t + 1;
  r := a[1] + a[3];
  assert r == 1000;
}
)");
  repair::FailureSpec spec;
  spec.kind = repair::FailureSpec::Kind::Inputs;
  spec.entry = "f";
  spec.args = {ir::Value::ofInt(0)};
  auto image = std::make_shared<ir::ArrayImage>();
  image->at = {{2, ir::Value::ofInt(7)}, {3, ir::Value::ofInt(-2)}};
  image->fill = ir::Value::ofInt(11);
  spec.nondets = {ir::Value::ofImage(image)};
  repair::FailureSearch found = repair::findFailure(prog, spec);
  REQUIRE(found.status == repair::FailureStatus::Found);
  std::unordered_set<ir::StmtId> all;
  ir::forEachStmt(prog, [&](const ir::Procedure &, const ir::Stmt &s) { all.insert(s.id); });
  localize::Replay r = localize::replayFailure(prog, *found.failure, all);
  REQUIRE(r.error.empty());
  REQUIRE(r.arrays.size() == 1);
  uint32_t node = r.arrays.begin()->first;
  CHECK(r.arrays.at(node).length == 4);
  // the write of a[1] is a point of the element entity, its value before from the contents' fill
  bool wrote = false;
  for (const localize::Point &p : r.points)
    if (p.entity == localize::Entity::elem(node, 1)) {
      wrote = true;
      CHECK(ir::toString(p.before) == "11");
      CHECK(ir::toString(p.after) == "8");
      CHECK(r.name(p.entity) == "n" + std::to_string(node) + "[1]");
    }
  CHECK(wrote);
  // the elements the run read are in the post-state with their values; a[0] was never touched
  CHECK(ir::toString(r.post.at(localize::Entity::elem(node, 2))) == "7");
  CHECK(ir::toString(r.post.at(localize::Entity::elem(node, 3))) == "-2");
  CHECK_FALSE(r.post.count(localize::Entity::elem(node, 0)));
  CHECK(ir::toString(r.initialElement(node, 0)) == "11");
  // the read of a[2] records the node and index it read
  bool read = false;
  for (const localize::Point &p : r.points)
    if (p.readNode == node && p.readIndex == 2)
      read = true;
  CHECK(read);
}

TEST_CASE("arrays: pwp goes back through element writes by the array-assignment rule") {
  // `a[i] := 5` writes another element than the one `r := a[j]` reads (i = 1, j = 2): the hypothesized
  // a[j] = 7 keeps its element and gains the case `i != j` — so the write, whose index decides the case,
  // is in the atom's pwp slice (the fault: it should write a[j]). Without the rule the write would not be.
  ir::Program prog = encoder::testing::compile(R"(proc f(a: int[], i: int, j: int) returns (r: int)
  requires a != null and a.length == 3 and i >= 0 and i < 3 and j >= 0 and j < 3
{
  a[i] := 5;
  r := a[j];
}
test other {
  var a: int[] := new int[3];
  var r: int;
  r := f(a, 1, 2);
  assert r == 7;
}
)");
  localize::Result r = runMethod(prog, testFailure(prog, "other"), "pwp");
  REQUIRE(r.status == localize::Status::Localized);
  CHECK(rankOfLine(r, 4) == 1);
  CHECK(evidenceOfLine(r, 4).find("[where (i != j)]") != std::string::npos);
  // the same write to the element read: replaced by its value, the case `i = j`; a Type II against the
  // forward fact of the write (n1[1] = 5)
  ir::Program same = encoder::testing::compile(R"(proc f(a: int[], i: int, j: int) returns (r: int)
  requires a != null and a.length == 3 and i >= 0 and i < 3 and j >= 0 and j < 3
{
  a[i] := 5;
  r := a[j];
}
test same {
  var a: int[] := new int[3];
  var r: int;
  r := f(a, 1, 1);
  assert r == 7;
}
)");
  localize::Result s = runMethod(same, testFailure(same, "same"), "pwp");
  CHECK(rankOfLine(s, 4) == 1);
  CHECK(evidenceOfLine(s, 4).find("n1[1] = 5") != std::string::npos);
  // an out-of-bounds read: the check is 0 <= k < n1.length, pulled back to a constant (Type I)
  ir::Program oob = encoder::testing::compile(R"(proc last(a: int[]) returns (r: int)
  requires a != null and a.length > 0
{
  var k: int;
  k := a.length;
  r := a[k];
}
test t { var a: int[] := new int[3]; var r: int; r := last(a); }
)");
  localize::Result o = runMethod(oob, testFailure(oob, "t"), "pwp");
  REQUIRE(o.status == localize::Status::Localized);
  CHECK(rankOfLine(o, 5) == 1);
  CHECK(evidenceOfLine(o, 5).find("Type I") != std::string::npos);
}

TEST_CASE("arrays: gradient's entities include elements; an array no statement writes is not corrected") {
  {
    ir::Program prog = encoder::testing::compile(kCopy);
    localize::Options opts = ownOptions(prog);
    localize::GradientResult g = localize::gradientLocalize(prog, testFailure(prog, "three"), opts);
    REQUIRE_MESSAGE(g.error.empty(), g.error);
    // the writes of s1[0] (node 1): the first upward exposed, the last downward exposed, one sandwiched
    int up = 0, down = 0, sandwiched = 0;
    for (const localize::GradientPoint &p : g.points)
      if (p.entity == "n1[0]") {
        up += p.up && !p.down;
        down += p.down && !p.up;
        sandwiched += !p.up && !p.down;
        CHECK(p.suspicious == (p.gradient || (!p.up && !p.down)));
      }
    CHECK(up == 1);
    CHECK(down == 1);
    CHECK(sandwiched == 1);
    // the post-state makes every element of s1 right, those the run never read included
    std::set<std::string> corrected;
    for (const localize::Correction &c : g.corrections)
      corrected.insert(c.entity);
    CHECK(corrected == std::set<std::string>{"n1[0]", "n1[1]", "n1[2]"});
    // the faulty element write (line 6) is suspicious
    ir::StmtId write = 0;
    ir::forEachStmt(prog, [&](const ir::Procedure &, const ir::Stmt &st) {
      if (st.kind == ir::Stmt::PutElem && st.loc.line == 6)
        write = st.id;
    });
    REQUIRE(write != 0);
    CHECK(g.suspicious.count(write));
  }
  {
    // Max reads its array only: the post-state never changes an element of it
    ir::Program prog = encoder::testing::compile(kMax);
    localize::GradientResult g =
        localize::gradientLocalize(prog, testFailure(prog, "paper_input"), ownOptions(prog));
    REQUIRE_MESSAGE(g.error.empty(), g.error);
    CHECK_FALSE(g.corrections.empty());
    for (const localize::Correction &c : g.corrections)
      CHECK_MESSAGE(c.entity.find('[') == std::string::npos, c.entity);
  }
}

TEST_CASE("arrays: must follows an element read to the store it reads, not to the other stores") {
  // a[1] := 3 writes an element the failing check never reads: not in the must set (relaxing it cannot
  // help); a[0] := 4 and the read are.
  ir::Program prog = encoder::testing::compile(R"(proc f(a: int[]) returns (r: int)
  requires a != null and a.length == 2
{
  a[1] := 3;
  a[0] := 4;
  r := a[0];
  assert r == 5;
}
test t { var a: int[] := new int[2]; var r: int; r := f(a); }
)");
  repair::Failure f = testFailure(prog, "t");
  for (const std::string &solver : backends::apiSolvers()) {
    std::vector<repair::TestRun> tests;
    localize::Options opts;
    opts.solver = solver;
    opts.given.set(localize::kParts, "value"); // the paper's must set: values (the default adds targets)
    localize::Problem p{prog, f, tests, opts};
    localize::Result r = localize::findMethod("must")->run(p);
    REQUIRE_MESSAGE(r.status == localize::Status::Localized, r.message);
    CHECK(rankOfLine(r, 4) == 0);
    CHECK(rankOfLine(r, 5) == 1);
    CHECK(rankOfLine(r, 6) == 1);
  }
  // arrays of arrays (the encoder's contents are arrays of arrays): no error, and the write into the row read
  ir::Program nested = encoder::testing::compile(R"(proc f(m: int[][], k: int) returns (r: int)
  requires m != null and m.length == 2 and k >= 0 and k < 2
{
  var row: int[];
  row := new int[2];
  m[k] := row;
  row[1] := 3;
  r := m[k][1];
  assert r == 4;
}
test t { var m: int[][] := new int[2][]; var r: int; r := f(m, 1); }
)");
  localize::Result r = runMethod(nested, testFailure(nested, "t"), "must");
  REQUIRE_MESSAGE(r.status == localize::Status::Localized, r.message);
  CHECK(rankOfLine(r, 7) == 1);
}

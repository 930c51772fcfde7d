// Mutation-based repair (repair/fix/mutate.cpp) against its definition: sound (every repair re-verifies from
// its patched source, and is minimal) and complete relative to the space — for every observable operator
// fault injected into a correct program, the original program is among the repairs (its patched text is the
// original text), with and without localization.
#include "frontend/source.h"
#include "repair/fix/fix.h"
#include "repair/mutation/mutation.h"
#include "tests/unit/temp_dir.h"

#include <doctest/doctest.h>

#include <fstream>
#include <sstream>

using namespace locus;
namespace mutation = locus::repair::mutation;

namespace {

std::string readFile(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

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

fix::Result repairFile(const std::string &path, const std::string &entry, bool localization, size_t max,
                       Compiled &c) {
  compile(c, path);
  fix::Spec spec;
  spec.mainFile = path;
  spec.entry = entry;
  spec.verify.encode.inputNodes = 3; // as `locus repair` (an input array is one of the input nodes)
  fix::Options o;
  o.maxRepairs = max;
  if (!localization)
    o.given.set(fix::kNoLocalization, "true");
  o.given.set(fix::kMaxMutations, "1");
  // The operator space only: the faults injected here are operator faults, and the exhaustive enumeration
  // over the variable and field replacements as well takes twice as long (their completeness is
  // bench_quick's "Misses: 0").
  o.given.set(fix::kNoReplacements, "true");
  return fix::findMethod("mutate")->run(fix::Problem{*c.prog, c.sm, spec, o});
}

/// Injects every operator option of the level-2 space into `file` (one at a time), and repairs each version
/// whose fault verify observes, with localization (fl-AllRepair) and, unless `flOnly`, without it
/// (AllRepair); returns how many were checked. `flOnly` also leaves out the nonlinear operators (`*`, `/`,
/// `%`).
size_t injectAndRepair(const std::string &file, const std::string &entry, bool flOnly = false) {
  testing::TempDir dir("locus-fix");
  Compiled orig;
  compile(orig, file);
  std::string original = readFile(file);
  std::vector<uint32_t> procs = mutation::defaultProcsUnderTest(*orig.prog, file, entry);
  std::vector<mutation::Site> sites = mutation::space(*orig.prog, procs, 2);
  size_t checked = 0;
  for (const mutation::Site &site : sites) {
    if (!site.source)
      continue;
    for (const mutation::Option &o : site.options) {
      if (o.kind != mutation::Kind::Operator || (flOnly && (o.to == "*" || o.to == "/" || o.to == "%")))
        continue;
      std::vector<std::pair<const mutation::Site *, const mutation::Option *>> choice{{&site, &o}};
      repair::patch::PatchResult pr =
          repair::patch::render(*orig.prog, orig.sm, mutation::edits(*orig.prog, choice));
      REQUIRE_MESSAGE(pr.patch, pr.error);
      std::string faulty = (dir.path() / std::filesystem::path(file).filename()).string();
      std::ofstream(faulty, std::ios::binary) << pr.patch->files.front().after;
      for (bool localization : {true, false}) {
        if (!localization && flOnly)
          break;
        Compiled c;
        fix::Result r = repairFile(faulty, entry, localization, 1000, c);
        INFO(site.from << " → " << o.to << " at statement " << site.stmts.front()
                       << (localization ? " (fl-AllRepair)" : " (AllRepair)") << ": " << r.message);
        if (r.status == fix::Status::NoFailure)
          break; // the fault is not observable within the bound
        REQUIRE(r.status == fix::Status::Repaired);
        CHECK(r.complete);
        CHECK(r.stats.at("reverify_failed") == 0);
        bool inverse = false;
        for (const fix::Repair &rep : r.repairs) {
          CHECK(rep.check.verified);
          CHECK(rep.size == 1);
          inverse = inverse || rep.patch.files.front().after == original;
        }
        CHECK_MESSAGE(inverse, "the original program is not among the repairs");
        if (localization)
          ++checked;
      }
    }
  }
  return checked;
}

const std::string kPapers = std::string(LOCUS_SOURCE_DIR) + "/tests/regress/papers/";

} // namespace

TEST_CASE("mutate: the inverse of every observable operator fault is a repair (absValue, GCL)") {
  CHECK(injectAndRepair(kPapers + "absvalue_fixed.gcl", "absValue") >= 3);
}

TEST_CASE("mutate: the inverse of every observable operator fault is a repair (foo, GCL)") {
  CHECK(injectAndRepair(kPapers + "foo_must_fixed.gcl", "foo") >= 3);
}

TEST_CASE("mutate: the inverse of every observable operator fault is a repair (arrays: indexes, elements)") {
  // operators in element indexes (`b[i - 1]`), in element values (`s + b[i - 1]`) and around them; with
  // localization only and linear operators only (the rest cost minutes here, and the other cases test them)
  testing::TempDir dir("locus-fix-arrays");
  std::string file = (dir.path() / "shiftsum.gcl").string();
  std::ofstream(file) << "proc shiftsum(a: int[], b: int[]) returns (s: int)\n"
                         "  requires a != null and b != null and a != b and a.length == 3 and b.length == 3\n"
                         "  ensures b[0] == a[1] and b[1] == a[2] and s == a[1] + a[2]\n"
                         "{\n"
                         "  var i: int;\n"
                         "  i := 1;\n"
                         "  s := 0;\n"
                         "  while (i < 3) {\n"
                         "    b[i - 1] := a[i];\n"
                         "    s := s + b[i - 1];\n"
                         "    i := i + 1;\n"
                         "  }\n"
                         "}\n";
  CHECK(injectAndRepair(file, "shiftsum", true) >= 5);
}

#ifdef LOCUS_WITH_C
TEST_CASE("mutate: the inverse of every observable operator fault is a repair (C)") {
  testing::TempDir dir("locus-fix-c");
  std::string file = (dir.path() / "clamp.c").string();
  std::ofstream(file) << "#include <assert.h>\n"
                         "int clamp(int x, int lo, int hi) {\n"
                         "  if (lo > hi)\n"
                         "    return lo;\n"
                         "  int r = x;\n"
                         "  if (x < lo)\n"
                         "    r = lo;\n"
                         "  if (x > hi)\n"
                         "    r = hi;\n"
                         "  assert(lo <= r && r <= hi);\n"
                         "  assert(r == x || r == lo || r == hi);\n"
                         "  assert(x < lo || x > hi || r == x);\n"
                         "  return r;\n"
                         "}\n";
  CHECK(injectAndRepair(file, "clamp") >= 3);
}

TEST_CASE("mutate: a short circuit over a field read: `&&` -> `||` is repaired from the patched source (C)") {
  testing::TempDir dir("locus-fix-sc");
  std::string file = (dir.path() / "count.c").string();
  std::ofstream(file) << "#include <assert.h>\n"
                         "#include <stdlib.h>\n"
                         "struct node { int val; struct node *next; };\n"
                         "int count_below(struct node *h, int v) {\n"
                         "  int n = 0;\n"
                         "  struct node *p = h;\n"
                         "  while (p != NULL && p->val < v) {\n"
                         "    n = n + 1;\n"
                         "    p = p->next;\n"
                         "  }\n"
                         "  return n;\n"
                         "}\n"
                         "int main(void) {\n"
                         "  struct node *c = malloc(sizeof(struct node));\n"
                         "  c->val = 3;\n"
                         "  c->next = NULL;\n"
                         "  struct node *b = malloc(sizeof(struct node));\n"
                         "  b->val = 2;\n"
                         "  b->next = c;\n"
                         "  int v = __VERIFIER_nondet_int();\n"
                         "  assert(count_below(b, v) <= 2);\n"
                         "  assert(v > 3 || count_below(b, v) < 2);\n"
                         "  return 0;\n"
                         "}\n";
  // `&&` -> `||` is among the injected faults (an option checked from source), and it is observable.
  CHECK(injectAndRepair(file, "main") >= 2);
}
#endif

TEST_CASE("mutate: repairs are minimal and found smallest first; a correct program has nothing to repair") {
  Compiled c;
  fix::Result r = repairFile(kPapers + "absvalue_fixed.gcl", "absValue", true, 10, c);
  CHECK(r.status == fix::Status::NoFailure);
  Compiled b;
  fix::Result rb = repairFile(kPapers + "absvalue_buggy.gcl", "absValue", true, 10, b);
  REQUIRE(rb.status == fix::Status::Repaired);
  CHECK(rb.repairs.size() == 3);
  for (const fix::Repair &x : rb.repairs) {
    CHECK(x.size == 1);
    CHECK(x.check.verified);
    CHECK(x.check.tests == 4);
    CHECK(x.patch.diff.find("-  if (x < -1) {") != std::string::npos);
  }
}

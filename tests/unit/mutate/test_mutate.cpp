// Unit tests of the fault injector: validity and round trip of every mutant, exact fault counts per class,
// determinism, ground truth, the AllRepair operator table, and no lowering temporary as a replacement.
#include "bench/mutate/manifest.h"
#include "bench/mutate/mutate.h"
#include "frontend/gcl/frontend.h"
#include "frontend/source.h"
#include "ir/printer.h"
#include "ir/validate.h"
#include "tests/unit/temp_dir.h"

#include <doctest/doctest.h>

#include <filesystem>
#include <set>
#include <sstream>

using namespace locus;
using ir::Op;
using mutate::FaultClass;
using mutate::FaultKind;
namespace fs = std::filesystem;

namespace {

struct Subject {
  std::string file;
  std::string entry;
  std::vector<std::string> procs;
};

/// The programs the tests mutate: the paper examples (fixed versions) and the Wolverine2 reverse.
std::vector<Subject> subjects() {
  std::string root = LOCUS_SOURCE_DIR;
  std::vector<Subject> out{{root + "/examples/reverse.gcl", "main", {"reverse"}},
                           {root + "/tests/regress/papers/max_hg_fixed.gcl", "max", {"max"}},
                           {root + "/tests/regress/papers/absvalue_fixed.gcl", "absValue", {"absValue"}},
                           {root + "/tests/regress/papers/max_kb_fixed.gcl", "max", {"max"}}};
  return out;
}

ir::Program compileFile(const std::string &path) {
  SourceManager sm;
  Diagnostics diags(sm);
  std::optional<ir::Program> p = frontend::compileSource(path, sm, diags);
  std::ostringstream os;
  diags.print(os, false);
  INFO(os.str());
  REQUIRE(p.has_value());
  return *p;
}

std::vector<uint32_t> procsOf(const ir::Program &prog, const Subject &s) {
  std::vector<uint32_t> out;
  for (const std::string &n : s.procs)
    out.push_back(prog.procIndex(n));
  return out;
}

/// Every statement by id (the whole program).
std::map<ir::StmtId, const ir::Stmt *> byId(const ir::Program &prog) {
  std::map<ir::StmtId, const ir::Stmt *> m;
  ir::forEachStmt(prog, [&](const ir::Procedure &, const ir::Stmt &s) { m[s.id] = &s; });
  return m;
}

/// A statement without its nested body, for comparing one statement.
ir::Stmt shallow(const ir::Stmt &s) {
  ir::Stmt c = s;
  c.body.clear();
  return c;
}

} // namespace

TEST_CASE("every mutant validates, round-trips through the printer and has exactly its class's faults") {
  for (const Subject &subj : subjects()) {
    ir::Program prog = compileFile(subj.file);
    std::map<ir::StmtId, const ir::Stmt *> orig = byId(prog);
    for (FaultClass c : mutate::allClasses()) {
      CAPTURE(subj.file);
      CAPTURE(mutate::className(c));
      mutate::Options o;
      o.cls = c;
      o.count = 8;
      o.seed = 42;
      o.procs = procsOf(prog, subj);
      mutate::Result r = mutate::generate(prog, o);
      CHECK(r.invalid == 0);
      mutate::ClassShape shape = mutate::shapeOf(c);
      std::set<std::string> texts;
      for (const mutate::Mutant &m : r.mutants) {
        CHECK(ir::validate(m.program).empty());
        CHECK(texts.insert(m.text).second); // no duplicates
        // Versions are printed without construct ids and source ranges (they are not the source's text).
        CHECK(m.text == ir::toString(m.program, ir::PrintOptions{true, false}));
        // Round trip: the printed text compiles back to the same program (without source information).
        SourceManager sm;
        Diagnostics diags(sm);
        std::optional<ir::Program> back = gcl::compileText("mutant.gcl", m.text, sm, diags);
        REQUIRE(back.has_value());
        ir::Program bare = m.program;
        ir::clearSourceInfo(bare);
        CHECK((*back == bare));

        unsigned mutations = 0, deletions = 0;
        std::set<ir::StmtId> touched;
        for (const mutate::Fault &f : m.faults) {
          REQUIRE(!f.stmts.empty());
          if (f.kind == FaultKind::Delete)
            ++deletions;
          else
            ++mutations;
          if (shape.level == 0)
            CHECK((f.kind == FaultKind::Var || f.kind == FaultKind::Field || f.kind == FaultKind::Delete));
          else
            CHECK((f.kind == FaultKind::Operator || f.kind == FaultKind::Constant));
          // Ground truth points at the first statement: its location, and its text before.
          const ir::Stmt *first = orig.at(f.stmts.front());
          CHECK(f.line == first->loc.line);
          CHECK(f.col == first->loc.col);
          CHECK(f.before == ir::toString(prog, prog.procs[prog.procIndex(f.proc)], *first));
          for (ir::StmtId id : f.stmts)
            CHECK(touched.insert(id).second); // faults are on disjoint statements
        }
        CHECK(mutations == shape.mutations);
        CHECK(deletions == shape.deletions);

        // Exactly the recorded statements differ: mutated ones changed, deleted ones gone, others equal.
        std::map<ir::StmtId, const ir::Stmt *> now = byId(m.program);
        for (const mutate::Fault &f : m.faults)
          for (ir::StmtId id : f.stmts) {
            if (f.kind == FaultKind::Delete)
              CHECK(now.count(id) == 0);
            else
              CHECK((now.count(id) == 1 && !(shallow(*now.at(id)) == shallow(*orig.at(id)))));
          }
        for (const auto &[id, s] : orig)
          if (!touched.count(id)) {
            REQUIRE(now.count(id) == 1);
            CHECK((shallow(*now.at(id)) == shallow(*s)));
          }
      }
    }
  }
}

TEST_CASE("the same seed gives the same versions; another seed other ones") {
  Subject subj = subjects()[0];
  ir::Program prog = compileFile(subj.file);
  for (FaultClass c : {FaultClass::C1, FaultClass::C4, FaultClass::L2}) {
    mutate::Options o;
    o.cls = c;
    o.count = 10;
    o.seed = 7;
    o.procs = procsOf(prog, subj);
    mutate::Result a = mutate::generate(prog, o), b = mutate::generate(prog, o);
    REQUIRE(a.mutants.size() == b.mutants.size());
    for (size_t i = 0; i < a.mutants.size(); ++i) {
      CHECK(a.mutants[i].text == b.mutants[i].text);
      CHECK(mutate::toJson(a.mutants[i].faults.front()) == mutate::toJson(b.mutants[i].faults.front()));
    }
    o.seed = 8;
    mutate::Result d = mutate::generate(prog, o);
    std::vector<std::string> ta, td;
    for (const mutate::Mutant &m : a.mutants)
      ta.push_back(m.text);
    for (const mutate::Mutant &m : d.mutants)
      td.push_back(m.text);
    CHECK(ta != td);
  }
}

TEST_CASE("a loop condition is mutated in every copy the lowering made") {
  ir::Program prog = compileFile(subjects()[0].file);
  std::vector<mutate::Candidate> cands = mutate::mutationCandidates(prog, {prog.procIndex("reverse")}, 0);
  bool found = false;
  for (const mutate::Candidate &c : cands)
    if (c.from == "current" && c.to == "temp1" && c.slot == mutate::Slot::ExprVar && c.stmts.size() == 2) {
      found = true; // Wolverine2's bug 1: `while (temp1 != NULL)` for `while (current != NULL)`
      ir::Program m = mutate::apply(prog, {&c});
      std::map<ir::StmtId, const ir::Stmt *> now = byId(m);
      for (ir::StmtId id : c.stmts)
        CHECK(ir::toString(m, m.procs[c.proc], *now.at(id)).find("temp1 != null") != std::string::npos);
    }
  CHECK(found);
}

TEST_CASE("no lowering temporary is ever a replacement; temporaries are not deleted on their own") {
  for (const Subject &subj : subjects()) {
    ir::Program prog = compileFile(subj.file);
    std::vector<uint32_t> procs = procsOf(prog, subj);
    for (const mutate::Candidate &c : mutate::mutationCandidates(prog, procs, 0)) {
      const ir::Procedure &p = prog.procs[c.proc];
      if (c.kind == FaultKind::Var) {
        CHECK_FALSE(prog.var(p, c.var).temp);
        CHECK(prog.var(p, c.var).name == c.to);
      }
    }
    std::map<ir::StmtId, const ir::Stmt *> orig = byId(prog);
    for (const mutate::Candidate &c : mutate::deletionCandidates(prog, procs)) {
      const ir::Stmt *s = orig.at(c.stmts.front());
      if (s->lhs.valid())
        CHECK_FALSE(prog.var(prog.procs[c.proc], s->lhs).temp);
    }
  }
}

TEST_CASE("AllRepair operator and constant mutations are exactly the documented ones") {
  using V = std::vector<Op>;
  // Level 1.
  CHECK(mutate::operatorReplacements(Op::Lt, 1, true) == V{Op::Le});
  CHECK(mutate::operatorReplacements(Op::Le, 1, true) == V{Op::Lt});
  CHECK(mutate::operatorReplacements(Op::Gt, 1, true) == V{Op::Ge});
  CHECK(mutate::operatorReplacements(Op::Ge, 1, true) == V{Op::Gt});
  CHECK(mutate::operatorReplacements(Op::Add, 1, true) == V{Op::Sub});
  CHECK(mutate::operatorReplacements(Op::Sub, 1, true) == V{Op::Add});
  CHECK(mutate::operatorReplacements(Op::Mul, 1, true) == V{Op::Div, Op::Mod});
  CHECK(mutate::operatorReplacements(Op::Div, 1, true) == V{Op::Mul, Op::Mod});
  CHECK(mutate::operatorReplacements(Op::Mod, 1, true) == V{Op::Mul, Op::Div});
  CHECK(mutate::operatorReplacements(Op::And, 1, false) == V{Op::Or});
  CHECK(mutate::operatorReplacements(Op::Or, 1, false) == V{Op::And});
  CHECK(mutate::operatorReplacements(Op::Eq, 1, true).empty());
  CHECK(mutate::operatorReplacements(Op::Ne, 1, false).empty());
  CHECK(mutate::operatorReplacements(Op::Implies, 2, false).empty());
  // Level 2 adds the other comparisons (on ints), == ↔ != (on every type).
  CHECK(mutate::operatorReplacements(Op::Lt, 2, true) == V{Op::Le, Op::Gt, Op::Ge, Op::Eq, Op::Ne});
  CHECK(mutate::operatorReplacements(Op::Eq, 2, true) == V{Op::Lt, Op::Le, Op::Gt, Op::Ge, Op::Ne});
  CHECK(mutate::operatorReplacements(Op::Eq, 2, false) == V{Op::Ne});
  CHECK(mutate::operatorReplacements(Op::Ne, 2, false) == V{Op::Eq});
  CHECK(mutate::operatorReplacements(Op::Add, 2, true) == V{Op::Sub});
  CHECK(mutate::operatorReplacements(Op::Lt, 0, true).empty());
  // Constants: C+1, C-1, 0, -C.
  using I = std::vector<int64_t>;
  CHECK(mutate::constantReplacements(5) == I{6, 4, 0, -5});
  CHECK(mutate::constantReplacements(0) == I{1, -1});
  CHECK(mutate::constantReplacements(1) == I{2, 0, -1});
  CHECK(mutate::constantReplacements(-1) == I{0, -2, 1});

  // On a program: every operator/constant of the procedure under test, nothing in asserts.
  SourceManager sm;
  Diagnostics diags(sm);
  std::optional<ir::Program> prog = gcl::compileText("ops.gcl", R"(
proc f(x: int, y: int) returns (r: int) {
  r := x * 3 - y;
  if (x < y and y != 0) { r := r % y; }
  assert r == r;
}
)",
                                                     sm, diags);
  REQUIRE(prog.has_value());
  std::vector<std::string> l1, l2;
  for (const mutate::Candidate &c : mutate::mutationCandidates(*prog, {0}, 1))
    l1.push_back(c.from + ">" + c.to);
  for (const mutate::Candidate &c : mutate::mutationCandidates(*prog, {0}, 2))
    l2.push_back(c.from + ">" + c.to);
  // Statement by statement; in a statement, operators in pre-order (`and` before its operands), then
  // constants.
  CHECK(l1 == std::vector<std::string>{"->+", "*>/", "*>%", "and>or", "<><=", "%>*", "%>/"});
  CHECK(l2 == std::vector<std::string>{"->+",   "*>/",   "*>%",  "3>4",  "3>2",  "3>0",  "3>-3",  "and>or",
                                       "<><=",  "<>>",   "<>>=", "<>==", "<>!=", "!=><", "!=><=", "!=>>",
                                       "!=>>=", "!=>==", "0>1",  "0>-1", "%>*",  "%>/"});
}

TEST_CASE("class names and shapes") {
  CHECK(mutate::parseClass("c3") == FaultClass::C3);
  CHECK_FALSE(mutate::parseClass("C5").has_value());
  CHECK(mutate::shapeOf(FaultClass::C4).mutations == 2);
  CHECK(mutate::shapeOf(FaultClass::C4).deletions == 1);
  CHECK(mutate::shapeOf(FaultClass::L2).level == 2);
  CHECK(mutate::versionFileName("B01-gcl", FaultClass::C2, 7, 40) == "B01-gcl.C2.v07.gcl");
  CHECK(mutate::versionFileName("B01-gcl", FaultClass::C2, 7, 100) == "B01-gcl.C2.v007.gcl");
}

TEST_CASE("a manifest survives JSON") {
  Subject subj = subjects()[0];
  ir::Program prog = compileFile(subj.file);
  mutate::Options o;
  o.cls = FaultClass::C2;
  o.count = 3;
  o.procs = procsOf(prog, subj);
  mutate::Result r = mutate::generate(prog, o);
  mutate::Manifest header;
  header.program = "reverse";
  header.source = subj.file;
  header.entry = "main";
  header.procs = {"reverse"};
  header.cls = o.cls;
  header.seed = o.seed;
  header.requested = o.count;
  testing::TempDir tmp("locus-test-mutate-manifest");
  fs::path dir = tmp.path() / "out";
  std::string err;
  mutate::Manifest m = mutate::writeVersions(dir.string(), "reverse", header, r, err);
  CHECK(err.empty());
  m.versions[0].equivalent = false;
  std::optional<mutate::Manifest> back = mutate::manifestFromJson(mutate::toJson(m), err);
  REQUIRE(back.has_value());
  CHECK(mutate::toJson(*back) == mutate::toJson(m));
  CHECK(fs::exists(dir / "reverse.C2.v03.gcl"));
}

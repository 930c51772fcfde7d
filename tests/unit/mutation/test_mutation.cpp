// The mutation operators library (repair/mutation): the operator tables, the repair space of AllRepair's
// levels 1 and 2 (every option rendered as a source patch that compiles back to the mutated IR), the
// completeness of the space against the fault injector (the inverse of every injected L1/L2 fault is an
// option), and mutated expressions losing the source ranges that no longer describe them.
#include "frontend/source.h"
#include "ir/analysis.h"
#include "ir/printer.h"
#include "ir/validate.h"
#include "repair/mutation/mutation.h"
#include "tests/unit/patch/helpers.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <regex>
#include <set>
#include <unordered_set>

using namespace locus;
using namespace locus::repair::mutation;
using namespace locus::testing;
using ir::Op;

namespace {

/// structure() with the lowering's temporaries renamed in order of first use in each procedure and their
/// declarations left out: a deletion that removes a temporary's statement leaves the numbers of the later
/// ones as they were, while the recompiled source numbers them afresh.
std::string structureUpToTemps(const ir::Program &prog) {
  std::string text = structure(prog), out;
  std::istringstream in(text);
  std::map<std::string, std::string> names;
  std::regex temp("\\b([bt])[0-9]+\\b");
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("proc ", 0) == 0)
      names.clear(); // temporaries are numbered per procedure
    if (line.find("temp ") != std::string::npos)
      continue;
    std::string renamed;
    auto last = line.cbegin();
    for (std::sregex_iterator it(line.begin(), line.end(), temp), end; it != end; ++it) {
      renamed.append(last, line.cbegin() + it->position());
      auto [pos, fresh] = names.try_emplace(it->str(), (*it)[1].str() + "_" + std::to_string(names.size()));
      renamed += pos->second;
      last = line.cbegin() + it->position() + it->length();
    }
    renamed.append(last, line.cend());
    out += renamed + "\n";
  }
  return out;
}

bool has(const std::vector<Op> &ops, Op o) {
  return std::find(ops.begin(), ops.end(), o) != ops.end();
}

/// The procedures mutated: the non-test procedures of the file (the entry too).
std::vector<uint32_t> allProcs(const ir::Program &prog, const std::string &file) {
  std::vector<uint32_t> out;
  for (uint32_t i = 0; i < prog.procs.size(); ++i)
    if (!prog.procs[i].isTest && prog.files.at(prog.procs[i].loc.file) == file)
      out.push_back(i);
  return out;
}

} // namespace

TEST_CASE("operator tables: the repair table contains the fault model's and AllRepair's") {
  for (unsigned level : {1u, 2u})
    for (int o = 0; o <= static_cast<int>(Op::Implies); ++o)
      for (bool ints : {true, false}) {
        Op op = static_cast<Op>(o);
        std::vector<Op> fm = operatorReplacements(op, level, ints, Table::FaultModel);
        std::vector<Op> rp = operatorReplacements(op, level, ints, Table::Repair);
        for (Op x : fm)
          CHECK(has(rp, x));
        CHECK(!has(rp, op));
        // Closed under inverse: every replacement can be undone at the same level.
        for (Op x : rp)
          CHECK(has(operatorReplacements(x, level, ints, Table::Repair), op));
      }
  // AllRepair's tool: bit operators and shifts at level 1, arithmetic across at level 2.
  CHECK(has(operatorReplacements(Op::BitAnd, 1, true, Table::Repair), Op::BitXor));
  CHECK(has(operatorReplacements(Op::Shl, 1, true, Table::Repair), Op::Shr));
  CHECK_FALSE(has(operatorReplacements(Op::BitAnd, 1, true, Table::FaultModel), Op::BitXor));
  CHECK_FALSE(has(operatorReplacements(Op::Add, 1, true, Table::Repair), Op::Mul));
  CHECK(has(operatorReplacements(Op::Add, 2, true, Table::Repair), Op::Mul));
  CHECK(has(operatorReplacements(Op::Mod, 2, true, Table::Repair), Op::Sub));
  CHECK(has(operatorReplacements(Op::Lt, 2, true, Table::Repair), Op::Eq));
  CHECK_FALSE(has(operatorReplacements(Op::Lt, 1, true, Table::Repair), Op::Gt));
  CHECK(operatorReplacements(Op::Eq, 2, false, Table::Repair) == std::vector<Op>{Op::Ne});
  CHECK(constantReplacements(5) == std::vector<int64_t>{6, 4, 0, -5});
  CHECK(constantReplacements(0) == std::vector<int64_t>{1, -1});
}

TEST_CASE("every option of the space renders as a patch whose source compiles to the mutated IR") {
  fs::current_path(LOCUS_SOURCE_DIR);
  size_t options = 0, exact = 0, inexact = 0, refused = 0, noSource = 0;
  for (const char *path :
       {"bench/corpus/papers/KB_max.gcl", "bench/corpus/papers/KB_max.c",
        "bench/corpus/papers/RG_absvalue.gcl", "bench/corpus/papers/RG_absvalue.c",
        "bench/corpus/papers/HG_arraycopy.c", "bench/corpus/heap/L11_delete_all_of_value.gcl",
        "bench/corpus/heap/L11_delete_all_of_value.c", "bench/arith/A12_popcount.c",
        "bench/arith/A12_popcount.gcl",
        // a loop condition inside an `if`: computed under the if's guard before the loop, unguarded at the
        // end of its body; one site (the same text)
        "bench/corpus/heap/L18_sorted_insert_circular.gcl",
        // arrays: element indexes, element values, lengths of new arrays
        "tests/regress/repair/arrays_elements.gcl", "tests/regress/localize/arrays_binsearch.gcl"}) {
    CAPTURE(std::string(path));
    auto c = compile(path);
    REQUIRE(c->prog);
    const ir::Program &prog = *c->prog;
    std::vector<Site> sites = space(prog, allProcs(prog, path), 2);
    CHECK(!sites.empty());
    for (const Site &site : sites)
      for (const Option &o : site.options) {
        ++options;
        ir::Program mutant = applyChoice(prog, {{&site, &o}});
        REQUIRE(ir::validate(mutant).empty());
        repair::patch::PatchResult r = repair::patch::render(prog, c->sm, edits(prog, {{&site, &o}}));
        if (!site.source) { // an expression the lowering made up: refused, with that reason
          ++noSource;
          CHECK(r.error.find("has no source text of its own") != std::string::npos);
          continue;
        }
        if (!r.patch) {
          ++refused;
          MESSAGE("refused: " << r.error);
          continue;
        }
        REQUIRE(r.patch->files.size() == 1);
        auto again = compile(path, &r.patch->files[0].after);
        INFO(site.from << " -> " << o.to << "\n" << r.patch->diff << again->errors);
        REQUIRE(again->prog);
        if (o.sourceExact) {
          ++exact;
          CHECK(structure(*again->prog) == structure(mutant));
        } else {
          ++inexact;
        }
      }
  }
  MESSAGE(options << " options: " << exact << " recompiled to the mutant, " << inexact
                  << " and/or of guarded short circuits, " << noSource
                  << " at expressions without source text, " << refused << " refused");
  CHECK(options > 200);
  CHECK(refused == 0);
}

TEST_CASE("variable and field replacements render as patches whose source compiles to the mutant") {
  fs::current_path(LOCUS_SOURCE_DIR);
  size_t rendered = 0, statements = 0, guards = 0, refused = 0, cMismatch = 0;
  for (const char *path :
       {"bench/corpus/papers/KB_max.gcl", "bench/corpus/papers/KB_max.c",
        "bench/corpus/heap/L11_delete_all_of_value.gcl", "bench/corpus/heap/L11_delete_all_of_value.c",
        "bench/corpus/heap/B03_delete_sll.gcl", "bench/corpus/heap/B03_delete_sll.c",
        "bench/arith/A06_gcd_euclid.c"}) {
    CAPTURE(std::string(path));
    auto c = compile(path);
    REQUIRE(c->prog);
    const ir::Program &prog = *c->prog;
    for (const Candidate &cand : mutationCandidates(prog, allProcs(prog, path), 0)) {
      std::optional<std::vector<repair::patch::Edit>> e = varEdits(prog, cand);
      if (cand.slot == Slot::Guard) {
        CHECK_FALSE(e); // a condition the lowering computed
        ++guards;
        continue;
      }
      if (!e)
        continue; // a use the lowering made up
      repair::patch::PatchResult r = repair::patch::render(prog, c->sm, *e);
      if (!r.patch) {  // the replacement has no name in the source (C's result variable), is out of its C
        INFO(r.error); // block scope (the injector draws from the procedure's variables), or the statement
                       // has no source form of its own (a declaration, a compound assignment, `return x;`,
                       // a C comparison's value computed into a temporary without text)
        CHECK((r.error.find("has no name") != std::string::npos ||
               r.error.find("is not declared") != std::string::npos ||
               r.error.find("declares") != std::string::npos ||
               r.error.find("is more than") != std::string::npos ||
               r.error.find("is not written as") != std::string::npos ||
               r.error.find("has no source text where it is used") != std::string::npos ||
               r.error.find("uses the lowering temporary") != std::string::npos)); // C `k1 = v1 != k;`
        ++refused;
        continue;
      }
      auto again = compile(path, &r.patch->files.at(0).after);
      INFO(r.patch->diff << again->errors);
      REQUIRE(again->prog);
      ++rendered;
      statements += cand.slot != Slot::ExprVar;
      if (std::string(path).size() > 2 && std::string(path).substr(std::string(path).size() - 2) == ".c") {
        // C: a declaration without initializer is a nondet assignment only when the variable is read before
        // it is written, so a replacement that reads it (`r = x;` -> `r = r;`) recompiles with one more
        // statement than the IR mutant (likewise a field malloc leaves indeterminate unless the text writes
        // it). Counted, not compared.
        cMismatch += structure(*again->prog) != structure(apply(prog, {&cand}));
        continue;
      }
      CHECK(structure(*again->prog) == structure(apply(prog, {&cand})));
    }
  }
  MESSAGE(rendered << " variable and field replacements rendered and recompiled (" << statements
                   << " of an assigned variable, a base or a field; " << cMismatch
                   << " in C with a nondet more), " << refused << " refused, " << guards << " of guards");
  CHECK(cMismatch * 10 < rendered);
  CHECK(rendered > 20);
  CHECK(statements > 20);
  CHECK(guards > 0);
}

TEST_CASE("completeness: the inverse of every injected L1/L2 fault is an option of the mutant's space") {
  fs::current_path(LOCUS_SOURCE_DIR);
  size_t faults = 0, inverses = 0, zeroed = 0, madeUp = 0, inSpec = 0;
  for (const char *path : {"bench/corpus/papers/HG_quicksort.gcl", "bench/corpus/papers/HG_quicksort.c",
                           "bench/corpus/heap/L04_intersection.gcl", "bench/arith/A06_gcd_euclid.c"}) {
    CAPTURE(std::string(path));
    auto c = compile(path);
    REQUIRE(c->prog);
    const ir::Program &prog = *c->prog;
    std::vector<uint32_t> procs = allProcs(prog, path);
    std::unordered_set<ir::StmtId> spec = ir::specificationStatements(prog);
    size_t madeUpBefore = madeUp;
    for (unsigned level : {1u, 2u})
      for (const Candidate &cand : mutationCandidates(prog, procs, level, Table::FaultModel)) {
        ++faults;
        // A fault of the specification (a check's condition, a check's helper such as HG_quicksort's
        // `present`): repair never changes the specification, so its space leaves the place out.
        if (std::any_of(cand.stmts.begin(), cand.stmts.end(),
                        [&](ir::StmtId id) { return spec.count(id); })) {
          ++inSpec;
          continue;
        }
        ir::Program mutant = apply(prog, {&cand});
        std::vector<Site> sites = space(mutant, procs, level);
        // The original operator or constant, at the same place of the mutant.
        const ir::Stmt *s = ir::StmtIndex(prog).find(cand.stmts.front());

        // A fault in an expression the lowering made up (the element selection `i == 1` of `a[i]`) is no
        // place of the source; its statement may even become a copy of another one (`i == 2`).
        bool ranged = true;
        for (const Site &site : space(prog, procs, level))
          if (site.stmts == cand.stmts && site.slot == cand.slot && site.index == cand.index)
            ranged = site.source;
        if (!ranged) {
          ++madeUp;
          continue;
        }
        bool found = false;
        for (const Site &site : sites)
          if (site.stmts == cand.stmts && site.slot == cand.slot && site.index == cand.index) {
            const ir::Expr *orig = repair::patch::nodeAt(*s, site.node);
            for (const Option &o : site.options)
              found |= cand.kind == Kind::Operator ? o.op == orig->op : ir::BigInt(o.value) == orig->value;
          }
        if (cand.kind == Kind::Constant && cand.value == 0 && !found) {
          ++zeroed; // C → 0 cannot be undone from 0 (the space does not know C)
          continue;
        }
        CAPTURE(cand.from + " -> " + cand.to);
        CHECK(found);
        inverses += found;
      }
    MESSAGE(std::string(path) << ": " << madeUp - madeUpBefore
                              << " faults in expressions the lowering made up");
  }
  MESSAGE(faults << " injectable L1/L2 faults: " << inverses << " inverses in the repair space, " << zeroed
                 << " constants set to 0 (not invertible), " << madeUp
                 << " in expressions the lowering made up (no place of the source), " << inSpec
                 << " in the specification");
  CHECK(faults > 100);
  CHECK(inverses + zeroed + madeUp + inSpec == faults);
}

TEST_CASE("a mutated expression and the expressions around it lose their ranges; the others keep theirs") {
  std::string src = "proc f(a: int, b: int) returns (r: int) {\n  r := (a + b) * 2 - a;\n}\n";
  auto c = compile("f.gcl", &src);
  REQUIRE(c->prog);
  std::vector<Site> sites = space(*c->prog, {0}, 1);
  // Sites: `-` (0), `*` (1), `+` (2).
  REQUIRE(sites.size() == 3);
  const Site &plus = sites[2];
  REQUIRE(plus.from == "+");
  ir::Program m = applyChoice(*c->prog, {{&plus, &plus.options.at(0)}});
  const ir::Expr &v = m.procs[0].body[0].value; // (a - b) * 2 - a
  CHECK_FALSE(v.range.valid());
  CHECK_FALSE(v.args[0].range.valid());
  CHECK_FALSE(v.args[0].args[0].range.valid());
  CHECK(v.args[0].args[0].args[0].range.valid()); // a
  CHECK(v.args[0].args[1].range.valid());         // 2
  CHECK(v.args[1].range.valid());                 // a
  CHECK(ir::validate(m).empty());
  // As a patch: only the operator changes, the parentheses stay.
  repair::patch::PatchResult r =
      repair::patch::render(*c->prog, c->sm, edits(*c->prog, {{&plus, &plus.options.at(0)}}));
  REQUIRE(r.patch);
  CHECK(r.patch->files[0].after.find("r := (a - b) * 2 - a;") != std::string::npos);
}

TEST_CASE(
    "arrays: indexes and element values are sites; element accesses are deleted and their bases replaced") {
  fs::current_path(LOCUS_SOURCE_DIR);
  const std::string path = "tests/regress/repair/arrays_elements.gcl";
  auto c = compile(path);
  REQUIRE(c->prog);
  const ir::Program &prog = *c->prog;
  uint32_t shift = prog.procIndex("shift");
  ir::StmtIndex index(prog);
  auto kindOf = [&](ir::StmtId id) { return index.find(id)->kind; };
  // the index `i + 1` of the element write `b[i + 1] := a[i]`: `-` is an option, and its patch is the fix
  bool indexSite = false;
  for (const Site &site : space(prog, {shift}, 1)) {
    if (kindOf(site.stmts.front()) != ir::Stmt::PutElem)
      continue;
    CHECK(site.source);
    for (const Option &o : site.options)
      if (site.from == "+" && o.op == Op::Sub) {
        indexSite = true;
        repair::patch::PatchResult r = repair::patch::render(prog, c->sm, edits(prog, {{&site, &o}}));
        REQUIRE(r.patch);
        CHECK(r.patch->diff.find("+    b[i - 1] := a[i];") != std::string::npos);
      }
  }
  CHECK(indexSite);
  // deletions: the element write with the element read computed for it, rendered as a patch whose source
  // compiles to the IR without them
  bool deleted = false;
  for (const Candidate &cand : deletionCandidates(prog, {shift})) {
    if (kindOf(cand.stmts.front()) != ir::Stmt::PutElem)
      continue;
    deleted = true;
    bool withRead = std::any_of(cand.stmts.begin(), cand.stmts.end(),
                                [&](ir::StmtId id) { return kindOf(id) == ir::Stmt::GetElem; });
    CHECK(withRead);
    repair::patch::PatchResult r =
        repair::patch::render(prog, c->sm, {repair::patch::Edit::remove(cand.stmts.front())});
    REQUIRE(r.patch);
    auto again = compile(path, &r.patch->files.at(0).after);
    INFO(r.patch->diff << again->errors);
    REQUIRE(again->prog);
    CHECK(structureUpToTemps(*again->prog) == structureUpToTemps(apply(prog, {&cand})));
  }
  CHECK(deleted);
  // the fault model's variable replacements: the base of an element access by another array of its type
  bool base = false;
  for (const Candidate &cand : mutationCandidates(prog, {shift}, 0))
    if (cand.slot == Slot::Base && kindOf(cand.stmts.front()) == ir::Stmt::PutElem) {
      base = true;
      CHECK(cand.from == "b");
      CHECK(cand.to == "a");
      ir::Program mutant = apply(prog, {&cand});
      CHECK(ir::validate(mutant).empty());
    }
  CHECK(base);
}

TEST_CASE(
    "the specification is no place of the repair space: a check's helper, not a pure tested procedure") {
  // is_two only computes, and main calls it for a value only the assertion reads after bump changed the
  // state: a check's helper. max, called by a driver that calls nothing else, is what the driver tests.
  std::string src = "var g: int;\n"
                    "proc bump() { g := g + 1; }\n"
                    "proc is_two(x: int) returns (b: bool) { b := x == 2; }\n"
                    "proc max(a: int, b: int) returns (m: int) { if (a > b) { m := a; } else { m := b; } }\n"
                    "proc main() { var ok: bool; g := 0; bump(); ok := is_two(g); assert ok; }\n"
                    "proc max_test(a: int, b: int) { var m: int; m := max(a, b); assert m >= a; }\n";
  auto c = compile("f.gcl", &src);
  REQUIRE(c->prog);
  const ir::Program &prog = *c->prog;
  std::unordered_set<ir::StmtId> spec = ir::specificationStatements(prog);
  auto inSpec = [&](const char *proc) {
    size_t n = 0, total = 0;
    ir::forEachStmt(prog.procs[prog.procIndex(proc)].body, [&](const ir::Stmt &s) {
      ++total;
      n += spec.count(s.id);
    });
    return std::make_pair(n, total);
  };
  CHECK(inSpec("is_two").first == inSpec("is_two").second);
  CHECK(inSpec("bump").first == 0);
  CHECK(inSpec("max").first == 0);
  std::vector<uint32_t> procs{prog.procIndex("bump"), prog.procIndex("is_two"), prog.procIndex("max")};
  for (const Site &site : space(prog, procs, 2))
    CHECK(prog.procs[site.proc].name != "is_two");
  CHECK(repair::mutation::isTestDriver(prog, "f.gcl", "main"));
  CHECK(repair::mutation::isTestDriver(prog, "f.gcl", "max_test"));
  CHECK(!repair::mutation::isTestDriver(prog, "f.gcl", "bump"));
}

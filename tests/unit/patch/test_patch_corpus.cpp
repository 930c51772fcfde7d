// Patches on every regression and corpus file (GCL and C): rendering each unchanged expression gives the
// file back; operator, constant and variable edits compile again, to the IR with the same edit.
#include "repair/patch/diff.h"
#include "tests/unit/patch/helpers.h"

#include <functional>
#include <map>
#include <random>
#include <sstream>

#include <doctest/doctest.h>

using namespace locus;
using namespace locus::repair::patch;
using namespace locus::testing;
using ir::Expr;
using ir::Op;

namespace {

/// Every expression node of the program with a source range in the main file: (statement, node index).
std::vector<std::pair<const ir::Stmt *, uint32_t>> rangedNodes(const ir::Program &prog,
                                                               const std::string &path) {
  std::vector<std::pair<const ir::Stmt *, uint32_t>> out;
  ir::forEachStmt(prog, [&](const ir::Procedure &, const ir::Stmt &s) {
    uint32_t k = 0;
    ir::forEachExprOf(s, [&](const Expr &root) {
      ir::forEachNode(root, [&](const Expr &x) {
        if (x.range.valid() && prog.files.at(x.range.begin.file) == path)
          out.push_back({&s, k});
        ++k;
      });
    });
  });
  return out;
}

/// The IR with the edit (`old` → `e`, which differ in one node's operator, value or variable) made on every
/// copy of the node: the nodes of the same kind with the same range (a loop condition's copies read the
/// heap into other temporaries).
ir::Program applyToCopies(ir::Program prog, const Expr &old, const Expr &e) {
  ir::forEachStmt(prog, [&](ir::Procedure &, ir::Stmt &s) {
    ir::forEachExprOf(s, [&](Expr &root) {
      ir::forEachNode(root, [&](Expr &x) {
        if (x.range == old.range && x.kind == old.kind && x.op == old.op && x.value == old.value &&
            x.var == old.var) {
          x.op = e.op;
          x.value = e.value;
          x.var = e.var;
        }
      });
    });
  });
  return prog;
}

/// A level-1 style operator swap that keeps the expression well typed, or nullopt.
std::optional<Op> swapped(Op op) {
  switch (op) {
  case Op::Add: return Op::Sub;
  case Op::Sub: return Op::Add;
  case Op::Mul: return Op::Div;
  case Op::Div: return Op::Mod;
  case Op::Mod: return Op::Mul;
  case Op::Lt: return Op::Le;
  case Op::Le: return Op::Lt;
  case Op::Gt: return Op::Ge;
  case Op::Ge: return Op::Gt;
  case Op::Eq: return Op::Ne;
  case Op::Ne: return Op::Eq;
  case Op::And: return Op::Or;
  case Op::Or: return Op::And;
  default: return std::nullopt;
  }
}

struct Stats {
  size_t files = 0, roundTrips = 0, edits = 0, recompiled = 0, refused = 0, outOfScope = 0;
};

/// Renders every expression unchanged (the file must come back), and a sample of operator, constant and
/// variable edits (the patched file must compile to the IR with the same edit).
void checkFile(const std::string &path, size_t sample, Stats &st) {
  CAPTURE(path);
  auto c = compile(path);
  if (!c->prog)
    return;
  ++st.files;
  const ir::Program &prog = *c->prog;
  std::vector<std::pair<const ir::Stmt *, uint32_t>> nodes = rangedNodes(prog, path);
  // Unchanged: no difference, one edit at a time and all at once.
  std::vector<Edit> all;
  for (auto [s, k] : nodes) {
    Edit e = Edit::replace(s->id, k, *nodeAt(*s, k));
    PatchResult r = render(prog, c->sm, {e});
    INFO("node " << k << " of #" << s->id << ": " << r.error << (r.patch ? r.patch->diff : ""));
    REQUIRE(r.patch);
    CHECK(r.patch->diff.empty());
    ++st.roundTrips;
    all.push_back(e);
  }
  // (Nested edits overlap: one outermost node per statement root at once.)
  (void)all;
  ir::StmtIndex index(prog);
  size_t step = std::max<size_t>(1, nodes.size() / std::max<size_t>(1, sample));
  for (size_t i = 0; i < nodes.size(); i += step) {
    auto [s, k] = nodes[i];
    const Expr &old = *nodeAt(*s, k);
    const ir::Procedure &proc = prog.procs.at(index.procOf(s->id));
    Expr e = old;
    if (old.kind == Expr::Binary && swapped(old.op) && !ir::isBoolConnective(old.op)) {
      e.op = *swapped(old.op);
    } else if (old.kind == Expr::IntLit && !old.value.isZero()) {
      ir::BigInt v = old.value - ir::BigInt(1);
      if (!ir::fitsIn(v, old.type))
        continue;
      e.value = v;
    } else if (old.kind == Expr::VarUse && !prog.var(proc, old.var).temp) {
      // another program variable of the same type, if any
      std::optional<ir::VarRef> other;
      for (uint32_t j = 0; j < proc.vars.size() && !other; ++j)
        if (!proc.vars[j].temp && proc.vars[j].type == old.type && ir::VarRef{false, j} != old.var &&
            proc.vars[j].kind != ir::VarKind::Return)
          other = ir::VarRef{false, j};
      if (!other)
        continue;
      e.var = *other;
    } else {
      continue;
    }
    ++st.edits;
    e.range = {}; // the changed node (its unchanged operands keep theirs: their text is reused)
    PatchResult r = render(prog, c->sm, {Edit::replace(s->id, k, e)});
    if (!r.patch) {
      // The sampled variable may not be in scope at the edit (`for (int i …)` elsewhere in the function):
      // the renderer is right to refuse, and the sample is what missed.
      ++(r.error.find("is not declared") != std::string::npos ? st.outOfScope : st.refused);
      MESSAGE("refused: " << r.error);
      continue;
    }
    REQUIRE(r.patch->files.size() == 1);
    const std::string &after = r.patch->files[0].after;
    auto again = compile(path, &after);
    INFO("edit of node " << k << " of #" << s->id << " (" << ir::toString(prog, proc, old) << " -> "
                         << ir::toString(prog, proc, e) << ")\n"
                         << r.patch->diff << again->errors);
    REQUIRE(again->prog);
    ++st.recompiled;
    std::string got = structure(*again->prog), want = structure(applyToCopies(prog, old, e));
    if (languageOf(path) == Language::C) {
      // C: an edit can make a local readable before it is written (`abs = abs;`): the front end then gives
      // it an indeterminate value (`abs := nondet` at its declaration), which the IR edit does not have.
      auto noHavoc = [](std::string t) {
        std::string out, line;
        std::istringstream in(t);
        while (std::getline(in, line))
          if (line.find(" := nondet;") == std::string::npos || line.find("[") != std::string::npos)
            out += line + "\n";
        return out;
      };
      if (got != want && noHavoc(got) == noHavoc(want))
        want = got;
    }
    INFO(unifiedDiff("expected-vs-recompiled", want, got));
    CHECK(got == want);
  }
}

} // namespace

TEST_CASE("GCL files: unchanged expressions render as the file; edited sources compile to the edited IR") {
  fs::current_path(LOCUS_SOURCE_DIR);
  Stats st;
  for (const std::string &p : files({"tests/regress", "bench/corpus", "bench/arith", "examples"}, ".gcl"))
    checkFile(p, 12, st);
  MESSAGE(st.files << " files: " << st.roundTrips << " round trips, " << st.edits << " edits, "
                   << st.recompiled << " recompiled, " << st.refused << " refused, " << st.outOfScope
                   << " variables out of scope");
  CHECK(st.roundTrips > 8000);
  CHECK(st.recompiled > 500);
  CHECK(st.refused * 20 < st.edits - st.outOfScope);
}

#ifdef LOCUS_WITH_C
TEST_CASE("C files: unchanged expressions render as the file; edited sources compile to the edited IR") {
  fs::current_path(LOCUS_SOURCE_DIR);
  Stats st;
  for (const std::string &p : files({"tests/regress/c", "bench/corpus", "bench/arith", "examples"}, ".c"))
    checkFile(p, 8, st);
  MESSAGE(st.files << " files: " << st.roundTrips << " round trips, " << st.edits << " edits, "
                   << st.recompiled << " recompiled, " << st.refused << " refused, " << st.outOfScope
                   << " variables out of scope");
  CHECK(st.roundTrips > 8000);
  CHECK(st.recompiled > 300);
  CHECK(st.refused * 20 < st.edits - st.outOfScope);
}
#endif

// Which calls of a block merge, and the block's encoding order then (merge.h).
#include "backends/encoder/merge.h"

#include <algorithm>
#include <cstdint>
#include <map>
#include <set>
#include <utility>

namespace locus::encoder {

namespace {

// What a statement reads and writes: its variables (locals by index, globals offset by kGlobal) and the
// pseudo-locations below. Two statements whose accesses do not conflict can run in either order.
constexpr int64_t kGlobal = int64_t(1) << 40;
constexpr int64_t kHeap = -1;    // fields, elements, allocation
constexpr int64_t kIo = -2;      // nondet values, input and output, in their order
constexpr int64_t kFail = -3;    // a check that may fail (which one fails first must not change)
constexpr int64_t kGlobals = -4; // every global (a call)
constexpr int64_t kAll = -5;     // everything: loops, jumps, concrete blocks

int64_t keyOf(ir::VarRef v) {
  return v.global ? kGlobal + v.index : static_cast<int64_t>(v.index);
}

struct Access {
  std::set<int64_t> reads, writes;
};

bool conflict(const std::set<int64_t> &a, const std::set<int64_t> &b) {
  if (a.empty() || b.empty())
    return false;
  if (a.count(kAll) || b.count(kAll))
    return true;
  auto hasGlobal = [](const std::set<int64_t> &s) {
    return s.lower_bound(kGlobal) != s.end() || s.count(kGlobals);
  };
  if ((a.count(kGlobals) && hasGlobal(b)) || (b.count(kGlobals) && hasGlobal(a)))
    return true;
  for (int64_t k : a)
    if (b.count(k))
      return true;
  return false;
}

bool mayFail(const ir::Expr &e) {
  bool fails = false;
  ir::forEachNode(e, [&](const ir::Expr &n) {
    if (n.kind != ir::Expr::Unary && n.kind != ir::Expr::Binary)
      return;
    // the encoder's checks in expressions: division by zero, a float converted out of its int type's range
    fails = fails || n.op == ir::Op::Div || n.op == ir::Op::Mod || n.op == ir::Op::Cast;
  });
  return fails;
}

/// `inLoop`: s is in the body of a loop whose accesses are being summed up (its break and continue stay
/// within that loop).
Access accessOf(const ir::Stmt &s, bool inLoop = false) {
  Access a;
  auto read = [&](const ir::Expr &e) {
    ir::forEachNode(e, [&](const ir::Expr &n) {
      if (n.kind == ir::Expr::VarUse)
        a.reads.insert(keyOf(n.var));
    });
    if (mayFail(e))
      a.writes.insert(kFail);
  };
  ir::forEachExprOf(s, read);
  if (s.base.valid())
    a.reads.insert(keyOf(s.base));
  if (s.lhs.valid())
    a.writes.insert(keyOf(s.lhs));
  switch (s.kind) {
  case ir::Stmt::Assign:
  case ir::Stmt::Skip: break;
  case ir::Stmt::GetField:
  case ir::Stmt::GetElem:
  case ir::Stmt::Length: a.reads.insert(kHeap), a.writes.insert(kFail); break;
  case ir::Stmt::PutField:
  case ir::Stmt::PutElem:
  case ir::Stmt::New:
  case ir::Stmt::NewArray: a.reads.insert(kHeap), a.writes.insert({kHeap, kFail}); break;
  case ir::Stmt::Nondet: a.reads.insert(kHeap), a.writes.insert(kIo); break; // a reference: an allocated node
  case ir::Stmt::Assume:
  case ir::Stmt::Assert: a.writes.insert(kFail); break;
  case ir::Stmt::Print: a.writes.insert({kIo, kFail}); break;
  case ir::Stmt::Scan:
    for (const ir::Expr &e : s.args)
      if (e.kind == ir::Expr::VarUse)
        a.writes.insert(keyOf(e.var));
    a.writes.insert({kIo, kFail});
    break;
  case ir::Stmt::Call:
    a.reads.insert({kGlobals, kHeap, kIo});
    a.writes.insert({kGlobals, kHeap, kIo, kFail});
    break;
  case ir::Stmt::While: // what its body and invariant read and write (and its checks); a jump out of the
                        // procedure: everything
    a.writes.insert(kFail);
    read(s.invariant); // checked at every head (not one of forEachExprOf's expressions)
    for (const ir::Stmt &b : s.body) {
      Access in = accessOf(b, true);
      a.reads.insert(in.reads.begin(), in.reads.end());
      a.writes.insert(in.writes.begin(), in.writes.end());
    }
    break;
  case ir::Stmt::Break:
  case ir::Stmt::Continue:
    if (inLoop)
      break; // within the loop being summed up
    [[fallthrough]];
  case ir::Stmt::Return:
  case ir::Stmt::Halt:
  case ir::Stmt::Concrete: a.reads.insert(kAll), a.writes.insert(kAll); break;
  }
  return a;
}

// A literal: a bool variable (its key) that holds (true) or does not.
using Literal = std::pair<int64_t, bool>;
constexpr int64_t kFalseGuard = -6; // a guard `false`: the statement never runs

bool exclusive(const std::set<Literal> &a, const std::set<Literal> &b) {
  if (a.count({kFalseGuard, true}) || b.count({kFalseGuard, true}))
    return true;
  for (const Literal &l : a)
    if (b.count({l.first, !l.second}))
      return true;
  return false;
}

std::set<int64_t> varsOf(const std::set<Literal> &lits) {
  std::set<int64_t> out;
  for (const Literal &l : lits)
    if (l.first != kFalseGuard)
      out.insert(l.first);
  return out;
}

/// Per statement of a block: its accesses, and the literals its guard implies there — the guard variable
/// itself, and what the definitions `g := a and not b …` earlier in the block say about it, while none of
/// their variables is written again.
struct BlockFacts {
  std::vector<Access> access;
  std::vector<std::set<Literal>> guard;
  /// An unguarded `b := x and …` that cannot fail: where x is false it writes false whatever the rest reads,
  /// so for the statements that run only there it is as if guarded by its conjuncts (its guard literals), as
  /// long as they do not touch b.
  std::vector<bool> conjunction;

  explicit BlockFacts(const std::vector<ir::Stmt> &block) {
    std::map<int64_t, std::set<Literal>> defs; // a bool variable → the literals its value implies
    auto implied = [&](const ir::Expr &e, auto &&self, std::set<Literal> &out) -> void {
      if (e.kind == ir::Expr::VarUse && e.type.kind == ir::Type::Bool) {
        out.insert({keyOf(e.var), true});
        if (auto it = defs.find(keyOf(e.var)); it != defs.end())
          out.insert(it->second.begin(), it->second.end());
      } else if (e.kind == ir::Expr::Unary && e.op == ir::Op::Not && e.args[0].kind == ir::Expr::VarUse) {
        out.insert({keyOf(e.args[0].var), false});
      } else if (e.kind == ir::Expr::Binary && e.op == ir::Op::And) {
        self(e.args[0], self, out);
        self(e.args[1], self, out);
      } else if (e.kind == ir::Expr::BoolLit && e.isFalse()) {
        out.insert({kFalseGuard, true});
      } // anything else implies nothing we use
    };
    for (const ir::Stmt &s : block) {
      Access a = accessOf(s);
      std::set<Literal> g;
      implied(s.guard, implied, g);
      bool conj = s.kind == ir::Stmt::Assign && s.guard.isTrue() && s.value.kind == ir::Expr::Binary &&
                  s.value.op == ir::Op::And && !a.writes.count(kFail);
      if (conj)
        implied(s.value, implied, g);
      for (int64_t v : varsOf(g))
        a.reads.insert(v); // a statement's position keeps its guard's facts true
      // What s writes ends the definitions that mention it.
      for (auto it = defs.begin(); it != defs.end();) {
        std::set<int64_t> vars = varsOf(it->second);
        vars.insert(it->first);
        it = conflict(a.writes, vars) ? defs.erase(it) : std::next(it);
      }
      if (s.kind == ir::Stmt::Assign && s.guard.isTrue() && s.lhs.valid() &&
          s.value.type.kind == ir::Type::Bool) {
        std::set<Literal> d;
        implied(s.value, implied, d);
        if (!varsOf(d).count(keyOf(s.lhs)))
          defs[keyOf(s.lhs)] = std::move(d);
      }
      access.push_back(std::move(a));
      guard.push_back(std::move(g));
      conjunction.push_back(conj);
    }
  }

  /// Whether statements a and b (a first) may run in the other order.
  bool commute(size_t a, size_t b) const {
    const Access &x = access[a], &y = access[b];
    std::set<int64_t> yAll = y.reads;
    yAll.insert(y.writes.begin(), y.writes.end());
    if (!conflict(x.writes, yAll) && !conflict(y.writes, x.reads))
      return true;
    // On exclusive paths only one of them runs; neither may change what the other's guard reads. A
    // conjunction runs on both: the other statement must not touch what it writes.
    return exclusive(guard[a], guard[b]) && !conflict(x.writes, varsOf(guard[b])) &&
           !conflict(y.writes, varsOf(guard[a])) && !(conjunction[a] && conflict(x.writes, yAll)) &&
           !(conjunction[b] && (conflict(y.writes, x.reads) || conflict(y.writes, x.writes)));
  }
};

bool barrier(const ir::Stmt &s) {
  switch (s.kind) { // jumps (a loop's statement sums up its body: accessOf)
  case ir::Stmt::Return:
  case ir::Stmt::Halt:
  case ir::Stmt::Break:
  case ir::Stmt::Continue:
  case ir::Stmt::Concrete: return true;
  default: return false;
  }
}

} // namespace

std::vector<bool> recursiveProcs(const ir::Program &prog) {
  size_t n = prog.procs.size();
  std::vector<std::vector<bool>> calls(n, std::vector<bool>(n, false));
  for (size_t p = 0; p < n; ++p) {
    auto visit = [&](const std::vector<ir::Stmt> &stmts, auto &&self) -> void {
      for (const ir::Stmt &s : stmts) {
        if (s.kind == ir::Stmt::Call && s.callee < n)
          calls[p][s.callee] = true;
        self(s.body, self);
      }
    };
    visit(prog.procs[p].pre, visit);
    visit(prog.procs[p].body, visit);
    visit(prog.procs[p].post, visit);
  }
  for (size_t k = 0; k < n; ++k) // transitive closure
    for (size_t a = 0; a < n; ++a)
      for (size_t b = 0; calls[a][k] && b < n; ++b)
        if (calls[k][b])
          calls[a][b] = true;
  std::vector<bool> out(n);
  for (size_t p = 0; p < n; ++p)
    out[p] = calls[p][p];
  return out;
}

std::vector<BlockStep> mergePlan(const ir::Program &, const ir::Procedure &,
                                 const std::vector<ir::Stmt> &block, const std::vector<bool> &recursive) {
  std::vector<BlockStep> plan;
  std::unique_ptr<BlockFacts> facts; // built on the first candidate
  auto candidate = [&](const ir::Stmt &s) {
    return s.kind == ir::Stmt::Call && s.callee < recursive.size() && recursive[s.callee];
  };
  for (size_t i = 0; i < block.size();) {
    bool done = false;
    if (candidate(block[i])) {
      if (!facts)
        facts = std::make_unique<BlockFacts>(block);
      for (size_t j = i + 1; j < block.size() && !barrier(block[j]) && !done; ++j) {
        const ir::Stmt &t = block[j];
        if (t.kind != ir::Stmt::Call || t.callee != block[i].callee ||
            t.args.size() != block[i].args.size() || !exclusive(facts->guard[i], facts->guard[j]))
          continue;
        // The statements between: those that depend on call i go after the merged call.
        std::vector<size_t> before, after;
        for (size_t k = i + 1; k < j; ++k) {
          bool dep = !facts->commute(i, k);
          for (size_t d : after)
            dep = dep || !facts->commute(d, k);
          (dep ? after : before).push_back(k);
        }
        bool ok = true;
        for (size_t d : after) {
          ok = ok && facts->commute(d, j);
          for (size_t k : before)
            ok = ok && (k < d || facts->commute(d, k));
        }
        if (!ok)
          continue;
        for (size_t k : before)
          plan.push_back({k});
        plan.push_back({i, j});
        for (size_t k : after)
          plan.push_back({k});
        i = j + 1;
        done = true;
      }
    }
    if (!done)
      plan.push_back({i++});
  }
  return plan;
}

} // namespace locus::encoder

// Variables read by expressions and statements; the statements that make up the program's checks.
#include "ir/analysis.h"

#include <algorithm>
#include <functional>
#include <map>

namespace locus::ir {

void varsRead(const Expr &e, std::vector<VarRef> &out) {
  std::vector<const Expr *> todo{&e};
  while (!todo.empty()) {
    const Expr *x = todo.back();
    todo.pop_back();
    if (x->kind == Expr::VarUse)
      out.push_back(x->var);
    for (const Expr &a : x->args)
      todo.push_back(&a);
  }
}

bool writesLhs(const Stmt &s) {
  switch (s.kind) {
  case Stmt::Assign:
  case Stmt::GetField:
  case Stmt::New:
  case Stmt::Nondet:
  case Stmt::GetElem:
  case Stmt::NewArray:
  case Stmt::Length: return true;
  case Stmt::Call: return s.lhs.valid();
  default: return false;
  }
}

std::vector<VarRef> varsRead(const Stmt &s) {
  std::vector<VarRef> out;
  varsRead(s.guard, out);
  varsRead(s.value, out);
  varsRead(s.invariant, out); // a loop's invariant (Expr{}: none) is read at its every head
  for (const Expr &a : s.args)
    varsRead(a, out);
  if (s.base.valid())
    out.push_back(s.base);
  return out;
}

namespace {

/// The greatest set of procedures every statement of which `allowed(k, s, in)` accepts, where `in` is the
/// set so far (a call is allowed when its callee stays in it): the procedures start in, and a procedure with
/// a statement not allowed leaves it, until nothing changes.
std::vector<bool>
closedProcedures(const Program &prog,
                 const std::function<bool(size_t, const Stmt &, const std::vector<bool> &)> &allowed) {
  std::vector<bool> in(prog.procs.size(), true);
  bool changed = true;
  while (changed) {
    changed = false;
    for (size_t k = 0; k < prog.procs.size(); ++k) {
      if (!in[k])
        continue;
      bool ok = true;
      auto look = [&](const Stmt &s) { ok = ok && allowed(k, s, in); };
      const Procedure &p = prog.procs[k];
      forEachStmt(p.pre, look);
      forEachStmt(p.body, look);
      forEachStmt(p.post, look);
      if (!ok) {
        in[k] = false;
        changed = true;
      }
    }
  }
  return in;
}

/// Whether `s` changes nothing but locals: no heap or array write, no allocation, no global written, no input
/// read, no output, no halt; a call only of a procedure in `in`. `fresh` (builderProcedures): the locals
/// that hold only nodes the procedure allocated, whose fields it may write, and `new` allowed.
bool changesOnlyLocals(const Program &prog, const Stmt &s, const std::vector<bool> &in,
                       const std::vector<bool> *fresh) {
  if (writesLhs(s) && s.lhs.global)
    return false;
  switch (s.kind) {
  case Stmt::New: return fresh != nullptr;
  case Stmt::PutField:
    return fresh && !s.base.global && s.base.index < fresh->size() && (*fresh)[s.base.index];
  case Stmt::PutElem:
  case Stmt::NewArray:
  case Stmt::Print:
  case Stmt::Scan:
  case Stmt::Halt: return false;
  case Stmt::Call: return s.callee < prog.procs.size() && in[s.callee];
  default: return true;
  }
}

/// The procedures that only compute: no heap or array write, no allocation, no global written, no input read,
/// no output, no halt, and only such procedures called. A call of one changes nothing but its result.
std::vector<bool> pureProcedures(const Program &prog) {
  return closedProcedures(prog, [&](size_t, const Stmt &s, const std::vector<bool> &in) {
    return changesOnlyLocals(prog, s, in, nullptr);
  });
}

/// The locals of `p` that only ever hold a node it allocated (`new`, or a copy of such a local).
std::vector<bool> freshLocals(const Procedure &p) {
  std::vector<bool> fresh(p.vars.size(), false);
  for (size_t v = 0; v < p.vars.size(); ++v)
    fresh[v] = p.vars[v].kind != VarKind::Param && p.vars[v].type.kind == Type::Ref;
  bool changed = true;
  while (changed) {
    changed = false;
    auto look = [&](const Stmt &s) {
      if (!writesLhs(s) || s.lhs.global || s.lhs.index >= fresh.size() || !fresh[s.lhs.index])
        return;
      bool ok = s.kind == Stmt::New ||
                (s.kind == Stmt::Assign && s.value.kind == Expr::VarUse && !s.value.var.global &&
                 s.value.var.index < fresh.size() && fresh[s.value.var.index]);
      if (!ok) {
        fresh[s.lhs.index] = false;
        changed = true;
      }
    };
    forEachStmt(p.pre, look);
    forEachStmt(p.body, look);
    forEachStmt(p.post, look);
  }
  return fresh;
}

/// The procedures that build new nodes and change nothing else (`push(head, v)`: `n := new Node; n.val :=
/// v; n.next := head; result := n`): besides what a pure procedure does, they allocate and write fields of
/// the nodes they allocated themselves (through locals holding only such nodes), and call only pure
/// procedures and such builders. A call of one leaves every node that existed before it as it was.
std::vector<bool> builderProcedures(const Program &prog, const std::vector<bool> &pure) {
  std::vector<std::vector<bool>> fresh;
  for (const Procedure &p : prog.procs)
    fresh.push_back(freshLocals(p));
  return closedProcedures(prog, [&](size_t k, const Stmt &s, const std::vector<bool> &in) {
    bool pureCall = s.kind == Stmt::Call && s.callee < pure.size() && pure[s.callee];
    if (pureCall && !(s.lhs.valid() && s.lhs.global))
      return true;
    return changesOnlyLocals(prog, s, in, &fresh[k]);
  });
}

} // namespace

std::unordered_set<StmtId> specificationStatements(const Program &prog,
                                                   const std::unordered_set<uint32_t> *named) {
  std::unordered_set<StmtId> spec;
  std::vector<bool> pure = pureProcedures(prog);
  struct Proc {
    std::vector<const Stmt *> all;
    std::map<uint32_t, std::vector<const Stmt *>> readers; // local → the statements reading it
  };
  std::vector<Proc> procs(prog.procs.size());
  std::vector<std::vector<const Stmt *>> callsOf(prog.procs.size()); // procedure → its call sites
  for (size_t k = 0; k < prog.procs.size(); ++k) {
    const Procedure &p = prog.procs[k];
    Proc &q = procs[k];
    auto collect = [&](const Stmt &s) { q.all.push_back(&s); };
    forEachStmt(p.pre, collect);
    forEachStmt(p.body, collect);
    forEachStmt(p.post, collect);
    // contracts: every statement of the requires and ensures blocks
    auto contract = [&](const Stmt &s) { spec.insert(s.id); };
    forEachStmt(p.pre, contract);
    forEachStmt(p.post, contract);
    for (const Stmt *s : q.all) {
      if (s->kind == Stmt::Assert || s->kind == Stmt::Assume)
        spec.insert(s->id);
      if (s->kind == Stmt::Call && s->callee < callsOf.size())
        callsOf[s->callee].push_back(s);
      for (const VarRef &v : varsRead(*s))
        if (!v.global && v.index < p.vars.size())
          q.readers[v.index].push_back(s);
    }
  }
  // Whether a procedure calls one that changes state that existed before the call (the code under test,
  // changing the state its checks then observe). A call that only builds new nodes (`l := push(l, 3)`)
  // builds the test's input: after such calls alone, a pure procedure a check calls is what is tested
  // (`assert(sum(l) == 7)`).
  std::vector<bool> builds = builderProcedures(prog, pure);
  std::vector<bool> callsImpure(prog.procs.size(), false);
  for (size_t k = 0; k < prog.procs.size(); ++k)
    for (const Stmt *s : procs[k].all)
      if (s->kind == Stmt::Call && s->callee < pure.size() && !pure[s->callee] && !builds[s->callee])
        callsImpure[k] = true;
  // Whether every statement reading the variable s assigns (a temporary or a local of procedure k) is
  // already part of the specification.
  auto readOnlyBySpec = [&](size_t k, const Stmt &s, bool temps) {
    const Procedure &p = prog.procs[k];
    if (!s.lhs.valid() || s.lhs.global || s.lhs.index >= p.vars.size())
      return false;
    const Var &v = p.vars[s.lhs.index];
    if (!v.temp && (temps || v.kind != VarKind::Local))
      return false;
    auto it = procs[k].readers.find(s.lhs.index);
    if (it == procs[k].readers.end() || it->second.empty())
      return false;
    return std::all_of(it->second.begin(), it->second.end(),
                       [&](const Stmt *r) { return spec.count(r->id); });
  };
  std::map<StmtId, size_t> procOfCall;
  for (size_t k = 0; k < prog.procs.size(); ++k)
    for (const Stmt *s : procs[k].all)
      if (s->kind == Stmt::Call)
        procOfCall[s->id] = k;
  std::vector<bool> helper(prog.procs.size(), false);
  bool changed = true;
  while (changed) {
    changed = false;
    for (size_t k = 0; k < prog.procs.size(); ++k) {
      const Procedure &p = prog.procs[k];
      for (const Stmt *s : procs[k].all) {
        bool defines = s->kind == Stmt::Assign || s->kind == Stmt::GetField || s->kind == Stmt::GetElem ||
                       s->kind == Stmt::Length;
        if (defines && !spec.count(s->id) && readOnlyBySpec(k, *s, true)) {
          spec.insert(s->id);
          changed = true;
        }
      }
      // A check's helper: a pure procedure every call of which computes a value only checks read, in a
      // procedure that also runs code that changes the state (the code under test; when everything the
      // caller calls is pure, the called procedure may be what is tested: `m := max(a, b); assert m >= a`).
      const std::vector<const Stmt *> &calls = callsOf[k];
      if (helper[k] || p.isTest || !pure[k] || calls.empty() || (named && named->count(k)))
        continue;
      bool onlyChecks = std::all_of(calls.begin(), calls.end(), [&](const Stmt *c) {
        if (spec.count(c->id))
          return true;
        size_t q = procOfCall.at(c->id);
        return callsImpure[q] && readOnlyBySpec(q, *c, false);
      });
      if (!onlyChecks)
        continue;
      helper[k] = true;
      changed = true;
      for (const Stmt *c : calls)
        spec.insert(c->id);
      for (const Stmt *s : procs[k].all)
        spec.insert(s->id);
    }
  }
  return spec;
}

namespace {

/// Whether `e` is a parameter of `p` that holds a command-line word (C's `argc`, `argv_K`), possibly
/// converted (`int32(argv_1)`).
bool isCommandLineRead(const Procedure &p, const Expr &e) {
  if (e.kind == Expr::Unary && e.op == Op::Cast && e.args.size() == 1)
    return isCommandLineRead(p, e.args[0]);
  if (e.kind != Expr::VarUse || e.var.global || e.var.index >= p.vars.size())
    return false;
  const Var &v = p.vars[e.var.index];
  return v.kind == VarKind::Param && (v.name == "argc" || v.name.rfind("argv_", 0) == 0);
}

} // namespace

std::unordered_set<StmtId> inputStatements(const Program &prog) {
  std::unordered_set<StmtId> out;
  for (const Procedure &p : prog.procs) {
    bool commandLine = p.name == "main" && std::any_of(p.vars.begin(), p.vars.end(), [](const Var &v) {
                         return v.kind == VarKind::Param && v.name.rfind("argv_", 0) == 0;
                       });
    forEachStmt(p.body, [&](const Stmt &s) {
      if (s.kind == Stmt::Nondet || s.kind == Stmt::Scan ||
          (commandLine && s.kind == Stmt::Assign && isCommandLineRead(p, s.value)))
        out.insert(s.id);
    });
  }
  return out;
}

std::unordered_set<StmtId> conditionals(const Program &prog) {
  std::unordered_set<StmtId> out;
  for (const Procedure &p : prog.procs) {
    std::vector<const Stmt *> all;
    auto collect = [&](const Stmt &s) { all.push_back(&s); };
    forEachStmt(p.pre, collect);
    forEachStmt(p.body, collect);
    forEachStmt(p.post, collect);
    std::vector<VarRef> conds; // the variables guards and loop conditions read
    for (const Stmt *s : all) {
      varsRead(s->guard, conds);
      if (s->kind == Stmt::While)
        varsRead(s->value, conds);
    }
    for (const Stmt *s : all)
      if (s->kind == Stmt::Assign && prog.var(p, s->lhs).type.kind == Type::Bool &&
          std::find(conds.begin(), conds.end(), s->lhs) != conds.end())
        out.insert(s->id);
  }
  return out;
}

} // namespace locus::ir

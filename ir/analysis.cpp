// Variables read by expressions and statements; the statements that make up the program's checks.
#include "ir/analysis.h"

#include <algorithm>
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
  for (const Expr &a : s.args)
    varsRead(a, out);
  if (s.base.valid())
    out.push_back(s.base);
  return out;
}

std::unordered_set<StmtId> specificationStatements(const Program &prog) {
  std::unordered_set<StmtId> spec;
  for (const Procedure &p : prog.procs) {
    std::vector<const Stmt *> all;
    auto collect = [&](const Stmt &s) { all.push_back(&s); };
    forEachStmt(p.pre, collect);
    forEachStmt(p.body, collect);
    forEachStmt(p.post, collect);
    std::map<uint32_t, std::vector<const Stmt *>> readers; // temp local → the statements reading it
    for (const Stmt *s : all) {
      if (s->kind == Stmt::Assert || s->kind == Stmt::Assume)
        spec.insert(s->id);
      for (const VarRef &v : varsRead(*s))
        if (!v.global && v.index < p.vars.size() && p.vars[v.index].temp)
          readers[v.index].push_back(s);
    }
    bool changed = true;
    while (changed) {
      changed = false;
      for (const Stmt *s : all) {
        bool defines = s->kind == Stmt::Assign || s->kind == Stmt::GetField || s->kind == Stmt::GetElem ||
                       s->kind == Stmt::Length;
        if (!defines || spec.count(s->id) || s->lhs.global || s->lhs.index >= p.vars.size() ||
            !p.vars[s->lhs.index].temp)
          continue;
        const std::vector<const Stmt *> &rs = readers[s->lhs.index];
        bool onlySpec = !rs.empty();
        for (const Stmt *r : rs)
          onlySpec = onlySpec && spec.count(r->id);
        if (onlySpec) {
          spec.insert(s->id);
          changed = true;
        }
      }
    }
  }
  return spec;
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

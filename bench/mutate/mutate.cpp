// The fault injector: the fault space of the procedures under test, and seeded draws from it.
#include "bench/mutate/mutate.h"

#include "bench/mutate/rng.h"
#include "ir/printer.h"
#include "ir/validate.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <functional>
#include <limits>
#include <map>
#include <set>

namespace locus::mutate {

using ir::Expr;
using ir::Op;
using ir::Program;
using ir::Stmt;
using ir::StmtId;
using ir::VarRef;

const char *className(FaultClass c) {
  switch (c) {
  case FaultClass::C1: return "C1";
  case FaultClass::C2: return "C2";
  case FaultClass::C3: return "C3";
  case FaultClass::C4: return "C4";
  case FaultClass::L1: return "L1";
  case FaultClass::L2: return "L2";
  }
  return "?";
}

const std::vector<FaultClass> &allClasses() {
  static const std::vector<FaultClass> all{FaultClass::C1, FaultClass::C2, FaultClass::C3,
                                           FaultClass::C4, FaultClass::L1, FaultClass::L2};
  return all;
}

std::optional<FaultClass> parseClass(std::string_view name) {
  std::string up;
  for (char c : name)
    up += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  for (FaultClass c : allClasses())
    if (up == className(c))
      return c;
  return std::nullopt;
}

ClassShape shapeOf(FaultClass c) {
  switch (c) {
  case FaultClass::C1: return {1, 0, 0};
  case FaultClass::C2: return {1, 1, 0};
  case FaultClass::C3: return {2, 0, 0};
  case FaultClass::C4: return {2, 1, 0};
  case FaultClass::L1: return {1, 0, 1};
  case FaultClass::L2: return {1, 0, 2};
  }
  return {};
}

const char *kindName(FaultKind k) {
  switch (k) {
  case FaultKind::Var: return "var";
  case FaultKind::Field: return "field";
  case FaultKind::Delete: return "delete";
  case FaultKind::Operator: return "operator";
  case FaultKind::Constant: return "constant";
  }
  return "?";
}

std::vector<Op> operatorReplacements(Op op, unsigned level, bool operandsInt) {
  std::vector<Op> out;
  auto add = [&](std::initializer_list<Op> ops) {
    for (Op o : ops)
      if (o != op && std::find(out.begin(), out.end(), o) == out.end())
        out.push_back(o);
  };
  if (level == 0)
    return out;
  switch (op) { // level 1
  case Op::Lt: add({Op::Le}); break;
  case Op::Le: add({Op::Lt}); break;
  case Op::Gt: add({Op::Ge}); break;
  case Op::Ge: add({Op::Gt}); break;
  case Op::Add: add({Op::Sub}); break;
  case Op::Sub: add({Op::Add}); break;
  case Op::Mul:
  case Op::Div:
  case Op::Mod: add({Op::Mul, Op::Div, Op::Mod}); break;
  case Op::And: add({Op::Or}); break;
  case Op::Or: add({Op::And}); break;
  default: break;
  }
  if (level >= 2 && ir::isComparison(op)) {
    if (operandsInt)
      add({Op::Lt, Op::Le, Op::Gt, Op::Ge, Op::Eq, Op::Ne});
    else if (op == Op::Eq || op == Op::Ne)
      add({Op::Eq, Op::Ne});
  }
  return out;
}

std::vector<int64_t> constantReplacements(int64_t c) {
  std::vector<int64_t> out;
  auto add = [&](int64_t v) {
    if (v != c && std::find(out.begin(), out.end(), v) == out.end())
      out.push_back(v);
  };
  if (c < std::numeric_limits<int64_t>::max())
    add(c + 1);
  if (c > std::numeric_limits<int64_t>::min())
    add(c - 1);
  add(0);
  if (c > std::numeric_limits<int64_t>::min())
    add(-c);
  return out;
}

namespace {

/// The statements the injector may change: the bodies of the procedures under test, loop bodies included,
/// concrete blocks and contract blocks (requires / ensures) excluded.
template <typename F> void walkRegion(const std::vector<Stmt> &block, F &&f) {
  for (size_t i = 0; i < block.size(); ++i) {
    const Stmt &s = block[i];
    if (s.kind == Stmt::Concrete)
      continue;
    f(block, i);
    if (s.kind == Stmt::While)
      walkRegion(s.body, f);
  }
}

Stmt *findStmt(std::vector<Stmt> &block, StmtId id) {
  for (Stmt &s : block) {
    if (s.id == id)
      return &s;
    if (Stmt *t = findStmt(s.body, id))
      return t;
  }
  return nullptr;
}

const Stmt *findStmt(const std::vector<Stmt> &block, StmtId id) {
  return findStmt(const_cast<std::vector<Stmt> &>(block), id);
}

void eraseStmts(std::vector<Stmt> &block, const std::set<StmtId> &ids) {
  std::erase_if(block, [&](const Stmt &s) { return ids.count(s.id) != 0; });
  for (Stmt &s : block)
    eraseStmts(s.body, ids);
}

/// Whether two statements come from one source construct, at the same location (C computes `p->next` of
/// `p = p->next` at the `p->next`; such a read stays when the assignment is deleted).
bool sameConstruct(const Stmt &a, const Stmt &b) {
  return a.construct == b.construct && a.loc == b.loc;
}

/// Statements whose expressions the injector walks (asserts and assumes are the specification).
bool hasMutableExprs(const Stmt &s) {
  return s.kind == Stmt::Assign || s.kind == Stmt::PutField || s.kind == Stmt::Call || s.kind == Stmt::While;
}

bool hasLhs(const Stmt &s) {
  switch (s.kind) {
  case Stmt::Assign:
  case Stmt::GetField:
  case Stmt::New:
  case Stmt::Nondet: return true;
  case Stmt::Call: return s.lhs.valid();
  default: return false;
  }
}

/// Pre-order walk over the expressions of a statement (value, then args), nodes of one kind counted.
void walkExprs(std::vector<Expr *> &out, Expr &e, Expr::Kind kind) {
  if (e.kind == kind)
    out.push_back(&e);
  for (Expr &a : e.args)
    walkExprs(out, a, kind);
}
std::vector<Expr *> exprNodes(Stmt &s, Expr::Kind kind) {
  std::vector<Expr *> out;
  if (!hasMutableExprs(s))
    return out;
  walkExprs(out, s.value, kind);
  for (Expr &a : s.args)
    walkExprs(out, a, kind);
  return out;
}
std::vector<const Expr *> exprNodes(const Stmt &s, Expr::Kind kind) {
  std::vector<const Expr *> out;
  for (Expr *e : exprNodes(const_cast<Stmt &>(s), kind))
    out.push_back(e);
  return out;
}

/// Everything needed to look at one procedure: its name resolution and temporaries.
struct ProcView {
  const Program &prog;
  const ir::Procedure &proc;

  const ir::Var &var(VarRef v) const { return prog.var(proc, v); }
  bool isTemp(VarRef v) const { return !v.global && v.index < proc.vars.size() && proc.vars[v.index].temp; }
  std::string name(VarRef v) const { return var(v).name; }

  /// The variables that may replace one of type `t`: globals and the procedure's own variables, lowering
  /// temporaries excluded, in declaration order (globals first).
  std::vector<VarRef> replacements(ir::Type t, VarRef current) const {
    std::vector<VarRef> out;
    for (uint32_t i = 0; i < prog.globals.size(); ++i)
      if (prog.globals[i].type == t && VarRef{true, i} != current)
        out.push_back({true, i});
    for (uint32_t i = 0; i < proc.vars.size(); ++i)
      if (!proc.vars[i].temp && proc.vars[i].type == t && VarRef{false, i} != current)
        out.push_back({false, i});
    return out;
  }

  /// The statement's construct, location and structure, lowering temporaries anonymized (kept: their
  /// types) and expression ranges included: two statements with the same key are copies the lowering made
  /// of one part of one source construct (a loop condition before the loop and at the end of its body). The
  /// location tells apart parts without ranges (the element reads `t := a_0` of `a[i]` and of `a[j]`).
  std::string key(const Stmt &s) const {
    std::string k = "c" + std::to_string(s.construct) + "@" + std::to_string(s.loc.file) + ":" +
                    std::to_string(s.loc.line) + ":" + std::to_string(s.loc.col) + "|" +
                    std::to_string(s.kind) + "|";
    auto v = [&](VarRef r) {
      if (!r.valid())
        k += "-";
      else if (isTemp(r))
        k += "$" + ir::toString(prog, var(r).type);
      else
        k += (r.global ? "g" : "l") + std::to_string(r.index);
      k += ",";
    };
    std::function<void(const Expr &)> e = [&](const Expr &x) {
      k += "(" + std::to_string(x.kind) + " " + std::to_string(static_cast<int>(x.op)) + " " +
           x.value.toString() + " ";
      if (x.range.valid()) // copies of one source expression have its range (`s1[i] = s2[i]`: two `i`s)
        k += ir::rangeText(x.range) + " ";
      if (x.kind == Expr::VarUse)
        v(x.var);
      for (const Expr &a : x.args)
        e(a);
      k += ")";
    };
    e(s.guard);
    v(s.lhs);
    v(s.base);
    k += std::to_string(s.field) + "," + std::to_string(s.record) + "," + std::to_string(s.callee) + ",";
    e(s.value);
    for (const Expr &a : s.args)
      e(a);
    return k;
  }
};

/// Clone groups of the region of one procedure: for every statement, the ids of its group (program order).
struct Groups {
  std::map<StmtId, std::vector<StmtId>> of;
  /// The statements of the region in program order, with the block they are in.
  std::vector<std::pair<const std::vector<Stmt> *, size_t>> order;
};

Groups groupsOf(const ProcView &pv) {
  Groups g;
  std::map<std::string, std::vector<StmtId>> byKey;
  walkRegion(pv.proc.body, [&](const std::vector<Stmt> &block, size_t i) {
    g.order.emplace_back(&block, i);
    byKey[pv.key(block[i])].push_back(block[i].id);
  });
  for (const auto &[k, ids] : byKey)
    for (StmtId id : ids)
      g.of[id] = ids;
  return g;
}

} // namespace

std::vector<Candidate> mutationCandidates(const Program &prog, const std::vector<uint32_t> &procs,
                                          unsigned level) {
  std::vector<Candidate> out;
  for (uint32_t pi : procs) {
    ProcView pv{prog, prog.procs.at(pi)};
    Groups groups = groupsOf(pv);
    for (const auto &[block, i] : groups.order) {
      const Stmt &s = (*block)[i];
      const std::vector<StmtId> &group = groups.of.at(s.id);
      if (group.front() != s.id || s.kind == Stmt::Assert || s.kind == Stmt::Assume)
        continue;
      auto cand = [&](FaultKind kind, Slot slot, uint32_t index) {
        Candidate c;
        c.kind = kind;
        c.proc = pi;
        c.stmts = group;
        c.slot = slot;
        c.index = index;
        return c;
      };
      auto vars = [&](Slot slot, uint32_t index, VarRef current, bool allowTemp) {
        if (!allowTemp && pv.isTemp(current))
          return;
        for (VarRef r : pv.replacements(pv.var(current).type, current)) {
          Candidate c = cand(FaultKind::Var, slot, index);
          c.var = r;
          c.from = pv.name(current);
          c.to = pv.name(r);
          out.push_back(std::move(c));
        }
      };
      if (level == 0) {
        // A guard is the statement's guard variable even when the lowering introduced it (the condition of
        // an `if`); its replacements are never temporaries.
        if (s.guard.kind == Expr::VarUse)
          vars(Slot::Guard, 0, s.guard.var, true);
        if (hasLhs(s))
          vars(Slot::Lhs, 0, s.lhs, false);
        if (s.kind == Stmt::GetField || s.kind == Stmt::PutField) {
          vars(Slot::Base, 0, s.base, false);
          const ir::Record &rec = prog.records.at(pv.var(s.base).type.record);
          for (uint32_t f = 0; f < rec.fields.size(); ++f)
            if (f != s.field && rec.fields[f].type == rec.fields[s.field].type) {
              Candidate c = cand(FaultKind::Field, Slot::Field, 0);
              c.field = f;
              c.from = rec.fields[s.field].name;
              c.to = rec.fields[f].name;
              out.push_back(std::move(c));
            }
        }
        std::vector<const Expr *> uses = exprNodes(s, Expr::VarUse);
        for (uint32_t k = 0; k < uses.size(); ++k)
          vars(Slot::ExprVar, k, uses[k]->var, false);
        continue;
      }
      std::vector<const Expr *> ops = exprNodes(s, Expr::Binary);
      for (uint32_t k = 0; k < ops.size(); ++k)
        for (Op o : operatorReplacements(ops[k]->op, level, ops[k]->args[0].type.kind == ir::Type::Int)) {
          Candidate c = cand(FaultKind::Operator, Slot::ExprOp, k);
          c.op = o;
          c.from = ir::opSpelling(ops[k]->op);
          c.to = ir::opSpelling(o);
          out.push_back(std::move(c));
        }
      if (level >= 2) {
        std::vector<const Expr *> ints = exprNodes(s, Expr::IntLit);
        for (uint32_t k = 0; k < ints.size(); ++k)
          for (int64_t v : constantReplacements(ints[k]->value.toInt64().value_or(0))) {
            if (!ints[k]->value.toInt64() || !ir::fitsIn(v, ints[k]->type))
              continue; // a literal beyond int64, or a replacement its type cannot hold
            Candidate c = cand(FaultKind::Constant, Slot::ExprInt, k);
            c.value = v;
            c.from = ints[k]->value.toString();
            c.to = std::to_string(v);
            out.push_back(std::move(c));
          }
      }
    }
  }
  return out;
}

std::vector<Candidate> deletionCandidates(const Program &prog, const std::vector<uint32_t> &procs) {
  std::vector<Candidate> out;
  for (uint32_t pi : procs) {
    ProcView pv{prog, prog.procs.at(pi)};
    Groups groups = groupsOf(pv);
    // Where each statement of the region is: its block and position, for the temporaries before it.
    std::map<StmtId, std::pair<const std::vector<Stmt> *, size_t>> where;
    for (const auto &bi : groups.order)
      where[(*bi.first)[bi.second].id] = bi;
    auto computesTemp = [&](const Stmt &s) {
      return (s.kind == Stmt::Assign || s.kind == Stmt::GetField) && pv.isTemp(s.lhs);
    };
    for (const auto &[block, i] : groups.order) {
      const Stmt &s = (*block)[i];
      const std::vector<StmtId> &group = groups.of.at(s.id);
      bool deletable = s.kind == Stmt::Assign || s.kind == Stmt::GetField || s.kind == Stmt::PutField ||
                       s.kind == Stmt::New || s.kind == Stmt::Nondet || s.kind == Stmt::Call;
      if (group.front() != s.id || !deletable || (hasLhs(s) && pv.isTemp(s.lhs)))
        continue;
      Candidate c;
      c.kind = FaultKind::Delete;
      c.proc = pi;
      for (StmtId id : group) {
        const auto &[b, j] = where.at(id);
        c.stmts.push_back(id);
        // The temporaries this statement reads were computed right before it, by the same construct.
        for (size_t k = j; k-- > 0 && sameConstruct((*b)[k], (*b)[j]) && computesTemp((*b)[k]);)
          c.stmts.push_back((*b)[k].id);
      }
      c.from = ir::toString(prog, pv.proc, s);
      out.push_back(std::move(c));
    }
  }
  return out;
}

Program apply(const Program &prog, const std::vector<const Candidate *> &faults, std::vector<Fault> *record) {
  Program out = prog;
  std::set<StmtId> deleted;
  for (const Candidate *c : faults) {
    const ir::Procedure &orig = prog.procs.at(c->proc);
    ir::Procedure &proc = out.procs.at(c->proc);
    if (c->kind == FaultKind::Delete) {
      deleted.insert(c->stmts.begin(), c->stmts.end());
    } else {
      for (StmtId id : c->stmts) {
        Stmt *s = findStmt(proc.body, id);
        if (!s)
          continue;
        switch (c->slot) {
        case Slot::Guard: s->guard.var = c->var; break;
        case Slot::Lhs: s->lhs = c->var; break;
        case Slot::Base: s->base = c->var; break;
        case Slot::Field: s->field = c->field; break;
        case Slot::ExprVar: exprNodes(*s, Expr::VarUse).at(c->index)->var = c->var; break;
        case Slot::ExprOp: exprNodes(*s, Expr::Binary).at(c->index)->op = c->op; break;
        case Slot::ExprInt: exprNodes(*s, Expr::IntLit).at(c->index)->value = c->value; break;
        }
      }
    }
    if (record) {
      const Stmt *first = findStmt(orig.body, c->stmts.front());
      Fault f;
      f.kind = c->kind;
      f.proc = orig.name;
      f.stmts = c->stmts;
      if (first) {
        f.file = first->loc.file < prog.files.size() ? prog.files[first->loc.file] : "";
        f.line = first->loc.line;
        f.col = first->loc.col;
        f.before = ir::toString(prog, orig, *first);
        if (c->kind != FaultKind::Delete)
          if (const Stmt *changed = findStmt(proc.body, c->stmts.front()))
            f.after = ir::toString(out, proc, *changed);
      }
      f.from = c->kind == FaultKind::Delete ? f.before : c->from;
      f.to = c->to;
      record->push_back(std::move(f));
    }
  }
  if (!deleted.empty())
    for (uint32_t pi = 0; pi < out.procs.size(); ++pi)
      eraseStmts(out.procs[pi].body, deleted);
  return out;
}

Result generate(const Program &prog, const Options &o) {
  Result r;
  ClassShape shape = shapeOf(o.cls);
  std::vector<Candidate> muts = mutationCandidates(prog, o.procs, shape.level);
  std::vector<Candidate> dels =
      shape.deletions ? deletionCandidates(prog, o.procs) : std::vector<Candidate>{};
  r.mutationCandidates = muts.size();
  r.deletionCandidates = dels.size();
  if (muts.size() < shape.mutations || dels.size() < shape.deletions || o.count == 0)
    return r;

  // Draw a site (statement group + slot + position) first, then its replacement, so statements with many
  // same-typed variables are not favoured.
  std::vector<std::vector<size_t>> sites;
  for (size_t i = 0; i < muts.size(); ++i) {
    const Candidate &c = muts[i];
    if (i == 0 || c.stmts != muts[i - 1].stmts || c.slot != muts[i - 1].slot || c.index != muts[i - 1].index)
      sites.emplace_back();
    sites.back().push_back(i);
  }

  SplitMix64 rng(o.seed);
  std::set<std::vector<size_t>> tried;
  // Versions are printed without source information (their text is the program's, not the source's).
  const ir::PrintOptions printed{true, false};
  std::set<std::string> texts{ir::toString(prog, printed)};
  size_t maxAttempts = o.maxAttempts ? o.maxAttempts : 50ull * o.count + 1000;
  while (r.mutants.size() < o.count && r.attempts < maxAttempts) {
    ++r.attempts;
    std::vector<size_t> mi, di;
    for (unsigned k = 0; k < shape.mutations; ++k) {
      const std::vector<size_t> &site = sites[rng.below(sites.size())];
      mi.push_back(site[rng.below(site.size())]);
    }
    for (unsigned k = 0; k < shape.deletions; ++k)
      di.push_back(rng.below(dels.size()));
    std::sort(mi.begin(), mi.end());
    std::sort(di.begin(), di.end());
    std::vector<size_t> key = mi;
    for (size_t d : di)
      key.push_back(muts.size() + d);
    if (!tried.insert(key).second)
      continue;
    std::vector<const Candidate *> chosen;
    std::set<StmtId> touched;
    bool disjoint = true;
    for (size_t m : mi)
      chosen.push_back(&muts[m]);
    for (size_t d : di)
      chosen.push_back(&dels[d]);
    for (const Candidate *c : chosen)
      for (StmtId id : c->stmts)
        disjoint = touched.insert(id).second && disjoint;
    if (!disjoint)
      continue;
    Mutant m;
    m.program = apply(prog, chosen, &m.faults);
    if (!ir::validate(m.program).empty()) {
      ++r.invalid;
      continue;
    }
    m.text = ir::toString(m.program, printed);
    if (!texts.insert(m.text).second) {
      ++r.duplicates;
      continue;
    }
    m.index = static_cast<uint32_t>(r.mutants.size() + 1);
    r.mutants.push_back(std::move(m));
  }
  return r;
}

std::vector<uint32_t> defaultProcsUnderTest(const Program &prog, const std::string &mainFile,
                                            const std::string &entry) {
  namespace fs = std::filesystem;
  auto inMain = [&](const ir::Procedure &p) {
    if (p.loc.file >= prog.files.size())
      return false;
    const std::string &f = prog.files[p.loc.file];
    std::error_code ec;
    return f == mainFile || fs::equivalent(f, mainFile, ec);
  };
  std::vector<uint32_t> out;
  uint32_t entryIndex = ir::kNone;
  for (uint32_t i = 0; i < prog.procs.size(); ++i) {
    const ir::Procedure &p = prog.procs[i];
    if (p.isTest || !inMain(p))
      continue;
    if (p.name == entry)
      entryIndex = i;
    else
      out.push_back(i);
  }
  if (out.empty() && entryIndex != ir::kNone)
    out.push_back(entryIndex);
  return out;
}

} // namespace locus::mutate

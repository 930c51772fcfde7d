// Mutation operators on the IR (see mutation.h): the elementary mutations of the procedures under test,
// applying them, and AllRepair's mutation space with options renderable as source patches.
#include "repair/mutation/mutation.h"

#include "ir/analysis.h"
#include "ir/printer.h"

#include <algorithm>
#include <filesystem>
#include <functional>
#include <limits>
#include <map>
#include <set>
#include <stdexcept>

namespace locus::repair::mutation {

using ir::Expr;
using ir::Op;
using ir::Program;
using ir::Stmt;
using ir::StmtId;
using ir::VarRef;

const char *kindName(Kind k) {
  switch (k) {
  case Kind::Var: return "var";
  case Kind::Field: return "field";
  case Kind::Delete: return "delete";
  case Kind::Operator: return "operator";
  case Kind::Constant: return "constant";
  }
  return "?";
}

std::vector<Op> operatorReplacements(Op op, unsigned level, bool operandsInt, Table table) {
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
  if (table == Table::Repair) {
    // AllRepair's tool (its expression mutations): bit operators and shifts at level 1, arithmetic among
    // all five at level 2.
    switch (op) {
    case Op::BitAnd:
    case Op::BitOr:
    case Op::BitXor: add({Op::BitAnd, Op::BitOr, Op::BitXor}); break;
    case Op::Shl: add({Op::Shr}); break;
    case Op::Shr: add({Op::Shl}); break;
    default: break;
    }
    if (level >= 2 && ir::isArithmetic(op))
      add({Op::Add, Op::Sub, Op::Mul, Op::Div, Op::Mod});
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

/// Statements whose expressions the injector walks (asserts and assumes are the specification): values,
/// call arguments, and an element access's index (GetElem, PutElem) or a new array's length.
bool hasMutableExprs(const Stmt &s) {
  switch (s.kind) {
  case Stmt::Assign:
  case Stmt::PutField:
  case Stmt::Call:
  case Stmt::While:
  case Stmt::GetElem:
  case Stmt::PutElem:
  case Stmt::NewArray: return true;
  default: return false;
  }
}

/// Whether the walk over a statement's expressions starts with its value (GetElem's index is its argument).
bool usesValueForMutation(const Stmt &s) {
  return hasMutableExprs(s) && ir::usesValue(s.kind);
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
  if (usesValueForMutation(s))
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

/// The root..node path to the index-th node of a kind in the statement's value and arguments (pre-order).
bool pathTo(Expr &e, Expr::Kind kind, uint32_t &left, std::vector<Expr *> &path) {
  path.push_back(&e);
  if (e.kind == kind && left-- == 0)
    return true;
  for (Expr &a : e.args)
    if (pathTo(a, kind, left, path))
      return true;
  path.pop_back();
  return false;
}

/// The index-th node of a kind (as exprNodes counts), about to be changed: it and the expressions around it
/// lose their source ranges (their text no longer is the source's).
Expr *changeNode(Stmt &s, Expr::Kind kind, uint32_t index) {
  std::vector<Expr *> path;
  uint32_t left = index;
  bool found = (usesValueForMutation(s) && pathTo(s.value, kind, left, path));
  for (size_t i = 0; !found && i < s.args.size(); ++i) {
    path.clear();
    found = pathTo(s.args[i], kind, left, path);
  }
  if (!found)
    throw std::out_of_range("mutation: no such expression node");
  for (Expr *x : path)
    x->range = {};
  return path.back();
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
                                          unsigned level, Table table) {
  std::vector<Candidate> out;
  for (uint32_t pi : procs) {
    ProcView pv{prog, prog.procs.at(pi)};
    Groups groups = groupsOf(pv);
    for (const auto &[block, i] : groups.order) {
      const Stmt &s = (*block)[i];
      const std::vector<StmtId> &group = groups.of.at(s.id);
      if (group.front() != s.id || s.kind == Stmt::Assert || s.kind == Stmt::Assume)
        continue;
      auto cand = [&](Kind kind, Slot slot, uint32_t index) {
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
          Candidate c = cand(Kind::Var, slot, index);
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
        if (ir::writesLhs(s))
          vars(Slot::Lhs, 0, s.lhs, false);
        if (s.kind == Stmt::GetElem || s.kind == Stmt::PutElem || s.kind == Stmt::Length)
          vars(Slot::Base, 0, s.base, false); // another array of the same type
        if (s.kind == Stmt::GetField || s.kind == Stmt::PutField) {
          vars(Slot::Base, 0, s.base, false);
          const ir::Record &rec = prog.records.at(pv.var(s.base).type.record);
          for (uint32_t f = 0; f < rec.fields.size(); ++f)
            if (f != s.field && rec.fields[f].type == rec.fields[s.field].type) {
              Candidate c = cand(Kind::Field, Slot::Field, 0);
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
        for (Op o : operatorReplacements(ops[k]->op, level,
                                         ops[k]->args[0].type.kind == ir::Type::Int ||
                                             ops[k]->args[0].type.kind == ir::Type::Float,
                                         table)) {
          // floats: the arithmetic operators and comparisons only (no `%`, no bit operators)
          if (ops[k]->args[0].type.isFloat() && (o == Op::Mod || ir::isBitOp(o)))
            continue;
          Candidate c = cand(Kind::Operator, Slot::ExprOp, k);
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
            Candidate c = cand(Kind::Constant, Slot::ExprInt, k);
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
      return (s.kind == Stmt::Assign || s.kind == Stmt::GetField || s.kind == Stmt::GetElem ||
              s.kind == Stmt::Length) &&
             pv.isTemp(s.lhs);
    };
    for (const auto &[block, i] : groups.order) {
      const Stmt &s = (*block)[i];
      const std::vector<StmtId> &group = groups.of.at(s.id);
      // element reads and writes, lengths and allocations are deleted like field reads and writes
      bool deletable = s.kind == Stmt::Assign || s.kind == Stmt::GetField || s.kind == Stmt::PutField ||
                       s.kind == Stmt::New || s.kind == Stmt::Nondet || s.kind == Stmt::Call ||
                       s.kind == Stmt::GetElem || s.kind == Stmt::PutElem || s.kind == Stmt::NewArray ||
                       s.kind == Stmt::Length;
      if (group.front() != s.id || !deletable || (ir::writesLhs(s) && pv.isTemp(s.lhs)))
        continue;
      Candidate c;
      c.kind = Kind::Delete;
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

Program apply(const Program &prog, const std::vector<const Candidate *> &candidates,
              std::vector<Change> *record) {
  Program out = prog;
  std::set<StmtId> deleted;
  for (const Candidate *c : candidates) {
    const ir::Procedure &orig = prog.procs.at(c->proc);
    ir::Procedure &proc = out.procs.at(c->proc);
    if (c->kind == Kind::Delete) {
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
        case Slot::ExprVar: changeNode(*s, Expr::VarUse, c->index)->var = c->var; break;
        case Slot::ExprOp: changeNode(*s, Expr::Binary, c->index)->op = c->op; break;
        case Slot::ExprInt: changeNode(*s, Expr::IntLit, c->index)->value = c->value; break;
        }
      }
    }
    if (record) {
      const Stmt *first = findStmt(orig.body, c->stmts.front());
      Change f;
      f.kind = c->kind;
      f.proc = orig.name;
      f.stmts = c->stmts;
      if (first) {
        f.file = first->loc.file < prog.files.size() ? prog.files[first->loc.file] : "";
        f.line = first->loc.line;
        f.col = first->loc.col;
        f.before = ir::toString(prog, orig, *first);
        if (c->kind != Kind::Delete)
          if (const Stmt *changed = findStmt(proc.body, c->stmts.front()))
            f.after = ir::toString(out, proc, *changed);
      }
      f.from = c->kind == Kind::Delete ? f.before : c->from;
      f.to = c->to;
      record->push_back(std::move(f));
    }
  }
  if (!deleted.empty())
    for (uint32_t pi = 0; pi < out.procs.size(); ++pi)
      eraseStmts(out.procs[pi].body, deleted);
  return out;
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

bool isTestDriver(const Program &prog, const std::string &mainFile, const std::string &entry) {
  uint32_t e = prog.procIndex(entry);
  if (e == ir::kNone || prog.procs[e].isTest)
    return false;
  std::vector<uint32_t> under = defaultProcsUnderTest(prog, mainFile, entry);
  if (under.empty() || std::find(under.begin(), under.end(), e) != under.end())
    return false;
  bool calls = false, checks = false, io = false;
  ir::forEachStmt(prog.procs[e].body, [&](const Stmt &s) {
    calls |= s.kind == Stmt::Call && std::find(under.begin(), under.end(), s.callee) != under.end();
    checks |= s.kind == Stmt::Assert;
    io |= s.kind == Stmt::Print || s.kind == Stmt::Scan;
  });
  return calls && checks && !io;
}

// ---- the mutation space of repair ----

namespace {

/// Whether a variable use is a lowering temporary of its procedure.
bool isTempUse(const ir::Procedure &p, const Expr &e) {
  return e.kind == Expr::VarUse && !e.var.global && e.var.index < p.vars.size() && p.vars[e.var.index].temp;
}
bool hasTemp(const ir::Procedure &p, const Expr &e) {
  if (isTempUse(p, e))
    return true;
  return std::any_of(e.args.begin(), e.args.end(), [&](const Expr &a) { return hasTemp(p, a); });
}

} // namespace

std::vector<Site> space(const Program &prog, const std::vector<uint32_t> &procs, unsigned level,
                        bool replacements, const std::unordered_set<uint32_t> *named) {
  std::vector<Site> out;
  ir::StmtIndex index(prog);
  std::unordered_set<StmtId> spec =
      ir::specificationStatements(prog, named); // never changed (docs/repair.md)
  std::vector<Candidate> cands = mutationCandidates(prog, procs, level, Table::Repair);
  if (replacements)
    for (Candidate &c : mutationCandidates(prog, procs, 0))
      if (c.slot != Slot::Guard) // a guard is a condition the lowering computed: no source form
        cands.push_back(std::move(c));
  for (const Candidate &c : cands) {
    if (std::any_of(c.stmts.begin(), c.stmts.end(), [&](StmtId id) { return spec.count(id) != 0; }))
      continue;
    if (out.empty() || out.back().stmts != c.stmts || out.back().slot != c.slot ||
        out.back().index != c.index) {
      Site site;
      site.proc = c.proc;
      site.stmts = c.stmts;
      site.slot = c.slot;
      site.index = c.index;
      site.from = c.from;
      const Stmt &s = *index.find(c.stmts.front());
      if (c.slot == Slot::Lhs || c.slot == Slot::Base || c.slot == Slot::Field) {
        site.node = ir::kNone;
        site.source = s.range.valid() && s.construct != 0;
      } else {
        Expr::Kind kind = c.slot == Slot::ExprOp    ? Expr::Binary
                          : c.slot == Slot::ExprInt ? Expr::IntLit
                                                    : Expr::VarUse;
        const Expr *node = exprNodes(s, kind).at(c.index);
        site.node = patch::nodeIndex(s, node);
        site.source = node->range.valid();
      }
      out.push_back(std::move(site));
    }
    Site &site = out.back();
    Option o;
    o.kind = c.kind;
    o.op = c.op;
    o.value = c.value;
    o.var = c.var;
    o.field = c.field;
    o.to = c.to;
    if (c.kind == Kind::Operator && ir::isBoolConnective(c.op)) {
      // A short circuit lowered into guarded statements: its left operand made an atom (a temporary), its
      // right operand's reads and calls guarded by it.
      const Stmt &s = *index.find(c.stmts.front());
      const Expr &node = *exprNodes(s, Expr::Binary).at(c.index);
      const ir::Procedure &p = prog.procs.at(c.proc);
      o.sourceExact = !isTempUse(p, node.args[0]) && !hasTemp(p, node.args[1]);
    }
    site.options.push_back(std::move(o));
  }
  // One site per source place: statements the injector's copy rule keeps apart (a loop condition computed
  // under the enclosing `if`'s guard before the loop, and unguarded at the end of its body) are copies of
  // the same text when the node's source range is the same (and its place in the statement), and an edit of
  // that text changes all of them.
  std::vector<Site> merged;
  for (Site &site : out) {
    auto same = std::find_if(merged.begin(), merged.end(), [&](const Site &m) {
      if (!site.source || !m.source || m.proc != site.proc || m.slot != site.slot || m.index != site.index ||
          m.node != site.node || m.from != site.from || m.options.size() != site.options.size())
        return false;
      const Expr *a = patch::nodeAt(*index.find(m.stmts.front()), m.node);
      const Expr *b = patch::nodeAt(*index.find(site.stmts.front()), site.node);
      return a && b && a->range == b->range;
    });
    if (same == merged.end()) {
      merged.push_back(std::move(site));
      continue;
    }
    same->stmts.insert(same->stmts.end(), site.stmts.begin(), site.stmts.end());
    std::sort(same->stmts.begin(), same->stmts.end());
  }
  return merged;
}

namespace {

Candidate candidateOf(const Site &site, const Option &o) {
  Candidate c;
  c.kind = o.kind;
  c.proc = site.proc;
  c.stmts = site.stmts;
  c.slot = site.slot;
  c.index = site.index;
  c.op = o.op;
  c.value = o.value;
  c.var = o.var;
  c.field = o.field;
  c.from = site.from;
  c.to = o.to;
  return c;
}

} // namespace

Program applyChoice(const Program &prog, const std::vector<std::pair<const Site *, const Option *>> &choice) {
  std::vector<Candidate> cands;
  for (const auto &[site, o] : choice)
    cands.push_back(candidateOf(*site, *o));
  std::vector<const Candidate *> ptrs;
  for (const Candidate &c : cands)
    ptrs.push_back(&c);
  return mutation::apply(prog, ptrs);
}

std::vector<patch::Edit> edits(const Program &prog,
                               const std::vector<std::pair<const Site *, const Option *>> &choice) {
  std::vector<patch::Edit> out;
  ir::StmtIndex index(prog);
  for (const auto &[site, o] : choice)
    for (StmtId id : site->stmts) {
      const Stmt &s = *index.find(id);
      if (site->node == ir::kNone) { // the assigned variable, the base or the field: the statement again
        Stmt n = s;
        if (site->slot == Slot::Lhs)
          n.lhs = o->var;
        else if (site->slot == Slot::Base)
          n.base = o->var;
        else
          n.field = o->field;
        out.push_back(patch::Edit::replaceStmt(id, std::move(n)));
        continue;
      }
      Expr e = *patch::nodeAt(s, site->node);
      e.range = {}; // the changed node (its operands keep their ranges: their text stays)
      if (o->kind == Kind::Operator)
        e.op = o->op;
      else if (o->kind == Kind::Var)
        e.var = o->var;
      else
        e.value = o->value;
      out.push_back(patch::Edit::replace(id, site->node, std::move(e)));
    }
  return out;
}

std::optional<std::vector<patch::Edit>> varEdits(const Program &prog, const Candidate &c) {
  if ((c.kind != Kind::Var && c.kind != Kind::Field) || c.slot == Slot::Guard)
    return std::nullopt;
  std::vector<patch::Edit> out;
  ir::StmtIndex index(prog);
  for (StmtId id : c.stmts) {
    const Stmt *s = index.find(id);
    if (!s)
      return std::nullopt;
    if (c.slot == Slot::Lhs || c.slot == Slot::Base || c.slot == Slot::Field) {
      if (!s->range.valid() || s->construct == 0)
        return std::nullopt;
      Stmt n = *s;
      if (c.slot == Slot::Lhs)
        n.lhs = c.var;
      else if (c.slot == Slot::Base)
        n.base = c.var;
      else
        n.field = c.field;
      out.push_back(patch::Edit::replaceStmt(id, std::move(n)));
      continue;
    }
    std::vector<const Expr *> uses = exprNodes(*s, Expr::VarUse);
    if (c.index >= uses.size() || !uses[c.index]->range.valid())
      return std::nullopt;
    Expr e = *uses[c.index];
    e.range = {};
    e.var = c.var;
    out.push_back(patch::Edit::replace(id, patch::nodeIndex(*s, uses[c.index]), std::move(e)));
  }
  return out;
}

} // namespace locus::repair::mutation

// The product of a program and a reference program (product.h).
#include "ir/product.h"

#include <set>

namespace locus::ir {

namespace {

std::string typeText(const Program &p, Type t) {
  switch (t.kind) {
  case Type::Int:
  case Type::Float: return numTypeName(t);
  case Type::Bool: return "bool";
  case Type::Ref: return t.record < p.records.size() ? p.records[t.record].name : "a reference";
  default: return "void";
  }
}

struct Remap {
  uint32_t records = 0, globals = 0, procs = 0;
  StmtId ids = 0;
  std::vector<uint32_t> files;

  void type(Type &t) const {
    if (t.kind == Type::Ref && t.record != kNone)
      t.record += records;
  }
  void loc(SourceLoc &l) const {
    if (l.valid() && l.file < files.size())
      l.file = files[l.file];
  }
  void var(VarRef &v) const {
    if (v.valid() && v.global)
      v.index += globals;
  }
  void expr(Expr &e) const {
    type(e.type);
    if (e.kind == Expr::VarUse)
      var(e.var);
    for (Expr &a : e.args)
      expr(a);
  }
  void stmts(std::vector<Stmt> &ss) const {
    for (Stmt &s : ss) {
      s.id += ids;
      loc(s.loc);
      expr(s.guard);
      var(s.lhs);
      var(s.base);
      if (s.record != kNone)
        s.record += records;
      if (s.callee != kNone)
        s.callee += procs;
      expr(s.value);
      for (Expr &a : s.args)
        expr(a);
      stmts(s.body);
    }
  }
};

/// A command-line entry's parameters: argc, argv_0, argv_1, … (ir/README.md); their number, or 0.
size_t commandLine(const Procedure &p) {
  if (p.params.empty() || p.vars[p.params[0]].name != "argc")
    return 0;
  for (size_t k = 1; k < p.params.size(); ++k)
    if (p.vars[p.params[k]].name != "argv_" + std::to_string(k - 1))
      return 0;
  return p.params.size();
}

void shiftVar(VarRef &v, uint32_t from, uint32_t by) {
  if (v.valid() && !v.global && v.index >= from)
    v.index += by;
}
void shiftExpr(Expr &e, uint32_t from, uint32_t by) {
  if (e.kind == Expr::VarUse)
    shiftVar(e.var, from, by);
  for (Expr &a : e.args)
    shiftExpr(a, from, by);
}
void shiftStmts(std::vector<Stmt> &ss, uint32_t from, uint32_t by) {
  for (Stmt &s : ss) {
    shiftExpr(s.guard, from, by);
    shiftVar(s.lhs, from, by);
    shiftVar(s.base, from, by);
    shiftExpr(s.value, from, by);
    for (Expr &a : s.args)
      shiftExpr(a, from, by);
    shiftStmts(s.body, from, by);
  }
}

/// Adds parameters argv_k … to a command-line entry that reads fewer arguments than the other program, so
/// that both take the same command line (the new ones are not read).
bool padCommandLine(Procedure &p, size_t count) {
  auto n = static_cast<uint32_t>(p.params.size());
  if (count <= n)
    return true;
  for (uint32_t k = n; k < count; ++k)
    if (p.varIndex("argv_" + std::to_string(k - 1)) != kNone)
      return false; // a local has the name

  auto extra = static_cast<uint32_t>(count - n);
  shiftStmts(p.pre, n, extra);
  shiftStmts(p.body, n, extra);
  shiftStmts(p.post, n, extra);
  if (p.result != kNone)
    p.result += extra;
  std::vector<Var> added;
  SourceLoc loc = p.vars[p.params.back()].loc;
  for (uint32_t k = n; k < count; ++k) {
    added.push_back({"argv_" + std::to_string(k - 1), Type::fixedInt(64, true), VarKind::Param, loc, false});
    p.params.push_back(k);
  }
  p.vars.insert(p.vars.begin() + n, added.begin(), added.end());
  return true;
}

} // namespace

std::optional<Product> makeProduct(const Program &progIn, uint32_t entry, const Program &refIn,
                                   uint32_t refEntry, std::string &err) {
  if (entry >= progIn.procs.size() || refEntry >= refIn.procs.size()) {
    err = "no such entry procedure";
    return std::nullopt;
  }
  // Two command-line entries take the same command line: the one that reads fewer arguments gets the others'.
  Program prog = progIn, ref = refIn;
  if (size_t a = commandLine(prog.procs[entry]), b = commandLine(ref.procs[refEntry]); a && b) {
    if (!padCommandLine(prog.procs[entry], b) || !padCommandLine(ref.procs[refEntry], a)) {
      err = "the programs read different numbers of arguments and one has a local named like an argument";
      return std::nullopt;
    }
  }
  const Procedure &p = prog.procs[entry], &r = ref.procs[refEntry];
  auto sig = [](const Program &pr, const Procedure &q) {
    std::string s = q.name + "(";
    for (size_t k = 0; k < q.params.size(); ++k)
      s += (k ? ", " : "") + typeText(pr, q.vars[q.params[k]].type);
    s += ")";
    if (q.result != kNone)
      s += " returns " + typeText(pr, q.vars[q.result].type);
    return s;
  };
  bool same = p.params.size() == r.params.size() && (p.result == kNone) == (r.result == kNone);
  for (size_t k = 0; same && k < p.params.size(); ++k) {
    Type a = p.vars[p.params[k]].type, b = r.vars[r.params[k]].type;
    same = a.kind != Type::Ref && a == b;
  }
  if (same && p.result != kNone)
    same = p.vars[p.result].type.kind != Type::Ref && p.vars[p.result].type == r.vars[r.result].type;
  if (!same) {
    err = "the reference's entry " + sig(ref, r) + " does not have the signature of " + sig(prog, p) +
          " (the same int and bool parameters and result)";
    return std::nullopt;
  }

  Product out;
  out.prog = prog;
  Program &pp = out.prog;
  Remap m;
  m.records = static_cast<uint32_t>(pp.records.size());
  m.globals = static_cast<uint32_t>(pp.globals.size());
  m.procs = static_cast<uint32_t>(pp.procs.size());
  m.ids = pp.maxStmtId();
  for (const std::string &f : ref.files) {
    uint32_t k = 0;
    while (k < pp.files.size() && pp.files[k] != f)
      ++k;
    if (k == pp.files.size())
      pp.files.push_back(f);
    m.files.push_back(k);
  }
  // Names: records, globals and procedures share one namespace; the reference's get a prefix that no name
  // of either program starts with.
  std::set<std::string> names;
  for (const Program *q : {&prog, &ref}) {
    for (const Record &x : q->records)
      names.insert(x.name);
    for (const Var &x : q->globals)
      names.insert(x.name);
    for (const Procedure &x : q->procs)
      names.insert(x.name);
  }
  std::string prefix = "ref_";
  for (unsigned i = 1;; ++i) {
    bool clash = false;
    for (const std::string &n : names)
      clash |= n.rfind(prefix, 0) == 0;
    if (!clash)
      break;
    prefix = "ref" + std::to_string(i) + "_";
  }
  out.referencePrefix = prefix;
  for (Record rec : ref.records) {
    rec.name = prefix + rec.name;
    m.loc(rec.loc);
    for (Field &f : rec.fields) {
      m.type(f.type);
      m.loc(f.loc);
    }
    pp.records.push_back(std::move(rec));
  }
  for (Var g : ref.globals) {
    g.name = prefix + g.name;
    m.type(g.type);
    m.loc(g.loc);
    pp.globals.push_back(std::move(g));
  }
  for (Procedure q : ref.procs) {
    q.name = prefix + q.name;
    m.loc(q.loc);
    for (Var &v : q.vars) {
      m.type(v.type);
      m.loc(v.loc);
    }
    m.stmts(q.pre);
    m.stmts(q.body);
    m.stmts(q.post);
    pp.procs.push_back(std::move(q));
  }
  out.entry = entry;
  out.reference = m.procs + refEntry;
  return out;
}

} // namespace locus::ir

// IR helpers: constructors, lookups, operator spellings.
#include "ir/ir.h"

#include <algorithm>

namespace locus::ir {

const char *opSpelling(Op op) {
  switch (op) {
  case Op::Neg: return "-";
  case Op::Not: return "not";
  case Op::Add: return "+";
  case Op::Sub: return "-";
  case Op::Mul: return "*";
  case Op::Div: return "/";
  case Op::Mod: return "%";
  case Op::Eq: return "==";
  case Op::Ne: return "!=";
  case Op::Lt: return "<";
  case Op::Le: return "<=";
  case Op::Gt: return ">";
  case Op::Ge: return ">=";
  case Op::And: return "and";
  case Op::Or: return "or";
  case Op::Implies: return "==>";
  }
  return "?";
}

bool isUnary(Op op) {
  return op == Op::Neg || op == Op::Not;
}
bool isComparison(Op op) {
  return op >= Op::Eq && op <= Op::Ge;
}
bool isBoolConnective(Op op) {
  return op == Op::And || op == Op::Or || op == Op::Implies;
}
bool isArithmetic(Op op) {
  return op >= Op::Add && op <= Op::Mod;
}

const char *stmtKindName(Stmt::Kind k) {
  switch (k) {
  case Stmt::Assign: return "assign";
  case Stmt::GetField: return "getfield";
  case Stmt::PutField: return "putfield";
  case Stmt::New: return "new";
  case Stmt::Nondet: return "nondet";
  case Stmt::Assume: return "assume";
  case Stmt::Assert: return "assert";
  case Stmt::Call: return "call";
  case Stmt::Return: return "return";
  case Stmt::Halt: return "halt";
  case Stmt::Skip: return "skip";
  case Stmt::Break: return "break";
  case Stmt::Continue: return "continue";
  case Stmt::While: return "while";
  case Stmt::Concrete: return "concrete";
  }
  return "?";
}

Expr Expr::intLit(int64_t v) {
  Expr e;
  e.kind = IntLit;
  e.type = Type::intType();
  e.value = v;
  return e;
}

Expr Expr::boolLit(bool b) {
  Expr e;
  e.kind = BoolLit;
  e.type = Type::boolType();
  e.value = b ? 1 : 0;
  return e;
}

Expr Expr::nullLit() {
  Expr e;
  e.kind = NullLit;
  e.type = Type::nullType();
  return e;
}

Expr Expr::varUse(VarRef v, Type t) {
  Expr e;
  e.kind = VarUse;
  e.var = v;
  e.type = t;
  return e;
}

Expr Expr::unary(Op op, Expr a) {
  Expr e;
  e.kind = Unary;
  e.op = op;
  e.type = op == Op::Neg ? Type::intType() : Type::boolType();
  e.args.push_back(std::move(a));
  return e;
}

Expr Expr::binary(Op op, Expr a, Expr b) {
  Expr e;
  e.kind = Binary;
  e.op = op;
  e.type = isArithmetic(op) ? Type::intType() : Type::boolType();
  e.args.push_back(std::move(a));
  e.args.push_back(std::move(b));
  return e;
}

Expr defaultValue(Type t) {
  switch (t.kind) {
  case Type::Int: return Expr::intLit(0);
  case Type::Bool: return Expr::boolLit(false);
  default: return Expr::nullLit();
  }
}

uint32_t Record::fieldIndex(const std::string &n) const {
  for (size_t i = 0; i < fields.size(); ++i)
    if (fields[i].name == n)
      return static_cast<uint32_t>(i);
  return kNone;
}

uint32_t Procedure::varIndex(const std::string &n) const {
  for (size_t i = 0; i < vars.size(); ++i)
    if (vars[i].name == n)
      return static_cast<uint32_t>(i);
  return kNone;
}

template <typename T> static uint32_t indexByName(const std::vector<T> &v, const std::string &n) {
  for (size_t i = 0; i < v.size(); ++i)
    if (v[i].name == n)
      return static_cast<uint32_t>(i);
  return kNone;
}

uint32_t Program::recordIndex(const std::string &n) const {
  return indexByName(records, n);
}
uint32_t Program::globalIndex(const std::string &n) const {
  return indexByName(globals, n);
}
uint32_t Program::procIndex(const std::string &n) const {
  return indexByName(procs, n);
}

StmtId Program::maxStmtId() const {
  StmtId m = 0;
  forEachStmt(*this, [&](const Procedure &, const Stmt &s) { m = std::max(m, s.id); });
  return m;
}

StmtIndex::StmtIndex(const Program &prog) {
  for (uint32_t i = 0; i < prog.procs.size(); ++i) {
    auto add = [&](const Stmt &s) { map_.emplace(s.id, std::make_pair(i, &s)); };
    forEachStmt(prog.procs[i].pre, add);
    forEachStmt(prog.procs[i].body, add);
    forEachStmt(prog.procs[i].post, add);
  }
}

const Stmt *StmtIndex::find(StmtId id) const {
  auto it = map_.find(id);
  return it == map_.end() ? nullptr : it->second.second;
}

uint32_t StmtIndex::procOf(StmtId id) const {
  auto it = map_.find(id);
  return it == map_.end() ? kNone : it->second.first;
}

void assignFiles(Program &prog, const std::vector<std::string> &paths) {
  std::vector<uint32_t> map(paths.size(), kNone);
  prog.files.clear();
  auto use = [&](SourceLoc &l) {
    if (!l.valid() || l.file >= map.size())
      return;
    if (map[l.file] == kNone) {
      map[l.file] = static_cast<uint32_t>(prog.files.size());
      prog.files.push_back(paths[l.file]);
    }
    l.file = map[l.file];
  };
  forEachStmt(prog, [&](Procedure &, Stmt &s) { use(s.loc); });
  for (Record &r : prog.records) {
    use(r.loc);
    for (Field &f : r.fields)
      use(f.loc);
  }
  for (Var &g : prog.globals)
    use(g.loc);
  for (Procedure &p : prog.procs) {
    use(p.loc);
    for (Var &v : p.vars)
      use(v.loc);
  }
}

std::string formatLoc(const Program &prog, SourceLoc loc) {
  std::string s = loc.file < prog.files.size() ? prog.files[loc.file] : std::string("<unknown>");
  if (loc.line)
    s += ":" + std::to_string(loc.line) + ":" + std::to_string(loc.col);
  return s;
}

} // namespace locus::ir

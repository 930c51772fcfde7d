// IR helpers: constructors, lookups, operator spellings.
#include "ir/ir.h"

#include <algorithm>
#include <set>

namespace locus::ir {

const char *opSpelling(Op op) {
  switch (op) {
  case Op::Neg: return "-";
  case Op::Not: return "not";
  case Op::BitNot: return "~";
  case Op::Cast: return "cast";
  case Op::FAbs: return "fabs";
  case Op::FSqrt: return "fsqrt";
  case Op::FFloor: return "ffloor";
  case Op::FCeil: return "fceil";
  case Op::FRound: return "fround";
  case Op::FTrunc: return "ftrunc";
  case Op::Add: return "+";
  case Op::Sub: return "-";
  case Op::Mul: return "*";
  case Op::Div: return "/";
  case Op::Mod: return "%";
  case Op::BitAnd: return "&";
  case Op::BitOr: return "|";
  case Op::BitXor: return "^";
  case Op::Shl: return "<<";
  case Op::Shr: return ">>";
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
  return op == Op::Neg || op == Op::Not || op == Op::BitNot || op == Op::Cast || isFloatFunction(op);
}
bool isFloatFunction(Op op) {
  return op >= Op::FAbs && op <= Op::FTrunc;
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
bool isBitOp(Op op) {
  return op >= Op::BitAnd && op <= Op::Shr;
}
bool isShift(Op op) {
  return op == Op::Shl || op == Op::Shr;
}

bool isKeyword(const std::string &s) {
  static const std::set<std::string> keywords = {
      "import",  "type",   "var",      "int",    "int8",   "int16",    "int32",    "int64",
      "uint8",   "uint16", "uint32",   "uint64", "bool",   "proc",     "returns",  "requires",
      "ensures", "test",   "new",      "nondet", "assume", "assert",   "halt",     "return",
      "skip",    "break",  "continue", "if",     "else",   "while",    "concrete", "not",
      "and",     "or",     "true",     "false",  "null",   "float32",  "float64",  "fabs",
      "fsqrt",   "ffloor", "fceil",    "fround", "ftrunc", "invariant"};
  return keywords.count(s) != 0;
}

std::string intTypeName(Type t) {
  if (t.kind != Type::Int)
    return "";
  if (t.bits == 0)
    return "int";
  return (t.isSigned ? "int" : "uint") + std::to_string(t.bits);
}

std::optional<Type> intTypeNamed(const std::string &name) {
  if (name == "int")
    return Type::intType();
  for (uint8_t bits : {8, 16, 32, 64})
    for (bool sig : {true, false})
      if (name == intTypeName(Type::fixedInt(bits, sig)))
        return Type::fixedInt(bits, sig);
  return std::nullopt;
}

std::string numTypeName(Type t) {
  if (t.kind == Type::Float)
    return t.bits == 32 ? "float32" : "float64";
  return intTypeName(t);
}

std::optional<Type> numTypeNamed(const std::string &name) {
  if (name == "float32")
    return Type::floatType(32);
  if (name == "float64")
    return Type::floatType(64);
  return intTypeNamed(name);
}

std::string intSuffix(Type t) {
  if (!t.isFixedInt())
    return "";
  return (t.isSigned ? "i" : "u") + std::to_string(t.bits);
}

BigInt minOf(Type t) {
  return t.isSigned ? -BigInt::pow2(t.bits - 1u) : BigInt(0);
}

BigInt maxOf(Type t) {
  return BigInt::pow2(t.isSigned ? t.bits - 1u : t.bits) - 1;
}

bool fitsIn(const BigInt &v, Type t) {
  if (!t.isFixedInt())
    return t.kind == Type::Int;
  return minOf(t) <= v && v <= maxOf(t);
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
  case Stmt::Print: return "print";
  case Stmt::Scan: return "scan";
  case Stmt::GetElem: return "getelem";
  case Stmt::PutElem: return "putelem";
  case Stmt::NewArray: return "newarray";
  case Stmt::Length: return "length";
  }
  return "?";
}

Expr Expr::intLit(BigInt v) {
  return intLit(std::move(v), Type::intType());
}

Expr Expr::intLit(BigInt v, Type t) {
  Expr e;
  e.kind = IntLit;
  e.type = t;
  e.value = std::move(v);
  return e;
}

Expr Expr::cast(Type t, Expr a) {
  Expr e;
  e.kind = Unary;
  e.op = Op::Cast;
  e.type = t;
  e.args.push_back(std::move(a));
  return e;
}

Expr Expr::floatLit(uint64_t bits, Type t) {
  Expr e;
  e.kind = FloatLit;
  e.type = t;
  e.value = BigInt(static_cast<int64_t>(t.bits == 32 ? bits & 0xffffffffu : bits));
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
  e.type = op == Op::Not ? Type::boolType() : a.type; // Neg, BitNot: the operand's type (Cast: Expr::cast)
  e.args.push_back(std::move(a));
  return e;
}

Expr Expr::binary(Op op, Expr a, Expr b) {
  Expr e;
  e.kind = Binary;
  e.op = op;
  // Arithmetic and bit operations: the (left) operand's type; comparisons and connectives: bool.
  e.type = isArithmetic(op) || isBitOp(op) ? a.type : Type::boolType();
  e.args.push_back(std::move(a));
  e.args.push_back(std::move(b));
  return e;
}

Expr defaultValue(Type t) {
  switch (t.kind) {
  case Type::Int: return Expr::intLit(0, t);
  case Type::Float: return Expr::floatLit(0, t);
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

bool usesValue(Stmt::Kind k) {
  return k == Stmt::Assign || k == Stmt::PutField || k == Stmt::Assume || k == Stmt::Assert ||
         k == Stmt::While || k == Stmt::PutElem || k == Stmt::NewArray;
}

void clearRanges(Expr &e) {
  forEachNode(e, [](Expr &x) { x.range = {}; });
}

void clearSourceInfo(Program &prog) {
  forEachStmt(prog, [](Procedure &, Stmt &s) {
    s.construct = 0;
    s.range = {};
    if (s.kind == Stmt::Nondet)
      s.message.clear();
    forEachExprOf(s, [](Expr &e) { clearRanges(e); });
  });
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
  // Ranges lie in their statement's file (ir::validate), so they add no file of their own.
  auto useRange = [&](SourceRange &r) {
    use(r.begin);
    use(r.end);
  };
  forEachStmt(prog, [&](Procedure &, Stmt &s) {
    useRange(s.range);
    forEachExprOf(s, [&](Expr &e) { forEachNode(e, [&](Expr &x) { useRange(x.range); }); });
  });
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

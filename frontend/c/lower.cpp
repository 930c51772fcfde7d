// Lowering of a clang C AST (the subset of docs/c.md) to canonical IR; the scheme is in frontend/c/README.md.
// This file: the shared helpers on IR expressions, FnLowering's variables, temporaries, guards and
// conversions, and FnLowering::run (a function's signature, body and checks). The class definitions are in
// lowering.h.
#include "frontend/c/audit.h"
#include "frontend/c/lowering.h"
#include "ir/floats.h"
#include "ir/ints.h"

#include <clang/AST/ExprCXX.h> // TypeTraitExpr: __builtin_types_compatible_p

#include <algorithm>
#include <map>
#include <set>

namespace locus::c::lower {

/// Names the IR cannot use: GCL keywords, and `temp` (printed IR's temporary declarations start with it).
bool isKeyword(const std::string &s) {
  return ir::isKeyword(s) || s == "temp";
}

/// An enclosing guard copied into a condition `g and c`: without its range (the text of an enclosing
/// statement's condition, not of this statement).
Expr bare(Expr g) {
  g.range = {};
  return g;
}

bool isAtom(const Expr &e) {
  return e.kind == Expr::BoolLit || (e.kind == Expr::VarUse && e.type.kind == ir::Type::Bool);
}
bool isLiteral(const Expr &e) {
  return e.kind == Expr::IntLit || e.kind == Expr::BoolLit || e.kind == Expr::NullLit;
}

/// The IR type of a C integer type: `_Bool` → bool; char, short, int, long, long long, enums (their
/// underlying type), signed or unsigned → the fixed-width int of the same width and signedness (LP64:
/// long is 64 bits). nullopt for every other type and for widths the IR has not (e.g. __int128).
std::optional<ir::Type> intType(cl::QualType t, const cl::ASTContext &ctx) {
  t = t.getCanonicalType();
  if (t->isBooleanType())
    return ir::Type::boolType();
  if (t->isSpecificBuiltinType(cl::BuiltinType::Float))
    return ir::Type::floatType(32);
  if (t->isSpecificBuiltinType(cl::BuiltinType::Double))
    return ir::Type::floatType(64);
  if (!t->isIntegerType() || (t->isEnumeralType() && !t->castAs<cl::EnumType>()->getDecl()->isComplete()))
    return std::nullopt;
  unsigned w = ctx.getIntWidth(t);
  if (w != 8 && w != 16 && w != 32 && w != 64)
    return std::nullopt;
  return ir::Type::fixedInt(static_cast<uint8_t>(w), t->isSignedIntegerOrEnumerationType());
}

/// The value of a clang integer constant as a BigInt (signed or unsigned as its type).
ir::BigInt bigOf(const llvm::APSInt &v) {
  if (v.getBitWidth() > 64) {
    llvm::APSInt w = v.extOrTrunc(64); // callers only pass constants of types of at most 64 bits
    return w.isSigned() ? ir::BigInt(w.getSExtValue()) : ir::BigInt::fromUint64(w.getZExtValue());
  }
  return v.isSigned() ? ir::BigInt(v.getSExtValue()) : ir::BigInt::fromUint64(v.getZExtValue());
}

/// The literal v of IR type t (an int type: v converted as C converts; bool: v != 0).
Expr literal(const ir::BigInt &v, ir::Type t) {
  if (t.kind == ir::Type::Bool)
    return Expr::boolLit(!v.isZero());
  return Expr::intLit(ir::convertTo(v, t, ir::IntMode::Math), t);
}

bool isStructValue(cl::QualType t) {
  return t.getCanonicalType()->isStructureType();
}

// ================================================================================================
// Small expression helpers

Expr i64(int64_t v) {
  return Expr::intLit(v, ir::Type::fixedInt(64, true));
}

Expr toI64(Expr e) {
  const ir::Type t = ir::Type::fixedInt(64, true);
  if (e.type == t)
    return e;
  if (e.kind == Expr::IntLit)
    return Expr::intLit(ir::castValue(e.value, e.type, t, ir::IntMode::Math), t);
  Expr c = Expr::cast(t, std::move(e));
  return c;
}

Expr addI64(Expr a, Expr b) {
  a = toI64(std::move(a));
  b = toI64(std::move(b));
  if (a.kind == Expr::IntLit && a.value.isZero())
    return b;
  if (b.kind == Expr::IntLit && b.value.isZero())
    return a;
  return fold(Expr::binary(ir::Op::Add, std::move(a), std::move(b)));
}

Expr mulI64(Expr a, Expr b) {
  a = toI64(std::move(a));
  b = toI64(std::move(b));
  if (a.kind == Expr::IntLit && a.value == ir::BigInt(1))
    return b;
  if (b.kind == Expr::IntLit && b.value == ir::BigInt(1))
    return a;
  return fold(Expr::binary(ir::Op::Mul, std::move(a), std::move(b)));
}

Expr allOf(std::vector<Expr> es) {
  Expr r = Expr::boolLit(true);
  for (Expr &e : es) {
    if (e.isTrue())
      continue;
    r = r.isTrue() ? std::move(e) : Expr::binary(ir::Op::And, std::move(r), std::move(e));
  }
  return r;
}

Expr anyOf(std::vector<Expr> es) {
  Expr r = Expr::boolLit(false);
  for (Expr &e : es) {
    if (e.isFalse())
      continue;
    r = r.isFalse() ? std::move(e) : Expr::binary(ir::Op::Or, std::move(r), std::move(e));
  }
  return r;
}

bool isZeroLit(const Expr &e) {
  return ((e.kind == Expr::IntLit || e.kind == Expr::FloatLit) && e.value.isZero()) || e.isFalse() ||
         e.kind == Expr::NullLit;
}

Expr eqParts(const Expr &a, const Expr &b) {
  if (a.kind == Expr::NullLit && b.kind == Expr::NullLit)
    return Expr::boolLit(true);
  return fold(Expr::binary(ir::Op::Eq, a, b));
}

Expr nonNull(const Expr &a) {
  if (a.kind == Expr::NullLit)
    return Expr::boolLit(false);
  return Expr::binary(ir::Op::Ne, a, Expr::nullLit());
}

// ================================================================================================
// FnLowering

FnLowering::FnLowering(UnitLowering &u, const cl::FunctionDecl *fd, ir::Procedure &p)
    : u_(u), prog_(u.prog_), fd_(fd), p_(p) {}

FnLowering::DepthGuard::DepthGuard(FnLowering &fl, const cl::Stmt *at) : f(fl) {
  if (++f.depth_ > kMaxDepth) {
    --f.depth_;
    f.u_.error(at->getBeginLoc(), "expression or statement nested too deeply (more than " +
                                      std::to_string(kMaxDepth) + " levels)");
  }
}

void FnLowering::unsupported(const cl::Stmt *s, const std::string &what) {
  u_.unsupported(s->getBeginLoc(), what);
}
void FnLowering::unsupported(cl::SourceLocation l, const std::string &what) {
  u_.unsupported(l, what);
}
/// The audit (audit.h): a node whose kind the lowering has no code for is reported here, before any dispatch.
void FnLowering::admit(const cl::Stmt *s) {
  audit::Entry a = audit::stmtClass(s->getStmtClass());
  if (a.support != audit::Support::Lowered)
    unsupported(s, a.what ? a.what : std::string(s->getStmtClassName()) + " (not C)");
}
void FnLowering::admitDecl(const cl::Decl *d) {
  u_.admitDecl(d);
}
SourceLoc FnLowering::irLoc(cl::SourceLocation l) {
  return u_.irLoc(l);
}
std::string FnLowering::text(const cl::Stmt *s) const {
  return u_.text(s);
}
ir::Type FnLowering::irType(cl::QualType t, cl::SourceLocation where, const std::string &what) {
  return u_.irType(t, where, what);
}

void FnLowering::collectNames(const cl::Stmt *s) {
  if (!s)
    return;
  if (const auto *ds = llvm::dyn_cast<cl::DeclStmt>(s))
    for (const cl::Decl *d : ds->decls())
      if (const auto *vd = llvm::dyn_cast<cl::VarDecl>(d))
        sourceNames_.insert(vd->getNameAsString());
  for (const cl::Stmt *c : s->children())
    collectNames(c);
}

bool FnLowering::taken(const std::string &n) const {
  return isKeyword(n) || used_.count(n) || sourceNames_.count(n) || prog_.globalIndex(n) != ir::kNone;
}

uint32_t FnLowering::addVar(const std::string &base, ir::Type t, ir::VarKind k, SourceLoc loc) {
  std::string name = base.empty() ? "p" : base;
  if (isKeyword(name) || used_.count(name) || prog_.globalIndex(name) != ir::kNone)
    for (unsigned i = 1;; ++i)
      if (name = base + "_" + std::to_string(i); !taken(name))
        break;
  used_.insert(name);
  p_.vars.push_back({name, t, k, loc});
  return static_cast<uint32_t>(p_.vars.size() - 1);
}

VarRef FnLowering::temp(ir::Type t) {
  bool isBool = t.kind == ir::Type::Bool;
  unsigned &n = isBool ? boolTemps_ : otherTemps_;
  std::string name;
  do
    name = (isBool ? "b" : "t") + std::to_string(n++);
  while (taken(name));
  used_.insert(name);
  p_.vars.push_back({name, t, ir::VarKind::Local, loc_, true});
  return {false, static_cast<uint32_t>(p_.vars.size() - 1)};
}

bool FnLowering::isUserVar(const Expr &e) const {
  return e.kind == Expr::VarUse && (e.var.global || !p_.vars.at(e.var.index).temp);
}

ir::Type FnLowering::typeOf(VarRef v) const {
  return prog_.var(p_, v).type;
}

const VarInfo &FnLowering::varInfo(const cl::VarDecl *vd, const cl::Stmt *at) {
  if (auto it = locals_.find(vd); it != locals_.end()) {
    if (it->second.isArgv && !argvAccess_)
      unsupported(at, "'" + it->second.name +
                          "' used other than as atoi(argv[i]), atol(argv[i]) or strtol(argv[i], NULL, 10)");
    return it->second;
  }
  if (auto it = u_.globals_.find(vd->getCanonicalDecl()); it != u_.globals_.end())
    return it->second;
  if (u_.brokenGlobals_.count(vd->getCanonicalDecl()))
    throw Unsupported{}; // its declaration was already reported
  unsupported(at, "variable '" + vd->getNameAsString() + "' without a definition in the file");
}

ir::Stmt FnLowering::make(ir::Stmt::Kind k, const Expr &g) {
  ir::Stmt s;
  s.kind = k;
  s.loc = loc_;
  s.guard = g;
  s.construct = construct_;
  s.range = range_;
  return s;
}
ir::Stmt FnLowering::assign(const Expr &g, VarRef lhs, Expr v) {
  ir::Stmt s = make(ir::Stmt::Assign, g);
  s.lhs = lhs;
  s.value = std::move(v);
  return s;
}

FnLowering::Checkpoint FnLowering::checkpoint() const {
  return {out_->size(), p_.vars.size(), boolTemps_, otherTemps_};
}
void FnLowering::rollback(const Checkpoint &c) {
  out_->resize(c.out);
  for (size_t i = c.vars; i < p_.vars.size(); ++i)
    used_.erase(p_.vars[i].name);
  p_.vars.resize(c.vars);
  boolTemps_ = c.boolTemps;
  otherTemps_ = c.otherTemps;
}

// ---- guards ----

/// A bool atom equal to `e` where g holds (a temporary assigned under g unless e is already one).
Expr FnLowering::atomize(Expr e, const Expr &g) {
  if (isAtom(e))
    return e;
  VarRef t = temp(ir::Type::boolType());
  Expr u = use(t);
  u.range = e.range; // the temporary stands for e's text
  emit(assign(g, t, std::move(e)));
  return u;
}

/// An atom for `g and c` (`g and not c` when negate), c an atom; a temporary assigned unguarded (so it
/// is never stale), except that `c` itself is returned when g is true and c is a temporary.
Expr FnLowering::conj(const Expr &g, const Expr &c, bool negate) {
  if (g.isFalse())
    return Expr::boolLit(false);
  if (c.kind == Expr::BoolLit)
    return c.value.isZero() == negate ? g : Expr::boolLit(false);
  if (g.isTrue() && !negate && !isUserVar(c))
    return c;
  Expr cc = negate ? Expr::unary(ir::Op::Not, c) : c;
  VarRef t = temp(ir::Type::boolType());
  emit(assign(Expr::boolLit(true), t,
              g.isTrue() ? std::move(cc) : Expr::binary(ir::Op::And, bare(g), std::move(cc))));
  return use(t);
}

/// An atom for `g and e` (e pure, its parts already computed under g).
Expr FnLowering::guardAnd(const Expr &g, Expr e) {
  if (isAtom(e))
    return conj(g, e, false);
  VarRef t = temp(ir::Type::boolType());
  emit(assign(Expr::boolLit(true), t,
              g.isTrue() ? std::move(e) : Expr::binary(ir::Op::And, bare(g), std::move(e))));
  return use(t);
}

/// `e` itself if it is a literal or a temporary, else a temporary holding its value (assigned under g).
Expr FnLowering::materialize(Expr e, const Expr &g) {
  if (isLiteral(e) || (e.kind == Expr::VarUse && !isUserVar(e)))
    return e;
  VarRef t = temp(e.type);
  Expr u = use(t);
  u.range = e.range;
  emit(assign(g, t, std::move(e)));
  return u;
}

/// `e` was computed before out_[mark]; if the statements from there on may change a variable it reads,
/// its value is copied into a temporary at `mark` (C evaluation order: operands left to right).
Expr FnLowering::settle(Expr e, size_t mark, const Expr &g) {
  if (isLiteral(e) || mark >= out_->size())
    return e;
  std::set<VarRef> written;
  bool anyCall = false;
  for (size_t i = mark; i < out_->size(); ++i) {
    const ir::Stmt &s = (*out_)[i];
    anyCall |= s.kind == ir::Stmt::Call;
    if (s.lhs.valid() && (s.lhs.global || !p_.vars.at(s.lhs.index).temp))
      written.insert(s.lhs);
  }
  bool stale = false;
  forEachVar(e, [&](VarRef v) { stale |= written.count(v) != 0 || (anyCall && v.global); });
  if (!stale)
    return e;
  VarRef t = temp(e.type);
  Expr u = use(t);
  u.range = e.range;
  out_->insert(out_->begin() + static_cast<std::ptrdiff_t>(mark), assign(g, t, std::move(e)));
  return u;
}

// ---- conversions ----

Expr FnLowering::asBool(Expr v) {
  switch (v.type.kind) {
  case ir::Type::Bool: return v;
  case ir::Type::Int:
    if (v.kind == Expr::IntLit)
      return Expr::boolLit(!v.value.isZero());
    return Expr::binary(ir::Op::Ne, std::move(v), Expr::intLit(0, v.type));
  case ir::Type::Float: // C's `x != 0`: true for a NaN
    return Expr::binary(ir::Op::Ne, std::move(v), Expr::floatLit(0, v.type));
  case ir::Type::Null: return Expr::boolLit(false);
  default: return Expr::binary(ir::Op::Ne, std::move(v), Expr::nullLit());
  }
}

/// An int, float or C truth value as a float of type t, converted as C converts (ir/floats.h; a literal
/// folded; a truth value through an int 0/1).
Expr FnLowering::asFloat(Expr v, ir::Type t, const Expr &g) {
  if (v.type == t)
    return v;
  if (v.type.kind == ir::Type::Bool)
    v = asInt(std::move(v), ir::Type::fixedInt(32, true), g);
  if (v.kind == Expr::IntLit || v.kind == Expr::FloatLit) {
    std::optional<ir::BigInt> r = ir::castFloat(v.value, v.type, t);
    return Expr::floatLit(ir::floatBits(*r, t), t);
  }
  return Expr::cast(t, std::move(v));
}

/// An int or a C truth value (IR bool) as an int of type t: a truth value becomes 0/1 through
/// `[g] tmp := 0; [g and v] tmp := 1`, another int type is converted (a literal folded).
Expr FnLowering::asInt(Expr v, ir::Type t, const Expr &g) {
  if (v.type.kind == ir::Type::Float) // truncation; out of range: a failure where it runs (ir/floats.h)
    return Expr::cast(t, std::move(v));
  if (v.type.kind == ir::Type::Int) {
    if (v.type == t)
      return v;
    if (v.kind == Expr::IntLit)
      return Expr::intLit(ir::castValue(v.value, v.type, t, ir::IntMode::Math), t);
    return Expr::cast(t, std::move(v));
  }
  if (v.kind == Expr::BoolLit)
    return Expr::intLit(v.value, t);
  v = asBool(std::move(v));
  VarRef tmp = temp(t);
  emit(assign(g, tmp, Expr::intLit(0, t)));
  Expr c = guardAnd(g, std::move(v));
  emit(assign(c, tmp, Expr::intLit(1, t)));
  return use(tmp);
}

/// v made a value of IR type t (an int type: converted as C converts; bool: `!= 0`; references: as is).
Expr FnLowering::coerce(Expr v, ir::Type t, const Expr &g) {
  if (t.kind == ir::Type::Int)
    return asInt(std::move(v), t, g);
  if (t.kind == ir::Type::Float)
    return asFloat(std::move(v), t, g);
  if (t.kind == ir::Type::Bool)
    return asBool(std::move(v));
  return v;
}

/// A scalar value converted to the C type `to` (integer conversions as C does them; others unchanged).
Expr FnLowering::convert(Expr v, cl::QualType to, const Expr &g) {
  std::optional<ir::Type> t = intType(to, u_.ctx_);
  return t ? coerce(std::move(v), *t, g) : v;
}

/// The C integer (or _Bool) value of `e` as IR type t.
Expr FnLowering::rvAs(const cl::Expr *e, ir::Type t, const Expr &g) {
  return coerce(rv(e, g), t, g);
}

/// The IR type of the C integer type of `e` (reported unsupported otherwise).
ir::Type FnLowering::intTypeOf(const cl::Expr *e) {
  if (std::optional<ir::Type> t = intType(e->getType(), u_.ctx_))
    return *t;
  if (e->getType()->isFloatingType())
    unsupported(e, "floating-point type '" + e->getType().getAsString() + "' (supported: float and double)");
  unsupported(e, "integer type '" + e->getType().getAsString() + "' (supported: 8, 16, 32 and 64 bits)");
}

/// The IR type of a C float or double expression (reported unsupported otherwise: long double).
ir::Type FnLowering::floatTypeOf(const cl::Expr *e) {
  if (std::optional<ir::Type> t = intType(e->getType(), u_.ctx_); t && t->isFloat())
    return *t;
  unsupported(e, "floating-point type '" + e->getType().getAsString() + "' (supported: float and double)");
}

/// The IR type of a C integer, _Bool, float or double expression (reported unsupported otherwise).
ir::Type FnLowering::floatOrIntTypeOf(const cl::Expr *e) {
  if (std::optional<ir::Type> t = intType(e->getType(), u_.ctx_))
    return *t;
  if (e->getType()->isFloatingType())
    floatTypeOf(e);
  return intTypeOf(e);
}

/// The constant leaves of integer expressions as literals: integer and character literals, enumeration
/// constants, sizeof/_Alignof/offsetof. (Operations on literals are folded bottom-up by fold(): asking clang
/// to evaluate every subexpression would cost time quadratic in the length of a long operator chain.)
std::optional<Expr> FnLowering::folded(const cl::Expr *e) {
  bool leaf = llvm::isa<cl::IntegerLiteral>(e) || llvm::isa<cl::CharacterLiteral>(e) ||
              llvm::isa<cl::TypeTraitExpr>(e) || llvm::isa<cl::UnaryExprOrTypeTraitExpr>(e) ||
              llvm::isa<cl::OffsetOfExpr>(e);
  if (const auto *dr = llvm::dyn_cast<cl::DeclRefExpr>(e))
    leaf = llvm::isa<cl::EnumConstantDecl>(dr->getDecl());
  if (!leaf || !e->getType()->isIntegerType() || e->isValueDependent() || !e->isIntegerConstantExpr(u_.ctx_))
    return std::nullopt;
  std::optional<ir::Type> t = intType(e->getType(), u_.ctx_);
  cl::Expr::EvalResult r;
  if (!t || !e->EvaluateAsInt(r, u_.ctx_) || r.HasUndefinedBehavior)
    return std::nullopt;
  return literal(bigOf(r.Val.getInt()), *t);
}

/// The integer operation `op` on a and b (both of `e`'s type t, or for a shift: a of type t, b the amount
/// of any integer type). A shift first asserts its amount is in [0, width): C leaves other amounts undefined.
Expr FnLowering::intOp(ir::Op op, Expr a, Expr b, const cl::Expr *e, const Expr &g) {
  if (ir::isShift(op)) {
    int64_t w = a.type.bits;
    std::string msg = "shift amount in range: " + text(e) + " (0 to " + std::to_string(w - 1) + ")";
    SourceLoc saved = loc_;
    loc_ = irLoc(e->getBeginLoc());
    if (b.kind == Expr::IntLit) {
      if (b.value.isNegative() || b.value >= ir::BigInt(w))
        assertStmt(Expr::boolLit(false), msg, g);
    } else {
      Expr inRange = Expr::binary(ir::Op::Lt, b, Expr::intLit(w, b.type));
      if (!b.type.isUnsigned())
        inRange = Expr::binary(ir::Op::And, Expr::binary(ir::Op::Le, Expr::intLit(0, b.type), b), inRange);
      assertStmt(std::move(inRange), msg, g);
    }
    loc_ = saved;
  }
  return Expr::binary(op, std::move(a), std::move(b));
}

void FnLowering::run() {
  const cl::FunctionDecl *def = fd_;
  for (const cl::ParmVarDecl *pd : def->parameters())
    sourceNames_.insert(pd->getNameAsString());
  collectNames(def->getBody());
  // Parameters and the result were declared with the signature (UnitLowering::declareFunction).
  for (uint32_t i : p_.params)
    used_.insert(p_.vars[i].name);
  if (p_.result != ir::kNone)
    used_.insert(p_.vars[p_.result].name);
  uint32_t self = u_.procs_.at(def->getCanonicalDecl());
  const auto &ranges = u_.paramRanges_.at(self);
  auto argvModel = u_.mainArgv_.find(self);
  for (unsigned i = 0; i < def->getNumParams(); ++i) {
    VarInfo info;
    info.name = def->getParamDecl(i)->getNameAsString();
    info.ctype = def->getParamDecl(i)->getType();
    if (argvModel != u_.mainArgv_.end() && i == 1) { // argv: the int64 parameters argv_0 … (io.cpp)
      info.isArgv = true;
      info.type = p_.vars[1].type;
      for (uint32_t k = 0; k < argvModel->second.count; ++k) {
        info.refs.push_back({false, 1 + k});
        info.elems.push_back(use({false, 1 + k}));
      }
      argvDecl_ = def->getParamDecl(i);
      locals_[def->getParamDecl(i)] = std::move(info);
      continue;
    }
    info.isStruct = isStructValue(info.ctype);
    Parts values; // the IR parameters
    for (uint32_t k = 0; k < ranges[i].second; ++k) {
      VarRef r{false, p_.params[ranges[i].first + k]};
      info.type = typeOf(r);
      info.refs.push_back(r);
      info.elems.push_back(use(r));
      values.push_back(use(r));
    }
    const cl::ParmVarDecl *pd = def->getParamDecl(i);
    if (u_.addressTaken_.vars.count(pd->getCanonicalDecl())) {
      // Its address is taken: the argument goes into boxes (a struct: a node) at the start.
      SourceLoc pl = irLoc(pd->getLocation());
      std::string base = p_.vars[p_.params[ranges[i].first]].name;
      info.refs.clear();
      info.elems.clear();
      if (info.isStruct) {
        info.kind = VarInfo::Node;
        const auto *rt = info.ctype.getCanonicalType()->getAs<cl::RecordType>();
        VarRef r{false, addVar(info.name + "_node",
                               ir::Type::refType(u_.recordFor(rt->getDecl(), pd->getLocation())),
                               ir::VarKind::Local, pl)};
        info.refs.push_back(r);
        info.elems.push_back(use(r));
      } else {
        info.kind = VarInfo::Box;
        std::vector<Part> ps = u_.partsOf(info.ctype, pd->getLocation(), "parameter '" + info.name + "'");
        for (size_t k = 0; k < ps.size(); ++k) {
          VarRef r{false, addVar(info.name + "_box" + ps[k].suffix, ir::Type::arrayOf(ps[k].type),
                                 ir::VarKind::Local, pl)};
          info.refs.push_back(r);
          info.elems.push_back(use(r));
        }
      }
      paramObjects_.push_back({pd, std::move(values)});
    } else if (info.isStruct) {
      std::vector<int64_t> owned = u_.ownedOf(info.ctype, pd->getLocation());
      if (std::any_of(owned.begin(), owned.end(), [](int64_t n) { return n >= 0; }))
        paramObjects_.push_back({pd, std::move(values)}); // its array fields are copied (by value)
    }
    locals_[pd] = std::move(info);
  }
  loc_ = irLoc(def->getLocation());
  if (argvModel != u_.mainArgv_.end()) {
    // requires argc >= 1 (and argc <= the arguments modelled when an index varies); argv is read against
    // argc as main received it
    out_ = &p_.pre;
    ir::Type ct = p_.vars[0].type;
    auto require = [&](Expr c, const std::string &msg) {
      ir::Stmt r = make(ir::Stmt::Assert, Expr::boolLit(true));
      r.value = std::move(c);
      r.assertKind = ir::AssertKind::Requires;
      r.message = msg;
      emit(std::move(r));
    };
    require(Expr::binary(ir::Op::Ge, use({false, 0}), Expr::intLit(1, ct)), "argc >= 1");
    if (argvModel->second.variableIndex)
      require(Expr::binary(ir::Op::Le, use({false, 0}), Expr::intLit(argvModel->second.count, ct)),
              "argc <= " + std::to_string(argvModel->second.count) + " (the arguments modelled)");
    out_ = &p_.body;
    argcCopy_ = temp(ct);
    emit(assign(Expr::boolLit(true), *argcCopy_, use({false, 0})));
  }
  out_ = &p_.body;
  plan_ = planGotos(def->getBody());
  if (plan_.error)
    unsupported(plan_.error->at, plan_.error->what);
  if (!plan_.labels.empty()) {
    std::string name = "jump";
    for (unsigned i = 1; taken(name); ++i)
      name = "jump_" + std::to_string(i);
    used_.insert(name);
    p_.vars.push_back({name, ir::Type::intType(), ir::VarKind::Local, loc_, true});
    jump_ = VarRef{false, static_cast<uint32_t>(p_.vars.size() - 1)};
  }
  bool isRoot = p_.isTest || p_.name == "main" || def->getNameAsString() == "main";
  if (isRoot) {
    SourceLoc fnLoc = loc_;
    for (const auto &gi : u_.globalInits_) {
      SourceLoc l = irLoc(gi.loc);
      loc_ = l.file == fnLoc.file ? l : fnLoc;
      construct_ = u_.freshConstruct(); // (no range: the declaration is not this function's text)
      if (gi.index)
        putElem(Expr::varUse(gi.var, prog_.var(p_, gi.var).type), *gi.index, gi.value, Expr::boolLit(true));
      else
        emit(assign(Expr::boolLit(true), gi.var, gi.value));
    }
    construct_ = 0;
  }
  paramSetup();
  stmt(def->getBody(), Expr::boolLit(true));
  // All statements of a procedure must be located in one file.
  uint32_t file = irLoc(def->getBody()->getBeginLoc()).file;
  bool mixed = false;
  ir::forEachStmt(p_.body, [&](const ir::Stmt &st) { mixed |= st.loc.valid() && st.loc.file != file; });
  if (mixed)
    unsupported(def->getLocation(), "function '" + p_.name + "' whose body spans several files");
}

} // namespace locus::c::lower

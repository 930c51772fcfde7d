// Lowering of a clang C AST (the subset of docs/c.md) to canonical IR; the scheme is in
// frontend/c/README.md.
#include "frontend/c/audit.h"
#include "frontend/c/io.h"
#include "frontend/c/lowering.h"
#include "ir/ints.h"

#include <clang/AST/Attr.h>
#include <clang/AST/Decl.h>
#include <clang/AST/DeclCXX.h>
#include <clang/AST/Expr.h>
#include <clang/AST/ExprCXX.h> // TypeTraitExpr: __builtin_types_compatible_p
#include <clang/AST/Stmt.h>
#include <clang/Lex/Lexer.h>
#include <llvm/ADT/StringExtras.h>

#include <algorithm>
#include <deque>
#include <functional>
#include <set>
#include <unordered_map>

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

namespace {
/// The C type of a `__VERIFIER_nondet_<suffix>` built-in called without a declaration.
std::optional<ir::Type> nondetType(const std::string &suffix) {
  using T = ir::Type;
  static const std::map<std::string, T> kinds = {{"int", T::fixedInt(32, true)},
                                                 {"uint", T::fixedInt(32, false)},
                                                 {"unsigned", T::fixedInt(32, false)},
                                                 {"char", T::fixedInt(8, true)},
                                                 {"schar", T::fixedInt(8, true)},
                                                 {"uchar", T::fixedInt(8, false)},
                                                 {"short", T::fixedInt(16, true)},
                                                 {"ushort", T::fixedInt(16, false)},
                                                 {"long", T::fixedInt(64, true)},
                                                 {"ulong", T::fixedInt(64, false)},
                                                 {"longlong", T::fixedInt(64, true)},
                                                 {"ulonglong", T::fixedInt(64, false)},
                                                 {"size_t", T::fixedInt(64, false)},
                                                 {"u8", T::fixedInt(8, false)},
                                                 {"u16", T::fixedInt(16, false)},
                                                 {"u32", T::fixedInt(32, false)},
                                                 {"u64", T::fixedInt(64, false)},
                                                 {"bool", T::boolType()},
                                                 {"_Bool", T::boolType()}};
  auto it = kinds.find(suffix);
  return it == kinds.end() ? std::nullopt : std::optional<T>(it->second);
}
} // namespace

bool isStructValue(cl::QualType t) {
  return t.getCanonicalType()->isStructureType();
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
  case ir::Type::Null: return Expr::boolLit(false);
  default: return Expr::binary(ir::Op::Ne, std::move(v), Expr::nullLit());
  }
}

/// An int or a C truth value (IR bool) as an int of type t: a truth value becomes 0/1 through
/// `[g] tmp := 0; [g and v] tmp := 1`, another int type is converted (a literal folded).
Expr FnLowering::asInt(Expr v, ir::Type t, const Expr &g) {
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
  unsupported(e, "integer type '" + e->getType().getAsString() + "' (supported: 8, 16, 32 and 64 bits)");
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

// ---- expressions ----

/// The depth of an expression tree, counted up to `cap`.
int exprDepth(const Expr &e, int cap) {
  if (cap <= 1 || e.args.empty())
    return 1;
  int d = 0;
  for (const Expr &a : e.args)
    d = std::max(d, exprDepth(a, cap - 1));
  return d + 1;
}

/// An operation on literals computed now when its value is the same in both integer modes (so not a
/// signed overflow, not a division by zero): `-(5)`, `(unsigned char)300`, `1u << 3`, `3 < 5`.
Expr fold(Expr e) {
  bool lits = !e.args.empty() &&
              std::all_of(e.args.begin(), e.args.end(), [](const Expr &a) { return a.kind == Expr::IntLit; });
  if (!lits || (e.kind != Expr::Unary && e.kind != Expr::Binary))
    return e;
  if (ir::isComparison(e.op)) {
    const ir::BigInt &a = e.args[0].value, &b = e.args[1].value;
    bool r = e.op == ir::Op::Eq   ? a == b
             : e.op == ir::Op::Ne ? a != b
             : e.op == ir::Op::Lt ? a < b
             : e.op == ir::Op::Le ? a <= b
             : e.op == ir::Op::Gt ? a > b
                                  : a >= b;
    return Expr::boolLit(r);
  }
  if (e.op == ir::Op::Not || ir::isBoolConnective(e.op))
    return e;
  auto value = [&](ir::IntMode m) -> std::optional<ir::BigInt> {
    if (e.op == ir::Op::Cast)
      return ir::castValue(e.args[0].value, e.args[0].type, e.type, m);
    return ir::evalIntOp(e.op, e.type, e.args[0].value, e.args.size() > 1 ? e.args[1].value : ir::BigInt(0),
                         m);
  };
  std::optional<ir::BigInt> math = value(ir::IntMode::Math), bv = value(ir::IntMode::BV32);
  if (math && bv && *math == *bv && ir::fitsIn(*math, e.type))
    return Expr::intLit(*math, e.type);
  return e;
}

/// The IR of `e`: rvImpl's, folded, and kept at most kMaxIrDepth deep (a deeper value goes through a
/// temporary), so that printed IR parses back (GCL's nesting limits) and nothing after the front end
/// recurses deeply on it.
Expr FnLowering::rv(const cl::Expr *e, const Expr &g) {
  Expr v = fold(rvImpl(e, g));
  // The value's source text, unless an inner expression gave it one already (`(x)`, `(a, b)`). A use of a
  // variable may stand for text with side effects: `x++` (a temporary), `++x` or `x = 5` (x itself).
  if (!v.range.valid())
    v.range = u_.exprRange(e->IgnoreParens());
  if (exprDepth(v, kMaxIrDepth + 1) > kMaxIrDepth)
    v = materialize(std::move(v), g);
  return v;
}

Expr FnLowering::rvImpl(const cl::Expr *e, const Expr &g) {
  DepthGuard depth(*this, e);
  e = e->IgnoreParens();
  admit(e);
  if (std::optional<Expr> k = folded(e))
    return *k;
  if (isFat(e->getType()))
    unsupported(e, "pointer value '" + text(e) + "' used here (a pointer to '" +
                       e->getType()->getPointeeType().getAsString() + "' is several IR values)");
  if (const auto *ce = llvm::dyn_cast<cl::ConstantExpr>(e))
    return rv(ce->getSubExpr(), g);
  if (llvm::isa<cl::IntegerLiteral>(e) || llvm::isa<cl::CharacterLiteral>(e))
    unsupported(e, "integer literal of type '" + e->getType().getAsString() + "'");
  if (const auto *dr = llvm::dyn_cast<cl::DeclRefExpr>(e)) {
    if (isStructValue(dr->getType()))
      wholeStruct(e, dr->getDecl()->getNameAsString());
    unsupported(e, "'" + dr->getDecl()->getNameAsString() + "' used as a value (functions are not values)");
  }
  if (const auto *ce = llvm::dyn_cast<cl::CastExpr>(e))
    return castExpr(ce, g);
  if (const auto *uo = llvm::dyn_cast<cl::UnaryOperator>(e))
    return unaryExpr(uo, g, true);
  if (const auto *bo = llvm::dyn_cast<cl::BinaryOperator>(e)) {
    if (bo->isAssignmentOp())
      return assignExpr(bo, g, true);
    return binaryExpr(bo, g);
  }
  if (const auto *co = llvm::dyn_cast<cl::ConditionalOperator>(e))
    return ternary(co, g, true);
  if (const auto *ce = llvm::dyn_cast<cl::CallExpr>(e)) {
    if (isStructValue(ce->getType()))
      wholeStruct(e, text(e));
    return call(ce, g, true, std::nullopt);
  }
  if (llvm::isa<cl::UnaryExprOrTypeTraitExpr>(e)) // a constant one was folded above
    unsupported(e, "sizeof/alignof of a variable-length type");
  if (llvm::isa<cl::StringLiteral>(e))
    unsupported(e, "string literal outside printf/puts/fprintf");
  if (const auto *se = llvm::dyn_cast<cl::StmtExpr>(e))
    return stmtExpr(se, g, true);
  if (llvm::isa<cl::InitListExpr>(e) || llvm::isa<cl::CompoundLiteralExpr>(e))
    unsupported(e, "initializer list outside an array or struct declaration");
  if (llvm::isa<cl::FloatingLiteral>(e))
    unsupported(e, "floating-point literal");
  if (const auto *me = llvm::dyn_cast<cl::MemberExpr>(e)) {
    if (isStructValue(me->getType()))
      wholeStruct(e, text(e));
    return load(lvalue(e, g), g); // a field of a struct rvalue (`f().a`): no lvalue-to-rvalue conversion
  }
  if (llvm::isa<cl::ArraySubscriptExpr>(e) && isStructValue(e->getType()))
    wholeStruct(e, text(e));
  if (const auto *uo = llvm::dyn_cast<cl::UnaryOperator>(e); uo && uo->getOpcode() == cl::UO_Deref)
    return unaryExpr(uo, g, true);
  unsupported(e, std::string("expression '") + e->getStmtClassName() + "'");
}

void FnLowering::effect(const cl::Expr *e, const Expr &g) {
  DepthGuard depth(*this, e);
  e = e->IgnoreParens();
  admit(e);
  if (isFat(e->getType())) { // a pointer value computed for its effects
    if (const auto *ce = llvm::dyn_cast<cl::CallExpr>(e); ce && ce->getDirectCallee()) {
      std::string n = ce->getDirectCallee()->getNameAsString();
      if (!u_.procs_.count(ce->getDirectCallee()->getCanonicalDecl()) &&
          (n == "memcpy" || n == "memmove" || n == "memset")) {
        memCall(ce, n, g, false, nullptr);
        return;
      }
      if (u_.procs_.count(ce->getDirectCallee()->getCanonicalDecl())) {
        call(ce, g, false, std::nullopt);
        return;
      }
    }
    if (const auto *bo = llvm::dyn_cast<cl::BinaryOperator>(e); bo && bo->isAssignmentOp()) {
      ptrAssign(bo, g, false);
      return;
    }
    if (const auto *uo = llvm::dyn_cast<cl::UnaryOperator>(e); uo && uo->isIncrementDecrementOp()) {
      ptrIncDec(uo, g, false);
      return;
    }
    ptr(e, g);
    return;
  }
  if (const auto *bo = llvm::dyn_cast<cl::BinaryOperator>(e)) {
    if (bo->isAssignmentOp()) {
      assignExpr(bo, g, false);
      return;
    }
    if (bo->getOpcode() == cl::BO_Comma) {
      effect(bo->getLHS(), g);
      effect(bo->getRHS(), g);
      return;
    }
  }
  if (const auto *uo = llvm::dyn_cast<cl::UnaryOperator>(e); uo && uo->isIncrementDecrementOp()) {
    unaryExpr(uo, g, false);
    return;
  }
  if (const auto *ce = llvm::dyn_cast<cl::CallExpr>(e)) {
    call(ce, g, false, std::nullopt);
    return;
  }
  if (const auto *se = llvm::dyn_cast<cl::StmtExpr>(e)) {
    stmtExpr(se, g, false);
    return;
  }
  if (const auto *cast = llvm::dyn_cast<cl::CastExpr>(e); cast && cast->getCastKind() == cl::CK_ToVoid) {
    effect(cast->getSubExpr(), g);
    return;
  }
  if (const auto *co = llvm::dyn_cast<cl::ConditionalOperator>(e)) {
    ternary(co, g, false);
    return;
  }
  rv(e, g);
}

const cl::CallExpr *FnLowering::allocCall(const cl::Expr *e) const {
  const auto *ce = llvm::dyn_cast<cl::CallExpr>(e->IgnoreParenCasts());
  if (!ce || !ce->getDirectCallee() || ce->getDirectCallee()->getDefinition())
    return nullptr;
  std::string n = ce->getDirectCallee()->getNameAsString();
  return n == "malloc" || n == "calloc" ? ce : nullptr;
}

/// GNU's `({ s1; …; e; })`: the statements of the block, then the value of its last expression statement
/// (glibc's assert in gnu mode, which preprocessed `.i` tasks contain, is `({ if (e) ; else __assert_fail(…);
/// })`).
Expr FnLowering::stmtExpr(const cl::StmtExpr *se, const Expr &g, bool wantValue) {
  const cl::CompoundStmt *cs = se->getSubStmt();
  const auto *last = cs->size() ? llvm::dyn_cast<cl::Expr>(cs->body_back()) : nullptr;
  bool value = wantValue && last && !se->getType()->isVoidType();
  blocks_.push_back(Block{cs, 0, {}});
  sequence(cs, 0, value ? cs->size() - 1 : cs->size(), g, false, true);
  Expr v = Expr::boolLit(true);
  if (value) {
    blocks_.back().index = cs->size() - 1;
    v = materialize(rv(last, g), g); // its variables may go out of scope
  }
  blocks_.pop_back();
  return v;
}

Expr FnLowering::castExpr(const cl::CastExpr *ce, const Expr &g) {
  const cl::Expr *sub = ce->getSubExpr();
  if (audit::Entry a = audit::castKind(ce->getCastKind()); a.support != audit::Support::Lowered)
    unsupported(ce, a.what ? a.what : std::string("conversion '") + ce->getCastKindName() + "' (not C)");
  switch (ce->getCastKind()) {
  case cl::CK_LValueToRValue: return load(lvalue(sub, g), g);
  case cl::CK_NoOp: return rv(sub, g);
  case cl::CK_IntegralCast: return convert(rv(sub, g), ce->getType(), g);
  case cl::CK_IntegralToBoolean: return asBool(rv(sub, g));
  case cl::CK_PointerToBoolean:
    if (llvm::isa<cl::StringLiteral>(sub->IgnoreParenImpCasts())) // assert(c && "message")
      return Expr::boolLit(true);
    if (isFat(sub->getType()))
      return fold(
          Expr::unary(ir::Op::Not, ptrNull(ptr(sub, g), shapeOf(sub->getType(), sub->getBeginLoc()))));
    return asBool(rv(sub, g));
  case cl::CK_NullToPointer: return Expr::nullLit();
  case cl::CK_ToVoid: effect(sub, g); return Expr::boolLit(true);
  case cl::CK_BitCast:
    if (sub->isNullPointerConstant(u_.ctx_, cl::Expr::NPC_ValueDependentIsNotNull))
      return Expr::nullLit();
    if (const cl::CallExpr *alloc = allocCall(sub); alloc && ce->getType()->isPointerType())
      return newObject(alloc, ce->getType(), g, std::nullopt);
    unsupported(ce, "cast between pointer types '" + sub->getType().getAsString() + "' and '" +
                        ce->getType().getAsString() + "'");
  case cl::CK_ArrayToPointerDecay:
    unsupported(ce, "array of structs used as a pointer (an element is not a node a struct pointer can "
                    "refer to)");
  case cl::CK_FunctionToPointerDecay: unsupported(ce, "function pointer");
  case cl::CK_IntegralToPointer:
  case cl::CK_PointerToIntegral: unsupported(ce, "conversion between an integer and a pointer");
  case cl::CK_IntegralToFloating:
  case cl::CK_FloatingToIntegral:
  case cl::CK_FloatingCast:
  case cl::CK_FloatingToBoolean: unsupported(ce, "floating-point conversion");
  default: unsupported(ce, std::string("conversion '") + ce->getCastKindName() + "'");
  }
}

Expr FnLowering::unaryExpr(const cl::UnaryOperator *uo, const Expr &g, bool wantValue) {
  const cl::Expr *sub = uo->getSubExpr();
  switch (uo->getOpcode()) {
  case cl::UO_Minus:
  case cl::UO_Not: {
    Expr v = rvAs(sub, intTypeOf(uo), g);
    return Expr::unary(uo->getOpcode() == cl::UO_Minus ? ir::Op::Neg : ir::Op::BitNot, std::move(v));
  }
  case cl::UO_Plus: return rvAs(sub, intTypeOf(uo), g);
  case cl::UO_LNot: {
    Expr v = cond(sub, g);
    if (v.kind == Expr::BoolLit)
      return Expr::boolLit(v.value.isZero());
    return Expr::unary(ir::Op::Not, std::move(v));
  }
  case cl::UO_PreInc:
  case cl::UO_PreDec:
  case cl::UO_PostInc:
  case cl::UO_PostDec: {
    if (sub->getType()->isPointerType())
      unsupported(uo, "arithmetic on a struct pointer (a struct pointer refers to one whole node)");
    SourceLoc saved = loc_;
    loc_ = irLoc(uo->getBeginLoc());
    LVal lv = lvalue(sub, g);
    if (lv.kind == LVal::Const)
      unsupported(uo, "assignment to a constant");
    Expr old = load(lv, g);
    bool post = uo->isPostfix();
    if (post && wantValue)
      old = materialize(std::move(old), g);
    // As `x += 1`: in x's promoted type (a _Bool: int, so `b++` sets it, `b--` flips it), converted back.
    cl::QualType ct = sub->getType()->isPromotableIntegerType()
                          ? u_.ctx_.getPromotedIntegerType(sub->getType())
                          : sub->getType();
    ir::Type t = *intType(ct, u_.ctx_);
    Expr nv =
        Expr::binary(uo->isIncrementOp() ? ir::Op::Add : ir::Op::Sub, coerce(old, t, g), Expr::intLit(1, t));
    nv = convert(std::move(nv), sub->getType(), g);
    if (wantValue && !post && lv.kind != LVal::Var)
      nv = materialize(std::move(nv), g);
    Expr result = post ? old : lv.kind == LVal::Var ? use(lv.var) : nv;
    store(lv, std::move(nv), g);
    loc_ = saved;
    return result;
  }
  case cl::UO_Deref:
    if (isStructValue(uo->getType()))
      unsupported(uo, "dereference of a pointer outside '(*p).f' and struct copies");
    return load(lvalue(uo, g), g);
  case cl::UO_AddrOf: {
    // A struct pointer (a fat one is lowered by ptr()): a struct variable's node, or `&*p`.
    const cl::Expr *obj = sub->IgnoreParens();
    if (const auto *in = llvm::dyn_cast<cl::UnaryOperator>(obj); in && in->getOpcode() == cl::UO_Deref)
      return rv(in->getSubExpr(), g);
    if (const auto *dr = llvm::dyn_cast<cl::DeclRefExpr>(obj))
      if (const auto *vd = llvm::dyn_cast<cl::VarDecl>(dr->getDecl()))
        if (const VarInfo &v = varInfo(vd, obj); v.kind == VarInfo::Node)
          return v.elems.at(0);
    unsupported(uo, "address of '" + text(obj) +
                        "' (a struct pointer can only refer to a whole node: a "
                        "struct variable or '*p')");
  }
  default:
    unsupported(uo, std::string("operator '") + cl::UnaryOperator::getOpcodeStr(uo->getOpcode()).str() + "'");
  }
}

/// The IR operator of a C arithmetic, bitwise or comparison operator (also of `op=`); nullopt for others.
std::optional<ir::Op> irOperator(cl::BinaryOperatorKind op) {
  if (cl::BinaryOperator::isCompoundAssignmentOp(op))
    op = cl::BinaryOperator::getOpForCompoundAssignment(op);
  static const std::map<cl::BinaryOperatorKind, ir::Op> ops = {
      {cl::BO_Add, ir::Op::Add},  {cl::BO_Sub, ir::Op::Sub},    {cl::BO_Mul, ir::Op::Mul},
      {cl::BO_Div, ir::Op::Div},  {cl::BO_Rem, ir::Op::Mod},    {cl::BO_And, ir::Op::BitAnd},
      {cl::BO_Or, ir::Op::BitOr}, {cl::BO_Xor, ir::Op::BitXor}, {cl::BO_Shl, ir::Op::Shl},
      {cl::BO_Shr, ir::Op::Shr},  {cl::BO_EQ, ir::Op::Eq},      {cl::BO_NE, ir::Op::Ne},
      {cl::BO_LT, ir::Op::Lt},    {cl::BO_LE, ir::Op::Le},      {cl::BO_GT, ir::Op::Gt},
      {cl::BO_GE, ir::Op::Ge}};
  auto it = ops.find(op);
  return it == ops.end() ? std::nullopt : std::optional<ir::Op>(it->second);
}

Expr FnLowering::binaryExpr(const cl::BinaryOperator *bo, const Expr &g) {
  const cl::Expr *l = bo->getLHS(), *r = bo->getRHS();
  cl::BinaryOperatorKind op = bo->getOpcode();
  if (op == cl::BO_Comma) {
    effect(l, g);
    return rv(r, g);
  }
  if (op == cl::BO_LAnd || op == cl::BO_LOr) {
    bool isOr = op == cl::BO_LOr;
    Expr a = cond(l, g);
    Checkpoint cp = checkpoint();
    Expr atom = atomize(a, g);
    Expr g2 = conj(g, atom, isOr);
    size_t mark = out_->size();
    Expr b = cond(r, g2);
    ir::Op iop = isOr ? ir::Op::Or : ir::Op::And;
    if (out_->size() == mark) { // the right operand needs no statements: one pure expression
      rollback(cp);
      if (b.kind == Expr::BoolLit && b.value.isZero() == isOr) // `c && "message"`, `c || 0`
        return a;
      return Expr::binary(iop, std::move(a), std::move(b));
    }
    return Expr::binary(iop, std::move(atom), std::move(b));
  }
  std::optional<ir::Op> iop = irOperator(op);
  if (!iop)
    unsupported(bo, "operator '" + bo->getOpcodeStr().str() + "'");
  bool pointers = l->getType()->isPointerType() || r->getType()->isPointerType();
  if (pointers && (isFat(l->getType()) || isFat(r->getType()))) {
    if (ir::isComparison(*iop))
      return ptrCompare(bo, g);
    if (op == cl::BO_Sub && l->getType()->isPointerType() && r->getType()->isPointerType())
      return ptrDiff(bo, g);
  }
  if (pointers && !ir::isComparison(*iop))
    unsupported(bo, "arithmetic on a struct pointer (a struct pointer refers to one whole node)");
  if (pointers && op != cl::BO_EQ && op != cl::BO_NE)
    unsupported(bo, "pointer comparison '" + bo->getOpcodeStr().str() + "'");
  Expr a = rv(l, g);
  size_t mark = out_->size();
  Expr b = rv(r, g);
  a = settle(std::move(a), mark, g);
  bool bothBool = a.type.kind == ir::Type::Bool && b.type.kind == ir::Type::Bool;
  if (pointers || ((op == cl::BO_EQ || op == cl::BO_NE) && bothBool))
    return Expr::binary(*iop, std::move(a), std::move(b));
  // Clang made the conversions explicit: both operands have the common type (a shift's: each its own).
  a = coerce(std::move(a), intTypeOf(l), g);
  b = coerce(std::move(b), intTypeOf(r), g);
  return intOp(*iop, std::move(a), std::move(b), bo, g);
}

Expr FnLowering::assignExpr(const cl::BinaryOperator *bo, const Expr &g, bool wantValue) {
  if (isStructValue(bo->getType())) {
    if (wantValue)
      unsupported(bo, "the value of a struct assignment");
    structAssign(bo, g);
    return Expr::boolLit(true);
  }
  cl::QualType lt = bo->getLHS()->getType();
  if (isFat(lt)) {
    if (wantValue)
      unsupported(bo, "the value of a pointer assignment here");
    ptrAssign(bo, g, false);
    return Expr::boolLit(true);
  }
  SourceLoc saved = loc_;
  loc_ = irLoc(bo->getBeginLoc());
  if (lt->isPointerType() && bo->getOpcode() != cl::BO_Assign)
    unsupported(bo, "arithmetic on a struct pointer (a struct pointer refers to one whole node)");
  LVal lv = lvalue(bo->getLHS(), g);
  if (lv.kind == LVal::Const)
    unsupported(bo, "assignment to a constant");
  ir::Type t = irType(lt, bo->getBeginLoc(), "");
  size_t mark = out_->size();
  Expr v;
  if (bo->getOpcode() == cl::BO_Assign) {
    if (lv.kind == LVal::Var && !wantValue && rvInto(lv.var, lt, bo->getRHS(), g)) {
      loc_ = saved;
      return use(lv.var);
    }
    v = coerce(rv(bo->getRHS(), g), t, g);
  } else {
    // `x op= e`: x converted to the computation type, the operation there, the result converted back.
    const auto *cao = llvm::cast<cl::CompoundAssignOperator>(bo);
    std::optional<ir::Op> iop = irOperator(bo->getOpcode());
    if (!iop)
      unsupported(bo, "operator '" + bo->getOpcodeStr().str() + "'");
    Expr r = rvAs(bo->getRHS(), intTypeOf(bo->getRHS()), g);
    settleLVal(lv, mark, g);
    std::optional<ir::Type> ct = intType(cao->getComputationLHSType(), u_.ctx_);
    if (!ct || ct->kind != ir::Type::Int)
      unsupported(bo, "compound assignment in type '" + cao->getComputationLHSType().getAsString() + "'");
    Expr cur = coerce(load(lv, g), *ct, g);
    if (!ir::isShift(*iop))
      r = coerce(std::move(r), *ct, g);
    v = convert(intOp(*iop, std::move(cur), std::move(r), bo, g), lt, g);
  }
  settleLVal(lv, mark, g);
  if (wantValue && lv.kind != LVal::Var)
    v = materialize(std::move(v), g);
  Expr result = lv.kind == LVal::Var ? use(lv.var) : v;
  store(lv, std::move(v), g);
  loc_ = saved;
  return result;
}

/// glibc's `assert(e)` under -std=c11: `(e) ? (void)0 : __assert_fail("e", file, line, func)`.
bool FnLowering::assertPattern(const cl::ConditionalOperator *co, const Expr &g) {
  const auto *fail = llvm::dyn_cast<cl::CallExpr>(co->getFalseExpr()->IgnoreParenCasts());
  if (!fail || !fail->getDirectCallee() || fail->getDirectCallee()->getNameAsString() != "__assert_fail" ||
      fail->getDirectCallee()->getDefinition() || fail->getNumArgs() < 1)
    return false;
  if (!llvm::isa<cl::IntegerLiteral>(co->getTrueExpr()->IgnoreParenCasts()))
    return false;
  SourceLoc saved = loc_;
  loc_ = irLoc(co->getBeginLoc());
  std::string msg;
  if (const auto *sl = llvm::dyn_cast<cl::StringLiteral>(fail->getArg(0)->IgnoreParenCasts()))
    msg = sl->getString().str();
  Expr c = cond(co->getCond(), g);
  assertStmt(std::move(c), msg, g);
  loc_ = saved;
  return true;
}

void FnLowering::assertStmt(Expr v, const std::string &msg, const Expr &g) {
  ir::Stmt s = make(ir::Stmt::Assert, g);
  s.value = std::move(v);
  s.assertKind = ir::AssertKind::User;
  s.message = msg;
  emit(std::move(s));
}

Expr FnLowering::ternary(const cl::ConditionalOperator *co, const Expr &g, bool wantValue) {
  if (assertPattern(co, g))
    return Expr::boolLit(true);
  Expr c = cond(co->getCond(), g);
  if (c.kind == Expr::BoolLit) // a constant condition: only one branch is evaluated
    return wantValue && !co->getType()->isVoidType()
               ? rv(!c.value.isZero() ? co->getTrueExpr() : co->getFalseExpr(), g)
               : (effect(!c.value.isZero() ? co->getTrueExpr() : co->getFalseExpr(), g), Expr::boolLit(true));
  Expr tc = guardAnd(g, std::move(c));
  if (co->getType()->isVoidType() || !wantValue) {
    effect(co->getTrueExpr(), tc);
    effect(co->getFalseExpr(), conj(g, tc, true));
    return Expr::boolLit(true);
  }
  ir::Type t = irType(co->getType(), co->getBeginLoc(), "");
  VarRef res = temp(t);
  Expr v1 = coerce(rv(co->getTrueExpr(), tc), t, tc);
  emit(assign(tc, res, std::move(v1)));
  Expr fc = conj(g, tc, true);
  Expr v2 = coerce(rv(co->getFalseExpr(), fc), t, fc);
  emit(assign(fc, res, std::move(v2)));
  return use(res);
}

// ---- calls ----

Expr FnLowering::call(const cl::CallExpr *ce, const Expr &g, bool wantValue, std::optional<VarRef> target) {
  const cl::FunctionDecl *callee = ce->getDirectCallee();
  if (!callee)
    unsupported(ce, "call through a function pointer");
  SourceLoc saved = loc_;
  loc_ = irLoc(ce->getBeginLoc());
  auto it = u_.procs_.find(callee->getCanonicalDecl());
  std::string name = callee->getNameAsString();
  // Reaching reach_error() is the property violation of verification tasks, whatever its body says.
  if (it == u_.procs_.end() || name == "reach_error" || name == "__VERIFIER_error") {
    Expr v = builtin(ce, callee->getNameAsString(), g, wantValue, target);
    loc_ = saved;
    return v;
  }
  uint32_t idx = it->second;
  if (u_.brokenProcs_.count(idx))
    throw Unsupported{}; // its signature was already reported
  const ir::Procedure &callee_ = prog_.procs[idx];
  if (callee_.isTest)
    unsupported(ce, "call to the test function '" + callee_.name + "'");
  const auto &ranges = u_.paramRanges_.at(idx);
  if (ce->getNumArgs() != ranges.size())
    unsupported(ce, "call with " + std::to_string(ce->getNumArgs()) + " arguments to '" + callee_.name +
                        "', which has " + std::to_string(ranges.size()) + " parameters");
  const cl::FunctionDecl *def = callee->getDefinition();
  std::vector<Expr> args;
  std::vector<size_t> starts;  // per C argument: where its statements start
  std::vector<unsigned> owner; // per IR argument: its C argument
  for (unsigned i = 0; i < ce->getNumArgs(); ++i) {
    starts.push_back(out_->size());
    cl::QualType pt = def->getParamDecl(i)->getType();
    if (isStructValue(pt)) { // by value: one IR argument per part (a node's fields read now)
      StructObj o = structObj(ce->getArg(i), g);
      for (uint32_t k = 0; k < ranges[i].second; ++k) {
        if (o.var) {
          args.push_back(o.var->elems.at(o.first + k));
        } else {
          LVal lv = partLVal(o, o.first + k, 1, pt, ce->getArg(i));
          args.push_back(load(lv, g));
        }
        owner.push_back(i);
      }
      continue;
    }
    if (isFat(pt)) { // a fat pointer: one IR argument per part
      Parts a = ptr(ce->getArg(i), g);
      for (Expr &x : a) {
        args.push_back(std::move(x));
        owner.push_back(i);
      }
      continue;
    }
    Expr a = rv(ce->getArg(i), g);
    a = convert(std::move(a), pt, g);
    args.push_back(
        coerce(std::move(a), prog_.procs[idx].vars[prog_.procs[idx].params[ranges[i].first]].type, g));
    owner.push_back(i);
  }
  // C evaluation order: an argument's value is taken before the later arguments' statements run.
  for (size_t j = args.size(); j-- > 0;)
    if (owner[j] + 1 < starts.size())
      args[j] = settle(std::move(args[j]), starts[owner[j] + 1], g);
  ir::Stmt s = make(ir::Stmt::Call, g);
  s.callee = idx;
  s.args = std::move(args);
  const ir::Procedure &cp = prog_.procs[idx];
  Expr result = Expr::boolLit(true);
  if (target) {
    s.lhs = *target;
    result = use(*target);
  } else if (wantValue && cp.result != ir::kNone) {
    s.lhs = temp(cp.vars[cp.result].type);
    result = use(s.lhs);
  }
  emit(std::move(s));
  loc_ = saved;
  return result;
}

Expr FnLowering::builtin(const cl::CallExpr *ce, const std::string &name, const Expr &g, bool wantValue,
                         std::optional<VarRef> target) {
  auto noValue = [&] {
    if (wantValue)
      unsupported(ce, "the value of '" + name + "(…)'");
    return Expr::boolLit(true);
  };
  const std::string nondet = "__VERIFIER_nondet_";
  if (name.rfind(nondet, 0) == 0) {
    // Any value of the declared result type (of the type the name says when the file declares nothing).
    std::string suffix = name.substr(nondet.size());
    std::optional<ir::Type> t =
        ce->getDirectCallee()->isImplicit() ? nondetType(suffix) : intType(ce->getType(), u_.ctx_);
    if (!t)
      unsupported(ce, "'" + name + "' (nondet values of type '" +
                          (ce->getDirectCallee()->isImplicit() ? suffix : ce->getType().getAsString()) +
                          "'; integer types and _Bool are supported)");
    VarRef v = target && typeOf(*target) == *t ? *target : temp(*t);
    ir::Stmt s = make(ir::Stmt::Nondet, g);
    s.lhs = v;
    emit(std::move(s));
    return use(v);
  }
  if (name == "__VERIFIER_assume") {
    if (ce->getNumArgs() != 1)
      unsupported(ce, "__VERIFIER_assume with " + std::to_string(ce->getNumArgs()) + " arguments");
    ir::Stmt s = make(ir::Stmt::Assume, g);
    s.value = cond(ce->getArg(0), g);
    emit(std::move(s));
    return noValue();
  }
  if (name == "__VERIFIER_assert") {
    if (ce->getNumArgs() != 1)
      unsupported(ce, "__VERIFIER_assert with " + std::to_string(ce->getNumArgs()) + " arguments");
    Expr c = cond(ce->getArg(0), g);
    assertStmt(std::move(c), text(ce->getArg(0)), g);
    return noValue();
  }
  if (name == "reach_error" || name == "__VERIFIER_error") {
    assertStmt(Expr::boolLit(false), name + "() reached", g);
    return noValue();
  }
  if (name == "__assert_fail") {
    std::string msg = "assertion failed";
    if (ce->getNumArgs() > 0)
      if (const auto *sl = llvm::dyn_cast<cl::StringLiteral>(ce->getArg(0)->IgnoreParenCasts()))
        msg = sl->getString().str();
    assertStmt(Expr::boolLit(false), msg, g);
    return noValue();
  }
  if (name == "abort") {
    for (const cl::Expr *a : ce->arguments())
      effect(a, g);
    emit(make(ir::Stmt::Halt, g));
    return noValue();
  }
  if (name == "exit" || name == "_Exit") { // `halt e`: the run's status (main's result)
    if (ce->getNumArgs() != 1)
      unsupported(ce, "'" + name + "' with " + std::to_string(ce->getNumArgs()) + " arguments");
    Expr v = rvAs(ce->getArg(0), intTypeOf(ce->getArg(0)), g);
    ir::Stmt s = make(ir::Stmt::Halt, g);
    s.value = std::move(v);
    emit(std::move(s));
    return noValue();
  }
  if (name == "atoi" || name == "atol" || name == "atoll" || name == "strtol" || name == "strtoll")
    return argvNumber(ce, name, g);
  if (name == "printf" || name == "fprintf" || name == "puts" || name == "putchar")
    return printCall(ce, name, g, wantValue);
  if (name == "scanf" || name == "fscanf")
    return scanCall(ce, name, g, wantValue);
  if (name == "free") {
    for (const cl::Expr *a : ce->arguments()) {
      const cl::Expr *p = a->IgnoreParens();
      if (const auto *ic = llvm::dyn_cast<cl::ImplicitCastExpr>(p); ic && ic->getCastKind() == cl::CK_BitCast)
        p = ic->getSubExpr();
      if (!p->getType()->isPointerType())
        unsupported(a, "free of something other than a pointer");
      if (isFat(p->getType()))
        ptr(p, g);
      else
        rv(p, g);
    }
    return noValue();
  }
  if (name == "memset" || name == "memcpy" || name == "memmove")
    return memCall(ce, name, g, wantValue, nullptr);
  if (name == "fflush") {
    for (const cl::Expr *a : ce->arguments()) {
      const cl::Expr *x = a->IgnoreParenImpCasts();
      if (llvm::isa<cl::StringLiteral>(x))
        continue;
      if (const auto *dr = llvm::dyn_cast<cl::DeclRefExpr>(x))
        if (dr->getDecl()->getNameAsString() == "stdout" || dr->getDecl()->getNameAsString() == "stderr")
          continue;
      if (!intType(a->getType(), u_.ctx_))
        unsupported(a, "argument of type '" + a->getType().getAsString() + "' to '" + name + "'");
      effect(a, g);
    }
    return noValue();
  }
  if (name == "__builtin_expect" && ce->getNumArgs() == 2) {
    // A hint to the compiler: the value of its first argument (the second, the expected value, is evaluated).
    Expr v = rvAs(ce->getArg(0), intTypeOf(ce), g);
    size_t mark = out_->size();
    effect(ce->getArg(1), g);
    return settle(std::move(v), mark, g);
  }
  if (name == "malloc" || name == "calloc")
    unsupported(ce, "'" + name +
                        "' whose result is not converted to a pointer to a struct or to integers "
                        "or pointers");
  unsupported(ce, "call to '" + name +
                      "', which has no definition in the file (see docs/c.md for the built-ins)");
}

/// `atoi(argv[i])`, `atol(argv[i])`, `strtol(argv[i], NULL, 10)` in main: the element i of the command line
/// (an int64 parameter argv_i: strtol's value), checked `0 <= i < argc`; atoi converts it to int.
Expr FnLowering::argvNumber(const cl::CallExpr *ce, const std::string &name, const Expr &g) {
  bool isStrtol = name == "strtol" || name == "strtoll";
  unsigned want = isStrtol ? 3 : 1;
  if (ce->getNumArgs() != want)
    unsupported(ce, "'" + name + "' with " + std::to_string(ce->getNumArgs()) + " arguments");
  const cl::ArraySubscriptExpr *ase = argvDecl_ ? argvElement(ce->getArg(0), argvDecl_) : nullptr;
  if (!ase)
    unsupported(ce->getArg(0),
                "'" + name + "' of something other than argv[i] in main(int argc, char *argv[])");
  if (isStrtol) {
    if (!ce->getArg(1)->isNullPointerConstant(u_.ctx_, cl::Expr::NPC_ValueDependentIsNull))
      unsupported(ce->getArg(1), "'" + name + "' with an end pointer (only NULL is supported)");
    cl::Expr::EvalResult r;
    if (!ce->getArg(2)->EvaluateAsInt(r, u_.ctx_) || r.Val.getInt() != 10)
      unsupported(ce->getArg(2), "'" + name + "' with a base other than 10");
  }
  SourceLoc saved = loc_;
  loc_ = irLoc(ase->getBeginLoc());
  LVal lv;
  lv.kind = LVal::Argv;
  lv.node = ase;
  lv.ctype = ase->getType();
  argvAccess_ = true;
  lv.array = &varInfo(argvDecl_, ase);
  argvAccess_ = false;
  lv.index = rvAs(ase->getIdx(), intTypeOf(ase->getIdx()), g);
  // argv[i] is an argument only for 0 <= i < argc (argv[argc] is NULL)
  const ir::Type i64 = ir::Type::fixedInt(64, true);
  Expr i = lv.index.type == i64            ? lv.index
           : lv.index.kind == Expr::IntLit ? Expr::intLit(lv.index.value, i64)
                                           : Expr::cast(i64, lv.index);
  Expr below = Expr::binary(ir::Op::Lt, i, Expr::cast(i64, use(*argcCopy_)));
  Expr inRange =
      lv.index.kind == Expr::IntLit
          ? std::move(below)
          : Expr::binary(ir::Op::And, Expr::binary(ir::Op::Le, Expr::intLit(0, i64), i), std::move(below));
  assertStmt(std::move(inRange), "argv index in bounds: " + text(ase) + " (argc)", g);
  loc_ = saved;
  Expr v = load(lv, g);
  if (name == "atoi" && v.type != ir::Type::fixedInt(32, true))
    return Expr::cast(ir::Type::fixedInt(32, true), std::move(v)); // glibc: (int) strtol(s, NULL, 10)
  return v;
}

/// printf/fprintf(stdout)/puts/putchar → `print`; fprintf(stderr) evaluates its int arguments only.
Expr FnLowering::printCall(const cl::CallExpr *ce, const std::string &name, const Expr &g, bool wantValue) {
  if (wantValue)
    unsupported(ce, "the value of '" + name + "(…)'");
  auto literal = [&](const cl::Expr *e) -> std::optional<std::string> {
    const auto *sl = llvm::dyn_cast<cl::StringLiteral>(e->IgnoreParenImpCasts());
    if (!sl || sl->getCharByteWidth() != 1)
      return std::nullopt;
    return sl->getString().str();
  };
  ir::Stmt s = make(ir::Stmt::Print, g);
  if (name == "putchar") {
    if (ce->getNumArgs() != 1)
      unsupported(ce, "'putchar' with " + std::to_string(ce->getNumArgs()) + " arguments");
    s.message = "%c";
    s.args.push_back(rvAs(ce->getArg(0), ir::Type::fixedInt(32, true), g));
    emit(std::move(s));
    return Expr::boolLit(true);
  }
  if (name == "puts") {
    std::optional<std::string> text = ce->getNumArgs() == 1 ? literal(ce->getArg(0)) : std::nullopt;
    if (!text)
      unsupported(ce->getNumArgs() ? ce->getArg(0) : ce, "'puts' of something other than a string literal");
    s.message = escapePercent(*text + "\n");
    emit(std::move(s));
    return Expr::boolLit(true);
  }
  unsigned first = 0;
  if (name == "fprintf") {
    const cl::Expr *stream = ce->getNumArgs() ? ce->getArg(0)->IgnoreParenImpCasts() : nullptr;
    const auto *dr = stream ? llvm::dyn_cast<cl::DeclRefExpr>(stream) : nullptr;
    std::string sname = dr ? dr->getDecl()->getNameAsString() : "";
    if (sname != "stdout" && sname != "stderr")
      unsupported(stream ? stream : ce, "'fprintf' to a stream other than stdout or stderr");
    if (sname == "stderr") { // not observed: evaluate the int arguments only
      for (unsigned k = 1; k < ce->getNumArgs(); ++k) {
        const cl::Expr *a = ce->getArg(k);
        if (literal(a))
          continue;
        if (!intType(a->getType(), u_.ctx_))
          unsupported(a, "argument of type '" + a->getType().getAsString() + "' to 'fprintf'");
        effect(a, g);
      }
      return Expr::boolLit(true);
    }
    first = 1;
  }
  std::optional<std::string> fmt = ce->getNumArgs() > first ? literal(ce->getArg(first)) : std::nullopt;
  if (!fmt)
    unsupported(ce->getNumArgs() > first ? ce->getArg(first) : ce,
                "'" + name + "' with a format that is not a string literal");
  std::string err;
  std::optional<std::vector<FormatPiece>> pieces = parsePrintfFormat(*fmt, err);
  if (!pieces)
    unsupported(ce->getArg(first), err);
  unsigned conversions = 0;
  for (const FormatPiece &p : *pieces)
    conversions += p.kind == FormatPiece::Conversion;
  if (ce->getNumArgs() != first + 1 + conversions)
    unsupported(ce, "'" + name + "' with " + std::to_string(ce->getNumArgs() - first - 1) +
                        " arguments for " + std::to_string(conversions) + " conversions");
  std::vector<size_t> marks;
  unsigned k = first + 1;
  for (const FormatPiece &p : *pieces) {
    if (p.kind != FormatPiece::Conversion) {
      s.message += escapePercent(p.text);
      continue;
    }
    const cl::Expr *a = ce->getArg(k++);
    if (p.conv == 's') {
      std::optional<std::string> text = literal(a);
      if (!text)
        unsupported(a, "printf %s of something other than a string literal");
      s.message += escapePercent(*text);
      continue;
    }
    ir::Type want = ir::Type::fixedInt(p.isLong ? 64 : 32, true);
    std::optional<ir::Type> have = intType(a->getType(), u_.ctx_);
    if (!have || *have != want)
      unsupported(a, std::string("printf %") + (p.isLong ? "l" : "") + p.conv + " of an argument of type '" +
                         a->getType().getAsString() + "' (expected '" + (p.isLong ? "long" : "int") + "')");
    s.message += p.conv == 'c' ? "%c" : "%d";
    marks.push_back(out_->size());
    s.args.push_back(rvAs(a, want, g));
  }
  for (size_t i = s.args.size(); i-- > 1;)
    s.args[i - 1] = settle(std::move(s.args[i - 1]), marks[i], g);
  s.loc = irLoc(ce->getBeginLoc());
  emit(std::move(s));
  return Expr::boolLit(true);
}

/// scanf/fscanf(stdin) → `[n :=] scan "fmt", x, …`; `&a[i]` with a variable i through a temporary.
Expr FnLowering::scanCall(const cl::CallExpr *ce, const std::string &name, const Expr &g, bool wantValue) {
  unsigned first = 0;
  if (name == "fscanf") {
    const cl::Expr *stream = ce->getNumArgs() ? ce->getArg(0)->IgnoreParenImpCasts() : nullptr;
    const auto *dr = stream ? llvm::dyn_cast<cl::DeclRefExpr>(stream) : nullptr;
    if (!dr || dr->getDecl()->getNameAsString() != "stdin")
      unsupported(stream ? stream : ce, "'fscanf' from a stream other than stdin");
    first = 1;
  }
  const auto *sl = ce->getNumArgs() > first
                       ? llvm::dyn_cast<cl::StringLiteral>(ce->getArg(first)->IgnoreParenImpCasts())
                       : nullptr;
  if (!sl || sl->getCharByteWidth() != 1)
    unsupported(ce->getNumArgs() > first ? ce->getArg(first) : ce,
                "'" + name + "' with a format that is not a string literal");
  std::string err;
  std::optional<std::vector<FormatPiece>> pieces = parseScanfFormat(sl->getString().str(), err);
  if (!pieces)
    unsupported(ce->getArg(first), err);
  unsigned conversions = 0;
  for (const FormatPiece &p : *pieces)
    conversions += p.kind == FormatPiece::Conversion;
  if (ce->getNumArgs() != first + 1 + conversions)
    unsupported(ce, "'" + name + "' with " + std::to_string(ce->getNumArgs() - first - 1) +
                        " arguments for " + std::to_string(conversions) + " conversions");
  ir::Stmt s = make(ir::Stmt::Scan, g);
  std::vector<std::pair<LVal, VarRef>> writeBack; // elements with a variable index: scanned into a temporary
  unsigned k = first + 1;
  for (const FormatPiece &p : *pieces) {
    if (p.kind == FormatPiece::Space) {
      s.message += ' ';
      continue;
    }
    if (p.kind == FormatPiece::Text) {
      s.message += p.text;
      continue;
    }
    s.message += p.conv == 'i' ? "%i" : "%d";
    const cl::Expr *a = ce->getArg(k++);
    const auto *addr = llvm::dyn_cast<cl::UnaryOperator>(a->IgnoreParenImpCasts());
    const cl::Expr *viaPtr = nullptr; // an int pointer argument: scanned into *p
    if (!addr || addr->getOpcode() != cl::UO_AddrOf) {
      if (!isFat(a->getType()))
        unsupported(a, "scanf argument that is not '&variable' or a pointer to an integer");
      viaPtr = a;
    }
    cl::QualType objType = viaPtr ? a->getType()->getPointeeType() : addr->getSubExpr()->getType();
    ir::Type want = ir::Type::fixedInt(p.isLong ? 64 : 32, true);
    std::optional<ir::Type> have = intType(objType, u_.ctx_);
    if (!have || *have != want)
      unsupported(a, std::string("scanf %") + (p.isLong ? "l" : "") + p.conv + " into an object of type '" +
                         objType.getAsString() + "' (expected '" + (p.isLong ? "long" : "int") + "')");
    LVal lv = viaPtr ? deref(ptr(viaPtr, g), shapeOf(viaPtr->getType(), viaPtr->getBeginLoc()), i64(0),
                             objType, viaPtr)
                     : lvalue(addr->getSubExpr(), g);
    if (lv.kind == LVal::Var) {
      s.args.push_back(use(lv.vars.at(0)));
    } else if (lv.kind == LVal::Elem || lv.kind == LVal::Field || lv.kind == LVal::Deref) {
      // Read first (checked; the value stays when nothing is scanned), scanned, written back.
      Expr cur = load(lv, g);
      VarRef t;
      if (cur.kind == Expr::VarUse && !isUserVar(cur) && cur.type == want) {
        t = cur.var;
      } else {
        t = temp(want);
        emit(assign(g, t, std::move(cur)));
      }
      s.args.push_back(use(t));
      writeBack.emplace_back(lv, t);
    } else {
      unsupported(a, "scanf into something other than a variable, a field or an array element");
    }
  }
  s.loc = irLoc(ce->getBeginLoc());
  Expr result = Expr::boolLit(true);
  if (wantValue) {
    s.lhs = temp(ir::Type::fixedInt(32, true));
    result = use(s.lhs);
  }
  emit(std::move(s));
  for (auto &[lv, t] : writeBack)
    store(lv, use(t), g);
  return result;
}

Expr FnLowering::newObject(const cl::CallExpr *ce, cl::QualType ptrType, const Expr &g,
                           std::optional<VarRef> target) {
  cl::QualType pointee = ptrType->getPointeeType().getCanonicalType();
  const auto *rt = pointee->getAs<cl::RecordType>();
  std::string name = ce->getDirectCallee()->getNameAsString();
  if (!rt)
    unsupported(ce, "'" + name + "' of something other than a struct");
  uint32_t rec = u_.recordFor(rt->getDecl(), ce->getBeginLoc());
  int64_t want = u_.ctx_.getTypeSizeInChars(pointee).getQuantity();
  int64_t size = -1;
  auto constant = [&](const cl::Expr *a) -> std::optional<int64_t> {
    cl::Expr::EvalResult r;
    if (a->EvaluateAsInt(r, u_.ctx_))
      return r.Val.getInt().getExtValue();
    return std::nullopt;
  };
  if (name == "malloc" && ce->getNumArgs() == 1) {
    if (auto v = constant(ce->getArg(0)))
      size = *v;
  } else if (name == "calloc" && ce->getNumArgs() == 2) {
    auto n = constant(ce->getArg(0)), s = constant(ce->getArg(1));
    if (n && s)
      size = *n * *s;
  }
  if (size != want)
    unsupported(ce, "'" + name + "' of anything but exactly one 'struct " + prog_.records[rec].name + "'");
  SourceLoc saved = loc_;
  loc_ = irLoc(ce->getBeginLoc());
  VarRef v = target ? *target : temp(ir::Type::refType(rec));
  ir::Stmt s = make(ir::Stmt::New, g);
  s.lhs = v;
  s.record = rec;
  emit(std::move(s));
  // Its array fields are objects of their own, allocated with it (indeterminate for malloc, zero for calloc).
  newNodeArrays(v, rec, pointee, name == "calloc", g);
  if (name == "malloc") {
    // malloc'd memory is indeterminate: each field the code after may read first gets a nondet value (in
    // field order; a nested struct field: all its parts); calloc's stays 0.
    std::optional<AllocScope> scope;
    if (allocScope_ && target && allocScope_->target == *target)
      scope = allocScope_;
    allocScope_.reset();
    const auto *def = rt->getDecl()->getDefinition();
    std::vector<int64_t> owned = u_.ownedOf(pointee, ce->getBeginLoc());
    for (const cl::FieldDecl *fd : def->fields()) {
      if (scope && !mayReadFirst(Tracked{Tracked::NodeField, scope->var, fd}, scope->rest, u_.ctx_, &plan_))
        continue;
      for (uint32_t k = u_.leafOffset(fd), e = k + u_.leafCount(fd->getType()); k < e; ++k) {
        if (owned[k] >= 0)
          continue;
        VarRef t = temp(prog_.records[rec].fields[k].type);
        havoc(t, g);
        ir::Stmt put = make(ir::Stmt::PutField, g);
        put.base = v;
        put.field = k;
        put.value = use(t);
        emit(std::move(put));
      }
    }
  }
  loc_ = saved;
  return use(v);
}

/// `[g] v := nondet`: the indeterminate value of an uninitialized object.
void FnLowering::havoc(VarRef v, const Expr &g) {
  ir::Stmt s = make(ir::Stmt::Nondet, g);
  s.lhs = v;
  emit(std::move(s));
}

/// The statements that run after `s` in the innermost block (after `first`), if `s` is one of its
/// statements; nullopt otherwise (e.g. a declaration in a `for` header).
std::optional<std::vector<const cl::Stmt *>>
FnLowering::restOfBlock(const cl::Stmt *s, std::vector<const cl::Stmt *> first) const {
  if (blocks_.empty())
    return std::nullopt;
  const Block &b = blocks_.back();
  if (b.index >= b.stmt->size() || b.stmt->body_begin()[b.index] != s)
    return std::nullopt;
  for (auto it = b.stmt->body_begin() + static_cast<std::ptrdiff_t>(b.index) + 1; it != b.stmt->body_end();
       ++it)
    first.push_back(*it);
  return first;
}

/// `target := e` with the call, nondet or allocation writing the target directly when the types allow;
/// false when `e` is none of those (nothing emitted).
bool FnLowering::rvInto(VarRef target, cl::QualType targetType, const cl::Expr *e, const Expr &g) {
  const cl::Expr *inner = e->IgnoreParens();
  // Implicit conversions that change nothing (same C type) may be skipped.
  while (const auto *ic = llvm::dyn_cast<cl::ImplicitCastExpr>(inner)) {
    if (ic->getCastKind() == cl::CK_BitCast && allocCall(ic->getSubExpr()) &&
        ic->getType().getCanonicalType() == targetType.getCanonicalType().getUnqualifiedType()) {
      newObject(allocCall(ic->getSubExpr()), ic->getType(), g, target);
      return true;
    }
    if (ic->getCastKind() != cl::CK_NoOp)
      return false;
    inner = ic->getSubExpr()->IgnoreParens();
  }
  if (const auto *cast = llvm::dyn_cast<cl::CStyleCastExpr>(inner))
    if (cast->getCastKind() == cl::CK_BitCast && allocCall(cast->getSubExpr()) &&
        cast->getType().getCanonicalType() == targetType.getCanonicalType().getUnqualifiedType()) {
      newObject(allocCall(cast->getSubExpr()), cast->getType(), g, target);
      return true;
    }
  const auto *ce = llvm::dyn_cast<cl::CallExpr>(inner);
  if (!ce || !ce->getDirectCallee())
    return false;
  if (ce->getType().getCanonicalType().getUnqualifiedType() !=
      targetType.getCanonicalType().getUnqualifiedType())
    return false;
  const cl::FunctionDecl *callee = ce->getDirectCallee();
  std::string name = callee->getNameAsString();
  if (u_.procs_.count(callee->getCanonicalDecl()) && name != "reach_error" && name != "__VERIFIER_error") {
    call(ce, g, true, target);
    return true;
  }
  if (name.rfind("__VERIFIER_nondet_", 0) == 0) {
    Expr v = call(ce, g, true, target);
    if (!(v.kind == Expr::VarUse && v.var == target))
      emit(assign(g, target, coerce(std::move(v), typeOf(target), g)));
    return true;
  }
  return false;
}

// ---- lvalues ----

FnLowering::LVal FnLowering::lvalue(const cl::Expr *e, const Expr &g) {
  e = e->IgnoreParens();
  admit(e);
  LVal lv;
  lv.ctype = e->getType();
  lv.node = e;
  if (e->getType()->isArrayType())
    unsupported(e, "array '" + text(e) + "' used as a value (only its elements are, or a pointer to it)");
  if (const auto *dr = llvm::dyn_cast<cl::DeclRefExpr>(e)) {
    const auto *vd = llvm::dyn_cast<cl::VarDecl>(dr->getDecl());
    if (!vd)
      unsupported(e, "'" + dr->getDecl()->getNameAsString() + "' used as a variable");
    const VarInfo &info = varInfo(vd, e);
    if (info.isStruct || isStructValue(vd->getType()))
      wholeStruct(e, info.name);
    lv.parts = info.elems.size();
    if (info.kind == VarInfo::Box) {
      lv.kind = LVal::Elem;
      lv.arrays = info.elems;
      lv.index = i64(0);
      return lv;
    }
    if (info.isConst) {
      lv.kind = LVal::Const;
      lv.constant = info.elems;
      return lv;
    }
    lv.kind = LVal::Var;
    lv.vars = info.refs;
    lv.var = info.refs.at(0);
    return lv;
  }
  if (const auto *me = llvm::dyn_cast<cl::MemberExpr>(e)) {
    const auto *fd = llvm::dyn_cast<cl::FieldDecl>(me->getMemberDecl());
    if (!fd)
      unsupported(e, "member that is not a field");
    uint32_t n = u_.leafCount(fd->getType());
    if (!me->isArrow()) {
      // A field of a struct value (possibly itself a field: `s.t.a`, `p->t.a`, `f().a`, `arr[i].a`).
      StructObj b = structObj(me->getBase(), g);
      return partLVal(b, b.first + u_.leafOffset(fd), n, e->getType(), e);
    }
    Expr pv = rv(me->getBase(), g);
    if (pv.type.kind != ir::Type::Ref && pv.type.kind != ir::Type::Null)
      unsupported(e, "member access on something other than a struct pointer");
    uint32_t rec = u_.recordFor(fd->getParent(), e->getBeginLoc());
    if (pv.kind == Expr::VarUse) {
      lv.var = pv.var;
    } else {
      VarRef t = temp(ir::Type::refType(rec));
      emit(assign(g, t, std::move(pv)));
      lv.var = t;
    }
    lv.kind = LVal::Field;
    lv.field = u_.leafOffset(fd);
    lv.parts = n;
    return lv;
  }
  if (const auto *ase = llvm::dyn_cast<cl::ArraySubscriptExpr>(e))
    return subscript(ase, g);
  if (const auto *uo = llvm::dyn_cast<cl::UnaryOperator>(e); uo && uo->getOpcode() == cl::UO_Deref)
    return derefLVal(uo, g);
  unsupported(e, std::string("assignment to or read of '") + e->getStmtClassName() + "'");
}

/// Parts k … k+n-1 of a struct value as an lvalue.
FnLowering::LVal FnLowering::partLVal(const StructObj &o, uint32_t k, uint32_t n, cl::QualType ctype,
                                      const cl::Expr *node) {
  LVal lv;
  lv.ctype = ctype;
  lv.node = node;
  lv.parts = n;
  if (o.isElem()) {
    lv.kind = LVal::Elem;
    lv.arrays.assign(o.arrays.begin() + k, o.arrays.begin() + k + n);
    lv.index = o.index;
  } else if (!o.var) {
    lv.kind = LVal::Field;
    lv.var = o.node;
    lv.field = k;
  } else if (o.var->isConst) {
    lv.kind = LVal::Const;
    lv.constant.assign(o.var->elems.begin() + k, o.var->elems.begin() + k + n);
  } else {
    lv.kind = LVal::Var;
    lv.vars.assign(o.var->refs.begin() + k, o.var->refs.begin() + k + n);
    lv.var = lv.vars.at(0);
  }
  return lv;
}

void FnLowering::settleLVal(LVal &lv, size_t mark, const Expr &g) {
  if (lv.kind == LVal::Field) {
    Expr b = settle(use(lv.var), mark, g);
    lv.var = b.var;
  } else if (lv.kind == LVal::Elem || lv.kind == LVal::Deref || lv.kind == LVal::Argv) {
    settleParts(lv.arrays, mark, g);
    lv.index = settle(std::move(lv.index), mark, g);
  }
}

// ---- struct values ----

void FnLowering::wholeStruct(const cl::Expr *e, const std::string &name) {
  unsupported(e, "whole struct '" + name +
                     "' used as a value (only its fields, copies and assignments are supported)");
}

/// The struct a struct-typed expression denotes: a struct variable, `*p` (p evaluated now), a field, an
/// element of an array of structs, a call's result.
FnLowering::StructObj FnLowering::structObj(const cl::Expr *e, const Expr &g) {
  const cl::Expr *x = e->IgnoreParens();
  while (const auto *ic = llvm::dyn_cast<cl::ImplicitCastExpr>(x)) {
    if (ic->getCastKind() != cl::CK_LValueToRValue && ic->getCastKind() != cl::CK_NoOp)
      break;
    x = ic->getSubExpr()->IgnoreParens();
  }
  admit(x);
  StructObj o;
  o.expr = x;
  o.count = u_.leafCount(x->getType());
  if (const auto *dr = llvm::dyn_cast<cl::DeclRefExpr>(x))
    if (const auto *vd = llvm::dyn_cast<cl::VarDecl>(dr->getDecl())) {
      const VarInfo &info = varInfo(vd, x);
      if (!info.isStruct || info.kind == VarInfo::Array)
        wholeStruct(x, info.name);
      if (info.kind == VarInfo::Node)
        o.node = info.refs.at(0);
      else
        o.var = &info;
      return o;
    }
  auto nodeOf = [&](const cl::Expr *p, const cl::RecordDecl *rd) {
    uint32_t rec = u_.recordFor(rd, x->getBeginLoc());
    Expr pv = rv(p, g);
    if (!pv.type.isRef())
      unsupported(x, "dereference of something other than a struct pointer");
    if (pv.kind == Expr::VarUse)
      return pv.var;
    VarRef t = temp(ir::Type::refType(rec));
    emit(assign(g, t, std::move(pv)));
    return t;
  };
  if (const auto *uo = llvm::dyn_cast<cl::UnaryOperator>(x); uo && uo->getOpcode() == cl::UO_Deref) {
    const auto *rt = x->getType().getCanonicalType()->getAs<cl::RecordType>();
    if (!rt)
      unsupported(x, "dereference of something other than a struct pointer");
    o.node = nodeOf(uo->getSubExpr(), rt->getDecl());
    return o;
  }
  if (const auto *me = llvm::dyn_cast<cl::MemberExpr>(x)) { // a struct-typed field: `s.t`, `p->t`, `f().t`
    const auto *fd = llvm::dyn_cast<cl::FieldDecl>(me->getMemberDecl());
    if (!fd)
      unsupported(x, "member that is not a field");
    if (me->isArrow()) {
      o.node = nodeOf(me->getBase(), fd->getParent());
      o.first = u_.leafOffset(fd);
      return o;
    }
    StructObj b = structObj(me->getBase(), g);
    b.first += u_.leafOffset(fd);
    b.count = o.count;
    b.expr = x;
    return b;
  }
  if (const auto *ase = llvm::dyn_cast<cl::ArraySubscriptExpr>(x)) {
    const cl::Expr *base = ase->getBase()->IgnoreParens();
    const auto *ic = llvm::dyn_cast<cl::ImplicitCastExpr>(base);
    if (!ic || ic->getCastKind() != cl::CK_ArrayToPointerDecay) {
      // `p[0]` is `*p`; other subscripts of a struct pointer would need pointer arithmetic on nodes.
      cl::Expr::EvalResult r;
      const auto *rt = x->getType().getCanonicalType()->getAs<cl::RecordType>();
      if (rt && ase->getIdx()->EvaluateAsInt(r, u_.ctx_) && r.Val.getInt() == 0) {
        o.node = nodeOf(base, rt->getDecl());
        return o;
      }
      unsupported(x, "subscript of a struct pointer (a struct pointer refers to one whole node)");
    }
    ArrayObj ao = arrayObject(ic->getSubExpr(), g);
    o.index = elementIndex(ao, ase, g);
    o.arrays = std::move(ao.arrays);
    if (!isLiteral(o.index))
      o.index = materialize(std::move(o.index), g);
    return o;
  }
  if (const auto *ce = llvm::dyn_cast<cl::CallExpr>(x)) {
    o.var = &callResult(ce, g);
    return o;
  }
  if (const auto *bo = llvm::dyn_cast<cl::BinaryOperator>(x); bo && bo->isAssignmentOp())
    unsupported(x, "the value of a struct assignment");
  unsupported(x, "struct value '" + text(x) +
                     "' (only struct variables, '*p', struct members, array elements and call results can be "
                     "copied)");
}

/// A call of a function with a struct result (a call statement; the callee leaves the value in its result
/// globals): the value copied into temporaries right after the call.
const VarInfo &FnLowering::callResult(const cl::CallExpr *ce, const Expr &g) {
  const cl::FunctionDecl *callee = ce->getDirectCallee();
  auto it = callee ? u_.procs_.find(callee->getCanonicalDecl()) : u_.procs_.end();
  if (it == u_.procs_.end() || !u_.structResults_.count(it->second)) {
    call(ce, g, false, std::nullopt); // reports a builtin, a call without definition, a function pointer
    unsupported(ce, "struct value of this call");
  }
  call(ce, g, false, std::nullopt);
  const VarInfo &res = u_.structResults_.at(it->second);
  VarInfo t;
  t.isStruct = true;
  t.ctype = ce->getType();
  t.name = res.name;
  for (const Expr &leaf : resultParts(res, ce, g)) {
    t.refs.push_back(leaf.var);
    t.elems.push_back(leaf);
  }
  structTemps_.push_back(std::move(t));
  return structTemps_.back();
}

/// `dst = src` part by part; dst was evaluated before out_[mark], src after it. `deep`: an array the
/// destination owns (an array field) gets the source's elements; otherwise (the callee's result globals,
/// whose value the caller copies next) the reference itself.
void FnLowering::copyStruct(StructObj dst, const StructObj &src, size_t mark, const Expr &g, bool deep) {
  if (dst.var && dst.var->isConst)
    unsupported(dst.expr, "assignment to a constant");
  if (dst.isElem()) {
    settleParts(dst.arrays, mark, g);
    dst.index = settle(std::move(dst.index), mark, g);
  } else if (!dst.var) {
    dst.node = settle(use(dst.node), mark, g).var;
  }
  uint32_t n = std::min(dst.count, src.count);
  std::vector<int64_t> owned(n, -1);
  if (deep)
    owned = u_.ownedOf(src.expr->getType(), src.expr->getBeginLoc());
  // Read every part of the source first (a null node fails before anything is written): straight into the
  // destination's variables where it is a variable.
  std::vector<Expr> vals(n);
  std::vector<bool> done(n, false);
  if (src.var) {
    for (uint32_t k = 0; k < n; ++k)
      vals[k] = src.var->elems.at(src.first + k);
  } else {
    StructObj s = src;
    if (dst.var && !s.isElem()) {
      auto from = dst.var->refs.begin() + dst.first, to = from + n;
      if (std::find(from, to, s.node) != to)
        s.node = materialize(use(s.node), g).var;
    }
    SourceLoc saved = loc_;
    loc_ = irLoc(src.expr->getBeginLoc());
    for (uint32_t k = 0; k < n; ++k) {
      LVal part = partLVal(s, s.first + k, 1, src.expr->getType(), src.expr);
      if (dst.var && owned[k] < 0 && part.kind == LVal::Field) {
        ir::Stmt get = make(ir::Stmt::GetField, g);
        get.lhs = dst.var->refs.at(dst.first + k);
        get.base = part.var;
        get.field = part.field;
        emit(std::move(get));
        done[k] = true;
        continue;
      }
      vals[k] = load(part, g);
    }
    loc_ = saved;
  }
  for (uint32_t k = 0; k < n; ++k) {
    if (done[k])
      continue;
    if (owned[k] >= 0) {
      if (dst.isElem())
        unsupported(dst.expr, "copy into an element of an array of structs with array fields");
      Expr to = dst.var ? dst.var->elems.at(dst.first + k)
                        : load(partLVal(dst, dst.first + k, 1, dst.expr->getType(), dst.expr), g);
      copyElements({to}, i64(0), {vals[k]}, i64(0), i64(owned[k]), g);
      continue;
    }
    storeParts(partLVal(dst, dst.first + k, 1, dst.expr->getType(), dst.expr), {vals[k]}, g);
  }
}

void FnLowering::structAssign(const cl::BinaryOperator *bo, const Expr &g) {
  SourceLoc saved = loc_;
  loc_ = irLoc(bo->getBeginLoc());
  StructObj dst = structObj(bo->getLHS(), g);
  size_t mark = out_->size();
  StructObj src = structObj(bo->getRHS(), g);
  copyStruct(dst, src, mark, g);
  loc_ = saved;
}

/// The initialization of (a part of) a struct object at its declaration: a list (nested lists for nested
/// struct fields and array fields; missing fields zero) or a copy. Its arrays were allocated zeroed.
void FnLowering::structInit(const StructObj &dst, const cl::Expr *init, const Expr &g) {
  if (const auto *list = llvm::dyn_cast<cl::InitListExpr>(init->IgnoreParens())) {
    const cl::RecordDecl *rd = list->getType().getCanonicalType()->getAsRecordDecl()->getDefinition();
    std::vector<int64_t> owned = u_.ownedOf(list->getType(), init->getBeginLoc());
    unsigned k = 0;
    for (const cl::FieldDecl *f : rd->fields()) {
      const cl::Expr *e = k < list->getNumInits() ? list->getInit(k) : nullptr;
      ++k;
      uint32_t at = u_.leafOffset(f), n = u_.leafCount(f->getType());
      bool given = e && !llvm::isa<cl::ImplicitValueInitExpr>(e);
      if (given && isStructValue(f->getType())) {
        StructObj part = dst;
        part.first = dst.first + at;
        part.count = n;
        part.expr = e;
        structInit(part, e, g);
        continue;
      }
      if (f->getType()->isArrayType()) { // an array field: its elements (zero unless given)
        if (!given)
          continue;
        if (dst.isElem())
          unsupported(e, "initializer of an array field of an element of an array of structs");
        Parts arrays;
        for (uint32_t i = 0; i < n; ++i)
          arrays.push_back(dst.var ? dst.var->elems.at(dst.first + at + i)
                                   : load(partLVal(dst, dst.first + at + i, 1, f->getType(), e), g));
        initElements(arrays, e, f->getType(), 0, g);
        continue;
      }
      LVal lv = partLVal(dst, dst.first + at, n, f->getType(), e ? e : init);
      Parts v;
      if (given) {
        v = isFat(f->getType()) ? ptr(e, g) : Parts{rv(e, g)};
      } else {
        if (dst.isElem()) // the elements were allocated zeroed
          continue;
        for (uint32_t i = 0; i < n; ++i)
          v.push_back(ir::defaultValue(
              dst.var ? dst.var->elems.at(dst.first + at + i).type
                      : prog_.records.at(typeOf(dst.node).record).fields.at(dst.first + at + i).type));
      }
      storeParts(lv, std::move(v), g);
    }
    return;
  }
  size_t mark = out_->size();
  copyStruct(dst, structObj(init, g), mark, g);
}

Expr FnLowering::load(const LVal &lv, const Expr &g) {
  if (lv.kind == LVal::Argv) {
    // main's argv_0 … argv_{K-1} (the index was checked against argc): the element the index selects.
    SourceLoc saved = loc_;
    loc_ = irLoc(lv.node->getBeginLoc());
    const std::vector<Expr> &el = lv.array->elems;
    Expr result = ir::defaultValue(lv.array->type);
    if (lv.index.kind == Expr::IntLit) {
      if (!lv.index.value.isNegative() && lv.index.value < ir::BigInt(static_cast<int64_t>(el.size())))
        result = el[static_cast<size_t>(*lv.index.value.toInt64())];
    } else {
      VarRef t = temp(lv.array->type);
      emit(assign(g, t, el[0]));
      for (size_t k = 1; k < el.size(); ++k) {
        Expr c = guardAnd(
            g, Expr::binary(ir::Op::Eq, lv.index, Expr::intLit(static_cast<int64_t>(k), lv.index.type)));
        emit(assign(c, t, el[k]));
      }
      result = use(t);
    }
    loc_ = saved;
    return result;
  }
  Parts p = loadParts(lv, g);
  if (p.size() != 1)
    unsupported(lv.node, "pointer value '" + text(lv.node) + "' used here");
  return p[0];
}

void FnLowering::store(const LVal &lv, Expr v, const Expr &g) {
  if (lv.parts != 1)
    unsupported(lv.node, "pointer value '" + text(lv.node) + "' assigned here");
  Parts p;
  p.push_back(std::move(v));
  storeParts(lv, std::move(p), g);
}

// ---- statements ----

void FnLowering::stmt(const cl::Stmt *s, const Expr &g) {
  if (!s)
    return;
  DepthGuard depth(*this, s);
  loc_ = irLoc(s->getBeginLoc());
  if (s == wrapping_) {
    wrapping_ = nullptr;
  } else if (auto r = plan_.singleRegions.find(s); r != plan_.singleRegions.end()) {
    regionLoop(nullptr, 0, 0, s, r->second, g); // a backward goto's loop around a statement not in a compound
    return;
  }
  // Every statement but a block, a label or `;` is a construct of its own (nested ones restore it).
  struct ConstructScope {
    FnLowering &f;
    uint32_t construct;
    SourceRange range;
    ~ConstructScope() {
      f.construct_ = construct;
      f.range_ = range;
    }
  } scope{*this, construct_, range_};
  if (!llvm::isa<cl::CompoundStmt>(s) && !llvm::isa<cl::NullStmt>(s) && !llvm::isa<cl::LabelStmt>(s)) {
    construct_ = u_.freshConstruct();
    range_ = u_.stmtRange(s, !forHeader_);
  }
  forHeader_ = false;
  if (const auto *e = llvm::dyn_cast<cl::Expr>(s)) {
    // `p = malloc(…);` with p a local of this block: which fields of the node may be read uninitialized.
    if (const auto *bo = llvm::dyn_cast<cl::BinaryOperator>(e->IgnoreParens());
        bo && bo->getOpcode() == cl::BO_Assign && allocCall(bo->getRHS()) && !blocks_.empty()) {
      const auto *dr = llvm::dyn_cast<cl::DeclRefExpr>(bo->getLHS()->IgnoreParens());
      const auto *vd = dr ? llvm::dyn_cast<cl::VarDecl>(dr->getDecl()) : nullptr;
      if (vd && blocks_.back().declared.count(vd) && locals_.count(vd))
        if (auto rest = restOfBlock(s))
          allocScope_ = AllocScope{locals_.at(vd).refs.at(0), vd, std::move(*rest)};
    }
    effect(e, g);
    allocScope_.reset();
    return;
  }
  admit(s);
  switch (s->getStmtClass()) {
  case cl::Stmt::CompoundStmtClass: compound(llvm::cast<cl::CompoundStmt>(s), g); return;
  case cl::Stmt::DeclStmtClass:
    curDecl_ = llvm::cast<cl::DeclStmt>(s);
    for (const cl::Decl *d : llvm::cast<cl::DeclStmt>(s)->decls()) {
      if (const auto *vd = llvm::dyn_cast<cl::VarDecl>(d)) {
        admitDecl(vd);
        loc_ = irLoc(vd->getLocation());
        localDecl(vd, g, true);
        if (!blocks_.empty() && blocks_.back().stmt->body_begin()[blocks_.back().index] == s)
          blocks_.back().declared.insert(vd);
        curDecl_ = llvm::cast<cl::DeclStmt>(s); // (an initializer may have lowered a nested declaration)
      } else {
        admitDecl(d); // types, function declarations, _Static_assert (clang checked it), local labels
      }
    }
    curDecl_ = nullptr;
    return;
  case cl::Stmt::NullStmtClass: return;
  case cl::Stmt::AttributedStmtClass: {
    // Attributes that only advise the compiler; any other is rejected.
    const auto *as = llvm::cast<cl::AttributedStmt>(s);
    for (const cl::Attr *a : as->getAttrs())
      if (!llvm::isa<cl::FallThroughAttr>(a) && !llvm::isa<cl::LoopHintAttr>(a) &&
          !llvm::isa<cl::LikelyAttr>(a) && !llvm::isa<cl::UnlikelyAttr>(a) &&
          !llvm::isa<cl::NoMergeAttr>(a) && !llvm::isa<cl::MustTailAttr>(a))
        unsupported(a->getLocation(), std::string("statement attribute '") + a->getSpelling() + "'");
    stmt(as->getSubStmt(), g);
    return;
  }
  case cl::Stmt::IfStmtClass: ifStmt(llvm::cast<cl::IfStmt>(s), g); return;
  case cl::Stmt::WhileStmtClass: {
    const auto *w = llvm::cast<cl::WhileStmt>(s);
    loop(s, w->getCond(), nullptr, w->getBody(), false, g);
    return;
  }
  case cl::Stmt::DoStmtClass: {
    const auto *d = llvm::cast<cl::DoStmt>(s);
    loop(s, d->getCond(), nullptr, d->getBody(), true, g);
    return;
  }
  case cl::Stmt::ForStmtClass: {
    const auto *f = llvm::cast<cl::ForStmt>(s);
    forHeader_ = true;
    stmt(f->getInit(), g);
    forHeader_ = false;
    loc_ = irLoc(s->getBeginLoc());
    loop(s, f->getCond(), f->getInc(), f->getBody(), false, g);
    return;
  }
  case cl::Stmt::BreakStmtClass: breakStmt(g, breakables_.size()); return;
  case cl::Stmt::ContinueStmtClass: continueStmt(g, breakables_.size()); return;
  case cl::Stmt::ReturnStmtClass: returnStmt(llvm::cast<cl::ReturnStmt>(s), g); return;
  case cl::Stmt::SwitchStmtClass: switchStmt(llvm::cast<cl::SwitchStmt>(s), g); return;
  case cl::Stmt::LabelStmtClass: labelStmt(llvm::cast<cl::LabelStmt>(s), g); return;
  case cl::Stmt::GotoStmtClass: gotoStmt(llvm::cast<cl::GotoStmt>(s), g); return;
  case cl::Stmt::IndirectGotoStmtClass: unsupported(s, "computed goto ('goto *p')");
  case cl::Stmt::CaseStmtClass:
  case cl::Stmt::DefaultStmtClass:
    unsupported(s, "case label that is not directly in the body of its switch");
  case cl::Stmt::GCCAsmStmtClass: unsupported(s, "inline assembly");
  default: unsupported(s, std::string("statement '") + s->getStmtClassName() + "'");
  }
}

void FnLowering::localDecl(const cl::VarDecl *vd, const Expr &g, bool initialize) {
  std::string name = vd->getNameAsString();
  if (vd->isStaticLocal())
    unsupported(vd->getLocation(), "static local variable '" + name + "'");
  if (vd->hasExternalStorage())
    unsupported(vd->getLocation(), "extern declaration of '" + name + "' inside a function");
  SourceLoc dl = irLoc(vd->getLocation());
  VarInfo info;
  info.name = name;
  cl::QualType t = vd->getType();
  bool taken = u_.addressTaken_.vars.count(vd->getCanonicalDecl()) != 0;
  if (t->isArrayType()) {
    declareArray(vd, info, g);
  } else if (isStructValue(t)) {
    info.isStruct = true;
    info.ctype = t;
    if (taken) { // its address is taken: it lives in a heap node
      info.kind = VarInfo::Node;
      const auto *rt = t.getCanonicalType()->getAs<cl::RecordType>();
      VarRef r{false, addVar(name, ir::Type::refType(u_.recordFor(rt->getDecl(), vd->getLocation())),
                             ir::VarKind::Local, dl)};
      info.refs.push_back(r);
      info.elems.push_back(use(r));
    } else {
      for (const auto &l : u_.leaves(t, vd->getLocation(), "variable '" + name + "'")) {
        VarRef r{false, addVar(name + "_" + l.path, l.type, ir::VarKind::Local, dl)};
        info.refs.push_back(r);
        info.elems.push_back(use(r));
      }
    }
  } else {
    info.ctype = t;
    std::vector<Part> ps = u_.partsOf(t, vd->getLocation(), "variable '" + name + "'");
    if (ps.size() == 1)
      info.type = ps[0].type;
    for (const Part &p : ps) { // boxed (its address is taken): a 1-element array per part
      VarRef r{false, addVar(name + (taken ? "_box" : "") + p.suffix,
                             taken ? ir::Type::arrayOf(p.type) : p.type, ir::VarKind::Local, dl)};
      info.refs.push_back(r);
      info.elems.push_back(use(r));
    }
    if (taken)
      info.kind = VarInfo::Box;
  }
  const VarInfo &li = locals_[vd] = std::move(info);
  if (!initialize) { // declared where no statement runs (before a switch's first label): its objects exist
    createObjects(li, true, Expr::boolLit(true));
    return;
  }
  const cl::Expr *init = vd->getInit();
  std::optional<std::vector<const cl::Stmt *>> rest = laterCode(vd);
  // C: without an initializer the value is indeterminate (also inside a loop, at every iteration). Each part
  // the code after the declaration may read before writing it gets a nondet value; the others need none.
  auto observable = [&](Tracked tr) { return !rest || mayReadFirst(tr, *rest, u_.ctx_, &plan_); };
  switch (li.kind) {
  case VarInfo::Array: {
    // Indeterminate contents when an element may be read first (for a small one-dimensional array of constant
    // size, element by element: `int a[2]; a[0] = …; a[1] = …;` needs none).
    bool fill = !init && observable(Tracked{Tracked::Array, vd});
    if (fill && li.dims.size() == 1 && li.dims[0].kind == Expr::IntLit &&
        li.dims[0].value <= ir::BigInt(64)) {
      fill = false;
      for (int64_t k = 0; k < *li.dims[0].value.toInt64() && !fill; ++k)
        fill = observable(Tracked{Tracked::Elem, vd, nullptr, static_cast<uint64_t>(k)});
    }
    createObjects(li, fill, g);
    if (init)
      initElements(li.elems, init, t, 0, g);
    return;
  }
  case VarInfo::Box: {
    createObjects(li, !init && observable(Tracked{Tracked::Var, vd}), g);
    if (init) {
      std::vector<ir::Type> types;
      for (const Expr &b : li.elems)
        types.push_back(b.type.elemType());
      Parts v = valuesOf(init, types, g);
      for (size_t i = 0; i < v.size(); ++i)
        putElem(li.elems[i], i64(0), v[i], g);
    }
    return;
  }
  case VarInfo::Node:
  case VarInfo::Plain: break;
  }
  if (li.isStruct) {
    createObjects(li, !init, g);
    StructObj dst;
    if (li.kind == VarInfo::Node)
      dst.node = li.refs.at(0);
    else
      dst.var = &li;
    dst.count = u_.leafCount(t);
    dst.expr = init;
    if (init) {
      structInit(dst, init, g);
      return;
    }
    // Per field of the struct (a nested struct field: all its parts; array fields were allocated).
    std::vector<int64_t> owned = u_.ownedOf(t, vd->getLocation());
    for (const cl::FieldDecl *f : t->getAsRecordDecl()->getDefinition()->fields())
      if (observable(Tracked{Tracked::Field, vd, f}))
        for (uint32_t k = u_.leafOffset(f), e = k + u_.leafCount(f->getType()); k < e; ++k)
          if (owned[k] < 0)
            havocPart(dst, k, g);
    return;
  }
  if (!init) {
    if (observable(Tracked{Tracked::Var, vd}))
      for (VarRef r : li.refs)
        havoc(r, g);
    return;
  }
  if (li.refs.size() > 1) { // a fat pointer
    Parts v = ptr(init, g);
    for (size_t i = 0; i < v.size(); ++i)
      emit(assign(g, li.refs[i], std::move(v[i])));
    return;
  }
  if (allocCall(init) && rest)
    allocScope_ = AllocScope{li.refs[0], vd, *rest};
  if (!rvInto(li.refs[0], li.ctype, init, g))
    emit(assign(g, li.refs[0], coerce(rv(init, g), li.type, g)));
  allocScope_.reset();
}

/// The code that runs after the declaration of `vd` in its block: the initializers of the declarators after
/// it, then the rest of the block; nullopt when the declaration is not a statement of the innermost block.
std::optional<std::vector<const cl::Stmt *>> FnLowering::laterCode(const cl::VarDecl *vd) const {
  if (!curDecl_)
    return std::nullopt;
  std::vector<const cl::Stmt *> first;
  bool after = false;
  for (const cl::Decl *d : curDecl_->decls()) {
    if (after)
      if (const auto *v = llvm::dyn_cast<cl::VarDecl>(d); v && v->getInit())
        first.push_back(v->getInit());
    after |= d == vd;
  }
  return restOfBlock(curDecl_, std::move(first));
}

void FnLowering::ifStmt(const cl::IfStmt *s, const Expr &g) {
  if (plan_.isEntered(s) || plan_.isEntered(s->getThen()) || (s->getElse() && plan_.isEntered(s->getElse())))
    return gotoIfStmt(s, g);
  SourceLoc ifLoc = loc_;
  loc_ = irLoc(s->getCond()->getBeginLoc());
  Expr c = cond(s->getCond(), g);
  Expr tg = guardAnd(g, std::move(c));
  stmt(s->getThen(), tg);
  if (s->getElse()) {
    loc_ = ifLoc;
    Expr eg = conj(g, tg, true);
    stmt(s->getElse(), eg);
  }
}

/// Constant value of a side-effect-free condition, if it has one.
std::optional<bool> constantCondition(const cl::Expr *c, cl::ASTContext &ctx) {
  if (!c)
    return true;
  if (c->HasSideEffects(ctx))
    return std::nullopt;
  cl::Expr::EvalResult r;
  if (c->getType()->isIntegerType() && c->EvaluateAsInt(r, ctx))
    return r.Val.getInt() != 0;
  return std::nullopt;
}

void FnLowering::loop(const cl::Stmt *s, const cl::Expr *c, const cl::Expr *inc, const cl::Stmt *body,
                      bool isDo, const Expr &g) {
  SourceLoc loopLoc = loc_;
  Breakable b;
  b.inc = inc;
  b.condLoc = c ? irLoc(c->getBeginLoc()) : loopLoc;
  b.construct = construct_;
  b.range = range_;
  if (inc) {
    b.incConstruct = u_.freshConstruct();
    b.incRange = u_.exprRange(inc);
  }
  std::optional<bool> k = constantCondition(c, u_.ctx_);
  Expr cv;
  if (k && (*k || !isDo)) {
    cv = Expr::boolLit(*k);
  } else {
    b.cond = c;
    b.temp = temp(ir::Type::boolType());
    if (isDo) {
      emit(assign(g, *b.temp, Expr::boolLit(true)));
    } else {
      loc_ = b.condLoc;
      Expr v = cond(c, g);
      emit(assign(g, *b.temp, std::move(v)));
    }
    cv = use(*b.temp);
  }
  ir::Stmt w = make(ir::Stmt::While, g);
  w.loc = loopLoc;
  w.value = cv;
  w.unwind = u_.pragmas_.take(u_.smLoc(s->getBeginLoc()));
  std::vector<ir::Stmt> *saved = out_;
  out_ = &w.body;
  breakables_.push_back(b);
  stmt(body, Expr::boolLit(true));
  escapeCheck(s);
  recompute(breakables_.back(), Expr::boolLit(true));
  breakables_.pop_back();
  out_ = saved;
  loc_ = loopLoc;
  emit(std::move(w));
}

/// The end of a loop iteration (also before a `continue`): the increment, then the condition variable.
void FnLowering::recompute(const Breakable &b, const Expr &g) {
  SourceLoc saved = loc_;
  uint32_t savedConstruct = construct_;
  SourceRange savedRange = range_;
  if (b.inc) {
    loc_ = irLoc(b.inc->getBeginLoc());
    construct_ = b.incConstruct;
    range_ = b.incRange;
    effect(b.inc, g);
  }
  if (b.temp) {
    loc_ = b.condLoc;
    construct_ = b.construct;
    range_ = b.range;
    Expr v = cond(b.cond, g);
    emit(assign(g, *b.temp, std::move(v)));
  }
  loc_ = saved;
  construct_ = savedConstruct;
  range_ = savedRange;
}

/// `continue` under g, as seen from breakables_[0, depth): through the switches in between by flags.
void FnLowering::continueStmt(const Expr &g, size_t depth) {
  if (depth == 0)
    unsupported(fd_->getLocation(), "continue outside a loop");
  Breakable &b = breakables_[depth - 1];
  if (b.isSwitch || b.isRegion) {
    if (!b.contFlag)
      b.contFlag = temp(ir::Type::boolType());
    emit(assign(g, *b.contFlag, Expr::boolLit(true)));
    emit(make(ir::Stmt::Break, g));
    return;
  }
  recompute(b, g);
  emit(make(ir::Stmt::Continue, g));
}

void FnLowering::switchStmt(const cl::SwitchStmt *s, const Expr &g) {
  SourceLoc switchLoc = loc_;
  if (s->getInit() || s->getConditionVariable())
    unsupported(s, "switch with a declaration in its condition");
  ir::Type st = intTypeOf(s->getCond());
  Expr tv = materialize(rvAs(s->getCond(), st, g), g);
  // The top-level statements of the body; the labels among them (peeled: `case 1: case 2: s`).
  std::vector<const cl::Stmt *> items;
  if (const auto *cs = llvm::dyn_cast<cl::CompoundStmt>(s->getBody()))
    items.assign(cs->body_begin(), cs->body_end());
  else
    items.push_back(s->getBody());
  std::set<const cl::SwitchCase *> topLevel;
  std::vector<ir::BigInt> values;
  bool hasDefault = false;
  // A case value is converted to the promoted type of the controlling expression.
  auto caseValue = [&](const cl::CaseStmt *cs) {
    return literal(bigOf(cs->getLHS()->EvaluateKnownConstInt(u_.ctx_)), st);
  };
  for (const cl::Stmt *it : items)
    for (const auto *sc = llvm::dyn_cast<cl::SwitchCase>(it); sc;
         sc = llvm::dyn_cast<cl::SwitchCase>(sc->getSubStmt())) {
      topLevel.insert(sc);
      if (const auto *cs = llvm::dyn_cast<cl::CaseStmt>(sc)) {
        if (cs->getRHS())
          unsupported(cs, "case range");
        values.push_back(caseValue(cs).value);
      } else {
        hasDefault = true;
      }
    }
  for (const cl::SwitchCase *sc = s->getSwitchCaseList(); sc; sc = sc->getNextSwitchCase())
    if (!topLevel.count(sc))
      unsupported(sc, "case label that is not directly in the body of its switch");
  std::optional<VarRef> dflt;
  if (hasDefault) {
    Expr none = Expr::boolLit(true);
    for (const ir::BigInt &v : values) {
      Expr ne = Expr::binary(ir::Op::Ne, tv, Expr::intLit(v, st));
      none = none.isTrue() ? ne : Expr::binary(ir::Op::And, std::move(none), std::move(ne));
    }
    dflt = temp(ir::Type::boolType());
    emit(assign(g, *dflt, std::move(none)));
  }
  size_t insertAt = out_->size();
  ir::Stmt w = make(ir::Stmt::While, g);
  w.value = Expr::boolLit(true);
  std::vector<ir::Stmt> *saved = out_;
  out_ = &w.body;
  Breakable b;
  b.isSwitch = true;
  breakables_.push_back(b);
  VarRef m = temp(ir::Type::boolType());
  emit(assign(Expr::boolLit(true), m, Expr::boolLit(false)));
  bool seenLabel = false;
  for (const cl::Stmt *it : items) {
    const cl::Stmt *x = it;
    while (const auto *sc = llvm::dyn_cast<cl::SwitchCase>(x)) {
      seenLabel = true;
      loc_ = irLoc(sc->getBeginLoc());
      Expr hit = llvm::isa<cl::CaseStmt>(sc)
                     ? Expr::binary(ir::Op::Eq, tv, caseValue(llvm::cast<cl::CaseStmt>(sc)))
                     : use(*dflt);
      emit(assign(Expr::boolLit(true), m, Expr::binary(ir::Op::Or, use(m), std::move(hit))));
      x = sc->getSubStmt();
    }
    if (!seenLabel) { // unreachable code before the first label: only its declarations matter
      if (const auto *ds = llvm::dyn_cast<cl::DeclStmt>(x))
        for (const cl::Decl *d : ds->decls())
          if (const auto *vd = llvm::dyn_cast<cl::VarDecl>(d))
            localDecl(vd, Expr::boolLit(false), false);
      continue;
    }
    stmt(x, use(m));
    escapeCheck(it);
  }
  loc_ = switchLoc;
  emit(make(ir::Stmt::Break, Expr::boolLit(true)));
  std::optional<VarRef> flag = breakables_.back().contFlag;
  breakables_.pop_back();
  out_ = saved;
  // Reset unguarded: under g, a flag left true by an earlier run of the switch (an iteration of an
  // enclosing loop in which the switch ran and continued) would fire again when g is false.
  if (flag)
    out_->insert(out_->begin() + static_cast<std::ptrdiff_t>(insertAt),
                 assign(Expr::boolLit(true), *flag, Expr::boolLit(false)));
  emit(std::move(w));
  if (flag)
    continueStmt(use(*flag), breakables_.size());
}

void FnLowering::returnStmt(const cl::ReturnStmt *s, const Expr &g) {
  if (const cl::Expr *v = s->getRetValue()) {
    if (auto res = u_.structResults_.find(u_.procs_.at(fd_->getCanonicalDecl()));
        res != u_.structResults_.end() && res->second.isStruct) {
      // A struct result: copied into the function's result globals (an array field by reference: the caller
      // copies its elements where the value goes).
      StructObj dst;
      dst.var = &res->second;
      dst.count = static_cast<uint32_t>(res->second.refs.size());
      dst.expr = v;
      size_t mark = out_->size();
      copyStruct(dst, structObj(v, g), mark, g, false);
    } else if (res != u_.structResults_.end()) {
      // A fat pointer result: one result global per part.
      Parts p = ptr(v, g);
      for (size_t i = 0; i < p.size(); ++i)
        emit(assign(g, res->second.refs.at(i), std::move(p[i])));
    } else if (p_.result == ir::kNone) {
      effect(v, g);
    } else {
      VarRef r{false, p_.result};
      if (!rvInto(r, fd_->getReturnType(), v, g))
        emit(assign(g, r, coerce(rv(v, g), typeOf(r), g)));
    }
  }
  loc_ = irLoc(s->getBeginLoc());
  emit(make(ir::Stmt::Return, g));
}

// ---- goto ----

/// `break` under g, as seen from breakables_[0, depth): through the regions of backward gotos by flags.
void FnLowering::breakStmt(const Expr &g, size_t depth) {
  Breakable &b = breakables_.at(depth - 1);
  if (b.isRegion) {
    if (!b.breakFlag)
      b.breakFlag = temp(ir::Type::boolType());
    emit(assign(g, *b.breakFlag, Expr::boolLit(true)));
  }
  emit(make(ir::Stmt::Break, g));
}

/// `jump == 0`: no jump in progress.
Expr FnLowering::noJump() const {
  return Expr::binary(ir::Op::Eq, use(*jump_), Expr::intLit(0, ir::Type::intType()));
}

/// A jump to one of the labels with codes r.lo .. r.hi is in progress.
Expr FnLowering::jumpIn(GotoPlan::Range r) const {
  ir::Type t = ir::Type::intType();
  if (r.lo == r.hi)
    return Expr::binary(ir::Op::Eq, use(*jump_), Expr::intLit(r.lo, t));
  return Expr::binary(ir::Op::And, Expr::binary(ir::Op::Le, Expr::intLit(r.lo, t), use(*jump_)),
                      Expr::binary(ir::Op::Le, use(*jump_), Expr::intLit(r.hi, t)));
}

/// An atom for `a or b` (a an atom, b pure), a temporary assigned unguarded.
Expr FnLowering::disj(const Expr &a, Expr b) {
  if (a.isTrue())
    return a;
  VarRef t = temp(ir::Type::boolType());
  emit(
      assign(Expr::boolLit(true), t, a.isFalse() ? std::move(b) : Expr::binary(ir::Op::Or, a, std::move(b))));
  return use(t);
}

/// After the body of a loop or an item of a switch that a goto leaves: `[jump != 0] break` (a jump to a label
/// inside it ends before this point, so any jump still in progress goes outside).
void FnLowering::escapeCheck(const cl::Stmt *s) {
  if (!plan_.isEscaping(s))
    return;
  Expr away = guardAnd(Expr::boolLit(true), Expr::unary(ir::Op::Not, noJump()));
  emit(make(ir::Stmt::Break, away));
}

/// A local gets an indeterminate value (a jump skipped its declaration): its objects are created with
/// arbitrary contents, its other parts get nondet values.
void FnLowering::havocAll(const VarInfo &v, const Expr &g) {
  createObjects(v, true, g);
  if (v.kind == VarInfo::Array || v.kind == VarInfo::Box)
    return;
  StructObj o;
  if (v.kind == VarInfo::Node)
    o.node = v.refs.at(0);
  else
    o.var = &v;
  std::vector<int64_t> owned(v.refs.size(), -1);
  if (v.isStruct)
    owned = u_.ownedOf(v.ctype, fd_->getLocation());
  for (uint32_t k = 0; k < owned.size(); ++k)
    if (owned[k] < 0)
      havocPart(o, k, g);
}

/// Whether the code after `label` may read a part of the local before writing it (uninit.cpp).
bool FnLowering::readBeforeWrite(const VarInfo &v, const cl::VarDecl *vd, const cl::LabelStmt *label) const {
  if (v.kind == VarInfo::Array)
    return mayReadFirstAfter(Tracked{Tracked::Array, vd}, label, u_.ctx_, plan_);
  if (v.isStruct) {
    for (const cl::FieldDecl *f : v.ctype->getAsRecordDecl()->getDefinition()->fields())
      if (mayReadFirstAfter(Tracked{Tracked::Field, vd, f}, label, u_.ctx_, plan_))
        return true;
    return false;
  }
  if (v.kind == VarInfo::Array)
    return mayReadFirstAfter(Tracked{Tracked::Array, vd}, label, u_.ctx_, plan_);
  return mayReadFirstAfter(Tracked{Tracked::Var, vd}, label, u_.ctx_, plan_);
}

void FnLowering::compound(const cl::CompoundStmt *cs, const Expr &g) {
  blocks_.push_back(Block{cs, 0, {}});
  sequence(cs, 0, cs->size(), g, plan_.isEntered(cs), true);
  blocks_.pop_back();
}

/// Statements from..to-1 of a compound under g. Without gotos each runs under g. With gotos, a statement's
/// guard is `g and jump == 0` (recomputed when a statement before it may have started or ended a jump, or
/// when the list may be entered by a jump), or'ed with "a jump to a label inside it is in progress" when a
/// jump enters it; a backward goto's region runs as a loop (regionLoop).
void FnLowering::sequence(const cl::CompoundStmt *cs, size_t from, size_t to, const Expr &g,
                          bool mayStartJumping, bool regionsHere) {
  const std::vector<GotoPlan::Region> *regions = nullptr;
  if (auto it = plan_.regions.find(cs); regionsHere && it != plan_.regions.end())
    regions = &it->second;
  Expr cur = g;
  bool clean = !mayStartJumping; // cur implies jump == 0
  auto normal = [&]() -> Expr {
    if (!clean) {
      cur = guardAnd(g, noJump());
      clean = true;
    }
    return cur;
  };
  for (size_t k = from; k < to; ++k) {
    const cl::Stmt *c = cs->body_begin()[k];
    blocks_.back().index = k;
    const GotoPlan::Region *r = nullptr;
    if (regions)
      for (const GotoPlan::Region &x : *regions)
        if (x.first == k)
          r = &x;
    if (r) {
      loc_ = irLoc(c->getBeginLoc());
      Expr gr = normal();
      if (r->entered) {
        std::optional<GotoPlan::Range> in;
        for (size_t i = r->first; i <= r->last; ++i)
          if (auto ci = plan_.codesInside(cs->body_begin()[i]))
            in = in ? GotoPlan::Range{std::min(in->lo, ci->lo), std::max(in->hi, ci->hi)} : *ci;
        if (in)
          gr = disj(gr, jumpIn(*in));
      }
      regionLoop(cs, r->first, r->last, nullptr, *r, gr);
      clean &= !(r->entered || r->escapes);
      k = r->last;
      continue;
    }
    Expr gc = normal();
    if (plan_.isEntered(c)) {
      loc_ = irLoc(c->getBeginLoc());
      gc = disj(gc, jumpIn(*plan_.codesInside(c)));
    }
    stmt(c, gc);
    clean &= !(plan_.isEntered(c) || plan_.isEscaping(c));
  }
  if (from < to)
    blocks_.back().index = to - 1;
}

/// A backward goto's region (statements first..last of cs, or the single statement) under g:
/// `[g] while (true) { statements; [jump is a code of the region's labels] continue; break }`. A goto back
/// sets `jump` and leaves the statements after it; the loop restarts, and the jump enters the statements
/// down to its label. Bounded for verification like any loop (`#pragma locus unwind K` before the label).
void FnLowering::regionLoop(const cl::CompoundStmt *cs, size_t first, size_t last, const cl::Stmt *single,
                            const GotoPlan::Region &r, const Expr &g) {
  const cl::Stmt *head = single ? single : cs->body_begin()[first];
  SourceLoc where = irLoc(head->getBeginLoc());
  loc_ = where;
  size_t insertAt = out_->size();
  ir::Stmt w = make(ir::Stmt::While, g);
  w.value = Expr::boolLit(true);
  if (const auto *ls = llvm::dyn_cast<cl::LabelStmt>(head)) {
    // The pragma on the line before the label bounds this loop, unless a loop starts on the label's line (it
    // is that loop's).
    const cl::Stmt *sub = ls->getSubStmt();
    bool loopOnLine =
        (llvm::isa<cl::WhileStmt>(sub) || llvm::isa<cl::DoStmt>(sub) || llvm::isa<cl::ForStmt>(sub) ||
         llvm::isa<cl::CompoundStmt>(sub) || llvm::isa<cl::LabelStmt>(sub)) &&
        irLoc(sub->getBeginLoc()).line == where.line;
    if (!loopOnLine)
      w.unwind = u_.pragmas_.take(u_.smLoc(head->getBeginLoc()));
  }
  std::vector<ir::Stmt> *saved = out_;
  out_ = &w.body;
  Breakable b;
  b.isRegion = true;
  breakables_.push_back(b);
  if (single) {
    wrapping_ = single;
    stmt(single, Expr::boolLit(true));
  } else {
    sequence(cs, first, last + 1, Expr::boolLit(true), true, false);
  }
  loc_ = where;
  Expr again = Expr::boolLit(false);
  bool contiguous = r.codes.back() - r.codes.front() + 1 == static_cast<int64_t>(r.codes.size());
  if (contiguous) {
    again = jumpIn({r.codes.front(), r.codes.back()});
  } else {
    for (int64_t c : r.codes) {
      Expr eq = jumpIn({c, c});
      again = again.isFalse() ? std::move(eq) : Expr::binary(ir::Op::Or, std::move(again), std::move(eq));
    }
  }
  emit(make(ir::Stmt::Continue, guardAnd(Expr::boolLit(true), std::move(again))));
  emit(make(ir::Stmt::Break, Expr::boolLit(true)));
  std::optional<VarRef> brk = breakables_.back().breakFlag, cont = breakables_.back().contFlag;
  breakables_.pop_back();
  out_ = saved;
  // Reset unguarded (see switchStmt).
  for (const std::optional<VarRef> &f : {cont, brk})
    if (f)
      out_->insert(out_->begin() + static_cast<std::ptrdiff_t>(insertAt),
                   assign(Expr::boolLit(true), *f, Expr::boolLit(false)));
  emit(std::move(w));
  if (brk)
    breakStmt(use(*brk), breakables_.size());
  if (cont)
    continueStmt(use(*cont), breakables_.size());
}

/// `goto L` → `[g] jump := code` (the statements after it see the jump in progress and do not run).
void FnLowering::gotoStmt(const cl::GotoStmt *s, const Expr &g) {
  auto it = plan_.codes.find(s);
  if (it == plan_.codes.end()) // a self-loop is lowered at its label
    unsupported(s, "goto");
  emit(assign(g, *jump_, Expr::intLit(it->second, ir::Type::intType())));
}

/// A label: where a jump to it ends (`[jump is one of its codes] jump := 0`, after giving the locals whose
/// declarations the jump skipped an indeterminate value), then its statement. `L: goto L;` is
/// `[g] while (true) {}`.
void FnLowering::labelStmt(const cl::LabelStmt *s, const Expr &g) {
  if (auto it = plan_.labels.find(s); it != plan_.labels.end()) {
    loc_ = irLoc(s->getBeginLoc());
    const GotoPlan::Label &l = it->second;
    for (size_t k = 0; k < l.bypass.size(); ++k) {
      if (l.bypass[k].empty())
        continue;
      int64_t code = l.first + static_cast<int64_t>(k);
      Expr here = guardAnd(Expr::boolLit(true), jumpIn({code, code}));
      for (const cl::VarDecl *vd : l.bypass[k])
        if (auto v = locals_.find(vd); v != locals_.end()) {
          if (readBeforeWrite(v->second, vd, s))
            havocAll(v->second, here);
          else
            createObjects(v->second, false, here); // its objects exist all the same
        }
    }
    Expr arrived = guardAnd(Expr::boolLit(true), jumpIn({l.first, l.last()}));
    emit(assign(arrived, *jump_, Expr::intLit(0, ir::Type::intType())));
  }
  const cl::Stmt *sub = s->getSubStmt();
  if (const auto *gs = llvm::dyn_cast<cl::GotoStmt>(sub); gs && plan_.selfLoops.count(gs)) {
    loc_ = irLoc(gs->getBeginLoc());
    ir::Stmt w = make(ir::Stmt::While, g);
    w.value = Expr::boolLit(true);
    w.unwind = u_.pragmas_.take(u_.smLoc(s->getBeginLoc()));
    emit(std::move(w));
    return;
  }
  stmt(sub, g);
}

/// An `if` that a jump enters (or a branch of which one does): the condition is evaluated only when no
/// jump is in progress; a branch runs when its condition holds or a jump to a label inside it is in
/// progress. The else branch's guard is computed after the then branch ran, so a jump from the then branch
/// into the else branch enters it.
void FnLowering::gotoIfStmt(const cl::IfStmt *s, const Expr &g) {
  SourceLoc ifLoc = loc_;
  Expr gn = plan_.isEntered(s) ? guardAnd(g, noJump()) : g;
  loc_ = irLoc(s->getCond()->getBeginLoc());
  Expr c = cond(s->getCond(), gn);
  Expr tn = guardAnd(gn, std::move(c));
  Expr tg = plan_.isEntered(s->getThen()) ? disj(tn, jumpIn(*plan_.codesInside(s->getThen()))) : tn;
  stmt(s->getThen(), tg);
  if (const cl::Stmt *e = s->getElse()) {
    loc_ = ifLoc;
    Expr en = conj(gn, tn, true);
    Expr eg = plan_.isEntered(e) ? disj(en, jumpIn(*plan_.codesInside(e))) : en;
    stmt(e, eg);
  }
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

// ================================================================================================
// UnitLowering

/// The audit of a declaration (audit.h), and of the attributes that would change what it means.
void UnitLowering::admitDecl(const cl::Decl *d) {
  audit::Entry a = audit::declKind(d->getKind());
  if (a.support != audit::Support::Lowered)
    unsupported(d->getLocation(),
                a.what ? a.what : std::string(d->getDeclKindName()) + " declaration (not C)");
  if (const auto *td = llvm::dyn_cast<cl::TypedefNameDecl>(d);
      td && td->getUnderlyingType()->isVariablyModifiedType())
    unsupported(d->getLocation(), "typedef of a variable-length array type");
  for (const cl::Attr *at : d->attrs()) {
    if (at->isImplicit())
      continue;
    // Attributes that run code or change a declaration's meaning in ways the lowering does not model.
    switch (at->getKind()) {
    case cl::attr::Cleanup:
    case cl::attr::Constructor:
    case cl::attr::Destructor:
    case cl::attr::IFunc:
    case cl::attr::Alias:
      unsupported(at->getLocation(), std::string("attribute '") + at->getSpelling() + "'");
    default: break;
    }
  }
}
/// The text of an expression: exact (in the file, a macro argument's spelling, or one whole macro
/// expansion), else none.
SourceRange UnitLowering::exprRange(const cl::Expr *e) {
  cl::CharSourceRange r = cl::Lexer::makeFileCharRange(
      cl::CharSourceRange::getTokenRange(e->getSourceRange()), csm_, ctx_.getLangOpts());
  return charRange(r);
}
/// The text of a statement: a macro expansion widened to the whole invocation (as locations are), its `;`
/// included when `semi` and the text does not end in `;` or `}` already.
SourceRange UnitLowering::stmtRange(const cl::Stmt *s, bool semi) {
  if (s->getBeginLoc().isInvalid() || s->getEndLoc().isInvalid())
    return {};
  cl::SourceLocation b = csm_.getExpansionRange(s->getBeginLoc()).getBegin();
  cl::SourceLocation last = csm_.getExpansionRange(s->getEndLoc()).getEnd();
  cl::SourceLocation e = cl::Lexer::getLocForEndOfToken(last, 0, csm_, ctx_.getLangOpts());
  if (semi) {
    bool closed = false;
    if (cl::SourceLocation before = e.getLocWithOffset(-1); before.isValid()) {
      char c = *csm_.getCharacterData(before);
      closed = c == ';' || c == '}';
    }
    if (!closed)
      if (cl::SourceLocation after =
              cl::Lexer::findLocationAfterToken(last, cl::tok::semi, csm_, ctx_.getLangOpts(), false);
          after.isValid())
        e = after;
  }
  return charRange(cl::CharSourceRange::getCharRange(b, e));
}
SourceRange UnitLowering::charRange(cl::CharSourceRange r) {
  if (r.isInvalid() || !r.getBegin().isFileID() || !r.getEnd().isFileID())
    return {};
  SourceLoc b = irLoc(r.getBegin()), e = irLoc(r.getEnd());
  if (!b.valid() || !e.valid() || b.file != e.file || e < b)
    return {};
  return {b, e};
}
std::string UnitLowering::text(const cl::Stmt *s) const {
  cl::CharSourceRange r = cl::CharSourceRange::getTokenRange(s->getSourceRange());
  r = cl::Lexer::makeFileCharRange(r, csm_, ctx_.getLangOpts());
  std::string t = cl::Lexer::getSourceText(r, csm_, ctx_.getLangOpts()).str();
  std::replace(t.begin(), t.end(), '\n', ' ');
  return t;
}

void UnitLowering::declareGlobal(const cl::VarDecl *vd) {
  const cl::VarDecl *canon = vd->getCanonicalDecl();
  if (globals_.count(canon))
    return;
  const cl::VarDecl *def = vd->getDefinition(ctx_);
  if (!def)
    def = vd->getActingDefinition();
  if (!def)
    return; // an extern declaration: unsupported where it is used
  std::string name = vd->getNameAsString();
  VarInfo info;
  info.name = name;
  cl::QualType t = def->getType();
  bool taken = addressTaken_.vars.count(canon) != 0;
  if (isStructValue(t)) {
    if (taken)
      unsupported(def->getLocation(), "address of the global struct '" + name +
                                          "' (only local and parameter structs can live in a heap node)");
    declareStructGlobal(def, std::move(info));
    return;
  }
  if (t->isArrayType()) {
    declareArrayGlobal(def, std::move(info));
    return;
  }
  info.ctype = t;
  std::vector<Part> ps = partsOf(t, def->getLocation(), "global '" + name + "'");
  if (ps.size() == 1)
    info.type = ps[0].type;
  std::vector<Expr> init;
  for (const Part &p : ps)
    init.push_back(ir::defaultValue(p.type));
  if (const cl::Expr *e = def->getInit()) {
    if (isFat(t))
      init = constantPointer(e, t, name);
    else
      init[0] = constantInit(e, info.type, name);
  }
  info.isConst = t.isConstQualified() && ps.size() == 1 && info.type.kind != ir::Type::Ref && !taken;
  if (info.isConst) {
    info.elems = std::move(init);
    globals_[canon] = std::move(info);
    return;
  }
  for (size_t k = 0; k < ps.size(); ++k) {
    // A global whose address is taken is boxed: a 1-element array per part, allocated for every run.
    std::string gname = uniqueName(name + (taken ? "_box" : "") + ps[k].suffix);
    VarRef r{true, static_cast<uint32_t>(prog_.globals.size())};
    ir::Var gv{gname, taken ? ir::Type::arrayOf(ps[k].type) : ps[k].type, ir::VarKind::Global,
               irLoc(def->getLocation())};
    if (taken)
      gv.alloc = 1;
    prog_.globals.push_back(std::move(gv));
    info.refs.push_back(r);
    info.elems.push_back(Expr::varUse(r, prog_.globals.back().type));
    if (!isZeroLit(init[k]))
      globalInits_.push_back(
          {r, init[k], def->getLocation(), taken ? std::optional<Expr>(i64(0)) : std::nullopt});
  }
  if (taken)
    info.kind = VarInfo::Box;
  globals_[canon] = std::move(info);
}

/// A global array: one IR global array per part of the element type, allocated (zeroed) for every run
/// (`Var::alloc`); its non-zero constant initializer is written at the start of main and of the tests.
void UnitLowering::declareArrayGlobal(const cl::VarDecl *def, VarInfo info) {
  const std::string &name = info.name;
  cl::QualType t = def->getType();
  std::vector<std::optional<uint64_t>> dims;
  cl::QualType e = innerElement(t, &dims);
  ir::BigInt total(1);
  for (const auto &d : dims) {
    if (!d)
      unsupported(def->getLocation(), "array '" + name + "' without a constant size");
    total = total * ir::BigInt::fromUint64(*d);
    info.dims.push_back(i64(static_cast<int64_t>(*d)));
  }
  if (total > ir::BigInt(ir::kMaxArrayLength))
    unsupported(def->getLocation(),
                "array '" + name + "' of " + total.toString() + " elements (at most 2^40)");
  info.kind = VarInfo::Array;
  info.ctype = e;
  info.isStruct = isStructValue(e);
  for (const Part &p : partsOf(e, def->getLocation(), "the elements of '" + name + "'")) {
    if (p.owned >= 0)
      unsupported(def->getLocation(), "array of structs with array fields '" + name + "'");
    VarRef r{true, static_cast<uint32_t>(prog_.globals.size())};
    ir::Var gv{uniqueName(name + p.suffix), ir::Type::arrayOf(p.type), ir::VarKind::Global,
               irLoc(def->getLocation())};
    gv.alloc = *total.toInt64();
    prog_.globals.push_back(std::move(gv));
    info.refs.push_back(r);
    info.elems.push_back(Expr::varUse(r, prog_.globals.back().type));
  }
  if (info.elems.size() == 1)
    info.type = info.elems[0].type.elemType();
  if (const cl::Expr *x = def->getInit())
    constantObject(x, t, 0, 0, name, [&](uint32_t part, int64_t index, Expr v) {
      globalInits_.push_back({info.refs.at(part), std::move(v), def->getLocation(), i64(index)});
    });
  globals_[def->getCanonicalDecl()] = std::move(info);
}

/// The constant value of a global's scalar initializer `e` (of IR type t; `name` names the object in
/// messages).
Expr UnitLowering::constantInit(const cl::Expr *e, ir::Type t, const std::string &name) {
  if (t.kind == ir::Type::Ref) {
    if (e->isNullPointerConstant(ctx_, cl::Expr::NPC_ValueDependentIsNull))
      return Expr::nullLit();
    unsupported(e->getBeginLoc(), "initializer of the pointer '" + name + "' other than NULL");
  }
  cl::Expr::EvalResult r;
  if (!e->EvaluateAsInt(r, ctx_))
    unsupported(e->getBeginLoc(), "non-constant initializer of '" + name + "'");
  return literal(bigOf(r.Val.getInt()), t);
}

/// The constant initializer of a global fat pointer: NULL, a global array (or an element of it, or it plus
/// a constant), or the address of a global scalar.
Parts UnitLowering::constantPointer(const cl::Expr *e, cl::QualType ptrType, const std::string &name) {
  const PtrShape &s = shapeOf(ptrType, e->getBeginLoc());
  auto make = [&](const Parts &cells, int64_t off) {
    Parts p = cells;
    for (size_t r = 0; r < s.records.size(); ++r)
      p.push_back(Expr::nullLit());
    p.push_back(i64(off));
    return p;
  };
  if (e->isNullPointerConstant(ctx_, cl::Expr::NPC_ValueDependentIsNull))
    return make(Parts(s.cells.size(), Expr::nullLit()), 0);
  auto global = [&](const cl::Expr *x) -> const VarInfo * {
    const auto *dr = llvm::dyn_cast<cl::DeclRefExpr>(x->IgnoreParenImpCasts());
    const auto *vd = dr ? llvm::dyn_cast<cl::VarDecl>(dr->getDecl()) : nullptr;
    auto it = vd ? globals_.find(vd->getCanonicalDecl()) : globals_.end();
    return it == globals_.end() ? nullptr : &it->second;
  };
  auto constant = [&](const cl::Expr *x) -> std::optional<int64_t> {
    cl::Expr::EvalResult r;
    if (x->EvaluateAsInt(r, ctx_))
      return r.Val.getInt().getExtValue();
    return std::nullopt;
  };
  const cl::Expr *x = e->IgnoreParenImpCasts();
  int64_t off = 0;
  if (const auto *bo = llvm::dyn_cast<cl::BinaryOperator>(x);
      bo && (bo->getOpcode() == cl::BO_Add || bo->getOpcode() == cl::BO_Sub) &&
      bo->getLHS()->getType()->isPointerType()) {
    std::optional<int64_t> k = constant(bo->getRHS());
    if (k) {
      off = bo->getOpcode() == cl::BO_Add ? *k : -*k;
      x = bo->getLHS()->IgnoreParenImpCasts();
    }
  }
  if (const VarInfo *v = global(x); v && v->kind == VarInfo::Array && s.stride == 1)
    return make(v->elems, off);
  if (const auto *uo = llvm::dyn_cast<cl::UnaryOperator>(x);
      uo && uo->getOpcode() == cl::UO_AddrOf && off == 0) {
    const cl::Expr *obj = uo->getSubExpr()->IgnoreParens();
    if (const VarInfo *v = global(obj); v && (v->kind == VarInfo::Box || v->kind == VarInfo::Array))
      return make(v->elems, 0);
    // &a[i][j]…: constant indices of a global array
    std::vector<const cl::Expr *> idx;
    while (const auto *as = llvm::dyn_cast<cl::ArraySubscriptExpr>(obj)) {
      idx.insert(idx.begin(), as->getIdx());
      obj = as->getBase()->IgnoreParenImpCasts();
    }
    if (const VarInfo *v = global(obj);
        v && v->kind == VarInfo::Array && !idx.empty() && idx.size() <= v->dims.size()) {
      int64_t flat = 0;
      bool ok = true;
      for (size_t d = 0; d < idx.size(); ++d) {
        std::optional<int64_t> k = constant(idx[d]);
        ok &= k.has_value();
        int64_t stride = 1;
        for (size_t j = d + 1; j < v->dims.size(); ++j)
          stride *= *v->dims[j].value.toInt64();
        flat += k.value_or(0) * stride;
      }
      if (ok)
        return make(v->elems, flat);
    }
  }
  unsupported(e->getBeginLoc(), "initializer of the pointer '" + name +
                                    "' other than NULL, a global array or the address of a global");
}

/// The constant initializer `e` of an object of C type t whose parts start at `part` (element `index` of
/// arrays): `emit(part, index, value)` for every part whose value is not zero.
void UnitLowering::constantObject(const cl::Expr *e, cl::QualType t, uint32_t part, int64_t index,
                                  const std::string &name,
                                  const std::function<void(uint32_t, int64_t, Expr)> &emit) {
  e = e->IgnoreParens();
  cl::QualType c = t.getCanonicalType();
  if (const auto *ca = ctx_.getAsConstantArrayType(c)) {
    cl::QualType et = ca->getElementType();
    int64_t n = static_cast<int64_t>(ca->getSize().getZExtValue()), stride = 1;
    std::vector<std::optional<uint64_t>> dims;
    innerElement(et, &dims);
    for (const auto &d : dims)
      stride *= static_cast<int64_t>(d.value_or(1));
    if (const auto *sl = llvm::dyn_cast<cl::StringLiteral>(e)) {
      std::optional<ir::Type> it = intType(et, ctx_);
      if (!it || sl->getCharByteWidth() != 1)
        unsupported(e->getBeginLoc(), "string initializer of '" + name + "'");
      std::string bytes = sl->getString().str();
      for (int64_t k = 0; k < n && k < static_cast<int64_t>(bytes.size()); ++k)
        if (char b = bytes[static_cast<size_t>(k)]; b != 0)
          emit(part, index + k, literal(ir::BigInt(static_cast<int64_t>(static_cast<signed char>(b))), *it));
      return;
    }
    const auto *list = llvm::dyn_cast<cl::InitListExpr>(e);
    if (!list)
      unsupported(e->getBeginLoc(), "array initializer that is not a list");
    for (unsigned k = 0; k < list->getNumInits() && k < n; ++k)
      if (!llvm::isa<cl::ImplicitValueInitExpr>(list->getInit(k)))
        constantObject(list->getInit(k), et, part, index + static_cast<int64_t>(k) * stride,
                       name + "[" + std::to_string(k) + "]", emit);
    return;
  }
  if (isStructValue(c)) {
    const auto *list = llvm::dyn_cast<cl::InitListExpr>(e);
    if (!list)
      unsupported(e->getBeginLoc(), "struct initializer that is not a list");
    unsigned k = 0;
    for (const cl::FieldDecl *f : c->getAsRecordDecl()->getDefinition()->fields()) {
      if (k >= list->getNumInits())
        break;
      const cl::Expr *x = list->getInit(k++);
      if (!llvm::isa<cl::ImplicitValueInitExpr>(x))
        constantObject(x, f->getType(), part + leafOffset(f), index, name + "." + f->getNameAsString(), emit);
    }
    return;
  }
  if (isFat(c)) {
    Parts ps = constantPointer(e, c, name);
    for (uint32_t i = 0; i < ps.size(); ++i)
      if (!isZeroLit(ps[i]))
        emit(part + i, index, ps[i]);
    return;
  }
  Expr v = constantInit(e, partsOf(c, e->getBeginLoc(), "'" + name + "'").at(0).type, name);
  if (!isZeroLit(v))
    emit(part, index, std::move(v));
}

/// A global struct value: one global per part (`g_f`; an array field: a global array), or folded constants
/// when const.
void UnitLowering::declareStructGlobal(const cl::VarDecl *def, VarInfo info) {
  const std::string &name = info.name;
  cl::QualType t = def->getType();
  std::vector<Leaf> fields = leaves(t, def->getLocation(), "global '" + name + "'");
  std::vector<Expr> init;
  for (const Leaf &field : fields)
    init.push_back(ir::defaultValue(field.type));
  std::vector<std::tuple<uint32_t, int64_t, Expr>> elemInits; // elements of array fields
  if (const cl::Expr *e = def->getInit())
    constantObject(e, t, 0, 0, name, [&](uint32_t part, int64_t index, Expr v) {
      if (fields.at(part).owned >= 0)
        elemInits.emplace_back(part, index, std::move(v));
      else
        init.at(part) = std::move(v);
    });
  bool owns = std::any_of(fields.begin(), fields.end(), [](const Leaf &l) { return l.owned >= 0; });
  info.isStruct = true;
  info.ctype = t;
  info.isConst = t.isConstQualified() && !owns;
  if (info.isConst) {
    info.elems = std::move(init);
  } else {
    for (size_t k = 0; k < fields.size(); ++k) {
      ir::Type ft = fields[k].type;
      std::string gname = uniqueName(name + "_" + fields[k].path);
      VarRef r{true, static_cast<uint32_t>(prog_.globals.size())};
      ir::Var gv{gname, ft, ir::VarKind::Global, irLoc(def->getLocation())};
      if (fields[k].owned >= 0)
        gv.alloc = fields[k].owned;
      prog_.globals.push_back(std::move(gv));
      info.refs.push_back(r);
      info.elems.push_back(Expr::varUse(r, ft));
      if (!isZeroLit(init[k]))
        globalInits_.push_back({r, init[k], def->getLocation(), std::nullopt});
    }
    for (auto &[part, index, v] : elemInits)
      globalInits_.push_back({info.refs.at(part), std::move(v), def->getLocation(), i64(index)});
  }
  globals_[def->getCanonicalDecl()] = std::move(info);
}

void UnitLowering::declareFunction(const cl::FunctionDecl *fd) {
  uint32_t idx = static_cast<uint32_t>(prog_.procs.size());
  procs_[fd->getCanonicalDecl()] = idx;
  ir::Procedure p;
  std::string cname = fd->getNameAsString();
  p.name = uniqueName(cname);
  p.loc = irLoc(fd->getLocation());
  p.unwind = pragmas_.take(smLoc(fd->getBeginLoc()));
  bool isVoid = fd->getReturnType()->isVoidType();
  p.isTest = cname.rfind("test_", 0) == 0 && fd->getNumParams() == 0 && isVoid;
  prog_.procs.push_back(std::move(p));
  try {
    if (fd->isVariadic())
      unsupported(fd->getLocation(), "variadic function '" + cname + "'");
    std::set<std::string> names;
    for (const cl::ParmVarDecl *pd : fd->parameters())
      names.insert(pd->getNameAsString());
    ir::Procedure &q = prog_.procs[idx];
    auto add = [&](std::string base, ir::Type t, ir::VarKind k, SourceLoc loc) {
      std::string n = base;
      for (unsigned i = 1;
           isKeyword(n) || prog_.globalIndex(n) != ir::kNone ||
           std::any_of(q.vars.begin(), q.vars.end(), [&](const ir::Var &v) { return v.name == n; });
           ++i)
        n = base + "_" + std::to_string(i);
      q.vars.push_back({n, t, k, loc});
      return static_cast<uint32_t>(q.vars.size() - 1);
    };
    std::vector<std::pair<uint32_t, uint32_t>> ranges;
    // main(int argc, char *argv[]): a command-line entry `main(argc: int32, argv_0: int64, …)`, one
    // parameter per argument the body can read (README.md, *Standard input and output*).
    if (cname == "main" && fd->getNumParams() == 2 && intType(fd->getParamDecl(0)->getType(), ctx_) &&
        isArgvType(fd->getParamDecl(1)->getType())) {
      const cl::ParmVarDecl *argc = fd->getParamDecl(0), *argv = fd->getParamDecl(1);
      ArgvUses uses = argvUses(fd->getBody(), argv, ctx_);
      uint64_t k = static_cast<uint64_t>(uses.maxConstant + 1);
      if (uses.variableIndex)
        k = std::max<uint64_t>(k, kArgvModelled);
      if (k > kMaxArray)
        unsupported(argv->getLocation(), "argv read at index " + std::to_string(k - 1) + " (at most " +
                                             std::to_string(kMaxArray - 1) + " arguments are modelled)");
      q.params.push_back(add("argc", irType(argc->getType(), argc->getLocation(), "parameter 'argc'"),
                             ir::VarKind::Param, irLoc(argc->getLocation())));
      // each argv_i holds strtol(argv[i], NULL, 10), a long; when only atoi reads them, its int value
      // (the conversion of the long, as an entry's argument is converted to its parameter's type)
      ir::Type at = ir::Type::fixedInt(uses.onlyAtoi ? 32 : 64, true);
      for (uint64_t i = 0; i < k; ++i)
        q.params.push_back(
            add("argv_" + std::to_string(i), at, ir::VarKind::Param, irLoc(argv->getLocation())));
      mainArgv_[idx] = {argv, static_cast<uint32_t>(k), uses.variableIndex};
      ranges = {{0, 1}, {1, static_cast<uint32_t>(k)}};
    }
    for (unsigned i = 0; i < fd->getNumParams() && !mainArgv_.count(idx); ++i) {
      const cl::ParmVarDecl *pd = fd->getParamDecl(i);
      std::string pn = pd->getNameAsString();
      // An array parameter `int a[]` is the pointer it decays to (pd->getType()).
      std::string base = pn.empty() ? "p" + std::to_string(i) : pn;
      ranges.push_back({static_cast<uint32_t>(q.params.size()), 1});
      if (isStructValue(pd->getType())) { // by value: one parameter per leaf
        std::vector<Leaf> ls = leaves(pd->getType(), pd->getLocation(), "parameter '" + pn + "'");
        for (const Leaf &l : ls)
          q.params.push_back(add(base + "_" + l.path, l.type, ir::VarKind::Param, irLoc(pd->getLocation())));
        ranges.back().second = static_cast<uint32_t>(ls.size());
        continue;
      }
      std::vector<Part> ps = partsOf(pd->getType(), pd->getLocation(), "parameter '" + pn + "'");
      for (const Part &p : ps) // a fat pointer: one parameter per part
        q.params.push_back(add(base + p.suffix, p.type, ir::VarKind::Param, irLoc(pd->getLocation())));
      ranges.back().second = static_cast<uint32_t>(ps.size());
    }
    paramRanges_[idx] = std::move(ranges);
    if (!isVoid && isStructValue(fd->getReturnType())) {
      VarInfo res;
      res.isStruct = true;
      res.ctype = fd->getReturnType();
      res.name = cname;
      for (const Leaf &l : leaves(fd->getReturnType(), fd->getLocation(), "the result of '" + cname + "'")) {
        VarRef r{true, static_cast<uint32_t>(prog_.globals.size())};
        prog_.globals.push_back(
            {uniqueName(cname + "_result_" + l.path), l.type, ir::VarKind::Global, irLoc(fd->getLocation())});
        res.refs.push_back(r);
        res.elems.push_back(Expr::varUse(r, l.type));
      }
      structResults_[idx] = std::move(res);
    } else if (!isVoid && isFat(fd->getReturnType())) {
      // A fat pointer result: one global per part, like a struct result.
      VarInfo res;
      res.ctype = fd->getReturnType();
      res.name = cname;
      for (const Part &p : partsOf(fd->getReturnType(), fd->getLocation(), "the result of '" + cname + "'")) {
        VarRef r{true, static_cast<uint32_t>(prog_.globals.size())};
        prog_.globals.push_back({uniqueName(cname + "_result" + p.suffix), p.type, ir::VarKind::Global,
                                 irLoc(fd->getLocation())});
        res.refs.push_back(r);
        res.elems.push_back(Expr::varUse(r, p.type));
      }
      structResults_[idx] = std::move(res);
    } else if (!isVoid) {
      ir::Type t = irType(fd->getReturnType(), fd->getLocation(), "the result of '" + cname + "'");
      std::string base = "result";
      while (names.count(base))
        base += "_";
      q.result = add(base, t, ir::VarKind::Return, irLoc(fd->getLocation()));
    }
  } catch (const Unsupported &) {
    brokenProcs_.insert(idx);
  }
}

/// The first declaration in `dc` (recursively; system headers skipped) whose name IR identifiers cannot
/// spell: clang accepts `$` and non-ASCII letters in identifiers, IR names are ASCII letters, digits and '_'.
const cl::NamedDecl *oddName(const cl::DeclContext *dc, const cl::SourceManager &csm) {
  for (const cl::Decl *d : dc->decls()) {
    if (csm.isInSystemHeader(d->getLocation()))
      continue;
    if (const auto *nd = llvm::dyn_cast<cl::NamedDecl>(d))
      if (const cl::IdentifierInfo *id = nd->getIdentifier()) {
        llvm::StringRef n = id->getName();
        if (!std::all_of(n.begin(), n.end(), [](char c) { return llvm::isAlnum(c) || c == '_'; }))
          return nd;
      }
    if (const auto *inner = llvm::dyn_cast<cl::DeclContext>(d))
      if (const cl::NamedDecl *found = oddName(inner, csm))
        return found;
  }
  return nullptr;
}

std::optional<ir::Program> UnitLowering::run() {
  if (const cl::NamedDecl *odd = oddName(ctx_.getTranslationUnitDecl(), csm_)) {
    try {
      unsupported(odd->getLocation(), "identifier '" + odd->getNameAsString() +
                                          "' (only ASCII letters, digits and '_' are supported)");
    } catch (const Unsupported &) {
      return std::nullopt;
    }
  }
  addressTaken_ = findAddressTaken(ctx_);
  std::vector<const cl::FunctionDecl *> fns;
  for (const cl::Decl *d : ctx_.getTranslationUnitDecl()->decls()) {
    if (csm_.isInSystemHeader(d->getLocation()) ||
        !csm_.getFileID(csm_.getExpansionLoc(d->getLocation())).isValid())
      continue;
    try {
      if (const auto *vd = llvm::dyn_cast<cl::VarDecl>(d))
        brokenGlobals_.insert(vd->getCanonicalDecl()); // until its declaration is lowered
      admitDecl(d);
      if (const auto *vd = llvm::dyn_cast<cl::VarDecl>(d)) {
        declareGlobal(vd);
        brokenGlobals_.erase(vd->getCanonicalDecl());
      } else if (const auto *fd = llvm::dyn_cast<cl::FunctionDecl>(d);
                 fd && fd->doesThisDeclarationHaveABody())
        fns.push_back(fd);
    } catch (const Unsupported &) {
    }
  }
  for (const cl::FunctionDecl *fd : fns)
    declareFunction(fd);
  for (const cl::FunctionDecl *fd : fns) {
    uint32_t idx = procs_.at(fd->getCanonicalDecl());
    if (brokenProcs_.count(idx))
      continue;
    try {
      FnLowering(*this, fd, prog_.procs[idx]).run();
    } catch (const Unsupported &) {
    }
  }
  try {
    buildRecords(); // records only a pointer's shape named
  } catch (const Unsupported &) {
  }
  if (diags_.hasErrors()) // (an abandoned function leaves its pragmas unused: no report then)
    return std::nullopt;
  pragmas_.report(smLoc(csm_.getLocForStartOfFile(csm_.getMainFileID())).file, diags_);
  if (diags_.hasErrors())
    return std::nullopt;
  ir::StmtId next = 0;
  std::unordered_map<uint32_t, uint32_t> constructs; // renumbered in program order
  ir::forEachStmt(prog_, [&](ir::Procedure &, ir::Stmt &s) {
    s.id = ++next;
    if (s.construct != 0)
      s.construct =
          constructs.emplace(s.construct, static_cast<uint32_t>(constructs.size() + 1)).first->second;
  });
  ir::assignFiles(prog_, paths_);
  return std::move(prog_);
}

} // namespace locus::c::lower

namespace locus::c {
std::optional<ir::Program> lowerUnit(clang::ASTContext &ctx, Locator &locator, Diagnostics &diags) {
  return lower::UnitLowering(ctx, locator, diags).run();
}
} // namespace locus::c

// The lowering of C expressions (README.md, *Values*): rvalues, casts, operators, assignments, conditionals,
// lvalues, struct values (copies, initializers) and the loads and stores of single-part lvalues.
#include "frontend/c/audit.h"
#include "frontend/c/lowering.h"
#include "ir/floats.h"
#include "ir/ints.h"

#include <algorithm>
#include <map>

namespace locus::c::lower {

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
  if (const auto *fl = llvm::dyn_cast<cl::FloatingLiteral>(e)) {
    ir::Type t = floatTypeOf(e);
    return Expr::floatLit(fl->getValue().bitcastToAPInt().getZExtValue(), t);
  }
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
      if (!u_.procs_.count(ce->getDirectCallee()->getCanonicalDecl()) && (n == "strcpy" || n == "strcat")) {
        strcpyCall(ce, n, g, false);
        return;
      }
      if (!u_.procs_.count(ce->getDirectCallee()->getCanonicalDecl()) && n == "strncpy") {
        strncpyCall(ce, g, false);
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
    floatTypeOf(ce->getCastKind() == cl::CK_IntegralToFloating ? ce : sub); // long double: rejected
    return coerce(rv(sub, g), floatOrIntTypeOf(ce), g);
  case cl::CK_FloatingToBoolean: floatTypeOf(sub); return asBool(rv(sub, g));
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
    std::optional<ir::Type> ot = intType(ct, u_.ctx_);
    if (!ot)
      floatTypeOf(sub); // long double: rejected
    ir::Type t = *ot;
    Expr one = t.isFloat()
                   ? Expr::floatLit(ir::floatBits(ir::intToFloat(1, ir::Type::fixedInt(32, true), t), t), t)
                   : Expr::intLit(1, t);
    Expr nv =
        Expr::binary(uo->isIncrementOp() ? ir::Op::Add : ir::Op::Sub, coerce(old, t, g), std::move(one));
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
    if (!ct || (ct->kind != ir::Type::Int && ct->kind != ir::Type::Float))
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
  if (std::string n = callee ? callee->getNameAsString() : "";
      it == u_.procs_.end() && (n == "div" || n == "ldiv" || n == "lldiv"))
    return divResult(ce, n, g);
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

/// `div(a, b)`, `ldiv`, `lldiv` (<stdlib.h>): `[g] q := a / b; [g] r := a % b` (C's truncating division; a
/// zero divisor fails as `/` does), the struct value with `quot` q and `rem` r in the fields' order.
const VarInfo &FnLowering::divResult(const cl::CallExpr *ce, const std::string &name, const Expr &g) {
  if (ce->getNumArgs() != 2)
    unsupported(ce, "'" + name + "' with " + std::to_string(ce->getNumArgs()) + " arguments");
  const ir::Type t = ir::Type::fixedInt(name == "div" ? 32 : 64, true);
  Expr a = materialize(rvAs(ce->getArg(0), t, g), g);
  size_t mark = out_->size();
  Expr b = materialize(rvAs(ce->getArg(1), t, g), g);
  a = settle(std::move(a), mark, g);
  VarRef q = temp(t), r = temp(t);
  emit(assign(g, q, Expr::binary(ir::Op::Div, a, b)));
  emit(assign(g, r, Expr::binary(ir::Op::Mod, a, b)));
  const cl::RecordDecl *rd = ce->getType()->getAsRecordDecl();
  VarInfo v;
  v.isStruct = true;
  v.ctype = ce->getType();
  v.name = name;
  if (!rd || !rd->getDefinition())
    unsupported(ce, "'" + name + "' with a result type other than glibc's");
  for (const cl::FieldDecl *f : rd->getDefinition()->fields()) {
    std::string fn = f->getNameAsString();
    if ((fn != "quot" && fn != "rem") || !intType(f->getType(), u_.ctx_) ||
        *intType(f->getType(), u_.ctx_) != t)
      unsupported(ce, "'" + name + "' with a result type other than glibc's");
    v.refs.push_back(fn == "quot" ? q : r);
    v.elems.push_back(use(v.refs.back()));
  }
  if (v.refs.size() != 2)
    unsupported(ce, "'" + name + "' with a result type other than glibc's");
  structTemps_.push_back(std::move(v));
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

} // namespace locus::c::lower

// The C memory model's accesses (README.md, *Memory model: objects and fat pointers*): fat pointer values,
// addresses, array objects and subscripts, dereferences, loads and stores of multi-part lvalues, and the
// pointer operations (comparison, difference, assignment, increment, conditional, calls returning pointers).
#include "frontend/c/audit.h"
#include "frontend/c/lowering.h"

#include <algorithm>
#include <functional>

namespace locus::c::lower {

// ================================================================================================
// Fat pointer values (FnLowering)

bool FnLowering::isFat(cl::QualType t) const {
  return u_.isFat(t);
}

const PtrShape &FnLowering::shapeOf(cl::QualType ptrType, cl::SourceLocation where) {
  return u_.shapeOf(ptrType, where);
}

Parts FnLowering::nullPtr(const PtrShape &s) const {
  Parts p;
  for (const ir::Type &t : s.types())
    p.push_back(t.kind == ir::Type::Int ? i64(0) : Expr::nullLit());
  return p;
}

namespace {
Expr isNull(const Expr &a) {
  return eqParts(a, Expr::nullLit());
}
} // namespace

/// p is NULL: its first cell part and every record part are null (the cell parts are null together).
Expr FnLowering::ptrNull(const Parts &p, const PtrShape &s) const {
  std::vector<Expr> c{isNull(p[0])};
  for (size_t r = 0; r < s.records.size(); ++r)
    c.push_back(isNull(p[s.cells.size() + r]));
  return allOf(std::move(c));
}

Expr FnLowering::ptrEqual(const Parts &p, const Parts &q) const {
  std::vector<Expr> c;
  for (size_t i = 0; i < p.size(); ++i)
    c.push_back(eqParts(p[i], q[i]));
  return allOf(std::move(c));
}

/// p and q point into the same object: the same cell arrays and records (and, into a record, the same field).
Expr FnLowering::sameObject(const Parts &p, const Parts &q, const PtrShape &s) const {
  std::vector<Expr> c;
  for (size_t i = 0; i < s.offIndex(); ++i)
    c.push_back(eqParts(p[i], q[i]));
  if (!s.records.empty()) {
    std::vector<Expr> recNull;
    for (size_t r = 0; r < s.records.size(); ++r)
      recNull.push_back(isNull(p[s.cells.size() + r]));
    Expr field = Expr::binary(ir::Op::Eq, Expr::binary(ir::Op::Div, p[s.offIndex()], i64(kFieldStride)),
                              Expr::binary(ir::Op::Div, q[s.offIndex()], i64(kFieldStride)));
    c.push_back(Expr::binary(ir::Op::Or, allOf(std::move(recNull)), std::move(field)));
  }
  return allOf(std::move(c));
}

Parts FnLowering::materializeParts(Parts p, const Expr &g) {
  for (Expr &e : p)
    e = materialize(std::move(e), g);
  return p;
}

/// Parts that are literals or variables (others go through temporaries): for values used several times.
Parts FnLowering::stableParts(Parts p, const Expr &g) {
  for (Expr &e : p)
    if (!isLiteral(e) && e.kind != Expr::VarUse)
      e = materialize(std::move(e), g);
  return p;
}

void FnLowering::settleParts(Parts &p, size_t mark, const Expr &g) {
  for (Expr &e : p)
    e = settle(std::move(e), mark, g);
}

/// The parts of a fat pointer expression, in C evaluation order.
Parts FnLowering::ptr(const cl::Expr *e, const Expr &g) {
  DepthGuard depth(*this, e);
  // The parts get no range of their own: none of them is the expression's text (their operands keep
  // theirs).
  Parts p = ptrImpl(e, g);
  for (Expr &x : p) {
    x = fold(std::move(x));
    if (exprDepth(x, kMaxIrDepth + 1) > kMaxIrDepth)
      x = materialize(std::move(x), g);
  }
  return p;
}

Parts FnLowering::ptrImpl(const cl::Expr *e, const Expr &g) {
  e = e->IgnoreParens();
  admit(e);
  const PtrShape &s = shapeOf(e->getType(), e->getBeginLoc());
  if (const auto *ce = llvm::dyn_cast<cl::ConstantExpr>(e))
    return ptr(ce->getSubExpr(), g);
  if (const auto *ce = llvm::dyn_cast<cl::CastExpr>(e)) {
    const cl::Expr *sub = ce->getSubExpr();
    if (audit::Entry a = audit::castKind(ce->getCastKind()); a.support != audit::Support::Lowered)
      unsupported(ce, a.what ? a.what : std::string("conversion '") + ce->getCastKindName() + "' (not C)");
    switch (ce->getCastKind()) {
    case cl::CK_LValueToRValue: return loadParts(lvalue(sub, g), g);
    case cl::CK_NoOp: return ptr(sub, g);
    case cl::CK_NullToPointer: return nullPtr(s);
    case cl::CK_ArrayToPointerDecay: return decay(ce, g);
    case cl::CK_BitCast: {
      if (sub->isNullPointerConstant(u_.ctx_, cl::Expr::NPC_ValueDependentIsNotNull))
        return nullPtr(s);
      if (const cl::CallExpr *alloc = allocCall(sub))
        return newArrays(alloc, ce->getType(), g);
      if (const auto *call = llvm::dyn_cast<cl::CallExpr>(sub->IgnoreParens());
          call && call->getDirectCallee() && !u_.procs_.count(call->getDirectCallee()->getCanonicalDecl())) {
        // memcpy/memmove/memset's value: their destination, converted back from void *.
        std::string n = call->getDirectCallee()->getNameAsString();
        if ((n == "memcpy" || n == "memmove" || n == "memset") && call->getNumArgs() == 3) {
          const cl::Expr *d = call->getArg(0)->IgnoreParenImpCasts();
          if (isFat(d->getType()) && shapeOf(d->getType(), d->getBeginLoc()).types() == s.types()) {
            Parts out;
            memCall(call, n, g, true, &out);
            return out;
          }
        }
      }
      if (isFat(sub->getType()) && shapeOf(sub->getType(), sub->getBeginLoc()).types() == s.types() &&
          shapeOf(sub->getType(), sub->getBeginLoc()).stride == s.stride)
        return ptr(sub, g);
      unsupported(ce, "cast between pointer types '" + sub->getType().getAsString() + "' and '" +
                          ce->getType().getAsString() + "' (they are represented differently)");
    }
    default:
      unsupported(ce, std::string("conversion '") + ce->getCastKindName() + "' to the pointer type '" +
                          ce->getType().getAsString() + "'");
    }
  }
  if (const auto *uo = llvm::dyn_cast<cl::UnaryOperator>(e)) {
    if (uo->getOpcode() == cl::UO_AddrOf)
      return addressOf(uo->getSubExpr(), uo, g);
    if (uo->isIncrementDecrementOp())
      return ptrIncDec(uo, g, true);
    unsupported(uo, std::string("operator '") + cl::UnaryOperator::getOpcodeStr(uo->getOpcode()).str() +
                        "' on a pointer");
  }
  if (const auto *bo = llvm::dyn_cast<cl::BinaryOperator>(e)) {
    switch (bo->getOpcode()) {
    case cl::BO_Comma: effect(bo->getLHS(), g); return ptr(bo->getRHS(), g);
    case cl::BO_Assign:
    case cl::BO_AddAssign:
    case cl::BO_SubAssign: return ptrAssign(bo, g, true);
    case cl::BO_Add:
    case cl::BO_Sub: {
      // p + k, k + p, p - k: the offset moves by k cells (k times the stride of a pointer to an array).
      bool ptrLeft = bo->getLHS()->getType()->isPointerType();
      const cl::Expr *pe = ptrLeft ? bo->getLHS() : bo->getRHS(), *ke = ptrLeft ? bo->getRHS() : bo->getLHS();
      Parts p;
      Expr k;
      if (ptrLeft) {
        p = ptr(pe, g);
        size_t mark = out_->size();
        k = toI64(rvAs(ke, intTypeOf(ke), g));
        settleParts(p, mark, g);
      } else {
        k = toI64(rvAs(ke, intTypeOf(ke), g));
        size_t mark = out_->size();
        p = ptr(pe, g);
        k = settle(std::move(k), mark, g);
      }
      k = mulI64(std::move(k), i64(s.stride));
      Expr &off = p[s.offIndex()];
      off = bo->getOpcode() == cl::BO_Add ? addI64(off, k) : fold(Expr::binary(ir::Op::Sub, off, k));
      return p;
    }
    default: break;
    }
    unsupported(bo, "operator '" + bo->getOpcodeStr().str() + "' with a pointer result");
  }
  if (const auto *co = llvm::dyn_cast<cl::ConditionalOperator>(e))
    return ptrTernary(co, g);
  if (const auto *ce = llvm::dyn_cast<cl::CallExpr>(e))
    return ptrCall(ce, g);
  if (llvm::isa<cl::StringLiteral>(e))
    unsupported(e, "string literal used as a pointer (only as a char array's initializer and in the "
                   "formats and %s arguments of the output calls)");
  unsupported(e, std::string("pointer expression '") + e->getStmtClassName() + "'");
}

/// `&obj` as a fat pointer: a box, an array element, an array, a field of a node, or `&*p`.
Parts FnLowering::addressOf(const cl::Expr *obj, const cl::Expr *at, const Expr &g) {
  const PtrShape &s = shapeOf(at->getType(), at->getBeginLoc());
  obj = obj->IgnoreParens();
  auto withOff = [&](Parts cells, Expr off) {
    Parts p = std::move(cells);
    for (size_t r = 0; r < s.records.size(); ++r)
      p.push_back(Expr::nullLit());
    p.push_back(toI64(std::move(off)));
    return p;
  };
  if (obj->getType()->isArrayType()) {
    ArrayObj ao = arrayObject(obj, g);
    return withOff(ao.arrays, ao.off);
  }
  if (const auto *dr = llvm::dyn_cast<cl::DeclRefExpr>(obj)) {
    const auto *vd = llvm::dyn_cast<cl::VarDecl>(dr->getDecl());
    if (!vd)
      unsupported(at, "address of '" + dr->getDecl()->getNameAsString() + "'");
    const VarInfo &v = varInfo(vd, obj);
    if (v.kind != VarInfo::Box)
      unsupported(at, "address of '" + v.name + "' here");
    return withOff(v.elems, i64(0));
  }
  if (const auto *ase = llvm::dyn_cast<cl::ArraySubscriptExpr>(obj)) {
    LVal lv = subscript(ase, g);
    if (lv.kind == LVal::Elem)
      return withOff(lv.arrays, lv.index);
    Parts p = lv.arrays; // a pointer that may point to a field: moved by the index
    p[s.offIndex()] = addI64(p[s.offIndex()], lv.index);
    return p;
  }
  if (const auto *uo = llvm::dyn_cast<cl::UnaryOperator>(obj); uo && uo->getOpcode() == cl::UO_Deref)
    return ptr(uo->getSubExpr(), g); // &*p
  if (const auto *me = llvm::dyn_cast<cl::MemberExpr>(obj)) {
    const cl::FieldDecl *fd = nullptr;
    StructObj b = memberBase(me, at, "address of a member that is not a field",
                             "address of a member of something other than a struct", g, fd);
    uint32_t k = b.first + u_.leafOffset(fd);
    if (b.isElem()) { // an element of an array of structs: the leaf's arrays
      Parts cells(b.arrays.begin() + k, b.arrays.begin() + k + static_cast<long>(s.cells.size()));
      return withOff(std::move(cells), b.index);
    }
    if (b.var)
      unsupported(at, "address of a field of a struct value that is not a variable");
    uint32_t rec = typeOf(b.node).record;
    Parts p = nullPtr(s);
    for (size_t r = 0; r < s.records.size(); ++r) {
      if (s.records[r].record != rec)
        continue;
      const auto &fs = s.records[r].fields;
      auto it = std::find(fs.begin(), fs.end(), k);
      if (it == fs.end())
        break;
      p[s.cells.size() + r] = use(b.node);
      p[s.offIndex()] = i64(static_cast<int64_t>(it - fs.begin()) * kFieldStride);
      return p;
    }
    unsupported(at, "address of the field '" + fd->getNameAsString() + "' here");
  }
  unsupported(at, "address of '" + text(obj) + "'");
}

/// An array-typed lvalue (a variable, a row of a multi-dimensional array, an array field, `*p` for a pointer
/// to an array) as its arrays and the offset of its first element.
FnLowering::ArrayObj FnLowering::arrayObject(const cl::Expr *e, const Expr &g) {
  e = e->IgnoreParens();
  admit(e);
  ArrayObj ao;
  std::vector<std::optional<uint64_t>> cdims;
  u_.innerElement(e->getType(), &cdims);
  auto constDims = [&] {
    std::vector<std::optional<Expr>> d;
    for (const auto &x : cdims)
      d.push_back(x ? std::optional<Expr>(i64(static_cast<int64_t>(*x))) : std::nullopt);
    return d;
  };
  if (const auto *dr = llvm::dyn_cast<cl::DeclRefExpr>(e)) {
    const auto *vd = llvm::dyn_cast<cl::VarDecl>(dr->getDecl());
    if (!vd)
      unsupported(e, "'" + dr->getDecl()->getNameAsString() + "' used as an array");
    const VarInfo &v = varInfo(vd, e);
    if (v.kind != VarInfo::Array)
      unsupported(e, "'" + v.name + "' used as an array");
    ao.arrays = v.elems;
    ao.off = i64(0);
    ao.dims.assign(v.dims.begin(), v.dims.end());
    return ao;
  }
  if (const auto *ase = llvm::dyn_cast<cl::ArraySubscriptExpr>(e)) {
    // A row: the outer array's element `i`.
    const cl::Expr *base = ase->getBase()->IgnoreParens();
    ArrayObj outer;
    if (const auto *ic = llvm::dyn_cast<cl::ImplicitCastExpr>(base);
        ic && ic->getCastKind() == cl::CK_ArrayToPointerDecay) {
      outer = arrayObject(ic->getSubExpr(), g);
    } else { // a pointer to an array: the rows it points to
      Parts p = ptr(base, g);
      const PtrShape &s = shapeOf(base->getType(), base->getBeginLoc());
      outer.arrays.assign(p.begin(), p.begin() + static_cast<long>(s.cells.size()));
      outer.off = p[s.offIndex()];
      outer.dims = {std::nullopt};
      outer.row = true;
      for (auto &d : constDims())
        outer.dims.push_back(d);
    }
    return rowOf(std::move(outer), ase, g);
  }
  if (const auto *me = llvm::dyn_cast<cl::MemberExpr>(e)) {
    const cl::FieldDecl *fd = nullptr;
    StructObj b = memberBase(me, e, "member that is not a field",
                             "member access on something other than a struct pointer", g, fd);
    uint32_t k = b.first + u_.leafOffset(fd), n = u_.leafCount(fd->getType());
    if (b.isElem())
      unsupported(e, "array field of an element of an array of structs");
    SourceLoc saved = loc_;
    loc_ = irLoc(e->getBeginLoc());
    for (uint32_t i = 0; i < n; ++i) {
      if (b.var) {
        ao.arrays.push_back(b.var->elems.at(k + i));
      } else {
        const ir::Record &rec = prog_.records.at(typeOf(b.node).record);
        ir::Stmt get = make(ir::Stmt::GetField, g);
        get.lhs = temp(rec.fields.at(k + i).type);
        get.base = b.node;
        get.field = k + i;
        ao.arrays.push_back(use(get.lhs));
        emit(std::move(get));
      }
    }
    loc_ = saved;
    ao.off = i64(0);
    ao.dims = constDims();
    return ao;
  }
  if (const auto *uo = llvm::dyn_cast<cl::UnaryOperator>(e); uo && uo->getOpcode() == cl::UO_Deref) {
    Parts p = ptr(uo->getSubExpr(), g);
    const PtrShape &s = shapeOf(uo->getSubExpr()->getType(), uo->getBeginLoc());
    ao.arrays.assign(p.begin(), p.begin() + static_cast<long>(s.cells.size()));
    ao.off = p[s.offIndex()];
    ao.dims = constDims();
    ao.row = true;
    return ao;
  }
  if (llvm::isa<cl::StringLiteral>(e))
    unsupported(e,
                "string literal used as a pointer (only as a char array's initializer and in the formats and "
                "%s arguments of the output calls)");
  unsupported(e, "array expression '" + text(e) + "'");
}

/// Element `ase->getIdx()` of the array `outer` (an array of arrays): a row.
FnLowering::ArrayObj FnLowering::rowOf(ArrayObj outer, const cl::ArraySubscriptExpr *ase, const Expr &g) {
  Expr i = subscriptIndex(outer, ase, g);
  ArrayObj ao;
  ao.arrays = std::move(outer.arrays);
  ao.dims.assign(outer.dims.begin() + 1, outer.dims.end());
  ao.dimNo = outer.dimNo + 1;
  ao.row = true;
  Expr stride = i64(1);
  for (const auto &d : ao.dims) {
    if (!d)
      unsupported(ase, "array of arrays of unknown size");
    stride = mulI64(stride, *d);
  }
  ao.off = addI64(std::move(outer.off), mulI64(toI64(std::move(i)), std::move(stride)));
  return ao;
}

/// `assert 0 <= i and i < N` for the index of a row's element (the outer index of a multi-dimensional
/// array is checked by the element access itself).
void FnLowering::innerCheck(const ArrayObj &row, const Expr &i, const cl::ArraySubscriptExpr *ase,
                            const Expr &g) {
  if (row.dims.empty() || !row.dims[0])
    return;
  const Expr &n = *row.dims[0];
  SourceLoc saved = loc_;
  loc_ = irLoc(ase->getBeginLoc());
  std::string msg = "array index in bounds: " + text(ase) + " (dimension " + std::to_string(row.dimNo) +
                    (n.kind == Expr::IntLit ? " of size " + n.value.toString() : "") + ")";
  Expr i64v = toI64(i);
  if (i64v.kind == Expr::IntLit && n.kind == Expr::IntLit) {
    if (i64v.value.isNegative() || i64v.value >= n.value)
      assertStmt(Expr::boolLit(false), msg, g);
  } else {
    assertStmt(
        Expr::binary(ir::Op::And, Expr::binary(ir::Op::Le, i64(0), i64v), Expr::binary(ir::Op::Lt, i64v, n)),
        msg, g);
  }
  loc_ = saved;
}

/// An array decayed to a pointer to its first element.
Parts FnLowering::decay(const cl::CastExpr *ce, const Expr &g) {
  const PtrShape &s = shapeOf(ce->getType(), ce->getBeginLoc());
  ArrayObj ao = arrayObject(ce->getSubExpr(), g);
  Parts p = std::move(ao.arrays);
  for (size_t r = 0; r < s.records.size(); ++r)
    p.push_back(Expr::nullLit());
  p.push_back(toI64(std::move(ao.off)));
  return p;
}

/// The object a fat pointer p points to, k cells further (README.md, *Dereference*).
FnLowering::LVal FnLowering::deref(Parts p, const PtrShape &s, Expr k, cl::QualType ctype,
                                   const cl::Expr *node) {
  LVal lv;
  lv.ctype = ctype;
  lv.node = node;
  lv.parts = s.cells.size();
  if (s.records.empty()) {
    lv.kind = LVal::Elem;
    lv.index = addI64(p[s.offIndex()], std::move(k));
    p.resize(s.cells.size());
    lv.arrays = std::move(p);
    return lv;
  }
  lv.kind = LVal::Deref;
  lv.arrays = std::move(p);
  lv.index = toI64(std::move(k));
  lv.shape = &s;
  return lv;
}

/// The struct a member expression selects from — `p->f`: the node p refers to; `s.f`: the struct object s
/// is — and its field (`fd`); `notField` / `notStruct` are the errors for a member that is not a field and a
/// `->` base that is not a struct pointer.
FnLowering::StructObj FnLowering::memberBase(const cl::MemberExpr *me, const cl::Expr *at,
                                             const char *notField, const char *notStruct, const Expr &g,
                                             const cl::FieldDecl *&fd) {
  fd = llvm::dyn_cast<cl::FieldDecl>(me->getMemberDecl());
  if (!fd)
    unsupported(at, notField);
  if (!me->isArrow())
    return structObj(me->getBase(), g);
  StructObj b;
  Expr pv = rv(me->getBase(), g);
  if (!pv.type.isRef())
    unsupported(at, notStruct);
  b.node = refVar(pv, g);
  return b;
}

Expr FnLowering::subscriptIndex(ArrayObj &ao, const cl::ArraySubscriptExpr *ase, const Expr &g) {
  size_t mark = out_->size();
  Expr i = rvAs(ase->getIdx(), intTypeOf(ase->getIdx()), g);
  settleParts(ao.arrays, mark, g);
  ao.off = settle(std::move(ao.off), mark, g);
  if (ao.row)
    innerCheck(ao, i, ase, g);
  return i;
}

Expr FnLowering::elementIndex(ArrayObj &ao, const cl::ArraySubscriptExpr *ase, const Expr &g) {
  Expr i = subscriptIndex(ao, ase, g);
  return ao.off.kind == Expr::IntLit && ao.off.value.isZero() ? std::move(i) : addI64(ao.off, i);
}

/// `a[i]` (an element of an array object, a row checked against its length) or `p[i]` (through a pointer).
FnLowering::LVal FnLowering::subscript(const cl::ArraySubscriptExpr *ase, const Expr &g) {
  const cl::Expr *base = ase->getBase()->IgnoreParens();
  if (const auto *ic = llvm::dyn_cast<cl::ImplicitCastExpr>(base);
      ic && ic->getCastKind() == cl::CK_ArrayToPointerDecay) {
    ArrayObj ao = arrayObject(ic->getSubExpr(), g);
    LVal lv;
    lv.kind = LVal::Elem;
    lv.ctype = ase->getType();
    lv.node = ase;
    lv.index = elementIndex(ao, ase, g);
    lv.parts = ao.arrays.size();
    lv.arrays = std::move(ao.arrays);
    return lv;
  }
  Parts p = ptr(base, g);
  size_t mark = out_->size();
  Expr i = rvAs(ase->getIdx(), intTypeOf(ase->getIdx()), g);
  settleParts(p, mark, g);
  const PtrShape &s = shapeOf(base->getType(), base->getBeginLoc());
  return deref(std::move(p), s, mulI64(toI64(std::move(i)), i64(s.stride)), ase->getType(), ase);
}

FnLowering::LVal FnLowering::derefLVal(const cl::UnaryOperator *uo, const Expr &g) {
  const cl::Expr *sub = uo->getSubExpr();
  if (!isFat(sub->getType()))
    unsupported(uo, "dereference of a pointer outside '(*p).f' and struct copies");
  Parts p = ptr(sub, g);
  return deref(std::move(p), shapeOf(sub->getType(), sub->getBeginLoc()), i64(0), uo->getType(), uo);
}

// ================================================================================================
// Loads and stores of multi-part lvalues

Parts FnLowering::loadParts(const LVal &lv, const Expr &g) {
  switch (lv.kind) {
  case LVal::Var: {
    Parts p;
    for (VarRef v : lv.vars)
      p.push_back(use(v));
    return p;
  }
  case LVal::Const: return lv.constant;
  case LVal::Argv: return {load(lv, g)};
  default: break;
  }
  SourceLoc saved = loc_;
  loc_ = irLoc(lv.node->getBeginLoc());
  Parts out;
  if (lv.kind == LVal::Field) {
    const ir::Record &rec = prog_.records.at(typeOf(lv.var).record);
    for (size_t i = 0; i < lv.parts; ++i) {
      ir::Stmt s = make(ir::Stmt::GetField, g);
      s.lhs = temp(rec.fields.at(lv.field + i).type);
      s.base = lv.var;
      s.field = lv.field + static_cast<uint32_t>(i);
      out.push_back(use(s.lhs));
      emit(std::move(s));
    }
  } else if (lv.kind == LVal::Elem) {
    for (size_t i = 0; i < lv.parts; ++i)
      out.push_back(getElem(lv.arrays[i], lv.index, g));
  } else { // Deref: a case split on where the pointer points
    const PtrShape &s = *lv.shape;
    Expr off = addI64(lv.arrays[s.offIndex()], lv.index);
    if (!isLiteral(off) && off.kind != Expr::VarUse)
      off = materialize(std::move(off), g);
    fieldCheck(lv, off, g);
    std::vector<Expr> recNull;
    for (size_t r = 0; r < s.records.size(); ++r)
      recNull.push_back(isNull(lv.arrays[s.cells.size() + r]));
    Expr gc = guardAnd(g, allOf(recNull));
    std::vector<VarRef> ts;
    for (size_t i = 0; i < lv.parts; ++i) {
      ts.push_back(temp(s.cells[i].elemType()));
      out.push_back(use(ts.back()));
      ir::Stmt get = make(ir::Stmt::GetElem, gc);
      get.lhs = ts.back();
      get.base = refVar(lv.arrays[i], g);
      get.args = {off};
      emit(std::move(get));
    }
    forEachField(lv, off, g, [&](const Expr &gf, VarRef node, uint32_t field) {
      for (size_t i = 0; i < lv.parts; ++i) {
        ir::Stmt get = make(ir::Stmt::GetField, gf);
        get.lhs = ts[i];
        get.base = node;
        get.field = field + static_cast<uint32_t>(i);
        emit(std::move(get));
      }
    });
  }
  loc_ = saved;
  return out;
}

/// The variable holding a reference (a temporary only when it is not one already).
VarRef FnLowering::refVar(const Expr &e, const Expr &g) {
  if (e.kind == Expr::VarUse)
    return e.var;
  return materialize(e, g).var;
}

/// `[g] t := a[i]` (a temporary).
Expr FnLowering::getElem(const Expr &array, const Expr &index, const Expr &g) {
  VarRef base = refVar(array, g);
  ir::Stmt s = make(ir::Stmt::GetElem, g);
  s.lhs = temp(typeOf(base).elemType());
  s.base = base;
  s.args = {index};
  Expr r = use(s.lhs);
  emit(std::move(s));
  return r;
}

/// `[g] a[i] := v`.
void FnLowering::putElem(const Expr &array, const Expr &index, Expr v, const Expr &g) {
  VarRef base = refVar(array, g);
  ir::Stmt s = make(ir::Stmt::PutElem, g);
  s.base = base;
  s.args = {index};
  s.value = coerce(std::move(v), typeOf(base).elemType(), g);
  emit(std::move(s));
}

/// Through a pointer that may point to a record field: `[g and r != null] assert off is a field's`.
void FnLowering::fieldCheck(const LVal &lv, const Expr &off, const Expr &g) {
  const PtrShape &s = *lv.shape;
  for (size_t r = 0; r < s.records.size(); ++r) {
    std::vector<Expr> at;
    for (size_t n = 0; n < s.records[r].fields.size(); ++n)
      at.push_back(Expr::binary(ir::Op::Eq, off, i64(static_cast<int64_t>(n) * kFieldStride)));
    Expr gr = guardAnd(g, nonNull(lv.arrays[s.cells.size() + r]));
    assertStmt(anyOf(std::move(at)), "pointer to a field moved off it: " + text(lv.node), gr);
  }
}

/// Calls f(guard, node, first field) for each field the pointer of a Deref lvalue may point to.
void FnLowering::forEachField(const LVal &lv, const Expr &off, const Expr &g,
                              const std::function<void(const Expr &, VarRef, uint32_t)> &f) {
  const PtrShape &s = *lv.shape;
  for (size_t r = 0; r < s.records.size(); ++r) {
    VarRef node = refVar(lv.arrays[s.cells.size() + r], g);
    for (size_t n = 0; n < s.records[r].fields.size(); ++n) {
      Expr gf = guardAnd(
          g, Expr::binary(ir::Op::And, nonNull(use(node)),
                          Expr::binary(ir::Op::Eq, off, i64(static_cast<int64_t>(n) * kFieldStride))));
      f(gf, node, s.records[r].fields[n]);
    }
  }
}

void FnLowering::storeParts(const LVal &lv, Parts v, const Expr &g) {
  switch (lv.kind) {
  case LVal::Var: {
    // A part that `p++` leaves as it is is not assigned; a source assignment of a variable to itself
    // (`x = x;`, `p = p;`) is, every part: it is a statement repair and localization can point at.
    auto same = [&](size_t i) { return v[i].kind == Expr::VarUse && v[i].var == lv.vars[i]; };
    bool allSame = true;
    for (size_t i = 0; i < lv.vars.size(); ++i)
      allSame = allSame && same(i);
    for (size_t i = 0; i < lv.vars.size(); ++i)
      if (allSame || !same(i))
        emit(assign(g, lv.vars[i], coerce(std::move(v[i]), typeOf(lv.vars[i]), g)));
    return;
  }
  case LVal::Const: unsupported(lv.node, "assignment to a constant");
  case LVal::Argv: unsupported(lv.node, "assignment to argv");
  case LVal::Field: {
    const ir::Record &rec = prog_.records.at(typeOf(lv.var).record);
    for (size_t i = 0; i < lv.parts; ++i) {
      ir::Stmt s = make(ir::Stmt::PutField, g);
      s.base = lv.var;
      s.field = lv.field + static_cast<uint32_t>(i);
      s.value = coerce(std::move(v[i]), rec.fields.at(s.field).type, g);
      emit(std::move(s));
    }
    return;
  }
  case LVal::Elem:
    for (size_t i = 0; i < lv.parts; ++i)
      putElem(lv.arrays[i], lv.index, std::move(v[i]), g);
    return;
  case LVal::Deref: {
    const PtrShape &s = *lv.shape;
    Expr off = addI64(lv.arrays[s.offIndex()], lv.index);
    if (!isLiteral(off) && off.kind != Expr::VarUse)
      off = materialize(std::move(off), g);
    for (Expr &x : v)
      if (!isLiteral(x))
        x = materialize(std::move(x), g);
    fieldCheck(lv, off, g);
    std::vector<Expr> recNull;
    for (size_t r = 0; r < s.records.size(); ++r)
      recNull.push_back(isNull(lv.arrays[s.cells.size() + r]));
    Expr gc = guardAnd(g, allOf(recNull));
    for (size_t i = 0; i < lv.parts; ++i)
      putElem(lv.arrays[i], off, v[i], gc);
    forEachField(lv, off, g, [&](const Expr &gf, VarRef node, uint32_t field) {
      const ir::Record &rec = prog_.records.at(typeOf(node).record);
      for (size_t i = 0; i < lv.parts; ++i) {
        ir::Stmt put = make(ir::Stmt::PutField, gf);
        put.base = node;
        put.field = field + static_cast<uint32_t>(i);
        put.value = coerce(v[i], rec.fields.at(put.field).type, gf);
        emit(std::move(put));
      }
    });
    return;
  }
  }
}

// ================================================================================================
// Pointer operations

/// `p == q`, `p != q` (every part), `p < q` and the other orders (the offsets, after a same-object check).
Expr FnLowering::ptrCompare(const cl::BinaryOperator *bo, const Expr &g) {
  const cl::Expr *l = bo->getLHS(), *r = bo->getRHS();
  Parts p = ptr(l, g);
  size_t mark = out_->size();
  Parts q = ptr(r, g);
  settleParts(p, mark, g);
  const PtrShape &s = shapeOf(l->getType(), l->getBeginLoc());
  if (bo->getOpcode() == cl::BO_EQ)
    return ptrEqual(p, q);
  if (bo->getOpcode() == cl::BO_NE)
    return Expr::unary(ir::Op::Not, ptrEqual(p, q));
  std::optional<ir::Op> op = bo->getOpcode() == cl::BO_LT   ? ir::Op::Lt
                             : bo->getOpcode() == cl::BO_LE ? ir::Op::Le
                             : bo->getOpcode() == cl::BO_GT ? ir::Op::Gt
                             : bo->getOpcode() == cl::BO_GE ? std::optional<ir::Op>(ir::Op::Ge)
                                                            : std::nullopt;
  if (!op)
    unsupported(bo, "operator '" + bo->getOpcodeStr().str() + "' on pointers");
  SourceLoc saved = loc_;
  loc_ = irLoc(bo->getBeginLoc());
  assertStmt(sameObject(p, q, s), "pointer comparison of different objects: " + text(bo), g);
  loc_ = saved;
  return Expr::binary(*op, p[s.offIndex()], q[s.offIndex()]);
}

/// `p - q`: the cells between them (after a same-object check), divided by a pointer to an array's stride.
Expr FnLowering::ptrDiff(const cl::BinaryOperator *bo, const Expr &g) {
  const cl::Expr *l = bo->getLHS(), *r = bo->getRHS();
  Parts p = ptr(l, g);
  size_t mark = out_->size();
  Parts q = ptr(r, g);
  settleParts(p, mark, g);
  const PtrShape &s = shapeOf(l->getType(), l->getBeginLoc());
  SourceLoc saved = loc_;
  loc_ = irLoc(bo->getBeginLoc());
  assertStmt(sameObject(p, q, s), "pointer subtraction of different objects: " + text(bo), g);
  loc_ = saved;
  const Expr &qo = q[s.offIndex()];
  Expr d = qo.kind == Expr::IntLit && qo.value.isZero()
               ? p[s.offIndex()]
               : fold(Expr::binary(ir::Op::Sub, p[s.offIndex()], qo));
  if (s.stride != 1)
    d = Expr::binary(ir::Op::Div, std::move(d), i64(s.stride));
  return coerce(std::move(d), intTypeOf(bo), g);
}

/// `p = e`, `p += k`, `p -= k`; the value is p's new value.
Parts FnLowering::ptrAssign(const cl::BinaryOperator *bo, const Expr &g, bool wantValue) {
  SourceLoc saved = loc_;
  loc_ = irLoc(bo->getBeginLoc());
  const PtrShape &s = shapeOf(bo->getLHS()->getType(), bo->getBeginLoc());
  LVal lv = lvalue(bo->getLHS(), g);
  if (lv.kind == LVal::Const)
    unsupported(bo, "assignment to a constant");
  size_t mark = out_->size();
  Parts v;
  if (bo->getOpcode() == cl::BO_Assign) {
    v = ptr(bo->getRHS(), g);
    settleLVal(lv, mark, g);
  } else {
    Expr k = toI64(rvAs(bo->getRHS(), intTypeOf(bo->getRHS()), g));
    settleLVal(lv, mark, g);
    v = loadParts(lv, g);
    k = mulI64(std::move(k), i64(s.stride));
    Expr &off = v[s.offIndex()];
    off = bo->getOpcode() == cl::BO_AddAssign ? addI64(off, k) : fold(Expr::binary(ir::Op::Sub, off, k));
  }
  if (wantValue && lv.kind != LVal::Var)
    v = materializeParts(std::move(v), g);
  Parts result = v;
  if (lv.kind == LVal::Var) {
    result.clear();
    for (VarRef r : lv.vars)
      result.push_back(use(r));
  }
  storeParts(lv, std::move(v), g);
  loc_ = saved;
  return result;
}

/// `p++`, `++p`, `p--`, `--p`.
Parts FnLowering::ptrIncDec(const cl::UnaryOperator *uo, const Expr &g, bool wantValue) {
  SourceLoc saved = loc_;
  loc_ = irLoc(uo->getBeginLoc());
  const PtrShape &s = shapeOf(uo->getSubExpr()->getType(), uo->getBeginLoc());
  LVal lv = lvalue(uo->getSubExpr(), g);
  if (lv.kind == LVal::Const)
    unsupported(uo, "assignment to a constant");
  Parts old = loadParts(lv, g);
  bool post = uo->isPostfix();
  if (post && wantValue)
    old = materializeParts(std::move(old), g);
  Parts nv = old;
  Expr &off = nv[s.offIndex()];
  off =
      uo->isIncrementOp() ? addI64(off, i64(s.stride)) : fold(Expr::binary(ir::Op::Sub, off, i64(s.stride)));
  if (wantValue && !post && lv.kind != LVal::Var)
    nv = materializeParts(std::move(nv), g);
  Parts result = post ? old : nv;
  if (!post && lv.kind == LVal::Var) {
    result.clear();
    for (VarRef r : lv.vars)
      result.push_back(use(r));
  }
  storeParts(lv, std::move(nv), g);
  loc_ = saved;
  return result;
}

Parts FnLowering::ptrTernary(const cl::ConditionalOperator *co, const Expr &g) {
  const PtrShape &s = shapeOf(co->getType(), co->getBeginLoc());
  Expr c = cond(co->getCond(), g);
  if (c.kind == Expr::BoolLit)
    return ptr(!c.value.isZero() ? co->getTrueExpr() : co->getFalseExpr(), g);
  Expr tc = guardAnd(g, std::move(c));
  std::vector<VarRef> res;
  for (const ir::Type &t : s.types())
    res.push_back(temp(t));
  Parts a = ptr(co->getTrueExpr(), tc);
  for (size_t i = 0; i < res.size(); ++i)
    emit(assign(tc, res[i], a[i]));
  Expr fc = conj(g, tc, true);
  Parts b = ptr(co->getFalseExpr(), fc);
  for (size_t i = 0; i < res.size(); ++i)
    emit(assign(fc, res[i], b[i]));
  Parts out;
  for (VarRef r : res)
    out.push_back(use(r));
  return out;
}

/// A call whose value is a fat pointer: a function's result globals (copied right after the call), or
/// memcpy/memmove/memset's destination.
Parts FnLowering::ptrCall(const cl::CallExpr *ce, const Expr &g) {
  const cl::FunctionDecl *callee = ce->getDirectCallee();
  if (callee && !u_.procs_.count(callee->getCanonicalDecl())) {
    std::string name = callee->getNameAsString();
    if (name == "memcpy" || name == "memmove" || name == "memset") {
      Parts out;
      memCall(ce, name, g, true, &out);
      return out;
    }
  }
  auto it = callee ? u_.procs_.find(callee->getCanonicalDecl()) : u_.procs_.end();
  if (it == u_.procs_.end() || !u_.structResults_.count(it->second)) {
    call(ce, g, false, std::nullopt); // reports a builtin, a call without definition, a function pointer
    unsupported(ce, "pointer value of this call");
  }
  call(ce, g, false, std::nullopt);
  return resultParts(u_.structResults_.at(it->second), ce, g);
}

/// The result globals of a call just made, copied into temporaries.
Parts FnLowering::resultParts(const VarInfo &res, const cl::CallExpr *ce, const Expr &g) {
  SourceLoc saved = loc_;
  loc_ = irLoc(ce->getBeginLoc());
  Parts out;
  for (const Expr &leaf : res.elems) {
    VarRef r = temp(leaf.type);
    emit(assign(g, r, leaf));
    out.push_back(use(r));
  }
  loc_ = saved;
  return out;
}

/// A value of a scalar or pointer C expression as parts of the given types.
Parts FnLowering::valuesOf(const cl::Expr *e, const std::vector<ir::Type> &types, const Expr &g) {
  if (isFat(e->getType()))
    return ptr(e, g);
  return {coerce(rv(e, g), types.at(0), g)};
}

} // namespace locus::c::lower

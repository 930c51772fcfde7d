// Allocation and copies of arrays (README.md, *Memory model*): counted loops, malloc/calloc of arrays,
// memset/memcpy/memmove, the objects of locals (arrays, boxes, nodes) at their declarations, and the
// parameters that live in memory (paramSetup).
#include "frontend/c/lowering.h"

#include <functional>

namespace locus::c::lower {

// ================================================================================================
// Allocation and copies

void FnLowering::allocArray(VarRef v, Expr len, bool fill, const Expr &g) {
  ir::Stmt s = make(ir::Stmt::NewArray, g);
  s.lhs = v;
  s.value = std::move(len);
  s.fill = fill;
  emit(std::move(s));
}

void FnLowering::countedLoop(Expr n, const Expr &g, bool down, const std::function<void(Expr)> &body) {
  const ir::Type t = ir::Type::fixedInt(64, true);
  n = toI64(std::move(n));
  if (!isLiteral(n))
    n = materialize(std::move(n), g);
  VarRef j = temp(t), b = temp(ir::Type::boolType());
  emit(assign(g, j, down ? fold(Expr::binary(ir::Op::Sub, n, i64(1))) : i64(0)));
  auto test = [&] {
    return down ? Expr::binary(ir::Op::Ge, use(j), i64(0)) : Expr::binary(ir::Op::Lt, use(j), n);
  };
  emit(assign(g, b, test()));
  ir::Stmt w = make(ir::Stmt::While, g);
  w.value = use(b);
  if (n.kind == Expr::IntLit && !n.value.isNegative() && n.value <= ir::BigInt(ir::kMaxUnwind) &&
      !n.value.isZero())
    w.unwind = static_cast<uint32_t>(*n.value.toInt64());
  std::vector<ir::Stmt> *saved = out_;
  out_ = &w.body;
  const Expr yes = Expr::boolLit(true);
  body(use(j));
  emit(assign(yes, j, Expr::binary(down ? ir::Op::Sub : ir::Op::Add, use(j), i64(1))));
  emit(assign(yes, b, test()));
  out_ = saved;
  emit(std::move(w));
}

void FnLowering::copyElements(const Parts &dst, Expr dstOff, const Parts &src, Expr srcOff, Expr n,
                              const Expr &g, bool down) {
  Parts d = stableParts(dst, g), s = stableParts(src, g);
  dstOff = toI64(std::move(dstOff));
  srcOff = toI64(std::move(srcOff));
  if (!isLiteral(dstOff))
    dstOff = materialize(std::move(dstOff), g);
  if (!isLiteral(srcOff))
    srcOff = materialize(std::move(srcOff), g);
  countedLoop(std::move(n), g, down, [&](Expr j) {
    const Expr yes = Expr::boolLit(true);
    for (size_t i = 0; i < s.size(); ++i) {
      Expr v = getElem(s[i], addI64(srcOff, j), yes);
      putElem(d[i], addI64(dstOff, j), v, yes);
    }
  });
}

/// The number of elements of type `elem` in `size` bytes: a constant multiple of sizeof(elem), or
/// `k * sizeof(T)` / `sizeof(T) * k` with sizeof(T) a multiple of sizeof(elem); nullopt otherwise.
std::optional<Expr> FnLowering::elementCount(const cl::Expr *size, cl::QualType elem, const Expr &g) {
  int64_t unit = u_.ctx_.getTypeSizeInChars(elem).getQuantity();
  if (unit <= 0)
    return std::nullopt;
  cl::Expr::EvalResult r;
  if (!size->HasSideEffects(u_.ctx_) && size->EvaluateAsInt(r, u_.ctx_)) {
    ir::BigInt v = bigOf(r.Val.getInt());
    if (v.isNegative() || !v.toInt64() || *v.toInt64() % unit != 0)
      return std::nullopt;
    return i64(*v.toInt64() / unit);
  }
  const auto *bo = llvm::dyn_cast<cl::BinaryOperator>(size->IgnoreParenImpCasts());
  if (!bo || bo->getOpcode() != cl::BO_Mul)
    return std::nullopt;
  for (int side = 0; side < 2; ++side) {
    const cl::Expr *s = side == 0 ? bo->getLHS() : bo->getRHS(), *k = side == 0 ? bo->getRHS() : bo->getLHS();
    const auto *so = llvm::dyn_cast<cl::UnaryExprOrTypeTraitExpr>(s->IgnoreParenImpCasts());
    if (!so || so->getKind() != cl::UETT_SizeOf || !so->EvaluateAsInt(r, u_.ctx_))
      continue;
    int64_t bytes = r.Val.getInt().getExtValue();
    if (bytes <= 0 || bytes % unit != 0)
      return std::nullopt;
    Expr n = rvAs(k, intTypeOf(k), g);
    return bytes / unit == 1 ? n : Expr::binary(ir::Op::Mul, n, Expr::intLit(bytes / unit, n.type));
  }
  return std::nullopt;
}

/// `malloc(n * sizeof(T))`, `calloc(n, sizeof(T))` converted to `T *` (T not a struct): one array per cell
/// part, indeterminate (malloc) or zeroed (calloc).
Parts FnLowering::newArrays(const cl::CallExpr *ce, cl::QualType ptrType, const Expr &g) {
  const PtrShape &s = shapeOf(ptrType, ce->getBeginLoc());
  std::string name = ce->getDirectCallee()->getNameAsString();
  cl::QualType pointee = ptrType->getPointeeType();
  std::optional<Expr> n;
  if (name == "malloc" && ce->getNumArgs() == 1) {
    n = elementCount(ce->getArg(0), pointee, g);
  } else if (name == "calloc" && ce->getNumArgs() == 2) {
    Expr k = rvAs(ce->getArg(0), intTypeOf(ce->getArg(0)), g);
    size_t mark = out_->size();
    if (std::optional<Expr> each = elementCount(ce->getArg(1), pointee, g)) {
      k = settle(std::move(k), mark, g);
      n = mulI64(std::move(k), std::move(*each));
    }
  }
  if (!n)
    unsupported(ce, "'" + name + "' of a size that is not a multiple of sizeof(" + pointee.getAsString() +
                        ") (supported: n * sizeof(T), sizeof(T) * n, a constant multiple)");
  SourceLoc saved = loc_;
  loc_ = irLoc(ce->getBeginLoc());
  Expr len = mulI64(toI64(std::move(*n)), i64(s.stride));
  if (!isLiteral(len))
    len = materialize(std::move(len), g);
  Parts p;
  for (const ir::Type &t : s.cells) {
    VarRef v = temp(t);
    allocArray(v, len, name == "malloc", g);
    p.push_back(use(v));
  }
  for (size_t r = 0; r < s.records.size(); ++r)
    p.push_back(Expr::nullLit());
  p.push_back(i64(0));
  loc_ = saved;
  return p;
}

/// memset(p, c, n), memcpy(d, s, n), memmove(d, s, n) on the elements of arrays (README.md, *memset,
/// memcpy*).
Expr FnLowering::memCall(const cl::CallExpr *ce, const std::string &name, const Expr &g, bool wantValue,
                         Parts *result) {
  if (ce->getNumArgs() != 3)
    unsupported(ce, "'" + name + "' with " + std::to_string(ce->getNumArgs()) + " arguments");
  // The pointer arguments were converted to void *: their own types say what they point to.
  auto pointer = [&](const cl::Expr *a) -> const cl::Expr * {
    const cl::Expr *x = a->IgnoreParens();
    while (const auto *ic = llvm::dyn_cast<cl::ImplicitCastExpr>(x)) {
      if (ic->getCastKind() != cl::CK_BitCast && ic->getCastKind() != cl::CK_NoOp)
        break;
      x = ic->getSubExpr()->IgnoreParens();
    }
    if (!isFat(x->getType()))
      unsupported(a, "'" + name + "' of something other than a pointer to integers or pointers (here '" +
                         x->getType().getAsString() + "')");
    const PtrShape &s = shapeOf(x->getType(), x->getBeginLoc());
    if (!s.records.empty())
      unsupported(a, "'" + name + "' through a pointer that may point to a struct field");
    return x;
  };
  SourceLoc saved = loc_;
  loc_ = irLoc(ce->getBeginLoc());
  const cl::Expr *de = pointer(ce->getArg(0));
  const PtrShape &ds = shapeOf(de->getType(), de->getBeginLoc());
  cl::QualType elem = ds.cell;
  Parts d = ptr(de, g);
  if (name == "memset") {
    cl::Expr::EvalResult r;
    if (!ce->getArg(1)->EvaluateAsInt(r, u_.ctx_))
      unsupported(ce->getArg(1), "'memset' with a value that is not a constant");
    uint64_t byte = static_cast<uint64_t>(r.Val.getInt().getExtValue()) & 0xff;
    Parts v;
    if (std::optional<ir::Type> it = intType(elem, u_.ctx_)) {
      if (it->kind == ir::Type::Bool) {
        if (byte > 1)
          unsupported(ce->getArg(1), "'memset' of _Bool elements with a byte other than 0 and 1");
        v.push_back(Expr::boolLit(byte == 1));
      } else {
        ir::BigInt x(0);
        for (int b = 0; b < it->bits / 8; ++b)
          x = x * ir::BigInt(256) + ir::BigInt(static_cast<int64_t>(byte));
        // a float element: the float whose bit pattern is the repeated byte
        v.push_back(it->isFloat() ? Expr::floatLit(x.low64(), *it) : literal(x, *it));
      }
    } else if (elem->isPointerType()) {
      if (byte != 0)
        unsupported(ce->getArg(1), "'memset' of pointer elements with a byte other than 0");
      for (const ir::Type &t : ds.cells)
        v.push_back(t.elemType().kind == ir::Type::Int ? i64(0) : Expr::nullLit());
    } else {
      unsupported(ce, "'memset' of elements of type '" + elem.getAsString() + "'");
    }
    size_t mark = out_->size();
    std::optional<Expr> n = elementCount(ce->getArg(2), elem, g);
    if (!n)
      unsupported(ce->getArg(2),
                  "'memset' of a size that is not a multiple of sizeof(" + elem.getAsString() + ")");
    settleParts(d, mark, g);
    Parts dm = stableParts(Parts(d.begin(), d.begin() + static_cast<long>(ds.cells.size())), g);
    Expr off = d[ds.offIndex()];
    if (!isLiteral(off))
      off = materialize(std::move(off), g);
    countedLoop(std::move(*n), g, false, [&](Expr j) {
      for (size_t i = 0; i < dm.size(); ++i)
        putElem(dm[i], addI64(off, j), v[i], Expr::boolLit(true));
    });
  } else {
    size_t mark = out_->size();
    const cl::Expr *se = pointer(ce->getArg(1));
    const PtrShape &ss = shapeOf(se->getType(), se->getBeginLoc());
    if (ss.types() != ds.types())
      unsupported(ce, "'" + name + "' between pointers to different types ('" + de->getType().getAsString() +
                          "' and '" + se->getType().getAsString() + "')");
    Parts s = ptr(se, g);
    size_t mark2 = out_->size();
    std::optional<Expr> n = elementCount(ce->getArg(2), elem, g);
    if (!n)
      unsupported(ce->getArg(2),
                  "'" + name + "' of a size that is not a multiple of sizeof(" + elem.getAsString() + ")");
    settleParts(d, mark, g);
    settleParts(s, mark2, g);
    Expr k = toI64(std::move(*n));
    if (!isLiteral(k))
      k = materialize(std::move(k), g);
    d = stableParts(std::move(d), g);
    s = stableParts(std::move(s), g);
    Expr dOff = d[ds.offIndex()], sOff = s[ss.offIndex()];
    Parts dc(d.begin(), d.begin() + static_cast<long>(ds.cells.size()));
    Parts sc(s.begin(), s.begin() + static_cast<long>(ss.cells.size()));
    Expr same = Expr::binary(ir::Op::And, nonNull(dc[0]), eqParts(dc[0], sc[0]));
    if (name == "memcpy") {
      // C leaves overlapping copies undefined.
      Expr overlap = allOf({same, Expr::binary(ir::Op::Lt, dOff, addI64(sOff, k)),
                            Expr::binary(ir::Op::Lt, sOff, addI64(dOff, k))});
      assertStmt(Expr::unary(ir::Op::Not, std::move(overlap)), "memcpy of overlapping memory: " + text(ce),
                 g);
      copyElements(dc, dOff, sc, sOff, k, g);
    } else {
      Expr down = guardAnd(g, Expr::binary(ir::Op::And, same, Expr::binary(ir::Op::Gt, dOff, sOff)));
      copyElements(dc, dOff, sc, sOff, k, down, true);
      copyElements(dc, dOff, sc, sOff, k, conj(g, down, true));
    }
  }
  loc_ = saved;
  if (result)
    *result = stableParts(std::move(d), g);
  else if (wantValue)
    unsupported(ce, "the value of '" + name + "(…)' here");
  return Expr::boolLit(true);
}

// ================================================================================================
// Objects of locals

/// A local array `T a[N]…` (a VLA's dimensions evaluated here, once): one IR array variable per part of its
/// element type, all the elements of every dimension in row-major order.
void FnLowering::declareArray(const cl::VarDecl *vd, VarInfo &info, const Expr &g) {
  const std::string &name = info.name;
  cl::QualType c = vd->getType();
  ir::BigInt constTotal(1);
  while (const cl::ArrayType *at = u_.ctx_.getAsArrayType(c)) {
    if (const auto *ca = llvm::dyn_cast<cl::ConstantArrayType>(at)) {
      info.dims.push_back(i64(static_cast<int64_t>(ca->getSize().getZExtValue())));
      constTotal = constTotal * ir::BigInt::fromUint64(ca->getSize().getZExtValue());
    } else if (const auto *va = llvm::dyn_cast<cl::VariableArrayType>(at)) {
      const cl::Expr *n = va->getSizeExpr();
      info.dims.push_back(materialize(toI64(rvAs(n, intTypeOf(n), g)), g));
    } else {
      unsupported(vd->getLocation(), "array '" + name + "' of unknown size");
    }
    c = at->getElementType();
  }
  if (constTotal > ir::BigInt(ir::kMaxArrayLength))
    unsupported(vd->getLocation(),
                "array '" + name + "' of " + constTotal.toString() + " elements (at most 2^40)");
  info.kind = VarInfo::Array;
  info.ctype = c.getCanonicalType();
  info.isStruct = isStructValue(c);
  SourceLoc dl = irLoc(vd->getLocation());
  for (const Part &p : u_.partsOf(c, vd->getLocation(), "the elements of '" + name + "'")) {
    if (p.owned >= 0)
      unsupported(vd->getLocation(), "array of structs with array fields '" + name + "'");
    VarRef r{false, addVar(name + p.suffix, ir::Type::arrayOf(p.type), ir::VarKind::Local, dl)};
    info.refs.push_back(r);
    info.elems.push_back(use(r));
  }
  if (info.elems.size() == 1)
    info.type = info.elems[0].type.elemType();
}

/// The number of elements of an array variable (every dimension).
Expr FnLowering::lengthOf(const VarInfo &v) const {
  Expr n = i64(1);
  for (const Expr &d : v.dims)
    n = mulI64(n, d);
  return n;
}

void FnLowering::createObjects(const VarInfo &v, bool fill, const Expr &g) {
  switch (v.kind) {
  case VarInfo::Array: {
    Expr n = lengthOf(v);
    if (!isLiteral(n))
      n = materialize(std::move(n), g);
    for (VarRef r : v.refs)
      allocArray(r, n, fill, g);
    return;
  }
  case VarInfo::Box:
    for (VarRef r : v.refs)
      allocArray(r, i64(1), fill, g);
    return;
  case VarInfo::Node: {
    VarRef node = v.refs.at(0);
    ir::Stmt s = make(ir::Stmt::New, g);
    s.lhs = node;
    s.record = typeOf(node).record;
    emit(std::move(s));
    newNodeArrays(node, typeOf(node).record, v.ctype, !fill, g);
    return;
  }
  case VarInfo::Plain:
    if (!v.isStruct || v.isConst)
      return;
    std::vector<int64_t> owned = u_.ownedOf(v.ctype, fd_->getLocation());
    for (size_t k = 0; k < owned.size(); ++k)
      if (owned[k] >= 0)
        allocArray(v.refs.at(k), i64(owned[k]), fill, g);
    return;
  }
}

/// The array fields of a new node of struct type `structType`: one array each (zeroed or indeterminate).
void FnLowering::newNodeArrays(VarRef node, uint32_t rec, cl::QualType structType, bool zero, const Expr &g) {
  std::vector<int64_t> owned = u_.ownedOf(structType, fd_->getLocation());
  for (uint32_t k = 0; k < owned.size(); ++k) {
    if (owned[k] < 0)
      continue;
    VarRef t = temp(prog_.records.at(rec).fields.at(k).type);
    allocArray(t, i64(owned[k]), !zero, g);
    ir::Stmt put = make(ir::Stmt::PutField, g);
    put.base = node;
    put.field = k;
    put.value = use(t);
    emit(std::move(put));
  }
}

void FnLowering::havocPart(const StructObj &o, uint32_t k, const Expr &g) {
  if (o.var) {
    havoc(o.var->refs.at(k), g);
    return;
  }
  const ir::Record &rec = prog_.records.at(typeOf(o.node).record);
  VarRef t = temp(rec.fields.at(k).type);
  havoc(t, g);
  ir::Stmt put = make(ir::Stmt::PutField, g);
  put.base = o.node;
  put.field = k;
  put.value = use(t);
  emit(std::move(put));
}

/// The initializer of the elements of an array object of C type t (a list, nested for inner arrays and
/// structs; a string literal for a char array) from element `base` on: the arrays are zeroed, so the elements
/// the list leaves out (and a string's zero bytes) are not written; every element it gives is.
void FnLowering::initElements(const Parts &arrays, const cl::Expr *init, cl::QualType t, int64_t base,
                              const Expr &g) {
  init = init->IgnoreParens();
  cl::QualType c = t.getCanonicalType();
  if (const auto *ca = u_.ctx_.getAsConstantArrayType(c)) {
    cl::QualType et = ca->getElementType();
    int64_t n = static_cast<int64_t>(ca->getSize().getZExtValue());
    int64_t stride = 1;
    std::vector<std::optional<uint64_t>> dims;
    u_.innerElement(et, &dims);
    for (const auto &d : dims)
      stride *= static_cast<int64_t>(d.value_or(1));
    if (const auto *sl = llvm::dyn_cast<cl::StringLiteral>(init)) {
      std::optional<ir::Type> it = intType(et, u_.ctx_);
      if (!it || sl->getCharByteWidth() != 1)
        unsupported(init, "string initializer of an array of type '" + t.getAsString() + "'");
      std::string bytes = sl->getString().str();
      for (int64_t k = 0; k < n && k < static_cast<int64_t>(bytes.size()); ++k)
        if (bytes[static_cast<size_t>(k)] != 0)
          putElem(arrays.at(0), i64(base + k),
                  literal(ir::BigInt(
                              static_cast<int64_t>(static_cast<signed char>(bytes[static_cast<size_t>(k)]))),
                          *it),
                  g);
      return;
    }
    const auto *list = llvm::dyn_cast<cl::InitListExpr>(init);
    if (!list)
      unsupported(init, "array initializer that is not a list");
    for (unsigned k = 0; k < list->getNumInits() && k < n; ++k) {
      const cl::Expr *e = list->getInit(k);
      if (!llvm::isa<cl::ImplicitValueInitExpr>(e))
        initElements(arrays, e, et, base + static_cast<int64_t>(k) * stride, g);
    }
    return;
  }
  if (u_.ctx_.getAsArrayType(c))
    unsupported(init, "initializer of a variable-length array");
  if (isStructValue(c)) {
    StructObj dst;
    dst.arrays = arrays;
    dst.index = i64(base);
    dst.count = static_cast<uint32_t>(arrays.size());
    dst.expr = init;
    structInit(dst, init, g);
    return;
  }
  std::vector<ir::Type> types;
  for (const Expr &a : arrays)
    types.push_back(a.type.elemType());
  if (llvm::isa<cl::ImplicitValueInitExpr>(init))
    return; // an element the list leaves out: the array's zero
  // An element the source writes is stored even when it is 0: it is a statement of its own, which
  // localization can blame and a repair's patched source compiles back to.
  Parts v = valuesOf(init, types, g);
  for (size_t i = 0; i < v.size(); ++i)
    putElem(arrays[i], i64(base), v[i], g);
}

/// At the start of a function: the arguments of parameters that live in memory go into their objects, and a
/// struct parameter's array fields are copied (the argument is passed by value).
void FnLowering::paramSetup() {
  const Expr yes = Expr::boolLit(true);
  for (const auto &[pd, values] : paramObjects_) {
    loc_ = irLoc(pd->getLocation());
    construct_ = u_.freshConstruct();
    const VarInfo &v = locals_.at(pd);
    std::vector<int64_t> owned(values.size(), -1);
    if (v.isStruct)
      owned = u_.ownedOf(v.ctype, pd->getLocation());
    switch (v.kind) {
    case VarInfo::Box:
      createObjects(v, false, yes);
      for (size_t k = 0; k < values.size(); ++k)
        putElem(v.elems[k], i64(0), values[k], yes);
      break;
    case VarInfo::Node: {
      createObjects(v, false, yes);
      VarRef node = v.refs.at(0);
      for (uint32_t k = 0; k < values.size(); ++k) {
        if (owned[k] >= 0) {
          LVal f;
          f.kind = LVal::Field;
          f.var = node;
          f.field = k;
          f.node = nullptr;
          ir::Stmt get = make(ir::Stmt::GetField, yes);
          get.lhs = temp(values[k].type);
          get.base = node;
          get.field = k;
          Expr arr = use(get.lhs);
          emit(std::move(get));
          copyElements({arr}, i64(0), {values[k]}, i64(0), i64(owned[k]), yes);
          continue;
        }
        ir::Stmt put = make(ir::Stmt::PutField, yes);
        put.base = node;
        put.field = k;
        put.value = values[k];
        emit(std::move(put));
      }
      break;
    }
    default:
      for (uint32_t k = 0; k < values.size(); ++k) {
        if (owned[k] < 0)
          continue;
        VarRef t = temp(values[k].type);
        allocArray(t, i64(owned[k]), false, yes);
        copyElements({use(t)}, i64(0), {values[k]}, i64(0), i64(owned[k]), yes);
        emit(assign(yes, values[k].var, use(t)));
      }
      break;
    }
  }
  construct_ = 0;
}

} // namespace locus::c::lower

// The C memory model (README.md, *Memory model: objects and fat pointers*): the parts of C types, the
// address-taken objects of a file, fat pointer values, array objects, element and pointer accesses, and the
// allocation and copying of arrays.
#include "frontend/c/audit.h"
#include "frontend/c/lowering.h"
#include "ir/ints.h"

#include <clang/AST/Expr.h>

#include <functional>

namespace locus::c::lower {

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
  return (e.kind == Expr::IntLit && e.value.isZero()) || e.isFalse() || e.kind == Expr::NullLit;
}

std::vector<ir::Type> PtrShape::types() const {
  std::vector<ir::Type> out = cells;
  for (const Rec &r : records)
    out.push_back(ir::Type::refType(r.record));
  out.push_back(ir::Type::fixedInt(64, true));
  return out;
}

// ================================================================================================
// The address-taken objects of a file

namespace {

class AddressScan {
public:
  AddressScan(cl::ASTContext &ctx, AddressTaken &out) : ctx_(ctx), out_(out) {}

  void walk(const cl::Stmt *s) {
    if (!s)
      return;
    if (const auto *uo = llvm::dyn_cast<cl::UnaryOperator>(s); uo && uo->getOpcode() == cl::UO_AddrOf)
      taken(uo->getSubExpr());
    if (const auto *ce = llvm::dyn_cast<cl::CallExpr>(s)) {
      // scanf's `&x` arguments are written through a temporary (io.cpp): x need not live in memory.
      const cl::FunctionDecl *fd = ce->getDirectCallee();
      std::string n = fd && !fd->getDefinition() ? fd->getNameAsString() : "";
      if (n == "scanf" || n == "fscanf") {
        for (const cl::Stmt *a : ce->arguments()) {
          const auto *addr =
              llvm::dyn_cast<cl::UnaryOperator>(llvm::cast<cl::Expr>(a)->IgnoreParenImpCasts());
          if (addr && addr->getOpcode() == cl::UO_AddrOf) {
            if (!llvm::isa<cl::DeclRefExpr>(addr->getSubExpr()->IgnoreParens()))
              taken(addr->getSubExpr());
            walk(addr->getSubExpr());
            continue;
          }
          walk(a);
        }
        walk(ce->getCallee());
        return;
      }
    }
    for (const cl::Stmt *c : s->children())
      walk(c);
  }

private:
  void taken(const cl::Expr *e) {
    e = e->IgnoreParens();
    if (const auto *dr = llvm::dyn_cast<cl::DeclRefExpr>(e)) {
      if (const auto *vd = llvm::dyn_cast<cl::VarDecl>(dr->getDecl()); vd && !vd->getType()->isArrayType())
        out_.vars.insert(vd->getCanonicalDecl());
      return;
    }
    if (!llvm::isa<cl::MemberExpr>(e) || e->getType()->isArrayType() || e->getType()->isStructureType())
      return;
    // A scalar leaf of a struct: the chain of fields down from the outermost struct that is a variable or a
    // node (`s.lo.x`, `p->lo.x`, `(*p).x`).
    std::vector<const cl::FieldDecl *> chain;
    const cl::Expr *x = e;
    const cl::RecordDecl *rd = nullptr;
    while (const auto *me = llvm::dyn_cast<cl::MemberExpr>(x)) {
      const auto *fd = llvm::dyn_cast<cl::FieldDecl>(me->getMemberDecl());
      if (!fd)
        return;
      chain.insert(chain.begin(), fd);
      if (me->isArrow()) {
        rd = fd->getParent();
        break;
      }
      x = me->getBase()->IgnoreParenImpCasts();
      if (const auto *dr = llvm::dyn_cast<cl::DeclRefExpr>(x)) {
        const auto *vd = llvm::dyn_cast<cl::VarDecl>(dr->getDecl());
        if (!vd)
          return;
        out_.vars.insert(vd->getCanonicalDecl()); // a struct whose field's address is taken lives in a node
        rd = fd->getParent();
        break;
      }
      if (const auto *uo = llvm::dyn_cast<cl::UnaryOperator>(x); uo && uo->getOpcode() == cl::UO_Deref) {
        rd = fd->getParent();
        break;
      }
    }
    if (!rd || !(rd = rd->getDefinition()))
      return;
    for (auto &[r, chains] : out_.fields)
      if (r == rd) {
        if (std::find(chains.begin(), chains.end(), chain) == chains.end())
          chains.push_back(chain);
        return;
      }
    out_.fields.push_back({rd, {chain}});
  }

  cl::ASTContext &ctx_;
  AddressTaken &out_;
};

} // namespace

AddressTaken findAddressTaken(cl::ASTContext &ctx) {
  AddressTaken out;
  AddressScan scan(ctx, out);
  const cl::SourceManager &sm = ctx.getSourceManager();
  for (const cl::Decl *d : ctx.getTranslationUnitDecl()->decls()) {
    if (sm.isInSystemHeader(d->getLocation()))
      continue;
    if (const auto *fd = llvm::dyn_cast<cl::FunctionDecl>(d); fd && fd->doesThisDeclarationHaveABody())
      scan.walk(fd->getBody());
    if (const auto *vd = llvm::dyn_cast<cl::VarDecl>(d); vd && vd->getInit())
      scan.walk(vd->getInit());
  }
  return out;
}

// ================================================================================================
// Types and parts (UnitLowering)

std::string UnitLowering::typeKey(cl::QualType t) const {
  cl::QualType c = t.getCanonicalType().getUnqualifiedType();
  if (const auto *pt = c->getAs<cl::PointerType>())
    return "(" + typeKey(pt->getPointeeType()) + ")*";
  if (const auto *at = ctx_.getAsConstantArrayType(c))
    return "(" + typeKey(at->getElementType()) + ")[" + std::to_string(at->getSize().getZExtValue()) + "]";
  if (const auto *at = ctx_.getAsArrayType(c))
    return "(" + typeKey(at->getElementType()) + ")[]";
  return c.getAsString();
}

cl::QualType UnitLowering::innerElement(cl::QualType t, std::vector<std::optional<uint64_t>> *dims) const {
  cl::QualType c = t.getCanonicalType();
  while (const cl::ArrayType *at = ctx_.getAsArrayType(c)) {
    if (dims) {
      if (const auto *ca = llvm::dyn_cast<cl::ConstantArrayType>(at))
        dims->push_back(ca->getSize().getZExtValue());
      else
        dims->push_back(std::nullopt);
    }
    c = at->getElementType().getCanonicalType();
  }
  return c;
}

bool UnitLowering::isFat(cl::QualType t) const {
  const auto *pt = t.getCanonicalType()->getAs<cl::PointerType>();
  if (!pt)
    return false;
  cl::QualType p = innerElement(pt->getPointeeType());
  return !(p->isStructureType() || p->isUnionType() || p->isVoidType() || p->isFunctionType());
}

ir::Type UnitLowering::irType(cl::QualType t, cl::SourceLocation where, const std::string &what) {
  cl::QualType c = t.getCanonicalType();
  if (std::optional<ir::Type> it = intType(c, ctx_))
    return *it;
  if (const auto *pt = c->getAs<cl::PointerType>()) {
    cl::QualType pointee = pt->getPointeeType().getCanonicalType();
    if (const auto *rt = pointee->getAs<cl::RecordType>())
      return ir::Type::refType(recordFor(rt->getDecl(), where));
    if (pointee->isFunctionType())
      unsupported(where,
                  "function pointer type '" + t.getAsString() + "'" + (what.empty() ? "" : " of " + what));
    if (pointee->isVoidType())
      unsupported(where,
                  "pointer type '" + t.getAsString() + "'" + (what.empty() ? "" : " of " + what) +
                      " (void pointers only as the arguments of malloc, calloc, free, memset, memcpy and "
                      "memmove)");
    unsupported(where,
                "pointer type '" + t.getAsString() + "'" + (what.empty() ? "" : " of " + what) + " here");
  }
  std::string kind = c->isFloatingType() ? "floating-point type"
                     : c->isRecordType() ? "struct or union value type"
                     : c->isArrayType()  ? "array type"
                                         : "type";
  unsupported(where, kind + " '" + t.getAsString() + "'" + (what.empty() ? "" : " of " + what));
}

uint32_t UnitLowering::reserveRecord(const cl::RecordDecl *rd, cl::SourceLocation where) {
  const cl::RecordDecl *def = rd->getDefinition();
  if (!def)
    unsupported(where, "pointer to the incomplete struct '" + rd->getNameAsString() + "'");
  if (def->isUnion())
    unsupported(where, "union '" + def->getNameAsString() + "'");
  if (brokenRecords_.count(def))
    throw Unsupported{}; // a field of it was already reported
  if (auto it = records_.find(def); it != records_.end())
    return it->second;
  std::string base = def->getNameAsString();
  if (base.empty())
    if (const cl::TypedefNameDecl *td = def->getTypedefNameForAnonDecl())
      base = td->getNameAsString();
  if (base.empty())
    base = "anon";
  uint32_t idx = static_cast<uint32_t>(prog_.records.size());
  records_[def] = idx;
  prog_.records.push_back({uniqueName(base), {}, irLoc(def->getLocation())});
  unbuilt_.push_back(def);
  return idx;
}

uint32_t UnitLowering::recordFor(const cl::RecordDecl *rd, cl::SourceLocation where) {
  uint32_t idx = reserveRecord(rd, where);
  buildRecords();
  return idx;
}

/// Gives every reserved record its fields (one IR field per part of each leaf: `t_a` for `s.t.a`).
void UnitLowering::buildRecords() {
  while (!unbuilt_.empty()) {
    const cl::RecordDecl *def = unbuilt_.front();
    unbuilt_.pop_front();
    uint32_t idx = records_.at(def);
    std::set<std::string> names;
    try {
      std::vector<ir::Field> fields;
      for (const Leaf &l : leaves(def, def->getLocation(), "", true)) {
        std::string n = l.path.empty() ? "f" : l.path;
        for (unsigned i = 1; isKeyword(n) || names.count(n); ++i)
          n = (l.path.empty() ? "f" : l.path) + "_" + std::to_string(i);
        names.insert(n);
        fields.push_back({n, l.type, irLoc(l.chain.back()->getLocation())});
      }
      prog_.records[idx].fields = std::move(fields);
    } catch (const Unsupported &) {
      brokenRecords_.insert(def); // half built: later uses must not see it
      unbuilt_.clear();
      throw;
    }
  }
}

namespace {
/// Whether a field's type can be represented (so that a struct value type's message can name the field).
bool representable(cl::QualType t, const cl::ASTContext &ctx) {
  cl::QualType c = t.getCanonicalType();
  while (const cl::ArrayType *at = ctx.getAsArrayType(c))
    c = at->getElementType().getCanonicalType();
  if (intType(c, ctx) || c->isPointerType())
    return true;
  if (const auto *rt = c->getAs<cl::RecordType>())
    return !rt->getDecl()->isUnion();
  return false;
}
} // namespace

std::vector<UnitLowering::Leaf> UnitLowering::leaves(const cl::RecordDecl *def, cl::SourceLocation where,
                                                     const std::string &what, bool record) {
  std::vector<Leaf> out;
  std::vector<const cl::FieldDecl *> chain;
  std::string desc = "struct value type '" + ctx_.getRecordType(def).getAsString() + "' of " + what;
  std::function<void(const cl::RecordDecl *, const std::string &)> walk = [&](const cl::RecordDecl *d,
                                                                              const std::string &prefix) {
    for (const cl::FieldDecl *f : d->fields()) {
      std::string fname = f->getNameAsString();
      cl::SourceLocation at = record ? f->getLocation() : where;
      if (f->isBitField())
        unsupported(at, record
                            ? "bit-field '" + fname + "'"
                            : desc + " with " +
                                  (fname.empty() ? "an unnamed bit-field" : "the bit-field '" + fname + "'"));
      std::string path = fname.empty() ? prefix : prefix.empty() ? fname : prefix + "_" + fname;
      chain.push_back(f);
      cl::QualType ft = f->getType().getCanonicalType();
      if (const auto *rt = ft->getAs<cl::RecordType>(); rt && !rt->getDecl()->isUnion()) {
        walk(rt->getDecl()->getDefinition(), path);
      } else {
        if (!record && !representable(ft, ctx_))
          unsupported(at, desc + " with " +
                              (fname.empty() ? "an unnamed member" : "the field '" + fname + "'") +
                              " of type '" + f->getType().getAsString() + "'");
        std::vector<Part> ps =
            partsOf(f->getType(), at, record ? "field '" + fname + "'" : "field '" + fname + "' of " + what);
        for (uint32_t i = 0; i < ps.size(); ++i)
          out.push_back({path + ps[i].suffix, ps[i].type, chain, ps[i].owned, i});
      }
      chain.pop_back();
    }
  };
  walk(def, "");
  return out;
}

std::vector<UnitLowering::Leaf> UnitLowering::leaves(cl::QualType t, cl::SourceLocation where,
                                                     const std::string &what) {
  const cl::RecordDecl *def = t.getCanonicalType()->getAsRecordDecl()->getDefinition();
  if (!def)
    unsupported(where, "struct value type '" + t.getAsString() + "' of " + what + " (an incomplete struct)");
  return leaves(def, where, what);
}

std::vector<Part> UnitLowering::partsOf(cl::QualType t, cl::SourceLocation where, const std::string &what) {
  cl::QualType c = t.getCanonicalType();
  if (ctx_.getAsArrayType(c)) {
    std::vector<std::optional<uint64_t>> dims;
    cl::QualType e = innerElement(c, &dims);
    int64_t n = 1;
    for (const auto &d : dims) {
      if (!d)
        unsupported(where, "variable-length array type '" + t.getAsString() + "'" +
                               (what.empty() ? "" : " of " + what) + " here");
      if (*d > kMaxObjectElems || static_cast<uint64_t>(n) * *d > kMaxObjectElems)
        unsupported(where, "array type '" + t.getAsString() + "'" + (what.empty() ? "" : " of " + what) +
                               " (more than 2^40 elements)");
      n *= static_cast<int64_t>(*d);
    }
    std::vector<Part> out;
    for (Part &p : partsOf(e, where, what)) {
      if (p.owned >= 0)
        unsupported(where, "array of structs with array fields '" + t.getAsString() + "'" +
                               (what.empty() ? "" : " of " + what));
      out.push_back({ir::Type::arrayOf(p.type), p.suffix, n});
    }
    return out;
  }
  if (isStructValue(c)) {
    std::vector<Part> out;
    for (const Leaf &l : leaves(c, where, what))
      out.push_back({l.type, "_" + l.path, l.owned});
    return out;
  }
  if (isFat(c)) {
    const PtrShape &s = shapeOf(c, where);
    std::vector<Part> out;
    for (size_t i = 0; i < s.cells.size(); ++i)
      out.push_back({s.cells[i], i == 0 ? "" : "_" + std::to_string(i), -1});
    for (const PtrShape::Rec &r : s.records)
      out.push_back({ir::Type::refType(r.record), "_" + prog_.records[r.record].name, -1});
    out.push_back({ir::Type::fixedInt(64, true), "_off", -1});
    return out;
  }
  return {{irType(t, where, what), "", -1}};
}

uint32_t UnitLowering::leafCount(cl::QualType t) {
  cl::QualType c = t.getCanonicalType();
  if (ctx_.getAsArrayType(c))
    return leafCount(innerElement(c));
  if (const auto *rt = c->getAs<cl::RecordType>()) {
    if (rt->getDecl()->isUnion() || !rt->getDecl()->getDefinition())
      return 1;
    uint32_t n = 0;
    for (const cl::FieldDecl *f : rt->getDecl()->getDefinition()->fields())
      n += leafCount(f->getType());
    return n;
  }
  if (isFat(c)) {
    // The size of its shape, from the address-taken fields alone (no record is built here).
    const auto *pt = c->getAs<cl::PointerType>();
    std::vector<std::optional<uint64_t>> dims;
    cl::QualType cell = innerElement(pt->getPointeeType(), &dims);
    uint32_t n = leafCount(cell) + 1;
    if (dims.empty())
      n += static_cast<uint32_t>(countRecordsWithLeaf(cell));
    return n;
  }
  return 1;
}

uint32_t UnitLowering::leafOffset(const cl::FieldDecl *f) {
  uint32_t n = 0;
  for (const cl::FieldDecl *g : f->getParent()->fields()) {
    if (g == f)
      break;
    n += leafCount(g->getType());
  }
  return n;
}

/// The records with an address-taken scalar leaf of type `cell`, in order of first use, with those leaves'
/// first parts (in the order of the record's parts).
std::vector<std::pair<const cl::RecordDecl *, std::vector<uint32_t>>>
UnitLowering::recordsWithLeaf(cl::QualType cell) {
  std::string key = typeKey(cell);
  std::vector<std::pair<const cl::RecordDecl *, std::vector<uint32_t>>> out;
  for (const auto &[rd, chains] : addressTaken_.fields) {
    std::vector<uint32_t> firsts;
    for (const auto &chain : chains) {
      if (typeKey(chain.back()->getType()) != key)
        continue;
      uint32_t k = 0;
      for (const cl::FieldDecl *f : chain)
        k += leafOffset(f);
      firsts.push_back(k);
    }
    if (firsts.empty())
      continue;
    std::sort(firsts.begin(), firsts.end());
    out.push_back({rd, std::move(firsts)});
  }
  return out;
}

size_t UnitLowering::countRecordsWithLeaf(cl::QualType cell) const {
  std::string key = typeKey(cell);
  size_t n = 0;
  for (const auto &[rd, chains] : addressTaken_.fields)
    n += std::any_of(chains.begin(), chains.end(),
                     [&](const auto &chain) { return typeKey(chain.back()->getType()) == key; });
  return n;
}

const PtrShape &UnitLowering::shapeOf(cl::QualType ptrType, cl::SourceLocation where) {
  std::string key = typeKey(ptrType);
  if (auto it = shapes_.find(key); it != shapes_.end())
    return it->second;
  const auto *pt = ptrType.getCanonicalType()->getAs<cl::PointerType>();
  std::vector<std::optional<uint64_t>> dims;
  cl::QualType cell = innerElement(pt->getPointeeType(), &dims);
  std::string name = "'" + ptrType.getAsString() + "'";
  if (cell->isVoidType())
    unsupported(where, "pointer type " + name +
                           " (void pointers are supported only as the arguments of "
                           "malloc, calloc, free, memset, memcpy and memmove)");
  if (cell->isFunctionType())
    unsupported(where, "function pointer type " + name);
  if (cell->isStructureType() || cell->isUnionType())
    unsupported(where, "pointer type " + name + " (a pointer to an array of structs)");
  if (!inProgress_.insert(key).second)
    unsupported(where, "pointer type " + name + " (its representation refers to itself)");
  PtrShape s;
  s.cell = cell;
  for (const auto &d : dims) {
    if (!d)
      unsupported(where, "pointer to a variable-length array type " + name);
    s.stride *= static_cast<int64_t>(*d);
  }
  try {
    for (const Part &p : partsOf(cell, where, "the cells of " + name))
      s.cells.push_back(ir::Type::arrayOf(p.type));
    if (dims.empty())
      for (const auto &[rd, firsts] : recordsWithLeaf(cell))
        s.records.push_back({reserveRecord(rd, where), firsts});
  } catch (const Unsupported &) {
    inProgress_.erase(key);
    throw;
  }
  inProgress_.erase(key);
  const PtrShape &out = shapes_.emplace(key, std::move(s)).first->second;
  buildRecords(); // the records it named (their fields may use this shape, now known)
  return out;
}

std::vector<int64_t> UnitLowering::ownedOf(cl::QualType structType, cl::SourceLocation where) {
  std::vector<int64_t> out;
  for (const Leaf &l : leaves(structType, where, "a copy"))
    out.push_back(l.owned);
  return out;
}

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
Expr eqParts(const Expr &a, const Expr &b) {
  if (a.kind == Expr::NullLit && b.kind == Expr::NullLit)
    return Expr::boolLit(true);
  return fold(Expr::binary(ir::Op::Eq, a, b));
}
Expr isNull(const Expr &a) {
  return eqParts(a, Expr::nullLit());
}
Expr nonNull(const Expr &a) {
  if (a.kind == Expr::NullLit)
    return Expr::boolLit(false);
  return Expr::binary(ir::Op::Ne, a, Expr::nullLit());
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
        v.push_back(literal(x, *it));
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

} // namespace locus::c::lower

namespace locus::c::lower {

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

} // namespace locus::c::lower

namespace locus::c::lower {

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

// The parts of C types (README.md, *Memory model*): the address-taken objects of a file, the IR type of a
// scalar, records, the leaves of structs, the parts of a value, and the shapes of fat pointers.
#include "frontend/c/lowering.h"

#include <algorithm>
#include <functional>
#include <set>

namespace locus::c::lower {

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

} // namespace locus::c::lower

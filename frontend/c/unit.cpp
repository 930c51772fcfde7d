// The unit's lowering (UnitLowering, README.md *Program layout*): declarations audited, globals and their
// constant initializers, function signatures, source ranges and texts, and the whole file (run, lowerUnit).
#include "frontend/c/audit.h"
#include "frontend/c/io.h"
#include "frontend/c/lowering.h"

#include <clang/AST/Attr.h>
#include <clang/Lex/Lexer.h>
#include <llvm/ADT/StringExtras.h>

#include <algorithm>
#include <functional>
#include <set>
#include <unordered_map>

namespace locus::c::lower {

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
  if (t.kind == ir::Type::Float) { // clang's constant of the variable's type (float or double)
    llvm::APFloat f(0.0);
    if (!e->EvaluateAsFloat(f, ctx_))
      unsupported(e->getBeginLoc(), "non-constant initializer of '" + name + "'");
    return Expr::floatLit(f.bitcastToAPInt().getZExtValue(), t);
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

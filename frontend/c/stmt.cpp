// The lowering of C statements (README.md, *Statements* and *goto*): compounds, declarations of locals,
// if, loops, switch, break, continue, return, and goto with its labels and regions.
#include "frontend/c/lowering.h"

#include <clang/AST/Attr.h>

#include <algorithm>
#include <set>

namespace locus::c::lower {

// ---- statements ----

void FnLowering::stmt(const cl::Stmt *s, const Expr &g) {
  if (!s || invariantCalls_.count(s))
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
      for (VarRef r : li.refs) // a scalar's read is noted (a pointer's parts are not)
        havoc(r, g, li.refs.size() == 1 ? li.name : std::string());
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
  w.invariant = loopInvariant(body);
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

/// The invariant of a loop: the conjunction of the `#pragma locus invariant EXPR` lines that start its
/// body (pragma.h turns each into `__builtin_assume(EXPR);` for clang), each EXPR a pure IR expression (it
/// must lower without statements: variables, constants, operators); Expr{} when there is none.
Expr FnLowering::loopInvariant(const cl::Stmt *body) {
  Expr inv;
  const auto *cs = llvm::dyn_cast_or_null<cl::CompoundStmt>(body);
  if (!cs)
    return inv;
  for (const cl::Stmt *x : cs->body()) {
    const auto *ce = llvm::dyn_cast<cl::CallExpr>(x);
    const cl::FunctionDecl *fd = ce ? ce->getDirectCallee() : nullptr;
    if (!fd || fd->getNameAsString() != "__builtin_assume" || ce->getNumArgs() != 1 ||
        !u_.pragmas_.takeInvariant(u_.smLoc(ce->getBeginLoc())))
      break;
    invariantCalls_.insert(ce);
    std::vector<ir::Stmt> scratch;
    std::vector<ir::Stmt> *saved = out_;
    out_ = &scratch;
    Expr v = cond(ce->getArg(0), Expr::boolLit(true));
    out_ = saved;
    if (!scratch.empty())
      u_.error(
          ce->getArg(0)->getBeginLoc(),
          "a loop invariant must be an expression over variables, constants and operators (this one needs "
          "statements: a call, a pointer dereference, an array element or a variable whose address is "
          "taken)");
    ir::clearRanges(v);
    inv = inv == Expr{} ? std::move(v) : Expr::binary(ir::Op::And, std::move(inv), std::move(v));
  }
  return inv;
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

} // namespace locus::c::lower

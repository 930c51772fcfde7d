// Lowering of a checked GCL unit to canonical IR (guarded primitives); the scheme is in
// frontend/gcl/README.md.
#include "frontend/gcl/frontend.h"
#include "ir/floats.h"

#include <algorithm>
#include <map>
#include <set>
#include <unordered_map>
#include <unordered_set>

namespace locus::gcl {
namespace {

using ir::Expr;
using ir::VarRef;

/// An enclosing guard copied into a condition `g and c`: without its range (the text of an enclosing
/// statement's condition, not of this statement).
Expr bare(Expr g) {
  g.range = {};
  return g;
}

bool isAtom(const Expr &e) {
  return e.kind == Expr::BoolLit || (e.kind == Expr::VarUse && e.type.kind == ir::Type::Bool);
}

/// Does evaluating `e` read the heap (a path with fields, elements or a length)?
bool hasReads(const gcl::Expr &e) {
  if (e.isAccess())
    return true;
  for (const auto &a : e.args)
    if (a && hasReads(*a))
      return true;
  return false;
}

/// Walks AST statements (nested blocks and guarded statements included).
template <typename F> void walkStmt(const Stmt &s, F &&f) {
  f(s);
  if (s.inner)
    walkStmt(*s.inner, f);
  for (const Block *b : {s.then.get(), s.elseBlock.get()})
    if (b)
      for (const auto &c : b->stmts)
        walkStmt(*c, f);
}

/// Unit-wide state: the program being built, declaration maps, the temporary files table.
class UnitLowering {
public:
  UnitLowering(const Unit &unit, const SourceManager &sm) : sm_(sm), unit_(unit) {}

  ir::Program run();

  /// Index of `path` in the temporary files table (remapped to first-use order at the end).
  uint32_t pathIndex(const std::string &path) {
    auto [it, fresh] = pathIdx_.emplace(path, static_cast<uint32_t>(paths_.size()));
    if (fresh)
      paths_.push_back(path);
    return it->second;
  }
  /// A location of the AST (file = SourceManager index) in the temporary files table.
  SourceLoc src(SourceLoc l) {
    if (!l.valid() || l.file >= sm_.size())
      return {};
    l.file = pathIndex(sm_.path(l.file));
    return l;
  }
  SourceRange src(SourceRange r) {
    if (!r.valid())
      return {};
    return {src(r.begin), src(r.end)};
  }

  /// A construct id for an untagged statement (renumbered in program order at the end).
  uint32_t freshConstruct() { return ++lastConstruct_; }
  /// Malformed source information of printed IR (reported by lowerUnit).
  void problem(SourceLoc at, std::string msg) { problems_.emplace_back(at, std::move(msg)); }

  /// A declaration's location: its printed-IR tag if it has one (in the tag's file, else in `fallbackFile`,
  /// else in the text being read), otherwise its position in the text.
  SourceLoc declSrc(SourceLoc astLoc, const DeclTag &tag, const std::optional<std::string> &fallbackFile) {
    if (!tag.present())
      return src(astLoc);
    const std::optional<std::string> &file = tag.file ? tag.file : fallbackFile;
    SourceLoc l = file ? SourceLoc{pathIndex(*file), 0, 0} : src(astLoc);
    l.line = tag.line;
    l.col = tag.col;
    return l;
  }

  const SourceManager &sm_;
  ir::Program prog_;
  std::unordered_map<const VarDecl *, uint32_t> globalIdx_;
  std::unordered_map<const ProcDecl *, uint32_t> procIdx_;
  uint32_t lastConstruct_ = 0; ///< the largest construct id in use
  std::vector<std::pair<SourceLoc, std::string>> problems_;

private:
  const Unit &unit_;
  std::vector<std::string> paths_;
  std::map<std::string, uint32_t> pathIdx_;
};

/// Lowering of one procedure or test.
class ProcLowering {
public:
  ProcLowering(UnitLowering &u, const ProcDecl &pd, ir::Procedure &p)
      : u_(u), prog_(u.prog_), pd_(pd), p_(p) {}

  void run() {
    if (pd_.fileAnnot)
      annotFile_ = u_.pathIndex(*pd_.fileAnnot);
    collectNames();
    for (const auto &prm : pd_.params)
      declare(*prm, ir::VarKind::Param);
    for (size_t i = 0; i < pd_.params.size(); ++i)
      p_.params.push_back(static_cast<uint32_t>(i));
    if (pd_.result)
      p_.result = declare(*pd_.result, ir::VarKind::Return);
    // The body first, so that contract blocks (printed IR) find the body's top-level locals.
    if (pd_.body) {
      out_ = &p_.body;
      for (const auto &s : pd_.body->stmts)
        stmt(*s, Expr::boolLit(true), {});
    }
    for (const Contract &c : pd_.contracts) {
      out_ = c.isRequires ? &p_.pre : &p_.post;
      assertKind_ = c.isRequires ? ir::AssertKind::Requires : ir::AssertKind::Ensures;
      if (c.expr) {
        loc_ = u_.src(c.loc);
        construct_ = u_.freshConstruct();
        range_ = u_.src(c.range);
        exprRanges_ = true;
        Expr v = expr(*c.expr, Expr::boolLit(true));
        emitMain(assertStmt(std::move(v), ""));
        construct_ = 0;
        range_ = {};
      } else if (c.block) {
        for (const auto &s : c.block->stmts)
          stmt(*s, Expr::boolLit(true), {});
      }
    }
  }

private:
  struct Tag {
    std::optional<ir::StmtId> id;
    std::optional<SourceLoc> loc;
  };
  struct Loop {
    const gcl::Expr *cond;
    std::optional<VarRef> temp; ///< the condition variable the lowering recomputes (none: used directly)
    SourceLoc loc;
    uint32_t construct = 0; ///< the loop's construct and range (the recomputes belong to it)
    SourceRange range;
    bool exprRanges = false;
  };

  // ---- variables ----

  void collectNames() {
    for (const auto &g : prog_.globals)
      sourceNames_.insert(g.name);
    for (const auto &prm : pd_.params)
      sourceNames_.insert(prm->name);
    if (pd_.result)
      sourceNames_.insert(pd_.result->name);
    auto visit = [&](const Stmt &s) {
      for (const auto &d : s.decls)
        sourceNames_.insert(d->name);
    };
    if (pd_.body)
      for (const auto &s : pd_.body->stmts)
        walkStmt(*s, visit);
    for (const Contract &c : pd_.contracts)
      if (c.block)
        for (const auto &s : c.block->stmts)
          walkStmt(*s, visit);
  }

  bool taken(const std::string &n) const {
    return used_.count(n) || sourceNames_.count(n) || prog_.globalIndex(n) != ir::kNone;
  }

  uint32_t addVar(std::string name, ir::Type t, ir::VarKind k, SourceLoc loc) {
    used_.insert(name);
    ir::Var v;
    v.name = std::move(name);
    v.type = t;
    v.kind = k;
    v.loc = loc;
    p_.vars.push_back(std::move(v));
    return static_cast<uint32_t>(p_.vars.size() - 1);
  }

  uint32_t declare(const VarDecl &d, ir::VarKind k) {
    std::string name = d.name;
    if (used_.count(name) || prog_.globalIndex(name) != ir::kNone)
      for (unsigned i = 1;; ++i)
        if (name = d.name + "_" + std::to_string(i); !taken(name))
          break;
    uint32_t idx = addVar(name, d.type.resolved, k, u_.declSrc(d.loc, d.tag, pd_.fileAnnot));
    locals_[&d] = idx;
    if (d.isTemp) {
      p_.vars[idx].temp = true;
      temps_.insert(idx);
    }
    return idx;
  }

  VarRef temp(ir::Type t) {
    bool isBool = t.kind == ir::Type::Bool;
    unsigned &n = isBool ? boolTemps_ : otherTemps_;
    std::string name;
    do
      name = (isBool ? "b" : "t") + std::to_string(n++);
    while (taken(name));
    uint32_t idx = addVar(name, t, ir::VarKind::Local, loc_);
    p_.vars[idx].temp = true;
    temps_.insert(idx);
    return {false, idx};
  }

  VarRef ref(const VarDecl *d) const {
    if (auto it = locals_.find(d); it != locals_.end())
      return {false, it->second};
    if (auto it = u_.globalIdx_.find(d); it != u_.globalIdx_.end())
      return {true, it->second};
    return {};
  }

  ir::Type typeOf(VarRef v) const { return prog_.var(p_, v).type; }
  Expr use(VarRef v) const { return Expr::varUse(v, typeOf(v)); }

  // ---- emission ----

  ir::Stmt make(ir::Stmt::Kind k, const Expr &g) {
    ir::Stmt s;
    s.kind = k;
    s.loc = loc_;
    s.guard = g;
    s.construct = construct_;
    s.range = range_;
    return s;
  }
  ir::Stmt assign(const Expr &g, VarRef lhs, Expr v) {
    ir::Stmt s = make(ir::Stmt::Assign, g);
    s.lhs = lhs;
    s.value = std::move(v);
    return s;
  }
  ir::Stmt assertStmt(Expr v, const std::string &msg) {
    ir::Stmt s = make(ir::Stmt::Assert, Expr::boolLit(true));
    s.value = std::move(v);
    s.assertKind = assertKind_;
    s.message = msg;
    return s;
  }
  void emit(ir::Stmt s) { out_->push_back(std::move(s)); }
  /// Emits the statement that stands for the source statement: it takes the source's tag id.
  void emitMain(ir::Stmt s) {
    if (pendingId_) {
      s.id = *pendingId_;
      pendingId_.reset();
    }
    if (pendingRanges_) {
      applyRanges(s, *pendingRanges_);
      pendingRanges_ = nullptr;
    }
    emit(std::move(s));
  }

  /// A range of printed IR: in the procedure's `@"file"` (else in the text being read).
  SourceRange rangeOf(const RangeTag &t) const {
    if (!t.present())
      return {};
    uint32_t file = annotFile_ ? *annotFile_ : u_.src(pd_.loc).file;
    return {{file, t.line, t.col}, {file, t.endLine, t.endCol}};
  }

  /// The expression ranges written after a statement of printed IR, given to its nodes in pre-order.
  void applyRanges(ir::Stmt &s, const SrcInfoTag &info) {
    std::vector<Expr *> nodes;
    ir::forEachExprOf(s, [&](Expr &e) { ir::forEachNode(e, [&](Expr &x) { nodes.push_back(&x); }); });
    if (info.exprs.size() > nodes.size()) {
      u_.problem(info.loc, std::to_string(info.exprs.size()) + " expression ranges for a statement with " +
                               std::to_string(nodes.size()) + " expression nodes");
      return;
    }
    for (size_t i = 0; i < info.exprs.size(); ++i)
      nodes[i]->range = rangeOf(info.exprs[i]);
  }

  /// Starts the construct of source statement `s`: printed IR gives its id and range (none when a tagged
  /// statement has no source information); otherwise a fresh id and the statement's text.
  void beginConstruct(const Stmt &s) {
    if (s.srcInfo) {
      construct_ = s.srcInfo->construct;
      range_ = rangeOf(s.srcInfo->range);
      exprRanges_ = false;
      if (!s.srcInfo->exprs.empty())
        pendingRanges_ = &*s.srcInfo;
    } else if (s.tagId || s.tagLoc) {
      construct_ = 0;
      range_ = {};
      exprRanges_ = false;
    } else {
      construct_ = u_.freshConstruct();
      range_ = u_.src(s.range);
      exprRanges_ = true;
    }
  }

  // ---- expressions ----

  /// Lowers a path's variable and all its selectors but the last (reads under guard g); returns the base of
  /// the last one.
  VarRef pathPrefix(const gcl::Expr &e, const Expr &g) {
    VarRef base = ref(e.decl);
    for (size_t i = 0; i + 1 < e.selectors.size(); ++i)
      base = read(base, e.selectors[i], g, std::nullopt);
    return base;
  }

  /// `[g] target := base.f` (GetField), `base[i]` (the index's reads first; GetElem) or `base.length`
  /// (Length); a fresh temporary of the selector's type when there is no target. Returns the target.
  VarRef read(VarRef base, const Selector &sel, const Expr &g, std::optional<VarRef> target,
              bool main = false) {
    ir::Stmt s;
    switch (sel.kind) {
    case Selector::Field:
      s = make(ir::Stmt::GetField, g);
      s.field = sel.fieldIdx;
      break;
    case Selector::Index: {
      Expr i = expr(*sel.index, g);
      s = make(ir::Stmt::GetElem, g);
      s.args.push_back(std::move(i));
      break;
    }
    case Selector::Length: s = make(ir::Stmt::Length, g); break;
    }
    VarRef lhs = target ? *target : temp(sel.type);
    s.lhs = lhs;
    s.base = base;
    main ? emitMain(std::move(s)) : emit(std::move(s));
    return lhs;
  }

  /// The place a path assigns: the base of its last selector and, for an element, the index (lowered: the
  /// target's reads come before the value's).
  struct Place {
    VarRef base;
    const Selector *sel = nullptr;
    Expr index;
  };
  Place place(const gcl::Expr &lhs, const Expr &g) {
    Place pl{pathPrefix(lhs, g), &lhs.selectors.back(), {}};
    if (pl.sel->kind == Selector::Index)
      pl.index = expr(*pl.sel->index, g);
    return pl;
  }

  /// `[g] base.f := v` (PutField) or `[g] base[i] := v` (PutElem), the main statement.
  void store(Place pl, Expr v, const Expr &g) {
    ir::Stmt st = make(pl.sel->kind == Selector::Index ? ir::Stmt::PutElem : ir::Stmt::PutField, g);
    st.base = pl.base;
    if (pl.sel->kind == Selector::Index)
      st.args.push_back(std::move(pl.index));
    else
      st.field = pl.sel->fieldIdx;
    st.value = std::move(v);
    emitMain(std::move(st));
  }

  /// A pure IR expression for `e`; heap reads become GetField statements (guard g) into temporaries. Its
  /// nodes have the source ranges of `e`'s (a temporary's use: the text it stands for), except in printed IR.
  Expr expr(const gcl::Expr &e, const Expr &g) {
    Expr r = exprNode(e, g);
    if (exprRanges_)
      r.range = u_.src(e.range);
    return r;
  }

  Expr exprNode(const gcl::Expr &e, const Expr &g) {
    switch (e.kind) {
    case gcl::Expr::IntLit: return Expr::intLit(e.value, e.type);
    case gcl::Expr::FloatLit: return Expr::floatLit(ir::floatBits(e.value, e.type), e.type);
    case gcl::Expr::BoolLit: return Expr::boolLit(!e.value.isZero());
    case gcl::Expr::NullLit: return Expr::nullLit();
    case gcl::Expr::Path: {
      if (!e.isAccess())
        return use(ref(e.decl));
      VarRef base = pathPrefix(e, g);
      return use(read(base, e.selectors.back(), g, std::nullopt));
    }
    case gcl::Expr::Unary:
      if (e.op == ir::Op::Cast)
        return Expr::cast(e.castType, expr(*e.args.at(0), g));
      return Expr::unary(e.op, expr(*e.args.at(0), g));
    case gcl::Expr::Binary: {
      const gcl::Expr &l = *e.args.at(0), &r = *e.args.at(1);
      if (ir::isBoolConnective(e.op) && hasReads(r)) {
        // Short circuit: the right operand's reads run only where the left operand does not decide.
        Expr a = expr(l, g);
        SourceRange lr = a.range;
        a = atomize(std::move(a), g);
        a.range = lr; // a temporary stands for the left operand's text
        Expr g2 = conj(g, a, e.op == ir::Op::Or);
        Expr b = expr(r, g2);
        return Expr::binary(e.op, std::move(a), std::move(b));
      }
      Expr a = expr(l, g);
      return Expr::binary(e.op, std::move(a), expr(r, g));
    }
    }
    return Expr::boolLit(false);
  }

  /// `[g] target := e` as one main statement (a GetField, GetElem or Length when e is a path with selectors).
  void lowerInto(VarRef target, const gcl::Expr &e, const Expr &g) {
    if (e.isAccess()) {
      VarRef base = pathPrefix(e, g);
      read(base, e.selectors.back(), g, target, true);
      return;
    }
    emitMain(assign(g, target, expr(e, g)));
  }

  /// A bool atom equal to `e` where g holds (a temporary assigned under g unless e is already one).
  Expr atomize(Expr e, const Expr &g) {
    if (isAtom(e))
      return e;
    VarRef t = temp(ir::Type::boolType());
    emit(assign(g, t, std::move(e)));
    return use(t);
  }

  /// An atom for `g and c` (`g and not c` when negate), c an atom; a temporary assigned unguarded, so it
  /// never holds a stale value.
  Expr conj(const Expr &g, const Expr &c, bool negate) {
    if (g.isFalse())
      return Expr::boolLit(false);
    if (c.kind == Expr::BoolLit)
      return (c.value != 0) != negate ? g : Expr::boolLit(false);
    Expr cc = negate ? Expr::unary(ir::Op::Not, c) : c;
    if (g.isTrue() && !negate)
      return c;
    VarRef t = temp(ir::Type::boolType());
    emit(assign(Expr::boolLit(true), t,
                g.isTrue() ? std::move(cc) : Expr::binary(ir::Op::And, bare(g), std::move(cc))));
    return use(t);
  }

  /// An atom for `g and e` (e pure, its reads already emitted under g).
  Expr guardAnd(const Expr &g, Expr e) {
    if (isAtom(e))
      return conj(g, e, false);
    VarRef t = temp(ir::Type::boolType());
    emit(assign(Expr::boolLit(true), t,
                g.isTrue() ? std::move(e) : Expr::binary(ir::Op::And, bare(g), std::move(e))));
    return use(t);
  }

  /// Does running `s` possibly change variable v (an assignment to it, or for a global, any call)?
  bool mayAssign(const Stmt &s, VarRef v) const {
    bool hit = false;
    walkStmt(s, [&](const Stmt &x) {
      if (x.kind == Stmt::Call && v.global)
        hit = true;
      if ((x.kind == Stmt::Assign || x.kind == Stmt::New || x.kind == Stmt::Nondet || x.kind == Stmt::Call) &&
          x.lhs && !x.lhs->isAccess() && ref(x.lhs->decl) == v)
        hit = true;
      if (x.kind == Stmt::Return && x.value && p_.result != ir::kNone && v == VarRef{false, p_.result})
        hit = true;
    });
    return hit;
  }
  bool mayAssign(const Block &b, VarRef v) const {
    return std::any_of(b.stmts.begin(), b.stmts.end(), [&](const auto &s) { return mayAssign(*s, v); });
  }

  /// A guard used over several statements must not change in between: copy a user variable that the
  /// region may assign into a temporary.
  template <typename R> Expr stable(Expr g, const R &region) {
    if (g.kind == Expr::VarUse && !temps_.count(g.var.global ? ir::kNone : g.var.index) &&
        mayAssign(region, g.var)) {
      VarRef t = temp(ir::Type::boolType());
      emit(assign(Expr::boolLit(true), t, std::move(g)));
      return use(t);
    }
    return g;
  }

  // ---- statements ----

  SourceLoc locOf(const Stmt &s, const Tag &tag) {
    if (!tag.loc)
      return u_.src(s.loc);
    SourceLoc l = *tag.loc;
    if (annotFile_)
      l.file = *annotFile_;
    else
      l = u_.src(l);
    return l;
  }

  void block(const Block &b, const Expr &g) {
    for (const auto &s : b.stmts)
      stmt(*s, g, {});
  }

  /// Recomputes the innermost loop's condition variable (before `continue` and at the end of the body).
  void recompute(const Loop &loop, const Expr &g) {
    if (!loop.temp)
      return;
    SourceLoc saved = loc_;
    loc_ = loop.loc;
    auto savedId = pendingId_;
    const SrcInfoTag *savedRanges = pendingRanges_;
    uint32_t savedConstruct = construct_;
    SourceRange savedRange = range_;
    bool savedExprRanges = exprRanges_;
    pendingId_.reset();
    pendingRanges_ = nullptr;
    construct_ = loop.construct;
    range_ = loop.range;
    exprRanges_ = loop.exprRanges;
    lowerInto(*loop.temp, *loop.cond, g);
    pendingId_ = savedId;
    pendingRanges_ = savedRanges;
    construct_ = savedConstruct;
    range_ = savedRange;
    exprRanges_ = savedExprRanges;
    loc_ = saved;
  }

  /// Lowers source statement `s` under guard g; `inherit`: `s` is the statement of a guarded statement, and
  /// belongs to its construct.
  void stmt(const Stmt &s, const Expr &g, Tag tag, bool inherit = false) {
    if (s.tagId || s.tagLoc)
      tag = {s.tagId, s.tagLoc};
    loc_ = locOf(s, tag);
    pendingId_ = tag.id;
    uint32_t savedConstruct = construct_;
    SourceRange savedRange = range_;
    bool savedExprRanges = exprRanges_;
    const SrcInfoTag *outerRanges = pendingRanges_;
    if (!inherit) {
      pendingRanges_ = nullptr;
      if (s.kind != Stmt::BlockStmt)
        beginConstruct(s);
    }
    switch (s.kind) {
    case Stmt::Guarded: {
      Expr c = expr(*s.guard, g);
      Expr g2 = guardAnd(g, std::move(c));
      // Several statements under the guard (`return e` is `res := e; return`): it must not change.
      if (s.inner->kind == Stmt::BlockStmt || s.inner->kind == Stmt::If ||
          (s.inner->kind == Stmt::Return && s.inner->value))
        g2 = stable(std::move(g2), *s.inner);
      stmt(*s.inner, g2, tag, true);
      break;
    }
    case Stmt::LocalDecl:
      for (const auto &d : s.decls) {
        VarRef v{false, declare(*d, ir::VarKind::Local)};
        if (d->init) {
          lowerInto(v, *d->init, g);
        } else if (d->alloc) {
          ir::Stmt st = allocation(*d->alloc, g);
          st.lhs = v;
          emitMain(std::move(st));
        } else if (loopDepth_ > 0)
          emitMain(assign(g, v, ir::defaultValue(typeOf(v))));
      }
      break;
    case Stmt::Assign:
      if (!s.lhs->isAccess()) {
        lowerInto(ref(s.lhs->decl), *s.value, g);
      } else {
        Place pl = place(*s.lhs, g);
        Expr v = expr(*s.value, g);
        store(std::move(pl), std::move(v), g);
      }
      break;
    case Stmt::New:
    case Stmt::Nondet:
    case Stmt::Call: {
      std::optional<Place> target;
      if (s.lhs && s.lhs->isAccess())
        target = place(*s.lhs, g);
      ir::Stmt st;
      if (s.kind == Stmt::New)
        st = allocation(*s.alloc, g);
      else
        st = make(s.kind == Stmt::Nondet ? ir::Stmt::Nondet : ir::Stmt::Call, g);
      if (s.kind == Stmt::Nondet && s.srcInfo && !target)
        st.message = s.srcInfo->object;
      if (s.kind == Stmt::Call) {
        st.callee = u_.procIdx_.at(s.calleeDecl);
        for (const auto &a : s.args)
          st.args.push_back(expr(*a, g));
      }
      if (!s.lhs) {
        emitMain(std::move(st));
      } else if (!target) {
        st.lhs = ref(s.lhs->decl);
        emitMain(std::move(st));
      } else {
        // `x.f := new T`, `a[i] := f(x)` and the like: into a temporary, then a putfield or putelem.
        VarRef t = temp(s.lhs->type);
        st.lhs = t;
        emit(std::move(st));
        store(std::move(*target), use(t), g);
      }
      break;
    }
    case Stmt::Assume: {
      ir::Stmt st = make(ir::Stmt::Assume, g);
      st.value = expr(*s.value, g);
      emitMain(std::move(st));
      break;
    }
    case Stmt::Assert: {
      Expr v = expr(*s.value, g);
      ir::Stmt st = assertStmt(std::move(v), s.message);
      st.guard = g;
      emitMain(std::move(st));
      break;
    }
    case Stmt::Return:
      if (s.value && p_.result != ir::kNone)
        lowerInto({false, p_.result}, *s.value, g);
      emitMain(make(ir::Stmt::Return, g));
      break;
    case Stmt::Halt: {
      ir::Stmt st = make(ir::Stmt::Halt, g);
      if (s.value)
        st.value = expr(*s.value, g);
      emitMain(std::move(st));
      break;
    }
    case Stmt::Print: {
      ir::Stmt st = make(ir::Stmt::Print, g);
      st.message = s.message;
      for (const auto &a : s.args)
        st.args.push_back(expr(*a, g));
      emitMain(std::move(st));
      break;
    }
    case Stmt::Scan: {
      std::optional<Place> target;
      if (s.lhs && s.lhs->isAccess())
        target = place(*s.lhs, g);
      ir::Stmt st = make(ir::Stmt::Scan, g);
      st.message = s.message;
      for (const auto &a : s.args)
        st.args.push_back(use(ref(a->decl)));
      if (!s.lhs) {
        emitMain(std::move(st));
      } else if (!target) {
        st.lhs = ref(s.lhs->decl);
        emitMain(std::move(st));
      } else { // `x.f := scan …`: the count into a temporary, then a putfield (putelem)
        VarRef t = temp(s.lhs->type);
        st.lhs = t;
        emitMain(std::move(st));
        store(std::move(*target), use(t), g);
      }
      break;
    }
    case Stmt::Skip: emitMain(make(ir::Stmt::Skip, g)); break;
    case Stmt::Break: emitMain(make(ir::Stmt::Break, g)); break;
    case Stmt::Continue:
      if (!loops_.empty())
        recompute(loops_.back(), g);
      emitMain(make(ir::Stmt::Continue, g));
      break;
    case Stmt::If: {
      size_t first = out_->size();
      auto id = pendingId_;
      pendingId_.reset();
      Expr c = expr(*s.value, g);
      Expr tg = guardAnd(g, std::move(c));
      if (s.then)
        tg = stable(std::move(tg), *s.then);
      if (id && out_->size() > first)
        (*out_)[first].id = *id;
      if (s.then)
        block(*s.then, tg);
      if (s.elseBlock) {
        loc_ = locOf(s, tag);
        Expr eg = conj(g, tg, true);
        block(*s.elseBlock, eg);
      }
      break;
    }
    case Stmt::While: {
      Loop loop{s.value.get(), std::nullopt, loc_, construct_, range_, exprRanges_};
      const gcl::Expr &c = *s.value;
      Expr cv;
      if (c.kind == gcl::Expr::BoolLit || (c.kind == gcl::Expr::Path && !c.isAccess())) {
        cv = expr(c, g); // read directly at every iteration
      } else {
        auto id = pendingId_;
        const SrcInfoTag *ranges = pendingRanges_;
        pendingId_.reset();
        pendingRanges_ = nullptr;
        loop.temp = temp(ir::Type::boolType());
        lowerInto(*loop.temp, c, g);
        pendingId_ = id;
        pendingRanges_ = ranges;
        cv = use(*loop.temp);
      }
      ir::Stmt w = make(ir::Stmt::While, g);
      w.value = std::move(cv);
      w.unwind = s.unwind;
      for (const auto &inv : s.invariants) { // pure (the checker rejects heap reads): no statements
        Expr e = expr(*inv, Expr::boolLit(true));
        ir::clearRanges(e);
        w.invariant = w.invariant == Expr{} ? std::move(e)
                                            : Expr::binary(ir::Op::And, std::move(w.invariant), std::move(e));
      }
      auto id = pendingId_;
      pendingId_.reset();
      std::vector<ir::Stmt> *saved = out_;
      out_ = &w.body;
      loops_.push_back(loop);
      ++loopDepth_;
      if (s.then)
        block(*s.then, Expr::boolLit(true));
      recompute(loop, Expr::boolLit(true));
      --loopDepth_;
      loops_.pop_back();
      out_ = saved;
      pendingId_ = id;
      loc_ = loop.loc;
      emitMain(std::move(w));
      break;
    }
    case Stmt::Concrete: {
      ir::Stmt k = make(ir::Stmt::Concrete, g);
      auto id = pendingId_;
      pendingId_.reset();
      std::vector<ir::Stmt> *saved = out_;
      out_ = &k.body;
      if (s.then)
        block(*s.then, Expr::boolLit(true));
      out_ = saved;
      pendingId_ = id;
      emitMain(std::move(k));
      break;
    }
    case Stmt::BlockStmt:
      pendingId_.reset();
      if (s.then)
        block(*s.then, g);
      break;
    }
    pendingId_.reset();
    if (!inherit) {
      if (pendingRanges_)
        u_.problem(pendingRanges_->loc, "expression ranges on a statement that is not one IR statement");
      pendingRanges_ = outerRanges;
    }
    construct_ = savedConstruct;
    range_ = savedRange;
    exprRanges_ = savedExprRanges;
  }

  /// `[g] new T` (New) or `[g] new T[n]…` (NewArray, the length's reads first), without its lhs.
  ir::Stmt allocation(const Allocation &a, const Expr &g) {
    if (!a.length) {
      ir::Stmt st = make(ir::Stmt::New, g);
      st.record = a.resolved.record;
      return st;
    }
    Expr n = expr(*a.length, g);
    ir::Stmt st = make(ir::Stmt::NewArray, g);
    st.value = std::move(n);
    st.fill = a.fill;
    return st;
  }

  UnitLowering &u_;
  ir::Program &prog_;
  const ProcDecl &pd_;
  ir::Procedure &p_;
  std::optional<uint32_t> annotFile_;
  std::set<std::string> sourceNames_, used_;
  std::unordered_map<const VarDecl *, uint32_t> locals_;
  std::unordered_set<uint32_t> temps_;
  unsigned boolTemps_ = 0, otherTemps_ = 0;
  std::vector<ir::Stmt> *out_ = nullptr;
  ir::AssertKind assertKind_ = ir::AssertKind::User;
  SourceLoc loc_;
  std::optional<ir::StmtId> pendingId_;
  std::vector<Loop> loops_;
  int loopDepth_ = 0;
  uint32_t construct_ = 0;  ///< of the statements being made
  SourceRange range_;       ///< the construct's source range
  bool exprRanges_ = false; ///< expressions take their ranges from the text (not printed IR)
  /// Printed IR's expression ranges, for the next main statement.
  const SrcInfoTag *pendingRanges_ = nullptr;
};

ir::Program UnitLowering::run() {
  for (const auto &m : unit_.modules)
    for (const auto &t : m->types) {
      ir::Record r{t->name, {}, declSrc(t->loc, t->tag, std::nullopt)};
      for (const auto &f : t->fields)
        r.fields.push_back({f.name, f.type.resolved, declSrc(f.loc, f.tag, t->tag.file)});
      prog_.records.push_back(std::move(r));
    }
  for (const auto &m : unit_.modules)
    for (const auto &g : m->globals) {
      globalIdx_[g.get()] = static_cast<uint32_t>(prog_.globals.size());
      ir::Var v;
      v.name = g->name;
      v.type = g->type.resolved;
      v.kind = ir::VarKind::Global;
      v.loc = declSrc(g->loc, g->tag, std::nullopt);
      if (g->alloc) // checked: an int literal in range
        v.alloc = g->alloc->length->value.toInt64();
      prog_.globals.push_back(std::move(v));
    }
  for (const auto &m : unit_.modules)
    for (const auto &pd : m->procs) {
      procIdx_[pd.get()] = static_cast<uint32_t>(prog_.procs.size());
      ir::Procedure p;
      p.name = pd->name;
      p.isTest = pd->isTest;
      p.unwind = pd->unwind;
      p.loc = declSrc(pd->loc, pd->tag, pd->fileAnnot);
      prog_.procs.push_back(std::move(p));
    }
  ir::StmtId maxId = 0; // the largest explicit tag id
  auto visit = [&](const Stmt &s) {
    if (s.tagId)
      maxId = std::max(maxId, *s.tagId);
    if (s.srcInfo)
      lastConstruct_ = std::max(lastConstruct_, s.srcInfo->construct);
  };
  for (const auto &m : unit_.modules)
    for (const auto &pd : m->procs) {
      if (pd->body)
        for (const auto &s : pd->body->stmts)
          walkStmt(*s, visit);
      for (const Contract &c : pd->contracts)
        if (c.block)
          for (const auto &s : c.block->stmts)
            walkStmt(*s, visit);
    }
  const uint32_t maxConstruct = lastConstruct_; // the largest construct id of printed IR
  for (const auto &m : unit_.modules)
    for (const auto &pd : m->procs)
      ProcLowering(*this, *pd, prog_.procs[procIdx_[pd.get()]]).run();
  // Fresh ids after the largest explicit one, in program order; fresh construct ids likewise.
  ir::StmtId next = maxId;
  std::unordered_map<uint32_t, uint32_t> constructs;
  uint32_t nextConstruct = maxConstruct;
  ir::forEachStmt(prog_, [&](ir::Procedure &, ir::Stmt &s) {
    if (s.id == 0)
      s.id = ++next;
    if (s.construct > maxConstruct) {
      auto [it, fresh] = constructs.emplace(s.construct, nextConstruct + 1);
      nextConstruct += fresh;
      s.construct = it->second;
    }
  });
  ir::assignFiles(prog_, paths_);
  return std::move(prog_);
}

} // namespace

ir::Program lowerUnit(const Unit &unit, const SourceManager &sm, Diagnostics *diags) {
  UnitLowering u(unit, sm);
  ir::Program prog = u.run();
  if (diags)
    for (auto &[at, msg] : u.problems_)
      diags->error(at, msg);
  return prog;
}

} // namespace locus::gcl

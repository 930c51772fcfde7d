// Whether an indeterminate value can be observed: a conservative scan of the C code that follows the creation
// of a local without initializer or of a malloc'd node, for a read of the part before a write to it.
#include "frontend/c/goto.h"
#include "frontend/c/internal.h"

#include <clang/AST/Expr.h>
#include <clang/AST/Stmt.h>

#include <set>

namespace locus::c {
namespace {

namespace cl = clang;

/// The deepest AST nesting the scan follows; deeper code is assumed to read (the lowering rejects it anyway).
constexpr int kMaxScanDepth = 2000;

const cl::VarDecl *varOf(const cl::Expr *e) {
  if (const auto *dr = llvm::dyn_cast<cl::DeclRefExpr>(e->IgnoreParenImpCasts()))
    return llvm::dyn_cast<cl::VarDecl>(dr->getDecl());
  return nullptr;
}

/// The array variable an element access `a[i][j]…` starts from (null when it is not a variable).
const cl::VarDecl *arrayVarOf(const cl::ArraySubscriptExpr *as) {
  const cl::Expr *b = as->getBase()->IgnoreParenImpCasts();
  while (const auto *inner = llvm::dyn_cast<cl::ArraySubscriptExpr>(b))
    b = inner->getBase()->IgnoreParenImpCasts();
  return varOf(b);
}

/// The indices of an element access, outermost first.
std::vector<const cl::Expr *> indicesOf(const cl::ArraySubscriptExpr *as) {
  std::vector<const cl::Expr *> out;
  const cl::Expr *b = as;
  while (const auto *x = llvm::dyn_cast<cl::ArraySubscriptExpr>(b)) {
    out.insert(out.begin(), x->getIdx());
    b = x->getBase()->IgnoreParenImpCasts();
  }
  return out;
}

class Scan {
public:
  Scan(const Tracked &t, cl::ASTContext &ctx, const GotoPlan *plan) : t_(t), ctx_(ctx), plan_(plan) {}

  /// The outcome of executing some code: the part was read (stop), definitely written (stop: nothing after
  /// can observe the indeterminate value), or neither yet.
  enum class R { Open, Written, Read };

  R stmts(llvm::ArrayRef<const cl::Stmt *> ss) {
    for (const cl::Stmt *s : ss)
      if (R r = stmt(s); r != R::Open)
        return r;
    return R::Open;
  }

  R stmt(const cl::Stmt *s) {
    if (!s)
      return R::Open;
    Depth d(*this);
    if (depth_ > kMaxScanDepth)
      return R::Read;
    if (const auto *e = llvm::dyn_cast<cl::Expr>(s))
      return expr(e);
    switch (s->getStmtClass()) {
    case cl::Stmt::CompoundStmtClass: {
      std::vector<const cl::Stmt *> body(llvm::cast<cl::CompoundStmt>(s)->body_begin(),
                                         llvm::cast<cl::CompoundStmt>(s)->body_end());
      return stmts(body);
    }
    case cl::Stmt::DeclStmtClass:
      for (const cl::Decl *dcl : llvm::cast<cl::DeclStmt>(s)->decls())
        if (const auto *vd = llvm::dyn_cast<cl::VarDecl>(dcl); vd && vd->getInit())
          if (R r = expr(vd->getInit()); r != R::Open)
            return r;
      return R::Open;
    case cl::Stmt::IfStmtClass: {
      const auto *is = llvm::cast<cl::IfStmt>(s);
      if (R r = stmt(is->getInit()); r != R::Open)
        return r;
      if (R r = expr(is->getCond()); r != R::Open)
        return r;
      R a = stmt(is->getThen());
      if (a == R::Read)
        return R::Read;
      R b = stmt(is->getElse());
      if (b == R::Read)
        return R::Read;
      return a == R::Written && b == R::Written ? R::Written : R::Open;
    }
    case cl::Stmt::WhileStmtClass: {
      const auto *w = llvm::cast<cl::WhileStmt>(s);
      if (R r = expr(w->getCond()); r != R::Open)
        return r;
      return reads(w->getBody());
    }
    case cl::Stmt::DoStmtClass: {
      const auto *w = llvm::cast<cl::DoStmt>(s);
      if (reads(w->getBody()) == R::Read || reads(w->getCond()) == R::Read)
        return R::Read;
      return R::Open;
    }
    case cl::Stmt::ForStmtClass: {
      const auto *f = llvm::cast<cl::ForStmt>(s);
      R init = stmt(f->getInit()); // runs once, first
      if (init == R::Read)
        return R::Read;
      if (init == R::Written)
        return R::Written;
      if (f->getCond())
        if (R r = expr(f->getCond()); r != R::Open)
          return r;
      if (reads(f->getBody()) == R::Read || reads(f->getInc()) == R::Read)
        return R::Read;
      return R::Open;
    }
    case cl::Stmt::SwitchStmtClass: {
      // A jump to a case label may skip any write in the body: only reads count there.
      const auto *sw = llvm::cast<cl::SwitchStmt>(s);
      if (R r = expr(sw->getCond()); r != R::Open)
        return r;
      return readsAnywhere(sw->getBody()) ? R::Read : R::Open;
    }
    case cl::Stmt::ReturnStmtClass: {
      const cl::Expr *v = llvm::cast<cl::ReturnStmt>(s)->getRetValue();
      return v ? expr(v) : R::Open;
    }
    case cl::Stmt::GotoStmtClass: return jump(llvm::cast<cl::GotoStmt>(s));
    case cl::Stmt::NullStmtClass:
    case cl::Stmt::BreakStmtClass:
    case cl::Stmt::ContinueStmtClass: return R::Open;
    case cl::Stmt::LabelStmtClass:
      // Reached by jumps too: those from inside the scanned code are followed at their goto; a jump from
      // outside that skips the declaration gives the part its own nondet value at the label
      // (GotoPlan::Label::bypass).
      if (plan_)
        return stmt(llvm::cast<cl::LabelStmt>(s)->getSubStmt());
      return readsAnywhere(s) ? R::Read : R::Open;
    case cl::Stmt::CaseStmtClass:
    case cl::Stmt::DefaultStmtClass:
    default: return readsAnywhere(s) ? R::Read : R::Open; // labels: reached by jumps; others: unknown
    }
  }

  /// A goto: the code after its label runs next (each label once: a jump back to code already scanned adds
  /// nothing).
  R jump(const cl::GotoStmt *g) {
    if (!plan_)
      return R::Read;
    if (plan_->selfLoops.count(g))
      return R::Written; // never ends: nothing after it runs
    const cl::LabelStmt *l = g->getLabel() ? g->getLabel()->getStmt() : nullptr;
    auto it = l ? plan_->labels.find(l) : plan_->labels.end();
    if (it == plan_->labels.end())
      return R::Read;
    if (!visited_.insert(l).second)
      return R::Open;
    return follow(it->second.after);
  }

  /// The code after a label (GotoPlan::Label::after).
  R follow(const std::vector<GotoPlan::Label::After> &list) {
    using A = GotoPlan::Label::After;
    for (const A &a : list) {
      R r = a.mode == A::Runs ? stmt(a.stmt) : a.mode == A::MayRun ? reads(a.stmt) : again(a.stmt);
      if (r != R::Open)
        return r;
    }
    return R::Open;
  }

  /// A loop entered again at the end of its body: its increment, condition and body may run.
  R again(const cl::Stmt *loop) {
    std::vector<const cl::Stmt *> parts;
    if (const auto *w = llvm::dyn_cast<cl::WhileStmt>(loop))
      parts = {w->getCond(), w->getBody()};
    else if (const auto *d = llvm::dyn_cast<cl::DoStmt>(loop))
      parts = {d->getCond(), d->getBody()};
    else if (const auto *f = llvm::dyn_cast<cl::ForStmt>(loop))
      parts = {f->getInc(), f->getCond(), f->getBody()};
    for (const cl::Stmt *x : parts)
      if (reads(x) == R::Read)
        return R::Read;
    return R::Open;
  }

  /// Code that may run zero or more times (a loop body): its writes do not count after it.
  R reads(const cl::Stmt *s) { return stmt(s) == R::Read ? R::Read : R::Open; }

  R expr(const cl::Expr *e) {
    if (!e)
      return R::Open;
    Depth d(*this);
    if (depth_ > kMaxScanDepth)
      return R::Read;
    e = e->IgnoreParens();
    if (llvm::isa<cl::UnaryExprOrTypeTraitExpr>(e)) // sizeof, alignof: not evaluated
      return R::Open;
    if (const auto *bo = llvm::dyn_cast<cl::BinaryOperator>(e)) {
      if (bo->getOpcode() == cl::BO_Assign) {
        if (isWrite(bo->getLHS())) {
          R r = lvalueParts(bo->getLHS());
          if (r == R::Read)
            return r;
          // A copy of the node's pointer made here (`p->next = p`) cannot read this field before the
          // write: only a read of the field itself counts.
          bool saved = writingPart_;
          writingPart_ = true;
          r = expr(bo->getRHS());
          writingPart_ = saved;
          return r == R::Read ? R::Read : R::Written;
        }
        if (t_.kind == Tracked::NodeField && varOf(bo->getLHS()) == t_.var) {
          // The node's only handle is overwritten (it has not escaped: that would have been a read):
          // nothing can read the node afterwards.
          return expr(bo->getRHS()) == R::Read ? R::Read : R::Written;
        }
        if (R r = lvalueParts(bo->getLHS()); r != R::Open)
          return r;
        return expr(bo->getRHS());
      }
      if (bo->getOpcode() == cl::BO_LAnd || bo->getOpcode() == cl::BO_LOr) {
        R l = expr(bo->getLHS());
        if (l != R::Open)
          return l;
        return reads(bo->getRHS()); // runs only sometimes
      }
    }
    if (const auto *co = llvm::dyn_cast<cl::ConditionalOperator>(e)) {
      if (R c = expr(co->getCond()); c != R::Open)
        return c;
      if (reads(co->getTrueExpr()) == R::Read || reads(co->getFalseExpr()) == R::Read)
        return R::Read;
      return R::Open;
    }
    if (mentionsPart(e))
      return R::Read;
    if (const auto *me = llvm::dyn_cast<cl::MemberExpr>(e); me && isOtherFieldOfTracked(me))
      return R::Open; // another field of the tracked struct or node
    if (const auto *as = llvm::dyn_cast<cl::ArraySubscriptExpr>(e); as && isOtherElemOfTracked(as))
      return expr(as->getIdx());
    if (const auto *dr = llvm::dyn_cast<cl::DeclRefExpr>(e)) // the whole variable used: a read of every
      return dr->getDecl() == t_.var && !(writingPart_ && t_.kind == Tracked::NodeField) ? R::Read : R::Open;
    for (const cl::Stmt *c : e->children())
      if (R r = stmt(c); r != R::Open)
        return r;
    return R::Open;
  }

  /// Any read of the part anywhere in s (writes ignored).
  bool readsAnywhere(const cl::Stmt *s) {
    if (!s)
      return false;
    Depth d(*this);
    if (depth_ > kMaxScanDepth)
      return true;
    if (const auto *e = llvm::dyn_cast<cl::Expr>(s)) {
      if (llvm::isa<cl::UnaryExprOrTypeTraitExpr>(e))
        return false;
      if (const auto *bo = llvm::dyn_cast<cl::BinaryOperator>(e->IgnoreParens());
          bo && bo->getOpcode() == cl::BO_Assign && isWrite(bo->getLHS()))
        return readsAnywhere(bo->getRHS());
      if (mentionsPart(e))
        return true;
      if (const auto *dr = llvm::dyn_cast<cl::DeclRefExpr>(e))
        return dr->getDecl() == t_.var;
      if (const auto *me = llvm::dyn_cast<cl::MemberExpr>(e); me && isOtherFieldOfTracked(me))
        return false;
    }
    for (const cl::Stmt *c : s->children())
      if (readsAnywhere(c))
        return true;
    return false;
  }

private:
  struct Depth {
    Scan &s;
    explicit Depth(Scan &sc) : s(sc) { ++s.depth_; }
    ~Depth() { --s.depth_; }
  };

  /// The tracked struct variable's, or the tracked node's, MemberExpr (null when e is neither).
  const cl::FieldDecl *trackedMember(const cl::MemberExpr *me) const {
    const cl::Expr *base = me->getBase()->IgnoreParenImpCasts();
    if (t_.kind == Tracked::Field && !me->isArrow() && varOf(base) == t_.var)
      return llvm::dyn_cast<cl::FieldDecl>(me->getMemberDecl());
    if (t_.kind == Tracked::NodeField) {
      if (me->isArrow() && varOf(base) == t_.var)
        return llvm::dyn_cast<cl::FieldDecl>(me->getMemberDecl());
      if (const auto *uo = llvm::dyn_cast<cl::UnaryOperator>(base);
          !me->isArrow() && uo && uo->getOpcode() == cl::UO_Deref && varOf(uo->getSubExpr()) == t_.var)
        return llvm::dyn_cast<cl::FieldDecl>(me->getMemberDecl());
    }
    return nullptr;
  }
  bool isOtherFieldOfTracked(const cl::MemberExpr *me) const {
    const cl::FieldDecl *f = trackedMember(me);
    return f && f != t_.field;
  }

  std::optional<uint64_t> constIndex(const cl::ArraySubscriptExpr *as) const {
    cl::Expr::EvalResult r;
    if (!as->getIdx()->HasSideEffects(ctx_) && as->getIdx()->EvaluateAsInt(r, ctx_) &&
        !r.Val.getInt().isNegative())
      return r.Val.getInt().getZExtValue();
    return std::nullopt;
  }
  /// An element of the tracked one-dimensional array at another constant index.
  bool isOtherElemOfTracked(const cl::ArraySubscriptExpr *as) const {
    if (t_.kind != Tracked::Elem || varOf(as->getBase()) != t_.var)
      return false;
    std::optional<uint64_t> k = constIndex(as);
    return k && *k != t_.index;
  }

  /// e denotes the tracked part itself (a read unless it is the target of a plain assignment).
  bool mentionsPart(const cl::Expr *e) const {
    e = e->IgnoreParens();
    switch (t_.kind) {
    case Tracked::Var: return varOf(e) == t_.var && llvm::isa<cl::DeclRefExpr>(e);
    case Tracked::Field:
    case Tracked::NodeField:
      if (const auto *me = llvm::dyn_cast<cl::MemberExpr>(e))
        return trackedMember(me) == t_.field;
      return false;
    case Tracked::Array:
      if (const auto *as = llvm::dyn_cast<cl::ArraySubscriptExpr>(e))
        return arrayVarOf(as) == t_.var;
      return false;
    case Tracked::Elem:
      if (const auto *as = llvm::dyn_cast<cl::ArraySubscriptExpr>(e))
        return arrayVarOf(as) == t_.var && !isOtherElemOfTracked(as);
      return false;
    }
    return false;
  }

  /// `lhs = …` writes the whole part (a non-constant array index might miss it: not a write).
  bool isWrite(const cl::Expr *lhs) const {
    lhs = lhs->IgnoreParens();
    if (t_.kind == Tracked::Field && varOf(lhs) == t_.var && llvm::isa<cl::DeclRefExpr>(lhs))
      return true;                     // a copy of a whole struct
    if (t_.kind == Tracked::NodeField) // `*p = …` copies a whole struct into the node
      if (const auto *uo = llvm::dyn_cast<cl::UnaryOperator>(lhs);
          uo && uo->getOpcode() == cl::UO_Deref && varOf(uo->getSubExpr()) == t_.var)
        return true;
    if (t_.kind == Tracked::Array)
      return false; // an element written: the others may still be read first
    if (t_.kind == Tracked::Elem) {
      const auto *as = llvm::dyn_cast<cl::ArraySubscriptExpr>(lhs);
      return as && varOf(as->getBase()) == t_.var && constIndex(as) == t_.index;
    }
    return mentionsPart(lhs);
  }

  /// The subexpressions an assignment target evaluates (an index, a pointer), not the target itself.
  R lvalueParts(const cl::Expr *lhs) {
    lhs = lhs->IgnoreParens();
    if (const auto *as = llvm::dyn_cast<cl::ArraySubscriptExpr>(lhs)) {
      if (arrayVarOf(as) == t_.var) {
        for (const cl::Expr *i : indicesOf(as))
          if (R r = expr(i); r != R::Open)
            return r;
        return R::Open;
      }
      return expr(lhs); // another array
    }
    if (const auto *me = llvm::dyn_cast<cl::MemberExpr>(lhs)) {
      if (trackedMember(me))
        return R::Open; // the pointer or struct variable itself is only used to reach the part
      return expr(me->getBase());
    }
    if (llvm::isa<cl::DeclRefExpr>(lhs))
      return R::Open;
    if (const auto *uo = llvm::dyn_cast<cl::UnaryOperator>(lhs);
        uo && uo->getOpcode() == cl::UO_Deref && varOf(uo->getSubExpr()) == t_.var)
      return R::Open;
    return expr(lhs);
  }

  const Tracked &t_;
  cl::ASTContext &ctx_;
  const GotoPlan *plan_;
  std::set<const cl::LabelStmt *> visited_;
  int depth_ = 0;
  bool writingPart_ = false; ///< scanning the value assigned to the part
};

} // namespace

bool mayReadFirst(const Tracked &t, llvm::ArrayRef<const clang::Stmt *> stmts, clang::ASTContext &ctx,
                  const GotoPlan *plan) {
  Scan scan(t, ctx, plan);
  return scan.stmts(stmts) == Scan::R::Read;
}

bool mayReadFirstAfter(const Tracked &t, const clang::LabelStmt *label, clang::ASTContext &ctx,
                       const GotoPlan &plan) {
  Scan scan(t, ctx, &plan);
  auto it = plan.labels.find(label);
  return it == plan.labels.end() || scan.follow(it->second.after) == Scan::R::Read;
}

} // namespace locus::c

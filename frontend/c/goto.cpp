// The goto plan of a function (goto.h): which statements jumps enter and leave, the codes of the jumps, and
// the loops of backward jumps.
#include "frontend/c/goto.h"

#include <clang/AST/Decl.h>
#include <clang/AST/Expr.h>
#include <clang/AST/Stmt.h>

#include <algorithm>
#include <unordered_map>
#include <utility>

namespace locus::c {
namespace {

namespace cl = clang;

bool isLoop(const cl::Stmt *s) {
  return llvm::isa<cl::WhileStmt>(s) || llvm::isa<cl::DoStmt>(s) || llvm::isa<cl::ForStmt>(s);
}

class Planner {
public:
  explicit Planner(const cl::Stmt *body) : body_(body) {}

  GotoPlan run() {
    walk();
    for (const cl::GotoStmt *g : gotos_) {
      const cl::LabelStmt *l = g->getLabel() ? g->getLabel()->getStmt() : nullptr;
      if (!l || !order_.count(l)) {
        fail(g, "goto to a label outside the function body");
        continue;
      }
      if (l->getSubStmt() == g) {
        plan_.selfLoops.insert(g);
        continue;
      }
      jump(g, l);
    }
    if (plan_.error)
      return std::move(plan_);
    assignCodes();
    mergeRegions();
    return std::move(plan_);
  }

private:
  struct Jump {
    const cl::GotoStmt *g;
    const cl::LabelStmt *l;
    std::vector<const cl::Stmt *> pathL, pathG; ///< from the label / goto up to (excluding) the LCA
    const cl::Stmt *lca = nullptr;
    bool backward = false;
    std::vector<const cl::VarDecl *> bypass;
  };
  /// A region before merging: in the list of compound `seq` (or the single statement `single`).
  struct Interval {
    const cl::CompoundStmt *seq = nullptr;
    const cl::Stmt *single = nullptr;
    size_t first = 0, last = 0;
    const cl::LabelStmt *label = nullptr;
  };

  /// Pre-order over every node of the body (iterative: expressions can be deep).
  void walk() {
    std::vector<const cl::Stmt *> stack{body_};
    while (!stack.empty()) {
      const cl::Stmt *s = stack.back();
      stack.pop_back();
      order_[s] = order_.size();
      if (const auto *ds = llvm::dyn_cast<cl::DeclStmt>(s)) {
        size_t k = 0;
        for (const cl::Decl *d : ds->decls())
          if (const auto *vd = llvm::dyn_cast<cl::VarDecl>(d))
            declOrder_[vd] = {order_.at(s), k++};
      }
      if (const auto *g = llvm::dyn_cast<cl::GotoStmt>(s))
        gotos_.push_back(g);
      else if (const auto *l = llvm::dyn_cast<cl::LabelStmt>(s))
        labelOrder_.push_back(l);
      std::vector<const cl::Stmt *> kids;
      for (const cl::Stmt *c : s->children())
        if (c)
          kids.push_back(c);
      size_t k = 0;
      for (const cl::Stmt *c : kids) {
        parent_[c] = s;
        index_[c] = k++;
      }
      for (auto it = kids.rbegin(); it != kids.rend(); ++it)
        stack.push_back(*it);
    }
  }

  void fail(const cl::Stmt *at, std::string what) {
    if (!plan_.error)
      plan_.error = GotoPlan::Error{at, std::move(what)};
  }

  const cl::Stmt *parent(const cl::Stmt *s) const {
    auto it = parent_.find(s);
    return it == parent_.end() ? nullptr : it->second;
  }
  /// s and its ancestors up to the body.
  std::vector<const cl::Stmt *> ancestors(const cl::Stmt *s) const {
    std::vector<const cl::Stmt *> path;
    for (; s; s = parent(s))
      path.push_back(s);
    return path;
  }
  bool isSwitchBody(const cl::Stmt *s) const {
    const cl::Stmt *p = parent(s);
    return p && llvm::isa<cl::SwitchStmt>(p) && llvm::cast<cl::SwitchStmt>(p)->getBody() == s;
  }

  void jump(const cl::GotoStmt *g, const cl::LabelStmt *l) {
    Jump j{g, l, {}, {}, nullptr, order_.at(l) < order_.at(g), {}};
    std::vector<const cl::Stmt *> up = ancestors(g);
    std::set<const cl::Stmt *> ofG(up.begin(), up.end());
    for (const cl::Stmt *s = l; s; s = parent(s)) {
      if (ofG.count(s)) {
        j.lca = s;
        break;
      }
      j.pathL.push_back(s);
    }
    for (const cl::Stmt *s : up) {
      if (s == j.lca)
        break;
      j.pathG.push_back(s);
    }
    for (const cl::Stmt *s : j.pathL)
      if (llvm::isa<cl::StmtExpr>(s))
        return fail(g, "goto to a label inside a statement expression");
    for (const cl::Stmt *s : j.pathG)
      if (llvm::isa<cl::StmtExpr>(s))
        return fail(g, "goto out of a statement expression");
    for (const cl::Stmt *s : j.pathL) {
      if (isLoop(s))
        return fail(g, "goto into a loop body from outside the loop");
      if (llvm::isa<cl::SwitchStmt>(s))
        return fail(g, "goto into a switch body from outside the switch");
    }
    if (llvm::isa<cl::SwitchStmt>(j.lca) || isSwitchBody(j.lca))
      return fail(g, "goto between the statements of a switch body (only jumps within one statement of it, "
                     "or out of the switch)");
    // Statements the jump enters and leaves. A backward jump restarts the region around a non-compound LCA
    // (e.g. an `if` with the label in one branch and the goto in the other): it leaves and enters it too.
    bool lcaList = llvm::isa<cl::CompoundStmt>(j.lca);
    for (const cl::Stmt *s : j.pathL)
      plan_.entered.insert(s);
    for (const cl::Stmt *s : j.pathG)
      plan_.escapes.insert(s);
    if (j.backward && !lcaList) {
      plan_.entered.insert(j.lca);
      plan_.escapes.insert(j.lca);
    }
    j.bypass = bypassed(j);
    if (j.backward)
      intervals_.push_back(interval(j));
    jumps_.push_back(std::move(j));
  }

  /// The locals whose declarations the jump skips on its way into their scope: in each compound on the
  /// label's side below the LCA, those declared before the label's statement; in the LCA (when it is a
  /// compound and the jump is forward), those declared between the goto's statement and the label's.
  std::vector<const cl::VarDecl *> bypassed(const Jump &j) const {
    std::vector<const cl::VarDecl *> out;
    auto declsIn = [&](const cl::CompoundStmt *c, size_t from, size_t to) { // children [from, to)
      for (size_t k = from; k < to && k < c->size(); ++k)
        if (const auto *ds = llvm::dyn_cast<cl::DeclStmt>(c->body_begin()[k]))
          for (const cl::Decl *d : ds->decls())
            if (const auto *vd = llvm::dyn_cast<cl::VarDecl>(d); vd && vd->hasLocalStorage())
              out.push_back(vd);
    };
    for (const cl::Stmt *s : j.pathL) {
      const cl::Stmt *p = parent(s);
      if (p == j.lca)
        break;
      if (const auto *c = llvm::dyn_cast_or_null<cl::CompoundStmt>(p))
        declsIn(c, 0, index_.at(s));
    }
    if (const auto *c = llvm::dyn_cast<cl::CompoundStmt>(j.lca);
        c && !j.backward && !j.pathL.empty() && !j.pathG.empty())
      declsIn(c, index_.at(j.pathG.back()) + 1, index_.at(j.pathL.back()));
    // Declarations of the compounds below the LCA were collected innermost first; order them as declared.
    std::sort(out.begin(), out.end(),
              [&](const cl::VarDecl *a, const cl::VarDecl *b) { return declOrder(a) < declOrder(b); });
    return out;
  }
  std::pair<size_t, size_t> declOrder(const cl::VarDecl *vd) const {
    auto it = declOrder_.find(vd);
    return it == declOrder_.end() ? std::pair<size_t, size_t>{0, 0} : it->second;
  }

  /// The region of a backward jump: children of the LCA from the label's to the goto's when the LCA is a
  /// compound, else the LCA itself in the list that holds it.
  Interval interval(const Jump &j) const {
    Interval iv;
    iv.label = j.l;
    if (const auto *c = llvm::dyn_cast<cl::CompoundStmt>(j.lca)) {
      iv.seq = c;
      iv.first = index_.at(j.pathL.back());
      iv.last = index_.at(j.pathG.back());
      return iv;
    }
    if (const auto *c = llvm::dyn_cast_or_null<cl::CompoundStmt>(parent(j.lca))) {
      iv.seq = c;
      iv.first = iv.last = index_.at(j.lca);
      return iv;
    }
    iv.single = j.lca;
    return iv;
  }

  void assignCodes() {
    // Labels in source order; per label one code per distinct set of bypassed declarations.
    std::map<const cl::LabelStmt *, std::vector<Jump *>> byLabel;
    for (Jump &j : jumps_)
      byLabel[j.l].push_back(&j);
    int64_t next = 1;
    for (const cl::LabelStmt *l : labelOrder_) {
      auto it = byLabel.find(l);
      if (it == byLabel.end())
        continue;
      GotoPlan::Label &info = plan_.labels[l];
      info.first = next;
      for (Jump *j : it->second) {
        auto same = std::find(info.bypass.begin(), info.bypass.end(), j->bypass);
        size_t k = static_cast<size_t>(same - info.bypass.begin());
        if (same == info.bypass.end())
          info.bypass.push_back(j->bypass);
        plan_.codes[j->g] = info.first + static_cast<int64_t>(k);
      }
      next = info.last() + 1;
      // Inside a loop or switch (up to the outermost one) later statements may be skipped by a break.
      const cl::Stmt *outer = nullptr;
      for (const cl::Stmt *s = parent(l); s; s = parent(s))
        if (isLoop(s) || llvm::isa<cl::SwitchStmt>(s))
          outer = s;
      using A = GotoPlan::Label::After;
      bool inside = outer != nullptr;
      info.after.push_back({inside ? A::MayRun : A::Runs, l->getSubStmt()});
      for (const cl::Stmt *s = l; parent(s); s = parent(s)) {
        const cl::Stmt *p = parent(s);
        if (const auto *c = llvm::dyn_cast<cl::CompoundStmt>(p))
          for (size_t k = index_.at(s) + 1; k < c->size(); ++k)
            info.after.push_back({inside ? A::MayRun : A::Runs, c->body_begin()[k]});
        if (isLoop(p))
          info.after.push_back({A::Again, p});
        if (p == outer)
          inside = false;
      }
      for (const cl::Stmt *s = l; s; s = parent(s)) {
        auto [r, fresh] = plan_.inside.emplace(s, GotoPlan::Range{info.first, info.last()});
        if (!fresh) {
          r->second.lo = std::min(r->second.lo, info.first);
          r->second.hi = std::max(r->second.hi, info.last());
        }
      }
    }
  }

  /// Whether `s` lies in positions first..last of the list of `iv`.
  bool within(const cl::Stmt *s, const Interval &iv) const {
    for (; s; s = parent(s)) {
      if (iv.single)
        if (s == iv.single)
          return true;
      if (iv.seq && parent(s) == iv.seq) {
        size_t k = index_.at(s);
        return k >= iv.first && k <= iv.last;
      }
    }
    return false;
  }

  void mergeRegions() {
    // Overlapping regions of one list become one loop (restarted by the codes of all their labels).
    std::sort(intervals_.begin(), intervals_.end(), [](const Interval &a, const Interval &b) {
      return std::tie(a.seq, a.single, a.first, a.last) < std::tie(b.seq, b.single, b.first, b.last);
    });
    std::vector<std::pair<Interval, std::set<const cl::LabelStmt *>>> merged;
    for (const Interval &iv : intervals_) {
      if (!merged.empty() && merged.back().first.seq == iv.seq && merged.back().first.single == iv.single &&
          iv.first <= merged.back().first.last) {
        merged.back().first.last = std::max(merged.back().first.last, iv.last);
        merged.back().second.insert(iv.label);
        continue;
      }
      merged.push_back({iv, {iv.label}});
    }
    for (auto &[iv, ls] : merged) {
      GotoPlan::Region r;
      r.first = iv.first;
      r.last = iv.last;
      for (const cl::LabelStmt *l : ls) {
        const GotoPlan::Label &info = plan_.labels.at(l);
        for (int64_t c = info.first; c <= info.last(); ++c)
          r.codes.push_back(c);
      }
      std::sort(r.codes.begin(), r.codes.end());
      for (const Jump &j : jumps_) {
        bool g = within(j.g, iv), l = within(j.l, iv);
        r.entered |= l && !g;
        r.escapes |= g && !l;
      }
      if (iv.single)
        plan_.singleRegions[iv.single] = std::move(r);
      else
        plan_.regions[iv.seq].push_back(std::move(r));
    }
  }

  const cl::Stmt *body_;
  GotoPlan plan_;
  std::unordered_map<const cl::Stmt *, size_t> order_;
  std::unordered_map<const cl::Stmt *, const cl::Stmt *> parent_;
  std::unordered_map<const cl::Stmt *, size_t> index_; ///< position among the parent's children
  std::unordered_map<const cl::VarDecl *, std::pair<size_t, size_t>> declOrder_; ///< DeclStmt, position
  std::vector<const cl::GotoStmt *> gotos_;
  std::vector<const cl::LabelStmt *> labelOrder_;
  std::vector<Jump> jumps_;
  std::vector<Interval> intervals_;
};

} // namespace

GotoPlan planGotos(const clang::Stmt *body) {
  // Most functions have no goto: a cheap scan first.
  std::vector<const clang::Stmt *> stack;
  if (body)
    stack.push_back(body);
  bool any = false;
  while (!stack.empty() && !any) {
    const clang::Stmt *s = stack.back();
    stack.pop_back();
    any = llvm::isa<clang::GotoStmt>(s);
    for (const clang::Stmt *c : s->children())
      if (c)
        stack.push_back(c);
  }
  return any ? Planner(body).run() : GotoPlan{};
}

} // namespace locus::c

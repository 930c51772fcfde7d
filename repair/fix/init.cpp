// `locus repair --method init`: an initializer for a local declared without one. A C local without
// initializer starts with an indeterminate value (the IR draws it: a Nondet with its declaration's source
// object); a program that reads it before writing it (an accumulator `int sum;`, a power `int p;`) fails on
// some value. Each candidate gives one such declaration that the failing run executed an initializer —
// 0, 1 or a constant the reference initializes a variable of the same type with — is run on the failing
// input in the interpreter, and when it passes validated and re-verified from its patched source
// (finishRepair: `int sum;` → `int sum = 0;`). See docs/repair.md ("init").
#include "repair/fix/fix.h"
#include "repair/fix/methods.h"

#include "ir/analysis.h"
#include "ir/floats.h"
#include "ir/printer.h"

#include <algorithm>
#include <set>

namespace locus::fix {

namespace {

/// The values a declaration of type `t` may start with: 0 and 1, then the reference's literal initial
/// values of its variables of type `t` (an Assign of a literal that is the first write of a non-temporary
/// in its entry's body), in order, each once.
std::vector<ir::Expr> initialValues(const ir::Type &t, const Spec &spec) {
  std::vector<ir::Expr> out;
  auto add = [&](const ir::Expr &e) {
    if (std::find(out.begin(), out.end(), e) == out.end())
      out.push_back(e);
  };
  if (t.isInt()) {
    add(ir::Expr::intLit(0, t));
    add(ir::Expr::intLit(1, t));
  } else if (t.isFloat()) {
    add(ir::Expr::floatLit(ir::bitsOf(0.0, t), t));
    add(ir::Expr::floatLit(ir::bitsOf(1.0, t), t));
  } else {
    return out;
  }
  if (!spec.reference)
    return out;
  uint32_t e = spec.reference->procIndex(spec.referenceEntry);
  if (e == ir::kNone)
    return out;
  const ir::Procedure &proc = spec.reference->procs[e];
  std::set<uint32_t> written;
  ir::forEachStmt(proc.body, [&](const ir::Stmt &s) {
    if (!ir::writesLhs(s) || !s.lhs.valid() || s.lhs.global || proc.vars.at(s.lhs.index).temp)
      return;
    bool first = written.insert(s.lhs.index).second;
    if (first && s.kind == ir::Stmt::Assign && proc.vars.at(s.lhs.index).type == t &&
        (s.value.kind == ir::Expr::IntLit || s.value.kind == ir::Expr::FloatLit)) {
      ir::Expr v = s.value;
      ir::clearRanges(v);
      add(v);
    }
  });
  return out;
}

class Init final : public Method {
public:
  const char *name() const override { return "init"; }
  Portfolio portfolio() const override { return Portfolio::Derived; }
  const char *summary() const override {
    return "an initializer for a local declared without one that the failing run reads: 0, 1 or a "
           "reference's initial value";
  }
  bool insertsStatements() const override { return true; }
  Result run(const Problem &p) const override {
    return runMethod(*this, p, [&](Result &r, const Finish &finish) { return search(p, r, finish); });
  }

private:
  Result search(const Problem &p, Result &r, const Finish &finish) const {
    auto deadline = deadlineOf(p.opts.timeoutMs);
    Checked base = checkedProgram(p.prog, p.spec);
    if (!startSearch(p, base, deadline, r))
      return finish(r.status);
    const repair::Failure &f = *r.failure;
    std::set<ir::StmtId> ran;
    for (const ir::TraceStep &t : f.run.trace)
      ran.insert(t.stmt);
    std::unordered_set<ir::StmtId> spec = ir::specificationStatements(p.prog, &p.opts.named);
    // The declarations without initializer the failing run executed, in program order.
    std::vector<std::pair<uint32_t, const ir::Stmt *>> decls;
    for (uint32_t k : changeableProcs(p)) {
      const ir::Procedure &proc = p.prog.procs.at(k);
      ir::forEachStmt(proc.body, [&](const ir::Stmt &s) {
        if (s.kind == ir::Stmt::Nondet && !s.message.empty() && s.lhs.valid() && !s.lhs.global &&
            !proc.vars.at(s.lhs.index).temp && ran.count(s.id) && !spec.count(s.id))
          decls.push_back({k, &s});
      });
    }
    std::sort(decls.begin(), decls.end(),
              [](const auto &a, const auto &b) { return a.second->id < b.second->id; });
    CandidateTally tally;
    size_t passed = 0;
    bool stopped = false;
    for (const auto &[k, d] : decls) {
      const ir::Var &v = p.prog.procs.at(k).vars.at(d->lhs.index);
      for (const ir::Expr &value : initialValues(v.type, p.spec)) {
        if ((stopped = stopNow(p, deadline)))
          break;
        ir::Stmt assign = *d;
        assign.kind = ir::Stmt::Assign;
        assign.value = value;
        assign.message.clear();
        Checked cand = base;
        ir::forEachStmt(cand.prog, [&](ir::Procedure &, ir::Stmt &x) {
          if (x.id == d->id)
            x = assign;
        });
        if (runOnFailure(cand.prog, f).kind != ir::OutcomeKind::Ok)
          continue;
        ++passed;
        std::string change =
            ir::formatLoc(p.prog, d->loc) + ": '" + v.name + "' initialized to " +
            patch::exprText(p.prog, k, value, patch::languageOf(p.prog.files.at(d->loc.file)));
        if ((stopped = tally.finish(p, r, {patch::Edit::replaceStmt(d->id, assign)}, {change}, 1, finish.t0)))
          break;
      }
      if (stopped)
        break;
    }
    r.stats["declarations"] = static_cast<double>(decls.size());
    r.stats["passed_failing_run"] = static_cast<double>(passed);
    if (std::optional<Result> done = tally.end(p, r, finish, stopped))
      return *done;
    if (decls.empty())
      return finish(Status::NotRepaired, "the failing run executes no declaration without initializer");
    return finish(Status::NotRepaired,
                  "no initializer of the " + std::to_string(decls.size()) +
                      " declarations without one that the failing run executes makes the program pass (" +
                      std::to_string(passed) + " pass the failing input" + tally.unrenderableNote() + ")");
  }
};

} // namespace

std::unique_ptr<Method> makeInit() {
  return std::make_unique<Init>();
}

} // namespace locus::fix

// `locus repair --method guard`: a check the reference makes and the program lacks. The reference checks the
// result of an input call and ends the run with a message when the input is not what it expects
// (`if (scanf("%d %d", &a, &b) != 2) { printf("invalid input\n"); return 1; }`); the program calls the same
// kind of input function and ignores its result. Each candidate wraps the program's unchecked input calls of
// its entry into the reference's check — the comparison with the number of values the program's own call
// assigns, the reference's handler text — and is validated from its patched source like every repair
// (finishRepair). See docs/repair.md ("guard").
#include "repair/fix/fix.h"
#include "repair/fix/methods.h"

#include <algorithm>
#include <fstream>
#include <map>
#include <sstream>

namespace locus::fix {

namespace {

/// A check of an input call's result in the reference: the run ends with `handler` (source statements, one a
/// string) when the call assigned fewer values than its format asks for (`n != K` or `n < K`, K its values).
struct InputCheck {
  ir::Op op = ir::Op::Ne;           ///< how the result is compared with the number of values (Ne or Lt)
  std::vector<std::string> handler; ///< the statements run when it fails, as the reference writes them
  std::string where;                ///< the reference's check, file:line
};

const ir::Expr &stripCasts(const ir::Expr &e) {
  const ir::Expr *x = &e;
  while (x->kind == ir::Expr::Unary && x->op == ir::Op::Cast && !x->args.empty())
    x = &x->args[0];
  return *x;
}

/// Whether `e` (a condition) holds when the variable `n` is not `k`: `n != k`, `n < k`, `k != n`, `k > n`,
/// `!(n == k)`; the operator as `n OP k`, or nullopt.
std::optional<ir::Op> notAllRead(const ir::Expr &e, ir::VarRef n, const ir::BigInt &k) {
  const ir::Expr &x = stripCasts(e);
  auto isN = [&](const ir::Expr &a) {
    const ir::Expr &y = stripCasts(a);
    return y.kind == ir::Expr::VarUse && y.var == n;
  };
  auto isK = [&](const ir::Expr &a) {
    const ir::Expr &y = stripCasts(a);
    return y.kind == ir::Expr::IntLit && y.value == k;
  };
  if (x.kind == ir::Expr::Unary && x.op == ir::Op::Not && x.args.size() == 1) {
    const ir::Expr &y = stripCasts(x.args[0]);
    if (y.kind == ir::Expr::Binary && y.op == ir::Op::Eq &&
        ((isN(y.args[0]) && isK(y.args[1])) || (isK(y.args[0]) && isN(y.args[1]))))
      return ir::Op::Ne;
    return std::nullopt;
  }
  if (x.kind != ir::Expr::Binary || x.args.size() != 2)
    return std::nullopt;
  bool nk = isN(x.args[0]) && isK(x.args[1]), kn = isK(x.args[0]) && isN(x.args[1]);
  if (x.op == ir::Op::Ne && (nk || kn))
    return ir::Op::Ne;
  if ((x.op == ir::Op::Lt && nk) || (x.op == ir::Op::Gt && kn))
    return ir::Op::Lt;
  return std::nullopt;
}

/// The text of `r` in `text` (empty when the range does not lie in it).
std::string rangeText(const std::string &text, const SourceRange &r) {
  std::optional<size_t> a = SourceManager::offsetOf(text, r.begin.line, r.begin.col);
  std::optional<size_t> b = SourceManager::offsetOf(text, r.end.line, r.end.col);
  if (!a || !b || *b < *a)
    return {};
  return text.substr(*a, *b - *a);
}

/// The statements of procedure `proc`'s body in order, nested ones after their loop.
std::vector<const ir::Stmt *> statementsOf(const ir::Procedure &proc) {
  std::vector<const ir::Stmt *> out;
  ir::forEachStmt(proc.body, [&](const ir::Stmt &s) { out.push_back(&s); });
  return out;
}

/// The values the input statements of construct `c` assign (the args of its Scans).
size_t valuesRead(const std::vector<const ir::Stmt *> &stmts, uint32_t c) {
  size_t n = 0;
  for (const ir::Stmt *s : stmts)
    if (s->kind == ir::Stmt::Scan && s->construct == c)
      n += s->args.size();
  return n;
}

/// The input checks of the reference's entry (`why`: why there is none, when the list is empty).
std::vector<InputCheck> inputChecks(const ir::Program &ref, const std::string &entry, std::string &why) {
  std::vector<InputCheck> out;
  uint32_t e = ref.procIndex(entry);
  if (e == ir::kNone) {
    why = "the reference has no procedure '" + entry + "'";
    return out;
  }
  const ir::Procedure &proc = ref.procs[e];
  std::vector<const ir::Stmt *> stmts = statementsOf(proc);
  std::map<uint32_t, std::string> texts; // file → its text
  auto fileText = [&](uint32_t file) -> const std::string & {
    auto it = texts.find(file);
    if (it != texts.end())
      return it->second;
    std::ifstream in(file < ref.files.size() ? ref.files[file] : std::string());
    std::stringstream ss;
    ss << in.rdbuf();
    return texts[file] = ss.str();
  };
  auto isTemp = [&](ir::VarRef v) { return !v.global && v.valid() && proc.vars.at(v.index).temp; };
  for (const ir::Stmt *scan : stmts) {
    if (scan->kind != ir::Stmt::Scan || !scan->lhs.valid())
      continue;
    ir::BigInt k(static_cast<int64_t>(valuesRead(stmts, scan->construct)));
    for (const ir::Stmt *def : stmts) {
      if (def->kind != ir::Stmt::Assign || !isTemp(def->lhs))
        continue;
      std::optional<ir::Op> op = notAllRead(def->value, scan->lhs, k);
      if (!op)
        continue;
      // The handler: the statements guarded by this condition, which read only temporaries (no value of the
      // reference's own) and end the run.
      InputCheck check;
      check.op = *op;
      check.where = ir::formatLoc(ref, scan->loc);
      bool ends = false, own = true;
      std::vector<uint32_t> constructs;
      for (const ir::Stmt *s : stmts) {
        if (!(s->guard.kind == ir::Expr::VarUse && s->guard.var == def->lhs))
          continue;
        ends = ends || s->kind == ir::Stmt::Return || s->kind == ir::Stmt::Halt;
        ir::forEachExprOf(*s, [&](const ir::Expr &root) {
          if (&root == &s->guard)
            return;
          ir::forEachNode(root, [&](const ir::Expr &x) {
            if (x.kind == ir::Expr::VarUse && !isTemp(x.var))
              own = false;
          });
        });
        if (s->lhs.valid() && !isTemp(s->lhs) && !(!s->lhs.global && s->lhs.index == proc.result))
          own = false;
        if (!s->range.valid() || s->construct == 0)
          own = false;
        else if (std::find(constructs.begin(), constructs.end(), s->construct) == constructs.end()) {
          constructs.push_back(s->construct);
          std::string t = rangeText(fileText(s->range.begin.file), s->range);
          if (t.empty() || t.back() != ';')
            own = false;
          check.handler.push_back(t);
        }
      }
      if (ends && own && !check.handler.empty())
        out.push_back(std::move(check));
    }
  }
  if (out.empty())
    why = "the reference checks no input call's result with a handler that ends the run (`if (scanf(...) != "
          "N) { ...; return 1; }`)";
  return out;
}

/// An unchecked input statement of the program: a source statement whose input calls' results are ignored.
struct Unchecked {
  ir::StmtId stmt = 0; ///< one of its Scans
  size_t values = 0;   ///< the values it assigns
  std::string text;    ///< its source text
  std::string indent;  ///< the leading whitespace of its line
  std::string where;
};

std::vector<Unchecked> uncheckedInputs(const ir::Program &prog, const SourceManager &sm, uint32_t entry) {
  std::vector<Unchecked> out;
  std::vector<const ir::Stmt *> stmts = statementsOf(prog.procs[entry]);
  std::vector<uint32_t> seen;
  for (const ir::Stmt *s : stmts) {
    if (s->kind != ir::Stmt::Scan || s->construct == 0 || !s->range.valid() ||
        std::find(seen.begin(), seen.end(), s->construct) != seen.end())
      continue;
    seen.push_back(s->construct);
    bool used = std::any_of(stmts.begin(), stmts.end(), [&](const ir::Stmt *x) {
      return x->kind == ir::Stmt::Scan && x->construct == s->construct && x->lhs.valid();
    });
    size_t values = valuesRead(stmts, s->construct);
    std::optional<uint32_t> file = sm.find(prog.files.at(s->range.begin.file));
    if (used || values == 0 || !file)
      continue;
    const std::string &text = sm.text(*file);
    std::string t = rangeText(text, s->range);
    if (t.empty() || t.back() != ';')
      continue;
    std::string_view line = sm.lineText(*file, s->range.begin.line);
    std::string indent(line.substr(0, line.find_first_not_of(" \t")));
    out.push_back({s->id, values, t, indent, ir::formatLoc(prog, s->loc)});
  }
  return out;
}

/// `u`'s statement wrapped into `check`: `if (CALL != K) { HANDLER }` with the program's own call and K.
std::string wrapped(const Unchecked &u, const InputCheck &check) {
  std::string call = u.text.substr(0, u.text.size() - 1);
  while (!call.empty() && (call.back() == ' ' || call.back() == '\t'))
    call.pop_back();
  std::string inner = u.indent + (u.indent.find('\t') != std::string::npos ? "\t" : "  ");
  std::string t =
      "if (" + call + (check.op == ir::Op::Lt ? " < " : " != ") + std::to_string(u.values) + ") {\n";
  for (const std::string &h : check.handler)
    t += inner + h + "\n";
  return t + u.indent + "}";
}

class Guard final : public Method {
public:
  const char *name() const override { return "guard"; }
  Portfolio portfolio() const override { return Portfolio::Derived; }
  const char *summary() const override {
    return "a check of an input call's result the reference makes and the program lacks: the program's "
           "unchecked input calls wrapped into the reference's check and its handler (needs --reference)";
  }
  Result run(const Problem &p) const override {
    return runMethod(*this, p, [&](Result &r, const Finish &finish) { return search(p, r, finish); });
  }

private:
  Result search(const Problem &p, Result &r, const Finish &finish) const {
    if (!p.spec.reference)
      return finish(Status::Error,
                    "--method guard takes the checks it inserts from a reference: give --reference");
    auto deadline = deadlineOf(p.opts.timeoutMs);
    Checked base = checkedProgram(p.prog, p.spec);
    if (!startSearch(p, base, deadline, r))
      return finish(r.status);
    std::string why;
    std::vector<InputCheck> checks = inputChecks(*p.spec.reference, p.spec.referenceEntry, why);
    uint32_t entry = p.prog.procIndex(p.spec.entry);
    std::vector<Unchecked> inputs;
    if (entry != ir::kNone && changeableProcs(p).count(entry))
      inputs = uncheckedInputs(p.prog, p.sm, entry);
    if (!checks.empty() && inputs.empty())
      why = "the program's entry ignores the result of no input call";
    // The candidates: every unchecked input call checked, then each one alone; per check of the reference.
    std::vector<std::vector<size_t>> subsets;
    if (!inputs.empty()) {
      std::vector<size_t> all(inputs.size());
      for (size_t i = 0; i < all.size(); ++i)
        all[i] = i;
      subsets.push_back(all);
      if (inputs.size() > 1)
        for (size_t i = 0; i < inputs.size(); ++i)
          subsets.push_back({i});
    }
    CandidateTally tally;
    bool stopped = false;
    for (const InputCheck &check : checks) {
      for (const std::vector<size_t> &subset : subsets) {
        if ((stopped = stopNow(p, deadline)))
          break;
        std::vector<patch::Edit> edits;
        std::vector<std::string> changes;
        for (size_t i : subset) {
          edits.push_back(patch::Edit::rewrite(inputs[i].stmt, wrapped(inputs[i], check)));
          changes.push_back(inputs[i].where + ": the result of '" + inputs[i].text + "' checked as " +
                            check.where + " checks its input");
        }
        size_t n = edits.size();
        if ((stopped = tally.finish(p, r, std::move(edits), std::move(changes), n, finish.t0)))
          break;
      }
      if (stopped)
        break;
    }
    r.stats["reference_checks"] = static_cast<double>(checks.size());
    r.stats["unchecked_inputs"] = static_cast<double>(inputs.size());
    if (std::optional<Result> done = tally.end(p, r, finish, stopped))
      return *done;
    if (tally.candidates == 0)
      return finish(Status::NotRepaired, why);
    return finish(Status::NotRepaired,
                  "no check of the program's input calls as the reference checks them makes it pass (" +
                      std::to_string(tally.candidates) + " candidates" + tally.unrenderableNote() + ")");
  }
};

} // namespace

std::unique_ptr<Method> makeGuard() {
  return std::make_unique<Guard>();
}

} // namespace locus::fix

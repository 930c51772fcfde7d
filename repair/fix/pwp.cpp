// He & Gupta's correction (AutoDebug, "Automated Debugging using Path-Based Weakest Preconditions", Fig. 2,
// steps 2-4): the evidences `localize --method pwp` finds on the failing run (localize/pwp.h), in its order;
// for each statement AutoDebug tries for an evidence, the string difference between the problem predicate e
// and the correcting predicate c (d_e: the tokens of e not in c, d_c: those of c not in e) says what to
// change — a relational operator (a branch predicate only), an arithmetic operator, a constant, a variable on
// the right-hand side, the assigned variable only when d_c is a single variable — and the modifications of
// that kind at that statement are tested as the framework validates every candidate (the suite of --tests,
// the bounded verification, the declared tests, from the patched source). The first that passes is the
// answer. `locus repair --method pwp`; docs/repair.md ("pwp").
#include "repair/fix/methods.h"

#include "repair/common/tests.h"
#include "repair/localize/pwp.h"
#include "repair/mutation/mutation.h"

#include <algorithm>
#include <cctype>
#include <limits>
#include <set>

namespace locus::fix {

namespace {

namespace mutation = repair::mutation;
using localize::PwpEvidence;
using localize::PwpPredicate;
using localize::PwpSite;

repair::OptionDecl maxCandidatesOption() {
  return repair::unsignedOption(kMaxCandidates, "at most this many modifications tested", 500, 1,
                                std::numeric_limits<unsigned>::max(), "at least 1");
}

bool isRelation(const std::string &t) {
  return t == "=" || t == "!=" || t == "<" || t == "<=" || t == ">" || t == ">=";
}
bool isInteger(const std::string &t) {
  return !t.empty() && (std::isdigit(static_cast<unsigned char>(t[0])) ||
                        (t.size() > 1 && t[0] == '-' && std::isdigit(static_cast<unsigned char>(t[1]))));
}
bool isName(const std::string &t) {
  return !t.empty() && (std::isalpha(static_cast<unsigned char>(t[0])) || t[0] == '_');
}

/// The multiset difference a − b of two token strings.
std::vector<std::string> minus(const std::vector<std::string> &a, const std::vector<std::string> &b) {
  std::multiset<std::string> rest(b.begin(), b.end());
  std::vector<std::string> out;
  for (const std::string &t : a) {
    auto it = rest.find(t);
    if (it != rest.end())
      rest.erase(it);
    else
      out.push_back(t);
  }
  return out;
}

/// What a string difference asks to change.
struct Difference {
  std::vector<std::string> de, dc;
  bool known = false; ///< there is a correcting predicate (else every kind is tried)
  bool relation = false, arithmetic = false, constant = false, variable = false;
  std::vector<int64_t>
      constants; ///< the integers of d_c (a constant replacement that writes one is tried first)
  std::vector<std::string> names; ///< the variables of d_c
};

Difference differenceOf(const PwpSite &s) {
  Difference d;
  if (!s.correcting) {
    d.arithmetic = d.constant = d.variable = true;
    return d;
  }
  d.known = true;
  d.de = minus(s.problem.tokens, s.correcting->tokens);
  d.dc = minus(s.correcting->tokens, s.problem.tokens);
  for (const std::vector<std::string> *side : {&d.de, &d.dc})
    for (const std::string &t : *side) {
      if (isRelation(t))
        d.relation = true;
      else if (isInteger(t))
        d.constant = true;
      else if (isName(t))
        d.variable = true;
      else
        d.arithmetic = true;
    }
  for (const std::string &t : d.dc) {
    if (isInteger(t)) {
      try {
        d.constants.push_back(std::stoll(t));
      } catch (const std::exception &) {
      }
    } else if (isName(t)) {
      d.names.push_back(t);
    }
  }
  return d;
}

std::string join(const std::vector<std::string> &v) {
  std::string out;
  for (const std::string &t : v)
    out += (out.empty() ? "" : " ") + t;
  return out.empty() ? "ε" : out;
}

/// The relation a branch's comparison needs so that its predicate on the trace (the condition as it
/// evaluated, normalized) gets the relation of the correcting predicate: the paper's "directly modify the
/// branch predicate" when the relations of q and r differ.
std::optional<ir::Op> branchRelation(const PwpPredicate &e, const PwpPredicate &c) {
  if (!e.outcome || !e.linear || !c.linear)
    return std::nullopt;
  auto flip = [](ir::Op r) {
    switch (r) {
    case ir::Op::Lt: return ir::Op::Gt;
    case ir::Op::Le: return ir::Op::Ge;
    case ir::Op::Gt: return ir::Op::Lt;
    case ir::Op::Ge: return ir::Op::Le;
    default: return r;
    }
  };
  auto negate = [](ir::Op r) {
    switch (r) {
    case ir::Op::Eq: return ir::Op::Ne;
    case ir::Op::Ne: return ir::Op::Eq;
    case ir::Op::Lt: return ir::Op::Ge;
    case ir::Op::Le: return ir::Op::Gt;
    case ir::Op::Gt: return ir::Op::Le;
    default: return ir::Op::Lt;
    }
  };
  ir::Op target = e.flipped ? flip(c.rel) : c.rel;
  return *e.outcome ? target : negate(target);
}

/// A relation that lets a loop run once more: `<` → `<=`, `>` → `>=`.
bool addsIteration(const std::string &from, ir::Op to) {
  return (from == "<" && to == ir::Op::Le) || (from == ">" && to == ir::Op::Ge);
}

std::optional<int64_t> integerOf(const std::string &t) {
  if (!isInteger(t))
    return std::nullopt;
  try {
    return std::stoll(t);
  } catch (const std::exception &) {
    return std::nullopt;
  }
}

/// One modification to test: a mutation-space option at one place.
struct Modification {
  size_t site = 0, option = 0;
  /// 0: the replacement the difference names exactly; 1: another of the kind it names; 2 (loop control): a
  /// constant changed by more than one
  int priority = 0;
};

/// The modifications of the kind `d` names at the places of `sites` that belong to statement `st`, in the
/// order they are tried (the exact replacement first, then program order).
std::vector<Modification> modificationsAt(const std::vector<mutation::Site> &sites, const PwpSite &ps,
                                          const Difference &d) {
  std::vector<Modification> out;
  std::optional<ir::Op> rel;
  if (ps.role == PwpSite::Role::Actual && ps.correcting)
    rel = branchRelation(ps.problem, *ps.correcting);
  bool singleName = d.known && d.dc.size() == 1 && isName(d.dc[0]);
  for (size_t i = 0; i < sites.size(); ++i) {
    const mutation::Site &s = sites[i];
    if (std::find(s.stmts.begin(), s.stmts.end(), ps.stmt) == s.stmts.end())
      continue;
    for (size_t o = 0; o < s.options.size(); ++o) {
      const mutation::Option &opt = s.options[o];
      int priority = -1;
      switch (opt.kind) {
      case mutation::Kind::Operator:
        if (ir::isComparison(opt.op)) {
          if (ps.role == PwpSite::Role::LoopControl)
            priority = addsIteration(s.from, opt.op) ? 0 : -1;
          else if (d.relation && ps.problem.outcome) // an assignment cannot change a relation
            priority = rel ? (opt.op == *rel ? 0 : -1) : 1;
        } else if (d.arithmetic && ps.role != PwpSite::Role::LoopControl) {
          priority = 1;
        }
        break;
      case mutation::Kind::Constant: {
        if (ps.role == PwpSite::Role::LoopControl) { // one iteration more or less first
          std::optional<int64_t> from = integerOf(s.from);
          priority = from && (opt.value == *from + 1 || opt.value == *from - 1) ? 1 : 2;
        } else if (d.constant) {
          bool named = std::find(d.constants.begin(), d.constants.end(), opt.value) != d.constants.end() ||
                       std::find(d.constants.begin(), d.constants.end(), -opt.value) != d.constants.end();
          priority = named ? 0 : 1;
        }
        break;
      }
      case mutation::Kind::Var:
        if (ps.role == PwpSite::Role::LoopControl || !d.variable)
          break;
        if (s.slot == mutation::Slot::Lhs) { // the left-hand side: only when d_c is a single variable
          if (singleName && opt.to == d.dc[0])
            priority = 0;
        } else if (s.slot == mutation::Slot::ExprVar) {
          bool named = std::find(d.names.begin(), d.names.end(), opt.to) != d.names.end();
          priority = named ? 0 : d.known ? -1 : 1;
        }
        break;
      default: break;
      }
      if (priority >= 0)
        out.push_back({i, o, priority});
    }
  }
  std::stable_sort(out.begin(), out.end(),
                   [](const Modification &a, const Modification &b) { return a.priority < b.priority; });
  return out;
}

const char *roleName(PwpSite::Role r) {
  switch (r) {
  case PwpSite::Role::Actual: return "actual";
  case PwpSite::Role::Slice: return "pwp slice";
  case PwpSite::Role::LoopControl: return "missing iterations";
  }
  return "?";
}

class Pwp final : public Method {
public:
  const char *name() const override { return "pwp"; }
  const char *summary() const override {
    return "He & Gupta's correction: the evidences of pwp localization, each turned into modifications by "
           "the "
           "string difference of its problem and correcting predicates, tested in AutoDebug's order";
  }
  std::vector<repair::OptionDecl> options() const override { return {maxCandidatesOption()}; }
  std::string describe(const Problem &p) const override {
    return "at most " + std::to_string(repair::unsignedValue(maxCandidatesOption(), p.opts.given)) +
           " modifications";
  }
  Result run(const Problem &p) const override {
    return runMethod(*this, p, [&](Result &r, const Finish &finish) { return search(p, r, finish); });
  }

private:
  Result search(const Problem &p, Result &r, const Finish &finish) const {
    auto t0 = finish.t0;
    auto deadline = deadlineOf(p.opts.timeoutMs);
    const size_t maxCandidates = repair::unsignedValue(maxCandidatesOption(), p.opts.given);
    Checked base = checkedProgram(p.prog, p.spec);
    if (!startSearch(p, base, deadline, r))
      return finish(r.status);

    // Step 1: the evidences of the failing run (pwp localization's, over the changeable procedures).
    std::unordered_set<uint32_t> procSet = changeableProcs(p);
    localize::Options lo;
    lo.procs = procSet;
    lo.named = p.opts.named;
    std::vector<repair::TestRun> noTests;
    // (base.prog: the program, or its product with the reference, which keeps the program's statement ids)
    localize::Problem lp{base.prog, *r.failure, noTests, lo};
    std::string error;
    std::vector<PwpEvidence> evidences = localize::pwpEvidences(lp, error);
    if (!error.empty())
      return finish(Status::Error, error);
    r.stats["evidences"] = static_cast<double>(evidences.size());

    // The modifications AutoDebug names are replacements of operators, constants and variables at one place:
    // those the mutation space has there with source text of their own.
    std::vector<uint32_t> procs(procSet.begin(), procSet.end());
    std::sort(procs.begin(), procs.end());
    std::vector<mutation::Site> sites;
    for (mutation::Site &s : mutation::space(p.prog, procs, 2, true, &p.opts.named))
      if (s.source)
        sites.push_back(std::move(s));
    ir::StmtIndex index(p.prog);

    // Steps 2-4: each evidence, each statement it names, each modification of the difference, tested.
    std::vector<uint32_t> tests;
    if (p.spec.declaredTests)
      tests = repair::declaredTests(p.prog, p.spec.mainFile);
    ir::InterpOptions io;
    io.ints = p.spec.verify.encode.ints;
    io.seed = 0; // as validate runs them
    size_t failedTests = 0;
    std::set<std::pair<size_t, size_t>> tried;
    size_t candidates = 0, buggy = 0, unknown = 0, unrenderable = 0, reverifyFailed = 0, sitesTried = 0;
    size_t typeI = 0, typeII = 0, implicit = 0;
    std::string internal;
    bool stopped = false, limited = false;
    for (const PwpEvidence &ev : evidences) {
      (ev.kind == PwpEvidence::Kind::TypeI    ? typeI
       : ev.kind == PwpEvidence::Kind::TypeII ? typeII
                                              : implicit)++;
      for (const PwpSite &ps : ev.sites) {
        if (stopped || limited)
          break;
        ++sitesTried;
        Difference d = differenceOf(ps);
        for (const Modification &m : modificationsAt(sites, ps, d)) {
          if (!tried.insert({m.site, m.option}).second)
            continue;
          if (stopNow(p, deadline)) {
            stopped = true;
            break;
          }
          if (candidates >= maxCandidates) {
            limited = true;
            break;
          }
          ++candidates;
          std::vector<std::pair<const mutation::Site *, const mutation::Option *>> picked{
              {&sites[m.site], &sites[m.site].options[m.option]}};
          // The paper's test: the modified program on the test suite — here the declared tests, in the
          // interpreter; one that fails is rejected before the bounded verification.
          if (!tests.empty() && picked[0].second->sourceExact) {
            ir::Program mutant = mutation::applyChoice(p.prog, picked);
            std::vector<repair::TestRun> runs = repair::runTests(mutant, tests, io);
            if (std::any_of(runs.begin(), runs.end(), [](const repair::TestRun &t) { return !t.passed(); })) {
              ++buggy;
              ++failedTests;
              continue;
            }
          }
          std::vector<patch::Edit> edits = mutation::edits(p.prog, picked);
          patch::PatchResult pr = patch::render(p.prog, p.sm, edits);
          if (!pr.patch) {
            ++unrenderable;
            continue;
          }
          Validation v = validatePatched(*pr.patch, p.spec, msLeft(deadline));
          if (v.verdict == Validation::Verdict::Buggy) {
            ++buggy;
            continue;
          }
          if (v.verdict != Validation::Verdict::Correct) {
            ++unknown;
            continue;
          }
          std::string change = placeText(p.prog, index, *picked[0].first, *picked[0].second) + " (" +
                               roleName(ps.role) + "; e: " + ps.problem.text +
                               (ps.correcting ? ", c: " + ps.correcting->text : std::string(", no c")) +
                               (d.known ? "; d_e: " + join(d.de) + ", d_c: " + join(d.dc) : std::string()) +
                               ")";
          Unfinished u;
          std::optional<Repair> rep = finishRepair(p, std::move(edits), {change}, 1, secondsSince(t0), u);
          if (!rep && u.undecided) { // no answer from its source (an interrupt, the time limit): not reported
            ++unknown;
            continue;
          }
          if (!rep) {
            ++reverifyFailed;
            if (internal.empty())
              internal = change + ": " + u.why;
            continue;
          }
          r.repairs.push_back(std::move(*rep));
          if (r.repairs.size() >= p.opts.maxRepairs) {
            stopped = true;
            break;
          }
        }
      }
    }
    r.stats["type_i"] = static_cast<double>(typeI);
    r.stats["type_ii"] = static_cast<double>(typeII);
    r.stats["implicit"] = static_cast<double>(implicit);
    r.stats["statements_tried"] = static_cast<double>(sitesTried);
    r.stats["candidates"] = static_cast<double>(candidates);
    r.stats["buggy"] = static_cast<double>(buggy);
    r.stats["failed_tests"] = static_cast<double>(failedTests);
    r.stats["unknown"] = static_cast<double>(unknown);
    r.stats["unrenderable"] = static_cast<double>(unrenderable);
    r.stats["reverify_failed"] = static_cast<double>(reverifyFailed);
    bool timedOut = stopped && r.repairs.size() < p.opts.maxRepairs;
    r.complete = !timedOut && !limited && r.repairs.size() < p.opts.maxRepairs;
    if (!r.repairs.empty())
      return finish(Status::Repaired);
    if (!internal.empty())
      return finish(Status::Error,
                    "internal error: a modification verified but its patched source did not: " + internal);
    if (timedOut)
      return finish(Status::Unknown, stopReason(p, "time limit reached after " + std::to_string(candidates) +
                                                       " modifications"));
    if (limited)
      return finish(Status::NotRepaired, "no modification of the first " + std::to_string(candidates) +
                                             " passes (--max-candidates)");
    if (evidences.empty())
      return finish(Status::NotRepaired, "pwp finds no evidence on the failing run");
    return finish(Status::NotRepaired,
                  "no modification derived from the " + std::to_string(evidences.size()) + " evidence" +
                      (evidences.size() == 1 ? "" : "s") + " passes (" + std::to_string(candidates) +
                      " tested" + (unknown ? ", " + std::to_string(unknown) + " undecided" : "") + ")");
  }
};

} // namespace

std::unique_ptr<Method> makePwp() {
  return std::make_unique<Pwp>();
}

} // namespace locus::fix

// Weighted partial MaxSAT on any Solver: linear SAT-UNSAT search, core-guided WPM1, or the backend's
// optimizer.
#include "backends/maxsat.h"

#include "backends/cardinality.h"

#include <algorithm>
#include <unordered_map>

namespace locus::backends {

bool parseMaxSatAlgorithm(const std::string &name, MaxSatAlgorithm &out) {
  if (name == "linear")
    out = MaxSatAlgorithm::Linear;
  else if (name == "core" || name == "wpm1")
    out = MaxSatAlgorithm::CoreGuided;
  else if (name == "native" || name == "z3-optimize")
    out = MaxSatAlgorithm::Native;
  else
    return false;
  return true;
}

const char *algorithmName(MaxSatAlgorithm a) {
  switch (a) {
  case MaxSatAlgorithm::Linear: return "linear";
  case MaxSatAlgorithm::CoreGuided: return "core";
  case MaxSatAlgorithm::Native: return "native";
  }
  return "?";
}

namespace {

/// Reads the falsified soft formulas and their cost from the current model.
void readModel(Solver &s, const std::vector<SoftFormula> &softs, MaxSatResult &out) {
  out.hasModel = true;
  out.cost = 0;
  out.falsified.clear();
  for (size_t i = 0; i < softs.size(); ++i) {
    if (softs[i].weight == 0)
      continue;
    if (!s.value(softs[i].formula).boolean) {
      out.falsified.push_back(i);
      out.cost += softs[i].weight;
    }
  }
}

MaxSatResult linear(Solver &s, const std::vector<SoftFormula> &softs) {
  TermManager &tm = s.terms();
  MaxSatResult out;
  std::vector<Term> costs;
  for (const SoftFormula &sf : softs) {
    if (sf.weight == 0)
      continue;
    Term b = tm.mkFreshVar("_maxsat_b", tm.boolSort());
    s.assertFormula(tm.mkOr(sf.formula, b));
    costs.push_back(tm.mkIte(b, tm.mkInt(static_cast<int64_t>(sf.weight)), tm.mkInt(0)));
  }
  Term cost = costs.empty() ? tm.mkInt(0) : tm.mkApp(Op::Add, costs);
  std::vector<Term> bound;
  while (true) {
    ++out.checks;
    Result r = s.check(bound);
    if (r.isSat()) {
      readModel(s, softs, out);
      if (out.cost == 0) {
        out.result = Result::sat();
        return out;
      }
      Term lit = tm.mkFreshVar("_maxsat_bound", tm.boolSort());
      s.assertFormula(tm.mkImplies(lit, tm.mkApp(Op::Lt, cost, tm.mkInt(static_cast<int64_t>(out.cost)))));
      bound = {lit};
      continue;
    }
    if (r.isUnsat())
      out.result = out.hasModel ? Result::sat() : Result::unsat();
    else
      out.result = r;
    return out;
  }
}

MaxSatResult coreGuided(Solver &s, const std::vector<SoftFormula> &softs) {
  TermManager &tm = s.terms();
  MaxSatResult out;
  struct Active {
    Term formula;
    uint64_t weight;
    Term selector;
  };
  std::vector<Active> active;
  std::unordered_map<Term, size_t, TermHash> bySelector;
  auto add = [&](Term f, uint64_t w) {
    Term sel = tm.mkFreshVar("_maxsat_s", tm.boolSort());
    s.assertFormula(tm.mkImplies(sel, f));
    bySelector[sel] = active.size();
    active.push_back({f, w, sel});
  };
  for (const SoftFormula &sf : softs)
    if (sf.weight > 0)
      add(sf.formula, sf.weight);
  uint64_t lowerBound = 0;
  // Stratification (Ansótegui et al.): only the soft formulas of weight >= `level` are assumed; when they
  // hold, the level drops to the next smaller weight. Cores among heavy formulas come first, so a light
  // formula does not split a heavy one again and again (weights 100 and 10^8 in one core). The answer is
  // the same: the search ends only when every soft formula is assumed.
  auto nextLevel = [&](uint64_t below) {
    uint64_t best = 0;
    for (const Active &a : active)
      if (a.weight > 0 && a.weight < below)
        best = std::max(best, a.weight);
    return best;
  };
  uint64_t level = nextLevel(UINT64_MAX);
  while (true) {
    std::vector<Term> assumptions;
    for (const Active &a : active)
      if (a.weight > 0 && a.weight >= level)
        assumptions.push_back(a.selector);
    ++out.checks;
    Result r = s.check(assumptions);
    if (r.isSat()) {
      if (uint64_t lower = nextLevel(level); lower > 0) {
        level = lower;
        continue;
      }
      readModel(s, softs, out);
      out.result = Result::sat();
      return out;
    }
    if (r.isUnknown()) {
      out.result = r;
      return out;
    }
    std::vector<Term> core = s.unsatCore();
    if (core.empty()) {
      out.result = Result::unsat(); // the hard constraints alone
      return out;
    }
    uint64_t wmin = UINT64_MAX;
    for (Term sel : core)
      wmin = std::min(wmin, active[bySelector.at(sel)].weight);
    std::vector<Term> relax;
    for (Term sel : core) {
      size_t i = bySelector.at(sel);
      Term f = active[i].formula;
      uint64_t rest = active[i].weight - wmin;
      active[i].weight = 0; // retired: its selector is no longer assumed
      if (rest > 0)
        add(f, rest);
      Term r = tm.mkFreshVar("_maxsat_r", tm.boolSort());
      relax.push_back(r);
      add(tm.mkOr(f, r), wmin);
    }
    s.assertFormula(exactly(tm, relax, 1));
    lowerBound += wmin;
  }
}

} // namespace

MaxSatResult solveMaxSat(Solver &solver, const std::vector<SoftFormula> &softs, MaxSatAlgorithm algorithm) {
  if (algorithm == MaxSatAlgorithm::Native) {
    std::vector<std::pair<Term, uint64_t>> ws;
    std::vector<size_t> index;
    for (size_t i = 0; i < softs.size(); ++i)
      if (softs[i].weight > 0) {
        ws.push_back({softs[i].formula, softs[i].weight});
        index.push_back(i);
      }
    MaxSatResult out;
    auto native = solver.maxSatNative(ws);
    out.checks = 1;
    if (!native) {
      out.result =
          Result::unknown(UnknownReason::Other, "the " + solver.name() + " backend has no optimizer");
      return out;
    }
    out.result = native->result;
    if (out.result.isSat()) {
      out.hasModel = true;
      for (size_t j : native->falsified) {
        out.falsified.push_back(index[j]);
        out.cost += softs[index[j]].weight;
      }
    }
    return out;
  }
  solver.push();
  MaxSatResult out = algorithm == MaxSatAlgorithm::Linear ? linear(solver, softs) : coreGuided(solver, softs);
  solver.pop();
  return out;
}

} // namespace locus::backends

// Enumeration of minimal correction sets (complements of maximal satisfiable subsets) in order of cost.
#include "backends/mcs.h"

#include "backends/cardinality.h"

namespace locus::backends {

McsResult enumerateMcs(Solver &solver, const std::vector<SoftFormula> &softs, const McsOptions &options) {
  TermManager &tm = solver.terms();
  McsResult out;
  solver.push();
  if (options.maxSize < softs.size()) {
    std::vector<Term> falsified;
    for (const SoftFormula &sf : softs) {
      Term b = tm.mkFreshVar("_mcs_b", tm.boolSort());
      solver.assertFormula(tm.mkOr(sf.formula, b));
      falsified.push_back(b);
    }
    solver.assertFormula(atMost(tm, falsified, static_cast<unsigned>(options.maxSize)));
  }
  std::vector<bool> seen(softs.size(), false); // soft formulas in some set found
  while (true) {
    MaxSatResult m;
    if (out.sets.size() >= options.limit) {
      // Past the limit, only sets of the last one's cost with a soft formula no set found has: then every
      // soft formula of a set of that cost is in a found one (the cost class is complete for a ranking by
      // first set), after at most one more set per soft formula.
      std::vector<Term> fresh;
      for (size_t i = 0; i < softs.size(); ++i)
        if (!seen[i] && softs[i].weight > 0)
          fresh.push_back(tm.mkNot(softs[i].formula));
      if (!out.sets.empty() && !fresh.empty()) {
        solver.push();
        solver.assertFormula(tm.mkOr(fresh));
        m = solveMaxSat(solver, softs, options.algorithm);
        solver.pop();
      }
      if (out.sets.empty() || fresh.empty() || !m.result.isSat() || m.cost != out.sets.back().cost) {
        out.result = Result::unknown(UnknownReason::Other, "limit");
        break;
      }
    } else {
      m = solveMaxSat(solver, softs, options.algorithm);
    }
    if (m.result.isUnsat()) {
      out.complete = true;
      out.result = out.sets.empty() ? Result::unsat() : Result::sat();
      break;
    }
    if (!m.result.isSat()) {
      out.result = m.result;
      break;
    }
    out.sets.push_back({m.falsified, m.cost});
    for (size_t i : m.falsified)
      seen[i] = true;
    if (m.falsified.empty()) { // all soft formulas hold together: the empty set is the only MCS
      out.complete = true;
      out.result = Result::sat();
      break;
    }
    std::vector<Term> block;
    for (size_t i : m.falsified)
      block.push_back(softs[i].formula);
    solver.assertFormula(tm.mkOr(block));
  }
  solver.pop();
  return out;
}

} // namespace locus::backends

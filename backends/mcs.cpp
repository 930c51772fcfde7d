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
  while (true) {
    MaxSatResult m = solveMaxSat(solver, softs, options.algorithm);
    if (out.sets.size() >= options.limit &&
        (out.sets.empty() || !m.result.isSat() || m.cost != out.sets.back().cost)) {
      // the limit, and the last cost class is complete
      if (m.result.isUnsat()) {
        out.complete = true;
        out.result = Result::sat();
      } else {
        out.result = Result::unknown(UnknownReason::Other, "limit");
      }
      break;
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

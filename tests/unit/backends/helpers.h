// Shared helpers for the backend unit tests: the backends to run on, random CNF instances, brute force.
#pragma once

#include "backends/maxsat.h"
#include "backends/solver.h"

#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace locus::backends::testing {

using backends::apiSolvers;

/// The solver specs every test runs on (C++ API backends that were built in, then the SMT-LIB pipe).
inline std::vector<std::string> allSolvers() {
  std::vector<std::string> out = apiSolvers();
  out.push_back("smtlib:z3 -in");
  out.push_back("smtlib:cvc5 --lang smt2 --incremental");
  return out;
}

/// A clause as signed literals over variables 1..n (DIMACS style).
using Clause = std::vector<int>;

struct Instance {
  int vars = 0;
  std::vector<Clause> hard;
  std::vector<Clause> soft;
  std::vector<uint64_t> weights;
};

inline Clause randomClause(std::mt19937 &rng, int vars, int maxLen) {
  std::uniform_int_distribution<int> len(1, maxLen), var(1, vars), sign(0, 1);
  Clause c;
  int n = len(rng);
  for (int i = 0; i < n; ++i)
    c.push_back(sign(rng) ? var(rng) : -var(rng));
  return c;
}

inline Instance randomInstance(uint32_t seed, int vars, int hard, int soft, uint64_t maxWeight) {
  std::mt19937 rng(seed);
  Instance in;
  in.vars = vars;
  for (int i = 0; i < hard; ++i)
    in.hard.push_back(randomClause(rng, vars, 3));
  std::uniform_int_distribution<uint64_t> w(1, maxWeight);
  for (int i = 0; i < soft; ++i) {
    in.soft.push_back(randomClause(rng, vars, 2));
    in.weights.push_back(w(rng));
  }
  return in;
}

inline bool satisfies(const Clause &c, uint32_t assignment) {
  for (int l : c) {
    bool v = (assignment >> (std::abs(l) - 1)) & 1;
    if ((l > 0) == v)
      return true;
  }
  return false;
}

inline bool satisfiesAll(const std::vector<Clause> &cs, uint32_t assignment) {
  for (const Clause &c : cs)
    if (!satisfies(c, assignment))
      return false;
  return true;
}

/// Optimal cost by brute force, or -1 when the hard clauses are unsatisfiable.
inline int64_t bruteForceMaxSat(const Instance &in) {
  int64_t best = -1;
  for (uint32_t a = 0; a < (1u << in.vars); ++a) {
    if (!satisfiesAll(in.hard, a))
      continue;
    int64_t cost = 0;
    for (size_t i = 0; i < in.soft.size(); ++i)
      if (!satisfies(in.soft[i], a))
        cost += static_cast<int64_t>(in.weights[i]);
    if (best < 0 || cost < best)
      best = cost;
  }
  return best;
}

/// Whether the hard clauses plus the soft clauses not in `removed` (a bit set) are satisfiable.
inline bool satisfiableWithout(const Instance &in, uint32_t removed) {
  for (uint32_t a = 0; a < (1u << in.vars); ++a) {
    if (!satisfiesAll(in.hard, a))
      continue;
    bool ok = true;
    for (size_t i = 0; i < in.soft.size() && ok; ++i)
      if (!((removed >> i) & 1))
        ok = satisfies(in.soft[i], a);
    if (ok)
      return true;
  }
  return false;
}

/// The instance as terms: variables x1..xn, hard clauses asserted on `s`, soft clauses returned.
inline std::vector<SoftFormula> load(Solver &s, const Instance &in) {
  TermManager &tm = s.terms();
  auto clause = [&](const Clause &c) {
    std::vector<Term> lits;
    for (int l : c) {
      Term v = tm.mkVar("x" + std::to_string(std::abs(l)), tm.boolSort());
      lits.push_back(l > 0 ? v : tm.mkNot(v));
    }
    return tm.mkOr(lits);
  };
  for (const Clause &c : in.hard)
    s.assertFormula(clause(c));
  std::vector<SoftFormula> softs;
  for (size_t i = 0; i < in.soft.size(); ++i)
    softs.push_back({clause(in.soft[i]), in.weights[i]});
  return softs;
}

} // namespace locus::backends::testing

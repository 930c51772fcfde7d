// Unsat-core minimization over assumptions: deletion-based and QuickXplain.
#include "backends/core.h"

#include <algorithm>
#include <unordered_set>

namespace locus::backends {

namespace {

/// The elements of `from` that are in `keep`, in the order of `from`.
std::vector<Term> restrict(const std::vector<Term> &from, const std::vector<Term> &keep) {
  std::unordered_set<uint32_t> k;
  for (Term t : keep)
    k.insert(t.id);
  std::vector<Term> out;
  for (Term t : from)
    if (k.count(t.id))
      out.push_back(t);
  return out;
}

class Minimizer {
public:
  explicit Minimizer(Solver &s) : s_(s) {}

  /// Unsat of `set`; an Unknown counts as Sat (the element stays) and is remembered.
  bool unsat(const std::vector<Term> &set) {
    ++out.checks;
    Result r = s_.check(set);
    if (r.isUnknown() && !out.result.isUnknown())
      out.result = r;
    return r.isUnsat();
  }

  std::vector<Term> deletion(std::vector<Term> core) {
    size_t i = 0;
    while (i < core.size()) {
      std::vector<Term> rest = core;
      rest.erase(rest.begin() + static_cast<long>(i));
      if (unsat(rest))
        core = restrict(rest, s_.unsatCore());
      else
        ++i;
    }
    return core;
  }

  /// Junker's QuickXplain: the minimal part of `c` needed with `background`.
  std::vector<Term> quickXplain(const std::vector<Term> &background, bool changed,
                                const std::vector<Term> &c) {
    if (changed && unsat(background))
      return {};
    if (c.size() == 1)
      return c;
    std::vector<Term> c1(c.begin(), c.begin() + static_cast<long>(c.size() / 2));
    std::vector<Term> c2(c.begin() + static_cast<long>(c.size() / 2), c.end());
    std::vector<Term> b1 = background;
    b1.insert(b1.end(), c1.begin(), c1.end());
    std::vector<Term> d2 = quickXplain(b1, !c1.empty(), c2);
    std::vector<Term> b2 = background;
    b2.insert(b2.end(), d2.begin(), d2.end());
    std::vector<Term> d1 = quickXplain(b2, !d2.empty(), c1);
    d1.insert(d1.end(), d2.begin(), d2.end());
    return d1;
  }

  CoreResult out{Result::unsat(), {}, 0};

private:
  Solver &s_;
};

} // namespace

CoreResult minimizeCore(Solver &solver, const std::vector<Term> &assumptions, CoreMinimizer method) {
  Minimizer m(solver);
  ++m.out.checks;
  Result first = solver.check(assumptions);
  if (!first.isUnsat()) {
    m.out.result = first;
    return m.out;
  }
  std::vector<Term> core = restrict(assumptions, solver.unsatCore());
  if (!core.empty()) {
    if (method == CoreMinimizer::Deletion)
      core = m.deletion(core);
    else
      core = restrict(assumptions, m.quickXplain({}, false, core));
  }
  m.out.core = core;
  return m.out;
}

} // namespace locus::backends

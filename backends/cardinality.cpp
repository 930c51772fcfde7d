// Cardinality constraints over boolean literals: at least / at most / exactly k of n.
#include "backends/cardinality.h"

#include <algorithm>

namespace locus::backends {

namespace {

/// counts[j-1] is true iff at least j of lits[lo, hi) are true, for j = 1 .. min(hi - lo, cap).
std::vector<Term> totalize(TermManager &tm, const std::vector<Term> &lits, size_t lo, size_t hi,
                           unsigned cap) {
  if (hi - lo == 1)
    return {lits[lo]};
  size_t mid = lo + (hi - lo) / 2;
  std::vector<Term> a = totalize(tm, lits, lo, mid, cap);
  std::vector<Term> b = totalize(tm, lits, mid, hi, cap);
  size_t n = std::min<size_t>(a.size() + b.size(), cap);
  // at(v, i): "at least i of that half", with i = 0 always true.
  auto at = [&](const std::vector<Term> &v, size_t i) {
    if (i == 0)
      return tm.mkTrue();
    return i <= v.size() ? v[i - 1] : tm.mkFalse();
  };
  std::vector<Term> out;
  for (size_t j = 1; j <= n; ++j) {
    std::vector<Term> ways;
    for (size_t i = 0; i <= j; ++i)
      ways.push_back(tm.mkAnd(at(a, i), at(b, j - i)));
    out.push_back(tm.mkOr(std::move(ways)));
  }
  return out;
}

Term arithmeticAtLeast(TermManager &tm, const std::vector<Term> &lits, unsigned k) {
  std::vector<Term> ones;
  for (Term l : lits)
    ones.push_back(tm.mkIte(l, tm.mkInt(1), tm.mkInt(0)));
  Term sum = ones.size() == 1 ? ones[0] : tm.mkApp(Op::Add, ones);
  return tm.mkApp(Op::Ge, sum, tm.mkInt(static_cast<int64_t>(k)));
}

} // namespace

Term atLeast(TermManager &tm, const std::vector<Term> &lits, unsigned k, CardEncoding enc) {
  if (k == 0)
    return tm.mkTrue();
  if (k > lits.size())
    return tm.mkFalse();
  if (k == 1)
    return tm.mkOr(lits);
  if (k == lits.size())
    return tm.mkAnd(lits);
  if (enc == CardEncoding::Arithmetic)
    return arithmeticAtLeast(tm, lits, k);
  return totalize(tm, lits, 0, lits.size(), k)[k - 1];
}

Term atMost(TermManager &tm, const std::vector<Term> &lits, unsigned k, CardEncoding enc) {
  if (k >= lits.size())
    return tm.mkTrue();
  return tm.mkNot(atLeast(tm, lits, k + 1, enc));
}

Term exactly(TermManager &tm, const std::vector<Term> &lits, unsigned k, CardEncoding enc) {
  return tm.mkAnd(atLeast(tm, lits, k, enc), atMost(tm, lits, k, enc));
}

} // namespace locus::backends

// Minimal hitting sets by increasing cardinality (hitting.h).
#include "repair/localize/hitting.h"

#include <algorithm>
#include <set>

namespace locus::localize {

namespace {

bool meets(const ElementSet &set, const ElementSet &h) {
  for (uint32_t e : set)
    if (std::binary_search(h.begin(), h.end(), e))
      return true;
  return false;
}

void grow(const std::vector<ElementSet> &sets, size_t size, ElementSet &path, std::set<ElementSet> &found,
          size_t limit) {
  if (found.size() >= limit)
    return;
  const ElementSet *open = nullptr;
  for (const ElementSet &s : sets)
    if (!meets(s, path)) {
      open = &s;
      break;
    }
  if (!open) {
    if (path.size() == size && isMinimalHittingSet(sets, path))
      found.insert(path);
    return;
  }
  if (path.size() == size)
    return;
  for (uint32_t e : *open) {
    ElementSet next = path;
    next.insert(std::lower_bound(next.begin(), next.end(), e), e);
    grow(sets, size, next, found, limit);
  }
}

} // namespace

bool hitsAll(const std::vector<ElementSet> &sets, const ElementSet &h) {
  for (const ElementSet &s : sets)
    if (!meets(s, h))
      return false;
  return true;
}

bool isMinimalHittingSet(const std::vector<ElementSet> &sets, const ElementSet &h) {
  if (!hitsAll(sets, h))
    return false;
  // each element is needed: some set meets h in it alone
  for (uint32_t e : h) {
    bool needed = false;
    for (const ElementSet &s : sets) {
      size_t common = 0;
      bool hasE = false;
      for (uint32_t x : s)
        if (std::binary_search(h.begin(), h.end(), x)) {
          ++common;
          hasE = hasE || x == e;
        }
      if (common == 1 && hasE) {
        needed = true;
        break;
      }
    }
    if (!needed)
      return false;
  }
  return true;
}

std::vector<ElementSet> minimalHittingSets(const std::vector<ElementSet> &sets, size_t size, size_t limit) {
  std::set<ElementSet> found;
  ElementSet path;
  grow(sets, size, path, found, limit);
  return {found.begin(), found.end()};
}

} // namespace locus::localize

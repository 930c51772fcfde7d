// The fault injector: seeded draws from the fault space (repair/mutation) of the procedures under test.
#include "bench/mutate/mutate.h"

#include "bench/mutate/rng.h"
#include "ir/printer.h"
#include "ir/validate.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <functional>
#include <limits>
#include <map>
#include <set>

namespace locus::mutate {

using ir::Expr;
using ir::Op;
using ir::Program;
using ir::Stmt;
using ir::StmtId;
using ir::VarRef;

const char *className(FaultClass c) {
  switch (c) {
  case FaultClass::C1: return "C1";
  case FaultClass::C2: return "C2";
  case FaultClass::C3: return "C3";
  case FaultClass::C4: return "C4";
  case FaultClass::L1: return "L1";
  case FaultClass::L2: return "L2";
  }
  return "?";
}

const std::vector<FaultClass> &allClasses() {
  static const std::vector<FaultClass> all{FaultClass::C1, FaultClass::C2, FaultClass::C3,
                                           FaultClass::C4, FaultClass::L1, FaultClass::L2};
  return all;
}

std::optional<FaultClass> parseClass(std::string_view name) {
  std::string up;
  for (char c : name)
    up += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  for (FaultClass c : allClasses())
    if (up == className(c))
      return c;
  return std::nullopt;
}

ClassShape shapeOf(FaultClass c) {
  switch (c) {
  case FaultClass::C1: return {1, 0, 0};
  case FaultClass::C2: return {1, 1, 0};
  case FaultClass::C3: return {2, 0, 0};
  case FaultClass::C4: return {2, 1, 0};
  case FaultClass::L1: return {1, 0, 1};
  case FaultClass::L2: return {1, 0, 2};
  }
  return {};
}

Result generate(const Program &prog, const Options &o) {
  Result r;
  ClassShape shape = shapeOf(o.cls);
  std::vector<Candidate> muts = mutationCandidates(prog, o.procs, shape.level);
  std::vector<Candidate> dels =
      shape.deletions ? deletionCandidates(prog, o.procs) : std::vector<Candidate>{};
  r.mutationCandidates = muts.size();
  r.deletionCandidates = dels.size();
  if (muts.size() < shape.mutations || dels.size() < shape.deletions || o.count == 0)
    return r;

  // Draw a site (statement group + slot + position) first, then its replacement, so statements with many
  // same-typed variables are not favoured.
  std::vector<std::vector<size_t>> sites;
  for (size_t i = 0; i < muts.size(); ++i) {
    const Candidate &c = muts[i];
    if (i == 0 || c.stmts != muts[i - 1].stmts || c.slot != muts[i - 1].slot || c.index != muts[i - 1].index)
      sites.emplace_back();
    sites.back().push_back(i);
  }

  SplitMix64 rng(o.seed);
  std::set<std::vector<size_t>> tried;
  // Versions are printed without source information (their text is the program's, not the source's).
  const ir::PrintOptions printed{true, false};
  std::set<std::string> texts{ir::toString(prog, printed)};
  size_t maxAttempts = o.maxAttempts ? o.maxAttempts : 50ull * o.count + 1000;
  while (r.mutants.size() < o.count && r.attempts < maxAttempts) {
    ++r.attempts;
    std::vector<size_t> mi, di;
    for (unsigned k = 0; k < shape.mutations; ++k) {
      const std::vector<size_t> &site = sites[rng.below(sites.size())];
      mi.push_back(site[rng.below(site.size())]);
    }
    for (unsigned k = 0; k < shape.deletions; ++k)
      di.push_back(rng.below(dels.size()));
    std::sort(mi.begin(), mi.end());
    std::sort(di.begin(), di.end());
    std::vector<size_t> key = mi;
    for (size_t d : di)
      key.push_back(muts.size() + d);
    if (!tried.insert(key).second)
      continue;
    std::vector<const Candidate *> chosen;
    std::set<StmtId> touched;
    bool disjoint = true;
    for (size_t m : mi)
      chosen.push_back(&muts[m]);
    for (size_t d : di)
      chosen.push_back(&dels[d]);
    for (const Candidate *c : chosen)
      for (StmtId id : c->stmts)
        disjoint = touched.insert(id).second && disjoint;
    if (!disjoint)
      continue;
    Mutant m;
    m.program = apply(prog, chosen, &m.faults);
    if (!ir::validate(m.program).empty()) {
      ++r.invalid;
      continue;
    }
    m.text = ir::toString(m.program, printed);
    if (!texts.insert(m.text).second) {
      ++r.duplicates;
      continue;
    }
    m.index = static_cast<uint32_t>(r.mutants.size() + 1);
    r.mutants.push_back(std::move(m));
  }
  return r;
}

} // namespace locus::mutate

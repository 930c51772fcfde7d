// The fault injector: faulty versions of a program, made on the IR (so GCL and C alike), deterministic
// from a seed, each with its ground truth. Wolverine2's classes C1–C4 (variable/field replacements and
// deleted statements) and AllRepair's operator/constant mutation levels L1/L2, drawn from the mutation
// operators of repair/mutation. See bench/mutate/README.md.
#pragma once

#include "ir/ir.h"
#include "repair/mutation/mutation.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace locus::mutate {

/// A fault class: how many elementary faults of which families a faulty version has.
enum class FaultClass : uint8_t {
  C1, ///< Wolverine2 ⟨1 mutation, 0 insertions⟩: one variable or field replaced
  C2, ///< ⟨1, 1⟩: one replacement and one deleted statement
  C3, ///< ⟨2, 0⟩: two replacements (in different statements)
  C4, ///< ⟨2, 1⟩: two replacements and one deleted statement
  L1, ///< AllRepair level 1: one operator replaced (< ↔ <=, > ↔ >=, + ↔ -, * / % among themselves, and ↔ or)
  L2, ///< AllRepair level 2: one operator or constant mutation of level 1 or 2 (level 2 includes level 1)
};

const char *className(FaultClass c);                         ///< "C1" … "L2"
std::optional<FaultClass> parseClass(std::string_view name); ///< case-insensitive
const std::vector<FaultClass> &allClasses();

struct ClassShape {
  unsigned mutations = 0; ///< variable/field replacements (C*) or operator/constant mutations (L*)
  unsigned deletions = 0; ///< deleted statements (the repair must insert them back)
  unsigned level = 0;     ///< 0: variable/field replacements; 1, 2: AllRepair operator/constant levels
};
ClassShape shapeOf(FaultClass c);

// The mutation operators are the library's (repair/mutation): the fault injector's names for them.
using FaultKind = repair::mutation::Kind;
using repair::mutation::kindName;
using repair::mutation::Slot;
using Candidate = repair::mutation::Candidate;
/// One fault of a faulty version, as recorded in the manifest.
using Fault = repair::mutation::Change;

struct Mutant {
  uint32_t index = 0; ///< 1-based version number
  ir::Program program;
  std::vector<Fault> faults; ///< mutations first, then deletions, each in program order
  std::string text;          ///< `ir::printProgram` with tags, without source information
};

struct Options {
  FaultClass cls = FaultClass::C1;
  unsigned count = 1;
  uint64_t seed = 1;
  std::vector<uint32_t> procs; ///< the procedures under test (indices into Program::procs)
  unsigned maxAttempts = 0;    ///< draws before giving up; 0: 50 × count + 1000
};

struct Result {
  std::vector<Mutant> mutants;
  size_t mutationCandidates = 0, deletionCandidates = 0;
  size_t attempts = 0;   ///< draws made
  size_t duplicates = 0; ///< draws that gave an already produced program (skipped)
  size_t invalid = 0;    ///< mutants rejected by ir::validate (a bug of the injector if ever non-zero)
};

/// Makes up to `count` distinct faulty versions of `prog` (fewer when the fault space is smaller).
/// Deterministic: the same program, options and seed give the same versions, in the same order.
Result generate(const ir::Program &prog, const Options &opts);

using repair::mutation::apply;
using repair::mutation::constantReplacements;
using repair::mutation::defaultProcsUnderTest;
using repair::mutation::deletionCandidates;
using repair::mutation::mutationCandidates;
using repair::mutation::operatorReplacements;

} // namespace locus::mutate

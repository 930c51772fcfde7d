// The options the localization methods declare (repair/common/method_options.h), typed: the flags, the
// enums they read into, and the declarations several methods share. A method lists its own in
// Method::options(); the registry merges them for the command line (optionDeclarations).
#pragma once

#include "repair/common/method_options.h"

#include <cstddef>

namespace locus::localize {

struct Options;

inline constexpr const char *kWeights = "--weights";       ///< maxsat, ofc
inline constexpr const char *kParts = "--parts";           ///< the formula methods
inline constexpr const char *kMaxSize = "--max-size";      ///< the set methods
inline constexpr const char *kMaxSets = "--max-sets";      ///< the set methods
inline constexpr const char *kFormula = "--formula";       ///< sbfl
inline constexpr const char *kComponents = "--components"; ///< mbd

/// The soft clauses' weights: all 1, or 1 / the Ochiai (or D*) suspiciousness of the statement over the
/// declared tests and the failing run, a conditional's branches included (Jin & Orso's clause weighting).
enum class Weights { Uniform, Ochiai, DStar };
/// The statement parts a formula method relaxes: values always, and guards (whether a statement runs) and
/// targets (where it writes: encoder::EncodeOptions::relaxTargets) when asked.
/// `value+target` (ValueTargetShared): targets relaxed with the value's selector, one soft clause per
/// statement (encoder::EncodeOptions::shareTargetSelector).
enum class Parts { Value, ValueGuard, ValueTarget, ValueGuardTarget, ValueTargetShared };
bool relaxesGuards(Parts p);  ///< ValueGuard, ValueGuardTarget
bool relaxesTargets(Parts p); ///< ValueTarget, ValueGuardTarget, ValueTargetShared
/// mbd's components: every statement value, or the assignments only (the conditions guards and loops read,
/// ir::conditionals, stay as they are).
enum class Components { AssignmentsConditions, Assignments };

repair::OptionDecl weightsOption(); ///< --weights uniform|ochiai|dstar
/// --parts value|value,guard|value,target|value,guard,target (the names in any order)|value+target
repair::OptionDecl partsOption();
repair::OptionDecl maxSizeOption(); ///< --max-size N (3)
repair::OptionDecl maxSetsOption(); ///< --max-sets N (20)

/// The set methods' limits: the largest set enumerated, and how many sets at most.
struct SetLimits {
  size_t maxSize = 3;
  size_t maxSets = 20;
};

/// The typed values of the shared options in `opts.given` (defaults where not given).
Weights weightsOf(const Options &opts);
Parts partsOf(const Options &opts);
SetLimits setLimitsOf(const Options &opts);

} // namespace locus::localize

// The relaxable encoding of a failure, shared by the formula-based methods: the failing inputs fixed, every
// check required to pass, each statement's value (and guard) behind its selector.
#pragma once

#include "backends/encoder/encoder.h"
#include "backends/maxsat.h"
#include "backends/solver.h"
#include "repair/localize/localize.h"

#include <map>
#include <memory>
#include <optional>
#include <unordered_set>

namespace locus::localize {

/// A relaxed failure on its own solver: hard = the inputs and "every check passes"; soft = the selectors.
struct RelaxedFailure {
  backends::TermManager tm;
  std::unique_ptr<backends::Solver> solver;
  encoder::Encoding enc;
  std::vector<backends::Term> selectors; ///< every selector, in order of first use
  std::map<uint32_t, Blame> blameOf;     ///< selector term id → the statement part it relaxes
  std::string error;                     ///< why there is no solver (then `solver` is null)
};

/// The encode options of `p.failure`: its inputs fixed, its bound, values relaxable (guards with
/// --parts value,guard) in the statements that may be blamed (blamableStatements: every method's
/// candidates); only the statements in `only` when given, the others
/// unexplored code whose assignments are arbitrary (EncodeOptions::havocOutside).
encoder::EncodeOptions failureEncodeOptions(const Problem &p,
                                            const std::optional<std::unordered_set<ir::StmtId>> &only = {});
/// The same for failure `f` under options `opts` (gradient, which takes no Problem).
encoder::EncodeOptions failureEncodeOptions(const repair::Failure &f, const Options &opts,
                                            const std::optional<std::unordered_set<ir::StmtId>> &only = {});

/// Why the solver of p.opts cannot decide p.failure's specification (empty: it can;
/// encoder::unsupportedSpec).
std::string unsupportedSpec(const Problem &p);

/// Encodes `p.failure` relaxed (values; guards with --parts value,guard), optionally only the statements in
/// `only` (the partial-program mode), and asserts it with "no check fails". Check with every selector
/// assumed: unsat means the encoding reproduces the failure.
std::unique_ptr<RelaxedFailure> relaxFailure(const Problem &p,
                                             const std::optional<std::unordered_set<ir::StmtId>> &only = {});

/// Every selector, each as a soft formula with weight 1 (--weights uniform) or from the Ochiai suspiciousness
/// of its statement over the tests and the failing run (clause weighting).
std::vector<backends::SoftFormula> softSelectors(const Problem &p, const RelaxedFailure &rf);

/// The header text of maxsat and ofc: "uniform weights, parts: value".
std::string formulaDescription(const Options &opts);

/// Why a complete enumeration found no set: "no set of at most N statement parts explains the failure
/// (raise --max-size, …)".
std::string noSetExplains(const SetLimits &limits);

} // namespace locus::localize

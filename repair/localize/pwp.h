// He & Gupta's evidences on a failing run, as `localize --method pwp` computes them (pwp.cpp), for the
// correction step of `repair --method pwp` (repair/fix/pwp.cpp): each evidence with the statement instances
// AutoDebug (their Fig. 2) tries to modify, in its order, and for each the problem predicate e and the
// correcting predicate c whose string difference says what to change.
#pragma once

#include "repair/localize/localize.h"

#include <optional>
#include <string>
#include <vector>

namespace locus::localize {

/// An atomic predicate of the trace, `expr relop const`, as pwp normalizes it (constant on the right, the
/// first term's coefficient positive).
struct PwpPredicate {
  std::string text; ///< as localize prints it: `a0 - s@max#1 > 0`
  /// The text's tokens, the strings the difference compares: variables by their source names (a frame's
  /// `@proc#k` left out), integers, operators, the relation. Parentheses are not tokens.
  std::vector<std::string> tokens;
  bool linear = true; ///< `Σ coeff·term relop const` (else a boolean formula)
  ir::Op rel = ir::Op::Eq;
  /// The normalization multiplied `left - right` by -1 (so a branch's relation reads backwards).
  bool flipped = false;
  ir::StmtId stmt = 0; ///< an actual predicate: the statement it comes from (a branch predicate's: the
                       ///< statement computing the condition)
  /// An actual predicate from a branch predicate: how the condition evaluated (a false one's negation is the
  /// predicate). Unset: an assignment's equivalence, or a hypothesized predicate.
  std::optional<bool> outcome;
};

/// One statement AutoDebug tries to modify for an evidence, with the predicates whose string difference
/// (d_e: the tokens of e not in c; d_c: those of c not in e) gives the modification.
struct PwpSite {
  enum class Role {
    Actual,      ///< change the form of the actual q: the statement q comes from, or the assignment that
                 ///< changed q at the evidence's point
    Slice,       ///< change the form of the hypothesized r: an assignment of r's pwp slice
    LoopControl, ///< add the missing loop iterations: a statement deciding a loop's iterations
  };
  Role role = Role::Slice;
  ir::StmtId stmt = 0;
  PwpPredicate problem;                   ///< e
  std::optional<PwpPredicate> correcting; ///< c; unset: none is known (an implicit evidence)
};

struct PwpEvidence {
  enum class Kind { TypeI, TypeII, Implicit };
  Kind kind = Kind::TypeII;
  std::string text; ///< as localize prints it
  std::vector<PwpSite> sites;
};

/// The evidences of `p.failure`, in AutoDebug's order: per postcondition conjunction (those closest to
/// holding first), the explicit evidences scanning the trace from its end, then the implicit ones at its
/// top. `error` (empty on success) says why pwp cannot run on the failure.
std::vector<PwpEvidence> pwpEvidences(const Problem &p, std::string &error);

} // namespace locus::localize

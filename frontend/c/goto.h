// `goto` in C functions: the analysis that lets the lowering (stmt.cpp) turn jumps into structured IR (guard
// flags for forward jumps, loops for backward ones). The scheme is in frontend/c/README.md ("goto").
#pragma once

#include <clang/AST/Stmt.h>

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace clang {
class VarDecl;
class LabelStmt;
class GotoStmt;
} // namespace clang

namespace locus::c {

/// What the lowering of one function needs to know about its gotos. A jump in progress is the value of one
/// int variable of the function (`jump`): 0 when none, else the *code* of the jump. Each label that some
/// goto targets gets a block of consecutive codes, one per set of declarations the jumps to it bypass;
/// labels are numbered in source order, so the labels inside any statement have a range of codes.
struct GotoPlan {
  struct Label {
    int64_t first = 0; ///< its codes are first .. first + bypass.size() - 1
    /// Per code: the locals whose declarations a jump with this code skips while entering their scope (their
    /// value is indeterminate at the label).
    std::vector<std::vector<const clang::VarDecl *>> bypass;
    /// What runs after the label, in order, for the uninitialized-read scan (uninit.cpp): its statement, then
    /// the later statements of each enclosing compound, and each enclosing loop again. Inside a loop or a
    /// switch a `break` may skip what follows, so those statements only count for their reads.
    struct After {
      enum Mode { Runs, MayRun, Again } mode = Runs; ///< Again: the loop's increment, condition and body
      const clang::Stmt *stmt = nullptr;
    };
    std::vector<After> after;
    int64_t last() const { return first + static_cast<int64_t>(bypass.size()) - 1; }
  };
  /// A backward goto's loop: statements first..last of a statement list (a compound's children; for a
  /// single statement that is not in a compound, first = last = 0) run in a loop that a backward goto
  /// continues; `codes` are the codes that restart it.
  struct Region {
    size_t first = 0, last = 0;
    std::vector<int64_t> codes;
    bool entered = false; ///< a goto outside the region jumps to a label inside it
    bool escapes = false; ///< a goto inside the region jumps to a label outside it
  };
  struct Range {
    int64_t lo = 0, hi = 0;
  };

  std::map<const clang::LabelStmt *, Label> labels; ///< labels some goto (other than `L: goto L;`) targets
  std::map<const clang::GotoStmt *, int64_t> codes; ///< the code each goto sets (not self-loops)
  std::set<const clang::GotoStmt *> selfLoops;      ///< `L: goto L;`: a loop that never ends
  std::map<const clang::Stmt *, Range> inside;      ///< codes of the targeted labels inside a statement
  std::set<const clang::Stmt *> entered;            ///< statements a jump from outside them enters
  std::set<const clang::Stmt *> escapes;            ///< statements containing a jump to a label outside them
  std::map<const clang::CompoundStmt *, std::vector<Region>> regions; ///< by list, in order, disjoint
  std::map<const clang::Stmt *, Region> singleRegions; ///< a statement not in a compound that is a region

  /// The first goto that cannot be lowered (into a loop or a switch body, …), with the reason.
  struct Error {
    const clang::Stmt *at = nullptr;
    std::string what;
  };
  std::optional<Error> error;

  bool any() const { return !labels.empty() || !selfLoops.empty(); }
  bool isEntered(const clang::Stmt *s) const { return entered.count(s) != 0; }
  bool isEscaping(const clang::Stmt *s) const { return escapes.count(s) != 0; }
  std::optional<Range> codesInside(const clang::Stmt *s) const {
    auto it = inside.find(s);
    return it == inside.end() ? std::nullopt : std::optional<Range>(it->second);
  }
};

/// The plan of a function body (a body without gotos gives an empty plan).
GotoPlan planGotos(const clang::Stmt *body);

} // namespace locus::c

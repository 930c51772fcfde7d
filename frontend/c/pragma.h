// `#pragma locus unwind K` in C files: the unwinding bound of the loop or function definition after it;
// `#pragma locus invariant EXPR`: the invariant of the loop whose body it starts.
#pragma once

#include "ir/diagnostics.h"
#include "ir/source.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace locus::c {

/// The `#pragma locus` lines of the files of a translation unit. `unwind K`: (clang ignores pragmas it does
/// not know, so they are read from the text). A pragma gives its bound K (1 to ir::kMaxUnwind) to the loop
/// (`while`, `do`, `for`, or the loop of a backward goto: its label), or function definition that starts on
/// the next line that is not blank and not only a comment; for a function it is the recursion bound.
/// `invariant EXPR` (docs/c.md): the invariant of the loop whose body (a block) it starts.
class UnwindPragmas {
public:
  explicit UnwindPragmas(const SourceManager &sm) : sm_(sm) {}
  /// The bound of the loop or function starting at `at` (a location of `sm`), 0 when no pragma precedes
  /// it; the pragma counts as used.
  uint32_t take(SourceLoc at);
  /// Whether `at` (a location of `sm`) is on the line of a `#pragma locus invariant`; the pragma counts
  /// as used.
  bool takeInvariant(SourceLoc at);
  /// Reports (as errors) malformed pragmas, and pragmas that come before no loop or function definition
  /// (invariants: that start no loop body), in `file` and in every file `take` looked at.
  void report(uint32_t file, Diagnostics &diags);

  /// The text clang parses for a file of this text: each `#pragma locus invariant EXPR` line becomes the
  /// statement `__builtin_assume(EXPR);` with EXPR at the same line and columns (clang then type-checks
  /// EXPR in the scope of the loop's body; the lowering takes the call as the loop's invariant). Every
  /// other line is unchanged.
  static std::string clangText(const std::string &text);

private:
  struct Pragma {
    uint32_t line = 0, col = 0;
    uint32_t target = 0; ///< the line of the statement it precedes
    uint32_t bound = 0;  ///< 0: malformed
    bool invariant = false;
    bool used = false;
  };
  std::vector<Pragma> &scan(uint32_t file);

  const SourceManager &sm_;
  std::map<uint32_t, std::vector<Pragma>> files_;
};

} // namespace locus::c

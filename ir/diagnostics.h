// The one diagnostics object: every user-facing error, warning and note goes through it.
#pragma once

#include "ir/source.h"

#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

namespace locus {

enum class Severity { Error, Warning, Note };

struct Diagnostic {
  Severity severity;
  SourceLoc loc;
  std::string message; ///< lower-case, no final period
};

/// Collects diagnostics in order. Notes attach to the preceding error or warning.
/// Printed as `file:line:col: error: message`, followed by the source line and a caret.
///
/// Error limit (as compilers have): only the first `errorLimit()` errors are kept (default 20, `locus …
/// --max-errors N`); later ones, and their notes, are only counted (`dropped()`), and front ends stop
/// early once `limitReached()`. print() ends with a note saying how many were not shown.
class Diagnostics {
public:
  static constexpr size_t kDefaultErrorLimit = 20;
  explicit Diagnostics(const SourceManager &sm) : sm_(sm) {}

  void error(SourceLoc loc, std::string message);
  void warning(SourceLoc loc, std::string message);
  void note(SourceLoc loc, std::string message);

  /// Errors reported, kept or not.
  size_t errorCount() const { return errors_; }
  bool hasErrors() const { return errors_ != 0; }
  const std::vector<Diagnostic> &all() const { return list_; }
  const SourceManager &sources() const { return sm_; }

  /// 0: no limit.
  void setErrorLimit(size_t n) { limit_ = n; }
  size_t errorLimit() const { return limit_; }
  /// Errors reported beyond the limit (not kept).
  size_t dropped() const { return dropped_; }
  bool limitReached() const { return limit_ != 0 && errors_ >= limit_; }
  /// A front end stopped reading because the limit was reached (print says so).
  void setStopped() { stopped_ = true; }

  /// Human-readable form, one diagnostic per line plus the quoted source line and a caret. A long line is
  /// shown as a window of about 100 columns around the caret, with `...` where it was cut; control
  /// characters and bytes that are not UTF-8 are shown as `?`.
  void print(std::ostream &os, bool quoteSource = true) const;
  /// `file:line:col` (or just the file); `locus` for a diagnostic without a file.
  std::string where(SourceLoc loc) const;

private:
  const SourceManager &sm_;
  std::vector<Diagnostic> list_;
  size_t errors_ = 0;
  size_t limit_ = kDefaultErrorLimit;
  size_t dropped_ = 0;
  bool dropping_ = false; ///< the last error was dropped: drop its notes too
  bool stopped_ = false;
};

/// A source line made printable for a diagnostic: a window of at most `width` bytes around byte column `col`
/// (1-based), `...` where cut, control characters and invalid UTF-8 as `?`; `pad` is what goes before the
/// caret (spaces, and tabs under tabs).
struct DisplayLine {
  std::string text, pad;
};
DisplayLine displayLine(std::string_view line, size_t col, size_t width = 100);

const char *severityName(Severity s);

} // namespace locus

// The one diagnostics object: every user-facing error, warning and note goes through it.
#pragma once

#include "ir/source.h"

#include <iosfwd>
#include <string>
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
class Diagnostics {
public:
  explicit Diagnostics(const SourceManager &sm) : sm_(sm) {}

  void error(SourceLoc loc, std::string message);
  void warning(SourceLoc loc, std::string message);
  void note(SourceLoc loc, std::string message);

  size_t errorCount() const { return errors_; }
  bool hasErrors() const { return errors_ != 0; }
  const std::vector<Diagnostic> &all() const { return list_; }
  const SourceManager &sources() const { return sm_; }

  /// Human-readable form, one diagnostic per line plus quoted source and caret.
  void print(std::ostream &os, bool quoteSource = true) const;
  /// `file:line:col` (or just the file, or `<unknown>`).
  std::string where(SourceLoc loc) const;

private:
  const SourceManager &sm_;
  std::vector<Diagnostic> list_;
  size_t errors_ = 0;
};

const char *severityName(Severity s);

} // namespace locus

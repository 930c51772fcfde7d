// Diagnostic collection and clang-style printing.
#include "ir/diagnostics.h"

#include <ostream>

namespace locus {

const char *severityName(Severity s) {
  switch (s) {
  case Severity::Error: return "error";
  case Severity::Warning: return "warning";
  case Severity::Note: return "note";
  }
  return "error";
}

void Diagnostics::error(SourceLoc loc, std::string message) {
  list_.push_back({Severity::Error, loc, std::move(message)});
  ++errors_;
}

void Diagnostics::warning(SourceLoc loc, std::string message) {
  list_.push_back({Severity::Warning, loc, std::move(message)});
}

void Diagnostics::note(SourceLoc loc, std::string message) {
  list_.push_back({Severity::Note, loc, std::move(message)});
}

std::string Diagnostics::where(SourceLoc loc) const {
  if (loc.file >= sm_.size())
    return "<unknown>";
  std::string s = sm_.path(loc.file);
  if (loc.line != 0) {
    s += ":" + std::to_string(loc.line);
    if (loc.col != 0)
      s += ":" + std::to_string(loc.col);
  }
  return s;
}

void Diagnostics::print(std::ostream &os, bool quoteSource) const {
  for (const Diagnostic &d : list_) {
    os << where(d.loc) << ": " << severityName(d.severity) << ": " << d.message << "\n";
    if (!quoteSource || !d.loc.valid() || d.loc.file >= sm_.size())
      continue;
    std::string_view line = sm_.lineText(d.loc.file, d.loc.line);
    if (line.empty())
      continue;
    os << "  " << line << "\n  ";
    for (uint32_t i = 1; i < d.loc.col && i <= line.size(); ++i)
      os << (line[i - 1] == '\t' ? '\t' : ' ');
    os << "^\n";
  }
}

} // namespace locus

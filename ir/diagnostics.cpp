// Diagnostic collection and clang-style printing.
#include "ir/diagnostics.h"

#include <algorithm>
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
  ++errors_;
  dropping_ = limit_ != 0 && errors_ > limit_;
  if (dropping_) {
    ++dropped_;
    return;
  }
  list_.push_back({Severity::Error, loc, std::move(message)});
}

void Diagnostics::warning(SourceLoc loc, std::string message) {
  dropping_ = false;
  list_.push_back({Severity::Warning, loc, std::move(message)});
}

void Diagnostics::note(SourceLoc loc, std::string message) {
  if (!dropping_)
    list_.push_back({Severity::Note, loc, std::move(message)});
}

std::string Diagnostics::where(SourceLoc loc) const {
  if (loc.file >= sm_.size())
    return "locus";
  std::string s = sm_.path(loc.file);
  if (loc.line != 0) {
    s += ":" + std::to_string(loc.line);
    if (loc.col != 0)
      s += ":" + std::to_string(loc.col);
  }
  return s;
}

namespace {
/// The length of the UTF-8 sequence starting at s[i] (0 if it is not a valid one).
size_t utf8Length(std::string_view s, size_t i) {
  auto b = [&](size_t k) { return static_cast<unsigned char>(s[k]); };
  unsigned char c = b(i);
  size_t n = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
  if (n == 0 || i + n > s.size())
    return 0;
  for (size_t k = 1; k < n; ++k)
    if ((b(i + k) >> 6) != 2)
      return 0;
  if ((n == 2 && c < 0xc2) || (n == 3 && c == 0xe0 && b(i + 1) < 0xa0) || (n == 4 && (c > 0xf4 || (c == 0xf0 && b(i + 1) < 0x90))))
    return 0; // overlong or beyond U+10FFFF
  return n;
}
} // namespace

DisplayLine displayLine(std::string_view line, size_t col, size_t width) {
  size_t from = 0, to = line.size();
  if (line.size() > width) {
    size_t c = std::min(col == 0 ? 0 : col - 1, line.size());
    from = c > width / 2 ? c - width / 2 : 0;
    to = std::min(line.size(), from + width);
    while (from > 0 && from < line.size() && (static_cast<unsigned char>(line[from]) >> 6) == 2)
      --from; // do not start inside a UTF-8 sequence
  }
  DisplayLine d;
  d.text = from > 0 ? "..." : "";
  d.pad = std::string(d.text.size(), ' ');
  bool before = true; // still left of the caret
  for (size_t i = from; i < to;) {
    before = before && i + 1 < col;
    unsigned char c = static_cast<unsigned char>(line[i]);
    size_t n = utf8Length(line, i);
    if (n == 1 && (c == '\t' || (c >= 0x20 && c != 0x7f)))
      d.text += static_cast<char>(c);
    else if (n > 1)
      d.text.append(line.substr(i, n));
    else
      d.text += '?';
    if (before)
      d.pad += c == '\t' ? '\t' : ' ';
    i += n == 0 ? 1 : n;
  }
  if (to < line.size())
    d.text += "...";
  return d;
}

void Diagnostics::print(std::ostream &os, bool quoteSource) const {
  for (const Diagnostic &d : list_) {
    os << where(d.loc) << ": " << severityName(d.severity) << ": " << d.message << "\n";
    if (!quoteSource || !d.loc.valid() || d.loc.file >= sm_.size())
      continue;
    std::string_view line = sm_.lineText(d.loc.file, d.loc.line);
    if (line.empty())
      continue;
    DisplayLine shown = displayLine(line, d.loc.col);
    os << "  " << shown.text << "\n  " << shown.pad << "^\n";
  }
  if (dropped_ > 0 || stopped_) {
    os << "locus: note: error limit reached (" << limit_ << ", see --max-errors)";
    if (dropped_ > 0)
      os << ": " << dropped_ << " more error" << (dropped_ == 1 ? "" : "s") << " not shown";
    if (stopped_)
      os << (dropped_ > 0 ? ", " : ": ") << "the rest of the input was not read";
    os << "\n";
  }
}

} // namespace locus

// `#pragma locus unwind K` in C files: the unwinding bound of the loop or function definition after it;
// `#pragma locus invariant EXPR`: the invariant of the loop whose body it starts.
#include "frontend/c/pragma.h"

#include "ir/ir.h"

#include <cctype>
#include <string>
#include <string_view>

namespace locus::c {

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front())))
    s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back())))
    s.remove_suffix(1);
  return s;
}

/// Consumes `word` at the start of `s` (after blanks), as a whole word.
bool eat(std::string_view &s, std::string_view word) {
  s = trim(s);
  if (s.substr(0, word.size()) != word)
    return false;
  if (word.size() < s.size() &&
      (std::isalnum(static_cast<unsigned char>(s[word.size()])) || s[word.size()] == '_'))
    return false;
  s.remove_prefix(word.size());
  return true;
}

/// Blank, or nothing but a comment (`// …`, `/* … */`).
bool onlyComment(std::string_view line) {
  line = trim(line);
  return line.empty() || line.substr(0, 2) == "//" ||
         (line.substr(0, 2) == "/*" && line.find("*/") == line.size() - 2);
}

} // namespace

std::vector<UnwindPragmas::Pragma> &UnwindPragmas::scan(uint32_t file) {
  auto [it, fresh] = files_.try_emplace(file);
  if (!fresh || file >= sm_.size())
    return it->second;
  const std::string &text = sm_.text(file);
  std::vector<std::string_view> lines;
  for (size_t at = 0; at <= text.size();) {
    size_t end = text.find('\n', at);
    if (end == std::string::npos)
      end = text.size();
    lines.push_back(std::string_view(text).substr(at, end - at));
    at = end + 1;
  }
  for (size_t i = 0; i < lines.size(); ++i) {
    std::string_view rest = lines[i];
    size_t hash = rest.find_first_not_of(" \t");
    if (hash == std::string_view::npos || rest[hash] != '#')
      continue;
    rest.remove_prefix(hash + 1);
    if (!eat(rest, "pragma") || !eat(rest, "locus"))
      continue;
    Pragma p;
    p.line = static_cast<uint32_t>(i + 1);
    p.col = static_cast<uint32_t>(hash + 1);
    if (size_t c = rest.find("//"); c != std::string_view::npos)
      rest = rest.substr(0, c);
    if (eat(rest, "invariant")) {
      p.invariant = true;
      p.bound = trim(rest).empty() ? 0 : 1;
    } else if (eat(rest, "unwind")) {
      rest = trim(rest);
      if (!rest.empty() && rest.size() <= 6 &&
          rest.find_first_not_of("0123456789") == std::string_view::npos) {
        unsigned long k = std::stoul(std::string(rest));
        if (k >= 1 && k <= ir::kMaxUnwind)
          p.bound = static_cast<uint32_t>(k);
      }
    }
    size_t j = i + 1;
    while (j < lines.size() && onlyComment(lines[j]))
      ++j;
    p.target = static_cast<uint32_t>(j + 1);
    it->second.push_back(p);
  }
  return it->second;
}

uint32_t UnwindPragmas::take(SourceLoc at) {
  if (!at.valid())
    return 0;
  for (Pragma &p : scan(at.file))
    if (p.target == at.line && !p.used) {
      p.used = true;
      return p.bound;
    }
  return 0;
}

bool UnwindPragmas::takeInvariant(SourceLoc at) {
  if (!at.valid())
    return false;
  for (Pragma &p : scan(at.file))
    if (p.invariant && p.bound && p.line == at.line && !p.used) {
      p.used = true;
      return true;
    }
  return false;
}

std::string UnwindPragmas::clangText(const std::string &text) {
  std::string out;
  out.reserve(text.size());
  for (size_t at = 0; at <= text.size();) {
    size_t end = text.find('\n', at);
    if (end == std::string::npos)
      end = text.size();
    std::string_view line = std::string_view(text).substr(at, end - at);
    std::string_view rest = line;
    size_t hash = rest.find_first_not_of(" \t");
    bool done = false;
    if (hash != std::string_view::npos && rest[hash] == '#') {
      rest.remove_prefix(hash + 1);
      if (eat(rest, "pragma") && eat(rest, "locus") && eat(rest, "invariant")) {
        if (size_t c = rest.find("//"); c != std::string_view::npos)
          rest = rest.substr(0, c);
        std::string_view e = trim(rest);
        size_t from = e.empty() ? 0 : static_cast<size_t>(e.data() - line.data());
        const std::string call = "__builtin_assume(";
        if (!e.empty() && from >= hash + call.size()) { // always: `#pragma locus invariant ` is longer
          out += std::string(from - call.size(), ' ') + call + std::string(e) + ");";
          done = true;
        }
      }
    }
    if (!done)
      out += line;
    if (end < text.size())
      out += '\n';
    at = end + 1;
  }
  return out;
}

void UnwindPragmas::report(uint32_t file, Diagnostics &diags) {
  scan(file);
  for (auto &[f, pragmas] : files_)
    for (const Pragma &p : pragmas) {
      SourceLoc where{f, p.line, p.col};
      if (p.invariant && !p.bound)
        diags.error(where, "malformed '#pragma locus invariant': expected '#pragma locus invariant EXPR'");
      else if (p.invariant && !p.used)
        diags.error(where, "'#pragma locus invariant' must be the first line of a loop's body (a block), "
                           "before its other statements");
      else if (p.invariant)
        continue;
      else if (!p.bound)
        diags.error(where, "malformed '#pragma locus': expected '#pragma locus unwind K' with K from 1 to " +
                               std::to_string(ir::kMaxUnwind));
      else if (!p.used)
        diags.error(where, "'#pragma locus unwind' must come right before a loop, a label a backward goto "
                           "jumps to, or a function definition");
    }
}

} // namespace locus::c

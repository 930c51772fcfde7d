// A tiny reader for the s-expressions an SMT-LIB 2 solver answers with.
#include "backends/smtlib/sexpr.h"

#include <stdexcept>

namespace locus::backends {

std::string SExpr::toString() const {
  switch (kind) {
  case Kind::Atom: return text;
  case Kind::String: {
    std::string out = "\"";
    for (char c : text)
      out += c == '"' ? std::string("\"\"") : std::string(1, c);
    return out + "\"";
  }
  case Kind::List: {
    std::string out = "(";
    for (size_t i = 0; i < list.size(); ++i)
      out += (i ? " " : "") + list[i].toString();
    return out + ")";
  }
  }
  return {};
}

namespace {

bool isSpace(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/// Parses one s-expression starting at `pos`; on success sets `pos` past it. nullopt when incomplete.
std::optional<SExpr> parseAt(const std::string &s, size_t &pos) {
  std::vector<SExpr> open; // explicit stack of unfinished lists
  size_t i = pos;
  while (true) {
    while (i < s.size() && (isSpace(s[i]) || s[i] == ';')) {
      if (s[i] == ';') {
        while (i < s.size() && s[i] != '\n')
          ++i;
      } else {
        ++i;
      }
    }
    if (i >= s.size())
      return std::nullopt;
    SExpr item;
    char c = s[i];
    if (c == '(') {
      open.emplace_back();
      open.back().kind = SExpr::Kind::List;
      ++i;
      continue;
    }
    if (c == ')') {
      if (open.empty())
        throw std::runtime_error("unbalanced ')' in solver output");
      item = std::move(open.back());
      open.pop_back();
      ++i;
    } else if (c == '"') {
      item.kind = SExpr::Kind::String;
      ++i;
      bool closed = false;
      while (i < s.size()) {
        if (s[i] == '"') {
          if (i + 1 < s.size() && s[i + 1] == '"') {
            item.text += '"';
            i += 2;
            continue;
          }
          if (i + 1 >= s.size())
            return std::nullopt; // cannot tell "" escape from the end yet
          closed = true;
          ++i;
          break;
        }
        item.text += s[i++];
      }
      if (!closed)
        return std::nullopt;
    } else if (c == '|') {
      size_t end = s.find('|', i + 1);
      if (end == std::string::npos)
        return std::nullopt;
      item.text = s.substr(i, end + 1 - i);
      i = end + 1;
    } else {
      size_t start = i;
      while (i < s.size() && !isSpace(s[i]) && s[i] != '(' && s[i] != ')' && s[i] != '"' && s[i] != ';')
        ++i;
      if (i >= s.size() && open.empty())
        return std::nullopt; // the atom may continue in the next chunk
      item.text = s.substr(start, i - start);
    }
    if (open.empty()) {
      pos = i;
      return item;
    }
    open.back().list.push_back(std::move(item));
  }
}

} // namespace

std::optional<SExpr> SExprReader::next() {
  size_t pos = 0;
  auto e = parseAt(buf_, pos);
  if (e)
    buf_.erase(0, pos);
  return e;
}

std::string SExprReader::pending(size_t n) const {
  std::string out;
  for (char c : buf_) {
    if (out.size() >= n)
      return out + "…";
    if (isSpace(c)) {
      if (!out.empty() && out.back() != ' ')
        out += ' ';
    } else {
      out += c;
    }
  }
  while (!out.empty() && out.back() == ' ')
    out.pop_back();
  return out;
}

std::optional<SExpr> parseSExpr(const std::string &text) {
  size_t pos = 0;
  // A lone atom at the end of the text is complete here.
  auto e = parseAt(text + "\n", pos);
  return e;
}

} // namespace locus::backends

// The patch renderer's tokenizer (see lex.h).
#include "repair/patch/lex.h"

#include <array>
#include <cctype>
#include <filesystem>
#include <map>

namespace locus::repair::patch {

Language languageOf(const std::string &path) {
  std::string ext = std::filesystem::path(path).extension().string();
  return ext == ".c" || ext == ".h" || ext == ".i" ? Language::C : Language::Gcl;
}

namespace {

bool identStart(char c) {
  return std::isalpha(static_cast<unsigned char>(c)) || c == '_';
}
bool identChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

// Longest first within each length.
constexpr std::array<std::string_view, 29> kPunct = {
    "...", "<<=", ">>=", "==>", "->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||",
    "+=",  "-=",  "*=",  "/=",  "%=", "&=", "|=", "^=", ":=", "##", "<",  ">",  "=",  "!"};

} // namespace

std::vector<Token> tokenize(std::string_view t, Language lang) {
  std::vector<Token> out;
  size_t i = 0, n = t.size();
  bool lineStart = true; // only whitespace since the last newline (C preprocessor lines)
  while (i < n) {
    char c = t[i];
    if (c == '\n') {
      lineStart = true;
      ++i;
      continue;
    }
    if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
      continue;
    }
    if (c == '/' && i + 1 < n && t[i + 1] == '/') {
      while (i < n && t[i] != '\n')
        ++i;
      continue;
    }
    if (c == '/' && i + 1 < n && t[i + 1] == '*') {
      size_t e = t.find("*/", i + 2);
      i = e == std::string_view::npos ? n : e + 2;
      continue;
    }
    if (lang == Language::C && c == '#' && lineStart) {
      while (i < n && t[i] != '\n') // a directive, with its continuation lines
        i += t[i] == '\\' && i + 1 < n ? 2 : 1;
      continue;
    }
    lineStart = false;
    size_t b = i;
    if (identStart(c)) {
      while (i < n && identChar(t[i]))
        ++i;
    } else if (std::isdigit(static_cast<unsigned char>(c))) {
      // a number as C's preprocessing numbers run: an exponent's sign belongs to it (`1e+5`, `0x1p-1f64`)
      while (i < n && (identChar(t[i]) || t[i] == '.' ||
                       ((t[i] == '+' || t[i] == '-') &&
                        std::string_view("eEpP").find(t[i - 1]) != std::string_view::npos)))
        ++i;
    } else if (c == '"' || (c == '\'' && lang == Language::C)) {
      for (++i; i < n && t[i] != c && t[i] != '\n'; ++i)
        if (t[i] == '\\')
          ++i;
      i = std::min(n, i + 1);
    } else {
      size_t len = 1;
      for (std::string_view p : kPunct)
        if (p.size() > len && t.substr(i, p.size()) == p) {
          len = p.size();
          break;
        }
      i += len;
    }
    out.push_back({b, i, t.substr(b, i - b)});
  }
  return out;
}

bool hasSideEffects(std::string_view text, Language lang) {
  if (lang == Language::Gcl)
    return false;
  std::vector<Token> toks = tokenize(text, lang);
  for (size_t k = 0; k < toks.size(); ++k) {
    std::string_view s = toks[k].text;
    if (s == "++" || s == "--" || s == "," ||
        (s.size() >= 1 && s.back() == '=' && s != "==" && s != "!=" && s != "<=" && s != ">=" &&
         s.size() <= 3))
      return true;
    // A call: an identifier followed by `(` (not a keyword that takes parentheses).
    if (s == "(" && k > 0 && identStart(toks[k - 1].text[0]) && toks[k - 1].text != "sizeof" &&
        toks[k - 1].text != "_Alignof" && toks[k - 1].text != "alignof")
      return true;
  }
  return false;
}

int textPrecedence(std::string_view text, Language lang, int prefix, int atom) {
  static const std::map<std::string_view, int> gcl = {
      {"==>", 1}, {"or", 2}, {"||", 2}, {"and", 3}, {"&&", 3}, {"==", 4}, {"!=", 4},
      {"<", 4},   {"<=", 4}, {">", 4},  {">=", 4},  {"|", 5},  {"^", 6},  {"&", 7},
      {"<<", 8},  {">>", 8}, {"+", 9},  {"-", 9},   {"*", 10}, {"/", 10}, {"%", 10}};
  static const std::map<std::string_view, int> c = {
      {"||", 2}, {"&&", 3}, {"|", 4},  {"^", 5},  {"&", 6},  {"==", 7},  {"!=", 7}, {"<", 8},
      {"<=", 8}, {">", 8},  {">=", 8}, {"<<", 9}, {">>", 9}, {"+", 10},  {"-", 10}, {"*", 11},
      {"/", 11}, {"%", 11}, {"?", 0},  {",", 0},  {"=", 0},  {"+=", 0},  {"-=", 0}, {"*=", 0},
      {"/=", 0}, {"%=", 0}, {"&=", 0}, {"|=", 0}, {"^=", 0}, {"<<=", 0}, {">>=", 0}};
  const auto &table = lang == Language::Gcl ? gcl : c;
  std::vector<Token> toks = tokenize(text, lang);
  int depth = 0, loosest = atom;
  bool operand = false, sawBinary = false; // operand: the previous token ends an operand
  for (size_t k = 0; k < toks.size(); ++k) {
    std::string_view s = toks[k].text;
    if (s == "(" || s == "[") {
      ++depth;
      continue;
    }
    if (s == ")" || s == "]") {
      --depth;
      operand = true;
      continue;
    }
    if (depth > 0)
      continue;
    auto it = table.find(s);
    bool word = identStart(s[0]) && s != "and" && s != "or" && s != "not";
    if (it != table.end() && operand) {
      loosest = std::min(loosest, it->second);
      sawBinary = true;
      operand = false;
    } else if (word || std::isdigit(static_cast<unsigned char>(s[0])) || s[0] == '"' || s[0] == '\'') {
      operand = true;
    } else if (s == "++" || s == "--") {
      // postfix after an operand, prefix before one
    } else if (s == "." || s == "->") {
      operand = false;
    } else {
      operand = false; // a prefix operator
    }
  }
  if (sawBinary)
    return loosest;
  bool startsPrefix = !toks.empty() && !identStart(toks[0].text[0]) &&
                      !std::isdigit(static_cast<unsigned char>(toks[0].text[0])) && toks[0].text != "\"";
  return startsPrefix && !isPostfixText(text, lang) ? prefix : atom;
}

bool isPostfixText(std::string_view text, Language lang) {
  std::vector<Token> toks = tokenize(text, lang);
  if (toks.empty() || toks.front().begin != 0 || toks.back().end != text.size())
    return false;
  char c0 = toks[0].text[0];
  if (!identStart(c0) && !std::isdigit(static_cast<unsigned char>(c0)))
    return false;
  // After the first token: `.id`, `->id`, `[…]`, `(…)`, `++`, `--`, nothing else at depth 0.
  size_t k = 1;
  while (k < toks.size()) {
    std::string_view s = toks[k].text;
    if ((s == "." || s == "->") && k + 1 < toks.size() && identStart(toks[k + 1].text[0])) {
      k += 2;
    } else if (s == "++" || s == "--") {
      ++k;
    } else if (s == "[" || s == "(") {
      int depth = 0;
      for (; k < toks.size(); ++k) {
        std::string_view x = toks[k].text;
        depth += x == "[" || x == "(" ? 1 : x == "]" || x == ")" ? -1 : 0;
        if (depth == 0)
          break;
      }
      if (k == toks.size())
        return false;
      ++k;
    } else {
      return false;
    }
  }
  return true;
}

std::optional<std::string> literalValue(std::string_view text, Language lang) {
  if (text.size() < 2 || text.front() != '"' || text.back() != '"')
    return std::nullopt;
  auto hex = [](char h) {
    return h >= '0' && h <= '9'   ? h - '0'
           : h >= 'a' && h <= 'f' ? h - 'a' + 10
           : h >= 'A' && h <= 'F' ? h - 'A' + 10
                                  : -1;
  };
  std::string out;
  size_t end = text.size() - 1;
  for (size_t i = 1; i < end; ++i) {
    char c = text[i];
    if (c == '"' || c == '\n')
      return std::nullopt;
    if (c != '\\') {
      out += c;
      continue;
    }
    if (++i >= end)
      return std::nullopt;
    char e = text[i];
    switch (e) {
    case 'n': out += '\n'; continue;
    case 't': out += '\t'; continue;
    case 'r': out += '\r'; continue;
    case '"': out += '"'; continue;
    case '\\': out += '\\'; continue;
    default: break;
    }
    if (e == 'x') {
      int v = 0, digits = 0;
      while (i + 1 < end && hex(text[i + 1]) >= 0 && (lang == Language::C || digits < 2)) {
        v = v * 16 + hex(text[++i]);
        if (v > 255)
          return std::nullopt;
        ++digits;
      }
      if (digits == 0 || (lang == Language::Gcl && digits != 2))
        return std::nullopt;
      out += static_cast<char>(v);
      continue;
    }
    if (lang == Language::Gcl)
      return std::nullopt;
    if (e >= '0' && e <= '7') {
      int v = e - '0';
      for (int k = 0; k < 2 && i + 1 < end && text[i + 1] >= '0' && text[i + 1] <= '7'; ++k)
        v = v * 8 + (text[++i] - '0');
      if (v > 255)
        return std::nullopt;
      out += static_cast<char>(v);
      continue;
    }
    switch (e) {
    case 'a': out += '\a'; break;
    case 'b': out += '\b'; break;
    case 'f': out += '\f'; break;
    case 'v': out += '\v'; break;
    case '\'': out += '\''; break;
    case '?': out += '?'; break;
    default: return std::nullopt;
    }
  }
  return out;
}

std::string literalText(const std::string &bytes, Language lang) {
  static const char *digits = "0123456789abcdef";
  std::string out = "\"";
  for (char c : bytes) {
    unsigned char b = static_cast<unsigned char>(c);
    switch (c) {
    case '"': out += "\\\""; break;
    case '\\': out += "\\\\"; break;
    case '\n': out += "\\n"; break;
    case '\t': out += "\\t"; break;
    case '\r': out += "\\r"; break;
    default:
      if (b >= 0x20 && b < 0x7f)
        out += c;
      else if (lang == Language::C)
        out += std::string("\\") + digits[(b >> 6) & 7] + digits[(b >> 3) & 7] + digits[b & 7];
      else
        out += std::string("\\x") + digits[b >> 4] + digits[b & 15];
    }
  }
  return out + "\"";
}

} // namespace locus::repair::patch

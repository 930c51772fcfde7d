// The TextMate grammar grammar/gcl.tmLanguage.json against grammar/GCL.g4: tokenized the way an editor does
// (earliest match first, ties by order), every keyword and operator of the ANTLR grammar gets one token of
// its own with a scope that is not a plain identifier's, the lexer's tokens (numbers, strings, comments, IR
// tags) get theirs, and every keyword the TextMate grammar lists is a word of GCL.g4.
#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <fstream>
#include <map>
#include <optional>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace {

using Json = nlohmann::json;

std::string readFile(const std::string &path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

/// The quoted literals of the parser rules of an ANTLR grammar (lexer rules, named in upper case, skipped).
std::set<std::string> parserLiterals(const std::string &g4) {
  std::set<std::string> out;
  std::string rule;    // the current rule's name
  bool inRule = false; // after its ':'
  size_t i = 0;
  while (i < g4.size()) {
    char c = g4[i];
    if (g4.compare(i, 2, "//") == 0) {
      i = g4.find('\n', i);
      if (i == std::string::npos)
        break;
      continue;
    }
    if (c == '\'') { // a literal, with \ escapes
      std::string lit;
      for (++i; i < g4.size() && g4[i] != '\''; ++i) {
        if (g4[i] == '\\')
          ++i;
        lit += g4[i];
      }
      ++i;
      if (inRule && !rule.empty() && std::islower(static_cast<unsigned char>(rule[0])))
        out.insert(lit);
      continue;
    }
    if (c == '[') { // a character set of a lexer rule
      while (i < g4.size() && g4[i] != ']')
        i += g4[i] == '\\' ? 2 : 1;
      ++i;
      continue;
    }
    if (!inRule && (std::isalpha(static_cast<unsigned char>(c)) || c == '_')) {
      size_t e = i;
      while (e < g4.size() && (std::isalnum(static_cast<unsigned char>(g4[e])) || g4[e] == '_'))
        ++e;
      rule = g4.substr(i, e - i);
      i = e;
      continue;
    }
    if (c == ':' && !inRule)
      inRule = true;
    else if (c == ';') {
      inRule = false;
      rule.clear();
    }
    ++i;
  }
  return out;
}

struct Rule {
  std::string name;
  std::regex match, begin, end;
  bool beginEnd = false;
  std::map<int, std::string> captures;
  std::string source;       ///< the match (or begin) pattern as written
  std::vector<Rule> inside; ///< a begin/end rule's own patterns (a string's escapes)
};

/// The grammar's top-level patterns with every `include` of the repository expanded, in order.
void flatten(const Json &patterns, const Json &repo, std::vector<Rule> &out) {
  for (const Json &p : patterns) {
    if (p.contains("include")) {
      std::string ref = p["include"];
      REQUIRE(ref.size() > 1);
      REQUIRE(repo.contains(ref.substr(1)));
      flatten(repo[ref.substr(1)]["patterns"], repo, out);
      continue;
    }
    Rule r;
    r.name = p.value("name", "");
    if (p.contains("begin")) {
      r.beginEnd = true;
      r.source = p["begin"];
      r.begin = std::regex(r.source);
      r.end = std::regex(p["end"].get<std::string>());
      if (p.contains("patterns"))
        flatten(p["patterns"], repo, r.inside);
    } else {
      r.source = p["match"];
      r.match = std::regex(r.source);
    }
    if (p.contains("captures"))
      for (const auto &[k, v] : p["captures"].items())
        r.captures[std::stoi(k)] = v["name"];
    out.push_back(std::move(r));
  }
}

struct Token {
  size_t begin, end;
  std::string scope;
};

/// One line tokenized as a TextMate editor does: at each position the rule whose match starts first wins
/// (ties: the earlier rule); a begin/end rule spans to its end match (or the end of the line).
std::vector<Token> tokenize(const std::vector<Rule> &rules, const std::string &line) {
  std::vector<Token> out;
  size_t pos = 0;
  while (pos < line.size()) {
    const Rule *best = nullptr;
    std::smatch bestMatch;
    size_t bestStart = std::string::npos;
    for (const Rule &r : rules) {
      std::smatch m;
      auto flags = pos > 0 ? std::regex_constants::match_prev_avail : std::regex_constants::match_default;
      if (!std::regex_search(line.begin() + static_cast<long>(pos), line.end(), m,
                             r.beginEnd ? r.begin : r.match, flags))
        continue;
      size_t start = static_cast<size_t>(m[0].first - line.begin());
      if (start < bestStart) {
        best = &r;
        bestMatch = m;
        bestStart = start;
      }
    }
    if (!best)
      break;
    size_t end = static_cast<size_t>(bestMatch[0].second - line.begin());
    if (best->beginEnd) {
      // The end is the first end match that no inner pattern (an escape) starts before.
      for (;;) {
        auto from = line.begin() + static_cast<long>(end);
        std::smatch e, in;
        if (!std::regex_search(from, line.end(), e, best->end, std::regex_constants::match_prev_avail)) {
          end = line.size();
          break;
        }
        bool inner = false;
        for (const Rule &r : best->inside)
          if (std::regex_search(from, line.end(), in, r.match, std::regex_constants::match_prev_avail) &&
              in[0].first < e[0].first && in.length(0) > 0) {
            inner = true;
            end = static_cast<size_t>(in[0].second - line.begin());
            break;
          }
        if (!inner) {
          end = static_cast<size_t>(e[0].second - line.begin());
          break;
        }
      }
      out.push_back({bestStart, end, best->name});
    } else if (!best->captures.empty()) {
      for (const auto &[g, scope] : best->captures)
        if (bestMatch[g].matched)
          out.push_back({static_cast<size_t>(bestMatch[g].first - line.begin()),
                         static_cast<size_t>(bestMatch[g].second - line.begin()), scope});
    } else {
      out.push_back({bestStart, end, best->name});
    }
    pos = std::max(end, bestStart + 1);
  }
  return out;
}

/// The scope of the token that spans exactly [begin, end) of `line`, or nullopt.
std::optional<std::string> scopeOf(const std::vector<Rule> &rules, const std::string &line, size_t begin,
                                   size_t end) {
  for (const Token &t : tokenize(rules, line))
    if (t.begin == begin && t.end == end)
      return t.scope;
  return std::nullopt;
}

struct Grammars {
  std::set<std::string> literals;
  Json tm;
  std::vector<Rule> rules;
  Grammars() {
    literals = parserLiterals(readFile(LOCUS_SOURCE_DIR "/grammar/GCL.g4"));
    tm = Json::parse(readFile(LOCUS_SOURCE_DIR "/grammar/gcl.tmLanguage.json"));
    flatten(tm["patterns"], tm["repository"], rules);
  }
};

} // namespace

TEST_CASE("the ANTLR grammar's literals are read") {
  Grammars g;
  // A sample of each kind, so a broken reader cannot pass the coverage test below with an empty set.
  for (const char *lit : {"proc", "nondet", "concrete", "==>", ":=", "!=", "&&", "@", "[", ";", "returns"})
    CHECK(g.literals.count(lit) == 1);
  CHECK(g.literals.count("//") == 0); // a lexer rule's
  CHECK(g.literals.size() > 50);
}

TEST_CASE("every keyword and operator of GCL.g4 is one token with a scope of its own") {
  Grammars g;
  for (const std::string &lit : g.literals) {
    std::string line = "a " + lit + " b";
    std::optional<std::string> scope = scopeOf(g.rules, line, 2, 2 + lit.size());
    INFO("literal '" << lit << "'");
    REQUIRE(scope.has_value());
    CHECK(!scope->empty());
    CHECK(scope->rfind("invalid", 0) != 0);
    CHECK(scope->rfind("variable.other", 0) != 0); // a keyword is no identifier
  }
}

TEST_CASE("the lexer's tokens: numbers, strings, comments, statement tags, locations") {
  Grammars g;
  struct Case {
    std::string line, token, scope;
  };
  for (const Case &c : std::vector<Case>{
           {"x := 42;", "42", "constant.numeric.integer.gcl"},
           {"assert x, \"a \\\"quoted\\\" word\";", "\"a \\\"quoted\\\" word\"", "string.quoted.double.gcl"},
           {"x := 1; // a note := 2", "// a note := 2", "comment.line.double-slash.gcl"},
           {"/* proc x */ skip;", "/* proc x */", "comment.block.gcl"},
           {"#12 @3:5 x := 1;", "#12", "constant.other.statement-id.gcl"},
           {"#12 @3:5 x := 1;", "@3:5", "constant.other.location.gcl"},
           {"proc reverse(h: Node) returns (r: Node)", "reverse", "entity.name.function.gcl"},
           {"type Node { next: Node; }", "Node", "entity.name.type.gcl"},
           {"x := y1;", "y1", "variable.other.gcl"},
       }) {
    INFO(c.line << " / " << c.token);
    size_t at = c.line.find(c.token);
    REQUIRE(at != std::string::npos);
    CHECK(scopeOf(g.rules, c.line, at, at + c.token.size()) == c.scope);
  }
}

TEST_CASE("every keyword the TextMate grammar lists is a word of GCL.g4") {
  Grammars g;
  // `temp x: T;` declares a temporary in printed IR; GCL.g4 reads `temp` as an identifier (tempDecl).
  std::set<std::string> extra{"temp"};
  static const std::regex words(R"(\\b\(([a-z|]+)\)\\b)");
  size_t listed = 0;
  for (const Rule &r : g.rules) {
    std::smatch m;
    if (!std::regex_search(r.source, m, words))
      continue;
    std::stringstream ss(m[1].str());
    std::string w;
    while (std::getline(ss, w, '|')) {
      INFO("'" << w << "' in " << r.source);
      CHECK((g.literals.count(w) == 1 || extra.count(w) == 1));
      ++listed;
    }
  }
  CHECK(listed > 20);
}

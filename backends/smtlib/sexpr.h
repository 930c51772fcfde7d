// A tiny reader for the s-expressions an SMT-LIB 2 solver answers with.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace locus::backends {

struct SExpr {
  enum class Kind { Atom, String, List };
  Kind kind = Kind::Atom;
  std::string text; ///< Atom: the token (|quoted| symbols keep their bars); String: the contents
  std::vector<SExpr> list;

  bool isAtom(const char *s) const { return kind == Kind::Atom && text == s; }
  bool isList() const { return kind == Kind::List; }
  /// Canonical text: single spaces, strings re-quoted.
  std::string toString() const;
};

/// Accumulates solver output and hands out complete s-expressions one at a time.
class SExprReader {
public:
  void feed(const char *data, size_t n) { buf_.append(data, n); }
  /// The next complete s-expression, or nullopt when more input is needed. Throws std::runtime_error on a
  /// stray ')'.
  std::optional<SExpr> next();
  /// Whether the input not yet handed out contains `text`.
  bool holds(const std::string &text) const { return buf_.find(text) != std::string::npos; }
  /// The input not yet handed out, its white space runs as single spaces, cut to `n` characters (for
  /// messages).
  std::string pending(size_t n) const;

private:
  std::string buf_;
};

/// Parses exactly one s-expression from `text` (nullopt when incomplete).
std::optional<SExpr> parseSExpr(const std::string &text);

} // namespace locus::backends

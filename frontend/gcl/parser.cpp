// GCL parser: runs the ANTLR-generated lexer/parser and converts the parse tree into the AST of ast.h.
#include "frontend/gcl/frontend.h"
#include "ir/floats.h"
#include "ir/ints.h"

#include "GCLLexer.h"
#include "GCLParser.h"
#include "antlr4-runtime.h"

#include <algorithm>
#include <map>
#include <set>

namespace locus::gcl {
namespace {

using gclgen::GCLLexer;
using gclgen::GCLParser;

/// Maximum bracket/prefix nesting accepted before parsing (the ANTLR parser recurses on it).
constexpr int kMaxNesting = 200;
/// Maximum depth of the tree walk that builds the AST (long operator chains nest without brackets).
constexpr int kMaxTreeDepth = 1000;

/// A character stream with one code point per byte, so that token columns and start/stop indices are
/// byte offsets (matching the diagnostics' carets), and invalid UTF-8 cannot make the runtime throw.
class ByteStream : public antlr4::ANTLRInputStream {
public:
  explicit ByteStream(const std::string &text) {
    _data.clear();
    _data.reserve(text.size());
    // Bytes above 0x7f (in strings, comments, or stray) all become 0x7f, which no token but strings, comments
    // and ERROR_CHAR accept, just as they accept the bytes themselves: the lexer's DFA caches transitions
    // only for code points below 128, and random bytes made it simulate its ATN on every one (seconds per
    // megabyte). Token texts are taken from the file's bytes (Builder::textOf), not from this stream.
    for (unsigned char c : text)
      _data.push_back(static_cast<char32_t>(c < 0x80 ? c : 0x7f));
    p = 0;
  }
};

/// Token types of the grammar's literal tokens, looked up by spelling in the vocabulary.
class TokenTypes {
public:
  explicit TokenTypes(const antlr4::dfa::Vocabulary &v) {
    for (size_t t = 1; t <= v.getMaxTokenType(); ++t) {
      std::string lit = v.getLiteralName(t);
      if (lit.size() >= 2 && lit.front() == '\'')
        byText_[lit.substr(1, lit.size() - 2)] = t;
    }
  }
  size_t operator()(const std::string &text) const {
    auto it = byText_.find(text);
    return it == byText_.end() ? 0 : it->second;
  }

private:
  std::map<std::string, size_t> byText_;
};

struct SyntaxError {
  SourceLoc loc;
  std::string message;
};

/// `'x'` for a token, `end of file` for EOF; long texts are shortened.
std::string tokenDisplay(antlr4::Token *t) {
  if (!t || t->getType() == antlr4::Token::EOF)
    return "end of file";
  std::string s = t->getText();
  if (s.size() > 24)
    s = s.substr(0, 21) + "...";
  std::replace_if(
      s.begin(), s.end(), [](char c) { return c == 0x7f || (c >= 0 && c < 0x20); }, '?'); // ByteStream
  return "'" + s + "'";
}

/// `'c'` for a printable character, `'\xNN'` otherwise.
std::string charDisplay(unsigned char c) {
  if (c >= 0x20 && c < 0x7f)
    return std::string("'") + static_cast<char>(c) + "'";
  static const char *hex = "0123456789abcdef";
  return std::string("'\\x") + hex[c >> 4] + hex[c & 15] + "'";
}

/// Collects syntax errors of one file; sorted by position before they reach Diagnostics.
class ErrorSink {
public:
  /// `limit`: the diagnostics' error limit (0: none); once that many errors are collected, parsing stops.
  ErrorSink(uint32_t file, size_t limit) : file_(file), limit_(limit) {}
  bool full() const { return limit_ != 0 && errors_.size() >= limit_; }
  SourceLoc locOf(antlr4::Token *t) const {
    if (!t)
      return {file_, 1, 1};
    return {file_, static_cast<uint32_t>(std::max<size_t>(t->getLine(), 1)),
            static_cast<uint32_t>(t->getCharPositionInLine() + 1)};
  }
  void add(SourceLoc loc, std::string msg) {
    if (!full())
      errors_.push_back({loc, std::move(msg)});
    else
      ++extra_;
  }
  void add(antlr4::Token *t, std::string msg) { add(locOf(t), std::move(msg)); }
  void flush(Diagnostics &diags) {
    // After an unterminated string the rest of its line is string text, not code: drop the noise.
    std::vector<SourceLoc> strings;
    for (auto &e : errors_)
      if (e.message == "unterminated string literal")
        strings.push_back(e.loc);
    std::erase_if(errors_, [&](const SyntaxError &e) {
      for (SourceLoc s : strings)
        if (e.loc.line == s.line && e.loc.col > s.col)
          return true;
      return false;
    });
    std::stable_sort(errors_.begin(), errors_.end(), [](const SyntaxError &a, const SyntaxError &b) {
      return a.loc.line != b.loc.line ? a.loc.line < b.loc.line : a.loc.col < b.loc.col;
    });
    errors_.erase(std::unique(errors_.begin(), errors_.end(),
                              [](const SyntaxError &a, const SyntaxError &b) {
                                return a.loc == b.loc && a.message == b.message;
                              }),
                  errors_.end());
    for (auto &e : errors_)
      diags.error(e.loc, std::move(e.message));
    for (size_t i = 0; i < extra_; ++i) // counted beyond the limit (the parse stopped there)
      diags.error(SourceLoc{file_, 1, 1}, "");
    errors_.clear();
    extra_ = 0;
  }
  uint32_t file() const { return file_; }

private:
  uint32_t file_;
  size_t limit_;
  size_t extra_ = 0;
  std::vector<SyntaxError> errors_;
};

/// Thrown to stop parsing once the error limit is reached (the rest of the file would only add errors).
struct TooManyErrors {};

/// Lexer errors (rare: every stray character is an ERROR_CHAR token) and anything else reported
/// through the listener interface; replaces the console listener.
class Listener : public antlr4::BaseErrorListener {
public:
  explicit Listener(ErrorSink &sink) : sink_(sink) {}
  void syntaxError(antlr4::Recognizer *, antlr4::Token *tok, size_t line, size_t col, const std::string &,
                   std::exception_ptr) override {
    SourceLoc loc{sink_.file(), static_cast<uint32_t>(std::max<size_t>(line, 1)),
                  static_cast<uint32_t>(col + 1)};
    sink_.add(loc, tok ? "unexpected " + tokenDisplay(tok) : "invalid input");
  }

private:
  ErrorSink &sink_;
};

/// The default ANTLR recovery, with messages worded for humans instead of token-set dumps.
class Strategy : public antlr4::DefaultErrorStrategy {
public:
  Strategy(ErrorSink &sink, const TokenTypes &tt) : sink_(sink), tt_(tt) {}

  void reportError(antlr4::Parser *p, const antlr4::RecognitionException &e) override {
    if (sink_.full())
      throw TooManyErrors{};
    if (inErrorRecoveryMode(p))
      return;
    beginErrorCondition(p);
    antlr4::Token *t = e.getOffendingToken();
    if (!t)
      t = p->getCurrentToken();
    if (std::optional<std::string> m = bracketMessage(p, t))
      sink_.add(t, *m);
    else if (dynamic_cast<const antlr4::InputMismatchException *>(&e))
      report(p, t, expectedMessage(p, e.getExpectedTokens(), t));
    else
      report(p, t, noViableMessage(p, t));
  }

protected:
  void reportUnwantedToken(antlr4::Parser *p) override {
    if (sink_.full())
      throw TooManyErrors{};
    if (inErrorRecoveryMode(p))
      return;
    beginErrorCondition(p);
    antlr4::Token *t = p->getCurrentToken();
    size_t rule = ruleOf(p);
    size_t ty = t ? t->getType() : 0;
    if (ty == antlr4::Token::EOF)
      report(p, t, expectedMessage(p, getExpectedTokens(p), t));
    else if ((rule == GCLParser::RuleProgram || rule == GCLParser::RuleDecl) && ty != tt_(")") &&
             ty != tt_("]") && ty != tt_("}"))
      sink_.add(t, "expected a declaration, found " + tokenDisplay(t));
    else if (std::optional<std::string> m = bracketMessage(p, t))
      sink_.add(t, *m);
    else if (antlr4::Token *prev = previous(p, t); prev && expectsExpressionAfter(prev->getType()))
      sink_.add(t, "expected an expression, found " + tokenDisplay(t));
    else
      sink_.add(t, "unexpected " + tokenDisplay(t));
  }

  /// Adds an error; a missing ';' is located just after the token it should follow (like clang).
  void report(antlr4::Parser *p, antlr4::Token *t, std::string msg) {
    if (msg.rfind("expected ';'", 0) == 0) {
      if (antlr4::Token *prev = previous(p, t)) {
        SourceLoc l = sink_.locOf(prev);
        size_t a = prev->getStartIndex(), b = prev->getStopIndex();
        if (a != INVALID_INDEX && b != INVALID_INDEX && b >= a)
          l.col += static_cast<uint32_t>(b - a + 1);
        sink_.add(l, std::move(msg));
        return;
      }
    }
    sink_.add(t, std::move(msg));
  }

  /// Never recover by deleting a ';' or '}': they end the construct the user was writing, so deleting one
  /// turns a single mistake into a cascade of errors on the following lines.
  antlr4::Token *singleTokenDeletion(antlr4::Parser *p) override {
    size_t la = p->getInputStream()->LA(1);
    if (la == tt_(";") || la == tt_("}"))
      return nullptr;
    return DefaultErrorStrategy::singleTokenDeletion(p);
  }

  /// Between the statements of a block (and the declarations of a file), a new item starts: once the
  /// parser has resynchronized there, errors in that item are new errors and are reported. (ANTLR stays in
  /// error-recovery mode until it next matches a token, and its lookahead can fail on the next statement
  /// before matching anything, so that statement's error used to be dropped: `x 1; x := ;`.)
  void sync(antlr4::Parser *p) override {
    if (ruleOf(p) == GCLParser::RuleBlock && !inErrorRecoveryMode(p)) {
      // A token that cannot start a statement (nor end the block): report it once and skip to one that can
      // (ANTLR's own sync gives up on the whole block here, hiding every later error in it).
      antlr4::misc::IntervalSet expected = p->getExpectedTokens();
      antlr4::Token *t = p->getCurrentToken();
      if (t && t->getType() != antlr4::Token::EOF && !expected.contains(t->getType())) {
        reportUnwantedToken(p);
        while (p->getCurrentToken()->getType() != antlr4::Token::EOF &&
               !expected.contains(p->getCurrentToken()->getType()))
          p->consume();
        endErrorCondition(p);
        return;
      }
    }
    DefaultErrorStrategy::sync(p);
    size_t rule = ruleOf(p);
    antlr4::Token *t = p->getCurrentToken();
    if (inErrorRecoveryMode(p) && (rule == GCLParser::RuleBlock || rule == GCLParser::RuleProgram) && t &&
        t->getStartIndex() > lastError_)
      endErrorCondition(p); // only past the last error: the recovery itself must not report again
  }

  /// Remembers where the last error was (see sync) whenever the parser enters error-recovery mode.
  void beginErrorCondition(antlr4::Parser *p) override {
    DefaultErrorStrategy::beginErrorCondition(p);
    if (antlr4::Token *t = p->getCurrentToken(); t && t->getStartIndex() != INVALID_INDEX)
      lastError_ = std::max(lastError_, t->getStartIndex());
  }

  void reportMissingToken(antlr4::Parser *p) override {
    if (sink_.full())
      throw TooManyErrors{};
    if (inErrorRecoveryMode(p))
      return;
    beginErrorCondition(p);
    antlr4::Token *t = p->getCurrentToken();
    if (std::optional<std::string> m = bracketMessage(p, t))
      sink_.add(t, *m);
    else
      report(p, t, expectedMessage(p, getExpectedTokens(p), t));
  }

private:
  /// A `[` of an array type or of an allocation's inner arrays followed by something else than `]`
  /// (`int[3]`, `x: Node[n]`, `new int[2][3]`): the parser's own message would ask for an expression.
  std::optional<std::string> bracketMessage(antlr4::Parser *p, antlr4::Token *t) const {
    antlr4::Token *open = previous(p, t);
    if (!t || !open || open->getType() != tt_("[") || t->getType() == tt_("]"))
      return std::nullopt;
    // Back over the bracket groups before this one (`[2][]`) to the name or type word they follow.
    antlr4::Token *x = previous(p, open);
    bool groups = false;
    while (x && x->getType() == tt_("]")) {
      int depth = 0;
      do {
        if (x->getType() == tt_("]"))
          ++depth;
        else if (x->getType() == tt_("["))
          --depth;
        x = previous(p, x);
      } while (x && depth > 0);
      groups = true;
    }
    if (!x || (x->getType() != GCLParser::ID && !isTypeWord(x->getType())))
      return std::nullopt;
    antlr4::Token *before = previous(p, x);
    size_t b = before ? before->getType() : 0;
    std::string found = "expected ']', found " + tokenDisplay(t);
    if (b == tt_("new") && groups)
      return found + " (only the outer array has a length: 'new T[n][]')";
    if (b == tt_(":") || (isTypeWord(x->getType()) && b != tt_("new")))
      return found + " (an array type is written 'T[]')";
    return std::nullopt;
  }

  bool isTypeWord(size_t type) const {
    for (const char *w :
         {"bool", "int", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"})
      if (type == tt_(w))
        return true;
    return false;
  }

  std::string tokenName(antlr4::Parser *p, ssize_t type) const {
    if (type == -1)
      return "end of file";
    switch (type) {
    case GCLParser::ID: return "identifier";
    case GCLParser::INT: return "integer";
    case GCLParser::STRING: return "string";
    case GCLParser::STMT_ID: return "statement tag";
    default: return p->getVocabulary().getLiteralName(type);
    }
  }

  size_t ruleOf(antlr4::Parser *p) const {
    auto *ctx = p->getContext();
    return ctx ? ctx->getRuleIndex() : size_t(GCLParser::RuleProgram);
  }

  std::string expectedMessage(antlr4::Parser *p, const antlr4::misc::IntervalSet &exp,
                              antlr4::Token *t) const {
    bool atEof = t && t->getType() == antlr4::Token::EOF;
    const ssize_t semi = static_cast<ssize_t>(tt_(";"));
    // When a ';' would do, suggest it: a forgotten ';' is the usual mistake.
    if (exp.size() == 1 || (exp.contains(semi) && exp.size() <= 4 && !exp.contains(size_t(GCLParser::ID)))) {
      ssize_t want = exp.contains(semi) ? semi : exp.getMinElement();
      if (want == semi) {
        switch (ruleOf(p)) {
        case GCLParser::RuleStmtBody: return "expected ';' after statement";
        case GCLParser::RuleImportDecl: return "expected ';' after import";
        case GCLParser::RuleGlobalDecl:
        case GCLParser::RuleFieldDecl: return "expected ';' after declaration";
        default: return "expected ';'";
        }
      }
      if (want == static_cast<ssize_t>(tt_(")")) || want == static_cast<ssize_t>(tt_("]")) ||
          want == static_cast<ssize_t>(tt_("}")))
        return "missing " + tokenName(p, want);
      return "expected " + tokenName(p, want) + ", found " + tokenDisplay(t);
    }
    if (atEof && exp.contains(tt_("}")))
      return "missing '}' at end of file";
    if (atEof)
      return "unexpected end of file";
    if (ruleOf(p) == GCLParser::RuleProgram || ruleOf(p) == GCLParser::RuleDecl)
      return "expected a declaration, found " + tokenDisplay(t);
    if (exp.contains(size_t(GCLParser::INT)) && exp.contains(size_t(GCLParser::ID)) && exp.contains(tt_("(")))
      return "expected an expression, found " + tokenDisplay(t);
    if (exp.size() <= 3) {
      std::string s = "expected ";
      auto list = exp.toList();
      for (size_t i = 0; i < list.size(); ++i) {
        if (i)
          s += i + 1 == list.size() ? " or " : ", ";
        s += tokenName(p, list[i]);
      }
      return s + ", found " + tokenDisplay(t);
    }
    return "unexpected " + tokenDisplay(t);
  }

  /// The on-channel token before `t`, or nullptr.
  antlr4::Token *previous(antlr4::Parser *p, antlr4::Token *t) const {
    auto *ts = dynamic_cast<antlr4::BufferedTokenStream *>(p->getTokenStream());
    if (!ts || !t)
      return nullptr;
    for (size_t i = t->getTokenIndex(); i-- > 0;) {
      antlr4::Token *x = ts->get(i);
      if (x->getChannel() == antlr4::Token::DEFAULT_CHANNEL)
        return x;
    }
    return nullptr;
  }

  /// Tokens after which only an expression can follow (`x := `, `a + `, `not `, `(` …).
  bool expectsExpressionAfter(size_t type) const {
    static const char *const ops[] = {":=", "return", "assert", "assume", "+", "-",  "*",   "/",  "%",
                                      "==", "!=",     "<",      "<=",     ">", ">=", "and", "&&", "or",
                                      "||", "==>",    "not",    "!",      "(", "[",  ","};
    for (const char *op : ops)
      if (type == tt_(op))
        return true;
    return false;
  }

  std::string noViableMessage(antlr4::Parser *p, antlr4::Token *t) {
    if (t && t->getType() == antlr4::Token::EOF)
      return expectedMessage(p, getExpectedTokens(p), t);
    antlr4::Token *prev = previous(p, t);
    if (prev && expectsExpressionAfter(prev->getType()) && t->getType() != GCLParser::ID &&
        t->getType() != GCLParser::INT)
      return "expected an expression, found " + tokenDisplay(t);
    switch (ruleOf(p)) {
    case GCLParser::RuleDecl: return "expected a declaration, found " + tokenDisplay(t);
    case GCLParser::RuleExpr: return "expected an expression, found " + tokenDisplay(t);
    case GCLParser::RuleTypeName: return "expected a type, found " + tokenDisplay(t);
    default: return "unexpected " + tokenDisplay(t);
    }
  }

  ErrorSink &sink_;
  const TokenTypes &tt_;
  size_t lastError_ = 0;
};

/// Whether the token at `i` follows an assignment's target at the start of a statement: `x`, `p.f`,
/// `a[i]` after `;`, `{`, `}`, a statement's tag or the start of the file (hidden tokens skipped).
bool startsStatement(antlr4::CommonTokenStream &tokens, size_t i, const TokenTypes &tt) {
  const size_t id = GCLParser::ID, dot = tt("."), lbrack = tt("["), rbrack = tt("]");
  int open = 0; // `]` seen going back, not yet matched
  bool any = false;
  while (i-- > 0) {
    antlr4::Token *t = tokens.get(i);
    if (t->getChannel() != antlr4::Token::DEFAULT_CHANNEL)
      continue;
    size_t ty = t->getType();
    if (open > 0) {
      if (ty == tt(";") || ty == tt("{") || ty == tt("}"))
        return false; // an unmatched `]`: not a target
      open += ty == rbrack ? 1 : ty == lbrack ? -1 : 0;
      continue;
    }
    if (ty == rbrack) {
      ++open;
      continue;
    }
    if (ty == id || ty == dot) {
      any = true;
      continue;
    }
    if (ty == GCLParser::INT && i >= 2) { // the end of a tag `#id @line:col` or `@line:col` (printed IR)
      antlr4::Token *colon = tokens.get(i - 1);
      return any && colon->getType() == tt(":");
    }
    return any && (ty == tt(";") || ty == tt("{") || ty == tt("}") || ty == GCLParser::STMT_ID);
  }
  return any && open == 0;
}

/// Whether `ID (` with the `(` at `i`, after the token `before`, is a call inside an expression: after an
/// operator, `(`, `,`, `[`, `assert`, `assume`, `if`, `while` or `halt`, or after `:=` when more of the right
/// side follows the call's `)` (`x := f(…);` is a call statement). GCL has no calls inside expressions.
bool callInExpression(antlr4::CommonTokenStream &tokens, size_t i, size_t before, const TokenTypes &tt) {
  static const char *const expressionContext[] = {
      "(", ",",   "[",   "==", "!=",  "<",      "<=",     ">",  ">=",    "+",   "-",
      "*", "/",   "%",   "&&", "||",  "&",      "|",      "^",  "~",     "<<",  ">>",
      "!", "==>", "and", "or", "not", "assert", "assume", "if", "while", "halt"};
  for (const char *w : expressionContext)
    if (before == tt(w) && before != 0)
      return true;
  if (before != tt(":="))
    return false;
  int open = 0; // the right side must end at the `)` that matches
  for (size_t k = i; k < tokens.size(); ++k) {
    antlr4::Token *t = tokens.get(k);
    size_t ty = t->getType();
    if (t->getChannel() != antlr4::Token::DEFAULT_CHANNEL)
      continue;
    if (open == 0 && k > i)
      return ty != tt(";");
    if (ty == tt(";") || ty == tt("{") || ty == tt("}"))
      return false; // no matching `)` in the statement: the parser's error
    open += ty == tt("(") ? 1 : ty == tt(")") ? -1 : 0;
  }
  return false;
}

/// Reports stray characters, hides them from the parser, and rejects inputs nested so deeply that the
/// recursive-descent parser could overflow the stack. Returns false when parsing must not run.
bool prescan(antlr4::CommonTokenStream &tokens, const std::string &text, const TokenTypes &tt,
             ErrorSink &sink) {
  tokens.fill();
  const size_t lparen = tt("("), lbrack = tt("["), lbrace = tt("{");
  const size_t rparen = tt(")"), rbrack = tt("]"), rbrace = tt("}");
  const size_t minus = tt("-"), notKw = tt("not"), bang = tt("!"), implies = tt("==>"), tilde = tt("~");
  const size_t semi = tt(";"), comma = tt(","), elseKw = tt("else"), ifKw = tt("if");
  const size_t trueKw = tt("true"), falseKw = tt("false"), nullKw = tt("null");
  // Words a `[` after which indexes an array or makes an array type (`a[i]`, `int32[]`), not a guard.
  std::set<size_t> typeWords = {tt("bool")};
  for (const char *w : {"int", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"})
    typeWords.insert(tt(w));

  // Estimate of the parser's recursion depth: open brackets, plus the prefix operators, `==>` and guards
  // of the current statement, plus the `else if` chains still open. A constant-factor estimate suffices.
  int depth = 0, chain = 0;
  std::vector<int> elseIfs(1, 0); // per open brace
  int elseIfTotal = 0;
  size_t prev = 0, prevPrev = 0, prevAt = 0; // the last two tokens on the default channel, the last's index
  bool tooDeep = false, callInExpr = false;
  std::vector<bool> guards; // per open `[`: a guard's (else an index's or an array type's)
  bool closedGuard = false; // the last `]` closed a guard
  for (size_t i = 0; i < tokens.size(); ++i) {
    if (sink.full()) // enough errors: no parse, and no point scanning further
      return false;
    antlr4::Token *t = tokens.get(i);
    size_t ty = t->getType();
    if (ty == GCLLexer::UNTERMINATED_COMMENT) {
      if (auto *ct = dynamic_cast<antlr4::CommonToken *>(t))
        ct->setChannel(antlr4::Token::HIDDEN_CHANNEL);
      sink.add(t, "unterminated comment: '/*' without '*/'");
      continue;
    }
    if (ty == GCLLexer::ERROR_CHAR) {
      if (auto *ct = dynamic_cast<antlr4::CommonToken *>(t))
        ct->setChannel(antlr4::Token::HIDDEN_CHANNEL);
      // ByteStream made every byte one code point, so the start index is the byte offset.
      size_t start = t->getStartIndex();
      unsigned char c = start < text.size() ? static_cast<unsigned char>(text[start]) : 0;
      if (c == '=' && startsStatement(tokens, i, tt)) {
        // `r = x;`: one error with the hint, and the parser reads `:=` (no cascade of errors after it)
        sink.add(t, "unexpected '=': assignment is written ':=' (and equality '==')");
        if (auto *ct = dynamic_cast<antlr4::CommonToken *>(t)) {
          ct->setType(tt(":="));
          ct->setChannel(antlr4::Token::DEFAULT_CHANNEL);
        }
        prevPrev = prev;
        prev = tt(":=");
        prevAt = i;
        continue;
      }
      if (c == '=' && (prev == GCLParser::ID || prev == GCLParser::INT || prev == rparen || prev == rbrack ||
                       prev == trueKw || prev == falseKw || prev == nullKw)) {
        // `if (x = 1)`: one error with the hint, and the parser reads `==`
        sink.add(t, "unexpected '=': equality is written '==' (and assignment ':=')");
        if (auto *ct = dynamic_cast<antlr4::CommonToken *>(t)) {
          ct->setType(tt("=="));
          ct->setChannel(antlr4::Token::DEFAULT_CHANNEL);
        }
        prevPrev = prev;
        prev = tt("==");
        prevAt = i;
        continue;
      }
      sink.add(t, c == '"' ? std::string("unterminated string literal")
                           : "unexpected character " + charDisplay(c));
      continue;
    }
    if (t->getChannel() != antlr4::Token::DEFAULT_CHANNEL || ty == antlr4::Token::EOF)
      continue;
    if (ty == lparen && prev == GCLParser::ID && callInExpression(tokens, i, prevPrev, tt)) {
      // `r := g(x) + 1;`, `assert g(x) > 0;`: one error, and no parse (its errors would only follow from it)
      sink.add(tokens.get(prevAt), "a call cannot be part of an expression: call '" +
                                       tokens.get(prevAt)->getText() + "' in a statement of its own ('y := " +
                                       tokens.get(prevAt)->getText() + "(…);') and use its result");
      callInExpr = true;
    }
    bool operandEnd = prev == GCLParser::ID || prev == GCLParser::INT || prev == rparen || prev == trueKw ||
                      prev == falseKw || prev == nullKw;
    if (ty == lparen || ty == lbrack || ty == lbrace) {
      ++depth;
      if (ty == lbrack) {
        bool guard = !(prev == GCLParser::ID || typeWords.count(prev) || (prev == rbrack && !closedGuard));
        guards.push_back(guard);
        if (guard)
          ++chain; // a guard nests the statement after its `]`
      }
      if (ty == lbrace) {
        chain = 0;
        elseIfs.push_back(0);
      }
    } else if (ty == rparen || ty == rbrack || ty == rbrace) {
      depth = std::max(0, depth - 1);
      if (ty == rbrack) {
        closedGuard = !guards.empty() && guards.back();
        if (!guards.empty())
          guards.pop_back();
      }
      if (ty == rbrace) {
        chain = 0;
        if (elseIfs.size() > 1) {
          elseIfTotal -= elseIfs.back();
          elseIfs.pop_back();
        }
      }
    } else if (ty == notKw || ty == bang || ty == tilde || ty == implies || (ty == minus && !operandEnd)) {
      ++chain;
    } else if (ty == semi || ty == comma) {
      chain = 0;
      if (ty == semi) {
        elseIfTotal -= elseIfs.back();
        elseIfs.back() = 0;
      }
    } else if (ty == ifKw && prev == elseKw) {
      ++elseIfs.back();
      ++elseIfTotal;
    }
    prevPrev = prev;
    prev = ty;
    prevAt = i;
    if (!tooDeep && depth + chain + elseIfTotal > kMaxNesting) {
      sink.add(t, "nesting is too deep (more than " + std::to_string(kMaxNesting) + " levels)");
      tooDeep = true;
    }
  }
  tokens.seek(0);
  return !tooDeep && !callInExpr;
}

/// Converts the parse tree into the AST. Tolerates the partial trees that error recovery leaves.
class Builder {
public:
  Builder(uint32_t file, const std::string &text, const TokenTypes &tt, ErrorSink &sink)
      : file_(file), text_(text), tt_(tt), sink_(sink) {}

  std::unique_ptr<Module> module(GCLParser::ProgramContext *ctx) {
    auto m = std::make_unique<Module>();
    m->file = file_;
    if (!ctx)
      return m;
    for (auto *d : ctx->decl()) {
      if (!d)
        continue;
      if (auto *c = d->importDecl()) {
        if (c->STRING())
          m->imports.push_back({unquote(c->STRING()->getSymbol()), loc(c->getStart())});
      } else if (auto *c = d->typeDecl()) {
        if (auto t = typeDecl(c))
          m->types.push_back(std::move(t));
      } else if (auto *c = d->globalDecl()) {
        for (auto *b : c->varBinding())
          if (auto v = binding(b, ir::VarKind::Global))
            m->globals.push_back(std::move(v));
      } else if (auto *c = d->procDecl()) {
        if (auto p = procDecl(c))
          m->procs.push_back(std::move(p));
      } else if (auto *c = d->testDecl()) {
        if (auto p = testDecl(c))
          m->procs.push_back(std::move(p));
      }
    }
    return m;
  }

private:
  struct DepthGuard {
    Builder &b;
    explicit DepthGuard(Builder &b) : b(b) { ++b.depth_; }
    ~DepthGuard() { --b.depth_; }
  };

  /// False (after one error per file) when the tree is too deep to walk further.
  bool enter(antlr4::ParserRuleContext *ctx) {
    if (depth_ <= kMaxTreeDepth)
      return true;
    if (!depthReported_) {
      depthReported_ = true;
      sink_.add(ctx ? ctx->getStart() : nullptr,
                "expression is nested too deeply (more than " + std::to_string(kMaxTreeDepth) + " levels)");
    }
    return false;
  }

  SourceLoc loc(antlr4::Token *t) const { return sink_.locOf(t); }

  /// The text of a parse-tree node: from its first token to just after its last (tokens never span lines).
  SourceRange rangeOf(antlr4::ParserRuleContext *c) const {
    return c ? rangeBetween(c->getStart(), c->getStop()) : SourceRange{};
  }

  /// The text from token `a` to just after token `b` (tokens never span lines).
  SourceRange rangeBetween(antlr4::Token *a, antlr4::Token *b) const {
    if (!a || !b || b->getType() == antlr4::Token::EOF)
      return {};
    size_t x = b->getStartIndex(), y = b->getStopIndex();
    if (x == INVALID_INDEX || y == INVALID_INDEX || y < x || a->getStartIndex() > x)
      return {};
    SourceLoc end = loc(b);
    end.col += static_cast<uint32_t>(y - x + 1);
    return {loc(a), end};
  }

  /// The token's text as it is in the file (bytes, not the ByteStream's code points).
  std::string textOf(antlr4::Token *t) const {
    size_t a = t->getStartIndex(), b = t->getStopIndex();
    if (a == INVALID_INDEX || b == INVALID_INDEX || a > b || b >= text_.size())
      return t->getText();
    return text_.substr(a, b - a + 1);
  }

  std::string unquote(antlr4::Token *t) const {
    std::string s = textOf(t);
    if (s.size() < 2 || s.front() != '"' || s.back() != '"')
      return s;
    std::string out;
    for (size_t i = 1; i + 1 < s.size(); ++i) {
      char c = s[i];
      if (c == '\\' && i + 2 < s.size()) {
        char n = s[++i];
        auto hexDigit = [](char h) {
          return h >= '0' && h <= '9'   ? h - '0'
                 : h >= 'a' && h <= 'f' ? h - 'a' + 10
                 : h >= 'A' && h <= 'F' ? h - 'A' + 10
                                        : -1;
        };
        if (n == 'x' && i + 3 < s.size() && hexDigit(s[i + 1]) >= 0 && hexDigit(s[i + 2]) >= 0) {
          out += static_cast<char>(hexDigit(s[i + 1]) * 16 + hexDigit(s[i + 2]));
          i += 2;
          continue;
        }
        if (n != 'n' && n != 't' && n != 'r' && n != '"' && n != '\\') {
          SourceLoc at = loc(t);
          at.col += static_cast<uint32_t>(i - 1);
          sink_.add(at, std::string("unknown escape sequence '\\") +
                            charDisplay(static_cast<unsigned char>(n)).substr(1) +
                            " in a string (known: \\\", \\\\, \\n, \\t, \\r, \\xHH)");
        }
        out += n == 'n' ? '\n' : n == 't' ? '\t' : n == 'r' ? '\r' : n;
      } else {
        out += c;
      }
    }
    return out;
  }

  std::string idText(antlr4::tree::TerminalNode *n) const {
    return n ? textOf(n->getSymbol()) : std::string();
  }

  TypeName typeName(GCLParser::TypeNameContext *c) const {
    TypeName t;
    if (c && c->baseType() && c->baseType()->getStart()) {
      t = baseType(c->baseType());
      t.dims = static_cast<uint32_t>(c->getTokens(tt_("[")).size());
    }
    return t;
  }

  TypeName baseType(GCLParser::BaseTypeContext *c) const {
    TypeName t;
    if (c && c->getStart()) {
      t.name = c->ID() ? idText(c->ID()) : c->getText();
      t.loc = loc(c->getStart());
    }
    return t;
  }

  /// `new T`, `new T[n]`, `new T[n][]…`, `… nondet`; nullptr when malformed (reported).
  std::unique_ptr<Allocation> allocation(GCLParser::AllocationContext *c) {
    if (!c || !c->baseType())
      return nullptr;
    auto a = std::make_unique<Allocation>();
    a->loc = loc(c->getStart());
    a->type = baseType(c->baseType());
    if (a->type.name.empty())
      return nullptr;
    if (c->expr()) {
      a->length = expr(c->expr());
      if (!a->length)
        return nullptr;
      // The `[` `]` pairs after the length's.
      a->extraDims = static_cast<uint32_t>(c->getTokens(tt_("[")).size()) - 1;
    }
    if (antlr4::tree::TerminalNode *nd = c->getToken(tt_("nondet"), 0)) {
      if (!a->length) {
        sink_.add(nd->getSymbol(), "only the elements of an array can start nondet ('new T[n] nondet')");
        return nullptr;
      }
      a->fill = true;
    }
    return a;
  }

  std::unique_ptr<TypeDecl> typeDecl(GCLParser::TypeDeclContext *c) {
    if (!c->ID())
      return nullptr;
    auto t = std::make_unique<TypeDecl>();
    t->name = idText(c->ID());
    t->loc = loc(c->ID()->getSymbol());
    for (auto *f : c->fieldDecl()) {
      if (!f || !f->ID())
        continue;
      t->fields.push_back({idText(f->ID()), loc(f->ID()->getSymbol()), typeName(f->typeName()), {}});
      t->fields.back().tag = declTag(f->declLoc());
    }
    t->tag = declTag(c->declLoc());
    return t;
  }

  std::unique_ptr<VarDecl> binding(GCLParser::VarBindingContext *b, ir::VarKind kind) {
    if (!b || !b->ID())
      return nullptr;
    auto v = std::make_unique<VarDecl>();
    v->name = idText(b->ID());
    v->loc = loc(b->ID()->getSymbol());
    v->type = typeName(b->typeName());
    v->kind = kind;
    v->tag = declTag(b->declLoc());
    if (b->expr())
      v->init = expr(b->expr());
    else if (b->allocation() && !(v->alloc = allocation(b->allocation())))
      return nullptr;
    return v;
  }

  std::unique_ptr<VarDecl> param(GCLParser::ParamContext *p, ir::VarKind kind) {
    if (!p || !p->ID())
      return nullptr;
    auto v = std::make_unique<VarDecl>();
    v->name = idText(p->ID());
    v->loc = loc(p->ID()->getSymbol());
    v->type = typeName(p->typeName());
    v->kind = kind;
    v->tag = declTag(p->declLoc());
    return v;
  }

  /// A declaration location `@"file" line:col` / `@line:col` (printed IR); absent: an empty tag.
  DeclTag declTag(GCLParser::DeclLocContext *c) {
    DeclTag t;
    if (!c)
      return t;
    if (c->STRING())
      t.file = unquote(c->STRING()->getSymbol());
    lineCol(c->INT(), t);
    return t;
  }

  /// Reads the `line:col` pair of a tag; leaves `t` without a location if it is malformed.
  template <typename T> void lineCol(const std::vector<antlr4::tree::TerminalNode *> &ints, T &t) {
    if (ints.size() != 2 || !ints[0] || !ints[1])
      return;
    auto line = parseU32(ints[0]->getSymbol(), "line number");
    auto col = parseU32(ints[1]->getSymbol(), "column number");
    if (line && *line == 0)
      sink_.add(ints[0]->getSymbol(), "line numbers start at 1");
    if (line && col && *line != 0) {
      t.line = *line;
      t.col = *col;
    }
  }

  void fileAnnot(GCLParser::FileAnnotContext *fa, ProcDecl &p) {
    if (!fa || !fa->STRING())
      return;
    p.fileAnnot = unquote(fa->STRING()->getSymbol());
    if (fa->declLoc())
      p.tag = declTag(fa->declLoc());
    else
      lineCol(fa->INT(), p.tag);
    if (p.tag.present() && !p.tag.file)
      p.tag.file = p.fileAnnot;
  }

  /// `unwind K` (0 when absent or malformed; a malformed one is reported).
  uint32_t unwindBound(GCLParser::UnwindAnnotContext *u) {
    if (!u || !u->ID() || !u->INT())
      return 0;
    if (u->ID()->getText() != "unwind") {
      sink_.add(u->ID()->getSymbol(), "expected 'unwind' or '{', found '" + u->ID()->getText() + "'");
      return 0;
    }
    const std::string &k = u->INT()->getText();
    if (k.size() > 6 || std::stoul(k) < 1 || std::stoul(k) > ir::kMaxUnwind) {
      sink_.add(u->INT()->getSymbol(), "an unwind bound is from 1 to " + std::to_string(ir::kMaxUnwind));
      return 0;
    }
    return static_cast<uint32_t>(std::stoul(k));
  }

  std::unique_ptr<ProcDecl> procDecl(GCLParser::ProcDeclContext *c) {
    if (!c->ID())
      return nullptr;
    auto p = std::make_unique<ProcDecl>();
    p->name = idText(c->ID());
    p->loc = loc(c->ID()->getSymbol());
    bool afterReturns = false;
    for (auto *child : c->children) {
      if (auto *term = dynamic_cast<antlr4::tree::TerminalNode *>(child)) {
        if (term->getSymbol()->getType() == tt_("returns"))
          afterReturns = true;
      } else if (auto *pc = dynamic_cast<GCLParser::ParamContext *>(child)) {
        if (!afterReturns) {
          if (auto v = param(pc, ir::VarKind::Param))
            p->params.push_back(std::move(v));
        } else if (!p->result) {
          p->result = param(pc, ir::VarKind::Return);
        }
      }
    }
    fileAnnot(c->fileAnnot(), *p);
    p->unwind = unwindBound(c->unwindAnnot());
    constructRanges_.clear();
    for (auto *k : c->contract()) {
      if (!k || !k->kind)
        continue;
      Contract ct;
      ct.isRequires = k->kind->getType() == tt_("requires");
      ct.loc = loc(k->kind);
      ct.range = rangeOf(k);
      if (k->block())
        ct.block = block(k->block());
      else if (k->expr())
        ct.expr = expr(k->expr());
      if (ct.block || ct.expr)
        p->contracts.push_back(std::move(ct));
    }
    p->body = c->block() ? block(c->block()) : std::make_unique<Block>();
    if (!p->body->loc.valid())
      p->body->loc = p->loc;
    return p;
  }

  std::unique_ptr<ProcDecl> testDecl(GCLParser::TestDeclContext *c) {
    if (!c->ID())
      return nullptr;
    auto p = std::make_unique<ProcDecl>();
    p->name = idText(c->ID());
    p->loc = loc(c->ID()->getSymbol());
    p->isTest = true;
    fileAnnot(c->fileAnnot(), *p);
    constructRanges_.clear();
    p->body = c->block() ? block(c->block()) : std::make_unique<Block>();
    if (!p->body->loc.valid())
      p->body->loc = p->loc;
    return p;
  }

  std::unique_ptr<Block> block(GCLParser::BlockContext *c) {
    auto b = std::make_unique<Block>();
    if (!c)
      return b;
    b->loc = loc(c->getStart());
    DepthGuard g(*this);
    if (!enter(c))
      return b;
    for (auto *s : c->stmt())
      if (auto st = stmt(s))
        b->stmts.push_back(std::move(st));
    return b;
  }

  std::optional<uint32_t> parseU32(antlr4::Token *t, const char *what) {
    std::string s = textOf(t);
    uint64_t v = 0;
    for (char ch : std::string_view(s).substr(s.starts_with('#') ? 1 : 0)) {
      if (ch < '0' || ch > '9') {
        sink_.add(t, std::string("expected a ") + what + ", found '" + s + "'");
        return std::nullopt;
      }
      v = v * 10 + static_cast<uint64_t>(ch - '0');
      if (v > UINT32_MAX) {
        sink_.add(t, std::string(what) + " '" + s + "' is out of range");
        return std::nullopt;
      }
    }
    return static_cast<uint32_t>(v);
  }

  void tag(GCLParser::TagContext *c, Stmt &s) {
    if (!c)
      return;
    if (auto *id = c->STMT_ID()) {
      if (auto v = parseU32(id->getSymbol(), "statement id")) {
        if (*v == 0)
          sink_.add(id->getSymbol(), "statement id must be positive");
        s.tagId = *v;
      }
    }
    DeclTag lc;
    lineCol(c->INT(), lc);
    if (lc.present())
      s.tagLoc = SourceLoc{file_, lc.line, lc.col};
  }

  StmtPtr stmt(GCLParser::StmtContext *c) {
    if (!c || !c->stmtBody())
      return nullptr;
    DepthGuard g(*this);
    if (!enter(c))
      return nullptr;
    StmtPtr s = stmtBody(c->stmtBody());
    if (!s)
      return s;
    tag(c->tag(), *s);
    s->range = rangeOf(c->stmtBody());
    if (c->srcInfo()) {
      s->srcInfo = srcInfo(c->srcInfo());
      const Stmt *inner = s.get();
      while (inner->kind == Stmt::Guarded && inner->inner)
        inner = inner->inner.get();
      if (!s->srcInfo->object.empty() && inner->kind != Stmt::Nondet)
        sink_.add(c->srcInfo()->STRING()->getSymbol(), "only a nondet statement names an object");
    }
    // `#7 @3:5 [b1] x := 1; ^4 …`: the parser attached the source information to the guarded statement
    // inside; it belongs to the whole (tagged) statement.
    for (Stmt *x = s.get(); !s->srcInfo && x->kind == Stmt::Guarded && x->inner; x = x->inner.get())
      if (x->inner->srcInfo) {
        s->srcInfo = std::move(x->inner->srcInfo);
        x->inner->srcInfo.reset();
      }
    return s;
  }

  /// `line:col+length` / `line:col-line:col`; not present() when malformed (reported).
  RangeTag srcRange(GCLParser::SrcRangeContext *c) {
    RangeTag r;
    if (!c)
      return r;
    std::vector<antlr4::tree::TerminalNode *> ints = c->INT();
    bool plus = c->getToken(tt_("+"), 0) != nullptr;
    if (ints.size() != (plus ? 3u : 4u))
      return r;
    std::vector<uint32_t> v;
    for (auto *i : ints) {
      auto n = parseU32(i->getSymbol(), "source position");
      if (!n)
        return r;
      v.push_back(*n);
    }
    uint32_t endLine = plus ? v[0] : v[2];
    uint64_t endCol = plus ? uint64_t(v[1]) + v[2] : v[3];
    if (v[0] == 0 || v[1] == 0 || endLine == 0 || endCol == 0 || endCol > UINT32_MAX) {
      sink_.add(c->getStart(), "source positions start at line 1, column 1");
      return r;
    }
    if (endLine < v[0] || (endLine == v[0] && endCol < v[1])) {
      sink_.add(c->getStart(), "source range ends before it begins");
      return r;
    }
    return {v[0], v[1], endLine, static_cast<uint32_t>(endCol)};
  }

  /// `^construct range (ranges…)`; the range of a construct's later statements is its first statement's.
  SrcInfoTag srcInfo(GCLParser::SrcInfoContext *c) {
    SrcInfoTag t;
    t.loc = loc(c->getStart());
    if (c->INT())
      t.construct = parseU32(c->INT()->getSymbol(), "construct id").value_or(0);
    for (auto *child : c->children) {
      if (auto *r = dynamic_cast<GCLParser::SrcRangeContext *>(child)) {
        t.range = srcRange(r);
      } else if (auto *term = dynamic_cast<antlr4::tree::TerminalNode *>(child);
                 term && term->getSymbol()->getType() == tt_("(")) {
        break;
      }
    }
    bool inList = false;
    for (auto *child : c->children) {
      if (auto *term = dynamic_cast<antlr4::tree::TerminalNode *>(child)) {
        size_t ty = term->getSymbol()->getType();
        if (ty == tt_("("))
          inList = true;
        else if (inList && ty == GCLParser::ID) {
          if (term->getText() != "_")
            sink_.add(term->getSymbol(), "expected a source range or '_', found '" + term->getText() + "'");
          t.exprs.emplace_back();
        }
      } else if (auto *r = dynamic_cast<GCLParser::SrcRangeContext *>(child); r && inList) {
        t.exprs.push_back(srcRange(r));
      }
    }
    if (c->STRING())
      t.object = unquote(c->STRING()->getSymbol());
    if (t.construct != 0) {
      auto [it, fresh] = constructRanges_.emplace(t.construct, t.range);
      if (!fresh && !t.range.present())
        t.range = it->second;
    }
    return t;
  }

  ExprPtr lvalue(GCLParser::LvalueContext *c) {
    if (!c || !c->ID())
      return nullptr;
    auto e = std::make_unique<Expr>();
    e->loc = loc(c->getStart());
    if (!path(c->ID(), c->selector(), *e))
      return nullptr;
    e->range = rangeOf(c);
    return e;
  }

  /// A path: the variable `id`, then the selectors (`.f`, `[e]`). False when a part is missing (reported).
  bool path(antlr4::tree::TerminalNode *id, const std::vector<GCLParser::SelectorContext *> &sels, Expr &e) {
    e.kind = Expr::Path;
    e.name = idText(id);
    if (e.name.empty())
      return false;
    antlr4::Token *start = id->getSymbol();
    for (auto *c : sels) {
      Selector sel;
      if (auto *f = dynamic_cast<GCLParser::FieldSelectorContext *>(c)) {
        if (!f->ID())
          return false;
        sel.kind = Selector::Field;
        sel.name = idText(f->ID());
        sel.loc = loc(f->ID()->getSymbol());
      } else if (auto *x = dynamic_cast<GCLParser::IndexSelectorContext *>(c)) {
        sel.kind = Selector::Index;
        sel.loc = loc(x->getStart());
        sel.index = expr(x->expr());
        if (!sel.index)
          return false;
      } else {
        return false;
      }
      sel.range = rangeBetween(start, c->getStop());
      e.selectors.push_back(std::move(sel));
    }
    return true;
  }

  void callArgs(GCLParser::ArgsContext *a, Stmt &s) {
    if (!a)
      return;
    for (auto *x : a->expr())
      if (auto e = expr(x))
        s.args.push_back(std::move(e));
  }

  StmtPtr ifStmt(antlr4::Token *start, GCLParser::ExprContext *cond,
                 std::vector<GCLParser::BlockContext *> blocks, GCLParser::IfTailContext *tail) {
    auto s = std::make_unique<Stmt>();
    s->kind = Stmt::If;
    s->loc = loc(start);
    s->value = cond ? expr(cond) : nullptr;
    s->then = block(blocks.empty() ? nullptr : blocks[0]);
    if (tail) {
      DepthGuard g(*this);
      if (!enter(tail))
        return s;
      auto eb = std::make_unique<Block>();
      eb->loc = loc(tail->getStart());
      eb->stmts.push_back(ifStmt(tail->getStart(), tail->expr(), tail->block(), tail->ifTail()));
      s->elseBlock = std::move(eb);
    } else if (blocks.size() > 1) {
      s->elseBlock = block(blocks[1]);
    }
    return s;
  }

  StmtPtr stmtBody(GCLParser::StmtBodyContext *c) {
    auto s = std::make_unique<Stmt>();
    s->loc = loc(c->getStart());
    if (auto *x = dynamic_cast<GCLParser::GuardedStmtContext *>(c)) {
      s->kind = Stmt::Guarded;
      s->guard = x->expr() ? expr(x->expr()) : nullptr;
      s->inner = stmt(x->stmt());
      if (!s->inner)
        return nullptr;
    } else if (auto *x = dynamic_cast<GCLParser::LocalDeclContext *>(c)) {
      s->kind = Stmt::LocalDecl;
      for (auto *b : x->varBinding())
        if (auto v = binding(b, ir::VarKind::Local))
          s->decls.push_back(std::move(v));
    } else if (auto *x = dynamic_cast<GCLParser::TempDeclContext *>(c)) {
      // `temp` is a contextual keyword: only printed IR declares temporaries.
      if (!x->ID() || x->ID()->getText() != "temp") {
        if (x->ID())
          sink_.add(x->ID()->getSymbol(), "unexpected identifier '" + x->ID()->getText() + "'");
        return nullptr;
      }
      s->kind = Stmt::LocalDecl;
      for (auto *b : x->varBinding())
        if (auto v = binding(b, ir::VarKind::Local)) {
          v->isTemp = true;
          s->decls.push_back(std::move(v));
        }
    } else if (auto *x = dynamic_cast<GCLParser::NewStmtContext *>(c)) {
      s->kind = Stmt::New;
      s->lhs = lvalue(x->lvalue());
      s->alloc = allocation(x->allocation());
      if (!s->alloc)
        return nullptr;
    } else if (auto *x = dynamic_cast<GCLParser::NondetStmtContext *>(c)) {
      s->kind = Stmt::Nondet;
      s->lhs = lvalue(x->lvalue());
    } else if (auto *x = dynamic_cast<GCLParser::CallAssignStmtContext *>(c)) {
      s->kind = Stmt::Call;
      s->lhs = lvalue(x->lvalue());
      if (x->ID()) {
        s->callee = idText(x->ID());
        s->calleeLoc = loc(x->ID()->getSymbol());
      }
      callArgs(x->args(), *s);
    } else if (auto *x = dynamic_cast<GCLParser::AssignStmtContext *>(c)) {
      s->kind = Stmt::Assign;
      s->lhs = lvalue(x->lvalue());
      s->value = x->expr() ? expr(x->expr()) : nullptr;
    } else if (auto *x = dynamic_cast<GCLParser::CallStmtContext *>(c)) {
      s->kind = Stmt::Call;
      if (x->ID()) {
        s->callee = idText(x->ID());
        s->calleeLoc = loc(x->ID()->getSymbol());
      }
      callArgs(x->args(), *s);
    } else if (auto *x = dynamic_cast<GCLParser::AssumeStmtContext *>(c)) {
      s->kind = Stmt::Assume;
      s->value = x->expr() ? expr(x->expr()) : nullptr;
    } else if (auto *x = dynamic_cast<GCLParser::AssertStmtContext *>(c)) {
      s->kind = Stmt::Assert;
      s->value = x->expr() ? expr(x->expr()) : nullptr;
      if (x->STRING())
        s->message = unquote(x->STRING()->getSymbol());
    } else if (auto *x = dynamic_cast<GCLParser::HaltStmtContext *>(c)) {
      s->kind = Stmt::Halt;
      if (x->expr())
        s->value = expr(x->expr());
    } else if (auto *x = dynamic_cast<GCLParser::IoStmtContext *>(c)) {
      // `print` and `scan` are contextual keywords (printed IR and GCL alike), like `temp`.
      std::string word = idText(x->ID());
      if (word != "print" && word != "scan") {
        if (x->ID())
          sink_.add(x->ID()->getSymbol(),
                    "unexpected identifier '" + word + "' (expected 'print' or 'scan')");
        return nullptr;
      }
      s->kind = word == "print" ? Stmt::Print : Stmt::Scan;
      if (x->STRING()) {
        s->message = unquote(x->STRING()->getSymbol());
        s->messageLoc = loc(x->STRING()->getSymbol());
      }
      callArgs(x->args(), *s);
    } else if (auto *x = dynamic_cast<GCLParser::IoAssignStmtContext *>(c)) {
      std::string word = idText(x->ID());
      if (word != "scan") {
        if (x->ID())
          sink_.add(x->ID()->getSymbol(), word == "print"
                                              ? std::string("'print' has no value")
                                              : "unexpected identifier '" + word + "' (expected 'scan')");
        return nullptr;
      }
      s->kind = Stmt::Scan;
      s->lhs = lvalue(x->lvalue());
      if (x->STRING()) {
        s->message = unquote(x->STRING()->getSymbol());
        s->messageLoc = loc(x->STRING()->getSymbol());
      }
      callArgs(x->args(), *s);
    } else if (auto *x = dynamic_cast<GCLParser::ReturnStmtContext *>(c)) {
      s->kind = Stmt::Return;
      if (x->expr())
        s->value = expr(x->expr());
    } else if (dynamic_cast<GCLParser::SkipStmtContext *>(c)) {
      s->kind = Stmt::Skip;
    } else if (dynamic_cast<GCLParser::BreakStmtContext *>(c)) {
      s->kind = Stmt::Break;
    } else if (dynamic_cast<GCLParser::ContinueStmtContext *>(c)) {
      s->kind = Stmt::Continue;
    } else if (auto *x = dynamic_cast<GCLParser::IfStmtContext *>(c)) {
      return ifStmt(c->getStart(), x->expr(), x->block(), x->ifTail());
    } else if (auto *x = dynamic_cast<GCLParser::WhileStmtContext *>(c)) {
      s->kind = Stmt::While;
      s->value = x->expr() ? expr(x->expr()) : nullptr;
      s->unwind = unwindBound(x->unwindAnnot());
      for (auto *inv : x->invariantClause())
        if (inv->expr())
          s->invariants.push_back(expr(inv->expr()));
      s->then = block(x->block());
    } else if (auto *x = dynamic_cast<GCLParser::ConcreteStmtContext *>(c)) {
      s->kind = Stmt::Concrete;
      s->then = block(x->block());
    } else if (auto *x = dynamic_cast<GCLParser::BlockStmtContext *>(c)) {
      s->kind = Stmt::BlockStmt;
      s->then = block(x->block());
    } else {
      return nullptr; // the parser could not tell which statement this is (already reported)
    }
    return s;
  }

  /// An integer literal from an INT token (`negative`: directly under unary minus): its value and, with a
  /// suffix, its type (the value must be one of that type).
  void intLiteral(antlr4::Token *t, bool negative, Expr &e) {
    std::string s = textOf(t);
    size_t digits = s.find_first_not_of("0123456789");
    std::string num = (negative ? "-" : "") + s.substr(0, digits);
    e.kind = Expr::IntLit;
    e.value = ir::BigInt::parse(num).value_or(ir::BigInt(0));
    if (e.value.bitLength() > ir::kMaxIntBits) {
      sink_.add(t, "integer literal of more than " + std::to_string(ir::kMaxIntBits) + " bits");
      e.value = 0;
    }
    if (digits == std::string::npos)
      return;
    std::string suf = s.substr(digits);
    ir::Type ty = ir::Type::fixedInt(static_cast<uint8_t>(std::stoi(suf.substr(1))), suf[0] == 'i');
    e.suffix = ty;
    if (!ir::fitsIn(e.value, ty)) {
      sink_.add(t, "integer literal '" + num + suf + "' is out of range for '" + ir::intTypeName(ty) + "' (" +
                       ir::minOf(ty).toString() + " to " + ir::maxOf(ty).toString() + ")");
      e.value = 0;
    }
  }

  /// A float literal from a FLOAT token (`negative`: directly under unary minus, which flips the sign).
  void floatLiteral(antlr4::Token *t, bool negative, Expr &e) {
    e.kind = Expr::FloatLit;
    std::optional<std::pair<ir::BigInt, ir::Type>> lit = ir::parseFloatLiteral(textOf(t));
    if (!lit) {
      sink_.add(t, "float literal '" + textOf(t) + "' is not a value of its type");
      lit = std::pair{ir::BigInt(0), ir::Type::floatType(64)};
    }
    e.value = negative ? ir::evalFloatOp(ir::Op::Neg, lit->second, lit->first, 0) : lit->first;
    e.suffix = lit->second;
  }

  ExprPtr binary(GCLParser::ExprContext *c, antlr4::Token *opTok, GCLParser::ExprContext *a,
                 GCLParser::ExprContext *b) {
    if (!opTok || !a || !b)
      return nullptr;
    static const std::map<std::string, ir::Op> ops = {
        {"*", ir::Op::Mul},      {"/", ir::Op::Div},  {"%", ir::Op::Mod},    {"+", ir::Op::Add},
        {"<<", ir::Op::Shl},     {">>", ir::Op::Shr}, {"&", ir::Op::BitAnd}, {"^", ir::Op::BitXor},
        {"|", ir::Op::BitOr},    {"-", ir::Op::Sub},  {"==", ir::Op::Eq},    {"!=", ir::Op::Ne},
        {"<", ir::Op::Lt},       {"<=", ir::Op::Le},  {">", ir::Op::Gt},     {">=", ir::Op::Ge},
        {"and", ir::Op::And},    {"&&", ir::Op::And}, {"or", ir::Op::Or},    {"||", ir::Op::Or},
        {"==>", ir::Op::Implies}};
    auto it = ops.find(opTok->getText());
    if (it == ops.end())
      return nullptr;
    ExprPtr l = expr(a);
    ExprPtr r = expr(b);
    if (!l || !r)
      return nullptr;
    auto e = std::make_unique<Expr>();
    e->kind = Expr::Binary;
    e->op = it->second;
    e->loc = loc(opTok);
    e->args.push_back(std::move(l));
    e->args.push_back(std::move(r));
    (void)c;
    return e;
  }

  /// An expression with its source range (the innermost node's, when parentheses only wrap it).
  ExprPtr expr(GCLParser::ExprContext *c) {
    ExprPtr e = exprNode(c);
    if (e && !e->range.valid())
      e->range = rangeOf(c);
    return e;
  }

  ExprPtr exprNode(GCLParser::ExprContext *c) {
    if (!c)
      return nullptr;
    DepthGuard g(*this);
    if (!enter(c))
      return nullptr;
    auto e = std::make_unique<Expr>();
    e->loc = loc(c->getStart());
    if (auto *x = dynamic_cast<GCLParser::ParenExprContext *>(c))
      return expr(x->expr());
    if (auto *x = dynamic_cast<GCLParser::UnaryExprContext *>(c)) {
      if (!x->op || !x->expr())
        return nullptr;
      bool neg = x->op->getType() == tt_("-");
      if (neg) {
        if (auto *lit = dynamic_cast<GCLParser::IntExprContext *>(x->expr()); lit && lit->INT()) {
          intLiteral(lit->INT()->getSymbol(), true, *e);
          return e;
        }
        if (auto *lit = dynamic_cast<GCLParser::FloatExprContext *>(x->expr()); lit && lit->FLOAT()) {
          floatLiteral(lit->FLOAT()->getSymbol(), true, *e);
          return e;
        }
      }
      ExprPtr a = expr(x->expr());
      if (!a)
        return nullptr;
      e->kind = Expr::Unary;
      e->op = neg ? ir::Op::Neg : x->op->getType() == tt_("~") ? ir::Op::BitNot : ir::Op::Not;
      e->args.push_back(std::move(a));
      return e;
    }
    if (auto *x = dynamic_cast<GCLParser::MulExprContext *>(c))
      return binary(c, x->op, x->expr(0), x->expr(1));
    if (auto *x = dynamic_cast<GCLParser::AddExprContext *>(c))
      return binary(c, x->op, x->expr(0), x->expr(1));
    if (auto *x = dynamic_cast<GCLParser::ShiftExprContext *>(c))
      return binary(c, x->op, x->expr(0), x->expr(1));
    if (auto *x = dynamic_cast<GCLParser::BitAndExprContext *>(c))
      return binary(c, x->op, x->expr(0), x->expr(1));
    if (auto *x = dynamic_cast<GCLParser::BitXorExprContext *>(c))
      return binary(c, x->op, x->expr(0), x->expr(1));
    if (auto *x = dynamic_cast<GCLParser::BitOrExprContext *>(c))
      return binary(c, x->op, x->expr(0), x->expr(1));
    if (auto *x = dynamic_cast<GCLParser::CastExprContext *>(c)) {
      if (!x->intType() || !x->expr())
        return nullptr;
      ExprPtr a = expr(x->expr());
      if (!a)
        return nullptr;
      e->kind = Expr::Unary;
      e->op = ir::Op::Cast;
      e->castType = ir::numTypeNamed(x->intType()->getText()).value_or(ir::Type::intType());
      e->args.push_back(std::move(a));
      return e;
    }
    if (auto *x = dynamic_cast<GCLParser::FloatFnExprContext *>(c)) {
      if (!x->op || !x->expr())
        return nullptr;
      ExprPtr a = expr(x->expr());
      if (!a)
        return nullptr;
      static const std::map<std::string, ir::Op> fns = {
          {"fabs", ir::Op::FAbs},   {"fsqrt", ir::Op::FSqrt},   {"ffloor", ir::Op::FFloor},
          {"fceil", ir::Op::FCeil}, {"fround", ir::Op::FRound}, {"ftrunc", ir::Op::FTrunc}};
      e->kind = Expr::Unary;
      e->op = fns.at(x->op->getText());
      e->args.push_back(std::move(a));
      return e;
    }
    if (auto *x = dynamic_cast<GCLParser::FloatExprContext *>(c)) {
      if (!x->FLOAT())
        return nullptr;
      floatLiteral(x->FLOAT()->getSymbol(), false, *e);
      return e;
    }
    if (auto *x = dynamic_cast<GCLParser::CmpExprContext *>(c))
      return binary(c, x->op, x->expr(0), x->expr(1));
    if (auto *x = dynamic_cast<GCLParser::AndExprContext *>(c))
      return binary(c, x->op, x->expr(0), x->expr(1));
    if (auto *x = dynamic_cast<GCLParser::OrExprContext *>(c))
      return binary(c, x->op, x->expr(0), x->expr(1));
    if (auto *x = dynamic_cast<GCLParser::ImpliesExprContext *>(c))
      return binary(c, x->op, x->expr(0), x->expr(1));
    if (auto *x = dynamic_cast<GCLParser::IntExprContext *>(c)) {
      if (!x->INT())
        return nullptr;
      intLiteral(x->INT()->getSymbol(), false, *e);
      return e;
    }
    if (dynamic_cast<GCLParser::BoolExprContext *>(c)) {
      e->kind = Expr::BoolLit;
      e->value = c->getStart()->getType() == tt_("true") ? 1 : 0;
      return e;
    }
    if (dynamic_cast<GCLParser::NullExprContext *>(c)) {
      e->kind = Expr::NullLit;
      return e;
    }
    if (auto *x = dynamic_cast<GCLParser::PathExprContext *>(c)) {
      if (!x->ID() || !path(x->ID(), x->selector(), *e))
        return nullptr;
      return e;
    }
    return nullptr;
  }

  uint32_t file_;
  const std::string &text_;
  const TokenTypes &tt_;
  ErrorSink &sink_;
  int depth_ = 0;
  bool depthReported_ = false;
  /// The source range of each construct of the procedure being read (printed IR), from its first statement.
  std::map<uint32_t, RangeTag> constructRanges_;
};

} // namespace

std::unique_ptr<Module> parseModule(uint32_t file, const SourceManager &sm, Diagnostics &diags) {
  ErrorSink sink(file, diags.errorLimit() > diags.errorCount() ? diags.errorLimit() - diags.errorCount()
                       : diags.errorLimit() == 0               ? 0
                                                               : 1);
  std::unique_ptr<Module> result;
  try {
    const std::string &text = sm.text(file);
    ByteStream input(text);
    GCLLexer lexer(&input);
    Listener listener(sink);
    lexer.removeErrorListeners();
    lexer.addErrorListener(&listener);
    antlr4::CommonTokenStream tokens(&lexer);
    static const TokenTypes tt(lexer.getVocabulary());
    if (prescan(tokens, text, tt, sink) && !sink.full()) {
      GCLParser parser(&tokens);
      parser.removeErrorListeners();
      parser.addErrorListener(&listener);
      auto strategy = std::make_shared<Strategy>(sink, tt);
      parser.setErrorHandler(strategy);
      GCLParser::ProgramContext *tree = nullptr;
      try {
        tree = parser.program();
      } catch (const TooManyErrors &) {
        tree = nullptr; // enough errors: no AST (nothing is checked after syntax errors anyway)
      }
      Builder builder(file, text, tt, sink);
      if (tree)
        result = builder.module(tree);
      // The parser keeps a pointer to the strategy's owner; reset before either goes away.
      parser.setErrorHandler(std::make_shared<antlr4::DefaultErrorStrategy>());
    }
  } catch (const std::exception &e) {
    sink.add(SourceLoc{file, 1, 1}, std::string("internal parser error: ") + e.what());
  } catch (...) {
    sink.add(SourceLoc{file, 1, 1}, "internal parser error");
  }
  bool stopped = sink.full();
  sink.flush(diags);
  if (stopped)
    diags.setStopped();
  if (!result) {
    result = std::make_unique<Module>();
    result->file = file;
  }
  return result;
}

} // namespace locus::gcl

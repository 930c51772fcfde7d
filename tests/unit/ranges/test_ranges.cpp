// Source ranges and construct ids of both front ends, checked against the source text on the regression
// files and the benchmark corpus (GCL and the C twins):
// - every expression range is a whole expression: parenthesizing all of them at once compiles to the same
//   program; every statement range is a whole statement (or a `for` header part): wrapping all of them in
//   braces (parentheses) compiles to the same program;
// - the text under a node's range is that node: an operator between its operands' ranges, a literal's
//   value, a variable's name (a use of a lowering temporary, or in C of a variable after `++x`, stands for
//   longer text and is only checked by the first test);
// - construct ids: one construct, one procedure and one range; printed IR round-trips them.
#include "frontend/gcl/frontend.h"
#include "frontend/source.h"
#include "ir/printer.h"
#include "ir/validate.h"
#ifdef LOCUS_WITH_C
#include "frontend/c/frontend.h"
#endif

#include <algorithm>
#include <cctype>
#include <cstring>
#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <string>

#include <doctest/doctest.h>

using namespace locus;
namespace fs = std::filesystem;

namespace {

bool isC(const std::string &path) {
  return frontend::languageOf(path) == frontend::Language::C;
}

/// The source files to check: every file under `dirs` (relative to the source tree) that compiles.
std::vector<std::string> files(std::initializer_list<const char *> dirs, const char *ext) {
  std::vector<std::string> out;
  for (const char *d : dirs)
    for (const auto &e : fs::recursive_directory_iterator(fs::path(LOCUS_SOURCE_DIR) / d))
      if (e.is_regular_file() && e.path().extension() == ext)
        out.push_back(fs::relative(e.path(), LOCUS_SOURCE_DIR).string());
  std::sort(out.begin(), out.end());
  return out;
}

struct Compiled {
  SourceManager sm;
  std::optional<ir::Program> prog;
};

/// Compiles `path` (relative to the source tree, which becomes the working directory) or, given `text`,
/// that text under the same name.
std::unique_ptr<Compiled> compile(const std::string &path, const std::string *text = nullptr) {
  auto c = std::make_unique<Compiled>();
  Diagnostics diags(c->sm);
  if (!text) {
    c->prog = frontend::compileSource(path, c->sm, diags);
  } else if (!isC(path)) {
    c->prog = gcl::compileText(path, *text, c->sm, diags);
  } else {
#ifdef LOCUS_WITH_C
    c->prog = c::compileText(path, *text, c->sm, diags);
#endif
  }
  if (c->prog && !ir::validate(*c->prog).empty())
    c->prog.reset();
  return c;
}

/// The program's structure: printed without tags, assert messages (C quotes source text in them) dropped.
std::string structure(ir::Program prog) {
  ir::forEachStmt(prog, [](ir::Procedure &, ir::Stmt &s) { s.message.clear(); });
  return ir::toString(prog, ir::PrintOptions{false, false});
}

std::optional<size_t> offset(const std::string &text, SourceLoc l) {
  return SourceManager::offsetOf(text, l.line, l.col);
}

/// Checks over one compiled file.
class RangeCheck {
public:
  RangeCheck(const std::string &path, const Compiled &c) : path_(path), prog_(*c.prog) {
    auto file = c.sm.find(path);
    REQUIRE(file);
    text_ = c.sm.text(*file);
    for (uint32_t i = 0; i < prog_.files.size(); ++i)
      if (prog_.files[i] == path)
        mainFile_ = i;
  }

  /// The source text of a range in the main file, or nullopt for a range elsewhere.
  std::optional<std::string> textOf(const SourceRange &r) const {
    if (!r.valid() || r.begin.file != mainFile_)
      return std::nullopt;
    auto a = offset(text_, r.begin), b = offset(text_, r.end);
    REQUIRE(a);
    REQUIRE(b);
    REQUIRE(*a <= *b);
    return text_.substr(*a, *b - *a);
  }

  void run() {
    checkConstructs();
    ir::forEachStmt(prog_, [&](const ir::Procedure &p, const ir::Stmt &s) {
      ir::forEachExprOf(s, [&](const ir::Expr &e) { node(p, e); });
    });
    parenthesizeAll();
    braceAll();
  }

  size_t exprRanges = 0, stmtRanges = 0, checkedNodes = 0;

private:
  static std::string strip(std::string s) {
    std::string out;
    for (char c : s)
      if (!std::isspace(static_cast<unsigned char>(c)) && c != '(' && c != ')')
        out += c;
    return out;
  }
  static bool isIdent(const std::string &s) {
    return !s.empty() && (std::isalpha(static_cast<unsigned char>(s[0])) || s[0] == '_') &&
           std::all_of(s.begin(), s.end(),
                       [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; });
  }
  /// The spellings of an operator in the file's language.
  std::set<std::string> spellings(ir::Op op) const {
    bool c = isC(path_);
    switch (op) {
    case ir::Op::And: return c ? std::set<std::string>{"&&"} : std::set<std::string>{"and", "&&"};
    case ir::Op::Or: return c ? std::set<std::string>{"||"} : std::set<std::string>{"or", "||"};
    case ir::Op::Not: return c ? std::set<std::string>{"!"} : std::set<std::string>{"not", "!"};
    default: return {ir::opSpelling(op)};
    }
  }

  void fail(const ir::Expr &e, const std::string &why) {
    FAIL_CHECK(path_ << ":" << e.range.begin.line << ":" << e.range.begin.col << ": " << why);
  }

  /// The node's text is the node (see the file comment).
  void node(const ir::Procedure &p, const ir::Expr &e) {
    for (const ir::Expr &a : e.args)
      node(p, a);
    std::optional<std::string> t = textOf(e.range);
    if (!t)
      return;
    ++exprRanges;
    // Implicit C conversions (a cast, `x != 0` for a truth value) have their operand's text.
    if (std::any_of(e.args.begin(), e.args.end(), [&](const ir::Expr &a) { return a.range == e.range; })) {
      bool implicitCast = e.kind == ir::Expr::Unary && e.op == ir::Op::Cast;
      bool truth = e.kind == ir::Expr::Binary && (e.op == ir::Op::Ne || e.op == ir::Op::Eq) &&
                   (!e.args[0].range.valid() || !e.args[1].range.valid());
      if (!isC(path_) || !(implicitCast || truth))
        fail(e, "a node with its operand's range that is no implicit conversion: '" + *t + "'");
      return;
    }
    std::string body = strip(*t);
    switch (e.kind) {
    case ir::Expr::Binary: {
      const ir::Expr &l = e.args[0], &r = e.args[1];
      if (!l.range.valid() || !r.range.valid())
        return; // an operand the lowering made up (a guard copied into a condition)
      auto lt = offset(text_, l.range.begin), le = offset(text_, l.range.end),
           rt = offset(text_, r.range.begin), re = offset(text_, r.range.end),
           et = offset(text_, e.range.begin), ee = offset(text_, e.range.end);
      if (!(*et <= *lt && *le <= *rt && *re <= *ee)) {
        fail(e, "operands out of order in '" + *t + "'");
        return;
      }
      std::string op = strip(text_.substr(*le, *rt - *le));
      if (!spellings(e.op).count(op))
        fail(e, "'" + *t + "': operator '" + op + "' for IR '" + ir::opSpelling(e.op) + "'");
      // (C's unary `+` has no IR node: `+m == 40` is `m == 40`.)
      std::string lead = strip(text_.substr(*et, *lt - *et));
      if ((!lead.empty() && !(isC(path_) && lead.find_first_not_of('+') == std::string::npos)) ||
          !strip(text_.substr(*re, *ee - *re)).empty())
        fail(e, "'" + *t + "' has more than its operands and operator");
      ++checkedNodes;
      return;
    }
    case ir::Expr::Unary: {
      const ir::Expr &a = e.args[0];
      if (!a.range.valid())
        return;
      auto at = offset(text_, a.range.begin), ae = offset(text_, a.range.end),
           et = offset(text_, e.range.begin), ee = offset(text_, e.range.end);
      std::string pre = text_.substr(*et, *at - *et), post = strip(text_.substr(*ae, *ee - *ae));
      std::string op = strip(pre);
      bool ok = post.empty();
      if (ir::isFloatFunction(e.op)) // `fabs(x)`, `sqrtf(x)`; GCL `fsqrt(x)` (strip drops the parentheses)
        ok = ok && pre.find('(') != std::string::npos &&
             (isC(path_) ? isIdent(op) : op == std::string(ir::opSpelling(e.op)));
      else if (e.op == ir::Op::Cast)
        ok = ok && (isC(path_) ? pre.find('(') != std::string::npos : op == ir::numTypeName(e.type));
      else
        ok = ok && spellings(e.op).count(op);
      if (!ok)
        fail(e, "'" + *t + "' is not '" + ir::opSpelling(e.op) + "' of its operand");
      ++checkedNodes;
      return;
    }
    case ir::Expr::IntLit: {
      // GCL: the literal (`-5`, `255u8`). C: also a macro, an enumerator, a constant or a folded expression.
      std::string digits = body;
      bool neg = !digits.empty() && digits[0] == '-';
      if (neg)
        digits.erase(0, 1);
      size_t n = 0;
      while (n < digits.size() && std::isdigit(static_cast<unsigned char>(digits[n])))
        ++n;
      std::string suffix = digits.substr(n);
      bool literal =
          n > 0 && (suffix.empty() || std::all_of(suffix.begin(), suffix.end(), [](char c) {
                      return std::isdigit(static_cast<unsigned char>(c)) || std::strchr("iuUlL", c);
                    }));
      if (literal && (n < 2 || digits[0] != '0')) {
        std::optional<ir::BigInt> v = ir::BigInt::parse((neg ? "-" : "") + digits.substr(0, n));
        // C converts a literal to the type it initializes (`short s = 70000;` is 4464).
        bool converted =
            isC(path_) && v && e.type.isFixedInt() && v->wrap(e.type.bits, e.type.isSigned) == e.value;
        if (v != e.value && !converted)
          fail(e, "literal '" + *t + "' for the value " + e.value.toString());
        ++checkedNodes;
      } else if (!isC(path_)) {
        fail(e, "'" + *t + "' is not an integer literal");
      }
      return;
    }
    case ir::Expr::FloatLit: // exact in hexadecimal in GCL (`0x1.8p+1f64`), any spelling in C (`1.5`, `3e0f`)
      if (!isC(path_) && body.find("f32") == std::string::npos && body.find("f64") == std::string::npos)
        fail(e, "'" + *t + "' is not a float literal");
      return;
    case ir::Expr::BoolLit:
      if (!isC(path_) && body != (e.value.isZero() ? "false" : "true"))
        fail(e, "'" + *t + "' is not the literal " + (e.value.isZero() ? "false" : "true"));
      return;
    case ir::Expr::NullLit:
      if (!isC(path_) && body != "null")
        fail(e, "'" + *t + "' is not null");
      return;
    case ir::Expr::VarUse: {
      const ir::Var &v = prog_.var(p, e.var);
      if (v.temp || !isIdent(body))
        return; // stands for longer text (a read, a call, `x++`, `a[2]`)
      // The lowering renames a variable that repeats a name (`x_1`); C scalarizes `s.f` into `s_f`.
      bool renamed = v.name.size() > body.size() && v.name.compare(0, body.size(), body) == 0 &&
                     v.name[body.size()] == '_';
      if (v.name != body && !renamed)
        fail(e, "'" + *t + "' for the variable " + v.name);
      ++checkedNodes;
      return;
    }
    }
  }

  void checkConstructs() {
    std::map<uint32_t, std::pair<std::string, SourceRange>> seen;
    ir::forEachStmt(prog_, [&](const ir::Procedure &p, const ir::Stmt &s) {
      if (s.range.valid() && s.range.begin.file == mainFile_) {
        ++stmtRanges;
        CHECK_MESSAGE(s.construct != 0, path_ << ": #" << s.id << " has a range but no construct");
      }
      if (s.construct == 0)
        return;
      auto [it, fresh] = seen.emplace(s.construct, std::make_pair(p.name, s.range));
      CHECK_MESSAGE((fresh || (it->second.first == p.name && it->second.second == s.range)),
                    path_ << ": construct " << s.construct << " of #" << s.id);
    });
  }

  /// Inserts `open`/`close` around every range (nested ranges nest); the same structure must come back.
  void wrapAll(const std::set<std::pair<size_t, size_t>> &spans, const std::string &what,
               const std::map<std::pair<size_t, size_t>, std::pair<std::string, std::string>> &wraps) {
    // Inserted at an offset: closers first, then openers. Ranges ending at one offset close inner first
    // (spans are ordered by begin); ranges starting at one offset open the longer first.
    std::map<size_t, std::string> before, after;
    for (const auto &sp : spans)
      after[sp.second] = wraps.at(sp).second + after[sp.second];
    std::vector<std::pair<size_t, size_t>> order(spans.begin(), spans.end());
    std::stable_sort(order.begin(), order.end(), [](auto &a, auto &b) {
      return a.first != b.first ? a.first < b.first : a.second > b.second;
    });
    for (const auto &sp : order)
      before[sp.first] += wraps.at(sp).first;
    std::string out;
    for (size_t i = 0; i <= text_.size(); ++i) {
      if (auto it = after.find(i); it != after.end())
        out += it->second;
      if (auto it = before.find(i); it != before.end())
        out += it->second;
      if (i < text_.size())
        out += text_[i];
    }
    auto again = compile(path_, &out);
    INFO(path_ << " with every " << what << " wrapped:\n" << out);
    REQUIRE(again->prog.has_value());
    CHECK(structure(*again->prog) == structure(prog_));
  }

  void parenthesizeAll() {
    std::set<std::pair<size_t, size_t>> spans;
    std::map<std::pair<size_t, size_t>, std::pair<std::string, std::string>> wraps;
    ir::forEachStmt(prog_, [&](const ir::Procedure &, const ir::Stmt &s) {
      ir::forEachExprOf(s, [&](const ir::Expr &e) {
        ir::forEachNode(e, [&](const ir::Expr &x) {
          if (!x.range.valid() || x.range.begin.file != mainFile_)
            return;
          std::pair<size_t, size_t> sp{*offset(text_, x.range.begin), *offset(text_, x.range.end)};
          spans.insert(sp);
          wraps[sp] = {"(", ")"};
        });
      });
    });
    if (!spans.empty())
      wrapAll(spans, "expression range", wraps);
  }

  void braceAll() {
    // Statements that declare a variable keep their scope: not wrapped.
    std::set<uint32_t> declaring;
    ir::forEachStmt(prog_, [&](const ir::Procedure &p, const ir::Stmt &s) {
      if (s.construct == 0 || !s.range.valid() || !s.lhs.valid() || s.lhs.global)
        return;
      const ir::Var &v = p.vars.at(s.lhs.index);
      if (!v.temp && s.range.contains(SourceRange{v.loc, v.loc}))
        declaring.insert(s.construct);
    });
    std::set<std::pair<size_t, size_t>> spans;
    std::map<std::pair<size_t, size_t>, std::pair<std::string, std::string>> wraps;
    // (Contract blocks of printed IR take primitive statements only: the bodies are wrapped.)
    for (const ir::Procedure &p : prog_.procs)
      ir::forEachStmt(p.body, [&](const ir::Stmt &s) {
        std::optional<std::string> t = textOf(s.range);
        if (!t || declaring.count(s.construct))
          return;
        std::pair<size_t, size_t> sp{*offset(text_, s.range.begin), *offset(text_, s.range.end)};
        spans.insert(sp);
        bool stmt = !t->empty() && (t->back() == ';' || t->back() == '}');
        wraps[sp] = stmt ? std::make_pair(std::string("{ "), std::string(" }")) : std::make_pair("(", ")");
      });
    if (!spans.empty())
      wrapAll(spans, "statement range", wraps);
  }

  std::string path_;
  const ir::Program &prog_;
  std::string text_;
  uint32_t mainFile_ = UINT32_MAX;
};

struct Totals {
  size_t files = 0, exprRanges = 0, stmtRanges = 0, checkedNodes = 0;
};

void checkFiles(const std::vector<std::string> &paths, Totals &totals) {
  fs::current_path(LOCUS_SOURCE_DIR);
  for (const std::string &path : paths) {
    CAPTURE(path);
    auto c = compile(path);
    if (!c->prog)
      continue; // an error test
    RangeCheck check(path, *c);
    check.run();
    ++totals.files;
    totals.exprRanges += check.exprRanges;
    totals.stmtRanges += check.stmtRanges;
    totals.checkedNodes += check.checkedNodes;
  }
}

} // namespace

TEST_CASE("GCL: ranges cover whole expressions and statements, and are what they claim") {
  Totals t;
  checkFiles(files({"tests/regress", "bench/corpus", "bench/arith", "examples", "stdlib"}, ".gcl"), t);
  MESSAGE(t.files << " files, " << t.exprRanges << " expression ranges (" << t.checkedNodes
                  << " nodes matched to their text), " << t.stmtRanges << " statement ranges");
  CHECK(t.files > 80);
  CHECK(t.checkedNodes > 5000);
}

#ifdef LOCUS_WITH_C
TEST_CASE("C: ranges cover whole expressions and statements, and are what they claim") {
  Totals t;
  checkFiles(files({"tests/regress/c", "bench/corpus", "bench/arith", "examples"}, ".c"), t);
  MESSAGE(t.files << " files, " << t.exprRanges << " expression ranges (" << t.checkedNodes
                  << " nodes matched to their text), " << t.stmtRanges << " statement ranges");
  CHECK(t.files > 60);
  CHECK(t.checkedNodes > 3000);
}
#endif

TEST_CASE("printed IR keeps construct ids and ranges; without source information it has none") {
  fs::current_path(LOCUS_SOURCE_DIR);
  for (const char *path : {"examples/reverse_buggy.gcl", "bench/corpus/heap/B01_reverse_sll.gcl"}) {
    CAPTURE(path);
    auto c = compile(path);
    REQUIRE(c->prog);
    std::string text = ir::toString(*c->prog);
    auto back = compile("printed.gcl", &text);
    REQUIRE(back->prog);
    CHECK((*back->prog == *c->prog));
    CHECK(ir::toString(*back->prog) == text);
    std::string bare = ir::toString(*c->prog, ir::PrintOptions{true, false});
    CHECK(bare.find(" ^") == std::string::npos);
    auto noInfo = compile("bare.gcl", &bare);
    REQUIRE(noInfo->prog);
    ir::Program stripped = *c->prog;
    ir::clearSourceInfo(stripped);
    CHECK((*noInfo->prog == stripped));
  }
}

TEST_CASE("a construct's statements share its id and range; copies of a loop condition are one construct") {
  std::string src = "proc f(x: int) returns (r: int) {\n"
                    "  while (x > 0 and r < 10) {\n"
                    "    r := r + x;\n"
                    "    if (r == 5) { continue; }\n"
                    "    x := x - 1;\n"
                    "  }\n"
                    "}\n";
  auto c = compile("loop.gcl", &src);
  REQUIRE(c->prog);
  const ir::Procedure &f = c->prog->procs.at(0);
  // b0 := x > 0 and r < 10 (before the loop, before `continue`, at the end of the body): one construct.
  std::vector<const ir::Stmt *> cond;
  ir::forEachStmt(f.body, [&](const ir::Stmt &s) {
    if (s.kind == ir::Stmt::Assign && s.value.kind == ir::Expr::Binary && s.value.op == ir::Op::And)
      cond.push_back(&s);
  });
  REQUIRE(cond.size() == 3);
  const ir::Stmt &loop = f.body.at(1);
  REQUIRE(loop.kind == ir::Stmt::While);
  for (const ir::Stmt *s : cond) {
    CHECK(s->construct == loop.construct);
    CHECK(s->range == loop.range);
    CHECK(s->value.range == cond[0]->value.range);
  }
  CHECK(loop.range.begin.line == 2);
  CHECK(loop.range.end.line == 6);
  CHECK(loop.range.end.col == 4);
  // `r := r + x;` is its own construct: the statement with its `;`, the value without.
  const ir::Stmt &add = loop.body.at(0);
  CHECK(add.construct != loop.construct);
  CHECK(ir::rangeText(add.range) == "3:5+11");
  CHECK(ir::rangeText(add.value.range) == "3:10+5");
  CHECK(ir::rangeText(add.value.args[1].range) == "3:14+1");
}

TEST_CASE("malformed source information in printed IR is an error") {
  std::string src = "proc f(x: int) returns (r: int) @\"f.gcl\" 1:6\n{\n"
                    "  #1 @2:3 r := x + 1;  ^1 2:3+11 (2:8+5 2:8+1 2:12+1 _ 2:3+1)\n}\n";
  SourceManager sm;
  Diagnostics diags(sm);
  CHECK_FALSE(gcl::compileText("p.gcl", src, sm, diags));
  std::ostringstream os;
  diags.print(os, false);
  CHECK(os.str().find("5 expression ranges for a statement with 4 expression nodes") != std::string::npos);

  std::string backwards = "proc f(x: int) returns (r: int) @\"f.gcl\" 1:6\n{\n"
                          "  #1 @2:3 r := x;  ^1 2:3-1:1\n}\n";
  SourceManager sm2;
  Diagnostics diags2(sm2);
  CHECK_FALSE(gcl::compileText("p.gcl", backwards, sm2, diags2));
  std::ostringstream os2;
  diags2.print(os2, false);
  CHECK(os2.str().find("source range ends before it begins") != std::string::npos);
}

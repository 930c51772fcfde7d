// Patches as source diffs (see patch.h and repair/README.md, "Patches"): IR edits → text edits of the
// source files → patched text and a unified diff.
#include "repair/patch/patch.h"
#include "repair/patch/declared.h"

#include "ir/floats.h"

#include "ir/analysis.h"
#include "ir/printer.h"
#include "repair/patch/diff.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <set>
#include <tuple>
#include <utility>

namespace locus::repair::patch {

Edit Edit::replace(ir::StmtId stmt, uint32_t node, ir::Expr e) {
  Edit x;
  x.kind = Kind::Replace;
  x.stmt = stmt;
  x.node = node;
  x.expr = std::move(e);
  return x;
}
Edit Edit::remove(ir::StmtId stmt) {
  Edit x;
  x.kind = Kind::Delete;
  x.stmt = stmt;
  return x;
}
Edit Edit::insertBefore(ir::StmtId anchor, ir::Stmt s) {
  Edit x;
  x.kind = Kind::InsertBefore;
  x.stmt = anchor;
  x.insert = std::move(s);
  return x;
}
Edit Edit::insertAfter(ir::StmtId anchor, ir::Stmt s) {
  Edit x = insertBefore(anchor, std::move(s));
  x.kind = Kind::InsertAfter;
  return x;
}
Edit Edit::replaceStmt(ir::StmtId stmt, ir::Stmt s) {
  Edit x = insertBefore(stmt, std::move(s));
  x.kind = Kind::ReplaceStmt;
  return x;
}
Edit Edit::insertInto(ir::StmtId ifStmt, bool elseBranch, ir::Stmt s) {
  Edit x = insertBefore(ifStmt, std::move(s));
  x.kind = elseBranch ? Kind::InsertElse : Kind::InsertThen;
  return x;
}

Edit Edit::rewrite(ir::StmtId stmt, std::string text) {
  Edit x;
  x.kind = Kind::Rewrite;
  x.stmt = stmt;
  x.text = std::move(text);
  return x;
}

template <typename StmtT, typename ExprT> ExprT *nodeAtImpl(StmtT &s, uint32_t index) {
  ExprT *found = nullptr;
  uint32_t k = 0;
  ir::forEachExprOf(s, [&](ExprT &root) {
    ir::forEachNode(root, [&](ExprT &x) {
      if (k++ == index)
        found = &x;
    });
  });
  return found;
}
const ir::Expr *nodeAt(const ir::Stmt &s, uint32_t index) {
  return nodeAtImpl<const ir::Stmt, const ir::Expr>(s, index);
}
ir::Expr *nodeAt(ir::Stmt &s, uint32_t index) {
  return nodeAtImpl<ir::Stmt, ir::Expr>(s, index);
}
uint32_t nodeIndex(const ir::Stmt &s, const ir::Expr *node) {
  uint32_t k = 0, found = ir::kNone;
  ir::forEachExprOf(s, [&](const ir::Expr &root) {
    ir::forEachNode(root, [&](const ir::Expr &x) {
      if (&x == node)
        found = k;
      ++k;
    });
  });
  return found;
}

namespace {

using ir::Expr;
using ir::Op;

/// Calls f on every statement of a procedure (requires, body, ensures; nested bodies included).
template <typename F> void forEachStmtOf(const ir::Procedure &p, F &&f) {
  ir::forEachStmt(p.pre, f);
  ir::forEachStmt(p.body, f);
  ir::forEachStmt(p.post, f);
}

/// A refusal: the edits cannot be shown as source text.
struct Refused {
  std::string why;
};

// ---- precedence (higher binds tighter) ----

constexpr int kLowest = 0;

int unaryPrec(Language l) {
  return l == Language::Gcl ? 11 : 12;
}
int postfixPrec(Language l) {
  return l == Language::Gcl ? 12 : 13;
}
int atomPrec(Language l) {
  return l == Language::Gcl ? 12 : 14;
}

/// GCL (grammar/GCL.g4): `==>` < or < and < comparisons < | < ^ < & < shifts < + - < * / %.
/// C: || < && < | < ^ < & < == != < < <= > >= < shifts < + - < * / %.
int binaryPrec(Language l, Op op) {
  if (l == Language::Gcl) {
    switch (op) {
    case Op::Implies: return 1;
    case Op::Or: return 2;
    case Op::And: return 3;
    case Op::BitOr: return 5;
    case Op::BitXor: return 6;
    case Op::BitAnd: return 7;
    case Op::Shl:
    case Op::Shr: return 8;
    case Op::Add:
    case Op::Sub: return 9;
    case Op::Mul:
    case Op::Div:
    case Op::Mod: return 10;
    default: return 4; // comparisons
    }
  }
  switch (op) {
  case Op::Implies: // printed as `!a || b`
  case Op::Or: return 2;
  case Op::And: return 3;
  case Op::BitOr: return 4;
  case Op::BitXor: return 5;
  case Op::BitAnd: return 6;
  case Op::Eq:
  case Op::Ne: return 7;
  case Op::Lt:
  case Op::Le:
  case Op::Gt:
  case Op::Ge: return 8;
  case Op::Shl:
  case Op::Shr: return 9;
  case Op::Add:
  case Op::Sub: return 10;
  default: return 11; // * / %
  }
}

/// What an operand of a binary operator must bind at least as tightly as (GCL's `==>` is right-associative,
/// everything else left-associative).
int operandNeed(Language l, Op op, bool right) {
  int p = binaryPrec(l, op);
  bool rightAssoc = l == Language::Gcl && op == Op::Implies;
  return right != rightAssoc ? p + 1 : p;
}

std::string binarySpelling(Language l, Op op) {
  if (l == Language::C) {
    if (op == Op::And)
      return "&&";
    if (op == Op::Or)
      return "||";
  }
  return ir::opSpelling(op);
}

/// The C spelling of a fixed-width IR int type (LP64, as the C front end maps them).
std::string cTypeName(ir::Type t) {
  if (t.isFloat())
    return t.bits == 32 ? "float" : "double";
  switch (t.bits) {
  case 8: return t.isSigned ? "signed char" : "unsigned char";
  case 16: return t.isSigned ? "short" : "unsigned short";
  case 32: return t.isSigned ? "int" : "unsigned";
  default: return t.isSigned ? "long" : "unsigned long";
  }
}

/// Text and how tightly it binds.
struct Text {
  std::string s;
  int prec = 0;
};

std::string wrap(const Text &t, int need) {
  return t.prec < need ? "(" + t.s + ")" : t.s;
}

struct TextEdit {
  uint32_t file = 0;
  size_t begin = 0, end = 0;
  std::string text;
  size_t order = 0; ///< the edit's position in the list (insertions at one place keep it)
};

/// An insertion into a branch (InsertThen/Else): its statements, one a line, written as head, the statements
/// separated by sep, and tail once every insertion into the branch is known.
struct BranchText {
  std::vector<std::string> stmts;
  std::string head, sep, tail;
};

/// One source file of the program.
struct File {
  std::string path;
  std::string text;
  Language lang = Language::Gcl;
  std::vector<Token> tokens;
  bool usesNull = false; ///< C: the text names NULL (so `NULL` is defined)

  size_t offset(SourceLoc l) const {
    std::optional<size_t> o = SourceManager::offsetOf(text, l.line, l.col);
    if (!o)
      throw Refused{"a source range lies outside '" + path +
                    "' (was the file changed after it was compiled?)"};
    return *o;
  }
  /// The last token ending at or before `off`, and the first starting at or after it (nullptr: none).
  const Token *before(size_t off) const {
    auto it = std::upper_bound(tokens.begin(), tokens.end(), off,
                               [](size_t o, const Token &t) { return o < t.end; });
    return it == tokens.begin() ? nullptr : &*(it - 1);
  }
  const Token *after(size_t off) const {
    auto it = std::lower_bound(tokens.begin(), tokens.end(), off,
                               [](const Token &t, size_t o) { return t.begin < o; });
    return it == tokens.end() ? nullptr : &*it;
  }
  size_t lineStart(size_t off) const {
    size_t p = text.rfind('\n', off == 0 ? 0 : off - 1);
    return off == 0 || p == std::string::npos ? 0 : p + 1;
  }
  size_t lineEnd(size_t off) const {
    size_t p = text.find('\n', off);
    return p == std::string::npos ? text.size() : p;
  }
  bool blank(size_t a, size_t b) const {
    return std::all_of(text.begin() + static_cast<std::ptrdiff_t>(a),
                       text.begin() + static_cast<std::ptrdiff_t>(b),
                       [](char c) { return c == ' ' || c == '\t' || c == '\r'; });
  }
  /// The indentation of the line that holds `off`.
  std::string indentOf(size_t off) const {
    size_t ls = lineStart(off), e = ls;
    while (e < text.size() && (text[e] == ' ' || text[e] == '\t'))
      ++e;
    return text.substr(ls, e - ls);
  }
  /// One level of indentation in this file: the shortest indentation of a line with code (two spaces when
  /// no line is indented).
  std::string indentUnit() const {
    std::string best;
    for (size_t ls = 0; ls < text.size();) {
      size_t le = lineEnd(ls);
      std::string in = indentOf(ls);
      if (!in.empty() && ls + in.size() < le && text[ls + in.size()] != '\r' &&
          (best.empty() || in.size() < best.size()))
        best = in;
      ls = le + 1;
    }
    return best.empty() ? "  " : best;
  }
};

File makeFile(const std::string &path, std::string text) {
  File f;
  f.path = path;
  f.text = std::move(text);
  f.lang = languageOf(path);
  f.tokens = tokenize(f.text, f.lang);
  f.usesNull = std::any_of(f.tokens.begin(), f.tokens.end(), [](const Token &t) { return t.text == "NULL"; });
  return f;
}

/// Where the parts of an `if` statement's text are (byte offsets into its file).
struct IfText {
  size_t ifAt = 0;        ///< the `if` token
  bool thenBlock = false; ///< the then-branch is a block; then thenOpen/thenClose are its braces
  size_t thenOpen = 0, thenClose = 0;
  size_t thenEnd = 0; ///< just after the then-branch
  IfBranches shape;
  size_t elseOpen = 0, elseClose = 0; ///< an empty else block's braces
};

/// The `if` statement whose text is [a, b) of `f`, or nullopt (see ifBranches).
std::optional<IfText> parseIf(const File &f, size_t a, size_t b) {
  auto first = std::lower_bound(f.tokens.begin(), f.tokens.end(), a,
                                [](const Token &t, size_t o) { return t.begin < o; });
  std::vector<Token> toks;
  for (auto it = first; it != f.tokens.end() && it->end <= b; ++it)
    toks.push_back(*it);
  // the index of the bracket closing the one at i
  auto closing = [&](size_t i) -> std::optional<size_t> {
    int depth = 0;
    for (size_t k = i; k < toks.size(); ++k) {
      std::string_view t = toks[k].text;
      if (t == "(" || t == "[" || t == "{")
        ++depth;
      else if ((t == ")" || t == "]" || t == "}") && --depth == 0)
        return k;
    }
    return std::nullopt;
  };
  if (toks.size() < 4 || toks[0].text != "if" || toks[1].text != "(")
    return std::nullopt;
  std::optional<size_t> rp = closing(1);
  if (!rp || *rp + 1 >= toks.size())
    return std::nullopt;
  IfText out;
  out.ifAt = toks[0].begin;
  size_t t = *rp + 1, next = 0;
  if (toks[t].text == "{") {
    std::optional<size_t> rb = closing(t);
    if (!rb)
      return std::nullopt;
    out.thenBlock = true;
    out.thenOpen = toks[t].begin;
    out.thenClose = toks[*rb].begin;
    out.thenEnd = toks[*rb].end;
    out.shape.thenEmpty = *rb == t + 1;
    next = *rb + 1;
  } else {
    static const std::set<std::string_view> compound = {"if", "while", "for", "do", "switch", ";", "else"};
    if (f.lang != Language::C || compound.count(toks[t].text))
      return std::nullopt;
    size_t k = t;
    for (int depth = 0; k < toks.size(); ++k) {
      std::string_view x = toks[k].text;
      if (x == "(" || x == "[" || x == "{")
        ++depth;
      else if (x == ")" || x == "]" || x == "}")
        --depth;
      else if (x == ";" && depth == 0)
        break;
    }
    if (k >= toks.size())
      return std::nullopt;
    out.thenEnd = toks[k].end;
    next = k + 1;
  }
  if (next < toks.size() && toks[next].text == "else") {
    out.shape.elseBranch = IfBranches::Else::Written;
    if (next + 1 < toks.size() && toks[next + 1].text == "{") {
      std::optional<size_t> rb = closing(next + 1);
      if (rb && *rb == next + 2) {
        out.shape.elseBranch = IfBranches::Else::Empty;
        out.elseOpen = toks[next + 1].begin;
        out.elseClose = toks[*rb].begin;
      }
    }
  }
  return out;
}

class Renderer {
public:
  Renderer(const ir::Program &prog, const SourceManager *sm) : prog_(prog), sm_(sm), index_(prog) {
    for (uint32_t pi = 0; pi < prog.procs.size(); ++pi)
      ir::forEachStmt(prog.procs[pi].pre, [&](const ir::Stmt &s) { indexStmt(pi, s); });
    for (uint32_t pi = 0; pi < prog.procs.size(); ++pi) {
      ir::forEachStmt(prog.procs[pi].body, [&](const ir::Stmt &s) { indexStmt(pi, s); });
      ir::forEachStmt(prog.procs[pi].post, [&](const ir::Stmt &s) { indexStmt(pi, s); });
    }
  }

  Patch run(const std::vector<Edit> &edits, const Options &opts) {
    Patch patch;
    std::vector<TextEdit> textEdits;
    std::map<size_t, BranchText> branches; // by edit
    for (size_t i = 0; i < edits.size(); ++i) {
      const Edit &e = edits[i];
      const ir::Stmt *s = index_.find(e.stmt);
      if (!s)
        throw Refused{"there is no statement #" + std::to_string(e.stmt)};
      proc_ = index_.procOf(e.stmt);
      read_ = e.read ? &*e.read : nullptr;
      argReads_ = &e.argReads;
      baseReads_ = &e.baseReads;
      TextEdit te;
      switch (e.kind) {
      case Edit::Kind::Replace: te = replace(*s, e.node, e.expr); break;
      case Edit::Kind::Delete: te = remove(*s); break;
      case Edit::Kind::InsertBefore:
      case Edit::Kind::InsertAfter: te = insert(*s, e.insert, e.kind == Edit::Kind::InsertAfter); break;
      case Edit::Kind::ReplaceStmt: te = replaceStmt(*s, e.insert); break;
      case Edit::Kind::InsertThen:
      case Edit::Kind::InsertElse:
        te = insertInto(*s, e.insert, e.kind == Edit::Kind::InsertElse, branches[i]);
        break;
      case Edit::Kind::Rewrite: te = rewrite(*s, e.text); break;
      }
      te.order = i;
      const File &f = file(te.file);
      patch.locations.push_back({f.path, {loc(f, te.file, te.begin), loc(f, te.file, te.end)}});
      textEdits.push_back(std::move(te));
    }
    // Per file: sorted, the same text edit once (copies of one condition), no overlaps.
    std::sort(textEdits.begin(), textEdits.end(), [](const TextEdit &a, const TextEdit &b) {
      return std::tie(a.file, a.begin, a.end, a.order) < std::tie(b.file, b.begin, b.end, b.order);
    });
    std::vector<TextEdit> merged;
    for (TextEdit &t : textEdits) {
      if (!merged.empty() && merged.back().file == t.file) {
        TextEdit &p = merged.back();
        if (branches.count(p.order) && branches.count(t.order) && p.begin == t.begin &&
            p.end == t.end) { // one more into the branch
          std::vector<std::string> &to = branches[p.order].stmts, &from = branches[t.order].stmts;
          to.insert(to.end(), from.begin(), from.end());
          continue;
        }
        if (p.begin == t.begin && p.end == t.end && p.text == t.text && p.begin != p.end)
          continue;
        if (t.begin < p.end || (t.begin == p.begin && p.begin != p.end && t.begin != t.end)) {
          const File &f = file(t.file);
          SourceLoc at = loc(f, t.file, t.begin);
          throw Refused{"edits overlap at " + f.path + ":" + std::to_string(at.line) + ":" +
                        std::to_string(at.col)};
        }
      }
      merged.push_back(std::move(t));
    }
    for (TextEdit &t : merged)
      if (auto b = branches.find(t.order); b != branches.end()) {
        t.text = b->second.head;
        for (size_t i = 0; i < b->second.stmts.size(); ++i)
          t.text += (i ? b->second.sep : "") + b->second.stmts[i];
        t.text += b->second.tail;
      }
    for (size_t k = 0; k < merged.size();) {
      uint32_t fi = merged[k].file;
      const File &f = file(fi);
      std::string out;
      size_t pos = 0;
      for (; k < merged.size() && merged[k].file == fi; ++k) {
        out.append(f.text, pos, merged[k].begin - pos);
        out += merged[k].text;
        pos = merged[k].end;
      }
      out.append(f.text, pos, std::string::npos);
      patch.diff += unifiedDiff(f.path, f.text, out, opts.context);
      patch.files.push_back({f.path, f.text, std::move(out)});
    }
    return patch;
  }

  /// An expression without source text (exprText).
  std::string plain(uint32_t proc, const Expr &e, Language lang) {
    proc_ = proc;
    lang_ = lang;
    plain_ = true;
    return render(e).s;
  }

private:
  struct Ranged {
    const ir::Stmt *stmt;
    const Expr *node;
  };

  void indexStmt(uint32_t proc, const ir::Stmt &s) {
    ir::forEachExprOf(s, [&](const Expr &root) {
      ir::forEachNode(root, [&](const Expr &x) {
        if (x.range.valid()) {
          ranged_[proc].push_back({&s, &x});
          byRange_.emplace(
              std::make_tuple(proc, x.range.begin.line, x.range.begin.col, x.range.end.line, x.range.end.col),
              &x);
        }
      });
    });
    if (s.range.valid() && s.construct != 0)
      constructs_[proc][s.construct] = s.range;
  }

  // ---- files ----

  const File &file(uint32_t fi) {
    auto it = files_.find(fi);
    if (it != files_.end())
      return it->second;
    if (fi >= prog_.files.size())
      throw Refused{"a source range refers to no file of the program"};
    const std::string &path = prog_.files[fi];
    std::optional<uint32_t> smi = sm_ ? sm_->find(path) : std::nullopt;
    if (!smi)
      throw Refused{"the text of '" + path + "' is not available"};
    return files_.emplace(fi, makeFile(path, std::string(sm_->text(*smi)))).first->second;
  }

  static SourceLoc loc(const File &f, uint32_t fi, size_t off) {
    size_t ls = f.lineStart(off);
    uint32_t line = static_cast<uint32_t>(
        std::count(f.text.begin(), f.text.begin() + static_cast<std::ptrdiff_t>(ls), '\n') + 1);
    return {fi, line, static_cast<uint32_t>(off - ls + 1)};
  }

  std::string where(const SourceRange &r) const { return ir::formatLoc(prog_, r.begin); }

  std::string textOf(const SourceRange &r) {
    const File &f = file(r.begin.file);
    size_t a = f.offset(r.begin), b = f.offset(r.end);
    return f.text.substr(a, b - a);
  }

  std::string irText(const Expr &e) const { return ir::toString(prog_, prog_.procs.at(proc_), e); }

  // ---- variables: their source names ----

  /// How a variable is written in the source: the text of its uses (identifiers first), else the name at
  /// its declaration; nullopt when unknown (then `why` says so).
  std::optional<std::string> spelling(ir::VarRef v, std::string &why) {
    auto key = std::make_pair(v.global ? ir::kNone : proc_, v);
    if (auto it = spellings_.find(key); it != spellings_.end()) {
      why = it->second.second;
      return it->second.first;
    }
    std::optional<std::string> s = findSpelling(v, why);
    spellings_[key] = {s, why};
    return s;
  }
  std::optional<std::string> findSpelling(ir::VarRef v, std::string &why) {
    const ir::Var &var = prog_.var(prog_.procs.at(proc_), v);
    if (var.temp) {
      why = "the lowering temporary '" + var.name + "'";
      return std::nullopt;
    }
    if (lang_ == Language::C && var.kind == ir::VarKind::Return) {
      why = "the result of '" + prog_.procs.at(proc_).name + "' (no name in C)";
      return std::nullopt;
    }
    std::set<std::string> idents, others;
    auto scan = [&](uint32_t pi) {
      for (const Ranged &r : ranged_[pi])
        if (r.node->kind == Expr::VarUse && r.node->var == v && (v.global || pi == proc_)) {
          std::string t = textOf(r.node->range);
          const File &f = file(r.node->range.begin.file);
          std::vector<Token> toks = tokenize(t, f.lang);
          if (toks.size() == 1 && (std::isalpha(static_cast<unsigned char>(t[0])) || t[0] == '_'))
            idents.insert(t);
          else if (!hasSideEffects(t, f.lang) && isPostfixText(t, f.lang))
            others.insert(t);
        }
    };
    if (v.global)
      for (uint32_t pi = 0; pi < prog_.procs.size(); ++pi)
        scan(pi);
    else
      scan(proc_);
    if (idents.size() == 1)
      return *idents.begin();
    if (idents.empty() && var.loc.valid() && var.loc.file < prog_.files.size()) {
      // The identifier at the declaration, if only this variable is declared there (not an array element
      // or struct field the C front end made one variable of).
      bool shared = false;
      auto sameLoc = [&](const ir::Var &w) { shared |= &w != &var && w.loc == var.loc; };
      for (const ir::Var &w : prog_.globals)
        sameLoc(w);
      for (const ir::Var &w : prog_.procs.at(proc_).vars)
        sameLoc(w);
      if (!shared) {
        const File &f = file(var.loc.file);
        size_t a = f.offset(var.loc), b = a;
        while (b < f.text.size() && (std::isalnum(static_cast<unsigned char>(f.text[b])) || f.text[b] == '_'))
          ++b;
        if (b > a)
          return f.text.substr(a, b - a);
      }
    }
    if (idents.empty() && others.size() == 1)
      return *others.begin();
    why = "the variable '" + var.name + "' (no unambiguous source name)";
    return std::nullopt;
  }

  /// Where a local variable is visible: after its declaration (after the whole declaring statement, so
  /// not in its own initializer), to the end of the smallest construct around the declaration (a loop or
  /// `if` whose body declares it), else to the end of the procedure.
  SourceRange scopeOf(const ir::Var &var) {
    SourceRange point{var.loc, var.loc};
    // The declaration's own construct (`int x = 5;`, `var x: int := 5;`, a `for` initialization).
    std::set<uint32_t> declaring;
    SourceLoc begin = var.loc;
    forEachStmtOf(prog_.procs.at(proc_), [&](const ir::Stmt &s) {
      if (s.range.contains(point) && s.lhs.valid() && !s.lhs.global &&
          &prog_.procs.at(proc_).vars.at(s.lhs.index) == &var) {
        declaring.insert(s.construct);
        if (begin < s.range.end)
          begin = s.range.end;
      }
    });
    SourceRange best;
    for (const auto &[c, r] : constructs_[proc_])
      if (!declaring.count(c) && r.contains(point) && (!best.valid() || best.contains(r)))
        best = r;
    if (!best.valid())
      return {begin, {var.loc.file, UINT32_MAX, UINT32_MAX}};
    return {begin, best.end};
  }

  /// Whether variable w is visible at `at` (locals only after their declaration, within their scope).
  bool visibleAt(ir::VarRef w, const SourceRange &at) {
    if (w.global)
      return true;
    const ir::Var &var = prog_.procs.at(proc_).vars.at(w.index);
    if (var.kind != ir::VarKind::Local || !var.loc.valid())
      return true;
    SourceRange sc = scopeOf(var);
    return sc.begin.file == at.begin.file && !(at.begin < sc.begin) && !(sc.end < at.end);
  }

  /// The source name of `v` at `at`; refused when v is not visible there or another variable written the
  /// same way (a renamed local `x_1`, a local hiding a global) could be meant.
  std::string nameAt(ir::VarRef v, const SourceRange &at) {
    const ir::Procedure &p = prog_.procs.at(proc_);
    const ir::Var &var = prog_.var(p, v);
    if (lang_ == Language::C && var.kind == ir::VarKind::Return)
      throw Refused{"the new code uses the result of '" + p.name + "', which has no name in C"};
    std::string why;
    std::optional<std::string> s = spelling(v, why);
    if (!s)
      throw Refused{"the new code uses " + why};
    if (!visibleAt(v, at))
      throw Refused{"'" + *s + "' is not declared at " + where(at)};
    for (uint32_t i = 0; i < prog_.globals.size() + p.vars.size(); ++i) {
      ir::VarRef w = i < prog_.globals.size()
                         ? ir::VarRef{true, i}
                         : ir::VarRef{false, static_cast<uint32_t>(i - prog_.globals.size())};
      std::string ignore;
      if (w == v || prog_.var(p, w).temp || spelling(w, ignore) != s)
        continue;
      // Another variable of that name: v is meant only if that one is not visible, or is a global that v
      // (a local) hides.
      if (visibleAt(w, at) && !(w.global && !v.global))
        throw Refused{"'" + *s + "' at " + where(at) + " may name another variable than '" + var.name + "'"};
    }
    return *s;
  }

  // ---- expressions ----

  /// An original node with this range that equals `e` (ranges included), if any.
  const Expr *original(const Expr &e) {
    auto key =
        std::make_tuple(proc_, e.range.begin.line, e.range.begin.col, e.range.end.line, e.range.end.col);
    auto [a, b] = byRange_.equal_range(key);
    for (auto it = a; it != b; ++it)
      if (it->second->range == e.range && *it->second == e)
        return it->second;
    return nullptr;
  }

  /// How tightly a node's source text binds: by the operator of that text (the best original node with that
  /// range: an operator rather than a temporary standing for it), else by the text.
  int textPrec(const Expr &n, const std::string &text) {
    const Expr *k = &n;
    auto key =
        std::make_tuple(proc_, n.range.begin.line, n.range.begin.col, n.range.end.line, n.range.end.col);
    auto [lo, hi] = byRange_.equal_range(key);
    for (auto it = lo; it != hi; ++it)
      if (it->second->range == n.range &&
          (it->second->kind == Expr::Binary || it->second->kind == Expr::Unary))
        k = it->second;
    for (bool peeled = true; peeled;) {
      peeled = false;
      for (const Expr &a : k->args)
        if (a.range == k->range) {
          k = &a;
          peeled = true;
          break;
        }
    }
    const File &f = file(n.range.begin.file);
    switch (k->kind) {
    case Expr::Binary: return binaryPrec(lang_, k->op);
    case Expr::Unary: return lang_ == Language::Gcl && k->op == Op::Cast ? atomPrec(lang_) : unaryPrec(lang_);
    default: return textPrecedence(text, f.lang, unaryPrec(lang_), atomPrec(lang_));
    }
  }

  /// e in the file's syntax: source text where e is an unchanged original node inside the edited construct,
  /// else printed from its parts.
  Text render(const Expr &e) {
    if (!plain_ && e.range.valid() && scope_.contains(e.range) && original(e)) {
      std::string t = textOf(e.range);
      reused_.push_back(e.range);
      return {t, textPrec(e, t)};
    }
    return lang_ == Language::Gcl ? gcl(e) : c(e);
  }

  std::string var(const Expr &e) {
    if (plain_)
      return prog_.var(prog_.procs.at(proc_), e.var).name;
    const ir::Var &v = prog_.var(prog_.procs.at(proc_), e.var);
    if (v.temp)
      throw Refused{"the new expression '" + irText(e) + "' uses the lowering temporary '" + v.name +
                    "', which has no source form at " + where(scope_)};
    return nameAt(e.var, target_);
  }

  Text varText(const Expr &e) {
    std::string s = var(e);
    return {s, textPrecedence(s, lang_, unaryPrec(lang_), atomPrec(lang_))};
  }

  Text gcl(const Expr &e) {
    switch (e.kind) {
    case Expr::IntLit:
      return {e.value.toString() + ir::intSuffix(e.type),
              e.value.isNegative() ? unaryPrec(lang_) : atomPrec(lang_)};
    case Expr::FloatLit: {
      std::string lit = ir::floatLiteral(e.value, e.type);
      return {lit, lit[0] == '-' ? unaryPrec(lang_) : atomPrec(lang_)};
    }
    case Expr::BoolLit: return {e.value.isZero() ? "false" : "true", atomPrec(lang_)};
    case Expr::NullLit: return {"null", atomPrec(lang_)};
    case Expr::VarUse: return varText(e);
    case Expr::Unary: {
      if (e.op == Op::Cast)
        return {ir::numTypeName(e.type) + "(" + render(e.args.at(0)).s + ")", atomPrec(lang_)};
      if (ir::isFloatFunction(e.op))
        return {std::string(ir::opSpelling(e.op)) + "(" + render(e.args.at(0)).s + ")", atomPrec(lang_)};
      const Expr &a = e.args.at(0);
      Text t = render(a);
      // `-5` would read back as a literal, `--x` is not wanted: parenthesized, as the IR printer does.
      bool inner = e.op == Op::Neg && (a.kind == Expr::IntLit || a.kind == Expr::FloatLit ||
                                       (a.kind == Expr::Unary && a.op == Op::Neg) || t.s.rfind('-', 0) == 0);
      std::string op = e.op == Op::Neg ? "-" : e.op == Op::BitNot ? "~" : "not ";
      return {op + wrap(t, inner ? atomPrec(lang_) + 1 : unaryPrec(lang_)), unaryPrec(lang_)};
    }
    case Expr::Binary: {
      Text l = render(e.args.at(0)), r = render(e.args.at(1));
      return {wrap(l, operandNeed(lang_, e.op, false)) + " " + ir::opSpelling(e.op) + " " +
                  wrap(r, operandNeed(lang_, e.op, true)),
              binaryPrec(lang_, e.op)};
    }
    }
    return {};
  }

  Text cLiteral(const Expr &e) {
    if (e.type.kind == ir::Type::Int && e.type.bits == 0)
      throw Refused{"the new expression '" + irText(e) + "' has an unbounded integer, which C has not"};
    std::string suffix = e.type.bits == 32 && !e.type.isSigned ? "u"
                         : e.type.bits == 64                   ? (e.type.isSigned ? "L" : "UL")
                                                               : "";
    if (e.type.bits == 32 && e.type.isSigned && e.value == ir::minOf(e.type))
      return {"(-2147483647 - 1)", atomPrec(lang_)};
    if (e.type.bits == 64 && e.type.isSigned && e.value == ir::minOf(e.type))
      return {"(-9223372036854775807L - 1)", atomPrec(lang_)};
    return {e.value.toString() + suffix, e.value.isNegative() ? unaryPrec(lang_) : atomPrec(lang_)};
  }

  /// A C float literal: a whole number of less than 16 digits in decimal (`0.0`), any other hexadecimal
  /// (exact), `f` for a float; NaN and the infinities have no literal.
  Text cFloatLiteral(const Expr &e) {
    double d = ir::toDouble(ir::floatBits(e.value, e.type), e.type);
    if (std::isfinite(d) && d == std::trunc(d) && std::fabs(d) < 1e15 && !std::signbit(d)) {
      std::string lit = std::to_string(static_cast<long long>(d)) + ".0" + (e.type.bits == 32 ? "f" : "");
      return {lit, atomPrec(lang_)};
    }
    std::string lit = ir::floatLiteral(e.value, e.type);
    if (lit.find("0x") == std::string::npos)
      throw Refused{"the new expression '" + irText(e) +
                    "' has a NaN or an infinity, which C has no literal for"};
    lit = lit.substr(0, lit.size() - 3) + (e.type.bits == 32 ? "f" : "");
    return {lit, lit[0] == '-' ? unaryPrec(lang_) : atomPrec(lang_)};
  }

  Text c(const Expr &e) {
    // C computes below int in int: an operation of an 8- or 16-bit IR type is converted back to it.
    auto narrow = [&](Text t) -> Text {
      if (e.type.isFixedInt() && e.type.bits < 32)
        return {"(" + cTypeName(e.type) + ")" + wrap(t, postfixPrec(lang_)), unaryPrec(lang_)};
      return t;
    };
    switch (e.kind) {
    case Expr::IntLit: return cLiteral(e);
    case Expr::FloatLit: return cFloatLiteral(e);
    case Expr::BoolLit: return {e.value.isZero() ? "0" : "1", atomPrec(lang_)};
    case Expr::NullLit: return {!plain_ && file(scope_.begin.file).usesNull ? "NULL" : "0", atomPrec(lang_)};
    case Expr::VarUse: return varText(e);
    case Expr::Unary: {
      const Expr &a = e.args.at(0);
      Text t = render(a);
      if (ir::isFloatFunction(e.op)) { // <math.h>: fabs, sqrt, floor, ceil, round, trunc (…f for float)
        std::string name = std::string(ir::opSpelling(e.op)).substr(e.op == Op::FAbs ? 0 : 1);
        return {name + (e.type.bits == 32 ? "f(" : "(") + t.s + ")", postfixPrec(lang_)};
      }
      if (e.op == Op::Cast) {
        if (e.type.bits == 0)
          throw Refused{"the new expression '" + irText(e) + "' has an unbounded integer, which C has not"};
        return {"(" + cTypeName(e.type) + ")" + wrap(t, unaryPrec(lang_)), unaryPrec(lang_)};
      }
      std::string op = e.op == Op::Neg ? "-" : e.op == Op::BitNot ? "~" : "!";
      std::string operand = wrap(t, unaryPrec(lang_));
      if (op == "-" && operand.rfind('-', 0) == 0) // `--x` is a decrement
        operand = "(" + t.s + ")";
      Text out{op + operand, unaryPrec(lang_)};
      return e.op == Op::Not ? out : narrow(out);
    }
    case Expr::Binary: {
      Text l = render(e.args.at(0)), r = render(e.args.at(1));
      if (e.op == Op::Implies) // a ==> b is !a || b
        return {"!" + wrap(l, unaryPrec(lang_)) + " || " + wrap(r, operandNeed(lang_, Op::Or, true)),
                binaryPrec(lang_, Op::Or)};
      Text out{wrap(l, operandNeed(lang_, e.op, false)) + " " + binarySpelling(lang_, e.op) + " " +
                   wrap(r, operandNeed(lang_, e.op, true)),
               binaryPrec(lang_, e.op)};
      return ir::isComparison(e.op) || ir::isBoolConnective(e.op) ? out : narrow(out);
    }
    }
    return {};
  }

  /// What the text replacing `r` must bind at least as tightly as: nothing when it stands between brackets,
  /// commas, an assignment and `;` and the like; else what its source parent (the smallest original node
  /// around it) asks of that operand; else everything (parenthesized unless atomic).
  int contextNeed(const SourceRange &r) {
    const File &f = file(r.begin.file);
    const Token *prev = f.before(f.offset(r.begin)), *next = f.after(f.offset(r.end));
    static const std::set<std::string_view> opens = {
        "(",  "[",  ",",  "=",  ":=", "return", "assert", "{",   ";",   "?",      ":",        "+=",
        "-=", "*=", "/=", "%=", "&=", "|=",     "^=",     "<<=", ">>=", "assume", "requires", "ensures"};
    static const std::set<std::string_view> closes = {")", "]", ",", ";", ":", "?", "}"};
    if (prev && next && opens.count(prev->text) && closes.count(next->text))
      return kLowest;
    // The smallest original node strictly around r; of those with that range the operator itself (not an
    // implicit conversion with its operand's range, not a temporary standing for the same text).
    auto rank = [](const Expr *x) {
      if (x->kind != Expr::Binary && x->kind != Expr::Unary)
        return 0;
      bool transparent =
          std::any_of(x->args.begin(), x->args.end(), [&](const Expr &a) { return a.range == x->range; });
      return transparent ? 1 : 2;
    };
    const Expr *parent = nullptr;
    for (const Ranged &x : ranged_[proc_]) {
      if (x.node->range == r || !x.node->range.contains(r))
        continue;
      if (!parent || (x.node->range != parent->range && parent->range.contains(x.node->range)) ||
          (x.node->range == parent->range && rank(x.node) > rank(parent)))
        parent = x.node;
    }
    if (!parent)
      return kLowest;
    if (parent->kind == Expr::Binary && parent->args.size() == 2) {
      const Expr &right = parent->args[1];
      bool isRight = right.range.valid() && !(r.begin < right.range.begin);
      Op op = parent->op;
      if (lang_ == Language::C && op == Op::Implies)
        op = Op::Or;
      return operandNeed(lang_, op, isRight);
    }
    if (parent->kind == Expr::Unary && !(lang_ == Language::Gcl && parent->op == Op::Cast))
      return unaryPrec(lang_);
    return atomPrec(lang_);
  }

  /// Begins work on an edit of statement s: expressions may reuse the text of its construct.
  void beginEdit(const SourceRange &target) {
    lang_ = languageOf(prog_.files.at(target.begin.file));
    // Text may be reused from the construct the target lies in (a guard's text: the `if` that made it).
    scope_ = target;
    for (const auto &[c, r] : constructs_[proc_])
      if (r.contains(target) && (scope_ == target || scope_.contains(r)))
        scope_ = r;
    target_ = target;
    reused_.clear();
    plain_ = false;
  }

  TextEdit replace(const ir::Stmt &s, uint32_t index, const Expr &e) {
    const Expr *o = nodeAt(s, index);
    if (!o)
      throw Refused{"statement #" + std::to_string(s.id) + " has no expression node " +
                    std::to_string(index)};
    if (!o->range.valid())
      throw Refused{"the expression '" + ir::toString(prog_, prog_.procs.at(proc_), *o) + "' of statement #" +
                    std::to_string(s.id) + " at " + ir::formatLoc(prog_, s.loc) +
                    " has no source text of its own (the lowering made it)"};
    bool nullFor = (e.type.kind == ir::Type::Null && o->type.isHeapRef()) ||
                   (o->type.kind == ir::Type::Null && e.type.isHeapRef()); // `null` for an array, or back
    if (!(e.type == o->type || (e.type.isRef() && o->type.isRef()) || nullFor))
      throw Refused{"the new expression '" + ir::toString(prog_, prog_.procs.at(proc_), e) +
                    "' has another type than '" + ir::toString(prog_, prog_.procs.at(proc_), *o) + "'"};
    beginEdit(o->range);
    const File &f = file(o->range.begin.file);
    Text t = render(e);
    std::string text = wrap(t, contextNeed(o->range));
    size_t a = f.offset(o->range.begin), b = f.offset(o->range.end);
    checkDropped(f, o->range);
    return {o->range.begin.file, a, b, text, 0};
  }

  /// Text of `r` that the new text does not reuse (reused_) must not do anything (`x++` in `x++ + 1`).
  void checkDropped(const File &f, const SourceRange &r) {
    size_t a = f.offset(r.begin), b = f.offset(r.end);
    std::vector<std::pair<size_t, size_t>> kept;
    for (const SourceRange &k : reused_)
      if (r.contains(k))
        kept.push_back({f.offset(k.begin), f.offset(k.end)});
    std::sort(kept.begin(), kept.end());
    size_t pos = a;
    for (auto [ka, kb] : kept) {
      if (ka > pos)
        dropCheck(f, pos, ka, r);
      pos = std::max(pos, kb);
    }
    if (pos < b)
      dropCheck(f, pos, b, r);
  }

  void dropCheck(const File &f, size_t a, size_t b, const SourceRange &r) {
    std::string dropped = f.text.substr(a, b - a);
    if (hasSideEffects(dropped, f.lang))
      throw Refused{"replacing '" + textOf(r) + "' at " + where(r) + " would drop '" + dropped +
                    "', which has side effects"};
  }

  /// The construct range of an anchor or deleted statement, which must be a whole source statement.
  /// The source range of `s`'s statement; `temps`: also of a statement that computes a temporary (its
  /// range is its source statement's: inserting before it is inserting before that statement).
  SourceRange constructRange(const ir::Stmt &s, const char *what, bool temps = false) {
    if (!s.range.valid() || s.construct == 0)
      throw Refused{std::string("statement #") + std::to_string(s.id) + " at " + ir::formatLoc(prog_, s.loc) +
                    " has no source range to " + what};
    if (!temps && s.lhs.valid() && !s.lhs.global && prog_.procs.at(proc_).vars.at(s.lhs.index).temp)
      throw Refused{"statement #" + std::to_string(s.id) +
                    " computes a temporary of the source statement at " + where(s.range) + "; " + what +
                    " the statement it belongs to instead"};
    return s.range;
  }

  TextEdit remove(const ir::Stmt &s) {
    SourceRange r = constructRange(s, "delete");
    beginEdit(r);
    const File &f = file(r.begin.file);
    keepDeclarations(s, r, "deleting");
    size_t a = f.offset(r.begin), b = f.offset(r.end);
    std::string t = f.text.substr(a, b - a);
    bool statement = !t.empty() && (t.back() == ';' || t.back() == '}');
    if (!statement) // a part of a `for` header
      return {r.begin.file, a, b, "", 0};
    if (f.lang == Language::C) {
      // The body of an `if`, `else`, loop or label without braces: an empty statement keeps it one.
      const Token *prev = f.before(a);
      if (prev && prev->text != "{" && prev->text != "}" && prev->text != ";" && prev->text != ":")
        return {r.begin.file, a, b, ";", 0};
    }
    size_t ls = f.lineStart(a), le = f.lineEnd(b);
    if (f.blank(ls, a) && f.blank(b, le)) // the statement's lines go
      return {r.begin.file, ls, std::min(le + 1, f.text.size()), "", 0};
    size_t bb = b;
    while (bb < le && (f.text[bb] == ' ' || f.text[bb] == '\t'))
      ++bb;
    return {r.begin.file, a, bb, "", 0};
  }

  /// A declaration stays (its variable is used elsewhere): `doing` the construct `r` of `s` is refused when
  /// it declares a variable.
  void keepDeclarations(const ir::Stmt &s, const SourceRange &r, const char *doing) {
    if (std::optional<ir::VarRef> v = declaredBy(prog_, proc_, s))
      throw Refused{std::string(doing) + " '" + textOf(r) + "' at " + where(r) +
                    " would delete the declaration of '" + prog_.procs.at(proc_).vars.at(v->index).name +
                    "'"};
  }

  /// Edit::Rewrite: the whole source statement of `s` (also of a statement computing its temporaries),
  /// which declares nothing, becomes `text`.
  TextEdit rewrite(const ir::Stmt &s, const std::string &text) {
    SourceRange r = constructRange(s, "rewrite", true);
    beginEdit(r);
    keepDeclarations(s, r, "rewriting");
    std::string old = textOf(r);
    if (old.empty() || old.back() != ';')
      throw Refused{"'" + old + "' at " + where(r) +
                    " is not a statement of its own (a part of a 'for' header)"};
    const File &f = file(r.begin.file);
    return {r.begin.file, f.offset(r.begin), f.offset(r.end), text, 0};
  }

  /// The guard a statement has by its place in the source (that of its region: an `if` branch, a loop
  /// body), or nullopt when it cannot be told: the anchor's own construct made its guard from an enclosing
  /// one (`[x] y := 1;` inside an `if` branch). A top-level `[x] y := 1;` is at a place guarded by true.
  std::optional<Expr> placeGuard(const ir::Stmt &anchor) {
    const Expr &g = anchor.guard;
    if (g.isTrue())
      return g;
    if (g.kind != Expr::VarUse)
      return std::nullopt;
    if (g.range.valid() && anchor.range.contains(g.range)) // its own `[x]`, under a true region guard
      return Expr::boolLit(true);
    bool own = false;
    forEachStmtOf(prog_.procs.at(proc_),
                  [&](const ir::Stmt &x) { own |= x.construct == anchor.construct && x.lhs == g.var; });
    if (own)
      return std::nullopt;
    return g;
  }

  static bool sameGuard(const Expr &a, const Expr &b) {
    if (a.kind != b.kind)
      return false;
    return a.kind == Expr::VarUse ? a.var == b.var : a.kind == Expr::BoolLit && a.value == b.value;
  }

  TextEdit insert(const ir::Stmt &anchor, const ir::Stmt &s, bool after) {
    SourceRange r = constructRange(anchor, "insert next to", !after);
    beginEdit({after ? r.end : r.begin, after ? r.end : r.begin});
    scope_ = {}; // nothing to reuse: the new statement is printed from its parts
    const File &f = file(r.begin.file);
    size_t a = f.offset(r.begin), b = f.offset(r.end);
    std::string t = f.text.substr(a, b - a);
    if (t.empty() || (t.back() != ';' && t.back() != '}'))
      throw Refused{"'" + t + "' at " + where(r) +
                    " is not a statement of its own (a part of a 'for' header)"};
    // `if (c) x = 8;`: a statement written next to the body would run unconditionally (braces would have
    // to be added around both).
    if (const Token *prev = f.lang == Language::C ? f.before(a) : nullptr;
        prev && (prev->text == ")" || prev->text == "else" || prev->text == "do"))
      throw Refused{"'" + t + "' at " + where(r) + " is the body of a statement, without braces"};
    // The guard: the one the place implies (the anchor's region), or a variable written out at a place
    // guarded by true.
    std::optional<Expr> place = placeGuard(anchor);
    std::string guard;
    const ir::Procedure &p = prog_.procs.at(proc_);
    if (place && sameGuard(s.guard, *place)) {
      // implied
    } else if (place && place->isTrue() && s.guard.kind == Expr::VarUse && !prog_.var(p, s.guard.var).temp) {
      guard = var(s.guard);
    } else {
      throw Refused{"the new statement's guard '" + ir::toString(prog_, p, s.guard) +
                    "' cannot be written at " + where(r) + " (the place is guarded by '" +
                    ir::toString(prog_, p, anchor.guard) + "')"};
    }
    std::string text = stmtText(s);
    if (!guard.empty())
      text = f.lang == Language::Gcl ? "[" + guard + "] " + text : "if (" + guard + ") " + text;
    size_t ls = f.lineStart(a);
    std::string indent = f.blank(ls, a) ? f.text.substr(ls, a - ls) : "";
    if (!after) {
      if (f.blank(ls, a))
        return {r.begin.file, ls, ls, indent + text + "\n", 0};
      return {r.begin.file, a, a, text + " ", 0};
    }
    size_t le = f.lineEnd(b);
    const Token *next = f.after(b);
    bool restOfLine = !next || next->begin >= le; // only whitespace or a comment after the statement
    if (restOfLine)
      return {r.begin.file, le, le, "\n" + indent + text, 0};
    return {r.begin.file, b, b, " " + text, 0};
  }

  /// InsertThen/Else: `s` into a branch of the `if` whose construct holds `ifStmt` (an empty block's inside,
  /// or a new `else { … }` after the then-branch), one statement a line, indented one level deeper than
  /// the branch's braces (the file's indentation unit).
  TextEdit insertInto(const ir::Stmt &ifStmt, const ir::Stmt &s, bool elseBranch, BranchText &bt) {
    if (!ifStmt.range.valid() || ifStmt.construct == 0)
      throw Refused{"statement #" + std::to_string(ifStmt.id) + " at " + ir::formatLoc(prog_, ifStmt.loc) +
                    " has no source range to insert into"};
    const SourceRange &r = ifStmt.range;
    const File &f = file(r.begin.file);
    std::optional<IfText> it = parseIf(f, f.offset(r.begin), f.offset(r.end));
    if (!it)
      throw Refused{"'" + textOf(r) + "' at " + where(r) +
                    " is not an 'if' statement whose branches can be told"};
    std::string unit = f.indentUnit();
    TextEdit te;
    te.file = r.begin.file;
    // Inside an empty block: its braces' line indentation (the closing brace's, when it starts its line).
    auto inside = [&](size_t open, size_t close) {
      size_t ls = f.lineStart(close);
      std::string ci = f.blank(ls, close) ? f.indentOf(close) : f.indentOf(open);
      bt.head = bt.sep = "\n" + ci + unit;
      if (f.blank(open + 1, close) && f.text.find('\n', open + 1) >= close) {
        te.begin = open + 1;
        te.end = close;
        bt.tail = "\n" + ci;
      } else { // a comment or a line break inside: after the `{`
        te.begin = te.end = open + 1;
      }
    };
    if (!elseBranch) {
      if (!it->shape.thenEmpty)
        throw Refused{"the then-branch of '" + textOf(r) + "' at " + where(r) + " is not empty"};
      inside(it->thenOpen, it->thenClose);
    } else if (it->shape.elseBranch == IfBranches::Else::Empty) {
      inside(it->elseOpen, it->elseClose);
    } else if (it->shape.elseBranch == IfBranches::Else::None) {
      // `} else {` after a block; `else {` on a line of its own after a statement
      std::string in = f.indentOf(it->thenBlock ? it->thenClose : it->ifAt);
      te.begin = te.end = it->thenEnd;
      bt.head = (it->thenBlock ? " else {\n" : "\n" + in + "else {\n") + in + unit;
      bt.sep = "\n" + in + unit;
      bt.tail = "\n" + in + "}";
    } else {
      throw Refused{"the else-branch of '" + textOf(r) + "' at " + where(r) + " is not empty"};
    }
    beginEdit({loc(f, te.file, te.begin), loc(f, te.file, te.begin)});
    scope_ = {}; // nothing to reuse: the new statement is printed from its parts
    bt.stmts.push_back(stmtText(s));
    return te;
  }

  bool isTemp(ir::VarRef v) const {
    return v.valid() && !v.global && prog_.procs.at(proc_).vars.at(v.index).temp;
  }

  /// Whether two texts are the same tokens, parentheses aside (`x := (a + b);` reads as `x := a + b;`).
  bool sameTokens(const std::string &a, const std::string &b) const {
    auto strip = [&](const std::string &t) {
      std::vector<std::string> out;
      for (const Token &k : tokenize(t, lang_))
        if (k.text != "(" && k.text != ")")
          out.emplace_back(k.text);
      return out;
    };
    return strip(a) == strip(b);
  }

  /// The field read whose temporary is the base `v` of another (Edit::baseReads), or none.
  const ir::Stmt *baseRead(ir::VarRef v) const {
    if (baseReads_)
      for (const ir::Stmt &r : *baseReads_)
        if (r.kind == ir::Stmt::GetField && r.lhs == v)
          return &r;
    return nullptr;
  }
  /// The record of the nodes reference `v` points to (a variable, or a base read's temporary), or none.
  uint32_t recordOf(ir::VarRef v) {
    if (const ir::Stmt *r = baseRead(v)) {
      uint32_t rec = recordOf(r->base);
      if (rec >= prog_.records.size() || r->field >= prog_.records[rec].fields.size())
        return ir::kNone;
      const ir::Type &t = prog_.records[rec].fields[r->field].type;
      return t.kind == ir::Type::Ref ? t.record : ir::kNone;
    }
    const ir::Var &b = prog_.var(prog_.procs.at(proc_), v);
    return b.type.kind == ir::Type::Ref ? b.type.record : ir::kNone;
  }
  /// `base.field` (GCL) or `base->field` (C) of a GetField or PutField, the base named at target_, or
  /// written as the base read that writes it (`y.f.g`, Edit::baseReads).
  std::string readText(const ir::Stmt &s) {
    uint32_t rec = recordOf(s.base);
    const ir::Stmt *inner = baseRead(s.base);
    if (rec >= prog_.records.size() || s.field >= prog_.records[rec].fields.size())
      throw Refused{
          (inner ? std::string("the node read") : "'" + prog_.var(prog_.procs.at(proc_), s.base).name + "'") +
          " has no field #" + std::to_string(s.field)};
    return (inner ? readText(*inner) : nameAt(s.base, target_)) + (lang_ == Language::Gcl ? "." : "->") +
           prog_.records[rec].fields[s.field].name;
  }

  /// ReplaceStmt: statement `s` written as `n` (same kind, or an assignment for a field read into a variable
  /// and the other way round; same guard and place; another target, base, field or value). A field read into
  /// a temporary is written where its construct uses the temporary (`cur.next` of `cur.prev := cur.next;`);
  /// any other statement as its whole source statement, which must consist of it and the temporaries feeding
  /// it and read as the statement prints (not a declaration, a compound assignment, an increment).
  TextEdit replaceStmt(const ir::Stmt &s, const ir::Stmt &n) {
    const ir::Procedure &p = prog_.procs.at(proc_);
    std::string at = "statement #" + std::to_string(s.id) + " at " + ir::formatLoc(prog_, s.loc);
    if (s.kind == ir::Stmt::Nondet && n.kind == ir::Stmt::Assign)
      return initialize(s, n, at);
    bool otherKind = (s.kind == ir::Stmt::Assign && n.kind == ir::Stmt::GetField) ||
                     (s.kind == ir::Stmt::GetField && n.kind == ir::Stmt::Assign);
    if (n.kind != s.kind && !(otherKind && !isTemp(s.lhs) && !isTemp(n.lhs)))
      throw Refused{at + " is a '" + ir::stmtKindName(s.kind) + "' statement; it cannot be written as a '" +
                    ir::stmtKindName(n.kind) + "'"};
    if (!sameGuard(n.guard, s.guard))
      throw Refused{"the new statement's guard '" + ir::toString(prog_, p, n.guard) + "' is not the guard '" +
                    ir::toString(prog_, p, s.guard) + "' of " + at};
    if (!s.range.valid() || s.construct == 0)
      throw Refused{at + " has no source range to replace"};
    if (s.kind == ir::Stmt::Print && n.message != s.message)
      return replaceFormat(s, n, at);
    if (s.kind == ir::Stmt::GetField && isTemp(s.lhs))
      return replaceRead(s, n, at);
    if (isTemp(s.lhs))
      throw Refused{at + " computes a temporary of the source statement at " + where(s.range) +
                    "; only a field read into a temporary has a source form"};
    const SourceRange &r = s.range;
    // The source statement: this statement and the temporaries feeding it, declaring nothing.
    forEachStmtOf(p, [&](const ir::Stmt &x) {
      if (x.construct != s.construct)
        return;
      if (x.id != s.id && !(ir::writesLhs(x) && isTemp(x.lhs)))
        throw Refused{"'" + textOf(r) + "' at " + where(r) + " is more than " + at + " (also '" +
                      ir::toString(prog_, p, x) + "')"};
      if (x.lhs.valid() && !x.lhs.global && !isTemp(x.lhs)) {
        const ir::Var &v = p.vars.at(x.lhs.index);
        if (r.contains({v.loc, v.loc}))
          throw Refused{"'" + textOf(r) + "' at " + where(r) + " declares '" + v.name +
                        "': a declaration is not written again"};
      }
    });
    std::optional<Expr> place = placeGuard(s);
    if (!place || !sameGuard(*place, s.guard))
      throw Refused{"'" + textOf(r) + "' at " + where(r) +
                    " has a guard of its own, which is not written again"};
    beginEdit(r);
    const File &f = file(r.begin.file);
    std::string old = textOf(r);
    if (old.empty() || old.back() != ';')
      throw Refused{"'" + old + "' at " + where(r) +
                    " is not a statement of its own (a part of a 'for' header)"};
    // The source must read as the statement prints, so that the new text differs from it only in the edit.
    const ir::Stmt *read = std::exchange(read_, nullptr); // the new value's field read, not the old one's
    std::string printed = stmtText(s);
    read_ = read;
    if (!sameTokens(printed, old))
      throw Refused{"'" + old + "' at " + where(r) + " is not written as '" + printed +
                    "' (a compound assignment, an increment, a macro?): it cannot be written again"};
    reused_.clear();
    std::string text = stmtText(n);
    // The old expressions' text that is not written again must not do anything (a call's result).
    ir::forEachExprOf(s, [&](const Expr &root) {
      if (root.range.valid() && r.contains(root.range))
        checkDropped(f, root.range);
    });
    return {r.begin.file, f.offset(r.begin), f.offset(r.end), text, 0};
  }

  /// ReplaceStmt of a C local's indeterminate value (the Nondet of a declaration without initializer) by an
  /// assignment to it: the declarator gets an initializer (`int n, p;` → `int n, p = 1;`).
  TextEdit initialize(const ir::Stmt &s, const ir::Stmt &n, const std::string &at) {
    const ir::Procedure &p = prog_.procs.at(proc_);
    if (n.lhs != s.lhs || !s.lhs.valid() || s.lhs.global || isTemp(s.lhs) || s.message.empty())
      throw Refused{at + " draws no declared local's first value: it is not written as an initializer"};
    const ir::Var &v = p.vars.at(s.lhs.index);
    const SourceRange &r = s.range;
    if (!r.valid() || s.construct == 0 || !r.contains({v.loc, v.loc}))
      throw Refused{at + " is not the declaration of '" + v.name + "'"};
    if (!sameGuard(n.guard, s.guard))
      throw Refused{"the new statement's guard '" + ir::toString(prog_, p, n.guard) + "' is not the guard '" +
                    ir::toString(prog_, p, s.guard) + "' of " + at};
    beginEdit(r);
    const File &f = file(r.begin.file);
    if (f.lang != Language::C)
      throw Refused{at + ": only a C declaration gets an initializer"};
    // The declarator's name: the identifier at the variable's location, followed by `,` or `;` (not an array,
    // not already initialized).
    size_t a = f.offset(r.begin), b = f.offset(r.end), at0 = f.offset(v.loc);
    const Token *name = f.after(at0);
    auto plainName = [&](const Token *t) {
      const Token *next = t ? f.after(t->end) : nullptr;
      return t && t->begin >= a && t->end <= b && next && (next->text == "," || next->text == ";");
    };
    if (!plainName(name))
      throw Refused{"the declarator of '" + v.name + "' at " + where(r) +
                    " is not a plain name followed by ',' or ';': it gets no initializer"};
    reused_.clear();
    Text t = render(n.value);
    return {r.begin.file, name->end, name->end, " = " + t.s, 0};
  }

  /// ReplaceStmt of a print with another format (and the same arguments): the format's string literal, which
  /// must be the statement's only one and read exactly as the format (C's `%ld` is the IR's `%d`; `puts`
  /// adds a newline the literal does not have: those are refused), written again.
  TextEdit replaceFormat(const ir::Stmt &s, const ir::Stmt &n, const std::string &at) {
    if (n.args != s.args || n.lhs != s.lhs)
      throw Refused{at + ": a print is written again with another format only, not other arguments"};
    const SourceRange &r = s.range;
    beginEdit(r);
    const File &f = file(r.begin.file);
    size_t a = f.offset(r.begin), b = f.offset(r.end);
    const Token *lit = nullptr;
    for (const Token &t : f.tokens) {
      if (t.begin < a || t.end > b || t.text.empty() || t.text.front() != '"')
        continue;
      if (lit)
        throw Refused{"'" + textOf(r) + "' at " + where(r) + " has more than one string literal"};
      lit = &t;
    }
    if (!lit)
      throw Refused{"'" + textOf(r) + "' at " + where(r) + " has no string literal for its format"};
    std::optional<std::string> value = literalValue(lit->text, f.lang);
    if (!value || *value != s.message)
      throw Refused{"the format of " + at + " is not the literal " + std::string(lit->text) +
                    " as written (the front end rewrote it)"};
    return {r.begin.file, lit->begin, lit->end, literalText(n.message, f.lang), 0};
  }

  /// ReplaceStmt of a field read into a temporary: the new read where the construct uses the temporary.
  TextEdit replaceRead(const ir::Stmt &s, const ir::Stmt &n, const std::string &at) {
    const ir::Procedure &p = prog_.procs.at(proc_);
    if (n.lhs != s.lhs)
      throw Refused{at + " reads into the temporary '" + prog_.var(p, s.lhs).name +
                    "': only its base and field can change"};
    std::set<std::tuple<uint32_t, uint32_t, uint32_t, uint32_t, uint32_t>> uses;
    SourceRange use;
    size_t unranged = 0;
    forEachStmtOf(p, [&](const ir::Stmt &x) {
      if (x.construct != s.construct || x.id == s.id)
        return;
      ir::forEachExprOf(x, [&](const Expr &root) {
        ir::forEachNode(root, [&](const Expr &e) {
          if (e.kind != Expr::VarUse || e.var != s.lhs)
            return;
          if (!e.range.valid()) {
            ++unranged;
            return;
          }
          uses.insert(
              {e.range.begin.file, e.range.begin.line, e.range.begin.col, e.range.end.line, e.range.end.col});
          use = e.range;
        });
      });
    });
    if (uses.size() != 1 || unranged != 0)
      throw Refused{at + " reads into the temporary '" + prog_.var(p, s.lhs).name + "', which " +
                    (uses.size() > 1 ? "its source statement reads at several places"
                                     : "has no source text where it is used (the base of another field "
                                       "read, a made-up expression)")};
    beginEdit(use);
    const File &f = file(use.begin.file);
    std::string old = textOf(use), printed = readText(s);
    if (!sameTokens(printed, old))
      throw Refused{"'" + old + "' at " + where(use) + " is not written as '" + printed + "'"};
    std::string text = readText(n); // the old text is a base and a field name (as printed): nothing dropped
    return {use.begin.file, f.offset(use.begin), f.offset(use.end), text, 0};
  }

  /// A new statement in the file's syntax (its guard is handled by insert()).
  std::string stmtText(const ir::Stmt &s) {
    bool g = lang_ == Language::Gcl;
    const ir::Procedure &p = prog_.procs.at(proc_);
    auto e = [&](const Expr &x) { return render(x).s; };
    auto lhs = [&]() { return nameAt(s.lhs, target_); };
    auto field = [&]() { return prog_.records.at(recordOf(s.base)).fields.at(s.field).name; };
    // a written base that a base read writes (`x.f.g := y`): the read
    auto base = [&]() {
      const ir::Stmt *r = baseRead(s.base);
      return r ? readText(*r) : nameAt(s.base, target_);
    };
    switch (s.kind) {
    case ir::Stmt::Assign: return lhs() + (g ? " := " : " = ") + e(s.value) + ";";
    case ir::Stmt::GetField: return lhs() + (g ? " := " : " = ") + readText(s) + ";";
    case ir::Stmt::PutField:
      return base() + (g ? "." : "->") + field() + (g ? " := " : " = ") +
             (read_ ? readText(*read_) : e(s.value)) + ";";
    case ir::Stmt::New:
      if (g)
        return lhs() + " := new " + prog_.records.at(s.record).name + ";";
      {
        std::string l = lhs();
        return l + " = malloc(sizeof *" + l + ");";
      }
    case ir::Stmt::Nondet: {
      if (g)
        return lhs() + " := nondet;";
      ir::Type t = prog_.var(p, s.lhs).type;
      static const std::map<std::pair<int, bool>, std::string> names = {
          {{8, true}, "char"}, {{8, false}, "uchar"}, {{16, true}, "short"}, {{16, false}, "ushort"},
          {{32, true}, "int"}, {{32, false}, "uint"}, {{64, true}, "long"},  {{64, false}, "ulong"}};
      if (t.kind == ir::Type::Bool)
        return lhs() + " = __VERIFIER_nondet_bool();";
      if (!t.isFixedInt())
        throw Refused{"a nondet value of type '" + ir::toString(prog_, t) + "' has no C form"};
      return lhs() + " = __VERIFIER_nondet_" + names.at({t.bits, t.isSigned}) + "();";
    }
    case ir::Stmt::GetElem:
      return lhs() + (g ? " := " : " = ") + nameAt(s.base, target_) + "[" + e(s.args.at(0)) + "];";
    case ir::Stmt::PutElem:
      return nameAt(s.base, target_) + "[" + e(s.args.at(0)) + "]" + (g ? " := " : " = ") + e(s.value) + ";";
    case ir::Stmt::Length:
      if (!g)
        throw Refused{"a C array has no length to read"};
      return lhs() + " := " + nameAt(s.base, target_) + ".length;";
    case ir::Stmt::NewArray: {
      if (!g)
        throw Refused{"a new array has no C statement of its own (C arrays are declared)"};
      // `new T[n]`, an array of arrays `new T[n][]`
      ir::Type t = prog_.var(p, s.lhs).type, inner = t;
      while (inner.kind == ir::Type::Array)
        inner = inner.elemType();
      std::string text = lhs() + " := new " + ir::toString(prog_, inner) + "[" + e(s.value) + "]";
      for (uint8_t d = 1; d < t.dims; ++d)
        text += "[]";
      return text + (s.fill ? " nondet;" : ";");
    }
    case ir::Stmt::Assume: return g ? "assume " + e(s.value) + ";" : "__VERIFIER_assume(" + e(s.value) + ");";
    case ir::Stmt::Assert: return g ? "assert " + e(s.value) + ";" : "assert(" + e(s.value) + ");";
    case ir::Stmt::Call: {
      std::string call = prog_.procs.at(s.callee).name + "(";
      for (size_t i = 0; i < s.args.size(); ++i) {
        const ir::Stmt *read = nullptr; // an argument read into a hidden temporary (Edit::argReads)
        if (argReads_ && s.args[i].kind == Expr::VarUse)
          for (const ir::Stmt &r : *argReads_)
            if (r.kind == ir::Stmt::GetField && r.lhs == s.args[i].var)
              read = &r;
        call += (i ? ", " : "") + (read ? readText(*read) : e(s.args[i]));
      }
      call += ")";
      return s.lhs.valid() ? lhs() + (g ? " := " : " = ") + call + ";" : call + ";";
    }
    case ir::Stmt::Return:
      if (!g && p.result != ir::kNone)
        throw Refused{"a return from '" + p.name + "' needs its value, which the IR statement does not say"};
      return "return;";
    case ir::Stmt::Halt: return g ? "halt;" : "abort();";
    case ir::Stmt::Skip: return g ? "skip;" : ";";
    case ir::Stmt::Break: return "break;";
    case ir::Stmt::Continue: return "continue;";
    default:
      throw Refused{std::string("a new '") + ir::stmtKindName(s.kind) + "' statement cannot be inserted"};
    }
  }

  const ir::Program &prog_;
  const SourceManager *sm_;
  ir::StmtIndex index_;
  std::map<uint32_t, std::vector<Ranged>> ranged_;
  std::multimap<std::tuple<uint32_t, uint32_t, uint32_t, uint32_t, uint32_t>, const Expr *> byRange_;
  std::map<std::pair<uint32_t, ir::VarRef>, std::pair<std::optional<std::string>, std::string>> spellings_;
  std::map<uint32_t, std::map<uint32_t, SourceRange>> constructs_;
  std::map<uint32_t, File> files_;
  // The edit being rendered.
  uint32_t proc_ = 0;
  const ir::Stmt *read_ = nullptr;                   ///< the edit's field read (Edit::read), or none
  const std::vector<ir::Stmt> *argReads_ = nullptr;  ///< the edit's argument reads (Edit::argReads)
  const std::vector<ir::Stmt> *baseReads_ = nullptr; ///< the edit's base reads (Edit::baseReads)
  Language lang_ = Language::Gcl;
  SourceRange scope_;  ///< source text may be reused from inside it (the edited statement's construct)
  SourceRange target_; ///< where the new text goes (for names)
  std::vector<SourceRange> reused_;
  bool plain_ = false;
};

} // namespace

PatchResult render(const ir::Program &prog, const SourceManager &sm, const std::vector<Edit> &edits,
                   const Options &opts) {
  PatchResult out;
  try {
    out.patch = Renderer(prog, &sm).run(edits, opts);
  } catch (const Refused &r) {
    out.error = r.why;
  }
  return out;
}

std::optional<ir::VarRef> declaredBy(const ir::Program &prog, uint32_t proc, const ir::Stmt &s) {
  if (!s.range.valid() || s.construct == 0)
    return std::nullopt;
  std::optional<ir::VarRef> out;
  forEachStmtOf(prog.procs.at(proc), [&](const ir::Stmt &x) {
    if (!out && x.construct == s.construct && x.lhs.valid() && !x.lhs.global) {
      const ir::Var &v = prog.procs.at(proc).vars.at(x.lhs.index);
      if (!v.temp && s.range.contains({v.loc, v.loc}))
        out = x.lhs;
    }
  });
  return out;
}

std::optional<IfBranches> ifBranches(const ir::Program &prog, const SourceManager &sm,
                                     const SourceRange &range) {
  if (!range.valid() || range.begin.file >= prog.files.size())
    return std::nullopt;
  std::optional<uint32_t> fi = sm.find(prog.files[range.begin.file]);
  if (!fi)
    return std::nullopt;
  File f = makeFile(prog.files[range.begin.file], std::string(sm.text(*fi)));
  std::optional<size_t> a = SourceManager::offsetOf(f.text, range.begin.line, range.begin.col),
                        b = SourceManager::offsetOf(f.text, range.end.line, range.end.col);
  if (!a || !b)
    return std::nullopt;
  std::optional<IfText> it = parseIf(f, *a, *b);
  if (!it)
    return std::nullopt;
  return it->shape;
}

std::string exprText(const ir::Program &prog, uint32_t proc, const ir::Expr &e, Language lang) {
  try {
    return Renderer(prog, nullptr).plain(proc, e, lang);
  } catch (const Refused &r) {
    return "<" + r.why + ">";
  }
}

} // namespace locus::repair::patch

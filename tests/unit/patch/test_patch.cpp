// Patches as source diffs (repair/patch): random expression trees print with the right parentheses in GCL
// and C (parsed back by the front ends); the worked cases (diff text, names, temporaries, insertions,
// deletions, refusals). The corpus-wide checks are in test_patch_corpus.cpp.
#include "repair/patch/diff.h"
#include "tests/unit/patch/helpers.h"

#include <functional>
#include <map>
#include <random>
#include <sstream>

#include <doctest/doctest.h>

using namespace locus;
using namespace locus::repair::patch;
using namespace locus::testing;
using ir::Expr;
using ir::Op;

namespace {

/// Random well-typed expression trees over a fixed set of variables: ints (GCL `int`, C `int`) and bools.
struct TreeGen {
  std::mt19937_64 rng;
  Language lang;
  ir::Type intT;
  std::vector<ir::VarRef> ints = {{false, 0}, {false, 1}, {false, 2}}, bools = {{false, 3}, {false, 4}};

  TreeGen(uint64_t seed, Language l)
      : rng(seed), lang(l), intT(l == Language::C ? ir::Type::fixedInt(32, true) : ir::Type::intType()) {}

  unsigned pick(unsigned n) { return static_cast<unsigned>(rng() % n); }

  Expr intLit() {
    static const int64_t vals[] = {0, 1, 2, 7, 10, -1, -3, 100};
    return Expr::intLit(vals[pick(8)], intT);
  }

  /// C folds operations on literals and makes truth values of bool variables through temporaries: for C
  /// every operation has a variable below it and bools are comparisons and their combinations.
  bool c() const { return lang == Language::C; }
  static bool hasVar(const Expr &e) {
    if (e.kind == Expr::VarUse)
      return true;
    return std::any_of(e.args.begin(), e.args.end(), [](const Expr &a) { return hasVar(a); });
  }

  Expr intExpr(int depth) {
    if (depth == 0 || pick(4) == 0)
      return pick(3) ? Expr::varUse(ints[pick(3)], intT) : intLit();
    unsigned k = pick(c() ? 10 : 7);
    static const Op arith[] = {Op::Add, Op::Sub, Op::Mul, Op::Div, Op::Mod};
    static const Op bits[] = {Op::BitAnd, Op::BitOr, Op::BitXor};
    Expr a = intExpr(depth - 1), b = intExpr(depth - 1);
    if (c() && !hasVar(a) && !hasVar(b))
      a = Expr::varUse(ints[pick(3)], intT);
    if (k < 5)
      return Expr::binary(arith[k], std::move(a), std::move(b));
    if (k == 5 || k == 6) {
      if (c() && !hasVar(a)) // C folds `-5`: the literal -5, not -(5)
        return a;
      return Expr::unary(Op::Neg, std::move(a));
    }
    if (k == 7)
      return hasVar(a) ? Expr::unary(Op::BitNot, std::move(a)) : a;
    return Expr::binary(bits[k - 8], std::move(a), std::move(b));
  }

  Expr boolExpr(int depth) {
    static const Op cmps[] = {Op::Lt, Op::Le, Op::Gt, Op::Ge, Op::Eq, Op::Ne};
    if (depth == 0 || pick(5) == 0) {
      if (!c())
        return Expr::varUse(bools[pick(2)], ir::Type::boolType());
      return Expr::binary(cmps[pick(6)], Expr::varUse(ints[pick(3)], intT), intExpr(0));
    }
    unsigned k = pick(c() ? 5 : 6);
    switch (k) {
    case 0: {
      Expr a = intExpr(depth - 1), b = intExpr(depth - 1);
      if (c() && !hasVar(a) && !hasVar(b))
        a = Expr::varUse(ints[pick(3)], intT);
      return Expr::binary(cmps[pick(6)], std::move(a), std::move(b));
    }
    case 1: return Expr::binary(Op::And, boolExpr(depth - 1), boolExpr(depth - 1));
    case 2: return Expr::binary(Op::Or, boolExpr(depth - 1), boolExpr(depth - 1));
    case 3: return Expr::unary(Op::Not, boolExpr(depth - 1));
    case 4: return Expr::binary(pick(2) ? Op::Eq : Op::Ne, boolExpr(depth - 1), boolExpr(depth - 1));
    default: return Expr::binary(Op::Implies, boolExpr(depth - 1), boolExpr(depth - 1));
    }
  }
};

/// A program with variables a, b, c (int) and p, q (bool) whose result is `text`.
std::string host(Language lang, bool isBool, const std::string &text) {
  if (lang == Language::Gcl)
    return "proc f(a: int, b: int, c: int, p: bool, q: bool) returns (r: " +
           std::string(isBool ? "bool" : "int") + ") {\n  r := " + text + ";\n}\n";
  return std::string("#include <stdbool.h>\n") + (isBool ? "bool" : "int") +
         " f(int a, int b, int c, bool p, bool q) {\n  return " + text + ";\n}\n";
}

void randomTrees(Language lang, const char *path) {
  // The host program's procedure gives the variables their names.
  std::string empty = host(lang, false, "a");
  auto h = compile(path, &empty);
  REQUIRE(h->prog);
  for (int i = 0; i < 400; ++i) {
    TreeGen gen(1000 + i, lang);
    bool isBool = i % 2 == 0;
    Expr e = isBool ? gen.boolExpr(4) : gen.intExpr(4);
    std::string text = exprText(*h->prog, 0, e, lang);
    std::string src = host(lang, isBool, text);
    auto c = compile(path, &src);
    INFO("tree " << i << ": " << text << "\n" << c->errors);
    REQUIRE(c->prog);
    const ir::Procedure &f = c->prog->procs.at(0);
    const ir::Stmt *value = nullptr;
    ir::forEachStmt(f.body, [&](const ir::Stmt &s) {
      if (s.kind == ir::Stmt::Assign && s.lhs == ir::VarRef{false, f.result})
        value = &s;
    });
    REQUIRE(value);
    Expr got = value->value;
    ir::clearRanges(got);
    CHECK_MESSAGE(got == e, "printed as " << text << ", read back as " << ir::toString(*c->prog, f, got));
  }
}

} // namespace

TEST_CASE("random expression trees print with the right parentheses: GCL") {
  randomTrees(Language::Gcl, "tree.gcl");
}

#ifdef LOCUS_WITH_C
TEST_CASE("random expression trees print with the right parentheses: C") {
  randomTrees(Language::C, "tree.c");
}
#endif

namespace {

/// Compiles `text` as `path`, renders `edits` made by `make` from the program, returns the result.
PatchResult patchOf(const std::string &path, const std::string &text,
                    const std::function<std::vector<Edit>(const ir::Program &)> &make,
                    std::unique_ptr<Compiled> *keep = nullptr) {
  auto c = compile(path, &text);
  INFO(c->errors);
  REQUIRE(c->prog);
  PatchResult r = render(*c->prog, c->sm, make(*c->prog));
  if (keep)
    *keep = std::move(c);
  return r;
}

const ir::Stmt &stmtAt(const ir::Program &prog, uint32_t line, ir::Stmt::Kind kind) {
  const ir::Stmt *found = nullptr;
  ir::forEachStmt(prog, [&](const ir::Procedure &, const ir::Stmt &s) {
    if (!found && s.loc.line == line && s.kind == kind)
      found = &s;
  });
  REQUIRE(found);
  return *found;
}

} // namespace

TEST_CASE("Könighofer & Bloem's max: r = x becomes r = y, as a C diff") {
  std::string src = "int max(int x, int y) {\n"
                    "  int r = x;\n"
                    "  if (y > x)\n"
                    "    r = x; // bug\n"
                    "  return r;\n"
                    "}\n";
  PatchResult r = patchOf("max.c", src, [](const ir::Program &p) {
    const ir::Stmt &s = stmtAt(p, 4, ir::Stmt::Assign);
    return std::vector<Edit>{Edit::replace(s.id, 0, Expr::varUse({false, 1}, s.value.type))};
  });
  REQUIRE(r.patch);
  CHECK(r.patch->diff == "--- max.c\n+++ max.c\n@@ -1,6 +1,6 @@\n int max(int x, int y) {\n   int r = x;\n"
                         "   if (y > x)\n-    r = x; // bug\n+    r = y; // bug\n   return r;\n }\n");
  REQUIRE(r.patch->locations.size() == 1);
  CHECK(r.patch->locations[0].range.begin.line == 4);
  CHECK(r.patch->locations[0].range.begin.col == 9);
}

TEST_CASE("operators keep their operands' text; parentheses only where C or GCL needs them") {
  std::string c = "int f(int a, int b, int c) {\n  return (a + b) * c - a;\n}\n";
  auto edit = [](Op to) {
    return [to](const ir::Program &p) {
      const ir::Stmt &s = stmtAt(p, 2, ir::Stmt::Assign); // result := (a + b) * c - a
      Expr e = *nodeAt(s, 1);                             // (a + b) * c
      e.op = to;
      return std::vector<Edit>{Edit::replace(s.id, 1, e)};
    };
  };
  PatchResult r = patchOf("f.c", c, edit(Op::Add));
  REQUIRE(r.patch);
  INFO(r.patch->diff);
  CHECK(r.patch->files[0].after.find("return a + b + c - a;") != std::string::npos); // (a + b) + c
  // Replacing the whole `(a + b) * c` by `a - b` where the context is `… - a`: no parentheses needed.
  r = patchOf("f.c", c, [](const ir::Program &p) {
    const ir::Stmt &s = stmtAt(p, 2, ir::Stmt::Assign);
    Expr e = Expr::binary(Op::Sub, *nodeAt(s, 3), *nodeAt(s, 4)); // a - b, from the text
    return std::vector<Edit>{Edit::replace(s.id, 1, e)};
  });
  REQUIRE(r.patch);
  CHECK(r.patch->files[0].after.find("return a - b - a;") != std::string::npos);
  // … but `a - (b - c)` as the right operand keeps its parentheses, and `a < b` in `… == c` needs none in
  // C (comparisons bind tighter than equality) while `a & b` does.
  r = patchOf("f.c", c, [](const ir::Program &p) {
    const ir::Stmt &s = stmtAt(p, 2, ir::Stmt::Assign);
    ir::Type t = s.value.type;
    Expr e = Expr::binary(Op::Sub, Expr::varUse({false, 1}, t),
                          Expr::binary(Op::BitAnd, Expr::varUse({false, 2}, t), Expr::varUse({false, 0}, t)));
    return std::vector<Edit>{Edit::replace(s.id, 6, e)}; // the last `a` (pre-order: - * + a b c a)
  });
  REQUIRE(r.patch);
  INFO(r.patch->diff);
  CHECK(r.patch->files[0].after.find("return (a + b) * c - (b - (c & a));") != std::string::npos);
  // GCL: `a & b == c` needs no parentheses (& binds tighter than comparisons there).
  std::string g = "proc f(a: int32, b: int32, c: int32) returns (r: bool) {\n  r := a == c;\n}\n";
  r = patchOf("f.gcl", g, [](const ir::Program &p) {
    const ir::Stmt &s = stmtAt(p, 2, ir::Stmt::Assign);
    ir::Type t = ir::Type::fixedInt(32, true);
    Expr e = Expr::binary(Op::BitAnd, Expr::varUse({false, 0}, t), Expr::varUse({false, 1}, t));
    return std::vector<Edit>{Edit::replace(s.id, 1, e)};
  });
  REQUIRE(r.patch);
  CHECK(r.patch->files[0].after.find("r := a & b == c;") != std::string::npos);
}

TEST_CASE("temporaries: their text is reused where they stand; elsewhere the edit is refused") {
  std::string src = "type Node { next: Node; val: int; }\n"
                    "proc f(x: Node, k: int) returns (s: int) {\n"
                    "  s := k + x.val;\n"
                    "  s := s * 2;\n"
                    "}\n";
  std::unique_ptr<Compiled> keep;
  // `k + x.val` → `k - x.val`: `t0` (for x.val) is written as `x.val`.
  PatchResult r = patchOf(
      "f.gcl", src,
      [](const ir::Program &p) {
        const ir::Stmt &s = stmtAt(p, 3, ir::Stmt::Assign);
        Expr e = s.value;
        e.op = Op::Sub;
        ir::clearRanges(e.args[0]); // a new `k`, by name
        return std::vector<Edit>{Edit::replace(s.id, 0, e)};
      },
      &keep);
  REQUIRE(r.patch);
  CHECK(r.patch->files[0].after.find("s := k - x.val;") != std::string::npos);
  // The temporary moved to another statement has no source form there.
  r = patchOf("f.gcl", src, [](const ir::Program &p) {
    const ir::Stmt &s3 = stmtAt(p, 3, ir::Stmt::Assign);
    const ir::Stmt &s4 = stmtAt(p, 4, ir::Stmt::Assign);
    Expr e = s4.value;
    e.args[1] = s3.value.args[1]; // t0
    return std::vector<Edit>{Edit::replace(s4.id, 0, e)};
  });
  CHECK_FALSE(r.patch);
  CHECK(r.error.find("lowering temporary 't0'") != std::string::npos);
  // An expression the lowering made (the GetField has none; a guard temporary has no range).
  std::string cond = "proc g(x: int) returns (r: int) {\n  if (x > 0 and r == 0) {\n    r := 1;\n  }\n}\n";
  r = patchOf("g.gcl", cond, [](const ir::Program &p) {
    const ir::Stmt &s = stmtAt(p, 3, ir::Stmt::Assign); // [b0] r := 1
    return std::vector<Edit>{Edit::replace(s.id, 1, Expr::boolLit(true))};
  });
  INFO(r.error << (r.patch ? r.patch->diff : ""));
  CHECK_FALSE(r.patch);
  CHECK(r.error.find("has no source text of its own") != std::string::npos);
}

TEST_CASE("variables are written by their source names; a renamed one by its source name where it is meant") {
  // `head` the parameter shadows the global `head` and is renamed head_1 in the IR.
  std::string src = "var head: int;\n"
                    "proc f(head: int) returns (r: int) {\n"
                    "  r := head + 1;\n"
                    "}\n";
  PatchResult r = patchOf("f.gcl", src, [](const ir::Program &p) {
    const ir::Stmt &s = stmtAt(p, 3, ir::Stmt::Assign);
    REQUIRE(p.procs[0].vars[0].name == "head_1");
    Expr e = s.value;
    e.op = Op::Mul;
    e.args[1] = Expr::varUse({false, 0}, e.type); // head_1, new
    return std::vector<Edit>{Edit::replace(s.id, 0, e)};
  });
  REQUIRE(r.patch);
  CHECK(r.patch->files[0].after.find("r := head * head;") != std::string::npos);
  // The global cannot be named there: `head` means the parameter.
  r = patchOf("f.gcl", src, [](const ir::Program &p) {
    const ir::Stmt &s = stmtAt(p, 3, ir::Stmt::Assign);
    Expr e = s.value;
    e.args[1] = Expr::varUse({true, 0}, e.type);
    return std::vector<Edit>{Edit::replace(s.id, 0, e)};
  });
  CHECK_FALSE(r.patch);
  CHECK(r.error.find("may name another variable") != std::string::npos);
}

TEST_CASE("C text with side effects: kept where the new expression reuses it, else the edit is refused") {
  std::string src = "int f(int x) {\n  int y = x++ + 1;\n  return y;\n}\n";
  PatchResult r = patchOf("f.c", src, [](const ir::Program &p) {
    const ir::Stmt *s = nullptr;
    ir::forEachStmt(p, [&](const ir::Procedure &, const ir::Stmt &x) {
      if (x.kind == ir::Stmt::Assign && x.value.kind == Expr::Binary)
        s = &x; // y := t0 + 1
    });
    Expr e = s->value;
    e.op = Op::Sub;
    return std::vector<Edit>{Edit::replace(s->id, 0, e)};
  });
  REQUIRE(r.patch);
  CHECK(r.patch->files[0].after.find("int y = x++ - 1;") != std::string::npos);
  r = patchOf("f.c", src, [](const ir::Program &p) {
    const ir::Stmt *s = nullptr;
    ir::forEachStmt(p, [&](const ir::Procedure &, const ir::Stmt &x) {
      if (x.kind == ir::Stmt::Assign && x.value.kind == Expr::Binary)
        s = &x;
    });
    return std::vector<Edit>{Edit::replace(s->id, 0, Expr::intLit(3, s->value.type))};
  });
  INFO(r.error << (r.patch ? r.patch->diff : ""));
  CHECK_FALSE(r.patch);
  CHECK(r.error.find("would drop 'x++ + 1', which has side effects") != std::string::npos);
}

TEST_CASE(
    "insertions into empty branches: into the braces, or a new else block, with the file's indentation") {
  // Tab-indented GCL: `if (x > 0) { } else { }` (two statements into the then-branch, one into the else).
  std::string g = "proc f(x: int) returns (r: int) {\n"
                  "\tr := x;\n"
                  "\tif (x > 0) { } else {\n"
                  "\t}\n"
                  "}\n";
  std::unique_ptr<Compiled> keep;
  auto assign = [](const ir::Program &p, int64_t v) {
    const ir::Stmt &first = stmtAt(p, 2, ir::Stmt::Assign);
    ir::Stmt s = first;
    s.value = Expr::intLit(v, first.value.type);
    ir::clearRanges(s.value);
    return s;
  };
  PatchResult r = patchOf("f.gcl", g, [&](const ir::Program &p) {
    ir::StmtId cond = stmtAt(p, 3, ir::Stmt::Assign).id; // b0 := x > 0
    return std::vector<Edit>{Edit::insertInto(cond, false, assign(p, 1)),
                             Edit::insertInto(cond, true, assign(p, 3)),
                             Edit::insertInto(cond, false, assign(p, 2))};
  });
  INFO(r.error);
  REQUIRE(r.patch);
  CHECK(r.patch->files[0].after == "proc f(x: int) returns (r: int) {\n"
                                   "\tr := x;\n"
                                   "\tif (x > 0) {\n"
                                   "\t\tr := 1;\n"
                                   "\t\tr := 2;\n"
                                   "\t} else {\n"
                                   "\t\tr := 3;\n"
                                   "\t}\n"
                                   "}\n");
  // A then-branch with code takes nothing; neither does an else-branch with code.
  std::string h = "proc f(x: int) returns (r: int) {\n  r := x;\n  if (x > 0) {\n    r := 0;\n  }\n}\n";
  r = patchOf("f.gcl", h, [&](const ir::Program &p) {
    return std::vector<Edit>{Edit::insertInto(stmtAt(p, 3, ir::Stmt::Assign).id, false, assign(p, 1))};
  });
  CHECK_FALSE(r.patch);
  CHECK(r.error.find("is not empty") != std::string::npos);
  // No else: `} else { … }` after the then-block, at the indentation of its closing brace.
  r = patchOf("f.gcl", h, [&](const ir::Program &p) {
    return std::vector<Edit>{Edit::insertInto(stmtAt(p, 3, ir::Stmt::Assign).id, true, assign(p, 1))};
  });
  REQUIRE(r.patch);
  CHECK(r.patch->files[0].after == "proc f(x: int) returns (r: int) {\n  r := x;\n  if (x > 0) {\n    r := "
                                   "0;\n  } else {\n    r := 1;\n  }\n}\n");
  // Not an `if`: refused.
  r = patchOf("f.gcl", h, [&](const ir::Program &p) {
    return std::vector<Edit>{Edit::insertInto(stmtAt(p, 2, ir::Stmt::Assign).id, true, assign(p, 1))};
  });
  CHECK_FALSE(r.patch);
  CHECK(r.error.find("is not an 'if' statement") != std::string::npos);
}

TEST_CASE("insertions and deletions keep the file's layout; C bodies without braces stay statements") {
  std::string g = "proc f(x: int) returns (r: int) {\n"
                  "  r := x;\n"
                  "  if (x > 0) {\n"
                  "    r := r + 1;\n"
                  "  }\n"
                  "}\n";
  std::unique_ptr<Compiled> keep;
  PatchResult r = patchOf(
      "f.gcl", g,
      [](const ir::Program &p) {
        const ir::Stmt &inner = stmtAt(p, 4, ir::Stmt::Assign); // [b0] r := r + 1
        ir::Stmt add = inner;
        add.value = Expr::binary(Op::Mul, Expr::varUse({false, 1}, inner.value.type),
                                 Expr::intLit(2, inner.value.type));
        ir::clearRanges(add.value);
        return std::vector<Edit>{Edit::insertAfter(inner.id, add),
                                 Edit::insertBefore(stmtAt(p, 2, ir::Stmt::Assign).id, [&] {
                                   ir::Stmt s = add;
                                   s.guard = Expr::boolLit(true);
                                   return s;
                                 }())};
      },
      &keep);
  REQUIRE(r.patch);
  CHECK(r.patch->files[0].after == "proc f(x: int) returns (r: int) {\n"
                                   "  r := r * 2;\n"
                                   "  r := x;\n"
                                   "  if (x > 0) {\n"
                                   "    r := r + 1;\n"
                                   "    r := r * 2;\n"
                                   "  }\n"
                                   "}\n");
  // A statement whose place is guarded by another condition cannot be inserted unguarded there.
  r = patchOf("f.gcl", g, [](const ir::Program &p) {
    const ir::Stmt &inner = stmtAt(p, 4, ir::Stmt::Assign);
    ir::Stmt add = inner;
    add.guard = Expr::boolLit(true);
    return std::vector<Edit>{Edit::insertAfter(inner.id, add)};
  });
  CHECK_FALSE(r.patch);
  CHECK(r.error.find("cannot be written") != std::string::npos);
  // Deleting a line removes it; deleting a declaration is refused.
  r = patchOf("f.gcl", g, [](const ir::Program &p) {
    return std::vector<Edit>{Edit::remove(stmtAt(p, 4, ir::Stmt::Assign).id)};
  });
  REQUIRE(r.patch);
  CHECK(r.patch->files[0].after == "proc f(x: int) returns (r: int) {\n  r := x;\n  if (x > 0) {\n  }\n}\n");
  std::string c =
      "int f(int x) {\n  int r = x;\n  if (x > 0)\n    r = r + 1;\n  else r = 0;\n  return r;\n}\n";
  r = patchOf("f.c", c, [](const ir::Program &p) {
    return std::vector<Edit>{Edit::remove(stmtAt(p, 4, ir::Stmt::Assign).id)};
  });
  REQUIRE(r.patch);
  CHECK(r.patch->files[0].after.find("if (x > 0)\n    ;\n  else r = 0;") != std::string::npos);
  r = patchOf("f.c", c, [](const ir::Program &p) {
    return std::vector<Edit>{Edit::remove(stmtAt(p, 2, ir::Stmt::Assign).id)};
  });
  CHECK_FALSE(r.patch);
  CHECK(r.error.find("would delete the declaration of 'r'") != std::string::npos);
  // A statement next to a C body without braces would fall outside the body: refused, not misplaced.
  for (bool after : {true, false}) {
    r = patchOf("f.c", c, [after](const ir::Program &p) {
      const ir::Stmt &body = stmtAt(p, 4, ir::Stmt::Assign); // r = r + 1, the then-branch
      ir::Stmt add = body;
      ir::clearRanges(add.value);
      return std::vector<Edit>{after ? Edit::insertAfter(body.id, add) : Edit::insertBefore(body.id, add)};
    });
    CHECK_FALSE(r.patch);
    CHECK(r.error.find("is the body of a statement, without braces") != std::string::npos);
  }
}

TEST_CASE("copies of a loop condition are one edit; different edits of one text overlap") {
  std::string src = "proc f(x: int) returns (r: int) {\n  while (x > 0) {\n    x := x - 1;\n  }\n}\n";
  auto edits = [](bool same) {
    return [same](const ir::Program &p) {
      std::vector<Edit> out;
      int n = 0;
      ir::forEachStmt(p, [&](const ir::Procedure &, const ir::Stmt &s) {
        if (s.kind == ir::Stmt::Assign && s.value.kind == Expr::Binary && s.value.op == Op::Gt) {
          Expr e = s.value;
          e.op = same || n++ == 0 ? Op::Ge : Op::Ne;
          out.push_back(Edit::replace(s.id, 0, e));
        }
      });
      REQUIRE(out.size() == 2);
      return out;
    };
  };
  PatchResult r = patchOf("f.gcl", src, edits(true));
  REQUIRE(r.patch);
  CHECK(r.patch->files[0].after.find("while (x >= 0) {") != std::string::npos);
  r = patchOf("f.gcl", src, edits(false));
  CHECK_FALSE(r.patch);
  CHECK(r.error.find("edits overlap") != std::string::npos);
}

TEST_CASE("unified diff: hunks with context, merged when close, no newline at the end") {
  std::string a, b;
  for (int i = 1; i <= 20; ++i) {
    a += "line " + std::to_string(i) + "\n";
    b += (i == 3    ? "LINE 3\n"
          : i == 6  ? ""
          : i == 18 ? "line 18\nnew\n"
                    : "line " + std::to_string(i) + "\n");
  }
  CHECK(unifiedDiff("x", a, b) ==
        "--- x\n+++ x\n@@ -1,9 +1,8 @@\n line 1\n line 2\n-line 3\n+LINE 3\n line 4\n"
        " line 5\n-line 6\n line 7\n line 8\n line 9\n@@ -16,5 +15,6 @@\n line 16\n"
        " line 17\n line 18\n+new\n line 19\n line 20\n");
  CHECK(unifiedDiff("x", "a\nb", "a\nc") ==
        "--- x\n+++ x\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+c\n"
        "\\ No newline at end of file\n");
  CHECK(unifiedDiff("x", "same\n", "same\n").empty());
}

TEST_CASE("arrays: element reads, writes, lengths and allocations insert in GCL; indexes and null replace") {
  std::string g = "proc f(a: int[], i: int) returns (r: int) {\n"
                  "  var b: int[];\n"
                  "  b := new int[3];\n"
                  "  r := a[i + 1];\n"
                  "  a[i] := r;\n"
                  "  r := a.length;\n"
                  "}\n";
  // a copy of each array statement inserted after the last one, printed back as GCL
  std::unique_ptr<Compiled> keep;
  PatchResult r = patchOf(
      "f.gcl", g,
      [](const ir::Program &p) {
        std::vector<Edit> out;
        ir::StmtId last = stmtAt(p, 6, ir::Stmt::Length).id;
        for (auto [line, kind] : {std::pair{3u, ir::Stmt::NewArray},
                                  {4u, ir::Stmt::GetElem},
                                  {5u, ir::Stmt::PutElem},
                                  {6u, ir::Stmt::Length}}) {
          ir::Stmt s = stmtAt(p, line, kind);
          ir::forEachExprOf(s, [](Expr &e) { ir::clearRanges(e); });
          s.fill = kind == ir::Stmt::NewArray; // `new int[n] nondet`
          out.push_back(Edit::insertAfter(last, s));
        }
        return out;
      },
      &keep);
  REQUIRE_MESSAGE(r.patch, r.error);
  const std::string &after = r.patch->files[0].after;
  CHECK(after.find("  r := a.length;\n  b := new int[3] nondet;\n") != std::string::npos);
  CHECK(after.find("  r := a[i + 1];\n  a[i] := r;\n  r := a.length;\n}") != std::string::npos);
  auto again = compile("f.gcl", &after);
  CHECK_MESSAGE(again->prog, again->errors);
  // the index of an element read is an expression a patch replaces; an array may become null
  r = patchOf("f.gcl", g, [](const ir::Program &p) {
    const ir::Stmt &read = stmtAt(p, 4, ir::Stmt::GetElem);
    Expr e = read.args[0];
    ir::clearRanges(e);
    e.op = Op::Sub;
    return std::vector<Edit>{Edit::replace(read.id, 0, e)};
  });
  REQUIRE_MESSAGE(r.patch, r.error);
  CHECK(r.patch->files[0].after.find("r := a[i - 1];") != std::string::npos);
  std::string n = "proc f(a: int[]) returns (r: bool) {\n  r := a == a;\n}\n";
  r = patchOf("f.gcl", n, [](const ir::Program &p) {
    return std::vector<Edit>{Edit::replace(stmtAt(p, 2, ir::Stmt::Assign).id, 2, Expr::nullLit())};
  });
  REQUIRE_MESSAGE(r.patch, r.error);
  CHECK(r.patch->files[0].after.find("r := a == null;") != std::string::npos);
}

TEST_CASE("a field write whose value is a field read (Edit::read): one statement, inserted or replaced") {
  // `x.f := y.g` is two IR statements (a read into a temporary, then the write); the edit carries the read.
  auto run = [](const std::string &file, const std::string &src, bool insert) {
    return patchOf(file, src, [insert](const ir::Program &p) {
      const ir::Stmt &w = stmtAt(p, 3, ir::Stmt::PutField); // a.next := b
      ir::Stmt n = w;
      ir::Stmt read;
      read.kind = ir::Stmt::GetField;
      read.base = {false, 1}; // b
      read.field = insert ? 1 : 0;
      read.guard = w.guard;
      n.field = insert ? 1 : 0;  // prev (inserted) or next (replaced)
      n.value = Expr::nullLit(); // ignored: the read is the value
      Edit e = insert ? Edit::insertAfter(w.id, n) : Edit::replaceStmt(w.id, n);
      e.read = read;
      return std::vector<Edit>{e};
    });
  };
  std::string g = "type Node { next: Node; prev: Node; }\nproc f(a: Node, b: Node) {\n  a.next := b;\n}\n";
  PatchResult r = run("f.gcl", g, true);
  REQUIRE_MESSAGE(r.patch, r.error);
  CHECK(r.patch->files[0].after == "type Node { next: Node; prev: Node; }\nproc f(a: Node, b: Node) {\n  "
                                   "a.next := b;\n  a.prev := b.prev;\n}\n");
  r = run("f.gcl", g, false);
  REQUIRE_MESSAGE(r.patch, r.error);
  CHECK(r.patch->files[0].after ==
        "type Node { next: Node; prev: Node; }\nproc f(a: Node, b: Node) {\n  a.next := b.next;\n}\n");
  std::string c =
      "struct node { struct node *next; struct node *prev; };\nvoid f(struct node *a, struct node *b) {\n"
      "  a->next = b;\n}\n";
  r = run("f.c", c, true);
  REQUIRE_MESSAGE(r.patch, r.error);
  CHECK(r.patch->files[0].after.find("  a->next = b;\n  a->prev = b->prev;\n}") != std::string::npos);
  r = run("f.c", c, false);
  REQUIRE_MESSAGE(r.patch, r.error);
  CHECK(r.patch->files[0].after.find("  a->next = b->next;\n}") != std::string::npos);
}

TEST_CASE("a call whose argument is a field read (Edit::argReads): one statement") {
  // `x := g(a.val, x)` is a read into a hidden temporary and the call of it; the edit carries the read.
  auto run = [](const std::string &file, const std::string &src) {
    return patchOf(file, src, [](const ir::Program &p) {
      const ir::Stmt &s = stmtAt(p, 7, ir::Stmt::Assign); // x := 1
      const ir::Procedure &f = p.procs[p.procIndex("f")];
      ir::VarRef a{false, f.varIndex("a")}, x{false, f.varIndex("x")}, t{false, 99};
      ir::Type it = p.var(f, x).type;
      ir::Stmt read;
      read.kind = ir::Stmt::GetField;
      read.lhs = t; // a hidden temporary of the candidate program
      read.base = a;
      read.field = 1; // val
      read.guard = s.guard;
      ir::Stmt call;
      call.kind = ir::Stmt::Call;
      call.callee = p.procIndex("g");
      call.lhs = x;
      call.guard = s.guard;
      call.args = {Expr::varUse(t, it), Expr::varUse(x, it)};
      Edit e = Edit::insertAfter(s.id, call);
      e.argReads = {read};
      return std::vector<Edit>{e};
    });
  };
  PatchResult r =
      run("f.gcl", "type Node { next: Node; val: int; }\nproc g(v: int, w: int) returns (r: int) {\n"
                   "  r := v;\n}\nproc f(a: Node) {\n  var x: int;\n  x := 1;\n}\n");
  REQUIRE_MESSAGE(r.patch, r.error);
  CHECK(r.patch->files[0].after.find("  x := 1;\n  x := g(a.val, x);\n}") != std::string::npos);
  r = run("f.c", "struct node { struct node *next; int val; };\nint g(int v, int w) {\n  return v;\n}\n"
                 "void f(struct node *a) {\n  int x = 0;\n  x = 1;\n}\n");
  REQUIRE_MESSAGE(r.patch, r.error);
  CHECK(r.patch->files[0].after.find("  x = 1;\n  x = g(a->val, x);\n}") != std::string::npos);
}

TEST_CASE("reads and writes through a field read (Edit::baseReads): one statement") {
  // `x := a.next.val` and `a.next.next := b` are each a read of `a.next` into a hidden temporary (t) and the
  // statement through it; the edit carries the read. A read's base may itself be read (`a.next.next.val`).
  enum Kind { Read, Write, Deeper };
  auto run = [](const std::string &file, const std::string &src, Kind kind) {
    return patchOf(file, src, [kind](const ir::Program &p) {
      const ir::Stmt &s = stmtAt(p, 4, ir::Stmt::Assign); // x := 1
      const ir::Procedure &f = p.procs[p.procIndex("f")];
      ir::VarRef a{false, f.varIndex("a")}, b{false, f.varIndex("b")}, x{false, f.varIndex("x")};
      ir::VarRef t{false, 98}, u{false, 99}; // hidden temporaries of the candidate program
      ir::Type nt = p.var(f, a).type;
      auto read = [&](ir::VarRef into, ir::VarRef base) {
        ir::Stmt r;
        r.kind = ir::Stmt::GetField;
        r.lhs = into;
        r.base = base;
        r.field = 0; // next
        r.guard = s.guard;
        return r;
      };
      ir::Stmt n;
      n.guard = s.guard;
      if (kind == Write) {
        n.kind = ir::Stmt::PutField;
        n.base = t;
        n.field = 0;
        n.value = Expr::varUse(b, nt);
      } else {
        n.kind = ir::Stmt::GetField;
        n.lhs = x;
        n.base = kind == Deeper ? u : t;
        n.field = 1; // val
      }
      Edit e = Edit::insertAfter(s.id, n);
      e.baseReads = {read(t, a)};
      if (kind == Deeper)
        e.baseReads.push_back(read(u, t));
      return std::vector<Edit>{e};
    });
  };
  std::string g = "type Node { next: Node; val: int; }\nproc f(a: Node, b: Node) {\n  var x: int;\n"
                  "  x := 1;\n}\n";
  std::string c = "struct node { struct node *next; int val; };\nvoid f(struct node *a, struct node *b) {\n"
                  "  int x = 0;\n  x = 1;\n}\n";
  for (auto [kind, gcl, cText] :
       {std::tuple{Read, "  x := 1;\n  x := a.next.val;\n}", "  x = 1;\n  x = a->next->val;\n}"},
        std::tuple{Write, "  x := 1;\n  a.next.next := b;\n}", "  x = 1;\n  a->next->next = b;\n}"},
        std::tuple{Deeper, "  x := 1;\n  x := a.next.next.val;\n}",
                   "  x = 1;\n  x = a->next->next->val;\n}"}}) {
    CAPTURE(kind);
    PatchResult r = run("f.gcl", g, kind);
    REQUIRE_MESSAGE(r.patch, r.error);
    CHECK(r.patch->files[0].after.find(gcl) != std::string::npos);
    r = run("f.c", c, kind);
    REQUIRE_MESSAGE(r.patch, r.error);
    CHECK(r.patch->files[0].after.find(cText) != std::string::npos);
  }
}

TEST_CASE(
    "replaced statements: another target, base or field; a field read into a temporary where it is used") {
  std::string g = "type Node { next: Node; prev: Node; val: int; }\n"
                  "proc f(cur: Node, x: Node, y: Node, b: bool) returns (r: Node) {\n"
                  "  var p: Node := x;\n"
                  "  cur.prev := cur.next;\n"
                  "  x := y.next;\n"
                  "  p := x;\n"
                  "  [b] r := p;\n"
                  "  r.val := (r.val + 1);\n"
                  "}\n";
  // A statement changed by `change`, the one at `line` of `kind` (the first there).
  using Change = std::function<void(ir::Stmt &)>;
  auto edit = [](uint32_t line, ir::Stmt::Kind kind, Change change) {
    return [line, kind, change](const ir::Program &p) {
      ir::Stmt s = stmtAt(p, line, kind);
      change(s);
      return std::vector<Edit>{Edit::replaceStmt(s.id, s)};
    };
  };
  auto lineOf = [](const PatchResult &r, const std::string &text) {
    REQUIRE_MESSAGE(r.patch, r.error);
    INFO(r.patch->diff);
    CHECK(r.patch->files[0].after.find(text) != std::string::npos);
  };
  // GCL: the assigned variable (p := x → r := x), in the diff
  PatchResult r = patchOf("f.gcl", g, edit(6, ir::Stmt::Assign, [](ir::Stmt &s) { s.lhs = {false, 4}; }));
  REQUIRE_MESSAGE(r.patch, r.error);
  CHECK(r.patch->diff ==
        "--- f.gcl\n+++ f.gcl\n@@ -3,7 +3,7 @@\n   var p: Node := x;\n   cur.prev := cur.next;\n"
        "   x := y.next;\n-  p := x;\n+  r := x;\n   [b] r := p;\n   r.val := (r.val + 1);\n }\n");
  REQUIRE(r.patch->locations.size() == 1);
  CHECK(r.patch->locations[0].range.begin.line == 6);
  CHECK(r.patch->locations[0].range.begin.col == 3);
  CHECK(r.patch->locations[0].range.end.col == 10);
  // the base and the field of a field write; its value (a temporary) keeps its text
  lineOf(patchOf("f.gcl", g,
                 edit(4, ir::Stmt::PutField,
                      [](ir::Stmt &s) {
                        s.base = {false, 1};
                      })),
         "\n  x.prev := cur.next;\n");
  lineOf(patchOf("f.gcl", g, edit(4, ir::Stmt::PutField, [](ir::Stmt &s) { s.field = 0; })),
         "\n  cur.next := cur.next;\n");
  lineOf(patchOf("f.gcl", g,
                 edit(8, ir::Stmt::PutField,
                      [](ir::Stmt &s) {
                        s.base = {false, 0};
                      })),
         "\n  cur.val := r.val + 1;\n");
  // a field read into a variable: its base and field
  lineOf(patchOf("f.gcl", g, edit(5, ir::Stmt::GetField, [](ir::Stmt &s) { s.field = 1; })),
         "\n  x := y.prev;\n");
  lineOf(patchOf("f.gcl", g,
                 edit(5, ir::Stmt::GetField,
                      [](ir::Stmt &s) {
                        s.base = {false, 0};
                      })),
         "\n  x := cur.next;\n");
  // a field read into a temporary (`t0 := cur.next; cur.prev := t0`): written where t0 stands
  std::unique_ptr<Compiled> keep;
  r = patchOf("f.gcl", g,
              edit(4, ir::Stmt::GetField,
                   [](ir::Stmt &s) {
                     s.base = {false, 2}, s.field = 1;
                   }),
              &keep);
  lineOf(r, "\n  cur.prev := y.prev;\n");
  CHECK(r.patch->locations[0].range.begin.col == 15);
  CHECK(r.patch->locations[0].range.end.col == 23);
  // refused: a declaration, a statement with its own guard, a temporary's assignment, another kind
  r = patchOf("f.gcl", g, edit(3, ir::Stmt::Assign, [](ir::Stmt &s) { s.lhs = {false, 4}; }));
  CHECK_FALSE(r.patch);
  CHECK(r.error.find("declares 'p'") != std::string::npos);
  r = patchOf("f.gcl", g, edit(7, ir::Stmt::Assign, [](ir::Stmt &s) { s.lhs = {false, 5}; }));
  CHECK_FALSE(r.patch);
  CHECK(r.error.find("has a guard of its own") != std::string::npos);
  lineOf(patchOf("f.gcl", g,
                 edit(8, ir::Stmt::GetField,
                      [](ir::Stmt &s) {
                        s.base = {false, 0};
                      })),
         "\n  r.val := (cur.val + 1);\n");
  // `x.next.val`: the temporary for `x.next` is the base of the second read, which has no text of its own
  r = patchOf(
      "g.gcl",
      "type Node { next: Node; val: int; }\nproc g(x: Node) returns (r: int) {\n  r := x.next.val;\n}\n",
      [](const ir::Program &p) {
        ir::Stmt s = stmtAt(p, 3, ir::Stmt::GetField); // t0 := x.next
        s.field = 0;
        return std::vector<Edit>{Edit::replaceStmt(s.id, s)};
      });
  CHECK_FALSE(r.patch);
  CHECK(r.error.find("has no source text where it is used") != std::string::npos);
  // an assignment into a variable written as a field read into it, and the other way round
  lineOf(patchOf("f.gcl", g,
                 edit(6, ir::Stmt::Assign,
                      [](ir::Stmt &s) {
                        s.kind = ir::Stmt::GetField, s.value = Expr{}, s.base = {false, 2}, s.field = 0;
                      })),
         "\n  p := y.next;\n");
  lineOf(patchOf("f.gcl", g,
                 edit(5, ir::Stmt::GetField,
                      [](ir::Stmt &s) {
                        s.kind = ir::Stmt::Assign, s.value = Expr::varUse({false, 0}, ir::Type::refType(0));
                        s.base = {}, s.field = ir::kNone;
                      })),
         "\n  x := cur;\n");
  r = patchOf("f.gcl", g, edit(6, ir::Stmt::Assign, [](ir::Stmt &s) { s.kind = ir::Stmt::Skip; }));
  CHECK_FALSE(r.patch);
  CHECK(r.error.find("cannot be written as a 'skip'") != std::string::npos);
  // an edit of the statement's guard is not a replaced statement
  r = patchOf("f.gcl", g, edit(6, ir::Stmt::Assign, [](ir::Stmt &s) {
                s.guard = Expr::varUse({false, 3}, ir::Type::boolType());
              }));
  CHECK_FALSE(r.patch);
  CHECK(r.error.find("is not the guard") != std::string::npos);

  // C: `cur->prev = cur->next;`, `p = y->next;` (t1 := y.next; p := t1)
  std::string c = "struct node {\n"
                  "  struct node *next;\n"
                  "  struct node *prev;\n"
                  "  int val;\n"
                  "};\n"
                  "void f(struct node *cur, struct node *x, struct node *y, int n, int m) {\n"
                  "  struct node *p = x;\n"
                  "  cur->prev = cur->next;\n"
                  "  p = y->next;\n"
                  "  x = p;\n"
                  "  n += 1;\n"
                  "  m = n;\n"
                  "}\n";
  lineOf(patchOf("f.c", c,
                 edit(8, ir::Stmt::PutField,
                      [](ir::Stmt &s) {
                        s.base = {false, 1};
                      })),
         "\n  x->prev = cur->next;\n");
  lineOf(patchOf("f.c", c, edit(8, ir::Stmt::PutField, [](ir::Stmt &s) { s.field = 0; })),
         "\n  cur->next = cur->next;\n");
  lineOf(patchOf("f.c", c, edit(8, ir::Stmt::GetField, [](ir::Stmt &s) { s.field = 1; })),
         "\n  cur->prev = cur->prev;\n");
  lineOf(patchOf("f.c", c,
                 edit(9, ir::Stmt::GetField,
                      [](ir::Stmt &s) {
                        s.base = {false, 0};
                      })),
         "\n  p = cur->next;\n");
  lineOf(patchOf("f.c", c,
                 edit(9, ir::Stmt::Assign,
                      [](ir::Stmt &s) {
                        s.lhs = {false, 1};
                      })),
         "\n  x = y->next;\n");
  lineOf(patchOf("f.c", c,
                 edit(10, ir::Stmt::Assign,
                      [](ir::Stmt &s) {
                        s.lhs = {false, 2};
                      })),
         "\n  y = p;\n");
  // refused: a declaration, a compound assignment
  r = patchOf("f.c", c, edit(7, ir::Stmt::Assign, [](ir::Stmt &s) { s.lhs = {false, 1}; }));
  CHECK_FALSE(r.patch);
  CHECK(r.error.find("declares 'p'") != std::string::npos);
  r = patchOf("f.c", c, edit(11, ir::Stmt::Assign, [](ir::Stmt &s) { s.lhs = {false, 4}; }));
  CHECK_FALSE(r.patch);
  CHECK(r.error.find("'n += 1;' at f.c:11:3 is not written as 'n = n + 1;'") != std::string::npos);
  lineOf(patchOf("f.c", c,
                 edit(12, ir::Stmt::Assign,
                      [](ir::Stmt &s) {
                        s.lhs = {false, 3};
                      })),
         "\n  n = n;\n");
}

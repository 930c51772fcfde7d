// A random GCL program generator for the differential tests: every program compiles, its loops run at most
// 3 times (so unwind 4 covers every execution), and `main(x: int, y: int, c: bool)` is the entry.
#pragma once

#include <cstdint>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace locus::encoder::testing {

/// Random programs over ints, bools and a Node record: assignments, field reads and writes (paths too),
/// new, nondet, if/else, bounded while with break/continue, calls to helper procedures (with return),
/// assert, assume, halt, division (so div-by-zero), null dereferences. With `arrays`, also int and Node
/// arrays (`a0`, `a1`: int[], `m0`: Node[]; helpers take an int[]): allocation (zeroed or nondet, lengths
/// up to 4 and sometimes negative or computed), element reads and writes (index out of bounds, null arrays),
/// lengths, aliasing, nondet array references.
class Gen {
public:
  /// With `recursive`: a recursive helper `rec(d, a, p)` that calls itself in both branches of an if when
  /// d > 0 (calls on exclusive paths: EncodeOptions::mergeCalls), called by main with d from 0 to 3.
  explicit Gen(uint64_t seed, bool arrays = false, bool recursive = false)
      : rng(seed), arrays(arrays), recursive(recursive) {}

  std::string program() {
    std::ostringstream os;
    os << "type Node { next: Node; val: int; }\nvar g: int;\n";
    int helpers = pick(0, 2);
    for (int h = 0; h < helpers; ++h) {
      os << "proc h" << h << "(a: int, p: Node" << (arrays ? ", q: int[]" : "") << ") returns (r: int)\n";
      if (chance(30))
        os << "  requires { assert a > " << pick(-6, 0) << "; }\n";
      if (chance(30))
        os << "  ensures { assert r != " << pick(-2, 4) << "; }\n";
      os << "{\n";
      os << "  var i0: int; var i1: int; var b0: bool; var n0: Node; var n1: Node; var k0: int; var k1: "
            "int;\n";
      ctx = Ctx{true, h, 0, 0};
      os << "  i0 := a; n0 := p;\n";
      if (arrays)
        os << "  var a0: int[]; var a1: int[]; var m0: Node[];\n  a0 := q;\n";
      os << block(3, 2);
      os << "  r := i0 + g;\n}\n";
    }
    if (recursive) {
      os << "proc rec(d: int, a: int, p: Node) returns (r: int)\n{\n";
      os << "  var i0: int; var i1: int; var b0: bool; var n0: Node; var n1: Node; var k0: int; var k1: "
            "int;\n";
      ctx = Ctx{true, helpers, 0, 0};
      calm = true; // no failures in rec itself, so that runs reach its calls
      os << "  i0 := a; n0 := p;\n" << block(2, 1);
      os << "  if (d > 0) {\n    if (" << boolExpr(2) << ") {\n"
         << block(2, 1) << "      i1 := rec(d - 1, " << intExpr(1) << ", " << nvar() << ");\n"
         << block(2, 1) << "    } else {\n"
         << block(2, 1) << "      i0 := rec(d - 1, " << intExpr(1) << ", " << nvar() << ");\n"
         << block(2, 1) << "    }\n  }\n";
      os << "  r := i0 + i1 + g;\n}\n";
      calm = false;
    }
    os << "proc main(x: int, y: int, c: bool) returns (r: int) {\n";
    os << "  var i0: int; var i1: int; var b0: bool; var n0: Node; var n1: Node; var k0: int; var k1: int;\n";
    ctx = Ctx{false, helpers, 0, 0};
    os << "  i0 := x; i1 := y; b0 := c;\n";
    if (recursive) // first, so that most runs reach it
      os << "  i1 := rec(" << pick(0, 3) << ", i0, n0);\n";
    if (arrays) { // mostly allocated at first, so that runs go past their first array access
      os << "  var a0: int[]; var a1: int[]; var m0: Node[];\n";
      if (chance(85))
        os << "  a0 := new int[" << pick(2, 4) << "]" << (chance(40) ? " nondet" : "") << ";\n";
      if (chance(60))
        os << "  a1 := " << (chance(30) ? std::string("a0") : "new int[" + std::to_string(pick(2, 4)) + "]")
           << ";\n";
      if (chance(60))
        os << "  m0 := new Node[2]" << (chance(30) ? " nondet" : "") << ";\n";
    }
    if (chance(70))
      os << "  n0 := new Node;\n";
    os << block(6, 3);
    os << "  r := i0 + i1;\n}\n";
    return os.str();
  }

private:
  struct Ctx {
    bool helper;
    int callable; ///< helpers h0..h(callable-1) may be called
    int loopDepth;
    int nextCounter;
  };
  std::mt19937_64 rng;
  bool arrays;
  bool recursive;
  bool calm = false; ///< statements and expressions that cannot fail (no checks, no division, no field reads)
  Ctx ctx{};

  int pick(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); }
  bool chance(int pct) { return pick(1, 100) <= pct; }
  std::string ivar() { return std::vector<std::string>{"i0", "i1", "g"}[pick(0, 2)]; }
  std::string nvar() { return pick(0, 1) ? "n0" : "n1"; }
  std::string path() { return nvar() + (!calm && chance(25) ? ".next" : ""); }
  std::string avar() { return pick(0, 1) ? "a0" : "a1"; }
  /// An index: mostly a small constant, sometimes a variable or one past the usual lengths.
  std::string index() {
    int k = pick(0, 19);
    return k < 15 ? std::to_string(pick(0, 1)) : k < 19 ? ivar() : std::to_string(pick(-1, 5));
  }

  std::string intExpr(int d) {
    int k = pick(0, d <= 0 ? 2 : 7);
    switch (k) {
    case 0: return std::to_string(pick(-3, 5));
    case 1:
    case 2: return ivar();
    case 3:
      if (calm)
        return ivar();
      if (arrays && chance(40))
        return chance(75) ? avar() + "[" + index() + "]" : avar() + ".length";
      return path() + ".val";
    case 4: return "(" + intExpr(d - 1) + " + " + intExpr(d - 1) + ")";
    case 5: return "(" + intExpr(d - 1) + " - " + intExpr(d - 1) + ")";
    case 6:
      return "(" + intExpr(d - 1) +
             (chance(50) || calm ? " * "
              : chance(50)       ? " / "
                                 : " % ") +
             intExpr(d - 1) + ")";
    default: return "-" + intExpr(d - 1);
    }
  }
  std::string boolExpr(int d) {
    int k = pick(0, d <= 0 ? 2 : 6);
    static const char *cmp[] = {" < ", " <= ", " == ", " != ", " > ", " >= "};
    switch (k) {
    case 0: return "b0";
    case 1: return "(" + intExpr(1) + cmp[pick(0, 5)] + intExpr(1) + ")";
    case 2:
      if (arrays && chance(30))
        return "(" + avar() + (chance(50) ? " == null)" : chance(50) ? " != null)" : " == " + avar() + ")");
      return "(" + nvar() + (chance(50) ? " == null)" : " != null)");
    case 3: return "(" + boolExpr(d - 1) + " and " + boolExpr(d - 1) + ")";
    case 4: return "(" + boolExpr(d - 1) + " or " + boolExpr(d - 1) + ")";
    case 5: return "(" + boolExpr(d - 1) + " ==> " + boolExpr(d - 1) + ")";
    default: return "not " + boolExpr(d - 1);
    }
  }

  std::string block(int n, int depth) {
    std::string out;
    int count = pick(1, n);
    for (int i = 0; i < count; ++i)
      out += stmt(depth);
    return out;
  }

  std::string arrayStmt() {
    switch (pick(0, 9)) {
    case 0: {
      std::string len = chance(80) ? std::to_string(pick(0, 4)) : chance(50) ? "-1" : ivar();
      return avar() + " := new int[" + len + "]" + (chance(40) ? " nondet" : "") + ";\n";
    }
    case 1: return avar() + " := " + (chance(70) ? avar() : std::string("null")) + ";\n";
    case 2:
    case 3: return ivar() + " := " + avar() + "[" + index() + "];\n";
    case 4:
    case 5: return avar() + "[" + index() + "] := " + intExpr(1) + ";\n";
    case 6: return ivar() + " := " + avar() + ".length;\n";
    case 7: return avar() + " := nondet;\n";
    case 8:
      if (chance(50))
        return "m0 := new Node[" + std::to_string(pick(1, 3)) + "]" + (chance(40) ? " nondet" : "") + ";\n";
      return "m0[" + index() + "] := " + nvar() + ";\n";
    default: return nvar() + " := m0[" + index() + "];\n";
    }
  }

  std::string stmt(int depth) {
    if (arrays && chance(25))
      return arrayStmt();
    int k = pick(0, depth > 0 ? 20 : 14);
    if (calm && (k == 5 || k == 6 || k == 8 || k == 9 || k == 10 || k == 11 || k == 12))
      k = 13; // no field writes, checks, calls or jumps
    switch (k) {
    case 0:
    case 1: return ivar() + " := " + intExpr(2) + ";\n";
    case 2: return "b0 := " + boolExpr(2) + ";\n";
    case 3:
      return nvar() + " := " + (chance(50) ? nvar() : chance(50) ? path() : std::string("null")) + ";\n";
    case 4: return nvar() + " := new Node;\n";
    case 5: return path() + ".val := " + intExpr(1) + ";\n";
    case 6: return nvar() + ".next := " + (chance(70) ? nvar() : std::string("null")) + ";\n";
    case 7: {
      int t = pick(0, 2);
      return std::string(t == 0 ? ivar() : t == 1 ? "b0" : nvar()) + " := nondet;\n";
    }
    case 8: return "assert " + boolExpr(1) + ";\n";
    case 9: return chance(30) ? "assume " + boolExpr(1) + ";\n" : "skip;\n";
    case 10:
      if (ctx.callable > 0)
        return ivar() + " := h" + std::to_string(pick(0, ctx.callable - 1)) + "(" + intExpr(1) + ", " +
               nvar() + (arrays ? ", " + avar() : std::string()) + ");\n";
      return "skip;\n";
    case 11:
      if (chance(15))
        return ctx.helper ? "if (" + boolExpr(1) + ") { return; }\n" : "if (" + boolExpr(1) + ") { halt; }\n";
      return "skip;\n";
    case 12:
      if (ctx.loopDepth > 0 && chance(40))
        return "if (" + boolExpr(1) + ") { " + (chance(50) ? "break" : "continue") + "; }\n";
      return "skip;\n";
    case 13:
    case 14: return "g := g + 1;\n";
    default: break;
    }
    if (k <= 17) {
      std::string out = "if (" + boolExpr(2) + ") {\n" + block(3, depth - 1) + "}";
      if (chance(60))
        out += " else {\n" + block(3, depth - 1) + "}";
      return out + "\n";
    }
    // a while loop bounded by a counter (at most 3 iterations), so unwind 4 always suffices
    if (ctx.loopDepth >= 2)
      return "skip;\n";
    std::string kc = "k" + std::to_string(ctx.loopDepth);
    ++ctx.loopDepth;
    std::string body = block(3, depth - 1);
    --ctx.loopDepth;
    return kc + " := 0;\nwhile (" + kc + " < " + std::to_string(pick(1, 3)) + " and " + boolExpr(1) +
           ") {\n" + kc + " := " + kc + " + 1;\n" + body + "}\n";
  }
};

} // namespace locus::encoder::testing

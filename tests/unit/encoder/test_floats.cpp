// The interpreter and the encoding agree on floats (issue 33): 20 fixed programs over float32 and float64
// (arithmetic, comparisons with NaN and -0, the float functions, conversions in and out of range) verified
// on each API solver with `--ints bv32` (10 s per check) and in math mode on z3 (5 s per check; cvc5 1.0.3
// aborts in its CaDiCaL back end on some of these when its time limit interrupts it). A FAILED verdict
// is a counterexample the interpreter replayed (verify checks it: a mismatch fails this test); a SAFE one
// must hold on 40 seeded interpreter runs; the expected verdict is each program's. Undecided runs (a solver's
// timeout) are counted, not compared; most bv32 runs must be decided. Label `slow`: not in the sanitizer
// stage.
#include "helpers.h"

#include <map>

using namespace locus;
using namespace locus::encoder;
using namespace locus::encoder::testing;

namespace {

struct Case {
  const char *name;
  bool safe; ///< the expected verdict: SAFE, or FAILED (a real failure)
  const char *body;
};

// Every program: x, y are free int32 values, d, e their float64 values, f, g their float32 values.
const Case kCases[] = {
    {"double holds every int", true, "assert int32(d) == x;"},
    {"float loses ints", false, "assert int32(f) == x;"},
    {"double sums of ints are exact", true, "assert (d + e) - e == d;"},
    {"float sums are not", false, "assert (f + g) - g == f;"},
    {"0/0 is NaN", false, "var q: float64 := d / e; assert q == q;"},
    {"x/0 is an infinity", true, "if (y == 0i32 and x > 0i32) { assert d / e > 0x1p+1000f64; }"},
    {"floor and ceil bracket", true,
     "var h: float64 := d * 0x1p-1f64; assert ffloor(h) <= h and fceil(h) >= h;"},
    {"round is within a half", true,
     "var h: float64 := d * 0x1p-2f64; assert fround(h) - h <= 0x1p-1f64 and h - fround(h) <= 0x1p-1f64;"},
    {"trunc is the conversion", true,
     "var h: float64 := d * 0x1p-1f64; assert int32(ftrunc(h)) == int32(h);"},
    {"round half away from zero", true, "if (x == -5i32) { assert fround(d * 0x1p-1f64) == -0x1.8p+1f64; }"},
    {"negative zero equals zero", true,
     "var z: float64 := 0x0p+0f64 * d; if (x < 0i32) { assert z == 0x0p+0f64; }"},
    {"out of range conversion fails", false, "var b: int8 := int8(d * 0x1.47ae147ae147bp-7f64);"},
    {"negative to unsigned fails", false, "var b: uint8 := uint8(d);"},
    {"NaN is unordered", true,
     "var n: float64 := (d - d) / (e - e); assert not (n < d) and not (n >= d) and n != n;"},
    {"float and double thirds differ", false, "assert float64(float32(d / 0x1.8p+1f64)) == d / 0x1.8p+1f64;"},
    {"addition commutes", true, "assert d * 0x1.999999999999ap-4f64 + e == e + d * 0x1.999999999999ap-4f64;"},
    {"addition does not associate", false,
     "var a: float64 := d * 0x1.999999999999ap-4f64; var c: float64 := e * 0x1.999999999999ap-4f64; "
     "assert (a + c) + 0x1.999999999999ap-4f64 == a + (c + 0x1.999999999999ap-4f64);"},
    {"conversion is monotone", true, "if (x < y) { assert f <= g; }"},
    {"but not strictly", false, "if (x < y) { assert f < g; }"},
    {"sqrt of a square", true, "if (x > -1000i32 and x < 1000i32) { assert fsqrt(d * d) == fabs(d); }"},
};

std::string program(const Case &c) {
  return std::string("proc main() {\n  var x: int32;\n  var y: int32;\n  x := nondet;\n  y := nondet;\n") +
         "  var d: float64 := float64(x);\n  var e: float64 := float64(y);\n" +
         "  var f: float32 := float32(x);\n  var g: float32 := float32(y);\n  " + c.body + "\n}\n";
}

} // namespace

TEST_CASE("the interpreter and the encoding agree on 20 float programs") {
  std::map<std::string, int> tally;
  int runs = 0;
  for (const Case &c : kCases) {
    std::string text = program(c);
    ir::Program prog = compile(text);
    uint32_t entry = prog.procIndex("main");
    // seeded interpreter runs: a SAFE program never fails
    bool runFailed = false;
    for (uint64_t seed = 1; seed <= 40; ++seed) {
      ir::InterpOptions io;
      io.seed = seed;
      ir::Outcome out = ir::Interpreter(prog, io).run(entry, {});
      CHECK(out.kind != ir::OutcomeKind::Error);
      runFailed = runFailed || out.kind == ir::OutcomeKind::Failure;
    }
    INFO(c.name << "\n" << text);
    if (c.safe)
      CHECK_FALSE(runFailed);
    for (ir::IntMode ints : {ir::IntMode::BV32, ir::IntMode::Math})
      for (const std::string &spec : apiSolvers()) {
        bool math = ints == ir::IntMode::Math;
        if (math && spec == "cvc5")
          continue; // (the abort above)
        VerifyOptions vo;
        vo.encode.ints = ints;
        vo.solver = spec;
        vo.timeoutMs = math ? 5000 : 10000;
        MESSAGE(std::string(c.name) << ": " << spec << (math ? " math" : " bv32")); // (a crash names the run)
        VerifyResult r = verify(prog, entry, vo);
        std::string v = verdictName(r.verdict);
        ++tally[spec + (math ? " math " : " bv32 ") + v];
        runs += !math;
        INFO(spec << (ints == ir::IntMode::BV32 ? " bv32" : " math") << ": " << v << " " << r.reason);
        CHECK(r.verdict != Verdict::Mismatch);
        CHECK(r.verdict != Verdict::Error);
        if (r.verdict == Verdict::Safe)
          CHECK(c.safe);
        if (r.verdict == Verdict::Failed || r.verdict == Verdict::BoundFailed)
          CHECK_FALSE(c.safe);
      }
  }
  int unknown = 0;
  std::string summary;
  for (const auto &[k, n] : tally) {
    summary += "\n  " + k + ": " + std::to_string(n);
    if (k.find("bv32 unknown") != std::string::npos)
      unknown += n;
  }
  MESSAGE(runs << " bv32 verifications" << summary);
  // Half the bv32 runs at least are decided (measured on a loaded 2-core machine: cvc5 18 of 20, z3 11 of 20;
  // z3 in math mode 7 of 20, not counted here).
  CHECK(unknown * 2 <= runs);
}

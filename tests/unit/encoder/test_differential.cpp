// Differential test (issue 3, item 6a): random GCL programs and inputs run by the interpreter; the encoding
// with the same inputs fixed must have exactly one model, with the interpreter's outcome and final state.
// LOCUS_DIFF_SEED=N LOCUS_DIFF_COUNT=M replay / widen a run; a failure prints its seed and program;
// LOCUS_DIFF_FILE=F runs the program in file F instead of the generated one (with the seed's inputs), to
// reduce a failing program by hand.
#include "helpers.h"
#include "random_ints.h"
#include "random_program.h"

#include <cstdlib>
#include <fstream>
#include <iterator>
#include <random>
#include <set>
#include <sstream>

using namespace locus;
using namespace locus::encoder;
using namespace locus::encoder::testing;

namespace {

/// The term of a final value: in math mode a signed fixed-width variable may hold a value beyond its range
/// (mathematical arithmetic), which valueTerm would convert into the range as it does for inputs.
backends::Term asTerm(backends::TermManager &tm, const ir::Value &v, ir::Type t, ir::IntMode ints) {
  if (t.isFixedInt() && !t.isUnsigned() && ints == ir::IntMode::Math)
    return tm.mkInt(v.i.toString());
  return ExprEncoder(tm, ints).valueTerm(v, t);
}

struct Tally {
  int ok = 0, failure = 0, infeasible = 0, skipped = 0;
  int verdicts[6] = {};
  size_t merged = 0;     ///< calls merged (EncodeOptions::mergeCalls) in the fixed-input encodings
  int uniqueUnknown = 0; ///< uniqueness checks the solver could not decide in time
  int undecided = 0;     ///< fixed-input checks the solver could not decide in time
};

/// Which generator makes the programs: random_program.h's (heap, calls, control; Recursive: with a recursive
/// helper whose calls merge, EncodeOptions::mergeCalls) or random_ints.h's (huge constants, the fixed-width
/// types, casts, bit operations).
enum class Flavor { General, Ints, Arrays, Recursive };

void runOne(uint64_t seed, const std::string &spec, ir::IntMode ints, Flavor flavor, Tally &tally) {
  std::string text = flavor == Flavor::Ints
                         ? IntGen(seed).program()
                         : Gen(seed, flavor == Flavor::Arrays, flavor == Flavor::Recursive).program();
  if (const char *file = std::getenv("LOCUS_DIFF_FILE"); file && *file) { // a reduced program, same inputs
    std::ifstream in(file);
    REQUIRE(in);
    text.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  std::mt19937_64 rng(seed ^ 0x9e3779b97f4a7c15ull);
  std::vector<ir::Value> args{ir::Value::ofInt(static_cast<int64_t>(rng() % 11) - 5),
                              ir::Value::ofInt(static_cast<int64_t>(rng() % 11) - 5),
                              ir::Value::ofBool(rng() & 1)};
  INFO("seed " << seed << " (LOCUS_DIFF_SEED=" << seed << " LOCUS_DIFF_COUNT=1 to replay) on " << spec
               << (ints == ir::IntMode::BV32 ? " bv32" : " math") << "\n"
               << text);
  ir::Program prog = compile(text);
  uint32_t entry = prog.procIndex("main");
  ir::InterpOptions io;
  io.ints = ints;
  io.seed = seed;
  io.stepLimit = 100000;
  ir::Outcome out = ir::Interpreter(prog, io).run(entry, args);
  if (out.kind == ir::OutcomeKind::Limit || out.kind == ir::OutcomeKind::Error) {
    ++tally.skipped;
    return;
  }
  INFO("interpreter: " << ir::outcomeName(out.kind) << " " << ir::failureName(out.failure) << " at #"
                       << out.stmt << " " << out.message);
  EncodeOptions eo;
  eo.unwind = 4;
  eo.ints = ints;
  eo.fixedArgs = args;
  eo.fixedNondets = out.nondetDrawn; // with arrays: the contents of each `new T[n] nondet` too
  backends::TermManager tm;
  backends::MakeSolverResult made = backends::makeSolver(spec, tm);
  REQUIRE(made);
  backends::Solver &s = *made.solver;
  // Half of the runs use the relaxable encoding (every value and guard its own symbol behind a selector) with
  // every selector assumed: it must have exactly the plain encoding's single model. Not the integer
  // programs: without folding, their math-mode bit operations on 64-bit products are bit decompositions
  // that take the solvers minutes even with every input fixed (relaxation has its own differential test,
  // test_relaxation.cpp, and these programs are about the integer semantics). Nor the recursive ones: they
  // are about merged calls, which relaxation turns off.
  eo.relaxValues = eo.relaxGuards = flavor != Flavor::Ints && flavor != Flavor::Recursive && seed % 2 == 0;
  eo.mergeCalls = flavor == Flavor::Recursive; // applies where nothing is relaxed
  Encoding enc = encode(prog, entry, tm, eo);
  tally.merged += enc.mergedCalls;
  std::vector<Term> sels = enc.selectors();
  if (eo.relaxValues)
    CHECK_FALSE(sels.empty());
  enc.assertTo(s, true, true);
  // With the inputs fixed the answer is determined; a limit only guards against a solver that cannot settle
  // it (an Unknown answer is counted, not failed, and bounded below).
  s.setTimeout(10000);
  backends::Result res = s.check(sels);
  if (res.isUnknown()) {
    ++tally.undecided;
    return;
  }
  s.setTimeout(0);
  if (out.kind == ir::OutcomeKind::Infeasible) {
    CHECK(res.isUnsat());
    ++tally.infeasible;
    return;
  }
  REQUIRE(res.isSat());
  CHECK_FALSE(s.value(enc.boundFailure).boolean);
  Counterexample cx = extractCounterexample(enc, s, prog);
  int failedChecks = 0; // the execution stops at its first failure: at most one check fails in a model
  for (const Check &c : enc.checks)
    failedChecks += s.value(c.failed).boolean;
  CHECK(failedChecks <= 1);
  if (out.kind == ir::OutcomeKind::Failure) {
    ++tally.failure;
    REQUIRE(cx.failedCheck >= 0);
    const Check &c = enc.checks[cx.failedCheck];
    CHECK(c.stmt == out.stmt);
    CHECK(ir::failureName(toFailureKind(c.kind)) == std::string(ir::failureName(out.failure)));
  } else {
    ++tally.ok;
    CHECK(cx.failedCheck == -1);
  }
  CHECK(cx.nondets.size() == eo.fixedNondets->size());
  // The statement instances that run are the interpreter's: the same statements in the same contexts
  // (calls and loop iterations, ir/context.h), read off the trace on one side and the model on the other.
  // (A merged call's body has the first call's contexts: compared where no call was merged.)
  if (enc.mergedCalls == 0) {
    using Instance = std::pair<ir::StmtId, ir::ContextPath>;
    std::set<Instance> model, ran;
    for (const Execution &e : enc.executions)
      if (s.value(e.exec).boolean)
        model.insert({e.stmt, enc.contexts.path(e.instance)});
    for (const ir::TraceStep &t : out.trace)
      ran.insert({t.stmt, out.contexts.path(t.context)});
    CHECK(model == ran);
  }
  // The final state equals the interpreter's: every entry variable and global ...
  const ir::Procedure &main = prog.procs[entry];
  std::vector<Term> differs;
  for (size_t v = 0; v < main.vars.size(); ++v) {
    std::optional<ir::Value> mv = modelValue(s.value(enc.finalEntryVars[v]), main.vars[v].type);
    REQUIRE(mv);
    INFO("variable " << main.vars[v].name);
    CHECK(ir::toString(*mv) == ir::toString(out.state.entryVars[v]));
    differs.push_back(tm.mkNot(tm.mkEq(enc.finalEntryVars[v], asTerm(tm, *mv, main.vars[v].type, ints))));
  }
  for (size_t v = 0; v < prog.globals.size(); ++v) {
    std::optional<ir::Value> mv = modelValue(s.value(enc.finalGlobals[v]), prog.globals[v].type);
    REQUIRE(mv);
    CHECK(ir::toString(*mv) == ir::toString(out.state.globals[v]));
  }
  // ... and it is the only model: no other final state of main's variables is possible.
  // (cvc5 can take very long to refute nonlinear div/mod even with every input fixed: a time limit, and an
  // Unknown answer is counted, not failed.)
  s.assertFormula(tm.mkOr(differs));
  s.setTimeout(5000);
  backends::Result unique = s.check(sels);
  CHECK_FALSE(unique.isSat());
  tally.uniqueUnknown += unique.isUnknown();

  // The whole pipeline with free inputs: loops run at most 3 times, so unwind 4 covers every execution; a
  // failure the interpreter found must be found, and every counterexample must replay.
  VerifyOptions vo;
  vo.encode.unwind = 4;
  vo.encode.ints = ints;
  vo.solver = spec;
  vo.timeoutMs = 3000; // free inputs with * / %: nonlinear, so the solver may give up (Unknown is accepted)
  VerifyResult vr = verify(prog, entry, vo);
  tally.merged += vr.mergedCalls;
  ++tally.verdicts[static_cast<int>(vr.verdict)];
  INFO("verify: " << verdictName(vr.verdict) << " " << vr.reason);
  CHECK(vr.verdict != Verdict::Mismatch);
  CHECK(vr.verdict != Verdict::BoundFailed);
  if (out.kind == ir::OutcomeKind::Failure)
    CHECK((vr.verdict == Verdict::Failed || vr.verdict == Verdict::Unknown));
  if (vr.verdict == Verdict::Safe)
    CHECK(out.kind != ir::OutcomeKind::Failure);
}

uint64_t envOr(const char *name, uint64_t dflt) {
  const char *v = std::getenv(name);
  return v && *v ? std::strtoull(v, nullptr, 10) : dflt;
}

void runMany(ir::IntMode ints, uint64_t base, Flavor flavor = Flavor::General) {
  // Sized for CI (each case about half a minute on a 2-core machine; LOCUS_DIFF_COUNT widens a run): the
  // integer programs fewer, as their math-mode checks are slow (below).
  uint64_t first = envOr("LOCUS_DIFF_SEED", base),
           count = envOr("LOCUS_DIFF_COUNT", flavor == Flavor::Ints        ? 20
                                             : flavor == Flavor::Arrays    ? 30
                                             : flavor == Flavor::Recursive ? 16
                                                                           : 50);
  for (const std::string &spec : apiSolvers()) {
    Tally t;
    for (uint64_t seed = first; seed < first + count; ++seed)
      runOne(seed, spec, ints, flavor, t);
    std::string what = spec +
                       (flavor == Flavor::Ints        ? " ints"
                        : flavor == Flavor::Arrays    ? " arrays"
                        : flavor == Flavor::Recursive ? " recursive"
                                                      : "") +
                       (ints == ir::IntMode::BV32 ? " bv32" : " math");
    MESSAGE(what << ": " << t.ok << " ok, " << t.failure << " failures, " << t.infeasible << " infeasible, "
                 << t.skipped << " skipped (limit); verify with free inputs: " << t.verdicts[0] << " safe, "
                 << t.verdicts[1] << " failed, " << t.verdicts[3] << " unknown; uniqueness undecided: "
                 << t.uniqueUnknown << "; fixed inputs undecided: " << t.undecided);
    CHECK(t.uniqueUnknown <= static_cast<int>(count) / 20 + 1);
    // Fixed inputs are equated to their values, not substituted, so a math-mode bit operation on a 64-bit
    // product stays a bit decomposition z3 may not settle in 10 s (about one in seven integer programs).
    CHECK(t.undecided <= static_cast<int>(count) / 4 + 1);
    CHECK(t.ok + t.failure > static_cast<int>(count) / 2);
    if (flavor == Flavor::Recursive) { // the merge is exercised, not only allowed
      MESSAGE(what << ": " << t.merged << " calls merged");
      CHECK(t.merged > count / 4);
    }
  }
}

} // namespace

TEST_CASE("differential: interpreter vs encoding, mathematical integers") {
  runMany(ir::IntMode::Math, 1000);
}

TEST_CASE("differential: interpreter vs encoding, bv32") {
  runMany(ir::IntMode::BV32, 5000);
}

// Issue 11's soundness campaign for GCL: unbounded constants far beyond 64 bits in math mode, every
// fixed-width type with casts, bit operations and shifts, in both integer modes.
TEST_CASE("differential: interpreter vs encoding, integer semantics, mathematical integers") {
  runMany(ir::IntMode::Math, 9000, Flavor::Ints);
}

TEST_CASE("differential: interpreter vs encoding, integer semantics, bv32") {
  runMany(ir::IntMode::BV32, 13000, Flavor::Ints);
}

TEST_CASE("differential: interpreter vs encoding, arrays, mathematical integers") {
  runMany(ir::IntMode::Math, 21000, Flavor::Arrays);
}

TEST_CASE("differential: interpreter vs encoding, arrays, bv32") {
  runMany(ir::IntMode::BV32, 23000, Flavor::Arrays);
}

// Merged recursive calls (EncodeOptions::mergeCalls, backends/encoder/merge.h): a recursive helper calling
// itself on both branches of an if, with random statements around the calls.
TEST_CASE("differential: interpreter vs encoding, merged recursive calls, mathematical integers") {
  runMany(ir::IntMode::Math, 31000, Flavor::Recursive);
}

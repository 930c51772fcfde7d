// Bounded verification: real failures first, then the bound checks; every counterexample is replayed.
#include "backends/encoder/verify.h"

#include <chrono>

namespace locus::encoder {

const char *verdictName(Verdict v) {
  switch (v) {
  case Verdict::Safe: return "safe";
  case Verdict::Failed: return "failed";
  case Verdict::BoundFailed: return "bound";
  case Verdict::Unknown: return "unknown";
  case Verdict::Error: return "error";
  case Verdict::Mismatch: return "internal-error";
  }
  return "?";
}

bool replays(const ir::Program &prog, uint32_t entry, const Check &check, const Counterexample &cx,
             const EncodeOptions &opts, ir::Outcome &out, std::string &why) {
  ir::InterpOptions io;
  io.ints = opts.ints;
  io.nondetValues = cx.nondets;
  io.initialHeap = cx.heap;
  if (isBoundCheck(check.kind))
    io.seed = 0; // the run may go on beyond the bound: draw further nondet values
  ir::Interpreter interp(prog, io);
  out = interp.run(entry, cx.args);
  if (!isBoundCheck(check.kind)) {
    if (out.kind == ir::OutcomeKind::Failure && out.failure == toFailureKind(check.kind) &&
        out.stmt == check.stmt)
      return true;
    why = "the interpreter's outcome is " + std::string(ir::outcomeName(out.kind));
    if (out.kind == ir::OutcomeKind::Failure)
      why += " (" + std::string(ir::failureName(out.failure)) + ")";
    why += " at statement #" + std::to_string(out.stmt);
    if (!out.message.empty())
      why += ": " + out.message;
    why +=
        "; expected " + std::string(checkName(check.kind)) + " at statement #" + std::to_string(check.stmt);
    return false;
  }
  ir::StmtIndex index(prog);
  const ir::Stmt *s = index.find(check.stmt);
  uint64_t seen = 0;
  for (const ir::TraceStep &t : out.trace)
    seen += t.stmt == check.stmt;
  uint64_t need = s && s->kind == ir::Stmt::While && check.kind == CheckKind::Unwinding ? opts.unwind + 1 : 1;
  if (seen + out.traceDropped >= need)
    return true;
  why = "the interpreter reached statement #" + std::to_string(check.stmt) + " " + std::to_string(seen) +
        " times, expected at least " + std::to_string(need);
  return false;
}

namespace {

using Clock = std::chrono::steady_clock;
double since(Clock::time_point t) {
  return std::chrono::duration<double>(Clock::now() - t).count();
}

/// The two queries and the replay, on a solver that has been made; fills `r`.
void solveAndReplay(const ir::Program &prog, uint32_t entry, const VerifyOptions &opts,
                    backends::TermManager &tm, Encoding &enc, backends::Solver &s, VerifyResult &r) {
  auto t0 = Clock::now();
  s.setTimeout(opts.timeoutMs);
  enc.assertTo(s);
  // Two queries behind activation literals: real failures first (a real failure within the bounds is a
  // real bug whether or not the bounds suffice), then the bound checks.
  Term goReal = tm.mkFreshVar("check.real", tm.boolSort());
  Term goBound = tm.mkFreshVar("check.bound", tm.boolSort());
  s.assertFormula(tm.mkImplies(goReal, enc.realFailure));
  s.assertFormula(tm.mkImplies(goBound, enc.boundFailure));
  r.solverAssertSeconds = s.stats().assertSeconds;
  r.handOverSeconds = since(t0) - r.solverAssertSeconds;
  // One query decides; only when a failure exists do further queries look for a counterexample with small
  // input values (math ints: tiny ones read well; 32-bit ones replay without 64-bit overflow), falling back
  // to any counterexample. A safe program costs one query.
  auto solveWith = [&](Term lit) {
    backends::Result res = s.check({lit});
    if (res.isSat()) {
      backends::Result nicer = s.check({lit, enc.tinyInputs});
      if (!nicer.isSat())
        nicer = s.check({lit, enc.smallInputs});
      res = nicer.isSat() ? nicer : s.check({lit});
    }
    r.solveSeconds = s.stats().solveSeconds;
    return res;
  };
  auto finish = [&](Verdict v) {
    auto start = Clock::now();
    r.cx = extractCounterexample(enc, s, prog);
    if (r.cx.failedCheck < 0) {
      r.verdict = Verdict::Mismatch;
      r.reason = "the model has no failed check";
      return;
    }
    r.check = enc.checks[r.cx.failedCheck];
    ir::Outcome out;
    std::string why;
    bool ok = replays(prog, entry, *r.check, r.cx, opts.encode, out, why);
    r.replaySeconds = since(start);
    r.outcome = std::move(out);
    r.verdict = ok ? v : Verdict::Mismatch;
    if (!ok)
      r.reason = why;
  };
  auto unknown = [&](const backends::Result &res) {
    r.verdict = Verdict::Unknown;
    r.reason = std::string(backends::reasonName(res.reason)) + (res.detail.empty() ? "" : ": " + res.detail);
  };
  backends::Result res = solveWith(goReal);
  if (res.isSat())
    return finish(Verdict::Failed);
  if (res.isUnknown())
    return unknown(res);
  if (tm.isFalse(enc.boundFailure)) {
    r.verdict = Verdict::Safe;
    return;
  }
  res = solveWith(goBound);
  if (res.isSat())
    return finish(Verdict::BoundFailed);
  if (res.isUnknown())
    return unknown(res);
  r.verdict = Verdict::Safe;
}

} // namespace

VerifyResult verify(const ir::Program &prog, uint32_t entry, const VerifyOptions &opts) {
  VerifyResult r;
  backends::TermManager tm;
  auto t0 = Clock::now();
  Encoding enc = encode(prog, entry, tm, opts.encode);
  r.encodeSeconds = since(t0);
  r.constraints = enc.constraints.size();
  r.checks = enc.checks.size();
  r.selectors = enc.selectors.size();
  r.terms = tm.numTerms();

  t0 = Clock::now();
  backends::MakeSolverResult made = backends::makeSolver(opts.solver, tm);
  r.solverStartStopSeconds = since(t0);
  if (!made) {
    r.verdict = Verdict::Error;
    r.reason = made.error;
    return r;
  }
  r.solverName = made.solver->name();
  solveAndReplay(prog, entry, opts, tm, enc, *made.solver, r);
  t0 = Clock::now();
  made.solver.reset();
  r.solverStartStopSeconds += since(t0);
  return r;
}

} // namespace locus::encoder

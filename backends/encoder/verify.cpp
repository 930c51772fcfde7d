// Bounded verification: real failures first, then the bound checks; every counterexample is replayed.
#include "backends/encoder/verify.h"

#include <algorithm>
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
  r.constraints = enc.assertTo(s);
  // Two queries behind activation literals: real failures first (a real failure within the bounds is a
  // real bug whether or not the bounds suffice), then the bound checks.
  Term goReal = tm.mkFreshVar("check.real", tm.boolSort());
  Term goBound = tm.mkFreshVar("check.bound", tm.boolSort());
  s.assertFormula(tm.mkImplies(goReal, enc.realFailure));
  s.assertFormula(tm.mkImplies(goBound, enc.boundFailure));
  r.solverAssertSeconds = s.stats().assertSeconds;
  r.handOverSeconds = since(t0) - r.solverAssertSeconds;

  // `opts.timeoutMs` bounds the check calls of this verification together, not each one: every query gets
  // what is left. Setting a solver's limit is not free (Z3 re-reads its parameters), so a limit already set
  // is kept while it is at most 5 % of the budget above what is left (it never exceeds what is left).
  const double budget = opts.timeoutMs / 1000.0; // 0: no limit
  auto spent = [&] { return opts.solveClock ? opts.solveClock() : s.stats().solveSeconds; };
  auto left = [&] { return budget - spent(); };
  auto query = [&](const std::vector<Term> &lits, double cap) -> backends::Result {
    double limit = cap;
    if (budget > 0) {
      if (left() < 0.001)
        return backends::Result::unknown(backends::UnknownReason::Timeout, "the time limit is used up");
      limit = limit > 0 ? std::min(limit, left()) : left();
    }
    double set = s.timeout() / 1000.0;
    if (limit <= 0)
      s.setTimeout(0);
    else if (set == 0 || set > limit || set < limit - budget / 20)
      s.setTimeout(std::max(1u, static_cast<unsigned>(limit * 1000)));
    return s.check(lits);
  };
  // One query decides; only when a failure exists do further queries look for a counterexample with small
  // input values (math ints: tiny ones read well; 32-bit ones replay without 64-bit overflow). They are
  // optional, so each gets at most twice the deciding query's time plus a second, and never more than half
  // of what is left; when none succeeds, the deciding query is asked again for its model. A safe program
  // costs one query.
  auto solveWith = [&](Term lit) {
    double before = spent();
    backends::Result res = query({lit}, 0);
    if (res.isSat()) {
      double first = spent() - before;
      auto nicerCap = [&] { return std::min(2 * first + 1, budget > 0 ? (left() - first) / 2 : 1e9); };
      backends::Result nicer = backends::Result::unknown(backends::UnknownReason::Timeout, "");
      bool asked = false; // until another query is asked, the solver still holds the deciding model
      for (Term inputs : {enc.tinyInputs, enc.smallInputs})
        if (!nicer.isSat() && nicerCap() >= 0.01) {
          nicer = query({lit, inputs}, nicerCap());
          asked = true;
        }
      if (nicer.isSat())
        res = nicer;
      else if (asked)
        res = query({lit}, 0);
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

VerifyResult verifyOn(const ir::Program &prog, uint32_t entry, const VerifyOptions &opts,
                      backends::TermManager &tm, backends::Solver &solver) {
  VerifyResult r;
  auto t0 = Clock::now();
  Encoding enc = encode(prog, entry, tm, opts.encode);
  r.encodeSeconds = since(t0);
  r.checks = enc.checks.size();
  r.selectors = enc.selectors().size();
  r.terms = tm.numTerms();
  r.solverName = solver.name();
  solveAndReplay(prog, entry, opts, tm, enc, solver, r);
  return r;
}

VerifyResult verify(const ir::Program &prog, uint32_t entry, const VerifyOptions &opts) {
  backends::TermManager tm;
  auto t0 = Clock::now();
  backends::MakeSolverResult made = backends::makeSolver(opts.solver, tm);
  double startStop = since(t0);
  if (!made) {
    VerifyResult r;
    r.verdict = Verdict::Error;
    r.reason = made.error;
    return r;
  }
  VerifyResult r = verifyOn(prog, entry, opts, tm, *made.solver);
  t0 = Clock::now();
  made.solver.reset();
  r.solverStartStopSeconds = startStop + since(t0);
  return r;
}

} // namespace locus::encoder

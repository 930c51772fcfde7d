// Bounded verification: real failures first, then the bound checks; every counterexample is replayed.
#include "backends/encoder/verify.h"

#include "backends/dump_solver.h"
#include "backends/encoder/io.h"
#include "ir/uninit.h"

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
  io.input = opts.fixedInput.value_or(cx.input);
  io.expect = opts.expect;
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
  uint64_t need = s && s->kind == ir::Stmt::While && check.kind == CheckKind::Unwinding
                      ? uint64_t(opts.boundFor(*s)) + 1
                      : 1;
  if (seen + out.traceDropped >= need)
    return true;
  why = "the interpreter reached statement #" + std::to_string(check.stmt) + " " + std::to_string(seen) +
        " times, expected at least " + std::to_string(need);
  return false;
}

std::string EncodeOptions::howToIncrease(const ir::Stmt &loop) const {
  std::string id = std::to_string(loop.id);
  if (loopUnwind.count(loop.id))
    return "increase --unwind-loop " + id + "=" + std::to_string(loopUnwind.at(loop.id));
  if (loop.unwind)
    return "increase the loop's annotation `unwind " + std::to_string(loop.unwind) +
           "`, or override it with --unwind-loop " + id + "=K";
  return "increase --unwind, or this loop's bound alone with --unwind-loop " + id + "=K";
}

std::string EncodeOptions::howToIncrease(const ir::Procedure &proc) const {
  if (procUnwind.count(proc.name))
    return "increase --unwind-proc " + proc.name + "=" + std::to_string(procUnwind.at(proc.name));
  if (proc.unwind)
    return "increase the procedure's annotation `unwind " + std::to_string(proc.unwind) +
           "`, or override it with --unwind-proc " + proc.name + "=K";
  return "increase --unwind, or this procedure's bound alone with --unwind-proc " + proc.name + "=K";
}

std::string unsupportedSpec(const ir::Program &prog, uint32_t entry, const EncodeOptions &opts,
                            const std::string &solver) {
  if (opts.expect.reference == ir::kNone || backends::familyOf(solver) != backends::SolverFamily::Z3)
    return {};
  std::string events = outputEventsProblem(prog, {entry, opts.expect.reference});
  if (events.empty()) // compared as output events: no strings
    return {};
  if (opts.printEvents && printEventValues(prog, {entry, opts.expect.reference})) // print by print
    return {};
  if (opts.printEvents)
    events += "; and not print by print: a float is printed";
  return "comparing the output with a reference's needs the theory of strings here (not as output events: " +
         events + "), where z3 " +
         std::string(
             "4.8 gives wrong answers (it finds `\"max(\" ++ str.from_int x ++ \")\" = \"max(4)\"` "
             "unsatisfiable): use --solver cvc5, or a test suite (--tests) whose expected outputs are "
             "compared without strings");
}

EncodeOptions referenceComparison(EncodeOptions opts, const std::string &solver) {
  opts.printEvents = backends::familyOf(solver) == backends::SolverFamily::Z3;
  return opts;
}

std::string stoppedReason(const Stopped &e) {
  return e.why == Stopped::TimeLimit ? std::string("timeout: ") + e.what() + ", before the solver was asked"
                                     : std::string("other: interrupted (while encoding)");
}

Term anyFailure(const Encoding &enc, backends::TermManager &tm) {
  return tm.mkOr(enc.realFailure, enc.boundFailure);
}

namespace {

/// verify's encodings: calls of a recursive procedure on exclusive paths merged (EncodeOptions::mergeCalls)
/// unless VerifyOptions::mergeCalls is off.
EncodeOptions merging(EncodeOptions eo, bool merge) {
  eo.mergeCalls = merge;
  return eo;
}

using Clock = std::chrono::steady_clock;
double since(Clock::time_point t) {
  return std::chrono::duration<double>(Clock::now() - t).count();
}

/// A counterexample's free standard input cut to the bytes its run looked at (Outcome::inputSeen: the
/// solver fills the rest with whatever it likes, `"1 4 2|!//bZ"`), when the run on the cut input does the
/// same (the same outcome at the same statement, the same output and the reference's).
void trimInput(const ir::Program &prog, uint32_t entry, const Check &check, const EncodeOptions &opts,
               Counterexample &cx, ir::Outcome &out) {
  if (opts.fixedInput || out.inputSeen >= cx.input.size())
    return;
  Counterexample cut = cx;
  cut.input.resize(out.inputSeen);
  ir::Outcome o;
  std::string why;
  if (!replays(prog, entry, check, cut, opts, o, why) || o.kind != out.kind || o.failure != out.failure ||
      o.stmt != out.stmt || o.output != out.output || o.referenceOutput != out.referenceOutput ||
      o.result != out.result)
    return;
  cx = std::move(cut);
  out = std::move(o);
}

/// The queries and the replay, on a solver that has been made; fills `r`.
void solveAndReplay(const ir::Program &prog, uint32_t entry, const VerifyOptions &opts,
                    backends::TermManager &tm, Encoding &enc, backends::Solver &s, VerifyResult &r) {
  auto t0 = Clock::now();
  r.constraints = enc.assertTo(s);
  r.solverAssertSeconds = s.stats().assertSeconds;
  r.handOverSeconds = since(t0) - r.solverAssertSeconds;

  // `opts.timeoutMs` bounds the check calls of this verification together, not each one: every query gets
  // what is left. Setting a solver's limit is not free (Z3 re-reads its parameters), so a limit already set
  // is kept while it is at most 5 % of the budget above what is left (it never exceeds what is left).
  const double budget = opts.timeoutMs / 1000.0; // 0: no limit
  auto spent = [&] { return opts.solveClock ? opts.solveClock() : s.stats().solveSeconds; };
  auto left = [&] { return budget - spent(); };
  // Every query needs only its answer and model: the solver poses it the fastest way it knows
  // (backends::Need::NoCore; for Z3 a fresh solver, see backends/README.md).
  auto query = [&](const std::vector<Term> &goals, double cap) -> backends::Result {
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
    backends::Result res = s.check(goals, backends::Need::NoCore);
    r.solveSeconds = s.stats().solveSeconds;
    return res;
  };
  auto unknown = [&](const backends::Result &res) {
    r.verdict = Verdict::Unknown;
    r.reason = std::string(backends::reasonName(res.reason)) + (res.detail.empty() ? "" : ": " + res.detail);
  };
  auto read = [&] { // the model's inputs; the time counts as replay (reading the model)
    auto start = Clock::now();
    Counterexample cx = extractCounterexample(enc, s, prog);
    r.replaySeconds += since(start);
    return cx;
  };
  auto isReal = [&](const Counterexample &cx) {
    return cx.failedCheck >= 0 && !isBoundCheck(enc.checks[cx.failedCheck].kind);
  };

  try {
    // 1. One query decides whether any check can fail: exactly the formula `locus smt` prints, so a safe
    //    program costs one query. Its model is read at once.
    double before = spent();
    backends::Result res = query({anyFailure(enc, tm)}, 0);
    if (res.isUnknown())
      return unknown(res);
    if (res.isUnsat()) {
      r.verdict = Verdict::Safe;
      return;
    }
    Counterexample found = read();
    double deciding = spent() - before;
    // 2. A bound failure is reported only when no real failure exists (a real failure within the bounds is
    //    a real bug whether or not the bounds suffice).
    if (!isReal(found) && !tm.isFalse(enc.realFailure)) {
      before = spent();
      res = query({enc.realFailure}, 0);
      if (res.isUnknown())
        return unknown(res);
      if (res.isSat()) {
        found = read();
        deciding = spent() - before;
      }
    }
    bool real = isReal(found);
    Term goal = real ? enc.realFailure : enc.boundFailure;
    // 3. Optional queries for a counterexample with small input values (math ints: tiny ones read well;
    //    32-bit ones replay without 64-bit overflow). Each gets at most twice the deciding query's time
    //    plus a second, and never more than half of what is left after another deciding query's worth;
    //    when none succeeds, the deciding model is used.
    auto nicerCap = [&] { return std::min(2 * deciding + 1, budget > 0 ? (left() - deciding) / 2 : 1e9); };
    for (Term inputs : {enc.tinyInputs, enc.smallInputs}) {
      if (nicerCap() < 0.01)
        break;
      if (query({goal, inputs}, nicerCap()).isSat()) {
        Counterexample nicer = read();
        if (nicer.failedCheck >= 0 && isReal(nicer) == real) {
          found = std::move(nicer);
          break;
        }
      }
    }
    auto start = Clock::now();
    r.cx = std::move(found);
    if (r.cx.failedCheck < 0) {
      r.verdict = Verdict::Mismatch;
      r.reason = "the model has no failed check";
      return;
    }
    r.check = enc.checks[r.cx.failedCheck];
    ir::Outcome out;
    std::string why;
    bool ok = replays(prog, entry, *r.check, r.cx, opts.encode, out, why);
    if (ok)
      trimInput(prog, entry, *r.check, opts.encode, r.cx, out);
    r.replaySeconds += since(start);
    r.outcome = std::move(out);
    r.verdict = ok ? (real ? Verdict::Failed : Verdict::BoundFailed) : Verdict::Mismatch;
    if (!ok)
      r.reason = why;
    if (!ok && enc.printEvents && r.check->kind == CheckKind::Output) {
      // print by print the outputs differ, as text perhaps not (another split into prints, a value that
      // prints as the reference's does): no failure shown, and no proof either
      r.verdict = Verdict::Unknown;
      r.reason = std::string("other: ") + kPrintByPrintReason;
    }
  } catch (const backends::SolverFailure &e) {
    // The solver answered a check but then could not give its model (a misbehaving SMT-LIB solver).
    r.verdict = Verdict::Unknown;
    r.reason = std::string("other: ") + e.what();
  }
}

} // namespace

std::vector<uint32_t> unwindSchedule(uint32_t maxUnwind) {
  std::vector<uint32_t> out;
  for (uint32_t k = 1; k < maxUnwind; k *= 2)
    out.push_back(k);
  out.push_back(std::max(1u, maxUnwind));
  return out;
}

std::string inductionUnsupported(const ir::Program &prog, uint32_t entry, const EncodeOptions &opts) {
  if (opts.expect.any())
    return "the output or the result has a specification (the step does not make the output arbitrary)";
  // The procedures reachable from the entry, depth first; a callee on the stack is recursion.
  enum Mark : uint8_t { Unseen, OnStack, Done };
  std::vector<Mark> mark(prog.procs.size(), Unseen);
  std::string why;
  auto visit = [&](auto &&self, uint32_t p) -> void {
    mark[p] = OnStack;
    const ir::Procedure &proc = prog.procs[p];
    for (const ir::Var &v : proc.vars)
      if (why.empty() && v.type.isArray())
        why = "the program uses arrays (" + proc.name + " has the variable '" + v.name +
              "' of an array type): the step does not make arrays arbitrary";
    auto each = [&](const ir::Stmt &s) {
      switch (s.kind) {
      case ir::Stmt::NewArray:
      case ir::Stmt::GetElem:
      case ir::Stmt::PutElem:
      case ir::Stmt::Length:
        if (why.empty())
          why = "the program uses arrays: the step does not make arrays arbitrary";
        break;
      case ir::Stmt::Scan:
        if (why.empty())
          why = "the program reads its standard input: the step does not make the input position arbitrary";
        break;
      case ir::Stmt::Call:
        if (mark[s.callee] == OnStack && why.empty())
          why = "recursion (" + prog.procs[s.callee].name +
                " calls itself, directly or through other procedures): the step covers loops only";
        else if (mark[s.callee] == Unseen)
          self(self, s.callee);
        break;
      default: break;
      }
    };
    ir::forEachStmt(proc.pre, each);
    ir::forEachStmt(proc.body, each);
    ir::forEachStmt(proc.post, each);
    mark[p] = Done;
  };
  visit(visit, entry);
  for (const ir::Var &g : prog.globals)
    if (why.empty() && g.type.isArray())
      why = "the program uses arrays (the global '" + g.name +
            "' has an array type): the step does not make arrays arbitrary";
  for (const ir::Record &r : prog.records)
    for (const ir::Field &f : r.fields)
      if (why.empty() && f.type.isArray())
        why = "the program uses arrays (the field '" + r.name + "." + f.name +
              "' has an array type): the step does not make arrays arbitrary";
  return why;
}

namespace {

/// One solver over `tm` for the queries of one encoding of the search, with what is left of the time.
struct SearchSolver {
  backends::MakeSolverResult made;
  SearchSolver(const VerifyOptions &opts, backends::TermManager &tm) {
    backends::SolverOptions so;
    so.posing = opts.posing;
    so.cores = opts.cores;
    made = backends::makeSolver(opts.solver, tm, so);
  }
  /// check(goals) with the limit `ms` (0: none).
  backends::Result check(const std::vector<Term> &goals, unsigned ms) {
    made.solver->setTimeout(ms);
    return made.solver->check(goals, backends::Need::NoCore);
  }
};

/// The disjunction of `enc`'s checks `pick` selects (false when none).
template <typename Pick> Term anyCheck(const Encoding &enc, backends::TermManager &tm, Pick &&pick) {
  std::vector<Term> out;
  for (size_t i = 0; i < enc.checks.size(); ++i)
    if (pick(i, enc.checks[i]))
      out.push_back(enc.checks[i].failed);
  return out.empty() ? tm.mkFalse() : tm.mkOr(out);
}

/// The inductive step at the loop instance whose unwinding check `loopCheck` (of the bounded encoding of
/// `opts`, at bound `opts.encode.unwind`) failed, with k that bound. Holds (empty answer) iff no other bound
/// check of the bounded encoding can fail (every other loop and recursion finishes within the bound, so the
/// bounded encoding covers the first k iterations of every run that reaches the loop) and no check of the
/// step's goal can fail from an arbitrary state (EncodeOptions::induction), the loop being reached. Otherwise
/// why not; `unknown` is set when a solver gave no answer.
std::string inductiveStep(const ir::Program &prog, uint32_t entry, const VerifyOptions &opts,
                          const Check &loopCheck, unsigned ms, bool &unknown) {
  auto answer = [&](const backends::Result &res, const char *what) {
    unknown = res.isUnknown();
    return unknown
               ? std::string(what) + ": the solver gave no answer (" + backends::reasonName(res.reason) + ")"
               : std::string();
  };
  uint32_t k = opts.encode.unwind;
  ir::ContextPath at;
  EncodeOptions limited = opts.encode; // the encodings end by the time left too
  if (ms > 0)
    limited.stop.deadline = Clock::now() + std::chrono::milliseconds(ms);
  {
    // The bounded encoding again (it is deterministic: the check's instance names the same context).
    backends::TermManager tm;
    Encoding enc = encode(prog, entry, tm, merging(limited, opts.mergeCalls));
    at = enc.contexts.path(loopCheck.instance);
    Term other = anyCheck(enc, tm, [&](size_t, const Check &c) {
      return isBoundCheck(c.kind) &&
             !(c.kind == loopCheck.kind && c.stmt == loopCheck.stmt && enc.contexts.path(c.instance) == at);
    });
    if (!tm.isFalse(other)) {
      SearchSolver s(opts, tm);
      if (!s.made)
        return s.made.error;
      enc.assertTo(*s.made.solver);
      backends::Result res = s.check({other}, ms);
      if (!res.isUnsat())
        return res.isSat()
                   ? "another bound (a loop or a recursion) can also fail at unwind " + std::to_string(k)
                   : answer(res, "the other bounds");
    }
  }
  backends::TermManager tm;
  EncodeOptions eo = limited;
  eo.induction = InductionStep{loopCheck.stmt, at, k};
  Encoding enc = encode(prog, entry, tm, eo);
  if (!enc.induction.reached)
    return "the step's encoding does not reach the loop";
  Term goal = anyCheck(enc, tm, [&](size_t i, const Check &c) {
    return i >= enc.induction.firstGoalCheck || (i >= enc.induction.firstCheck && isBoundCheck(c.kind));
  });
  SearchSolver s(opts, tm);
  if (!s.made)
    return s.made.error;
  enc.assertTo(*s.made.solver);
  if (!tm.isFalse(goal)) {
    backends::Result res = s.check({goal}, ms);
    if (res.isSat()) {
      // Whether the step's failure is the loop's own invariant (after k iterations that kept it).
      bool invariant = false;
      for (size_t i = enc.induction.firstGoalCheck; i < enc.checks.size() && !invariant; ++i) {
        const Check &c = enc.checks[i];
        invariant =
            c.kind == CheckKind::Assert && c.stmt == loopCheck.stmt && s.made.solver->value(c.failed).boolean;
      }
      return "the step fails at k = " + std::to_string(k) +
             (invariant ? ": the loop's invariant is not inductive (it can hold for k iterations and fail "
                          "after them)"
                        : ": from some state at the loop's head, k iterations without a failure can be "
                          "followed by one");
    }
    if (res.isUnknown())
      return answer(res, "the step");
  }
  // An unsat goal proves nothing when no path reaches the loop in the step's encoding.
  backends::Result res = s.check({enc.induction.here}, ms);
  if (res.isUnsat())
    return "the step's encoding does not reach the loop";
  return res.isSat() ? std::string() : answer(res, "the loop's reachability");
}

} // namespace

VerifyResult verifyUnbounded(const ir::Program &prog, uint32_t entry, const VerifyOptions &opts,
                             const UnboundedOptions &u) {
  auto start = Clock::now();
  const double budget = opts.timeoutMs / 1000.0; // 0: no limit
  auto leftMs = [&]() -> unsigned {
    double left = budget - since(start);
    return left <= 0.001 ? 1u : static_cast<unsigned>(left * 1000);
  };
  std::string noStep = u.kInduction ? inductionUnsupported(prog, entry, opts.encode) : "";
  std::string stepWhy; // why the last step did not hold
  std::vector<uint32_t> schedule = unwindSchedule(u.maxUnwind);
  VerifyResult r;
  uint32_t timedOutAt = 0;
  for (size_t round = 0; round < schedule.size(); ++round) {
    uint32_t k = schedule[round];
    VerifyOptions vo = opts;
    vo.encode.unwind = k;
    vo.encode.unwindFloor = std::max(vo.encode.unwindFloor, k);
    if (budget > 0)
      vo.timeoutMs = leftMs();
    VerifyResult next = verify(prog, entry, vo);
    next.unwindReached = k;
    if (next.verdict == Verdict::Unknown && round > 0 && budget > 0 && since(start) >= budget) {
      timedOutAt = k; // the time limit ran out at this bound: the answer is the previous bound's
      break;
    }
    r = std::move(next);
    if (r.verdict == Verdict::Safe) {
      r.proof = "all loops unwound: every input";
      return r;
    }
    if (r.verdict != Verdict::BoundFailed) // a real failure, or no answer
      break;
    bool outOfTime = budget > 0 && since(start) >= budget;
    if (u.kInduction && noStep.empty() && !outOfTime && r.check->kind == CheckKind::Unwinding) {
      ir::StmtIndex index(prog);
      const ir::Stmt *loop = index.find(r.check->stmt);
      if (loop && loop->kind == ir::Stmt::While) {
        bool unknown = false;
        try {
          stepWhy = inductiveStep(prog, entry, vo, *r.check, budget > 0 ? leftMs() : 0, unknown);
        } catch (const Stopped &e) { // the step's encoding was cut short: no answer from it
          stepWhy = std::string("the step: ") + e.what();
        }
        if (stepWhy.empty()) {
          VerifyResult safe;
          safe.verdict = Verdict::Safe;
          safe.solverName = r.solverName;
          safe.unwindReached = k;
          safe.proof = "k-induction, k = " + std::to_string(k) + ": every input";
          return safe;
        }
      } else {
        stepWhy = "the bound that fails is a recursion's";
      }
    } else if (u.kInduction && r.check->kind == CheckKind::HeapBound) {
      stepWhy = "the heap bound fails";
    }
    if (r.check->kind == CheckKind::HeapBound || (budget > 0 && since(start) >= budget))
      break; // raising the unwinding bound does not raise the heap bound
  }
  if (r.verdict == Verdict::Failed || r.verdict == Verdict::Safe)
    return r;
  std::string note = "the deepest bound reached: " + std::to_string(r.unwindReached) + " (--unwind auto: ";
  for (size_t i = 0; i < schedule.size() && schedule[i] <= r.unwindReached; ++i)
    note += (i ? ", " : "") + std::to_string(schedule[i]);
  note += r.unwindReached == schedule.back() ? "; --max-unwind " + std::to_string(u.maxUnwind) + ")"
          : timedOutAt ? "; the time limit ran out at bound " + std::to_string(timedOutAt) + ")"
          : budget > 0 && since(start) >= budget ? "; the time limit is used up)"
                                                 : ")";
  if (u.kInduction)
    note += "; k-induction: " + (noStep.empty() ? stepWhy : noStep);
  r.searchNote = note;
  return r;
}

PrintedQuery printQuery(const ir::Program &prog, uint32_t entry, const VerifyOptions &opts) {
  backends::TermManager tm;
  Encoding enc = encode(prog, entry, tm, merging(opts.encode, opts.mergeCalls));
  backends::SolverOptions so;
  so.posing = opts.posing;
  so.cores = opts.cores;
  backends::DumpSolver dump(tm, so, backends::familyOf(opts.solver));
  enc.assertTo(dump);
  (void)dump.check({anyFailure(enc, tm)}, backends::Need::NoCore);
  return PrintedQuery{dump.script(), dump.posing(), enc.checks.size()};
}

std::vector<ListedCheck> checksOf(const ir::Program &prog, uint32_t entry, const EncodeOptions &opts) {
  backends::TermManager tm;
  Encoding enc = encode(prog, entry, tm, opts);
  std::vector<ListedCheck> out;
  for (const Check &c : enc.checks)
    out.push_back(ListedCheck{c.kind, c.stmt, c.proc, c.message, enc.contexts.path(c.instance)});
  return out;
}

VerifyResult verifyOn(const ir::Program &prog, uint32_t entry, const VerifyOptions &opts,
                      backends::TermManager &tm, backends::Solver &solver) {
  VerifyResult r;
  r.solverName = solver.name();
  auto t0 = Clock::now();
  EncodeOptions eo = merging(opts.encode, opts.mergeCalls);
  if (opts.timeoutMs > 0) { // the encoding ends by the time limit too (wall time)
    auto until = t0 + std::chrono::milliseconds(opts.timeoutMs);
    eo.stop.deadline = eo.stop.deadline ? std::min(*eo.stop.deadline, until) : until;
  }
  try {
    Encoding enc = encode(prog, entry, tm, eo);
    // The hand-over and the queries are bounded by the solver's limit (and the command's watchdog), as
    // before: a formula encoded in time is handed over whole (Ctrl-C still stops it).
    enc.stop.deadline.reset();
    r.encodeSeconds = since(t0);
    r.checks = enc.checks.size();
    r.decidedChecks = enc.decidedChecks;
    r.selectors = enc.selectors().size();
    r.mergedCalls = enc.mergedCalls;
    r.terms = tm.numTerms();
    solveAndReplay(prog, entry, opts, tm, enc, solver, r);
  } catch (const Stopped &e) { // no answer: as a solver's timeout or interrupt
    r.verdict = Verdict::Unknown;
    r.reason = stoppedReason(e);
  }
  return r;
}

namespace {

/// VerifyOptions::preferDefinedReads: r replaced by a counterexample that reads no indeterminate value, when
/// the program with those reads assumed away has one in the time given to it.
void preferDefinedReads(const ir::Program &prog, uint32_t entry, const VerifyOptions &opts, VerifyResult &r) {
  if (r.verdict != Verdict::Failed || !r.outcome || r.outcome->indeterminateReads.empty())
    return;
  ir::Program assumed = prog;
  if (ir::assumeDefinedReads(assumed) == 0)
    return;
  double first = r.encodeSeconds + r.solverStartStopSeconds + r.handOverSeconds + r.solverAssertSeconds +
                 r.solveSeconds + r.replaySeconds;
  double cap = std::max(1.0, 4 * first);
  if (opts.timeoutMs > 0)
    cap = std::min(cap, opts.timeoutMs / 1000.0 - r.solveSeconds);
  if (cap < 0.05)
    return;
  VerifyOptions o = opts;
  o.preferDefinedReads = false;
  o.solveClock = nullptr;
  o.timeoutMs = static_cast<unsigned>(cap * 1000);
  VerifyResult d = verify(assumed, entry, o);
  if (d.verdict != Verdict::Failed || !d.check)
    return;
  // the run on the program as written (the assumptions' flags are not its variables)
  ir::Outcome out;
  std::string why;
  auto t0 = Clock::now();
  if (!replays(prog, entry, *d.check, d.cx, opts.encode, out, why) || !out.indeterminateReads.empty())
    return;
  d.outcome = std::move(out);
  d.encodeSeconds += r.encodeSeconds;
  d.solverStartStopSeconds += r.solverStartStopSeconds;
  d.handOverSeconds += r.handOverSeconds;
  d.solverAssertSeconds += r.solverAssertSeconds;
  d.solveSeconds += r.solveSeconds;
  d.replaySeconds += r.replaySeconds + since(t0);
  r = std::move(d);
}

} // namespace

VerifyResult verify(const ir::Program &prog, uint32_t entry, const VerifyOptions &given) {
  VerifyOptions opts = given;
  opts.encode = referenceComparison(given.encode, given.solver);
  if (std::string why = unsupportedSpec(prog, entry, opts.encode, opts.solver); !why.empty()) {
    VerifyResult r;
    r.verdict = Verdict::Error;
    r.reason = why;
    return r;
  }
  backends::TermManager tm;
  auto t0 = Clock::now();
  backends::SolverOptions so;
  so.posing = opts.posing;
  so.cores = opts.cores; // verify never asks for an unsat core
  backends::MakeSolverResult made = backends::makeSolver(opts.solver, tm, so);
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
  if (opts.preferDefinedReads)
    preferDefinedReads(prog, entry, opts, r);
  return r;
}

} // namespace locus::encoder

// Finding the failure to explain: verify's counterexample, a failing declared test, or a run on given inputs.
#include "repair/common/failure.h"

#include <algorithm>

namespace locus::repair {

std::string Failure::describe(const ir::Program &prog) const {
  ir::StmtIndex index(prog);
  ir::StmtId id = failingStmt();
  const ir::Stmt *s = index.find(id);
  std::string what =
      bound
          ? "bound overrun (a loop runs more than " + std::to_string(unwind) + " times, or recursion deeper)"
      : run.failure == ir::FailureKind::Output ? run.message
                                               : std::string(ir::failureName(run.failure)) + " failed";
  if (s && s->loc.valid())
    what += " at " + ir::formatLoc(prog, s->loc);
  return what;
}

/// The bound that covers a run: every loop's iterations and every recursion depth it reached.
uint32_t boundCovering(const ir::Outcome &o, uint32_t atLeast) {
  uint64_t need = std::max<uint64_t>(o.maxIterations, o.maxRecursion > 0 ? o.maxRecursion - 1 : 0);
  return static_cast<uint32_t>(std::max<uint64_t>(atLeast, need));
}

namespace {

FailureSearch fromRun(const ir::Program &prog, uint32_t entry, std::vector<ir::Value> args,
                      std::vector<ir::Value> nondets, const FailureSpec &spec, std::string origin) {
  ir::InterpOptions io;
  io.ints = spec.verify.encode.ints;
  io.nondetValues = nondets;
  io.recordCoverage = true;
  io.input = spec.input;
  io.expect = spec.verify.encode.expect;
  ir::Outcome out = ir::Interpreter(prog, io).run(entry, args);
  FailureSearch r;
  switch (out.kind) {
  case ir::OutcomeKind::Ok:
  case ir::OutcomeKind::Infeasible:
    r.status = FailureStatus::None;
    r.message =
        origin + (out.kind == ir::OutcomeKind::Ok ? " passes" : " is infeasible (an assumption is false)");
    return r;
  case ir::OutcomeKind::Limit:
  case ir::OutcomeKind::Error:
    r.status = FailureStatus::Invalid;
    r.message = origin + ": " + out.message;
    return r;
  case ir::OutcomeKind::Failure: break;
  }
  Failure f;
  f.entry = entry;
  f.args = std::move(args);
  // Only the nondet values the run consumed: read them back from its trace is not needed, the encoding pins
  // them in order and the run never asks for more.
  f.nondets = std::move(nondets);
  f.input = spec.input;
  f.expect = spec.verify.encode.expect;
  f.run = std::move(out);
  f.origin = std::move(origin);
  f.ints = spec.verify.encode.ints;
  f.unwind = boundCovering(f.run, spec.verify.encode.unwind);
  r.status = FailureStatus::Found;
  r.failure = std::move(f);
  return r;
}

} // namespace

FailureSearch findFailure(const ir::Program &prog, const FailureSpec &spec) {
  FailureSearch r;
  if (spec.kind == FailureSpec::Kind::Test) {
    uint32_t t = prog.procIndex(spec.test);
    if (t == ir::kNone || !prog.procs[t].isTest) {
      r.status = FailureStatus::Invalid;
      r.message = "no test '" + spec.test + "'";
      return r;
    }
    return fromRun(prog, t, {}, spec.nondets, spec, "test " + spec.test);
  }
  uint32_t entry = prog.procIndex(spec.entry);
  if (entry == ir::kNone || prog.procs[entry].isTest) {
    r.status = FailureStatus::Invalid;
    r.message = "no procedure '" + spec.entry + "'";
    return r;
  }
  if (spec.kind == FailureSpec::Kind::Inputs)
    return fromRun(prog, entry, spec.args, spec.nondets, spec,
                   "the run of '" + spec.entry + "' on the given inputs");

  encoder::VerifyResult v = encoder::verify(prog, entry, spec.verify);
  switch (v.verdict) {
  case encoder::Verdict::Safe:
    r.status = FailureStatus::None;
    r.message = "'" + spec.entry + "' is safe up to unwind " + std::to_string(spec.verify.encode.unwind);
    return r;
  case encoder::Verdict::Unknown:
    r.status = FailureStatus::Unknown;
    r.message = "verify gave no answer: " + v.reason;
    return r;
  case encoder::Verdict::Error:
    r.status = FailureStatus::Invalid;
    r.message = v.reason;
    return r;
  case encoder::Verdict::Mismatch:
    r.status = FailureStatus::Internal;
    r.message = "counterexample did not replay: " + v.reason;
    return r;
  case encoder::Verdict::Failed:
  case encoder::Verdict::BoundFailed: break;
  }
  Failure f;
  f.entry = entry;
  f.args = v.cx.args;
  f.nondets = v.cx.nondets;
  f.heap = v.cx.heap;
  f.input = spec.verify.encode.fixedInput.value_or(v.cx.input);
  f.expect = spec.verify.encode.expect;
  // verify replayed the counterexample; once more with coverage (and, past a bound, further nondet values
  // drawn as verify's replay draws them)
  ir::InterpOptions io;
  io.ints = spec.verify.encode.ints;
  io.nondetValues = f.nondets;
  io.initialHeap = f.heap;
  io.recordCoverage = true;
  io.input = f.input;
  io.expect = f.expect;
  if (v.verdict == encoder::Verdict::BoundFailed)
    io.seed = 0;
  f.run = ir::Interpreter(prog, io).run(entry, f.args);
  f.origin = "counterexample of verify (" + v.solverName + ")";
  f.ints = spec.verify.encode.ints;
  if (v.verdict == encoder::Verdict::BoundFailed) {
    f.bound = true;
    f.boundStmt = v.check->stmt;
    f.unwind = spec.verify.encode.unwind;
  } else {
    f.unwind = boundCovering(f.run, spec.verify.encode.unwind);
  }
  r.status = FailureStatus::Found;
  r.failure = std::move(f);
  return r;
}

} // namespace locus::repair

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

  encoder::VerifyOptions vo = spec.verify;
  vo.preferDefinedReads = true; // the run explained reads what it reads (VerifyOptions::preferDefinedReads)
  encoder::VerifyResult v = encoder::verify(prog, entry, vo);
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

namespace {

/// The inputs of a failure, to tell failures apart.
bool sameInputs(const Failure &a, const Failure &b) {
  if (a.args != b.args || a.nondets != b.nondets || a.heap.size() != b.heap.size())
    return false;
  for (size_t k = 0; k < a.heap.size(); ++k) {
    const ir::HeapNode &x = a.heap[k], &y = b.heap[k];
    if (x.record != y.record || x.fields != y.fields || !(x.type == y.type) || x.length != y.length ||
        x.elems != y.elems)
      return false;
  }
  return true;
}

/// A model value as a constant term.
backends::Term constantOf(backends::TermManager &tm, const backends::Value &v) {
  switch (v.kind) {
  case backends::Value::Kind::Bool: return tm.mkBool(v.boolean);
  case backends::Value::Kind::Int: return tm.mkInt(v.integer);
  case backends::Value::Kind::BitVec: return tm.mkBvBits(v.bits);
  case backends::Value::Kind::Float:
    return tm.mkFpFromBits(v.bits.size() == 32 ? tm.fpSort(8, 24) : tm.fpSort(11, 53), tm.mkBvBits(v.bits));
  case backends::Value::Kind::Other: break;
  }
  return {};
}

} // namespace

std::vector<Failure> moreFailures(const ir::Program &prog, const FailureSpec &spec, const Failure &first,
                                  size_t n) {
  std::vector<Failure> out{first};
  if (n <= 1 || spec.kind != FailureSpec::Kind::Verify)
    return out;
  backends::TermManager tm;
  backends::SolverOptions so;
  so.cores = false;
  backends::MakeSolverResult made = backends::makeSolver(spec.verify.solver, tm, so);
  if (!made)
    return out;
  backends::Solver &s = *made.solver;
  s.setTimeout(spec.verify.timeoutMs);
  encoder::Encoding enc;
  try {
    enc = encoder::encode(prog, first.entry, tm, spec.verify.encode);
    enc.assertTo(s);
  } catch (const encoder::Stopped &) {
    return out; // Ctrl-C while encoding: the failures found so far
  }
  // Each model found is blocked by its input values: arguments, input node fields, executed nondet values.
  std::vector<backends::Term> inputs = enc.args;
  for (const encoder::InputNode &node : enc.inputNodes) {
    inputs.insert(inputs.end(), node.fields.begin(), node.fields.end());
    if (!node.length.isNull()) // an input array: its length (its contents: the elements read, below)
      inputs.push_back(node.length);
  }
  for (size_t attempts = 0; out.size() < n && attempts < 2 * n + 2; ++attempts) {
    backends::Result r = s.check({enc.realFailure, enc.tinyInputs}, backends::Need::NoCore);
    if (r.isUnsat() || r.isUnknown())
      r = s.check({enc.realFailure}, backends::Need::NoCore);
    if (!r.isSat())
      break;
    Failure f;
    std::vector<backends::Term> same;
    try {
      encoder::Counterexample cx = encoder::extractCounterexample(enc, s, prog);
      for (backends::Term t : inputs)
        if (tm.op(t) == backends::Op::Var)
          if (backends::Term c = constantOf(tm, s.value(t)); !c.isNull())
            same.push_back(tm.mkEq(t, c));
      for (const encoder::NondetInput &nd : enc.nondets)
        if (backends::Term c = constantOf(tm, s.value(nd.value)); !c.isNull() && !nd.contents)
          same.push_back(tm.mkImplies(nd.executed, tm.mkEq(nd.value, c)));
      // the contents of input arrays and of `new T[n] nondet` arrays: the elements the run reads
      for (const encoder::ArrayRead &rd : enc.arrayReads)
        if (backends::Term c = constantOf(tm, s.value(rd.initial)); !c.isNull())
          if (backends::Term i = constantOf(tm, s.value(rd.index)); !i.isNull())
            same.push_back(tm.mkImplies(rd.exec, tm.mkImplies(tm.mkEq(rd.index, i), tm.mkEq(rd.initial, c))));
      f.args = cx.args;
      f.nondets = cx.nondets;
      f.heap = cx.heap;
    } catch (const std::exception &) {
      break; // a value that cannot be read, or a solver that misbehaves: no more failures
    }
    s.assertFormula(tm.mkNot(tm.mkAnd(same)));
    ir::InterpOptions io;
    io.ints = spec.verify.encode.ints;
    io.nondetValues = f.nondets;
    io.initialHeap = f.heap;
    io.recordCoverage = true;
    f.run = ir::Interpreter(prog, io).run(first.entry, f.args);
    if (f.run.kind != ir::OutcomeKind::Failure)
      continue; // does not replay as a failure (e.g. an overflow of the interpreter's integers)
    bool known = false;
    for (const Failure &g : out)
      known = known || sameInputs(f, g);
    if (known)
      continue;
    f.entry = first.entry;
    f.origin = "counterexample " + std::to_string(out.size() + 1) + " of verify (" + spec.verify.solver + ")";
    f.ints = spec.verify.encode.ints;
    f.unwind = boundCovering(f.run, spec.verify.encode.unwind);
    out.push_back(std::move(f));
  }
  return out;
}

} // namespace locus::repair

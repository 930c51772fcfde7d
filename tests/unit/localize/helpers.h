// Shared helpers for the localization tests: failing runs of random programs, and the oracle "is the failing
// run repairable with exactly these statement values relaxed", decided on a fresh solver.
#pragma once

#include "../encoder/helpers.h"
#include "../encoder/random_program.h"
#include "repair/localize/localize.h"

#include <doctest/doctest.h>

#include <cstdlib>
#include <optional>
#include <random>
#include <string>
#include <vector>

namespace locus::localize::testing {

inline uint64_t envOr(const char *name, uint64_t dflt) {
  const char *v = std::getenv(name);
  return v && *v ? std::strtoull(v, nullptr, 10) : dflt;
}

/// Is the failing run repairable when exactly `relaxed` (values) is relaxed, every other value enforced?
/// With `failures`, all of them at once, each with its own copy of the relaxed values (one selector per
/// statement shared by all).
inline backends::Status repairable(const ir::Program &prog,
                                   const std::vector<const repair::Failure *> &failures,
                                   const std::string &solver, const std::vector<Blame> &relaxed,
                                   unsigned timeoutMs = 5000) {
  backends::TermManager tm;
  backends::MakeSolverResult made = backends::makeSolver(solver, tm);
  REQUIRE(made);
  std::vector<backends::Term> sels;
  for (const repair::Failure *f : failures) {
    encoder::EncodeOptions eo;
    eo.unwind = f->unwind;
    eo.unwindFloor = f->unwind;
    eo.fixedArgs = f->args;
    eo.fixedNondets = f->nondets;
    eo.fixedHeap = f->heap;
    eo.relaxValues = true;
    encoder::Encoding enc = encoder::encode(prog, f->entry, tm, eo);
    enc.assertTo(*made.solver, true, true);
    made.solver->assertFormula(tm.mkNot(enc.realFailure));
    made.solver->assertFormula(tm.mkNot(enc.boundFailure));
    for (backends::Term s : enc.selectors())
      if (std::find(sels.begin(), sels.end(), s) == sels.end())
        sels.push_back(s);
  }
  std::vector<backends::Term> assume;
  for (backends::Term sel : sels) {
    bool off = false;
    for (const Blame &b : relaxed)
      off = off || tm.data(sel).value == "sel!v!" + std::to_string(b.stmt);
    if (!off)
      assume.push_back(sel);
  }
  made.solver->setTimeout(timeoutMs);
  return made.solver->check(assume).status;
}

inline backends::Status repairable(const ir::Program &prog, const repair::Failure &f,
                                   const std::string &solver, const std::vector<Blame> &relaxed,
                                   unsigned timeoutMs = 5000) {
  return repairable(prog, std::vector<const repair::Failure *>{&f}, solver, relaxed, timeoutMs);
}

/// A random program of the encoder's generator (`arrays`: its flavor with int and Node arrays) and a failing
/// run of its `main` on random inputs (nondet values as a seeded run draws them), or nothing when that run
/// passes or does not fit unwind 4.
struct RandomFailure {
  std::string text;
  ir::Program prog;
  repair::Failure failure;
};
inline std::optional<RandomFailure> randomFailure(uint64_t seed, bool arrays = false) {
  encoder::testing::Gen gen(seed, arrays);
  RandomFailure out;
  out.text = gen.program();
  out.prog = encoder::testing::compile(out.text);
  std::mt19937_64 rng(seed);
  repair::FailureSpec spec;
  spec.kind = repair::FailureSpec::Kind::Inputs;
  spec.args = {ir::Value::ofInt(static_cast<int64_t>(rng() % 11) - 5),
               ir::Value::ofInt(static_cast<int64_t>(rng() % 11) - 5), ir::Value::ofBool(rng() & 1)};
  spec.verify.encode.unwind = 4;
  ir::InterpOptions io;
  io.seed = seed;
  io.stepLimit = 20000;
  spec.nondets = encoder::testing::consumedNondets(
      out.prog, ir::Interpreter(out.prog, io).run(out.prog.procIndex("main"), spec.args));
  repair::FailureSearch found = repair::findFailure(out.prog, spec);
  if (found.status != repair::FailureStatus::Found || found.failure->unwind > 4)
    return std::nullopt;
  out.failure = *found.failure;
  return out;
}

/// The statements whose values a relaxable encoding of `f` gives a selector.
inline std::vector<ir::StmtId> relaxableStatements(const ir::Program &prog, const repair::Failure &f) {
  backends::TermManager tm;
  encoder::EncodeOptions eo;
  eo.unwind = f.unwind;
  eo.unwindFloor = f.unwind;
  eo.fixedArgs = f.args;
  eo.fixedNondets = f.nondets;
  eo.fixedHeap = f.heap;
  eo.relaxValues = true;
  encoder::Encoding enc = encoder::encode(prog, f.entry, tm, eo);
  std::vector<ir::StmtId> out;
  for (const encoder::Step &s : enc.steps)
    if (!s.selector.isNull() && std::find(out.begin(), out.end(), s.stmt) == out.end())
      out.push_back(s.stmt);
  return out;
}

} // namespace locus::localize::testing

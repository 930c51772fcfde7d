// maxsat (BugAssist) checked against its definition on random programs: every reported set is a correction
// set (relaxing exactly it, the failing run can pass every check) and a minimal one (relaxing any proper
// subset, it cannot), decided on a fresh solver; sets come cheapest first and the ranking covers every line
// of every set. Plus the worked examples of issue 12 as library calls.
#include "../encoder/helpers.h"
#include "../encoder/random_program.h"
#include "frontend/gcl/frontend.h"
#include "repair/localize/localize.h"

#include <doctest/doctest.h>

#include <cstdlib>
#include <iostream>
#include <random>

using namespace locus;

namespace {

/// Is the failing run repairable when exactly `relaxed` is relaxed (every other selector enforced)?
backends::Status repairable(const ir::Program &prog, const repair::Failure &f, const std::string &solver,
                            const std::vector<localize::Blame> &relaxed) {
  backends::TermManager tm;
  backends::MakeSolverResult made = backends::makeSolver(solver, tm);
  REQUIRE(made);
  encoder::EncodeOptions eo;
  eo.unwind = f.unwind;
  eo.fixedArgs = f.args;
  eo.fixedNondets = f.nondets;
  eo.fixedHeap = f.heap;
  eo.relaxValues = true;
  encoder::Encoding enc = encoder::encode(prog, f.entry, tm, eo);
  enc.assertTo(*made.solver, true, true);
  made.solver->assertFormula(tm.mkNot(enc.realFailure));
  made.solver->assertFormula(tm.mkNot(enc.boundFailure));
  std::vector<backends::Term> assume;
  for (backends::Term sel : enc.selectors()) {
    bool off = false;
    for (const localize::Blame &b : relaxed)
      off = off || tm.data(sel).value == "sel!v!" + std::to_string(b.stmt);
    if (!off)
      assume.push_back(sel);
  }
  made.solver->setTimeout(5000);
  return made.solver->check(assume).status;
}

uint64_t envOr(const char *name, uint64_t dflt) {
  const char *v = std::getenv(name);
  return v && *v ? std::strtoull(v, nullptr, 10) : dflt;
}

} // namespace

TEST_CASE("maxsat: every set is a minimal correction set") {
  uint64_t first = envOr("LOCUS_MCS_SEED", 1), count = envOr("LOCUS_MCS_COUNT", 15);
  for (const std::string &solver : backends::apiSolvers()) {
    int failures = 0, sets = 0, undecided = 0, undecidedRuns = 0;
    for (uint64_t n = 0; n < 2 * count; ++n) {
      // every seed twice: the generator's programs without arrays, then with int and Node arrays
      uint64_t seed = first + n % count;
      bool arrays = n >= count;
      encoder::testing::Gen gen(seed, arrays);
      std::string text = gen.program();
      INFO("seed " << seed << (arrays ? " with arrays" : "") << " (LOCUS_MCS_SEED=" << seed
                   << " LOCUS_MCS_COUNT=1) on " << solver << "\n"
                   << text);
      ir::Program prog = encoder::testing::compile(text);
      std::mt19937_64 rng(seed);
      repair::FailureSpec spec;
      spec.kind = repair::FailureSpec::Kind::Inputs;
      spec.args = {ir::Value::ofInt(static_cast<int64_t>(rng() % 11) - 5),
                   ir::Value::ofInt(static_cast<int64_t>(rng() % 11) - 5), ir::Value::ofBool(rng() & 1)};
      spec.verify.encode.unwind = 4;
      // the nondet values a seeded run draws, so that every type gets values of its own
      ir::InterpOptions io;
      io.seed = seed;
      io.stepLimit = 20000;
      spec.nondets = encoder::testing::consumedNondets(
          prog, ir::Interpreter(prog, io).run(prog.procIndex("main"), spec.args));
      repair::FailureSearch found = repair::findFailure(prog, spec);
      if (found.status != repair::FailureStatus::Found || found.failure->unwind > 4)
        continue; // passes, or a nondet value of another type, or longer than the generator's loops
      ++failures;
      std::vector<repair::TestRun> tests;
      localize::Options opts;
      opts.solver = solver;
      opts.given.set(localize::kMaxSize, "2");
      opts.given.set(localize::kMaxSets, "6");
      opts.timeoutMs = 5000; // relaxed values make `/`, `%` and `*` nonlinear: the solver may give up
      localize::Problem problem{prog, *found.failure, tests, opts};
      localize::Result r = localize::findMethod("maxsat")->run(problem);
      if (r.status == localize::Status::Unknown) {
        ++undecided;
        ++undecidedRuns;
        continue;
      }
      REQUIRE(r.status == localize::Status::Localized);
      for (size_t k = 0; k < r.sets.size(); ++k) {
        const std::vector<localize::Blame> &set = r.sets[k];
        INFO("set " << k + 1 << " of size " << set.size());
        REQUIRE_FALSE(set.empty());
        CHECK(set.size() <= 2);
        if (k > 0)
          CHECK(r.setCosts[k - 1] <= r.setCosts[k]);
        backends::Status whole = repairable(prog, *found.failure, solver, set);
        undecided += whole == backends::Status::Unknown;
        CHECK(whole != backends::Status::Unsat);
        for (size_t drop = 0; drop < set.size(); ++drop) {
          std::vector<localize::Blame> smaller = set;
          smaller.erase(smaller.begin() + static_cast<long>(drop));
          backends::Status part = repairable(prog, *found.failure, solver, smaller);
          undecided += part == backends::Status::Unknown;
          CHECK(part != backends::Status::Sat);
        }
        for (const localize::Blame &b : set) {
          bool ranked = false;
          for (const localize::Suspect &s : r.ranking)
            for (ir::StmtId id : s.statements)
              ranked = ranked || id == b.stmt;
          CHECK(ranked);
        }
        ++sets;
      }
    }
    MESSAGE(solver << ": " << failures << " failing runs, " << sets << " sets checked, " << undecided
                   << " checks or runs undecided in 5 s");
    CHECK(failures > static_cast<int>(2 * count) / 5);
    // teeth: as many sets as decided runs (a run may have none within maxSize, another several)
    CHECK(sets >= failures - undecidedRuns);
    CHECK(undecided <= sets / 10 + 2);
  }
}

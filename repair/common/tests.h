// The declared tests of a program as a test suite: their runs, coverage and statement spectra.
#pragma once

#include "ir/interp.h"
#include "ir/ir.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace locus::repair {

/// One test run: the test procedure, its outcome and the statements it executed.
struct TestRun {
  uint32_t proc = ir::kNone;
  ir::Outcome outcome;
  bool passed() const { return outcome.kind == ir::OutcomeKind::Ok; }
  /// Failed: a check failed (a limit or an infeasible test is neither passed nor failed).
  bool failed() const { return outcome.kind == ir::OutcomeKind::Failure; }
};

/// The tests declared in `mainFile` (the file named on the command line; an empty name: every test of the
/// program), in program order.
std::vector<uint32_t> declaredTests(const ir::Program &prog, const std::string &mainFile);

/// Runs each test with `opts` (coverage recorded).
std::vector<TestRun> runTests(const ir::Program &prog, const std::vector<uint32_t> &tests,
                              ir::InterpOptions opts);

/// Per statement: how many passing and failing runs executed it.
struct Spectrum {
  struct Counts {
    unsigned passed = 0, failed = 0;
  };
  std::map<ir::StmtId, Counts> counts;
  unsigned totalPassed = 0, totalFailed = 0;

  void add(const std::set<ir::StmtId> &covered, bool failed);
  Counts of(ir::StmtId s) const;
};

/// The spectrum of test runs (runs neither passed nor failed are left out).
Spectrum spectrumOf(const std::vector<TestRun> &runs);

/// Suspiciousness formulas over a statement's counts (0 when it was never executed by a failing run).
enum class Formula { Ochiai, Tarantula, DStar };
double suspiciousness(Formula f, const Spectrum &sp, ir::StmtId s);
const char *formulaName(Formula f);
bool parseFormula(const std::string &name, Formula &out);

} // namespace locus::repair

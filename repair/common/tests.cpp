// Running the declared tests with coverage, and statement spectra with their suspiciousness formulas.
#include "repair/common/tests.h"

#include <cmath>
#include <filesystem>

namespace locus::repair {

std::vector<uint32_t> declaredTests(const ir::Program &prog, const std::string &mainFile) {
  std::vector<uint32_t> out;
  for (uint32_t i = 0; i < prog.procs.size(); ++i) {
    const ir::Procedure &p = prog.procs[i];
    if (!p.isTest)
      continue;
    if (!mainFile.empty()) {
      if (p.loc.file >= prog.files.size())
        continue;
      std::error_code ec;
      const std::string &f = prog.files[p.loc.file];
      if (f != mainFile && !std::filesystem::equivalent(f, mainFile, ec))
        continue;
    }
    out.push_back(i);
  }
  return out;
}

std::vector<TestRun> runTests(const ir::Program &prog, const std::vector<uint32_t> &tests,
                              ir::InterpOptions opts) {
  opts.recordCoverage = true;
  std::vector<TestRun> runs;
  for (uint32_t t : tests) {
    TestRun r;
    r.proc = t;
    r.outcome = ir::Interpreter(prog, opts).run(t, {});
    runs.push_back(std::move(r));
  }
  return runs;
}

void Spectrum::add(const std::set<ir::StmtId> &covered, bool failed) {
  (failed ? totalFailed : totalPassed)++;
  for (ir::StmtId s : covered)
    (failed ? counts[s].failed : counts[s].passed)++;
}

Spectrum::Counts Spectrum::of(ir::StmtId s) const {
  auto it = counts.find(s);
  return it == counts.end() ? Counts{} : it->second;
}

Spectrum spectrumOf(const std::vector<TestRun> &runs) {
  Spectrum sp;
  for (const TestRun &r : runs)
    if (r.passed() || r.failed())
      sp.add(r.outcome.covered, r.failed());
  return sp;
}

double suspiciousness(Formula f, const Spectrum &sp, ir::StmtId s) {
  Spectrum::Counts c = sp.of(s);
  double ef = c.failed, ep = c.passed, tf = sp.totalFailed, tp = sp.totalPassed;
  if (ef == 0)
    return 0;
  switch (f) {
  case Formula::Ochiai: return ef / std::sqrt(tf * (ef + ep));
  case Formula::Tarantula: {
    double fr = ef / tf, pr = tp > 0 ? ep / tp : 0;
    return fr / (fr + pr);
  }
  case Formula::DStar: { // D* with * = 2; a statement only failing runs execute gets the largest finite value
    double denom = ep + (tf - ef);
    return denom == 0 ? ef * ef * 1e6 : ef * ef / denom;
  }
  }
  return 0;
}

const char *formulaName(Formula f) {
  switch (f) {
  case Formula::Ochiai: return "ochiai";
  case Formula::Tarantula: return "tarantula";
  case Formula::DStar: return "dstar";
  }
  return "?";
}

bool parseFormula(const std::string &name, Formula &out) {
  for (Formula f : {Formula::Ochiai, Formula::Tarantula, Formula::DStar})
    if (name == formulaName(f)) {
      out = f;
      return true;
    }
  return false;
}

} // namespace locus::repair

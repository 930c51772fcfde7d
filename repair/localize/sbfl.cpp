// Spectrum-based fault localization (Tarantula, Ochiai, D*): the statement coverage of the declared tests
// and of the failing run, a suspiciousness per statement, the source lines ranked by it. The baseline the
// other methods are compared with.
#include "repair/localize/methods.h"

#include <algorithm>

namespace locus::localize {

namespace {

/// --formula: the suspiciousness formula.
repair::OptionDecl formulaOption() {
  return repair::enumOption<repair::Formula>(kFormula,
                                             "the suspiciousness formula, tarantula, ochiai or dstar",
                                             {{"tarantula", repair::Formula::Tarantula},
                                              {"ochiai", repair::Formula::Ochiai},
                                              {"dstar", repair::Formula::DStar}},
                                             repair::Formula::Ochiai);
}

repair::Formula formulaOf(const Problem &p) {
  return repair::enumValue<repair::Formula>(formulaOption(), p.opts.given);
}

class Sbfl final : public Method {
public:
  const char *name() const override { return "sbfl"; }
  const char *summary() const override {
    return "spectrum-based: suspiciousness of each statement from the declared tests' coverage (--formula "
           "tarantula, ochiai or dstar)";
  }
  bool usesSolver() const override { return false; }
  bool needsTests() const override { return true; }
  std::vector<repair::OptionDecl> options() const override { return {formulaOption()}; }
  std::string describe(const Problem &p) const override {
    return repair::formulaName(formulaOf(p)) + std::string(", ") + std::to_string(p.tests.size()) +
           " declared tests";
  }
  std::vector<std::pair<std::string, std::string>> settings(const Problem &p) const override {
    return {{"formula", repair::formulaName(formulaOf(p))}};
  }
  Result run(const Problem &p) const override {
    repair::Formula formula = formulaOf(p);
    Result r;
    r.method = name();
    size_t counted = std::count_if(p.tests.begin(), p.tests.end(),
                                   [](const repair::TestRun &t) { return t.passed() || t.failed(); });
    if (counted == 0) {
      r.status = Status::Error;
      r.message =
          p.tests.empty()
              ? "sbfl needs declared tests (`test` blocks in the file) and there are none"
              : "sbfl needs declared tests that pass or fail; every test hit a limit or was infeasible";
      return r;
    }
    repair::Spectrum sp = repair::spectrumOf(p.tests);
    // The failure being explained is a failing run too, unless it is one of the tests already.
    bool isTest = std::any_of(p.tests.begin(), p.tests.end(), [&](const repair::TestRun &t) {
      return t.proc == p.failure.entry && p.failure.args.empty();
    });
    if (!isTest)
      sp.add(p.failure.run.covered, true);
    std::map<ir::StmtId, double> scores;
    for (ir::StmtId s : blamableStatements(p.prog, p.opts))
      scores[s] = repair::suspiciousness(formula, sp, s);
    r.ranking = rankByScores(p.prog, scores);
    for (Suspect &s : r.ranking) {
      repair::Spectrum::Counts most{};
      for (ir::StmtId id : s.statements) {
        repair::Spectrum::Counts c = sp.of(id);
        if (repair::suspiciousness(formula, sp, id) == s.score)
          most = c;
      }
      s.evidence = std::string(repair::formulaName(formula)) + " " + std::to_string(s.score) +
                   ": failing runs " + std::to_string(most.failed) + "/" + std::to_string(sp.totalFailed) +
                   ", passing runs " + std::to_string(most.passed) + "/" + std::to_string(sp.totalPassed);
    }
    r.complete = true;
    r.stats["tests"] = static_cast<double>(p.tests.size());
    r.stats["failing_runs"] = sp.totalFailed;
    r.stats["passing_runs"] = sp.totalPassed;
    if (sp.totalPassed == 0)
      r.message = "no declared test passes: every statement the failing runs execute looks alike";
    return r;
  }
};

} // namespace

std::unique_ptr<Method> makeSbfl() {
  return std::make_unique<Sbfl>();
}

} // namespace locus::localize

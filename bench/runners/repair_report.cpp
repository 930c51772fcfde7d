// bench repair: the report: scores per configuration and per class, the completeness of the mutation space's
// search, the speed-up of localization, the papers' faults; markdown, JSON and a cactus plot of the time to
// the first repair.
#include "bench/runners/repair.h"
#include "repair/fix/fix.h"

#include <algorithm>
#include <map>
#include <sstream>

namespace locus::bench::repairer {

namespace {

/// `--on` as one phrase: "mutate: L1,L2; template: papers".
std::string onText(const RepairOptions &o) {
  std::string out;
  for (const std::string &e : o.on) {
    size_t eq = e.find('=');
    out +=
        (out.empty() ? "" : "; ") + (eq == std::string::npos ? e : e.substr(0, eq) + ": " + e.substr(eq + 1));
  }
  return out.empty() ? "every method on every class" : out;
}

/// The report of one run: the run's input, the tallies over its records, the tables made of them.
struct Report {
  explicit Report(const ReportInput &input) : in(input) {}
  const ReportInput &in;
  const RepairOptions &o = in.o;
  const std::vector<std::string> &langs = in.langs, &solvers = in.solvers;
  const std::vector<Config> &configs = in.configs;
  const std::vector<Task> &tasks = in.tasks;
  const std::vector<Json> &results = in.results;
  const std::vector<std::string> &noSource = in.noSource, &setupErrors = in.setupErrors;
  const double runSeconds = in.runSeconds;
  const std::string &commandLine = in.commandLine;

  std::vector<std::string> classes;
  std::map<std::string, RepairStats> byConfig;
  std::map<std::pair<std::string, std::string>, RepairStats> byClass;
  std::vector<std::string> problems, misses, notApplicable;
  size_t inSpace = 0;
  Table summary, perClass, complete, speedup, papersTable, ioTable;
  std::vector<Series> cactus;

  void tally() {
    for (const Task &t : tasks)
      if (std::find(classes.begin(), classes.end(), t.cls) == classes.end())
        classes.push_back(t.cls);
    for (size_t i = 0; i < tasks.size(); ++i) {
      const Json &r = results[i];
      if (!r.contains("runs")) {
        problems.push_back(tasks[i].label + ": " + r.dump());
        continue;
      }
      bool space = r.value("original_in_space", false);
      inSpace += space;
      for (const Config &c : configs) {
        if (!r["runs"].contains(c.name()))
          continue;
        const Json &run = r["runs"][c.name()];
        bool inMethodSpace = space && fix::findMethod(c.method)->searchesMutationSpace();
        byConfig[c.name()].add(run, inMethodSpace);
        byClass[{c.name(), tasks[i].cls}].add(run, inMethodSpace);
        std::string st = run.value("status", "");
        if (st == "error") {
          std::string msg = run.value("message", "");
          (msg.find("internal") != std::string::npos ? problems : notApplicable)
              .push_back(tasks[i].label + " " + c.name() + ": " + msg);
        }
        if (inMethodSpace && !run.value("original_found", false) && run.value("complete", false))
          misses.push_back(tasks[i].label + " " + c.name() + ": " + tasks[i].fault + " (" + st + ", " +
                           std::to_string(run.value("repairs", 0u)) + " repairs)");
      }
    }
  }

  void tables() {
    summary.header = {"configuration",
                      "with a failure",
                      "repaired",
                      "correct (first)",
                      "correct (any)",
                      "plausible only",
                      "not repaired",
                      "unknown",
                      "first repair: median",
                      "p90",
                      "max",
                      "validated (mean)",
                      "blocked / validation"};
    summary.alignRight = std::vector<bool>(summary.header.size(), true);
    summary.alignRight[0] = false;
    for (const Config &c : configs) {
      const RepairStats &s = byConfig[c.name()];
      if (s.versions == 0)
        continue;
      summary.rows.push_back(
          {c.name(),
           std::to_string(s.versions) + (s.noFailure ? " (+" + std::to_string(s.noFailure) + " none)" : ""),
           percent(s.repaired, s.versions), percent(s.firstCorrect, s.versions),
           percent(s.anyCorrect, s.versions), std::to_string(s.repaired - std::min(s.repaired, s.anyCorrect)),
           std::to_string(s.notRepaired), std::to_string(s.unknown), seconds(median(s.first)),
           seconds(quantile(s.first, 0.9)), seconds(quantile(s.first, 1.0)),
           s.validated.empty() ? "–" : fixed(mean(s.validated)),
           s.blocked.empty() ? "–" : fixed(mean(s.blocked), 2)});
    }
    perClass.header = {"class",         "configuration", "versions",    "repaired",
                       "correct (any)", "median first",  "median total"};
    perClass.alignRight = {false, false, true, true, true, true, true};
    for (const std::string &cls : classes)
      for (const Config &c : configs) {
        const RepairStats &s = byClass[{c.name(), cls}];
        if (s.versions == 0)
          continue;
        perClass.rows.push_back({cls, c.name(), std::to_string(s.versions), percent(s.repaired, s.versions),
                                 percent(s.anyCorrect, s.versions), seconds(median(s.first)),
                                 seconds(median(s.total))});
      }
    // Completeness of the methods that search the mutation space: where the original is a point of the space
    // and the search ended, it is found.
    complete.header = {"configuration", "original in the space", "search finished", "original found"};
    complete.alignRight = {false, true, true, true};
    for (const Config &c : configs) {
      const RepairStats &s = byConfig[c.name()];
      if (fix::findMethod(c.method)->searchesMutationSpace() && s.versions)
        complete.rows.push_back({c.name(), std::to_string(s.inSpace), std::to_string(s.inSpaceSearched),
                                 std::to_string(s.originalFound)});
    }
  }

  /// Localization's speed-up (Wolverine2 / fl-AllRepair report it), per version: every configuration run
  /// with localization against the same one without (`mutate` against `mutate:nofl`, `proof` against
  /// `proof:nofl`).
  void speedupTable() {
    speedup.header = {"configuration", "versions", "total time nofl / fl (geo. mean)",
                      "first repair nofl / fl", "validated nofl / fl"};
    speedup.alignRight = {false, true, true, true, true};
    for (const Config &c : configs) {
      if (!c.localization)
        continue;
      Config without = c;
      without.localization = false;
      if (std::none_of(configs.begin(), configs.end(),
                       [&](const Config &o) { return o.name() == without.name(); }))
        continue;
      std::string fl = c.name(), nofl = without.name();
      std::vector<double> total, first, validated;
      for (const Json &r : results) {
        if (!r.contains("runs") || !r["runs"].contains(fl) || !r["runs"].contains(nofl))
          continue;
        const Json &a = r["runs"][fl], &b = r["runs"][nofl];
        if (a.value("status", "") != "repaired" || b.value("status", "") != "repaired")
          continue;
        total.push_back(b.value("seconds", 0.0) / std::max(1e-6, a.value("seconds", 0.0)));
        first.push_back(b.value("first_seconds", 0.0) / std::max(1e-6, a.value("first_seconds", 0.0)));
        validated.push_back(b.value("candidates_validated", 0.0) /
                            std::max(1.0, a.value("candidates_validated", 0.0)));
      }
      if (!total.empty())
        speedup.rows.push_back({fl, std::to_string(total.size()), fixed(geometricMean(total), 2) + "×",
                                fixed(geometricMean(first), 2) + "×",
                                fixed(geometricMean(validated), 2) + "×"});
    }
  }

  void papers() {
    perVersion(papersTable, [](const Task &t) { return t.cls == "papers"; });
    perVersion(ioTable, [](const Task &t) { return t.cls == "io-tests" || t.cls == "io-reference"; });
    for (const Config &c : configs)
      if (byConfig[c.name()].versions)
        cactus.push_back(Series{c.name(), byConfig[c.name()].first});
  }

  /// One row per version `which` selects: per configuration correct / plausible and the time, or the status.
  template <class F> void perVersion(Table &table, F which) {
    table.header = {"fault"};
    table.alignRight = {false};
    for (const Config &c : configs) {
      table.header.push_back(c.name());
      table.alignRight.push_back(false);
    }
    for (size_t i = 0; i < tasks.size(); ++i) {
      if (!which(tasks[i]))
        continue;
      const Json &r = results[i];
      std::vector<std::string> row{tasks[i].label};
      for (const Config &c : configs) {
        if (!r.contains("runs") || !r["runs"].contains(c.name())) {
          row.push_back("–");
          continue;
        }
        const Json &run = r["runs"][c.name()];
        std::string st = run.value("status", "");
        if (st == "repaired")
          row.push_back(std::string(run.value("any_correct", false) ? "correct" : "plausible") + " " +
                        seconds(run.value("any_correct", false) ? run.value("correct_seconds", 0.0)
                                                                : run.value("first_seconds", 0.0)));
        else
          row.push_back(st);
      }
      table.rows.push_back(row);
    }
  }

  Json json() {
    Json j;
    j["command"] = "bench repair";
    j["command_line"] = commandLine;
    j["setup"] = Json{{"manifest", o.manifest},
                      {"languages", langs},
                      {"classes", splitComma(o.classes)},
                      {"versions", o.versions},
                      {"seed", o.seed},
                      {"papers", o.papers},
                      {"io", o.io},
                      {"suite", !o.noSuite},
                      {"configs", splitComma(o.configs)},
                      {"on", o.on},
                      {"solvers", solvers},
                      {"timeout", o.timeout},
                      {"max", o.max},
                      {"max_mutations", o.maxMutations},
                      {"equivalence_checks", o.equivalenceChecks},
                      {"equivalence_solver", o.equivalenceSolver},
                      {"jobs", o.jobs}};
    j["run_seconds"] = runSeconds;
    j["versions"] = tasks.size();
    j["original_in_space"] = inSpace;
    j["no_source_form"] = noSource;
    j["setup_errors"] = setupErrors;
    j["completeness_misses"] = misses;
    Json cj = Json::object();
    for (const Config &c : configs) {
      const RepairStats &s = byConfig[c.name()];
      cj[c.name()] = Json{{"versions", s.versions},
                          {"repaired", s.repaired},
                          {"first_correct", s.firstCorrect},
                          {"any_correct", s.anyCorrect},
                          {"not_repaired", s.notRepaired},
                          {"unknown", s.unknown},
                          {"no_failure", s.noFailure},
                          {"errors", s.errors},
                          {"internal_errors", s.internal},
                          {"first_median_seconds", median(s.first)},
                          {"first_p90_seconds", quantile(s.first, 0.9)},
                          {"first_max_seconds", quantile(s.first, 1.0)},
                          {"correct_median_seconds", median(s.correct)},
                          {"total_median_seconds", median(s.total)},
                          {"validated_mean", mean(s.validated)},
                          {"blocked_per_validation_mean", mean(s.blocked)},
                          {"original_in_space", s.inSpace},
                          {"original_in_space_searched", s.inSpaceSearched},
                          {"original_found", s.originalFound}};
    }
    j["by_config"] = cj;
    Json vj = Json::array();
    for (size_t i = 0; i < tasks.size(); ++i)
      vj.push_back(Json{{"label", tasks[i].label},
                        {"program", tasks[i].src.id},
                        {"lang", tasks[i].src.lang},
                        {"class", tasks[i].cls},
                        {"file", tasks[i].file},
                        {"fault", tasks[i].fault},
                        {"result", results[i]}});
    j["results"] = vj;
    return j;
  }

  std::string markdown() {
    std::ostringstream md;
    md << "# bench repair: " << o.name << "\n\n"
       << "Command: `" << commandLine << "`\n\n"
       << tasks.size() << " faulty versions; " << configs.size() << " configurations; " << o.jobs
       << " worker processes; wall time " << seconds(runSeconds)
       << ". Limits per repair: " << seconds(o.timeout) << ", at most " << o.max
       << " repairs, mutate with at most " << o.maxMutations << " mutated place"
       << (o.maxMutations == 1 ? "" : "s") << " (level 2); classes per method: " << onText(o)
       << ". Only the procedures under test may be changed. A repair is *correct* when its "
          "patched text is the original, or equivalent to it within the bounds (verified in product with the "
          "original by "
       << o.equivalenceSolver << ", at most " << o.equivalenceChecks
       << " checks per run); *plausible only*: repaired, but no repair found is correct. \"first repair\" "
          "is the time from the start of the method to its first repair (verified from the patched source); "
          "\"with a failure\": the versions verify finds a failure in (\"+N none\": equivalent mutants "
          "within "
          "the "
          "bounds, left out of the percentages); \"validated\": candidate programs checked by BMC; \"blocked "
          "/ "
          "validation\": mutants pruned by each "
          "failing mutant's must set (fl-AllRepair). The suite's versions are the fault suite's draws (as "
          "`bench faults`, same seed) written back as source.";
    if (!noSource.empty())
      md << " " << noSource.size()
         << " drawn versions have no source form (a fault in an expression the lowering made up or in a "
            "guard, one out of its C block scope, or in a statement the source cannot show again: a "
            "declaration, a compound assignment) and are left out.";
    md << "\n\n## Summary\n\n" << summary.markdown() << "\n## Per class\n\n" << perClass.markdown();
    if (!complete.rows.empty()) {
      std::string searchers;
      for (const auto &m : fix::methods())
        if (m->searchesMutationSpace())
          searchers += (searchers.empty() ? "" : ", ") + std::string(m->name());
      md << "\n## Completeness of " << searchers << "\n\n"
         << "On " << inSpace
         << " versions the original is a point of the mutation space (one option of one site renders back to "
            "its text exactly; checked by rendering every option, independently of the search). Where the "
            "search finished (the space exhausted, or the original found before a limit), the original must "
            "be "
            "among the repairs. Misses: "
         << misses.size() << (misses.empty() ? ".\n\n" : "\n\n");
      for (const std::string &m : misses)
        md << "- " << m << "\n";
      if (!misses.empty())
        md << "\n";
      md << complete.markdown();
    }
    if (!speedup.rows.empty())
      md << "\n## Localization's speed-up (versions both repaired)\n\n" << speedup.markdown();
    if (!papersTable.rows.empty())
      md << "\n## The papers' faults\n\n" << papersTable.markdown();
    if (!ioTable.rows.empty())
      md << "\n## bench/io's versions (io-tests: --tests SUITE --reference REF; io-reference: --reference "
            "REF)\n\n"
         << ioTable.markdown();
    if (!notApplicable.empty()) {
      md << "\n## Not applicable (the method cannot run on the version)\n\n";
      for (const std::string &p : notApplicable)
        md << "- " << p << "\n";
    }
    if (!problems.empty() || !setupErrors.empty()) {
      md << "\n## Problems\n\n";
      for (const std::string &p : setupErrors)
        md << "- " << p << "\n";
      for (const std::string &p : problems)
        md << "- " << p << "\n";
    }
    return md.str();
  }
};

} // namespace

Outcome report(const ReportInput &in) {
  Report r{in};
  r.tally();
  r.tables();
  r.speedupTable();
  r.papers();
  Outcome out;
  out.doc = r.json();
  out.text = r.markdown();
  const RepairOptions &o = in.o;
  if (!o.out.empty()) {
    out.files = writeReportFiles(o.out, o.name, out.text, out.doc, 1);
    out.add(writeCactusPlot(o.out, o.name, "time to the first repair", r.cactus));
  }
  out.exit = r.problems.empty() && in.setupErrors.empty() ? Ok : Internal;
  return out;
}

} // namespace locus::bench::repairer

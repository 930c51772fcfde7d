// bench localize: the report: scores per configuration and per class, the soundness claim and its misses,
// the papers' faults, the must property; markdown, JSON, a time cactus plot and a cumulative EXAM curve.
#include "bench/runners/localize.h"

#include <algorithm>
#include <map>
#include <sstream>

namespace locus::bench::localizer {

namespace {

/// The report of one run: the run's input, the tallies over its records, the tables and plots made of them.
struct Report {
  explicit Report(const ReportInput &input) : in(input) {}
  const ReportInput &in;
  const LocalizeOptions &o = in.o;
  const std::vector<std::string> &langs = in.langs, &solvers = in.solvers;
  /// The configurations, and the consensus of their rankings as one more row (runTask's kConsensus).
  const std::vector<Config> configs = withConsensus(in.configs);
  static std::vector<Config> withConsensus(std::vector<Config> cs) {
    if (cs.size() > 1)
      cs.push_back(Config{kConsensus, "", "", false});
    return cs;
  }
  const std::vector<Task> &tasks = in.tasks;
  const std::vector<Json> &results = in.results;
  const double runSeconds = in.runSeconds;
  const std::string &commandLine = in.commandLine;

  // Scores per configuration, overall and per class.
  std::vector<std::string> classes;
  std::map<std::string, LocalizeStats> byConfig;
  std::map<std::pair<std::string, std::string>, LocalizeStats> byClass;
  size_t withFailure = 0, noFailure = 0, problems = 0;
  std::vector<std::string> problemLines, misses;
  std::map<std::string, size_t> notApplicable; // "config: message" → versions (the method cannot run on them)
  std::map<std::pair<std::string, std::string>, size_t> missKinds; // (class, kind) → gradient's misses
  std::map<std::pair<std::string, std::string>, size_t> missWith;  // (class, with_expected) → misses
  std::vector<double> testSeconds;
  Table summary, perClass, soundness, papersTable;
  size_t mustChecked = 0;
  std::vector<std::string> mustMisses, mustExplained;
  std::vector<Series> cactus;
  LinePlot examPlot;

  void tally() {
    for (const Task &t : tasks)
      if (std::find(classes.begin(), classes.end(), t.cls) == classes.end())
        classes.push_back(t.cls);
    for (size_t i = 0; i < tasks.size(); ++i) {
      const Json &r = results[i];
      if (r.contains("tests_seconds"))
        testSeconds.push_back(r.value("tests_seconds", 0.0));
      if (!r.contains("runs")) {
        if (r.value("failure", "") == "none")
          ++noFailure;
        else {
          ++problems;
          problemLines.push_back(tasks[i].label + ": " + r.dump());
        }
        continue;
      }
      ++withFailure;
      size_t lines = r.value("lines", 0u), program = r.value("program_lines", 0u);
      for (const Config &c : configs) {
        const Json &run = r["runs"][c.name()];
        byConfig[c.name()].add(run, lines, program);
        byClass[{c.name(), tasks[i].cls}].add(run, lines, program);
        if (run.value("status", "") == "error") {
          std::string msg = run.value("message", "");
          if (msg.find("internal") != std::string::npos)
            problemLines.push_back(tasks[i].label + " " + c.name() + ": " + msg);
          else
            notApplicable[c.name() + ": " + msg]++;
        }
        if (run.contains("missed") && !run["missed"].empty())
          for (const Json &m : run["missed"]) {
            std::string with = m.value("with_expected", "");
            std::string freeList;
            if (m.contains("free"))
              for (const Json &e : m["free"])
                freeList += (freeList.empty() ? "`" : ", `") + e.get<std::string>() + "`";
            if (with.empty())
              with = "n/a: " + m.value("expected_error", "");
            else if (with == "missed")
              with += m.value("why", "") == "path"          ? ": another path"
                      : m.value("why", "") == "same writes" ? ": same writes"
                      : m.value("why", "") == "no-op"       ? ": a no-op write"
                                                            : ": unexplained";
            misses.push_back("| " + tasks[i].cls + " | " + tasks[i].program + " | " + tasks[i].label + " | " +
                             std::to_string(m.value("line", 0u)) + " | `" + m.value("what", "") + "` | " +
                             m.value("kind", "") + " | " + with + " | " + freeList + " |");
            missKinds[{tasks[i].cls, m.value("kind", "")}]++;
            missWith[{tasks[i].cls, with.rfind("n/a", 0) == 0 ? "n/a" : with}]++;
          }
      }
    }
  }

  void tables() {
    summary.header = {"configuration", "localized", "n/a",   "found",         "mean rank", "ties at fault",
                      "top-1",         "top-3",     "top-5", "mean examined", "mean EXAM", "top 10 %",
                      "top 25 %",      "median",    "p90",   "max",           "ours"};
    summary.alignRight = std::vector<bool>(summary.header.size(), true);
    summary.alignRight[0] = false;
    for (const Config &c : configs) {
      const LocalizeStats &s = byConfig[c.name()];
      summary.rows.push_back({c.name(), std::to_string(s.localized) + " / " + std::to_string(s.versions),
                              std::to_string(s.errors - s.internal), percent(s.found, s.versions),
                              fixed(mean(s.ranks)), fixed(mean(s.ties)), percent(s.top1, s.versions),
                              percent(s.top3, s.versions), percent(s.top5, s.versions),
                              fixed(mean(s.examined)), fixed(mean(s.exam)) + " %",
                              percent(s.top10pct, s.versions), percent(s.top25pct, s.versions),
                              seconds(median(s.seconds)), seconds(quantile(s.seconds, 0.9)),
                              seconds(quantile(s.seconds, 1.0)), fixed(100 * s.oursShare()) + " %"});
    }
    perClass.header = {"class",
                       "configuration",
                       "versions",
                       "found",
                       "mean rank",
                       "ties at fault",
                       "top-1",
                       "top-5",
                       "mean EXAM",
                       "top 10 % of the program",
                       "top 25 % of the program",
                       "top 10 % under test",
                       "top 25 % under test",
                       "median time",
                       "max time"};
    perClass.alignRight = std::vector<bool>(perClass.header.size(), true);
    perClass.alignRight[0] = perClass.alignRight[1] = false;
    for (const std::string &cls : classes)
      for (const Config &c : configs) {
        const LocalizeStats &s = byClass[{c.name(), cls}];
        perClass.rows.push_back({cls, c.name(), std::to_string(s.versions), percent(s.found, s.versions),
                                 fixed(mean(s.ranks)), fixed(mean(s.ties)), percent(s.top1, s.versions),
                                 percent(s.top5, s.versions), fixed(mean(s.exam)) + " %",
                                 percent(s.top10pct, s.versions), percent(s.top25pct, s.versions),
                                 percent(s.top10under, s.versions), percent(s.top25under, s.versions),
                                 seconds(median(s.seconds)), seconds(quantile(s.seconds, 1.0))});
      }
    // The soundness claim (localize::Claim::Sound, gradient's: Wolverine2's): the mutated statement is
    // suspicious (C1 and C3: mutations only)
    soundness.header = {"class",  "configuration",     "versions",           "sound",
                        "misses", "mutations not run", "mean suspicious set"};
    soundness.alignRight = {false, false, true, true, true, true, true};
    for (const std::string &cls : classes)
      for (const Config &c : configs) {
        const LocalizeStats &s = byClass[{c.name(), cls}];
        if (s.soundChecked == 0)
          continue;
        soundness.rows.push_back({cls, c.name(), std::to_string(s.soundChecked),
                                  std::to_string(s.soundChecked - s.unsound), std::to_string(s.unsound),
                                  std::to_string(s.notRun), fixed(mean(s.suspicious)) + " %"});
      }
  }

  void papers() {
    papersTable.header = {"fault", "failure"};
    papersTable.alignRight = {false, false};
    for (const Config &c : configs) {
      papersTable.header.push_back(c.name());
      papersTable.alignRight.push_back(true);
    }
    for (size_t i = 0; i < tasks.size(); ++i) {
      if (tasks[i].cls != "papers")
        continue;
      const Json &r = results[i];
      std::vector<std::string> row{tasks[i].label, r.contains("failure") && r["failure"].is_string()
                                                       ? r["failure"].get<std::string>()
                                                       : "error"};
      for (const Config &c : configs) {
        if (!r.contains("runs")) {
          row.push_back("–");
          continue;
        }
        const Json &run = r["runs"][c.name()];
        row.push_back(run.value("found", false) ? "rank " + std::to_string(run.value("rank", 0u)) + " (" +
                                                      fixed(run.value("examined", 0.0)) + " lines)"
                      : run.value("status", "") == "localized" ? "not found"
                                                               : run.value("status", ""));
      }
      papersTable.rows.push_back(row);
    }
  }

  void mustProperty() {
    // The claim localize::Claim::ContainsSingleFault (must's: FOSFL's must property): on every version with
    // one fault, the ranking contains its line.
    for (const Config &c : configs) {
      const localize::Method *m = localize::findMethod(c.method); // nullptr: the consensus
      if (!m || m->claim() != localize::Claim::ContainsSingleFault)
        continue;
      for (size_t i = 0; i < tasks.size(); ++i) {
        const Json &r = results[i];
        if (tasks[i].faults.size() != 1 || !r.contains("runs") || !r["runs"].contains(c.name()))
          continue;
        const Json &run = r["runs"][c.name()];
        if (run.value("status", "") != "localized")
          continue;
        ++mustChecked;
        if (run.value("found", false))
          continue;
        std::string set;
        for (const Json &l : run.value("lines", Json::array()))
          set += (set.empty() ? "" : ", ") + l.dump();
        (tasks[i].lhsFaults[0] ? mustExplained : mustMisses)
            .push_back(tasks[i].label + " (" + c.name() + "): " + tasks[i].faults[0] + "; must set: lines {" +
                       set + "}");
      }
    }
  }

  void plots() {
    // Plots: time cactus per configuration; cumulative EXAM (versions whose ground truth is found within x
    // %).
    examPlot.title = "cumulative EXAM: versions whose fault is within the first x % of the lines";
    examPlot.xlabel = "EXAM (% of the program's lines examined)";
    examPlot.ylabel = "% of the versions";
    examPlot.key = "bottom right";
    examPlot.style = "steps";
    for (const Config &c : configs) {
      const LocalizeStats &s = byConfig[c.name()];
      cactus.push_back(Series{c.name(), s.seconds});
      LineSeries ls{c.name(), {{0, 0}}};
      std::vector<double> e;
      for (double x : s.exam)
        if (x < 100 || true)
          e.push_back(x);
      std::sort(e.begin(), e.end());
      for (size_t k = 0; k < e.size(); ++k)
        if (k + 1 == e.size() || e[k + 1] != e[k])
          ls.points.emplace_back(e[k], 100.0 * static_cast<double>(k + 1) / static_cast<double>(s.versions));
      examPlot.series.push_back(std::move(ls));
    }
  }

  Json json() {
    Json j;
    j["command"] = "bench localize";
    j["command_line"] = commandLine;
    j["setup"] = Json{{"manifest", o.manifest},
                      {"languages", langs},
                      {"classes", splitComma(o.classes)},
                      {"versions", o.versions},
                      {"seed", o.seed},
                      {"papers", o.papers},
                      {"suite", !o.noSuite},
                      {"configs", splitComma(o.configs)},
                      {"solvers", solvers},
                      {"timeout", o.timeout},
                      {"max_size", o.maxSize},
                      {"max_sets", o.maxSets},
                      {"jobs", o.jobs}};
    j["run_seconds"] = runSeconds;
    j["versions"] = tasks.size();
    j["with_failure"] = withFailure;
    j["no_failure"] = noFailure;
    j["problems"] = problems;
    j["must_property"] =
        Json{{"checked", mustChecked}, {"violations", mustMisses}, {"explained", mustExplained}};
    Json cj = Json::object();
    for (const Config &c : configs) {
      const LocalizeStats &s = byConfig[c.name()];
      cj[c.name()] = Json{{"versions", s.versions},
                          {"localized", s.localized},
                          {"found", s.found},
                          {"top1", s.top1},
                          {"top3", s.top3},
                          {"top5", s.top5},
                          {"top10pct", s.top10pct},
                          {"top25pct", s.top25pct},
                          {"top10under", s.top10under},
                          {"top25under", s.top25under},
                          {"mean_rank", mean(s.ranks)},
                          {"mean_ties_at_fault", mean(s.ties)},
                          {"mean_examined", mean(s.examined)},
                          {"mean_exam_pct", mean(s.exam)},
                          {"median_seconds", median(s.seconds)},
                          {"p90_seconds", quantile(s.seconds, 0.9)},
                          {"max_seconds", quantile(s.seconds, 1.0)},
                          {"ours_share", s.oursShare()},
                          {"unknown", s.unknown},
                          {"errors", s.errors},
                          {"internal_errors", s.internal},
                          {"sound_checked", s.soundChecked},
                          {"unsound", s.unsound},
                          {"mutations_not_run", s.notRun},
                          {"mean_suspicious_pct", mean(s.suspicious)}};
    }
    j["by_config"] = cj;
    Json vj = Json::array();
    for (size_t i = 0; i < tasks.size(); ++i) {
      Json truth = Json::array();
      for (const Truth &t : tasks[i].truth)
        truth.push_back(Json{{"file", t.file}, {"line", t.line}});
      Json r = results[i];
      r.erase("task");
      vj.push_back(Json{{"label", tasks[i].label},
                        {"program", tasks[i].program},
                        {"lang", tasks[i].lang},
                        {"class", tasks[i].cls},
                        {"file", tasks[i].file},
                        {"truth", truth},
                        {"result", r}});
    }
    j["results"] = vj;
    return j;
  }

  std::string markdown() {
    std::ostringstream md;
    md << "# bench localize: " << o.name << "\n\n"
       << "Command: `" << commandLine << "`\n\n"
       << tasks.size() << " faulty versions (" << withFailure << " with a failure to localize, " << noFailure
       << " equivalent within the bounds, " << problems << " problems); " << in.configs.size()
       << " configurations; " << o.jobs << " worker processes; wall time " << seconds(runSeconds)
       << ". The failure of each version is verify's counterexample (z3); only the procedures under test may "
          "be "
          "blamed. Lines examined and ties as in docs/localize.md; EXAM = lines examined / the lines with "
          "statements in the procedures under test (100 % when the fault is not found); top 10 % / 25 % = "
          "the fault within that share of the program's lines (Wolverine2's measure, below); times are the "
          "method's "
          "(after the failure is found; running the declared tests, which sbfl and maxsat:ochiai use, is "
          "not included: "
       << seconds(median(testSeconds)) << " median, " << seconds(quantile(testSeconds, 1.0))
       << " max per version); \"ours\" = the share not spent inside the solver."
       << (configs.size() > in.configs.size()
               ? " `consensus`: the configurations' rankings fused (reciprocal rank fusion, "
                 "docs/localize.md), its time the sum of theirs. Mean rank and ties at fault: over the "
                 "versions whose fault is found; ties at fault counts the fault's line with the lines that "
                 "share its rank."
               : "")
       << (std::any_of(in.configs.begin(), in.configs.end(), [](const Config &c) { return c.intended; })
               ? " `+intended`: the post-state is the original's state where the failing run's check starts; "
                 "a bound failure has none (its check is the loop's (bound+1)-th test, which the original "
                 "never reaches), so there the configuration derives the post-state from the check as the "
                 "plain method does (docs/localize.md)."
               : "")
       << "\n\n"
       << "## Summary (versions with a failure)\n\n"
       << summary.markdown()
       << "\n## Per class (Wolverine2's measure: the fault line within the top 10 % / 25 % "
          "of the lines)\n\n"
       << "Wolverine2 (Section 7, RQ4, Fig. 13) counts the versions whose buggy statement's average rank, "
          "normalized by the program's size (\"the percentage of the lines of code to be examined before "
          "the faulty line is encountered\"), is within 10 % (25 %). Here: lines examined (a line in a tie "
          "group of t lines at rank r counts (r − 1) + (t + 1) / 2, its average rank) / the program's "
          "lines ≤ 10 % (25 %), of the versions with a failure; the program's lines are the lines with "
          "statements of every procedure in the files of the procedures under test (the helpers and the "
          "driver `main` included, the declared tests not). \"Under test\": the same over the lines with "
          "statements in the procedures under test only (EXAM's denominator, stricter than the paper's).\n\n"
       << perClass.markdown();
    if (!soundness.rows.empty()) {
      std::string sound;
      for (const auto &m : localize::methods())
        if (m->claim() == localize::Claim::Sound)
          sound += (sound.empty() ? "" : ", ") + std::string(m->name());
      md << "\n## " << sound << ": soundness (Wolverine2: the faulty statement is in the suspicious set)\n\n"
         << "A version is sound when every mutated statement that ran in the failing run is suspicious "
            "(deletions and mutated statements that did not run cannot be pointed at and are counted apart); "
            "the suspicious set's size is a percentage of the blamable statements.\n\n"
         << soundness.markdown();
      if (!misses.empty()) {
        md << "\nMisses by what the mutation changed (condition: an `if` or loop condition, whose effect is "
              "on "
              "which statements run; left side: the statement writes another variable or field, so the right "
              "one is never written; right side: a wrong value, often into a variable the check does not "
              "read):";
        std::string sep = " ";
        for (const auto &[key, n] : missKinds) {
          md << sep << key.first << " " << (key.second.empty() ? "other" : key.second) << " " << n;
          sep = ", ";
        }
        md << ".\n\nEach miss rerun with the paper's postcondition, the intended state (the original "
              "program's on the failing run's inputs, where it reaches the failing check) instead of the "
              "post-state derived from the failing check, "
              "which corrects only what the check reads (the fewest entity changes that make it pass; "
              "docs/localize.md):";
        sep = " ";
        for (const auto &[key, n] : missWith) {
          md << sep << key.first << " " << n << " " << key.second;
          sep = ", ";
        }
        md << " (another path: the fault changes which statements run; a no-op write: the mutated statement "
              "writes the value its entity holds; same writes: it writes what the original writes on this "
              "input; "
              "the assumptions of Theorem A.1, docs/localize.md). The last column lists what the intended "
              "state "
              "corrects and the derived one leaves as the run computed it.\n\n| class | program | version | "
              "line | mutation | kind | with the intended "
              "state | left free by the check |\n| --- | --- | --- | ---: | --- | --- | --- | --- |\n";
        for (const std::string &m : misses)
          md << m << "\n";
      }
    }
    if (!papersTable.rows.empty())
      md << "\n## The papers' faults\n\n" << papersTable.markdown();
    if (mustChecked > 0) {
      md << "\n## The must property\n\n"
         << "Every version with one fault whose failure `must` localized (" << mustChecked
         << " runs): the must set should contain the faulty line. "
         << mustMisses.size() + mustExplained.size() << " do not.\n\n";
      md << "Violations (a fault in an expression whose line is not in the set): " << mustMisses.size()
         << (mustMisses.empty() ? ".\n" : "\n\n");
      for (const std::string &m : mustMisses)
        md << "- " << m << "\n";
      md << "\nExplained by the definition (" << mustExplained.size()
         << "): the fault changes the variable a statement assigns, not an expression. FOSFL is must for "
            "repairs "
            "that replace expressions (the paper's schemes S_arb and S_mut); a repair that assigns another "
            "variable is neither, and the slice of the failure need not reach the statement (it may not run, "
            "or write a variable the failure does not read).\n";
      if (!mustExplained.empty())
        md << "\n";
      for (const std::string &m : mustExplained)
        md << "- " << m << "\n";
    }
    if (!notApplicable.empty()) {
      md << "\n## Not applicable (the method cannot run on the failure)\n\n";
      for (const auto &[what, n] : notApplicable)
        md << "- " << what << " (" << n << (n == 1 ? " version)" : " versions)") << "\n";
    }
    if (!problemLines.empty()) {
      md << "\n## Problems\n\n";
      for (const std::string &p : problemLines)
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
  r.papers();
  r.mustProperty();
  r.plots();
  Outcome out;
  out.doc = r.json();
  out.text = r.markdown();
  const LocalizeOptions &o = in.o;
  if (!o.out.empty()) {
    out.files = writeReportFiles(o.out, o.name, out.text, out.doc, 1);
    out.add(writeCactusPlot(o.out, o.name + "-time", "localization time per version", r.cactus));
    out.add(writeLinePlot(o.out, o.name + "-exam", r.examPlot));
  }
  size_t internal = 0;
  for (const auto &[name, s] : r.byConfig)
    internal += s.internal;
  out.exit = r.problems || internal ? Internal : Ok;
  return out;
}

} // namespace locus::bench::localizer

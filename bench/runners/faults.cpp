// `locus bench faults`: the fault-injection benchmark. Generates a faulty suite from a corpus manifest
// (programs × classes × versions, reproducible from a seed), verifies every version and every original with
// each solver in fork()ed workers, and reports detection rates, equivalent mutants, time distributions and
// the solvers side by side (markdown, JSON with one record per version, a cactus plot).
//
// Extension point: a version is processed by a list of Methods (today one `verify/<solver>` per solver), each
// returning a JSON record stored under the method's name in the version's `runs`. Localization and repair
// register further methods (`localize/<method>`, `repair/<method>`) that read the same manifests' ground
// truth.
#include "backends/encoder/verify.h"
#include "bench/lib/report.h"
#include "bench/mutate/suite.h"
#include "bench/runners/common.h"
#include "bench/runners/runners.h"
#include "bench/runners/scoring.h"
#include "frontend/source.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>
#include <sstream>

namespace locus::bench {

NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(FaultsOptions, manifest, langs, programs, classes, versions,
                                                seed, solvers, jobs, timeout, work, out, name, quick,
                                                generateOnly)

namespace fs = std::filesystem;

namespace {

/// One unit of work for a worker: an original program or one faulty version.
struct Task {
  size_t program = 0;             ///< index into the corpus list
  size_t part = SIZE_MAX;         ///< index into Suite::parts; SIZE_MAX for an original
  size_t version = 0;             ///< index into the part's manifest versions
  std::string file, entry, label; ///< what to compile and verify
  uint32_t unwind = 5, heap = 64;
  bool original() const { return part == SIZE_MAX; }
  /// What a fresh process needs to run the task.
  Json json() const {
    return Json{
        {"file", file}, {"entry", entry}, {"unwind", unwind}, {"heap", heap}, {"original", original()}};
  }
};

/// What a method sees of a version: the compiled program and the bounds (the ground truth is in the part's
/// manifest, for methods that score themselves against it).
struct MethodInput {
  const ir::Program &prog;
  uint32_t entry;
  uint32_t unwind, heap;
  double timeout;
};

/// One way of processing a version; `run` executes in a worker process and returns the method's record.
/// Records of verification methods have at least `verdict` and `seconds`.
struct Method {
  std::string name; ///< key under `runs`: "verify/z3", later "localize/maxsat", …
  std::string solver;
  std::function<Json(const MethodInput &)> run;
};

Json verifyRecord(const MethodInput &in, const std::string &solver) {
  encoder::VerifyOptions vo;
  vo.encode.unwind = in.unwind;
  vo.encode.heapSlots = in.heap;
  vo.solver = solver;
  vo.timeoutMs = timeLimitMs(in.timeout);
  auto t0 = Clock::now();
  encoder::VerifyResult r = encoder::verify(in.prog, in.entry, vo);
  Json j{{"verdict", encoder::verdictName(r.verdict)},
         {"seconds", since(t0)},
         {"solve_seconds", r.solveSeconds}};
  if (r.check) {
    j["check"] = encoder::checkName(r.check->kind);
    j["stmt"] = r.check->stmt;
  }
  if (!r.reason.empty())
    j["reason"] = r.reason;
  return j;
}

/// The methods of a run: one `verify/<solver>` per solver.
std::vector<Method> methodsOf(const std::vector<std::string> &solvers) {
  std::vector<Method> methods;
  for (const std::string &s : solvers)
    methods.push_back(Method{"verify/" + s, s, [s](const MethodInput &in) { return verifyRecord(in, s); }});
  return methods;
}

std::vector<MethodKey> keysOf(const std::vector<Method> &methods) {
  std::vector<MethodKey> keys;
  for (const Method &m : methods)
    keys.push_back(MethodKey{m.name, m.solver});
  return keys;
}

/// Runs task `i` in the calling process: compile, then every method (order rotated per task).
Json runTask(const Json &t, size_t i, const std::vector<Method> &methods, double timeout) {
  Json j{{"task", i}};
  SourceManager sm;
  Diagnostics diags(sm);
  auto t0 = Clock::now();
  std::string file = t["file"], entryName = t["entry"];
  std::optional<ir::Program> prog = frontend::compileSource(file, sm, diags);
  j["frontend_seconds"] = since(t0);
  uint32_t entry = prog ? prog->procIndex(entryName) : ir::kNone;
  if (!prog || entry == ir::kNone) {
    std::ostringstream os;
    diags.print(os, false);
    std::string first = os.str().substr(0, os.str().find('\n'));
    j["error"] = prog ? "no procedure '" + entryName + "'" : first.empty() ? "does not compile" : first;
    return j;
  }
  Json runs = Json::object();
  for (size_t k = 0; k < methods.size(); ++k) {
    const Method &m = methods[(k + i) % methods.size()];
    runs[m.name] = m.run(MethodInput{*prog, entry, t["unwind"], t["heap"], timeout});
  }
  // Keep the methods' order stable in the record, whatever order they ran in.
  Json ordered = Json::object();
  for (const Method &m : methods)
    ordered[m.name] = runs[m.name];
  j["runs"] = ordered;
  return j;
}

/// The run's setup: the options made effective (--quick, the work directory), the corpus, the classes.
struct Setup {
  FaultsOptions o;
  std::vector<std::string> solvers, langs;
  std::vector<mutate::FaultClass> classes;
  std::vector<mutate::CorpusProgram> corpus;
};

Setup setUp(FaultsOptions o) {
  Setup s;
  s.solvers = splitComma(o.solvers);
  s.langs = splitComma(o.langs);
  if (s.solvers.empty() || s.langs.empty())
    throw UsageError("bench faults: --solvers and --langs must name at least one");
  for (const std::string &l : s.langs)
    if (l != "gcl" && l != "c")
      throw UsageError("bench faults: unknown language '" + l + "' (gcl, c)");
  for (const std::string &c : splitComma(o.classes)) {
    std::optional<mutate::FaultClass> fc = mutate::parseClass(c);
    if (!fc)
      throw UsageError("bench faults: unknown fault class '" + c + "' (C1, C2, C3, C4, L1, L2)");
    s.classes.push_back(*fc);
  }
  if (std::optional<std::string> why = o.generateOnly ? std::nullopt : unavailableSolver(s.solvers))
    throw UsageError(*why);
  std::string err;
  std::optional<std::vector<mutate::CorpusProgram>> corpus = mutate::readCorpus(o.manifest, s.langs, err);
  if (!corpus)
    throw UsageError(err);
  s.corpus = std::move(*corpus);
  mutate::keepPrograms(s.corpus, splitComma(o.programs));
  if (o.quick) {
    // 8 programs spread evenly over the corpus (first language only), 2 versions, one solver.
    std::erase_if(s.corpus, [&](const mutate::CorpusProgram &p) { return p.lang != s.langs.front(); });
    std::vector<mutate::CorpusProgram> pick;
    size_t n = s.corpus.size(), want = std::min<size_t>(8, n);
    for (size_t k = 0; k < want; ++k)
      pick.push_back(s.corpus[k * n / want]);
    s.corpus = pick;
    o.versions = 2;
    s.solvers.resize(1);
  }
  if (s.corpus.empty())
    throw UsageError("bench faults: no programs in '" + o.manifest + "' for the languages asked");
  if (o.work.empty())
    o.work = (fs::temp_directory_path() / (o.quick ? "locus-faults-quick" : "locus-faults")).string();
  s.o = o;
  return s;
}

/// The generated suite and its counts.
struct Generated {
  mutate::Suite suite;
  double seconds = 0;
  size_t versions = 0, duplicates = 0, invalid = 0;
};

/// Generates the suite (byte-identical from the seed); a program that cannot be mutated is a warning.
Generated generate(const Setup &s, Outcome &out) {
  Generated g;
  auto t0 = Clock::now();
  mutate::SuiteOptions so;
  so.classes = s.classes;
  so.versions = s.o.versions;
  so.seed = s.o.seed;
  so.workDir = s.o.work;
  g.suite = mutate::generateSuite(s.corpus, so);
  g.seconds = since(t0);
  for (const mutate::SuitePart &p : g.suite.parts) {
    g.versions += p.manifest.versions.size();
    g.duplicates += p.duplicates;
    g.invalid += p.invalid;
  }
  for (size_t i = 0; i < s.corpus.size(); ++i)
    if (!g.suite.programErrors[i].empty())
      out.warnings.push_back(s.corpus[i].file + ": " + g.suite.programErrors[i]);
  if (g.invalid)
    out.warnings.push_back(std::to_string(g.invalid) + " mutant(s) failed IR validation (an internal error)");
  return g;
}

/// The work: every original (must be safe), then every version.
std::vector<Task> makeTasks(const Setup &s, const mutate::Suite &suite) {
  std::vector<Task> tasks;
  for (size_t i = 0; i < s.corpus.size(); ++i) {
    const mutate::CorpusProgram &p = s.corpus[i];
    Task t;
    t.program = i;
    t.file = p.file;
    t.entry = p.entry;
    t.unwind = p.unwind;
    t.heap = p.heap;
    t.label = p.key() + " original";
    tasks.push_back(t);
  }
  for (size_t k = 0; k < suite.parts.size(); ++k) {
    const mutate::SuitePart &part = suite.parts[k];
    const mutate::CorpusProgram &p = s.corpus[part.program];
    for (size_t v = 0; v < part.manifest.versions.size(); ++v) {
      Task t;
      t.program = part.program;
      t.part = k;
      t.version = v;
      t.file = (fs::path(part.dir) / part.manifest.versions[v].file).string();
      t.entry = p.entry;
      t.unwind = p.unwind;
      t.heap = p.heap;
      t.label = part.manifest.versions[v].file;
      tasks.push_back(t);
    }
  }
  return tasks;
}

/// Everything counted over the records.
struct Tally {
  std::vector<std::string> status, why;
  std::vector<std::string> originalStatus;
  std::map<mutate::FaultClass, DetectionCounts> byClass;
  std::map<size_t, std::map<mutate::FaultClass, DetectionCounts>> byProgram;
  DetectionCounts all;
  std::map<std::pair<mutate::FaultClass, std::string>, std::vector<double>> times; ///< (class, solver)
  std::map<std::string, std::vector<double>> solverTimes, solvedTimes;
  std::map<std::string, DetectionCounts> bySolver;
  std::map<std::string, double> solverTotal;
  std::vector<double> ratios; ///< per version: solvers[1] / solvers[0], both decided
  std::vector<std::string> disagreements, problems;
  std::set<size_t> excluded; ///< programs whose original is not safe: their versions prove nothing
};

/// The times of one counted version, per solver.
void addTimes(Tally &t, const Json &record, mutate::FaultClass c, const std::vector<Method> &methods) {
  double fe = record.value("frontend_seconds", 0.0);
  std::vector<double> sec;
  for (const Method &m : methods) {
    const Json &x = record["runs"][m.name];
    double s = fe + x.value("seconds", 0.0);
    std::string v = x.value("verdict", "");
    t.times[{c, m.solver}].push_back(s);
    t.solverTimes[m.solver].push_back(s);
    t.solverTotal[m.solver] += s;
    t.bySolver[m.solver].add(v == "safe"                             ? "equivalent"
                             : v == "internal-error" || v == "error" ? "error"
                                                                     : v);
    if (decided(v))
      t.solvedTimes[m.solver].push_back(s);
    sec.push_back(decided(v) ? s : -1);
  }
  if (sec.size() > 1 && sec[0] > 0 && sec[1] > 0)
    t.ratios.push_back(sec[1] / sec[0]);
}

/// Classifies, counts and times the records.
Tally tally(const std::vector<Task> &tasks, const std::vector<Json> &results,
            const std::vector<Method> &methods, const Setup &s, const mutate::Suite &suite) {
  Tally t;
  t.status.resize(tasks.size());
  t.why.resize(tasks.size());
  for (size_t i = 0; i < tasks.size(); ++i)
    t.status[i] = classifyVersion(results[i], keysOf(methods), t.why[i]);
  t.originalStatus.resize(s.corpus.size());
  for (size_t i = 0; i < tasks.size(); ++i)
    if (tasks[i].original())
      t.originalStatus[tasks[i].program] = t.status[i];
  for (size_t i = 0; i < s.corpus.size(); ++i)
    if (t.originalStatus[i] != "equivalent")
      t.excluded.insert(i);
  for (size_t i = 0; i < tasks.size(); ++i) {
    const Task &task = tasks[i];
    const std::string &st = t.status[i];
    if (st == "disagree") {
      std::string d = task.label + ":";
      for (const Method &m : methods)
        d += " " + m.solver + " " + results[i]["runs"][m.name].value("verdict", "?");
      t.disagreements.push_back(d);
    } else if (st != "failed" && st != "bound" && st != "equivalent")
      t.problems.push_back(task.label + ": " + st + (t.why[i].empty() ? "" : ": " + t.why[i]));
    if (task.original() || t.excluded.count(task.program))
      continue;
    mutate::FaultClass c = suite.parts[task.part].cls;
    t.byClass[c].add(st);
    t.byProgram[task.program][c].add(st);
    t.all.add(st);
    if (results[i].contains("runs"))
      addTimes(t, results[i], c, methods);
  }
  return t;
}

/// Equivalence goes back into the manifests (null when undecided).
void updateManifests(mutate::Suite &suite, const std::vector<Task> &tasks, const Tally &t, Outcome &out) {
  for (size_t k = 0; k < suite.parts.size(); ++k)
    for (mutate::VersionRecord &v : suite.parts[k].manifest.versions)
      v.equivalent.reset();
  for (size_t i = 0; i < tasks.size(); ++i) {
    const std::string &st = t.status[i];
    if (!tasks[i].original() && (st == "equivalent" || st == "failed" || st == "bound"))
      suite.parts[tasks[i].part].manifest.versions[tasks[i].version].equivalent = st == "equivalent";
  }
  std::string err;
  for (const mutate::SuitePart &p : suite.parts)
    if (!mutate::writeManifest(p.manifestPath, p.manifest, err))
      out.warnings.push_back(err);
}

/// Everything the report is made of.
struct Report {
  const Setup &s;
  const Generated &g;
  const std::vector<Task> &tasks;
  const std::vector<Json> &results;
  const Tally &t;
  double runSeconds;
  const std::string &commandLine;
};

std::vector<std::string> countRow(const std::string &name, const DetectionCounts &c) {
  return {name,
          std::to_string(c.versions),
          std::to_string(c.failed),
          std::to_string(c.bound),
          std::to_string(c.equivalent),
          std::to_string(c.unknown),
          std::to_string(c.errors),
          std::to_string(c.disagree),
          std::to_string(c.detected()) + " / " + std::to_string(c.nonEquivalent()),
          c.rate()};
}

Table classTable(const Report &r) {
  Table table;
  table.header = {"class",         "versions",   "failed",
                  "bound",         "equivalent", "unknown",
                  "errors",        "disagree",   "detected / non-equivalent",
                  "detection rate"};
  table.alignRight = {false, true, true, true, true, true, true, true, true, true};
  for (mutate::FaultClass c : r.s.classes)
    table.rows.push_back(
        countRow(mutate::className(c), r.t.byClass.count(c) ? r.t.byClass.at(c) : DetectionCounts()));
  table.rows.push_back(countRow("all", r.t.all));
  return table;
}

Table timeTable(const Report &r) {
  Table table;
  table.header = {"class", "solver", "median", "p90", "max", "total"};
  table.alignRight = {false, false, true, true, true, true};
  for (mutate::FaultClass c : r.s.classes)
    for (const std::string &s : r.s.solvers) {
      auto it = r.t.times.find({c, s});
      std::vector<double> v = it == r.t.times.end() ? std::vector<double>() : it->second;
      double total = 0;
      for (double x : v)
        total += x;
      table.rows.push_back({mutate::className(c), s, seconds(median(v)), seconds(quantile(v, 0.9)),
                            seconds(quantile(v, 1.0)), seconds(total)});
    }
  return table;
}

template <class T> T valueOr(const std::map<std::string, T> &m, const std::string &k) {
  auto it = m.find(k);
  return it == m.end() ? T() : it->second;
}

Table solverTable(const Report &r) {
  const std::vector<std::string> &solvers = r.s.solvers;
  Table table;
  table.header = {"solver", "decided", "unknown / timeout",     "errors", "total time", "median",
                  "p90",    "max",     "ratio to " + solvers[0]};
  table.alignRight = {false, true, true, true, true, true, true, true, true};
  for (const std::string &s : solvers) {
    DetectionCounts c = valueOr(r.t.bySolver, s);
    std::vector<double> v = valueOr(r.t.solverTimes, s);
    table.rows.push_back({s, std::to_string(c.failed + c.bound + c.equivalent), std::to_string(c.unknown),
                          std::to_string(c.errors), seconds(valueOr(r.t.solverTotal, s)), seconds(median(v)),
                          seconds(quantile(v, 0.9)), seconds(quantile(v, 1.0)),
                          ratio(valueOr(r.t.solverTotal, s), valueOr(r.t.solverTotal, solvers[0]))});
  }
  return table;
}

DetectionCounts programCounts(const Tally &t, size_t program, mutate::FaultClass c) {
  auto p = t.byProgram.find(program);
  if (p == t.byProgram.end())
    return {};
  auto k = p->second.find(c);
  return k == p->second.end() ? DetectionCounts() : k->second;
}

Table programTable(const Report &r) {
  Table table;
  table.header = {"program", "original"};
  table.alignRight = {false, false};
  for (mutate::FaultClass c : r.s.classes) {
    table.header.push_back(mutate::className(c));
    table.alignRight.push_back(true);
  }
  for (size_t i = 0; i < r.s.corpus.size(); ++i) {
    const std::string &orig = r.t.originalStatus[i];
    std::vector<std::string> row{r.s.corpus[i].key(), orig == "equivalent"                 ? "safe"
                                                      : r.g.suite.programErrors[i].empty() ? orig
                                                                                           : "error"};
    for (mutate::FaultClass c : r.s.classes) {
      DetectionCounts k = programCounts(r.t, i, c);
      row.push_back(r.t.excluded.count(i)
                        ? "–"
                        : std::to_string(k.detected()) + "/" + std::to_string(k.nonEquivalent()) +
                              (k.equivalent ? " (" + std::to_string(k.equivalent) + " eq)" : ""));
    }
    table.rows.push_back(row);
  }
  return table;
}

/// One record per original and per version, for the JSON.
Json versionRecords(const Report &r) {
  Json vj = Json::array();
  for (size_t i = 0; i < r.tasks.size(); ++i) {
    const Task &t = r.tasks[i];
    const mutate::CorpusProgram &p = r.s.corpus[t.program];
    Json x{{"program", p.id}, {"lang", p.lang}};
    if (t.original()) {
      x["class"] = "original";
    } else {
      const mutate::SuitePart &part = r.g.suite.parts[t.part];
      x["class"] = mutate::className(part.cls);
      x["version"] = part.manifest.versions[t.version].version;
      x["manifest"] = part.manifestPath;
    }
    const std::string &st = r.t.status[i];
    x["file"] = t.file;
    x["status"] = st;
    if (!r.t.why[i].empty() && st != "failed" && st != "bound" && st != "equivalent")
      x["reason"] = r.t.why[i];
    x["frontend_seconds"] = r.results[i].value("frontend_seconds", 0.0);
    x["runs"] = r.results[i].contains("runs") ? r.results[i]["runs"] : Json::object();
    vj.push_back(x);
  }
  return vj;
}

/// JSON: the setup, the counts, one record per original and per version.
Json reportJson(const Report &r) {
  const FaultsOptions &o = r.s.o;
  Json j;
  j["command"] = "bench faults";
  j["command_line"] = r.commandLine;
  j["setup"] = Json{{"manifest", o.manifest},
                    {"languages", r.s.langs},
                    {"classes", splitComma(o.classes)},
                    {"versions_per_class", o.versions},
                    {"seed", o.seed},
                    {"solvers", r.s.solvers},
                    {"timeout_seconds", o.timeout},
                    {"jobs", o.jobs},
                    {"work", o.work},
                    {"quick", o.quick}};
  j["generated"] = Json{{"versions", r.g.versions},
                        {"duplicates_skipped", r.g.duplicates},
                        {"invalid", r.g.invalid},
                        {"seconds", r.g.seconds}};
  j["run_seconds"] = r.runSeconds;
  Json cj = Json::object();
  for (mutate::FaultClass c : r.s.classes)
    cj[mutate::className(c)] = (r.t.byClass.count(c) ? r.t.byClass.at(c) : DetectionCounts()).json();
  cj["all"] = r.t.all.json();
  j["by_class"] = cj;
  Json sj = Json::object();
  for (const std::string &s : r.s.solvers) {
    std::vector<double> v = valueOr(r.t.solverTimes, s);
    DetectionCounts c = valueOr(r.t.bySolver, s);
    sj[s] = Json{{"total_seconds", valueOr(r.t.solverTotal, s)},
                 {"median_seconds", median(v)},
                 {"p90_seconds", quantile(v, 0.9)},
                 {"max_seconds", quantile(v, 1.0)},
                 {"decided", c.failed + c.bound + c.equivalent},
                 {"unknown", c.unknown},
                 {"errors", c.errors}};
  }
  j["by_solver"] = sj;
  if (r.s.solvers.size() > 1)
    j["ratio_geomean"] = geometricMean(r.t.ratios);
  j["disagreements"] = r.t.disagreements;
  Json pj = Json::array();
  for (size_t i = 0; i < r.s.corpus.size(); ++i) {
    Json cls = Json::object();
    for (mutate::FaultClass c : r.s.classes)
      cls[mutate::className(c)] = programCounts(r.t, i, c).json();
    const mutate::CorpusProgram &p = r.s.corpus[i];
    pj.push_back(Json{{"id", p.id},
                      {"lang", p.lang},
                      {"file", p.file},
                      {"original", r.t.originalStatus[i]},
                      {"excluded", r.t.excluded.count(i) != 0},
                      {"error", r.g.suite.programErrors[i]},
                      {"by_class", cls}});
  }
  j["programs"] = pj;
  j["versions"] = versionRecords(r);
  return j;
}

/// The markdown: setup, detection per class, originals, solvers, disagreements, times, programs, problems.
std::string reportMarkdown(const Report &r) {
  const FaultsOptions &o = r.s.o;
  const std::vector<std::string> &solvers = r.s.solvers;
  std::ostringstream md;
  std::string classList;
  for (mutate::FaultClass c : r.s.classes)
    classList += std::string(classList.empty() ? "" : ", ") + mutate::className(c);
  md << "# locus bench faults: " << r.g.versions << " faulty versions of " << r.s.corpus.size()
     << " programs (" << classList << "), verified with ";
  for (size_t s = 0; s < solvers.size(); ++s)
    md << (s ? ", " : "") << solvers[s];
  md << "\n\nCommand: `" << r.commandLine << "`\n\n"
     << "Seed " << o.seed << "; " << o.versions << " versions requested per program and class, "
     << r.g.versions << " generated (" << r.g.duplicates << " duplicate draws skipped) in "
     << seconds(r.g.seconds) << " into `" << o.work
     << "`. Each version and each original is compiled from its file and verified by "
     << "every solver (" << seconds(o.timeout) << " limit per run) in " << o.jobs
     << " worker processes; wall time " << seconds(r.runSeconds) << ".\n\n"
     << "A version is *failed* when the verifier finds a real failure, *bound* when only an unwinding or "
        "heap-bound check fails (the fault makes a loop run longer than the bound: detected, of a distinct "
        "kind), *equivalent* when it is proved safe (excluded from the rate). Detection rate = (failed + "
        "bound) / (versions − equivalent); unknown and errors count as not detected.\n\n"
     << classTable(r).markdown() << "\n";
  if (!r.t.excluded.empty()) {
    md << "**Originals that do not verify SAFE (their versions are excluded):**\n\n";
    for (size_t i : r.t.excluded)
      md << "- " << r.s.corpus[i].file << ": "
         << (r.g.suite.programErrors[i].empty() ? r.t.originalStatus[i] : r.g.suite.programErrors[i]) << "\n";
    md << "\n";
  } else {
    md << "All " << r.s.corpus.size() << " originals verify SAFE.\n\n";
  }
  md << "## Solvers\n\nTimes per version (front end + verification), over the versions counted above.\n\n"
     << solverTable(r).markdown() << "\n";
  if (solvers.size() > 1)
    md << "Geometric mean of the per-version time ratio " << solvers[1] << " / " << solvers[0]
       << " (versions "
       << "both decided): " << ratio(geometricMean(r.t.ratios), 1) << " over " << r.t.ratios.size()
       << " versions.\n\n";
  if (r.t.disagreements.empty())
    md << "Verdicts: the solvers that answered agree on every version.\n\n";
  else {
    md << "**SOLVER DISAGREEMENTS (" << r.t.disagreements.size()
       << ") — a bug in a solver or in the encoding:**\n\n";
    for (const std::string &d : r.t.disagreements)
      md << "- " << d << "\n";
    md << "\n";
  }
  md << "## Time per class and solver\n\n"
     << timeTable(r).markdown() << "\n"
     << "## Per program\n\nDetected / non-equivalent versions (equivalent ones in parentheses).\n\n"
     << programTable(r).markdown();
  const std::vector<std::string> &problems = r.t.problems;
  if (!problems.empty()) {
    md << "\n## No verdict\n\n";
    for (size_t k = 0; k < problems.size() && k < 100; ++k)
      md << "- " << problems[k] << "\n";
    if (problems.size() > 100)
      md << "- … and " << problems.size() - 100 << " more (see the JSON)\n";
  }
  return md.str();
}

/// Writes the report files and the cactus plot (one line per solver).
void writeFiles(const Report &r, Outcome &out) {
  const FaultsOptions &o = r.s.o;
  out.files = writeReportFiles(o.out, o.name, out.text, out.doc, 2);
  std::vector<Series> series;
  for (const std::string &s : r.s.solvers)
    series.push_back({s, valueOr(r.t.solvedTimes, s)});
  PlotResult plot = writeCactusPlot(
      o.out, o.name, "locus verify on " + std::to_string(r.g.versions) + " faulty versions", series);
  if (!plot.warning.empty())
    out.warnings.push_back(plot.warning);
  out.notes.push_back("wrote " + (fs::path(o.out) / o.name).string() + ".{md,json} and " +
                      std::to_string(plot.files.size() - 2) + " plot image(s)");
  out.files.insert(out.files.end(), plot.files.begin(), plot.files.end());
}

TaskList taskList(const Setup &s, const std::vector<Task> &tasks) {
  TaskList list = taskListOf("faults", s.o, tasks, [](const Task &t) { return t.json(); });
  list.options["solvers"] = s.solvers.front();
  for (size_t k = 1; k < s.solvers.size(); ++k)
    list.options["solvers"] = list.options["solvers"].get<std::string>() + "," + s.solvers[k];
  return list;
}

} // namespace

Outcome runFaults(FaultsOptions options, const Context &ctx) {
  Setup s = setUp(std::move(options));
  Outcome out;
  Generated g = generate(s, out);
  if (s.o.generateOnly) {
    out.text = "generated " + std::to_string(g.versions) + " versions of " + std::to_string(s.corpus.size()) +
               " programs in " + seconds(g.seconds) + " into " + s.o.work + "\n";
    out.doc = Json{
        {"generated", g.versions}, {"programs", s.corpus.size()}, {"seconds", g.seconds}, {"work", s.o.work}};
    out.exit = g.invalid ? Internal : Ok;
    return out;
  }
  std::vector<Task> tasks = makeTasks(s, g.suite);
  std::vector<Method> methods = methodsOf(s.solvers);
  TaskList list = taskList(s, tasks);
  // A hard limit per task: every solver's time limit, plus room for the front end, encoding and replay.
  double hard = s.o.timeout > 0 ? s.o.timeout * static_cast<double>(methods.size()) * 1.5 + 60 : 0;
  if (ctx.slurm)
    return writeCampaign(list, hard, *ctx.slurm, ctx.commandLine);
  double runSeconds = 0;
  std::vector<Json> results = runTasks(
      list, [&](size_t i) { return runTask(list.tasks[i], i, methods, s.o.timeout); },
      LoopOptions{"faults", s.o.jobs, hard, ctx.progress, s.o.work, ctx.collect}, &runSeconds);

  Tally t = tally(tasks, results, methods, s, g.suite);
  updateManifests(g.suite, tasks, t, out);
  Report r{s, g, tasks, results, t, runSeconds, ctx.commandLine};
  out.doc = reportJson(r);
  out.text = reportMarkdown(r);
  if (!s.o.out.empty())
    writeFiles(r, out);
  size_t internalErrors = g.invalid;
  for (size_t i = 0; i < tasks.size(); ++i)
    internalErrors += results[i].contains("crashed") ||
                      (t.status[i] == "error" && t.why[i].find("internal-error") != std::string::npos);
  out.exit = internalErrors ? Internal : !t.disagreements.empty() || !t.excluded.empty() ? Violated : Ok;
  return out;
}

Outcome rerunFaults(const Json &options, const Context &ctx) {
  return runFaults(fromOrderedJson<FaultsOptions>(options), ctx);
}

Json runStoredFaultsTask(const Json &options, const Json &task, size_t index) {
  FaultsOptions o = fromOrderedJson<FaultsOptions>(options);
  return runTask(task, index, methodsOf(splitComma(o.solvers)), o.timeout);
}

} // namespace locus::bench

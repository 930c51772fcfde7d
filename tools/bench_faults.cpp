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
#include "bench/lib/pool.h"
#include "bench/lib/report.h"
#include "bench/mutate/suite.h"
#include "frontend/source.h"
#include "tools/bench_cmd.h"
#include "tools/report.h"
#include "tools/time_limit.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <sstream>

namespace locus::tools {

using report::Exit;
using report::Json;
using report::usageError;
namespace fs = std::filesystem;

namespace {

using bench::Clock;
using bench::quantile;
using bench::since;

struct Options {
  std::string manifest = "bench/corpus/programs.json";
  std::string langs = "gcl";
  std::string programs; ///< comma-separated ids to keep (empty: all)
  std::string classes = "C1,C2,C3,C4";
  unsigned versions = 40;
  uint64_t seed = 1;
  std::string solvers = "z3,cvc5";
  unsigned jobs = 2;
  double timeout = 30;
  std::string work;
  std::string out;
  std::string name = "faults";
  bool quick = false;
  bool generateOnly = false;
};

/// One unit of work for a worker: an original program or one faulty version.
struct Task {
  size_t program = 0;             ///< index into the corpus list
  size_t part = SIZE_MAX;         ///< index into Suite::parts; SIZE_MAX for an original
  size_t version = 0;             ///< index into the part's manifest versions
  std::string file, entry, label; ///< what to compile and verify
  uint32_t unwind = 5, heap = 64;
  bool original() const { return part == SIZE_MAX; }
};

/// What a method sees of a version: the compiled program and the task (the ground truth is in the part's
/// manifest, for methods that score themselves against it).
struct MethodInput {
  const ir::Program &prog;
  uint32_t entry;
  const Task &task;
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
  vo.encode.unwind = in.task.unwind;
  vo.encode.heapSlots = in.task.heap;
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

/// Runs one task in the calling process: compile, then every method (order rotated per task).
Json runTask(const std::vector<Task> &tasks, size_t i, const std::vector<Method> &methods, double timeout) {
  const Task &t = tasks[i];
  Json j{{"task", i}};
  SourceManager sm;
  Diagnostics diags(sm);
  auto t0 = Clock::now();
  std::optional<ir::Program> prog = frontend::compileSource(t.file, sm, diags);
  j["frontend_seconds"] = since(t0);
  uint32_t entry = prog ? prog->procIndex(t.entry) : ir::kNone;
  if (!prog || entry == ir::kNone) {
    std::ostringstream os;
    diags.print(os, false);
    std::string first = os.str().substr(0, os.str().find('\n'));
    j["error"] = prog ? "no procedure '" + t.entry + "'" : first.empty() ? "does not compile" : first;
    return j;
  }
  Json runs = Json::object();
  for (size_t k = 0; k < methods.size(); ++k) {
    const Method &m = methods[(k + i) % methods.size()];
    runs[m.name] = m.run(MethodInput{*prog, entry, t, timeout});
  }
  // Keep the methods' order stable in the record, whatever order they ran in.
  Json ordered = Json::object();
  for (const Method &m : methods)
    ordered[m.name] = runs[m.name];
  j["runs"] = ordered;
  return j;
}

bool decided(const std::string &v) {
  return v == "safe" || v == "failed" || v == "bound";
}

/// The outcome of a version over all solvers: failed / bound / equivalent / unknown / error / disagree.
std::string classify(const Json &r, const std::vector<Method> &methods, std::string &why) {
  if (r.contains("error")) {
    why = r["error"];
    return "error";
  }
  if (r.contains("crashed")) {
    why = r["crashed"];
    return "error";
  }
  if (r.contains("killed")) {
    why = r["killed"];
    return "unknown";
  }
  std::set<std::string> verdicts;
  bool internal = false;
  for (const Method &m : methods) {
    const Json &x = r["runs"][m.name];
    std::string v = x.value("verdict", "");
    if (decided(v))
      verdicts.insert(v);
    else if (v != "unknown") {
      internal = true;
      why = m.solver + ": " + v + ": " + x.value("reason", "");
    } else if (why.empty())
      why = m.solver + ": " + x.value("reason", "unknown");
  }
  if (verdicts.size() > 1)
    return "disagree";
  if (verdicts.size() == 1) {
    std::string v = *verdicts.begin();
    return v == "safe" ? "equivalent" : v;
  }
  return internal ? "error" : "unknown";
}

struct Counts {
  size_t versions = 0, failed = 0, bound = 0, equivalent = 0, unknown = 0, errors = 0, disagree = 0;
  void add(const std::string &status) {
    ++versions;
    if (status == "failed")
      ++failed;
    else if (status == "bound")
      ++bound;
    else if (status == "equivalent")
      ++equivalent;
    else if (status == "unknown")
      ++unknown;
    else if (status == "disagree")
      ++disagree;
    else
      ++errors;
  }
  size_t detected() const { return failed + bound; }
  size_t nonEquivalent() const { return versions - equivalent; }
  std::string rate() const {
    if (nonEquivalent() == 0)
      return "–";
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f %%",
                  100.0 * static_cast<double>(detected()) / static_cast<double>(nonEquivalent()));
    return buf;
  }
  Json json() const {
    return Json{
        {"versions", versions},
        {"failed", failed},
        {"bound", bound},
        {"equivalent", equivalent},
        {"unknown", unknown},
        {"errors", errors},
        {"disagree", disagree},
        {"detected", detected()},
        {"detection_rate",
         nonEquivalent() ? static_cast<double>(detected()) / static_cast<double>(nonEquivalent()) : 0.0}};
  }
};

int runBenchFaults(Options o, const std::string &commandLine, report::Reporter &rep) {
  std::vector<std::string> solvers = splitComma(o.solvers);
  std::vector<std::string> langs = splitComma(o.langs);
  if (solvers.empty() || langs.empty())
    usageError("bench faults: --solvers and --langs must name at least one");
  for (const std::string &l : langs)
    if (l != "gcl" && l != "c")
      usageError("bench faults: unknown language '" + l + "' (gcl, c)");
  std::vector<mutate::FaultClass> classes;
  for (const std::string &c : splitComma(o.classes)) {
    std::optional<mutate::FaultClass> fc = mutate::parseClass(c);
    if (!fc)
      usageError("bench faults: unknown fault class '" + c + "' (C1, C2, C3, C4, L1, L2)");
    classes.push_back(*fc);
  }
  if (std::optional<std::string> why = o.generateOnly ? std::nullopt : unavailableSolver(solvers))
    usageError(*why);

  std::string err;
  std::optional<std::vector<mutate::CorpusProgram>> corpus = mutate::readCorpus(o.manifest, langs, err);
  if (!corpus)
    usageError(err);
  mutate::keepPrograms(*corpus, splitComma(o.programs));
  if (o.quick) {
    // 8 programs spread evenly over the corpus (first language only), 2 versions, one solver.
    std::erase_if(*corpus, [&](const mutate::CorpusProgram &p) { return p.lang != langs.front(); });
    std::vector<mutate::CorpusProgram> pick;
    size_t n = corpus->size(), want = std::min<size_t>(8, n);
    for (size_t k = 0; k < want; ++k)
      pick.push_back((*corpus)[k * n / want]);
    *corpus = pick;
    o.versions = 2;
    solvers.resize(1);
  }
  if (corpus->empty())
    usageError("bench faults: no programs in '" + o.manifest + "' for the languages asked");
  if (o.work.empty())
    o.work = (fs::temp_directory_path() / (o.quick ? "locus-faults-quick" : "locus-faults")).string();

  // Generate the suite (byte-identical from the seed).
  auto tGen = Clock::now();
  mutate::SuiteOptions so;
  so.classes = classes;
  so.versions = o.versions;
  so.seed = o.seed;
  so.workDir = o.work;
  mutate::Suite suite = mutate::generateSuite(*corpus, so);
  double genSeconds = since(tGen);
  size_t generated = 0, duplicates = 0, invalid = 0;
  for (const mutate::SuitePart &p : suite.parts) {
    generated += p.manifest.versions.size();
    duplicates += p.duplicates;
    invalid += p.invalid;
  }
  for (size_t i = 0; i < corpus->size(); ++i)
    if (!suite.programErrors[i].empty())
      rep.warning((*corpus)[i].file + ": " + suite.programErrors[i]);
  if (invalid)
    rep.warning(std::to_string(invalid) + " mutant(s) failed IR validation (an internal error)");
  if (o.generateOnly) {
    rep.text() << "generated " << generated << " versions of " << corpus->size() << " programs in "
               << bench::seconds(genSeconds) << " into " << o.work << "\n";
    return rep.finish(Json{{"generated", generated},
                           {"programs", corpus->size()},
                           {"seconds", genSeconds},
                           {"work", o.work}},
                      invalid ? Exit::Internal : Exit::Ok);
  }

  // The work: every original (must be safe), then every version.
  std::vector<Task> tasks;
  for (size_t i = 0; i < corpus->size(); ++i) {
    const mutate::CorpusProgram &p = (*corpus)[i];
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
    const mutate::CorpusProgram &p = (*corpus)[part.program];
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
  std::vector<Method> methods;
  for (const std::string &s : solvers)
    methods.push_back(Method{"verify/" + s, s, [s](const MethodInput &in) { return verifyRecord(in, s); }});

  std::vector<Json> results(tasks.size());
  auto tRun = Clock::now();
  {
    bench::Progress progress(tasks.size(), "faults", !rep.json());
    // A hard limit per task: every solver's time limit, plus room for the front end, encoding and replay.
    double hard = o.timeout > 0 ? o.timeout * static_cast<double>(methods.size()) * 1.5 + 60 : 0;
    bench::WorkerPool pool(
        tasks.size(), [&](size_t i) { return runTask(tasks, i, methods, o.timeout).dump(); }, o.jobs, hard);
    pool.run([&](size_t i) { progress.step(tasks[i].label); }, [&](size_t i, Json r) { results[i] = r; });
    progress.done();
  }
  double runSeconds = since(tRun);

  // Classify, count and time.
  std::vector<std::string> status(tasks.size()), why(tasks.size());
  for (size_t i = 0; i < tasks.size(); ++i)
    status[i] = classify(results[i], methods, why[i]);
  std::vector<std::string> originalStatus(corpus->size());
  for (size_t i = 0; i < tasks.size(); ++i)
    if (tasks[i].original())
      originalStatus[tasks[i].program] = status[i];
  std::map<mutate::FaultClass, Counts> byClass;
  std::map<size_t, std::map<mutate::FaultClass, Counts>> byProgram;
  Counts all;
  std::map<std::pair<mutate::FaultClass, std::string>, std::vector<double>> times; ///< (class, solver)
  std::map<std::string, std::vector<double>> solverTimes, solvedTimes;
  std::map<std::string, Counts> bySolver;
  std::map<std::string, double> solverTotal;
  std::vector<double> ratios; ///< per version: solvers[1] / solvers[0], both decided
  std::vector<std::string> disagreements, problems;
  std::set<size_t> excluded; ///< programs whose original is not safe: their versions prove nothing
  for (size_t i = 0; i < corpus->size(); ++i)
    if (originalStatus[i] != "equivalent")
      excluded.insert(i);
  for (size_t i = 0; i < tasks.size(); ++i) {
    const Task &t = tasks[i];
    if (status[i] == "disagree") {
      std::string d = t.label + ":";
      for (const Method &m : methods)
        d += " " + m.solver + " " + results[i]["runs"][m.name].value("verdict", "?");
      disagreements.push_back(d);
    } else if (status[i] != "failed" && status[i] != "bound" && status[i] != "equivalent")
      problems.push_back(t.label + ": " + status[i] + (why[i].empty() ? "" : ": " + why[i]));
    if (t.original() || excluded.count(t.program))
      continue;
    mutate::FaultClass c = suite.parts[t.part].cls;
    byClass[c].add(status[i]);
    byProgram[t.program][c].add(status[i]);
    all.add(status[i]);
    if (!results[i].contains("runs"))
      continue;
    double fe = results[i].value("frontend_seconds", 0.0);
    std::vector<double> sec;
    for (const Method &m : methods) {
      const Json &x = results[i]["runs"][m.name];
      double s = fe + x.value("seconds", 0.0);
      std::string v = x.value("verdict", "");
      times[{c, m.solver}].push_back(s);
      solverTimes[m.solver].push_back(s);
      solverTotal[m.solver] += s;
      bySolver[m.solver].add(v == "safe"                             ? "equivalent"
                             : v == "internal-error" || v == "error" ? "error"
                                                                     : v);
      if (decided(v))
        solvedTimes[m.solver].push_back(s);
      sec.push_back(decided(v) ? s : -1);
    }
    if (sec.size() > 1 && sec[0] > 0 && sec[1] > 0)
      ratios.push_back(sec[1] / sec[0]);
  }

  // Equivalence goes back into the manifests (null when undecided).
  for (size_t k = 0; k < suite.parts.size(); ++k)
    for (mutate::VersionRecord &v : suite.parts[k].manifest.versions)
      v.equivalent.reset();
  for (size_t i = 0; i < tasks.size(); ++i)
    if (!tasks[i].original() && (status[i] == "equivalent" || status[i] == "failed" || status[i] == "bound"))
      suite.parts[tasks[i].part].manifest.versions[tasks[i].version].equivalent = status[i] == "equivalent";
  for (const mutate::SuitePart &p : suite.parts)
    if (!mutate::writeManifest(p.manifestPath, p.manifest, err))
      rep.warning(err);

  // Tables.
  bench::Table classTable;
  classTable.header = {"class",         "versions",   "failed",
                       "bound",         "equivalent", "unknown",
                       "errors",        "disagree",   "detected / non-equivalent",
                       "detection rate"};
  classTable.alignRight = {false, true, true, true, true, true, true, true, true, true};
  auto countRow = [](const std::string &name, const Counts &c) {
    return std::vector<std::string>{name,
                                    std::to_string(c.versions),
                                    std::to_string(c.failed),
                                    std::to_string(c.bound),
                                    std::to_string(c.equivalent),
                                    std::to_string(c.unknown),
                                    std::to_string(c.errors),
                                    std::to_string(c.disagree),
                                    std::to_string(c.detected()) + " / " + std::to_string(c.nonEquivalent()),
                                    c.rate()};
  };
  for (mutate::FaultClass c : classes)
    classTable.rows.push_back(countRow(mutate::className(c), byClass[c]));
  classTable.rows.push_back(countRow("all", all));

  bench::Table timeTable;
  timeTable.header = {"class", "solver", "median", "p90", "max", "total"};
  timeTable.alignRight = {false, false, true, true, true, true};
  for (mutate::FaultClass c : classes)
    for (const std::string &s : solvers) {
      const std::vector<double> &v = times[{c, s}];
      double total = 0;
      for (double x : v)
        total += x;
      timeTable.rows.push_back({mutate::className(c), s, bench::seconds(bench::median(v)),
                                bench::seconds(quantile(v, 0.9)), bench::seconds(quantile(v, 1.0)),
                                bench::seconds(total)});
    }

  bench::Table solverTable;
  solverTable.header = {"solver", "decided", "unknown / timeout",     "errors", "total time", "median",
                        "p90",    "max",     "ratio to " + solvers[0]};
  solverTable.alignRight = {false, true, true, true, true, true, true, true, true};
  for (const std::string &s : solvers) {
    const Counts &c = bySolver[s];
    const std::vector<double> &v = solverTimes[s];
    solverTable.rows.push_back({s, std::to_string(c.failed + c.bound + c.equivalent),
                                std::to_string(c.unknown), std::to_string(c.errors),
                                bench::seconds(solverTotal[s]), bench::seconds(bench::median(v)),
                                bench::seconds(quantile(v, 0.9)), bench::seconds(quantile(v, 1.0)),
                                bench::ratio(solverTotal[s], solverTotal[solvers[0]])});
  }

  bench::Table programTable;
  programTable.header = {"program", "original"};
  programTable.alignRight = {false, false};
  for (mutate::FaultClass c : classes) {
    programTable.header.push_back(mutate::className(c));
    programTable.alignRight.push_back(true);
  }
  for (size_t i = 0; i < corpus->size(); ++i) {
    std::vector<std::string> row{(*corpus)[i].key(), originalStatus[i] == "equivalent" ? "safe"
                                                     : suite.programErrors[i].empty()  ? originalStatus[i]
                                                                                       : "error"};
    for (mutate::FaultClass c : classes) {
      const Counts &k = byProgram[i][c];
      row.push_back(excluded.count(i)
                        ? "–"
                        : std::to_string(k.detected()) + "/" + std::to_string(k.nonEquivalent()) +
                              (k.equivalent ? " (" + std::to_string(k.equivalent) + " eq)" : ""));
    }
    programTable.rows.push_back(row);
  }

  // JSON: the setup, the counts, one record per original and per version.
  Json j;
  j["command"] = "bench faults";
  j["command_line"] = commandLine;
  j["setup"] = Json{{"manifest", o.manifest},
                    {"languages", langs},
                    {"classes", splitComma(o.classes)},
                    {"versions_per_class", o.versions},
                    {"seed", o.seed},
                    {"solvers", solvers},
                    {"timeout_seconds", o.timeout},
                    {"jobs", o.jobs},
                    {"work", o.work},
                    {"quick", o.quick}};
  j["generated"] = Json{{"versions", generated},
                        {"duplicates_skipped", duplicates},
                        {"invalid", invalid},
                        {"seconds", genSeconds}};
  j["run_seconds"] = runSeconds;
  Json cj = Json::object();
  for (mutate::FaultClass c : classes)
    cj[mutate::className(c)] = byClass[c].json();
  cj["all"] = all.json();
  j["by_class"] = cj;
  Json sj = Json::object();
  for (const std::string &s : solvers) {
    const std::vector<double> &v = solverTimes[s];
    sj[s] = Json{{"total_seconds", solverTotal[s]},
                 {"median_seconds", bench::median(v)},
                 {"p90_seconds", quantile(v, 0.9)},
                 {"max_seconds", quantile(v, 1.0)},
                 {"decided", bySolver[s].failed + bySolver[s].bound + bySolver[s].equivalent},
                 {"unknown", bySolver[s].unknown},
                 {"errors", bySolver[s].errors}};
  }
  j["by_solver"] = sj;
  if (solvers.size() > 1)
    j["ratio_geomean"] = bench::geometricMean(ratios);
  j["disagreements"] = disagreements;
  Json pj = Json::array();
  for (size_t i = 0; i < corpus->size(); ++i) {
    Json cls = Json::object();
    for (mutate::FaultClass c : classes)
      cls[mutate::className(c)] = byProgram[i][c].json();
    pj.push_back(Json{{"id", (*corpus)[i].id},
                      {"lang", (*corpus)[i].lang},
                      {"file", (*corpus)[i].file},
                      {"original", originalStatus[i]},
                      {"excluded", excluded.count(i) != 0},
                      {"error", suite.programErrors[i]},
                      {"by_class", cls}});
  }
  j["programs"] = pj;
  Json vj = Json::array();
  for (size_t i = 0; i < tasks.size(); ++i) {
    const Task &t = tasks[i];
    Json r{{"program", (*corpus)[t.program].id}, {"lang", (*corpus)[t.program].lang}};
    if (t.original()) {
      r["class"] = "original";
    } else {
      const mutate::SuitePart &part = suite.parts[t.part];
      r["class"] = mutate::className(part.cls);
      r["version"] = part.manifest.versions[t.version].version;
      r["manifest"] = part.manifestPath;
    }
    r["file"] = t.file;
    r["status"] = status[i];
    if (!why[i].empty() && status[i] != "failed" && status[i] != "bound" && status[i] != "equivalent")
      r["reason"] = why[i];
    r["frontend_seconds"] = results[i].value("frontend_seconds", 0.0);
    r["runs"] = results[i].contains("runs") ? results[i]["runs"] : Json::object();
    vj.push_back(r);
  }
  j["versions"] = vj;

  // Markdown.
  std::ostringstream md;
  std::string classList;
  for (mutate::FaultClass c : classes)
    classList += std::string(classList.empty() ? "" : ", ") + mutate::className(c);
  md << "# locus bench faults: " << generated << " faulty versions of " << corpus->size() << " programs ("
     << classList << "), verified with ";
  for (size_t s = 0; s < solvers.size(); ++s)
    md << (s ? ", " : "") << solvers[s];
  md << "\n\nCommand: `" << commandLine << "`\n\n"
     << "Seed " << o.seed << "; " << o.versions << " versions requested per program and class, " << generated
     << " generated (" << duplicates << " duplicate draws skipped) in " << bench::seconds(genSeconds)
     << " into `" << o.work << "`. Each version and each original is compiled from its file and verified by "
     << "every solver (" << bench::seconds(o.timeout) << " limit per run) in " << o.jobs
     << " worker processes; wall time " << bench::seconds(runSeconds) << ".\n\n"
     << "A version is *failed* when the verifier finds a real failure, *bound* when only an unwinding or "
        "heap-bound check fails (the fault makes a loop run longer than the bound: detected, of a distinct "
        "kind), *equivalent* when it is proved safe (excluded from the rate). Detection rate = (failed + "
        "bound) / (versions − equivalent); unknown and errors count as not detected.\n\n"
     << classTable.markdown() << "\n";
  if (!excluded.empty()) {
    md << "**Originals that do not verify SAFE (their versions are excluded):**\n\n";
    for (size_t i : excluded)
      md << "- " << (*corpus)[i].file << ": "
         << (suite.programErrors[i].empty() ? originalStatus[i] : suite.programErrors[i]) << "\n";
    md << "\n";
  } else {
    md << "All " << corpus->size() << " originals verify SAFE.\n\n";
  }
  md << "## Solvers\n\nTimes per version (front end + verification), over the versions counted above.\n\n"
     << solverTable.markdown() << "\n";
  if (solvers.size() > 1)
    md << "Geometric mean of the per-version time ratio " << solvers[1] << " / " << solvers[0]
       << " (versions "
       << "both decided): " << bench::ratio(bench::geometricMean(ratios), 1) << " over " << ratios.size()
       << " versions.\n\n";
  if (disagreements.empty())
    md << "Verdicts: the solvers that answered agree on every version.\n\n";
  else {
    md << "**SOLVER DISAGREEMENTS (" << disagreements.size()
       << ") — a bug in a solver or in the encoding:**\n\n";
    for (const std::string &d : disagreements)
      md << "- " << d << "\n";
    md << "\n";
  }
  md << "## Time per class and solver\n\n"
     << timeTable.markdown() << "\n"
     << "## Per program\n\nDetected / non-equivalent versions (equivalent ones in parentheses).\n\n"
     << programTable.markdown();
  if (!problems.empty()) {
    md << "\n## No verdict\n\n";
    for (size_t k = 0; k < problems.size() && k < 100; ++k)
      md << "- " << problems[k] << "\n";
    if (problems.size() > 100)
      md << "- … and " << problems.size() - 100 << " more (see the JSON)\n";
  }

  if (!o.out.empty()) {
    fs::create_directories(o.out);
    std::ofstream(fs::path(o.out) / (o.name + ".md")) << md.str();
    std::ofstream(fs::path(o.out) / (o.name + ".json"))
        << j.dump(2, ' ', false, Json::error_handler_t::replace) << "\n";
    std::vector<bench::Series> series;
    for (const std::string &s : solvers)
      series.push_back({s, solvedTimes[s]});
    bench::PlotResult plot = bench::writeCactusPlot(
        o.out, o.name, "locus verify on " + std::to_string(generated) + " faulty versions", series);
    if (!plot.warning.empty())
      rep.warning(plot.warning);
    rep.note("wrote " + (fs::path(o.out) / o.name).string() + ".{md,json} and " +
             std::to_string(plot.files.size() - 2) + " plot image(s)");
  }
  rep.text() << md.str();

  size_t internalErrors = invalid;
  for (size_t i = 0; i < tasks.size(); ++i)
    internalErrors += results[i].contains("crashed") ||
                      (status[i] == "error" && why[i].find("internal-error") != std::string::npos);
  int rc = internalErrors                                ? Exit::Internal
           : !disagreements.empty() || !excluded.empty() ? Exit::Violated
                                                         : Exit::Ok;
  return rep.finish(std::move(j), rc);
}

} // namespace

void addBenchFaults(BenchCommands &cmds) {
  auto o = std::make_shared<Options>();
  CLI::App *sub = cmds.bench->add_subcommand(
      "faults",
      "generate seeded faulty versions of a corpus (Wolverine2 C1–C4, AllRepair L1/L2), verify each "
      "with every solver: detection rate, equivalent mutants, times, solver comparison");
  sub->add_option("--manifest", o->manifest, "the corpus manifest (bench/corpus/README.md)")
      ->capture_default_str();
  sub->add_option("--langs", o->langs, "languages to take from the manifest: gcl, c (comma-separated)")
      ->capture_default_str();
  sub->add_option("--programs", o->programs, "only these program ids (comma-separated)");
  sub->add_option("--classes", o->classes, "fault classes: C1, C2, C3, C4, L1, L2 (comma-separated)")
      ->capture_default_str();
  sub->add_option("--versions", o->versions, "versions per program and class")
      ->check(CLI::Range(1u, 10000u))
      ->capture_default_str();
  sub->add_option("--seed", o->seed, "suite seed: the same seed regenerates the same suite, byte for byte")
      ->capture_default_str();
  sub->add_option("--solvers", o->solvers, "comma-separated: z3, cvc5, smtlib:COMMAND")
      ->capture_default_str();
  sub->add_option("--jobs,-j", o->jobs, "worker processes")
      ->check(CLI::Range(1u, 256u))
      ->capture_default_str();
  sub->add_option("--timeout", o->timeout, "per-run solver time limit in seconds (0: none)")
      ->check(timeLimitCheck())
      ->capture_default_str();
  sub->add_option("--work", o->work, "where the suite is generated (default: TMPDIR/locus-faults[-quick])");
  sub->add_option("--out", o->out, "write NAME.md, NAME.json, NAME.dat/.gp and the cactus plot here");
  sub->add_option("--name", o->name, "file stem of the written results")->capture_default_str();
  sub->add_flag("--quick", o->quick,
                "CI subset: 8 programs spread over the corpus (first language), 2 versions per class, the "
                "first solver only");
  sub->add_flag("--generate-only", o->generateOnly, "write the suite and its manifests, verify nothing");
  sub->add_flag("--json", cmds.reporter->jsonFlag(),
                "print the JSON report on stdout instead of the markdown");
  std::string *line = &cmds.commandLine;
  cmds.runners.emplace_back(sub, [o, line](report::Reporter &rep) { return runBenchFaults(*o, *line, rep); });
}

} // namespace locus::tools

// `locus bench localize`: localization methods scored against ground truth. The faulty versions are those of
// `bench faults` (the corpus × Wolverine2's classes, regenerated from the seed; ground truth = the mutated
// statements' lines) and the papers' injected faults (bench/corpus/papers/faults.json; ground truth = the
// edited lines). Every version's failure (verify's counterexample) is localized by every configuration
// (method, weights, solver) in fork()ed workers; the report (localize_report.cpp) gives found, the rank of
// the first ground-truth line (lines examined, ties as docs/localize.md counts them), top-1/3/5, EXAM,
// Wolverine2's top-10 % / 25 % measure, times and our share of them.
#include "bench/runners/localize.h"
#include "bench/runners/common.h"
#include "frontend/source.h"
#include "repair/common/tests.h"
#include "repair/localize/gradient.h"
#include "repair/localize/options.h"

#include <algorithm>
#include <filesystem>
#include <set>

namespace locus::bench {

NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(LocalizeOptions, manifest, langs, programs, classes, versions,
                                                seed, noSuite, papers, configs, solvers, jobs, timeout,
                                                maxSize, maxSets, work, out, name, quick)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(Truth, file, line, deletion, stmts, what, proc, col)

namespace localizer {

namespace fs = std::filesystem;

NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(Task, label, file, entry, cls, program, lang, original, procs,
                                                unwind, heap, truth, faults, lhsFaults)

Json toJson(const Task &t) {
  return toOrderedJson(t);
}

Task taskFromJson(const Json &j) {
  return fromOrderedJson<Task>(j);
}

std::vector<repair::OptionDecl> variantOptions(const localize::Method &m) {
  std::vector<repair::OptionDecl> out;
  for (const repair::OptionDecl &d : m.options()) {
    if (d.kind != repair::OptionKind::Enum || d.flag == localize::kParts)
      continue;
    bool plain = std::none_of(d.choices.begin(), d.choices.end(), [](const repair::OptionChoice &c) {
      return c.text.find(',') != std::string::npos;
    });
    if (plain) // a value with a comma cannot stand in a comma-separated list of configurations
      out.push_back(d);
  }
  return out;
}

std::string configsHelp() {
  std::string h = "METHOD[:VARIANT][+guards][+target|+sharedtarget][+intended],… (";
  for (const auto &m : localize::methods()) {
    h += (h.back() == '(' ? "" : ", ") + std::string(m->name());
    for (const repair::OptionDecl &d : variantOptions(*m)) {
      std::string values;
      for (const repair::OptionChoice &c : d.choices)
        if (c.listed)
          values += (values.empty() ? ":" : "|") + c.text;
      h += values;
    }
  }
  std::string takers;
  for (const auto &m : localize::methods())
    if (m->takesExpectedState())
      takers += (takers.empty() ? "" : ", ") + std::string(m->name());
  return h +
         "; +guards: relax guards too; +target: relax where statements write too; +sharedtarget: the same, "
         "one selector per statement for its value and target; +intended (" +
         takers + "): the original program's state as the post-state)";
}

std::vector<Config> parseConfigs(const LocalizeOptions &o, const std::vector<std::string> &solvers) {
  std::vector<Config> configs;
  for (std::string c : splitComma(o.configs)) {
    // the suffixes, in any order: +guards, +sharedtarget, +target, +intended
    auto suffix = [&c](const std::string &sfx) {
      size_t at = c.find(sfx);
      if (at == std::string::npos || at == 0)
        return false;
      c.erase(at, sfx.size());
      return true;
    };
    bool guards = suffix("+guards");
    bool shared = suffix("+sharedtarget");
    bool target = suffix("+target");
    bool intended = suffix("+intended");
    std::string method = c.substr(0, c.find(':'));
    std::string variant = c.find(':') == std::string::npos ? "" : c.substr(c.find(':') + 1);
    const localize::Method *m = localize::findMethod(method);
    if (!m)
      throw UsageError("bench localize: --configs: unknown method '" + method + "'");
    // the variant is a value of one of the method's own enum options (maxsat:ochiai, sbfl:dstar)
    std::vector<repair::OptionDecl> variants = variantOptions(*m);
    if (!variant.empty() && variants.empty())
      throw UsageError("bench localize: --configs: " + method + " takes no ':" + variant + "'");
    if (!variant.empty() && std::none_of(variants.begin(), variants.end(), [&](const repair::OptionDecl &d) {
          return repair::checkValue(d, variant).empty();
        }))
      throw UsageError("bench localize: --configs: " + method + ": unknown variant '" + variant + "' (" +
                       variants.front().expectedText() + ")");
    if (intended && !m->takesExpectedState())
      throw UsageError("bench localize: --configs: " + method + " takes no intended state (" + method +
                       "+intended)");
    for (const std::string &s : m->usesSolver() ? solvers : std::vector<std::string>{""})
      configs.push_back(Config{method, variant, s, guards, intended, target, shared});
  }
  if (configs.empty())
    throw UsageError("bench localize: --configs: no configuration");
  return configs;
}

namespace {

/// The localization options of configuration `c`: the one place a bench configuration ("maxsat:ochiai",
/// "sbfl:dstar", "+guards") becomes localize::Options.
localize::Options localizeOptions(const Config &c, const LocalizeOptions &o,
                                  const std::unordered_set<uint32_t> &procs) {
  localize::Options lo;
  lo.solver = c.solver;
  // the configuration's `:X` sets the method's enum option that accepts X (maxsat:ochiai, sbfl:dstar)
  for (const repair::OptionDecl &d : variantOptions(*localize::findMethod(c.method)))
    if (repair::checkValue(d, c.weights).empty())
      lo.given.set(d.flag, c.weights);
  lo.given.set(localize::kParts, c.sharedTarget ? std::string("value+target")
                                                : std::string("value") + (c.guards ? ",guard" : "") +
                                                      (c.target ? ",target" : ""));
  lo.timeoutMs = static_cast<unsigned>(o.timeout * 1000);
  lo.given.set(localize::kMaxSize, std::to_string(o.maxSize));
  lo.given.set(localize::kMaxSets, std::to_string(o.maxSets));
  lo.procs = procs;
  lo.named = procs;
  return lo;
}

/// The program's size for EXAM: the distinct lines carrying statements of the procedures under test.
size_t linesUnderTest(const ir::Program &prog, const std::unordered_set<uint32_t> &procs) {
  std::set<std::pair<uint32_t, uint32_t>> lines;
  for (uint32_t k : procs)
    ir::forEachStmt(prog.procs[k].body, [&](const ir::Stmt &s) {
      if (s.loc.valid())
        lines.insert({s.loc.file, s.loc.line});
    });
  return lines.size();
}

/// The program's size as Wolverine2 measures it (Section 7, RQ4: "the percentage of the lines of code to be
/// examined", normalized by "the program size"): the distinct lines carrying statements of every procedure
/// in the files of the procedures under test — the procedures under test, their helpers and the driver
/// `main` — except the declared tests (the paper's programs have none).
size_t programLines(const ir::Program &prog, const std::unordered_set<uint32_t> &procs) {
  std::set<uint32_t> files;
  for (uint32_t k : procs)
    if (prog.procs[k].loc.valid())
      files.insert(prog.procs[k].loc.file);
  std::set<std::pair<uint32_t, uint32_t>> lines;
  for (const ir::Procedure &p : prog.procs)
    if (!p.isTest)
      for (const std::vector<ir::Stmt> *part : {&p.pre, &p.body, &p.post})
        ir::forEachStmt(*part, [&](const ir::Stmt &s) {
          if (s.loc.valid() && files.count(s.loc.file))
            lines.insert({s.loc.file, s.loc.line});
        });
  return lines.size();
}

/// One configuration on the version's failure: its record (status, times, found, rank, lines examined).
Json runConfig(const Config &c, const LocalizeOptions &o, const Task &t, const ir::Program &prog,
               const repair::Failure &f, const std::vector<repair::TestRun> &tests,
               const std::unordered_set<uint32_t> &procs, localize::Result &r) {
  localize::Options lo = localizeOptions(c, o, procs);
  localize::Problem p{prog, f, tests, lo};
  const localize::Method &m = *localize::findMethod(c.method);
  auto m0 = Clock::now();
  Intended in;
  // A bound failure has no intended state (the original ends the loop before the test that fails): the
  // config falls back to the derived post-state there (the report's header says so).
  if (c.intended && !f.bound && !(in = intendedState(prog, t, f, lo)).expected) {
    r = localize::Result{};
    r.method = c.method;
    r.solver = lo.solver;
    r.status = localize::Status::Error;
    r.message = c.method + "+intended: no intended state: " + in.error;
  } else {
    p.expected = in.expected ? &*in.expected : nullptr;
    r = m.run(p);
  }
  double sec = since(m0);
  uint32_t rank = 0;
  double examined = linesExamined(prog, r.ranking, t.truth, &rank);
  Json rj{{"status", localize::statusName(r.status)},
          {"seconds", sec},
          {"solve_seconds", r.stats.count("solve_s") ? r.stats.at("solve_s") : 0.0},
          {"sets", r.sets.size()},
          {"ranked", r.ranking.size()},
          {"found", examined >= 0}};
  if (examined >= 0) {
    rj["examined"] = examined;
    rj["rank"] = rank;
    for (const localize::Suspect &s : r.ranking) // the evidence of the fault's line, for the reports
      if (s.rank == rank)
        for (const Truth &tr : t.truth)
          if (!tr.deletion && s.loc.line == tr.line && s.loc.file < prog.files.size() &&
              prog.files[s.loc.file] == tr.file && rj.find("fault_evidence") == rj.end())
            rj["fault_evidence"] = s.evidence;
  }
  if (!r.message.empty())
    rj["message"] = r.message;
  if (m.claim() == localize::Claim::Sound && r.status == localize::Status::Localized)
    soundness(m, prog, t, f, lo, r, rj);
  if (m.claim() == localize::Claim::ContainsSingleFault) { // the ranked lines, for the claim's report
    Json lines = Json::array();
    for (const localize::Suspect &s : r.ranking)
      lines.push_back(s.loc.line);
    rj["lines"] = lines;
  }
  return rj;
}

/// Compiles the version, finds its failure, localizes it with every configuration; one JSON record.
Json runTask(const Task &t, const std::vector<Config> &configs, const LocalizeOptions &o) {
  Json j;
  SourceManager sm;
  Diagnostics diags(sm);
  std::optional<ir::Program> prog = frontend::compileSource(t.file, sm, diags);
  if (!prog) {
    j["error"] = "does not compile";
    return j;
  }
  repair::FailureSpec spec;
  spec.entry = t.entry;
  spec.verify.solver = "z3";
  spec.verify.timeoutMs = static_cast<unsigned>(o.timeout * 1000);
  spec.verify.encode.unwind = t.unwind;
  spec.verify.encode.heapSlots = t.heap;
  auto t0 = Clock::now();
  repair::FailureSearch found = repair::findFailure(*prog, spec);
  j["find_seconds"] = since(t0);
  if (found.status != repair::FailureStatus::Found) {
    j["failure"] = found.status == repair::FailureStatus::None ? "none" : "unknown";
    j["message"] = found.message;
    return j;
  }
  const repair::Failure &f = *found.failure;
  j["failure"] = f.bound ? "bound" : ir::failureName(f.run.failure);
  std::unordered_set<uint32_t> procs;
  for (const std::string &name : t.procs)
    if (uint32_t k = prog->procIndex(name); k != ir::kNone)
      procs.insert(k);
  j["lines"] = linesUnderTest(*prog, procs);
  j["program_lines"] = programLines(*prog, procs);
  ir::InterpOptions io;
  auto tt = Clock::now();
  std::vector<repair::TestRun> tests = repair::runTests(*prog, repair::declaredTests(*prog, ""), io);
  j["tests_seconds"] = since(tt);
  Json runs = Json::object();
  std::vector<localize::Result> results(configs.size());
  double total = 0, solve = 0;
  for (size_t k = 0; k < configs.size(); ++k) {
    runs[configs[k].name()] = runConfig(configs[k], o, t, *prog, f, tests, procs, results[k]);
    total += runs[configs[k].name()].value("seconds", 0.0);
    solve += runs[configs[k].name()].value("solve_seconds", 0.0);
  }
  if (configs.size() > 1) { // the consensus of every configuration's ranking (localize::consensusRanking)
    std::vector<const localize::Result *> ranked;
    for (const localize::Result &r : results)
      if (r.status == localize::Status::Localized || r.status == localize::Status::Unknown)
        ranked.push_back(&r);
    std::vector<localize::Suspect> ranking = localize::consensusRanking(*prog, ranked);
    uint32_t rank = 0;
    double examined = linesExamined(*prog, ranking, t.truth, &rank);
    Json cj{{"status", "localized"},
            {"seconds", total},
            {"solve_seconds", solve},
            {"ranked", ranking.size()},
            {"found", examined >= 0}};
    if (examined >= 0) {
      cj["examined"] = examined;
      cj["rank"] = rank;
    }
    runs[kConsensus] = cj;
  }
  j["runs"] = runs;
  return j;
}

/// The suite's versions (as `bench faults` generates them from the seed), with their ground truth.
std::vector<Task> suiteTasks(const LocalizeOptions &o, const std::vector<mutate::CorpusProgram> &corpus) {
  mutate::SuiteOptions so;
  so.classes.clear();
  for (const std::string &c : splitComma(o.classes)) {
    std::optional<mutate::FaultClass> fc = mutate::parseClass(c);
    if (!fc)
      throw UsageError("bench localize: --classes: unknown class '" + c + "'");
    so.classes.push_back(*fc);
  }
  so.versions = o.versions;
  so.seed = o.seed;
  so.workDir = o.work;
  mutate::Suite suite = mutate::generateSuite(corpus, so);
  std::vector<Task> tasks;
  for (const mutate::SuitePart &part : suite.parts) {
    const mutate::CorpusProgram &p = corpus[part.program];
    for (const mutate::VersionRecord &v : part.manifest.versions) {
      Task t;
      t.label = v.file;
      t.file = (fs::path(part.dir) / v.file).string();
      t.entry = p.entry;
      t.procs = part.manifest.procs;
      t.unwind = p.unwind;
      t.heap = p.heap;
      t.cls = mutate::className(part.cls);
      t.program = p.id;
      t.lang = p.lang;
      t.original = p.file;
      for (const mutate::Fault &f : v.faults) {
        t.truth.push_back(truthOf(f));
        t.lhsFaults.push_back(assignsOther(f.before, f.after));
        t.faults.push_back(describe(f));
      }
      tasks.push_back(std::move(t));
    }
  }
  return tasks;
}

/// The papers' faults: each applied to its corpus file (GCL or C) in the work directory.
std::vector<Task> paperTasks(const std::string &manifest, const std::vector<mutate::CorpusProgram> &corpus,
                             const std::vector<std::string> &langs, const std::string &work) {
  std::vector<Task> out;
  std::string err;
  for (const mutate::PaperFault &f : mutate::writePaperFaults(manifest, corpus, langs, work, err)) {
    Task t;
    t.file = f.file;
    for (const mutate::PaperFault::Edit &e : f.edits)
      t.truth.push_back(truthOf(t.file, e));
    t.label = f.id + " (" + f.program.lang + ")";
    t.entry = f.program.entry;
    t.procs = f.program.procs;
    t.unwind = f.program.unwind;
    t.heap = f.program.heap;
    t.cls = "papers";
    t.program = f.program.id;
    t.lang = f.program.lang;
    t.original = f.program.file;
    out.push_back(std::move(t));
  }
  if (!err.empty())
    throw UsageError(err);
  return out;
}

} // namespace
} // namespace localizer

Outcome runLocalize(LocalizeOptions o, const Context &ctx) {
  using namespace localizer;
  quickPreset(o);
  std::vector<std::string> langs = splitComma(o.langs), solvers = splitComma(o.solvers);
  std::vector<Config> configs = parseConfigs(o, solvers);
  if (std::optional<std::string> bad = unavailableSolver(solvers))
    throw UsageError(*bad);
  std::vector<mutate::CorpusProgram> corpus = suiteCorpus(o, "locus-localize");

  std::vector<Task> tasks;
  if (!o.noSuite)
    tasks = suiteTasks(o, corpus);
  if (o.papers) {
    std::vector<Task> pt = paperTasks(o.manifest, corpus, langs, o.work);
    tasks.insert(tasks.end(), pt.begin(), pt.end());
  }
  if (tasks.empty())
    throw UsageError("bench localize: no versions to localize (check --programs, --classes, --papers)");

  TaskList list = taskListOf("localize", o, tasks, [](const Task &t) { return toJson(t); });
  double hard = o.timeout > 0 ? o.timeout * static_cast<double>(configs.size() + 1) * 1.5 + 60 : 0;
  if (ctx.slurm)
    return writeCampaign(list, hard, *ctx.slurm, ctx.commandLine);
  double runSeconds = 0;
  std::vector<Json> results = runTasks(
      list, [&](size_t i) { return runTask(tasks[i], configs, o); },
      LoopOptions{"localize", o.jobs, hard, ctx.progress, o.work, ctx.collect}, &runSeconds);
  return report(ReportInput{o, langs, solvers, configs, tasks, results, runSeconds, ctx.commandLine});
}

Outcome rerunLocalize(const Json &options, const Context &ctx) {
  return runLocalize(fromOrderedJson<LocalizeOptions>(options), ctx);
}

Json runStoredLocalizeTask(const Json &options, const Json &task) {
  LocalizeOptions o = fromOrderedJson<LocalizeOptions>(options);
  return localizer::runTask(localizer::taskFromJson(task), localizer::parseConfigs(o, splitComma(o.solvers)),
                            o);
}

std::string localizeConfigsHelp() {
  return localizer::configsHelp();
}

} // namespace locus::bench

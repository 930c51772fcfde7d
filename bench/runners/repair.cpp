// `locus bench repair`: repair methods on faulty versions whose correct version is known. The versions are
// the fault suite's AllRepair classes L1/L2 (the same seeded draws as `bench faults`, each written back as a
// *source* file by the patch renderer, so a repair is a diff of that source; repair_suite.cpp) and the
// papers' injected faults (bench/corpus/papers/faults.json). Every version is repaired by every
// configuration (method, fl on/off, solver) in fork()ed workers; a repair is *correct* when its patched text
// is the original or is equivalent to it within the bounds (the product program with the original as
// reference), *plausible* otherwise. The report (repair_report.cpp) gives repaired / correct /
// plausible-only, times to the first repair, candidates validated, the speed-up of localization, and the
// completeness check of mutate (the original is a point of the space: the search must find it).
#include "bench/runners/repair.h"
#include "bench/runners/common.h"
#include "frontend/source.h"
#include "repair/common/suite.h"
#include "repair/fix/fix.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>

namespace locus::bench {

NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(RepairOptions, manifest, langs, programs, classes, versions,
                                                seed, noSuite, papers, configs, on, solvers, jobs, timeout,
                                                max, maxMutations, equivalenceChecks, equivalenceSolver, work,
                                                out, name, quick, io)

namespace repairer {

namespace fs = std::filesystem;

namespace {

Json toJson(const Task &t) {
  const mutate::CorpusProgram &p = t.src;
  return Json{{"label", t.label},
              {"file", t.file},
              {"class", t.cls},
              {"fault", t.fault},
              {"src", Json{{"id", p.id},
                           {"lang", p.lang},
                           {"file", p.file},
                           {"entry", p.entry},
                           {"procs", p.procs},
                           {"unwind", p.unwind},
                           {"heap", p.heap}}},
              {"suite", t.suite},
              {"input_bytes", t.inputBytes}};
}

Task taskFromJson(const Json &j) {
  Task t;
  t.label = j["label"];
  t.file = j["file"];
  t.cls = j["class"];
  t.fault = j["fault"];
  const Json &s = j["src"];
  t.src.id = s["id"];
  t.src.lang = s["lang"];
  t.src.file = s["file"];
  t.src.entry = s["entry"];
  t.src.procs = s["procs"].get<std::vector<std::string>>();
  t.src.unwind = s["unwind"];
  t.src.heap = s["heap"];
  t.suite = j.value("suite", "");
  t.inputBytes = j.value("input_bytes", 0u);
  return t;
}

/// The configurations of --configs × --solvers; throws UsageError on a bad one.
/// Whether method `m` can run without localization (it declares --no-localization): its `:nofl` variant.
bool withoutLocalization(const fix::Method &m) {
  for (const repair::OptionDecl &d : m.options())
    if (d.flag == fix::kNoLocalization)
      return true;
  return false;
}

std::string configsHelp() {
  std::string h = "METHOD[:nofl][:OPTION=VALUE…],… (OPTION: one of the method's own, without its dashes; ";
  bool first = true;
  for (const auto &m : fix::methods()) {
    h += (first ? "" : ", ") + std::string(m->name());
    first = false;
    if (withoutLocalization(*m))
      h += ", " + std::string(m->name()) + ":nofl = without localization";
  }
  return h + ")";
}

std::vector<Config> parseConfigs(const RepairOptions &o, const std::vector<std::string> &solvers) {
  std::vector<Config> configs;
  for (const std::string &c : splitComma(o.configs)) {
    std::vector<std::string> parts;
    for (size_t a = 0;;) {
      size_t b = c.find(':', a);
      parts.push_back(c.substr(a, b == std::string::npos ? std::string::npos : b - a));
      if (b == std::string::npos)
        break;
      a = b + 1;
    }
    const fix::Method *m = fix::findMethod(parts[0]);
    if (!m)
      throw UsageError("bench repair: --configs: unknown method '" + parts[0] + "'");
    Config cfg{parts[0], "", true, {}};
    repair::OptionValues given;
    for (size_t k = 1; k < parts.size(); ++k) {
      size_t eq = parts[k].find('=');
      if (parts[k] == "nofl" && withoutLocalization(*m)) {
        cfg.localization = false;
      } else if (eq != std::string::npos) { // one of the method's own options
        std::string flag = "--" + parts[k].substr(0, eq), value = parts[k].substr(eq + 1);
        bool declared = false;
        for (const repair::OptionDecl &d : m->options())
          declared |= d.flag == flag;
        if (!declared)
          throw UsageError("bench repair: --configs: '" + c + "': " + parts[0] + " has no option " + flag);
        given.set(flag, value);
        cfg.options.push_back({flag, value});
      } else {
        throw UsageError("bench repair: --configs: unknown variant '" + c + "' (" + configsHelp() + ")");
      }
    }
    if (std::string err = repair::checkValues(m->options(), given); !err.empty())
      throw UsageError("bench repair: --configs: '" + c + "': " + err);
    for (const std::string &s : solvers) {
      cfg.solver = s;
      configs.push_back(cfg);
    }
  }
  if (configs.empty())
    throw UsageError("bench repair: --configs: no configuration");
  return configs;
}

/// The repair options of configuration `c`: the one place a bench configuration ("mutate:nofl") becomes
/// fix::Options.
fix::Options fixOptions(const Config &c, const RepairOptions &o, const std::vector<uint32_t> &procs) {
  fix::Options fo;
  fo.solver = c.solver;
  fo.timeoutMs = static_cast<unsigned>(o.timeout * 1000);
  fo.maxRepairs = o.max;
  fo.given.set(fix::kMaxMutations, std::to_string(o.maxMutations));
  if (!c.localization)
    fo.given.set(fix::kNoLocalization, "true");
  for (const auto &[flag, value] : c.options)
    fo.given.set(flag, value);
  fo.procs.emplace(procs.begin(), procs.end());
  fo.named = *fo.procs;
  return fo;
}

/// Whether a repair's patched text is equivalent to the original within the bounds: the patched text is
/// compiled again (next to the version, so its includes resolve) and verified in product with the original
/// by `solver` (cvc5 by default: the product compares outputs as strings, where z3 4.8 is unreliable).
/// "yes", "no" or "unknown: why".
std::string equivalent(const std::string &patched, const Task &t, const ir::Program &original,
                       const fix::Spec &base, const std::string &solver, unsigned timeoutMs, size_t k) {
  fs::path p = fs::path(t.file);
  fs::path check =
      p.parent_path() / (p.stem().string() + ".check" + std::to_string(k) + p.extension().string());
  std::ofstream(check, std::ios::binary) << patched;
  SourceManager sm;
  Diagnostics diags(sm);
  std::optional<ir::Program> prog = frontend::compileSource(check.string(), sm, diags);
  std::error_code ec;
  fs::remove(check, ec);
  if (!prog)
    return "unknown: the patched text does not compile";
  fix::Spec spec = base;
  spec.suite = nullptr; // equivalence within the bounds alone
  spec.mainFile = check.string();
  spec.verify.solver = solver;
  spec.reference = &original;
  spec.referenceEntry = t.src.entry;
  fix::Checked c = fix::checkedProgram(*prog, spec);
  if (!c.error.empty())
    return "unknown: " + c.error;
  fix::Validation v = fix::validate(c, spec, timeoutMs);
  switch (v.verdict) {
  case fix::Validation::Verdict::Correct: return "yes";
  case fix::Validation::Verdict::Buggy: return "no";
  default: return "unknown: " + v.message;
  }
}

/// A version and what every configuration's run on it shares.
struct Version {
  const Task &t;
  const ir::Program &prog, &original;
  const SourceManager &sm;
  std::string originalText;
  std::vector<uint32_t> procs;
  std::map<std::string, std::string> equivalence; // patched text -> verdict (configurations share repairs)
  const repair::Suite *suite = nullptr;           // io-tests: the suite
};

/// One configuration on the version: its record (status, times, repairs, their correctness).
Json runConfig(const Config &c, const RepairOptions &o, Version &v) {
  const Task &t = v.t;
  fix::Spec spec;
  spec.mainFile = t.file;
  spec.entry = t.src.entry;
  spec.verify.solver = c.solver;
  spec.verify.encode.unwind = t.src.unwind;
  spec.verify.encode.heapSlots = t.src.heap;
  if (t.cls == "io-tests" || t.cls == "io-reference") { // the specification: the reference (and the suite)
    spec.reference = &v.original;
    spec.referenceEntry = t.src.entry;
    spec.referenceName = t.src.file;
    spec.suite = v.suite;
    if (t.inputBytes)
      spec.verify.encode.inputBytes = t.inputBytes;
  }
  fix::Options fo = fixOptions(c, o, v.procs);
  auto t0 = Clock::now();
  fix::Result r = fix::findMethod(c.method)->run(fix::Problem{v.prog, v.sm, spec, fo});
  double sec = since(t0);
  Json rj{{"status", fix::statusName(r.status)},
          {"seconds", sec},
          {"repairs", r.repairs.size()},
          {"complete", r.complete}};
  if (!r.message.empty())
    rj["message"] = r.message;
  for (const char *k : {"candidates_validated", "blocked_per_validation", "must_set_sites_mean", "space",
                        "cegis_rounds", "diagnoses"})
    if (r.stats.count(k))
      rj[k] = r.stats.at(k);
  if (!r.repairs.empty()) {
    rj["first_seconds"] = r.repairs.front().seconds;
    rj["first_diff"] = r.repairs.front().patch.diff;
  }
  // Correctness of the repairs found: the original text itself, or equivalent within the bounds.
  std::vector<std::optional<std::string>> patched;
  for (const fix::Repair &rep : r.repairs)
    patched.push_back(rep.patch.files.size() == 1 ? std::optional<std::string>(rep.patch.files.front().after)
                                                  : std::nullopt);
  RepairJudgement judged =
      judgeRepairs(patched, v.originalText, o.equivalenceChecks, [&](const std::string &text, size_t k) {
        auto known = v.equivalence.find(text);
        return known != v.equivalence.end()
                   ? known->second
                   : (v.equivalence[text] = equivalent(text, t, v.original, spec, o.equivalenceSolver,
                                                       static_cast<unsigned>(o.timeout * 1000), k));
      });
  rj["original_found"] = judged.originalFound;
  rj["first_correct"] = judged.firstCorrect == 0;
  rj["any_correct"] = judged.firstCorrect >= 0;
  if (judged.firstCorrect >= 0)
    rj["correct_seconds"] = r.repairs[judged.firstCorrect].seconds;
  rj["verdicts"] = judged.verdicts;
  rj["equivalent"] = judged.equivalent;
  rj["equivalence_unknown"] = judged.unknown;
  return rj;
}

/// Repairs one version with every configuration that applies to it; one JSON record.
Json runTask(const Task &t, const std::vector<Config> &configs, const RepairOptions &o) {
  Json j;
  SourceManager sm;
  Diagnostics diags(sm);
  std::optional<ir::Program> prog = frontend::compileSource(t.file, sm, diags);
  SourceManager osm;
  Diagnostics odiags(osm);
  std::optional<ir::Program> original = frontend::compileSource(t.src.file, osm, odiags);
  if (!prog || !original) {
    j["error"] = std::string(!prog ? "the version" : "the original") + " does not compile";
    return j;
  }
  Version v{
      t, *prog, *original, sm, readText(t.src.file), procIndices(*prog, t.src.procs, t.file, t.src.entry),
      {}};
  std::optional<repair::Suite> suite;
  if (!t.suite.empty()) {
    std::string err;
    if (!(suite = repair::loadSuite(t.suite, err))) {
      j["error"] = "the suite: " + err;
      return j;
    }
    v.suite = &*suite;
  }
  j["original_in_space"] = originalInSpace(*prog, sm, v.procs, v.originalText);
  Json runs = Json::object();
  for (const Config &c : configs)
    if (runsOn(c, t.cls, o))
      runs[c.name()] = runConfig(c, o, v);
  j["runs"] = runs;
  return j;
}

/// The papers' faults: each applied to its corpus file (GCL or C) in the work directory.
std::vector<Task> paperTasks(const RepairOptions &o, const std::vector<mutate::CorpusProgram> &corpus,
                             const std::vector<std::string> &langs) {
  std::vector<Task> tasks;
  std::string err;
  for (const mutate::PaperFault &f : mutate::writePaperFaults(o.manifest, corpus, langs, o.work, err)) {
    Task t;
    t.label = f.id + " (" + f.program.lang + ")";
    t.file = f.file;
    t.src = f.program;
    t.cls = "papers";
    for (const mutate::PaperFault::Edit &e : f.edits)
      t.fault += (t.fault.empty() ? "" : "; ") + std::string("line ") + std::to_string(e.line) + ": `" +
                 e.original + "` -> `" + e.replacement + "`";
    tasks.push_back(std::move(t));
  }
  if (!err.empty())
    throw UsageError(err);
  return tasks;
}

} // namespace
} // namespace repairer

Outcome runRepair(RepairOptions o, const Context &ctx) {
  using namespace repairer;
  quickPreset(o);
  std::vector<std::string> langs = splitComma(o.langs), solvers = splitComma(o.solvers);
  std::vector<Config> configs = parseConfigs(o, solvers);
  if (std::optional<std::string> bad = unavailableSolver(solvers))
    throw UsageError(*bad);
  std::vector<mutate::CorpusProgram> corpus = suiteCorpus(o, "locus-repair");

  std::vector<Task> tasks;
  std::vector<std::string> noSource, setupErrors;
  if (!o.noSuite) {
    std::vector<mutate::FaultClass> classes;
    for (const std::string &c : splitComma(o.classes)) {
      std::optional<mutate::FaultClass> fc = mutate::parseClass(c);
      if (!fc)
        throw UsageError("bench repair: --classes: '" + c + "' (C1, C2, C3, C4, L1 or L2)");
      classes.push_back(*fc);
    }
    for (const mutate::CorpusProgram &p : corpus)
      suiteTasks(p, classes, o, tasks, noSource, setupErrors);
  }
  if (o.papers) {
    std::vector<Task> pt = paperTasks(o, corpus, langs);
    tasks.insert(tasks.end(), pt.begin(), pt.end());
  }
  if (!o.io.empty()) {
    std::vector<Task> it = ioTasks(o);
    tasks.insert(tasks.end(), it.begin(), it.end());
  }
  if (tasks.empty())
    throw UsageError("bench repair: no versions to repair (check --programs, --classes, --papers, --io)");
  if (std::none_of(tasks.begin(), tasks.end(), [&](const Task &t) {
        return std::any_of(configs.begin(), configs.end(),
                           [&](const Config &c) { return runsOn(c, t.cls, o); });
      }))
    throw UsageError("bench repair: no configuration runs on these classes (see --on)");

  TaskList list = taskListOf("repair", o, tasks, [](const Task &t) { return toJson(t); });
  double hard = o.timeout > 0 ? o.timeout * static_cast<double>(configs.size()) *
                                        static_cast<double>(2 + o.equivalenceChecks) +
                                    120
                              : 0;
  if (ctx.slurm)
    return writeCampaign(list, hard, *ctx.slurm, ctx.commandLine);
  double runSeconds = 0;
  std::vector<Json> results = runTasks(
      list, [&](size_t i) { return runTask(tasks[i], configs, o); },
      LoopOptions{"repair", o.jobs, hard, ctx.progress, o.work, ctx.collect}, &runSeconds);
  return report(ReportInput{o, langs, solvers, configs, tasks, results, noSource, setupErrors, runSeconds,
                            ctx.commandLine});
}

Outcome rerunRepair(const Json &options, const Context &ctx) {
  return runRepair(fromOrderedJson<RepairOptions>(options), ctx);
}

Json runStoredRepairTask(const Json &options, const Json &task) {
  RepairOptions o = fromOrderedJson<RepairOptions>(options);
  return repairer::runTask(repairer::taskFromJson(task), repairer::parseConfigs(o, splitComma(o.solvers)), o);
}

std::string repairConfigsHelp() {
  return repairer::configsHelp();
}

std::string maxMutationsHelp() {
  return "mutate: places mutated at once";
}

} // namespace locus::bench

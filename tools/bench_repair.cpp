// `locus bench repair`: repair methods on faulty versions whose correct version is known. The versions are
// the fault suite's AllRepair classes L1/L2 (the same seeded draws as `bench faults`, each written back as a
// *source* file by the patch renderer, so a repair is a diff of that source) and the papers' injected faults
// (bench/corpus/papers/faults.json). Every version is repaired by every configuration (method, fl on/off,
// solver) in fork()ed workers; a repair is *correct* when its patched text is the original or is equivalent
// to it within the bounds (the product program with the original as reference), *plausible* otherwise. The
// report gives repaired / correct / plausible-only, times to the first repair, candidates validated, the
// speed-up of localization, and the completeness check of mutate (the original is a point of the space: the
// search must find it). Markdown, JSON and a cactus plot.
#include "bench/lib/pool.h"
#include "bench/lib/report.h"
#include "bench/mutate/mutate.h"
#include "bench/mutate/suite.h"
#include "frontend/source.h"
#include "ir/printer.h"
#include "repair/fix/fix.h"
#include "repair/mutation/mutation.h"
#include "tools/bench_cmd.h"
#include "tools/report.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

namespace locus::tools {

using report::Exit;
using report::Json;
using report::usageError;
namespace fs = std::filesystem;
namespace mutation = repair::mutation;

namespace {

using bench::Clock;
using bench::fixed;
using bench::percent;
using bench::quantile;
using bench::since;

struct Options {
  std::string manifest = "bench/corpus/programs.json";
  std::string langs = "gcl";
  std::string programs;
  std::string classes = "L1,L2";
  unsigned versions = 2;
  uint64_t seed = 1;
  bool noSuite = false, papers = false;
  std::string configs = "mutate,mutate:nofl,template";
  std::string templateOn = "papers";
  std::string mutateOn = "L1,L2,papers";
  std::string solvers = "z3";
  unsigned jobs = 2;
  double timeout = 60;
  size_t max = 20;
  unsigned maxMutations = 1;
  size_t equivalenceChecks = 5;
  std::string equivalenceSolver = "cvc5";
  std::string work, out, name = "repair";
  bool quick = false;
};

/// One repair configuration: a method, localization on or off (mutate), a solver.
struct Config {
  std::string method, solver;
  bool localization = true;
  std::string name() const { return method + (localization ? "" : ":nofl") + "/" + solver; }
};

/// One faulty version to repair.
struct Task {
  std::string label, file, cls;
  mutate::CorpusProgram src; ///< the correct program the version was made from (its file, entry, bounds)
  std::string fault;         ///< "operator at line 12: `<` -> `<=`"
};

/// Whether configuration `c` runs on versions of class `cls` (--mutate-on, --template-on).
bool runsOn(const Config &c, const std::string &cls, const Options &o) {
  std::vector<std::string> on = splitComma(c.method == "template" ? o.templateOn : o.mutateOn);
  return std::find(on.begin(), on.end(), cls) != on.end();
}

std::string readText(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::vector<uint32_t> procIndices(const ir::Program &prog, const std::vector<std::string> &names,
                                  const std::string &file, const std::string &entry) {
  std::vector<uint32_t> out;
  for (const std::string &n : names)
    if (uint32_t k = prog.procIndex(n); k != ir::kNone)
      out.push_back(k);
  return out.empty() ? mutation::defaultProcsUnderTest(prog, file, entry) : out;
}

/// The source form of a drawn version: its faults found among the repair space's options (operators and
/// constants) or the injector's variable replacements (same statements, same printed change), and applying
/// them gives the injector's program exactly; their patch edits. Nullopt when a fault has none (an
/// expression the lowering made up; an assigned variable, a base, a field or a guard; a deletion).
std::optional<std::vector<repair::patch::Edit>> sourceForm(const ir::Program &prog,
                                                           const std::vector<mutation::Site> &sites,
                                                           const std::vector<mutation::Candidate> &vars,
                                                           const mutate::Mutant &m) {
  const ir::PrintOptions printed{true, false};
  auto same = [](const std::vector<ir::StmtId> &a, const std::vector<ir::StmtId> &b) {
    return std::set<ir::StmtId>(a.begin(), a.end()) == std::set<ir::StmtId>(b.begin(), b.end());
  };
  bool allVars = std::all_of(m.faults.begin(), m.faults.end(),
                             [](const mutate::Fault &f) { return f.kind == mutate::FaultKind::Var; });
  if (m.faults.size() == 1 && !allVars) { // an operator or constant: a site of the repair space
    const mutate::Fault &f = m.faults.front();
    for (const mutation::Site &s : sites)
      if (s.source && s.from == f.from && same(s.stmts, f.stmts))
        for (const mutation::Option &opt : s.options)
          if (opt.to == f.to && ir::toString(mutation::applyChoice(prog, {{&s, &opt}}), printed) == m.text)
            return mutation::edits(prog, {{&s, &opt}});
    return std::nullopt;
  }
  if (!allVars || m.faults.empty())
    return std::nullopt;
  // Variable replacements: the first candidate of each fault (they are on disjoint statements).
  std::vector<const mutation::Candidate *> chosen;
  for (const mutate::Fault &f : m.faults) {
    auto c = std::find_if(vars.begin(), vars.end(), [&](const mutation::Candidate &c) {
      return c.kind == mutation::Kind::Var && c.slot == mutation::Slot::ExprVar && c.from == f.from &&
             c.to == f.to && same(c.stmts, f.stmts);
    });
    if (c == vars.end())
      return std::nullopt;
    chosen.push_back(&*c);
  }
  if (ir::toString(mutation::apply(prog, chosen), printed) != m.text)
    return std::nullopt;
  std::vector<repair::patch::Edit> out;
  for (const mutation::Candidate *c : chosen) {
    std::optional<std::vector<repair::patch::Edit>> e = mutation::varEdits(prog, *c);
    if (!e)
      return std::nullopt;
    out.insert(out.end(), e->begin(), e->end());
  }
  return out;
}

/// The suite's versions of one corpus program as source files: each drawn version with a source form is
/// rendered as a patch of the corpus file and written to WORK/<key>/<stem>.<class>.vNN.<ext>; the others are
/// counted in `noSource`. An `and`/`or` fault over guarded reads is written as its source edit, which also
/// changes which reads run.
void suiteTasks(const mutate::CorpusProgram &p, const std::vector<mutate::FaultClass> &classes,
                const Options &o, std::vector<Task> &tasks, std::vector<std::string> &noSource,
                std::vector<std::string> &errors) {
  SourceManager sm;
  Diagnostics diags(sm);
  std::optional<ir::Program> prog = frontend::compileSource(p.file, sm, diags);
  if (!prog) {
    errors.push_back(p.key() + ": does not compile");
    return;
  }
  std::vector<uint32_t> procs = procIndices(*prog, p.procs, p.file, p.entry);
  std::vector<mutation::Site> sites = mutation::space(*prog, procs, 2);
  std::vector<mutation::Candidate> vars = mutation::mutationCandidates(*prog, procs, 0);
  fs::path dir = fs::path(o.work) / p.key();
  fs::create_directories(dir);
  std::string ext = p.lang == "c" ? ".c" : ".gcl";
  std::string stem = fs::path(p.file).stem().string();
  for (mutate::FaultClass cls : classes) {
    mutate::Options mo;
    mo.cls = cls;
    mo.count = o.versions;
    mo.seed = mutate::partSeed(o.seed, p, cls);
    mo.procs = procs;
    mutate::Result gen = mutate::generate(*prog, mo);
    for (const mutate::Mutant &m : gen.mutants) {
      char vname[16];
      std::snprintf(vname, sizeof vname, "v%02u", m.index);
      std::string label = p.key() + "." + mutate::className(cls) + "." + vname;
      std::string what;
      for (const mutate::Fault &f : m.faults)
        what += (what.empty() ? "" : "; ") + std::string(mutate::kindName(f.kind)) + " at line " +
                std::to_string(f.line) + ": `" + f.from + "` -> `" + f.to + "`";
      std::optional<std::vector<repair::patch::Edit>> edits = sourceForm(*prog, sites, vars, m);
      if (!edits) {
        noSource.push_back(label + " (" + what + ")");
        continue;
      }
      repair::patch::PatchResult pr = repair::patch::render(*prog, sm, *edits);
      if (!pr.patch) {
        noSource.push_back(label + " (" + what + "): " + pr.error);
        continue;
      }
      Task t;
      t.label = label;
      t.file = (dir / (stem + "." + mutate::className(cls) + "." + vname + ext)).string();
      std::ofstream(t.file, std::ios::binary) << pr.patch->files.front().after;
      t.src = p;
      t.cls = mutate::className(cls);
      t.fault = what;
      tasks.push_back(std::move(t));
    }
  }
}

/// Whether the original text is a point of the mutation space of the faulty version: one option of one
/// site (of `level`) renders back to it exactly. Independent of the search: it renders every option.
bool originalInSpace(const ir::Program &prog, const SourceManager &sm, const std::vector<uint32_t> &procs,
                     const std::string &originalText) {
  for (const mutation::Site &s : mutation::space(prog, procs, 2)) {
    if (!s.source)
      continue;
    for (const mutation::Option &opt : s.options) {
      repair::patch::PatchResult pr = repair::patch::render(prog, sm, mutation::edits(prog, {{&s, &opt}}));
      if (pr.patch && pr.patch->files.size() == 1 && pr.patch->files.front().after == originalText)
        return true;
    }
  }
  return false;
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

/// Repairs one version with every configuration that applies to it; one JSON record.
Json runTask(const Task &t, const std::vector<Config> &configs, const Options &o) {
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
  std::string originalText = readText(t.src.file);
  std::vector<uint32_t> procs = procIndices(*prog, t.src.procs, t.file, t.src.entry);
  j["original_in_space"] = originalInSpace(*prog, sm, procs, originalText);
  unsigned timeoutMs = static_cast<unsigned>(o.timeout * 1000);
  std::map<std::string, std::string> equivalence; // patched text -> verdict (configurations share repairs)
  Json runs = Json::object();
  for (const Config &c : configs) {
    if (!runsOn(c, t.cls, o))
      continue;
    fix::Spec spec;
    spec.mainFile = t.file;
    spec.entry = t.src.entry;
    spec.verify.solver = c.solver;
    spec.verify.encode.unwind = t.src.unwind;
    spec.verify.encode.heapSlots = t.src.heap;
    fix::Options fo;
    fo.solver = c.solver;
    fo.timeoutMs = timeoutMs;
    fo.maxRepairs = o.max;
    fo.given.set(fix::kMaxMutations, std::to_string(o.maxMutations));
    if (!c.localization)
      fo.given.set(fix::kNoLocalization, "true");
    fo.procs.emplace(procs.begin(), procs.end());
    auto t0 = Clock::now();
    fix::Result r = fix::findMethod(c.method)->run(fix::Problem{*prog, sm, spec, fo});
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
    bool originalFound = false;
    int firstCorrect = -1;
    size_t checks = 0, equivalentOnes = 0, unknownOnes = 0;
    Json verdicts = Json::array();
    for (size_t k = 0; k < r.repairs.size(); ++k) {
      const repair::patch::Patch &p = r.repairs[k].patch;
      std::string verdict;
      if (p.files.size() == 1 && p.files.front().after == originalText) {
        originalFound = true;
        verdict = "original";
      } else if (checks < o.equivalenceChecks && (firstCorrect < 0 || k == 0)) {
        ++checks;
        std::string patched = p.files.size() == 1 ? p.files.front().after : "";
        auto known = equivalence.find(patched);
        verdict = known != equivalence.end()
                      ? known->second
                      : (equivalence[patched] =
                             equivalent(patched, t, *original, spec, o.equivalenceSolver, timeoutMs, k));
        equivalentOnes += verdict == "yes";
        unknownOnes += verdict.rfind("unknown", 0) == 0;
      } else {
        verdict = "not checked";
      }
      if (firstCorrect < 0 && (verdict == "original" || verdict == "yes"))
        firstCorrect = static_cast<int>(k);
      verdicts.push_back(verdict);
    }
    rj["original_found"] = originalFound;
    rj["first_correct"] = firstCorrect == 0;
    rj["any_correct"] = firstCorrect >= 0;
    if (firstCorrect >= 0)
      rj["correct_seconds"] = r.repairs[firstCorrect].seconds;
    rj["verdicts"] = verdicts;
    rj["equivalent"] = equivalentOnes;
    rj["equivalence_unknown"] = unknownOnes;
    runs[c.name()] = rj;
  }
  j["runs"] = runs;
  return j;
}

/// The scores of one configuration over a set of versions.
struct Stats {
  size_t versions = 0, repaired = 0, firstCorrect = 0, anyCorrect = 0, notRepaired = 0, unknown = 0,
         errors = 0, noFailure = 0, internal = 0;
  size_t inSpace = 0, inSpaceSearched = 0, originalFound = 0; ///< mutate's completeness check
  std::vector<double> first, correct, total, validated, blocked;
  void add(const Json &run, bool originalInSpace) {
    std::string st = run.value("status", "");
    if (st == "no-failure") { // an equivalent mutant within the bounds: nothing to repair
      ++noFailure;
      return;
    }
    ++versions;
    total.push_back(run.value("seconds", 0.0));
    if (run.contains("candidates_validated"))
      validated.push_back(run.value("candidates_validated", 0.0));
    if (run.contains("blocked_per_validation"))
      blocked.push_back(run.value("blocked_per_validation", 0.0));
    if (st == "repaired") {
      ++repaired;
      first.push_back(run.value("first_seconds", 0.0));
    }
    notRepaired += st == "not-repaired";
    unknown += st == "unknown";
    if (st == "error") {
      ++errors;
      internal += run.value("message", "").find("internal") != std::string::npos;
    }
    if (originalInSpace) {
      ++inSpace;
      bool searched = run.value("complete", false) || run.value("original_found", false);
      inSpaceSearched += searched;
      originalFound += run.value("original_found", false);
    }
    if (st != "repaired") // an error after some repairs (one that did not re-verify) is not a repair
      return;
    firstCorrect += run.value("first_correct", false);
    if (run.value("any_correct", false)) {
      ++anyCorrect;
      correct.push_back(run.value("correct_seconds", 0.0));
    }
  }
};

double mean(const std::vector<double> &v) {
  double s = 0;
  for (double x : v)
    s += x;
  return v.empty() ? 0 : s / static_cast<double>(v.size());
}

int runBenchRepair(Options o, const std::string &commandLine, report::Reporter &rep) {
  if (o.quick) {
    o.programs = o.programs.empty() ? "B01,B05,L03,KB-max,JO-twobranch,RG-absValue" : o.programs;
    o.versions = 1;
    o.papers = true;
  }
  std::vector<std::string> langs = splitComma(o.langs), solvers = splitComma(o.solvers);
  std::vector<Config> configs;
  for (const std::string &c : splitComma(o.configs)) {
    std::string method = c.substr(0, c.find(':'));
    std::string variant = c.find(':') == std::string::npos ? "" : c.substr(c.find(':') + 1);
    if (!fix::findMethod(method))
      usageError("bench repair: --configs: unknown method '" + method + "'");
    if (!variant.empty() && (method != "mutate" || variant != "nofl"))
      usageError("bench repair: --configs: unknown variant '" + c + "' (mutate:nofl is the only one)");
    for (const std::string &s : solvers)
      configs.push_back(Config{method, s, variant.empty()});
  }
  if (configs.empty())
    usageError("bench repair: --configs: no configuration");
  if (std::optional<std::string> bad = unavailableSolver(solvers))
    usageError(*bad);
  std::string err;
  std::optional<std::vector<mutate::CorpusProgram>> corpus = mutate::readCorpus(o.manifest, langs, err);
  if (!corpus)
    usageError(err);
  mutate::keepPrograms(*corpus, splitComma(o.programs));
  if (o.work.empty())
    o.work = (fs::temp_directory_path() / "locus-repair").string();

  std::vector<Task> tasks;
  std::vector<std::string> noSource, setupErrors;
  if (!o.noSuite) {
    std::vector<mutate::FaultClass> classes;
    for (const std::string &c : splitComma(o.classes)) {
      std::optional<mutate::FaultClass> fc = mutate::parseClass(c);
      if (!fc || *fc == mutate::FaultClass::C2 || *fc == mutate::FaultClass::C4)
        usageError("bench repair: --classes: '" + c + "' (C1, C3, L1 or L2: classes without deletions)");
      classes.push_back(*fc);
    }
    for (const mutate::CorpusProgram &p : *corpus)
      suiteTasks(p, classes, o, tasks, noSource, setupErrors);
  }
  if (o.papers) {
    for (const mutate::PaperFault &f : mutate::writePaperFaults(o.manifest, *corpus, langs, o.work, err)) {
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
      usageError(err);
  }
  if (tasks.empty())
    usageError("bench repair: no versions to repair (check --programs, --classes, --papers)");
  if (std::none_of(tasks.begin(), tasks.end(), [&](const Task &t) {
        return std::any_of(configs.begin(), configs.end(),
                           [&](const Config &c) { return runsOn(c, t.cls, o); });
      }))
    usageError("bench repair: no configuration runs on these classes (see --mutate-on and --template-on)");

  std::vector<Json> results(tasks.size());
  auto tRun = Clock::now();
  {
    bench::Progress progress(tasks.size(), "repair", !rep.json());
    double hard = o.timeout > 0 ? o.timeout * static_cast<double>(configs.size()) *
                                          static_cast<double>(2 + o.equivalenceChecks) +
                                      120
                                : 0;
    bench::WorkerPool pool(
        tasks.size(), [&](size_t i) { return runTask(tasks[i], configs, o).dump(); }, o.jobs, hard);
    pool.run([&](size_t i) { progress.step(tasks[i].label); }, [&](size_t i, Json r) { results[i] = r; });
    progress.done();
  }
  double runSeconds = since(tRun);

  std::vector<std::string> classes;
  for (const Task &t : tasks)
    if (std::find(classes.begin(), classes.end(), t.cls) == classes.end())
      classes.push_back(t.cls);
  std::map<std::string, Stats> byConfig;
  std::map<std::pair<std::string, std::string>, Stats> byClass;
  std::vector<std::string> problems, misses, notApplicable;
  size_t inSpace = 0;
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
      byConfig[c.name()].add(run, space && c.method == "mutate");
      byClass[{c.name(), tasks[i].cls}].add(run, space && c.method == "mutate");
      std::string st = run.value("status", "");
      if (st == "error") {
        std::string msg = run.value("message", "");
        (msg.find("internal") != std::string::npos ? problems : notApplicable)
            .push_back(tasks[i].label + " " + c.name() + ": " + msg);
      }
      if (c.method == "mutate" && space && !run.value("original_found", false) &&
          run.value("complete", false))
        misses.push_back(tasks[i].label + " " + c.name() + ": " + tasks[i].fault + " (" + st + ", " +
                         std::to_string(run.value("repairs", 0u)) + " repairs)");
    }
  }

  bench::Table summary;
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
    const Stats &s = byConfig[c.name()];
    if (s.versions == 0)
      continue;
    summary.rows.push_back(
        {c.name(),
         std::to_string(s.versions) + (s.noFailure ? " (+" + std::to_string(s.noFailure) + " none)" : ""),
         percent(s.repaired, s.versions), percent(s.firstCorrect, s.versions),
         percent(s.anyCorrect, s.versions), std::to_string(s.repaired - std::min(s.repaired, s.anyCorrect)),
         std::to_string(s.notRepaired), std::to_string(s.unknown), bench::seconds(bench::median(s.first)),
         bench::seconds(quantile(s.first, 0.9)), bench::seconds(quantile(s.first, 1.0)),
         s.validated.empty() ? "–" : fixed(mean(s.validated)),
         s.blocked.empty() ? "–" : fixed(mean(s.blocked), 2)});
  }
  bench::Table perClass;
  perClass.header = {"class",         "configuration", "versions",    "repaired",
                     "correct (any)", "median first",  "median total"};
  perClass.alignRight = {false, false, true, true, true, true, true};
  for (const std::string &cls : classes)
    for (const Config &c : configs) {
      const Stats &s = byClass[{c.name(), cls}];
      if (s.versions == 0)
        continue;
      perClass.rows.push_back({cls, c.name(), std::to_string(s.versions), percent(s.repaired, s.versions),
                               percent(s.anyCorrect, s.versions), bench::seconds(bench::median(s.first)),
                               bench::seconds(bench::median(s.total))});
    }
  // Completeness of mutate: where the original is a point of the space and the search ended, it is found.
  bench::Table complete;
  complete.header = {"configuration", "original in the space", "search finished", "original found"};
  complete.alignRight = {false, true, true, true};
  for (const Config &c : configs) {
    const Stats &s = byConfig[c.name()];
    if (c.method == "mutate" && s.versions)
      complete.rows.push_back({c.name(), std::to_string(s.inSpace), std::to_string(s.inSpaceSearched),
                               std::to_string(s.originalFound)});
  }
  // Localization's speed-up (Wolverine2 / fl-AllRepair report it): mutate against mutate:nofl, per version.
  bench::Table speedup;
  speedup.header = {"solver", "versions", "total time nofl / fl (geo. mean)", "first repair nofl / fl",
                    "validated nofl / fl"};
  speedup.alignRight = {false, true, true, true, true};
  for (const std::string &s : solvers) {
    std::string fl = Config{"mutate", s, true}.name(), nofl = Config{"mutate", s, false}.name();
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
      speedup.rows.push_back({s, std::to_string(total.size()), fixed(bench::geometricMean(total), 2) + "×",
                              fixed(bench::geometricMean(first), 2) + "×",
                              fixed(bench::geometricMean(validated), 2) + "×"});
  }
  bench::Table papersTable;
  papersTable.header = {"fault"};
  papersTable.alignRight = {false};
  for (const Config &c : configs) {
    papersTable.header.push_back(c.name());
    papersTable.alignRight.push_back(false);
  }
  for (size_t i = 0; i < tasks.size(); ++i) {
    if (tasks[i].cls != "papers")
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
                      bench::seconds(run.value("any_correct", false) ? run.value("correct_seconds", 0.0)
                                                                     : run.value("first_seconds", 0.0)));
      else
        row.push_back(st);
    }
    papersTable.rows.push_back(row);
  }

  std::vector<bench::Series> cactus;
  for (const Config &c : configs)
    if (byConfig[c.name()].versions)
      cactus.push_back(bench::Series{c.name(), byConfig[c.name()].first});

  Json j;
  j["command"] = "bench repair";
  j["command_line"] = commandLine;
  j["setup"] = Json{{"manifest", o.manifest},
                    {"languages", langs},
                    {"classes", splitComma(o.classes)},
                    {"versions", o.versions},
                    {"seed", o.seed},
                    {"papers", o.papers},
                    {"suite", !o.noSuite},
                    {"configs", splitComma(o.configs)},
                    {"template_on", splitComma(o.templateOn)},
                    {"mutate_on", splitComma(o.mutateOn)},
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
    const Stats &s = byConfig[c.name()];
    cj[c.name()] = Json{{"versions", s.versions},
                        {"repaired", s.repaired},
                        {"first_correct", s.firstCorrect},
                        {"any_correct", s.anyCorrect},
                        {"not_repaired", s.notRepaired},
                        {"unknown", s.unknown},
                        {"no_failure", s.noFailure},
                        {"errors", s.errors},
                        {"internal_errors", s.internal},
                        {"first_median_seconds", bench::median(s.first)},
                        {"first_p90_seconds", quantile(s.first, 0.9)},
                        {"first_max_seconds", quantile(s.first, 1.0)},
                        {"correct_median_seconds", bench::median(s.correct)},
                        {"total_median_seconds", bench::median(s.total)},
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

  std::ostringstream md;
  md << "# bench repair: " << o.name << "\n\n"
     << "Command: `" << commandLine << "`\n\n"
     << tasks.size() << " faulty versions; " << configs.size() << " configurations; " << o.jobs
     << " worker processes; wall time " << bench::seconds(runSeconds)
     << ". Limits per repair: " << bench::seconds(o.timeout) << ", at most " << o.max
     << " repairs, mutate with at most " << o.maxMutations << " mutated place"
     << (o.maxMutations == 1 ? "" : "s") << " (level 2); mutate on the classes " << o.mutateOn
     << ", template on " << o.templateOn
     << ". Only the procedures under test may be changed. A repair is *correct* when its "
        "patched text is the original, or equivalent to it within the bounds (verified in product with the "
        "original by "
     << o.equivalenceSolver << ", at most " << o.equivalenceChecks
     << " checks per run); *plausible only*: repaired, but no repair found is correct. \"first repair\" "
        "is the time from the start of the method to its first repair (verified from the patched source); "
        "\"with a failure\": the versions verify finds a failure in (\"+N none\": equivalent mutants within "
        "the "
        "bounds, left out of the percentages); \"validated\": candidate programs checked by BMC; \"blocked / "
        "validation\": mutants pruned by each "
        "failing mutant's must set (fl-AllRepair). The suite's versions are the fault suite's draws (as "
        "`bench faults`, same seed) written back as source.";
  if (!noSource.empty())
    md << " " << noSource.size()
       << " drawn versions have no source form (a fault in an expression the lowering made up, in an "
          "assigned "
          "variable, a base, a field or a guard, or out of its C block scope) and are left out.";
  md << "\n\n## Summary\n\n" << summary.markdown() << "\n## Per class\n\n" << perClass.markdown();
  if (!complete.rows.empty()) {
    md << "\n## Completeness of mutate\n\n"
       << "On " << inSpace
       << " versions the original is a point of the mutation space (one option of one site renders back to "
          "its text exactly; checked by rendering every option, independently of the search). Where the "
          "search finished (the space exhausted, or the original found before a limit), the original must be "
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
  rep.text() << md.str();
  if (!o.out.empty()) {
    fs::create_directories(o.out);
    std::ofstream(fs::path(o.out) / (o.name + ".md")) << md.str();
    std::ofstream(fs::path(o.out) / (o.name + ".json")) << j.dump(1) << "\n";
    bench::PlotResult pr = bench::writeCactusPlot(o.out, o.name, "time to the first repair", cactus);
    if (!pr.warning.empty())
      rep.warning(pr.warning);
  }
  return rep.finish(std::move(j), problems.empty() && setupErrors.empty() ? Exit::Ok : Exit::Internal);
}

} // namespace

void addBenchRepair(BenchCommands &cmds) {
  auto o = std::make_shared<Options>();
  CLI::App *sub = cmds.bench->add_subcommand(
      "repair", "repair methods on faulty versions with a known correct version: the L1/L2 fault suite as "
                "source, the papers' faults");
  sub->add_option("--manifest", o->manifest, "the corpus manifest")->capture_default_str();
  sub->add_option("--langs", o->langs, "languages: gcl, c or gcl,c")->capture_default_str();
  sub->add_option("--programs", o->programs, "only these corpus ids (comma-separated)");
  sub->add_option("--classes", o->classes,
                  "fault classes of the suite (C1, C3: variable replacements in expressions; L1, L2)")
      ->capture_default_str();
  sub->add_option("--versions", o->versions, "versions per program and class")->capture_default_str();
  sub->add_option("--seed", o->seed, "the suite's seed (as bench faults)")->capture_default_str();
  sub->add_flag("--papers", o->papers, "add the papers' injected faults (bench/corpus/papers/faults.json)");
  sub->add_flag("--no-suite", o->noSuite,
                "leave out the generated suite (with --papers: the papers' faults only)");
  sub->add_option("--configs", o->configs,
                  "METHOD[:nofl],… (mutate, mutate:nofl = without localization, template)")
      ->capture_default_str();
  sub->add_option("--mutate-on", o->mutateOn, "the classes mutate runs on (C1, C3, L1, L2, papers)")
      ->capture_default_str();
  sub->add_option("--template-on", o->templateOn, "the classes template runs on (C1, C3, L1, L2, papers)")
      ->capture_default_str();
  sub->add_option("--solvers", o->solvers, "each configuration on each of these solvers")
      ->capture_default_str();
  sub->add_option("--jobs,-j", o->jobs, "worker processes")->capture_default_str();
  sub->add_option("--timeout", o->timeout, "seconds per repair run (and per equivalence check)")
      ->capture_default_str();
  sub->add_option("--max", o->max,
                  "repairs enumerated per run (the completeness check needs the space exhausted)")
      ->capture_default_str();
  sub->add_option("--max-mutations", o->maxMutations, "mutate: places mutated at once")
      ->capture_default_str();
  sub->add_option("--equivalence-checks", o->equivalenceChecks,
                  "repairs per run checked for equivalence with the original (product program)")
      ->capture_default_str();
  sub->add_option("--equivalence-solver", o->equivalenceSolver,
                  "the solver of the equivalence checks (the product compares printed outputs: strings)")
      ->capture_default_str();
  sub->add_option("--work", o->work, "where the versions are written (default: $TMPDIR/locus-repair)");
  sub->add_option("--out", o->out, "write NAME.md, NAME.json and the plot here");
  sub->add_option("--name", o->name, "the report's file stem")->capture_default_str();
  sub->add_flag("--quick", o->quick, "the CI subset: 6 programs, 1 version per class, the papers' faults");
  sub->add_flag("--json", cmds.reporter->jsonFlag(), "print the JSON report instead of markdown");
  std::string line = cmds.commandLine;
  cmds.runners.push_back({sub, [o, line](report::Reporter &rep) { return runBenchRepair(*o, line, rep); }});
}

} // namespace locus::tools

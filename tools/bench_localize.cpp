// `locus bench localize`: localization methods scored against ground truth. The faulty versions are those of
// `bench faults` (the corpus × Wolverine2's classes, regenerated from the seed; ground truth = the mutated
// statements' lines) and the papers' injected faults (bench/corpus/papers/faults.json; ground truth = the
// edited lines). Every version's failure (verify's counterexample) is localized by every configuration
// (method, weights, solver) in fork()ed workers; the report gives found, the rank of the first ground-truth
// line (lines examined, ties as docs/localize.md counts them), top-1/3/5, EXAM, Wolverine2's top-10 % / 25 %
// measure, times and our share of them (markdown, JSON, a time cactus plot, a cumulative EXAM curve).
#include "bench/lib/pool.h"
#include "bench/lib/report.h"
#include "bench/mutate/suite.h"
#include "frontend/source.h"
#include "repair/common/failure.h"
#include "repair/common/tests.h"
#include "repair/localize/gradient.h"
#include "repair/localize/localize.h"
#include "repair/localize/replay.h"
#include "tools/bench_cmd.h"
#include "tools/report.h"

#include <algorithm>
#include <cmath>
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
using bench::fixed;
using bench::percent;
using bench::quantile;
using bench::since;

struct Options {
  std::string manifest = "bench/corpus/programs.json";
  std::string langs = "gcl";
  std::string programs;
  std::string classes = "C1,C2,C3,C4";
  unsigned versions = 5;
  uint64_t seed = 1;
  bool noSuite = false, papers = false;
  std::string configs =
      "maxsat:uniform,maxsat:ochiai,ofc:uniform,ofc:ochiai,must,mbd,sbfl:tarantula,sbfl:ochiai,"
      "sbfl:dstar,pwp,gradient";
  std::string solvers = "z3";
  unsigned jobs = 2;
  double timeout = 30;
  size_t maxSize = 3, maxSets = 10;
  std::string work, out, name = "localize";
  bool quick = false;
};

/// One localization configuration: a method, its weights and the parts it relaxes, on a solver.
struct Config {
  std::string method, weights, solver;
  bool guards = false;
  std::string name() const {
    return method + (weights.empty() ? "" : ":" + weights) + (guards ? "+guards" : "") +
           (solver.empty() ? "" : "/" + solver);
  }
};

/// A ground-truth location: a source file as the program's file table names it, and a line.
struct Truth {
  std::string file;
  uint32_t line = 0;
  bool deletion = false;         ///< a deleted statement (it cannot run: no trace method can point at it)
  std::vector<ir::StmtId> stmts; ///< the mutated statements (suite versions; empty for the papers' edits)
  std::string what;              ///< "b0 := p != null → b0 := r != null"
};

/// One faulty version to localize.
struct Task {
  std::string label, file, entry, cls, program, lang;
  std::string original; ///< the program the version was made from (gradient's misses are rerun against it)
  std::vector<std::string> procs; ///< the procedures under test: what may be blamed
  uint32_t unwind = 5, heap = 64;
  std::vector<Truth> truth;
  /// The suite's faults, one line each ("operator at line 12: `b0 := x < y` -> `b0 := x <= y`"); the must
  /// property is checked on the versions with one fault.
  std::vector<std::string> faults;
  /// Per fault: it changes the variable a statement assigns (`x := e` -> `y := e`), not an expression.
  std::vector<bool> lhsFaults;
};

/// Whether a mutation changed what a statement assigns rather than an expression: the guard (`[b] `) is
/// the same and the text up to `:=` differs.
bool assignsOther(const std::string &before, const std::string &after) {
  auto guard = [](const std::string &t) { return t.rfind("[", 0) == 0 ? t.substr(0, t.find("] ") + 2) : ""; };
  std::string g = guard(before);
  if (g != guard(after))
    return false;
  size_t a = before.find(":="), b = after.find(":=");
  return a != std::string::npos && b != std::string::npos && before.substr(0, a) != after.substr(0, b);
}

/// The lines a person examines before reaching a ground-truth line, or -1 when none is ranked.
double linesExamined(const ir::Program &prog, const std::vector<localize::Suspect> &ranking,
                     const std::vector<Truth> &truth, uint32_t *rank) {
  double best = -1;
  for (const localize::Suspect &s : ranking) {
    bool hit = false;
    for (const Truth &t : truth)
      hit =
          hit || (s.loc.line == t.line && s.loc.file < prog.files.size() && prog.files[s.loc.file] == t.file);
    if (!hit)
      continue;
    size_t ties = std::count_if(ranking.begin(), ranking.end(),
                                [&](const localize::Suspect &x) { return x.rank == s.rank; });
    double examined = (s.rank - 1) + (static_cast<double>(ties) + 1) / 2;
    if (best < 0 || examined < best) {
      best = examined;
      *rank = s.rank;
    }
  }
  return best;
}

/// What a mutation changed, for gradient's misses: "condition" (an `if` or loop condition), "left side"
/// (the statement now writes another variable or field: the right one is never written), "right side".
std::string missKind(const ir::Program &prog, const Truth &t) {
  ir::StmtIndex index(prog);
  if (!t.stmts.empty())
    if (const ir::Stmt *st = index.find(t.stmts.front());
        st && st->kind == ir::Stmt::Assign && !st->lhs.global) {
      const ir::Procedure &p = prog.procs.at(index.procOf(st->id));
      const ir::Var &v = p.vars.at(st->lhs.index);
      if (v.temp && v.type.kind == ir::Type::Bool)
        return "condition";
    }
  auto lhs = [](std::string x) {
    if (!x.empty() && x[0] == '[')
      x = x.substr(x.find("] ") + 2);
    size_t at = x.find(":=");
    return at == std::string::npos ? std::string() : x.substr(0, at);
  };
  const std::string arrowText = " → ";
  size_t arrow = t.what.find(arrowText);
  if (arrow == std::string::npos)
    return "";
  std::string before = t.what.substr(0, arrow), after = t.what.substr(arrow + arrowText.size());
  return lhs(before) != lhs(after) ? "left side" : "right side";
}

/// gradient's misses, each rerun with the paper's postcondition: the original program's state on the failing
/// run's inputs where it reaches the failing check (expectedFromReference) instead of the post-state derived
/// from the failing check (Wolverine2's user states the intended heap; an assertion pins only what it reads).
/// Each miss gets `with_expected`: "suspicious" (the derived post-state was the cause) or "missed"; `free`:
/// the entities the original's state corrects and the derived post-state does not; or `expected_error` when
/// the original cannot give a state.
void explainMisses(const ir::Program &prog, const Task &task, const repair::Failure &f,
                   const localize::Options &lo, Json &missed) {
  SourceManager sm;
  Diagnostics diags(sm);
  std::optional<ir::Program> orig =
      task.original.empty() ? std::nullopt : frontend::compileSource(task.original, sm, diags);
  std::string err = orig ? "" : "the original does not compile";
  std::optional<localize::ExpectedState> expected =
      orig ? localize::expectedFromReference(prog, *orig, f, lo, err) : std::nullopt;
  if (!expected) {
    for (Json &m : missed)
      m["expected_error"] = err;
    return;
  }
  localize::GradientResult derived = localize::gradientLocalize(prog, f, lo);
  localize::GradientResult g = localize::gradientLocalize(prog, f, lo, &*expected);
  if (!g.error.empty()) {
    for (Json &m : missed)
      m["expected_error"] = g.error;
    return;
  }
  std::map<std::string, ir::Value> derivedPost;
  for (const localize::Correction &c : derived.corrections)
    derivedPost[c.entity] = c.post;
  Json free = Json::array();
  for (const localize::Correction &c : g.corrections)
    if (auto it = derivedPost.find(c.entity); it == derivedPost.end() || !(it->second == c.post))
      free.push_back(c.entity + " " + ir::toString(c.forward) + " -> " + ir::toString(c.post));
  ir::StmtIndex index(prog), origIndex(*orig);
  // Theorem A.1's proof compares the buggy and the correct run statement by statement, the faulty one writing
  // another value: does this run take the original's path (the same source statements in the same order, up
  // to the failing check), and where does the mutated line write something else?
  localize::Replay replayed = localize::replayFailure(prog, f, localize::blamableStatements(prog, lo));
  const std::vector<ir::TraceStep> &bug = replayed.steps; // the failing run's trace
  ir::InterpOptions io;
  io.ints = f.ints;
  io.nondetValues = f.nondets;
  io.initialHeap = f.heap;
  io.recordTrace = true;
  ir::Outcome ref = ir::Interpreter(*orig, io).run(orig->procIndex(prog.procs.at(f.entry).name), f.args);
  auto locOf = [](const ir::StmtIndex &ix, ir::StmtId id) {
    const ir::Stmt *st = ix.find(id);
    return st ? std::make_pair(st->loc.line, st->loc.col) : std::make_pair(0u, 0u);
  };
  bool samePath = replayed.error.empty() && ref.traceDropped == 0 && bug.size() <= ref.trace.size();
  for (size_t k = 0; samePath && k < bug.size(); ++k)
    samePath = locOf(index, bug[k].stmt) == locOf(origIndex, ref.trace[k].stmt);
  for (Json &m : missed) {
    uint32_t line = m.value("line", 0u);
    auto onLine = [&](const ir::StmtIndex &ix, const ir::Program &p, ir::StmtId id) {
      const ir::Stmt *st = ix.find(id);
      return st && st->loc.valid() && st->loc.line == line && p.files[st->loc.file] == m.value("file", "");
    };
    bool caught = std::any_of(g.suspicious.begin(), g.suspicious.end(),
                              [&](ir::StmtId s) { return onLine(index, prog, s); });
    m["with_expected"] = caught ? "suspicious" : "missed";
    m["free"] = free;
    if (caught)
      continue;
    if (!samePath) {
      m["why"] = "path";
      continue;
    }
    bool differs = false;
    for (size_t k = 0; k < bug.size(); ++k)
      if (onLine(index, prog, bug[k].stmt)) {
        const auto &a = bug[k].write, &b = ref.trace[k].write;
        differs = differs || a.has_value() != b.has_value() ||
                  (a && (a->kind != b->kind || a->node != b->node || a->field != b->field ||
                         a->var.index != b->var.index || a->var.global != b->var.global ||
                         !(a->value == b->value)));
      }
    if (!differs) {
      m["why"] = "same writes";
      continue;
    }
    // A write that leaves its entity as it was (`h := h` where `p := h` was meant): the statement changes no
    // state on this run, so no state difference can show at it. The mutated statements when the fault names
    // them (`d.val := nx.val` is `t0 := nx.val; d.val := t0`: only the field write was mutated), else the
    // line.
    std::vector<ir::StmtId> mutated;
    for (const Truth &t : task.truth)
      if (t.line == line && t.file == m.value("file", ""))
        mutated.insert(mutated.end(), t.stmts.begin(), t.stmts.end());
    auto isMutated = [&](ir::StmtId id) {
      return mutated.empty() ? onLine(index, prog, id)
                             : std::find(mutated.begin(), mutated.end(), id) != mutated.end();
    };
    bool noop = true, wrote = false;
    for (const localize::Point &pt : replayed.points)
      if (pt.kind == localize::Point::Write && isMutated(pt.stmt)) {
        wrote = true;
        noop = noop && pt.before == pt.after;
      }
    m["why"] = wrote && noop ? "no-op" : "unexplained";
  }
}

/// Compiles the version, finds its failure, localizes it with every configuration; one JSON record.
Json runTask(const Task &task, const std::vector<Config> &configs, const Options &o) {
  const Task &t = task;
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
  // The program's size for EXAM: the distinct lines carrying statements of the procedures under test.
  std::set<std::pair<uint32_t, uint32_t>> lines;
  for (uint32_t k : procs)
    ir::forEachStmt(prog->procs[k].body, [&](const ir::Stmt &s) {
      if (s.loc.valid())
        lines.insert({s.loc.file, s.loc.line});
    });
  j["lines"] = lines.size();
  ir::InterpOptions io;
  auto tt = Clock::now();
  std::vector<repair::TestRun> tests = repair::runTests(*prog, repair::declaredTests(*prog, ""), io);
  j["tests_seconds"] = since(tt);
  Json runs = Json::object();
  for (const Config &c : configs) {
    localize::Options lo;
    lo.solver = c.solver;
    const localize::Method *m = localize::findMethod(c.method);
    // the configuration's `:X` sets the method's enum option that accepts X (maxsat:ochiai, sbfl:dstar)
    for (const repair::OptionDecl &d : m->options())
      if (d.kind == repair::OptionKind::Enum && repair::checkValue(d, c.weights).empty())
        lo.given.set(d.flag, c.weights);
    lo.given.set(localize::kParts, c.guards ? "value,guard" : "value");
    lo.timeoutMs = static_cast<unsigned>(o.timeout * 1000);
    lo.given.set(localize::kMaxSize, std::to_string(o.maxSize));
    lo.given.set(localize::kMaxSets, std::to_string(o.maxSets));
    lo.procs = procs;
    localize::Problem p{*prog, f, tests, lo};
    auto m0 = Clock::now();
    localize::Result r = m->run(p);
    double sec = since(m0);
    uint32_t rank = 0;
    double examined = linesExamined(*prog, r.ranking, t.truth, &rank);
    Json rj{{"status", localize::statusName(r.status)},
            {"seconds", sec},
            {"solve_seconds", r.stats.count("solve_s") ? r.stats.at("solve_s") : 0.0},
            {"sets", r.sets.size()},
            {"ranked", r.ranking.size()},
            {"found", examined >= 0}};
    if (examined >= 0) {
      rj["examined"] = examined;
      rj["rank"] = rank;
    }
    if (!r.message.empty())
      rj["message"] = r.message;
    if (c.method == "gradient" && r.status == localize::Status::Localized) {
      // Wolverine2's soundness claim: every mutated statement that ran is in the suspicious set
      std::set<ir::StmtId> suspicious;
      std::set<std::pair<std::string, uint32_t>> suspiciousLines;
      for (const localize::Suspect &sus : r.ranking) {
        suspicious.insert(sus.statements.begin(), sus.statements.end());
        if (sus.loc.file < prog->files.size())
          suspiciousLines.insert({prog->files[sus.loc.file], sus.loc.line});
      }
      ir::StmtIndex index(*prog);
      auto ranOnLine = [&](const Truth &t) {
        for (ir::StmtId id : f.run.covered)
          if (const ir::Stmt *st = index.find(id);
              st && st->loc.valid() && st->loc.line == t.line && prog->files[st->loc.file] == t.file)
            return true;
        return false;
      };
      Json missed = Json::array(), notRun = Json::array();
      for (const Truth &t : task.truth) {
        if (t.deletion)
          continue;
        bool ran = t.stmts.empty() ? ranOnLine(t)
                                   : std::any_of(t.stmts.begin(), t.stmts.end(),
                                                 [&](ir::StmtId id) { return f.run.covered.count(id) > 0; });
        bool caught = t.stmts.empty() ? suspiciousLines.count({t.file, t.line}) > 0
                                      : std::any_of(t.stmts.begin(), t.stmts.end(),
                                                    [&](ir::StmtId id) { return suspicious.count(id) > 0; });
        Json tj{{"line", t.line}, {"file", t.file}, {"what", t.what}, {"kind", missKind(*prog, t)}};
        if (!ran)
          notRun.push_back(tj);
        else if (!caught)
          missed.push_back(tj);
      }
      if (!missed.empty())
        explainMisses(*prog, task, f, lo, missed);
      rj["sound"] = missed.empty();
      rj["missed"] = missed;
      rj["not_run"] = notRun;
      for (const char *k : {"suspicious_fraction", "suspicious_lines", "lines"})
        if (r.stats.count(k))
          rj[k] = r.stats.at(k);
    }
    if (c.method == "must") { // the set itself, for the must property's report
      Json lines = Json::array();
      for (const localize::Suspect &s : r.ranking)
        lines.push_back(s.loc.line);
      rj["lines"] = lines;
    }
    runs[c.name()] = rj;
  }
  j["runs"] = runs;
  return j;
}

/// The papers' faults: each applied to its corpus file (GCL or C) in the work directory.
std::vector<Task> paperTasks(const std::string &manifest, const std::vector<mutate::CorpusProgram> &corpus,
                             const std::vector<std::string> &langs, const std::string &work,
                             std::string &err) {
  std::vector<Task> out;
  for (const mutate::PaperFault &f : mutate::writePaperFaults(manifest, corpus, langs, work, err)) {
    Task t;
    t.file = f.file;
    for (const mutate::PaperFault::Edit &e : f.edits)
      t.truth.push_back(Truth{t.file, e.line, false, {}, e.original + " → " + e.replacement});
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
  return out;
}

/// The scores of one configuration over a set of versions.
struct Stats {
  size_t versions = 0, localized = 0, found = 0, top1 = 0, top3 = 0, top5 = 0, top10pct = 0, top25pct = 0;
  size_t unknown = 0, errors = 0, internal = 0;
  /// gradient: versions checked for soundness, those with a miss, mutated statements not run
  size_t soundChecked = 0, unsound = 0, notRun = 0;
  std::vector<double> examined, exam, seconds, solve, suspicious;
  void add(const Json &run, size_t lines) {
    ++versions;
    std::string st = run.value("status", "");
    if (st == "unknown")
      ++unknown;
    if (st == "error")
      ++errors;
    if (st == "error" && run.value("message", "").find("internal") != std::string::npos)
      ++internal;
    if (run.contains("sound")) {
      ++soundChecked;
      unsound += !run.value("sound", true);
      notRun += run["not_run"].size();
      suspicious.push_back(100 * run.value("suspicious_fraction", 0.0));
    }
    if (st == "localized" || st == "unknown")
      ++localized;
    seconds.push_back(run.value("seconds", 0.0));
    solve.push_back(run.value("solve_seconds", 0.0));
    if (!run.value("found", false)) {
      exam.push_back(100);
      return;
    }
    ++found;
    double e = run.value("examined", 0.0);
    examined.push_back(e);
    top1 += e <= 1;
    top3 += e <= 3;
    top5 += e <= 5;
    double pct = lines ? 100.0 * e / static_cast<double>(lines) : 100;
    exam.push_back(std::min(100.0, pct));
    top10pct += pct <= 10;
    top25pct += pct <= 25;
  }
  double oursShare() const {
    double total = 0, sol = 0;
    for (double s : seconds)
      total += s;
    for (double s : solve)
      sol += s;
    return total > 0 ? 1 - std::min(1.0, sol / total) : 0;
  }
};

int runBenchLocalize(Options o, const std::string &commandLine, report::Reporter &rep) {
  if (o.quick) {
    o.programs = o.programs.empty() ? "B01,B05,L03,KB-max,JO-twobranch,RG-absValue" : o.programs;
    o.versions = 1;
    o.papers = true;
  }
  std::vector<std::string> langs = splitComma(o.langs), solvers = splitComma(o.solvers);
  std::vector<Config> configs;
  for (std::string c : splitComma(o.configs)) {
    bool guards = c.size() > 7 && c.compare(c.size() - 7, 7, "+guards") == 0;
    if (guards)
      c.resize(c.size() - 7);
    std::string method = c.substr(0, c.find(':'));
    std::string weights = c.find(':') == std::string::npos ? "" : c.substr(c.find(':') + 1);
    const localize::Method *m = localize::findMethod(method);
    if (!m) {
      usageError("bench localize: --configs: unknown method '" + method + "'");
    }
    if (method == "sbfl") {
      repair::Formula f;
      if (weights.empty())
        weights = "ochiai";
      if (!repair::parseFormula(weights, f))
        usageError("bench localize: --configs: unknown formula '" + weights +
                   "' (tarantula, ochiai or dstar)");
    } else if (method == "maxsat" || method == "ofc") {
      if (!weights.empty() && weights != "uniform" && weights != "ochiai")
        usageError("bench localize: --configs: unknown weights '" + weights + "' (uniform or ochiai)");
    } else if (!weights.empty()) {
      usageError("bench localize: --configs: " + method + " takes no ':" + weights + "'");
    }
    for (const std::string &s : m->usesSolver() ? solvers : std::vector<std::string>{""})
      configs.push_back(Config{method, weights, s, guards});
  }
  if (configs.empty()) {
    usageError("bench localize: --configs: no configuration");
  }
  if (std::optional<std::string> bad = unavailableSolver(solvers)) {
    usageError(*bad);
  }
  std::string err;
  std::optional<std::vector<mutate::CorpusProgram>> corpus = mutate::readCorpus(o.manifest, langs, err);
  if (!corpus) {
    usageError(err);
  }
  mutate::keepPrograms(*corpus, splitComma(o.programs));
  if (o.work.empty())
    o.work = (fs::temp_directory_path() / "locus-localize").string();

  std::vector<Task> tasks;
  if (!o.noSuite) {
    mutate::SuiteOptions so;
    so.classes.clear();
    for (const std::string &c : splitComma(o.classes)) {
      std::optional<mutate::FaultClass> fc = mutate::parseClass(c);
      if (!fc) {
        usageError("bench localize: --classes: unknown class '" + c + "'");
      }
      so.classes.push_back(*fc);
    }
    so.versions = o.versions;
    so.seed = o.seed;
    so.workDir = o.work;
    mutate::Suite suite = mutate::generateSuite(*corpus, so);
    for (const mutate::SuitePart &part : suite.parts) {
      const mutate::CorpusProgram &p = (*corpus)[part.program];
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
          t.truth.push_back(Truth{f.file, f.line, f.kind == mutate::FaultKind::Delete, f.stmts,
                                  f.before + " → " + (f.after.empty() ? "(deleted)" : f.after)});
          t.lhsFaults.push_back(assignsOther(f.before, f.after));
          t.faults.push_back(std::string(mutate::kindName(f.kind)) + " at line " + std::to_string(f.line) +
                             ": `" + f.before + "` -> `" + (f.after.empty() ? "(deleted)" : f.after) + "`");
        }
        tasks.push_back(std::move(t));
      }
    }
  }
  if (o.papers) {
    std::vector<Task> pt = paperTasks(o.manifest, *corpus, langs, o.work, err);
    if (!err.empty()) {
      usageError(err);
    }
    tasks.insert(tasks.end(), pt.begin(), pt.end());
  }
  if (tasks.empty()) {
    usageError("bench localize: no versions to localize (check --programs, --classes, --papers)");
  }

  std::vector<Json> results(tasks.size());
  auto tRun = Clock::now();
  {
    bench::Progress progress(tasks.size(), "localize", !rep.json());
    double hard = o.timeout > 0 ? o.timeout * static_cast<double>(configs.size() + 1) * 1.5 + 60 : 0;
    bench::WorkerPool pool(
        tasks.size(), [&](size_t i) { return runTask(tasks[i], configs, o).dump(); }, o.jobs, hard);
    pool.run([&](size_t i) { progress.step(tasks[i].label); }, [&](size_t i, Json r) { results[i] = r; });
    progress.done();
  }
  double runSeconds = since(tRun);

  // Scores per configuration, overall and per class.
  std::vector<std::string> classes;
  for (const Task &t : tasks)
    if (std::find(classes.begin(), classes.end(), t.cls) == classes.end())
      classes.push_back(t.cls);
  std::map<std::string, Stats> byConfig;
  std::map<std::pair<std::string, std::string>, Stats> byClass;
  size_t withFailure = 0, noFailure = 0, problems = 0;
  std::vector<std::string> problemLines, misses;
  std::map<std::string, size_t> notApplicable; // "config: message" → versions (the method cannot run on them)
  std::map<std::pair<std::string, std::string>, size_t> missKinds; // (class, kind) → gradient's misses
  std::map<std::pair<std::string, std::string>, size_t> missWith;  // (class, with_expected) → misses
  std::vector<double> testSeconds;
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
    size_t lines = r.value("lines", 0u);
    for (const Config &c : configs) {
      const Json &run = r["runs"][c.name()];
      byConfig[c.name()].add(run, lines);
      byClass[{c.name(), tasks[i].cls}].add(run, lines);
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

  bench::Table summary;
  summary.header = {"configuration", "localized", "n/a",    "found", "top-1", "top-3", "top-5",
                    "mean examined", "mean EXAM", "median", "p90",   "max",   "ours"};
  summary.alignRight = {false, true, true, true, true, true, true, true, true, true, true, true, true};
  auto mean = [](const std::vector<double> &v) {
    double s = 0;
    for (double x : v)
      s += x;
    return v.empty() ? 0 : s / static_cast<double>(v.size());
  };
  for (const Config &c : configs) {
    const Stats &s = byConfig[c.name()];
    summary.rows.push_back({c.name(), std::to_string(s.localized) + " / " + std::to_string(s.versions),
                            std::to_string(s.errors - s.internal), percent(s.found, s.versions),
                            percent(s.top1, s.versions), percent(s.top3, s.versions),
                            percent(s.top5, s.versions), fixed(mean(s.examined)), fixed(mean(s.exam)) + " %",
                            bench::seconds(bench::median(s.seconds)),
                            bench::seconds(quantile(s.seconds, 0.9)),
                            bench::seconds(quantile(s.seconds, 1.0)), fixed(100 * s.oursShare()) + " %"});
  }
  bench::Table perClass;
  perClass.header = {"class",      "configuration",     "versions",          "found",
                     "top-5",      "top 10 % of lines", "top 25 % of lines", "mean EXAM",
                     "median time"};
  perClass.alignRight = {false, false, true, true, true, true, true, true, true};
  for (const std::string &cls : classes)
    for (const Config &c : configs) {
      const Stats &s = byClass[{c.name(), cls}];
      perClass.rows.push_back({cls, c.name(), std::to_string(s.versions), percent(s.found, s.versions),
                               percent(s.top5, s.versions), percent(s.top10pct, s.versions),
                               percent(s.top25pct, s.versions), fixed(mean(s.exam)) + " %",
                               bench::seconds(bench::median(s.seconds))});
    }
  // Wolverine2's soundness claim for gradient: the mutated statement is suspicious (C1 and C3: mutations
  // only)
  bench::Table soundness;
  soundness.header = {"class",  "configuration",     "versions",           "sound",
                      "misses", "mutations not run", "mean suspicious set"};
  soundness.alignRight = {false, false, true, true, true, true, true};
  for (const std::string &cls : classes)
    for (const Config &c : configs) {
      const Stats &s = byClass[{c.name(), cls}];
      if (s.soundChecked == 0)
        continue;
      soundness.rows.push_back({cls, c.name(), std::to_string(s.soundChecked),
                                std::to_string(s.soundChecked - s.unsound), std::to_string(s.unsound),
                                std::to_string(s.notRun), fixed(mean(s.suspicious)) + " %"});
    }
  bench::Table papersTable;
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

  // The must property (FOSFL): on every version with one fault, the must set contains its line.
  size_t mustChecked = 0;
  std::vector<std::string> mustMisses, mustExplained;
  for (const Config &c : configs) {
    if (c.method != "must")
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

  // Plots: time cactus per configuration; cumulative EXAM (versions whose ground truth is found within x %).
  std::vector<bench::Series> cactus;
  bench::LinePlot examPlot;
  examPlot.title = "cumulative EXAM: versions whose fault is within the first x % of the lines";
  examPlot.xlabel = "EXAM (% of the program's lines examined)";
  examPlot.ylabel = "% of the versions";
  examPlot.key = "bottom right";
  examPlot.style = "steps";
  for (const Config &c : configs) {
    const Stats &s = byConfig[c.name()];
    cactus.push_back(bench::Series{c.name(), s.seconds});
    bench::LineSeries ls{c.name(), {{0, 0}}};
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
    const Stats &s = byConfig[c.name()];
    cj[c.name()] = Json{{"versions", s.versions},
                        {"localized", s.localized},
                        {"found", s.found},
                        {"top1", s.top1},
                        {"top3", s.top3},
                        {"top5", s.top5},
                        {"top10pct", s.top10pct},
                        {"top25pct", s.top25pct},
                        {"mean_examined", mean(s.examined)},
                        {"mean_exam_pct", mean(s.exam)},
                        {"median_seconds", bench::median(s.seconds)},
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

  std::ostringstream md;
  md << "# bench localize: " << o.name << "\n\n"
     << "Command: `" << commandLine << "`\n\n"
     << tasks.size() << " faulty versions (" << withFailure << " with a failure to localize, " << noFailure
     << " equivalent within the bounds, " << problems << " problems); " << configs.size()
     << " configurations; " << o.jobs << " worker processes; wall time " << bench::seconds(runSeconds)
     << ". The failure of each version is verify's counterexample (z3); only the procedures under test may "
        "be "
        "blamed. Lines examined and ties as in docs/localize.md; EXAM = lines examined / the lines with "
        "statements in the procedures under test (100 % when the fault is not found); times are the method's "
        "(after the failure is found; running the declared tests, which sbfl and maxsat:ochiai use, is "
        "not included: "
     << bench::seconds(bench::median(testSeconds)) << " median, "
     << bench::seconds(quantile(testSeconds, 1.0))
     << " max per version); \"ours\" = the share not spent inside the solver.\n\n"
     << "## Summary (versions with a failure)\n\n"
     << summary.markdown()
     << "\n## Per class (Wolverine2's measure: the fault line within the top 10 % / 25 % "
        "of the lines)\n\n"
     << perClass.markdown();
  if (!soundness.rows.empty()) {
    md << "\n## gradient: soundness (Wolverine2: the faulty statement is in the suspicious set)\n\n"
       << "A version is sound when every mutated statement that ran in the failing run is suspicious "
          "(deletions and mutated statements that did not run cannot be pointed at and are counted apart); "
          "the suspicious set's size is a percentage of the blamable statements.\n\n"
       << soundness.markdown();
    if (!misses.empty()) {
      md << "\nMisses by what the mutation changed (condition: an `if` or loop condition, whose effect is on "
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
       << " runs): the must set should contain the faulty line. " << mustMisses.size() + mustExplained.size()
       << " do not.\n\n";
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
  rep.text() << md.str();
  if (!o.out.empty()) {
    fs::create_directories(o.out);
    std::ofstream(fs::path(o.out) / (o.name + ".md")) << md.str();
    std::ofstream(fs::path(o.out) / (o.name + ".json")) << j.dump(1) << "\n";
    for (const bench::PlotResult &pr :
         {bench::writeCactusPlot(o.out, o.name + "-time", "localization time per version", cactus),
          bench::writeLinePlot(o.out, o.name + "-exam", examPlot)})
      if (!pr.warning.empty())
        rep.warning(pr.warning);
  }
  size_t internal = 0;
  for (const auto &[name, s] : byConfig)
    internal += s.internal;
  return rep.finish(std::move(j), problems || internal ? Exit::Internal : Exit::Ok);
}

} // namespace

void addBenchLocalize(BenchCommands &cmds) {
  auto o = std::make_shared<Options>();
  CLI::App *sub = cmds.bench->add_subcommand(
      "localize",
      "localization methods scored against ground truth: the faulty suite and the papers' faults");
  sub->add_option("--manifest", o->manifest, "the corpus manifest")->capture_default_str();
  sub->add_option("--langs", o->langs, "languages: gcl, c or gcl,c")->capture_default_str();
  sub->add_option("--programs", o->programs, "only these corpus ids (comma-separated)");
  sub->add_option("--classes", o->classes, "fault classes of the suite")->capture_default_str();
  sub->add_option("--versions", o->versions, "versions per program and class")->capture_default_str();
  sub->add_option("--seed", o->seed, "the suite's seed (as bench faults)")->capture_default_str();
  sub->add_flag("--papers", o->papers, "add the papers' injected faults (bench/corpus/papers/faults.json)");
  sub->add_flag("--no-suite", o->noSuite,
                "leave out the generated suite (with --papers: the papers' faults only)");
  sub->add_option("--configs", o->configs,
                  "METHOD[:VARIANT][+guards],… (maxsat|ofc:uniform|ochiai, must, mbd, "
                  "sbfl:tarantula|ochiai|dstar, pwp, "
                  "gradient; "
                  "+guards: relax guards too)")
      ->capture_default_str();
  sub->add_option("--solvers", o->solvers, "each configuration on each of these solvers")
      ->capture_default_str();
  sub->add_option("--jobs,-j", o->jobs, "worker processes")->capture_default_str();
  sub->add_option("--timeout", o->timeout, "seconds per verification and per localization")
      ->capture_default_str();
  sub->add_option("--max-size", o->maxSize, "set methods: the largest set")->capture_default_str();
  sub->add_option("--max-sets", o->maxSets, "set methods: sets per failure")->capture_default_str();
  sub->add_option("--work", o->work, "where the versions are written (default: $TMPDIR/locus-localize)");
  sub->add_option("--out", o->out, "write NAME.md, NAME.json and the plots here");
  sub->add_option("--name", o->name, "the report's file stem")->capture_default_str();
  sub->add_flag("--quick", o->quick, "the CI subset: 6 programs, 1 version per class, the papers' faults");
  sub->add_flag("--json", cmds.reporter->jsonFlag(), "print the JSON report instead of markdown");
  std::string line = cmds.commandLine;
  cmds.runners.push_back({sub, [o, line](report::Reporter &rep) { return runBenchLocalize(*o, line, rep); }});
}

} // namespace locus::tools

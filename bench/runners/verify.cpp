// `locus bench verify`: every program of a suite with every solver, interleaved; per-program times, ratios,
// totals, timeouts, verdict disagreements, and the split between our own work and the solver's.
#include "backends/encoder/verify.h"
#include "bench/lib/child.h"
#include "bench/lib/report.h"
#include "bench/runners/common.h"
#include "bench/runners/runners.h"
#include "frontend/source.h"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <sstream>

namespace locus::bench {

NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(VerifyOptions, paths, solvers, posings, cores, plain, modes,
                                                maxUnwind, manifest, entry, unwind, heap, ints,
                                                noUnwindingAssertions, timeout, repeat, work, out, name)

namespace fs = std::filesystem;

namespace {

/// One program of the suite, with the bounds it is verified at, its integer semantics (empty: --ints) and
/// its known verdict (a manifest's "expected": safe or failed; empty: not known).
struct Program {
  std::string file, entry;
  uint32_t unwind = 0, heap = 0;
  std::string ints, expected;
};

/// One (program, solver) run; times are medians over --repeat.
struct Run {
  std::string verdict; ///< safe / failed / bound / unknown / internal-error / error
  std::string reason;
  std::string proof; ///< a safe answer of --unwind auto / --k-induction: what it proves
  double total = 0, frontend = 0, encode = 0, startStop = 0, handOver = 0, solverAssert = 0, solve = 0,
         replay = 0;         ///< seconds
  double printed = -1;       ///< --plain: the solver binary on the printed query (seconds; -1: not run)
  std::string printedAnswer; ///< its answer: sat, unsat, unknown, timeout, or what went wrong
  double verifySeconds() const { return total - frontend; } ///< what locus verify does after the front end
};

/// One column of the comparison: a solver, set up and asked one way, in one mode (bmc, auto, kind).
struct Config {
  std::string solver;
  backends::Posing posing = backends::Posing::Auto;
  bool cores = false;
  std::string label; ///< the solver spec alone, or with "[posing, cores]" / "[mode]" when they are compared
  std::string mode = "bmc";
};

bool isSource(const fs::path &p) {
  return p.extension() == ".gcl" || p.extension() == ".c";
}

/// The suite: a manifest's entries, or every .gcl/.c file under the given paths (sorted).
std::vector<Program> collect(const VerifyOptions &o, std::string &err) {
  std::vector<Program> out;
  if (!o.manifest.empty()) {
    std::ifstream in(o.manifest);
    if (!in) {
      err = "cannot read manifest '" + o.manifest + "'";
      return {};
    }
    Json m = Json::parse(in, nullptr, false);
    const Json &list = m.is_object() && m.contains("programs") ? m["programs"] : m;
    if (!list.is_array()) {
      err = "manifest '" + o.manifest + "': expected a list of programs (or {\"programs\": [...]})";
      return {};
    }
    fs::path base = fs::path(o.manifest).parent_path();
    std::set<std::string> langs;
    for (const std::string &p : o.paths) // with a manifest, the positional arguments name languages
      langs.insert(p);
    if (langs.empty())
      langs.insert("gcl");
    for (const Json &e : list) {
      auto addFile = [&](const std::string &f) {
        Program p;
        p.file = (base / f).lexically_normal().string();
        p.entry = e.value("entry", o.entry);
        p.unwind = e.value("unwind", o.unwind);
        p.heap = e.value("heap", o.heap);
        p.ints = e.value("ints", std::string());
        p.expected = e.value("expected", std::string());
        if (!p.ints.empty() && p.ints != "math" && p.ints != "bv32")
          err = "manifest '" + o.manifest + "': \"ints\" must be math or bv32, got '" + p.ints + "'";
        if (!p.expected.empty() && p.expected != "safe" && p.expected != "failed")
          err =
              "manifest '" + o.manifest + "': \"expected\" must be safe or failed, got '" + p.expected + "'";
        out.push_back(p);
      };
      if (e.contains("files") && e["files"].is_object()) {
        for (const std::string &lang : langs)
          if (e["files"].contains(lang) && e["files"][lang].is_string())
            addFile(e["files"][lang]);
      } else if (e.contains("file") && e["file"].is_string()) {
        addFile(e["file"]);
      }
    }
    return out;
  }
  std::vector<std::string> files;
  for (const std::string &p : o.paths) {
    std::error_code ec;
    if (fs::is_directory(p, ec)) {
      for (const auto &de : fs::recursive_directory_iterator(p))
        if (de.is_regular_file() && isSource(de.path()) &&
            de.path().string().find("/Inputs/") == std::string::npos)
          files.push_back(de.path().string());
    } else if (fs::is_regular_file(p, ec)) {
      files.push_back(p);
    } else {
      err = "cannot read '" + p + "': no such file or directory";
      return {};
    }
  }
  std::sort(files.begin(), files.end());
  for (const std::string &f : files)
    out.push_back(Program{f, o.entry, o.unwind, o.heap, {}, {}});
  return out;
}

/// A verdict two solvers may legitimately disagree on only if one of them gave no answer.
bool decided(const std::string &v) {
  return v == "safe" || v == "failed" || v == "bound";
}

/// The wall-clock limit of one run in its child process: the solver limit with the same margin as the SMT-LIB
/// pipe's (which kills its solver at 1.5 times the limit plus 2 s), plus room for encoding and replay.
double hardLimit(double timeout) {
  return timeout > 0 ? timeout * 1.5 + 10 : 0;
}

/// One run of `locus verify`, in a child process (bench/lib/child.h) like a run of the command: every run
/// starts from the same process state.
encoder::VerifyOptions verifyOptions(const Program &p, const Config &c, const VerifyOptions &o) {
  encoder::VerifyOptions vo;
  vo.encode.unwind = p.unwind;
  vo.encode.heapSlots = p.heap;
  vo.encode.ints = (p.ints.empty() ? o.ints : p.ints) == "bv32" ? ir::IntMode::BV32 : ir::IntMode::Math;
  vo.encode.unwindingAssertions = !o.noUnwindingAssertions;
  vo.solver = c.solver;
  vo.posing = c.posing;
  vo.cores = c.cores;
  vo.timeoutMs = timeLimitMs(o.timeout);
  return vo;
}

/// The shell command that runs the binary of `c`'s solver on a script on its standard input: the pipe's
/// command for smtlib:CMD; `z3 -in`, `cvc5 --lang smt2` (incremental for a script with assumptions or a
/// push) for the API backends.
std::string binaryCommand(const Config &c, backends::Posing posing) {
  if (c.solver.rfind("smtlib:", 0) == 0)
    return c.solver.substr(7);
  if (c.solver == "cvc5")
    return posing == backends::Posing::Assume || posing == backends::Posing::Push
               ? "cvc5 --lang smt2 --incremental"
               : "cvc5 --lang smt2";
  return "z3 -in";
}

/// Runs `command` (through /bin/sh) on the text of `script` and times it; killed at `limit` seconds (0:
/// none). Fills `printed` and `printedAnswer`.
void runPrinted(const std::string &command, const std::string &script, double limit, Run &run) {
  std::string file =
      (fs::temp_directory_path() / ("locus-bench-" + std::to_string(::getpid()) + ".smt2")).string();
  std::ofstream(file) << script;
  std::string line = "exec " +
                     (limit > 0 ? "timeout -s KILL " + std::to_string(limit) + " " : std::string()) +
                     command + " < '" + file + "' 2>&1";
  auto t0 = Clock::now();
  FILE *p = ::popen(line.c_str(), "r");
  std::string out;
  if (p) {
    char buf[4096];
    size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, p)) > 0)
      out.append(buf, n);
  }
  int status = p ? ::pclose(p) : -1;
  run.printed = since(t0);
  fs::remove(file);
  std::istringstream words(out);
  std::string first;
  words >> first;
  if (status != -1 && WIFEXITED(status) && WEXITSTATUS(status) == 137)
    run.printedAnswer = "timeout";
  else if (first == "sat" || first == "unsat" || first == "unknown")
    run.printedAnswer = first;
  else
    run.printedAnswer = "error: " + out.substr(0, out.find('\n'));
}

Run runOne(const ir::Program &prog, uint32_t entry, const Program &p, const Config &c, const VerifyOptions &o,
           double frontendSeconds) {
  encoder::VerifyOptions vo = verifyOptions(p, c, o);
  std::string why;
  bool killed = false;
  auto started = Clock::now();
  Run run;
  if (o.plain) { // the printed query on the solver's binary, right before the verify run
    encoder::PrintedQuery q = encoder::printQuery(prog, entry, vo);
    runPrinted(binaryCommand(c, q.posing), q.script, hardLimit(o.timeout), run);
  }
  std::optional<std::string> answer = bench::runInChild(
      [&] {
        auto t0 = Clock::now();
        encoder::VerifyResult r =
            c.mode == "bmc" ? encoder::verify(prog, entry, vo)
                            : encoder::verifyUnbounded(
                                  prog, entry, vo, encoder::UnboundedOptions{c.mode == "kind", o.maxUnwind});
        return Json{{"seconds", since(t0)},
                    {"proof", r.proof},
                    {"encode", r.encodeSeconds},
                    {"start_stop", r.solverStartStopSeconds},
                    {"hand_over", r.handOverSeconds},
                    {"solver_assert", r.solverAssertSeconds},
                    {"solve", r.solveSeconds},
                    {"replay", r.replaySeconds},
                    {"verdict", encoder::verdictName(r.verdict)},
                    {"reason", r.searchNote.empty() ? r.reason : r.searchNote}}
            .dump(-1, ' ', false, Json::error_handler_t::replace);
      },
      why, hardLimit(o.timeout), &killed);
  run.frontend = frontendSeconds;
  if (killed) { // a solver that overran its own limit (cvc5 can): a timeout like any other
    run.total = since(started) + frontendSeconds;
    run.solve = run.total - frontendSeconds;
    run.verdict = "unknown";
    run.reason = "timeout: " + why;
    return run;
  }
  Json j = answer ? Json::parse(*answer, nullptr, false) : Json();
  if (!j.is_object()) {
    run.verdict = "internal-error";
    run.reason = answer ? "malformed answer from the run" : why;
    return run;
  }
  run.total = j["seconds"].get<double>() + frontendSeconds;
  run.encode = j["encode"];
  run.startStop = j["start_stop"];
  run.handOver = j["hand_over"];
  run.solverAssert = j["solver_assert"];
  run.solve = j["solve"];
  run.replay = j["replay"];
  run.verdict = j["verdict"];
  run.reason = j["reason"];
  run.proof = j["proof"];
  return run;
}

Run medianRun(std::vector<Run> runs) {
  Run m = runs.front();
  auto med = [&](double Run::*field) {
    std::vector<double> v;
    for (const Run &r : runs)
      v.push_back(r.*field);
    return bench::median(v);
  };
  m.total = med(&Run::total);
  m.frontend = med(&Run::frontend);
  m.encode = med(&Run::encode);
  m.startStop = med(&Run::startStop);
  m.handOver = med(&Run::handOver);
  m.solverAssert = med(&Run::solverAssert);
  m.solve = med(&Run::solve);
  m.replay = med(&Run::replay);
  m.printed = med(&Run::printed);
  // A decided verdict that changes between repeats is reported, not hidden; a repeat that times out next
  // to ones that decide (a run near the limit) is not a contradiction, and the reason says how many did.
  std::set<std::string> answers;
  size_t silent = 0;
  for (const Run &r : runs) {
    if (r.verdict == "internal-error" || r.verdict == "error") {
      m.verdict = r.verdict;
      m.reason = r.reason;
      return m;
    }
    if (decided(r.verdict))
      answers.insert(r.verdict);
    else
      ++silent;
  }
  if (answers.size() > 1) {
    m.verdict = "unstable";
    m.reason = "verdicts differ between repeats";
  } else if (answers.size() == 1 && silent > 0) {
    m.verdict = *answers.begin();
    m.reason = std::to_string(silent) + " of " + std::to_string(runs.size()) + " repeats gave no answer";
  }
  return m;
}

Json runToJson(const Run &r) {
  return Json{{"verdict", r.verdict},
              {"reason", r.reason},
              {"proof", r.proof},
              {"total", r.total},
              {"frontend", r.frontend},
              {"encode", r.encode},
              {"start_stop", r.startStop},
              {"hand_over", r.handOver},
              {"solver_assert", r.solverAssert},
              {"solve", r.solve},
              {"replay", r.replay},
              {"printed", r.printed},
              {"printed_answer", r.printedAnswer}};
}

Run runFromJson(const Json &j) {
  Run r;
  if (!j.contains("verdict")) { // the pool's record of a worker that died
    r.verdict = "internal-error";
    r.reason = j.value("crashed", j.value("killed", j.value("error", std::string("no record"))));
    return r;
  }
  r.verdict = j["verdict"];
  r.reason = j["reason"];
  r.proof = j.value("proof", std::string());
  r.total = j["total"];
  r.frontend = j["frontend"];
  r.encode = j["encode"];
  r.startStop = j["start_stop"];
  r.handOver = j["hand_over"];
  r.solverAssert = j["solver_assert"];
  r.solve = j["solve"];
  r.replay = j["replay"];
  r.printed = j["printed"];
  r.printedAnswer = j["printed_answer"];
  return r;
}

/// The configurations: every solver with every posing and core setting (cores only matter to the posings on
/// the incremental solver). Labelled by the solver alone unless posings or cores are compared.
std::vector<Config> makeConfigs(const VerifyOptions &o) {
  std::vector<std::string> specs = splitComma(o.solvers);
  if (specs.empty())
    throw UsageError("--solvers names no solver");
  if (std::optional<std::string> why = unavailableSolver(specs))
    throw UsageError(*why);
  std::vector<backends::Posing> posings;
  for (const std::string &p : splitComma(o.posings)) {
    std::optional<backends::Posing> posing = backends::parsePosing(p);
    if (!posing)
      throw UsageError("--posings: unknown posing '" + p + "' (auto, assume, push, plain, fresh)");
    posings.push_back(*posing);
  }
  std::vector<bool> coreSettings;
  for (const std::string &c : splitComma(o.cores)) {
    if (c != "on" && c != "off")
      throw UsageError("--cores: expected on and/or off, got '" + c + "'");
    coreSettings.push_back(c == "on");
  }
  if (posings.empty() || coreSettings.empty())
    throw UsageError("--posings and --cores need at least one value");
  std::vector<std::string> modes = splitComma(o.modes);
  for (const std::string &m : modes)
    if (m != "bmc" && m != "auto" && m != "kind")
      throw UsageError("--modes: unknown mode '" + m + "' (bmc, auto, kind)");
  if (modes.empty())
    throw UsageError("--modes needs at least one value");
  if (modes != std::vector<std::string>{"bmc"} && o.noUnwindingAssertions)
    throw UsageError("--modes auto and kind check the bounds: they exclude --no-unwinding-assertions");
  bool modesCompared = modes != std::vector<std::string>{"bmc"};
  bool compared = posings.size() > 1 || posings[0] != backends::Posing::Auto || coreSettings.size() > 1 ||
                  coreSettings[0];
  std::vector<Config> configs;
  for (const std::string &spec : specs)
    for (backends::Posing p : posings)
      for (bool cores : coreSettings) {
        bool incremental = p == backends::Posing::Assume || p == backends::Posing::Push ||
                           (p == backends::Posing::Auto &&
                            backends::measuredPosing(backends::familyOf(spec)) != backends::Posing::Fresh &&
                            backends::measuredPosing(backends::familyOf(spec)) != backends::Posing::Plain);
        if (cores && !incremental && coreSettings.size() > 1)
          continue; // a new solver per query never produces cores: the same as without
        std::string label = spec;
        if (compared)
          label += std::string(" [") + backends::posingName(p) + (cores ? ", cores" : "") + "]";
        for (const std::string &m : modes)
          configs.push_back(Config{spec, p, cores, modesCompared ? label + " [" + m + "]" : label, m});
      }
  return configs;
}

/// A program compiled once (the front-end time is charged to every solver's run of it).
struct Compiled {
  std::optional<ir::Program> prog;
  uint32_t entry = ir::kNone;
  double frontendSeconds = 0;
  std::string error;
};

Compiled compile(const Program &p) {
  Compiled c;
  SourceManager sm;
  Diagnostics diags(sm);
  frontend::Timings t;
  auto t0 = Clock::now();
  c.prog = frontend::compileSource(p.file, sm, diags, {}, &t);
  c.frontendSeconds = since(t0);
  if (!c.prog) {
    std::ostringstream os;
    diags.print(os);
    c.error = os.str().substr(0, os.str().find('\n'));
  } else if ((c.entry = c.prog->procIndex(p.entry)) == ir::kNone) {
    c.error = "no procedure '" + p.entry + "'";
    c.prog.reset();
  }
  return c;
}

/// One run as a task: program i with configuration s, in repeat r.
Json taskJson(const Program &p, const Config &c, size_t i, size_t s, unsigned r) {
  return Json{{"program", i},     {"config", s},           {"repeat", r},
              {"file", p.file},   {"entry", p.entry},      {"unwind", p.unwind},
              {"heap", p.heap},   {"solver", c.solver},    {"posing", backends::posingName(c.posing)},
              {"cores", c.cores}, {"label", c.label},      {"mode", c.mode},
              {"ints", p.ints},   {"expected", p.expected}};
}

/// Runs one task: the program as `cached` compiled it (compiled here when null), then the run of its
/// configuration (runOne, in a child process of its own). The record is the Run.
Json runVerifyTask(const VerifyOptions &o, const Json &t, const Compiled *cached) {
  Program p{t["file"],
            t["entry"],
            t["unwind"],
            t["heap"],
            t.value("ints", std::string()),
            t.value("expected", std::string())};
  Config c{t["solver"],
           backends::parsePosing(t["posing"].get<std::string>()).value_or(backends::Posing::Auto), t["cores"],
           t["label"], t.value("mode", std::string("bmc"))};
  Compiled own;
  if (!cached)
    own = compile(p);
  const Compiled &compiled = cached ? *cached : own;
  if (!compiled.prog) {
    Run failed;
    failed.verdict = "error";
    failed.reason = compiled.error;
    return runToJson(failed);
  }
  return runToJson(runOne(*compiled.prog, compiled.entry, p, c, o, compiled.frontendSeconds));
}

struct Totals {
  double total = 0, frontend = 0, encode = 0, startStop = 0, handOver = 0, solverAssert = 0, solve = 0,
         replay = 0;
  size_t answered = 0, unknown = 0, errors = 0;
  std::vector<double> solvedTimes;
  double solver() const { return startStop + solverAssert + solve; } ///< the solver's own time
  double ours() const { return total - solver(); }                   ///< everything else
};

/// Everything the report is made of: the suite, the configurations, the median run per (program,
/// configuration), the totals per configuration.
struct Results {
  const VerifyOptions &o;
  const std::vector<Program> &suite;
  const std::vector<Config> &configs;
  std::vector<std::string> solvers; ///< the configurations' labels, in the report's order
  std::vector<std::vector<Run>> runs;
  std::vector<Totals> totals;
  std::vector<std::string> disagreements;
  std::vector<std::string> wrong; ///< decided verdicts that contradict a program's known verdict
  size_t internalErrors = 0, inputErrors = 0;
  std::string common; ///< the suite's common folder, left out of the tables' names
  std::string shortName(const std::string &f) const {
    return common.empty() ? f : f.substr(common.size() + 1);
  }
  /// The program's name in the tables: its short file name, with the entry when the file is in the suite
  /// more than once.
  std::string programName(size_t i) const {
    for (size_t k = 0; k < suite.size(); ++k)
      if (k != i && suite[k].file == suite[i].file)
        return shortName(suite[i].file) + " (" + suite[i].entry + ")";
    return shortName(suite[i].file);
  }
};

/// Whether the configurations differ in their mode (bmc, auto, kind): a bound failure at one bound then
/// does not contradict a proof in another mode.
bool modesCompared(const std::vector<Config> &configs) {
  for (const Config &c : configs)
    if (c.mode != configs.front().mode)
      return true;
  return false;
}

/// A run's answer to the task (safe or failed, and thereby the program's verdict), empty when it has none.
std::string taskAnswer(const Run &r) {
  return r.verdict == "safe" || r.verdict == "failed" ? r.verdict : std::string();
}

/// Sums the runs per configuration, lists the programs on which decided verdicts differ and the answers
/// that contradict a program's known verdict.
void aggregate(Results &res) {
  res.totals.assign(res.solvers.size(), Totals());
  const bool modes = modesCompared(res.configs);
  for (size_t i = 0; i < res.suite.size(); ++i) {
    std::map<std::string, std::vector<std::string>> byVerdict;
    for (size_t s = 0; s < res.solvers.size(); ++s) {
      const Run &r = res.runs[i][s];
      if (std::string a = taskAnswer(r);
          !a.empty() && !res.suite[i].expected.empty() && a != res.suite[i].expected)
        res.wrong.push_back(res.suite[i].file + " (" + res.suite[i].entry + "): " + res.solvers[s] +
                            " answers " + a + ", the task's verdict is " + res.suite[i].expected);
      Totals &t = res.totals[s];
      t.total += r.total;
      t.frontend += r.frontend;
      t.encode += r.encode;
      t.startStop += r.startStop;
      t.handOver += r.handOver;
      t.solverAssert += r.solverAssert;
      t.solve += r.solve;
      t.replay += r.replay;
      if (decided(r.verdict)) {
        ++t.answered;
        t.solvedTimes.push_back(r.total);
        if (!(modes && r.verdict == "bound"))
          byVerdict[r.verdict].push_back(res.solvers[s]);
      } else if (r.verdict == "unknown") {
        ++t.unknown;
      } else {
        ++t.errors;
        res.internalErrors += r.verdict == "internal-error" || r.verdict == "unstable";
        res.inputErrors += r.verdict == "error";
      }
    }
    if (byVerdict.size() > 1) {
      std::string d = res.suite[i].file + ":";
      for (const auto &[v, who] : byVerdict) {
        d += " " + v + " (";
        for (size_t k = 0; k < who.size(); ++k)
          d += (k ? ", " : "") + who[k];
        d += ")";
      }
      res.disagreements.push_back(d);
    }
  }
  res.common = fs::path(res.suite[0].file).parent_path().string();
  for (size_t i = 1; i < res.suite.size() && !res.common.empty(); ++i)
    while (!res.common.empty() && res.suite[i].file.rfind(res.common + "/", 0) != 0)
      res.common = fs::path(res.common).parent_path().string();
}

/// The per-program table: verdict and time per solver, and each solver's time relative to the first.
Table programTable(const Results &res) {
  const std::vector<std::string> &solvers = res.solvers;
  Table table;
  table.header = {"program", "unwind"};
  table.alignRight = {false, true};
  for (size_t s = 0; s < solvers.size(); ++s) {
    table.header.push_back(solvers[s]);
    table.alignRight.push_back(true);
  }
  const bool ratioColumns = solvers.size() <= 4; // with more, the summary's ratios only
  for (size_t s = 1; s < solvers.size() && ratioColumns; ++s) {
    table.header.push_back(solvers[s] + " / " + solvers[0]);
    table.alignRight.push_back(true);
  }
  for (size_t i = 0; i < res.suite.size(); ++i) {
    std::vector<std::string> row{res.programName(i), std::to_string(res.suite[i].unwind)};
    for (size_t s = 0; s < solvers.size(); ++s) {
      const Run &r = res.runs[i][s];
      row.push_back(r.verdict == "error" ? "error" : r.verdict + " " + seconds(r.total));
    }
    for (size_t s = 1; s < solvers.size() && ratioColumns; ++s)
      row.push_back(decided(res.runs[i][s].verdict) && decided(res.runs[i][0].verdict)
                        ? ratio(res.runs[i][s].total, res.runs[i][0].total)
                        : "–");
    table.rows.push_back(row);
  }
  return table;
}

Table summaryTable(const Results &res) {
  const std::vector<std::string> &solvers = res.solvers;
  Table summary;
  summary.header = {"solver",
                    "answered",
                    "unknown / timeout",
                    "errors",
                    "total time",
                    "median",
                    "solver time",
                    "our time",
                    "our share",
                    "ratio to " + solvers[0],
                    "geometric mean of the per-program ratios"};
  summary.alignRight = {false, true, true, true, true, true, true, true, true, true, true};
  for (size_t s = 0; s < solvers.size(); ++s) {
    const Totals &t = res.totals[s];
    std::vector<double> all;
    for (size_t i = 0; i < res.suite.size(); ++i)
      if (res.runs[i][s].verdict != "error")
        all.push_back(res.runs[i][s].total);
    char share[32];
    std::snprintf(share, sizeof share, "%.1f %%", t.total > 0 ? 100 * t.ours() / t.total : 0.0);
    std::vector<double> ratios; // per program, where both this configuration and the first decided
    for (size_t i = 0; i < res.suite.size(); ++i)
      if (decided(res.runs[i][s].verdict) && decided(res.runs[i][0].verdict) && res.runs[i][0].total > 0)
        ratios.push_back(res.runs[i][s].total / res.runs[i][0].total);
    char geo[32];
    std::snprintf(geo, sizeof geo, "%.2f×", geometricMean(ratios));
    summary.rows.push_back({solvers[s], std::to_string(t.answered), std::to_string(t.unknown),
                            std::to_string(t.errors), seconds(t.total), seconds(median(all)),
                            seconds(t.solver()), seconds(t.ours()), share,
                            ratio(t.total, res.totals[0].total), ratios.empty() ? "–" : geo});
  }
  return summary;
}

/// The verification modes against the tasks' verdicts, per configuration: how many programs it decides
/// (safe or failed), how many of those agree with a known verdict and how many contradict one, and the
/// median time of all its runs and of the decided ones.
Table modesTable(const Results &res) {
  Table t;
  t.header = {"configuration", "decided",
              "correct",       "wrong",
              "undecided",     "with a known verdict",
              "median time",   "median time (decided)"};
  t.alignRight = {false, true, true, true, true, true, true, true};
  for (size_t s = 0; s < res.solvers.size(); ++s) {
    size_t decidedN = 0, correct = 0, wrong = 0, known = 0;
    std::vector<double> all, dec;
    for (size_t i = 0; i < res.suite.size(); ++i) {
      const Run &r = res.runs[i][s];
      const std::string &exp = res.suite[i].expected;
      known += !exp.empty();
      if (r.verdict != "error")
        all.push_back(r.total);
      std::string a = taskAnswer(r);
      if (a.empty())
        continue;
      ++decidedN;
      dec.push_back(r.total);
      correct += !exp.empty() && a == exp;
      wrong += !exp.empty() && a != exp;
    }
    t.rows.push_back({res.solvers[s], std::to_string(decidedN), std::to_string(correct),
                      std::to_string(wrong), std::to_string(res.suite.size() - decidedN),
                      std::to_string(known), all.empty() ? "–" : seconds(median(all)),
                      dec.empty() ? "–" : seconds(median(dec))});
  }
  return t;
}

/// Where the time goes, per solver: our phases and the solver's.
Table splitTable(const Results &res) {
  Table split;
  split.header = {"solver", "front end",         "encode",        "hand-over", "replay",
                  "rest",   "solver start/stop", "solver assert", "solve",     "total"};
  split.alignRight = {false, true, true, true, true, true, true, true, true, true};
  for (size_t s = 0; s < res.solvers.size(); ++s) {
    const Totals &t = res.totals[s];
    auto pct = [&](double x) {
      char buf[48];
      std::snprintf(buf, sizeof buf, "%s (%.1f %%)", seconds(x).c_str(),
                    t.total > 0 ? 100 * x / t.total : 0.0);
      return std::string(buf);
    };
    double rest =
        t.total - t.frontend - t.encode - t.handOver - t.replay - t.startStop - t.solverAssert - t.solve;
    split.rows.push_back({res.solvers[s], pct(t.frontend), pct(t.encode), pct(t.handOver), pct(t.replay),
                          pct(rest), pct(t.startStop), pct(t.solverAssert), pct(t.solve), seconds(t.total)});
  }
  return split;
}

/// --plain: locus verify (after the front end) against the solver's binary on the printed query, per
/// program. The binary's answer must agree with the verdict (unsat: safe; sat: failed or bound); a
/// disagreement is added to the results'.
Table printedTable(Results &res) {
  Table table;
  table.header = {"program"};
  table.alignRight = {false};
  for (const std::string &label : res.solvers) {
    table.header.push_back(label + ": verify / printed");
    table.alignRight.push_back(true);
  }
  for (size_t i = 0; i < res.suite.size(); ++i) {
    std::vector<std::string> row{res.shortName(res.suite[i].file)};
    for (size_t s = 0; s < res.solvers.size(); ++s) {
      const Run &r = res.runs[i][s];
      if (r.printed < 0 || r.verdict == "error") {
        row.push_back("–");
        continue;
      }
      bool agree = !decided(r.verdict) || (r.printedAnswer != "sat" && r.printedAnswer != "unsat") ||
                   (r.printedAnswer == "unsat") == (r.verdict == "safe");
      if (!agree)
        res.disagreements.push_back(res.suite[i].file + ": " + res.solvers[s] + " verify says " + r.verdict +
                                    ", the binary on the printed query " + r.printedAnswer);
      std::string answered =
          r.printedAnswer == "sat" || r.printedAnswer == "unsat" ? "" : " (" + r.printedAnswer + ")";
      row.push_back(seconds(r.verifySeconds()) + " / " + seconds(r.printed) + answered + " = " +
                    ratio(r.verifySeconds(), r.printed));
    }
    table.rows.push_back(row);
  }
  return table;
}

/// --plain: per solver, verify's total against the printed queries' and the ratios' spread.
Table printedSummaryTable(const Results &res) {
  Table summary;
  summary.header = {"solver",
                    "verify (after the front end)",
                    "printed query",
                    "ratio of the totals",
                    "largest ratio",
                    "geometric mean",
                    "programs above 1.5×"};
  summary.alignRight = {false, true, true, true, true, true, true};
  for (size_t s = 0; s < res.solvers.size(); ++s) {
    double v = 0, pq = 0, worst = 0;
    std::string worstName = "–";
    std::vector<double> ratios;
    size_t above = 0;
    for (size_t i = 0; i < res.suite.size(); ++i) {
      const Run &r = res.runs[i][s];
      if (r.printed <= 0 || !decided(r.verdict))
        continue;
      v += r.verifySeconds();
      pq += r.printed;
      double q = r.verifySeconds() / r.printed;
      ratios.push_back(q);
      above += q > 1.5;
      if (q > worst) {
        worst = q;
        worstName = res.shortName(res.suite[i].file);
      }
    }
    char geo[32], big[256];
    std::snprintf(geo, sizeof geo, "%.2f×", geometricMean(ratios));
    std::snprintf(big, sizeof big, "%.2f× (%s)", worst, worstName.c_str());
    summary.rows.push_back({res.solvers[s], seconds(v), seconds(pq), ratio(v, pq), ratios.empty() ? "–" : big,
                            ratios.empty() ? "–" : geo,
                            std::to_string(above) + " of " + std::to_string(ratios.size())});
  }
  return summary;
}

/// Whether the report has the modes' table: modes compared, or programs with a known verdict.
bool showModes(const Results &res) {
  if (modesCompared(res.configs) || res.configs.front().mode != "bmc")
    return true;
  for (const Program &p : res.suite)
    if (!p.expected.empty())
      return true;
  return false;
}

Json runRecord(const Run &r) {
  Json x{{"verdict", r.verdict},
         {"total_seconds", r.total},
         {"frontend_seconds", r.frontend},
         {"encode_seconds", r.encode},
         {"solver_start_stop_seconds", r.startStop},
         {"hand_over_seconds", r.handOver},
         {"solver_assert_seconds", r.solverAssert},
         {"solve_seconds", r.solve},
         {"replay_seconds", r.replay}};
  if (!r.reason.empty())
    x["reason"] = r.reason;
  if (!r.proof.empty())
    x["proof"] = r.proof;
  if (r.printed >= 0) {
    x["verify_seconds"] = r.verifySeconds();
    x["printed_query_seconds"] = r.printed;
    x["printed_query_answer"] = r.printedAnswer;
    if (r.printed > 0)
      x["verify_over_printed"] = r.verifySeconds() / r.printed;
  }
  return x;
}

/// JSON: everything measured, per run.
Json reportJson(const Results &res, const std::string &commandLine) {
  const VerifyOptions &o = res.o;
  Json j;
  j["command"] = "bench verify";
  j["command_line"] = commandLine;
  j["solvers"] = res.solvers;
  j["options"] = Json{{"ints", o.ints},           {"timeout_seconds", o.timeout},
                      {"repeat", o.repeat},       {"unwinding_assertions", !o.noUnwindingAssertions},
                      {"posings", o.posings},     {"cores", o.cores},
                      {"plain", o.plain},         {"modes", o.modes},
                      {"max_unwind", o.maxUnwind}};
  Json cj = Json::array();
  for (const Config &c : res.configs)
    cj.push_back(Json{{"label", c.label},
                      {"solver", c.solver},
                      {"posing", backends::posingName(c.posing)},
                      {"cores", c.cores},
                      {"mode", c.mode}});
  j["configurations"] = cj;
  Json progs = Json::array();
  for (size_t i = 0; i < res.suite.size(); ++i) {
    const Program &p = res.suite[i];
    Json pj{{"file", p.file}, {"entry", p.entry}, {"unwind", p.unwind}, {"heap", p.heap}};
    if (!p.ints.empty())
      pj["ints"] = p.ints;
    if (!p.expected.empty())
      pj["expected"] = p.expected;
    Json rj = Json::object();
    for (size_t s = 0; s < res.solvers.size(); ++s)
      rj[res.solvers[s]] = runRecord(res.runs[i][s]);
    pj["runs"] = rj;
    progs.push_back(pj);
  }
  j["programs"] = progs;
  Json tj = Json::object();
  for (size_t s = 0; s < res.solvers.size(); ++s) {
    const Totals &t = res.totals[s];
    tj[res.solvers[s]] = Json{{"answered", t.answered},
                              {"unknown", t.unknown},
                              {"errors", t.errors},
                              {"total_seconds", t.total},
                              {"frontend_seconds", t.frontend},
                              {"encode_seconds", t.encode},
                              {"solver_start_stop_seconds", t.startStop},
                              {"hand_over_seconds", t.handOver},
                              {"solver_assert_seconds", t.solverAssert},
                              {"solve_seconds", t.solve},
                              {"replay_seconds", t.replay},
                              {"our_seconds", t.ours()},
                              {"our_share", t.total > 0 ? t.ours() / t.total : 0.0}};
  }
  j["totals"] = tj;
  j["disagreements"] = res.disagreements;
  if (showModes(res))
    j["wrong"] = res.wrong;
  return j;
}

/// The markdown report; `printed` and `printedSummary` are empty without --plain.
std::string reportMarkdown(const Results &res, const std::string &commandLine, const Table &printed,
                           const Table &printedSummary) {
  const VerifyOptions &o = res.o;
  std::ostringstream md;
  auto count = [](size_t n, const char *what) {
    return std::to_string(n) + " " + what + (n == 1 ? "" : "s");
  };
  md << "# locus bench verify: " << count(res.suite.size(), "program") << " × "
     << count(res.solvers.size(), "solver") << "\n\n"
     << "Command: `" << commandLine << "`\n\n"
     << "Each program is compiled once; each solver then runs the whole of `locus verify` on it (encode, "
        "solve, "
        "replay the counterexample), interleaved program by program with the solver order rotated. Times are "
        "wall-clock medians over "
     << o.repeat << (o.repeat == 1 ? " run" : " runs")
     << "; a run's time includes the front end. \"Solver time\" is the solver's own work: its check calls, "
        "its assert calls (apart from our translation) and creating and destroying it (a context, or a "
        "process for the SMT-LIB pipe); \"our time\" is the rest: front end, encoding, translating the "
        "formula for the solver, replaying the counterexample.\n\n"
     << summaryTable(res).markdown() << "\n"
     << "Where the time goes (sums over the suite; hand-over = our translation of the formula into the "
        "solver's API or SMT-LIB text, solver assert = the solver's own work in its assert calls, replay = "
        "reading the model and running the counterexample in the interpreter, rest = unattributed):\n\n"
     << splitTable(res).markdown() << "\n";
  if (o.plain)
    md << "## verify against the printed query\n\n"
       << "For each run, the solver's binary (`z3 -in`, `cvc5 --lang smt2`, or the pipe's command) also read "
          "the "
          "text `locus smt --solver S --posing P` prints for that configuration: verify's first query, posed "
          "as "
          "verify poses it, as a plain script. \"verify\" is the whole of `locus verify` after the front end "
          "(encoding, creating the solver, handing over the formula, every query, reading the model, the "
          "replay); "
          "\"printed query\" is the binary's wall time on the file (process start, parsing, solving; the "
          "front end "
          "and the printing are not counted). Times are medians over the repeats.\n\n"
       << printedSummary.markdown() << "\n"
       << printed.markdown() << "\n";
  if (showModes(res)) {
    md << "## Verification modes\n\n"
       << "bmc: `locus verify --unwind K` (K the program's bound); auto: `--unwind auto`; kind: "
          "`--k-induction`; both up to `--max-unwind "
       << o.maxUnwind
       << "` (docs/cli.md, \"beyond a fixed bound\"). Decided: the answer is safe (every loop finished "
          "within the bound, or a k-induction proof) or failed (a replayed counterexample); a bound failure "
          "(unwinding assertion) or no answer is undecided. Correct and wrong count the decided answers "
          "against the verdicts the manifest gives (`\"expected\"`).\n\n"
       << modesTable(res).markdown() << "\n";
    if (res.wrong.empty())
      md << "Wrong answers: none.\n\n";
    else {
      md << "**Wrong answers (" << res.wrong.size() << "):**\n\n";
      for (const std::string &w : res.wrong)
        md << "- " << w << "\n";
      md << "\n";
    }
  }
  if (res.disagreements.empty())
    md << "Verdicts: all solvers that answered agree on every program.\n\n";
  else {
    md << "**Verdict disagreements (" << res.disagreements.size() << "):**\n\n";
    for (const std::string &d : res.disagreements)
      md << "- " << d << "\n";
    md << "\n";
  }
  md << programTable(res).markdown();
  bool headed = false;
  for (size_t i = 0; i < res.suite.size(); ++i)
    for (size_t s = 0; s < res.solvers.size(); ++s)
      if (const Run &r = res.runs[i][s]; !decided(r.verdict) && !r.reason.empty()) {
        if (!headed)
          md << "\nNo verdict:\n\n";
        headed = true;
        md << "- " << res.programName(i) << " (" << res.solvers[s] << "): " << r.verdict << ": " << r.reason
           << "\n";
        if (r.verdict == "error")
          break; // a front-end error is the same for every solver
      }
  return md.str();
}

/// The task list: program by program, every solver in turn, the order rotated per program, repeated.
TaskList verifyTasks(const VerifyOptions &o, const std::vector<Program> &suite,
                     const std::vector<Config> &configs) {
  TaskList list;
  list.runner = "verify";
  list.options = toOrderedJson(o);
  for (unsigned r = 0; r < o.repeat; ++r)
    for (size_t i = 0; i < suite.size(); ++i)
      for (size_t k = 0; k < configs.size(); ++k) {
        size_t s = (k + i + r) % configs.size();
        list.tasks.push_back(taskJson(suite[i], configs[s], i, s, r));
        list.labels.push_back(fs::path(suite[i].file).filename().string() + " with " + configs[s].label);
      }
  return list;
}

} // namespace

Outcome runVerify(const VerifyOptions &o, const Context &ctx) {
  if (o.paths.empty() && o.manifest.empty())
    throw UsageError("bench verify: give a directory, files, or --manifest");
  std::vector<Config> configs = makeConfigs(o);
  std::string err;
  std::vector<Program> suite = collect(o, err);
  if (!err.empty())
    throw UsageError(err);
  if (suite.empty())
    throw UsageError("no .gcl or .c programs found");
  std::vector<Compiled> compiled;
  for (const Program &p : suite)
    compiled.push_back(compile(p));

  // One worker: the runs are timed one at a time, in the interleaved order of the list.
  TaskList list = verifyTasks(o, suite, configs);
  // On a cluster each run is a task of its own, its limit that of a run (twice with --plain).
  if (ctx.slurm)
    return writeCampaign(list, hardLimit(o.timeout) * (o.plain ? 2 : 1), *ctx.slurm, ctx.commandLine);
  LoopOptions lo{"verify", 1, 0, ctx.progress, o.work, ctx.collect};
  std::vector<Json> records = runTasks(
      list,
      [&](size_t k) {
        return runVerifyTask(o, list.tasks[k], &compiled[list.tasks[k]["program"].get<size_t>()]);
      },
      lo);
  std::vector<std::vector<std::vector<Run>>> samples(suite.size(),
                                                     std::vector<std::vector<Run>>(configs.size()));
  for (size_t k = 0; k < records.size(); ++k)
    samples[list.tasks[k]["program"].get<size_t>()][list.tasks[k]["config"].get<size_t>()].push_back(
        runFromJson(records[k]));

  Results res{o, suite, configs, {}, {}, {}, {}, {}, 0, 0, {}};
  for (const Config &c : configs)
    res.solvers.push_back(c.label);
  for (size_t i = 0; i < suite.size(); ++i) {
    res.runs.emplace_back();
    for (size_t s = 0; s < configs.size(); ++s)
      res.runs[i].push_back(medianRun(samples[i][s]));
  }
  aggregate(res);
  Table printed, printedSummary;
  if (o.plain) {
    printed = printedTable(res);
    printedSummary = printedSummaryTable(res);
  }
  Outcome out;
  out.text = reportMarkdown(res, ctx.commandLine, printed, printedSummary);
  out.doc = reportJson(res, ctx.commandLine);
  if (!o.out.empty()) {
    out.files = writeReportFiles(o.out, o.name, out.text, out.doc, 2);
    std::vector<Series> series;
    for (size_t s = 0; s < res.solvers.size(); ++s)
      series.push_back({res.solvers[s], res.totals[s].solvedTimes});
    PlotResult plot = writeCactusPlot(
        o.out, o.name, "locus verify on " + std::to_string(suite.size()) + " programs", series);
    if (!plot.warning.empty())
      out.warnings.push_back(plot.warning);
    out.notes.push_back("wrote " + (fs::path(o.out) / o.name).string() + ".{md,json} and " +
                        std::to_string(plot.files.size() - 2) + " plot image(s)");
    out.files.insert(out.files.end(), plot.files.begin(), plot.files.end());
  }
  out.exit = res.internalErrors                                 ? Internal
             : !res.disagreements.empty() || !res.wrong.empty() ? Violated
             : res.inputErrors                                  ? InputError
                                                                : Ok;
  return out;
}

Outcome rerunVerify(const Json &options, const Context &ctx) {
  return runVerify(fromOrderedJson<VerifyOptions>(options), ctx);
}

Json runStoredVerifyTask(const Json &options, const Json &task) {
  return runVerifyTask(fromOrderedJson<VerifyOptions>(options), task, nullptr);
}

} // namespace locus::bench

// `locus verify` (BMC with counterexample replay) and `locus smt` (the verification condition as SMT-LIB 2).
#include "tools/verify_cmd.h"

#include "backends/alarm.h"
#include "backends/encoder/verify.h"
#include "frontend/source.h"
#include "tools/report.h"
#include "tools/spec_opts.h"
#include "tools/time_limit.h"

#include <chrono>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <sstream>

namespace locus::tools {

using report::Exit;
using report::Json;

namespace {

struct Loaded {
  std::optional<ir::Program> prog;
  double parseSeconds = 0, lowerSeconds = 0;
};

using report::usageError;

/// Parse (with imports), check and lower, timing the phases. Diagnostics go to the reporter; when the file
/// does not compile, the command's answer (exit 2) has been given and `prog` is empty.
Loaded load(const VerifyOptionStore &o, report::Reporter &rep) {
  Loaded l;
  if (std::optional<std::string> why = SourceManager::unreadable(o.file))
    usageError("cannot read '" + o.file + "': " + *why);
  SourceManager sm;
  Diagnostics diags(sm);
  diags.setErrorLimit(o.maxErrors);
  frontend::Options fo;
  fo.importPath = o.importPath;
  frontend::Timings t;
  l.prog = frontend::compileSource(o.file, sm, diags, fo, &t);
  l.parseSeconds = t.parseSeconds;
  l.lowerSeconds = t.lowerSeconds;
  rep.diagnostics(diags);
  if (!l.prog)
    rep.finish(Json{{"file", o.file}, {"ok", false}}, Exit::InputError);
  return l;
}

uint32_t entryIndex(const ir::Program &prog, const VerifyOptionStore &o) {
  uint32_t entry = prog.procIndex(o.entry);
  if (entry == ir::kNone) {
    std::string names;
    for (const ir::Procedure &p : prog.procs)
      if (!p.isTest)
        names += (names.empty() ? "" : ", ") + p.name;
    usageError("no procedure '" + o.entry + "' in " + o.file +
               (names.empty() ? "" : " (procedures: " + names + ")") + "; choose one with --entry");
  }
  return entry;
}

/// `TEXT=K` split at the last '=', K a bound from 1 to ir::kMaxUnwind; else a usage error naming `option`
/// and saying what is expected (`what`).
std::pair<std::string, uint32_t> boundArgument(const std::string &option, const std::string &text,
                                               const char *what) {
  size_t eq = text.rfind('=');
  std::string k = eq == std::string::npos ? "" : text.substr(eq + 1);
  if (eq == std::string::npos || eq == 0 || k.empty() || k.size() > 6 ||
      k.find_first_not_of("0123456789") != std::string::npos)
    usageError(option + ": expected " + what + ", got '" + text + "'");
  unsigned long bound = std::stoul(k);
  if (bound < 1 || bound > ir::kMaxUnwind)
    usageError(option + " " + text + ": the bound must be from 1 to " + std::to_string(ir::kMaxUnwind));
  return {text.substr(0, eq), static_cast<uint32_t>(bound)};
}

/// The loops of the program: statement, and whether it lies in the file given on the command line.
std::vector<std::pair<const ir::Stmt *, bool>> loopsOf(const ir::Program &prog, const std::string &file) {
  std::vector<bool> isMain(prog.files.size());
  std::error_code ec;
  for (size_t f = 0; f < prog.files.size(); ++f)
    isMain[f] = prog.files[f] == file || std::filesystem::equivalent(prog.files[f], file, ec);
  std::vector<std::pair<const ir::Stmt *, bool>> out;
  ir::forEachStmt(prog, [&](const ir::Procedure &, const ir::Stmt &s) {
    if (s.kind == ir::Stmt::While)
      out.push_back({&s, s.loc.file < isMain.size() && isMain[s.loc.file]});
  });
  return out;
}

/// The encoder's options; `--unwind-loop` and `--unwind-proc` are resolved against the program (a loop's
/// statement id, `#ID`, or `@LINE` / `@LINE:COL` of the file given; a procedure's name).
encoder::EncodeOptions encodeOptions(const VerifyOptionStore &o, const ir::Program &prog) {
  encoder::EncodeOptions eo;
  eo.unwind = o.unwind;
  eo.heapSlots = o.heap;
  eo.inputNodes = o.inputNodes;
  eo.ints = o.ints == "bv32" ? ir::IntMode::BV32 : ir::IntMode::Math;
  eo.unwindingAssertions = !o.noUnwindingAssertions;
  eo.inputBytes = o.inputBytes;
  if (!o.stdinFile.empty()) {
    std::ifstream in(o.stdinFile, std::ios::binary);
    if (!in)
      usageError("--stdin: cannot read '" + o.stdinFile + "'");
    std::stringstream ss;
    ss << in.rdbuf();
    eo.fixedInput = ss.str();
  }
  auto loops = loopsOf(prog, o.file);
  auto listLoops = [&] {
    std::string out;
    for (auto &[s, inMain] : loops)
      out += (out.empty() ? "" : ", ") + ("#" + std::to_string(s->id)) + " at " + report::where(prog, s->loc);
    return out.empty() ? std::string("the program has no loops") : "the loops: " + out;
  };
  for (const std::string &arg : o.unwindLoop) {
    auto [id, bound] = boundArgument("--unwind-loop", arg,
                                     "ID=K (ID: a loop's statement id as `locus ir` prints it, or @LINE)");
    std::vector<ir::StmtId> hit;
    if (!id.empty() && id[0] == '@') {
      uint32_t line = 0, col = 0;
      char extra = 0;
      int n = std::sscanf(id.c_str() + 1, "%u:%u%c", &line, &col, &extra);
      if (n < 1 || n > 2 || (n == 1 && id.find(':') != std::string::npos))
        usageError("--unwind-loop: expected @LINE or @LINE:COL, got '" + id + "'");
      for (auto &[s, inMain] : loops)
        if (inMain && s->loc.line == line && (n == 1 || s->loc.col == col))
          hit.push_back(s->id);
      if (hit.empty())
        usageError("--unwind-loop " + arg + ": no loop at " + id.substr(1) + " of " + o.file + " (" +
                   listLoops() + ")");
    } else {
      std::string digits = id[0] == '#' ? id.substr(1) : id;
      ir::StmtId want = 0;
      if (!digits.empty() && digits.size() <= 9 &&
          digits.find_first_not_of("0123456789") == std::string::npos)
        want = static_cast<ir::StmtId>(std::stoul(digits));
      for (auto &[s, inMain] : loops)
        if (s->id == want)
          hit.push_back(s->id);
      if (hit.empty())
        usageError("--unwind-loop " + arg + ": statement " + id + " is not a loop (" + listLoops() + ")");
    }
    for (ir::StmtId h : hit)
      eo.loopUnwind[h] = bound;
  }
  for (const std::string &arg : o.unwindProc) {
    auto [name, bound] = boundArgument("--unwind-proc", arg, "NAME=K");
    uint32_t idx = prog.procIndex(name);
    if (idx == ir::kNone || prog.procs[idx].isTest)
      usageError("--unwind-proc " + arg + ": no procedure '" + name + "'");
    eo.procUnwind[name] = bound;
  }
  return eo;
}

/// The bounds that differ from --unwind, for the SAFE line: "loop #6 at f.gcl:6:3: 12; f: 3".
std::vector<std::string> otherBounds(const ir::Program &prog, const encoder::EncodeOptions &eo) {
  std::vector<std::string> out;
  ir::forEachStmt(prog, [&](const ir::Procedure &, const ir::Stmt &s) {
    if (s.kind == ir::Stmt::While && eo.boundFor(s) != eo.unwind)
      out.push_back("loop #" + std::to_string(s.id) + " at " + report::where(prog, s.loc) + ": " +
                    std::to_string(eo.boundFor(s)));
  });
  for (const ir::Procedure &p : prog.procs)
    if (!p.isTest && eo.boundFor(p) != eo.unwind)
      out.push_back("recursion of " + p.name + ": " + std::to_string(eo.boundFor(p)));
  return out;
}

void addShared(CLI::App *cmd, VerifyOptionStore &o) {
  cmd->add_option("FILE", o.file, "a .gcl or .c file")->required();
  cmd->add_option("-I,--import-path", o.importPath, "extra directory searched by `import` (repeatable)");
  cmd->add_option("--max-errors", o.maxErrors, "stop after this many errors (0: no limit)")
      ->capture_default_str();
  cmd->add_option("--entry", o.entry, "the procedure to verify")->capture_default_str();
  cmd->add_option("--unwind", o.unwind, "loop iterations and recursion depth explored")
      ->check(CLI::Range(1u, 100000u))
      ->capture_default_str();
  cmd->add_option(
      "--unwind-loop", o.unwindLoop,
      "ID=K: the bound of one loop (repeatable; over its `unwind K` annotation): ID is its statement "
      "id as `locus ir` prints it (#ID), or @LINE / @LINE:COL in FILE");
  cmd->add_option(
      "--unwind-proc", o.unwindProc,
      "NAME=K: the recursion bound of one procedure (repeatable; over its `unwind K` annotation)");
  cmd->add_option("--heap", o.heap, "nodes `new` may allocate (one more is a heap-bound failure)")
      ->capture_default_str();
  cmd->add_option("--input-nodes", o.inputNodes,
                  "nodes in the heap at the start, per record type reachable from the entry's reference "
                  "parameters (their fields are free inputs; 0: reference parameters are null)")
      ->capture_default_str();
  cmd->add_option("--ints", o.ints, "integer semantics: math (unbounded) or bv32 (32-bit two's complement)")
      ->check(CLI::IsMember({"math", "bv32"}))
      ->capture_default_str();
  cmd->add_flag("--no-unwinding-assertions", o.noUnwindingAssertions,
                "assume the bounds suffice instead of checking it (unsound beyond the bounds)");
  cmd->add_option(
         "--solver", o.solver,
         "z3, cvc5 or smtlib:COMMAND (e.g. smtlib:\"z3 -in\"); smt: print the query as verify asks this "
         "solver")
      ->capture_default_str();
  cmd->add_option(
         "--posing", o.posing,
         "how the queries are posed: assume (assumption literals), push (push/assert/check/pop), plain (a "
         "new solver per query, plain check-sat), fresh (a new solver set up for one check); auto: the "
         "solver's measured best")
      ->check(CLI::IsMember({"auto", "assume", "push", "plain", "fresh"}))
      ->capture_default_str();
  cmd->add_option("--reference", o.reference,
                  "a reference program (.c or .gcl): verify that the entry prints and returns what the "
                  "reference's procedure of the same name does, on every input (a product program)");
  cmd->add_option("--reference-entry", o.referenceEntry,
                  "the reference's procedure (default: the entry's name)");
  cmd->add_option("--input-bytes", o.inputBytes,
                  "standard input: inputs of at most this many bytes are considered (free bytes)")
      ->check(CLI::Range(0u, 4096u))
      ->capture_default_str();
  cmd->add_option("--stdin", o.stdinFile,
                  "a file whose bytes are the standard input (instead of free bytes)");
}

/// With --reference: the product of the program and the reference (ir/product.h), its entry compared with
/// the reference's; otherwise nothing changes.
void withReference(const VerifyOptionStore &o, report::Reporter &rep, Loaded &l, uint32_t &entry,
                   encoder::EncodeOptions &eo) {
  if (o.reference.empty())
    return;
  ir::Program ref = compileReference(o.reference, o.importPath, rep);
  SpecStore spec;
  spec.reference = o.reference;
  spec.referenceEntry = o.referenceEntry;
  uint32_t refEntry = referenceEntry(ref, spec, l.prog->procs[entry].name);
  ir::Product product = productWith(*l.prog, entry, ref, refEntry);
  l.prog = std::move(product.prog);
  entry = product.entry;
  eo.expect.reference = product.reference;
}

std::string valueList(const ir::Program &prog, const ir::Procedure &p, const std::vector<ir::Value> &args) {
  std::string out;
  for (size_t k = 0; k < args.size() && k < p.params.size(); ++k)
    out += (k ? ", " : "") + p.vars[p.params[k]].name + " = " + ir::toString(args[k]);
  (void)prog;
  return out;
}

std::string nondetList(const std::vector<ir::Value> &vals) {
  std::string out;
  for (size_t k = 0; k < vals.size(); ++k)
    out += (k ? "," : "") + ir::toString(vals[k]);
  return out;
}

/// Whether the program reads standard input.
bool reads(const ir::Program &prog) {
  bool any = false;
  ir::forEachStmt(prog, [&](const ir::Procedure &, const ir::Stmt &s) { any |= s.kind == ir::Stmt::Scan; });
  return any;
}

void printStats(std::ostream &os, const Loaded &l, const encoder::VerifyResult &r) {
  double total = l.parseSeconds + l.lowerSeconds + r.encodeSeconds + r.solverStartStopSeconds +
                 r.handOverSeconds + r.solverAssertSeconds + r.solveSeconds + r.replaySeconds;
  os << std::fixed << std::setprecision(4) << "stats: parse " << l.parseSeconds << " s, lower "
     << l.lowerSeconds << " s, encode " << r.encodeSeconds << " s, hand-over " << r.handOverSeconds
     << " s, replay " << r.replaySeconds << " s; solver: start/stop " << r.solverStartStopSeconds
     << " s, assert " << r.solverAssertSeconds << " s, solve " << r.solveSeconds << " s (total " << total
     << " s)\n";
  os << "stats: " << r.constraints << " constraints, " << r.terms << " terms, " << r.checks << " checks, "
     << r.selectors << " statement selectors\n";
  os.unsetf(std::ios::fixed);
}

Json statsJson(const Loaded &l, const encoder::VerifyResult &r) {
  return Json{{"parse_seconds", l.parseSeconds},
              {"lower_seconds", l.lowerSeconds},
              {"encode_seconds", r.encodeSeconds},
              {"solver_start_stop_seconds", r.solverStartStopSeconds},
              {"hand_over_seconds", r.handOverSeconds},
              {"solver_assert_seconds", r.solverAssertSeconds},
              {"solve_seconds", r.solveSeconds},
              {"replay_seconds", r.replaySeconds},
              {"constraints", r.constraints},
              {"terms", r.terms},
              {"checks", r.checks},
              {"selectors", r.selectors}};
}

int cmdVerify(const VerifyOptionStore &o, report::Reporter &rep) {
  Loaded l = load(o, rep);
  if (!l.prog)
    return Exit::InputError;
  uint32_t entry = entryIndex(*l.prog, o);
  encoder::VerifyOptions vo;
  vo.encode = encodeOptions(o, *l.prog);
  withReference(o, rep, l, entry, vo.encode);
  const ir::Program &prog = *l.prog;
  vo.solver = o.solver;
  vo.posing = *backends::parsePosing(o.posing);
  vo.timeoutMs = timeLimitMs(o.timeout);
  double hard = o.timeout > 0 ? o.timeout * 1.5 + 5 : 0;
  std::ostringstream overran;
  overran << "timeout: the solver (" << o.solver
          << ") did not stop at its time limit and was abandoned after " << hard << " s";
  encoder::VerifyResult r;
  {
    // A hard stop for `--timeout`. The SMT-LIB pipe kills its solver at 1.5 times the limit plus 2 s, but a
    // solver linked in cannot always be stopped from outside, and cvc5 1.0 can overrun its own limit by
    // minutes (cvc5 issue #2908). When a verification is still running at 1.5 times the limit plus 5 s, the
    // watchdog gives the answer a timeout gives (UNKNOWN, exit 3) and ends the process.
    backends::Alarm watchdog(hard, [&] {
      rep.text() << "UNKNOWN: " << overran.str() << "\n";
      rep.finish(Json{{"file", o.file},
                      {"entry", prog.procs[entry].name},
                      {"ok", true},
                      {"verdict", "unknown"},
                      {"unwind", o.unwind},
                      {"ints", o.ints},
                      {"solver", o.solver},
                      {"reason", overran.str()}},
                 Exit::Unknown);
      rep.flush();
      std::_Exit(Exit::Unknown);
    });
    r = encoder::verify(prog, entry, vo);
  }
  if (r.verdict == encoder::Verdict::Error)
    usageError(r.reason);
  const ir::Procedure &proc = prog.procs[entry];
  ir::StmtIndex index(prog);
  const ir::Stmt *failing = r.check ? index.find(r.check->stmt) : nullptr;
  std::string where = failing ? report::where(prog, failing->loc) : "";
  if (r.check && !failing && r.check->proc < prog.procs.size()) // a specification: the entry procedure
    where = report::where(prog, prog.procs[r.check->proc].loc);
  int rc = Exit::Internal;
  switch (r.verdict) {
  case encoder::Verdict::Safe: rc = Exit::Ok; break;
  case encoder::Verdict::Failed: rc = Exit::Violated; break;
  case encoder::Verdict::BoundFailed:
  case encoder::Verdict::Unknown: rc = Exit::Unknown; break;
  default: rc = Exit::Internal; break;
  }
  if (rep.json()) {
    Json j;
    j["file"] = o.file;
    j["entry"] = proc.name;
    j["ok"] = true;
    j["verdict"] = encoder::verdictName(r.verdict);
    j["unwind"] = o.unwind;
    if (std::vector<std::string> other = otherBounds(prog, vo.encode); !other.empty())
      j["other_bounds"] = other;
    j["ints"] = o.ints;
    j["solver"] = r.solverName;
    if (!r.reason.empty())
      j["reason"] = r.reason;
    if (r.check) {
      Json c{{"kind", encoder::checkName(r.check->kind)}, {"stmt", r.check->stmt}};
      if (failing)
        c["location"] = report::toJson(prog, failing->loc);
      else if (r.check->proc < prog.procs.size())
        c["location"] = report::toJson(prog, prog.procs[r.check->proc].loc);
      if (r.check->proc < prog.procs.size())
        c["proc"] = prog.procs[r.check->proc].name;
      if (!r.check->message.empty())
        c["message"] = r.check->message;
      j["property"] = c;
      Json args = Json::object();
      for (size_t k = 0; k < r.cx.args.size(); ++k)
        args[proc.vars[proc.params[k]].name] = ir::toString(r.cx.args[k]);
      Json nd = Json::array();
      for (const ir::Value &v : r.cx.nondets)
        nd.push_back(ir::toString(v));
      Json heap = Json::array();
      for (size_t k = 0; k < r.cx.heap.size(); ++k)
        heap.push_back(report::nodeToJson(prog, r.cx.heap[k], static_cast<uint32_t>(k + 1)));
      j["inputs"] = Json{{"args", args}, {"nondet", nd}, {"heap", heap}};
      j["inputs"]["stdin"] = vo.encode.fixedInput.value_or(r.cx.input);
      if (std::string cl = commandLineText(prog, entry, r.cx.args);
          !cl.empty() || repair::isCommandLineEntry(prog, entry))
        j["inputs"]["command_line"] = cl;
    }
    if (r.outcome && r.verdict != encoder::Verdict::Mismatch)
      j["counterexample"] = report::toJson(report::OutcomeView{prog, *r.outcome, entry}, true);
    if (o.stats)
      j["stats"] = statsJson(l, r);
    return rep.finish(std::move(j), rc);
  }
  std::ostream &os = rep.text();
  switch (r.verdict) {
  case encoder::Verdict::Safe: {
    os << "SAFE (up to unwind " << o.unwind;
    for (const std::string &b : otherBounds(prog, vo.encode))
      os << "; " << b;
    os << ")\n";
    break;
  }
  case encoder::Verdict::Unknown:
    os << "UNKNOWN: the solver (" << r.solverName << ") gave no answer: " << r.reason << "\n";
    break;
  case encoder::Verdict::Mismatch:
    rep.error(Exit::Internal, "counterexample did not replay: " + r.reason);
    break;
  case encoder::Verdict::Failed:
  case encoder::Verdict::BoundFailed: {
    bool bound = r.verdict == encoder::Verdict::BoundFailed;
    os << (bound ? "UNKNOWN: " : "FAILED: ") << encoder::checkName(r.check->kind);
    if (bound || !r.outcome)
      os << (r.check->message.empty() ? "" : ": " + r.check->message);
    else
      os << ": " << r.outcome->message;
    if (r.check->stmt)
      os << "\n  at " << where << " (in " << prog.procs[r.check->proc].name << ", statement #"
         << r.check->stmt << ")\n";
    else
      os << "\n  at " << where << " (the specification of " << prog.procs[r.check->proc].name << ")\n";
    if (bound)
      os << "  no failure within the bounds, but they do not cover every execution "
            "(increase --unwind / --heap, or --no-unwinding-assertions)\n";
    os << "inputs: " << (r.cx.args.empty() ? "(none)" : valueList(prog, proc, r.cx.args)) << "\n";
    if (repair::isCommandLineEntry(prog, entry))
      os << "command line: " << commandLineText(prog, entry, r.cx.args) << "\n";
    if (!r.cx.input.empty() || reads(prog))
      os << "stdin: \"" << ir::showBytes(vo.encode.fixedInput.value_or(r.cx.input), 400) << "\"\n";
    if (!r.cx.nondets.empty())
      os << "nondet: " << nondetList(r.cx.nondets) << "\n";
    for (size_t k = 0; k < r.cx.heap.size(); ++k) {
      os << (k ? "            " : "input heap: ") << "n" << k + 1 << ": ";
      if (r.cx.heap[k].isArray()) { // an input array: the elements the run read, the others 0
        os << ir::nodeText(prog, r.cx.heap[k]) << "\n";
        continue;
      }
      os << prog.records.at(r.cx.heap[k].record).name << " {";
      const ir::Record &rec = prog.records.at(r.cx.heap[k].record);
      for (size_t f = 0; f < rec.fields.size(); ++f)
        os << (f ? ", " : "") << rec.fields[f].name << " = " << ir::toString(r.cx.heap[k].fields[f]);
      os << "}\n";
    }
    if (r.outcome) {
      os << "counterexample (replayed by the interpreter):\n";
      report::printOutcome(os, report::OutcomeView{prog, *r.outcome, entry}, o.trace || !bound ? 0 : 20,
                           true);
    }
    break;
  }
  case encoder::Verdict::Error: break;
  }
  if (o.stats)
    printStats(os, l, r);
  return rc;
}

int cmdSmt(const VerifyOptionStore &o, report::Reporter &rep) {
  Loaded l = load(o, rep);
  if (!l.prog)
    return Exit::InputError;
  uint32_t entry = entryIndex(*l.prog, o);
  // verify's first query, posed as verify poses it (the SMT-LIB pipe sends the same text)
  encoder::VerifyOptions vo;
  vo.encode = encodeOptions(o, *l.prog);
  withReference(o, rep, l, entry, vo.encode);
  vo.solver = o.solver;
  vo.posing = *backends::parsePosing(o.posing);
  encoder::PrintedQuery q = encoder::printQuery(*l.prog, entry, vo);
  std::ostream &os = rep.text();
  os << "; locus smt " << o.file << " --entry " << o.entry << " --unwind " << o.unwind;
  for (const std::string &b : o.unwindLoop)
    os << " --unwind-loop " << b;
  for (const std::string &b : o.unwindProc)
    os << " --unwind-proc " << b;
  os << " --ints " << o.ints << " --solver " << o.solver << " --posing " << backends::posingName(q.posing)
     << "\n; sat: some check can fail (" << q.checks << " checks); unsat: safe up to the bounds\n"
     << q.script;
  return rep.finish(Json{{"file", o.file},
                         {"entry", o.entry},
                         {"unwind", o.unwind},
                         {"ints", o.ints},
                         {"solver", o.solver},
                         {"posing", backends::posingName(q.posing)},
                         {"checks", q.checks},
                         {"smtlib", q.script}},
                    Exit::Ok);
}

} // namespace

VerifyCommands addVerifyCommands(CLI::App &app, report::Reporter &rep) {
  VerifyCommands c;
  c.opts = std::make_shared<VerifyOptionStore>();
  VerifyOptionStore &o = *c.opts;
  c.verify = app.add_subcommand("verify", "bounded verification with an SMT solver: SAFE, or FAILED with a "
                                          "counterexample replayed by the interpreter");
  addShared(c.verify, o);
  c.verify->add_flag("--json", rep.jsonFlag(), "print the result as JSON on stdout");
  c.verify
      ->add_option(
          "--timeout", o.timeout,
          "time limit of the solver queries, all together, in seconds (0: none); running out exits 3")
      ->check(timeLimitCheck());
  c.verify->add_flag("--stats", o.stats,
                     "print the time split (parse, lower, encode, solve) and formula size");
  c.verify->add_flag("--trace", o.trace, "show the whole counterexample trace");
  c.smt = app.add_subcommand("smt", "print the verification condition as SMT-LIB 2 (sat: a check can fail)");
  addShared(c.smt, o);
  c.smt->add_flag("--json", rep.jsonFlag(), "print the verification condition in a JSON document");
  return c;
}

std::optional<int> runVerifyCommands(const VerifyCommands &cmds, report::Reporter &rep) {
  if (cmds.verify && cmds.verify->parsed())
    return cmdVerify(*cmds.opts, rep);
  if (cmds.smt && cmds.smt->parsed())
    return cmdSmt(*cmds.opts, rep);
  return std::nullopt;
}

} // namespace locus::tools

// `locus verify` (BMC with counterexample replay) and `locus smt` (the verification condition as SMT-LIB 2).
#include "tools/verify_cmd.h"

#include "backends/alarm.h"
#include "backends/encoder/verify.h"
#include "frontend/source.h"
#include "session/error.h"
#include "tools/options.h"
#include "tools/report.h"
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

using report::usageError;

/// Parse (with imports), check and lower, timing the phases. Diagnostics go to the reporter; when the file
/// does not compile, the command's answer (exit 2) has been given and the program is empty.
std::unique_ptr<session::Loaded> load(const VerifyOptionStore &o, report::Reporter &rep) {
  std::unique_ptr<session::Loaded> l = session::load(o.src);
  rep.diagnostics(l->diags);
  if (!l->prog)
    rep.finish(Json{{"file", o.src.file}, {"ok", false}}, Exit::InputError);
  return l;
}

void addShared(CLI::App *cmd, VerifyOptionStore &o) {
  cmd->add_option("FILE", o.src.file, "a .gcl or .c file")->required();
  cmd->add_option("-I,--import-path", o.src.importPath, "extra directory searched by `import` (repeatable)");
  cmd->add_option("--max-errors", o.src.maxErrors, "stop after this many errors (0: no limit)")
      ->capture_default_str();
  cmd->add_option("--entry", o.entry, "the procedure to verify")->capture_default_str();
  addBoundOptions(cmd, o.bounds);
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
  addSpecOptions(cmd, o.spec, false);
  cmd->add_option("--stdin", o.bounds.stdinFile,
                  "a file whose bytes are the standard input (instead of free bytes)");
}

/// With --reference: the product of the program and the reference (ir/product.h), its entry compared with
/// the reference's; otherwise nothing changes.
void withReference(const VerifyOptionStore &o, report::Reporter &rep, session::Loaded &l, uint32_t &entry,
                   encoder::EncodeOptions &eo) {
  if (o.spec.reference.empty())
    return;
  session::Reference ref = session::loadReference(o.spec, o.src.importPath, l.prog->procs[entry].name,
                                                  [&](const Diagnostics &d) { rep.diagnostics(d); });
  ir::Product product = session::productWith(*l.prog, entry, ref.prog(), ref.entry);
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

void printStats(std::ostream &os, const session::Loaded &l, const encoder::VerifyResult &r) {
  double total = l.timings.parseSeconds + l.timings.lowerSeconds + r.encodeSeconds +
                 r.solverStartStopSeconds + r.handOverSeconds + r.solverAssertSeconds + r.solveSeconds +
                 r.replaySeconds;
  os << std::fixed << std::setprecision(4) << "stats: parse " << l.timings.parseSeconds << " s, lower "
     << l.timings.lowerSeconds << " s, encode " << r.encodeSeconds << " s, hand-over " << r.handOverSeconds
     << " s, replay " << r.replaySeconds << " s; solver: start/stop " << r.solverStartStopSeconds
     << " s, assert " << r.solverAssertSeconds << " s, solve " << r.solveSeconds << " s (total " << total
     << " s)\n";
  os << "stats: " << r.constraints << " constraints, " << r.terms << " terms, " << r.checks << " checks, "
     << r.selectors << " statement selectors\n";
  os.unsetf(std::ios::fixed);
}

Json statsJson(const session::Loaded &l, const encoder::VerifyResult &r) {
  return Json{{"parse_seconds", l.timings.parseSeconds},
              {"lower_seconds", l.timings.lowerSeconds},
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

/// encoder::verify with a hard stop for `--timeout`: the SMT-LIB pipe kills its solver at 1.5 times the limit
/// plus 2 s, but a solver linked in cannot always be stopped from outside, and cvc5 1.0 can overrun its own
/// limit by minutes (cvc5 issue #2908). When a verification is still running at 1.5 times the limit plus 5 s,
/// the watchdog gives the answer a timeout gives (UNKNOWN, exit 3) and ends the process.
encoder::VerifyResult verifyWatched(const VerifyOptionStore &o, report::Reporter &rep,
                                    const ir::Program &prog, uint32_t entry,
                                    const encoder::VerifyOptions &vo) {
  double hard = o.timeout > 0 ? o.timeout * 1.5 + 5 : 0;
  std::ostringstream overran;
  overran << "timeout: the solver (" << o.solver
          << ") did not stop at its time limit and was abandoned after " << hard << " s";
  {
    backends::Alarm watchdog(hard, [&] {
      rep.text() << "UNKNOWN: " << overran.str() << "\n";
      rep.finish(Json{{"file", o.src.file},
                      {"entry", prog.procs[entry].name},
                      {"ok", true},
                      {"verdict", "unknown"},
                      {"unwind", o.bounds.unwind},
                      {"ints", o.bounds.ints},
                      {"solver", o.solver},
                      {"reason", overran.str()}},
                 Exit::Unknown);
      rep.flush();
      std::_Exit(Exit::Unknown);
    });
    return encoder::verify(prog, entry, vo);
  }
}

/// verify's answer as its JSON document.
Json verifyJson(const VerifyOptionStore &o, const session::Loaded &l, uint32_t entry,
                const encoder::VerifyOptions &vo, const encoder::VerifyResult &r) {
  const ir::Program &prog = *l.prog;
  const ir::Procedure &proc = prog.procs[entry];
  ir::StmtIndex index(prog);
  const ir::Stmt *failing = r.check ? index.find(r.check->stmt) : nullptr;
  Json j;
  j["file"] = o.src.file;
  j["entry"] = proc.name;
  j["ok"] = true;
  j["verdict"] = encoder::verdictName(r.verdict);
  j["unwind"] = o.bounds.unwind;
  if (std::vector<std::string> other = session::otherBounds(prog, vo.encode); !other.empty())
    j["other_bounds"] = other;
  j["ints"] = o.bounds.ints;
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
    if (std::string cl = session::commandLineText(prog, entry, r.cx.args);
        !cl.empty() || repair::isCommandLineEntry(prog, entry))
      j["inputs"]["command_line"] = cl;
  }
  if (r.outcome && r.verdict != encoder::Verdict::Mismatch)
    j["counterexample"] = report::toJson(report::OutcomeView{prog, *r.outcome, entry}, true);
  if (o.stats)
    j["stats"] = statsJson(l, r);
  return j;
}

/// verify's answer as text.
void printVerify(std::ostream &os, const VerifyOptionStore &o, report::Reporter &rep,
                 const session::Loaded &l, uint32_t entry, const encoder::VerifyOptions &vo,
                 const encoder::VerifyResult &r) {
  const ir::Program &prog = *l.prog;
  const ir::Procedure &proc = prog.procs[entry];
  ir::StmtIndex index(prog);
  const ir::Stmt *failing = r.check ? index.find(r.check->stmt) : nullptr;
  std::string where = failing ? report::where(prog, failing->loc) : "";
  if (r.check && !failing && r.check->proc < prog.procs.size()) // a specification: the entry procedure
    where = report::where(prog, prog.procs[r.check->proc].loc);
  switch (r.verdict) {
  case encoder::Verdict::Safe: {
    os << "SAFE (up to unwind " << o.bounds.unwind;
    for (const std::string &b : session::otherBounds(prog, vo.encode))
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
      os << "command line: " << session::commandLineText(prog, entry, r.cx.args) << "\n";
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
}

int cmdVerify(const VerifyOptionStore &o, report::Reporter &rep) {
  std::unique_ptr<session::Loaded> loaded = load(o, rep);
  session::Loaded &l = *loaded;
  if (!l.prog)
    return Exit::InputError;
  uint32_t entry = session::entryIndex(*l.prog, o.entry, o.src.file, true);
  encoder::VerifyOptions vo;
  vo.encode = session::encodeOptions(o.bounds, *l.prog, o.src.file);
  withReference(o, rep, l, entry, vo.encode);
  vo.solver = o.solver;
  vo.posing = *backends::parsePosing(o.posing);
  vo.timeoutMs = timeLimitMs(o.timeout);
  encoder::VerifyResult r = verifyWatched(o, rep, *l.prog, entry, vo);
  if (r.verdict == encoder::Verdict::Error)
    usageError(r.reason);
  int rc = Exit::Internal;
  switch (r.verdict) {
  case encoder::Verdict::Safe: rc = Exit::Ok; break;
  case encoder::Verdict::Failed: rc = Exit::Violated; break;
  case encoder::Verdict::BoundFailed:
  case encoder::Verdict::Unknown: rc = Exit::Unknown; break;
  default: rc = Exit::Internal; break;
  }
  if (rep.json())
    return rep.finish(verifyJson(o, l, entry, vo, r), rc);
  printVerify(rep.text(), o, rep, l, entry, vo, r);
  return rc;
}

int cmdSmt(const VerifyOptionStore &o, report::Reporter &rep) {
  std::unique_ptr<session::Loaded> loaded = load(o, rep);
  session::Loaded &l = *loaded;
  if (!l.prog)
    return Exit::InputError;
  uint32_t entry = session::entryIndex(*l.prog, o.entry, o.src.file, true);
  // verify's first query, posed as verify poses it (the SMT-LIB pipe sends the same text)
  encoder::VerifyOptions vo;
  vo.encode = session::encodeOptions(o.bounds, *l.prog, o.src.file);
  withReference(o, rep, l, entry, vo.encode);
  vo.solver = o.solver;
  vo.posing = *backends::parsePosing(o.posing);
  encoder::PrintedQuery q = encoder::printQuery(*l.prog, entry, vo);
  std::ostream &os = rep.text();
  os << "; locus smt " << o.src.file << " --entry " << o.entry << " --unwind " << o.bounds.unwind;
  for (const std::string &b : o.bounds.unwindLoop)
    os << " --unwind-loop " << b;
  for (const std::string &b : o.bounds.unwindProc)
    os << " --unwind-proc " << b;
  os << " --ints " << o.bounds.ints << " --solver " << o.solver << " --posing "
     << backends::posingName(q.posing) << "\n; sat: some check can fail (" << q.checks
     << " checks); unsat: safe up to the bounds\n"
     << q.script;
  return rep.finish(Json{{"file", o.src.file},
                         {"entry", o.entry},
                         {"unwind", o.bounds.unwind},
                         {"ints", o.bounds.ints},
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

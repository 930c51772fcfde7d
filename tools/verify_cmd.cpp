// `locus verify` (BMC with counterexample replay) and `locus smt` (the verification condition as SMT-LIB 2).
#include "tools/verify_cmd.h"

#include "backends/alarm.h"
#include "session/html.h"
#include "session/interrupt.h"
#include "session/limits.h"
#include "session/render.h"
#include "session/run.h"
#include "session/verify.h"
#include "tools/options.h"
#include "tools/report.h"

#include <unistd.h>

namespace locus::tools {

using report::Exit;
using report::Json;

namespace {

using report::usageError;

void addShared(CLI::App *cmd, VerifyOptionStore &o) {
  cmd->add_option("FILE", o.req.src.file, "a .gcl or .c file")->required();
  cmd->add_option("-I,--import-path", o.req.src.importPath,
                  "extra directory searched by `import` (repeatable)");
  cmd->add_option("--max-errors", o.req.src.maxErrors, "stop after this many errors (0: no limit)")
      ->capture_default_str();
  cmd->add_option("--entry", o.req.entry, "the procedure to verify")->capture_default_str();
  addBoundOptions(cmd, o.req.bounds, true);
  cmd->add_option("--max-unwind", o.req.maxUnwind, "the last bound --unwind auto and --k-induction try")
      ->check(CLI::Range(1u, 100000u))
      ->capture_default_str();
  cmd->add_option(
         "--solver", o.req.solver,
         "z3, cvc5 or smtlib:COMMAND (e.g. smtlib:\"z3 -in\"); smt: print the query as verify asks this "
         "solver")
      ->capture_default_str();
  cmd->add_option(
         "--posing", o.req.posing,
         "how the queries are posed: assume (assumption literals), push (push/assert/check/pop), plain (a "
         "new solver per query, plain check-sat), fresh (a new solver set up for one check); auto: the "
         "solver's measured best")
      ->check(CLI::IsMember({"auto", "assume", "push", "plain", "fresh"}))
      ->capture_default_str();
  addSpecOptions(cmd, o.req.spec, false);
  cmd->add_option("--stdin", o.req.bounds.stdinFile,
                  "a file whose bytes are the standard input (instead of free bytes)");
  cmd->add_flag("--check-uninit", o.req.checkUninit,
                "a read of an uninitialized local (C) is a failure, not an arbitrary value");
}

/// session::prepareVerify with the diagnostics reported; no program: the file does not compile, and the
/// command's answer (exit 2) has been given.
session::VerifySubject prepare(const VerifyOptionStore &o, report::Reporter &rep) {
  session::VerifySubject p = session::prepareVerify(o.req, [&](const Diagnostics &d) { rep.diagnostics(d); });
  if (!p.loaded->prog)
    rep.finish(Json{{"file", o.req.src.file}, {"ok", false}}, Exit::InputError);
  return p;
}

/// encoder::verify with a hard stop for `--timeout`: the SMT-LIB pipe kills its solver at 1.5 times the limit
/// plus 2 s, but a solver linked in cannot always be stopped from outside, and cvc5 1.0 can overrun its own
/// limit by minutes (cvc5 issue #2908). When a verification is still running at 1.5 times the limit plus 5 s,
/// the watchdog gives the answer a timeout gives (UNKNOWN, exit 3) and ends the process.
encoder::VerifyResult verifyWatched(const VerifyOptionStore &o, report::Reporter &rep,
                                    const ir::Program &prog, uint32_t entry,
                                    const encoder::VerifyOptions &vo) {
  double hard = session::abandonAfterSeconds(o.req.timeout);
  std::string overran = session::abandonedMessage(o.req.solver, hard);
  {
    backends::Alarm watchdog(hard, [&] {
      rep.text() << "UNKNOWN: " << overran << "\n";
      rep.finish(Json{{"file", o.req.src.file},
                      {"entry", prog.procs[entry].name},
                      {"ok", true},
                      {"verdict", "unknown"},
                      {"unwind", o.req.bounds.unwind},
                      {"ints", o.req.bounds.ints},
                      {"solver", o.req.solver},
                      {"reason", overran}},
                 Exit::Unknown);
      rep.flush();
      std::_Exit(Exit::Unknown);
    });
    return session::verify(o.req, prog, entry, vo);
  }
}

/// `verifying ENTRY of FILE (unwind K): N s` on stderr each second while the alarm lives (rep.progress), when
/// stderr is a terminal or `--progress` asks for it; nothing under --json.
backends::Alarm progressLine(const VerifyOptionStore &o, report::Reporter &rep) {
  bool shown = !rep.json() && (o.progress || isatty(STDERR_FILENO));
  std::string what = "verifying " + o.req.entry + " of " + o.req.src.file + " (unwind " +
                     std::to_string(o.req.bounds.unwind) + "): ";
  return backends::Alarm(
      shown ? 1 : 0, [&rep, what, s = 0]() mutable { rep.progress(what + std::to_string(++s) + " s"); },
      true);
}

/// `--heap-dot`, `--heap-svg`: the counterexample's failing state (the replayed run's), or a note that there
/// is none.
void writeCounterexampleHeap(const VerifyOptionStore &o, report::Reporter &rep, const ir::Program &prog,
                             uint32_t entry, const encoder::VerifyResult &r) {
  if (o.heap.dotFile.empty() && o.heap.svgFile.empty())
    return;
  if (r.verdict != encoder::Verdict::Failed || !r.outcome) {
    rep.note("no counterexample: no heap drawing written");
    return;
  }
  writeHeap(o.heap, prog, r.outcome->state, entry);
}

int cmdVerify(const VerifyOptionStore &o, report::Reporter &rep) {
  session::VerifySubject p = prepare(o, rep);
  if (!p.loaded->prog)
    return Exit::InputError;
  session::Loaded &l = *p.loaded;
  uint32_t entry = p.entry;
  encoder::VerifyOptions &vo = p.vo;
  if (o.req.unbounded() && o.req.bounds.noUnwindingAssertions)
    usageError("--unwind auto and --k-induction check the bounds: they exclude --no-unwinding-assertions");
  if (o.showChecks) {
    if (o.req.unbounded())
      usageError("--show-checks lists the checks at one bound: it excludes --unwind auto and --k-induction");
    std::vector<encoder::ListedCheck> checks = encoder::checksOf(*l.prog, entry, vo.encode);
    render::VerifyView view{o.req.src.file,    *l.prog, entry,   vo.encode,
                            o.req.bounds.ints, false,   nullptr, &l.sm};
    if (rep.json())
      return rep.finish(render::checksJson(view, checks), Exit::Ok);
    render::printChecks(rep.text(), view, checks);
    return Exit::Ok;
  }
  encoder::VerifyResult r;
  {
    backends::Alarm ticker = progressLine(o, rep);
    r = verifyWatched(o, rep, *l.prog, entry, vo);
  }
  rep.endProgress();
  if (r.verdict == encoder::Verdict::Error)
    usageError(r.reason);
  if (r.verdict == encoder::Verdict::Unknown)
    r.reason = session::namingMemoryLimit(r.reason);
  std::string cyclic; // a bound failure only a cyclic input heap reaches
  if (!o.req.unbounded() && !session::interrupted())
    cyclic = session::cyclicInputNote(*l.prog, entry, vo, r);
  if (r.unwindReached) // the bounds of the answer: every one at least the bound reached
    vo.encode.unwind = vo.encode.unwindFloor = r.unwindReached;
  int rc = session::verifyExit(r);
  writeCounterexampleHeap(o, rep, *l.prog, entry, r);
  if (r.outcome) { // a counterexample that still reads an indeterminate value: there is none that does not
    session::IndeterminateNotes notes(l.sm);
    notes.add(*r.outcome);
    rep.diagnostics(notes.notes());
  }
  render::VerifyView view{
      o.req.src.file, *l.prog, entry, vo.encode, o.req.bounds.ints, o.trace, o.stats ? &l.timings : nullptr,
      &l.sm};
  if (!o.html.empty())
    writeOptionFile("--html", o.html, render::verifyHtml(view, r));
  if (rep.json()) {
    Json j = render::verifyJson(view, r);
    if (session::interrupted())
      j["interrupted"] = session::interruptSignal();
    if (!cyclic.empty())
      j["note"] = cyclic;
    return rep.finish(std::move(j), rc);
  }
  if (r.verdict == encoder::Verdict::Mismatch)
    rep.error(Exit::Internal, "counterexample did not replay: " + r.reason);
  render::printVerify(rep.text(), view, r);
  if (!cyclic.empty())
    rep.text() << "note: " << cyclic << "\n";
  if (session::interrupted())
    rep.text() << "interrupted by " << session::interruptSignal() << "\n";
  return rc;
}

/// `locus smt --unwind auto`: verify's first query at each bound of the schedule, in order (verify asks
/// the next one while only a bound check can fail).
int smtSchedule(const VerifyOptionStore &o, report::Reporter &rep, const ir::Program &prog, uint32_t entry,
                encoder::VerifyOptions vo) {
  std::ostream &os = rep.text();
  Json queries = Json::array();
  std::vector<uint32_t> schedule = encoder::unwindSchedule(o.req.maxUnwind);
  std::string bounds;
  for (uint32_t k : schedule)
    bounds += (bounds.empty() ? "" : ", ") + std::to_string(k);
  for (uint32_t k : schedule) {
    vo.encode.unwind = vo.encode.unwindFloor = k;
    encoder::PrintedQuery q = encoder::printQuery(prog, entry, vo);
    os << "; locus smt " << o.req.src.file << " --entry " << o.req.entry << " --unwind auto (bound " << k
       << " of " << bounds << ") --ints " << o.req.bounds.ints << " --solver " << o.req.solver << " --posing "
       << backends::posingName(q.posing) << "\n; sat: some check can fail (" << q.checks
       << " checks); unsat: safe for every input\n"
       << q.script;
    queries.push_back(Json{{"unwind", k}, {"checks", q.checks}, {"smtlib", q.script}});
  }
  return rep.finish(Json{{"file", o.req.src.file},
                         {"entry", o.req.entry},
                         {"unwind", "auto"},
                         {"max_unwind", o.req.maxUnwind},
                         {"ints", o.req.bounds.ints},
                         {"solver", o.req.solver},
                         {"queries", queries}},
                    Exit::Ok);
}

int cmdSmt(const VerifyOptionStore &o, report::Reporter &rep) {
  // verify's first query, posed as verify poses it (the pipe sends the same text)
  session::VerifySubject p = prepare(o, rep);
  if (!p.loaded->prog)
    return Exit::InputError;
  session::Loaded &l = *p.loaded;
  uint32_t entry = p.entry;
  const encoder::VerifyOptions &vo = p.vo;
  if (o.req.bounds.unwindAuto)
    return smtSchedule(o, rep, *l.prog, entry, vo);
  encoder::PrintedQuery q = encoder::printQuery(*l.prog, entry, vo);
  std::ostream &os = rep.text();
  os << "; locus smt " << o.req.src.file << " --entry " << o.req.entry << " --unwind " << o.req.bounds.unwind;
  for (const std::string &b : o.req.bounds.unwindLoop)
    os << " --unwind-loop " << b;
  for (const std::string &b : o.req.bounds.unwindProc)
    os << " --unwind-proc " << b;
  os << " --ints " << o.req.bounds.ints << " --solver " << o.req.solver << " --posing "
     << backends::posingName(q.posing) << "\n; sat: some check can fail (" << q.checks
     << " checks); unsat: safe up to the bounds\n"
     << q.script;
  return rep.finish(Json{{"file", o.req.src.file},
                         {"entry", o.req.entry},
                         {"unwind", o.req.bounds.unwind},
                         {"ints", o.req.bounds.ints},
                         {"solver", o.req.solver},
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
          "--timeout", o.req.timeout,
          "time limit of the solver queries, all together, in seconds (0: none); running out exits 3")
      ->check(timeLimitCheck());
  c.verify->add_flag("--stats", o.stats,
                     "print the time split (parse, lower, encode, solve) and formula size");
  c.verify->add_flag("--trace", o.trace, "show the whole counterexample trace");
  const char *noMerge = "inline every call on its own (by default two calls of a recursive procedure on "
                        "exclusive paths share one body)";
  c.verify->add_flag("--no-merge-calls", o.req.noMergeCalls, noMerge);
  c.verify->add_flag("--show-checks", o.showChecks,
                     "list the checks the verification would prove (each instance after inlining and "
                     "unrolling: kind, location, statement, message) and verify nothing");
  addHeapOptions(c.verify, o.heap, false, "the counterexample's failing state");
  addHtmlOption(c.verify, o.html, "and a counterexample's trace and heap pictures");
  c.verify->add_flag("--k-induction", o.req.kInduction,
                     "prove loops safe for every number of iterations: at each bound of --unwind auto's "
                     "schedule, also the inductive step (k iterations from an arbitrary state without a "
                     "failure are followed by none)");
  c.verify->add_flag("--progress", o.progress,
                     "show the seconds spent on stderr also when it is not a terminal (a terminal always "
                     "gets them, from the first second on; never with --json)");
  c.smt = app.add_subcommand("smt", "print the verification condition as SMT-LIB 2 (sat: a check can fail)");
  c.smt->add_flag("--no-merge-calls", o.req.noMergeCalls, noMerge);
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

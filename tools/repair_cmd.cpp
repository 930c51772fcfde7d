// `locus repair`: find the failure, run a repair method, print each repair as a unified diff of the user's
// source (re-verified from the patched text by the library before it gets here). docs/repair.md.
#include "tools/repair_cmd.h"

#include "backends/alarm.h"
#include "session/html.h"
#include "session/interrupt.h"
#include "session/limits.h"
#include "session/render.h"
#include "session/repair.h"
#include "tools/options.h"

#include <cstdlib>

namespace locus::tools {

using report::Exit;
using report::Json;

namespace {

/// The request (session/repair.h) and what is only printed or written.
struct Store {
  session::RepairRequest req;
  std::string out;
  std::string html;
  bool stats = false;
};

/// method->run with a hard stop for `--timeout`, as `verify`'s watchdog (tools/verify_cmd.cpp): the methods
/// stop at their limit between solver checks, but a solver linked in cannot always be stopped inside one
/// (cvc5 1.0 overruns its own limit by minutes). When the repair is still running at
/// session::abandonAfterSeconds of the limit, the watchdog gives the answer so far — the repairs already
/// reported (exit 1; the first one written to --out), else UNKNOWN (exit 3) — and ends the process.
fix::Result runWatched(const Store &o, report::Reporter &rep, const fix::Method &method,
                       const fix::Problem &problem, session::LiveRepair &live) {
  double hard = session::abandonAfterSeconds(o.req.timeout);
  std::string overran = session::abandonedMessage(o.req.solver, hard);
  backends::Alarm watchdog(hard, [&] {
    fix::Result r = live.abandon(overran, hard);
    if (!r.repairs.empty() && !o.out.empty())
      writeOptionFile("--out", o.out, r.repairs.front().patch.files.front().after);
    rep.finish(rep.json() ? render::repairResultJson(o.req.src.file, problem.prog, r) : Json::object(),
               session::repairExit(r));
    rep.flush();
    std::_Exit(session::repairExit(r));
  });
  return method.run(problem);
}

int run(const Store &o, report::Reporter &rep) {
  const session::RepairRequest &req = o.req;
  const fix::Method *method = session::chosenMethod(req);
  session::RepairSubject subject =
      session::prepareRepair(req.src, req.bounds, req.entry, req.spec, req.solver,
                             [&](const Diagnostics &d) { rep.diagnostics(d); });
  if (!subject.loaded->prog)
    return rep.finish(Json{{"file", req.src.file}, {"ok", false}}, Exit::InputError);
  for (const std::string &t : subject.leftOut)
    rep.warning("--tests: " + t);
  const ir::Program &prog = subject.prog();
  fix::Problem problem{prog, subject.loaded->sm, subject.spec, session::repairOptions(req, prog)};
  session::LiveRepair live(rep.json() ? nullptr : &rep.text(), req, prog, *method, o.out, o.stats);
  live.setProblem(problem);
  problem.observer = &live;
  fix::Result r = runWatched(o, rep, *method, problem, live);
  if (r.status == fix::Status::Unknown)
    r.message = session::namingMemoryLimit(r.message);
  int rc = session::repairExit(r);
  if (session::interrupted() && rc != Exit::Ok && rc != Exit::Violated && rc != Exit::Internal)
    rc = Exit::Unknown; // stopped before a definite answer
  if (!r.repairs.empty() && !o.out.empty())
    writeOptionFile("--out", o.out, r.repairs.front().patch.files.front().after);
  if (!o.html.empty() && r.status != fix::Status::Error)
    writeOptionFile("--html", o.html,
                    render::repairHtml(req.src.file, problem, r, o.out, req.entry,
                                       session::entryRepairProcs(prog, req.src.file, req.entry, r)));
  if (r.status == fix::Status::Error)
    return rep.error(static_cast<Exit>(rc), r.message,
                     Json{{"file", req.src.file}, {"method", r.method}, {"solver", r.solver}});
  if (rep.json()) {
    Json j = render::repairResultJson(req.src.file, prog, r);
    if (session::interrupted())
      j["interrupted"] = session::interruptSignal();
    return rep.finish(std::move(j), rc);
  }
  live.finish(r);
  if (session::interrupted())
    rep.text() << "interrupted by " << session::interruptSignal()
               << ": the answer above is what was found so far\n";
  return rep.finish(Json::object(), rc);
}

} // namespace

RepairCommand addRepairCommand(CLI::App &app, report::Reporter &rep) {
  RepairCommand c;
  auto store = std::make_shared<Store>();
  Store &o = *store;
  c.cmd = app.add_subcommand("repair", "find a failure and patch the source so that the program verifies; "
                                       "each patch is re-verified from the patched text");
  c.cmd->add_option("FILE", o.req.src.file, "a .gcl or .c file")->required();
  c.cmd->add_flag("--json", rep.jsonFlag(), "print the result as JSON on stdout");
  c.cmd->add_option("-I,--import-path", o.req.src.importPath,
                    "extra directory searched by `import` / `#include`");
  c.cmd->add_option("--method", o.req.method, fix::methodHelp())->capture_default_str();
  c.cmd->add_option("--entry", o.req.entry, "the procedure to repair (with what it calls)")
      ->capture_default_str();
  c.cmd->add_option("--solver", o.req.solver, "z3, cvc5 or smtlib:COMMAND")->capture_default_str();
  addBoundOptions(c.cmd, o.req.bounds);
  c.cmd->add_option("--timeout", o.req.timeout, "time limit of the whole repair in seconds (0: none)")
      ->capture_default_str();
  c.cmd->add_flag("--all", o.req.all, "enumerate every minimal repair (up to --max, 10 by default)");
  c.cmd->add_option("--max", o.req.max, "stop after this many repairs (default 1, or 10 with --all)");
  c.cmd->add_option("--out", o.out, "write the first repair's patched source to this file");
  addHtmlOption(c.cmd, o.html, "each repair's diff, the failing run's trace and heap pictures");
  c.cmd->add_option("--procs", o.req.procs,
                    "the procedures whose statements may change, comma-separated, or all (default: those "
                    "defined in FILE, except tests, and except the entry when it is a test driver)");
  c.cmd->add_flag("--stats", o.stats, "print the method's counters");
  addMethodOptions(c.cmd, fix::optionDeclarations(), o.req.methodOptions);
  addSpecOptions(c.cmd, o.req.spec, true);
  c.run = [store](report::Reporter &r) { return run(*store, r); };
  return c;
}

} // namespace locus::tools

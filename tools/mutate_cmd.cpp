// `locus mutate`: seeded faulty versions of a program (Wolverine2 classes C1–C4, AllRepair levels L1/L2),
// each written as IR-printed GCL with a ground-truth manifest; optionally verified to mark equivalent
// mutants.
#include "tools/mutate_cmd.h"

#include "session/mutants.h"
#include "session/render.h"
#include "tools/options.h"
#include "tools/report.h"

#include <memory>

namespace locus::tools {

using report::Exit;

namespace {

int run(const session::MutateRequest &o, report::Reporter &rep) {
  session::faultClass(o.cls);
  std::unique_ptr<session::Loaded> loaded = session::load(o.src);
  rep.diagnostics(loaded->diags);
  if (!loaded->prog)
    return rep.finish(report::Json{{"file", o.src.file}, {"ok", false}}, Exit::InputError);
  session::Mutants m = session::makeMutants(o, *loaded->prog);
  if (m.result.invalid)
    return rep.error(Exit::Internal, std::to_string(m.result.invalid) + " mutant(s) failed IR validation");
  render::printMutants(rep.text(), o, m);
  if (std::string shortfall = render::mutantsShortfall(o, m); !shortfall.empty())
    rep.warning(shortfall);
  if (m.internal)
    return rep.error(Exit::Internal, "a counterexample of --verify did not replay",
                     render::mutantsJson(o, m));
  return rep.finish(render::mutantsJson(o, m), Exit::Ok);
}

} // namespace

MutateCommand addMutateCommand(CLI::App &app, report::Reporter &rep) {
  auto o = std::make_shared<session::MutateRequest>();
  CLI::App *cmd = app.add_subcommand(
      "mutate", "write seeded faulty versions of a program (IR-printed GCL) and their ground-truth manifest");
  cmd->add_option("FILE", o->src.file, "a .gcl or .c file")->required();
  cmd->add_option("-I,--import-path", o->src.importPath, "extra directory searched by `import` (repeatable)");
  cmd->add_option("--proc", o->procs,
                  "procedure(s) under test, comma-separated or repeated (default: the non-test procedures of "
                  "FILE other than the entry; the entry itself when it is the only one)");
  cmd->add_option("--entry", o->entry, "the entry procedure (for --verify and the default --proc)")
      ->capture_default_str();
  cmd->add_option("--class", o->cls,
                  "C1 ⟨1 mutation, 0 deletions⟩, C2 ⟨1,1⟩, C3 ⟨2,0⟩, C4 ⟨2,1⟩ (variable/field replacements, "
                  "deleted statements); L1, L2 (AllRepair operator/constant mutation levels)")
      ->capture_default_str();
  cmd->add_option("--count", o->count, "versions to make (fewer when fewer distinct ones exist)")
      ->check(CLI::Range(1u, 100000u))
      ->capture_default_str();
  cmd->add_option("--seed", o->seed, "the seed: the same seed gives the same versions")
      ->capture_default_str();
  cmd->add_option("--out", o->out, "directory for STEM.CLASS.vNN.gcl and STEM.CLASS.json")->required();
  cmd->add_option("--stem", o->stem, "file stem and program id in the manifest (default: FILE's stem)");
  cmd->add_flag("--json", rep.jsonFlag(), "print the manifest as JSON on stdout");
  cmd->add_flag("--verify", o->verify, "verify every version; mark those proved safe as equivalent");
  cmd->add_option("--solver", o->solver, "solver for --verify")->capture_default_str();
  addBoundOptions(cmd, o->bounds); // the bounds of --verify
  cmd->add_option("--timeout", o->timeout, "per-version solver time limit for --verify, seconds (0: none)")
      ->check(timeLimitCheck())
      ->capture_default_str();
  return MutateCommand{cmd, [o](report::Reporter &rep) { return run(*o, rep); }};
}

std::optional<int> runMutateCommand(const MutateCommand &cmd, report::Reporter &rep) {
  if (!cmd.cmd || !cmd.cmd->parsed())
    return std::nullopt;
  return cmd.run(rep);
}

} // namespace locus::tools

// `locus bench faults`: the options of the runner (a seeded faulty suite of a corpus, verified with every
// solver); the runner is bench/runners/faults.cpp.
#include "tools/bench_cmd.h"
#include "tools/options.h"

namespace locus::tools {

void addBenchFaults(BenchCommands &cmds) {
  auto o = std::make_shared<bench::FaultsOptions>();
  CLI::App *sub = cmds.bench->add_subcommand(
      "faults",
      "generate seeded faulty versions of a corpus (Wolverine2 C1–C4, AllRepair L1/L2), verify each "
      "with every solver: detection rate, equivalent mutants, times, solver comparison");
  sub->add_option("--manifest", o->manifest, "the corpus manifest (bench/corpus/README.md)")
      ->capture_default_str();
  sub->add_option("--langs", o->langs, "languages to take from the manifest: gcl, c (comma-separated)")
      ->capture_default_str();
  sub->add_option("--programs", o->programs, "only these program ids (comma-separated)");
  sub->add_option("--classes", o->classes, "fault classes: C1, C2, C3, C4, L1, L2 (comma-separated)")
      ->capture_default_str();
  sub->add_option("--versions", o->versions, "versions per program and class")
      ->check(CLI::Range(1u, 10000u))
      ->capture_default_str();
  sub->add_option("--seed", o->seed, "suite seed: the same seed regenerates the same suite, byte for byte")
      ->capture_default_str();
  sub->add_option("--solvers", o->solvers, "comma-separated: z3, cvc5, smtlib:COMMAND")
      ->capture_default_str();
  sub->add_option("--jobs,-j", o->jobs, "worker processes")
      ->check(CLI::Range(1u, 256u))
      ->capture_default_str();
  sub->add_option("--timeout", o->timeout, "per-run solver time limit in seconds (0: none)")
      ->check(timeLimitCheck())
      ->capture_default_str();
  sub->add_option("--work", o->work, "where the suite is generated (default: TMPDIR/locus-faults[-quick])");
  sub->add_option("--out", o->out, "write NAME.md, NAME.json, NAME.dat/.gp and the cactus plot here");
  sub->add_option("--name", o->name, "file stem of the written results")->capture_default_str();
  sub->add_flag("--quick", o->quick,
                "CI subset: 8 programs spread over the corpus (first language), 2 versions per class, the "
                "first solver only");
  sub->add_flag("--generate-only", o->generateOnly, "write the suite and its manifests, verify nothing");
  sub->add_flag("--json", cmds.reporter->jsonFlag(),
                "print the JSON report on stdout instead of the markdown");
  std::shared_ptr<bench::SlurmOptions> slurm = addSlurmOptions(sub);
  addBenchRunner(cmds, sub, [o, slurm](const bench::Context &ctx) {
    return bench::runFaults(*o, bench::slurmContext(ctx, *slurm, o->work));
  });
}

} // namespace locus::tools

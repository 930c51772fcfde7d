// `locus bench repair`: the options of the runner (repair methods on versions with a known fix); the runner
// is bench/runners/repair.cpp.
#include "tools/bench_cmd.h"

namespace locus::tools {

void addBenchRepair(BenchCommands &cmds) {
  auto o = std::make_shared<bench::RepairOptions>();
  CLI::App *sub = cmds.bench->add_subcommand(
      "repair", "repair methods on faulty versions with a known correct version: the L1/L2 fault suite as "
                "source, the papers' faults");
  sub->add_option("--manifest", o->manifest, "the corpus manifest")->capture_default_str();
  sub->add_option("--langs", o->langs, "languages: gcl, c or gcl,c")->capture_default_str();
  sub->add_option("--programs", o->programs, "only these corpus ids (comma-separated)");
  sub->add_option("--classes", o->classes,
                  "fault classes of the suite (C1–C4: Wolverine2's variable and field replacements and "
                  "deletions; L1, L2)")
      ->capture_default_str();
  sub->add_option("--versions", o->versions, "versions per program and class")->capture_default_str();
  sub->add_option("--seed", o->seed, "the suite's seed (as bench faults)")->capture_default_str();
  sub->add_flag("--papers", o->papers, "add the papers' injected faults (bench/corpus/papers/faults.json)");
  sub->add_option(
      "--io", o->io,
      "add bench/io's versions (sets of bench/io/manifest.json, comma-separated, or all), each "
      "repaired with --tests and --reference (class io-tests) and with --reference (io-reference)");
  sub->add_flag("--no-suite", o->noSuite,
                "leave out the generated suite (with --papers: the papers' faults only)");
  sub->add_option("--configs", o->configs, bench::repairConfigsHelp())->capture_default_str();
  sub->add_option("--on", o->on,
                  "METHOD=CLASS,CLASS: the classes a method runs on (repeatable; a method not named runs on "
                  "every class)")
      ->capture_default_str();
  sub->add_option("--solvers", o->solvers, "each configuration on each of these solvers")
      ->capture_default_str();
  sub->add_option("--jobs,-j", o->jobs, "worker processes")->capture_default_str();
  sub->add_option("--timeout", o->timeout, "seconds per repair run (and per equivalence check)")
      ->capture_default_str();
  sub->add_option("--max", o->max,
                  "repairs enumerated per run (the completeness check needs the space exhausted)")
      ->capture_default_str();
  sub->add_option("--max-mutations", o->maxMutations, bench::maxMutationsHelp())->capture_default_str();
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
  std::shared_ptr<bench::SlurmOptions> slurm = addSlurmOptions(sub);
  addBenchRunner(cmds, sub, [o, slurm](const bench::Context &ctx) {
    return bench::runRepair(*o, bench::slurmContext(ctx, *slurm, o->work));
  });
}

} // namespace locus::tools

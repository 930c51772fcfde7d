// `locus bench localize`: the options of the runner (localization methods scored against ground truth); the
// runner is bench/runners/localize.cpp.
#include "tools/bench_cmd.h"

namespace locus::tools {

void addBenchLocalize(BenchCommands &cmds) {
  auto o = std::make_shared<bench::LocalizeOptions>();
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
  sub->add_option("--configs", o->configs, bench::localizeConfigsHelp())->capture_default_str();
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
  std::shared_ptr<bench::SlurmOptions> slurm = addSlurmOptions(sub);
  addBenchRunner(cmds, sub, [o, slurm](const bench::Context &ctx) {
    return bench::runLocalize(*o, bench::slurmContext(ctx, *slurm, o->work));
  });
}

} // namespace locus::tools

// `locus bench localize`: the options of the runner (localization methods scored against ground truth); the
// runner is bench/runners/localize.cpp.
#include "tools/bench_cmd.h"

#include "repair/localize/localize.h"
#include "repair/localize/options.h"

namespace locus::tools {

namespace {

/// The --configs help from the registry: each method with the values of its enum options (its variants).
std::string configsHelp() {
  std::string h = "METHOD[:VARIANT][+guards],… (";
  for (const auto &m : localize::methods()) {
    h += (h.back() == '(' ? "" : ", ") + std::string(m->name());
    for (const repair::OptionDecl &d : m->options()) {
      if (d.kind != repair::OptionKind::Enum || d.flag == localize::kParts)
        continue;
      std::string values;
      for (const repair::OptionChoice &c : d.choices)
        if (c.listed)
          values += (values.empty() ? ":" : "|") + c.text;
      h += values;
    }
  }
  return h + "; +guards: relax guards too)";
}

} // namespace

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
  sub->add_option("--configs", o->configs, configsHelp())->capture_default_str();
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
  addBenchRunner(cmds, sub, [o](const bench::Context &ctx) { return bench::runLocalize(*o, ctx); });
}

} // namespace locus::tools

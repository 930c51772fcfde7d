// The `bench` parent command: registers the runners, dispatches to the one that was parsed and prints its
// outcome; `bench task DIR I` runs one task of a task list, `bench report DIR` merges a campaign's records;
// the `--slurm` options every runner shares.
#include "tools/bench_cmd.h"

#include "bench/lib/report.h"

namespace locus::tools {

BenchCommands &addBenchCommands(CLI::App &app, report::Reporter &rep, int argc, char **argv) {
  static BenchCommands cmds; // the subcommands' option storage must outlive parsing
  cmds.reporter = &rep;
  cmds.bench =
      app.add_subcommand("bench", "benchmark runners: markdown tables, JSON and plots, side by side");
  cmds.bench->require_subcommand(1);
  cmds.commandLine = bench::commandLine(argc, argv);
  addBenchVerify(cmds);
  addBenchFaults(cmds);
  addBenchLocalize(cmds);
  addBenchRepair(cmds);
  addBenchTask(cmds);
  addBenchReport(cmds);
  return cmds;
}

std::optional<int> runBenchCommands(const BenchCommands &cmds, report::Reporter &rep) {
  if (!cmds.bench || !cmds.bench->parsed())
    return std::nullopt;
  for (const auto &[sub, run] : cmds.runners)
    if (sub->parsed())
      return run(rep);
  return std::nullopt;
}

void addBenchRunner(BenchCommands &cmds, CLI::App *sub,
                    std::function<bench::Outcome(const bench::Context &)> run) {
  const std::string *line = &cmds.commandLine;
  cmds.runners.emplace_back(sub, [run, line](report::Reporter &rep) {
    bench::Outcome out;
    try {
      bench::Context ctx;
      ctx.commandLine = *line;
      ctx.progress = !rep.json();
      out = run(ctx);
    } catch (const bench::UsageError &e) {
      report::usageError(e.what());
    }
    for (const std::string &w : out.warnings)
      rep.warning(w);
    for (const std::string &n : out.notes)
      rep.note(n);
    rep.text() << out.text;
    return rep.finish(std::move(out.doc), out.exit);
  });
}

std::shared_ptr<bench::SlurmOptions> addSlurmOptions(CLI::App *sub) {
  auto so = std::make_shared<bench::SlurmOptions>();
  CLI::Option *slurm = sub->add_option(
      "--slurm", so->dir,
      "do not run the tasks: write a campaign for a Slurm cluster into DIR (the work directory): the task "
      "list and an sbatch array script (bench/README.md, \"Campaigns on a Slurm cluster\")");
  sub->add_flag("--submit", so->submit, "with --slurm: submit the script with sbatch")->needs(slurm);
  sub->add_option("--partition", so->partition, "with --slurm: the partition (#SBATCH --partition)")
      ->needs(slurm);
  sub->add_option("--account", so->account, "with --slurm: the account charged (#SBATCH --account)")
      ->needs(slurm);
  sub->add_option("--mem", so->mem, "with --slurm: memory per array element (#SBATCH --mem; \"\": none)")
      ->needs(slurm)
      ->capture_default_str();
  sub->add_option("--batch", so->batch,
                  "with --slurm: tasks per array element (default: as few as keep the array at 1000 "
                  "elements)")
      ->needs(slurm)
      ->check(CLI::Range(size_t(1), size_t(1000000)));
  sub->add_option("--sbatch", so->sbatch,
                  "with --slurm: a further #SBATCH line, verbatim (repeatable): --sbatch=--qos=long")
      ->needs(slurm);
  return so;
}

void addBenchTask(BenchCommands &cmds) {
  struct Options {
    std::string dir;
    size_t index = 0;
    bool write = false;
    double killAfter = 0;
  };
  auto o = std::make_shared<Options>();
  CLI::App *sub = cmds.bench->add_subcommand(
      "task",
      "run one task of a task list a runner wrote (DIR/tasks.json) in this process; print its record");
  sub->add_option("DIR", o->dir, "the directory of tasks.json (a runner's --work)")->required();
  sub->add_option("I", o->index, "the task's index, from 0")->required();
  sub->add_flag("--write", o->write, "also write the record to DIR/records/I.json");
  sub->add_option("--kill-after", o->killAfter,
                  "kill the task's process after S seconds; its record then says so (as the worker pool's)")
      ->check(CLI::Range(0.0, 1e7));
  sub->add_flag("--json", cmds.reporter->jsonFlag(), "print the record inside the driver's JSON document");
  addBenchRunner(cmds, sub, [o](const bench::Context &) {
    bench::Outcome out;
    out.doc = bench::runStoredTask(o->dir, o->index, o->killAfter);
    out.text = out.doc.dump(1, ' ', false, bench::Json::error_handler_t::replace) + "\n";
    if (o->write)
      out.notes.push_back("wrote " + bench::writeRecord(o->dir, o->index, out.doc));
    return out;
  });
}

void addBenchReport(BenchCommands &cmds) {
  auto o = std::make_shared<bench::ReportOptions>();
  CLI::App *sub = cmds.bench->add_subcommand(
      "report", "merge the records of a campaign (--slurm DIR) into its runner's report, the one a local run "
                "gives; list the tasks that failed or have no record");
  sub->add_option("DIR", o->dir, "the campaign's directory")->required();
  sub->add_option("--out", o->out, "write the report files here instead of the campaign's --out");
  sub->add_option("--name", o->name, "the report files' stem instead of the campaign's --name");
  CLI::Option *status =
      sub->add_flag("--status", o->status, "only the campaign's state: tasks done, failed, without a record");
  sub->add_flag("--resubmit-failed", o->resubmitFailed,
                "submit the failed tasks and those without a record again (once the campaign's jobs have "
                "ended)")
      ->excludes(status);
  sub->add_flag("--json", cmds.reporter->jsonFlag(), "print the JSON report instead of markdown");
  addBenchRunner(cmds, sub, [o](const bench::Context &ctx) { return bench::reportCampaign(*o, ctx); });
}

} // namespace locus::tools

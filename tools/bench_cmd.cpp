// The `bench` parent command: registers the runners, dispatches to the one that was parsed and prints its
// outcome; `bench task DIR I` runs one task of a task list.
#include "tools/bench_cmd.h"

#include "bench/lib/report.h"

#include <filesystem>
#include <fstream>

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
      out = run(bench::Context{*line, !rep.json()});
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

void addBenchTask(BenchCommands &cmds) {
  struct Options {
    std::string dir;
    size_t index = 0;
    bool write = false;
  };
  auto o = std::make_shared<Options>();
  CLI::App *sub = cmds.bench->add_subcommand(
      "task",
      "run one task of a task list a runner wrote (DIR/tasks.json) in this process; print its record");
  sub->add_option("DIR", o->dir, "the directory of tasks.json (a runner's --work)")->required();
  sub->add_option("I", o->index, "the task's index, from 0")->required();
  sub->add_flag("--write", o->write, "also write the record to DIR/records/I.json");
  sub->add_flag("--json", cmds.reporter->jsonFlag(), "print the record inside the driver's JSON document");
  addBenchRunner(cmds, sub, [o](const bench::Context &) {
    bench::Outcome out;
    out.doc = bench::runStoredTask(o->dir, o->index);
    out.text = out.doc.dump(1, ' ', false, bench::Json::error_handler_t::replace) + "\n";
    if (o->write) {
      std::filesystem::path file =
          std::filesystem::path(o->dir) / "records" / (std::to_string(o->index) + ".json");
      std::filesystem::create_directories(file.parent_path());
      std::ofstream(file) << out.text;
      out.notes.push_back("wrote " + file.string());
    }
    return out;
  });
}

} // namespace locus::tools

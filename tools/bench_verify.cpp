// `locus bench verify`: the options of the runner (one suite, several solvers, interleaved); the runner is
// bench/runners/verify.cpp.
#include "tools/bench_cmd.h"
#include "tools/options.h"

namespace locus::tools {

void addBenchVerify(BenchCommands &cmds) {
  auto o = std::make_shared<bench::VerifyOptions>();
  CLI::App *sub = cmds.bench->add_subcommand(
      "verify", "verify every program of a suite with each solver, interleaved: times, ratios, timeouts, "
                "verdict disagreements, our share of the time; markdown, JSON and a cactus plot");
  sub->add_option("PATHS", o->paths,
                  "directories (searched recursively for .gcl and .c files) or files; with --manifest: the "
                  "languages to take from it (gcl, c; default gcl)");
  sub->add_option(
      "--manifest", o->manifest,
      "a JSON list of programs: {file | files: {gcl, c}, entry, unwind, heap, ints, expected: safe | "
      "failed} (relative paths are relative to the manifest)");
  sub->add_option("--solvers", o->solvers, "comma-separated: z3, cvc5, smtlib:COMMAND")
      ->capture_default_str();
  sub->add_option(
         "--posings", o->posings,
         "comma-separated ways of posing verify's queries, each a configuration of every solver: auto, "
         "assume, push, plain, fresh")
      ->capture_default_str();
  sub->add_option(
         "--cores", o->cores,
         "comma-separated: off, on (set the solver up with unsat-core production; for assume and push)")
      ->capture_default_str();
  sub->add_flag(
      "--plain", o->plain,
      "also time each solver's binary on the printed query (locus smt) and report verify / printed");
  sub->add_option("--modes", o->modes,
                  "comma-separated verification modes, each a configuration of every solver: bmc (the "
                  "fixed --unwind), auto (verify --unwind auto), kind (verify --k-induction)")
      ->capture_default_str();
  sub->add_option("--max-unwind", o->maxUnwind, "the largest bound of the modes auto and kind")
      ->check(CLI::Range(1u, 100000u))
      ->capture_default_str();
  sub->add_option("--entry", o->entry, "the procedure to verify (unless the manifest says)")
      ->capture_default_str();
  sub->add_option("--unwind", o->unwind, "loop and recursion bound (unless the manifest says)")
      ->check(CLI::Range(1u, 100000u))
      ->capture_default_str();
  sub->add_option("--heap", o->heap, "allocation slots (unless the manifest says)")->capture_default_str();
  sub->add_option("--ints", o->ints, "math or bv32")
      ->check(CLI::IsMember({"math", "bv32"}))
      ->capture_default_str();
  sub->add_flag("--no-unwinding-assertions", o->noUnwindingAssertions, "drop the unwinding checks");
  sub->add_option("--timeout", o->timeout, "per-run solver time limit in seconds (0: none)")
      ->check(timeLimitCheck())
      ->capture_default_str();
  sub->add_option("--repeat", o->repeat, "runs per (program, solver); the median is reported")
      ->check(CLI::Range(1u, 100u))
      ->capture_default_str();
  sub->add_option(
      "--work", o->work,
      "write the task list here (DIR/tasks.json: one task per run, for `locus bench task DIR I`)");
  sub->add_option("--out", o->out,
                  "write NAME.md, NAME.json, NAME.dat/.gp and the cactus plot NAME.png/.svg here");
  sub->add_option("--name", o->name, "file stem of the written results")->capture_default_str();
  sub->add_flag("--json", cmds.reporter->jsonFlag(),
                "print the JSON report on stdout instead of the markdown");
  std::shared_ptr<bench::SlurmOptions> slurm = addSlurmOptions(sub);
  addBenchRunner(cmds, sub, [o, slurm](const bench::Context &ctx) {
    return bench::runVerify(*o, bench::slurmContext(ctx, *slurm, o->work));
  });
}

} // namespace locus::tools

// Internal to the repair runner (repair.cpp, repair_suite.cpp, repair_report.cpp): its configurations and
// tasks, the suite's versions as source files, the report.
#pragma once

#include "bench/mutate/suite.h"
#include "bench/runners/runners.h"
#include "bench/runners/scoring.h"
#include "ir/ir.h"

#include <string>
#include <vector>

namespace locus {
class SourceManager;
}

namespace locus::bench::repairer {

/// One repair configuration: a method, localization on or off (mutate), a solver.
struct Config {
  std::string method, solver;
  bool localization = true;
  /// The method's own options as given in the configuration (`proof:widening=paper`: {"--widening",
  /// "paper"}), in order.
  std::vector<std::pair<std::string, std::string>> options;
  std::string name() const {
    std::string n = method + (localization ? "" : ":nofl");
    for (const auto &[flag, value] : options)
      n += ":" + flag.substr(2) + "=" + value;
    return n + "/" + solver;
  }
};

/// One faulty version to repair.
struct Task {
  std::string label, file, cls;
  mutate::CorpusProgram src; ///< the correct program the version was made from (its file, entry, bounds)
  std::string fault;         ///< "operator at line 12: `<` -> `<=`"
  /// bench/io's versions (classes io-tests, io-reference): the specification is the reference program
  /// (`src.file`) and, for io-tests, the test suite `suite` too; `inputBytes`: verify's --input-bytes.
  std::string suite;
  uint32_t inputBytes = 0;
};

/// bench/io's versions (--io): per set of bench/io/manifest.json, each version twice, repaired with the
/// suite and the reference (class io-tests) and with the reference alone (io-reference), copied to
/// WORK/io-<set>/.
std::vector<Task> ioTasks(const RepairOptions &o);

/// Whether configuration `c` runs on versions of class `cls` (--mutate-on, --template-on).
bool runsOn(const Config &c, const std::string &cls, const RepairOptions &o);

/// The procedures under test named `names` (the default rule of repair/mutation when none is found).
std::vector<uint32_t> procIndices(const ir::Program &prog, const std::vector<std::string> &names,
                                  const std::string &file, const std::string &entry);

/// The suite's versions of one corpus program as source files: each drawn version with a source form is
/// rendered as a patch of the corpus file and written to WORK/<key>/<stem>.<class>.vNN.<ext>; the others are
/// counted in `noSource`. An `and`/`or` fault over guarded reads is written as its source edit, which also
/// changes which reads run.
void suiteTasks(const mutate::CorpusProgram &p, const std::vector<mutate::FaultClass> &classes,
                const RepairOptions &o, std::vector<Task> &tasks, std::vector<std::string> &noSource,
                std::vector<std::string> &errors);

/// Whether the original text is a point of mutate's space of the faulty version (level 2, with the variable
/// and field replacements, as the bench runs it): one option of one site renders back to it exactly.
/// Independent of the search: it renders every option.
bool originalInSpace(const ir::Program &prog, const SourceManager &sm, const std::vector<uint32_t> &procs,
                     const std::string &originalText);

/// The report of a run from the tasks and their records.
struct ReportInput {
  const RepairOptions &o;
  const std::vector<std::string> &langs, &solvers;
  const std::vector<Config> &configs;
  const std::vector<Task> &tasks;
  const std::vector<Json> &results;
  const std::vector<std::string> &noSource, &setupErrors;
  double runSeconds;
  const std::string &commandLine;
};
Outcome report(const ReportInput &in);

} // namespace locus::bench::repairer

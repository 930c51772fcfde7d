// What `repair` needs before a method runs: the program loaded, the reference checked against it, and the
// specification a patch must meet (repair/fix: fix::Spec) with the bounds resolved.
#pragma once

#include "repair/common/observer.h"
#include "repair/fix/fix.h"
#include "session/bounds.h"
#include "session/program.h"

#include <functional>
#include <iosfwd>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_set>
#include <vector>

namespace locus::session {

struct RepairSubject {
  std::unique_ptr<Loaded> loaded; ///< `loaded->prog` empty: the file does not compile (nothing else is set)
  std::optional<Reference> reference;
  std::unique_ptr<repair::Suite> suite; ///< --tests
  /// The suite's tests left out because the reference does not end ok on them ("line 3 of s.txt: …").
  std::vector<std::string> leftOut;
  fix::Spec spec; ///< refers to `reference`'s program and `suite`
  const ir::Program &prog() const { return *loaded->prog; }
};

/// Loads `src`, finds `entry`, compiles the reference (a usage error when it does not fit the program), reads
/// the suite (--tests; a usage error when no test is left once those the reference fails are left out) and
/// resolves the bounds into the specification. Diagnostics go to `diagnostics` as soon as they are known.
RepairSubject prepareRepair(const Source &src, const Bounds &bounds, const std::string &entry,
                            const SpecSource &specs, const std::string &solver,
                            const std::function<void(const Diagnostics &)> &diagnostics);

/// The procedures `--procs` lets a repair change: "all" (every procedure but the tests), a comma-separated
/// list, or nullopt for none given (the method's default: those of the main file).
std::optional<std::unordered_set<uint32_t>> repairProcedures(const ir::Program &prog,
                                                             const std::string &procs);

/// The default of `--procs` for `repair` and `localize`: the procedures of the main file but its tests, and
/// without the entry when it is a test driver (repair::mutation::isTestDriver: then
/// defaultProcsUnderTest); when the entry is a test, without the test drivers it may run (`main()`).
/// docs/repair.md, "The specification is never changed".
std::unordered_set<uint32_t> defaultProcedures(const ir::Program &prog, const std::string &mainFile,
                                               const std::string &entry);

/// The procedures localize and repair may change by default: defaultProcedures less the inputBuilders (a
/// test's input building is a fact, not code under test), unless that would leave none.
std::unordered_set<uint32_t> proceduresUnderTest(const ir::Program &prog, const std::string &mainFile,
                                                 const std::string &entry);

/// The procedures a test driver calls only to build its inputs (docs/localize.md, "What may be blamed"): the
/// entry when it is a test driver or a test, and the drivers a test runs, each call the procedures under test
/// last — the callee of a driver's last call that is not part of the specification, and what it calls. A
/// procedure of the main file that a driver calls before that (`head = push(head, 3)` before
/// `remove_val(head, 2)`), that the code under test never reaches and that only drivers and other such
/// procedures call, builds inputs: it is left out of localize's default `--procs` like the driver itself. A
/// procedure in `named` is never one.
std::unordered_set<uint32_t> inputBuilders(const ir::Program &prog, const std::string &mainFile,
                                           const std::string &entry,
                                           const std::unordered_set<uint32_t> &named = {});

/// `repair`'s options (docs/repair.md): the program, the method and what reaches it.
struct RepairRequest {
  Source src;
  std::string method = fix::methods().front()->name(); ///< --method (the first registered is the default)
  std::string entry = "main";
  Bounds bounds;
  std::string solver = "z3";
  double timeout = 120;               ///< seconds, the whole repair (0: none)
  bool all = false;                   ///< --all: every minimal repair (up to `max`)
  size_t max = 0;                     ///< --max (0: 1, or 10 with --all)
  std::string procs;                  ///< --procs: comma-separated, all, or empty (the default)
  repair::OptionValues methodOptions; ///< the methods' own options (fix::optionDeclarations)
  SpecSource spec;                    ///< --reference, --reference-entry, --tests, --compare
};

/// The method `req.method` names; a usage error naming the methods when there is none, and for a time limit
/// or method options that are not valid.
const fix::Method *chosenMethod(const RepairRequest &req);

/// The method's options: the solver, the time limit, how many repairs, the given method options and the
/// procedures that may change (`--procs`, else defaultProcedures).
fix::Options repairOptions(const RepairRequest &req, const ir::Program &prog);

/// The exit code of a repair: 1 repaired, 0 no failure, 3 not repaired or unknown, 2 an error (4 an internal
/// one).
int repairExit(const fix::Result &r);

/// When every repair changes the entry and the main file has other procedures besides a check's helpers: the
/// entry may be a test driver whose inputs or checks the repair changed; the procedures under test to name
/// with --procs, comma-separated (else empty).
std::string entryRepairProcs(const ir::Program &prog, const std::string &file, const std::string &entry,
                             const fix::Result &r);

/// The text answer as it is found (`os`; nullptr: nothing, as under --json): the failure and the method's
/// line as soon as the failure is known, each repair when it is verified (flushed); the rest (`finish`) when
/// the method returns. Its token is Ctrl-C's (interrupt.h).
class LiveRepair final : public repair::Observer {
public:
  LiveRepair(std::ostream *os, const RepairRequest &req, const ir::Program &prog, const fix::Method &method,
             const std::string &out, bool stats)
      : os_(os), req_(req), prog_(prog), method_(method), out_(out), stats_(stats) {}
  void setProblem(const fix::Problem &problem) { problem_ = &problem; }

  void failure(const repair::Failure &f) override;
  void repaired(const fix::Repair &r) override;
  const repair::CancelToken *cancel() const override;
  /// The rest: what was not streamed (a failure known only at the end), the verdict, the time, the counters.
  void finish(const fix::Result &r);
  /// From another thread (the command's watchdog, when the method overran its time limit): the answer so
  /// far — repaired with the repairs reported so far, else unknown — with `message`, printed (text) as
  /// `finish` would after the repairs already streamed. The method keeps running: the caller ends the
  /// process.
  fix::Result abandon(const std::string &message, double seconds);

private:
  /// The method's line, once: its configuration, solver and bound.
  void header();

  std::ostream *os_;
  const RepairRequest &req_;
  const ir::Program &prog_;
  const fix::Method &method_;
  const std::string &out_;
  bool stats_;
  const fix::Problem *problem_ = nullptr;
  bool headerShown_ = false;
  size_t shown_ = 0; ///< repairs printed so far
  /// What `abandon` answers with: the failure and the repairs reported so far, guarded by `mutex_` (which
  /// also keeps a repair's printing whole).
  std::mutex mutex_;
  std::optional<repair::Failure> failure_;
  std::vector<fix::Repair> found_;
};

} // namespace locus::session

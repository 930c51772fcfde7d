// What `repair` needs before a method runs: the program loaded, the reference checked against it, and the
// specification a patch must meet (repair/fix: fix::Spec) with the bounds resolved.
#pragma once

#include "repair/fix/fix.h"
#include "session/bounds.h"
#include "session/program.h"

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <unordered_set>

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

} // namespace locus::session

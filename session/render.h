// The text and JSON of results, shared by every command (and the coming debugger and HTML report):
// diagnostics, IR listings, interpreter outcomes and states, heap nodes, source locations.
#pragma once

#include "backends/encoder/verify.h"
#include "frontend/source.h"
#include "ir/diagnostics.h"
#include "ir/interp.h"
#include "ir/ir.h"
#include "repair/common/failure.h"
#include "repair/fix/fix.h"
#include "repair/localize/localize.h"
#include "session/mutants.h"
#include "session/program.h"
#include "session/run.h"

#include <nlohmann/json.hpp>

#include <iosfwd>
#include <string>

namespace locus::render {

using Json = nlohmann::ordered_json;

Json toJson(const Diagnostics &diags);
Json toJson(const ir::Program &prog, SourceLoc loc);
/// Statement list of the IR (id, procedure, kind, text, location), for `locus ir --json`.
Json irToJson(const ir::Program &prog);

/// `file:line:col` of an IR location (program file table).
std::string where(const ir::Program &prog, SourceLoc loc);

struct OutcomeView {
  const ir::Program &prog;
  const ir::Outcome &outcome;
  uint32_t entry;
  /// The sources read: a failed assertion that reads the lowering's temporaries is shown as written
  /// (nullptr: as the IR has it).
  const SourceManager *sm = nullptr;
};

/// Text: verdict line, failure location and message, trace (its last `traceTail` steps, 0: none), final
/// state.
void printOutcome(std::ostream &os, const OutcomeView &v, size_t traceTail, bool showState);
Json toJson(const OutcomeView &v, bool withTrace);

/// The state part alone: globals, the entry procedure's variables, heap nodes with fields.
void printState(std::ostream &os, const ir::Program &prog, const ir::State &st, uint32_t entry);
Json stateToJson(const ir::Program &prog, const ir::State &st, uint32_t entry);
/// One heap node (`id`: its number) as JSON: a record's type and fields, or an array's type, length, the
/// elements known (written, given or chosen) and `others` (the rest; null while nondet and unread).
Json nodeToJson(const ir::Program &prog, const ir::HeapNode &n, uint32_t id);

/// One-line verdict: "ok", "failure (assert)", "infeasible", …
std::string verdict(const ir::Outcome &o);

/// The text of a source line (trimmed), from the files the front end read.
std::string sourceLine(const SourceManager &sm, const ir::Program &prog, SourceLoc loc);

/// A failure as JSON (docs/localize.md: `failure`), and as text: what failed, where, its origin and inputs
/// (`locus localize` and `locus repair` print it).
Json failureJson(const ir::Program &prog, const repair::Failure &f);
void printFailure(std::ostream &os, const ir::Program &prog, const repair::Failure &failure);

/// A localization result's sets, ranking and counters into `j` (docs/localize.md).
void localizationJson(Json &j, const SourceManager &sm, const ir::Program &prog, const localize::Result &r);
/// A localization result as text: its note, sets (enumerated up to `maxSize`), ranking and (with `stats`)
/// counters.
void printLocalization(std::ostream &os, const SourceManager &sm, const ir::Program &prog,
                       const localize::Result &r, const std::string &maxSize, bool stats);

/// A method's line in `localize --method all`'s answer: `\n== NAME: STATUS, 0.123 s` (leaves `os` fixed at 3
/// digits).
void printMethodHeader(std::ostream &os, const localize::Result &r);

/// What `localize`'s answer shows besides its results.
struct LocalizeView {
  const std::string &file;
  const std::string &solver;
  const SourceManager &sm;
  const ir::Program &prog;
  const localize::Problem &problem;
  const std::vector<const repair::Failure *> &failures; ///< the first is the problem's failure
  const repair::OptionValues &methodOptions;            ///< as given (the weights, --max-size)
  bool stats = false;                                   ///< --stats: the method's counters
  double seconds = 0;                                   ///< the time so far
};
/// One method's answer as JSON (docs/localize.md; for an error only "file", "method" and "solver") and as
/// text: the failures, the method's line and the localization.
Json localizeJson(const LocalizeView &v, const localize::Method &method, const localize::Result &r);
void printLocalize(std::ostream &os, const LocalizeView &v, const localize::Method &method,
                   const localize::Result &r);
/// `--method all`'s answer as JSON (each method's, the consensus; `exit`: session::localizeAllExit) and its
/// text's end (each method's was streamed): the ranks side by side, the consensus.
Json localizeAllJson(const LocalizeView &v, const std::vector<localize::Result> &results, int exit);
void printLocalizeAll(std::ostream &os, const LocalizeView &v, const std::vector<localize::Result> &results);

/// Which specification a repair satisfies (docs/repair.md): against a reference it is correct within the
/// bound; against the program's own assertions and tests, or a suite only, plausible.
std::string satisfiedSpec(const fix::Spec &spec, const fix::Reverified &c);
/// Repair `k` (from 1): its size, when it was found, what its re-verification ran, which specification it
/// satisfies, its changes and its diff.
void printRepair(std::ostream &os, size_t k, const fix::Repair &x, const fix::Spec &spec);
/// The verdict's lines: REPAIRED (naming `out`, --out, when given; with `underTest`,
/// session::entryRepairProcs, the note that every repair changes `entry`), NOT REPAIRED, UNKNOWN; the time.
void printRepairVerdict(std::ostream &os, const fix::Result &r, const std::string &out,
                        const std::string &entry, const std::string &underTest);
/// `repair`'s JSON document (docs/repair.md).
Json repairResultJson(const std::string &file, const ir::Program &prog, const fix::Result &r);

/// `locus mutate`'s text: each version's file (with --verify its verdict) and faults, then the count and
/// where the manifest is; and its JSON document (the manifest, with each version's verdict under --verify).
void printMutants(std::ostream &os, const session::MutateRequest &req, const session::Mutants &m);
Json mutantsJson(const session::MutateRequest &req, const session::Mutants &m);
/// The warning when fewer versions than asked for exist: "only 3 distinct C1 versions exist for f.gcl" (else
/// empty).
std::string mutantsShortfall(const session::MutateRequest &req, const session::Mutants &m);

/// What verify's answer shows besides its result.
struct VerifyView {
  const std::string &file;
  const ir::Program &prog; ///< as verified (the product with a reference, if any)
  uint32_t entry;
  const encoder::EncodeOptions &eo;
  const std::string &ints; ///< as given: math or bv32
  bool trace =
      false; ///< the whole trace (without: the last 20 steps of a bound failure's, none of a failure's)
  const frontend::Timings *stats = nullptr; ///< --stats: the front end's phases (the rest is the result's)
  const SourceManager *sm = nullptr;        ///< the sources read (OutcomeView::sm)
};
/// verify's answer as its JSON document (docs/cli.md), and as text (a Mismatch prints nothing: the caller
/// reports it as an internal error).
Json verifyJson(const VerifyView &v, const encoder::VerifyResult &r);
void printVerify(std::ostream &os, const VerifyView &v, const encoder::VerifyResult &r);
/// `verify --show-checks`: the checks of the query (encoder::checksOf) numbered from 1, each with its kind,
/// location, statement, instance and message, as text and as JSON (`checks`: the number, `properties`: the
/// list).
void printChecks(std::ostream &os, const VerifyView &v, const std::vector<encoder::ListedCheck> &checks);
Json checksJson(const VerifyView &v, const std::vector<encoder::ListedCheck> &checks);

/// `locus test`: each declared test's line (`PASS t`, `FAIL t: MESSAGE at f.gcl:3:5`, with `trace` a failed
/// test's whole run), the tally (`2 passed, 1 failed`, or `FILE: no tests matching 'F'`), the JSON document.
void printTestResults(std::ostream &os, const ir::Program &prog, const session::TestRun &run, bool trace);
void printTestTally(std::ostream &os, const session::TestRun &run, const std::string &file,
                    const std::string &filter);
Json testRunJson(const std::string &file, const ir::Program &prog, const session::TestRun &run, bool trace);

/// `locus test --tests`: each suite test's line (`FAIL line 2 (3 4 < in.txt): MESSAGE at f.c:7:3`) and the
/// tally, as text; the JSON document.
void printSuiteRun(std::ostream &os, const ir::Program &prog, const session::SuiteRun &run,
                   const session::SuiteTally &t);
Json suiteRunJson(const std::string &file, const session::SuiteRun &run, const session::SuiteTally &t);

} // namespace locus::render

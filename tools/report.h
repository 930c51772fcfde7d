// Rendering of results for the driver: text for people, JSON for machines. All output goes through here.
#pragma once

#include "ir/diagnostics.h"
#include "ir/interp.h"
#include "ir/ir.h"

#include <nlohmann/json.hpp>

#include <iosfwd>
#include <string>

namespace locus::report {

using Json = nlohmann::ordered_json;

/// Exit codes of every subcommand (docs/cli.md).
enum Exit : int { Ok = 0, Violated = 1, InputError = 2, Unknown = 3, Internal = 4 };

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
};

/// Text: verdict line, failure location and message, trace (last `traceTail` steps, 0 = all), final state.
void printOutcome(std::ostream &os, const OutcomeView &v, size_t traceTail, bool showState);
Json toJson(const OutcomeView &v, bool withTrace);

/// The state part alone: globals, the entry procedure's variables, heap nodes with fields.
void printState(std::ostream &os, const ir::Program &prog, const ir::State &st, uint32_t entry);
Json stateToJson(const ir::Program &prog, const ir::State &st, uint32_t entry);

/// One-line verdict: "ok", "failure (assert)", "infeasible", …
std::string verdict(const ir::Outcome &o);

} // namespace locus::report

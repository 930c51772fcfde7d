// Values written on the command line (`--args`, `--nondet`): ints, true/false, null, nK.
#pragma once

#include "ir/interp.h"
#include "ir/ir.h"

#include <optional>
#include <string>
#include <vector>

namespace locus::session {

/// Parses one value against an expected type (kind Void: infer from the text). nullopt with `err` set when
/// the text is not a value of that type.
std::optional<ir::Value> parseValue(const std::string &text, ir::Type::Kind kind, std::string &err);

/// Splits a comma-separated list, trimming blanks around each item ("" gives no items).
std::vector<std::string> splitList(const std::string &s);

/// The values of `--nondet` (comma-separated, each parseValue's with its type inferred); a usage error naming
/// `--nondet` for one that does not parse.
std::vector<ir::Value> nondetValues(const std::string &list);

/// The arguments of a run of `entry` as the command line gives them: `argv` (a command line for a
/// command-line entry, split at white space; also the empty one when neither is given) or `args` (values,
/// comma-separated, one per parameter). A usage error when they do not fit; `file` is argv[0].
std::vector<ir::Value> runArguments(const ir::Program &prog, uint32_t entry, const std::string &args,
                                    const std::string &argv, const std::string &file);

} // namespace locus::session

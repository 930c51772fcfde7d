// Values written on the command line (`--args`, `--nondet`): ints, true/false, null, nK.
#pragma once

#include "ir/interp.h"

#include <optional>
#include <string>
#include <vector>

namespace locus::session {

/// Parses one value against an expected type (kind Void: infer from the text). nullopt with `err` set when
/// the text is not a value of that type.
std::optional<ir::Value> parseValue(const std::string &text, ir::Type::Kind kind, std::string &err);

/// Splits a comma-separated list, trimming blanks around each item ("" gives no items).
std::vector<std::string> splitList(const std::string &s);

} // namespace locus::session

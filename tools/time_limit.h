// `--timeout SECONDS` on every command that has one: what a valid limit is, and the limit in milliseconds.
#pragma once

#include <CLI/CLI.hpp>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <string>

namespace locus::tools {

/// The largest time limit: 2^32 - 1 ms (about 49.7 days), the largest z3 and cvc5 take.
constexpr double kMaxTimeLimitSeconds = 4294967.0;

/// Accepts a decimal number of seconds from 0 (no limit) to kMaxTimeLimitSeconds; anything else (a negative
/// number, nan, inf, a larger number) is a usage error naming the option.
inline CLI::Validator timeLimitCheck() {
  return CLI::Validator(
      [](std::string &text) -> std::string {
        char *end = nullptr;
        double v = std::strtod(text.c_str(), &end);
        if (end == text.c_str() || *end != '\0' || !std::isfinite(v) || v < 0 || v > kMaxTimeLimitSeconds)
          return "expected a time limit in seconds from 0 (no limit) to 4294967, got '" + text + "'";
        return "";
      },
      "SECONDS");
}

/// A limit in seconds (checked by timeLimitCheck) as milliseconds: 0 stays "no limit", any positive limit
/// is at least 1 ms.
inline unsigned timeLimitMs(double seconds) {
  if (!(seconds > 0))
    return 0;
  return static_cast<unsigned>(std::clamp(std::ceil(seconds * 1000), 1.0, kMaxTimeLimitSeconds * 1000));
}

} // namespace locus::tools

// The limits a command runs under: `--memory MB` as the process's address-space limit (RLIMIT_AS), and
// `--timeout SECONDS` (what a valid time limit is, and the limit in milliseconds).
#pragma once

#include "backends/solver.h"

#include <cstddef>
#include <string>

namespace locus::session {

/// Limits the address space of this process (and of the processes it starts: an `smtlib:` solver, graphviz's
/// `dot`) to what is mapped now — the program, its libraries, the command thread's stack reservation — plus
/// `mb` MiB: allocations beyond it fail (`std::bad_alloc`, or a solver's out-of-memory answer). A limit the
/// system refuses is a usage error.
void limitMemory(size_t mb);

/// The limit set by limitMemory in MiB (0: none).
size_t memoryLimit();

/// The message of an allocation that failed: names `--memory MB` when it was given, else the machine's
/// memory or `ulimit -v`.
std::string outOfMemoryMessage();

/// `reason` (a solver's or a method's answer UNKNOWN) with ` (the limit of --memory MB)` appended when it
/// says that memory ran out and `--memory` was given; else `reason` as it is.
std::string namingMemoryLimit(const std::string &reason);

using backends::kMaxTimeLimitSeconds; ///< the largest time limit (backends/solver.h)
using backends::timeLimitMs;          ///< seconds as a solver's milliseconds (backends/solver.h)

/// When a command whose `--timeout` is `seconds` gives up on a solver that has not stopped at its limit (a
/// solver linked in cannot always be stopped from outside, and cvc5 1.0 can overrun its own limit by
/// minutes, cvc5 issue #2908): 1.5 times the limit plus 5 s (0: no limit, never).
inline double abandonAfterSeconds(double seconds) {
  return seconds > 0 ? seconds * 1.5 + 5 : 0;
}
/// The answer of a command that gave up on `solver` after `seconds` (abandonAfterSeconds): "timeout: the
/// solver (cvc5) did not stop at its time limit and was abandoned after 20 s".
std::string abandonedMessage(const std::string &solver, double seconds);

/// Empty when `text` is a decimal number of seconds from 0 (no limit) to kMaxTimeLimitSeconds; else what is
/// wrong with it (a negative number, nan, inf, a larger number, no number).
std::string checkTimeLimit(const std::string &text);

} // namespace locus::session

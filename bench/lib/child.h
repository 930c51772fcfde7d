// Running a piece of benchmark work in a forked child process, so that every run starts from the same
// process state: solver libraries keep process-wide state between solver instances (cvc5 1.0's node
// manager), which slowed later runs of a long benchmark down.
#pragma once

#include <functional>
#include <optional>
#include <string>

namespace locus::bench {

/// Forks; the child runs `work` and sends its result back through a pipe, then exits without running the
/// parent's destructors. Returns that result, or nullopt when the child died before answering (a signal,
/// an exception, an exit): `why` then says how. Standard output and error are flushed before the fork; the
/// child is killed when the parent dies (Linux: PR_SET_PDEATHSIG).
std::optional<std::string> runInChild(const std::function<std::string()> &work, std::string &why);

} // namespace locus::bench

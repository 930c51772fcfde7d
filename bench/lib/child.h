// Running a piece of benchmark work in a forked child process, so that every run starts from the same
// process state. Solver libraries may keep process-wide state between solver instances (cvc5 1.0 shares
// one node manager per thread); in one long process, cvc5's API backend measured up to 1.45× slower late
// in a corpus run than in a fresh process.
#pragma once

#include <functional>
#include <optional>
#include <string>

namespace locus::bench {

/// Forks; the child runs `work` and sends its result back through a pipe, then exits without running the
/// parent's destructors. Returns that result, or nullopt when the child died before answering (a signal,
/// an exception, an exit): `why` then says how. Standard output and error are flushed before the fork; the
/// child is killed when the parent dies (Linux: PR_SET_PDEATHSIG). With `wallLimit` > 0 seconds, a child
/// still running then is killed, and `*killed` (when given) is set.
std::optional<std::string> runInChild(const std::function<std::string()> &work, std::string &why,
                                      double wallLimit = 0, bool *killed = nullptr);

} // namespace locus::bench

// Stopping the solver checks in progress from outside (Ctrl-C): a process-wide flag and the checks running
// now.
#pragma once

#include <functional>

namespace locus::backends {

/// Raises the process-wide interrupt and stops every solver check running now (each answers Unknown with
/// the reason "interrupted"); every later check answers so at once. Not async-signal-safe (it takes a lock
/// and calls into the solvers): a signal handler wakes a thread that calls it (tools/interrupt.h).
void interruptChecks();
/// Lowers the process-wide interrupt again: later checks run (the debugger, after a command a signal
/// stopped; the checks stopped before answered already).
void clearInterrupt();
/// Whether `interruptChecks` was called (and not cleared since).
bool checksInterrupted();

/// While it lives, `interruptChecks` calls `stop` to stop the check it guards (z3's `interrupt` of its
/// context, SIGINT to a solver process). `stop` runs on another thread, at most once; the destructor waits
/// for a `stop` that is running.
class InterruptScope {
public:
  explicit InterruptScope(std::function<void()> stop);
  ~InterruptScope();
  InterruptScope(const InterruptScope &) = delete;
  InterruptScope &operator=(const InterruptScope &) = delete;

private:
  std::function<void()> stop_;
};

} // namespace locus::backends

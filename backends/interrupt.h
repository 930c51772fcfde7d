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

/// While it lives, a solver check runs that `interruptChecks` cannot stop (cvc5's library has no way to stop
/// a check in progress): the process's signal handling (tools/interrupt.h) then ends the process itself when
/// the check does not end within a grace period, rather than wait for it without limit.
class UnstoppableScope {
public:
  UnstoppableScope();
  ~UnstoppableScope();
  UnstoppableScope(const UnstoppableScope &) = delete;
  UnstoppableScope &operator=(const UnstoppableScope &) = delete;
};
/// Whether a check that cannot be stopped is running now (an UnstoppableScope lives).
bool unstoppableCheckRunning();

/// While it lives, the process is inside a solver library's call that may abort the process on a fault of
/// the library's own (cvc5 1.0.3's SAT solver, CaDiCaL, aborts in its model code when a time limit cut a
/// check short: "can only get value in satisfied state"). The abort handler (session/interrupt.h,
/// installAbortHandler) then ends locus with exit 3 (no answer) and says so, instead of a crash.
class LibraryCallScope {
public:
  LibraryCallScope();
  ~LibraryCallScope();
  LibraryCallScope(const LibraryCallScope &) = delete;
  LibraryCallScope &operator=(const LibraryCallScope &) = delete;
};
/// Whether a LibraryCallScope lives (async-signal-safe: one lock-free atomic load).
bool solverLibraryCallRunning();

} // namespace locus::backends

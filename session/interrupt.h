// Ctrl-C and SIGTERM for the commands that can stop early and say what they found (verify, localize, repair),
// and for the debugger, whose session goes on after the command a signal stopped.
#pragma once

#include "repair/common/observer.h"

#include <functional>
#include <string>

namespace locus::session {

/// Installs locus's own SIGINT and SIGTERM handler. The first signal raises `interruptToken()` and, from a
/// thread of its own (a handler may only store and write), stops the solver checks in progress
/// (backends::interruptChecks); the command then ends at its next step and prints what it found. A second
/// signal ends locus at once with exit code 128 + the signal's number (130 for SIGINT, 143 for SIGTERM).
/// `notice` runs on that thread once, after the solvers were told (it says the command is stopping).
void installInterruptHandler(std::function<void()> notice);
/// After the command a signal stopped, in a session that goes on (the debugger): the token and the solvers'
/// interrupt lowered, and the next signal is a first one again.
void rearmInterrupt();
/// Forgets the `notice` (before what it refers to goes away); a signal after it prints nothing.
void dropInterruptNotice();
/// The token the first signal raises (never raised before installInterruptHandler).
const repair::CancelToken &interruptToken();
/// Installs locus's SIGABRT handler: an abort inside a solver library's call (backends::LibraryCallScope:
/// cvc5 1.0.3's CaDiCaL aborts when a time limit cut a check short) ends locus with exit 3 — no answer —
/// and a message naming the solver's fault, not a crash; any other abort stays one (a bug of ours).
void installAbortHandler();
/// Whether a signal arrived, and its name ("SIGINT", "SIGTERM"; empty when none did).
bool interrupted();
std::string interruptSignal();

} // namespace locus::session

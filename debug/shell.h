// The debugger's command loop: lines read (libedit with history and completion at a terminal, plain lines
// from a script or a pipe), split into commands, run on a Session, and the replies printed as text or as
// one JSON object per command (docs/debug.md).
#pragma once

#include "debug/session.h"

#include <functional>
#include <iosfwd>
#include <string>

namespace locus::debug {

struct ShellOptions {
  bool json = false;        ///< one JSON object per command on the output
  bool interactive = false; ///< read from the terminal with libedit (else plain lines from `in`)
  bool echo = false;        ///< print each command before its reply (scripts: a readable transcript)
  std::string svgDir;       ///< write the heap as SVG after every command that moves the run (empty: none)
  /// Called before each command (the driver lowers a Ctrl-C that stopped the previous one).
  std::function<void()> beforeCommand;
};

/// The help text: every command with one line.
std::string helpText();

/// Runs commands until `quit` or the end of the input. Returns the number of commands that failed.
size_t runShell(Session &s, std::istream &in, std::ostream &out, const ShellOptions &o);

} // namespace locus::debug

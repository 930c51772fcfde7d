// How a session ends a command early: exit codes, and the error a session function throws where it finds a
// usage or input problem (however deep); the driver renders it (tools/report.h).
#pragma once

#include <stdexcept>
#include <string>

namespace locus::session {

/// Exit codes of every command (docs/cli.md).
enum Exit : int { Ok = 0, Violated = 1, InputError = 2, Unknown = 3, Internal = 4 };

/// An error that ends a command, with its exit status.
class Error : public std::runtime_error {
public:
  Error(Exit code, const std::string &message) : std::runtime_error(message), code(code) {}
  Exit code;
};

/// Ends the command with a usage or input error (exit 2): throws Error. Never exits the process.
[[noreturn]] inline void usageError(const std::string &message) {
  throw Error(Exit::InputError, message);
}

} // namespace locus::session

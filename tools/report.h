// The driver's one output path (Reporter: text for people, one JSON document for machines). Every message of
// tools/ goes through here (tools/README.md); the text and JSON of results are rendered by session/render.h.
#pragma once

#include "ir/diagnostics.h"
#include "ir/interp.h"
#include "ir/ir.h"
#include "session/error.h"

#include <nlohmann/json.hpp>

#include <iosfwd>
#include <mutex>
#include <stdexcept>
#include <string>
#include <vector>

namespace CLI {
class App;
class ParseError;
} // namespace CLI

namespace locus::report {

using Json = nlohmann::ordered_json;

/// Exit codes and the error a command throws to end early: the session's (session/error.h).
using session::Error;
using session::Exit;
using session::usageError;

/// The one output path of a run of the driver. A subcommand writes
/// - its result as text to `text()` (stdout), or, under `--json`, as one JSON document through `finish()`;
/// - front-end diagnostics through `diagnostics()`, warnings through `warning()`, side notes ("wrote …")
///   through `note()`: lines on stderr, or under `--json` the document's "diagnostics", "warnings" and
///   "notes" arrays;
/// - errors by throwing Error (`usageError`) or through `error()`: `locus: error: …` on stderr, or under
///   `--json` the document {"command", "ok": false, "exit_code", "error": {"message"}}.
/// Under `--json` nothing else is printed, on stdout or stderr: `text()` then discards.
class Reporter {
public:
  Reporter(std::ostream &out, std::ostream &err);
  Reporter(const Reporter &) = delete;
  Reporter &operator=(const Reporter &) = delete;

  /// Reads the command line before it is parsed: the subcommand's name (`bench verify`), and JSON mode when
  /// an argument is exactly `--json`, so that errors in the command line itself are rendered right.
  void scan(const CLI::App &app, int argc, char **argv);
  /// Where the subcommands' `--json` flags are stored.
  bool &jsonFlag() { return json_; }
  bool json() const { return json_; }
  const std::string &command() const { return command_; }

  /// The text result (stdout); a sink that discards under `--json`.
  std::ostream &text();
  /// Front-end diagnostics (errors, warnings, notes with their locations).
  void diagnostics(const Diagnostics &diags);
  /// A warning for the user: `locus: warning: MESSAGE`.
  void warning(const std::string &message);
  /// A note that is no result, e.g. which files were written: `MESSAGE` on stderr.
  void note(const std::string &message);

  /// Ends the command with `code`. Under `--json` prints `doc` as the command's document, with "command"
  /// first, "ok" (unless `doc` has it: false for exit codes 2 and 4), "exit_code", and the diagnostics,
  /// warnings and notes kept; in text mode prints nothing more. Returns `code`.
  int finish(Json doc, int code);
  /// Ends the command with an error: `locus: error: MESSAGE` (`locus: internal error: …` for exit 4) on
  /// stderr, or under `--json` the document `doc` (what the command has to say besides) with "ok": false and
  /// "error": {"message"}. Returns `code`.
  int error(int code, const std::string &message, Json doc = Json::object());
  /// A transient progress line on stderr, rewritten in place (`\r`) by the next call and erased by
  /// `endProgress`; nothing under `--json`. The caller decides whether stderr wants one (a terminal).
  void progress(const std::string &line);
  void endProgress();
  /// From another thread, at once: a line on stderr (after erasing the progress line), e.g. that a signal
  /// arrived; nothing under `--json`.
  void notice(const std::string &line);
  /// Flushes what was written (before the process ends without unwinding, as the verify watchdog's does).
  void flush();
  /// Renders a command-line parse error of CLI11 (exit 2), or the help a `--help` asked for (exit 0).
  int parseError(const CLI::App &app, const CLI::ParseError &e);

private:
  std::ostream &out_, &err_;
  std::string command_ = "locus";
  std::string unknownCommand_; ///< the first word, when it names no subcommand (scan)
  bool json_ = false;
  bool finished_ = false;    ///< a JSON document was printed (there is only one)
  size_t progressWidth_ = 0; ///< the length of the progress line shown (0: none)
  std::mutex progressMutex_; ///< progress lines and notices come from threads of their own
  Json diagnostics_ = Json::array(), warnings_ = Json::array(), notes_ = Json::array();
};

} // namespace locus::report

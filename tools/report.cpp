// The Reporter: the driver's one output path.
#include "tools/report.h"

#include "session/render.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <cctype>
#include <ostream>
#include <sstream>
#include <vector>

namespace locus::report {

namespace {

/// A stream that discards everything (the text output under --json).
class NullBuffer : public std::streambuf {
protected:
  int overflow(int c) override { return traits_type::not_eof(c); }
  std::streamsize xsputn(const char *, std::streamsize n) override { return n; }
};

std::ostream &nullStream() {
  static NullBuffer buf;
  static std::ostream os(&buf);
  return os;
}

/// The edit distance of `a` and `b` (insertions, deletions, substitutions).
size_t editDistance(const std::string &a, const std::string &b) {
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j)
    row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diagonal = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = up;
    }
  }
  return row[b.size()];
}

/// "unknown command 'verfy'; did you mean 'verify'?" (the nearest subcommand, when one is near), else the
/// list of commands.
std::string unknownCommandMessage(const CLI::App &app, const std::string &word) {
  std::string best, all;
  size_t bestDistance = SIZE_MAX;
  for (const CLI::App *s : app.get_subcommands([](const CLI::App *) { return true; })) {
    const std::string &name = s->get_name();
    all += (all.empty() ? "" : ", ") + name;
    if (size_t d = editDistance(word, name); d < bestDistance) {
      bestDistance = d;
      best = name;
    }
  }
  if (!best.empty() && bestDistance <= std::max<size_t>(2, best.size() / 3))
    return "unknown command '" + word + "'; did you mean '" + best + "'?";
  return "unknown command '" + word + "' (commands: " + all + ")";
}

} // namespace

Reporter::Reporter(std::ostream &out, std::ostream &err) : out_(out), err_(err) {}

void Reporter::scan(const CLI::App &app, int argc, char **argv) {
  const CLI::App *at = &app;
  std::string name;
  bool descending = true;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--json")
      json_ = true;
    if (!descending || a.empty() || a[0] == '-')
      continue;
    const CLI::App *sub = nullptr;
    for (const CLI::App *s : at->get_subcommands([](const CLI::App *) { return true; }))
      if (s->get_name() == a)
        sub = s;
    if (!sub) {
      if (at == &app)
        unknownCommand_ = a; // `locus verfy x.c`: no such subcommand
      descending = false;
      continue;
    }
    name += (name.empty() ? "" : " ") + a;
    at = sub;
  }
  command_ = name.empty() ? "locus" : name;
}

std::ostream &Reporter::text() {
  return json_ ? nullStream() : out_;
}

void Reporter::diagnostics(const Diagnostics &diags) {
  if (!json_) {
    diags.print(err_);
    return;
  }
  for (Json &d : render::toJson(diags))
    diagnostics_.push_back(std::move(d));
}

void Reporter::warning(const std::string &message) {
  if (json_)
    warnings_.push_back(message);
  else
    err_ << "locus: warning: " << message << "\n";
}

void Reporter::note(const std::string &message) {
  if (json_)
    notes_.push_back(message);
  else
    err_ << message << "\n";
}

int Reporter::finish(Json doc, int code) {
  if (!json_ || finished_)
    return code;
  finished_ = true;
  Json j;
  j["command"] = command_;
  for (auto it = doc.begin(); it != doc.end(); ++it)
    if (it.key() != "command")
      j[it.key()] = it.value();
  if (!j.contains("ok"))
    j["ok"] = code != Exit::InputError && code != Exit::Internal;
  j["exit_code"] = code;
  if (!diagnostics_.empty() && !j.contains("diagnostics"))
    j["diagnostics"] = diagnostics_;
  if (!warnings_.empty())
    j["warnings"] = warnings_;
  if (!notes_.empty())
    j["notes"] = notes_;
  // Strings from files and command lines need not be UTF-8: invalid bytes become U+FFFD instead of an
  // exception from the JSON library (issue 11).
  out_ << j.dump(2, ' ', false, Json::error_handler_t::replace) << "\n";
  out_.flush();
  return code;
}

int Reporter::error(int code, const std::string &message, Json doc) {
  if (!json_) {
    err_ << "locus: " << (code == Exit::Internal ? "internal error: " : "error: ") << message << "\n";
    return code;
  }
  doc["ok"] = false;
  doc["error"] = Json{{"message", message}};
  return finish(std::move(doc), code);
}

void Reporter::progress(const std::string &line) {
  if (json_)
    return;
  std::lock_guard<std::mutex> lock(progressMutex_);
  err_ << "\r" << line;
  if (line.size() < progressWidth_)
    err_ << std::string(progressWidth_ - line.size(), ' ') << "\r" << line;
  err_.flush();
  progressWidth_ = std::max(progressWidth_, line.size());
}

void Reporter::endProgress() {
  if (json_)
    return;
  std::lock_guard<std::mutex> lock(progressMutex_);
  if (progressWidth_ == 0)
    return;
  err_ << "\r" << std::string(progressWidth_, ' ') << "\r";
  err_.flush();
  progressWidth_ = 0;
}

void Reporter::notice(const std::string &line) {
  if (json_)
    return;
  std::lock_guard<std::mutex> lock(progressMutex_);
  if (progressWidth_ != 0)
    err_ << "\r" << std::string(progressWidth_, ' ') << "\r";
  progressWidth_ = 0;
  err_ << line << "\n";
  err_.flush();
}

void Reporter::flush() {
  out_.flush();
  err_.flush();
}

int Reporter::parseError(const CLI::App &app, const CLI::ParseError &e) {
  if (e.get_exit_code() == 0) { // --help (CallForHelp, CallForAllHelp)
    std::string help =
        app.help("", dynamic_cast<const CLI::CallForAllHelp *>(&e) ? CLI::AppFormatMode::All
                                                                   : CLI::AppFormatMode::Normal);
    if (!json_)
      out_ << help;
    return finish(Json{{"help", help}}, Exit::Ok);
  }
  // CLI11's sentences start upper-case and some end in a period; ours do neither.
  std::string msg = e.what();
  if (command_ == "locus" && !unknownCommand_.empty()) // CLI11 says "a subcommand is required"
    msg = unknownCommandMessage(app, unknownCommand_);
  size_t word = msg.find(' ');
  bool acronym = word != std::string::npos && word > 1 &&
                 std::all_of(msg.begin(), msg.begin() + static_cast<long>(word),
                             [](unsigned char ch) { return !std::islower(ch); });
  if (!msg.empty() && !acronym)
    msg[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(msg[0])));
  while (!msg.empty() && (msg.back() == '.' || msg.back() == '\n'))
    msg.pop_back();
  int code = error(Exit::InputError, msg);
  if (!json_)
    err_ << "run '" << (command_ == "locus" ? "locus" : "locus " + command_) << " --help' for the options\n";
  return code;
}

} // namespace locus::report

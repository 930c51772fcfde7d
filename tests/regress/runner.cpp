// locus-regress: runs one file-based regression test (RUN/EXIT/CHECK and expected-diagnostic directives).
//
// Usage: locus-regress --locus PATH [--source-dir DIR] [--solver NAME] [--timeout SECONDS] [--verbose]
//                      [--keep-temps] FILE
// The directive format is documented in tests/README.md. Exit status: 0 all runs passed, 1 some run
// failed, 2 usage error or malformed test file.

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <optional>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

struct Options {
  std::string locus;
  std::string sourceDir;
  std::string file;
  std::string solver; ///< --solver: run only this backend of a `// SOLVERS:` file
  int timeoutSeconds = 120;
  bool verbose = false;
  bool keepTemps = false;
};

enum class CheckKind { Plain, Next, Same, Not, Label, Empty };

struct Check {
  CheckKind kind = CheckKind::Plain;
  std::string text; ///< the pattern as written (literal text with {{regex}} parts)
  std::regex re;    ///< the compiled pattern (CHECK-EMPTY: unused)
  int line = 0;     ///< line of the directive in the test file
};

struct RunSpec {
  std::string command;
  int line = 0;
  std::optional<int> exitCode;
  std::vector<Check> checks;
};

struct ExpectedDiag {
  std::string severity; ///< error, warning, note
  int line = 0;         ///< line the diagnostic must be reported at
  std::string text;     ///< substring of the message
  int directiveLine = 0;
  bool matched = false;
};

struct Chunk {
  int index = 0;
  int firstLine = 1; ///< 1-based, inclusive
  int lastLine = 0;
  std::string path; ///< what %s expands to
  std::vector<ExpectedDiag> expected;
};

struct ActualDiag {
  std::string file;
  int line = 0;
  std::string severity;
  std::string message;
  std::string text; ///< the whole output line
};

/// A backend a `// SOLVERS:` file runs with: the name written there and what %solver expands to.
struct Backend {
  std::string name;
  std::string spec;
};

/// The names `// SOLVERS:` accepts and the `--solver` value of each.
const std::vector<Backend> &knownBackends() {
  static const std::vector<Backend> all{{"z3", "z3"}, {"cvc5", "cvc5"}, {"smtlib", "smtlib:z3 -in"}};
  return all;
}

struct TestFile {
  std::vector<std::string> lines;
  std::vector<RunSpec> runs;
  std::vector<Chunk> chunks;
  std::vector<Backend> solvers; ///< from `// SOLVERS:`; empty: the file runs once
};

std::string trim(const std::string &s) {
  size_t b = s.find_first_not_of(" \t\r\n");
  if (b == std::string::npos)
    return "";
  size_t e = s.find_last_not_of(" \t\r\n");
  return s.substr(b, e - b + 1);
}

bool startsWith(const std::string &s, const std::string &p) {
  return s.compare(0, p.size(), p) == 0;
}

std::vector<std::string> splitLines(const std::string &text) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : text) {
    if (c == '\n') {
      out.push_back(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  if (!cur.empty())
    out.push_back(cur);
  return out;
}

std::string shellQuote(const std::string &s) {
  std::string out = "'";
  for (char c : s) {
    if (c == '\'')
      out += "'\\''";
    else
      out += c;
  }
  return out + "'";
}

/// The comment text of a line that is only a `//` comment, or nullopt.
std::optional<std::string> commentBody(const std::string &line) {
  std::string t = trim(line);
  if (!startsWith(t, "//"))
    return std::nullopt;
  return trim(t.substr(2));
}

bool isSeparator(const std::string &line) {
  return trim(line) == "// -----";
}

/// Compiles a CHECK pattern: literal text in which `{{…}}` parts are ECMAScript regular expressions.
/// Returns an error message, or nullopt.
std::optional<std::string> compilePattern(const std::string &text, std::regex &re) {
  std::string src;
  size_t i = 0;
  while (i < text.size()) {
    if (text.compare(i, 2, "{{") == 0) {
      size_t close = text.find("}}", i + 2);
      if (close == std::string::npos)
        return "'{{' without a closing '}}'";
      if (close == i + 2)
        return "empty '{{}}'";
      src += "(?:" + text.substr(i + 2, close - i - 2) + ")";
      i = close + 2;
      continue;
    }
    if (std::strchr("\\^$.|?*+()[]{}/", text[i]))
      src += '\\';
    src += text[i++];
  }
  try {
    re = std::regex(src, std::regex::ECMAScript);
  } catch (const std::regex_error &e) {
    return std::string("bad regular expression: ") + e.what();
  }
  return std::nullopt;
}

/// Parses RUN/EXIT/CHECK directives and the chunk structure. Errors go to `err`; returns false on any.
bool parseDirectives(TestFile &tf, const std::string &displayName, std::ostream &err) {
  bool ok = true;
  auto bad = [&](int line, const std::string &msg) {
    err << displayName << ":" << line << ": error: " << msg << "\n";
    ok = false;
  };
  static const std::vector<std::pair<std::string, CheckKind>> checkNames{
      {"CHECK:", CheckKind::Plain},   {"CHECK-NEXT:", CheckKind::Next},   {"CHECK-SAME:", CheckKind::Same},
      {"CHECK-NOT:", CheckKind::Not}, {"CHECK-LABEL:", CheckKind::Label}, {"CHECK-EMPTY:", CheckKind::Empty},
  };
  bool solversSeen = false;
  for (size_t i = 0; i < tf.lines.size(); ++i) {
    int lineNo = static_cast<int>(i) + 1;
    std::optional<std::string> body = commentBody(tf.lines[i]);
    if (!body)
      continue;
    const std::string &b = *body;
    if (startsWith(b, "RUN:")) {
      RunSpec r;
      r.command = trim(b.substr(4));
      r.line = lineNo;
      if (r.command.empty())
        bad(lineNo, "empty RUN line");
      tf.runs.push_back(std::move(r));
      continue;
    }
    if (startsWith(b, "SOLVERS:")) {
      if (solversSeen)
        bad(lineNo, "second SOLVERS line");
      solversSeen = true;
      std::istringstream words(b.substr(8));
      std::string w;
      while (words >> w) {
        auto known = std::find_if(knownBackends().begin(), knownBackends().end(),
                                  [&](const Backend &k) { return k.name == w; });
        if (known == knownBackends().end())
          bad(lineNo, "unknown solver '" + w + "' in SOLVERS (z3, cvc5, smtlib)");
        else if (std::none_of(tf.solvers.begin(), tf.solvers.end(),
                              [&](const Backend &k) { return k.name == w; }))
          tf.solvers.push_back(*known);
      }
      if (tf.solvers.empty())
        bad(lineNo, "SOLVERS names no solver");
      continue;
    }
    bool isExit = startsWith(b, "EXIT:");
    bool isCheck = startsWith(b, "CHECK");
    if (!isExit && !isCheck)
      continue;
    if (isCheck && b.find(':') == std::string::npos)
      continue; // prose that happens to start with "CHECK"
    if (tf.runs.empty()) {
      bad(lineNo, "directive before the first RUN line");
      continue;
    }
    RunSpec &r = tf.runs.back();
    if (isExit) {
      std::string v = trim(b.substr(5));
      char *end = nullptr;
      long code = std::strtol(v.c_str(), &end, 10);
      if (v.empty() || *end != '\0' || code < 0 || code > 255)
        bad(lineNo, "EXIT needs an exit code 0..255, got '" + v + "'");
      else if (r.exitCode)
        bad(lineNo, "second EXIT for the same RUN");
      else
        r.exitCode = static_cast<int>(code);
      continue;
    }
    auto named = std::find_if(checkNames.begin(), checkNames.end(),
                              [&](const auto &n) { return startsWith(b, n.first); });
    if (named == checkNames.end()) {
      bad(lineNo, "unknown directive '" + b.substr(0, b.find(':') + 1) +
                      "' (CHECK:, CHECK-NEXT:, CHECK-SAME:, CHECK-NOT:, CHECK-LABEL:, CHECK-EMPTY:)");
      continue;
    }
    Check c;
    c.kind = named->second;
    c.line = lineNo;
    c.text = trim(b.substr(named->first.size()));
    if (c.kind == CheckKind::Empty) {
      if (!c.text.empty())
        bad(lineNo, "CHECK-EMPTY takes no pattern");
    } else if (c.text.empty()) {
      bad(lineNo, "empty " + named->first.substr(0, named->first.size() - 1) + " pattern");
    } else if (std::optional<std::string> e = compilePattern(c.text, c.re)) {
      bad(lineNo, *e);
    }
    bool follows = c.kind == CheckKind::Next || c.kind == CheckKind::Same || c.kind == CheckKind::Empty;
    if (follows && std::none_of(r.checks.begin(), r.checks.end(),
                                [](const Check &p) { return p.kind != CheckKind::Not; }))
      bad(lineNo, named->first.substr(0, named->first.size() - 1) + " without a preceding CHECK");
    r.checks.push_back(std::move(c));
  }
  if (tf.runs.empty())
    bad(1, "no RUN line (helper files belong in an Inputs/ folder)");
  bool usesSolver = std::any_of(tf.runs.begin(), tf.runs.end(), [](const RunSpec &r) {
    return r.command.find("%solver") != std::string::npos;
  });
  if (usesSolver && tf.solvers.empty())
    bad(1, "%solver used without a SOLVERS line");
  if (!usesSolver && !tf.solvers.empty())
    bad(1, "a SOLVERS line, but no RUN line uses %solver");

  // Cases separated by `// -----`, each with the expected-* directives written inside it.
  int start = 1;
  for (size_t i = 0; i <= tf.lines.size(); ++i) {
    int lineNo = static_cast<int>(i) + 1;
    if (i == tf.lines.size() || isSeparator(tf.lines[i])) {
      Chunk c;
      c.index = static_cast<int>(tf.chunks.size());
      c.firstLine = start;
      c.lastLine = lineNo - 1;
      tf.chunks.push_back(std::move(c));
      start = lineNo + 1;
    }
  }
  static const std::regex diagRe(R"(expected-(error|warning|note)(@([+-]?)([0-9]+))?\s*\{\{(.*?)\}\})");
  size_t chunk = 0;
  for (size_t i = 0; i < tf.lines.size(); ++i) {
    int lineNo = static_cast<int>(i) + 1;
    while (lineNo > tf.chunks[chunk].lastLine)
      ++chunk;
    const std::string &line = tf.lines[i];
    for (std::sregex_iterator it(line.begin(), line.end(), diagRe), end; it != end; ++it) {
      const std::smatch &m = *it;
      ExpectedDiag d;
      d.severity = m[1].str();
      d.directiveLine = lineNo;
      d.text = m[5].str();
      if (!m[2].matched) {
        d.line = lineNo;
      } else {
        int n = std::stoi(m[4].str());
        std::string sign = m[3].str();
        d.line = sign == "+" ? lineNo + n : sign == "-" ? lineNo - n : n;
      }
      if (d.text.empty())
        bad(lineNo, "empty {{}} in expected-" + d.severity);
      tf.chunks[chunk].expected.push_back(std::move(d));
    }
  }
  // The last case may also expect a diagnostic at the end of the file (the line after the last one).
  for (const Chunk &c : tf.chunks)
    for (const ExpectedDiag &d : c.expected)
      if (d.line < c.firstLine ||
          d.line > c.lastLine + (c.index + 1 == static_cast<int>(tf.chunks.size()) ? 1 : 0))
        bad(d.directiveLine, "expected-" + d.severity + " refers to line " + std::to_string(d.line) +
                                 ", outside its case (lines " + std::to_string(c.firstLine) + "-" +
                                 std::to_string(c.lastLine) + ")");
  return ok;
}

struct ProcResult {
  int exitCode = -1;
  std::string output;
  bool timedOut = false;
  std::string how; ///< "exit 1", "killed by signal 11", …
};

/// Runs `cmd` with /bin/sh in `dir`, stdout and stderr merged, killing the process group on timeout.
ProcResult runShell(const std::string &cmd, const std::string &dir, int timeoutSeconds) {
  ProcResult r;
  int fds[2];
  if (pipe(fds) != 0) {
    r.how = std::string("pipe: ") + std::strerror(errno);
    return r;
  }
  pid_t pid = fork();
  if (pid < 0) {
    r.how = std::string("fork: ") + std::strerror(errno);
    close(fds[0]);
    close(fds[1]);
    return r;
  }
  if (pid == 0) {
    setpgid(0, 0);
    dup2(fds[1], 1);
    dup2(fds[1], 2);
    close(fds[0]);
    close(fds[1]);
    int devnull = open("/dev/null", O_RDONLY);
    if (devnull >= 0)
      dup2(devnull, 0);
    if (!dir.empty() && chdir(dir.c_str()) != 0)
      _exit(127);
    execl("/bin/sh", "sh", "-c", cmd.c_str(), static_cast<char *>(nullptr));
    _exit(127);
  }
  setpgid(pid, pid);
  close(fds[1]);
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(timeoutSeconds);
  char buf[65536];
  const size_t cap = 16u << 20;
  for (;;) {
    auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) {
      r.timedOut = true;
      kill(-pid, SIGKILL);
      break;
    }
    pollfd p{fds[0], POLLIN, 0};
    int n = poll(&p, 1, static_cast<int>(std::min<long long>(left.count(), 1000)));
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      continue;
    ssize_t got = read(fds[0], buf, sizeof buf);
    if (got < 0 && errno == EINTR)
      continue;
    if (got <= 0)
      break;
    if (r.output.size() < cap)
      r.output.append(buf, static_cast<size_t>(got));
  }
  close(fds[0]);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (r.timedOut) {
    r.how = "timed out after " + std::to_string(timeoutSeconds) + " s";
  } else if (WIFEXITED(status)) {
    r.exitCode = WEXITSTATUS(status);
    r.how = "exit " + std::to_string(r.exitCode);
  } else if (WIFSIGNALED(status)) {
    r.exitCode = 128 + WTERMSIG(status);
    r.how = "killed by signal " + std::to_string(WTERMSIG(status));
  }
  return r;
}

/// What the substitutions of a RUN line expand to.
struct Substitutions {
  std::string file;    ///< %s (%S is its directory)
  std::string tempDir; ///< %t
  std::string solver;  ///< %solver
  std::string locus;   ///< the binary under test, for the word `locus` where a command starts
};

/// Expands %s, %S, %t, %solver, %% and the leading / piped `locus` word.
std::string expandCommand(const std::string &cmd, const Substitutions &sub) {
  std::string out;
  for (size_t i = 0; i < cmd.size(); ++i) {
    if (cmd[i] == '%' && i + 1 < cmd.size()) {
      if (cmd.compare(i + 1, 6, "solver") == 0) {
        out += shellQuote(sub.solver);
        i += 6;
        continue;
      }
      char c = cmd[i + 1];
      if (c == 's' || c == 'S' || c == 't') {
        out += shellQuote(c == 's'   ? sub.file
                          : c == 'S' ? fs::path(sub.file).parent_path().string()
                                     : sub.tempDir);
        ++i;
        continue;
      }
      if (c == '%') {
        out += '%';
        ++i;
        continue;
      }
    }
    out += cmd[i];
  }
  // Replace the word `locus` where a command starts: at the beginning and after | ; && ||.
  std::string result;
  size_t i = 0;
  bool atCommandStart = true;
  while (i < out.size()) {
    if (atCommandStart) {
      size_t j = out.find_first_not_of(" \t", i);
      if (j == std::string::npos) {
        result += out.substr(i);
        break;
      }
      result += out.substr(i, j - i);
      i = j;
      if (out.compare(i, 5, "locus") == 0 &&
          (i + 5 == out.size() || out[i + 5] == ' ' || out[i + 5] == '\t')) {
        result += shellQuote(sub.locus);
        i += 5;
      }
      atCommandStart = false;
      continue;
    }
    char c = out[i];
    if (c == '\'') { // skip quoted text
      size_t e = out.find('\'', i + 1);
      if (e == std::string::npos)
        e = out.size() - 1;
      result += out.substr(i, e - i + 1);
      i = e + 1;
      continue;
    }
    result += c;
    if (c == '|' || c == ';' || c == '&')
      atCommandStart = true;
    ++i;
  }
  return result;
}

std::vector<ActualDiag> parseDiagnostics(const std::string &output) {
  static const std::regex re(R"(^(.+?):([0-9]+):([0-9]+): (error|warning|note): (.*)$)");
  std::vector<ActualDiag> out;
  for (const std::string &line : splitLines(output)) {
    std::smatch m;
    std::string l = line;
    if (!l.empty() && l.back() == '\r')
      l.pop_back();
    if (!std::regex_match(l, m, re))
      continue;
    ActualDiag d;
    d.file = m[1].str();
    d.line = std::stoi(m[2].str());
    d.severity = m[4].str();
    d.message = m[5].str();
    d.text = l;
    out.push_back(std::move(d));
  }
  return out;
}

bool sameFile(const std::string &reported, const std::string &caseFile) {
  if (reported == caseFile)
    return true;
  std::error_code ec;
  if (fs::exists(reported, ec) && fs::equivalent(reported, caseFile, ec))
    return true;
  std::string base = fs::path(caseFile).filename().string();
  return reported == base || (reported.size() > base.size() && reported.ends_with("/" + base));
}

/// A match of a pattern in the output: [begin, end) offsets, never across a line end.
struct Match {
  size_t begin = 0, end = 0;
};

/// The output of a run, split into lines (a final newline does not start another line).
class Output {
public:
  explicit Output(const std::string &text) : text_(text) {
    if (text.empty())
      return;
    starts_.push_back(0);
    for (size_t i = 0; i + 1 < text.size(); ++i)
      if (text[i] == '\n')
        starts_.push_back(i + 1);
  }
  size_t lines() const { return starts_.size(); }
  size_t start(size_t line) const { return starts_[line]; }
  /// Offset of the line's newline (or the end of the text).
  size_t end(size_t line) const {
    size_t nl = text_.find('\n', starts_[line]);
    return nl == std::string::npos ? text_.size() : nl;
  }
  /// The line an offset is on (an offset at a newline belongs to the line it ends).
  size_t lineOf(size_t off) const {
    auto it = std::upper_bound(starts_.begin(), starts_.end(), off);
    return it == starts_.begin() ? 0 : static_cast<size_t>(it - starts_.begin()) - 1;
  }
  /// 1-based line number of an offset, for messages.
  size_t lineNumber(size_t off) const { return lines() ? lineOf(off) + 1 : 0; }

  /// The leftmost match of `re` that lies within [from, to).
  std::optional<Match> find(const std::regex &re, size_t from, size_t to) const {
    for (size_t l = lines() ? lineOf(from) : 0; l < lines(); ++l) {
      size_t ls = start(l), le = end(l);
      if (ls > to)
        break;
      size_t b = std::max(ls, from), e = std::min(le, to);
      if (b <= e)
        if (std::optional<Match> m = searchLine(re, l, b, e, false))
          return m;
      if (le >= to)
        break;
    }
    return std::nullopt;
  }

  /// An occurrence of `re` that overlaps [from, to) and lies inside neither `prev` nor `next` (the matches
  /// around a CHECK-NOT), or nullopt.
  std::optional<Match> findForbidden(const std::regex &re, size_t from, size_t to, std::optional<Match> prev,
                                     std::optional<Match> next) const {
    auto inside = [](const Match &m, const std::optional<Match> &around) {
      return around && m.begin >= around->begin && m.end <= around->end;
    };
    for (size_t l = lines() ? lineOf(from) : 0; l < lines(); ++l) {
      size_t ls = start(l), le = end(l);
      if (ls > to || (ls == to && to > from))
        break;
      if (!std::regex_search(text_.begin() + static_cast<long>(ls), text_.begin() + static_cast<long>(le),
                             re))
        continue;
      for (size_t s = ls; s <= le; ++s) { // every occurrence, overlapping ones too
        std::optional<Match> m = searchLine(re, l, s, le, true);
        if (!m)
          continue;
        bool overlaps = m->begin < to && (m->end > from || (m->begin == m->end && m->begin >= from));
        if (overlaps && !inside(*m, prev) && !inside(*m, next))
          return m;
      }
    }
    return std::nullopt;
  }

private:
  /// A match of `re` in [b, e) of line `l` (beginning exactly at b if `anchored`).
  std::optional<Match> searchLine(const std::regex &re, size_t l, size_t b, size_t e, bool anchored) const {
    auto flags = std::regex_constants::match_default;
    if (b > start(l))
      flags |= std::regex_constants::match_prev_avail; // `^` and `\b` see the text before b
    if (e < end(l))
      flags |= std::regex_constants::match_not_eol;
    if (anchored)
      flags |= std::regex_constants::match_continuous;
    std::smatch m;
    auto first = text_.begin() + static_cast<long>(b);
    if (!std::regex_search(first, text_.begin() + static_cast<long>(e), m, re, flags))
      return std::nullopt;
    size_t mb = static_cast<size_t>(m[0].first - text_.begin());
    return Match{mb, mb + static_cast<size_t>(m[0].length())};
  }

  const std::string &text_;
  std::vector<size_t> starts_;
};

const char *checkName(CheckKind k) {
  switch (k) {
  case CheckKind::Plain: return "CHECK";
  case CheckKind::Next: return "CHECK-NEXT";
  case CheckKind::Same: return "CHECK-SAME";
  case CheckKind::Not: return "CHECK-NOT";
  case CheckKind::Label: return "CHECK-LABEL";
  case CheckKind::Empty: return "CHECK-EMPTY";
  }
  return "CHECK";
}

/// Applies the checks of one CHECK-LABEL block (or the part before the first label) to the output range
/// [blockBegin, blockEnd); `label` is the label's match. Appends failure descriptions to `why`.
void applyBlock(const std::vector<const Check *> &checks, const Output &out, size_t blockBegin,
                size_t blockEnd, std::optional<Match> label, const std::string &testName,
                std::vector<std::string> &why) {
  std::optional<Match> prev = label;
  size_t pos = label ? label->end : blockBegin;
  std::vector<const Check *> pendingNot;
  auto where = [&](const Check &c) { return testName + ":" + std::to_string(c.line) + ": "; };
  auto flushNots = [&](std::optional<Match> next) {
    for (const Check *n : pendingNot) {
      size_t from = prev ? prev->begin : blockBegin, to = next ? next->end : blockEnd;
      if (std::optional<Match> f = out.findForbidden(n->re, from, to, prev, next))
        why.push_back(where(*n) + "CHECK-NOT: '" + n->text + "' found at output line " +
                      std::to_string(out.lineNumber(f->begin)) +
                      (prev || next ? " (between the matches around it)" : ""));
    }
    pendingNot.clear();
  };
  for (const Check *c : checks) {
    if (c->kind == CheckKind::Not) {
      pendingNot.push_back(c);
      continue;
    }
    std::optional<Match> found;
    std::string miss;
    size_t line = out.lines() ? out.lineOf(prev ? prev->end : pos) : 0;
    switch (c->kind) {
    case CheckKind::Plain:
      found = out.find(c->re, pos, blockEnd);
      miss = "not found " + (pos == 0 ? std::string("in the output")
                                      : "after output line " + std::to_string(out.lineNumber(pos)));
      break;
    case CheckKind::Same:
      if (out.lines())
        found = out.find(c->re, pos, std::min(out.end(line), blockEnd));
      miss = "not on output line " + std::to_string(line + 1) + " after the previous match";
      break;
    case CheckKind::Next:
      if (line + 1 < out.lines() && out.start(line + 1) <= blockEnd)
        found = out.find(c->re, out.start(line + 1), std::min(out.end(line + 1), blockEnd));
      miss = "not on output line " + std::to_string(line + 2) + " (the line after the previous match)";
      break;
    case CheckKind::Empty:
      if (line + 1 < out.lines() && out.start(line + 1) == out.end(line + 1) &&
          out.start(line + 1) <= blockEnd)
        found = Match{out.start(line + 1), out.start(line + 1)};
      miss = "output line " + std::to_string(line + 2) + " (the line after the previous match) is " +
             (line + 1 < out.lines() ? "not empty" : "missing");
      break;
    case CheckKind::Not:
    case CheckKind::Label: break;
    }
    if (!found) {
      why.push_back(where(*c) + checkName(c->kind) + ": " + (c->text.empty() ? "" : "'" + c->text + "' ") +
                    miss);
      return; // later checks of this block would only report follow-on noise
    }
    flushNots(found);
    prev = found;
    pos = found->end;
  }
  flushNots(std::nullopt);
}

/// Applies a run's checks to its output: labels first, then each block between them.
void applyChecks(const std::vector<Check> &checks, const std::string &text, const std::string &testName,
                 std::vector<std::string> &why) {
  Output out(text);
  std::vector<std::vector<const Check *>> blocks(1); // blocks[0]: before the first label
  std::vector<const Check *> labels{nullptr};
  for (const Check &c : checks) {
    if (c.kind == CheckKind::Label) {
      blocks.emplace_back();
      labels.push_back(&c);
    } else {
      blocks.back().push_back(&c);
    }
  }
  std::vector<std::optional<Match>> at(labels.size());
  size_t from = 0;
  for (size_t k = 1; k < labels.size(); ++k) {
    at[k] = out.find(labels[k]->re, from, text.size());
    if (!at[k])
      why.push_back(
          testName + ":" + std::to_string(labels[k]->line) + ": CHECK-LABEL: '" + labels[k]->text +
          "' not found" +
          (from == 0 ? " in the output" : " after output line " + std::to_string(out.lineNumber(from))));
    else
      from = at[k]->end;
  }
  for (size_t k = 0; k < blocks.size(); ++k) {
    if (k > 0 && !at[k])
      continue; // reported above
    size_t begin = k == 0 ? 0 : at[k]->begin, end = text.size();
    for (size_t n = k + 1; n < at.size(); ++n)
      if (at[n]) {
        end = at[n]->begin;
        break;
      }
    applyBlock(blocks[k], out, begin, end, k == 0 ? std::nullopt : at[k], testName, why);
  }
}

/// Compares the diagnostics in `out` with the chunk's expected-* directives.
void verifyDiagnostics(Chunk &chunk, const std::string &out, const std::string &testName,
                       std::vector<std::string> &why) {
  bool checkNotes = false;
  for (const ExpectedDiag &d : chunk.expected)
    checkNotes |= d.severity == "note";
  for (ExpectedDiag &d : chunk.expected)
    d.matched = false;
  for (const ActualDiag &a : parseDiagnostics(out)) {
    if (a.severity == "note" && !checkNotes)
      continue;
    bool inFile = sameFile(a.file, chunk.path);
    bool matched = false;
    if (inFile) {
      for (ExpectedDiag &d : chunk.expected) {
        if (!d.matched && d.severity == a.severity && d.line == a.line &&
            a.message.find(d.text) != std::string::npos) {
          d.matched = matched = true;
          break;
        }
      }
    }
    if (!matched)
      why.push_back("unexpected " + a.severity + ": " + a.text);
  }
  for (const ExpectedDiag &d : chunk.expected)
    if (!d.matched)
      why.push_back(testName + ":" + std::to_string(d.directiveLine) + ": expected " + d.severity +
                    " at line " + std::to_string(d.line) + " {{" + d.text + "}} was not reported");
}

/// True if the command's first word after `locus` is `check` (diagnostics mode).
bool isCheckCommand(const std::string &cmd) {
  std::istringstream is(cmd);
  std::string w0, w1;
  is >> w0 >> w1;
  return w0 == "locus" && w1 == "check";
}

void printIndented(std::ostream &os, const std::string &text) {
  for (const std::string &l : splitLines(text))
    os << "  | " << l << "\n";
}

int usage(const char *msg) {
  std::cerr << "locus-regress: " << msg << "\n"
            << "usage: locus-regress --locus PATH [--source-dir DIR] [--solver NAME] [--timeout SECONDS] "
               "[--verbose] [--keep-temps] FILE\n";
  return 2;
}

/// Makes a fresh directory under the system's temporary directory; empty on failure.
fs::path makeTempDir() {
  std::string templ = (fs::temp_directory_path() / "locus-regress-XXXXXX").string();
  std::vector<char> buf(templ.begin(), templ.end());
  buf.push_back('\0');
  if (!mkdtemp(buf.data()))
    return {};
  return buf.data();
}

} // namespace

int main(int argc, char **argv) {
  Options opt;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto value = [&](const char *name) -> std::optional<std::string> {
      if (i + 1 >= argc) {
        std::cerr << "locus-regress: " << name << " needs a value\n";
        return std::nullopt;
      }
      return std::string(argv[++i]);
    };
    std::string *target = a == "--locus"        ? &opt.locus
                          : a == "--source-dir" ? &opt.sourceDir
                          : a == "--solver"     ? &opt.solver
                                                : nullptr;
    if (target) {
      auto v = value(a.c_str());
      if (!v)
        return 2;
      *target = *v;
    } else if (a == "--timeout") {
      auto v = value("--timeout");
      if (!v)
        return 2;
      opt.timeoutSeconds = std::atoi(v->c_str());
      if (opt.timeoutSeconds <= 0)
        return usage("--timeout needs a positive number of seconds");
    } else if (a == "-v" || a == "--verbose") {
      opt.verbose = true;
    } else if (a == "--keep-temps") {
      opt.keepTemps = true;
    } else if (a == "-h" || a == "--help") {
      usage("runs one regression test file (see tests/README.md)");
      return 0;
    } else if (!a.empty() && a[0] == '-') {
      return usage(("unknown option " + a).c_str());
    } else if (opt.file.empty()) {
      opt.file = a;
    } else {
      return usage("exactly one test file expected");
    }
  }
  if (opt.file.empty())
    return usage("no test file given");
  if (opt.locus.empty())
    return usage("--locus is required");

  std::error_code ec;
  fs::path file = fs::absolute(opt.file, ec);
  fs::path locus = fs::absolute(opt.locus, ec);
  std::string displayName = opt.file;
  if (!opt.sourceDir.empty()) {
    fs::path rel = fs::relative(file, fs::absolute(opt.sourceDir), ec);
    if (!ec && !rel.empty() && !startsWith(rel.string(), ".."))
      displayName = rel.string();
  }

  std::ifstream in(file, std::ios::binary);
  if (!in) {
    std::cerr << displayName << ": error: cannot read the test file\n";
    return 2;
  }
  std::stringstream ss;
  ss << in.rdbuf();
  TestFile tf;
  tf.lines = splitLines(ss.str());
  if (!parseDirectives(tf, displayName, std::cerr))
    return 2;

  // The backends to run with: every one the SOLVERS line names, or the one --solver picks.
  std::vector<Backend> passes = tf.solvers.empty() ? std::vector<Backend>{Backend{}} : tf.solvers;
  if (!opt.solver.empty()) {
    auto it =
        std::find_if(passes.begin(), passes.end(), [&](const Backend &b) { return b.name == opt.solver; });
    if (tf.solvers.empty() || it == passes.end()) {
      std::cerr << displayName << ": error: --solver " << opt.solver
                << ": the file's SOLVERS line does not name it\n";
      return 2;
    }
    passes = {*it};
  }

  if (!opt.sourceDir.empty()) {
    fs::path stdlib = fs::absolute(opt.sourceDir) / "stdlib";
    if (!std::getenv("LOCUS_STDLIB") && fs::is_directory(stdlib, ec))
      setenv("LOCUS_STDLIB", stdlib.c_str(), 1);
  }
  std::string workDir =
      (opt.sourceDir.empty() ? fs::current_path() : fs::absolute(opt.sourceDir)).lexically_normal().string();
  if (workDir.size() > 1 && workDir.back() == '/')
    workDir.pop_back();

  // One temporary directory per test: the case files (several cases each go to their own file with the other
  // cases blanked, so lines stay put) and each pass's %t.
  fs::path tmpDir = makeTempDir();
  if (tmpDir.empty()) {
    std::cerr << "locus-regress: cannot create a temporary directory: " << std::strerror(errno) << "\n";
    return 2;
  }
  if (tf.chunks.size() > 1) {
    for (Chunk &c : tf.chunks) {
      fs::path dir = tmpDir / ("case" + std::to_string(c.index + 1));
      fs::create_directories(dir, ec);
      fs::path p = dir / file.filename();
      std::ofstream out(p, std::ios::binary);
      for (int l = 1; l <= static_cast<int>(tf.lines.size()); ++l)
        out << (l >= c.firstLine && l <= c.lastLine ? tf.lines[l - 1] : "") << "\n";
      c.path = p.string();
    }
  } else {
    tf.chunks[0].path = file.string();
  }

  int failures = 0, total = 0;
  std::vector<std::pair<std::string, std::pair<int, int>>> perSolver; // name → (passed, total)
  for (const Backend &backend : passes) {
    Substitutions sub;
    sub.locus = locus.string();
    sub.solver = backend.spec;
    fs::path t = tmpDir / (backend.name.empty() ? "t" : "t-" + backend.name);
    fs::create_directories(t, ec);
    sub.tempDir = t.string();
    int passFailures = 0, passTotal = 0;
    for (const RunSpec &run : tf.runs) {
      bool checkMode = isCheckCommand(run.command);
      for (Chunk &chunk : tf.chunks) {
        ++passTotal;
        sub.file = chunk.path;
        std::string cmd = expandCommand(run.command, sub);
        ProcResult res = runShell(cmd, workDir, opt.timeoutSeconds);
        std::vector<std::string> why;
        bool expectErrors = false;
        for (const ExpectedDiag &d : chunk.expected)
          expectErrors |= d.severity == "error";
        int wantExit = run.exitCode ? *run.exitCode : (checkMode && expectErrors ? 2 : 0);
        if (res.timedOut || res.exitCode != wantExit)
          why.push_back("exit status: expected " + std::to_string(wantExit) + ", got " + res.how);
        applyChecks(run.checks, res.output, displayName, why);
        if (checkMode)
          verifyDiagnostics(chunk, res.output, displayName, why);

        std::string label = displayName + ":" + std::to_string(run.line) + " RUN: " + run.command;
        if (!backend.name.empty())
          label += "  [" + backend.name + "]";
        if (tf.chunks.size() > 1)
          label += "  [case " + std::to_string(chunk.index + 1) + " of " + std::to_string(tf.chunks.size()) +
                   ", lines " + std::to_string(chunk.firstLine) + "-" + std::to_string(chunk.lastLine) + "]";
        if (why.empty()) {
          std::cout << "PASS " << label << "\n";
          if (opt.verbose)
            printIndented(std::cout, res.output);
          continue;
        }
        ++passFailures;
        std::cout << "FAIL " << label << "\n";
        std::cout << "  command: cd " << shellQuote(workDir) << " && " << cmd << "\n";
        std::cout << "  result:  " << res.how << "\n";
        for (const std::string &w : why)
          std::cout << "  " << w << "\n";
        if (!run.checks.empty()) {
          std::cout << "  expected (in order):\n";
          for (const Check &c : run.checks)
            std::cout << "    " << checkName(c.kind) << ":" << (c.text.empty() ? "" : " " + c.text) << "\n";
        }
        if (checkMode && !chunk.expected.empty()) {
          std::cout << "  expected diagnostics:\n";
          for (const ExpectedDiag &d : chunk.expected)
            std::cout << "    line " << d.line << ": " << d.severity << ": {{" << d.text << "}}\n";
        }
        std::cout << "  actual output:\n";
        printIndented(std::cout, res.output);
      }
    }
    failures += passFailures;
    total += passTotal;
    if (!backend.name.empty())
      perSolver.push_back({backend.name, {passTotal - passFailures, passTotal}});
  }
  if (opt.keepTemps)
    std::cout << "(temporary files kept in " << tmpDir.string() << ")\n";
  else
    fs::remove_all(tmpDir, ec);
  if (failures && !opt.keepTemps)
    std::cout << "(rerun with --keep-temps to keep the temporary files)\n";
  std::cout << (failures ? "FAILED " : "OK ") << displayName << ": " << (total - failures) << "/" << total
            << " runs passed";
  for (size_t k = 0; k < perSolver.size(); ++k)
    std::cout << (k ? ", " : " (") << perSolver[k].first << " " << perSolver[k].second.first << "/"
              << perSolver[k].second.second << (k + 1 == perSolver.size() ? ")" : "");
  std::cout << "\n";
  return failures ? 1 : 0;
}

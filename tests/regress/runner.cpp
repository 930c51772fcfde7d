// locus-regress: runs one file-based regression test (RUN/EXIT/CHECK and expected-diagnostic directives).
//
// Usage: locus-regress --locus PATH [--source-dir DIR] [--timeout SECONDS] [--verbose] [--keep-temps] FILE
// The directive format is documented in tests/README.md. Exit status: 0 all runs passed, 1 some run
// failed, 2 usage error or malformed test file.

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
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
  int timeoutSeconds = 120;
  bool verbose = false;
  bool keepTemps = false;
};

enum class CheckKind { Plain, Next, Same, Not };

struct Check {
  CheckKind kind = CheckKind::Plain;
  std::string text;
  int line = 0; ///< line of the directive in the test file
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

struct TestFile {
  std::vector<std::string> lines;
  std::vector<RunSpec> runs;
  std::vector<Chunk> chunks;
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

/// Parses RUN/EXIT/CHECK directives and the chunk structure. Errors go to `err`; returns false on any.
bool parseDirectives(TestFile &tf, const std::string &displayName, std::ostream &err) {
  bool ok = true;
  auto bad = [&](int line, const std::string &msg) {
    err << displayName << ":" << line << ": error: " << msg << "\n";
    ok = false;
  };
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
    Check c;
    c.line = lineNo;
    std::string rest;
    if (startsWith(b, "CHECK:")) {
      c.kind = CheckKind::Plain;
      rest = b.substr(6);
    } else if (startsWith(b, "CHECK-NEXT:")) {
      c.kind = CheckKind::Next;
      rest = b.substr(11);
    } else if (startsWith(b, "CHECK-SAME:")) {
      c.kind = CheckKind::Same;
      rest = b.substr(11);
    } else if (startsWith(b, "CHECK-NOT:")) {
      c.kind = CheckKind::Not;
      rest = b.substr(10);
    } else {
      bad(lineNo, "unknown directive '" + b.substr(0, b.find(':') + 1) +
                      "' (CHECK:, CHECK-NEXT:, CHECK-SAME:, CHECK-NOT:)");
      continue;
    }
    c.text = trim(rest);
    if (c.text.empty())
      bad(lineNo, "empty CHECK pattern");
    if ((c.kind == CheckKind::Next || c.kind == CheckKind::Same) && r.checks.empty())
      bad(lineNo, "CHECK-NEXT/CHECK-SAME without a preceding CHECK");
    r.checks.push_back(std::move(c));
  }
  if (tf.runs.empty())
    bad(1, "no RUN line (helper files belong in an Inputs/ folder)");

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

/// Expands %s (the case file), %S (its directory), %% and the leading / piped `locus` word.
std::string expandCommand(const std::string &cmd, const std::string &file, const std::string &locus) {
  std::string out;
  for (size_t i = 0; i < cmd.size(); ++i) {
    if (cmd[i] == '%' && i + 1 < cmd.size()) {
      char c = cmd[i + 1];
      if (c == 's') {
        out += shellQuote(file);
        ++i;
        continue;
      }
      if (c == 'S') {
        out += shellQuote(fs::path(file).parent_path().string());
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
        result += shellQuote(locus);
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

int lineOfOffset(const std::string &s, size_t off) {
  int line = 1;
  for (size_t i = 0; i < off && i < s.size(); ++i)
    if (s[i] == '\n')
      ++line;
  return line;
}

const char *checkName(CheckKind k) {
  switch (k) {
  case CheckKind::Plain: return "CHECK";
  case CheckKind::Next: return "CHECK-NEXT";
  case CheckKind::Same: return "CHECK-SAME";
  case CheckKind::Not: return "CHECK-NOT";
  }
  return "CHECK";
}

/// Applies CHECK / CHECK-NEXT / CHECK-NOT to `out`; appends failure descriptions to `why`.
void applyChecks(const std::vector<Check> &checks, const std::string &out, const std::string &testName,
                 std::vector<std::string> &why) {
  size_t pos = 0;          // end of the previous match
  size_t prevMatchEnd = 0; // for CHECK-NEXT: the line after the one where the previous match ended
  std::vector<const Check *> pendingNot;
  auto flushNots = [&](size_t from, size_t to) {
    for (const Check *n : pendingNot) {
      size_t f = out.find(n->text, from);
      if (f != std::string::npos && f + n->text.size() <= to)
        why.push_back(testName + ":" + std::to_string(n->line) + ": CHECK-NOT: '" + n->text +
                      "' found at output line " + std::to_string(lineOfOffset(out, f)));
    }
    pendingNot.clear();
  };
  for (const Check &c : checks) {
    if (c.kind == CheckKind::Not) {
      pendingNot.push_back(&c);
      continue;
    }
    size_t found = std::string::npos;
    if (c.kind == CheckKind::Plain) {
      found = out.find(c.text, pos);
    } else if (c.kind == CheckKind::Same) {
      size_t lineEnd = out.find('\n', pos);
      if (lineEnd == std::string::npos)
        lineEnd = out.size();
      size_t f = out.find(c.text, pos);
      if (f != std::string::npos && f + c.text.size() <= lineEnd)
        found = f;
    } else {
      size_t nl = out.find('\n', prevMatchEnd);
      if (nl != std::string::npos) {
        size_t lineStart = nl + 1;
        size_t lineEnd = out.find('\n', lineStart);
        if (lineEnd == std::string::npos)
          lineEnd = out.size();
        size_t f = out.find(c.text, lineStart);
        if (f != std::string::npos && f + c.text.size() <= lineEnd)
          found = f;
      }
    }
    if (found == std::string::npos) {
      std::string where =
          pos == 0 ? "in the output" : "after output line " + std::to_string(lineOfOffset(out, pos));
      if (c.kind == CheckKind::Same)
        why.push_back(testName + ":" + std::to_string(c.line) + ": CHECK-SAME: '" + c.text +
                      "' not on output line " + std::to_string(lineOfOffset(out, pos)) +
                      " after the previous match");
      else if (c.kind == CheckKind::Next)
        why.push_back(testName + ":" + std::to_string(c.line) + ": CHECK-NEXT: '" + c.text +
                      "' not on the line after output line " +
                      std::to_string(lineOfOffset(out, prevMatchEnd)));
      else
        why.push_back(testName + ":" + std::to_string(c.line) + ": CHECK: '" + c.text + "' not found " +
                      where);
      pendingNot.clear();
      return; // later checks would only report follow-on noise
    }
    flushNots(pos, found);
    pos = found + c.text.size();
    prevMatchEnd = pos;
  }
  flushNots(pos, out.size());
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
            << "usage: locus-regress --locus PATH [--source-dir DIR] [--timeout SECONDS] [--verbose] "
               "[--keep-temps] FILE\n";
  return 2;
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
    if (a == "--locus") {
      auto v = value("--locus");
      if (!v)
        return 2;
      opt.locus = *v;
    } else if (a == "--source-dir") {
      auto v = value("--source-dir");
      if (!v)
        return 2;
      opt.sourceDir = *v;
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

  if (!opt.sourceDir.empty()) {
    fs::path stdlib = fs::absolute(opt.sourceDir) / "stdlib";
    if (!std::getenv("LOCUS_STDLIB") && fs::is_directory(stdlib, ec))
      setenv("LOCUS_STDLIB", stdlib.c_str(), 1);
  }
  std::string workDir =
      (opt.sourceDir.empty() ? fs::current_path() : fs::absolute(opt.sourceDir)).lexically_normal().string();
  if (workDir.size() > 1 && workDir.back() == '/')
    workDir.pop_back();

  // Several cases: each goes to its own temp file with the other cases blanked, so lines stay put.
  fs::path tmpDir;
  if (tf.chunks.size() > 1) {
    std::string templ = (fs::temp_directory_path() / "locus-regress-XXXXXX").string();
    std::vector<char> buf(templ.begin(), templ.end());
    buf.push_back('\0');
    if (!mkdtemp(buf.data())) {
      std::cerr << "locus-regress: cannot create a temporary directory: " << std::strerror(errno) << "\n";
      return 2;
    }
    tmpDir = buf.data();
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
  for (const RunSpec &run : tf.runs) {
    bool checkMode = isCheckCommand(run.command);
    for (Chunk &chunk : tf.chunks) {
      ++total;
      std::string cmd = expandCommand(run.command, chunk.path, locus.string());
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
      if (tf.chunks.size() > 1)
        label += "  [case " + std::to_string(chunk.index + 1) + " of " + std::to_string(tf.chunks.size()) +
                 ", lines " + std::to_string(chunk.firstLine) + "-" + std::to_string(chunk.lastLine) + "]";
      if (why.empty()) {
        std::cout << "PASS " << label << "\n";
        if (opt.verbose)
          printIndented(std::cout, res.output);
        continue;
      }
      ++failures;
      std::cout << "FAIL " << label << "\n";
      std::cout << "  command: cd " << shellQuote(workDir) << " && " << cmd << "\n";
      std::cout << "  result:  " << res.how << "\n";
      for (const std::string &w : why)
        std::cout << "  " << w << "\n";
      if (!run.checks.empty()) {
        std::cout << "  expected (in order):\n";
        for (const Check &c : run.checks)
          std::cout << "    " << checkName(c.kind) << ": " << c.text << "\n";
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
  if (!tmpDir.empty()) {
    if (opt.keepTemps)
      std::cout << "(case files kept in " << tmpDir.string() << ")\n";
    else
      fs::remove_all(tmpDir, ec);
    if (failures && !opt.keepTemps)
      std::cout << "(rerun with --keep-temps to keep the case files)\n";
  }
  std::cout << (failures ? "FAILED " : "OK ") << displayName << ": " << (total - failures) << "/" << total
            << " runs passed\n";
  return failures ? 1 : 0;
}

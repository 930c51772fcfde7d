// The SMT-LIB 2 pipe backend: drives any solver binary that reads SMT-LIB 2 on stdin ("z3 -in", "cvc5 …").
#include "backends/smtlib/smtlib_solver.h"

#include "backends/interrupt.h"

#include "backends/smtlib/sexpr.h"
#include "backends/smtlib/smtlib_writer.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>
#include <unordered_map>

extern char **environ;

namespace locus::backends {

std::vector<std::string> splitCommand(const std::string &cmd) {
  std::vector<std::string> out;
  std::string cur;
  bool have = false;
  char quote = 0;
  for (char c : cmd) {
    if (quote) {
      if (c == quote)
        quote = 0;
      else
        cur += c;
    } else if (c == '\'' || c == '"') {
      quote = c;
      have = true;
    } else if (c == ' ' || c == '\t') {
      if (have)
        out.push_back(cur);
      cur.clear();
      have = false;
    } else {
      cur += c;
      have = true;
    }
  }
  if (have)
    out.push_back(cur);
  return out;
}

namespace {

/// Thrown inside the backend when the process is gone or silent; turned into Unknown at the interface.
struct ProcessFailure {
  UnknownReason reason;
  std::string message;
};

class SmtLibSolver final : public Solver {
public:
  SmtLibSolver(TermManager &tm, std::string command, const SolverOptions &opts)
      : Solver(tm, opts), command_(std::move(command)), writer_(tm, opts.cores) {}
  ~SmtLibSolver() override { stop(); }

  /// Starts the process and reads its version; false with `error` set on failure.
  bool start(std::string &error);

  std::string name() const override { return "smtlib:" + command_; }
  std::string version() const override { return version_; }

protected:
  void assertImpl(Term f) override { send(writer_.assertCmd(f)); }
  void pushImpl() override { send(writer_.push()); }
  void popImpl(unsigned n) override { send(writer_.pop(n)); }
  Result checkImpl(const std::vector<Term> &assumptions) override;
  Result checkFreshImpl(const std::vector<Term> &assumptions, Posing how) override;
  Value valueImpl(Term t) override;
  std::vector<Term> unsatCoreImpl() override;
  Posing defaultPosing() const override;

private:
  /// Records a changed time limit for a fresh or an incremental check with the writer; returns the
  /// command to send now (if in step).
  std::string timeoutOption(bool fresh);
  /// Sends `text` (ending in a check) and reads its answer; `interruptMs` > 0: interrupts the solver with
  /// SIGINT when it has not answered by then.
  Result runCheck(const std::string &text, unsigned interruptMs = 0);
  /// How long to wait for the answer to get-value / get-unsat-assumptions.
  uint64_t answerWaitMs() const { return 10000 + uint64_t(timeoutMs_); }

  /// Writes commands whose only answer is `success`; every 256 lines reads those answers back, so that
  /// neither side's pipe fills up.
  void send(const std::string &text);
  /// Writes commands whose last one is a query, followed by an echo marker, and returns the answers
  /// before the marker, without the `success` ones. `waitMs` 0 waits forever; `interruptMs` > 0 sends
  /// SIGINT when the query has not been answered by then.
  std::vector<SExpr> query(const std::string &text, uint64_t waitMs, unsigned interruptMs = 0);
  void writeAll(const std::string &text);
  /// The next answer; `marker` is the echo text that ends the current query (output that is still open
  /// when it arrives is unbalanced).
  SExpr readOne(std::chrono::steady_clock::time_point deadline, bool hasDeadline, const std::string &marker);
  void fail(UnknownReason r, const std::string &msg);
  void stop();
  /// Throws when an earlier command failed, so that no answer is given about a wrong formula.
  void requireHealthy();
  Value parseValue(const SExpr &v, Sort s) const;

  std::string command_;
  SmtLibWriter writer_;
  SExprReader reader_;
  SolverFamily family_ = SolverFamily::Other;
  pid_t pid_ = -1;
  int in_ = -1, out_ = -1, err_ = -1;
  std::string stderrTail_;
  std::string version_ = "unknown";
  std::optional<ProcessFailure> broken_;
  std::string firstError_;
  unsigned unacked_ = 0;
  uint64_t markers_ = 0;
  unsigned sentTimeout_ = 0;
  /// When to interrupt the check in progress with SIGINT (z3's fresh checks, see timeoutOption).
  std::optional<std::chrono::steady_clock::time_point> interruptAt_;
  bool interrupted_ = false; ///< SIGINT was sent during the current check
  std::unordered_map<std::string, Term> assumptionByText_;
};

bool SmtLibSolver::start(std::string &error) {
  std::vector<std::string> argv = splitCommand(command_);
  if (argv.empty()) {
    error = "the smtlib backend needs a command, as in smtlib:\"z3 -in\"";
    return false;
  }
  family_ = familyOf("smtlib:" + command_);
  if (family_ == SolverFamily::Cvc5) // str.from_int (program output), as the cvc5 backend sets it
    (void)writer_.setOption(":strings-exp", "true");

  int inPair[2], outPipe[2], errPipe[2];
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, inPair) != 0 || pipe2(outPipe, O_CLOEXEC) != 0 ||
      pipe2(errPipe, O_CLOEXEC) != 0) {
    error = std::string("cannot create pipes for the solver: ") + std::strerror(errno);
    return false;
  }
  // fork + exec rather than posix_spawn: the solver must die with locus (PR_SET_PDEATHSIG), or a locus that
  // is stopped while the solver works (a watchdog, a killed benchmark run) would leave it running. A
  // close-on-exec pipe carries exec's errno back.
  int execPipe[2];
  if (pipe2(execPipe, O_CLOEXEC) != 0) {
    error = std::string("cannot create pipes for the solver: ") + std::strerror(errno);
    return false;
  }
  std::vector<char *> args;
  for (auto &a : argv)
    args.push_back(a.data());
  args.push_back(nullptr);
  pid_t parent = getpid();
  pid_ = fork();
  if (pid_ == 0) {
    // Only async-signal-safe calls from here on.
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    setpgid(0, 0); // a Ctrl-C at the terminal is locus's to handle (it interrupts the check: runCheck)
    int err = 0;
    if (getppid() != parent) // locus is gone already
      _exit(127);
    if (dup2(inPair[1], 0) < 0 || dup2(outPipe[1], 1) < 0 || dup2(errPipe[1], 2) < 0)
      err = errno;
    else
      execvp(args[0], args.data());
    err = err ? err : errno;
    (void)!write(execPipe[1], &err, sizeof err);
    _exit(127);
  }
  int rc = pid_ < 0 ? errno : 0;
  close(execPipe[1]);
  if (rc == 0) {
    int childErr = 0;
    ssize_t n;
    while ((n = read(execPipe[0], &childErr, sizeof childErr)) < 0 && errno == EINTR) {
    }
    if (n == static_cast<ssize_t>(sizeof childErr)) { // exec failed
      rc = childErr;
      waitpid(pid_, nullptr, 0);
    }
  }
  close(execPipe[0]);
  close(inPair[1]);
  close(outPipe[1]);
  close(errPipe[1]);
  in_ = inPair[0];
  out_ = outPipe[0];
  err_ = errPipe[0];
  if (rc != 0) {
    pid_ = -1;
    error = "cannot start solver '" + argv[0] + "': " + std::strerror(rc);
    return false;
  }
  try {
    // print-success goes with every preamble: cvc5 forgets it at `(reset)`.
    writeAll("(set-option :print-success true)\n");
    (void)writer_.setOption(":print-success", "true");
    auto reply = query("(get-info :version)\n", 10000);
    if (!firstError_.empty()) {
      error = "solver '" + command_ + "' rejected the setup: " + firstError_;
      return false;
    }
    if (!reply.empty() && reply[0].isList() && reply[0].list.size() == 2)
      version_ = reply[0].list[1].text;
  } catch (const ProcessFailure &f) {
    error = "solver '" + command_ + "' did not start: " + f.message;
    return false;
  }
  return true;
}

void SmtLibSolver::stop() {
  if (in_ >= 0)
    close(in_);
  in_ = -1;
  if (pid_ > 0) {
    // Give the solver a moment to exit on end of input, then insist.
    for (int i = 0; i < 20; ++i) {
      if (waitpid(pid_, nullptr, WNOHANG) == pid_) {
        pid_ = -1;
        break;
      }
      usleep(5000);
    }
    if (pid_ > 0) {
      kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
      pid_ = -1;
    }
  }
  if (out_ >= 0)
    close(out_);
  if (err_ >= 0)
    close(err_);
  out_ = err_ = -1;
}

void SmtLibSolver::fail(UnknownReason r, const std::string &msg) {
  std::string full = msg;
  if (!stderrTail_.empty())
    full += " (stderr: " + stderrTail_ + ")";
  broken_ = ProcessFailure{r, full};
  stop();
  throw *broken_;
}

void SmtLibSolver::writeAll(const std::string &text) {
  if (broken_)
    throw *broken_;
  size_t done = 0;
  while (done < text.size()) {
    ssize_t n = ::send(in_, text.data() + done, text.size() - done, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      fail(UnknownReason::Other, "the solver process closed its input");
    done += static_cast<size_t>(n);
  }
}

SExpr SmtLibSolver::readOne(std::chrono::steady_clock::time_point deadline, bool hasDeadline,
                            const std::string &marker) {
  while (true) {
    std::optional<SExpr> e;
    try {
      e = reader_.next();
    } catch (const std::runtime_error &err) {
      fail(UnknownReason::Other, std::string("the solver's output does not parse: ") + err.what());
    }
    if (e)
      return *e;
    // Solvers end the echo's output with a newline: the marker arrived, and what came before it is open.
    if (reader_.holds(marker + "\n") || reader_.holds(marker + "\"\n"))
      fail(UnknownReason::Other, "the solver's output is unbalanced: " + reader_.pending(200));
    // poll's wait, at most an hour at a time (the loop checks the deadlines again)
    int64_t waitMs = -1;
    auto now = std::chrono::steady_clock::now();
    if (hasDeadline) {
      auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - now);
      if (left.count() <= 0)
        fail(UnknownReason::Timeout, "the solver did not answer in time and was stopped");
      waitMs = left.count();
    }
    if (interruptAt_) {
      auto left = std::chrono::duration_cast<std::chrono::milliseconds>(*interruptAt_ - now);
      if (left.count() <= 0) {
        interruptAt_.reset();
        pollfd ready{out_, POLLIN, 0};
        // z3 answers `unknown` to the check it is in and goes on reading (outside a check SIGINT ends it:
        // not when an answer is already on its way)
        if (pid_ > 0 && poll(&ready, 1, 0) == 0) {
          kill(pid_, SIGINT);
          interrupted_ = true;
        }
        continue;
      }
      waitMs = waitMs < 0 ? left.count() : std::min<int64_t>(waitMs, left.count());
    }
    pollfd fds[2] = {{out_, POLLIN, 0}, {err_, POLLIN, 0}};
    int rc =
        poll(fds, err_ >= 0 ? 2 : 1, waitMs < 0 ? -1 : static_cast<int>(std::min<int64_t>(waitMs, 3600000)));
    if (rc < 0 && errno == EINTR)
      continue;
    if (rc == 0)
      continue; // deadline check above
    char buf[65536];
    if (err_ >= 0 && (fds[1].revents & (POLLIN | POLLHUP))) {
      ssize_t n = read(err_, buf, sizeof buf);
      if (n > 0) {
        stderrTail_.append(buf, static_cast<size_t>(n));
        if (stderrTail_.size() > 2000)
          stderrTail_.erase(0, stderrTail_.size() - 2000);
      } else {
        close(err_);
        err_ = -1;
      }
    }
    if (fds[0].revents & (POLLIN | POLLHUP | POLLERR)) {
      ssize_t n = read(out_, buf, sizeof buf);
      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0) {
        int status = 0;
        std::string how = "the solver process ended";
        if (pid_ > 0 && waitpid(pid_, &status, 0) == pid_) {
          pid_ = -1;
          how += WIFEXITED(status) ? " with exit status " + std::to_string(WEXITSTATUS(status))
                                   : " by signal " + std::to_string(WTERMSIG(status));
        }
        fail(UnknownReason::Other, how);
      }
      reader_.feed(buf, static_cast<size_t>(n));
    }
  }
}

void SmtLibSolver::send(const std::string &text) {
  if (broken_)
    return; // reported at the next check
  try {
    size_t from = 0;
    while (from < text.size()) {
      // Up to the line that makes 256 unanswered ones, then read their answers back.
      size_t to = from;
      while (to < text.size() && unacked_ <= 256) {
        to = text.find('\n', to);
        to = to == std::string::npos ? text.size() : to + 1;
        ++unacked_;
      }
      writeAll(text.substr(from, to - from));
      from = to;
      if (unacked_ > 256)
        query("", 0);
    }
  } catch (const ProcessFailure &) {
  }
}

std::vector<SExpr> SmtLibSolver::query(const std::string &text, uint64_t waitMs, unsigned interruptMs) {
  // Everything before the query's own line goes out as ordinary commands (with their answers read back
  // in between), so that no read-back ever swallows the query's answer.
  size_t last = text.size() < 2 ? std::string::npos : text.rfind('\n', text.size() - 2);
  if (last != std::string::npos)
    send(text.substr(0, last + 1));
  std::string marker = "locus-sync-" + std::to_string(markers_++);
  writeAll((last == std::string::npos ? text : text.substr(last + 1)) + "(echo \"" + marker + "\")\n");
  auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(waitMs);
  if (interruptMs)
    interruptAt_ = std::chrono::steady_clock::now() + std::chrono::milliseconds(interruptMs);
  std::vector<SExpr> out;
  while (true) {
    SExpr e = readOne(deadline, waitMs != 0, marker);
    if (e.isAtom("success"))
      continue;
    interruptAt_.reset(); // the query's answer came: no interrupt any more
    if ((e.kind == SExpr::Kind::String || e.kind == SExpr::Kind::Atom) && e.text == marker)
      break;
    if (e.isList() && !e.list.empty() && e.list[0].isAtom("error")) {
      if (firstError_.empty())
        firstError_ = e.list.size() > 1 ? e.list[1].text : e.toString();
      continue;
    }
    out.push_back(std::move(e));
  }
  unacked_ = 0;
  return out;
}

void SmtLibSolver::requireHealthy() {
  if (broken_)
    throw *broken_;
  if (!firstError_.empty())
    throw ProcessFailure{UnknownReason::Other, "the solver reported an error: " + firstError_};
}

Posing SmtLibSolver::defaultPosing() const {
  return measuredPosing(family_);
}

Result SmtLibSolver::runCheck(const std::string &text, unsigned interruptMs) {
  try {
    // Without a solver-side limit we still stop waiting a while after the requested time.
    uint64_t wait = timeoutMs_ ? uint64_t(timeoutMs_) * 3 / 2 + 2000 : 0;
    interrupted_ = false;
    std::vector<SExpr> reply;
    {
      InterruptScope stop([pid = pid_] {
        if (pid > 0)
          kill(pid, SIGINT);
      });
      reply = query(text, wait, interruptMs);
    }
    requireHealthy();
    if (reply.size() != 1)
      return Result::unknown(UnknownReason::Other,
                             reply.empty() ? "no answer to check-sat"
                                           : "unexpected answer to check-sat: " + reply[0].toString() + " …");
    if (reply[0].isAtom("sat"))
      return Result::sat();
    if (reply[0].isAtom("unsat"))
      return Result::unsat();
    if (!reply[0].isAtom("unknown"))
      return Result::unknown(UnknownReason::Other, "unexpected answer to check-sat: " + reply[0].toString());
    auto why = query("(get-info :reason-unknown)\n", 10000);
    std::string text = "unknown";
    if (!why.empty() && why[0].isList() && why[0].list.size() == 2)
      text = why[0].list[1].kind == SExpr::Kind::List ? why[0].list[1].toString() : why[0].list[1].text;
    firstError_.clear();
    if (interrupted_)
      return Result::unknown(UnknownReason::Timeout, "timeout (" + text + ")");
    return Result::unknown(classifyUnknownReason(text), text);
  } catch (const ProcessFailure &f) {
    return Result::unknown(f.reason, f.message);
  }
}

std::string SmtLibSolver::timeoutOption(bool fresh) {
  // z3's own limit can deadlock in the tactics a new session runs (4.8.12, nonlinear integers: the check
  // never returns), so a fresh z3 check gets none and is interrupted with SIGINT instead (runCheck).
  unsigned want = family_ == SolverFamily::Z3 && fresh ? 0 : timeoutMs_;
  if (want == sentTimeout_)
    return "";
  sentTimeout_ = want;
  if (family_ == SolverFamily::Z3)
    return writer_.setOption(":timeout", std::to_string(want ? want : 4294967295u));
  if (family_ == SolverFamily::Cvc5)
    return writer_.setOption(":tlimit-per", std::to_string(want));
  return "";
}

Result SmtLibSolver::checkImpl(const std::vector<Term> &assumptions) {
  send(timeoutOption(false));
  assumptionByText_.clear();
  for (Term a : assumptions)
    if (auto e = parseSExpr(tm_.toString(a)))
      assumptionByText_.emplace(e->toString(), a);
  return runCheck(writer_.checkSat(assumptions));
}

Result SmtLibSolver::checkFreshImpl(const std::vector<Term> &assumptions, Posing how) {
  (void)timeoutOption(true); // the fresh session's preamble carries it
  assumptionByText_.clear();
  return runCheck(writer_.freshCheckSat(assumptions, freshCheckCommand(family_, how)),
                  family_ == SolverFamily::Z3 ? timeoutMs_ : 0);
}

namespace {

/// The binary digits of a `#b…` or `#x…` atom; "" for anything else.
std::string bitsOfAtom(const SExpr &v) {
  if (v.kind != SExpr::Kind::Atom)
    return "";
  if (v.text.rfind("#b", 0) == 0)
    return v.text.substr(2);
  if (v.text.rfind("#x", 0) != 0)
    return "";
  std::string bits;
  for (char c : v.text.substr(2)) {
    int x = isdigit(static_cast<unsigned char>(c)) ? c - '0' : (tolower(c) - 'a' + 10);
    for (int b = 3; b >= 0; --b)
      bits += (x >> b) & 1 ? '1' : '0';
  }
  return bits;
}

/// A FloatingPoint value of eb/sb bits as SMT-LIB writes it: `(fp sign exponent significand)`, `(_ NaN eb
/// sb)`, `(_ +oo eb sb)`, `(_ -oo eb sb)`, `(_ +zero eb sb)`, `(_ -zero eb sb)`; its IEEE 754 encoding, or
/// "".
std::string floatBitsOf(const SExpr &v, uint32_t eb, uint32_t sb) {
  if (!v.isList())
    return "";
  if (v.list.size() == 4 && v.list[0].isAtom("fp")) {
    std::string bits = bitsOfAtom(v.list[1]) + bitsOfAtom(v.list[2]) + bitsOfAtom(v.list[3]);
    return bits.size() == eb + sb ? bits : "";
  }
  if (v.list.size() == 4 && v.list[0].isAtom("_")) {
    if (v.list[1].isAtom("NaN"))
      return Value::nanBits(eb, sb);
    std::string sign = v.list[1].text.substr(0, 1) == "-" ? "1" : "0";
    if (v.list[1].isAtom("+oo") || v.list[1].isAtom("-oo"))
      return sign + std::string(eb, '1') + std::string(sb - 1, '0');
    if (v.list[1].isAtom("+zero") || v.list[1].isAtom("-zero"))
      return sign + std::string(eb + sb - 1, '0');
  }
  return "";
}

} // namespace

Value SmtLibSolver::parseValue(const SExpr &v, Sort s) const {
  const SortData &d = tm_.sortData(s);
  switch (d.kind) {
  case SortKind::Float:
    if (std::string bits = floatBitsOf(v, d.width, d.sig); !bits.empty())
      return Value::ofFloatBits(bits);
    break;
  case SortKind::Bool:
    if (v.isAtom("true") || v.isAtom("false"))
      return Value::ofBool(v.isAtom("true"));
    break;
  case SortKind::Int:
    if (v.kind == SExpr::Kind::Atom && !v.text.empty() && isdigit(static_cast<unsigned char>(v.text[0])))
      return Value::ofInt(v.text);
    if (v.isList() && v.list.size() == 2 && v.list[0].isAtom("-") && v.list[1].kind == SExpr::Kind::Atom)
      return Value::ofInt("-" + v.list[1].text);
    break;
  case SortKind::BitVec:
    if (v.kind == SExpr::Kind::Atom && v.text.rfind("#b", 0) == 0)
      return Value::ofBits(v.text.substr(2));
    if (v.kind == SExpr::Kind::Atom && v.text.rfind("#x", 0) == 0) {
      std::string bits;
      for (char c : v.text.substr(2)) {
        int x = isdigit(static_cast<unsigned char>(c)) ? c - '0' : (tolower(c) - 'a' + 10);
        for (int b = 3; b >= 0; --b)
          bits += (x >> b) & 1 ? '1' : '0';
      }
      return Value::ofBits(bits);
    }
    if (v.isList() && v.list.size() == 3 && v.list[0].isAtom("_") && v.list[1].text.rfind("bv", 0) == 0)
      return Value::ofUnsignedDecimal(v.list[1].text.substr(2), d.width);
    break;
  case SortKind::Array:
  case SortKind::String:
  case SortKind::RegLan: break;
  }
  return Value::other(v.toString());
}

Value SmtLibSolver::valueImpl(Term t) {
  try {
    auto reply = query(writer_.getValue(t), answerWaitMs());
    requireHealthy();
    if (reply.size() == 1 && reply[0].isList() && reply[0].list.size() == 1 && reply[0].list[0].isList() &&
        reply[0].list[0].list.size() == 2) {
      Value v = parseValue(reply[0].list[0].list[1], tm_.sort(t));
      if (v.kind == Value::Kind::Other && tm_.sortData(tm_.sort(t)).kind != SortKind::Array)
        throw SolverFailure("the solver gave the value " + v.text + " to a term of sort " +
                            tm_.sortToString(tm_.sort(t)));
      return v;
    }
    throw SolverFailure(reply.empty() ? "the solver gave no answer to get-value"
                                      : "unexpected answer to get-value: " + reply[0].toString());
  } catch (const ProcessFailure &f) {
    throw SolverFailure("no value from the solver: " + f.message);
  }
}

std::vector<Term> SmtLibSolver::unsatCoreImpl() {
  std::vector<Term> out;
  try {
    auto reply = query("(get-unsat-assumptions)\n", answerWaitMs());
    requireHealthy();
    if (reply.size() != 1 || !reply[0].isList())
      throw SolverFailure(reply.empty()
                              ? "the solver gave no answer to get-unsat-assumptions"
                              : "unexpected answer to get-unsat-assumptions: " + reply[0].toString());
    for (const SExpr &e : reply[0].list) {
      auto it = assumptionByText_.find(e.toString());
      if (it != assumptionByText_.end())
        out.push_back(it->second);
    }
  } catch (const ProcessFailure &f) {
    throw SolverFailure("no unsat core from the solver: " + f.message);
  }
  return out;
}

} // namespace

std::unique_ptr<Solver> makeSmtLibSolver(TermManager &tm, const std::string &command, std::string &error,
                                         const SolverOptions &opts) {
  auto s = std::make_unique<SmtLibSolver>(tm, command, opts);
  if (!s->start(error))
    return nullptr;
  return s;
}

} // namespace locus::backends

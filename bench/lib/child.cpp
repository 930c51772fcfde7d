// bench::runInChild: fork, run, send the answer back through a pipe, wait.
#include "bench/lib/child.h"

#include <poll.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <exception>
#include <iostream>
#include <sstream>

namespace locus::bench {

namespace {

bool writeAll(int fd, const std::string &s) {
  for (size_t off = 0; off < s.size();) {
    ssize_t n = ::write(fd, s.data() + off, s.size() - off);
    if (n <= 0)
      return false;
    off += static_cast<size_t>(n);
  }
  return true;
}

} // namespace

std::optional<std::string> runInChild(const std::function<std::string()> &work, std::string &why,
                                      double wallLimit, bool *killed) {
  if (killed)
    *killed = false;
  auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(wallLimit);
  int fds[2];
  if (::pipe(fds) != 0) {
    why = std::string("cannot create a pipe: ") + std::strerror(errno);
    return std::nullopt;
  }
  std::cout.flush();
  std::cerr.flush();
  std::fflush(nullptr);
  pid_t parent = ::getpid();
  pid_t pid = ::fork();
  if (pid < 0) {
    why = std::string("cannot fork: ") + std::strerror(errno);
    ::close(fds[0]);
    ::close(fds[1]);
    return std::nullopt;
  }
  if (pid == 0) {
    // Die with the parent: a killed worker or an interrupted run leaves no orphan behind.
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() != parent) // it died before the line above
      ::_exit(4);
    ::close(fds[0]);
    int status = 0;
    try {
      status = writeAll(fds[1], work()) ? 0 : 1;
    } catch (const std::exception &e) {
      writeAll(fds[1], std::string("exception: ") + e.what()); // the parent reads it as `why`
      status = 3;
    }
    ::_exit(status);
  }
  ::close(fds[1]);
  std::string out;
  char buf[65536];
  bool overran = false;
  for (;;) {
    if (wallLimit > 0) {
      auto left =
          std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
      pollfd p{fds[0], POLLIN, 0};
      int ready = left.count() > 0 ? ::poll(&p, 1, static_cast<int>(left.count())) : 0;
      if (ready < 0 && errno == EINTR)
        continue;
      if (ready == 0) {
        overran = true;
        ::kill(pid, SIGKILL);
        break;
      }
    }
    ssize_t n = ::read(fds[0], buf, sizeof buf);
    if (n == 0)
      break;
    if (n < 0) {
      if (errno == EINTR)
        continue;
      break;
    }
    out.append(buf, static_cast<size_t>(n));
  }
  ::close(fds[0]);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (overran) {
    if (killed)
      *killed = true;
    std::ostringstream os;
    os << "the run did not end within " << wallLimit << " s and was killed";
    why = os.str();
    return std::nullopt;
  }
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
    return out;
  why = WIFSIGNALED(status)        ? std::string("the run died: ") + strsignal(WTERMSIG(status))
        : WEXITSTATUS(status) == 3 ? out
                                   : "the run exited with status " + std::to_string(WEXITSTATUS(status));
  return std::nullopt;
}

} // namespace locus::bench

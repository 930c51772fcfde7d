// SVG through Graphviz's `dot` (render.h: renderSvg): a subprocess with pipes, no shell.
#include "heapview/render.h"

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

namespace locus::heapview {

namespace {

/// Closes the descriptors it holds.
struct Fds {
  int fd[6] = {-1, -1, -1, -1, -1, -1};
  ~Fds() {
    for (int f : fd)
      if (f >= 0)
        close(f);
  }
  void drop(int k) {
    if (fd[k] >= 0)
      close(fd[k]);
    fd[k] = -1;
  }
};

} // namespace

bool renderSvg(const std::string &dot, std::string &svg, std::string &error, unsigned timeoutSeconds) {
  svg.clear();
  error.clear();
  // stdin: a socket pair, so that a write to a `dot` that has gone away fails (MSG_NOSIGNAL) instead of
  // raising SIGPIPE; stdout and stderr: pipes. fd: 0/1 stdin (ours/its), 2/3 stdout, 4/5 stderr.
  Fds f;
  int in[2], out[2], err[2];
  bool made = socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, in) == 0;
  if (made) {
    f.fd[0] = in[0];
    f.fd[1] = in[1];
    made = pipe2(out, O_CLOEXEC) == 0;
  }
  if (made) {
    f.fd[2] = out[0];
    f.fd[3] = out[1];
    made = pipe2(err, O_CLOEXEC) == 0;
  }
  if (!made) {
    error = std::string("cannot create pipes for graphviz's dot: ") + std::strerror(errno);
    return false;
  }
  f.fd[4] = err[0];
  f.fd[5] = err[1];
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, f.fd[1], 0);
  posix_spawn_file_actions_adddup2(&actions, f.fd[3], 1);
  posix_spawn_file_actions_adddup2(&actions, f.fd[5], 2);
  char arg0[] = "dot", arg1[] = "-Tsvg";
  char *argv[] = {arg0, arg1, nullptr};
  pid_t pid = -1;
  int rc = posix_spawnp(&pid, "dot", &actions, nullptr, argv, environ);
  posix_spawn_file_actions_destroy(&actions);
  if (rc != 0) {
    error = rc == ENOENT ? "graphviz's `dot` was not found on PATH (Debian: apt-get install graphviz)"
                         : std::string("cannot run graphviz's dot: ") + std::strerror(rc);
    return false;
  }
  f.drop(1);
  f.drop(3);
  f.drop(5);
  for (int k : {0, 2, 4})
    fcntl(f.fd[k], F_SETFL, fcntl(f.fd[k], F_GETFL) | O_NONBLOCK);
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(timeoutSeconds);
  size_t sent = 0;
  std::string messages;
  bool timedOut = false;
  if (dot.empty())
    f.drop(0);
  while (f.fd[2] >= 0 || f.fd[4] >= 0) {
    pollfd p[3];
    int count = 0;
    for (int k : {0, 2, 4})
      if (f.fd[k] >= 0)
        p[count++] = pollfd{f.fd[k], static_cast<short>(k == 0 ? POLLOUT : POLLIN), 0};
    auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) {
      timedOut = true;
      break;
    }
    int n = poll(p, count, static_cast<int>(std::min<long long>(left.count(), 1000)));
    if (n < 0 && errno != EINTR)
      break;
    for (int i = 0; i < count && n > 0; ++i) {
      if (!p[i].revents)
        continue;
      if (p[i].fd == f.fd[0]) {
        ssize_t w = send(f.fd[0], dot.data() + sent, dot.size() - sent, MSG_NOSIGNAL);
        if (w > 0)
          sent += static_cast<size_t>(w);
        if (w < 0 && errno != EAGAIN && errno != EINTR)
          f.drop(0); // dot stopped reading: its status and message tell why
        else if (sent == dot.size())
          f.drop(0); // the end of the input: dot draws and exits
        continue;
      }
      char buf[65536];
      ssize_t r = read(p[i].fd, buf, sizeof buf);
      if (r > 0)
        (p[i].fd == f.fd[2] ? svg : messages).append(buf, static_cast<size_t>(r));
      else if (r == 0 || (errno != EAGAIN && errno != EINTR))
        f.drop(p[i].fd == f.fd[2] ? 2 : 4);
    }
  }
  if (timedOut)
    kill(pid, SIGKILL);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  while (!messages.empty() && (messages.back() == '\n' || messages.back() == '\r'))
    messages.pop_back();
  if (timedOut) {
    error = "graphviz's dot did not finish within " + std::to_string(timeoutSeconds) + " s (stopped)";
  } else if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    error = "graphviz's dot failed (" +
            (WIFEXITED(status) ? "exit " + std::to_string(WEXITSTATUS(status))
                               : "signal " + std::to_string(WTERMSIG(status))) +
            ")" + (messages.empty() ? "" : ": " + messages);
  } else if (svg.find("<svg") == std::string::npos) {
    error = "graphviz's dot wrote no SVG" + (messages.empty() ? "" : ": " + messages);
  }
  if (!error.empty()) {
    svg.clear();
    return false;
  }
  return true;
}

} // namespace locus::heapview

// fork()ed worker processes for the bench runners; each task in a fresh child of its worker.
#include "bench/lib/pool.h"

#include "bench/lib/child.h"

#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <optional>
#include <stdexcept>

namespace locus::bench {

using Json = nlohmann::ordered_json;
using Clock = std::chrono::steady_clock;

namespace {
double since(Clock::time_point t) {
  return std::chrono::duration<double>(Clock::now() - t).count();
}
} // namespace

WorkerPool::WorkerPool(size_t tasks, std::function<std::string(size_t)> work, unsigned jobs, double hardLimit)
    : tasks_(tasks), work_(std::move(work)), jobs_(std::max(1u, jobs)), hard_(hardLimit) {}

void WorkerPool::run(const std::function<void(size_t)> &start,
                     const std::function<void(size_t, Json)> &done) {
  signal(SIGPIPE, SIG_IGN);
  size_t next = 0, finished = 0;
  double hard = hard_;
  auto dispatch = [&](Worker &w) {
    if (next >= tasks_) {
      closeInput(w);
      return;
    }
    w.task = static_cast<long>(next++);
    w.started = Clock::now();
    start(static_cast<size_t>(w.task));
    std::string line = std::to_string(w.task) + "\n";
    if (::write(w.in, line.data(), line.size()) != static_cast<ssize_t>(line.size())) {
      // the worker is gone: its EOF is handled below
    }
  };
  for (unsigned k = 0; k < jobs_ && k < tasks_; ++k) {
    workers_.push_back(spawn());
    dispatch(workers_.back());
  }
  while (finished < tasks_) {
    std::vector<pollfd> fds;
    for (const Worker &w : workers_)
      fds.push_back({w.out, POLLIN, 0});
    ::poll(fds.data(), fds.size(), 500);
    for (size_t k = 0; k < workers_.size(); ++k) {
      Worker &w = workers_[k];
      bool dead = false;
      if (fds[k].revents & (POLLIN | POLLHUP | POLLERR)) {
        char buf[65536];
        ssize_t n = ::read(w.out, buf, sizeof buf);
        if (n <= 0)
          dead = true;
        else
          w.buf.append(buf, static_cast<size_t>(n));
        size_t nl;
        while ((nl = w.buf.find('\n')) != std::string::npos) {
          Json r = Json::parse(w.buf.substr(0, nl), nullptr, false);
          w.buf.erase(0, nl + 1);
          if (w.task >= 0) {
            size_t t = static_cast<size_t>(w.task);
            w.task = -1;
            ++finished;
            done(t, r.is_discarded() ? Json{{"task", t}, {"error", "worker sent malformed output"}} : r);
          }
          dispatch(w);
        }
      }
      if (!dead && w.task >= 0 && hard > 0 && since(w.started) > hard) {
        ::kill(w.pid, SIGKILL); // its task's process dies with it (runInChild)
        dead = true;
        w.killed = true;
      }
      if (dead) {
        int status = 0;
        ::waitpid(w.pid, &status, 0);
        ::close(w.out);
        if (w.in >= 0)
          ::close(w.in);
        long t = w.task;
        bool killed = w.killed;
        w = spawn();
        if (t >= 0) {
          ++finished;
          std::string why = killed ? "killed after " + std::to_string(static_cast<int>(hard)) + " s"
                            : WIFSIGNALED(status)
                                ? std::string("worker died: ") + strsignal(WTERMSIG(status))
                                : "worker exited with status " + std::to_string(WEXITSTATUS(status));
          done(static_cast<size_t>(t), Json{{"task", t}, {killed ? "killed" : "crashed", why}});
        }
        dispatch(w);
      }
    }
  }
  for (Worker &w : workers_) {
    closeInput(w);
    int status = 0;
    ::waitpid(w.pid, &status, 0);
    ::close(w.out);
  }
  workers_.clear();
}

void WorkerPool::closeInput(Worker &w) {
  if (w.in >= 0)
    ::close(w.in);
  w.in = -1;
}

WorkerPool::Worker WorkerPool::spawn() {
  int toChild[2], fromChild[2];
  if (::pipe(toChild) != 0 || ::pipe(fromChild) != 0)
    throw std::runtime_error("cannot create a pipe for a worker");
  std::cout.flush();
  std::cerr.flush();
  pid_t pid = ::fork();
  if (pid < 0)
    throw std::runtime_error("cannot fork a worker");
  if (pid == 0) {
    ::close(toChild[1]);
    ::close(fromChild[0]);
    for (const Worker &w : workers_) { // the other workers' pipes are not ours
      if (w.in >= 0)
        ::close(w.in);
      ::close(w.out);
    }
    FILE *in = ::fdopen(toChild[0], "r");
    char line[64];
    while (in && std::fgets(line, sizeof line, in)) {
      size_t i = std::strtoull(line, nullptr, 10);
      // Each task in a fresh child of this worker, which never runs a solver itself: every task starts
      // from the same process state, and a crash costs only the task.
      std::string why;
      std::optional<std::string> answer = runInChild([&] { return work_(i); }, why);
      std::string r = (answer ? *answer : Json{{"task", i}, {"crashed", why}}.dump()) + "\n";
      for (size_t off = 0; off < r.size();) {
        ssize_t n = ::write(fromChild[1], r.data() + off, r.size() - off);
        if (n <= 0)
          ::_exit(1);
        off += static_cast<size_t>(n);
      }
    }
    ::_exit(0);
  }
  ::close(toChild[0]);
  ::close(fromChild[1]);
  Worker w;
  w.pid = pid;
  w.in = toChild[1];
  w.out = fromChild[0];
  return w;
}

} // namespace locus::bench

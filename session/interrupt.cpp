// locus's SIGINT/SIGTERM handler (interrupt.h): an atomic flag and a self-pipe that wakes a thread.
#include "session/interrupt.h"

#include "backends/interrupt.h"

#include <atomic>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <mutex>
#include <thread>
#include <unistd.h>

namespace locus::session {

namespace {

repair::CancelToken token;
std::atomic<int> signals{0}; ///< how many arrived
/// How long a check that cannot be stopped gets to end after the first signal.
constexpr int kUnstoppableGraceMs = 2000;
std::atomic<int> firstSignal{0};
int wakeFd = -1;              ///< the self-pipe's write end
std::mutex noticeMutex;       ///< guards `notice`
std::function<void()> notice; ///< installInterruptHandler's
static_assert(std::atomic<int>::is_always_lock_free);

extern "C" void onSignal(int sig) {
  if (signals.fetch_add(1) > 0)
    _exit(128 + sig); // the second signal: at once
  int saved = errno;
  firstSignal.store(sig);
  token.cancel();
  char c = 1;
  (void)!write(wakeFd, &c, 1);
  errno = saved;
}

extern "C" void onAbort(int) {
  if (backends::solverLibraryCallRunning()) {
    static const char msg[] = "locus: the solver aborted inside its library (a fault of its own: cvc5 1.0's "
                              "SAT solver, CaDiCaL, when a time limit cuts a check short): no answer; "
                              "--solver z3 or another --timeout may give one\n";
    (void)!write(2, msg, sizeof msg - 1);
    _exit(3); // Exit::Unknown
  }
  signal(SIGABRT, SIG_DFL); // an abort of ours: the crash it is
  raise(SIGABRT);
}

} // namespace

void installAbortHandler() {
  struct sigaction sa {};
  sa.sa_handler = onAbort;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGABRT, &sa, nullptr);
}

void installInterruptHandler(std::function<void()> stopping) {
  int fds[2];
  if (wakeFd >= 0 || pipe(fds) != 0)
    return;
  wakeFd = fds[1];
  notice = std::move(stopping);
  std::thread([fd = fds[0]] {
    for (;;) { // one wake-up per signal that raised the token (rearmInterrupt lets another one in)
      char c;
      ssize_t n;
      while ((n = read(fd, &c, 1)) < 0 && errno == EINTR) {
      }
      if (n != 1)
        return;
      backends::interruptChecks();
      {
        std::lock_guard<std::mutex> lock(noticeMutex);
        if (notice)
          notice();
      }
      // A check that cannot be stopped (cvc5's) would keep the process running up to its time limit, or
      // without one for ever: given kUnstoppableGraceMs to end by itself, then the process ends as at a
      // second signal.
      for (int waited = 0; backends::unstoppableCheckRunning() && signals.load() > 0; waited += 100) {
        if (waited >= kUnstoppableGraceMs) {
          static const char msg[] =
              "locus: the solver's check in progress cannot be stopped (cvc5): ending\n";
          (void)!write(2, msg, sizeof msg - 1);
          _exit(128 + firstSignal.load());
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
      }
    }
  }).detach();
  struct sigaction sa {};
  sa.sa_handler = onSignal;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = SA_RESTART;
  sigaction(SIGINT, &sa, nullptr);
  sigaction(SIGTERM, &sa, nullptr);
}

void rearmInterrupt() {
  if (signals.load() == 0)
    return;
  token.reset();
  backends::clearInterrupt();
  firstSignal.store(0);
  signals.store(0);
}

void dropInterruptNotice() {
  std::lock_guard<std::mutex> lock(noticeMutex);
  notice = nullptr;
}

const repair::CancelToken &interruptToken() {
  return token;
}

bool interrupted() {
  return token.cancelled();
}

std::string interruptSignal() {
  switch (firstSignal.load()) {
  case SIGINT: return "SIGINT";
  case SIGTERM: return "SIGTERM";
  default: return interrupted() ? "a signal" : "";
  }
}

} // namespace locus::session

// The process-wide interrupt of solver checks (interrupt.h).
#include "backends/interrupt.h"

#include <algorithm>
#include <atomic>
#include <mutex>
#include <vector>

namespace locus::backends {

namespace {

std::atomic<bool> interrupted{false};
std::mutex mutex; // guards `running` and the calls of their `stop`
std::vector<std::function<void()> *> running;
std::atomic<int> unstoppable{0}; ///< UnstoppableScopes alive
std::atomic<int> inLibrary{0};   ///< LibraryCallScopes alive
static_assert(std::atomic<int>::is_always_lock_free);

} // namespace

void interruptChecks() {
  interrupted.store(true);
  std::lock_guard<std::mutex> lock(mutex);
  for (std::function<void()> *stop : running)
    (*stop)();
  running.clear();
}

void clearInterrupt() {
  interrupted.store(false);
}

bool checksInterrupted() {
  return interrupted.load();
}

InterruptScope::InterruptScope(std::function<void()> stop) : stop_(std::move(stop)) {
  std::lock_guard<std::mutex> lock(mutex);
  running.push_back(&stop_);
}

InterruptScope::~InterruptScope() {
  std::lock_guard<std::mutex> lock(mutex);
  running.erase(std::remove(running.begin(), running.end(), &stop_), running.end());
}

UnstoppableScope::UnstoppableScope() {
  unstoppable.fetch_add(1);
}

UnstoppableScope::~UnstoppableScope() {
  unstoppable.fetch_sub(1);
}

bool unstoppableCheckRunning() {
  return unstoppable.load() > 0;
}

LibraryCallScope::LibraryCallScope() {
  inLibrary.fetch_add(1);
}

LibraryCallScope::~LibraryCallScope() {
  inLibrary.fetch_sub(1);
}

bool solverLibraryCallRunning() {
  return inLibrary.load() > 0;
}

} // namespace locus::backends

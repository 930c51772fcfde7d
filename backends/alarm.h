// Alarm: runs an action on its own thread after a delay, unless destroyed first.
#pragma once

#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>

namespace locus::backends {

/// Runs `action` on a thread of its own `seconds` after construction (with `repeat`, every `seconds`),
/// unless destroyed before (the destructor then cancels it, or waits for an action already running). Stops
/// a solver from outside (Z3_interrupt), ends `locus verify` when a solver overruns its limit, and ticks
/// verify's progress line.
class Alarm {
public:
  /// `seconds` <= 0: never.
  Alarm(double seconds, std::function<void()> action, bool repeat = false) {
    if (seconds <= 0)
      return;
    thread_ = std::thread([this, seconds, repeat, action = std::move(action)] {
      std::unique_lock<std::mutex> lock(mutex_);
      do {
        if (cv_.wait_for(lock, std::chrono::duration<double>(seconds), [this] { return done_; }))
          return;
        fired_ = true;
        lock.unlock();
        action();
        lock.lock();
      } while (repeat);
    });
  }
  ~Alarm() {
    if (!thread_.joinable())
      return;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      done_ = true;
    }
    cv_.notify_all();
    thread_.join();
  }
  Alarm(const Alarm &) = delete;
  Alarm &operator=(const Alarm &) = delete;

  /// Whether the action ran (or is running).
  bool fired() {
    std::lock_guard<std::mutex> lock(mutex_);
    return fired_;
  }

private:
  std::mutex mutex_;
  std::condition_variable cv_;
  bool done_ = false, fired_ = false;
  std::thread thread_;
};

} // namespace locus::backends

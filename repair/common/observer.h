// The one observer interface every long computation reports through (the session's: session/README.md):
// progress, results as soon as they are found, and a cancellation token. It lives here, in the lowest layer
// whose results it carries, so that localization and repair methods can report through it; the session and
// the commands above implement it (live output, `--json` events, Ctrl-C, campaign executors).
#pragma once

#include <atomic>
#include <cstddef>
#include <string>

namespace locus::localize {
struct Result;
}
namespace locus::fix {
struct Repair;
}

namespace locus::repair {

struct Failure;

/// A flag any thread may raise to stop a computation at its next check (a signal handler may call `cancel`:
/// it only stores to a lock-free atomic).
class CancelToken {
public:
  void cancel() noexcept { flag_.store(true, std::memory_order_relaxed); }
  bool cancelled() const noexcept { return flag_.load(std::memory_order_relaxed); }
  /// Lowers the flag again (a session that goes on after the command a signal stopped).
  void reset() noexcept { flag_.store(false, std::memory_order_relaxed); }

private:
  std::atomic<bool> flag_{false};
};

/// What a computation reports while it runs. Every hook does nothing unless overridden; a hook is called on
/// the computing thread, in the order the results are found.
class Observer {
public:
  virtual ~Observer() = default;
  /// Progress of a stage ("mutants", "sets", "versions"): `done` of `total` (0: not known), at `label`.
  virtual void progress(const std::string &stage, size_t done, size_t total, const std::string &label) {}
  /// The failure a method explains or repairs, as soon as it is known.
  virtual void failure(const Failure &f) {}
  /// One localization result (a method on one failure) as soon as it is complete.
  virtual void localized(const localize::Result &r) {}
  /// One repair, verified from its patched source, as soon as it is found.
  virtual void repaired(const fix::Repair &r) {}
  /// The token the computation polls; nullptr: it cannot be cancelled.
  virtual const CancelToken *cancel() const { return nullptr; }
  /// Whether the computation should stop now (its token is raised).
  bool cancelled() const {
    const CancelToken *t = cancel();
    return t && t->cancelled();
  }
};

} // namespace locus::repair

// The memory and time limits of a command (limits.h).
#include "session/limits.h"

#include "session/error.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <sys/resource.h>
#include <unistd.h>

namespace locus::session {

namespace {

size_t limitMb = 0;

/// The bytes of address space mapped now (/proc/self/statm: the first field is the size in pages).
size_t mappedBytes() {
  std::ifstream in("/proc/self/statm");
  size_t pages = 0;
  in >> pages;
  return pages * static_cast<size_t>(sysconf(_SC_PAGESIZE));
}

} // namespace

void limitMemory(size_t mb) {
  rlimit now{};
  if (getrlimit(RLIMIT_AS, &now) != 0)
    usageError("--memory: the address-space limit cannot be read");
  rlim_t want = static_cast<rlim_t>(mappedBytes()) + static_cast<rlim_t>(mb) * (rlim_t(1) << 20);
  if (now.rlim_max != RLIM_INFINITY && want > now.rlim_max)
    want = now.rlim_max; // `ulimit -v` is tighter: it stays the limit
  rlimit lim{want, now.rlim_max};
  if (setrlimit(RLIMIT_AS, &lim) != 0)
    usageError("--memory: the address-space limit cannot be set");
  limitMb = mb;
}

size_t memoryLimit() {
  return limitMb;
}

std::string outOfMemoryMessage() {
  if (limitMb)
    return "out of memory (the limit of --memory " + std::to_string(limitMb) + " MB is used up)";
  return "out of memory (the machine's memory, or the limit of `ulimit -v`, is used up)";
}

std::string namingMemoryLimit(const std::string &reason) {
  if (!limitMb || reason.find("memory") == std::string::npos)
    return reason;
  return reason + " (the limit of --memory " + std::to_string(limitMb) + " MB)";
}

std::string checkTimeLimit(const std::string &text) {
  char *end = nullptr;
  double v = std::strtod(text.c_str(), &end);
  if (end == text.c_str() || *end != '\0' || !std::isfinite(v) || v < 0 || v > kMaxTimeLimitSeconds)
    return "expected a time limit in seconds from 0 (no limit) to 4294967, got '" + text + "'";
  return "";
}

std::string abandonedMessage(const std::string &solver, double seconds) {
  std::ostringstream out;
  out << "timeout: the solver (" << solver << ") did not stop at its time limit and was abandoned after "
      << seconds << " s";
  return out.str();
}

} // namespace locus::session

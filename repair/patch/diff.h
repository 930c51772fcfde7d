// Unified diffs of text files (line based, as `diff -u` prints them).
#pragma once

#include <string>

namespace locus::repair::patch {

/// The unified diff turning `before` into `after`, both shown as `path` (`--- path`, `+++ path`), with
/// `context` unchanged lines around each change (hunks closer than that are merged). Empty when the texts
/// are equal. A last line without a newline is marked `\ No newline at end of file`.
std::string unifiedDiff(const std::string &path, const std::string &before, const std::string &after,
                        unsigned context = 3);

} // namespace locus::repair::patch

// The candidate formats of `repair --method format` (format.cpp), for the method and its unit test.
#pragma once

#include <string>
#include <vector>

namespace locus::fix {

/// The edits of the print format `fmt` (the IR's format text) that the difference between a run's `output`
/// and the `expected` output suggests, in order: with their common prefix and suffix cut away, the text
/// expected there inserted at each place between the format's pieces (when nothing was printed instead),
/// or the text printed instead deleted or replaced where the format's literal text has it (differences of
/// at most 8 bytes); then every conversion with another field width, precision (0 … 6 for a float
/// conversion) or flags. `fmt` itself is never among them; the list may hold formats that do not parse.
std::vector<std::string> formatCandidates(const std::string &fmt, const std::string &output,
                                          const std::string &expected);

} // namespace locus::fix

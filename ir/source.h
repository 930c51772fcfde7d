// Source files and locations shared by every layer (front ends, IR, reports).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace locus {

/// A position in a source file: file index into a SourceManager (or an ir::Program's file table),
/// 1-based line and column. line == 0 means "no location".
struct SourceLoc {
  uint32_t file = 0;
  uint32_t line = 0;
  uint32_t col = 0;

  bool valid() const { return line != 0; }
  friend bool operator==(const SourceLoc &, const SourceLoc &) = default;
  /// Position order within one file (line, then column; the file is not compared).
  friend bool operator<(const SourceLoc &a, const SourceLoc &b) {
    return a.line != b.line ? a.line < b.line : a.col < b.col;
  }
};

/// A half-open range of source text: `begin` is the first character, `end` the position just after the
/// last one (a column may be one past the end of its line). Both lie in `begin.file`. Columns are byte
/// offsets + 1, as in SourceLoc. Invalid (no range) when either end is invalid.
struct SourceRange {
  SourceLoc begin;
  SourceLoc end;

  bool valid() const { return begin.valid() && end.valid(); }
  /// Whether `inner` lies within this range (both valid, same file).
  bool contains(const SourceRange &inner) const {
    return valid() && inner.valid() && begin.file == inner.begin.file && !(inner.begin < begin) &&
           !(end < inner.end);
  }
  friend bool operator==(const SourceRange &, const SourceRange &) = default;
};

/// Owns the text of every file read in one run, so diagnostics can quote source lines.
class SourceManager {
public:
  /// Reads a file from disk; returns its index, or nullopt if it cannot be read (see unreadable). The file
  /// is shown (in diagnostics, traces, the IR's file table) as `displayPath`, or as `path` when that is
  /// empty.
  std::optional<uint32_t> load(const std::string &path, const std::string &displayPath = {});
  /// Why `path` cannot be read as a source file ("no such file", "is a directory", "not a regular file",
  /// "permission denied", …), or nullopt if it can. Directories, devices and pipes are refused.
  static std::optional<std::string> unreadable(const std::string &path);
  /// Registers in-memory text under a display path (tests, fuzzing, stdin).
  uint32_t add(const std::string &path, std::string text);

  /// The name a file is shown as: the path given on the command line, `<stdlib>/list.gcl` for a file of the
  /// standard library.
  const std::string &path(uint32_t file) const { return files_.at(file).path; }
  /// Where a file was read from (the display path for in-memory text).
  const std::string &diskPath(uint32_t file) const { return files_.at(file).diskPath; }
  const std::string &text(uint32_t file) const { return files_.at(file).text; }
  size_t size() const { return files_.size(); }
  /// The text of line `line` (1-based) of `file` without its newline; empty if out of range.
  std::string_view lineText(uint32_t file, uint32_t line) const;
  /// Index of an already loaded file with this path, if any.
  std::optional<uint32_t> find(const std::string &path) const;
  /// The byte offset of (line, col) in `text` (col may be one past the end of its line); nullopt when the
  /// position is not in the text.
  static std::optional<size_t> offsetOf(std::string_view text, uint32_t line, uint32_t col);

private:
  struct File {
    std::string path;
    std::string diskPath;
    std::string text;
  };
  std::vector<File> files_;
};

} // namespace locus

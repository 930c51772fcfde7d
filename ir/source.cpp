// Source file storage and line lookup.
#include "ir/source.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

namespace locus {

std::optional<std::string> SourceManager::unreadable(const std::string &path) {
  struct stat st;
  if (::stat(path.c_str(), &st) != 0) {
    if (errno == ENOENT || errno == ENOTDIR)
      return "no such file";
    std::string why = std::strerror(errno);
    if (!why.empty())
      why[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(why[0])));
    return why;
  }
  if (S_ISDIR(st.st_mode))
    return "is a directory";
  if (!S_ISREG(st.st_mode))
    return "not a regular file";
  if (::access(path.c_str(), R_OK) != 0) {
    std::string why = std::strerror(errno);
    if (!why.empty())
      why[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(why[0])));
    return why;
  }
  return std::nullopt;
}

std::optional<uint32_t> SourceManager::load(const std::string &path, const std::string &displayPath) {
  if (unreadable(path))
    return std::nullopt;
  std::ifstream in(path, std::ios::binary);
  if (!in)
    return std::nullopt;
  std::ostringstream buf;
  buf << in.rdbuf();
  if (in.bad())
    return std::nullopt;
  files_.push_back({displayPath.empty() ? path : displayPath, path, buf.str()});
  return static_cast<uint32_t>(files_.size() - 1);
}

uint32_t SourceManager::add(const std::string &path, std::string text) {
  files_.push_back({path, path, std::move(text)});
  return static_cast<uint32_t>(files_.size() - 1);
}

std::string_view SourceManager::lineText(uint32_t file, uint32_t line) const {
  if (file >= files_.size() || line == 0)
    return {};
  std::string_view t = files_[file].text;
  size_t pos = 0;
  for (uint32_t l = 1; l < line; ++l) {
    pos = t.find('\n', pos);
    if (pos == std::string_view::npos)
      return {};
    ++pos;
  }
  size_t end = t.find('\n', pos);
  std::string_view s = t.substr(pos, end == std::string_view::npos ? t.size() - pos : end - pos);
  if (!s.empty() && s.back() == '\r')
    s.remove_suffix(1);
  return s;
}

std::optional<size_t> SourceManager::offsetOf(std::string_view text, uint32_t line, uint32_t col) {
  if (line == 0 || col == 0)
    return std::nullopt;
  size_t pos = 0;
  for (uint32_t l = 1; l < line; ++l) {
    pos = text.find('\n', pos);
    if (pos == std::string_view::npos)
      return std::nullopt;
    ++pos;
  }
  size_t eol = text.find('\n', pos);
  if (eol == std::string_view::npos)
    eol = text.size();
  if (col - 1 > eol - pos)
    return std::nullopt;
  return pos + col - 1;
}

std::optional<uint32_t> SourceManager::find(const std::string &path) const {
  for (size_t i = 0; i < files_.size(); ++i)
    if (files_[i].path == path)
      return static_cast<uint32_t>(i);
  return std::nullopt;
}

} // namespace locus

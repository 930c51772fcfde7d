// A fresh, uniquely named temporary directory for one unit test, removed with its contents at the end (tests
// run in parallel, also from several build trees, so fixed names would collide).
#pragma once

#include <stdlib.h>

#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

namespace locus::testing {

class TempDir {
public:
  /// Makes $TMPDIR/PREFIX-XXXXXX.
  explicit TempDir(const std::string &prefix = "locus-test") {
    std::string templ = (std::filesystem::temp_directory_path() / (prefix + "-XXXXXX")).string();
    std::vector<char> buf(templ.begin(), templ.end());
    buf.push_back('\0');
    if (!mkdtemp(buf.data()))
      throw std::runtime_error("cannot create a temporary directory from " + templ);
    dir_ = buf.data();
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(dir_, ec);
  }
  TempDir(const TempDir &) = delete;
  TempDir &operator=(const TempDir &) = delete;

  const std::filesystem::path &path() const { return dir_; }

private:
  std::filesystem::path dir_;
};

} // namespace locus::testing

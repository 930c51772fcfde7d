// Loads a GCL file and, transitively, its imports: each file once, imports before importers.
#include "frontend/gcl/loader.h"

#include <cstdlib>
#include <filesystem>
#include <map>

#ifndef LOCUS_STDLIB_DIR
#define LOCUS_STDLIB_DIR "stdlib"
#endif

namespace fs = std::filesystem;

namespace locus::gcl {
namespace {

std::string canonical(const std::string &path) {
  std::error_code ec;
  fs::path p = fs::weakly_canonical(fs::path(path), ec);
  if (ec)
    p = fs::absolute(fs::path(path), ec).lexically_normal();
  return ec ? path : p.string();
}

bool isRegularFile(const fs::path &p) {
  std::error_code ec;
  return fs::is_regular_file(p, ec);
}

/// `import "name";` (no slash, no .gcl) is a library import; anything else is a path.
bool isLibraryImport(const std::string &name) {
  bool hasSuffix = name.size() >= 4 && name.compare(name.size() - 4, 4, ".gcl") == 0;
  return !hasSuffix && name.find('/') == std::string::npos;
}

class Loader {
public:
  Loader(SourceManager &sm, Diagnostics &diags, const FrontendOptions &opts)
      : sm_(sm), diags_(diags), searchPath_(stdlibSearchPath(opts)) {}

  Unit run(uint32_t mainFile) {
    load(mainFile, canonical(sm_.path(mainFile)));
    return std::move(unit_);
  }

private:
  enum class State { Loading, Done };

  /// Resolves an import written in `fromFile`; empty if no such file exists.
  std::string resolve(const std::string &name, uint32_t fromFile) const {
    fs::path dir = fs::path(sm_.path(fromFile)).parent_path();
    if (name.empty())
      return {};
    if (!isLibraryImport(name)) {
      fs::path p(name);
      if (p.is_relative())
        p = dir / p;
      return isRegularFile(p) ? p.string() : std::string();
    }
    std::vector<fs::path> dirs{dir};
    for (const auto &d : searchPath_)
      dirs.emplace_back(d);
    for (const auto &d : dirs) {
      fs::path p = d / (name + ".gcl");
      if (isRegularFile(p))
        return p.string();
    }
    return {};
  }

  void load(uint32_t file, const std::string &key) {
    state_[key] = State::Loading;
    std::unique_ptr<Module> m = parseModule(file, sm_, diags_);
    for (const Import &imp : m->imports) {
      std::string found = resolve(imp.path, file);
      if (found.empty()) {
        diags_.error(imp.loc, "cannot find imported file '" + imp.path + "'");
        continue;
      }
      std::string k = canonical(found);
      auto it = state_.find(k);
      if (it != state_.end()) {
        if (it->second == State::Loading) {
          diags_.error(imp.loc, "import cycle: '" + imp.path + "' is already being imported");
          for (auto s = stack_.rbegin(); s != stack_.rend(); ++s)
            diags_.note(s->loc, "'" + s->path + "' imported here");
        }
        continue; // loaded once
      }
      std::optional<uint32_t> idx = sm_.load(found);
      if (!idx) {
        diags_.error(imp.loc, "cannot read imported file '" + imp.path + "'");
        state_[k] = State::Done;
        continue;
      }
      stack_.push_back(imp);
      load(*idx, k);
      stack_.pop_back();
    }
    state_[key] = State::Done;
    unit_.modules.push_back(std::move(m));
  }

  SourceManager &sm_;
  Diagnostics &diags_;
  std::vector<std::string> searchPath_;
  std::map<std::string, State> state_;
  std::vector<Import> stack_;
  Unit unit_;
};

} // namespace

std::vector<std::string> stdlibSearchPath(const FrontendOptions &opts) {
  std::vector<std::string> dirs = opts.importPath;
  bool fromEnv = false;
  if (const char *env = std::getenv("LOCUS_STDLIB"); env && *env) {
    std::string s = env;
    size_t start = 0;
    while (start <= s.size()) {
      size_t colon = s.find(':', start);
      std::string part = s.substr(start, colon == std::string::npos ? std::string::npos : colon - start);
      if (!part.empty()) {
        dirs.push_back(part);
        fromEnv = true;
      }
      if (colon == std::string::npos)
        break;
      start = colon + 1;
    }
  }
  if (!fromEnv)
    dirs.push_back(LOCUS_STDLIB_DIR);
  return dirs;
}

Unit loadUnitFromFile(uint32_t mainFile, SourceManager &sm, Diagnostics &diags, const FrontendOptions &opts) {
  return Loader(sm, diags, opts).run(mainFile);
}

std::optional<Unit> loadUnit(const std::string &path, SourceManager &sm, Diagnostics &diags,
                             const FrontendOptions &opts) {
  std::optional<uint32_t> file = sm.load(path);
  if (!file)
    return std::nullopt;
  return loadUnitFromFile(*file, sm, diags, opts);
}

} // namespace locus::gcl

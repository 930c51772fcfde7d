// Loads a GCL file and, transitively, its imports: each file once, imports before importers.
#include "frontend/gcl/loader.h"

#include <cstdlib>
#include <filesystem>
#include <map>

#ifndef LOCUS_STDLIB_DIR
#define LOCUS_STDLIB_DIR "stdlib"
#endif
#ifndef LOCUS_STDLIB_FROM_BIN
#define LOCUS_STDLIB_FROM_BIN "../share/locus/stdlib"
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

/// A file an import names: where to read it and how to show it.
struct Found {
  std::string disk, display;
};

class Loader {
public:
  Loader(SourceManager &sm, Diagnostics &diags, const FrontendOptions &opts)
      : sm_(sm), diags_(diags), importPath_(opts.importPath), stdlib_(standardLibraryDirs()) {}

  Unit run(uint32_t mainFile) {
    load(mainFile, canonical(sm_.diskPath(mainFile)));
    return std::move(unit_);
  }

private:
  enum class State { Loading, Done };

  /// Resolves an import written in `fromFile`; nullopt if no such file exists. A file next to the importer
  /// is shown relative to the importer's name, one on the import path under that directory, one of the
  /// standard library as `<stdlib>/NAME.gcl`.
  std::optional<Found> resolve(const std::string &name, uint32_t fromFile) const {
    fs::path dir = fs::path(sm_.diskPath(fromFile)).parent_path();
    fs::path shown = fs::path(sm_.path(fromFile)).parent_path();
    if (name.empty())
      return std::nullopt;
    if (!isLibraryImport(name)) {
      fs::path p(name);
      if (p.is_absolute())
        return isRegularFile(p) ? std::optional<Found>(Found{p.string(), p.string()}) : std::nullopt;
      return isRegularFile(dir / p) ? std::optional<Found>(Found{(dir / p).string(), (shown / p).string()})
                                    : std::nullopt;
    }
    std::string file = name + ".gcl";
    std::vector<std::pair<fs::path, fs::path>> dirs{{dir, shown}}; // (where, shown as)
    for (const std::string &d : importPath_)
      dirs.emplace_back(d, d);
    for (const std::string &d : stdlib_)
      dirs.emplace_back(d, "<stdlib>");
    for (const auto &[where, as] : dirs)
      if (isRegularFile(where / file))
        return Found{(where / file).string(), (as / file).string()};
    return std::nullopt;
  }

  void load(uint32_t file, const std::string &key) {
    state_[key] = State::Loading;
    std::unique_ptr<Module> m = parseModule(file, sm_, diags_);
    for (const Import &imp : m->imports) {
      std::optional<Found> found = resolve(imp.path, file);
      if (!found) {
        diags_.error(imp.loc, "cannot find imported file '" + imp.path + "'");
        continue;
      }
      std::string k = canonical(found->disk);
      auto it = state_.find(k);
      if (it != state_.end()) {
        if (it->second == State::Loading) {
          diags_.error(imp.loc, "import cycle: '" + imp.path + "' is already being imported");
          for (auto s = stack_.rbegin(); s != stack_.rend(); ++s)
            diags_.note(s->loc, "'" + s->path + "' imported here");
        }
        continue; // loaded once
      }
      std::optional<uint32_t> idx = sm_.load(found->disk, found->display);
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
  std::vector<std::string> importPath_, stdlib_;
  std::map<std::string, State> state_;
  std::vector<Import> stack_;
  Unit unit_;
};

} // namespace

std::vector<std::string> standardLibraryDirs() {
  std::vector<std::string> dirs;
  if (const char *env = std::getenv("LOCUS_STDLIB"); env && *env) {
    std::string s = env;
    size_t start = 0;
    while (start <= s.size()) {
      size_t colon = s.find(':', start);
      std::string part = s.substr(start, colon == std::string::npos ? std::string::npos : colon - start);
      if (!part.empty())
        dirs.push_back(part);
      if (colon == std::string::npos)
        break;
      start = colon + 1;
    }
    if (!dirs.empty())
      return dirs;
  }
  // An installed locus: PREFIX/bin/locus finds PREFIX/share/locus/stdlib.
  std::error_code ec;
  fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    fs::path installed = (exe.parent_path() / LOCUS_STDLIB_FROM_BIN).lexically_normal();
    if (fs::is_directory(installed, ec))
      return {installed.string()};
  }
  return {LOCUS_STDLIB_DIR};
}

std::vector<std::string> stdlibSearchPath(const FrontendOptions &opts) {
  std::vector<std::string> dirs = opts.importPath;
  for (std::string &d : standardLibraryDirs())
    dirs.push_back(std::move(d));
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

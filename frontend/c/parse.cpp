// The clang invocation: flags, resource directory, include path; clang's diagnostics become ours.
#include "frontend/c/internal.h"

#include <clang/Basic/Diagnostic.h>
#include <clang/Frontend/ASTUnit.h>
#include <clang/Tooling/Tooling.h>

#include <chrono>

namespace locus::c {

SourceLoc Locator::get(const clang::SourceManager &csm, clang::SourceLocation l) {
  if (l.isInvalid())
    return {};
  l = csm.getExpansionLoc(l);
  clang::PresumedLoc p = csm.getPresumedLoc(l, /*UseLineDirectives=*/false);
  if (p.isInvalid())
    return {};
  std::string name = p.getFilename();
  auto it = byName_.find(name);
  if (it == byName_.end()) {
    std::optional<uint32_t> idx = sm_.find(name);
    if (!idx)
      idx = sm_.load(name);
    if (!idx)
      idx = sm_.add(name, csm.getBufferData(csm.getFileID(l)).str());
    it = byName_.emplace(name, *idx).first;
  }
  return {it->second, p.getLine(), p.getColumn()};
}

namespace {

using Clock = std::chrono::steady_clock;
double since(Clock::time_point t) {
  return std::chrono::duration<double>(Clock::now() - t).count();
}

/// Forwards clang's errors (and the notes attached to them) to our Diagnostics; warnings are dropped.
class DiagForwarder : public clang::DiagnosticConsumer {
public:
  DiagForwarder(Locator &loc, Diagnostics &diags) : loc_(loc), diags_(diags) {}

  void HandleDiagnostic(clang::DiagnosticsEngine::Level level, const clang::Diagnostic &info) override {
    clang::DiagnosticConsumer::HandleDiagnostic(level, info);
    llvm::SmallString<256> text;
    info.FormatDiagnostic(text);
    SourceLoc where;
    if (info.hasSourceManager() && info.getLocation().isValid())
      where = loc_.get(info.getSourceManager(), info.getLocation());
    switch (level) {
    case clang::DiagnosticsEngine::Error:
    case clang::DiagnosticsEngine::Fatal:
      diags_.error(where, std::string(text));
      lastForwarded_ = true;
      break;
    case clang::DiagnosticsEngine::Note:
      if (lastForwarded_)
        diags_.note(where, std::string(text));
      break;
    default: lastForwarded_ = false; break;
    }
  }

private:
  Locator &loc_;
  Diagnostics &diags_;
  bool lastForwarded_ = false;
};

std::optional<ir::Program> compileLoaded(uint32_t file, SourceManager &sm, Diagnostics &diags,
                                         const Options &opts, PhaseTimes *times) {
  std::vector<std::string> args = {"-x",
                                   "c",
                                   "-std=c11",
                                   "-w",
                                   "-ferror-limit=20",
                                   "-fno-color-diagnostics",
                                   "-resource-dir",
                                   LOCUS_CLANG_RESOURCE_DIR};
  for (const std::string &dir : opts.includeDirs) {
    args.push_back("-I");
    args.push_back(dir);
  }
  Locator locator(sm);
  DiagForwarder forward(locator, diags);
  size_t errorsBefore = diags.errorCount();
  auto t0 = Clock::now();
  // Copy the path and text: the forwarder may add files to `sm` while clang runs.
  std::string path = sm.path(file), text = sm.text(file);
  std::unique_ptr<clang::ASTUnit> ast = clang::tooling::buildASTFromCodeWithArgs(
      text, args, path, "locus-cc", std::make_shared<clang::PCHContainerOperations>(),
      clang::tooling::getClangStripDependencyFileAdjuster(), clang::tooling::FileContentMappings(), &forward);
  if (times)
    times->parseSeconds = since(t0);
  if (!ast || forward.getNumErrors() > 0 || diags.errorCount() > errorsBefore) {
    if (diags.errorCount() == errorsBefore)
      diags.error({}, "clang could not parse '" + path + "'");
    return std::nullopt;
  }
  t0 = Clock::now();
  std::optional<ir::Program> prog = lowerUnit(ast->getASTContext(), locator, diags);
  if (times)
    times->lowerSeconds = since(t0);
  return prog;
}

} // namespace

std::optional<ir::Program> compileFile(const std::string &path, SourceManager &sm, Diagnostics &diags,
                                       const Options &opts, PhaseTimes *times) {
  std::optional<uint32_t> file = sm.find(path);
  if (!file)
    file = sm.load(path);
  if (!file) {
    diags.error({}, "cannot read '" + path + "'");
    return std::nullopt;
  }
  return compileLoaded(*file, sm, diags, opts, times);
}

std::optional<ir::Program> compileText(const std::string &displayPath, std::string text, SourceManager &sm,
                                       Diagnostics &diags, const Options &opts, PhaseTimes *times) {
  uint32_t file = sm.add(displayPath, std::move(text));
  return compileLoaded(file, sm, diags, opts, times);
}

} // namespace locus::c

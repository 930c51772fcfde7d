// The clang invocation: flags, resource directory, include path; clang's diagnostics become ours.
#include "frontend/c/internal.h"
#include "frontend/c/pragma.h"

#include <clang/Basic/Diagnostic.h>
#include <clang/Frontend/ASTUnit.h>
#include <clang/Tooling/Tooling.h>

#include <pthread.h>

#include <chrono>
#include <exception>

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

/// The longest chains of prefix operators, and of conditional and assignment operators, accepted before
/// clang runs (its parser and our lowering recurse on them; brackets are limited by clang itself, to 256).
constexpr int kMaxPrefix = 1000, kMaxChain = 10000;

/// A located error for source text that nests prefix operators (`!!!…x`, `- - -x`, casts), `?:` or `=`
/// chains more than kMaxChain deep, found by a lexical scan before clang parses (which would overflow its
/// stack on them). Comments, strings, character constants and preprocessor lines are skipped.
bool prescan(uint32_t file, const std::string &text, Diagnostics &diags) {
  struct Level {
    int conditional = 0; ///< `?` and assignment operators of the current expression at this bracket level
    int prefix = 0;      ///< the prefix operators before the bracket that opened this level
  };
  std::vector<Level> levels(1);
  int prefix = 0;          // prefix operators since the last operand
  bool operandEnd = false; // the previous token ends an operand (so `-` is binary)
  uint32_t line = 1, col = 1;
  size_t i = 0, n = text.size();
  auto advance = [&](size_t k) {
    for (size_t j = 0; j < k && i < n; ++j, ++i) {
      if (text[i] == '\n') {
        ++line;
        col = 1;
      } else {
        ++col;
      }
    }
  };
  bool lineStart = true;
  while (i < n) {
    char c = text[i];
    if (c == '\n') {
      lineStart = true;
      advance(1);
      continue;
    }
    if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
      advance(1);
      continue;
    }
    if (lineStart && c == '#') { // a preprocessor line (with continuations)
      while (i < n && text[i] != '\n')
        advance(text[i] == '\\' && i + 1 < n ? 2 : 1);
      continue;
    }
    lineStart = false;
    if (c == '/' && i + 1 < n && text[i + 1] == '/') {
      while (i < n && text[i] != '\n')
        advance(1);
      continue;
    }
    if (c == '/' && i + 1 < n && text[i + 1] == '*') {
      advance(2);
      while (i < n && !(text[i] == '*' && i + 1 < n && text[i + 1] == '/'))
        advance(1);
      advance(2);
      continue;
    }
    SourceLoc at{file, line, col};
    if (c == '"' || c == '\'') {
      advance(1);
      while (i < n && text[i] != c && text[i] != '\n')
        advance(text[i] == '\\' ? 2 : 1);
      advance(1);
      operandEnd = true;
      prefix = 0;
      continue;
    }
    if (std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.') {
      while (i < n && (std::isalnum(static_cast<unsigned char>(text[i])) || text[i] == '_' || text[i] == '.'))
        advance(1);
      operandEnd = true;
      prefix = 0;
      continue;
    }
    std::string two = text.substr(i, 2);
    int len = two == "++" || two == "--" || two == "&&" || two == "||" || two == "<<" || two == ">>" ||
                      two == "->" || two == "==" || two == "!=" || two == "<=" || two == ">=" ||
                      (two.size() == 2 && two[1] == '=' &&
                       std::string("+-*/%&|^").find(two[0]) != std::string::npos)
                  ? 2
                  : 1;
    std::string tok = text.substr(i, static_cast<size_t>(len));
    advance(static_cast<size_t>(len));
    bool tooDeep = false;
    if (tok == "(" || tok == "[" || tok == "{") {
      levels.push_back(Level{0, tok == "(" ? prefix : 0});
      operandEnd = false;
    } else if (tok == ")" || tok == "]" || tok == "}") {
      // `(T)` may be a cast: one more prefix operator than before it (an operator after `)` is binary and
      // resets the count anyway).
      int before = levels.back().prefix;
      if (levels.size() > 1)
        levels.pop_back();
      operandEnd = tok != "}";
      prefix = tok == ")" ? before + 1 : 0;
      tooDeep = prefix > kMaxPrefix;
    } else if (tok == ";" || tok == ",") {
      levels.back() = Level{};
      prefix = 0;
      operandEnd = false;
    } else if (tok == "?" || (tok.size() <= 3 && tok.back() == '=' && tok != "==" && tok != "!=" &&
                              tok != "<=" && tok != ">=")) {
      tooDeep = ++levels.back().conditional > kMaxChain;
      prefix = 0;
      operandEnd = false;
    } else if (tok == "!" || tok == "~" ||
               (!operandEnd &&
                (tok == "-" || tok == "+" || tok == "*" || tok == "&" || tok == "++" || tok == "--"))) {
      tooDeep = ++prefix > kMaxPrefix;
    } else {
      prefix = 0;
      operandEnd = false;
    }
    if (tooDeep) {
      diags.error(at, prefix > kMaxPrefix
                          ? "expression nested too deeply (more than " + std::to_string(kMaxPrefix) +
                                " prefix operators or casts in a row)"
                          : "expression nested too deeply (more than " + std::to_string(kMaxChain) +
                                " conditional or assignment operators in a row)");
      return false;
    }
  }
  return true;
}

std::optional<ir::Program> compileLoaded(uint32_t file, SourceManager &sm, Diagnostics &diags,
                                         const Options &opts, PhaseTimes *times) {
  if (!prescan(file, sm.text(file), diags))
    return std::nullopt;
  std::vector<std::string> args = {"-x",
                                   "c",
                                   "-std=c11",
                                   "-w",
                                   "-D__NO_CTYPE", // <ctype.h>'s functions as calls, not glibc's table macros
                                   // clang 14 crashes on a scanf-family call with fewer arguments than its
                                   // format's `%Ns`/`%Nc` (its fortify check reads a missing argument: LLVM
                                   // issue 62927, found by our fuzzer). As plain library functions they skip
                                   // that check; io.cpp checks a format against its arguments itself.
                                   "-fno-builtin-scanf",
                                   "-fno-builtin-fscanf",
                                   "-fno-builtin-sscanf",
                                   "-ferror-limit=" + std::to_string(diags.errorLimit()),
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
  std::string path = sm.path(file), text = UnwindPragmas::clangText(sm.text(file));
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

/// f() on a thread with a 256 MB stack (address space; only the pages touched are used): clang's parser
/// and the lowering recurse on the program's nesting, which the limits above keep far below this, even in
/// the sanitizer build. Falls back to the calling thread if no thread can be made.
template <typename F> std::optional<ir::Program> onBigStack(F f) {
  struct Job {
    F *f;
    std::optional<ir::Program> result;
    std::exception_ptr error;
  } job{&f, std::nullopt, nullptr};
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setstacksize(&attr, size_t(256) << 20);
  pthread_t thread;
  auto run = +[](void *p) -> void * {
    auto *j = static_cast<Job *>(p);
    try {
      j->result = (*j->f)();
    } catch (...) {
      j->error = std::current_exception();
    }
    return nullptr;
  };
  bool started = pthread_create(&thread, &attr, run, &job) == 0;
  pthread_attr_destroy(&attr);
  if (!started)
    return f();
  pthread_join(thread, nullptr);
  if (job.error)
    std::rethrow_exception(job.error);
  return std::move(job.result);
}

} // namespace

std::optional<ir::Program> compileFile(const std::string &path, SourceManager &sm, Diagnostics &diags,
                                       const Options &opts, PhaseTimes *times) {
  std::optional<uint32_t> file = sm.find(path);
  if (!file)
    file = sm.load(path);
  if (!file) {
    diags.error({}, "cannot read '" + path + "': " + SourceManager::unreadable(path).value_or("read error"));
    return std::nullopt;
  }
  return onBigStack([&] { return compileLoaded(*file, sm, diags, opts, times); });
}

std::optional<ir::Program> compileText(const std::string &displayPath, std::string text, SourceManager &sm,
                                       Diagnostics &diags, const Options &opts, PhaseTimes *times) {
  uint32_t file = sm.add(displayPath, std::move(text));
  return onBigStack([&] { return compileLoaded(file, sm, diags, opts, times); });
}

} // namespace locus::c

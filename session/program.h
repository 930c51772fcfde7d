// The program a command works on: the user's file compiled (GCL or C, with its imports or include
// directories), the entry procedure, and the specifications given beside it — a reference program (and the
// product with it), a test suite and how its outputs compare, a fixed standard input.
#pragma once

#include "frontend/source.h"
#include "ir/diagnostics.h"
#include "ir/ir.h"
#include "ir/product.h"
#include "repair/common/suite.h"

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace locus::session {

/// Where the program comes from.
struct Source {
  std::string file;                    ///< a .gcl or .c file, as given
  std::vector<std::string> importPath; ///< -I: `import` directories (GCL), `#include` directories (C)
  size_t maxErrors = 20;               ///< stop after this many errors (0: no limit)
};

/// A compiled file with the text and the diagnostics of its front end. Not movable: the diagnostics refer
/// to the source manager.
struct Loaded {
  Loaded() = default;
  Loaded(const Loaded &) = delete;
  Loaded &operator=(const Loaded &) = delete;

  SourceManager sm;
  Diagnostics diags{sm};
  std::optional<ir::Program> prog; ///< nullopt: an error was reported in `diags`
  frontend::Timings timings;
};

/// Compiles `src` (one pipeline for every command, frontend::compileSource). A file that cannot be read is a
/// usage error (throws session::Error); a file that does not compile leaves `prog` empty, with the reason in
/// the diagnostics.
std::unique_ptr<Loaded> load(const Source &src);

/// The index of procedure `name` (a test only with `allowTests`); a usage error naming the procedures there
/// are when missing.
uint32_t entryIndex(const ir::Program &prog, const std::string &name, const std::string &file,
                    bool allowTests = false);

/// The specifications people already have: a reference program, a test suite (docs/localize.md).
struct SpecSource {
  std::string reference;      ///< --reference REF.c|REF.gcl
  std::string referenceEntry; ///< --reference-entry (default: the same name as the entry)
  std::string tests;          ///< --tests PATH (a suite file or directory)
  std::string compare = "exact";
};

/// A compiled reference program and its entry.
struct Reference {
  std::unique_ptr<Loaded> loaded; ///< its diagnostics are the caller's to show
  uint32_t entry = ir::kNone;
  const ir::Program &prog() const { return *loaded->prog; }
};
/// Compiles spec.reference (with `importPath`) and finds its entry (spec.referenceEntry, else `entryName`).
/// A reference that cannot be read or does not compile, or has no such procedure, is a usage error; the
/// diagnostics are kept in the result, or handed to `diagnostics` before the error is thrown.
Reference loadReference(const SpecSource &spec, const std::vector<std::string> &importPath,
                        const std::string &entryName,
                        const std::function<void(const Diagnostics &)> &diagnostics);

/// The product of the program with the reference (ir/product.h); a usage error when they do not fit.
ir::Product productWith(const ir::Program &prog, uint32_t entry, const ir::Program &ref, uint32_t refEntry);

repair::Compare compareOf(const SpecSource &s);
/// Loads spec.tests (a usage error when it cannot be read).
repair::Suite loadTests(const SpecSource &s);

/// A suite run on the program: the tests (those whose name contains `filter`, when given) and each one's
/// result against the reference (`spec.reference`, compiled with `importPath`; its diagnostics go to
/// `diagnostics`) or the suite's expected outputs. Indeterminate values come from `io.seed`, 0 when unset.
struct SuiteRun {
  repair::Suite suite;
  std::vector<repair::SuiteResult> results;
};
SuiteRun runSuite(const ir::Program &prog, uint32_t entry, const std::string &file, const SpecSource &spec,
                  const std::vector<std::string> &importPath, const std::string &filter, ir::InterpOptions io,
                  const std::function<void(const Diagnostics &)> &diagnostics);

/// The declared tests `locus test` runs: those of `file` (or every one with `all`) whose name contains
/// `filter`, in declaration order.
std::vector<uint32_t> declaredTestsToRun(const ir::Program &prog, const std::string &file, bool all,
                                         const std::string &filter);

/// The bytes of a file (`option`: the option that named it, for the usage error when it cannot be read).
std::string readFile(const std::string &path, const std::string &option);

/// The command line of a command-line entry's arguments as text ("3 -1 7"), or "" when it is none.
std::string commandLineText(const ir::Program &prog, uint32_t entry, const std::vector<ir::Value> &args);

} // namespace locus::session

// Loading the program and its specifications (program.h).
#include "session/program.h"

#include "session/error.h"

#include <filesystem>
#include <fstream>
#include <sstream>

namespace locus::session {

std::unique_ptr<Loaded> load(const Source &src) {
  if (std::optional<std::string> why = SourceManager::unreadable(src.file))
    usageError("cannot read '" + src.file + "': " + *why);
  auto l = std::make_unique<Loaded>();
  l->diags.setErrorLimit(src.maxErrors);
  frontend::Options fo;
  fo.importPath = src.importPath;
  l->prog = frontend::compileSource(src.file, l->sm, l->diags, fo, &l->timings);
  return l;
}

uint32_t entryIndex(const ir::Program &prog, const std::string &name, const std::string &file,
                    bool allowTests) {
  uint32_t entry = prog.procIndex(name);
  if (entry != ir::kNone && (allowTests || !prog.procs[entry].isTest))
    return entry;
  std::string names;
  for (const ir::Procedure &p : prog.procs)
    if (!p.isTest)
      names += (names.empty() ? "" : ", ") + p.name;
  usageError("no procedure '" + name + "' in " + file +
             (names.empty() ? "" : " (procedures: " + names + ")") + "; choose one with --entry");
}

Reference loadReference(const SpecSource &spec, const std::vector<std::string> &importPath,
                        const std::string &entryName,
                        const std::function<void(const Diagnostics &)> &diagnostics) {
  if (std::optional<std::string> why = SourceManager::unreadable(spec.reference))
    usageError("--reference: cannot read '" + spec.reference + "': " + *why);
  Reference r;
  r.loaded = load(Source{spec.reference, importPath, 20});
  if (diagnostics)
    diagnostics(r.loaded->diags);
  if (!r.loaded->prog)
    usageError("--reference: '" + spec.reference + "' does not compile");
  std::string name = spec.referenceEntry.empty() ? entryName : spec.referenceEntry;
  const ir::Program &ref = *r.loaded->prog;
  r.entry = ref.procIndex(name);
  if (r.entry == ir::kNone || ref.procs[r.entry].isTest)
    usageError("--reference: no procedure '" + name + "' in " + spec.reference +
               " (choose one with --reference-entry)");
  return r;
}

ir::Product productWith(const ir::Program &prog, uint32_t entry, const ir::Program &ref, uint32_t refEntry) {
  std::string err;
  std::optional<ir::Product> p = ir::makeProduct(prog, entry, ref, refEntry, err);
  if (!p)
    usageError("--reference: " + err);
  return std::move(*p);
}

repair::Compare compareOf(const SpecSource &s) {
  repair::Compare c = repair::Compare::Exact;
  repair::parseCompare(s.compare, c);
  return c;
}

repair::Suite loadTests(const SpecSource &s) {
  std::string err;
  std::optional<repair::Suite> suite = repair::loadSuite(s.tests, err);
  if (!suite)
    usageError("--tests: " + err);
  return std::move(*suite);
}

SuiteRun runSuite(const ir::Program &prog, uint32_t entry, const std::string &file, const SpecSource &spec,
                  const std::vector<std::string> &importPath, const std::string &filter, ir::InterpOptions io,
                  const std::function<void(const Diagnostics &)> &diagnostics) {
  SuiteRun run;
  run.suite = loadTests(spec);
  if (!filter.empty()) // --filter: only the suite's tests whose name contains it
    std::erase_if(run.suite.tests,
                  [&](const repair::SuiteTest &t) { return t.name.find(filter) == std::string::npos; });
  std::optional<Reference> ref;
  if (!spec.reference.empty())
    ref = loadReference(spec, importPath, prog.procs[entry].name, diagnostics);
  if (!io.seed)
    io.seed = 0; // indeterminate values (uninitialized locals) come from a seed, so runs are reproducible
  repair::RunTarget target{&prog, entry, file};
  repair::RunTarget refTarget{ref ? &ref->prog() : nullptr, ref ? ref->entry : ir::kNone, spec.reference};
  run.results = repair::runSuite(target, run.suite, ref ? &refTarget : nullptr, compareOf(spec), io);
  return run;
}

std::vector<uint32_t> declaredTestsToRun(const ir::Program &prog, const std::string &file, bool all,
                                         const std::string &filter) {
  std::vector<uint32_t> tests;
  std::error_code ec;
  for (uint32_t i = 0; i < prog.procs.size(); ++i) {
    const ir::Procedure &p = prog.procs[i];
    if (!p.isTest || (!filter.empty() && p.name.find(filter) == std::string::npos))
      continue;
    bool inFile =
        p.loc.file < prog.files.size() &&
        (prog.files[p.loc.file] == file || std::filesystem::equivalent(prog.files[p.loc.file], file, ec));
    if (all || inFile)
      tests.push_back(i);
  }
  return tests;
}

std::string readFile(const std::string &path, const std::string &option) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    usageError(option + ": cannot read '" + path + "'");
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::string commandLineText(const ir::Program &prog, uint32_t entry, const std::vector<ir::Value> &args) {
  if (!repair::isCommandLineEntry(prog, entry) || args.empty())
    return "";
  std::string out;
  int64_t argc = args[0].i.toInt64().value_or(0);
  for (int64_t k = 1; k < argc && static_cast<size_t>(k + 1) < args.size(); ++k)
    out += (out.empty() ? "" : " ") + ir::toString(args[k + 1]);
  return out;
}

} // namespace locus::session

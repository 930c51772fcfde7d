// Preparing a repair (repair.h).
#include "session/repair.h"

#include "repair/localize/localize.h"
#include "repair/mutation/mutation.h"
#include "session/error.h"
#include "session/failure.h"

namespace locus::session {

RepairSubject prepareRepair(const Source &src, const Bounds &bounds, const std::string &entry,
                            const SpecSource &specs, const std::string &solver,
                            const std::function<void(const Diagnostics &)> &diagnostics) {
  RepairSubject s;
  s.loaded = load(src);
  if (diagnostics)
    diagnostics(s.loaded->diags);
  if (!s.loaded->prog)
    return s;
  const ir::Program &prog = *s.loaded->prog;
  uint32_t entryIdx = entryIndex(prog, entry, src.file);
  s.spec.mainFile = src.file;
  s.spec.importPath = src.importPath;
  s.spec.entry = entry;
  if (!specs.reference.empty()) {
    s.reference = loadReference(specs, src.importPath, entry, diagnostics);
    productWith(prog, entryIdx, s.reference->prog(),
                s.reference->entry); // a usage error when they do not fit
    s.spec.reference = &s.reference->prog();
    s.spec.referenceEntry = s.reference->prog().procs[s.reference->entry].name;
  }
  s.spec.verify.solver = solver;
  s.spec.verify.encode = encodeOptions(bounds, prog, src.file);
  if (!specs.tests.empty()) {
    s.suite = std::make_unique<repair::Suite>(loadTests(specs));
    s.spec.suite = s.suite.get();
    s.spec.compare = compareOf(specs);
    s.spec.referenceName = specs.reference;
    ir::InterpOptions io;
    io.ints = s.spec.verify.encode.ints;
    io.seed = 0;
    repair::RunTarget target{&prog, entryIdx, src.file};
    repair::RunTarget ref{s.spec.reference, s.reference ? s.reference->entry : ir::kNone, specs.reference};
    std::vector<repair::SuiteResult> results =
        repair::runSuite(target, *s.suite, s.reference ? &ref : nullptr, s.spec.compare, io);
    bool fails = false;
    for (size_t k = 0; k < results.size(); ++k) {
      if (results[k].status == repair::SuiteResult::Status::Skipped)
        s.leftOut.push_back(s.suite->tests[k].name + " of " + s.suite->path + ": " + results[k].message);
      fails |= results[k].status == repair::SuiteResult::Status::Fail;
    }
    if (!results.empty() && s.leftOut.size() == results.size())
      usageError("--tests: no test of " + s.suite->path + " is left: the reference does not end ok on any");
    s.spec.suiteDecides = fails; // a program that passes the suite: the bounded verification decides
  }
  return s;
}

std::optional<std::unordered_set<uint32_t>> repairProcedures(const ir::Program &prog,
                                                             const std::string &procs) {
  if (procs.empty())
    return std::nullopt;
  if (procs != "all")
    return namedProcedures(prog, procs);
  std::unordered_set<uint32_t> out;
  for (uint32_t k = 0; k < prog.procs.size(); ++k)
    if (!prog.procs[k].isTest)
      out.insert(k);
  return out;
}

std::unordered_set<uint32_t> defaultProcedures(const ir::Program &prog, const std::string &mainFile,
                                               const std::string &entry) {
  if (repair::mutation::isTestDriver(prog, mainFile, entry)) {
    std::vector<uint32_t> under = repair::mutation::defaultProcsUnderTest(prog, mainFile, entry);
    return {under.begin(), under.end()};
  }
  std::unordered_set<uint32_t> own = localize::ownProcedures(prog, mainFile);
  uint32_t e = prog.procIndex(entry);
  if (e != ir::kNone && prog.procs[e].isTest) // a test runs a driver (`test t { main(); }`): not under test
    std::erase_if(
        own, [&](uint32_t k) { return repair::mutation::isTestDriver(prog, mainFile, prog.procs[k].name); });
  return own;
}

} // namespace locus::session

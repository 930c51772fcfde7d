// Preparing a repair (repair.h).
#include "session/repair.h"

#include "repair/localize/localize.h"
#include "repair/mutation/mutation.h"
#include "session/error.h"
#include "session/failure.h"
#include "session/interrupt.h"
#include "session/render.h"

#include "ir/analysis.h"

#include <algorithm>
#include <functional>
#include <ostream>

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

std::unordered_set<uint32_t> proceduresUnderTest(const ir::Program &prog, const std::string &mainFile,
                                                 const std::string &entry) {
  std::unordered_set<uint32_t> procs = defaultProcedures(prog, mainFile, entry);
  std::unordered_set<uint32_t> builders = inputBuilders(prog, mainFile, entry);
  if (builders.size() < procs.size())
    for (uint32_t k : builders)
      procs.erase(k);
  return procs;
}

std::unordered_set<uint32_t> inputBuilders(const ir::Program &prog, const std::string &mainFile,
                                           const std::string &entry,
                                           const std::unordered_set<uint32_t> &named) {
  std::unordered_set<uint32_t> own = localize::ownProcedures(prog, mainFile);
  auto isDriver = [&](uint32_t k) {
    return repair::mutation::isTestDriver(prog, mainFile, prog.procs[k].name);
  };
  std::vector<uint32_t> drivers;
  uint32_t e = prog.procIndex(entry);
  if (e == ir::kNone)
    return {};
  if (prog.procs[e].isTest) {
    drivers.push_back(e);
    for (uint32_t k : own)
      if (isDriver(k))
        drivers.push_back(k);
  } else if (isDriver(e)) {
    drivers.push_back(e);
  } else {
    return {};
  }
  std::unordered_set<ir::StmtId> spec = ir::specificationStatements(prog, &named);
  std::vector<std::vector<uint32_t>> callees(prog.procs.size()), callers(prog.procs.size());
  for (uint32_t k = 0; k < prog.procs.size(); ++k)
    ir::forEachStmt(prog.procs[k].body, [&](const ir::Stmt &s) {
      if (s.kind == ir::Stmt::Call && s.callee < prog.procs.size() && !spec.count(s.id)) {
        callees[k].push_back(s.callee);
        callers[s.callee].push_back(k);
      }
    });
  // What the code under test reaches: the callee of each driver's last call, and what that calls.
  std::unordered_set<uint32_t> reached;
  std::function<void(uint32_t)> reach = [&](uint32_t k) {
    if (reached.insert(k).second)
      for (uint32_t c : callees[k])
        reach(c);
  };
  std::unordered_set<uint32_t> driverSet(drivers.begin(), drivers.end());
  for (uint32_t d : drivers)
    if (!callees[d].empty())
      reach(callees[d].back());
  std::unordered_set<uint32_t> out;
  for (uint32_t d : drivers)
    for (uint32_t c : callees[d])
      if (own.count(c) && !reached.count(c) && !named.count(c) && !driverSet.count(c))
        out.insert(c);
  // What a builder calls builds inputs too, unless the code under test reaches it.
  std::vector<uint32_t> todo(out.begin(), out.end());
  while (!todo.empty()) {
    uint32_t k = todo.back();
    todo.pop_back();
    for (uint32_t c : callees[k])
      if (own.count(c) && !reached.count(c) && !named.count(c) && !driverSet.count(c) && out.insert(c).second)
        todo.push_back(c);
  }
  // Only drivers and builders may call a builder.
  bool changed = true;
  while (changed) {
    changed = false;
    for (auto it = out.begin(); it != out.end();) {
      bool ok = std::all_of(callers[*it].begin(), callers[*it].end(),
                            [&](uint32_t c) { return driverSet.count(c) || out.count(c); });
      if (ok) {
        ++it;
      } else {
        it = out.erase(it);
        changed = true;
      }
    }
  }
  return out;
}

const fix::Method *chosenMethod(const RepairRequest &req) {
  const fix::Method *m = fix::findMethod(req.method);
  if (!m)
    usageError("unknown method '" + req.method + "' (methods: " + repair::methodNames(fix::methods()) + ")");
  if (req.timeout < 0 || !(req.timeout < 1e7))
    usageError("--timeout: expected a number of seconds in [0, 1e7)");
  if (std::string err = fix::checkOptions(req.methodOptions); !err.empty())
    usageError(err);
  return m;
}

fix::Options repairOptions(const RepairRequest &req, const ir::Program &prog) {
  fix::Options fo;
  fo.solver = req.solver;
  fo.timeoutMs = static_cast<unsigned>(req.timeout * 1000);
  fo.maxRepairs = req.max ? req.max : req.all ? 10 : 1;
  fo.given = req.methodOptions;
  fo.procs = repairProcedures(prog, req.procs);
  if (fo.procs)
    fo.named = *fo.procs;
  if (!fo.procs)
    fo.procs = proceduresUnderTest(prog, req.src.file, req.entry);
  return fo;
}

int repairExit(const fix::Result &r) {
  switch (r.status) {
  case fix::Status::Repaired: return Exit::Violated;
  case fix::Status::NoFailure: return Exit::Ok;
  case fix::Status::NotRepaired:
  case fix::Status::Unknown: return Exit::Unknown;
  case fix::Status::Error: return r.message.rfind("internal", 0) == 0 ? Exit::Internal : Exit::InputError;
  }
  return Exit::Internal;
}

std::string entryRepairProcs(const ir::Program &prog, const std::string &file, const std::string &entry,
                             const fix::Result &r) {
  uint32_t e = prog.procIndex(entry);
  std::vector<uint32_t> under = repair::mutation::defaultProcsUnderTest(prog, file, entry);
  if (e == ir::kNone || r.repairs.empty() || std::find(under.begin(), under.end(), e) != under.end())
    return "";
  ir::StmtIndex index(prog);
  for (const fix::Repair &x : r.repairs) {
    if (x.edits.empty()) // composed of several programs' edits (auto): not told by its statements
      return "";
    for (const repair::patch::Edit &edit : x.edits)
      if (index.procOf(edit.stmt) != e)
        return "";
  }
  std::unordered_set<ir::StmtId> spec = ir::specificationStatements(prog);
  std::string names;
  for (uint32_t k : under) {
    bool helper = !prog.procs[k].body.empty(); // a check's helper is no code under test
    ir::forEachStmt(prog.procs[k].body, [&](const ir::Stmt &s) { helper = helper && spec.count(s.id); });
    if (!helper)
      names += (names.empty() ? "" : ",") + prog.procs[k].name;
  }
  return names;
}

void LiveRepair::failure(const repair::Failure &f) {
  std::lock_guard<std::mutex> lock(mutex_);
  failure_ = f;
  if (!os_)
    return;
  render::printFailure(*os_, prog_, f);
  header();
}

void LiveRepair::repaired(const fix::Repair &r) {
  std::lock_guard<std::mutex> lock(mutex_);
  found_.push_back(r);
  if (!os_)
    return;
  header();
  render::printRepair(*os_, ++shown_, r, problem_->spec);
  os_->flush();
}

const repair::CancelToken *LiveRepair::cancel() const {
  return &interruptToken();
}

void LiveRepair::finish(const fix::Result &r) {
  if (!os_)
    return;
  std::ostream &os = *os_;
  if (!headerShown_ && r.failure)
    render::printFailure(os, prog_, *r.failure);
  header();
  for (size_t k = shown_; k < r.repairs.size(); ++k)
    render::printRepair(os, k + 1, r.repairs[k], problem_->spec);
  if (!r.repairs.empty())
    os << "\n";
  render::printRepairVerdict(os, r, out_, req_.entry, entryRepairProcs(prog_, req_.src.file, req_.entry, r));
  if (stats_)
    for (const auto &[k, v] : r.stats)
      os << "stats: " << k << " " << v << "\n";
}

fix::Result LiveRepair::abandon(const std::string &message, double seconds) {
  std::lock_guard<std::mutex> lock(mutex_);
  fix::Result r;
  r.method = method_.name();
  r.solver = req_.solver;
  r.status = found_.empty() ? fix::Status::Unknown : fix::Status::Repaired;
  r.message = message;
  r.failure = failure_;
  r.repairs = found_;
  r.seconds = seconds;
  if (os_) { // everything found was printed as it came (repaired, failure): the verdict only
    if (!found_.empty())
      *os_ << "\n";
    render::printRepairVerdict(*os_, r, out_, req_.entry,
                               entryRepairProcs(prog_, req_.src.file, req_.entry, r));
    if (!found_.empty())
      *os_ << message << ": the answer above is what was found so far\n";
    os_->flush();
  }
  return r;
}

void LiveRepair::header() {
  if (headerShown_)
    return;
  headerShown_ = true;
  std::ostream &os = *os_;
  os << "method: " << method_.name();
  if (std::string config = problem_ ? method_.describe(*problem_) : ""; !config.empty())
    os << " (" << config << ")";
  os << " on " << req_.solver << ", unwind " << req_.bounds.unwind << "\n";
  os.flush();
}

} // namespace locus::session

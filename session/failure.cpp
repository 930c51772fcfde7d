// Choosing the failure to explain (failure.h).
#include "session/failure.h"

#include "repair/common/suite.h"
#include "session/error.h"
#include "session/values.h"

#include <algorithm>

namespace locus::session {

void checkRequest(const FailureRequest &r) {
  if (r.failures < 1)
    usageError("--failures: expected at least 1");
  if (r.allFailing && (!r.test.empty() || r.haveArgs || !r.nondet.empty()))
    usageError("--all-failing localizes the failing declared tests; it excludes --test, --args and --nondet");
  if (r.failures > 1 && (r.allFailing || !r.test.empty() || r.haveArgs || !r.nondet.empty()))
    usageError("--failures N takes further counterexamples of verify; with --test, --args or --nondet there "
               "is one failure (--all-failing: every failing test)");
  if (!r.spec.tests.empty() && (r.allFailing || r.failures > 1))
    usageError("--tests and --all-failing/--failures exclude each other (a suite's failing tests are not "
               "localized together yet)");
  if (!r.spec.tests.empty() && (r.haveArgs || !r.nondet.empty() || r.haveStdin))
    usageError("--tests and --args/--nondet/--stdin exclude each other");
}

namespace {

/// The kind of failure (a declared test, a run on given inputs, or verify's) and its inputs, into `spec`.
void chooseKind(const ir::Program &prog, const FailureRequest &r, repair::FailureSpec &spec) {
  std::string err;
  std::vector<ir::Value> nondets = nondetValues(r.nondet);
  spec.nondets.insert(spec.nondets.end(), nondets.begin(), nondets.end());
  if (!r.test.empty() && r.spec.tests.empty()) {
    if (r.haveArgs)
      usageError("--test and --args exclude each other");
    spec.kind = repair::FailureSpec::Kind::Test;
    spec.test = r.test;
  } else if (r.haveArgs || !r.nondet.empty()) {
    spec.kind = repair::FailureSpec::Kind::Inputs;
    const ir::Procedure &p = prog.procs[entryIndex(prog, r.entry, r.file)];
    std::vector<std::string> texts = splitList(r.args);
    if (texts.size() != p.params.size())
      usageError("'" + p.name + "' takes " + std::to_string(p.params.size()) + " argument(s), --args gave " +
                 std::to_string(texts.size()));
    for (size_t i = 0; i < texts.size(); ++i) {
      std::optional<ir::Value> v = parseValue(texts[i], p.vars[p.params[i]].type.kind, err);
      if (!v)
        usageError("--args: parameter '" + p.vars[p.params[i]].name + "': " + err);
      spec.args.push_back(*v);
    }
  }
}

/// A suite's first failing test (or --test NAME of the suite) as the failure; every run into `sel.tests`.
void fromSuite(const ir::Program &prog, const FailureRequest &r, const repair::FailureSpec &spec,
               const Reference *reference, Selection &sel) {
  uint32_t entry = entryIndex(prog, r.entry, r.file);
  repair::Suite suite = loadTests(r.spec);
  ir::InterpOptions io;
  io.ints = spec.verify.encode.ints;
  io.seed = 0; // indeterminate values (uninitialized locals) come from a seed, so runs are reproducible
  repair::RunTarget target{&prog, entry, r.file};
  repair::RunTarget refTarget{reference ? &reference->prog() : nullptr,
                              reference ? reference->entry : ir::kNone, r.spec.reference};
  std::vector<repair::SuiteResult> results =
      repair::runSuite(target, suite, reference ? &refTarget : nullptr, compareOf(r.spec), io);
  std::optional<size_t> chosen;
  size_t failing = 0;
  for (size_t k = 0; k < results.size(); ++k) {
    if (results[k].status == repair::SuiteResult::Status::Error)
      usageError("--tests: " + suite.tests[k].name + " of " + suite.path + ": " + results[k].message);
    if (results[k].status == repair::SuiteResult::Status::Skipped)
      sel.leftOut.push_back(suite.tests[k].name + " of " + suite.path + ": " + results[k].message);
    if (results[k].status != repair::SuiteResult::Status::Fail)
      continue;
    ++failing;
    if (!chosen && (r.test.empty() || suite.tests[k].name == r.test))
      chosen = k;
  }
  if (!results.empty() && sel.leftOut.size() == results.size())
    usageError("--tests: no test of " + suite.path + " is left: the reference does not end ok on any");
  if (!r.test.empty() && !chosen &&
      std::none_of(suite.tests.begin(), suite.tests.end(),
                   [&](const repair::SuiteTest &t) { return t.name == r.test; }))
    usageError("--test: the suite has no test '" + r.test + "'");
  sel.tests = repair::suiteRuns(results);
  if (!chosen) {
    sel.found.status = repair::FailureStatus::None;
    sel.found.message = r.test.empty() ? "every test of " + suite.path + " passes (" +
                                             std::to_string(results.size()) + " tests)"
                                       : "test " + r.test + " of " + suite.path + " passes";
    return;
  }
  sel.found.status = repair::FailureStatus::Found;
  sel.found.failure = repair::suiteFailure(
      results, *chosen, entry,
      "test " + suite.tests[*chosen].name + " of " + suite.path + " (" + std::to_string(failing) + " of " +
          std::to_string(results.size() - sel.leftOut.size()) + " tests fail)",
      io.ints, spec.verify.encode.unwind);
}

/// Further failures: every other failing declared test (--all-failing), or further counterexamples.
void moreFailures(const ir::Program &prog, const FailureRequest &r, const repair::FailureSpec &spec,
                  Selection &sel) {
  const repair::Failure &failure = *sel.found.failure;
  if (r.allFailing) {
    for (const repair::TestRun &t : sel.tests) {
      if (!t.failed() || t.proc == failure.entry)
        continue;
      repair::FailureSpec ts = spec;
      ts.kind = repair::FailureSpec::Kind::Test;
      ts.test = prog.procs[t.proc].name;
      repair::FailureSearch fs = repair::findFailure(prog, ts);
      if (fs.status == repair::FailureStatus::Found)
        sel.more.push_back(std::move(*fs.failure));
    }
  } else if (r.failures > 1) {
    std::vector<repair::Failure> all = repair::moreFailures(prog, spec, failure, r.failures);
    sel.more.assign(std::make_move_iterator(all.begin() + 1), std::make_move_iterator(all.end()));
  }
}

} // namespace

Selection selectFailure(const ir::Program &prog, const FailureRequest &r, const repair::FailureSpec &base,
                        const Reference *reference) {
  Selection sel;
  repair::FailureSpec spec = base;
  spec.entry = r.entry;
  chooseKind(prog, r, spec);
  if (r.allFailing) { // the first failing declared test is the failure; the others follow it
    ir::InterpOptions tio;
    tio.ints = spec.verify.encode.ints;
    for (const repair::TestRun &t : repair::runTests(prog, repair::declaredTests(prog, r.file), tio))
      if (t.failed()) {
        spec.kind = repair::FailureSpec::Kind::Test;
        spec.test = prog.procs[t.proc].name;
        break;
      }
    if (spec.kind != repair::FailureSpec::Kind::Test) {
      sel.noFailingTest = true;
      sel.found.status = repair::FailureStatus::None;
      sel.found.message = "no declared test of " + r.file + " fails";
      return sel;
    }
  }
  if (!r.spec.tests.empty())
    fromSuite(prog, r, spec, reference, sel);
  else
    sel.found = repair::findFailure(prog, spec);
  if (sel.found.status != repair::FailureStatus::Found)
    return sel;
  ir::InterpOptions io;
  io.ints = sel.found.failure->ints;
  for (repair::TestRun &t : repair::runTests(prog, repair::declaredTests(prog, r.file), io))
    sel.tests.push_back(std::move(t));
  moreFailures(prog, r, spec, sel);
  return sel;
}

Subject prepare(const SubjectRequest &req, const std::function<void(const Diagnostics &)> &diagnostics) {
  checkRequest(req.failure);
  Subject s;
  s.loaded = load(req.src);
  if (diagnostics)
    diagnostics(s.loaded->diags);
  if (!s.loaded->prog)
    return s;
  ir::Program &prog = *s.loaded->prog;
  const FailureRequest &fr = req.failure;
  repair::FailureSpec spec;
  spec.verify.encode = encodeOptions(req.bounds, prog, req.src.file);
  spec.input = spec.verify.encode.fixedInput.value_or("");
  spec.verify.solver = req.solver;
  spec.verify.timeoutMs = req.timeoutMs;
  if (!fr.spec.reference.empty()) {
    entryIndex(prog, fr.entry, req.src.file);
    s.reference = loadReference(fr.spec, req.src.importPath, fr.entry, diagnostics);
  }
  if (s.reference && fr.spec.tests.empty()) {
    ir::Product product =
        productWith(prog, prog.procIndex(fr.entry), s.reference->prog(), s.reference->entry);
    prog = std::move(product.prog);
    spec.verify.encode.expect.reference = product.reference;
  }
  s.selection =
      selectFailure(prog, fr, spec, s.reference && !fr.spec.tests.empty() ? &*s.reference : nullptr);
  return s;
}

std::unordered_set<uint32_t> namedProcedures(const ir::Program &prog, const std::string &list) {
  std::unordered_set<uint32_t> out;
  for (const std::string &name : splitList(list)) {
    uint32_t k = prog.procIndex(name);
    if (k == ir::kNone)
      usageError("--procs: no procedure '" + name + "'");
    out.insert(k);
  }
  return out;
}

} // namespace locus::session

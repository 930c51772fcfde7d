// What every repair method shares: the program made ready to check (itself or its product with a
// reference), the validation of a candidate, and the independent re-verification of a patch from its
// patched source text.
#include "repair/fix/fix.h"

#include "frontend/source.h"
#include "ir/product.h"
#include "repair/common/tests.h"
#include "repair/localize/localize.h"
#include "repair/mutation/mutation.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <unistd.h>

namespace locus::fix {

namespace fs = std::filesystem;

const char *statusName(Status s) {
  switch (s) {
  case Status::Repaired: return "repaired";
  case Status::NotRepaired: return "not-repaired";
  case Status::NoFailure: return "no-failure";
  case Status::Unknown: return "unknown";
  case Status::Error: return "error";
  }
  return "?";
}

namespace {

/// The failure ends ok and only its output differs from what the specification expects.
bool outputOnly(const repair::Failure &f) {
  const ir::Outcome &o = f.run;
  // the interpreter checks the output first (ir/interp.cpp): this message means the run ended ok
  return !f.bound && o.kind == ir::OutcomeKind::Failure && o.failure == ir::FailureKind::Output &&
         o.message.starts_with("the output differs");
}

/// A line's text with every number (a run of digits, with its sign and fraction) replaced by `#`, and the
/// count of fraction digits of each number.
std::pair<std::string, std::vector<size_t>> skeleton(const std::string &line) {
  std::string text;
  std::vector<size_t> fractions;
  for (size_t i = 0; i < line.size();) {
    size_t j = i;
    if ((line[j] == '-' || line[j] == '+') && j + 1 < line.size() && std::isdigit((unsigned char)line[j + 1]))
      ++j;
    if (j < line.size() && std::isdigit((unsigned char)line[j])) {
      while (j < line.size() && std::isdigit((unsigned char)line[j]))
        ++j;
      size_t frac = 0;
      if (j + 1 < line.size() && line[j] == '.' && std::isdigit((unsigned char)line[j + 1]))
        for (++j; j < line.size() && std::isdigit((unsigned char)line[j]); ++j)
          ++frac;
      text += '#';
      fractions.push_back(frac);
      i = j;
    } else {
      text += line[i++];
    }
  }
  return {text, fractions};
}

} // namespace

bool onlyValuesDiffer(const std::string &output, const std::string &expected) {
  size_t pre = 0, n = std::min(output.size(), expected.size());
  while (pre < n && output[pre] == expected[pre])
    ++pre;
  if (pre == output.size() && pre == expected.size())
    return false;
  size_t start = pre == 0 ? 0 : output.rfind('\n', pre - 1) + 1; // npos + 1 == 0: the first line
  auto line = [&](const std::string &t) { return t.substr(start, t.find('\n', start) - start); };
  std::string got = line(output), want = line(expected);
  return got != want && skeleton(got) == skeleton(want);
}

void suggestFormat(const Method &m, Result &r) {
  if ((r.status != Status::NotRepaired && r.status != Status::Unknown) || !r.repairs.empty() || !r.failure ||
      m.editsOutputText())
    return;
  const Method *editor = nullptr;
  for (const auto &k : methods())
    if (!editor && k->editsOutputText())
      editor = k.get();
  if (!editor)
    return;
  if (!outputOnly(*r.failure))
    return;
  const repair::Failure &f = *r.failure;
  const std::optional<std::string> &expected = f.expect.output ? f.expect.output : f.run.referenceOutput;
  if (expected && onlyValuesDiffer(f.run.output, *expected))
    return; // a value is wrong, not the text around it: nothing a format edit fixes
  r.message += std::string(" (the program ends ok and only its output differs: --method ") + editor->name() +
               " edits the text its prints write)";
}

void suggestInsertion(const Method &m, Result &r) {
  if (r.status != Status::NotRepaired || !r.repairs.empty() || !r.failure || !m.searchesMutationSpace() ||
      m.insertsStatements() || r.failure->bound || outputOnly(*r.failure))
    return;
  for (const auto &k : methods())
    if (k->insertsStatements()) {
      r.message += std::string(" (a missing statement is outside the mutation space: --method ") + k->name() +
                   " also inserts statements)";
      return;
    }
}

namespace {

Checked checkedFor(const ir::Program &prog, const Spec &spec) {
  Checked c;
  uint32_t entry = prog.procIndex(spec.entry);
  if (entry == ir::kNone || prog.procs[entry].isTest) {
    c.error = "no procedure '" + spec.entry + "'";
    return c;
  }
  c.failureSpec.kind = repair::FailureSpec::Kind::Verify;
  c.failureSpec.entry = spec.entry;
  c.failureSpec.verify = spec.verify;
  if (spec.reference) {
    uint32_t refEntry = spec.reference->procIndex(spec.referenceEntry);
    if (refEntry == ir::kNone) {
      c.error = "the reference has no procedure '" + spec.referenceEntry + "'";
      return c;
    }
    std::optional<ir::Product> product = ir::makeProduct(prog, entry, *spec.reference, refEntry, c.error);
    if (!product)
      return c;
    c.prog = std::move(product->prog);
    c.entry = product->entry;
    c.failureSpec.verify.encode.expect.reference = product->reference;
    // z3 compares the outputs print by print where their lines are not events (no strings): every encoding
    // of this program (verify's, template's and proof's per input) does
    c.failureSpec.verify.encode =
        encoder::referenceComparison(c.failureSpec.verify.encode, c.failureSpec.verify.solver);
    return c;
  }
  c.prog = prog;
  c.entry = entry;
  return c;
}

/// spec.suite run on the checked program's entry in the interpreter, as a candidate's validation runs it
/// (indeterminate values from seed 0, as `locus test` runs them; the reference's step limits).
std::vector<repair::SuiteResult> suiteRun(const Checked &checked, const Spec &spec, bool stopAtFailure) {
  ir::InterpOptions io;
  io.ints = spec.verify.encode.ints;
  io.seed = 0;
  repair::RunTarget target{&checked.prog, checked.entry, spec.mainFile};
  uint32_t refEntry = spec.reference ? spec.reference->procIndex(spec.referenceEntry) : ir::kNone;
  repair::RunTarget ref{spec.reference, refEntry, spec.referenceName};
  repair::SuiteRunOptions how;
  how.stopAtFailure = stopAtFailure;
  how.referenceStepFactor = kSuiteStepFactor;
  how.minSteps = kSuiteMinSteps;
  return repair::runSuite(target, *spec.suite, spec.reference ? &ref : nullptr, spec.compare, io, how);
}

/// Runs spec.suite on the checked program's entry in the interpreter (the product's entry is the program's
/// own): false with `v` set (Buggy: the first failing test as the failure) when a test does not pass.
bool passesSuite(const Checked &checked, const Spec &spec, Validation &v) {
  // the first failing test is the failure; the tests after it need not run
  std::vector<repair::SuiteResult> results = suiteRun(checked, spec, true);
  std::optional<size_t> unknown;
  for (size_t k = 0; k < results.size(); ++k) {
    const repair::SuiteResult &r = results[k];
    const std::string name = "test " + spec.suite->tests[k].name + " of " + spec.suite->path;
    switch (r.status) {
    case repair::SuiteResult::Status::Pass: ++v.suiteTests; break;
    case repair::SuiteResult::Status::Skipped: break;
    case repair::SuiteResult::Status::Unknown:
      if (!unknown)
        unknown = k;
      break;
    case repair::SuiteResult::Status::Error:
      v.verdict = Validation::Verdict::Error;
      v.message = name + ": " + r.message;
      return false;
    case repair::SuiteResult::Status::Fail:
      v.verdict = Validation::Verdict::Buggy;
      v.failure = repair::suiteFailure(results, k, checked.entry, name, spec.verify.encode.ints,
                                       spec.verify.encode.unwind);
      v.message = v.failure->describe(checked.prog);
      return false;
    }
  }
  if (unknown) {
    v.verdict = Validation::Verdict::Unknown;
    v.message = "test " + spec.suite->tests[*unknown].name + " of " + spec.suite->path + ": " +
                results[*unknown].message;
    return false;
  }
  return true;
}

/// Validates with the declared tests of `mainFile` (the recompiled copy's own path when re-verifying).
Validation validateIn(const Checked &checked, const Spec &spec, const std::string &mainFile,
                      unsigned timeoutMs) {
  Validation v;
  if (!checked.error.empty()) {
    v.verdict = Validation::Verdict::Error;
    v.message = checked.error;
    return v;
  }
  if (spec.suite && !passesSuite(checked, spec, v))
    return v;
  repair::FailureSpec fsp = checked.failureSpec;
  fsp.verify.timeoutMs = timeoutMs;
  if (spec.suite && spec.suiteDecides) // it only tells correct from plausible: bounded in time
    fsp.verify.timeoutMs = timeoutMs ? std::min(timeoutMs, kSuiteVerifyMs) : kSuiteVerifyMs;
  repair::FailureSearch found = repair::findFailure(checked.prog, fsp);
  if (spec.suite && spec.suiteDecides && found.status != repair::FailureStatus::None) {
    // passes the suite, not the bounded verification: a plausible patch
    v.bounded = false;
    if (found.status == repair::FailureStatus::Found) {
      v.unverified = "it fails: " + found.failure->describe(checked.prog);
      v.boundedFailure = found.failure;
    } else if (found.status == repair::FailureStatus::Unknown &&
               found.message.find(encoder::kPrintByPrintReason) != std::string::npos) {
      v.unverified = "the outputs differ from the reference's print by print, not as text, on an input "
                     "(with z3; --solver cvc5 compares the text)";
    } else if (found.status == repair::FailureStatus::Unknown) {
      v.unverified = "it gave no answer within " + std::to_string(fsp.verify.timeoutMs / 1000) + " s";
    } else { // the reason only (`… needs the theory of strings, where z3 4.8 gives wrong answers`)
      v.unverified = "it could not run: " + found.message.substr(0, found.message.find(" ("));
      if (found.message.find("--solver cvc5") != std::string::npos)
        v.unverified += "; use --solver cvc5";
    }
    for (size_t at; mainFile != spec.mainFile && (at = v.unverified.find(mainFile)) != std::string::npos;)
      v.unverified.replace(at, mainFile.size(), spec.mainFile); // the recompiled copy's path: the user's
    found.status = repair::FailureStatus::None;
  }
  switch (found.status) {
  case repair::FailureStatus::Found:
    v.verdict = Validation::Verdict::Buggy;
    v.message = found.failure->describe(checked.prog);
    v.failure = std::move(found.failure);
    return v;
  case repair::FailureStatus::Unknown:
    v.verdict = Validation::Verdict::Unknown;
    v.message = found.message;
    return v;
  case repair::FailureStatus::Invalid:
    v.verdict = Validation::Verdict::Error;
    v.message = found.message;
    return v;
  case repair::FailureStatus::Internal:
    v.verdict = Validation::Verdict::Error;
    v.message = "internal error: " + found.message;
    return v;
  case repair::FailureStatus::None: break;
  }
  ir::InterpOptions io;
  io.ints = spec.verify.encode.ints;
  io.seed = 0;
  std::vector<uint32_t> tests;
  if (spec.declaredTests)
    tests = repair::declaredTests(checked.prog, mainFile);
  v.tests = tests.size();
  for (const repair::TestRun &t : repair::runTests(checked.prog, tests, io)) {
    if (t.passed())
      continue;
    ++v.testsFailed;
    if (v.failure)
      continue;
    repair::FailureSpec ts = fsp;
    ts.kind = repair::FailureSpec::Kind::Test;
    ts.test = checked.prog.procs[t.proc].name;
    repair::FailureSearch f = repair::findFailure(checked.prog, ts);
    if (f.status == repair::FailureStatus::Found) {
      v.message = f.failure->describe(checked.prog);
      v.failure = std::move(f.failure);
    }
  }
  if (v.testsFailed == 0) {
    v.verdict = Validation::Verdict::Correct;
    return v;
  }
  v.verdict = v.failure ? Validation::Verdict::Buggy : Validation::Verdict::Error;
  if (!v.failure)
    v.message = "internal error: a failing test did not fail again";
  return v;
}

/// A fresh temporary directory (removed by the destructor).
class TempDir {
public:
  TempDir() {
    std::string tmpl = (fs::temp_directory_path() / "locus-repair-XXXXXX").string();
    if (mkdtemp(tmpl.data()))
      path_ = tmpl;
  }
  ~TempDir() {
    std::error_code ec;
    if (!path_.empty())
      fs::remove_all(path_, ec);
  }
  TempDir(const TempDir &) = delete;
  TempDir &operator=(const TempDir &) = delete;
  const std::string &path() const { return path_; }

private:
  std::string path_;
};

bool sameFile(const std::string &a, const std::string &b) {
  std::error_code ec;
  return a == b || fs::equivalent(a, b, ec);
}

} // namespace

std::optional<std::vector<size_t>> failingSuiteTests(const ir::Program &prog, const Spec &spec,
                                                     std::string &why) {
  if (!spec.suite)
    return std::nullopt;
  Checked checked = checkedFor(prog, spec);
  if (!checked.error.empty()) {
    why = checked.error;
    return std::nullopt;
  }
  std::vector<repair::SuiteResult> results = suiteRun(checked, spec, false);
  std::vector<size_t> failing;
  for (size_t k = 0; k < results.size(); ++k)
    switch (results[k].status) {
    case repair::SuiteResult::Status::Pass:
    case repair::SuiteResult::Status::Skipped: break;
    case repair::SuiteResult::Status::Fail:
    case repair::SuiteResult::Status::Unknown: failing.push_back(k); break;
    case repair::SuiteResult::Status::Error:
      why = "test " + spec.suite->tests[k].name + " of " + spec.suite->path + ": " + results[k].message;
      return std::nullopt;
    }
  return failing;
}

Checked checkedProgram(const ir::Program &prog, const Spec &spec) {
  return checkedFor(prog, spec);
}

Validation validate(const Checked &checked, const Spec &spec, unsigned timeoutMs) {
  return validateIn(checked, spec, spec.mainFile, timeoutMs);
}

namespace {

/// The patched text of the main file written to `dir`, compiled again and validated (with the declared
/// tests of the copy). `compiled` false: the message says why it could not be.
Validation compileAndValidate(const patch::Patch &p, const Spec &spec, unsigned timeoutMs, bool &compiled) {
  compiled = false;
  Validation v;
  v.verdict = Validation::Verdict::Error;
  TempDir dir;
  if (dir.path().empty()) {
    v.message = "cannot make a temporary directory";
    return v;
  }
  std::string copy = (fs::path(dir.path()) / fs::path(spec.mainFile).filename()).string();
  bool wroteMain = false;
  for (const patch::FilePatch &f : p.files) {
    if (!sameFile(f.path, spec.mainFile)) {
      v.message = "the patch changes " + f.path + ", not only " + spec.mainFile;
      return v;
    }
    std::ofstream out(copy, std::ios::binary);
    out << f.after;
    if (!out) {
      v.message = "cannot write " + copy;
      return v;
    }
    wroteMain = true;
  }
  if (!wroteMain) {
    v.message = "the patch changes nothing";
    return v;
  }
  SourceManager sm;
  Diagnostics diags(sm);
  frontend::Options fo;
  fo.importPath = spec.importPath;
  fo.importPath.push_back(fs::absolute(fs::path(spec.mainFile)).parent_path().string());
  std::optional<ir::Program> prog = frontend::compileSource(copy, sm, diags, fo);
  if (!prog) {
    v.message = "the patched source does not compile";
    for (const Diagnostic &d : diags.all())
      if (d.severity == Severity::Error) {
        v.message += ": " + d.message;
        break;
      }
    return v;
  }
  if (spec.prepare) {
    std::string text;
    for (const patch::FilePatch &f : p.files)
      text = f.after;
    if (std::string err = spec.prepare(*prog, text); !err.empty()) {
      v.message = "the patched program cannot be checked: " + err;
      return v;
    }
  }
  compiled = true;
  Checked checked = checkedFor(*prog, spec);
  return validateIn(checked, spec, copy, timeoutMs);
}

} // namespace

Validation validatePatched(const patch::Patch &p, const Spec &spec, unsigned timeoutMs) {
  bool compiled = false;
  Validation v = compileAndValidate(p, spec, timeoutMs, compiled);
  if (!compiled) // the candidate could not be checked: not a verdict on it, nor an error of the method
    v.verdict = Validation::Verdict::Unknown;
  return v;
}

Reverified reverify(const patch::Patch &p, const Spec &spec, unsigned timeoutMs) {
  Reverified r;
  Validation v = compileAndValidate(p, spec, timeoutMs, r.compiled);
  if (!r.compiled) {
    r.message = v.message;
    return r;
  }
  r.tests = v.tests;
  r.testsPassed = v.verdict == Validation::Verdict::Correct || (v.tests > 0 && v.testsFailed == 0);
  r.verified = v.verdict == Validation::Verdict::Correct;
  r.undecided = v.verdict == Validation::Verdict::Unknown;
  r.suiteTests = v.suiteTests;
  r.bounded = v.bounded;
  r.unverified = v.unverified;
  if (!r.verified)
    r.message = v.message.empty() ? "the patched source does not verify" : v.message;
  return r;
}

bool startSearch(const Problem &p, const Checked &base,
                 const std::optional<std::chrono::steady_clock::time_point> &deadline, Result &r) {
  auto stop = [&](Status s, std::string msg) {
    r.status = s;
    r.message = std::move(msg);
    return false;
  };
  if (!base.error.empty())
    return stop(Status::Error, base.error);
  Validation v0 = validate(base, p.spec, msLeft(deadline));
  switch (v0.verdict) {
  case Validation::Verdict::Correct:
    return stop(Status::NoFailure, "'" + p.spec.entry + "' verifies up to unwind " +
                                       std::to_string(p.spec.verify.encode.unwind) +
                                       (v0.tests ? " and its tests pass" : "") + ": nothing to repair");
  case Validation::Verdict::Unknown: // (finding the failure may have said so already)
    return stop(Status::Unknown, v0.message.starts_with("verify gave no answer")
                                     ? v0.message
                                     : "verify gave no answer: " + v0.message);
  case Validation::Verdict::Error: return stop(Status::Error, v0.message);
  case Validation::Verdict::Buggy: break;
  }
  r.failure = v0.failure;
  if (p.observer && r.failure)
    p.observer->failure(*r.failure);
  return true;
}

Input inputOf(const repair::Failure &f) {
  return Input{f.entry, f.args, f.nondets, f.heap, f.input, f.expect, f.unwind};
}

std::unordered_set<uint32_t> changeableProcs(const Problem &p) {
  if (p.opts.procs)
    return *p.opts.procs;
  return localize::ownProcedures(p.prog, p.spec.mainFile);
}

double secondsSince(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

std::optional<std::chrono::steady_clock::time_point> deadlineOf(unsigned timeoutMs) {
  if (timeoutMs == 0)
    return std::nullopt;
  return std::chrono::steady_clock::now() + std::chrono::milliseconds(timeoutMs);
}

unsigned msLeft(const std::optional<std::chrono::steady_clock::time_point> &d, unsigned fallback) {
  if (!d)
    return fallback;
  auto left = std::chrono::duration_cast<std::chrono::milliseconds>(*d - std::chrono::steady_clock::now());
  return static_cast<unsigned>(std::max<long long>(1, left.count())); // never 0, which would mean no limit
}

std::optional<Repair> finishRepair(const Problem &p, std::vector<patch::Edit> edits,
                                   std::vector<std::string> changes, size_t size, double seconds,
                                   Unfinished &u, bool announce) {
  patch::PatchResult pr = patch::render(p.prog, p.sm, edits);
  u.rendered = pr.patch.has_value();
  if (!pr.patch) {
    u.why = pr.error;
    return std::nullopt;
  }
  Repair r;
  r.edits = std::move(edits);
  r.patch = std::move(*pr.patch);
  r.changes = std::move(changes);
  r.size = size;
  r.seconds = seconds;
  r.check = reverify(r.patch, p.spec);
  if (!r.check.verified || !r.check.testsPassed) {
    u.undecided = r.check.undecided;
    u.why = r.check.message;
    if (p.opts.attempts && r.check.compiled && !r.check.undecided)
      p.opts.attempts->push_back(std::move(r));
    return std::nullopt;
  }
  if (announce && p.observer)
    p.observer->repaired(r);
  return r;
}

ir::Outcome runOnFailure(const ir::Program &prog, const repair::Failure &f) {
  ir::InterpOptions io;
  io.ints = f.ints;
  io.nondetValues = f.nondets;
  io.seed = 0;
  io.initialHeap = f.heap;
  io.input = f.input;
  io.expect = f.expect;
  io.stepLimit = std::max<uint64_t>(kSuiteMinSteps, f.run.steps * kSuiteStepFactor); // a candidate that loops
  return ir::Interpreter(prog, io).run(f.entry, f.args);
}

bool CandidateTally::finish(const Problem &p, Result &r, std::vector<patch::Edit> edits,
                            std::vector<std::string> changes, size_t size,
                            std::chrono::steady_clock::time_point t0) {
  ++candidates;
  Unfinished u;
  if (std::optional<Repair> rep =
          finishRepair(p, std::move(edits), std::move(changes), size, secondsSince(t0), u))
    r.repairs.push_back(std::move(*rep));
  else if (!u.rendered)
    ++unrenderable;
  else if (u.undecided)
    ++undecided;
  return r.repairs.size() >= p.opts.maxRepairs;
}

std::optional<Result> CandidateTally::end(const Problem &p, Result &r, const Finish &finish,
                                          bool stopped) const {
  r.stats["candidates"] = static_cast<double>(candidates);
  r.stats["unrenderable"] = static_cast<double>(unrenderable);
  r.stats["unknown"] = static_cast<double>(undecided);
  r.complete = !stopped && undecided == 0;
  if (!r.repairs.empty())
    return finish(Status::Repaired);
  if (stopped || undecided)
    return finish(Status::Unknown, stopped ? stopReason(p, "the time limit ran out before a repair was found")
                                           : "a candidate's check from its source gave no answer");
  return std::nullopt;
}

bool stopNow(const Problem &p, const std::optional<std::chrono::steady_clock::time_point> &deadline) {
  return (deadline && std::chrono::steady_clock::now() >= *deadline) ||
         (p.observer && p.observer->cancelled());
}

encoder::StopWhen stopWhen(const Problem &p,
                           const std::optional<std::chrono::steady_clock::time_point> &deadline) {
  encoder::StopWhen s = p.spec.verify.encode.stop; // the session's (Ctrl-C), if any
  s.deadline = deadline;
  if (repair::Observer *obs = p.observer)
    return s.orWhen([obs] { return obs->cancelled(); });
  return s;
}

std::string stopReason(const Problem &p, const std::string &timeLimit) {
  return p.observer && p.observer->cancelled() ? "interrupted" : timeLimit;
}

std::string placeText(const ir::Program &prog, const ir::StmtIndex &index, const repair::mutation::Site &site,
                      const repair::mutation::Option &o) {
  const ir::Stmt *s = index.find(site.stmts.front());
  std::string where;
  if (s) {
    const ir::Expr *node = patch::nodeAt(*s, site.node);
    SourceLoc loc = node && node->range.valid() ? node->range.begin : s->loc;
    if (loc.valid() && loc.file < prog.files.size())
      where = prog.files[loc.file] + ":" + std::to_string(loc.line) + ":" + std::to_string(loc.col) + ": ";
  }
  // In a C file, the operators as C spells them (the mutation space prints GCL's `and`/`or`).
  bool c = s && s->loc.valid() && s->loc.file < prog.files.size() &&
           std::filesystem::path(prog.files[s->loc.file]).extension() != ".gcl";
  auto spell = [c](const std::string &op) { return !c ? op : op == "and" ? "&&" : op == "or" ? "||" : op; };
  return where + spell(site.from) + " → " + spell(o.to);
}

} // namespace locus::fix

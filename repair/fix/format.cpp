// `locus repair --method format`: the text a print writes. The failing run's output differs from the
// expected output (a test's, or the reference's); the difference between the two suggests edits of the
// formats of the prints the run executed — the literal text inserted, deleted or replaced where the outputs
// differ, a conversion's field width, precision or flags changed — and each edited program is run on the
// failing input, then validated and re-verified like every other method's candidates. See docs/repair.md
// ("format").
#include "repair/fix/format.h"
#include "repair/fix/fix.h"
#include "repair/fix/methods.h"

#include "ir/analysis.h"
#include "ir/interp.h"
#include "ir/io.h"

#include <algorithm>
#include <map>
#include <set>

namespace locus::fix {

namespace {

/// The conversions of a print format: [begin, end) of each `%…` directive other than `%%`.
std::vector<std::pair<size_t, size_t>> conversions(const std::string &fmt) {
  std::vector<std::pair<size_t, size_t>> out;
  for (size_t i = 0; i < fmt.size(); ++i) {
    if (fmt[i] != '%')
      continue;
    size_t j = i + 1;
    if (j < fmt.size() && fmt[j] == '%') {
      i = j;
      continue;
    }
    while (j < fmt.size() && std::string_view("-+ #0123456789.hlLjzt").find(fmt[j]) != std::string_view::npos)
      ++j;
    if (j < fmt.size())
      ++j; // the conversion letter
    out.push_back({i, j});
    i = j - 1;
  }
  return out;
}

/// The variants of one conversion `%[flags][width][.precision][length]c`: each of its flags, width and
/// precision left out or set anew (precision 0 … 6 for a float conversion).
std::vector<std::string> conversionVariants(const std::string &conv) {
  std::vector<std::string> out;
  if (conv.size() < 2)
    return out;
  size_t i = 1;
  std::string flags, width, precision, rest;
  while (i < conv.size() && std::string_view("-+ #0").find(conv[i]) != std::string_view::npos)
    flags += conv[i++];
  while (i < conv.size() && std::isdigit(static_cast<unsigned char>(conv[i])))
    width += conv[i++];
  bool hasPrecision = i < conv.size() && conv[i] == '.';
  if (hasPrecision) {
    ++i;
    while (i < conv.size() && std::isdigit(static_cast<unsigned char>(conv[i])))
      precision += conv[i++];
  }
  rest = conv.substr(i);
  if (rest.empty())
    return out;
  bool isFloat = std::string_view("fFeEgG").find(rest.back()) != std::string_view::npos;
  std::vector<std::string> precisions = {hasPrecision ? "." + precision : ""};
  if (hasPrecision)
    precisions.push_back("");
  if (isFloat)
    for (int p = 0; p <= 6; ++p)
      precisions.push_back("." + std::to_string(p));
  for (const std::string &f : {flags, std::string()})
    for (const std::string &w : {width, std::string()})
      for (const std::string &p : precisions) {
        std::string v = "%" + f + w + p + rest;
        if (v != conv && std::find(out.begin(), out.end(), v) == out.end())
          out.push_back(v);
      }
  return out;
}

} // namespace

std::vector<std::string> formatCandidates(const std::string &fmt, const std::string &output,
                                          const std::string &expected) {
  std::vector<std::string> out;
  auto add = [&](std::string c) {
    if (c != fmt && std::find(out.begin(), out.end(), c) == out.end())
      out.push_back(std::move(c));
  };
  // Where the outputs first differ: in the first line that differs (up to and with its newline), their
  // common prefix and (not overlapping it) common suffix cut away.
  size_t n = std::min(output.size(), expected.size()), pre = 0, suf = 0;
  while (pre < n && output[pre] == expected[pre])
    ++pre;
  auto lineEnd = [&](const std::string &t) { return std::min(t.size(), t.find('\n', pre) + 1); };
  size_t oe = lineEnd(output), ee = lineEnd(expected);
  while (suf < std::min(oe, ee) - pre && output[oe - 1 - suf] == expected[ee - 1 - suf])
    ++suf;
  std::string got = output.substr(pre, oe - pre - suf);
  std::string want = expected.substr(pre, ee - pre - suf);
  std::vector<std::pair<size_t, size_t>> convs = conversions(fmt);
  auto inConversion = [&](size_t i) {
    return std::any_of(convs.begin(), convs.end(),
                       [&](const auto &c) { return i > c.first && i < c.second; });
  };
  // In the format, the text printed as `%` is written `%%`.
  auto asFormat = [](const std::string &text) {
    std::string f;
    for (char c : text)
      f += c == '%' ? std::string("%%") : std::string(1, c);
    return f;
  };
  std::string wantText = want;
  want = asFormat(want), got = asFormat(got);
  constexpr size_t kMaxText = 8; // a longer difference is no typo of the format's text
  if (got.size() <= kMaxText && wantText.size() <= kMaxText && got != want) {
    if (got.empty()) {
      // the expected text is missing: inserted at every place of the format between its pieces
      for (size_t i = 0; i <= fmt.size(); ++i)
        if (!inConversion(i) && !(i > 0 && fmt[i - 1] == '%' && i < fmt.size() && fmt[i] == '%'))
          add(fmt.substr(0, i) + want + fmt.substr(i));
    } else {
      // the text printed instead: deleted or replaced where the format's literal text has it
      for (size_t i = fmt.find(got); i != std::string::npos; i = fmt.find(got, i + 1))
        if (!inConversion(i) && !inConversion(i + got.size() - 1) &&
            std::none_of(convs.begin(), convs.end(),
                         [&](const auto &c) { return c.first >= i && c.first < i + got.size(); }))
          add(fmt.substr(0, i) + want + fmt.substr(i + got.size()));
    }
  }
  // A conversion laid out otherwise: another width, precision or flags.
  for (const auto &[b, e] : convs)
    for (const std::string &v : conversionVariants(fmt.substr(b, e - b)))
      add(fmt.substr(0, b) + v + fmt.substr(e));
  return out;
}

namespace {

class Format final : public Method {
public:
  const char *name() const override { return "format"; }
  Portfolio portfolio() const override { return Portfolio::Derived; }
  bool editsOutputText() const override { return true; }
  const char *summary() const override {
    return "the text a print writes: its format's literal text and its conversions' width, precision and "
           "flags, edited where the output differs from the expected output (a test's or the reference's)";
  }
  Result run(const Problem &p) const override {
    return runMethod(*this, p, [&](Result &r, const Finish &finish) { return search(p, r, finish); });
  }

private:
  /// At most this many prints edited in one repair: a run's output may be wrong in several places (a
  /// precision and a trailing space), each found by the failure the previous edit leaves.
  static constexpr size_t kMaxEdits = 3;

  Result search(const Problem &p, Result &r, const Finish &finish) const {
    auto deadline = deadlineOf(p.opts.timeoutMs);
    Checked base = checkedProgram(p.prog, p.spec);
    if (!startSearch(p, base, deadline, r))
      return finish(r.status);
    std::unordered_set<uint32_t> procs = changeableProcs(p);
    std::unordered_set<ir::StmtId> spec = ir::specificationStatements(p.prog, &p.opts.named);
    Stats st;
    std::string internal;
    bool stopped = false;
    // Greedy: each round edits one print so that the current failure's input passes; when the edited
    // program still fails elsewhere, the next round starts from it and its new failure.
    std::map<ir::StmtId, std::string> edits; // print → its new format
    repair::Failure f = *r.failure;
    Checked current = base;
    std::string why;
    for (size_t round = 0; round < kMaxEdits && r.repairs.empty() && !stopped; ++round) {
      if (f.bound || f.run.failure != ir::FailureKind::Output) {
        why = "the failure is not an output that differs from the expected one (" + f.describe(p.prog) +
              "): format repair edits what prints write";
        break;
      }
      std::optional<std::string> expected = f.expect.output ? f.expect.output : f.run.referenceOutput;
      if (!expected) {
        why = "the failure names no expected output";
        break;
      }
      std::set<ir::StmtId> ran;
      for (const ir::TraceStep &t : f.run.trace)
        ran.insert(t.stmt);
      std::vector<const ir::Stmt *> prints; // of current.prog: the ones the failing run executed
      for (uint32_t k : procs)
        ir::forEachStmt(current.prog.procs.at(k).body, [&](const ir::Stmt &s) {
          if (s.kind == ir::Stmt::Print && ran.count(s.id) && !spec.count(s.id))
            prints.push_back(&s);
        });
      std::sort(prints.begin(), prints.end(),
                [](const ir::Stmt *a, const ir::Stmt *b) { return a->id < b->id; });
      st.prints += prints.size();
      std::optional<std::pair<Checked, repair::Failure>> next; // the edit the next round starts from
      std::pair<ir::StmtId, std::string> nextEdit;
      std::pair<size_t, size_t> nextPassed{0, 0};
      for (const ir::Stmt *s : prints) {
        for (const std::string &fmt : formatCandidates(s->message, f.run.output, *expected)) {
          if (stopNow(p, deadline)) {
            stopped = true;
            break;
          }
          std::optional<Checked> cand = edited(current, *s, fmt);
          if (!cand)
            continue;
          ++st.candidates;
          ir::Outcome o = runOnFailure(cand->prog, f);
          // the next round starts from the edit that comes closest to the suite (the first one without)
          auto consider = [&](const repair::Failure &later) {
            std::pair<size_t, size_t> passed = suitePasses(*cand, p.spec);
            if (!next || passed > nextPassed) {
              next = std::make_pair(*cand, later);
              nextEdit = {s->id, fmt};
              nextPassed = passed;
            }
          };
          if (o.kind != ir::OutcomeKind::Ok) {
            // still failing on this input, but later in the output: the next round may fix the rest
            if (o.kind == ir::OutcomeKind::Failure && o.failure == ir::FailureKind::Output &&
                agreeing(o.output, *expected) > agreeing(f.run.output, *expected)) {
              repair::Failure later = f;
              later.run = std::move(o);
              consider(later);
            }
            continue;
          }
          ++st.passedRun;
          Validation v = validate(*cand, p.spec, msLeft(deadline));
          ++st.validated;
          if (v.verdict == Validation::Verdict::Error)
            return finish(Status::Error, v.message);
          std::map<ir::StmtId, std::string> all = edits;
          all[s->id] = fmt;
          if (v.verdict == Validation::Verdict::Buggy && v.failure)
            consider(*v.failure);
          if (v.verdict != Validation::Verdict::Correct)
            continue;
          if (std::optional<Repair> rep = finish_(p, all, st, internal, finish.t0))
            r.repairs.push_back(std::move(*rep));
          if (r.repairs.size() >= p.opts.maxRepairs) {
            stopped = true;
            break;
          }
        }
        if (stopped)
          break;
      }
      if (!r.repairs.empty() || stopped)
        break;
      if (!next) {
        why = "no edit of the format of the prints the failing run executed makes that input pass";
        break;
      }
      edits[nextEdit.first] = nextEdit.second;
      current = std::move(next->first);
      f = std::move(next->second);
    }
    r.stats["prints"] = static_cast<double>(st.prints);
    r.stats["candidates"] = static_cast<double>(st.candidates);
    r.stats["passed_failing_run"] = static_cast<double>(st.passedRun);
    r.stats["candidates_validated"] = static_cast<double>(st.validated);
    r.stats["unrenderable"] = static_cast<double>(st.unrenderable);
    r.stats["unknown"] = static_cast<double>(st.undecided);
    r.complete =
        !stopped && st.undecided == 0 && r.repairs.empty(); // greedy: a repair found is not every repair
    if (!internal.empty() && r.repairs.empty())
      return finish(Status::Error,
                    "internal error: a repair did not re-verify from its patched source: " + internal);
    if (!r.repairs.empty())
      return finish(Status::Repaired);
    if (stopped || st.undecided)
      return finish(Status::Unknown, stopped
                                         ? stopReason(p, "the time limit ran out before a repair was found")
                                         : "a repair's re-verification from its source gave no answer");
    if (why.empty())
      why = "the program still fails after " + std::to_string(kMaxEdits) + " format edits";
    return finish(Status::NotRepaired,
                  why + " (" + std::to_string(st.candidates) + " candidates, " +
                      std::to_string(st.passedRun) + " pass the failing input" +
                      (st.unrenderable ? ", " + std::to_string(st.unrenderable) + " not writable as source"
                                       : std::string()) +
                      ")");
  }

  struct Stats {
    size_t prints = 0, candidates = 0, passedRun = 0, validated = 0, unrenderable = 0;
    size_t undecided = 0; ///< repairs whose re-verification from the source gave no answer
  };

  /// `c` with print `s`'s format replaced by `fmt`; nullopt when `fmt` does not parse or does not fit the
  /// print's arguments.
  static std::optional<Checked> edited(const Checked &c, const ir::Stmt &s, const std::string &fmt) {
    std::string err;
    std::optional<std::vector<ir::PrintItem>> items = ir::parsePrintFormat(fmt, err);
    if (!items || ir::printArgCount(*items) != s.args.size())
      return std::nullopt;
    for (size_t a = 0, k = 0; k < items->size(); ++k)
      if ((*items)[k].kind != ir::PrintItem::Text &&
          !ir::printArgProblem((*items)[k], s.args[a++].type).empty())
        return std::nullopt;
    Checked out = c;
    ir::forEachStmt(out.prog, [&](ir::Procedure &, ir::Stmt &x) {
      if (x.id == s.id)
        x.message = fmt;
    });
    return out;
  }

  /// How close `c` comes to the spec's suite: the tests that pass, then the bytes of the failing tests'
  /// outputs that agree with the expected ones before the first difference ((0, 0) without a suite).
  static std::pair<size_t, size_t> suitePasses(const Checked &c, const Spec &spec) {
    if (!spec.suite)
      return {0, 0};
    ir::InterpOptions io;
    io.ints = spec.verify.encode.ints;
    io.seed = 0;
    io.recordTrace = false;
    repair::RunTarget target{&c.prog, c.entry, spec.mainFile};
    uint32_t refEntry = spec.reference ? spec.reference->procIndex(spec.referenceEntry) : ir::kNone;
    repair::RunTarget ref{spec.reference, refEntry, spec.referenceName};
    std::pair<size_t, size_t> n{0, 0};
    for (const repair::SuiteResult &r :
         repair::runSuite(target, *spec.suite, spec.reference ? &ref : nullptr, spec.compare, io)) {
      n.first += r.status == repair::SuiteResult::Status::Pass;
      if (r.status == repair::SuiteResult::Status::Fail && r.expect && r.expect->output) {
        n.second += agreeing(r.run.outcome.output, *r.expect->output);
      }
    }
    return n;
  }

  /// The length of the common prefix of two outputs.
  static size_t agreeing(const std::string &a, const std::string &b) {
    size_t k = 0;
    while (k < a.size() && k < b.size() && a[k] == b[k])
      ++k;
    return k;
  }

  /// The repair of the edits (print → format), rendered and re-verified from its patched source.
  static std::optional<Repair> finish_(const Problem &p, const std::map<ir::StmtId, std::string> &formats,
                                       Stats &st, std::string &internal,
                                       std::chrono::steady_clock::time_point t0) {
    ir::StmtIndex index(p.prog);
    std::vector<patch::Edit> edits;
    std::vector<std::string> changes;
    for (const auto &[id, fmt] : formats) {
      const ir::Stmt *s = index.find(id);
      ir::Stmt changed = *s;
      changed.message = fmt;
      edits.push_back(patch::Edit::replaceStmt(id, changed));
      changes.push_back(ir::formatLoc(p.prog, s->loc) + ": format \"" + ir::showBytes(s->message) +
                        "\" → \"" + ir::showBytes(fmt) + "\"");
    }
    Unfinished u;
    size_t n = edits.size();
    std::optional<Repair> rep = finishRepair(p, std::move(edits), changes, n, secondsSince(t0), u);
    if (!rep && !u.rendered)
      ++st.unrenderable;
    else if (!rep && u.undecided)
      ++st.undecided;
    else if (!rep && internal.empty())
      internal = changes.front() + ": " + u.why;
    return rep;
  }
};

} // namespace

std::unique_ptr<Method> makeFormat() {
  return std::make_unique<Format>();
}

} // namespace locus::fix

// `locus repair --method auto`: every other registered method, cheapest first, until one repairs. The
// methods that derive their edits from the specification (Method::Portfolio::Derived: format, guard, init)
// run first, each with the whole time left; then the searches (Portfolio::Search, in registry order), each
// with an equal share of the time left (what one leaves unused goes to the next). The first method that
// repairs gives the answer: its repairs, each naming it (Repair::by), re-verified as that method verifies
// them. A method that cannot run on the problem (guard without a reference) is passed over and named in
// the message.
//
// With a test suite, a derived method's candidate that does not repair but makes some failing tests pass
// and no passing one fail is a *partial repair*: the best one (fewest tests failing) is applied, the patched
// text compiled again under the user's file name, and the methods go on from that program (at most
// kMaxPartials times); a repair found there is composed with the partial repairs into one patch of the
// user's text, re-verified as a whole. See docs/repair.md ("auto").
#include "repair/fix/methods.h"

#include "frontend/source.h"
#include "repair/patch/diff.h"

#include <algorithm>

namespace locus::fix {

namespace {

using Clock = std::chrono::steady_clock;

/// How many partial repairs one after another `auto` applies at most.
constexpr size_t kMaxPartials = 3;
/// How many of a round's partial candidates `auto` compiles and runs on the suite at most.
constexpr size_t kMaxAttempts = 16;

/// The change blocks of a unified diff as locations in the text before it (line, column 1): a replaced or
/// deleted block at its first line, an insertion at the line it goes before.
std::vector<patch::EditLocation> diffLocations(const std::string &diff, const std::string &file,
                                               uint32_t fileIndex) {
  std::vector<patch::EditLocation> out;
  uint32_t line = 0;
  bool inHunk = false, inRun = false;
  size_t pos = 0;
  while (pos < diff.size()) {
    size_t end = diff.find('\n', pos);
    std::string l = diff.substr(pos, end == std::string::npos ? std::string::npos : end - pos);
    pos = end == std::string::npos ? diff.size() : end + 1;
    if (l.starts_with("@@ -")) {
      size_t comma = l.find(',', 4), space = l.find(' ', 4);
      uint32_t a = static_cast<uint32_t>(std::stoul(l.substr(4, std::min(comma, space) - 4)));
      bool empty = comma < space && l.substr(comma + 1, space - comma - 1) == "0";
      line = empty ? a + 1 : a; // an empty old side names the line before the insertion
      inHunk = true;
      inRun = false;
      continue;
    }
    if (!inHunk || l.empty() || l[0] == '\\')
      continue;
    if (l[0] == ' ') {
      ++line;
      inRun = false;
      continue;
    }
    if (l[0] != '-' && l[0] != '+')
      continue;
    if (!inRun) {
      SourceLoc at{fileIndex, std::max<uint32_t>(line, 1), 1};
      out.push_back({file, {at, at}});
    }
    inRun = true;
    line += l[0] == '-';
  }
  return out;
}

/// For each line of `after` (1-based; index 0 unused), the line of `before` it comes from: an unchanged line
/// its own, a new line the line of `before` that stands where it was inserted.
std::vector<uint32_t> lineMap(const std::string &file, const std::string &before, const std::string &after) {
  std::vector<uint32_t> map(1, 0);
  uint32_t oldLine = 1;
  auto fillTo = [&](uint32_t newLine) { // the unchanged lines up to newLine (exclusive)
    while (map.size() < newLine)
      map.push_back(oldLine++);
  };
  std::string diff = patch::unifiedDiff(file, before, after);
  size_t pos = 0;
  bool inHunk = false;
  while (pos < diff.size()) {
    size_t end = diff.find('\n', pos);
    std::string l = diff.substr(pos, end == std::string::npos ? std::string::npos : end - pos);
    pos = end == std::string::npos ? diff.size() : end + 1;
    if (l.starts_with("@@ -")) {
      size_t plus = l.find(" +");
      size_t comma = l.find(',', plus), space = l.find(' ', plus + 2);
      uint32_t c = static_cast<uint32_t>(std::stoul(l.substr(plus + 2, std::min(comma, space) - plus - 2)));
      bool empty = comma < space && l.substr(comma + 1, space - comma - 1) == "0";
      fillTo(empty ? c + 1 : c);
      inHunk = true;
      continue;
    }
    if (!inHunk || l.empty() || l[0] == '\\')
      continue;
    if (l[0] == ' ')
      map.push_back(oldLine++);
    else if (l[0] == '-')
      ++oldLine;
    else if (l[0] == '+')
      map.push_back(oldLine);
  }
  fillTo(static_cast<uint32_t>(std::count(after.begin(), after.end(), '\n') + 2));
  return map;
}

/// A change line `FILE:LINE:COL: …` of the text `map` comes from (lineMap) told at its line in the text
/// before; any other line unchanged.
std::string mapChange(const std::string &change, const std::string &file, const std::vector<uint32_t> &map) {
  if (!change.starts_with(file + ":"))
    return change;
  size_t at = file.size() + 1, colon = change.find(':', at);
  if (colon == std::string::npos || colon == at ||
      !std::all_of(change.begin() + at, change.begin() + colon,
                   [](char ch) { return ch >= '0' && ch <= '9'; }))
    return change;
  unsigned long line = std::stoul(change.substr(at, colon - at));
  if (line == 0 || line >= map.size())
    return change;
  return file + ":" + std::to_string(map[line]) + change.substr(colon);
}

/// The partial repairs applied so far, composed with the repair of the program they lead to.
struct Composition {
  std::string file;       ///< the main file, as the patches name it
  uint32_t fileIndex = 0; ///< its index in the user's program's file table
  std::string original;   ///< its text as the user wrote it
  std::vector<std::string> changes;
  std::string by; ///< the methods of the partial repairs, each followed by '+'
  size_t size = 0;

  /// `r` (of the current program, found by `method`) as a repair of the user's program: one patch from the
  /// user's text to the final text, the partial repairs' changes first. Its check is `r`'s: the final text
  /// compiled and verified against the user's specification. Its edits are left out (they are of the
  /// patched program, whose statement ids are not the user's).
  Repair apply(Repair r, const std::string &method) const {
    r.by = by + method;
    if (by.empty())
      return r;
    std::string before = original, after = original;
    for (const patch::FilePatch &f : r.patch.files)
      if (f.path == file) {
        before = f.before;
        after = f.after;
      }
    std::vector<std::string> all = changes;
    std::vector<uint32_t> map = lineMap(file, original, before);
    for (const std::string &c : r.changes)
      all.push_back(mapChange(c, file, map));
    r.changes = std::move(all);
    r.size += size;
    r.edits.clear();
    patch::FilePatch whole{file, original, after};
    r.patch.diff = patch::unifiedDiff(file, original, after);
    r.patch.locations = diffLocations(r.patch.diff, file, fileIndex);
    r.patch.files = {std::move(whole)};
    return r;
  }
};

/// Between the portfolio's caller and one method: the failure is told once (every method finds it again),
/// each repair with the method that found it, composed with the partial repairs applied.
class Relay final : public repair::Observer {
public:
  Relay(repair::Observer *to, const Composition &comp) : to_(to), comp_(comp) {}
  void progress(const std::string &stage, size_t done, size_t total, const std::string &label) override {
    if (to_)
      to_->progress(stage, done, total, label);
  }
  void failure(const repair::Failure &f) override {
    if (to_ && !told_)
      to_->failure(f);
    told_ = true;
  }
  void repaired(const Repair &r) override {
    if (!to_)
      return;
    Repair named = comp_.apply(r, by);
    named.seconds += offset;
    to_->repaired(named);
  }
  const repair::CancelToken *cancel() const override { return to_ ? to_->cancel() : nullptr; }
  std::string by; ///< the method running now
  /// When it started, in seconds from the portfolio's start: a repair's time is from there.
  double offset = 0;

private:
  repair::Observer *to_;
  const Composition &comp_;
  bool told_ = false;
};

/// The methods the portfolio runs, of one tier, in registry order.
std::vector<const Method *> tier(Method::Portfolio t) {
  std::vector<const Method *> out;
  for (const auto &m : methods())
    if (m->portfolio() == t)
      out.push_back(m.get());
  return out;
}

/// The program the methods repair now: the user's, or the user's with the partial repairs applied (compiled
/// again from the patched text under the user's file name).
struct Stage {
  const ir::Program *prog = nullptr;
  const SourceManager *sm = nullptr;
  std::unique_ptr<SourceManager> ownSm;
  std::optional<ir::Program> ownProg;
  std::vector<size_t> failing; ///< the suite's tests it fails
};

/// `procs` (indices of `from`'s procedures) as the indices of the procedures of `to` with the same names.
std::unordered_set<uint32_t> sameProcs(const std::unordered_set<uint32_t> &procs, const ir::Program &from,
                                       const ir::Program &to) {
  std::unordered_set<uint32_t> out;
  for (uint32_t k : procs)
    if (k < from.procs.size())
      if (uint32_t j = to.procIndex(from.procs[k].name); j != ir::kNone)
        out.insert(j);
  return out;
}

class Portfolio final : public Method {
public:
  const char *name() const override { return "auto"; }
  const char *summary() const override {
    return "every other method, cheapest first, until one repairs: those that derive their edit from the "
           "specification (format, guard, init), then the searches sharing the time limit; with --tests, a "
           "derived edit that makes some failing tests pass is kept and the methods go on from it";
  }
  Method::Portfolio portfolio() const override { return Method::Portfolio::None; }
  std::string describe(const Problem &) const override {
    std::string names;
    for (Method::Portfolio t : {Method::Portfolio::Derived, Method::Portfolio::Search})
      for (const Method *m : tier(t))
        names += (names.empty() ? "" : ", ") + std::string(m->name());
    return names + ", until one repairs";
  }

  Result run(const Problem &p) const override {
    Run run(p);
    return run.go();
  }

private:
  /// One run of the portfolio on a problem.
  class Run {
  public:
    explicit Run(const Problem &p) : p_(p), relay_(p.observer, comp_) {}

    Result go() {
      r_.method = "auto";
      r_.solver = p_.opts.solver;
      stage_.prog = &p_.prog;
      stage_.sm = &p_.sm;
      // Partial repairs need a suite to tell progress, and a program whose patched text is all of it.
      bool compose = p_.spec.suite && !p_.opts.locked && !p_.spec.prepare;
      std::vector<const Method *> derived = tier(Method::Portfolio::Derived);
      std::vector<const Method *> searches = tier(Method::Portfolio::Search);
      for (size_t round = 0;; ++round) {
        std::vector<Repair> attempts;
        std::vector<std::string> attemptBy;
        bool keep = compose && round < kMaxPartials;
        for (const Method *m : derived) {
          if (std::optional<Result> done = runOne(*m, msLeft(deadline_, 0), keep ? &attempts : nullptr))
            return *done;
          attemptBy.resize(attempts.size(), m->name());
        }
        if (!keep || attempts.empty() || !applyBest(attempts, attemptBy))
          break;
      }
      size_t shares = searches.size();
      for (const Method *m : searches) {
        unsigned left = msLeft(deadline_, 0);
        unsigned share = deadline_ && shares ? std::max(1u, left / static_cast<unsigned>(shares)) : left;
        --shares;
        if (std::optional<Result> done = runOne(*m, share, nullptr))
          return *done;
      }
      r_.seconds = secondsSince(t0_);
      // No method could run (a solver missing, the input not checkable: the first one's reason), or one
      // failed in a way that is a bug of ours.
      if (!ran_ || !internal_.empty()) {
        r_.status = Status::Error;
        r_.message = internal_.empty() ? firstError_ : internal_;
        return r_;
      }
      r_.status = unknown_ ? Status::Unknown : Status::NotRepaired;
      r_.message = "no method repairs it (" + notes_ + ")";
      return r_;
    }

  private:
    /// Runs `m` on the current program with `timeoutMs` (0: none); the portfolio's answer when it repairs.
    std::optional<Result> runOne(const Method &m, unsigned timeoutMs, std::vector<Repair> *attempts) {
      if (stopNow(p_, deadline_)) {
        unknown_ = true;
        note(std::string(m.name()) + ": not run (the time limit ran out)");
        return std::nullopt;
      }
      Problem q{*stage_.prog, *stage_.sm, p_.spec, p_.opts};
      if (stage_.prog != &p_.prog) {
        if (q.opts.procs)
          q.opts.procs = sameProcs(*q.opts.procs, p_.prog, *stage_.prog);
        q.opts.named = sameProcs(q.opts.named, p_.prog, *stage_.prog);
      }
      q.observer = &relay_;
      q.opts.timeoutMs = deadline_ ? timeoutMs : 0;
      q.opts.attempts = attempts;
      relay_.by = m.name();
      relay_.offset = secondsSince(t0_);
      Result sub = m.run(q);
      std::string prefix = comp_.by + m.name();
      for (const auto &[k, v] : sub.stats)
        r_.stats[prefix + "." + k] += v;
      r_.stats[prefix + ".s"] += sub.seconds;
      if (!r_.failure && sub.failure)
        r_.failure = sub.failure;
      if (sub.status == Status::Repaired || (sub.status == Status::NoFailure && comp_.by.empty())) {
        for (Repair &x : sub.repairs) {
          x = comp_.apply(std::move(x), m.name());
          x.seconds += relay_.offset;
        }
        r_.repairs = std::move(sub.repairs);
        r_.status = sub.status;
        r_.message = sub.status == Status::Repaired ? "repaired by " + prefix : sub.message;
        r_.complete = sub.complete;
        r_.seconds = secondsSince(t0_);
        return r_;
      }
      if (sub.status == Status::Error) {
        if (firstError_.empty())
          firstError_ = std::string(m.name()) + ": " + sub.message;
        if (internal_.empty() && sub.message.starts_with("internal error"))
          internal_ = std::string(m.name()) + ": " + sub.message;
      } else {
        ran_ = true;
        unknown_ |= sub.status == Status::Unknown;
      }
      note(std::string(m.name()) + ": " + sub.message);
      return std::nullopt;
    }

    /// Of the attempts (by the methods in `by`), the one after which the fewest tests of the suite fail,
    /// among those that make some failing test pass and no passing one fail: applied (the next stage).
    /// False when none does.
    bool applyBest(const std::vector<Repair> &attempts, const std::vector<std::string> &by) {
      std::optional<size_t> best;
      std::unique_ptr<SourceManager> bestSm;
      std::optional<ir::Program> bestProg;
      std::vector<size_t> bestFailing;
      if (stage_.prog == &p_.prog && stage_.failing.empty()) {
        std::string why; // the user's program on the whole suite, once there is a candidate to compare
        std::optional<std::vector<size_t>> failing = failingSuiteTests(p_.prog, p_.spec, why);
        if (!failing || failing->empty())
          return false;
        stage_.failing = std::move(*failing);
      }
      size_t tried = 0;
      for (size_t i = 0; i < attempts.size() && tried < kMaxAttempts && !stopNow(p_, deadline_); ++i) {
        const Repair &a = attempts[i];
        if (a.patch.files.size() != 1)
          continue;
        ++tried;
        auto sm = std::make_unique<SourceManager>();
        Diagnostics diags(*sm);
        frontend::Options fo;
        fo.importPath = p_.spec.importPath;
        std::optional<ir::Program> prog =
            frontend::compileText(a.patch.files[0].path, a.patch.files[0].after, *sm, diags, fo);
        if (!prog)
          continue;
        std::string why;
        std::optional<std::vector<size_t>> failing = failingSuiteTests(*prog, p_.spec, why);
        if (!failing || failing->size() >= stage_.failing.size() ||
            !std::includes(stage_.failing.begin(), stage_.failing.end(), failing->begin(), failing->end()))
          continue;
        if (best && failing->size() >= bestFailing.size())
          continue;
        best = i;
        bestSm = std::move(sm);
        bestProg = std::move(prog);
        bestFailing = std::move(*failing);
      }
      r_.stats["partial_candidates"] += static_cast<double>(tried);
      if (!best)
        return false;
      const Repair &a = attempts[*best];
      const patch::FilePatch &f = a.patch.files[0];
      if (comp_.by.empty()) {
        comp_.file = f.path;
        std::optional<uint32_t> idx = p_.sm.find(f.path);
        comp_.original = idx ? p_.sm.text(*idx) : f.before;
        for (uint32_t k = 0; k < p_.prog.files.size(); ++k)
          if (p_.prog.files[k] == f.path)
            comp_.fileIndex = k;
      }
      std::vector<uint32_t> map = lineMap(f.path, comp_.original, f.before);
      for (const std::string &c : a.changes)
        comp_.changes.push_back(mapChange(c, f.path, map));
      comp_.size += a.size;
      comp_.by += by[*best] + "+";
      std::string what =
          a.changes.empty()
              ? std::string()
              : ": " + comp_.changes[comp_.changes.size() - a.changes.size()] +
                    (a.changes.size() > 1 ? " and " + std::to_string(a.changes.size() - 1) + " more" : "");
      note("the partial repair by " + by[*best] + " applied (" + std::to_string(bestFailing.size()) + " of " +
           std::to_string(stage_.failing.size()) + " failing tests still fail)" + what);
      stage_.ownSm = std::move(bestSm);
      stage_.ownProg = std::move(bestProg);
      stage_.prog = &*stage_.ownProg;
      stage_.sm = stage_.ownSm.get();
      stage_.failing = std::move(bestFailing);
      r_.stats["partials"] += 1;
      return true;
    }

    void note(const std::string &n) { notes_ += (notes_.empty() ? "" : "; ") + n; }

    const Problem &p_;
    Composition comp_;
    Relay relay_;
    Stage stage_;
    Result r_;
    std::chrono::steady_clock::time_point t0_ = Clock::now();
    std::optional<std::chrono::steady_clock::time_point> deadline_ = deadlineOf(p_.opts.timeoutMs);
    std::string notes_, firstError_, internal_;
    bool unknown_ = false, ran_ = false;
  };
};

} // namespace

std::unique_ptr<Method> makePortfolio() {
  return std::make_unique<Portfolio>();
}

} // namespace locus::fix

// `locus repair --method auto`: every other registered method, cheapest first, until one repairs. The
// methods that derive their edits from the specification (Method::Portfolio::Derived: format, guard, init)
// run first, each with the whole time left; then the searches (Portfolio::Search, in registry order), each
// with an equal share of the time left (what one leaves unused goes to the next). The first method that
// repairs gives the answer: its repairs, each naming it (Repair::by), re-verified as that method verifies
// them. A method that cannot run on the problem (guard without a reference) is passed over and named in
// the message. See docs/repair.md ("auto").
#include "repair/fix/methods.h"

namespace locus::fix {

namespace {

using Clock = std::chrono::steady_clock;

/// Between the portfolio's caller and one method: the failure is told once (every method finds it again),
/// each repair with the method that found it.
class Relay final : public repair::Observer {
public:
  explicit Relay(repair::Observer *to) : to_(to) {}
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
    Repair named = r;
    named.by = by;
    named.seconds += offset;
    to_->repaired(named);
  }
  const repair::CancelToken *cancel() const override { return to_ ? to_->cancel() : nullptr; }
  std::string by; ///< the method running now
  /// When it started, in seconds from the portfolio's start: a repair's time is from there.
  double offset = 0;

private:
  repair::Observer *to_;
  bool told_ = false;
};

/// The methods the portfolio runs, in its order.
std::vector<const Method *> lineUp() {
  std::vector<const Method *> out;
  for (Method::Portfolio tier : {Method::Portfolio::Derived, Method::Portfolio::Search})
    for (const auto &m : methods())
      if (m->portfolio() == tier)
        out.push_back(m.get());
  return out;
}

class Portfolio final : public Method {
public:
  const char *name() const override { return "auto"; }
  const char *summary() const override {
    return "every other method, cheapest first, until one repairs: those that derive their edit from the "
           "specification (format, guard, init), then the searches sharing the time limit";
  }
  Method::Portfolio portfolio() const override { return Method::Portfolio::None; }
  std::string describe(const Problem &) const override {
    std::string names;
    for (const Method *m : lineUp())
      names += (names.empty() ? "" : ", ") + std::string(m->name());
    return names + ", until one repairs";
  }

  Result run(const Problem &p) const override {
    Result r;
    r.method = name();
    r.solver = p.opts.solver;
    auto t0 = Clock::now();
    auto deadline = deadlineOf(p.opts.timeoutMs);
    std::vector<const Method *> all = lineUp();
    size_t searches = 0;
    for (const Method *m : all)
      searches += m->portfolio() == Method::Portfolio::Search;
    Relay relay(p.observer);
    std::string notes;
    bool unknown = false, ran = false;
    std::string firstError, internal;
    for (const Method *m : all) {
      if (stopNow(p, deadline)) {
        unknown = true;
        notes += (notes.empty() ? "" : "; ") + std::string(m->name()) + ": not run (the time limit ran out)";
        continue;
      }
      Problem q{p.prog, p.sm, p.spec, p.opts};
      q.observer = &relay;
      relay.by = m->name();
      relay.offset = secondsSince(t0);
      if (deadline) {
        unsigned left = msLeft(deadline, 1);
        bool search = m->portfolio() == Method::Portfolio::Search;
        q.opts.timeoutMs = search && searches ? std::max(1u, left / static_cast<unsigned>(searches)) : left;
      }
      if (m->portfolio() == Method::Portfolio::Search && searches)
        --searches;
      Result sub = m->run(q);
      for (const auto &[k, v] : sub.stats)
        r.stats[std::string(m->name()) + "." + k] = v;
      r.stats[std::string(m->name()) + ".s"] = sub.seconds;
      if (!r.failure && sub.failure)
        r.failure = sub.failure;
      if (sub.status == Status::Repaired || sub.status == Status::NoFailure) {
        for (Repair &x : sub.repairs) {
          x.by = m->name();
          x.seconds += relay.offset;
        }
        r.repairs = std::move(sub.repairs);
        r.status = sub.status;
        r.message = sub.status == Status::Repaired ? "repaired by " + std::string(m->name()) : sub.message;
        r.complete = sub.complete;
        r.seconds = secondsSince(t0);
        return r;
      }
      if (sub.status == Status::Error) {
        if (firstError.empty())
          firstError = std::string(m->name()) + ": " + sub.message;
        if (internal.empty() && sub.message.starts_with("internal error"))
          internal = std::string(m->name()) + ": " + sub.message;
      } else {
        ran = true;
        unknown |= sub.status == Status::Unknown;
      }
      notes += (notes.empty() ? "" : "; ") + std::string(m->name()) + ": " + sub.message;
    }
    r.seconds = secondsSince(t0);
    if (!ran || !internal.empty()) { // no method could run (a solver missing, the input not checkable: the
                                     // first one's reason), or one failed in a way that is a bug of ours
      r.status = Status::Error;
      r.message = internal.empty() ? firstError : internal;
      return r;
    }
    r.status = unknown ? Status::Unknown : Status::NotRepaired;
    r.message = "no method repairs it (" + notes + ")";
    return r;
  }
};

} // namespace

std::unique_ptr<Method> makePortfolio() {
  return std::make_unique<Portfolio>();
}

} // namespace locus::fix

// Solver: the protocol checks, assumption proxies and statistics shared by every backend.
#include "backends/solver.h"

#include "backends/interrupt.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <stdexcept>

namespace locus::backends {

unsigned timeLimitMs(double seconds) {
  if (!(seconds > 0))
    return 0;
  return static_cast<unsigned>(std::clamp(std::ceil(seconds * 1000), 1.0, kMaxTimeLimitSeconds * 1000));
}

const char *statusName(Status s) {
  switch (s) {
  case Status::Sat: return "sat";
  case Status::Unsat: return "unsat";
  case Status::Unknown: return "unknown";
  }
  return "?";
}

const char *reasonName(UnknownReason r) {
  switch (r) {
  case UnknownReason::None: return "none";
  case UnknownReason::Timeout: return "timeout";
  case UnknownReason::Resource: return "resource";
  case UnknownReason::Incomplete: return "incomplete";
  case UnknownReason::Other: return "other";
  }
  return "?";
}

UnknownReason classifyUnknownReason(const std::string &text) {
  std::string t = text;
  std::transform(t.begin(), t.end(), t.begin(), [](unsigned char c) { return std::tolower(c); });
  if (t.find("timeout") != std::string::npos || t.find("canceled") != std::string::npos ||
      t.find("time limit") != std::string::npos)
    return UnknownReason::Timeout;
  if (t.find("resource") != std::string::npos || t.find("memout") != std::string::npos ||
      t.find("memory") != std::string::npos)
    return UnknownReason::Resource;
  if (t.find("incomplete") != std::string::npos)
    return UnknownReason::Incomplete;
  return UnknownReason::Other;
}

std::optional<int64_t> Value::asInt64() const {
  if (kind == Kind::Int) {
    try {
      size_t used = 0;
      long long v = std::stoll(integer, &used);
      if (used == integer.size())
        return v;
    } catch (const std::exception &) {
    }
    return std::nullopt;
  }
  if (kind == Kind::BitVec && !bits.empty() && bits.size() <= 64) {
    uint64_t u = *asUint64();
    if (bits.size() < 64 && bits[0] == '1')
      u |= ~uint64_t(0) << bits.size();
    return static_cast<int64_t>(u);
  }
  return std::nullopt;
}

std::optional<uint64_t> Value::asUint64() const {
  if (kind != Kind::BitVec || bits.empty() || bits.size() > 64)
    return std::nullopt;
  uint64_t u = 0;
  for (char c : bits)
    u = (u << 1) | (c == '1');
  return u;
}

Value Value::ofBool(bool b) {
  Value v;
  v.kind = Kind::Bool;
  v.boolean = b;
  v.text = b ? "true" : "false";
  return v;
}

Value Value::ofInt(std::string decimal) {
  Value v;
  v.kind = Kind::Int;
  v.text = decimal[0] == '-' ? "(- " + decimal.substr(1) + ")" : decimal;
  v.integer = std::move(decimal);
  return v;
}

Value Value::ofBits(std::string bits) {
  Value v;
  v.kind = Kind::BitVec;
  v.text = "#b" + bits;
  v.bits = std::move(bits);
  return v;
}

Value Value::ofFloatBits(std::string bits) {
  Value v;
  v.kind = Kind::Float;
  v.text = "#b" + bits;
  v.bits = std::move(bits);
  return v;
}

std::string Value::nanBits(uint32_t eb, uint32_t sb) {
  return "0" + std::string(eb, '1') + "1" + std::string(sb - 2, '0');
}

Value Value::other(std::string text) {
  Value v;
  v.text = std::move(text);
  return v;
}

Value Value::ofUnsignedDecimal(const std::string &decimal, uint32_t width) {
  // Repeated division by two of the decimal digit string.
  std::string digits = decimal;
  std::string bits(width, '0');
  for (uint32_t i = 0; i < width; ++i) {
    int carry = 0;
    std::string next;
    for (char c : digits) {
      int cur = carry * 10 + (c - '0');
      if (!next.empty() || cur / 2)
        next.push_back(static_cast<char>('0' + cur / 2));
      carry = cur % 2;
    }
    bits[width - 1 - i] = carry ? '1' : '0';
    digits = next.empty() ? "0" : next;
  }
  return ofBits(bits);
}

const char *posingName(Posing p) {
  switch (p) {
  case Posing::Auto: return "auto";
  case Posing::Assume: return "assume";
  case Posing::Push: return "push";
  case Posing::Plain: return "plain";
  case Posing::Fresh: return "fresh";
  }
  return "?";
}

std::optional<Posing> parsePosing(const std::string &text) {
  for (Posing p : {Posing::Auto, Posing::Assume, Posing::Push, Posing::Plain, Posing::Fresh})
    if (text == posingName(p))
      return p;
  return std::nullopt;
}

void Solver::settle() {
  if (!pendingPop_)
    return;
  pendingPop_ = false;
  popImpl(1);
}

void Solver::assertLogged(Term f) {
  ++stats_.assertions;
  asserted_.back().push_back(f);
  assertImpl(f);
}

void Solver::assertFormula(Term f) {
  if (f.isNull() || !tm_.isBool(f))
    throw std::logic_error("solver: assertFormula needs a boolean term");
  invalidate();
  settle();
  assertLogged(f);
}

void Solver::push() {
  invalidate();
  settle();
  proxies_.emplace_back();
  asserted_.emplace_back();
  pushImpl();
}

void Solver::pop(unsigned n) {
  if (n > level())
    throw std::logic_error("solver: pop(" + std::to_string(n) + ") at level " + std::to_string(level()));
  invalidate();
  settle();
  if (n == 0)
    return;
  proxies_.resize(proxies_.size() - n);
  asserted_.resize(asserted_.size() - n);
  popImpl(n);
}

Result Solver::check() {
  return check(std::vector<Term>{});
}

Term Solver::literalFor(Term a) {
  if (tm_.isLiteral(a))
    return a;
  for (auto it = proxies_.rbegin(); it != proxies_.rend(); ++it) {
    auto found = it->find(a);
    if (found != it->end())
      return found->second;
  }
  Term p = tm_.mkFreshVar("_assume", tm_.boolSort());
  assertLogged(tm_.mkImplies(p, a));
  proxies_.back().emplace(a, p);
  return p;
}

Result Solver::checkWithPush(const std::vector<Term> &assumptions) {
  pushImpl();
  pendingPop_ = true; // popped by the next command, so that the model stays readable until then
  for (Term a : assumptions)
    assertImpl(a);
  return checkImpl({});
}

Result Solver::checkFreshImpl(const std::vector<Term> &assumptions, Posing) {
  return checkWithPush(assumptions);
}

Result Solver::check(const std::vector<Term> &assumptions, Need need) {
  for (Term a : assumptions)
    if (a.isNull() || !tm_.isBool(a))
      throw std::logic_error("solver: assumptions must be boolean terms");
  if (need == Need::Core && !opts_.cores)
    throw std::logic_error("solver: a check that needs an unsat core on a solver made without cores");
  invalidate();
  settle();
  lastAssumptionOf_.clear();
  // Without assumptions Push is an ordinary check; Plain and Fresh still differ (another instance, another
  // mode).
  Posing how = need == Need::Core ? Posing::Assume : posing();
  if (how == Posing::Push && assumptions.empty())
    how = Posing::Assume;
  std::vector<Term> lits;
  if (how == Posing::Assume) {
    lits.reserve(assumptions.size());
    for (Term a : assumptions) {
      Term l = literalFor(a);
      auto &orig = lastAssumptionOf_[l];
      if (orig.empty())
        lits.push_back(l);
      if (std::find(orig.begin(), orig.end(), a) == orig.end())
        orig.push_back(a);
    }
  }
  auto start = std::chrono::steady_clock::now();
  unsigned ownTimeout = timeoutMs_;
  bool expired = false;
  if (deadline_) { // the limit of this check: the timeout or what is left until the deadline
    double left = std::chrono::duration<double, std::milli>(*deadline_ - start).count();
    if (left < 1)
      expired = true;
    else if (timeoutMs_ == 0 || left < timeoutMs_)
      timeoutMs_ = static_cast<unsigned>(left);
  }
  Result r = expired                 ? Result::unknown(UnknownReason::Timeout, "deadline reached")
             : checksInterrupted()   ? Result::unknown(UnknownReason::Other, "interrupted")
             : how == Posing::Assume ? checkImpl(lits)
             : how == Posing::Push   ? checkWithPush(assumptions)
                                     : checkFreshImpl(assumptions, how);
  if (r.status == Status::Unknown && checksInterrupted()) // stopped by interruptChecks, not by its limit
    r = Result::unknown(UnknownReason::Other, "interrupted");
  timeoutMs_ = ownTimeout;
  double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  coreAvailable_ = need == Need::Core;
  ++stats_.checks;
  stats_.solveSeconds += secs;
  stats_.maxCheckSeconds = std::max(stats_.maxCheckSeconds, secs);
  switch (r.status) {
  case Status::Sat:
    ++stats_.sat;
    state_ = State::Sat;
    break;
  case Status::Unsat:
    ++stats_.unsat;
    state_ = State::Unsat;
    break;
  case Status::Unknown:
    ++stats_.unknown;
    state_ = State::Unknown;
    break;
  }
  return r;
}

Value Solver::value(Term t) {
  if (state_ != State::Sat)
    throw std::logic_error("solver: value() is only available right after a sat check");
  if (t.isNull())
    throw std::logic_error("solver: value() of a null term");
  return valueImpl(t);
}

std::vector<Term> Solver::unsatCore() {
  if (state_ != State::Unsat)
    throw std::logic_error("solver: unsatCore() is only available right after an unsat check");
  if (!coreAvailable_)
    throw std::logic_error("solver: unsatCore() after a check made with Need::NoCore");
  std::vector<Term> out;
  for (Term l : unsatCoreImpl()) {
    auto it = lastAssumptionOf_.find(l);
    if (it == lastAssumptionOf_.end())
      continue; // not one of ours (a solver may report internal literals)
    for (Term a : it->second)
      if (std::find(out.begin(), out.end(), a) == out.end())
        out.push_back(a);
  }
  return out;
}

} // namespace locus::backends

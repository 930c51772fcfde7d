// The Z3 backend: terms translated to the Z3 C++ API with a cache, incremental solving, native MaxSAT.
#include "backends/z3/z3_solver.h"

#include "backends/alarm.h"
#include "backends/interrupt.h"

#include <chrono>
#include <climits>
#include <optional>
#include <stdexcept>
#include <unordered_map>
#include <z3++.h>

namespace locus::backends {

namespace {

class Z3Solver final : public Solver {
public:
  Z3Solver(TermManager &tm, const SolverOptions &opts) : Solver(tm, opts), solver_(ctx_) {
    // Z3 would catch SIGINT during a check and answer `canceled`, read as a timeout: locus handles Ctrl-C
    // itself and stops the check through interruptChecks (backends/interrupt.h).
    solver_.set("ctrl_c", false);
    // The SMT-LIB pipe's `:produce-unsat-cores`; cores over assumption literals do not depend on it.
    if (opts.cores)
      solver_.set("unsat_core", true);
  }

  std::string name() const override { return "z3"; }
  std::string version() const override {
    unsigned major, minor, build, rev;
    Z3_get_version(&major, &minor, &build, &rev);
    return std::to_string(major) + "." + std::to_string(minor) + "." + std::to_string(build);
  }

  std::optional<NativeMaxSat> maxSatNative(const std::vector<std::pair<Term, uint64_t>> &softs) override;

protected:
  void assertImpl(Term f) override {
    z3::expr e = translate(f);
    auto t0 = std::chrono::steady_clock::now();
    solver_.add(e);
    addAssertSeconds(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  }
  void pushImpl() override { solver_.push(); }
  void popImpl(unsigned n) override { solver_.pop(n); }
  Result checkImpl(const std::vector<Term> &assumptions) override;
  Result checkFreshImpl(const std::vector<Term> &assumptions, Posing how) override;
  Value valueImpl(Term t) override;
  Posing defaultPosing() const override { return measuredPosing(SolverFamily::Z3); }
  std::vector<Term> unsatCoreImpl() override;

private:
  z3::sort translateSort(Sort s);
  z3::expr translate(Term root);
  z3::expr build(Term t);
  z3::expr buildFloat(Term t, const std::vector<Z3_ast> &a); ///< the floating-point operators
  /// str.from_code, which this Z3's C API has no constructor for: its declaration, read from a parsed term.
  Z3_func_decl fromCode();
  std::optional<z3::func_decl> fromCode_;
  Value readValue(const z3::expr &v, Sort s);
  void applyTimeout();
  Result answer(z3::solver &s, z3::check_result r);

  z3::context ctx_;
  z3::solver solver_;
  std::unordered_map<uint32_t, z3::expr> cache_;
  std::unordered_map<unsigned, Term> assumptionById_; ///< Z3 ast id -> assumption literal of the last check
  std::optional<unsigned> appliedTimeout_; ///< the limit last given to Z3 (setting parameters is not cheap)
  std::optional<z3::model> model_;         ///< of the last Sat check
};

z3::sort Z3Solver::translateSort(Sort s) {
  const SortData &d = tm_.sortData(s);
  switch (d.kind) {
  case SortKind::Bool: return ctx_.bool_sort();
  case SortKind::Int: return ctx_.int_sort();
  case SortKind::BitVec: return ctx_.bv_sort(d.width);
  case SortKind::Array: return ctx_.array_sort(translateSort(d.index), translateSort(d.elem));
  case SortKind::String: return ctx_.string_sort();
  case SortKind::RegLan: return z3::sort(ctx_, Z3_mk_re_sort(ctx_, ctx_.string_sort()));
  case SortKind::Float: return z3::sort(ctx_, Z3_mk_fpa_sort(ctx_, d.width, d.sig));
  }
  throw std::logic_error("z3: unknown sort");
}

z3::expr Z3Solver::translate(Term root) {
  tm_.postOrder(
      root, [&](Term t) { return cache_.count(t.id) != 0; }, [&](Term t) { cache_.emplace(t.id, build(t)); });
  return cache_.at(root.id);
}

z3::expr Z3Solver::build(Term t) {
  const TermData &d = tm_.data(t);
  std::vector<Z3_ast> a;
  for (Term k : d.kids)
    a.push_back(cache_.at(k.id));
  Z3_context c = ctx_;
  auto n = static_cast<unsigned>(a.size());
  auto wrap = [&](Z3_ast r) {
    ctx_.check_error();
    return z3::expr(ctx_, r);
  };
  switch (d.op) {
  case Op::BoolConst: return ctx_.bool_val(d.value == "true");
  case Op::IntConst: return ctx_.int_val(d.value.c_str());
  case Op::BvConst: {
    std::vector<bool> bits(d.value.size());
    for (size_t i = 0; i < bits.size(); ++i)
      bits[i] = d.value[bits.size() - 1 - i] == '1'; // Z3 wants least significant first
    std::unique_ptr<bool[]> raw(new bool[bits.size()]);
    for (size_t i = 0; i < bits.size(); ++i)
      raw[i] = bits[i];
    return wrap(Z3_mk_bv_numeral(c, static_cast<unsigned>(bits.size()), raw.get()));
  }
  case Op::ConstArray: return wrap(Z3_mk_const_array(c, translateSort(tm_.sortData(d.sort).index), a[0]));
  case Op::Var: return ctx_.constant(d.value.c_str(), translateSort(d.sort));
  case Op::Not: return wrap(Z3_mk_not(c, a[0]));
  case Op::And: return wrap(Z3_mk_and(c, n, a.data()));
  case Op::Or: return wrap(Z3_mk_or(c, n, a.data()));
  case Op::Xor: return wrap(Z3_mk_xor(c, a[0], a[1]));
  case Op::Implies: return wrap(Z3_mk_implies(c, a[0], a[1]));
  case Op::Ite: return wrap(Z3_mk_ite(c, a[0], a[1], a[2]));
  case Op::Eq: return wrap(Z3_mk_eq(c, a[0], a[1]));
  case Op::Distinct: return wrap(Z3_mk_distinct(c, n, a.data()));
  case Op::Neg: return wrap(Z3_mk_unary_minus(c, a[0]));
  case Op::Add: return wrap(Z3_mk_add(c, n, a.data()));
  case Op::Sub: return wrap(Z3_mk_sub(c, n, a.data()));
  case Op::Mul: return wrap(Z3_mk_mul(c, n, a.data()));
  case Op::IntDiv: return wrap(Z3_mk_div(c, a[0], a[1]));
  case Op::Mod: return wrap(Z3_mk_mod(c, a[0], a[1]));
  case Op::Lt: return wrap(Z3_mk_lt(c, a[0], a[1]));
  case Op::Le: return wrap(Z3_mk_le(c, a[0], a[1]));
  case Op::Gt: return wrap(Z3_mk_gt(c, a[0], a[1]));
  case Op::Ge: return wrap(Z3_mk_ge(c, a[0], a[1]));
  case Op::BvNot: return wrap(Z3_mk_bvnot(c, a[0]));
  case Op::BvNeg: return wrap(Z3_mk_bvneg(c, a[0]));
  case Op::BvAnd: return wrap(Z3_mk_bvand(c, a[0], a[1]));
  case Op::BvOr: return wrap(Z3_mk_bvor(c, a[0], a[1]));
  case Op::BvXor: return wrap(Z3_mk_bvxor(c, a[0], a[1]));
  case Op::BvAdd: return wrap(Z3_mk_bvadd(c, a[0], a[1]));
  case Op::BvSub: return wrap(Z3_mk_bvsub(c, a[0], a[1]));
  case Op::BvMul: return wrap(Z3_mk_bvmul(c, a[0], a[1]));
  case Op::BvUdiv: return wrap(Z3_mk_bvudiv(c, a[0], a[1]));
  case Op::BvUrem: return wrap(Z3_mk_bvurem(c, a[0], a[1]));
  case Op::BvSdiv: return wrap(Z3_mk_bvsdiv(c, a[0], a[1]));
  case Op::BvSrem: return wrap(Z3_mk_bvsrem(c, a[0], a[1]));
  case Op::BvShl: return wrap(Z3_mk_bvshl(c, a[0], a[1]));
  case Op::BvLshr: return wrap(Z3_mk_bvlshr(c, a[0], a[1]));
  case Op::BvAshr: return wrap(Z3_mk_bvashr(c, a[0], a[1]));
  case Op::BvUlt: return wrap(Z3_mk_bvult(c, a[0], a[1]));
  case Op::BvUle: return wrap(Z3_mk_bvule(c, a[0], a[1]));
  case Op::BvUgt: return wrap(Z3_mk_bvugt(c, a[0], a[1]));
  case Op::BvUge: return wrap(Z3_mk_bvuge(c, a[0], a[1]));
  case Op::BvSlt: return wrap(Z3_mk_bvslt(c, a[0], a[1]));
  case Op::BvSle: return wrap(Z3_mk_bvsle(c, a[0], a[1]));
  case Op::BvSgt: return wrap(Z3_mk_bvsgt(c, a[0], a[1]));
  case Op::BvSge: return wrap(Z3_mk_bvsge(c, a[0], a[1]));
  case Op::Concat: return wrap(Z3_mk_concat(c, a[0], a[1]));
  case Op::Extract: return wrap(Z3_mk_extract(c, d.p0, d.p1, a[0]));
  case Op::SignExtend: return wrap(Z3_mk_sign_ext(c, d.p0, a[0]));
  case Op::ZeroExtend: return wrap(Z3_mk_zero_ext(c, d.p0, a[0]));
  case Op::Select: return wrap(Z3_mk_select(c, a[0], a[1]));
  case Op::Store: return wrap(Z3_mk_store(c, a[0], a[1], a[2]));
  case Op::StrConst: return ctx_.string_val(d.value); // printable ASCII without '"' and '\\' (TermManager)
  case Op::StrConcat: return wrap(Z3_mk_seq_concat(c, n, a.data()));
  case Op::StrLen: return wrap(Z3_mk_seq_length(c, a[0]));
  case Op::StrFromInt: return wrap(Z3_mk_int_to_str(c, a[0]));
  case Op::StrFromCode: return wrap(Z3_mk_app(c, fromCode(), 1, a.data()));
  case Op::StrToRe: return wrap(Z3_mk_seq_to_re(c, a[0]));
  case Op::ReConcat: return wrap(Z3_mk_re_concat(c, n, a.data()));
  case Op::ReUnion: return wrap(Z3_mk_re_union(c, n, a.data()));
  case Op::ReStar: return wrap(Z3_mk_re_star(c, a[0]));
  case Op::RePlus: return wrap(Z3_mk_re_plus(c, a[0]));
  case Op::StrInRe: return wrap(Z3_mk_seq_in_re(c, a[0], a[1]));
  case Op::Bv2Nat: return wrap(Z3_mk_bv2int(c, a[0], false));
  case Op::Int2Bv: return wrap(Z3_mk_int2bv(c, d.p0, a[0]));
  default: return buildFloat(t, a);
  }
}

z3::expr Z3Solver::buildFloat(Term t, const std::vector<Z3_ast> &a) {
  const TermData &d = tm_.data(t);
  Z3_context c = ctx_;
  auto wrap = [&](Z3_ast r) {
    ctx_.check_error();
    return z3::expr(ctx_, r);
  };
  // Held as z3::expr / z3::sort: a Z3 object with no reference may be freed by the next API call.
  std::vector<z3::expr> modes;
  auto rm = [&](uint32_t m) -> Z3_ast {
    switch (static_cast<RoundingMode>(m)) {
    case RoundingMode::RNA: modes.push_back(z3::expr(ctx_, Z3_mk_fpa_rna(c))); break;
    case RoundingMode::RTP: modes.push_back(z3::expr(ctx_, Z3_mk_fpa_rtp(c))); break;
    case RoundingMode::RTN: modes.push_back(z3::expr(ctx_, Z3_mk_fpa_rtn(c))); break;
    case RoundingMode::RTZ: modes.push_back(z3::expr(ctx_, Z3_mk_fpa_rtz(c))); break;
    default: modes.push_back(z3::expr(ctx_, Z3_mk_fpa_rne(c)));
    }
    return modes.back();
  };
  z3::sort fs = translateSort(d.sort);
  switch (d.op) {
  case Op::FpFromBits: return wrap(Z3_mk_fpa_to_fp_bv(c, a[0], fs));
  case Op::FpToFp: return wrap(Z3_mk_fpa_to_fp_float(c, rm(0), a[0], fs));
  case Op::FpFromSbv: return wrap(Z3_mk_fpa_to_fp_signed(c, rm(0), a[0], fs));
  case Op::FpFromUbv: return wrap(Z3_mk_fpa_to_fp_unsigned(c, rm(0), a[0], fs));
  case Op::FpToSbv: return wrap(Z3_mk_fpa_to_sbv(c, rm(4), a[0], d.p0));
  case Op::FpToUbv: return wrap(Z3_mk_fpa_to_ubv(c, rm(4), a[0], d.p0));
  case Op::FpNeg: return wrap(Z3_mk_fpa_neg(c, a[0]));
  case Op::FpAbs: return wrap(Z3_mk_fpa_abs(c, a[0]));
  case Op::FpAdd: return wrap(Z3_mk_fpa_add(c, rm(d.p0), a[0], a[1]));
  case Op::FpSub: return wrap(Z3_mk_fpa_sub(c, rm(d.p0), a[0], a[1]));
  case Op::FpMul: return wrap(Z3_mk_fpa_mul(c, rm(d.p0), a[0], a[1]));
  case Op::FpDiv: return wrap(Z3_mk_fpa_div(c, rm(d.p0), a[0], a[1]));
  case Op::FpSqrt: return wrap(Z3_mk_fpa_sqrt(c, rm(d.p0), a[0]));
  case Op::FpRoundToInt: return wrap(Z3_mk_fpa_round_to_integral(c, rm(d.p0), a[0]));
  case Op::FpEq: return wrap(Z3_mk_fpa_eq(c, a[0], a[1]));
  case Op::FpLt: return wrap(Z3_mk_fpa_lt(c, a[0], a[1]));
  case Op::FpLeq: return wrap(Z3_mk_fpa_leq(c, a[0], a[1]));
  case Op::FpGt: return wrap(Z3_mk_fpa_gt(c, a[0], a[1]));
  case Op::FpGeq: return wrap(Z3_mk_fpa_geq(c, a[0], a[1]));
  case Op::FpIsNaN: return wrap(Z3_mk_fpa_is_nan(c, a[0]));
  default: break;
  }
  throw std::logic_error("z3: unknown operator");
}

Z3_func_decl Z3Solver::fromCode() {
  if (!fromCode_) {
    z3::expr_vector v = ctx_.parse_string("(assert (= (str.from_code 0) \"\"))");
    fromCode_ = v[0].arg(0).decl();
  }
  return *fromCode_;
}

void Z3Solver::applyTimeout() {
  unsigned limit = timeoutMs_ ? timeoutMs_ : UINT_MAX;
  if (appliedTimeout_ != limit)
    solver_.set("timeout", limit);
  appliedTimeout_ = limit;
}

Result Z3Solver::answer(z3::solver &s, z3::check_result r) {
  switch (r) {
  case z3::sat: model_ = s.get_model(); return Result::sat();
  case z3::unsat: return Result::unsat();
  case z3::unknown: {
    std::string why = s.reason_unknown();
    return Result::unknown(classifyUnknownReason(why), why);
  }
  }
  return Result::unknown(UnknownReason::Other, "z3: unexpected answer");
}

Result Z3Solver::checkImpl(const std::vector<Term> &assumptions) {
  model_.reset();
  try {
    applyTimeout();
    z3::expr_vector asms(ctx_);
    assumptionById_.clear();
    for (Term a : assumptions) {
      z3::expr e = translate(a);
      assumptionById_.emplace(e.id(), a);
      asms.push_back(e);
    }
    InterruptScope stop([this] { ctx_.interrupt(); });
    return answer(solver_, solver_.check(asms));
  } catch (const z3::exception &e) {
    return Result::unknown(classifyUnknownReason(e.msg()), e.msg());
  }
}

Result Z3Solver::checkFreshImpl(const std::vector<Term> &assumptions, Posing how) {
  model_.reset();
  try {
    // Plain: Z3's own strategy for a new solver (it picks tactics by the problem's logic). Fresh: simplify,
    // then its core SMT solver, set up for this problem (the incremental solver is set up once, for all
    // later checks, and lacks the simplification) — the pipe sends the same as check-sat-using
    // (smtlib_writer.cpp, freshCheckCommand).
    z3::solver fresh = how == Posing::Fresh
                           ? (z3::tactic(ctx_, "simplify") & z3::tactic(ctx_, "propagate-values") &
                              z3::tactic(ctx_, "solve-eqs") & z3::tactic(ctx_, "smt"))
                                 .mk_solver()
                           : z3::solver(ctx_);
    z3::params noCtrlC(ctx_);
    noCtrlC.set("ctrl_c", false);
    fresh.set(noCtrlC);
    z3::expr_vector all = solver_.assertions();
    for (unsigned i = 0; i < all.size(); ++i)
      fresh.add(all[i]);
    for (Term a : assumptions)
      fresh.add(translate(a));
    // A new solver runs Z3's tactics, where Z3 4.8.12's own `timeout` parameter can deadlock (nested
    // timers, e.g. on nonlinear integers: the check never returns): it is stopped from outside instead.
    z3::check_result r;
    bool fired;
    {
      Alarm stop(timeoutMs_ / 1000.0, [this] { ctx_.interrupt(); });
      InterruptScope interrupt([this] { ctx_.interrupt(); });
      r = fresh.check();
      fired = stop.fired();
    }
    if (fired && r == z3::unknown)
      return Result::unknown(UnknownReason::Timeout, "timeout (" + fresh.reason_unknown() + ")");
    return answer(fresh, r);
  } catch (const z3::exception &e) {
    return Result::unknown(classifyUnknownReason(e.msg()), e.msg());
  }
}

Value Z3Solver::readValue(const z3::expr &v, Sort s) {
  const SortData &d = tm_.sortData(s);
  switch (d.kind) {
  case SortKind::Bool:
    if (v.is_true() || v.is_false())
      return Value::ofBool(v.is_true());
    break;
  case SortKind::Int:
    if (v.is_numeral())
      return Value::ofInt(Z3_get_numeral_string(ctx_, v));
    break;
  case SortKind::BitVec:
    if (v.is_numeral())
      return Value::ofUnsignedDecimal(Z3_get_numeral_string(ctx_, v), d.width);
    break;
  case SortKind::Float: {
    if (Z3_fpa_is_numeral_nan(ctx_, v))
      return Value::ofFloatBits(Value::nanBits(d.width, d.sig));
    z3::expr bv = model_->eval(z3::expr(ctx_, Z3_mk_fpa_to_ieee_bv(ctx_, v)), true);
    if (bv.is_numeral()) {
      Value b = Value::ofUnsignedDecimal(Z3_get_numeral_string(ctx_, bv), d.width + d.sig);
      return Value::ofFloatBits(b.bits);
    }
    break;
  }
  case SortKind::Array:
  case SortKind::String:
  case SortKind::RegLan: break;
  }
  return Value::other(v.to_string());
}

Value Z3Solver::valueImpl(Term t) {
  if (!model_)
    throw std::runtime_error("z3: no model");
  return readValue(model_->eval(translate(t), true), tm_.sort(t));
}

std::vector<Term> Z3Solver::unsatCoreImpl() {
  std::vector<Term> out;
  z3::expr_vector core = solver_.unsat_core();
  for (unsigned i = 0; i < core.size(); ++i) {
    auto it = assumptionById_.find(core[i].id());
    if (it != assumptionById_.end())
      out.push_back(it->second);
  }
  return out;
}

std::optional<Solver::NativeMaxSat>
Z3Solver::maxSatNative(const std::vector<std::pair<Term, uint64_t>> &softs) {
  NativeMaxSat out;
  try {
    z3::optimize opt(ctx_);
    z3::params p(ctx_);
    p.set("timeout", timeoutMs_ ? timeoutMs_ : UINT_MAX);
    p.set("ctrl_c", false);
    opt.set(p);
    z3::expr_vector hard = solver_.assertions();
    for (unsigned i = 0; i < hard.size(); ++i)
      opt.add(hard[i]);
    std::vector<z3::expr> soft;
    for (auto &[f, w] : softs) {
      soft.push_back(translate(f));
      opt.add_soft(soft.back(), std::to_string(w).c_str());
    }
    InterruptScope stop([this] { ctx_.interrupt(); });
    switch (opt.check()) {
    case z3::sat: {
      out.result = Result::sat();
      z3::model m = opt.get_model();
      for (size_t i = 0; i < soft.size(); ++i)
        if (!m.eval(soft[i], true).is_true())
          out.falsified.push_back(i);
      break;
    }
    case z3::unsat: out.result = Result::unsat(); break;
    case z3::unknown: {
      std::string why = Z3_optimize_get_reason_unknown(ctx_, opt);
      out.result = Result::unknown(classifyUnknownReason(why), why);
    }
    }
  } catch (const z3::exception &e) {
    out.result = Result::unknown(classifyUnknownReason(e.msg()), e.msg());
  }
  return out;
}

} // namespace

std::unique_ptr<Solver> makeZ3Solver(TermManager &tm, const SolverOptions &opts) {
  return std::make_unique<Z3Solver>(tm, opts);
}

} // namespace locus::backends

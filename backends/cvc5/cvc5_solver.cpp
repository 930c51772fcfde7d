// The cvc5 backend: terms translated to the cvc5 C++ API with a cache, incremental solving.
#include "backends/cvc5/cvc5_solver.h"
#include "backends/interrupt.h"

#include <chrono>
#include <cvc5/cvc5.h>
#include <sstream>
#include <stdexcept>
#include <unordered_map>

namespace locus::backends {

namespace {

class Cvc5Solver final : public Solver {
public:
  Cvc5Solver(TermManager &tm, const SolverOptions &opts) : Solver(tm, opts) {
    // The options of the SMT-LIB header (smtlib_writer.cpp), so that cvc5 gets the same problem setup
    // through its API as through the pipe and `bench verify` compares like with like.
    setUp(slv_, true, opts.cores);
  }

  std::string name() const override { return "cvc5"; }
  std::string version() const override {
    std::string v = slv_.getVersion();
    auto pos = v.find_last_of(' ');
    return pos == std::string::npos ? v : v.substr(pos + 1);
  }

protected:
  void assertImpl(Term f) override {
    cvc5::Term t = translate(f);
    auto t0 = std::chrono::steady_clock::now();
    slv_.assertFormula(t);
    addAssertSeconds(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  }
  void pushImpl() override { slv_.push(); }
  void popImpl(unsigned n) override { slv_.pop(n); }
  Result checkImpl(const std::vector<Term> &assumptions) override;
  Result checkFreshImpl(const std::vector<Term> &assumptions, Posing how) override;
  Value valueImpl(Term t) override;
  Posing defaultPosing() const override { return measuredPosing(SolverFamily::Cvc5); }
  std::vector<Term> unsatCoreImpl() override;

private:
  static void setUp(cvc5::Solver &s, bool incremental, bool cores);
  void applyTimeout(cvc5::Solver &s);
  Result answer(const cvc5::Result &r);
  cvc5::Sort translateSort(Sort s);
  cvc5::Term roundingMode(RoundingMode m);
  cvc5::Term translate(Term root);
  cvc5::Term build(Term t);

  cvc5::Solver slv_;
  std::unordered_map<uint32_t, cvc5::Term> cache_;
  std::unordered_map<cvc5::Term, Term> assumptionOf_; ///< cvc5 term -> assumption literal of the last check
  unsigned appliedTimeout_ = 0;
  /// The instance of the last Plain or Fresh check (terms are shared: cvc5 solvers of one thread share
  /// their node manager), and the instance whose model `value` reads.
  std::unique_ptr<cvc5::Solver> fresh_;
  cvc5::Solver *modelOf_ = &slv_;
};

void Cvc5Solver::setUp(cvc5::Solver &s, bool incremental, bool cores) {
  s.setOption("incremental", incremental ? "true" : "false");
  s.setOption("produce-models", "true");
  s.setOption("strings-exp", "true"); // str.from_int (program output; smtlib_writer.cpp says the same)
  if (cores) {
    s.setOption("produce-unsat-assumptions", "true");
    s.setOption("produce-unsat-cores", "true");
  }
  s.setLogic("ALL");
}

void Cvc5Solver::applyTimeout(cvc5::Solver &s) {
  s.setOption("tlimit-per", std::to_string(timeoutMs_));
}

cvc5::Sort Cvc5Solver::translateSort(Sort s) {
  const SortData &d = tm_.sortData(s);
  switch (d.kind) {
  case SortKind::Bool: return slv_.getBooleanSort();
  case SortKind::Int: return slv_.getIntegerSort();
  case SortKind::BitVec: return slv_.mkBitVectorSort(d.width);
  case SortKind::Array: return slv_.mkArraySort(translateSort(d.index), translateSort(d.elem));
  case SortKind::String: return slv_.getStringSort();
  case SortKind::RegLan: return slv_.getRegExpSort();
  case SortKind::Float: return slv_.mkFloatingPointSort(d.width, d.sig);
  }
  throw std::logic_error("cvc5: unknown sort");
}

cvc5::Term Cvc5Solver::translate(Term root) {
  tm_.postOrder(
      root, [&](Term t) { return cache_.count(t.id) != 0; }, [&](Term t) { cache_.emplace(t.id, build(t)); });
  return cache_.at(root.id);
}

cvc5::Kind kindOf(Op op) {
  using K = cvc5::Kind;
  switch (op) {
  case Op::Not: return K::NOT;
  case Op::And: return K::AND;
  case Op::Or: return K::OR;
  case Op::Xor: return K::XOR;
  case Op::Implies: return K::IMPLIES;
  case Op::Ite: return K::ITE;
  case Op::Eq: return K::EQUAL;
  case Op::Distinct: return K::DISTINCT;
  case Op::Neg: return K::NEG;
  case Op::Add: return K::ADD;
  case Op::Sub: return K::SUB;
  case Op::Mul: return K::MULT;
  case Op::IntDiv: return K::INTS_DIVISION;
  case Op::Mod: return K::INTS_MODULUS;
  case Op::Lt: return K::LT;
  case Op::Le: return K::LEQ;
  case Op::Gt: return K::GT;
  case Op::Ge: return K::GEQ;
  case Op::BvNot: return K::BITVECTOR_NOT;
  case Op::BvNeg: return K::BITVECTOR_NEG;
  case Op::BvAnd: return K::BITVECTOR_AND;
  case Op::BvOr: return K::BITVECTOR_OR;
  case Op::BvXor: return K::BITVECTOR_XOR;
  case Op::BvAdd: return K::BITVECTOR_ADD;
  case Op::BvSub: return K::BITVECTOR_SUB;
  case Op::BvMul: return K::BITVECTOR_MULT;
  case Op::BvUdiv: return K::BITVECTOR_UDIV;
  case Op::BvUrem: return K::BITVECTOR_UREM;
  case Op::BvSdiv: return K::BITVECTOR_SDIV;
  case Op::BvSrem: return K::BITVECTOR_SREM;
  case Op::BvShl: return K::BITVECTOR_SHL;
  case Op::BvLshr: return K::BITVECTOR_LSHR;
  case Op::BvAshr: return K::BITVECTOR_ASHR;
  case Op::BvUlt: return K::BITVECTOR_ULT;
  case Op::BvUle: return K::BITVECTOR_ULE;
  case Op::BvUgt: return K::BITVECTOR_UGT;
  case Op::BvUge: return K::BITVECTOR_UGE;
  case Op::BvSlt: return K::BITVECTOR_SLT;
  case Op::BvSle: return K::BITVECTOR_SLE;
  case Op::BvSgt: return K::BITVECTOR_SGT;
  case Op::BvSge: return K::BITVECTOR_SGE;
  case Op::Concat: return K::BITVECTOR_CONCAT;
  case Op::Select: return K::SELECT;
  case Op::Store: return K::STORE;
  case Op::StrConcat: return K::STRING_CONCAT;
  case Op::StrLen: return K::STRING_LENGTH;
  case Op::StrFromInt: return K::STRING_FROM_INT;
  case Op::StrFromCode: return K::STRING_FROM_CODE;
  case Op::StrToRe: return K::STRING_TO_REGEXP;
  case Op::ReConcat: return K::REGEXP_CONCAT;
  case Op::ReUnion: return K::REGEXP_UNION;
  case Op::ReStar: return K::REGEXP_STAR;
  case Op::RePlus: return K::REGEXP_PLUS;
  case Op::StrInRe: return K::STRING_IN_REGEXP;
  case Op::Bv2Nat: return K::BITVECTOR_TO_NAT;
  case Op::FpNeg: return K::FLOATINGPOINT_NEG;
  case Op::FpAbs: return K::FLOATINGPOINT_ABS;
  case Op::FpEq: return K::FLOATINGPOINT_EQ;
  case Op::FpLt: return K::FLOATINGPOINT_LT;
  case Op::FpLeq: return K::FLOATINGPOINT_LEQ;
  case Op::FpGt: return K::FLOATINGPOINT_GT;
  case Op::FpGeq: return K::FLOATINGPOINT_GEQ;
  case Op::FpIsNaN: return K::FLOATINGPOINT_IS_NAN;
  default: throw std::logic_error("cvc5: operator without a plain kind");
  }
}

cvc5::Term Cvc5Solver::build(Term t) {
  const TermData &d = tm_.data(t);
  std::vector<cvc5::Term> a;
  for (Term k : d.kids)
    a.push_back(cache_.at(k.id));
  switch (d.op) {
  case Op::BoolConst: return slv_.mkBoolean(d.value == "true");
  case Op::IntConst: return slv_.mkInteger(d.value);
  case Op::BvConst: return slv_.mkBitVector(static_cast<uint32_t>(d.value.size()), d.value, 2);
  case Op::ConstArray: return slv_.mkConstArray(translateSort(d.sort), a[0]);
  case Op::StrConst: return slv_.mkString(d.value); // printable ASCII without '"' and '\\' (TermManager)
  case Op::Var: return slv_.mkConst(translateSort(d.sort), d.value);
  case Op::Extract: return slv_.mkTerm(slv_.mkOp(cvc5::Kind::BITVECTOR_EXTRACT, {d.p0, d.p1}), a);
  case Op::SignExtend: return slv_.mkTerm(slv_.mkOp(cvc5::Kind::BITVECTOR_SIGN_EXTEND, {d.p0}), a);
  case Op::ZeroExtend: return slv_.mkTerm(slv_.mkOp(cvc5::Kind::BITVECTOR_ZERO_EXTEND, {d.p0}), a);
  case Op::Int2Bv: return slv_.mkTerm(slv_.mkOp(cvc5::Kind::INT_TO_BITVECTOR, {d.p0}), a);
  case Op::FpFromBits:
    // a constant's float is a value (mkConstArray takes only values as the default of an array)
    if (tm_.op(d.kids[0]) == Op::BvConst)
      return slv_.mkFloatingPoint(d.p0, d.p1, a[0]);
    return slv_.mkTerm(slv_.mkOp(cvc5::Kind::FLOATINGPOINT_TO_FP_FROM_IEEE_BV, {d.p0, d.p1}), a);
  case Op::FpToFp:
  case Op::FpFromSbv:
  case Op::FpFromUbv: {
    cvc5::Kind k = d.op == Op::FpToFp      ? cvc5::Kind::FLOATINGPOINT_TO_FP_FROM_FP
                   : d.op == Op::FpFromSbv ? cvc5::Kind::FLOATINGPOINT_TO_FP_FROM_SBV
                                           : cvc5::Kind::FLOATINGPOINT_TO_FP_FROM_UBV;
    return slv_.mkTerm(slv_.mkOp(k, {d.p0, d.p1}), {roundingMode(RoundingMode::RNE), a[0]});
  }
  case Op::FpToSbv:
  case Op::FpToUbv: {
    cvc5::Kind k = d.op == Op::FpToSbv ? cvc5::Kind::FLOATINGPOINT_TO_SBV : cvc5::Kind::FLOATINGPOINT_TO_UBV;
    return slv_.mkTerm(slv_.mkOp(k, {d.p0}), {roundingMode(RoundingMode::RTZ), a[0]});
  }
  case Op::FpAdd:
  case Op::FpSub:
  case Op::FpMul:
  case Op::FpDiv:
  case Op::FpSqrt:
  case Op::FpRoundToInt: {
    using K = cvc5::Kind;
    K k = d.op == Op::FpAdd    ? K::FLOATINGPOINT_ADD
          : d.op == Op::FpSub  ? K::FLOATINGPOINT_SUB
          : d.op == Op::FpMul  ? K::FLOATINGPOINT_MULT
          : d.op == Op::FpDiv  ? K::FLOATINGPOINT_DIV
          : d.op == Op::FpSqrt ? K::FLOATINGPOINT_SQRT
                               : K::FLOATINGPOINT_RTI;
    std::vector<cvc5::Term> args{roundingMode(static_cast<RoundingMode>(d.p0))};
    args.insert(args.end(), a.begin(), a.end());
    return slv_.mkTerm(k, args);
  }
  default: return slv_.mkTerm(kindOf(d.op), a);
  }
}

Result Cvc5Solver::answer(const cvc5::Result &r) {
  if (r.isSat())
    return Result::sat();
  if (r.isUnsat())
    return Result::unsat();
  std::ostringstream why;
  why << r.getUnknownExplanation();
  switch (r.getUnknownExplanation()) {
  case cvc5::UnknownExplanation::TIMEOUT:
  case cvc5::UnknownExplanation::INTERRUPTED: return Result::unknown(UnknownReason::Timeout, why.str());
  case cvc5::UnknownExplanation::RESOURCEOUT:
  case cvc5::UnknownExplanation::MEMOUT: return Result::unknown(UnknownReason::Resource, why.str());
  case cvc5::UnknownExplanation::INCOMPLETE:
  case cvc5::UnknownExplanation::UNSUPPORTED: return Result::unknown(UnknownReason::Incomplete, why.str());
  default: return Result::unknown(UnknownReason::Other, why.str());
  }
}

Result Cvc5Solver::checkImpl(const std::vector<Term> &assumptions) {
  fresh_.reset();
  modelOf_ = &slv_;
  try {
    if (timeoutMs_ != appliedTimeout_) {
      applyTimeout(slv_);
      appliedTimeout_ = timeoutMs_;
    }
    std::vector<cvc5::Term> asms;
    assumptionOf_.clear();
    for (Term a : assumptions) {
      asms.push_back(translate(a));
      assumptionOf_.emplace(asms.back(), a);
    }
    cvc5::Result res;
    {
      UnstoppableScope running; // cvc5 cannot be interrupted (backends/interrupt.h)
      LibraryCallScope inside;  // and may abort the process (its CaDiCaL under a time limit)
      res = asms.empty() ? slv_.checkSat() : slv_.checkSatAssuming(asms);
    }
    return answer(res);
  } catch (const cvc5::CVC5ApiException &e) {
    return Result::unknown(classifyUnknownReason(e.getMessage()), e.getMessage());
  }
}

Result Cvc5Solver::checkFreshImpl(const std::vector<Term> &assumptions, Posing) {
  // Plain and Fresh alike: a new non-incremental solver without core production.
  try {
    fresh_ = std::make_unique<cvc5::Solver>();
    modelOf_ = fresh_.get();
    setUp(*fresh_, false, false);
    if (timeoutMs_)
      applyTimeout(*fresh_);
    for (const std::vector<Term> &level : assertions())
      for (Term f : level)
        fresh_->assertFormula(translate(f));
    for (Term a : assumptions)
      fresh_->assertFormula(translate(a));
    cvc5::Result res;
    {
      UnstoppableScope running;
      LibraryCallScope inside;
      res = fresh_->checkSat();
    }
    return answer(res);
  } catch (const cvc5::CVC5ApiException &e) {
    return Result::unknown(classifyUnknownReason(e.getMessage()), e.getMessage());
  }
}

cvc5::Term Cvc5Solver::roundingMode(RoundingMode m) {
  switch (m) {
  case RoundingMode::RNA: return slv_.mkRoundingMode(cvc5::RoundingMode::ROUND_NEAREST_TIES_TO_AWAY);
  case RoundingMode::RTP: return slv_.mkRoundingMode(cvc5::RoundingMode::ROUND_TOWARD_POSITIVE);
  case RoundingMode::RTN: return slv_.mkRoundingMode(cvc5::RoundingMode::ROUND_TOWARD_NEGATIVE);
  case RoundingMode::RTZ: return slv_.mkRoundingMode(cvc5::RoundingMode::ROUND_TOWARD_ZERO);
  default: return slv_.mkRoundingMode(cvc5::RoundingMode::ROUND_NEAREST_TIES_TO_EVEN);
  }
}

Value Cvc5Solver::valueImpl(Term t) {
  cvc5::Term tt = translate(t);
  cvc5::Term v;
  {
    LibraryCallScope inside; // a model value may reach into the SAT solver
    v = modelOf_->getValue(tt);
  }
  if (tm_.kind(tm_.sort(t)) == SortKind::Float) {
    const SortData &d = tm_.sortData(tm_.sort(t));
    if (v.isFloatingPointNaN())
      return Value::ofFloatBits(Value::nanBits(d.width, d.sig));
    if (v.isFloatingPointValue())
      return Value::ofFloatBits(std::get<2>(v.getFloatingPointValue()).getBitVectorValue(2));
  }
  if (v.isBooleanValue())
    return Value::ofBool(v.getBooleanValue());
  if (v.isIntegerValue())
    return Value::ofInt(v.getIntegerValue());
  if (v.isBitVectorValue())
    return Value::ofBits(v.getBitVectorValue(2));
  return Value::other(v.toString());
}

std::vector<Term> Cvc5Solver::unsatCoreImpl() {
  std::vector<Term> out;
  std::vector<cvc5::Term> core;
  {
    LibraryCallScope inside;
    core = slv_.getUnsatAssumptions();
  }
  for (const cvc5::Term &c : core) {
    auto it = assumptionOf_.find(c);
    if (it != assumptionOf_.end())
      out.push_back(it->second);
  }
  return out;
}

} // namespace

std::unique_ptr<Solver> makeCvc5Solver(TermManager &tm, const SolverOptions &opts) {
  return std::make_unique<Cvc5Solver>(tm, opts);
}

} // namespace locus::backends

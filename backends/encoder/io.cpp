// Input and output terms: the input bytes, scanning tables, printing (automaton or string), comparisons.
#include "backends/encoder/io.h"

#include "ir/floats.h"

#include <cmath>

#include <map>
#include <set>

namespace locus::encoder {

using backends::Op;
using ir::BigInt;

namespace {
const ir::Type kByte = ir::Type::fixedInt(8, false);
const ir::Type kU64 = ir::Type::fixedInt(64, false);
const ir::Type kI64 = ir::Type::fixedInt(64, true);
BigInt cap() {
  return BigInt::pow2(63);
}
} // namespace

IoEncoder::IoEncoder(backends::TermManager &tm, const ExprEncoder &ex, std::function<void(Term)> input,
                     std::function<Term(const std::string &, Term)> define)
    : tm_(tm), ex_(ex), input_(std::move(input)), define_(std::move(define)), bv_(ex.bv()) {
  byteSort_ = ex.sortOf(kByte);
  wSort_ = ex.sortOf(kU64);
}

// ---- arithmetic ------------------------------------------------------------------------------------

Term IoEncoder::w(const BigInt &v) const {
  return ex_.intConst(v, kU64);
}
Term IoEncoder::wAdd(Term a, Term b) const {
  return tm_.mkApp(bv_ ? Op::BvAdd : Op::Add, a, b);
}
Term IoEncoder::wSub(Term a, Term b) const {
  return tm_.mkApp(bv_ ? Op::BvSub : Op::Sub, a, b);
}
Term IoEncoder::wMul(Term a, uint64_t k) const {
  return tm_.mkApp(bv_ ? Op::BvMul : Op::Mul, a, w(BigInt::fromUint64(k)));
}
Term IoEncoder::wGe(Term a, Term b) const {
  return tm_.mkApp(bv_ ? Op::BvUge : Op::Ge, a, b);
}
Term IoEncoder::wNeg(Term a) const {
  return tm_.mkApp(bv_ ? Op::BvNeg : Op::Neg, a);
}
Term IoEncoder::byte(unsigned v) const {
  return ex_.intConst(BigInt(static_cast<int64_t>(v)), kByte);
}
Term IoEncoder::bLe(Term a, Term b) const {
  return tm_.mkApp(bv_ ? Op::BvUle : Op::Le, a, b);
}
Term IoEncoder::inRange(Term b, unsigned lo, unsigned hi) const {
  return tm_.mkAnd(bLe(byte(lo), b), bLe(b, byte(hi)));
}
Term IoEncoder::byteToW(Term b) const {
  return bv_ ? tm_.mkZeroExtend(56, b) : b;
}
Term IoEncoder::wToByte(Term v) const {
  return bv_ ? tm_.mkExtract(7, 0, v) : v;
}
Term IoEncoder::isSpace(Term b) const {
  return tm_.mkOr(tm_.mkEq(b, byte(' ')), inRange(b, 9, 13));
}
Term IoEncoder::isDigit(Term b, unsigned base) const {
  if (base == 8)
    return inRange(b, '0', '7');
  if (base == 10)
    return inRange(b, '0', '9');
  return tm_.mkOr({inRange(b, '0', '9'), inRange(b, 'a', 'f'), inRange(b, 'A', 'F')});
}
Term IoEncoder::digitValue(Term b, unsigned base) const {
  Term v = byteToW(b);
  if (base != 16)
    return wSub(v, w(BigInt('0')));
  return tm_.mkIte(bLe(b, byte('9')), wSub(v, w(BigInt('0'))),
                   tm_.mkIte(bLe(byte('a'), b), wSub(v, w(BigInt('a' - 10))), wSub(v, w(BigInt('A' - 10)))));
}
Term IoEncoder::at(Term p) const {
  return tm_.mkSelect(arr_, p);
}
Term IoEncoder::avail(Term p) const {
  return tm_.mkApp(Op::Lt, p, len_);
}

// ---- input ---------------------------------------------------------------------------------------

bool tokenDirectives(const std::vector<ir::ScanItem> &items) {
  for (const ir::ScanItem &it : items) {
    bool ok =
        it.kind == ir::ScanItem::Space || (it.kind == ir::ScanItem::Dec && it.width == 0) ||
        (it.kind == ir::ScanItem::Byte && !(it.byte >= '0' && it.byte <= '9') && !ir::isSpaceByte(it.byte));
    if (!ok)
      return false;
  }
  return true;
}

void IoEncoder::makeTokens(uint32_t bytes, Term tiny) {
  // Every byte string of at most N bytes is one sequence of tokens (white-space runs and digit runs
  // maximal, every other byte a token of its own), and every sequence below spells one such string: the
  // two are the same inputs (README.md, *Token input*).
  fixed_ = false;
  n_ = bytes;
  auto arr = [&](const char *name, backends::Sort el) {
    return tm_.mkFreshVar(name, tm_.arraySort(tm_.intSort(), el));
  };
  tokSpace_ = arr("in.tok.space", tm_.boolSort());
  tokDigits_ = arr("in.tok.digits", tm_.boolSort());
  Term lenArr = arr("in.tok.len", tm_.intSort());
  if (bv_) {
    tokValue_ = arr("in.tok.value", wSort_);
  } else { // two halves, so that the low 32 bits need no mod (Scan::low32)
    tokHigh_ = arr("in.tok.high", tm_.intSort());
    tokLow_ = arr("in.tok.low", tm_.intSort());
  }
  tokByte_ = arr("in.tok.byte", byteSort_);
  InputTokens t;
  t.count = tm_.mkFreshVar("in.tokens", tm_.intSort());
  input_(tm_.mkAnd(tm_.mkApp(Op::Ge, t.count, pos(0)), tm_.mkApp(Op::Le, t.count, pos(n_))));
  Term total = pos(0);
  const BigInt c = cap();
  for (uint32_t j = 0; j < n_; ++j) {
    Term sp = tm_.mkSelect(tokSpace_, pos(j)), dg = tm_.mkSelect(tokDigits_, pos(j));
    Term len = tm_.mkSelect(lenArr, pos(j)), v = tokValue(pos(j));
    Term b = tm_.mkSelect(tokByte_, pos(j));
    Term used = tm_.mkApp(Op::Lt, pos(j), t.count);
    Term other = tm_.mkAnd(tm_.mkNot(sp), tm_.mkNot(dg));
    input_(tm_.mkNot(tm_.mkAnd(sp, dg)));
    input_(tm_.mkAnd(tm_.mkApp(Op::Ge, len, pos(1)), tm_.mkApp(Op::Le, len, pos(n_))));
    input_(tm_.mkImplies(other, tm_.mkEq(len, pos(1))));
    // a token's byte is neither white space nor a digit (printable under tiny)
    Term ob = tm_.mkAnd(tm_.mkNot(isSpace(b)), tm_.mkNot(isDigit(b, 10)));
    if (!bv_)
      ob = tm_.mkAnd(ob, inRange(b, 0, 255));
    input_(ob);
    if (!tiny.isNull())
      input_(tm_.mkImplies(tiny, inRange(b, 32, 126)));
    // a digit run of at most L digits is below 10^L; the value is capped at 2^63 (the tables' cap)
    input_(wGe(w(c), v));
    if (!bv_) {
      Term hi = tm_.mkSelect(tokHigh_, pos(j)), lo = tm_.mkSelect(tokLow_, pos(j));
      input_(tm_.mkAnd({tm_.mkApp(Op::Ge, hi, pos(0)), tm_.mkApp(Op::Ge, lo, pos(0)),
                        tm_.mkApp(Op::Lt, lo, w(BigInt::pow2(32)))}));
    }
    BigInt p10(10);
    for (uint32_t L = 1; L <= n_ && p10 - BigInt(1) < c; ++L, p10 = p10 * BigInt(10))
      input_(tm_.mkImplies(tm_.mkApp(Op::Le, len, pos(L)), wGe(w(p10 - BigInt(1)), v)));
    if (j + 1 < n_) { // runs are maximal
      Term sp1 = tm_.mkSelect(tokSpace_, pos(j + 1)), dg1 = tm_.mkSelect(tokDigits_, pos(j + 1));
      Term both = tm_.mkOr(tm_.mkAnd(sp, sp1), tm_.mkAnd(dg, dg1));
      input_(tm_.mkImplies(tm_.mkApp(Op::Lt, pos(j + 1), t.count), tm_.mkNot(both)));
    }
    total = tm_.mkApp(Op::Add, total, tm_.mkIte(used, len, pos(0)));
    t.space.push_back(sp);
    t.digits.push_back(dg);
    t.len.push_back(len);
    t.value.push_back(v);
    t.byte.push_back(b);
  }
  input_(tm_.mkApp(Op::Le, total, pos(n_)));
  tokens_ = std::move(t);
}

void IoEncoder::makeInput(const std::optional<std::string> &fixed, uint32_t bytes, Term tiny, bool tokens) {
  bytes_.clear();
  fixedText_ = fixed;
  tokens_.reset();
  if (!fixed && tokens) {
    makeTokens(bytes, tiny);
    return;
  }
  if (fixed) {
    fixed_ = true;
    n_ = static_cast<uint32_t>(fixed->size());
    for (char c : *fixed)
      bytes_.push_back(byte(static_cast<unsigned char>(c)));
    len_ = pos(n_);
  } else {
    fixed_ = false;
    n_ = bytes;
    for (uint32_t i = 0; i < n_; ++i) {
      Term b = tm_.mkFreshVar("in.byte" + std::to_string(i), byteSort_);
      if (!bv_)
        input_(inRange(b, 0, 255));
      if (!tiny.isNull())
        input_(tm_.mkImplies(tiny, tm_.mkOr(tm_.mkEq(b, byte('\n')), inRange(b, 32, 126))));
      bytes_.push_back(b);
    }
    len_ = tm_.mkFreshVar("in.len", tm_.intSort());
    input_(tm_.mkAnd(tm_.mkApp(Op::Ge, len_, pos(0)), tm_.mkApp(Op::Le, len_, pos(n_))));
  }
  arr_ = tm_.mkConstArray(tm_.arraySort(tm_.intSort(), byteSort_), byte(0));
  for (uint32_t i = 0; i < n_; ++i)
    arr_ = tm_.mkStore(arr_, pos(i), bytes_[i]);
}

const IoEncoder::FloatScans &IoEncoder::floatScans(unsigned width, uint32_t field) {
  auto key = std::make_pair(width, field);
  if (auto it = floatScans_.find(key); it != floatScans_.end())
    return it->second;
  ir::Type t = ir::Type::floatType(static_cast<uint8_t>(width));
  backends::Sort fs = ex_.sortOf(t);
  FloatScans r;
  if (!fixedText_) {
    r.ok = tm_.mkFreshVar("scanf.ok", tm_.arraySort(tm_.intSort(), tm_.boolSort()));
    r.value = tm_.mkFreshVar("scanf.value", tm_.arraySort(tm_.intSort(), fs));
    r.end = tm_.mkFreshVar("scanf.end", tm_.arraySort(tm_.intSort(), tm_.intSort()));
    return floatScans_[key] = r;
  }
  // Fixed input: what glibc's scanf does from every position.
  r.ok = tm_.mkConstArray(tm_.arraySort(tm_.intSort(), tm_.boolSort()), tm_.mkFalse());
  r.value = tm_.mkConstArray(tm_.arraySort(tm_.intSort(), fs), ex_.defaultTerm(t));
  r.end = tm_.mkConstArray(tm_.arraySort(tm_.intSort(), tm_.intSort()), pos(n_));
  for (uint32_t i = 0; i < n_; ++i) {
    size_t at = i;
    bool eof = false;
    std::optional<BigInt> v = ir::scanFloat(*fixedText_, at, width, field, eof);
    r.end = tm_.mkStore(r.end, pos(i), pos(at));
    if (v) {
      r.ok = tm_.mkStore(r.ok, pos(i), tm_.mkTrue());
      r.value = tm_.mkStore(r.value, pos(i), ex_.valueTerm(ir::Value::ofFloat(*v, t), t));
    }
  }
  r.ok = define_("scanf.ok", r.ok);
  r.value = define_("scanf.value", r.value);
  r.end = define_("scanf.end", r.end);
  return floatScans_[key] = r;
}

void IoEncoder::prepareScans(const std::vector<ir::ScanItem> &items) {
  if (tokens_) // no tables: a token is one select
    return;
  nonSpace();
  for (const ir::ScanItem &it : items) {
    if (!it.integer() || it.width)
      continue;
    if (it.kind == ir::ScanItem::Int) {
      runs(10);
      runs(8);
      runs(16);
    } else {
      runs(it.base(), it.isUnsigned());
    }
  }
}

Term IoEncoder::nonSpace() {
  if (!nonSpace_.isNull())
    return nonSpace_;
  Term next = pos(n_);
  Term arr = tm_.mkConstArray(tm_.arraySort(tm_.intSort(), tm_.intSort()), pos(n_));
  for (uint32_t i = n_; i-- > 0;) {
    Term here = define_("in.nonspace", tm_.mkIte(tm_.mkAnd(avail(pos(i)), isSpace(bytes_[i])), next, pos(i)));
    arr = tm_.mkStore(arr, pos(i), here);
    next = here;
  }
  return nonSpace_ = arr;
}

const IoEncoder::Runs &IoEncoder::runs(unsigned base, bool isUnsigned) {
  std::optional<Runs> &r = runs_[(base == 10 ? 0 : base == 8 ? 1 : 2) + (isUnsigned ? 3 : 0)];
  if (r)
    return *r;
  Term endArr = tm_.mkConstArray(tm_.arraySort(tm_.intSort(), tm_.intSort()), pos(n_));
  Term valArr = tm_.mkConstArray(tm_.arraySort(tm_.intSort(), wSort_), w(BigInt(0)));
  Term overArr = tm_.mkConstArray(tm_.arraySort(tm_.intSort(), tm_.boolSort()), tm_.mkFalse());
  Term value = w(BigInt(0)), end = pos(n_);
  if (!isUnsigned) {
    const BigInt c = cap();
    const BigInt threshold =
        BigInt::truncDiv(c + BigInt(base - 1), BigInt(base)); // P·base ≥ 2^63 iff P ≥ this
    Term power = w(BigInt(1));
    for (uint32_t i = n_; i-- > 0;) {
      Term b = bytes_[i];
      Term dig = define_("in.digit", tm_.mkAnd(avail(pos(i)), isDigit(b, base)));
      Term d = define_("in.digitvalue", digitValue(b, base));
      // d · power without a product of two unknowns: one case per digit value.
      Term dp = w(BigInt(0));
      for (unsigned k = 1; k < base; ++k)
        dp = tm_.mkIte(tm_.mkEq(d, w(BigInt(k))), wMul(power, k), dp);
      Term m = tm_.mkIte(wGe(power, w(c)), tm_.mkIte(tm_.mkEq(d, w(BigInt(0))), w(BigInt(0)), w(c)), dp);
      Term sum = tm_.mkIte(wGe(m, wSub(w(c), value)), w(c), wAdd(m, value));
      Term v = define_("in.runvalue", tm_.mkIte(dig, sum, w(BigInt(0))));
      Term p =
          define_("in.power",
                  tm_.mkIte(dig, tm_.mkIte(wGe(power, w(threshold)), w(c), wMul(power, base)), w(BigInt(1))));
      Term e = define_("in.runend", tm_.mkIte(dig, end, pos(i)));
      endArr = tm_.mkStore(endArr, pos(i), e);
      valArr = tm_.mkStore(valArr, pos(i), v);
      value = v;
      power = p;
      end = e;
    }
    r = Runs{endArr, valArr, overArr};
    return *r;
  }
  // Unsigned: the value saturates at M = 2^64 - 1 and `over` says it reached 2^64. The power of the digit at
  // i is `power` unless `big` (it is 2^64 or more).
  const BigInt M = BigInt::pow2(64) - BigInt(1);
  const BigInt threshold = BigInt::truncDiv(M, BigInt(base)) + BigInt(1); // P·base > M iff P ≥ this
  Term power = w(BigInt(1)), big = tm_.mkFalse(), over = tm_.mkFalse();
  for (uint32_t i = n_; i-- > 0;) {
    Term b = bytes_[i];
    Term dig = define_("in.digit", tm_.mkAnd(avail(pos(i)), isDigit(b, base)));
    Term d = define_("in.digitvalue", digitValue(b, base));
    // d · power and whether it exceeds M, one case per digit value
    Term dp = w(BigInt(0)), dpOver = tm_.mkFalse();
    for (unsigned k = 1; k < base; ++k) {
      Term isK = tm_.mkEq(d, w(BigInt(k)));
      dp = tm_.mkIte(isK, wMul(power, k), dp);
      // power · k > M iff power > M / k (never for k = 1, whose bound 2^64 a bit-vector cannot hold)
      Term exceeds = k == 1 ? tm_.mkFalse() : wGe(power, w(BigInt::truncDiv(M, BigInt(k)) + BigInt(1)));
      dpOver = tm_.mkIte(isK, tm_.mkOr(big, exceeds), dpOver);
    }
    Term o = define_("in.runover",
                     tm_.mkAnd(dig, tm_.mkOr({over, dpOver, tm_.mkNot(wGe(wSub(w(M), value), dp))})));
    Term v = define_("in.runvalue", tm_.mkIte(dig, tm_.mkIte(o, w(M), wAdd(dp, value)), w(BigInt(0))));
    Term nextBig = define_("in.powerbig", tm_.mkAnd(dig, tm_.mkOr(big, wGe(power, w(threshold)))));
    Term p = define_("in.power",
                     tm_.mkIte(dig, tm_.mkIte(nextBig, w(BigInt(0)), wMul(power, base)), w(BigInt(1))));
    Term e = define_("in.runend", tm_.mkIte(dig, end, pos(i)));
    endArr = tm_.mkStore(endArr, pos(i), e);
    valArr = tm_.mkStore(valArr, pos(i), v);
    overArr = tm_.mkStore(overArr, pos(i), o);
    value = v;
    power = p;
    big = nextBig;
    over = o;
    end = e;
  }
  r = Runs{endArr, valArr, overArr};
  return *r;
}

IoEncoder::Digits IoEncoder::digitRun(Term s, unsigned base, bool isUnsigned, uint32_t width, Term used) {
  if (width == 0) {
    const Runs &t = runs(base, isUnsigned);
    return {tm_.mkAnd(avail(s), isDigit(at(s), base)), tm_.mkSelect(t.end, s), tm_.mkSelect(t.value, s),
            isUnsigned ? tm_.mkSelect(t.over, s) : tm_.mkFalse()};
  }
  // At most width - used digits, read from the left: the value saturates as the tables' do.
  const BigInt c = cap(), M = BigInt::pow2(64) - BigInt(1);
  const BigInt threshold = isUnsigned ? BigInt::truncDiv(M, BigInt(base)) + BigInt(1)
                                      : BigInt::truncDiv(c + BigInt(base - 1), BigInt(base));
  Digits r{tm_.mkFalse(), s, w(BigInt(0)), tm_.mkFalse()};
  Term in = tm_.mkTrue();
  for (uint32_t k = 0; k < std::min(width, n_); ++k) {
    Term pk = tm_.mkApp(Op::Add, s, pos(k));
    Term b = at(pk);
    Term fits = tm_.mkApp(Op::Lt, tm_.mkApp(Op::Add, used, pos(k)), pos(width));
    in = define_("scan.indigits", tm_.mkAnd({in, fits, avail(pk), isDigit(b, base)}));
    Term d = digitValue(b, base);
    Term next = wAdd(wMul(r.mag, base), d);
    Term v, o = r.over;
    if (isUnsigned) {
      o = tm_.mkOr({r.over, wGe(r.mag, w(threshold)), tm_.mkNot(wGe(wSub(w(M), wMul(r.mag, base)), d))});
      v = tm_.mkIte(o, w(M), next);
    } else {
      v = tm_.mkIte(tm_.mkOr(wGe(r.mag, w(threshold)), wGe(next, w(c))), w(c), next);
    }
    if (k == 0)
      r.any = in;
    r.mag = define_("scan.magnitude", tm_.mkIte(in, v, r.mag));
    r.over = define_("scan.over", tm_.mkIte(in, o, r.over));
    r.end = tm_.mkIte(in, tm_.mkApp(Op::Add, s, pos(k + 1)), r.end);
  }
  r.end = define_("scan.end", r.end);
  return r;
}

Term IoEncoder::tokValue(Term j) const {
  if (bv_)
    return tm_.mkSelect(tokValue_, j);
  return tm_.mkApp(Op::Add, wMul(tm_.mkSelect(tokHigh_, j), uint64_t{1} << 32), tm_.mkSelect(tokLow_, j));
}

IoEncoder::Scan IoEncoder::scanTokens(Term p, const std::vector<ir::ScanItem> &items, ir::Type countType) {
  // The byte model's scan (below) for its directives white space, `%d` and a literal byte, with positions
  // token indices: white space is one token, a sign one, the digits one.
  Scan out;
  Term alive = tm_.mkTrue(), inputFailure = tm_.mkFalse();
  const Term count = tokens_->count;
  auto plus1 = [&](Term a) { return tm_.mkApp(Op::Add, a, pos(1)); };
  auto availT = [&](Term j) { return tm_.mkApp(Op::Lt, j, count); };
  auto skip = [&](Term j) { // past the white-space token at j
    return tm_.mkIte(tm_.mkAnd(availT(j), tm_.mkSelect(tokSpace_, j)), plus1(j), j);
  };
  auto other = [&](Term j) { // an other token at j, with its byte
    return tm_.mkAnd(
        {availT(j), tm_.mkNot(tm_.mkSelect(tokSpace_, j)), tm_.mkNot(tm_.mkSelect(tokDigits_, j))});
  };
  for (const ir::ScanItem &it : items) {
    if (it.kind == ir::ScanItem::Space) {
      p = define_("scan.pos", tm_.mkIte(alive, skip(p), p));
      continue;
    }
    if (it.kind == ir::ScanItem::Byte) {
      Term eof = tm_.mkNot(availT(p));
      Term match = tm_.mkAnd(other(p), tm_.mkEq(tm_.mkSelect(tokByte_, p), byte(it.byte)));
      inputFailure = tm_.mkOr(inputFailure, tm_.mkAnd(alive, eof));
      p = define_("scan.pos", tm_.mkIte(tm_.mkAnd(alive, match), plus1(p), p));
      alive = define_("scan.alive", tm_.mkAnd(alive, match));
      continue;
    }
    if (it.kind != ir::ScanItem::Dec || it.width) // tokenDirectives accepted every directive
      throw std::logic_error("encode: a scan directive that does not read tokens");
    Term q = define_("scan.start", skip(p));
    Term eof = tm_.mkNot(availT(q));
    Term c = define_("scan.byte", tm_.mkSelect(tokByte_, q));
    Term neg = tm_.mkEq(c, byte('-'));
    Term sign = tm_.mkAnd(other(q), tm_.mkOr(neg, tm_.mkEq(c, byte('+'))));
    Term r = define_("scan.digits", tm_.mkIte(sign, plus1(q), q));
    Term ok = tm_.mkAnd(availT(r), tm_.mkSelect(tokDigits_, r));
    Term success = define_("scan.ok", tm_.mkAnd({alive, tm_.mkNot(eof), ok}));
    Term mag = define_("scan.magnitude", tokValue(r));
    inputFailure = tm_.mkOr(inputFailure, tm_.mkAnd(alive, eof));
    Term minus = tm_.mkAnd(sign, neg);
    Term v = tm_.mkIte(minus, wNeg(mag), tm_.mkIte(wGe(mag, w(cap())), w(cap() - BigInt(1)), mag));
    Term low;
    if (!bv_) { // v modulo 2^32: -m's is 2^32 - m's (0 for 0); 2^63 - 1's (the cap's, whose low half is 0)
                // 2^32 - 1
      Term lo = define_("scan.low", tm_.mkSelect(tokLow_, r));
      const Term two32 = w(BigInt::pow2(32)), zero = w(BigInt(0));
      low = tm_.mkIte(minus, tm_.mkIte(tm_.mkEq(lo, zero), zero, wSub(two32, lo)),
                      tm_.mkIte(wGe(mag, w(cap())), w(BigInt::pow2(32) - BigInt(1)), lo));
    }
    out.low32.push_back(low.isNull() ? low : define_("scan.low32", low));
    p = define_("scan.pos", tm_.mkIte(alive, tm_.mkIte(eof, q, tm_.mkIte(ok, plus1(r), r)), p));
    out.assigned.push_back(success);
    out.values.push_back(define_("scan.value", v));
    out.types.push_back(kI64);
    alive = success;
  }
  out.count = scanCount(out.assigned, inputFailure, countType);
  out.pos = p;
  return out;
}

Term IoEncoder::scanCount(const std::vector<Term> &assigned, Term inputFailure, ir::Type countType) const {
  Term count = ex_.valueTerm(ir::Value::ofInt(BigInt(0)), countType);
  for (size_t k = 0; k < assigned.size(); ++k)
    count = tm_.mkIte(assigned[k],
                      ex_.valueTerm(ir::Value::ofInt(BigInt(static_cast<int64_t>(k + 1))), countType), count);
  Term none = assigned.empty() ? tm_.mkTrue() : tm_.mkNot(assigned[0]);
  return tm_.mkIte(tm_.mkAnd(inputFailure, none), ex_.valueTerm(ir::Value::ofInt(BigInt(-1)), countType),
                   count);
}

IoEncoder::Scan IoEncoder::scan(Term p, const std::vector<ir::ScanItem> &items, ir::Type countType) {
  if (tokens_)
    return scanTokens(p, items, countType);
  Scan out;
  Term alive = tm_.mkTrue(), inputFailure = tm_.mkFalse();
  auto plus = [&](Term a, int64_t k) { return tm_.mkApp(Op::Add, a, tm_.mkInt(static_cast<int64_t>(k))); };
  for (const ir::ScanItem &it : items) {
    if (it.kind == ir::ScanItem::Space) {
      p = define_("scan.pos", tm_.mkIte(alive, tm_.mkSelect(nonSpace(), p), p));
      continue;
    }
    if (it.kind == ir::ScanItem::Byte) {
      Term eof = tm_.mkNot(avail(p));
      Term match = tm_.mkAnd(tm_.mkNot(eof), tm_.mkEq(at(p), byte(it.byte)));
      inputFailure = tm_.mkOr(inputFailure, tm_.mkAnd(alive, eof));
      p = define_("scan.pos", tm_.mkIte(tm_.mkAnd(alive, match), plus(p, 1), p));
      alive = define_("scan.alive", tm_.mkAnd(alive, match));
      continue;
    }
    if (it.kind == ir::ScanItem::Char || it.kind == ir::ScanItem::Word) {
      // the next byte: white space too (Char), or only when it is not white space (Word)
      Term eof = tm_.mkNot(avail(p));
      Term success = define_("scan.ok", it.kind == ir::ScanItem::Char
                                            ? tm_.mkAnd(alive, tm_.mkNot(eof))
                                            : tm_.mkAnd({alive, tm_.mkNot(eof), tm_.mkNot(isSpace(at(p)))}));
      inputFailure = tm_.mkOr(inputFailure, tm_.mkAnd(alive, eof));
      out.assigned.push_back(success);
      out.values.push_back(define_("scan.value", byteToW(at(p))));
      out.types.push_back(kI64);
      p = define_("scan.pos", tm_.mkIte(success, plus(p, 1), p));
      alive = success;
      continue;
    }
    Term q = define_("scan.start", tm_.mkSelect(nonSpace(), p));
    Term eof = tm_.mkNot(avail(q));
    if (it.kind == ir::ScanItem::Float) {
      const FloatScans &fs = floatScans(it.byte, it.width);
      Term ok = tm_.mkSelect(fs.ok, q), end = tm_.mkSelect(fs.end, q);
      Term v = define_("scan.value", tm_.mkSelect(fs.value, q));
      if (!fixed_) { // the free outcome: a finite value, an end within the input (at least one byte read)
        ir::Type ft = ir::Type::floatType(it.byte);
        Term inf = ex_.valueTerm(ir::Value::ofFloat(ir::floatValue(ir::bitsOf(HUGE_VAL, ft), ft), ft), ft);
        Term finite = tm_.mkNot(
            tm_.mkOr(tm_.mkFp(Op::FpIsNaN, {v}), tm_.mkFp(Op::FpEq, {tm_.mkFp(Op::FpAbs, {v}), inf})));
        input_(
            tm_.mkImplies(tm_.mkNot(eof), tm_.mkAnd({finite, tm_.mkApp(Op::Le, end, len_),
                                                     tm_.mkApp(Op::Ge, end, tm_.mkIte(ok, plus(q, 1), q))})));
        if (it.width) // at most the field width read
          input_(tm_.mkImplies(tm_.mkNot(eof), tm_.mkApp(Op::Le, end, plus(q, it.width))));
      }
      Term success = define_("scan.ok", tm_.mkAnd({alive, tm_.mkNot(eof), ok}));
      if (!fixed_) {
        size_t k = static_cast<size_t>(&it - items.data()) + 1;
        bool spaceNext =
            k < items.size() && (items[k].kind == ir::ScanItem::Space || items[k].kind == ir::ScanItem::Dec ||
                                 items[k].kind == ir::ScanItem::Int || items[k].kind == ir::ScanItem::Float);
        out.freeFloats.push_back({success, q, end, v, it.byte, spaceNext});
      }
      inputFailure = tm_.mkOr(inputFailure, tm_.mkAnd(alive, eof));
      p = define_("scan.pos", tm_.mkIte(alive, tm_.mkIte(eof, q, end), p));
      out.assigned.push_back(success);
      out.values.push_back(v);
      out.types.push_back(ir::Type::floatType(it.byte));
      alive = success;
      continue;
    }
    // an integer: a sign, the prefix (`0x` of %x and %i, the `0` that makes %i octal), the digits, all
    // within the field width (ir::scanInput)
    Term c = define_("scan.byte", at(q));
    Term neg = tm_.mkEq(c, byte('-'));
    Term sign = tm_.mkAnd(tm_.mkNot(eof), tm_.mkOr(neg, tm_.mkEq(c, byte('+'))));
    Term r = define_("scan.digits", tm_.mkIte(sign, plus(q, 1), q));
    Term used = tm_.mkIte(sign, pos(1), pos(0)); // the bytes of the field before r
    const uint32_t width = it.width;
    auto fits = [&](int64_t k) { // the byte at r + k is within the field
      return width == 0 ? tm_.mkTrue() : tm_.mkApp(Op::Lt, plus(used, k), pos(width));
    };
    const unsigned base = it.base();
    const bool uns = it.isUnsigned();
    Term zero = tm_.mkAnd({fits(0), avail(r), tm_.mkEq(at(r), byte('0'))});
    Term hex = tm_.mkFalse();
    if (base == 16 || base == 0) {
      Term r1 = plus(r, 1);
      hex = define_("scan.hexprefix",
                    tm_.mkAnd({zero, fits(1), avail(r1),
                               tm_.mkOr(tm_.mkEq(at(r1), byte('x')), tm_.mkEq(at(r1), byte('X')))}));
    }
    Term ok, mag, end, over;
    if (base == 0) { // %i: hex after `0x`, octal after `0`, else decimal
      Digits h = digitRun(plus(r, 2), 16, false, width, plus(used, 2));
      Digits o = digitRun(r, 8, false, width, used);
      Digits d = digitRun(r, 10, false, width, used);
      mag = tm_.mkIte(hex, h.mag, tm_.mkIte(zero, o.mag, d.mag));
      end = tm_.mkIte(hex, h.end, tm_.mkIte(zero, o.end, d.end));
      ok = tm_.mkOr(zero, d.any);
      over = tm_.mkFalse();
    } else if (base == 16) { // %x: the digits after `0x`, or from r
      Digits h = digitRun(define_("scan.from", tm_.mkIte(hex, plus(r, 2), r)), 16, uns, width,
                          tm_.mkIte(hex, plus(used, 2), used));
      mag = h.mag;
      end = h.end;
      over = h.over;
      ok = tm_.mkOr(hex, h.any);
    } else {
      Digits d = digitRun(r, base, uns, width, used);
      mag = d.mag;
      end = d.end;
      over = d.over;
      ok = d.any;
    }
    Term success = define_("scan.ok", tm_.mkAnd({alive, tm_.mkNot(eof), ok}));
    mag = define_("scan.magnitude", mag);
    inputFailure = tm_.mkOr(inputFailure, tm_.mkAnd(alive, eof));
    Term v;
    if (uns) { // strtoul: 2^64 - 1 on overflow, else the magnitude, negated modulo 2^64 after '-'
      const BigInt M = BigInt::pow2(64) - BigInt(1);
      Term negated =
          bv_ ? wNeg(mag) : tm_.mkIte(tm_.mkEq(mag, w(BigInt(0))), w(BigInt(0)), wSub(w(M + BigInt(1)), mag));
      v = tm_.mkIte(over, w(M), tm_.mkIte(tm_.mkAnd(sign, neg), negated, mag));
    } else {
      v = tm_.mkIte(tm_.mkAnd(sign, neg), wNeg(mag),
                    tm_.mkIte(wGe(mag, w(cap())), w(cap() - BigInt(1)), mag));
    }
    p = define_("scan.pos", tm_.mkIte(alive, tm_.mkIte(eof, q, tm_.mkIte(ok, end, r)), p));
    out.assigned.push_back(success);
    out.values.push_back(define_("scan.value", v));
    out.types.push_back(uns ? kU64 : kI64);
    alive = success;
  }
  out.count = scanCount(out.assigned, inputFailure, countType);
  out.pos = p;
  return out;
}

Term IoEncoder::scanned(const Scan &r, size_t k, ir::Type t) const {
  if (k < r.low32.size() && !r.low32[k].isNull() && t.isFixedInt() && t.bits <= 32) {
    const ir::Type u32 = ir::Type::fixedInt(32, false);
    Term low = r.low32[k];
    if (t == u32)
      return low;
    if (t.bits == 32) // int32: the low half read as two's complement
      return tm_.mkIte(wGe(low, w(BigInt::pow2(31))), wSub(low, w(BigInt::pow2(32))), low);
    return toType(low, u32, t);
  }
  return toType(r.values[k], r.types[k], t);
}

Term IoEncoder::toType(Term v64, ir::Type from, ir::Type t) const {
  if (t == from)
    return v64;
  std::vector<Term> dz;
  return ex_.expr(
      ir::Expr::cast(t, ir::Expr::varUse(ir::VarRef{false, 0}, from)), [v64](ir::VarRef) { return v64; },
      tm_.mkTrue(), dz);
}

// ---- output --------------------------------------------------------------------------------------

void IoEncoder::setOutputMode(OutputMode mode, const std::string &expected, bool tokens) {
  mode_ = mode;
  if (mode != OutputMode::Match)
    return;
  floatTexts_.clear();
  delta_.clear();
  accept_.clear();
  if (!tokens) { // a chain: state p has matched expected[0, p)
    auto n = static_cast<int32_t>(expected.size());
    dead_ = n + 1;
    for (int32_t p = 0; p <= dead_; ++p) {
      delta_.emplace_back(256, dead_);
      if (p < n)
        delta_[p][static_cast<unsigned char>(expected[p])] = p + 1;
      accept_.push_back(p == n);
    }
    return;
  }
  // `ws* t1 ws+ t2 … tm ws*`: state 0 before the first token; per token one state per byte matched and one
  // for the white space after it
  std::vector<std::string> toks = ir::tokensOf(expected);
  std::vector<std::vector<int32_t>> in(toks.size());
  std::vector<int32_t> gap(toks.size());
  int32_t next = 1;
  for (size_t j = 0; j < toks.size(); ++j) {
    for (size_t k = 0; k < toks[j].size(); ++k)
      in[j].push_back(next++);
    gap[j] = next++;
  }
  dead_ = next;
  delta_.assign(static_cast<size_t>(dead_) + 1, std::vector<int32_t>(256, dead_));
  accept_.assign(static_cast<size_t>(dead_) + 1, false);
  auto spaces = [&](int32_t from, int32_t to) {
    for (unsigned char c : std::string(" \t\n\v\f\r"))
      delta_[from][c] = to;
  };
  spaces(0, 0);
  if (!toks.empty())
    delta_[0][static_cast<unsigned char>(toks[0][0])] = in[0][0];
  for (size_t j = 0; j < toks.size(); ++j) {
    for (size_t k = 0; k + 1 < toks[j].size(); ++k)
      delta_[in[j][k]][static_cast<unsigned char>(toks[j][k + 1])] = in[j][k + 1];
    spaces(in[j].back(), gap[j]);
    spaces(gap[j], gap[j]);
    if (j + 1 < toks.size())
      delta_[gap[j]][static_cast<unsigned char>(toks[j + 1][0])] = in[j + 1][0];
  }
  if (toks.empty())
    accept_[0] = true;
  else
    accept_[in.back().back()] = accept_[gap.back()] = true;
}

int32_t IoEncoder::run(int32_t s, const std::string &text) const {
  for (char c : text) {
    if (s == dead_)
      return s;
    s = delta_[s][static_cast<unsigned char>(c)];
  }
  return s;
}

IoEncoder::Out IoEncoder::emptyOutput() const {
  Out o;
  if (mode_ == OutputMode::Match)
    o.state = tm_.mkInt(0);
  if (mode_ == OutputMode::String)
    o.str = tm_.mkString("");
  if (mode_ == OutputMode::Events) {
    // free arrays: every place below the count is written before it is read (no constant arrays, which
    // cvc5 cannot relate in write chains)
    o.count = tm_.mkInt(0);
    o.formats = tm_.mkFreshVar("out.formats", tm_.arraySort(tm_.intSort(), tm_.intSort()));
    for (size_t k = 0; k < eventValues_; ++k)
      o.values.push_back(tm_.mkFreshVar("out.values", tm_.arraySort(tm_.intSort(), eventValueSort())));
  }
  return o;
}

Term IoEncoder::matches(const Out &out) const {
  std::vector<Term> ok;
  for (size_t s = 0; s < accept_.size(); ++s)
    if (accept_[s])
      ok.push_back(tm_.mkEq(out.state, tm_.mkInt(static_cast<int64_t>(s))));
  return tm_.mkOr(ok);
}

Term IoEncoder::equals(const Out &a, const Out &b) const {
  if (mode_ != OutputMode::Events)
    return tm_.mkEq(a.str, b.str);
  // the same number of events, and below it the same line formats with the same values (no event beyond
  // either output's bound can be below both counts)
  std::vector<Term> same{tm_.mkEq(a.count, b.count)};
  for (uint32_t i = 0; i < std::min(a.bound, b.bound); ++i) {
    Term at = tm_.mkInt(static_cast<int64_t>(i));
    std::vector<Term> event{tm_.mkEq(tm_.mkSelect(a.formats, at), tm_.mkSelect(b.formats, at))};
    for (size_t k = 0; k < eventValues_; ++k)
      event.push_back(tm_.mkEq(tm_.mkSelect(a.values[k], at), tm_.mkSelect(b.values[k], at)));
    same.push_back(tm_.mkImplies(tm_.mkApp(Op::Lt, at, a.count), tm_.mkAnd(event)));
  }
  return tm_.mkAnd(same);
}

Term IoEncoder::matchText(Term st, const std::string &text) {
  Term r = tm_.mkInt(dead_);
  for (int32_t s = dead_; s-- > 0;)
    if (int32_t t = run(s, text); t != dead_)
      r = tm_.mkIte(tm_.mkEq(st, tm_.mkInt(s)), tm_.mkInt(t), r);
  return r;
}

Term IoEncoder::matchByte(Term st, Term b) {
  Term r = tm_.mkInt(dead_);
  for (int32_t s = dead_; s-- > 0;) {
    // the bytes that keep s alive, grouped by their successor
    std::map<int32_t, std::vector<unsigned>> by;
    for (unsigned c = 0; c < 256; ++c)
      if (delta_[s][c] != dead_)
        by[delta_[s][c]].push_back(c);
    if (by.empty())
      continue;
    Term next = tm_.mkInt(dead_);
    for (const auto &[t, cs] : by) {
      std::vector<Term> any;
      for (unsigned c : cs)
        any.push_back(tm_.mkEq(b, byte(c)));
      next = tm_.mkIte(tm_.mkOr(any), tm_.mkInt(t), next);
    }
    r = tm_.mkIte(tm_.mkEq(st, tm_.mkInt(s)), next, r);
  }
  return r;
}

Term IoEncoder::matchNumber(Term st, Term x, ir::Type t) {
  // From each state, a number's text (`-`? digits, canonical: no leading zero, no "-0") can only follow the
  // one byte that keeps the state alive (the automata above have at most one non-space successor): each
  // canonical number along that path is the one value that gets there.
  auto equalTo = [&](const BigInt &c) -> Term {
    if (!bv_)
      return tm_.mkEq(x, tm_.mkInt(c.toString()));
    if (!ir::fitsIn(c, t))
      return tm_.mkFalse();
    return tm_.mkEq(x, ex_.intConst(c, t));
  };
  Term r = tm_.mkInt(dead_);
  for (int32_t s = dead_; s-- > 0;) {
    Term next = tm_.mkInt(dead_);
    std::string text;
    int32_t cur = s;
    for (int len = 0; len < 21; ++len) {
      int32_t succ = dead_;
      unsigned char chosen = 0;
      for (unsigned c = 0; c < 256; ++c)
        if (!ir::isSpaceByte(static_cast<unsigned char>(c)) && delta_[cur][c] != dead_) {
          succ = delta_[cur][c];
          chosen = static_cast<unsigned char>(c);
          break;
        }
      if (succ == dead_)
        break;
      bool digit = chosen >= '0' && chosen <= '9';
      if (!(digit || (len == 0 && chosen == '-')))
        break;
      text += static_cast<char>(chosen);
      cur = succ;
      std::string digits = text[0] == '-' ? text.substr(1) : text;
      bool canonical = !digits.empty() && (digits == "0" ? text[0] != '-' : digits[0] != '0');
      if (canonical)
        next = tm_.mkIte(equalTo(*BigInt::parse(text)), tm_.mkInt(cur), next);
      if (digits == "0")
        break; // nothing canonical continues "0" or "-0"
    }
    if (!(next == tm_.mkInt(dead_)))
      r = tm_.mkIte(tm_.mkEq(st, tm_.mkInt(s)), next, r);
  }
  return r;
}

std::vector<IoEncoder::FieldByte> IoEncoder::fieldBytes(const ir::PrintItem &it, Term x, ir::Type t) {
  const ir::FieldSpec &sp = it.spec;
  const unsigned w = t.bits;
  const ir::Type ut = ir::Type::fixedInt(static_cast<uint8_t>(w), false);
  auto lenLt = [&](int64_t j, Term n) { return tm_.mkApp(Op::Lt, tm_.mkInt(j), n); };
  auto maxC = [&](Term n, int64_t c) {
    return tm_.mkIte(tm_.mkApp(Op::Ge, n, tm_.mkInt(c)), n, tm_.mkInt(c));
  };
  const int64_t width = sp.width;
  std::vector<FieldByte> out;
  if (it.kind == ir::PrintItem::Char) {
    Term b = define_("print.byte", bv_ ? tm_.mkExtract(7, 0, x) : tm_.mkApp(Op::Mod, x, tm_.mkInt(256)));
    int64_t pad = std::max<int64_t>(width - 1, 0);
    if (!sp.left)
      out.insert(out.end(), static_cast<size_t>(pad), {tm_.mkTrue(), byte(' ')});
    out.push_back({tm_.mkTrue(), b});
    if (sp.left)
      out.insert(out.end(), static_cast<size_t>(pad), {tm_.mkTrue(), byte(' ')});
    return out;
  }
  const unsigned base = ir::printBase(it.kind);
  const bool isSigned = it.kind == ir::PrintItem::Dec && t.isSigned;
  // the magnitude (in BV: read unsigned, so -INT_MIN is 2^(w-1)) and the sign
  Term neg = isSigned ? (bv_ ? tm_.mkApp(Op::BvSlt, x, ex_.intConst(BigInt(0), t))
                             : tm_.mkApp(Op::Lt, x, tm_.mkInt(0)))
                      : tm_.mkFalse();
  Term mag = isSigned ? tm_.mkIte(neg, tm_.mkApp(bv_ ? Op::BvNeg : Op::Neg, x), x) : x;
  mag = define_("print.magnitude", mag);
  const BigInt limit = isSigned ? BigInt::pow2(w - 1) : BigInt::pow2(w) - BigInt(1); // the largest magnitude
  auto c = [&](const BigInt &v) { return bv_ ? ex_.intConst(v, ut) : tm_.mkInt(v.toString()); };
  // the digits, least significant first, as bytes; n: how many the magnitude has (1 for 0)
  std::vector<Term> digits;
  Term n = tm_.mkInt(1);
  BigInt power(1);
  for (size_t k = 0; power <= limit; ++k, power = power * BigInt(base)) {
    if (k > 0)
      n = tm_.mkIte(tm_.mkApp(bv_ ? Op::BvUge : Op::Ge, mag, c(power)), tm_.mkApp(Op::Add, n, tm_.mkInt(1)),
                    n);
    Term d = bv_ ? tm_.mkApp(Op::BvUrem, tm_.mkApp(Op::BvUdiv, mag, c(power)), c(BigInt(base)))
                 : tm_.mkApp(Op::Mod, tm_.mkApp(Op::IntDiv, mag, c(power)), c(BigInt(base)));
    Term d8 = bv_ ? (w > 8 ? tm_.mkExtract(7, 0, d) : d) : d;
    Term ch = tm_.mkApp(bv_ ? Op::BvAdd : Op::Add, d8, byte('0'));
    if (base == 16) {
      unsigned letter = it.kind == ir::PrintItem::HexUpper ? 'A' - 10 : 'a' - 10;
      ch = tm_.mkIte(tm_.mkApp(bv_ ? Op::BvUlt : Op::Lt, d8, byte(10)), ch,
                     tm_.mkApp(bv_ ? Op::BvAdd : Op::Add, d8, byte(letter)));
    }
    digits.push_back(define_("print.digit", ch));
  }
  n = define_("print.ndigits", n);
  const auto maxDigits = static_cast<int64_t>(digits.size());
  auto digitAt = [&](int64_t j) { return j < maxDigits ? digits[static_cast<size_t>(j)] : byte('0'); };
  // nd: the digits printed (precision: at least that many; precision 0 and a zero magnitude: none)
  Term nd = n;
  if (sp.precision == 0)
    nd = tm_.mkIte(tm_.mkEq(mag, c(BigInt(0))), tm_.mkInt(0), n);
  else if (sp.precision > 0)
    nd = maxC(n, sp.precision);
  nd = define_("print.ndigits", nd);
  const bool alwaysSign = it.kind == ir::PrintItem::Dec && (sp.plus || sp.space);
  Term signLen = alwaysSign ? tm_.mkInt(1) : tm_.mkIte(neg, tm_.mkInt(1), tm_.mkInt(0));
  Term signChar = tm_.mkIte(neg, byte('-'), byte(sp.plus ? '+' : ' '));
  Term body = define_("print.body", tm_.mkApp(Op::Add, signLen, nd));
  const int64_t maxBody = 1 + std::max<int64_t>(maxDigits, sp.precision);
  if (sp.left) {
    for (int64_t j = maxBody; j-- > 0;)
      out.push_back({lenLt(j, body), tm_.mkIte(lenLt(j, nd), digitAt(j), signChar)});
    for (int64_t k = 0; k < width; ++k)
      out.push_back({tm_.mkApp(Op::Lt, tm_.mkApp(Op::Add, body, tm_.mkInt(k)), tm_.mkInt(width)), byte(' ')});
    return out;
  }
  Term len = define_("print.length", maxC(body, width));
  Term ndEff =
      sp.zero && sp.precision < 0 ? tm_.mkApp(Op::Sub, len, signLen) : nd; // `0`: zeros fill the field
  ndEff = define_("print.ndigits", ndEff);
  Term signAt = tm_.mkEq(signLen, tm_.mkInt(1));
  for (int64_t j = std::max(maxBody, width); j-- > 0;) {
    Term ch = tm_.mkIte(lenLt(j, ndEff), digitAt(j),
                        tm_.mkIte(tm_.mkAnd(signAt, tm_.mkEq(ndEff, tm_.mkInt(j))), signChar, byte(' ')));
    out.push_back({lenLt(j, len), ch});
  }
  return out;
}

namespace {
/// The value of a constant int term (an Int or a bit-vector read as `t`), if it is one.
std::optional<BigInt> constantOf(const backends::TermManager &tm, Term x, ir::Type t) {
  const backends::TermData &d = tm.data(x);
  if (t.isFloat()) { // a float literal: to_fp of its constant bits
    if (d.op != Op::FpFromBits || tm.op(d.kids[0]) != Op::BvConst)
      return std::nullopt;
    uint64_t bits = 0;
    for (char c : tm.data(d.kids[0]).value)
      bits = (bits << 1) | (c == '1');
    return ir::floatValue(bits, t);
  }
  if (d.op == Op::IntConst)
    return BigInt::parse(d.value);
  if (d.op == Op::BvConst) {
    BigInt v(0);
    for (char c : d.value)
      v = v * BigInt(2) + BigInt(c == '1' ? 1 : 0);
    return t.isUnsigned() ? v : v.wrap(static_cast<unsigned>(d.value.size()), true);
  }
  return std::nullopt;
}
} // namespace

Term IoEncoder::floatEvent(const std::string &spec, Term x) {
  // An output event, not decimal text: code point 256 (no byte is one), the conversion, the value's IEEE
  // encoding in decimal, code point 257. Equal events print equal text; unequal ones may too (`%.2f` of 1.001
  // and 1.002), which a counterexample's replay finds. A NaN (whose sign the encoding does not keep, and
  // glibc prints) is an event of its own that equals nothing.
  ir::Type t = ir::Type::floatType(64);
  Term bits = tm_.mkFreshVar("print.bits", tm_.bvSort(64));
  input_(tm_.mkEq(tm_.mkFpFromBits(ex_.sortOf(t), bits), x));
  Term open = tm_.mkApp(Op::StrFromCode, tm_.mkInt(256)), close = tm_.mkApp(Op::StrFromCode, tm_.mkInt(257));
  Term event = tm_.mkApp(Op::StrConcat, {open, tm_.mkString(spec),
                                         tm_.mkApp(Op::StrFromInt, tm_.mkApp(Op::Bv2Nat, bits)), close});
  Term nan = tm_.mkApp(Op::StrFromCode, tm_.mkInt(258 + static_cast<int64_t>(nanPrints_++ % 190000)));
  return define_("print.float", tm_.mkIte(tm_.mkFp(Op::FpIsNaN, {x}), nan, event));
}

const std::vector<IoEncoder::FloatText> &IoEncoder::floatTexts(int32_t s, const std::string &spec) {
  auto [at, fresh] = floatTexts_.try_emplace({s, spec});
  if (!fresh)
    return at->second;
  // The texts a float conversion prints: `[spaces] [sign] body [spaces]`, the spaces a field width's padding
  // (or the ` ` flag's one), at most 400 bytes (%f of the largest double has 309 digits before the point).
  size_t width = 0;
  size_t i = 1;
  while (i < spec.size() && std::string_view("-+ #0").find(spec[i]) != std::string_view::npos)
    ++i;
  while (i < spec.size() && spec[i] >= '0' && spec[i] <= '9')
    width = width * 10 + static_cast<size_t>(spec[i++] - '0');
  const size_t maxSpaces = std::max<size_t>(width, 1), maxLen = std::max<size_t>(width, 400);
  std::string text;
  std::vector<FloatText> &found = at->second;
  // phase 0: leading spaces, 1: the number, 2: trailing spaces
  auto walk = [&](auto &self, int32_t cur, int phase, size_t spaces) -> void {
    if (text.size() >= maxLen)
      return;
    for (char c : std::string_view(" 0123456789+-.eEinfINF")) {
      int32_t next = delta_[cur][static_cast<unsigned char>(c)];
      if (next == dead_)
        continue;
      int p = phase;
      if (c == ' ' ? p == 1 : p == 2)
        p = c == ' ' ? 2 : 3;
      if (c != ' ' && p == 0)
        p = 1;
      if (p == 3 || (c == ' ' && spaces + 1 > maxSpaces))
        continue;
      text.push_back(c);
      if (p != 0)
        if (std::optional<ir::FloatRange> r = ir::floatTextRange(spec, text))
          found.push_back({next, *r});
      self(self, next, p, c == ' ' ? spaces + 1 : spaces);
      text.pop_back();
    }
  };
  walk(walk, s, 0, 0);
  return found;
}

Term IoEncoder::matchFloat(Term st, const std::string &spec, Term x) {
  Term bits = tm_.mkFreshVar("print.bits", tm_.bvSort(64));
  input_(tm_.mkEq(tm_.mkFpFromBits(ex_.sortOf(ir::Type::floatType(64)), bits), x));
  auto bv = [&](int64_t key) { return tm_.mkBv(64, static_cast<int64_t>(ir::floatOfOrderKey(key))); };
  auto ule = [&](Term a, Term b) { return tm_.mkApp(Op::BvUle, a, b); };
  // a range of keys as bit patterns, compared unsigned: non-negative keys are their patterns, negative ones
  // grow as their patterns fall (the sign bit set, the magnitude smaller)
  auto inRange = [&](const ir::FloatRange &r) {
    if (r.lo >= 0)
      return tm_.mkAnd({ule(bv(r.lo), bits), ule(bits, bv(r.hi))});
    if (r.hi < 0)
      return tm_.mkAnd({ule(bv(r.hi), bits), ule(bits, bv(r.lo))});
    return tm_.mkOr({ule(bits, bv(r.hi)), tm_.mkAnd({ule(bv(-1), bits), ule(bits, bv(r.lo))})});
  };
  Term r = tm_.mkInt(dead_);
  for (int32_t s = dead_; s-- > 0;) {
    const std::vector<FloatText> &texts = floatTexts(s, spec);
    if (texts.empty())
      continue;
    Term next = tm_.mkInt(dead_);
    for (const FloatText &t : texts) // the ranges of different texts are disjoint
      next = tm_.mkIte(inRange(t.range), tm_.mkInt(t.to), next);
    r = tm_.mkIte(tm_.mkEq(st, tm_.mkInt(s)), next, r);
  }
  return r;
}

IoEncoder::Out IoEncoder::print(const Out &o, const std::vector<ir::PrintItem> &items,
                                const std::vector<std::pair<Term, ir::Type>> &args) {
  if (mode_ == OutputMode::None)
    return o;
  if (mode_ == OutputMode::Events)
    return printEvents(o, items, args);
  Out out = o;
  std::vector<Term> parts{o.str};
  std::string pending; // Match: literal text not yet run through the automaton
  auto flush = [&] {
    if (!pending.empty())
      out.state = define_("out.state", matchText(out.state, pending));
    pending.clear();
  };
  size_t k = 0;
  for (const ir::PrintItem &it : items) {
    std::string text;
    bool known = it.kind == ir::PrintItem::Text;
    if (known)
      text = it.text;
    std::pair<Term, ir::Type> arg;
    if (!known) {
      if (k >= args.size())
        break;
      arg = args[k++];
      if (std::optional<BigInt> v = constantOf(tm_, arg.first, arg.second)) { // a known value: its text
        text = ir::formatOutput({it}, {*v});
        known = true;
      }
    }
    auto [x, t] = arg;
    // a float conversion is an output event of its own (below), never laid out byte by byte
    bool plain = it.kind == ir::PrintItem::Float ||
                 ((it.kind == ir::PrintItem::Dec || it.kind == ir::PrintItem::Char) && it.spec.plain());
    if (!known && !plain) { // byte by byte, each printed or not
      flush();
      for (const FieldByte &fb : fieldBytes(it, x, t)) {
        Term b = define_("print.byte", fb.byte);
        if (mode_ == OutputMode::Match) {
          out.state = define_("out.state", tm_.mkIte(fb.present, matchByte(out.state, b), out.state));
        } else {
          Term code = bv_ ? tm_.mkApp(Op::Bv2Nat, b) : b;
          parts.push_back(tm_.mkIte(fb.present, tm_.mkApp(Op::StrFromCode, code), tm_.mkString("")));
        }
      }
      continue;
    }
    if (mode_ == OutputMode::Match) {
      if (known) {
        pending += text;
        continue;
      }
      flush();
      if (it.kind == ir::PrintItem::Float) {
        out.state = define_("out.state", matchFloat(out.state, it.text, x));
        continue;
      }
      if (it.kind == ir::PrintItem::Char)
        out.state = define_("out.state", matchByte(out.state, bv_ ? tm_.mkExtract(7, 0, x)
                                                                  : tm_.mkApp(Op::Mod, x, tm_.mkInt(256))));
      else
        out.state = define_("out.state", matchNumber(out.state, x, t));
      continue;
    }
    // String mode
    if (known) {
      parts.push_back(tm_.mkString(text));
      continue;
    }
    if (it.kind == ir::PrintItem::Float) {
      parts.push_back(floatEvent(it.text, x));
      continue;
    }
    if (it.kind == ir::PrintItem::Char) { // (unsigned char) x
      Term code = bv_ ? tm_.mkApp(Op::Bv2Nat, tm_.mkExtract(7, 0, x)) : tm_.mkApp(Op::Mod, x, tm_.mkInt(256));
      parts.push_back(tm_.mkApp(Op::StrFromCode, code));
      continue;
    }
    // %d: the sign, then the digits of the magnitude (str.from_int of a non-negative Int)
    Term neg, mag;
    if (bv_) {
      bool sig = !t.isUnsigned();
      neg = sig ? tm_.mkApp(Op::BvSlt, x, ex_.intConst(BigInt(0), t)) : tm_.mkFalse();
      // the magnitude as an unsigned number of the type's width: -INT_MIN is 2^(w-1), read unsigned
      mag = tm_.mkApp(Op::Bv2Nat, sig ? tm_.mkIte(neg, tm_.mkApp(Op::BvNeg, x), x) : x);
    } else {
      neg = tm_.mkApp(Op::Lt, x, tm_.mkInt(0));
      mag = tm_.mkIte(neg, tm_.mkApp(Op::Neg, x), x);
    }
    Term digits = define_("print.digits", tm_.mkApp(Op::StrFromInt, mag));
    parts.push_back(tm_.mkIte(neg, tm_.mkApp(Op::StrConcat, {tm_.mkString("-"), digits}), digits));
  }
  if (mode_ == OutputMode::Match) {
    flush();
    return out;
  }
  if (parts.size() == 1)
    return o;
  out.str = define_("out", tm_.mkApp(Op::StrConcat, parts));
  return out;
}

// ---- output events ---------------------------------------------------------------------------------

std::string LineEvent::format() const {
  std::string f;
  for (size_t k = 0; k < lits.size(); ++k)
    f += (k ? "%d" : "") + lits[k];
  return f;
}

std::optional<std::vector<LineEvent>> lineEvents(const std::vector<ir::PrintItem> &items,
                                                 const std::vector<ir::Type> &argTypes, std::string &why) {
  std::vector<LineEvent> lines;
  LineEvent cur;
  cur.lits.emplace_back();
  bool open = false; // the current line has something in it
  size_t arg = 0;
  for (const ir::PrintItem &it : items) {
    if (it.kind == ir::PrintItem::Text) {
      for (char c : it.text) {
        cur.lits.back() += c;
        open = true;
        if (c != '\n')
          continue;
        lines.push_back(std::move(cur));
        cur = LineEvent{};
        cur.lits.emplace_back();
        open = false;
      }
      continue;
    }
    size_t k = arg++;
    if (it.kind != ir::PrintItem::Dec || !it.spec.plain()) {
      why = "a conversion other than a plain %d";
      return std::nullopt;
    }
    if (k >= argTypes.size() || !argTypes[k].isInt()) {
      why = "%d of a value that is not an int";
      return std::nullopt;
    }
    if (cur.lits.size() > 1 && cur.lits.back().empty()) {
      why = "two conversions without text between them";
      return std::nullopt;
    }
    cur.args.push_back(k);
    cur.lits.emplace_back();
    open = true;
  }
  if (open) {
    why = "it does not end its line";
    return std::nullopt;
  }
  for (const LineEvent &e : lines)
    for (size_t k = 1; k < e.lits.size(); ++k)
      if (e.lits[k][0] >= '0' && e.lits[k][0] <= '9') {
        why = "a %d followed by a digit";
        return std::nullopt;
      }
  return lines;
}

namespace {

/// A line format as a deterministic automaton over bytes: its literal bytes and its numbers `-?[0-9]+`
/// (each followed by a byte that is not a digit, so a number ends at the first byte that is not one).
struct LineAutomaton {
  std::vector<int> toks; ///< a byte, or -1 for a number
  explicit LineAutomaton(const LineEvent &e) {
    for (size_t k = 0; k < e.lits.size(); ++k) {
      if (k)
        toks.push_back(-1);
      for (char c : e.lits[k])
        toks.push_back(static_cast<unsigned char>(c));
    }
  }
  /// A state: the token reached and, in a number, 0 at its start, 1 after its `-`, 2 in its digits. The end
  /// (accepting) is {toks.size(), 0}; dead is nullopt.
  using State = std::pair<size_t, int>;
  std::optional<State> step(State s, unsigned c) const {
    bool digit = c >= '0' && c <= '9';
    if (s.first == toks.size())
      return std::nullopt;
    int t = toks[s.first];
    if (t >= 0)
      return c == static_cast<unsigned>(t) ? std::optional<State>(State{s.first + 1, 0}) : std::nullopt;
    if (digit)
      return State{s.first, 2};
    if (s.second == 0 && c == '-')
      return State{s.first, 1};
    if (s.second == 2)
      return step(State{s.first + 1, 0}, c);
    return std::nullopt;
  }
  bool accepts(State s) const { return s.first == toks.size(); }
};

/// Whether some text is printed by both line formats (the product of their automata reaches both ends).
bool overlap(const LineEvent &a, const LineEvent &b) {
  LineAutomaton fa(a), fb(b);
  using Pair = std::pair<LineAutomaton::State, LineAutomaton::State>;
  std::set<Pair> seen{{{0, 0}, {0, 0}}};
  std::vector<Pair> todo{{{0, 0}, {0, 0}}};
  while (!todo.empty()) {
    Pair p = todo.back();
    todo.pop_back();
    if (fa.accepts(p.first) && fb.accepts(p.second))
      return true;
    for (unsigned c = 0; c < 256; ++c) {
      std::optional<LineAutomaton::State> x = fa.step(p.first, c), y = fb.step(p.second, c);
      if (x && y && seen.insert({*x, *y}).second)
        todo.push_back({*x, *y});
    }
  }
  return false;
}

/// A format as the user wrote it, quoted and escaped for a message.
std::string quoted(const std::string &fmt) {
  std::string q = "\"";
  for (char c : fmt)
    q += c == '\n' ? std::string("\\n") : c == '"' ? std::string("\\\"") : std::string(1, c);
  return q + "\"";
}

/// Calls `visit` on every print statement of the procedures `procs` and of those they call.
template <typename Visit>
void forEachReachablePrint(const ir::Program &prog, const std::vector<uint32_t> &procs, Visit &&visit) {
  std::vector<bool> seen(prog.procs.size());
  std::vector<uint32_t> todo;
  for (uint32_t k : procs)
    if (k < seen.size() && !seen[k]) {
      seen[k] = true;
      todo.push_back(k);
    }
  while (!todo.empty()) {
    const ir::Procedure &p = prog.procs[todo.back()];
    todo.pop_back();
    for (const std::vector<ir::Stmt> *block : {&p.pre, &p.body, &p.post})
      ir::forEachStmt(*block, [&](const ir::Stmt &s) {
        if (s.kind == ir::Stmt::Call && s.callee < seen.size() && !seen[s.callee]) {
          seen[s.callee] = true;
          todo.push_back(s.callee);
        }
        if (s.kind == ir::Stmt::Print)
          visit(s);
      });
  }
}

} // namespace

std::string outputEventsProblem(const ir::Program &prog, const std::vector<uint32_t> &procs,
                                size_t *maxValues) {
  std::map<std::string, LineEvent> formats;
  std::string problem;
  size_t most = 0;
  auto visit = [&](const ir::Stmt &s) {
    if (!problem.empty())
      return;
    std::string err;
    std::optional<std::vector<ir::PrintItem>> items = ir::parsePrintFormat(s.message, err);
    std::vector<ir::Type> types;
    for (const ir::Expr &a : s.args)
      types.push_back(a.type);
    std::optional<std::vector<LineEvent>> lines = items ? lineEvents(*items, types, err) : std::nullopt;
    if (!lines) {
      problem = "the print " + quoted(s.message) + ": " + err;
      return;
    }
    for (LineEvent &e : *lines) {
      most = std::max(most, e.args.size());
      std::string f = e.format();
      formats.emplace(f, std::move(e));
    }
  };
  forEachReachablePrint(prog, procs, visit);
  if (problem.empty())
    for (auto a = formats.begin(); a != formats.end() && problem.empty(); ++a)
      for (auto b = std::next(a); b != formats.end(); ++b)
        if (overlap(a->second, b->second)) {
          problem = "the lines " + quoted(a->first) + " and " + quoted(b->first) + " can print the same text";
          break;
        }
  if (maxValues)
    *maxValues = most;
  return problem;
}

void IoEncoder::setEventMode(size_t values, bool perPrint) {
  mode_ = OutputMode::Events;
  eventValues_ = values;
  perPrint_ = perPrint;
  eventFormats_.clear();
}

std::optional<size_t> printEventValues(const ir::Program &prog, const std::vector<uint32_t> &procs) {
  size_t most = 0;
  bool floats = false;
  forEachReachablePrint(prog, procs, [&](const ir::Stmt &s) {
    most = std::max(most, s.args.size());
    for (const ir::Expr &a : s.args)
      floats |= a.type.isFloat();
  });
  if (floats)
    return std::nullopt;
  return most;
}

IoEncoder::Out IoEncoder::printEvent(const Out &o, const std::vector<ir::PrintItem> &items,
                                     const std::vector<std::pair<Term, ir::Type>> &args) {
  // the format: each item (its kind, text, flags, width, precision), and each argument's type (`%u` of -1
  // prints another text as a 32- or a 64-bit value); equal formats with equal values print equal text
  std::string key;
  for (const ir::PrintItem &it : items) {
    const ir::FieldSpec &f = it.spec;
    key += std::to_string(static_cast<int>(it.kind)) + (f.left ? "-" : "") + (f.zero ? "0" : "") +
           (f.plus ? "+" : "") + (f.space ? "_" : "") + "w" + std::to_string(f.width) + "p" +
           std::to_string(f.precision) + "[" + std::to_string(it.text.size()) + ":" + it.text + "]";
  }
  for (const auto &[x, t] : args)
    key += "|" + std::string(t.isFloat() ? "f" : t.isUnsigned() ? "u" : "s") + std::to_string(t.bits);
  auto id = eventFormats_.emplace(key, static_cast<int64_t>(eventFormats_.size())).first->second;
  Out out = o;
  out.formats = tm_.mkStore(out.formats, out.count, tm_.mkInt(id));
  for (size_t k = 0; k < eventValues_; ++k) {
    Term v = bv_ ? tm_.mkBv(65, 0) : tm_.mkInt(0);
    if (k < args.size()) {
      auto [x, t] = args[k];
      if (t.isFloat()) // printEventValues refused the program
        throw std::logic_error("encode: a float printed print by print");
      v = eventValue(x, t);
    }
    out.values[k] = tm_.mkStore(out.values[k], out.count, v);
  }
  out.count = tm_.mkApp(Op::Add, out.count, tm_.mkInt(1));
  ++out.bound;
  return out;
}

backends::Sort IoEncoder::eventValueSort() const {
  return bv_ ? tm_.bvSort(65) : tm_.intSort();
}

Term IoEncoder::eventValue(Term x, ir::Type t) const {
  // the value %d prints: the type's value (signed or unsigned), which its canonical decimal text determines
  if (!bv_)
    return x;
  uint32_t w = tm_.width(tm_.sort(x));
  return t.isUnsigned() ? tm_.mkZeroExtend(65 - w, x) : tm_.mkSignExtend(65 - w, x);
}

IoEncoder::Out IoEncoder::printEvents(const Out &o, const std::vector<ir::PrintItem> &items,
                                      const std::vector<std::pair<Term, ir::Type>> &args) {
  std::vector<ir::Type> types;
  for (const auto &a : args)
    types.push_back(a.second);
  if (perPrint_)
    return printEvent(o, items, args);
  std::string why;
  std::optional<std::vector<LineEvent>> lines = lineEvents(items, types, why);
  if (!lines) // outputEventsProblem accepted every print of the program
    throw std::logic_error("encode: a print that is not a sequence of output events: " + why);
  Out out = o;
  for (const LineEvent &e : *lines) {
    auto id = eventFormats_.emplace(e.format(), static_cast<int64_t>(eventFormats_.size())).first->second;
    out.formats = tm_.mkStore(out.formats, out.count, tm_.mkInt(id));
    for (size_t k = 0; k < eventValues_; ++k) {
      Term v = k < e.args.size() ? eventValue(args[e.args[k]].first, args[e.args[k]].second)
                                 : (bv_ ? tm_.mkBv(65, 0) : tm_.mkInt(0));
      out.values[k] = tm_.mkStore(out.values[k], out.count, v);
    }
    out.count = tm_.mkApp(Op::Add, out.count, tm_.mkInt(1));
    ++out.bound;
  }
  return out;
}

} // namespace locus::encoder

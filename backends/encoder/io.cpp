// Input and output terms: the input bytes, scanning tables, printing (automaton or string), comparisons.
#include "backends/encoder/io.h"

#include "ir/floats.h"

#include <cmath>

#include <map>

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

void IoEncoder::makeInput(const std::optional<std::string> &fixed, uint32_t bytes, Term tiny) {
  bytes_.clear();
  fixedText_ = fixed;
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

const IoEncoder::FloatScans &IoEncoder::floatScans(unsigned width) {
  std::optional<FloatScans> &slot = floatScans_[width == 32 ? 0 : 1];
  if (slot)
    return *slot;
  ir::Type t = ir::Type::floatType(static_cast<uint8_t>(width));
  backends::Sort fs = ex_.sortOf(t);
  FloatScans r;
  if (!fixedText_) {
    r.ok = tm_.mkFreshVar("scanf.ok", tm_.arraySort(tm_.intSort(), tm_.boolSort()));
    r.value = tm_.mkFreshVar("scanf.value", tm_.arraySort(tm_.intSort(), fs));
    r.end = tm_.mkFreshVar("scanf.end", tm_.arraySort(tm_.intSort(), tm_.intSort()));
    return *(slot = r);
  }
  // Fixed input: what glibc's scanf does from every position.
  r.ok = tm_.mkConstArray(tm_.arraySort(tm_.intSort(), tm_.boolSort()), tm_.mkFalse());
  r.value = tm_.mkConstArray(tm_.arraySort(tm_.intSort(), fs), ex_.defaultTerm(t));
  r.end = tm_.mkConstArray(tm_.arraySort(tm_.intSort(), tm_.intSort()), pos(n_));
  for (uint32_t i = 0; i < n_; ++i) {
    size_t at = i;
    bool eof = false;
    std::optional<BigInt> v = ir::scanFloat(*fixedText_, at, width, eof);
    r.end = tm_.mkStore(r.end, pos(i), pos(at));
    if (v) {
      r.ok = tm_.mkStore(r.ok, pos(i), tm_.mkTrue());
      r.value = tm_.mkStore(r.value, pos(i), ex_.valueTerm(ir::Value::ofFloat(*v, t), t));
    }
  }
  r.ok = define_("scanf.ok", r.ok);
  r.value = define_("scanf.value", r.value);
  r.end = define_("scanf.end", r.end);
  return *(slot = r);
}

void IoEncoder::prepareScans(bool prefixed) {
  nonSpace();
  runs(10);
  if (prefixed) {
    runs(8);
    runs(16);
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

const IoEncoder::Runs &IoEncoder::runs(unsigned base) {
  std::optional<Runs> &r = runs_[base == 10 ? 0 : base == 8 ? 1 : 2];
  if (r)
    return *r;
  const BigInt c = cap();
  const BigInt threshold = BigInt::truncDiv(c + BigInt(base - 1), BigInt(base)); // P·base ≥ 2^63 iff P ≥ this
  Term power = w(BigInt(1)), value = w(BigInt(0)), end = pos(n_);
  Term endArr = tm_.mkConstArray(tm_.arraySort(tm_.intSort(), tm_.intSort()), pos(n_));
  Term valArr = tm_.mkConstArray(tm_.arraySort(tm_.intSort(), wSort_), w(BigInt(0)));
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
    Term p = define_("in.power", tm_.mkIte(dig, tm_.mkIte(wGe(power, w(threshold)), w(c), wMul(power, base)),
                                           w(BigInt(1))));
    Term e = define_("in.runend", tm_.mkIte(dig, end, pos(i)));
    endArr = tm_.mkStore(endArr, pos(i), e);
    valArr = tm_.mkStore(valArr, pos(i), v);
    value = v;
    power = p;
    end = e;
  }
  r = Runs{endArr, valArr};
  return *r;
}

IoEncoder::Scan IoEncoder::scan(Term p, const std::vector<ir::ScanItem> &items, ir::Type countType) {
  Scan out;
  Term alive = tm_.mkTrue(), inputFailure = tm_.mkFalse();
  auto plus = [&](Term a, int64_t k) { return tm_.mkApp(Op::Add, a, tm_.mkInt(k)); };
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
      p = define_("scan.pos", tm_.mkIte(success, plus(p, 1), p));
      alive = success;
      continue;
    }
    Term q = define_("scan.start", tm_.mkSelect(nonSpace(), p));
    Term eof = tm_.mkNot(avail(q));
    if (it.kind == ir::ScanItem::Float) {
      const FloatScans &fs = floatScans(it.byte);
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
      alive = success;
      continue;
    }
    Term c = define_("scan.byte", at(q));
    Term neg = tm_.mkEq(c, byte('-'));
    Term sign = tm_.mkAnd(tm_.mkNot(eof), tm_.mkOr(neg, tm_.mkEq(c, byte('+'))));
    Term r = define_("scan.digits", tm_.mkIte(sign, plus(q, 1), q));
    const Runs &dec = runs(10);
    Term decimal = tm_.mkAnd(avail(r), isDigit(at(r), 10));
    Term ok = decimal, mag = tm_.mkSelect(dec.value, r), end = tm_.mkSelect(dec.end, r);
    if (it.kind == ir::ScanItem::Int) {
      Term r1 = plus(r, 1), r2 = plus(r, 2);
      Term zero = tm_.mkAnd(avail(r), tm_.mkEq(at(r), byte('0')));
      Term hex =
          tm_.mkAnd({zero, avail(r1), tm_.mkOr(tm_.mkEq(at(r1), byte('x')), tm_.mkEq(at(r1), byte('X')))});
      const Runs &oct = runs(8);
      const Runs &hx = runs(16);
      mag = tm_.mkIte(hex, tm_.mkSelect(hx.value, r2), tm_.mkIte(zero, tm_.mkSelect(oct.value, r), mag));
      end = tm_.mkIte(hex, tm_.mkSelect(hx.end, r2), tm_.mkIte(zero, tm_.mkSelect(oct.end, r), end));
      ok = tm_.mkOr(zero, decimal);
    }
    Term success = define_("scan.ok", tm_.mkAnd({alive, tm_.mkNot(eof), ok}));
    mag = define_("scan.magnitude", mag);
    inputFailure = tm_.mkOr(inputFailure, tm_.mkAnd(alive, eof));
    Term v =
        tm_.mkIte(tm_.mkAnd(sign, neg), wNeg(mag), tm_.mkIte(wGe(mag, w(cap())), w(cap() - BigInt(1)), mag));
    p = define_("scan.pos", tm_.mkIte(alive, tm_.mkIte(eof, q, tm_.mkIte(ok, end, r)), p));
    out.assigned.push_back(success);
    out.values.push_back(define_("scan.value", v));
    alive = success;
  }
  Term count = ex_.valueTerm(ir::Value::ofInt(BigInt(0)), countType);
  for (size_t k = 0; k < out.assigned.size(); ++k)
    count = tm_.mkIte(out.assigned[k],
                      ex_.valueTerm(ir::Value::ofInt(BigInt(static_cast<int64_t>(k + 1))), countType), count);
  Term none = out.assigned.empty() ? tm_.mkTrue() : tm_.mkNot(out.assigned[0]);
  out.count =
      tm_.mkIte(tm_.mkAnd(inputFailure, none), ex_.valueTerm(ir::Value::ofInt(BigInt(-1)), countType), count);
  out.pos = p;
  return out;
}

Term IoEncoder::toType(Term v64, ir::Type t) const {
  if (t == kI64)
    return v64;
  std::vector<Term> dz;
  return ex_.expr(
      ir::Expr::cast(t, ir::Expr::varUse(ir::VarRef{false, 0}, kI64)), [v64](ir::VarRef) { return v64; },
      tm_.mkTrue(), dz);
}

// ---- output --------------------------------------------------------------------------------------

void IoEncoder::setOutputMode(OutputMode mode, const std::string &expected, bool tokens) {
  mode_ = mode;
  if (mode != OutputMode::Match)
    return;
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
  return tm_.mkEq(a.str, b.str);
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

IoEncoder::Out IoEncoder::print(const Out &o, const std::vector<ir::PrintItem> &items,
                                const std::vector<std::pair<Term, ir::Type>> &args) {
  if (mode_ == OutputMode::None)
    return o;
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
        // Its text is not encoded: the output cannot match the expected one (a counterexample's replay
        // decides whether it really differs; README.md).
        out.state = tm_.mkInt(dead_);
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

} // namespace locus::encoder

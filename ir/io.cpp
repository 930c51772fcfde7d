// Formats of `print` and `scan`, glibc's scanning and strtol, and comparisons of outputs.
#include "ir/io.h"

#include "ir/floats.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace locus::ir {

namespace {

/// Reads the flags, width and precision of a `print` conversion from fmt[i] (just after `%`); false with
/// `err` for a width or precision above kMaxFieldWidth.
bool parseFieldSpec(const std::string &fmt, size_t &i, FieldSpec &spec, std::string &err) {
  for (; i < fmt.size(); ++i) {
    char c = fmt[i];
    if (c == '-')
      spec.left = true;
    else if (c == '0')
      spec.zero = true;
    else if (c == '+')
      spec.plus = true;
    else if (c == ' ')
      spec.space = true;
    else
      break;
  }
  auto number = [&](uint32_t &n) {
    for (; i < fmt.size() && fmt[i] >= '0' && fmt[i] <= '9'; ++i) {
      n = n * 10 + static_cast<uint32_t>(fmt[i] - '0');
      if (n > kMaxFieldWidth) {
        err = "print format field width or precision above " + std::to_string(kMaxFieldWidth);
        return false;
      }
    }
    return true;
  };
  if (!number(spec.width))
    return false;
  if (i < fmt.size() && fmt[i] == '.') {
    ++i;
    uint32_t p = 0;
    if (!number(p))
      return false;
    spec.precision = static_cast<int32_t>(p);
  }
  return true;
}

} // namespace

std::optional<std::vector<PrintItem>> parsePrintFormat(const std::string &fmt, std::string &err) {
  std::vector<PrintItem> items;
  auto text = [&](char c) {
    if (items.empty() || items.back().kind != PrintItem::Text)
      items.push_back({PrintItem::Text, "", {}});
    items.back().text += c;
  };
  for (size_t i = 0; i < fmt.size(); ++i) {
    if (fmt[i] != '%') {
      text(fmt[i]);
      continue;
    }
    if (i + 1 < fmt.size() && fmt[i + 1] == '%') {
      text('%');
      ++i;
      continue;
    }
    if (size_t n = printFloatSpecLength(fmt, i)) { // %f %e %g … of a float64
      items.push_back({PrintItem::Float, fmt.substr(i, n), {}});
      i += n - 1;
      continue;
    }
    size_t j = i + 1;
    FieldSpec spec;
    if (!parseFieldSpec(fmt, j, spec, err))
      return std::nullopt;
    char d = j < fmt.size() ? fmt[j] : '\0';
    PrintItem::Kind k = d == 'd'   ? PrintItem::Dec
                        : d == 'c' ? PrintItem::Char
                        : d == 'u' ? PrintItem::Unsigned
                        : d == 'x' ? PrintItem::Hex
                        : d == 'X' ? PrintItem::HexUpper
                        : d == 'o' ? PrintItem::Octal
                                   : PrintItem::Text;
    if (k == PrintItem::Char && (spec.zero || spec.plus || spec.space || spec.precision >= 0)) {
      err = "print format directive '" + fmt.substr(i, j + 1 - i) + "' (%c takes only '-' and a width)";
      return std::nullopt;
    }
    if (k == PrintItem::Text) {
      err = j < fmt.size() ? "print format directive '" + fmt.substr(i, j + 1 - i) +
                                 "' (only %d, %u, %x, %X, %o, %c with flags '-+ 0', a width and a precision, "
                                 "the float ones (%f %e %g …) and %% are)"
                           : "print format ending in '" + fmt.substr(i) + "'";
      return std::nullopt;
    }
    items.push_back({k, "", spec});
    i = j;
  }
  return items;
}

unsigned printBase(PrintItem::Kind k) {
  switch (k) {
  case PrintItem::Dec:
  case PrintItem::Unsigned: return 10;
  case PrintItem::Hex:
  case PrintItem::HexUpper: return 16;
  case PrintItem::Octal: return 8;
  case PrintItem::Text:
  case PrintItem::Char:
  case PrintItem::Float: return 0;
  }
  return 0;
}

std::string printArgProblem(const PrintItem &item, Type t) {
  if (item.kind == PrintItem::Float)
    return t == Type::floatType(64) ? "" : "argument of a float conversion is not a float64";
  if (t.kind != Type::Int)
    return "argument is not an int";
  bool unsignedKind = printBase(item.kind) != 0 && item.kind != PrintItem::Dec;
  if (unsignedKind && !t.isUnsigned())
    return "a %u, %x, %X or %o argument must have an unsigned type (uint8 … uint64)";
  if (!item.spec.plain() && !t.isFixedInt())
    return "a conversion with flags, a width or a precision needs an argument of a fixed-width type";
  return "";
}

std::string formatItem(const PrintItem &item, const BigInt &v) {
  const FieldSpec &sp = item.spec;
  std::string body, sign;
  if (item.kind == PrintItem::Char) {
    body = std::string(1, static_cast<char>(v.wrap(8, false).toInt64().value_or(0)));
  } else {
    const unsigned base = printBase(item.kind);
    const char *digitChars = item.kind == PrintItem::HexUpper ? "0123456789ABCDEF" : "0123456789abcdef";
    bool neg = v < BigInt(0);
    BigInt mag = neg ? -v : v;
    if (!(sp.precision == 0 && mag == BigInt(0))) { // C: precision 0 prints no digit for 0
      if (base == 10) {
        body = mag.toString();
      } else {
        for (BigInt m = mag; m > BigInt(0); m = BigInt::truncDiv(m, BigInt(base)))
          body.insert(body.begin(), digitChars[*BigInt::truncMod(m, BigInt(base)).toInt64()]);
        if (body.empty())
          body = "0";
      }
    }
    if (sp.precision > 0 && body.size() < static_cast<size_t>(sp.precision))
      body.insert(0, static_cast<size_t>(sp.precision) - body.size(), '0');
    sign = neg ? "-" : item.kind != PrintItem::Dec ? "" : sp.plus ? "+" : sp.space ? " " : "";
  }
  size_t len = sign.size() + body.size();
  if (len >= sp.width)
    return sign + body;
  size_t pad = sp.width - len;
  if (sp.left)
    return sign + body + std::string(pad, ' ');
  if (sp.zero && sp.precision < 0 && item.kind != PrintItem::Char)
    return sign + std::string(pad, '0') + body;
  return std::string(pad, ' ') + sign + body;
}

size_t printArgCount(const std::vector<PrintItem> &items) {
  size_t n = 0;
  for (const PrintItem &it : items)
    n += it.kind != PrintItem::Text;
  return n;
}

bool isSpaceByte(unsigned char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r';
}

std::optional<std::vector<ScanItem>> parseScanFormat(const std::string &fmt, std::string &err) {
  std::vector<ScanItem> items;
  auto space = [&] {
    if (items.empty() || items.back().kind != ScanItem::Space)
      items.push_back({ScanItem::Space, 0, 0});
  };
  for (size_t i = 0; i < fmt.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(fmt[i]);
    if (isSpaceByte(c)) {
      space();
      continue;
    }
    if (c != '%') {
      items.push_back({ScanItem::Byte, c, 0});
      continue;
    }
    if (fmt.compare(i, kWordDirective.size(), kWordDirective) == 0) {
      items.push_back({ScanItem::Word, 0, 0});
      i += kWordDirective.size() - 1;
      continue;
    }
    size_t j = i + 1;
    uint32_t width = 0;
    if (j < fmt.size() && fmt[j] >= '1' && fmt[j] <= '9')
      for (; j < fmt.size() && fmt[j] >= '0' && fmt[j] <= '9'; ++j) {
        width = width * 10 + static_cast<uint32_t>(fmt[j] - '0');
        if (width > kMaxScanWidth) {
          err = "scan format field width above " + std::to_string(kMaxScanWidth);
          return std::nullopt;
        }
      }
    char d = j < fmt.size() ? fmt[j] : '\0';
    ScanItem it{ScanItem::Space, 0, width};
    if (d == '%' && !width) { // glibc skips white space before the '%'
      space();
      items.push_back({ScanItem::Byte, '%', 0});
      i = j;
      continue;
    }
    if (d == 'c' && !width)
      it.kind = ScanItem::Char;
    else if (d == 'd')
      it.kind = ScanItem::Dec;
    else if (d == 'i')
      it.kind = ScanItem::Int;
    else if (d == 'u')
      it.kind = ScanItem::Unsigned;
    else if (d == 'x')
      it.kind = ScanItem::Hex;
    else if (d == 'o')
      it.kind = ScanItem::Octal;
    else if (d == 'f')
      it = {ScanItem::Float, 32, width};
    else if (d == 'l' && j + 1 < fmt.size() && fmt[j + 1] == 'f') {
      it = {ScanItem::Float, 64, width};
      ++j;
    } else {
      err = j < fmt.size() ? "scan format directive '" + fmt.substr(i, j + 1 - i) +
                                 "' (only %d, %i, %u, %x, %o, %f, %lf with an optional width, %c and %% are)"
                           : "scan format ending in '" + fmt.substr(i) + "'";
      return std::nullopt;
    }
    items.push_back(it);
    i = j;
  }
  return items;
}

size_t scanArgCount(const std::vector<ScanItem> &items) {
  size_t n = 0;
  for (const ScanItem &it : items)
    n += it.assigns();
  return n;
}

size_t printFloatSpecLength(const std::string &fmt, size_t i) {
  size_t j = i + 1;
  while (j < fmt.size() && std::string_view("-+ #0").find(fmt[j]) != std::string_view::npos)
    ++j;
  auto number = [&] {
    size_t k = j;
    while (j < fmt.size() && fmt[j] >= '0' && fmt[j] <= '9')
      ++j;
    return j - k <= 3;
  };
  if (!number())
    return 0;
  if (j < fmt.size() && fmt[j] == '.') {
    ++j;
    if (!number())
      return 0;
  }
  if (j < fmt.size() && std::string_view("fFeEgG").find(fmt[j]) != std::string_view::npos)
    return j + 1 - i;
  return 0;
}

std::string formatFloat(const std::string &spec, const BigInt &v) {
  double d = toDouble(floatBits(v, Type::floatType(64)), Type::floatType(64));
  int n = std::snprintf(nullptr, 0, spec.c_str(), d);
  std::string out(static_cast<size_t>(std::max(n, 0)) + 1, '\0');
  std::snprintf(out.data(), out.size(), spec.c_str(), d);
  out.resize(static_cast<size_t>(std::max(n, 0)));
  return out;
}

int64_t floatOrderKey(uint64_t bits) {
  const uint64_t sign = uint64_t(1) << 63;
  return bits & sign ? -1 - static_cast<int64_t>(bits & ~sign) : static_cast<int64_t>(bits);
}

uint64_t floatOfOrderKey(int64_t key) {
  const uint64_t sign = uint64_t(1) << 63;
  return key >= 0 ? static_cast<uint64_t>(key) : sign | static_cast<uint64_t>(-1 - key);
}

std::optional<FloatRange> floatTextRange(const std::string &spec, const std::string &text) {
  const Type t = Type::floatType(64);
  auto prints = [&](int64_t key) { return formatFloat(spec, floatValue(floatOfOrderKey(key), t)) == text; };
  // the double nearest to the text's number prints it if any double does (the doubles that print it lie
  // around that number); a tie of the conversion's rounding may put it just outside: its neighbours
  std::string body = text;
  while (!body.empty() && body.back() == ' ') // the `-` flag pads on the right
    body.pop_back();
  if (body.empty() ||
      (body.find_first_of("nN") != std::string::npos && body.find_first_of("iI") == std::string::npos))
    return std::nullopt; // no number, or a NaN
  char *end = nullptr;
  double d = std::strtod(body.c_str(), &end);
  if (end != body.c_str() + body.size() || std::isnan(d))
    return std::nullopt;
  const int64_t bottom = floatOrderKey(bitsOf(-HUGE_VAL, t)), top = floatOrderKey(bitsOf(HUGE_VAL, t));
  int64_t k = floatOrderKey(bitsOf(d, t));
  if (!prints(k)) {
    if (k > bottom && prints(k - 1))
      --k;
    else if (k < top && prints(k + 1))
      ++k;
    else
      return std::nullopt;
  }
  // the doubles that print `text` are contiguous in the order: binary searches for the ends
  int64_t lo = bottom, hi = k; // prints(hi); the first key that prints is in [lo, hi]
  while (lo < hi) {
    auto mid = static_cast<int64_t>((static_cast<__int128>(lo) + hi) >> 1); // rounds down; no overflow
    if (prints(mid))
      hi = mid;
    else
      lo = mid + 1;
  }
  FloatRange r{lo, k};
  lo = k, hi = top; // prints(lo); the last key that prints is in [lo, hi]
  while (lo < hi) {
    auto mid = static_cast<int64_t>((static_cast<__int128>(lo) + hi + 1) >> 1); // rounds up
    if (prints(mid))
      lo = mid;
    else
      hi = mid - 1;
  }
  r.hi = lo;
  return r;
}

std::optional<BigInt> scanFloat(const std::string &in, size_t &pos, unsigned width, uint32_t field,
                                bool &eof) {
  // glibc's own scanner on the rest of the input (a memory stream): what it reads, consumes and pushes back.
  eof = false;
  std::string rest = in.substr(std::min(pos, in.size()));
  FILE *f = fmemopen(rest.data(), rest.size(), "r");
  if (!f) {
    eof = rest.empty();
    return std::nullopt;
  }
  float x = 0;
  double y = 0;
  std::string spec = "%" + (field ? std::to_string(field) : "") + (width == 32 ? "f" : "lf");
  int r = width == 32 ? std::fscanf(f, spec.c_str(), &x) : std::fscanf(f, spec.c_str(), &y);
  long used = std::ftell(f);
  std::fclose(f);
  pos += used > 0 ? static_cast<size_t>(used) : 0;
  if (r == EOF)
    eof = true;
  if (r != 1)
    return std::nullopt;
  Type t = Type::floatType(static_cast<uint8_t>(width));
  return width == 32 ? floatValue(std::bit_cast<uint32_t>(x), t) : floatValue(std::bit_cast<uint64_t>(y), t);
}

std::string formatOutput(const std::vector<PrintItem> &items, const std::vector<BigInt> &args) {
  std::string out;
  size_t k = 0;
  for (const PrintItem &it : items) {
    if (it.kind == PrintItem::Text)
      out += it.text;
    else if (it.kind == PrintItem::Float)
      out += k < args.size() ? formatFloat(it.text, args[k++]) : "";
    else if (k < args.size())
      out += formatItem(it, args[k++]);
  }
  return out;
}

namespace {

const BigInt &cap() {
  static const BigInt c = BigInt::pow2(63);
  return c;
}

int digitValue(unsigned char c, int base) {
  int v = c >= '0' && c <= '9'   ? c - '0'
          : c >= 'a' && c <= 'f' ? c - 'a' + 10
          : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                 : 99;
  return v < base ? v : -1;
}

/// Reads at most `limit` digits of `base` at `pos` (none is fine); their value capped at `cap`, and how many.
BigInt digits(const std::string &in, size_t &pos, int base, const BigInt &top = cap(),
              size_t limit = SIZE_MAX, size_t *count = nullptr) {
  BigInt mag(0);
  size_t k = 0;
  for (int d;
       k < limit && pos < in.size() && (d = digitValue(static_cast<unsigned char>(in[pos]), base)) >= 0;
       ++pos, ++k) {
    mag = mag * BigInt(base) + BigInt(d);
    if (mag > top)
      mag = top;
  }
  if (count)
    *count = k;
  return mag;
}

/// The signed value strtol gives for a magnitude capped at 2^63.
BigInt clamped(const BigInt &mag, bool neg) {
  if (neg)
    return -mag;
  return mag >= cap() ? cap() - BigInt(1) : mag;
}

/// The value strtoul gives for a magnitude capped at 2^64: 2^64 - 1 when it overflows (whatever the sign),
/// else the magnitude, negated modulo 2^64 after a '-'.
BigInt clampedUnsigned(const BigInt &mag, bool neg) {
  static const BigInt top = BigInt::pow2(64);
  if (mag >= top)
    return top - BigInt(1);
  return neg && !mag.isZero() ? top - mag : mag;
}

/// glibc's scanf of one integer conversion at `pos` (white space already skipped, a byte there): the sign,
/// the `0x` prefix (`%x`, `%i`) or the `0` that makes `%i` octal, the digits, all within the field width;
/// nullopt for a matching failure (`pos` after the sign, which stays consumed).
std::optional<BigInt> scanInteger(const ScanItem &it, const std::string &in, size_t &pos) {
  const size_t n = in.size();
  auto at = [&](size_t p) { return p < n ? static_cast<unsigned char>(in[p]) : 0u; };
  size_t room = it.width ? it.width : SIZE_MAX; // bytes the field may still take
  bool neg = false;
  if (at(pos) == '+' || at(pos) == '-') {
    neg = at(pos) == '-';
    ++pos; // consumed even when no digit follows (glibc)
    --room;
  }
  unsigned base = it.base();
  bool zero = false; // a leading 0 read (a number, whatever follows)
  if (room != 0 && pos < n && at(pos) == '0') {
    zero = true;
    ++pos;
    --room;
    if (room != 0 && pos < n && (at(pos) == 'x' || at(pos) == 'X') && (base == 0 || base == 16)) {
      base = 16; // `0x` without hex digits reads 0 (glibc)
      ++pos;
      --room;
    } else if (base == 0) {
      base = 8;
    }
  }
  if (base == 0)
    base = 10;
  size_t count = 0;
  const BigInt top = it.isUnsigned() ? BigInt::pow2(64) : cap();
  BigInt mag = digits(in, pos, static_cast<int>(base), top, room, &count);
  if (!zero && count == 0)
    return std::nullopt;
  return it.isUnsigned() ? clampedUnsigned(mag, neg) : clamped(mag, neg);
}

} // namespace

ScanOutcome scanInput(const std::vector<ScanItem> &items, const std::string &in, size_t pos) {
  ScanOutcome r;
  const size_t n = in.size();
  auto at = [&](size_t p) { return static_cast<unsigned char>(in[p]); };
  auto skipSpace = [&] {
    while (pos < n && isSpaceByte(at(pos)))
      ++pos;
  };
  bool inputFailure = false;
  for (const ScanItem &it : items) {
    if (it.kind == ScanItem::Space) {
      skipSpace();
      continue;
    }
    if (it.kind == ScanItem::Byte) {
      if (pos >= n) {
        inputFailure = true;
        break;
      }
      if (at(pos) != it.byte)
        break; // a matching failure: the byte stays unread
      ++pos;
      continue;
    }
    if (it.kind == ScanItem::Char || it.kind == ScanItem::Word) { // the next byte (Word: not white space)
      if (pos >= n) {
        inputFailure = true;
        break;
      }
      if (it.kind == ScanItem::Word && isSpaceByte(at(pos)))
        break; // a matching failure: the byte stays unread
      r.values.push_back(BigInt(static_cast<int64_t>(at(pos++))));
      continue;
    }
    if (it.kind == ScanItem::Float) {
      bool eof = false;
      std::optional<BigInt> v = scanFloat(in, pos, it.byte, it.width, eof);
      if (!v) {
        inputFailure = eof;
        break;
      }
      r.values.push_back(*v);
      continue;
    }
    skipSpace();
    if (pos >= n) {
      inputFailure = true;
      break;
    }
    std::optional<BigInt> v = scanInteger(it, in, pos);
    if (!v)
      break; // a matching failure
    r.values.push_back(*v);
  }
  r.count = inputFailure && r.values.empty() ? -1 : static_cast<int>(r.values.size());
  r.pos = pos;
  return r;
}

BigInt strtolValue(const std::string &s) {
  size_t pos = 0;
  while (pos < s.size() && isSpaceByte(static_cast<unsigned char>(s[pos])))
    ++pos;
  bool neg = false;
  if (pos < s.size() && (s[pos] == '+' || s[pos] == '-'))
    neg = s[pos++] == '-';
  return clamped(digits(s, pos, 10), neg);
}

std::vector<std::string> tokensOf(const std::string &s) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : s) {
    if (isSpaceByte(static_cast<unsigned char>(c))) {
      if (!cur.empty())
        out.push_back(std::move(cur));
      cur.clear();
    } else {
      cur += c;
    }
  }
  if (!cur.empty())
    out.push_back(std::move(cur));
  return out;
}

bool sameOutput(const std::string &expected, const std::string &actual, bool tokens) {
  return tokens ? tokensOf(expected) == tokensOf(actual) : expected == actual;
}

std::string showBytes(const std::string &s, size_t limit) {
  static const char *hex = "0123456789abcdef";
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (i == limit)
      return out + "…";
    unsigned char c = static_cast<unsigned char>(s[i]);
    if (c == '\n')
      out += "\\n";
    else if (c == '\t')
      out += "\\t";
    else if (c == '\\')
      out += "\\\\";
    else if (c >= 32 && c < 127)
      out += static_cast<char>(c);
    else
      out += std::string("\\x") + hex[c >> 4] + hex[c & 15];
  }
  return out;
}

namespace {

std::vector<std::string> linesOf(const std::string &s) {
  std::vector<std::string> out;
  size_t start = 0;
  while (start < s.size()) {
    size_t nl = s.find('\n', start);
    if (nl == std::string::npos) {
      out.push_back(s.substr(start));
      break;
    }
    out.push_back(s.substr(start, nl - start));
    start = nl + 1;
  }
  return out;
}

std::string quoted(const std::string &s) {
  return "'" + showBytes(s) + "'";
}

} // namespace

std::string outputDifference(const std::string &expected, const std::string &actual, bool tokens) {
  if (sameOutput(expected, actual, tokens))
    return {};
  if (tokens) {
    std::vector<std::string> e = tokensOf(expected), a = tokensOf(actual);
    for (size_t i = 0;; ++i) {
      std::string where = "at token " + std::to_string(i + 1) + ": ";
      if (i >= e.size())
        return where + "expected the end of the output, got " + quoted(a[i]);
      if (i >= a.size())
        return where + "expected " + quoted(e[i]) + ", got the end of the output";
      if (e[i] != a[i])
        return where + "expected " + quoted(e[i]) + ", got " + quoted(a[i]);
    }
  }
  std::vector<std::string> e = linesOf(expected), a = linesOf(actual);
  for (size_t i = 0; i < e.size() || i < a.size(); ++i) {
    std::string where = "at line " + std::to_string(i + 1) + ": ";
    if (i >= e.size())
      return where + "expected the end of the output, got " + quoted(a[i]);
    if (i >= a.size())
      return where + "expected " + quoted(e[i]) + ", got the end of the output";
    if (e[i] != a[i])
      return where + "expected " + quoted(e[i]) + ", got " + quoted(a[i]);
  }
  bool eNl = !expected.empty() && expected.back() == '\n', aNl = !actual.empty() && actual.back() == '\n';
  return std::string("at the end: ") +
         (eNl && !aNl ? "expected a final newline" : "expected no final newline");
}

} // namespace locus::ir

// Program input and output: the formats of the IR's `print` and `scan`, glibc's scanning and strtol, and
// the specifications a run's output and status can be compared with (ir/README.md, *Input, output and
// specifications*). The interpreter, the encoder, the validator and the front ends share these.
#pragma once

#include "ir/bigint.h"
#include "ir/ir.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace locus::ir {

/// How a `print` conversion lays its text out: C's flags, field width and precision (ir/README.md).
struct FieldSpec {
  bool left = false, zero = false, plus = false, space = false; ///< the flags `-`, `0`, `+`, ` `
  uint32_t width = 0;                                           ///< the minimum field width (0: none)
  int32_t precision = -1;                                       ///< the minimum digits (-1: none given)
  bool plain() const { return !left && !zero && !plus && !space && width == 0 && precision < 0; }
  friend bool operator==(const FieldSpec &, const FieldSpec &) = default;
};
/// The largest field width or precision a `print` format may give.
constexpr uint32_t kMaxFieldWidth = 256;

/// One piece of a `print` format: literal bytes, or one argument printed as `%d` (decimal), `%c` (a byte),
/// `%u` (decimal), `%x`/`%X` (hexadecimal, lower or upper case digits) or `%o` (octal), with a field spec;
/// or a float64 argument printed by a conversion `%[flags][width][.precision](f|F|e|E|g|G)` as glibc's
/// printf prints it (Float: `text` is the conversion, flags among `-+ #0`, width and precision at most 999).
struct PrintItem {
  enum Kind : uint8_t { Text, Dec, Char, Unsigned, Hex, HexUpper, Octal, Float };
  Kind kind = Text;
  std::string text; ///< Text; Float: the conversion (`%.2f`)
  FieldSpec spec;   ///< an integer conversion's flags, width and precision
  friend bool operator==(const PrintItem &, const PrintItem &) = default;
};
/// The base a conversion prints its argument in (10, 16 or 8; 0 for Text and Char).
unsigned printBase(PrintItem::Kind k);
/// Why `t` cannot be printed by `item` (a conversion), or "" when it can: a conversion other than a plain
/// `%d`/`%c` needs a fixed-width type, `%u`/`%x`/`%X`/`%o` an unsigned one.
std::string printArgProblem(const PrintItem &item, Type t);
/// The text one conversion prints for `v` (as glibc's printf does for an argument of that value).
std::string formatItem(const PrintItem &item, const BigInt &v);
/// The items of a `print` format (`%%` is the text "%"); nullopt with `err` for any other `%` sequence.
std::optional<std::vector<PrintItem>> parsePrintFormat(const std::string &fmt, std::string &err);
/// The number of arguments a `print` format takes (0 for an invalid one).
size_t printArgCount(const std::vector<PrintItem> &items);

/// One directive of a `scan` format: white space (skips any), one byte that must match, or a conversion
/// (`%d`, `%i`, `%u`, `%x`, `%o`: an integer read as glibc's scanf reads it; `%c`: the next byte, white space
/// too, as a value 0 … 255; Float: `%f` into a float32 variable, `%lf` into a float64 one, read as glibc's
/// scanf reads them). A numeric conversion may have a maximum field width (`%3d`, `%2x`, `%5lf`).
struct ScanItem {
  /// Word: one byte that is not white space, nothing skipped first (glibc's `%1[^ \t\n\v\f\r]`, the
  /// format's bytes exactly): white space next is a matching failure (the byte stays unread), the end of the
  /// input an input failure (C's `%s` is lowered to a loop of these). Unsigned, Hex, Octal: `%u`, `%x`, `%o`
  /// (strtoul's value: a sign is accepted, `-1` is 2^64 - 1).
  enum Kind : uint8_t { Space, Byte, Dec, Int, Char, Float, Word, Unsigned, Hex, Octal };
  Kind kind = Space;
  unsigned char byte = 0; ///< Byte; Float: the variable's width, 32 or 64
  uint32_t width = 0;     ///< a numeric conversion's maximum field width (0: none)
  /// Whether the directive assigns a variable (a conversion).
  bool assigns() const { return kind != Space && kind != Byte; }
  /// Dec, Int, Unsigned, Hex, Octal.
  bool integer() const {
    return kind == Dec || kind == Int || kind == Unsigned || kind == Hex || kind == Octal;
  }
  /// Unsigned, Hex, Octal: strtoul's value rather than strtol's.
  bool isUnsigned() const { return kind == Unsigned || kind == Hex || kind == Octal; }
  /// The base of an integer conversion: 10, 16, 8, or 0 for `%i` (its prefix decides).
  unsigned base() const { return kind == Hex ? 16 : kind == Octal ? 8 : kind == Int ? 0 : 10; }
  friend bool operator==(const ScanItem &, const ScanItem &) = default;
};
/// The largest field width a scan conversion may give.
constexpr uint32_t kMaxScanWidth = 100000;
/// The directives of a `scan` format (consecutive white space is one directive; `%%` is white space, then
/// the byte `%`, as glibc reads it); nullopt with `err` for a `%` that is not `%d`, `%i`, `%u`, `%x`, `%o`,
/// `%f`, `%lf` (each with an optional field width 1 … kMaxScanWidth), `%c`, `%1[^ \t\n\v\f\r]` (Word) or
/// `%%`.
/// The spelling of ScanItem::Word in a scan format.
inline const std::string kWordDirective = "%1[^ \t\n\v\f\r]";
std::optional<std::vector<ScanItem>> parseScanFormat(const std::string &fmt, std::string &err);
size_t scanArgCount(const std::vector<ScanItem> &items);

/// C's isspace in the "C" locale: space, \t, \n, \v, \f, \r.
bool isSpaceByte(unsigned char c);

/// A float conversion of a `print` format at fmt[i] (the `%`): its length, or 0 when there is none there.
size_t printFloatSpecLength(const std::string &fmt, size_t i);
/// glibc's printf of the float64 value v (bit pattern, ir/floats.h) with the conversion `spec` (`%.2f`).
std::string formatFloat(const std::string &spec, const BigInt &v);
/// A range of the doubles in the total order -inf < … < -0.0 < +0.0 < … < +inf (NaNs are in none): its
/// first and last as order keys (floatOrderKey).
struct FloatRange {
  int64_t lo = 0, hi = 0;
};
/// The order key of a float64 bit pattern that is not a NaN: -0.0 is -1, +0.0 is 0, and keys grow with the
/// value (a positive pattern is its own key, a negative one -1 - its magnitude).
int64_t floatOrderKey(uint64_t bits);
/// The float64 bit pattern of an order key (the inverse of floatOrderKey).
uint64_t floatOfOrderKey(int64_t key);
/// The doubles that glibc's printf prints as exactly `text` with the float conversion `spec` (formatFloat):
/// one range, as the text a conversion prints grows with the value, or nullopt when no double prints `text`
/// (a NaN's text included: the encoding keeps no NaN's sign, so `nan` is matched by none).
std::optional<FloatRange> floatTextRange(const std::string &spec, const std::string &text);
/// glibc's scanf of one float conversion (`%f` into a float: width 32, `%lf`: 64; `field` its maximum field
/// width, 0 for none) from `in` at `pos` (white space skipped first): the value (bit pattern, ir/floats.h) or
/// nullopt for a failure, `eof` when it was an input failure, `pos` moved past what glibc consumed (also on a
/// matching failure).
std::optional<BigInt> scanFloat(const std::string &in, size_t &pos, unsigned width, uint32_t field,
                                bool &eof);

/// The text `print` appends for these argument values (one per `%d`/`%c`, in order).
std::string formatOutput(const std::vector<PrintItem> &items, const std::vector<BigInt> &args);

/// What one `scan` does on `input` from position `pos`: the values converted (one per conversion, in order,
/// until the first failure: a signed conversion's clamped to [-2^63, 2^63 - 1] like strtol, an unsigned one's
/// in [0, 2^64 - 1] like strtoul), the count it returns (-1 for EOF) and the position after it.
struct ScanOutcome {
  std::vector<BigInt> values;
  int count = 0;
  size_t pos = 0;
};
ScanOutcome scanInput(const std::vector<ScanItem> &items, const std::string &input, size_t pos);

/// glibc's `strtol(s, NULL, 10)`: leading white space, a sign, decimal digits, clamped to the `long` range;
/// 0 when there are no digits.
BigInt strtolValue(const std::string &s);

/// What a run must produce once its entry procedure has finished (ir/README.md).
struct Expect {
  std::optional<std::string> output; ///< exactly this output (tokens: the same tokens)
  bool tokens = false;               ///< compare white-space-separated tokens instead of bytes
  std::optional<BigInt> status;      ///< the entry's (int) result
  /// A procedure run next on the same arguments and input from a fresh start; its output and result must
  /// equal the entry's. kNone: none.
  uint32_t reference = kNone;
  bool any() const { return output || status || reference != kNone; }
};

/// The white-space-separated tokens of a text.
std::vector<std::string> tokensOf(const std::string &s);
/// Whether `actual` is the output `expected` asks for (bytes, or tokens).
bool sameOutput(const std::string &expected, const std::string &actual, bool tokens);
/// Where two outputs first differ, for messages: "at line 2: expected '5', got '4'", "at token 3: …",
/// "at the end: expected 2 more lines", … (empty when they are the same).
std::string outputDifference(const std::string &expected, const std::string &actual, bool tokens);
/// A byte string shown in a message: printable ASCII as it is, `\n`, `\t`, `\xHH` otherwise; at most
/// `limit` bytes, then "…".
std::string showBytes(const std::string &s, size_t limit = 60);

} // namespace locus::ir

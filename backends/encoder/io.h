// The terms of program input and output for the encoder (README.md, *Input, output and specifications*):
// the input bytes, scanning at a symbolic position, printing (into an automaton's state against an expected
// text, into a string against a reference's output), and comparisons of outputs. The Encoder keeps the state
// (positions, outputs) and wraps these terms in its steps.
#pragma once

#include "backends/encoder/exprs.h"
#include "ir/io.h"

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace locus::encoder {

/// One line of output as a print prints it (README.md, *Output events*): the literal pieces around its `%d`
/// conversions (`lits.size()` is the number of conversions plus one; the last piece ends with the line's
/// newline, no other has one) and, per conversion, the index of its argument among the print's arguments.
struct LineEvent {
  std::vector<std::string> lits;
  std::vector<size_t> args;
  /// The line's format: the pieces joined by `%d` (`count %d min %d\n`).
  std::string format() const;
};

/// The lines a print with these items and argument types prints, each a LineEvent, when its text determines
/// them: every piece of literal text that has a newline is cut after it, the format ends with a newline, its
/// conversions are plain `%d` of an int each followed by literal text that does not start with a digit;
/// otherwise nullopt with `why`.
std::optional<std::vector<LineEvent>> lineEvents(const std::vector<ir::PrintItem> &items,
                                                 const std::vector<ir::Type> &argTypes, std::string &why);

/// Why the outputs of the procedures `procs` of `prog` (every print in them and in the procedures they call)
/// cannot be compared as sequences of output events, or "" when they can: every print is a sequence of
/// LineEvents, and no two line formats can print the same text (their languages, with `%d` read as
/// `-?[0-9]+`, are disjoint). Then two outputs are equal iff their event sequences are: the same line
/// formats in the same order, with equal values (README.md). `maxValues`: the most conversions of one line.
std::string outputEventsProblem(const ir::Program &prog, const std::vector<uint32_t> &procs,
                                size_t *maxValues = nullptr);
/// The most arguments one print of the procedures `procs` (and those they call) has: the value slots of
/// print-by-print events (EncodeOptions::printEvents); nullopt when a print has a float argument (z3 decides
/// the equality of two programs' computed floats far too slowly: strings or nothing, as before).
std::optional<size_t> printEventValues(const ir::Program &prog, const std::vector<uint32_t> &procs);

/// A float conversion on free input bytes (IoEncoder::scan): its outcome is free, not tied to the bytes, so
/// the counterexample's stdin spells its value over [start, end) (extractCounterexample).
struct FreeFloatScan {
  Term read;              ///< it ran and assigned (Encoder: the statement executed too)
  Term start, end, value; ///< the position it starts at (white space skipped), the position after, the value
  unsigned width = 64;    ///< 32 (`%f`) or 64 (`%lf`)
  bool spaceNext = false; ///< the next directive of its format skips white space
};

/// Whether free input read only by the directives `items` (those of every scan of the program) can be
/// encoded as tokens (README.md, *Token input*): every directive is white space, a `%d` without a field
/// width, or a literal byte that is neither a digit nor white space.
bool tokenDirectives(const std::vector<ir::ScanItem> &items);

/// Free input as a sequence of tokens (README.md, *Token input*), each at index j < the free count `count`:
/// a run of white space (`space[j]`), a run of decimal digits (`digits[j]`) with its value capped at 2^63
/// (`value[j]`, of the scanning's wide sort), or one other byte (`byte[j]`); `len[j]` bytes long. The
/// counterexample's stdin spells them (extractCounterexample).
struct InputTokens {
  Term count;
  std::vector<Term> space, digits, len, value, byte;
};

class IoEncoder {
public:
  /// `input(c)` asserts a hard input condition (a domain constraint of a free input byte or length);
  /// `define(name, t)` names a term by a fresh symbol defined as t (a control step; constants and symbols
  /// come back as they are), so that terms used several times are not repeated.
  IoEncoder(backends::TermManager &tm, const ExprEncoder &ex, std::function<void(Term)> input,
            std::function<Term(const std::string &, Term)> define);

  /// The input: fixed bytes, or `bytes` free bytes and a free length of at most that many (printable under
  /// `tiny`), or with `tokens` (tokenDirectives holds for every scan) free tokens of at most that many bytes
  /// in all. Must be called once before scanning.
  void makeInput(const std::optional<std::string> &fixed, uint32_t bytes, Term tiny, bool tokens = false);
  Term inputLen() const { return len_; }
  const std::vector<Term> &inputBytes() const { return bytes_; }
  bool inputFixed() const { return fixed_; }
  /// The free tokens, when the input is tokens.
  const std::optional<InputTokens> &inputTokens() const { return tokens_; }
  /// Builds the scanning tables the directives `items` (those of every scan of the program) need now, so that
  /// their steps belong to no statement: the non-space table and the digit runs of each base and kind
  /// (signed, unsigned) an integer conversion without a field width reads.
  void prepareScans(const std::vector<ir::ScanItem> &items);

  /// How outputs are represented, which depends on what they are compared with: nothing (None: output is
  /// not observed), a known expected output (Match: the output is run through the automaton of the expected
  /// text as it is printed — linear integer arithmetic only), or the output of another run: as a sequence of
  /// output events when the program's prints allow it (Events: line formats and integer values, compared
  /// exactly without strings; outputEventsProblem), else as SMT-LIB strings (String; README.md).
  enum class OutputMode { None, Match, String, Events };
  /// Sets the mode; Match needs the expected output (and whether tokens are compared).
  void setOutputMode(OutputMode mode, const std::string &expected = {}, bool tokens = false);
  /// Sets Events mode: `values` value slots per event (outputEventsProblem's maxValues). `perPrint`: one
  /// event per print, not per line (EncodeOptions::printEvents; `values`: printEventValues) — its format
  /// the print's items and argument types, its values the arguments' (ints: no float is printed): equal
  /// events print equal text, not conversely.
  void setEventMode(size_t values, bool perPrint = false);
  OutputMode outputMode() const { return mode_; }
  /// An output: the automaton's state (Match), the text (String), or the events (Events: their number, the
  /// line format of each — an array Int → Int of format numbers — and per value slot an array Int → value,
  /// the value an Int in math mode and a 65-bit vector in BV32, extended by its type's signedness; `bound`:
  /// how many events this output can have at most, counted as the prints are encoded).
  struct Out {
    Term state, str;
    Term count, formats;
    std::vector<Term> values;
    uint32_t bound = 0;
  };
  Out emptyOutput() const;
  /// `out` after printing `items` with `args` (one term of its int type per %d/%c).
  Out print(const Out &out, const std::vector<ir::PrintItem> &items,
            const std::vector<std::pair<Term, ir::Type>> &args);
  /// Match: the output is the expected one.
  Term matches(const Out &out) const;
  /// String, Events: two outputs are the same.
  Term equals(const Out &a, const Out &b) const;

  /// One scan from position `pos`: per conversion whether it assigned and the value and its type (an int64
  /// term clamped like strtol for `%d`, `%i`, `%c`; a uint64 term as strtoul gives it for `%u`, `%x`, `%o`; a
  /// float term of its width for a float conversion), the count term of type `countType`, and the position
  /// after. A field width bounds what a conversion reads (an integer one's digits are then read position by
  /// position from its start, at most min(width, input bytes) of them). A float conversion on fixed input is
  /// glibc's (a table of what it reads at every position, ir::scanFloat); on free input bytes its outcome is
  /// free — whether it succeeds, where it stops, and a finite value, all functions of the position it starts
  /// at (so two runs reading the same input read the same numbers) — an over-approximation a counterexample's
  /// replay checks.
  struct Scan {
    std::vector<Term> assigned, values;
    std::vector<ir::Type> types;
    Term count, pos;
    std::vector<FreeFloatScan> freeFloats; ///< its float conversions on free input bytes, in order
    /// Per conversion, in math mode on token input: the value modulo 2^32 (an Int in [0, 2^32), read off the
    /// token's low and high halves), so that a conversion to a type of at most 32 bits needs no mod; else
    /// null.
    std::vector<Term> low32;
  };
  Scan scan(Term pos, const std::vector<ir::ScanItem> &items, ir::Type countType);
  /// A value of the int type `from` (int64 or uint64) converted to the int type t (as C converts).
  Term toType(Term v64, ir::Type from, ir::Type t) const;
  /// The k-th conversion's value of `r` converted to the int type t (toType, or from its low32).
  Term scanned(const Scan &r, size_t k, ir::Type t) const;

private:
  // The wide arithmetic of scanning and printing: Int in math mode, 64-bit unsigned bit-vectors in BV32.
  Term w(const ir::BigInt &v) const;
  Term wAdd(Term a, Term b) const;
  Term wSub(Term a, Term b) const;
  Term wMul(Term a, uint64_t k) const;
  Term wGe(Term a, Term b) const;
  Term wNeg(Term a) const;
  // Bytes: Int in [0, 255] (math) or 8-bit vectors.
  Term byte(unsigned v) const;
  Term bLe(Term a, Term b) const;
  Term inRange(Term b, unsigned lo, unsigned hi) const;
  Term byteToW(Term b) const;
  Term wToByte(Term v) const; ///< v in [0, 255]
  Term isSpace(Term b) const;
  Term isDigit(Term b, unsigned base) const;
  Term digitValue(Term b, unsigned base) const;
  Term at(Term pos) const;    ///< the input byte at pos
  Term avail(Term pos) const; ///< pos < len
  Term pos(uint64_t i) const { return tm_.mkInt(static_cast<int64_t>(i)); }

  /// The next position at or after each position that is not white space (an array Int → Int).
  Term nonSpace();
  /// Per float width: what a float conversion starting at each position does (arrays over positions):
  /// whether it assigns, the value, the position after (ScanItem::Float).
  struct FloatScans {
    Term ok, value, end;
  };
  const FloatScans &floatScans(unsigned width, uint32_t field);
  std::map<std::pair<unsigned, uint32_t>, FloatScans> floatScans_; ///< per float width and field width
  std::optional<std::string> fixedText_;
  /// String mode: the text of a float printed with the conversion `spec` (PrintItem::Float).
  Term floatEvent(const std::string &spec, Term x);
  /// Match mode: the automaton's state after `st` and the text glibc prints for the float64 `x` with the
  /// conversion `spec` — per state, each text the automaton can read from there that the conversion prints
  /// for a range of doubles (ir::floatTextRange), chosen by the range x's bit pattern is in; dead for any
  /// other value (a NaN among them).
  Term matchFloat(Term st, const std::string &spec, Term x);
  /// The texts of matchFloat from state s (with the state each leads to and its range), cached per
  /// conversion.
  struct FloatText {
    int32_t to;
    ir::FloatRange range;
  };
  const std::vector<FloatText> &floatTexts(int32_t s, const std::string &spec);
  std::map<std::pair<int32_t, std::string>, std::vector<FloatText>> floatTexts_;
  uint32_t nanPrints_ = 0;
  /// Per base and kind: where the digit run starting at each position ends and its value: capped at 2^63
  /// (signed), or at most 2^64 - 1 with `over` (unsigned: whether it is 2^64 or more).
  struct Runs {
    Term end, value, over;
  };
  const Runs &runs(unsigned base, bool isUnsigned = false);
  /// The digits of `base` a conversion reads from `s`: whether there is one, where they end, their value
  /// (capped as in Runs) and the unsigned overflow (false for signed). `width` 0: the run (the tables);
  /// otherwise at most `width - used` of them (`used`: an Int term, the bytes of the field read before s).
  struct Digits {
    Term any, end, mag, over;
  };
  Digits digitRun(Term s, unsigned base, bool isUnsigned, uint32_t width, Term used);

  // Token input: the arrays over token indices (white space, digits, length, value, byte) and the count.
  std::optional<InputTokens> tokens_;
  Term tokSpace_, tokDigits_, tokValue_, tokByte_;
  Term tokHigh_, tokLow_; ///< math mode: a digit run's value is high · 2^32 + low (no tokValue_)
  /// The value of the digit run at token j, and (math mode) its low half.
  Term tokValue(Term j) const;
  void makeTokens(uint32_t bytes, Term tiny);
  /// scan() on tokens: positions are token indices.
  Scan scanTokens(Term pos, const std::vector<ir::ScanItem> &items, ir::Type countType);
  /// The count of a scan from whether each conversion assigned and whether an input failure happened.
  Term scanCount(const std::vector<Term> &assigned, Term inputFailure, ir::Type countType) const;

  backends::TermManager &tm_;
  const ExprEncoder &ex_;
  std::function<void(Term)> input_;
  std::function<Term(const std::string &, Term)> define_;
  bool bv_;
  backends::Sort byteSort_, wSort_;
  Term arr_, len_;
  std::vector<Term> bytes_;
  uint32_t n_ = 0;
  bool fixed_ = true;
  Term nonSpace_;
  std::optional<Runs> runs_[6]; ///< bases 10, 8, 16; signed, then unsigned

  // Match mode: a deterministic automaton over bytes that accepts exactly the outputs the expectation
  // allows; states 0 … dead (dead rejects everything).
  OutputMode mode_ = OutputMode::None;
  std::vector<std::vector<int32_t>> delta_; ///< state → byte → state
  std::vector<bool> accept_;
  int32_t dead_ = 0;
  int32_t run(int32_t s, const std::string &text) const;
  Term matchNumber(Term st, Term x, ir::Type t);
  /// One byte of a formatted field and whether it is printed (README.md, *Formatted fields*).
  struct FieldByte {
    Term present, byte;
  };
  /// The bytes a conversion with a field spec or a base other than 10 prints for x (a fixed-width type t),
  /// in output order: at most the longest such text, each present or not.
  std::vector<FieldByte> fieldBytes(const ir::PrintItem &it, Term x, ir::Type t);
  Term matchByte(Term st, Term b);
  Term matchText(Term st, const std::string &text);

  // Events mode: the value slots per event and the number of each line format.
  size_t eventValues_ = 0;
  bool perPrint_ = false;
  /// A print's event (perPrint_): its format number and values.
  Out printEvent(const Out &o, const std::vector<ir::PrintItem> &items,
                 const std::vector<std::pair<Term, ir::Type>> &args);
  std::map<std::string, int64_t> eventFormats_;
  /// The event value of a `%d` argument x of int type t (README.md, *Output events*).
  Term eventValue(Term x, ir::Type t) const;
  backends::Sort eventValueSort() const;
  Out printEvents(const Out &o, const std::vector<ir::PrintItem> &items,
                  const std::vector<std::pair<Term, ir::Type>> &args);
};

} // namespace locus::encoder

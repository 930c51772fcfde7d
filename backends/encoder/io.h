// The terms of program input and output for the encoder (README.md, *Input, output and specifications*):
// the input bytes, scanning at a symbolic position, printing (into an automaton's state against an expected
// text, into a string against a reference's output), and comparisons of outputs. The Encoder keeps the state
// (positions, outputs) and wraps these terms in its steps.
#pragma once

#include "backends/encoder/exprs.h"
#include "ir/io.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace locus::encoder {

/// A float conversion on free input bytes (IoEncoder::scan): its outcome is free, not tied to the bytes, so
/// the counterexample's stdin spells its value over [start, end) (extractCounterexample).
struct FreeFloatScan {
  Term read;              ///< it ran and assigned (Encoder: the statement executed too)
  Term start, end, value; ///< the position it starts at (white space skipped), the position after, the value
  unsigned width = 64;    ///< 32 (`%f`) or 64 (`%lf`)
  bool spaceNext = false; ///< the next directive of its format skips white space
};

class IoEncoder {
public:
  /// `input(c)` asserts a hard input condition (a domain constraint of a free input byte or length);
  /// `define(name, t)` names a term by a fresh symbol defined as t (a control step; constants and symbols
  /// come back as they are), so that terms used several times are not repeated.
  IoEncoder(backends::TermManager &tm, const ExprEncoder &ex, std::function<void(Term)> input,
            std::function<Term(const std::string &, Term)> define);

  /// The input: fixed bytes, or `bytes` free bytes and a free length of at most that many (printable under
  /// `tiny`). Must be called once before scanning.
  void makeInput(const std::optional<std::string> &fixed, uint32_t bytes, Term tiny);
  Term inputLen() const { return len_; }
  const std::vector<Term> &inputBytes() const { return bytes_; }
  bool inputFixed() const { return fixed_; }
  /// Builds the scanning tables now (so their steps belong to no statement): the non-space table and the
  /// decimal runs; with `prefixed` (a `%i` exists) the octal and hex runs too.
  void prepareScans(bool prefixed);

  /// How outputs are represented, which depends on what they are compared with: nothing (None: output is
  /// not observed), a known expected output (Match: the output is run through the automaton of the expected
  /// text as it is printed — linear integer arithmetic only), or the output of another run (String: SMT-LIB
  /// strings, compared as strings; README.md).
  enum class OutputMode { None, Match, String };
  /// Sets the mode; Match needs the expected output (and whether tokens are compared).
  void setOutputMode(OutputMode mode, const std::string &expected = {}, bool tokens = false);
  /// An output: the automaton's state (Match) or the text (String).
  struct Out {
    Term state, str;
  };
  Out emptyOutput() const;
  /// `out` after printing `items` with `args` (one term of its int type per %d/%c).
  Out print(const Out &out, const std::vector<ir::PrintItem> &items,
            const std::vector<std::pair<Term, ir::Type>> &args);
  /// Match: the output is the expected one.
  Term matches(const Out &out) const;
  /// String: two outputs are the same.
  Term equals(const Out &a, const Out &b) const;

  /// One scan from position `pos`: per conversion whether it assigned and the value (an int64 term: clamped
  /// like strtol; a float conversion: a float term of its width), the count term of type `countType`, and the
  /// position after. A float conversion on fixed input is glibc's (a table of what it reads at every
  /// position, ir::scanFloat); on free input bytes its outcome is free — whether it succeeds, where it stops,
  /// and a finite value, all functions of the position it starts at (so two runs reading the same input read
  /// the same numbers) — an over-approximation a counterexample's replay checks.
  struct Scan {
    std::vector<Term> assigned, values;
    Term count, pos;
    std::vector<FreeFloatScan> freeFloats; ///< its float conversions on free input bytes, in order
  };
  Scan scan(Term pos, const std::vector<ir::ScanItem> &items, ir::Type countType);
  /// An int64 value converted to the int type t (as C converts).
  Term toType(Term v64, ir::Type t) const;

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
  const FloatScans &floatScans(unsigned width);
  std::optional<FloatScans> floatScans_[2]; ///< float32, float64
  std::optional<std::string> fixedText_;
  /// String mode: the text of a float printed with the conversion `spec` (PrintItem::Float).
  Term floatEvent(const std::string &spec, Term x);
  uint32_t nanPrints_ = 0;
  /// Per base: where the digit run starting at each position ends, and its value capped at 2^63.
  struct Runs {
    Term end, value;
  };
  const Runs &runs(unsigned base);

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
  std::optional<Runs> runs_[3]; ///< bases 10, 8, 16

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
};

} // namespace locus::encoder

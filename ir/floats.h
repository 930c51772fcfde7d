// The floating-point semantics of the IR: IEEE 754 binary32 (`float32`, C's float) and binary64 (`float64`,
// C's double) as C on x86-64 computes them (SSE: every operation rounded to its own type, to nearest even;
// no excess precision). Values are bit patterns; the interpreter computes with the host's IEEE arithmetic,
// front ends fold and print literals with these, so all agree by construction (rules in ir/README.md).
#pragma once

#include "ir/bigint.h"
#include "ir/ir.h"

#include <cstdint>
#include <optional>
#include <string>

namespace locus::ir {

/// The bit pattern a float value of type t holds (Expr::value of a FloatLit, Value::i of a float): the
/// pattern as an unsigned number for float32, reinterpreted as int64 for float64.
uint64_t floatBits(const BigInt &v, Type t);
/// The value (Expr::value, Value::i) of the bit pattern `bits` of float type t.
BigInt floatValue(uint64_t bits, Type t);
/// The float of type t nearest to the host double d (float32: d rounded to nearest even).
uint64_t bitsOf(double d, Type t);
/// The value of a bit pattern of float type t as a host double (exact: every float is a double).
double toDouble(uint64_t bits, Type t);
bool isNaN(uint64_t bits, Type t);

/// The value of the float operator `op` on operands of float type t (a, b as Value::i; b ignored by the
/// unary ones): Neg, Add, Sub, Mul, Div and the float functions (FAbs … FTrunc), as bit patterns (Value::i).
BigInt evalFloatOp(Op op, Type t, const BigInt &a, const BigInt &b);
/// A float comparison (Eq, Ne, Lt, Le, Gt, Ge) with IEEE semantics: NaN is unordered, -0 == +0.
bool compareFloats(Op op, Type t, const BigInt &a, const BigInt &b);

/// A float of type `from` converted to the int type `to` as C converts (truncation toward zero); nullopt
/// when the truncated value is not one of `to` (NaN, an infinity, out of range: C's undefined behaviour).
/// `to` must be fixed-width.
std::optional<BigInt> floatToInt(const BigInt &v, Type from, Type to);
/// The int v of the fixed-width int type `from` converted to the float type `to` (rounded to nearest even);
/// v is first converted to `from` (modulo 2^width: a math-mode signed overflow wraps, as any conversion to
/// another type does).
BigInt intToFloat(const BigInt &v, Type from, Type to);
/// A float of type `from` converted to the float type `to` (float64 → float32 rounds to nearest even).
BigInt floatToFloat(const BigInt &v, Type from, Type to);
/// `T(e)` between int and float types (at least one float): the three conversions above; nullopt for an
/// out-of-range float → int conversion.
std::optional<BigInt> castFloat(const BigInt &v, Type from, Type to);

/// The GCL literal of a float: `0x1.8p+1f64`, `-0x0p+0f32` (hexadecimal, exact: `%a` of the value), `inf_f64`
/// / `-inf_f32`, a NaN with its whole bit pattern `nan_7ff8000000000000_f64` (the sign included).
std::string floatLiteral(const BigInt &v, Type t);
/// Parses floatLiteral's text (without a leading `-`: the caller negates); the value and type, or nullopt.
std::optional<std::pair<BigInt, Type>> parseFloatLiteral(const std::string &text);
/// A float value for display (traces, states): the shortest decimal that reads back as the same value of
/// its type (`0.1`, `130`, `1e+20`), `inf`, `-inf`, `nan`, `-nan`.
std::string floatDisplay(const BigInt &v, Type t);

} // namespace locus::ir

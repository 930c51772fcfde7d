// The integer semantics of the IR on BigInt values — conversions, result normalization and every int
// operator — in both integer modes. The interpreter evaluates with these; front ends fold constants and
// the encoder makes its constants with them, so all agree by construction (rules in ir/README.md).
#pragma once

#include "ir/bigint.h"
#include "ir/ir.h"

#include <optional>

namespace locus::ir {

/// Math: `int` is unbounded and signed fixed-width arithmetic never wraps (C's signed overflow is
/// undefined; math mode computes the mathematical result). BV32: `int` is 32-bit two's complement and
/// every fixed-width type wraps at its width (gcc -fwrapv). Unsigned types wrap in both modes.
enum class IntMode : uint8_t { Math, BV32 };

/// The number of bits values of `t` have in mode `m`: t.bits for fixed-width types, 32 for `int` in BV32,
/// 0 (unbounded) for `int` in Math.
unsigned widthOf(Type t, IntMode m);

/// v converted to the int type t, as C converts between integer types (and as `T(e)` does): modulo
/// 2^width into t's range; the unbounded `int` in Math mode keeps v.
BigInt convertTo(const BigInt &v, Type t, IntMode m);

/// Whether every value of int type `from` is one of int type `to` (in mode m, where `int` is 32 bits in
/// BV32).
bool rangeContains(Type to, Type from, IntMode m);

/// `T(e)`: v, of int type `from`, converted to int type `to`. A conversion to a type that holds every value
/// of `from` keeps v (in math mode v may lie outside `from` after a signed overflow: it is kept, as a
/// mathematical value); any other conversion is convertTo.
BigInt castValue(const BigInt &v, Type from, Type to, IntMode m);

/// The result v of an arithmetic operation of type t made a value of t: unsigned types (both modes) and
/// every type in BV32 wrap modulo 2^width; signed types in Math mode keep v.
BigInt normalize(const BigInt &v, Type t, IntMode m);

/// Values of more bits than this are a limit of the interpreter (math mode can square its way to any size).
constexpr unsigned kMaxIntBits = 1u << 16;

/// The value of the int operator `op` (not Cast: see castValue) of result type t on operands a (and b): Neg
/// and BitNot are unary (b ignored), the others binary (for shifts, b is the amount and may have any int
/// type). nullopt for a zero divisor of Div or Mod.
std::optional<BigInt> evalIntOp(Op op, Type t, const BigInt &a, const BigInt &b, IntMode m);

} // namespace locus::ir

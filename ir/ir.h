// The canonical IR: GCL restricted to its core. Every statement is one primitive with a guard that is a
// boolean variable or literal, a stable id and a source location. See ir/README.md for the invariants.
#pragma once

#include "ir/bigint.h"
#include "ir/source.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace locus::ir {

using StmtId = uint32_t;
constexpr uint32_t kNone = UINT32_MAX;
/// The largest unwinding bound (`--unwind`, `--unwind-loop`, `unwind K` annotations).
constexpr uint32_t kMaxUnwind = 100000;

/// int, bool, a reference to a record (pointer-to-struct; may be null), or a reference to an array.
/// Int is either GCL's unbounded mathematical `int` (bits == 0) or a fixed-width integer type of 8, 16, 32
/// or 64 bits, signed (two's complement range) or unsigned: `int8` … `int64`, `uint8` … `uint64` (C's
/// integer types lower to these). `Null` is only the type of the literal `null`, compatible with every
/// record and array type.
/// An array type `E[]` (kind Array) is a reference to a heap array object whose elements have type E (an
/// int, bool, record reference or, nested, another array type); `dims` counts the `[]` (int32[][]: 2) and
/// `elem` is the kind of the innermost element type, which `bits`, `isSigned` and `record` describe. The
/// type stays a flat value: Type::arrayOf / elemType convert.
/// Float is an IEEE 754 binary floating-point type: `float32` (C's float, bits == 32) or `float64` (C's
/// double, bits == 64); values are bit patterns (ir/floats.h), arithmetic rounds to nearest even.
struct Type {
  enum Kind : uint8_t { Int, Bool, Ref, Null, Void, Array, Float };
  Kind kind = Void;
  uint8_t bits =
      0; ///< Int (or an Array's innermost Int element): 0 (unbounded) or 8, 16, 32, 64; Float: 32, 64
  bool isSigned = true;    ///< Int with bits != 0
  uint32_t record = kNone; ///< index into Program::records when kind == Ref (or the innermost element is)
  uint8_t dims = 0;        ///< Array: how many `[]` (at least 1); 0 otherwise
  Kind elem = Void;        ///< Array: the kind of the innermost element (Int, Bool or Ref); Void otherwise

  static Type intType() { return {Int, 0, true, kNone}; }
  /// A fixed-width integer type (bits: 8, 16, 32 or 64).
  static Type fixedInt(uint8_t bits, bool isSigned) { return {Int, bits, isSigned, kNone}; }
  static Type boolType() { return {Bool, 0, true, kNone}; }
  /// `float32` (bits 32) or `float64` (bits 64).
  static Type floatType(uint8_t bits) { return {Float, bits, true, kNone}; }
  static Type refType(uint32_t r) { return {Ref, 0, true, r}; }
  static Type nullType() { return {Null, 0, true, kNone}; }
  /// The array type `e[]` (e: Int, Bool, Ref or Array).
  static Type arrayOf(Type e) {
    if (e.kind == Array)
      return {Array, e.bits, e.isSigned, e.record, static_cast<uint8_t>(e.dims + 1), e.elem};
    return {Array, e.bits, e.isSigned, e.record, 1, e.kind};
  }
  /// The element type of an array type (precondition: kind == Array).
  Type elemType() const {
    if (dims > 1)
      return {Array, bits, isSigned, record, static_cast<uint8_t>(dims - 1), elem};
    return {elem, bits, isSigned, record, 0, Void};
  }
  /// A record reference or the null literal's type (not an array: see isHeapRef).
  bool isRef() const { return kind == Ref || kind == Null; }
  bool isArray() const { return kind == Array; }
  /// A reference to a heap object: a record reference, an array, or the null literal's type.
  bool isHeapRef() const { return kind == Ref || kind == Null || kind == Array; }
  bool isInt() const { return kind == Int; }
  bool isFloat() const { return kind == Float; }
  bool isFixedInt() const { return kind == Int && bits != 0; }
  bool isUnsigned() const { return kind == Int && bits != 0 && !isSigned; }
  friend bool operator==(const Type &, const Type &) = default;
};

/// The largest length of an array (`new T[n]` with a larger or negative n fails with a bounds failure).
constexpr int64_t kMaxArrayLength = int64_t(1) << 40;

/// Whether `s` is a GCL keyword (so not usable as a name): `if`, `int`, `uint8`, …
bool isKeyword(const std::string &s);

/// The GCL spelling of an int type: "int", "int8" … "int64", "uint8" … "uint64"; "" for other kinds.
std::string intTypeName(Type t);
/// The int type spelled `name` (see intTypeName), or nullopt.
std::optional<Type> intTypeNamed(const std::string &name);
/// The GCL spelling of an int or float type: intTypeName, or "float32" / "float64".
std::string numTypeName(Type t);
/// The int or float type spelled `name` (see numTypeName), or nullopt.
std::optional<Type> numTypeNamed(const std::string &name);
/// The literal suffix of a fixed-width int type: "i8" … "i64", "u8" … "u64" ("" for `int`).
std::string intSuffix(Type t);
/// The smallest and largest value of a fixed-width int type (precondition: t.isFixedInt()).
BigInt minOf(Type t);
BigInt maxOf(Type t);
/// Whether v is a value of t (always for the unbounded `int`).
bool fitsIn(const BigInt &v, Type t);

struct Field {
  std::string name;
  Type type;
  SourceLoc loc;
  friend bool operator==(const Field &, const Field &) = default;
};

struct Record {
  std::string name;
  std::vector<Field> fields;
  SourceLoc loc;
  /// Index of the field called `name`, or kNone.
  uint32_t fieldIndex(const std::string &name) const;
  friend bool operator==(const Record &, const Record &) = default;
};

enum class VarKind : uint8_t { Global, Param, Local, Return };

struct Var {
  std::string name;
  Type type;
  VarKind kind = VarKind::Local;
  SourceLoc loc;
  bool temp = false; ///< a temporary the lowering introduced (printed `temp x: T;`, hidden in state displays)
  /// A global of array type only: when set, the global holds a fresh array of this length (elements at their
  /// default) from the start of every run, allocated before anything else runs (GCL `var a: int32[] := new
  /// int32[100];`; C's global arrays). Unset: the global starts null like any reference.
  std::optional<int64_t> alloc;
  friend bool operator==(const Var &, const Var &) = default;
};

/// A variable: a global (index into Program::globals) or a procedure variable (index into
/// Procedure::vars of the procedure the reference appears in).
struct VarRef {
  bool global = false;
  uint32_t index = kNone;
  bool valid() const { return index != kNone; }
  friend bool operator==(const VarRef &, const VarRef &) = default;
  friend auto operator<=>(const VarRef &, const VarRef &) = default;
};

enum class Op : uint8_t {
  // unary
  Neg,
  Not,
  BitNot, ///< `~`: fixed-width int → the same type
  Cast,   ///< `T(e)`: an int or float converted to the int or float type T (Expr::type), as C converts
  // float functions (a float type T → T; C's <math.h>): |x|, the square root (rounded to nearest even), and
  // rounding to an integral value downward, upward, half away from zero, toward zero
  FAbs,
  FSqrt,
  FFloor,
  FCeil,
  FRound,
  FTrunc,
  // binary arithmetic (T × T → T for one int or float type T; Mod: int only); int Div/Mod truncate toward
  // zero like C, and fail on 0; float operators are IEEE 754's, rounding to nearest even
  Add,
  Sub,
  Mul,
  Div,
  Mod,
  // bit operations on one fixed-width type T (T × T → T); shifts: T × any int type → T
  BitAnd,
  BitOr,
  BitXor,
  Shl,
  Shr,
  // comparisons (Eq/Ne on every type, the others on int and float) → bool; on floats IEEE 754's (a NaN is
  // unordered: only != holds; -0 == +0)
  Eq,
  Ne,
  Lt,
  Le,
  Gt,
  Ge,
  // boolean connectives, short-circuit (the right operand is evaluated only when needed)
  And,
  Or,
  Implies,
};

const char *
opSpelling(Op op); ///< the GCL spelling: "+", "and", "not", "==>", "<<", "fabs", …; "cast" for Cast
bool isUnary(Op op);
bool isComparison(Op op);
bool isBoolConnective(Op op);
bool isArithmetic(Op op); ///< + - * / %
bool isBitOp(Op op);      ///< & | ^ << >> (binary; `~` is the unary BitNot)
bool isShift(Op op);
bool isFloatFunction(Op op); ///< fabs fsqrt ffloor fceil fround ftrunc

/// A pure expression: literals, variables, unary and binary operators. No heap access, no calls;
/// the only ways to fail are division or remainder by zero and a float converted to an int type that cannot
/// hold it.
struct Expr {
  enum Kind : uint8_t { IntLit, BoolLit, NullLit, VarUse, Unary, Binary, FloatLit };
  Kind kind = BoolLit;
  Op op = Op::Not; ///< Unary/Binary
  Type type;       ///< IntLit: its int type (a value of it); Cast: the target type
  BigInt value;    ///< IntLit value; BoolLit: 0/1; FloatLit: its bit pattern (ir/floats.h: floatBits)
  VarRef var;      ///< VarUse
  std::vector<Expr> args;
  /// The source text this expression was lowered from (see "Source ranges" in ir/README.md): a use of a
  /// lowering temporary covers the text it stands for (`x.val`, `f(x)`); none for expressions the lowering
  /// made up (`g and c`, C's `e != 0`). Takes part in operator==, like locations.
  SourceRange range;

  /// An unbounded `int` literal.
  static Expr intLit(BigInt v);
  /// A literal of int type t (v must be a value of t).
  static Expr intLit(BigInt v, Type t);
  /// `T(a)`: a converted to the int type t.
  static Expr cast(Type t, Expr a);
  /// A literal of float type t with the IEEE bit pattern `bits` (float32: the low 32 bits).
  static Expr floatLit(uint64_t bits, Type t);
  static Expr boolLit(bool b);
  static Expr nullLit();
  static Expr varUse(VarRef v, Type t);
  static Expr unary(Op op, Expr a);
  static Expr binary(Op op, Expr a, Expr b);

  bool isTrue() const { return kind == BoolLit && value != 0; }
  bool isFalse() const { return kind == BoolLit && value == 0; }
  friend bool operator==(const Expr &, const Expr &) = default;
};

enum class AssertKind : uint8_t {
  User,     ///< `assert e`
  Requires, ///< a precondition: checked at a call; assumed for the entry procedure
  Ensures,  ///< a postcondition: checked when the procedure returns
};

/// One IR statement. A flat record (like a goto instruction) so programs copy and compare cheaply;
/// which members are meaningful depends on `kind` (see the table in ir/README.md).
struct Stmt {
  enum Kind : uint8_t {
    Assign,   ///< lhs := value
    GetField, ///< lhs := base.field      (base must not be null)
    PutField, ///< base.field := value    (base must not be null)
    New,      ///< lhs := new records[record] (fields 0 / false / null)
    Nondet,   ///< lhs := nondet          (any int / bool; for a reference: any existing node or null)
    Assume,   ///< assume value           (false: the execution is infeasible)
    Assert,   ///< assert value           (false: failure of kind assertKind)
    Call,     ///< [lhs :=] callee(args)
    Return,   ///< leave the procedure (its ensures block runs next)
    Halt,     ///< stop the whole execution successfully
    Skip,
    Break,    ///< leave the innermost loop
    Continue, ///< next iteration of the innermost loop (its condition variable is re-read)
    While,    ///< while (value) { body }; value is a bool variable or literal
    Concrete, ///< concrete { body }: executed concretely, never blamed or mutated
    Print,    ///< print "fmt", args       (appends to the run's output; ir/README.md)
    Scan,     ///< [lhs :=] scan "fmt", args (reads the run's input into the variables `args` name)
    GetElem,  ///< lhs := base[args[0]]  (base must not be null, the index within its length)
    PutElem,  ///< base[args[0]] := value (base must not be null, the index within its length)
    NewArray, ///< lhs := new T[value]   (elements 0 / false / null; with `fill`: each any value of T)
    Length,   ///< lhs := base.length    (base must not be null)
  };
  Kind kind = Skip;
  StmtId id = 0;
  SourceLoc loc;
  Expr guard = Expr::boolLit(true); ///< a bool VarUse or a BoolLit
  VarRef lhs;  ///< Assign, GetField, New, Nondet, Call (invalid: no result), GetElem, NewArray, Length
  VarRef base; ///< GetField, PutField, GetElem, PutElem, Length
  uint32_t field = kNone;  ///< GetField, PutField: index into the base record's fields
  uint32_t record = kNone; ///< New
  uint32_t callee = kNone; ///< Call: index into Program::procs
  /// Assign/PutField/PutElem rhs, Assume/Assert condition, While condition, Halt status (optional),
  /// NewArray length
  Expr value;
  /// Call; Print (the values printed); Scan (VarUses of the variables assigned); GetElem/PutElem: the index
  /// (one int expression)
  std::vector<Expr> args;
  AssertKind assertKind = AssertKind::User;
  /// Assert: optional user message; Print, Scan: the format; Nondet: the source object whose indeterminate
  /// value it draws (a C local without initializer: `lowest`), empty for any other nondet value — source
  /// information, like `range`: printed with it, removed by clearSourceInfo (run notes, `--check-uninit`)
  std::string message;
  std::vector<Stmt> body; ///< While, Concrete
  uint32_t unwind =
      0; ///< While: its own unwinding bound (GCL `unwind K`, C `#pragma locus unwind K`); 0: none
  /// While: its loop invariant (GCL `invariant e`, C `#pragma locus invariant e`), a bool expression over
  /// variables, without source ranges, checked every time the loop's condition is read (a failure of kind
  /// Assert at the While); Expr{}: none. Not one of forEachExprOf's expressions: it is specification, never
  /// mutated or patched.
  Expr invariant;
  /// NewArray: the elements start as arbitrary values of their type (C's indeterminate contents: `new T[n]
  /// nondet`; a nondet choice of the whole contents) instead of 0 / false / null
  bool fill = false;
  /// The source construct the lowering made this statement from (a statement, a loop or `if` header, a C
  /// `for` increment): every IR statement of one construct has the same id (unique in the program, in one
  /// procedure) and the same `range`, the construct's source text. 0: none.
  uint32_t construct = 0;
  SourceRange range;

  bool isCompound() const { return kind == While || kind == Concrete; }
  friend bool operator==(const Stmt &, const Stmt &) = default;
};

const char *stmtKindName(Stmt::Kind k);

/// Whether statements of kind k use `Stmt::value` (Assign, PutField, Assume, Assert, While, PutElem,
/// NewArray).
bool usesValue(Stmt::Kind k);

/// Calls f(expr) on the root of every expression a statement's kind uses, in a fixed order: the value (when
/// the kind uses it, or a Halt's status when it has one), the call or print/scan arguments (an element
/// access's index), the guard.
template <typename StmtT, typename F> void forEachExprOf(StmtT &s, F &&f) {
  if (usesValue(s.kind) || (s.kind == Stmt::Halt && !(s.value == Expr{})))
    f(s.value);
  for (auto &a : s.args)
    f(a);
  f(s.guard);
}

/// Calls f(node) on every node of an expression, pre-order (a node before its arguments, in order).
template <typename ExprT, typename F> void forEachNode(ExprT &e, F &&f) {
  f(e);
  for (auto &a : e.args)
    forEachNode(a, f);
}

/// Removes every expression range of `e` (all nodes).
void clearRanges(Expr &e);

/// A procedure or a declared test (a test has no parameters and no result).
struct Procedure {
  std::string name;
  bool isTest = false;
  SourceLoc loc;
  std::vector<Var> vars;        ///< parameters first, then the result (if any), then locals
  std::vector<uint32_t> params; ///< indices into vars, in order
  uint32_t result = kNone;      ///< index into vars, or kNone
  std::vector<Stmt> pre;        ///< runs at entry; its asserts have AssertKind::Requires
  std::vector<Stmt> post;       ///< runs at exit; its asserts have AssertKind::Ensures
  std::vector<Stmt> body;
  uint32_t unwind = 0; ///< its own recursion bound (GCL `unwind K`, C `#pragma locus unwind K`); 0: none

  uint32_t varIndex(const std::string &name) const; ///< kNone if absent
  friend bool operator==(const Procedure &, const Procedure &) = default;
};

/// A whole lowered program: every file it imports included.
struct Program {
  std::vector<std::string> files; ///< SourceLoc::file indexes this table
  std::vector<Record> records;
  std::vector<Var> globals;
  std::vector<Procedure> procs; ///< procedures and tests, in source order

  uint32_t recordIndex(const std::string &name) const;
  uint32_t globalIndex(const std::string &name) const;
  uint32_t procIndex(const std::string &name) const; ///< procedures and tests alike
  const Var &var(const Procedure &p, VarRef v) const {
    return v.global ? globals.at(v.index) : p.vars.at(v.index);
  }
  /// The largest statement id in use (0 if none).
  StmtId maxStmtId() const;
  friend bool operator==(const Program &, const Program &) = default;
};

/// Removes the construct ids and source ranges of every statement and expression (and the objects of
/// Nondet statements): what printed IR without
/// them (`PrintOptions::sourceInfo = false`) parses back to.
void clearSourceInfo(Program &prog);

/// Statement lookup by id, built once. Pointers stay valid while the program is not modified.
class StmtIndex {
public:
  explicit StmtIndex(const Program &prog);
  const Stmt *find(StmtId id) const;
  uint32_t procOf(StmtId id) const; ///< kNone if absent

private:
  std::unordered_map<StmtId, std::pair<uint32_t, const Stmt *>> map_;
};

/// `file:line:col` of a location in the program's file table ("<unknown>" for a bad file index).
std::string formatLoc(const Program &prog, SourceLoc loc);

/// Default value of a type: 0, false, null.
Expr defaultValue(Type t);

/// Builds `prog.files` for a program whose locations index `paths` (a front end's own file table): first
/// the files statement locations refer to, in order of first use (procedures in order; requires, body,
/// ensures; pre-order), then the files only declarations refer to; every location is renumbered.
void assignFiles(Program &prog, const std::vector<std::string> &paths);

/// Calls f(stmt) on every statement of a list in program order, nested bodies included (pre-order).
template <typename F> void forEachStmt(std::vector<Stmt> &stmts, F &&f) {
  for (Stmt &s : stmts) {
    f(s);
    if (!s.body.empty())
      forEachStmt(s.body, f);
  }
}
template <typename F> void forEachStmt(const std::vector<Stmt> &stmts, F &&f) {
  for (const Stmt &s : stmts) {
    f(s);
    if (!s.body.empty())
      forEachStmt(s.body, f);
  }
}

/// Calls f(proc, stmt) on every statement of every procedure (requires, body, ensures).
template <typename ProgramT, typename F> void forEachStmt(ProgramT &prog, F &&f) {
  for (auto &p : prog.procs) {
    auto g = [&](auto &s) { f(p, s); };
    forEachStmt(p.pre, g);
    forEachStmt(p.body, g);
    forEachStmt(p.post, g);
  }
}

} // namespace locus::ir

// Bounded model checking encoder: an ir::Program and an entry procedure → a formula over backends::Term.
#pragma once

#include "backends/encoder/exprs.h"
#include "backends/solver.h"
#include "backends/term.h"
#include "ir/interp.h"
#include "ir/ir.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace locus::encoder {

using backends::Term;

/// What a constraint encodes; localization takes soft clauses per (statement, kind).
enum class OriginKind : uint8_t { Assign, Guard, Phi, Input, Assert, Assume };
const char *originName(OriginKind k); ///< "assign", "guard", "phi", "input", "assert", "assume"

/// Where a constraint comes from: a statement id (0: the entry's inputs, no statement) and a kind.
struct Origin {
  ir::StmtId stmt = 0;
  OriginKind kind = OriginKind::Assign;
};

/// One conjunct of the encoding. The formula is the conjunction of every `term`.
struct Constraint {
  Term term;
  Origin origin;
};

/// The kind of a check. Unwinding and HeapBound are bound failures ("the bound was too small"), the
/// others are real failures with the interpreter's FailureKind.
enum class CheckKind : uint8_t { Assert, Requires, Ensures, NullDeref, DivByZero, Unwinding, HeapBound };
const char *checkName(CheckKind k); ///< "assert", …, "unwinding assertion", "heap bound"
bool isBoundCheck(CheckKind k);
ir::FailureKind toFailureKind(CheckKind k); ///< None for the bound checks

/// One checked failure: `failed` is a boolean variable defined (by a constraint with origin Assert) to be
/// true exactly when the execution reaches this check and fails it. At most one is true in any model (the
/// execution stops at the first failure).
struct Check {
  Term failed;
  CheckKind kind = CheckKind::Assert;
  ir::StmtId stmt = 0;
  uint32_t proc = ir::kNone;
  std::string message;
};

/// A nondet statement instance (after inlining and unrolling), in execution order.
struct NondetInput {
  Term value;    ///< the value chosen (Int, BitVec(32) or Bool)
  Term executed; ///< true iff this instance runs
  ir::Type type;
  ir::StmtId stmt = 0;
};

struct EncodeOptions {
  uint32_t unwind = 5; ///< loop iterations and recursive inlining depth, unless a bound below says otherwise
  uint32_t heapSlots = 64; ///< nodes `new` may allocate; one more is a HeapBound check
  ir::IntMode ints = ir::IntMode::Math;
  bool unwindingAssertions = true; ///< false: bound failures become assumptions
  /// Input nodes: for every record type reachable from the entry's reference parameters (through reference
  /// fields), this many nodes exist at the start, n1, n2, … in record order, with unconstrained fields (a
  /// reference field is null or an input node of its type). A reference parameter is null or one of them.
  /// 0: references start null and the heap empty.
  uint32_t inputNodes = 0;
  /// Fix the entry's arguments (one per parameter) — used by differential tests.
  std::optional<std::vector<ir::Value>> fixedArgs;
  /// Fix the nondet values consumed in execution order; running out is infeasible (assumed not to happen).
  std::optional<std::vector<ir::Value>> fixedNondets;
  /// Per-loop bounds by the loop's statement id (`--unwind-loop ID=K`); they override the loops' own
  /// `unwind K` annotations (ir::Stmt::unwind).
  std::map<ir::StmtId, uint32_t> loopUnwind;
  /// Per-procedure recursion bounds by name (`--unwind-proc NAME=K`); they override the procedures' own
  /// annotations (ir::Procedure::unwind).
  std::map<std::string, uint32_t> procUnwind;

  /// The bound of a loop (a While statement): its `loopUnwind`, else its annotation, else `unwind`.
  uint32_t boundFor(const ir::Stmt &loop) const {
    auto it = loopUnwind.find(loop.id);
    return it != loopUnwind.end() ? it->second : loop.unwind ? loop.unwind : unwind;
  }
  /// The recursion bound of a procedure (nested calls of it): its `procUnwind`, else its annotation, else
  /// `unwind`.
  uint32_t boundFor(const ir::Procedure &proc) const {
    auto it = procUnwind.find(proc.name);
    return it != procUnwind.end() ? it->second : proc.unwind ? proc.unwind : unwind;
  }
  /// How to raise the bound of a loop or procedure, for the message of its unwinding check: "increase
  /// --unwind, or this loop's bound alone with --unwind-loop 7=K", ….
  std::string howToIncrease(const ir::Stmt &loop) const;
  std::string howToIncrease(const ir::Procedure &proc) const;
};

/// An input node of the encoding (see EncodeOptions::inputNodes): its id and its fields' initial values.
struct InputNode {
  uint32_t id = 0;
  uint32_t record = ir::kNone;
  std::vector<Term> fields;
};

struct Encoding {
  std::vector<Constraint> constraints;
  std::map<ir::StmtId, Term> selectors; ///< one boolean per statement that has constraints
  std::vector<Check> checks;
  std::vector<Term> args;            ///< entry parameters (a constant 0 for references)
  std::vector<NondetInput> nondets;  ///< in execution order
  std::vector<InputNode> inputNodes; ///< ids 1..size(), allocation starts after them
  std::vector<Term> finalEntryVars;  ///< the entry's variables at the end (or at the failure)
  std::vector<Term> finalGlobals;
  Term realFailure;  ///< disjunction of the real failures
  Term boundFailure; ///< disjunction of the unwinding / heap-bound failures (false without them)
  /// A literal that, assumed, keeps every int input (arguments, nondet values) within 32 bits: verify tries
  /// it first so that counterexamples have small values (no 64-bit overflow when they are replayed).
  Term smallInputs;
  /// Like smallInputs with every int input in [-100, 100]: tried first once a failure is known to exist, so
  /// counterexamples read well.
  Term tinyInputs;
  uint32_t entry = ir::kNone;

  /// Asserts every constraint; with `withSelectors` as `sel ⇒ constraint` (the caller then passes the
  /// selectors it wants enforced as assumptions), else plainly.
  void assertTo(backends::Solver &s, bool withSelectors = false) const;
  /// Selector of a statement (null Term if it has no constraints).
  Term selector(ir::StmtId id) const;
};

/// Encodes `entry` of `prog`. Throws std::invalid_argument for an entry index out of range.
Encoding encode(const ir::Program &prog, uint32_t entry, backends::TermManager &tm,
                const EncodeOptions &opts);

/// The input part of a model: the entry's arguments, the input heap and the executed nondet values, ready for
/// ir::Interpreter, plus the check that failed (index into Encoding::checks, or -1).
struct Counterexample {
  std::vector<ir::Value> args;
  std::vector<ir::Value> nondets;
  std::vector<ir::HeapNode> heap; ///< the input nodes (ir::InterpOptions::initialHeap)
  int failedCheck = -1;
};

/// Reads a counterexample from the solver's model (after a Sat check). Throws std::runtime_error if a
/// value cannot be read (e.g. an integer beyond 64 bits).
Counterexample extractCounterexample(const Encoding &enc, backends::Solver &s, const ir::Program &prog);

} // namespace locus::encoder

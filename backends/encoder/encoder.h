// Bounded model checking encoder: an ir::Program and an entry procedure → the step equation over
// backends::Term, the one representation verification, localization and repair share.
#pragma once

#include "backends/encoder/exprs.h"
#include "backends/encoder/io.h"
#include "backends/solver.h"
#include "backends/term.h"
#include "ir/context.h"
#include "ir/interp.h"
#include "ir/io.h"
#include "ir/ir.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <unordered_set>
#include <vector>

namespace locus::encoder {

using backends::Term;

/// Which part of a statement instance a step encodes. Value (the data a statement computes), Guard
/// (whether it runs) and Target (where it writes: which variable, which node and field) are the relaxable
/// parts; Control (path conditions, Φ merges, allocation, heap and variable versions), Check (a failure
/// condition), Input (input domains, fixed inputs) and Assume are hard.
enum class Part : uint8_t { Guard, Value, Control, Check, Input, Assume, Target };
const char *partName(Part p); ///< "guard", "value", "control", "check", "input", "assume", "target"
bool isRelaxable(Part p);     ///< Guard, Value and Target

/// One step of the equation: `lhs = rhs` (lhs a fresh SSA symbol defined by no other step), or the
/// condition `rhs` when lhs is null. The formula is the conjunction of every step's constraint.
struct Step {
  ir::StmtId stmt = 0;   ///< 0: the entry's inputs (no statement)
  uint32_t instance = 0; ///< context id in Encoding::contexts (the inlining / unrolling context)
  Part part = Part::Control;
  Term guard; ///< when the statement instance executes (its exec term; true for the entry's inputs)
  Term lhs;
  Term rhs;
  /// Relaxable steps only (a relaxable encoding): the selector that enforces this step; null for hard steps.
  Term selector;
};

/// The kind of a check. Unwinding and HeapBound are bound failures ("the bound was too small"), the others
/// are real failures with the interpreter's FailureKind (Output: the run does not produce what
/// EncodeOptions::expect asks for).
enum class CheckKind : uint8_t {
  Assert,
  Requires,
  Ensures,
  NullDeref,
  DivByZero,
  Unwinding,
  HeapBound,
  Output,
  Bounds
};
const char *checkName(CheckKind k); ///< "assert", …, "unwinding assertion", "heap bound"
bool isBoundCheck(CheckKind k);
ir::FailureKind toFailureKind(CheckKind k); ///< None for the bound checks

/// One checked failure: `failed` is a boolean symbol defined (by a Check step) to be true exactly when the
/// execution reaches this check and fails it. At most one is true in any model (the execution stops at the
/// first failure).
struct Check {
  Term failed;
  CheckKind kind = CheckKind::Assert;
  ir::StmtId stmt = 0;
  uint32_t proc = ir::kNone;
  uint32_t instance = 0;
  std::string message;
};

/// A nondet statement instance (after inlining and unrolling), in execution order. A `new T[n] nondet`
/// (NewArray with fill) is one too (`contents`): its `type` is the array type and `value` the new array's
/// node; the contents chosen are read off Encoding::arrayReads (extractCounterexample).
struct NondetInput {
  Term value; ///< the value chosen (Int, BitVec(32) or Bool; a node for an array's contents)
  /// True iff this instance runs and takes a value of its own: always when it runs, except in a reference
  /// procedure (EncodeOptions::expect) that reads the entry's value at the same position instead.
  Term executed;
  ir::Type type;
  ir::StmtId stmt = 0;
  uint32_t instance = 0;
  bool contents = false; ///< the contents of a `new T[n] nondet` (type: the array type; value: its node)
};

/// An element read (GetElem instance) of an array whose contents may be an input (an input array or a `new
/// T[n] nondet`): `src` is the node whose initial contents the array has, `index` the index read and
/// `initial` the initial element there. extractCounterexample reads the contents inputs off these: the
/// elements a run reads are exactly the ones that matter to it.
struct ArrayRead {
  Term exec;
  Term src;
  Term index;
  Term initial;
  ir::Type type; ///< the array's type
};

/// A statement instance that was encoded, with the term that is true iff it executes (guard true under the
/// path condition), in encoding order (which is execution order along every path).
struct Execution {
  ir::StmtId stmt = 0;
  uint32_t instance = 0;
  Term exec;
};

/// What an override sees: the statement instance, the term the statement itself would give (its value or
/// its guard), and the state at that point.
struct OverrideContext {
  const ir::Stmt &stmt;
  uint32_t instance;
  Term original;
  const ExprEncoder &exprs;
  const ExprEncoder::VarLookup &var; ///< the current SSA term of a variable of the statement's procedure
  /// The current array (node id → value) of field `field` of record `record`.
  const std::function<Term(uint32_t record, uint32_t field)> &heap;
};
/// Replaces a statement's value or guard (a repair hole or template): called at every instance of the
/// statement, it should build its result from the same symbols each time (the same choice everywhere).
using Override = std::function<Term(const OverrideContext &)>;

/// An insertion slot: `stmt` (a primitive that is not compound, or a call, with an id the program does not
/// use, over the variables of the anchor's procedure) runs right before or after the statement `anchor`
/// (after a loop or call: after all of it), iff `active` holds and its own guard does. Off unless activated.
/// A call's callee is inlined there as at any call (its checks, allocations and recursion bound apply on the
/// paths where the slot runs, nothing where it does not); its statements are not relaxed.
struct Slot {
  ir::StmtId anchor = 0;
  bool after = false;
  ir::Stmt stmt;
  Term active;
};

/// A cut of the state at one statement instance: right before it, right after it (after a call: after all
/// of it), or where a call's callee starts (its parameters bound). On the paths that reach that point, every
/// variable of every frame on the call stack, every global, every field of the listed record nodes and the
/// listed array elements get fresh symbols (Encoding::cut) that nothing constrains; what runs after reads
/// them. Gradient localization's post-state: the fewest changes there that make the failing check pass.
struct StateCut {
  enum Where : uint8_t { Before, After, CalleeStart };
  ir::StmtId stmt = 0;
  ir::ContextPath context; ///< the statement instance (ir::ContextTable::path; the encoder's contexts agree)
  Where where = After;
  std::map<uint32_t, uint32_t> nodes; ///< record nodes (as the interpreter numbers them) → their record
  struct Element {
    uint32_t node = 0;
    int64_t index = 0;
    ir::Type type; ///< the array's type
  };
  std::vector<Element> elements;
};

/// One value a StateCut replaced.
struct CutValue {
  enum Kind : uint8_t { Var, Global, Field, Elem };
  Kind kind = Var;
  uint32_t depth = 0; ///< Var: the frame's place on the call stack (0: the entry)
  uint32_t index = 0; ///< Var, Global: the variable; Field: the field
  uint32_t node = 0;  ///< Field, Elem
  int64_t at = 0;     ///< Elem: the index
  ir::Type type;
  Term before; ///< the value right before the cut
  Term fresh;  ///< the symbol after it
};

/// The inductive step of k-induction at one loop instance (verify's `--k-induction`, verify.h): on the
/// paths that reach the loop, every variable on the call stack and every global get fresh values (an
/// arbitrary state at the loop's head); the loop then runs `k` iterations whose condition holds (the paths
/// that leave it earlier, at the condition, are dropped), then one more; the paths still in the loop after
/// those k + 1 are dropped without an unwinding check. Encoding::induction says which checks are the step's
/// goal. The heap of records is made arbitrary within the node bound (the allocation count up to the heap
/// bound, the fields of the allocated nodes, references null or allocated nodes of their records); arrays,
/// the input position and the output are not: verify uses the step only for programs without them. The
/// loop's invariant (ir::Stmt::invariant) is assumed at the arbitrary state and checked at the later heads.
struct InductionStep {
  ir::StmtId loop = 0;
  ir::ContextPath context; ///< the loop instance (ir::ContextTable::path of its unwinding check's instance)
  uint32_t k = 1;
};

/// When a long encoding gives up (README.md, *Stopping an encoding*): a wall-clock deadline (the caller's
/// time limit) and a cancellation callback (Ctrl-C: the caller's token), polled at every statement instance
/// the encoder walks and every 256 steps Encoding::assertTo hands to a solver. Empty: never stops.
struct StopWhen {
  std::optional<std::chrono::steady_clock::time_point> deadline;
  std::function<bool()> cancelled;
  /// Throws Stopped when `cancelled()` says so or the deadline has passed (in that order).
  void poll() const;
  /// This one, also cancelled when `also()` says so (an observer's token beside the session's Ctrl-C).
  StopWhen orWhen(std::function<bool()> also) const;
};

/// Thrown by encode (and Encoding::assertTo) when EncodeOptions::stop fires: the encoding was cut short and
/// answers nothing. Every caller turns it into its ordinary "time limit" or "interrupted" outcome (verify:
/// Verdict::Unknown), never into a verdict.
class Stopped : public std::runtime_error {
public:
  enum Why : uint8_t { TimeLimit, Interrupted };
  explicit Stopped(Why why);
  Why why;
};

enum class SelectorScope : uint8_t {
  Statement, ///< one selector per statement and part, shared by all its instances
  Instance,  ///< one selector per statement instance and part
};

struct EncodeOptions {
  uint32_t unwind = 5; ///< loop iterations and recursive inlining depth, unless a bound below says otherwise
  uint32_t heapSlots = 64; ///< nodes `new` may allocate; one more is a HeapBound check
  ir::IntMode ints = ir::IntMode::Math;
  bool unwindingAssertions = true; ///< false: bound failures become assumptions
  /// Input nodes: for every record type reachable from the entry's reference parameters (through reference
  /// fields), this many nodes exist at the start, n1, n2, … in record order, with unconstrained fields (a
  /// reference field is null or an input node of its type). A reference parameter is null or one of them.
  /// 0: references start null and the heap empty. Array types reachable the same way (array parameters,
  /// array fields and elements) get this many input arrays each, after the record nodes, of any length up
  /// to `inputArrayLength` and any contents.
  uint32_t inputNodes = 0;
  uint32_t inputArrayLength = 8;
  /// Shapes the free input heap is assumed to have (`--input-shape`; not applied to a fixedHeap, which is
  /// given): within the input nodes, no cycle through the shape's fields (Acyclic: a null-terminated list
  /// along `next`), and for Tree also no node that two of those fields of input nodes point to (no sharing).
  struct InputShape {
    enum Kind : uint8_t { Acyclic, Tree };
    Kind kind = Acyclic;
    std::vector<std::pair<uint32_t, uint32_t>> fields; ///< (record, field) pairs, reference fields
    std::string text;                                  ///< as the user wrote it, for messages
  };
  std::vector<InputShape> inputShapes;
  /// Fix the entry's arguments (one per parameter).
  std::optional<std::vector<ir::Value>> fixedArgs;
  /// Fix the nondet values consumed in execution order; running out is infeasible (assumed not to happen).
  std::optional<std::vector<ir::Value>> fixedNondets;
  /// Fix the input heap: these nodes (n1, n2, … in order, with their records and field values) exist at the
  /// start instead of `inputNodes` free ones; reference parameters are null or one of them (pin them with
  /// fixedArgs). How a counterexample's heap is replayed in the encoding.
  std::optional<std::vector<ir::HeapNode>> fixedHeap;

  /// A relaxable encoding: every Value (relaxValues) and Guard (relaxGuards) part of every statement instance
  /// outside `concrete` blocks gets its own SSA symbol, its own step and a selector; nothing is folded across
  /// statements. With the selector false the statement computes an arbitrary value (resp. runs or not), and
  /// the checks that belong to its value (a division by zero in it; a get-field's null base) do not apply —
  /// exactly the statement replaced by `nondet`. Off (verify): values fold, no selectors.
  /// Two calls of one recursive procedure on exclusive paths share one inlined body
  /// (backends/encoder/merge.h), so recursion grows linearly, not exponentially, with its bound. Only where
  /// no relaxation, slot, override, cut, inductive step or statement restriction is asked for (those name
  /// call instances one by one); verify and smt set it.
  bool mergeCalls = false;

  bool relaxValues = false;
  bool relaxGuards = false;
  /// Relax where a statement writes (README.md, *Relaxed targets*): with its Target selector false, a
  /// variable write (Assign, GetField, GetElem, Length, New, a call's result) writes exactly one variable of
  /// the written one's type in scope (a local of its procedure or a global; itself included, temporaries
  /// left out), the others keep their values; a field write (PutField) writes any allocated node of the
  /// record (null excluded) and any field of the record of the written field's type. Element writes
  /// (PutElem) and statements that write a temporary have no target part.
  bool relaxTargets = false;
  /// With relaxTargets: a statement whose value is relaxable has one selector for its value and its target
  /// (its value's, `sel!v!<id>`): one soft clause per statement, the blame its value.
  bool shareTargetSelector = false;
  SelectorScope selectorScope = SelectorScope::Statement;
  /// Only statements of these procedures (indices into Program::procs) are relaxable (unset: every
  /// procedure). The specification is never relaxable: contract blocks (requires, ensures), asserts,
  /// assumes and the temporaries only they read (ir::specificationStatements).
  std::optional<std::unordered_set<uint32_t>> relaxProcs;
  /// Procedures named as code under test: never a check's helper (ir::specificationStatements).
  std::unordered_set<uint32_t> namedProcs;
  /// Only these statements are relaxable (unset: every statement the rules above allow): localization
  /// passes the statements it may blame (localize::blamableStatements), so every method has one set of
  /// candidates.
  std::optional<std::unordered_set<ir::StmtId>> relaxStmts;
  /// Partial program (one-path / on-demand encoding): statements not in the set are skips.
  std::optional<std::unordered_set<ir::StmtId>> onlyStmts;
  /// With onlyStmts: a statement outside the set is unexplored code whose effect is unknown (Jin & Orso's
  /// partial program) instead of a skip — when it runs, what it assigns (an Assign, GetField, New, Nondet
  /// or a call's result; every variable a loop or concrete block assigns) gets an arbitrary value of its
  /// type; return, halt, break and continue are encoded as they are; field writes, checks, assumptions and
  /// a call's other effects are left out.
  bool havocOutside = false;
  /// Value or Guard overrides by statement (repair holes); see Override.
  std::map<std::pair<ir::StmtId, Part>, Override> overrides;
  /// Insertion slots; see Slot.
  std::vector<Slot> slots;
  /// Per-loop bounds by the loop's statement id (`--unwind-loop ID=K`); they override the loops' own
  /// `unwind K` annotations (ir::Stmt::unwind).
  std::map<ir::StmtId, uint32_t> loopUnwind;
  /// Per-procedure recursion bounds by name (`--unwind-proc NAME=K`); they override the procedures' own
  /// annotations (ir::Procedure::unwind).
  std::map<std::string, uint32_t> procUnwind;

  /// The standard input: fixed bytes, or (unset) free bytes, at most `inputBytes` of them (README.md).
  std::optional<std::string> fixedInput;
  uint32_t inputBytes = 16;
  /// Free input that only `%d`, white space and literal bytes read is encoded as tokens (the same inputs,
  /// fewer terms; README.md, *Token input*); false: as bytes always (the tests compare the two).
  bool tokenInput = true;
  /// What the entry must produce (an output, a status, or the reference procedure's): one check of kind
  /// Output after the entry (README.md, *Input, output and specifications*).
  ir::Expect expect;
  /// A reference's output whose lines are not output events (outputEventsProblem) is compared print by print
  /// — each print's format and argument types, and its values — instead of as strings, unless a float is
  /// printed (printEventValues): equal events print equal text, so "no difference" is proved without
  /// strings, but a difference found may print the same text (Encoding::printEvents; the replay decides).
  /// For z3, which answers strings wrongly (verify.h, referenceComparison).
  bool printEvents = false;

  /// A cut of the state (see StateCut): gradient localization's post-state.
  std::optional<StateCut> cut;
  /// The inductive step of k-induction (see InductionStep).
  std::optional<InductionStep> induction;

  /// When to give up (see StopWhen, Stopped); copied into Encoding::stop for assertTo.
  StopWhen stop;

  /// No bound is below this: an encoding of one known run (fixed inputs, as localization makes) must cover
  /// the run whatever the loops' annotations say (localization sets it to the bound that covers the run).
  uint32_t unwindFloor = 0;

  /// The bound of a loop (a While statement): its `loopUnwind`, else its annotation, else `unwind`; at least
  /// `unwindFloor`.
  uint32_t boundFor(const ir::Stmt &loop) const {
    auto it = loopUnwind.find(loop.id);
    return std::max(unwindFloor, it != loopUnwind.end() ? it->second : loop.unwind ? loop.unwind : unwind);
  }
  /// The recursion bound of a procedure (nested calls of it): its `procUnwind`, else its annotation, else
  /// `unwind`; at least `unwindFloor`.
  uint32_t boundFor(const ir::Procedure &proc) const {
    auto it = procUnwind.find(proc.name);
    return std::max(unwindFloor, it != procUnwind.end() ? it->second : proc.unwind ? proc.unwind : unwind);
  }
  /// How to raise the bound of a loop or procedure, for the message of its unwinding check: "increase
  /// --unwind, or this loop's bound alone with --unwind-loop 7=K", ….
  std::string howToIncrease(const ir::Stmt &loop) const;
  std::string howToIncrease(const ir::Procedure &proc) const;
};

/// An input node of the encoding (see EncodeOptions::inputNodes): its id and its fields' initial values, or
/// an input array: its type and length (its contents: Encoding::arrayReads).
struct InputNode {
  uint32_t id = 0;
  uint32_t record = ir::kNone;
  std::vector<Term> fields;
  ir::Type type; ///< an input array's type (kind Array); Void for a record node
  Term length;
};

/// The step equation of one entry procedure and what verification, localization and repair read off it.
struct Encoding {
  std::vector<Step> steps;
  size_t mergedCalls = 0;    ///< pairs of calls encoded as one (EncodeOptions::mergeCalls)
  ir::ContextTable contexts; ///< Step::instance, Check::instance, … index this table
  std::vector<Check> checks;
  /// Check instances the encoding found can never fail (their condition simplified to false): not in
  /// `checks`, counted so that a program whose every check is such is not taken for one without checks.
  size_t decidedChecks = 0;
  /// The output check compares a reference's output print by print (EncodeOptions::printEvents was needed):
  /// a counterexample of it whose replay prints the same text is no failure, and no answer either.
  bool printEvents = false;
  std::vector<Execution> executions;
  std::vector<Term> args;           ///< entry parameters (a constant 0 for references without input nodes)
  std::vector<NondetInput> nondets; ///< in execution order
  std::vector<InputNode>
      inputNodes; ///< ids 1..size(), then the globals' arrays; allocation starts after them
  std::vector<ArrayRead> arrayReads; ///< reads of arrays with input contents, in encoding order
  std::vector<Term> finalEntryVars;  ///< the entry's variables at the end (or at the failure)
  std::vector<Term> finalGlobals;
  /// The input: its length and bytes when they are free (null / empty when EncodeOptions::fixedInput).
  Term inputLen;
  std::vector<Term> inputBytes;
  /// The input as free tokens instead (EncodeOptions::tokenInput, README.md): extractCounterexample spells
  /// them.
  std::optional<InputTokens> inputTokens;
  /// The float conversions on free input bytes, each with its statement's execution in `read`:
  /// extractCounterexample spells their values in the counterexample's stdin.
  std::vector<FreeFloatScan> freeFloatScans;
  /// EncodeOptions::cut: the values it replaced, and whether the encoding reached its point (a statement
  /// instance no path reaches has no cut).
  std::vector<CutValue> cut;
  bool cutReached = false;
  /// EncodeOptions::induction: whether the encoding reached the loop instance, the paths that reach it
  /// (`here`, a term over what runs before it), and where its checks start in `checks`: those of the first
  /// k iterations from `firstCheck`, then from `firstGoalCheck` on those of the (k + 1)-th iteration, the
  /// code after the loop and any check the encoding meets later. A path failing a real check of the first
  /// k iterations does not reach the goal; a bound check there (a loop or a recursion inside the loop) must
  /// be part of the goal, as the step assumes nothing about how long an inner loop runs.
  struct Induction {
    bool reached = false;
    Term here;
    size_t firstCheck = 0, firstGoalCheck = 0;
  } induction;
  Term realFailure;  ///< disjunction of the real failures
  Term boundFailure; ///< disjunction of the unwinding / heap-bound failures (false without them)
  /// A literal that, assumed, keeps every int input (arguments, nondet values) within 32 bits: verify tries
  /// it first so that counterexamples have small values (no 64-bit overflow when they are replayed).
  Term smallInputs;
  /// Like smallInputs with every int input in [-100, 100]: tried first once a failure is known to exist, so
  /// counterexamples read well.
  Term tinyInputs;
  uint32_t entry = ir::kNone;
  StopWhen stop; ///< EncodeOptions::stop: assertTo polls it too

  /// The constraint of a step: `lhs = rhs`, or `rhs`.
  Term constraint(const Step &s, backends::TermManager &tm) const;
  /// Asserts the equation; returns the number of steps asserted. Steps outside the cone of influence of the
  /// checks, assumptions, inputs and nondet executions are left out unless `everything` (they define symbols
  /// nothing else reads, so leaving them out changes no answer). Relaxable steps are asserted as `selector ⇒
  /// constraint` when `relaxed` (the caller assumes the selectors it wants enforced), else plainly, with
  /// every selector asserted true. Throws Stopped when `stop` fires.
  size_t assertTo(backends::Solver &s, bool relaxed = false, bool everything = false) const;
  /// The distinct selectors, in order of first use.
  std::vector<Term> selectors() const;
  /// Which steps are in the cone of influence (see assertTo).
  std::vector<bool> cone(const backends::TermManager &tm) const;
};

/// Encodes `entry` of `prog`. Throws std::invalid_argument for an entry index out of range or a bad slot,
/// Stopped when `opts.stop` fires.
Encoding encode(const ir::Program &prog, uint32_t entry, backends::TermManager &tm,
                const EncodeOptions &opts);

/// The input part of a model: the entry's arguments, the input heap and the executed nondet values, ready for
/// ir::Interpreter, plus the check that failed (index into Encoding::checks, or -1).
struct Counterexample {
  std::vector<ir::Value> args;
  std::vector<ir::Value> nondets;
  std::vector<ir::HeapNode> heap; ///< the input nodes (ir::InterpOptions::initialHeap)
  std::string input;              ///< the standard input (free input bytes, each free float conversion's
                                  ///< value spelled; the fixed input otherwise)
  int failedCheck = -1;
};

/// Reads a counterexample from the solver's model (after a Sat check). Throws std::runtime_error if a
/// value cannot be read (e.g. an integer beyond 64 bits).
Counterexample extractCounterexample(const Encoding &enc, backends::Solver &s, const ir::Program &prog);

} // namespace locus::encoder

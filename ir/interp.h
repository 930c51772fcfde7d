// The reference interpreter: concrete execution of IR with a heap of node identities.
#pragma once

#include "ir/context.h"
#include "ir/ints.h"
#include "ir/io.h"
#include "ir/ir.h"

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace locus::ir {

struct ArrayImage;

/// A runtime value. Ref: node == 0 is null, otherwise the 1-based node id (n1, n2, … in allocation order);
/// a reference to an array is a Ref too (the node is an array). Array: the contents of an array, only as a
/// nondet value (what `new T[n] nondet` chose: InterpOptions::nondetValues, Outcome::nondetDrawn).
struct Value {
  Type::Kind kind = Type::Int;
  BigInt i;                          ///< Int value (any size), Bool 0/1
  uint32_t node = 0;                 ///< Ref
  std::shared_ptr<ArrayImage> image; ///< Array
  uint8_t width = 0;                 ///< Float: 32 or 64 (i: the bit pattern, ir/floats.h)
  static Value ofInt(BigInt v) { return {Type::Int, std::move(v), 0, {}}; }
  /// A float of type t with the value (bit pattern, ir/floats.h) v.
  static Value ofFloat(BigInt v, Type t) { return {Type::Float, std::move(v), 0, {}, t.bits}; }
  static Value ofBool(bool b) { return {Type::Bool, b ? 1 : 0, 0, {}}; }
  static Value ofRef(uint32_t n) { return {Type::Ref, 0, n, {}}; }
  static Value ofImage(std::shared_ptr<ArrayImage> a) { return {Type::Array, 0, 0, std::move(a)}; }
  /// Compares images by their contents.
  friend bool operator==(const Value &, const Value &);
};

/// The contents of an array as a nondet choice: element k is `at[k]` when present, else `fill`.
struct ArrayImage {
  std::map<int64_t, Value> at;
  Value fill;
  friend bool operator==(const ArrayImage &, const ArrayImage &) = default;
};

/// 42, true, null, n3, 1.5 (a float: the shortest decimal that reads back as it, `.0` added to an integral
/// one; inf, -inf, nan, -nan); an array's contents `{2:5 7:-1 *:0}` (element 2 is 5, 7 is -1, the others 0)
std::string toString(const Value &v);

/// A heap object: a record node (`record` set, `fields`) or an array (`type` an array type, `length`,
/// `elems`).
struct HeapNode {
  uint32_t record = kNone; ///< kNone: an array
  std::vector<Value> fields;
  StmtId allocatedBy = 0; ///< 0: an input node (or a global's array, Var::alloc)
  Type type;              ///< an array: its type (kind Array); Void for a record node
  int64_t length = 0;     ///< an array: its length
  /// An array: the elements written (or given, for an input array); the others hold the element type's
  /// default, or for a `new T[n] nondet` array the value its contents choose (`init`).
  std::map<int64_t, Value> elems;
  /// A `new T[n] nondet` array: the chosen contents; elements read before any write come from here (with
  /// a seed, drawn at their first read and recorded here).
  std::shared_ptr<ArrayImage> init;
  bool isArray() const { return type.kind == Type::Array; }
};

/// The value a variable, field or element of type t starts with: 0, false, null.
Value defaultOf(Type t);

/// A heap node as text: `Node { next = n2, val = 3 }`, or an array `int32[3] { 1, 0, 7 }` (more than
/// `maxElems` elements: the ones written or known, then `others: 0`); an element of a nondet array that
/// nothing has read or written yet prints `?` (its value is not chosen until it is read).
std::string nodeText(const Program &prog, const HeapNode &n, size_t maxElems = 16);
/// An array element as nodeText shows it: written, given, chosen by its contents, or the default; nullopt
/// for an element of nondet contents not chosen yet.
std::optional<Value> knownElement(const HeapNode &n, int64_t k);
/// The indices of an array node's known elements (those knownElement answers from what was written, given or
/// chosen), in order.
std::set<int64_t> knownElements(const HeapNode &n);

/// A branch to force: the statement instance `stmt` in context `instance` (the path of calls and loop
/// iterations, as ContextTable::path gives it) takes the other side (InterpOptions::forcedBranches).
struct ForcedBranch {
  StmtId stmt = 0;
  ContextPath instance;
  friend bool operator==(const ForcedBranch &, const ForcedBranch &) = default;
};

struct InterpOptions {
  uint64_t stepLimit = 1'000'000; ///< statements executed before giving up
  uint64_t heapLimit = 1'000'000; ///< heap nodes (input nodes included); one more `new` is a limit
  IntMode ints = IntMode::Math;
  std::vector<Value> nondetValues;  ///< consumed in order by Nondet statements (ints/bools; refs: node id)
  std::optional<uint64_t> seed;     ///< after nondetValues run out: random values from this seed
  uint32_t callDepthLimit = 10'000; ///< calls run on an explicit frame stack, so any depth is safe
  bool recordTrace = true;
  bool recordCoverage = false;   ///< fill Outcome::covered
  uint64_t traceLimit = 100'000; ///< at most this many trace steps are kept (the most recent ones)
  /// The heap at the start: node n(k+1) is initialHeap[k] (allocatedBy 0). Reference arguments and fields
  /// may point to these nodes; `new` allocates after them.
  std::vector<HeapNode> initialHeap;
  /// Relaxed statements (the meaning of the encoding's relaxation, tests/unit/encoder/test_relaxation.cpp):
  /// a statement in `relaxedValues` computes an arbitrary value instead of its own — an Assign or GetField
  /// assigns it (a get-field reads no node, so cannot fail), a PutField stores it (its base is still
  /// dereferenced), a Call passes arbitrary arguments and returns an arbitrary result; a statement in
  /// `relaxedGuards` runs or not arbitrarily. The values come from `relaxValues` in order, then from a
  /// generator seeded with `relaxSeed` (ints in [-8, 8], a reference: null or an allocated node of its
  /// record); `Outcome::relaxDrawn` lists what was used.
  std::set<StmtId> relaxedValues, relaxedGuards;
  std::vector<Value> relaxValues;
  uint64_t relaxSeed = 0;
  /// Branch forcing (execution hijacking, for on-demand formulas): the same inputs, but each of these
  /// statement instances takes the other side of its conditional. The statement must be an Assign to a bool
  /// variable (a condition the lowering computed for guards or a loop, ir::conditionals): at that instance it
  /// stores the negation of the value it computes, so the statements its variable guards take the other
  /// side (an `if`'s other branch, a loop's other exit decision). Forcing another kind of statement is an
  /// `error` outcome when it is reached. `Outcome::forcedTaken` counts the instances reached.
  std::vector<ForcedBranch> forcedBranches;
  /// The run's standard input (`scan` reads it; ir/README.md).
  std::string input;
  /// What the run must produce once the entry has finished: an output, a status, or what a reference
  /// procedure produces on the same inputs (failure kind `output` otherwise; ir/README.md).
  Expect expect;
};

/// What a statement wrote: a variable of the frame it ran in (or a global), a field of a node, or an element
/// of an array.
struct Write {
  enum Kind : uint8_t { Var, Field, Elem };
  Kind kind = Var;
  VarRef var;             ///< Var
  uint32_t node = 0;      ///< Field, Elem: the node (1-based id)
  uint32_t field = kNone; ///< Field: index into the node's record fields
  Value value;
  int64_t index = 0; ///< Elem: the element's index
};

/// One executed statement (guard true), with the value it wrote, if any.
struct TraceStep {
  uint32_t proc = kNone;
  StmtId stmt = 0;
  uint32_t depth = 0;                 ///< call depth (0: the entry procedure)
  std::optional<std::string> written; ///< e.g. "x = 3", "n2.next = n1", "n4[2] = 7" (the text of `write`)
  std::optional<Write> write;         ///< the same, as a value (a call's result: written into the caller)
  /// The statement instance: an id in Outcome::contexts (the calls and loop iterations it runs in; the same
  /// paths as the encoder's, ir/context.h). A loop's condition re-check runs in the loop's own context.
  uint32_t context = ContextTable::kRoot;
  /// A GetElem: the element it read, as the run resolved it (the array's node, the index).
  std::optional<std::pair<uint32_t, int64_t>> elementRead;
  /// A scan: every variable it wrote, in order (the arguments it read into, then the count it returns);
  /// `write` is unset.
  std::vector<Write> scanned;
  /// A print: the text it wrote (`written` shows it cut short).
  std::optional<std::string> printed;
};

enum class OutcomeKind : uint8_t {
  Ok,         ///< finished (returned or halted), every check held
  Failure,    ///< a check failed: see FailureKind
  Infeasible, ///< an `assume` was false
  Limit,      ///< step, call-depth, heap-node or integer-size limit: no verdict
  Error,      ///< the run could not start (bad entry, bad arguments)
};

/// Output: the run does not produce what InterpOptions::expect asks for. Bounds: an array index outside the
/// array, or an array length negative or above kMaxArrayLength.
enum class FailureKind : uint8_t { None, Assert, Requires, Ensures, NullDeref, DivByZero, Output, Bounds };

const char *outcomeName(OutcomeKind k); ///< "ok", "failure", "infeasible", "limit", "error"
/// "assert", "requires", "ensures", "null-deref", "div-by-zero", "output", "bounds"
const char *failureName(FailureKind k);

/// The final (or failing) state.
struct FrameState {
  uint32_t proc = kNone;
  std::vector<Value> vars; ///< Procedure::vars order
  StmtId call = 0;         ///< the Call statement (in the frame below) that made this frame; 0 for the entry
  uint32_t context = ContextTable::kRoot;
};

struct State {
  std::vector<Value> globals;
  std::vector<Value> entryVars;  ///< the entry procedure's variables (Procedure::vars order)
  std::vector<HeapNode> heap;    ///< heap[k] is node n(k+1) (records and arrays)
  std::vector<Value> callerVars; ///< at a failure inside a callee: that procedure's variables
  uint32_t callerProc = kNone;
  std::vector<FrameState> frames; ///< the call stack, the entry procedure first (Execution::state)
};

/// A read of an indeterminate value: a variable read while it still holds what a Nondet statement with an
/// object (Stmt::message: an uninitialized C local) drew for it.
struct IndeterminateRead {
  SourceLoc loc;      ///< the reading statement's location
  StmtId stmt = 0;    ///< the reading statement
  std::string object; ///< the object's source name (`lowest`)
  Value value;        ///< the value drawn
};

struct Outcome {
  OutcomeKind kind = OutcomeKind::Ok;
  FailureKind failure = FailureKind::None;
  StmtId stmt = 0;             ///< the failing / assuming / last statement
  uint32_t proc = kNone;       ///< procedure of `stmt`
  SourceLoc loc;               ///< location of `stmt`
  std::string message;         ///< human-readable detail, lower-case, no final period
  std::optional<Value> result; ///< the entry procedure's result, if it has one and finished
  State state;
  std::vector<TraceStep> trace;
  uint64_t traceDropped = 0; ///< earliest steps dropped from `trace` because of traceLimit
  uint64_t steps = 0;        ///< statements executed (guard true) plus loop condition re-reads
  std::set<StmtId> covered;  ///< with InterpOptions::recordCoverage: every statement executed (guard true)
  std::vector<Value> relaxDrawn; ///< the values relaxed statements used (InterpOptions::relaxedValues)
  size_t forcedTaken = 0;        ///< InterpOptions::forcedBranches reached (each flipped once)
  /// Every nondet value taken from InterpOptions::nondetValues or drawn from the seed, in order (a
  /// reference's values shared with the entry are not drawn): the list that replays the run.
  std::vector<Value> nondetDrawn;
  /// Each read of an indeterminate value, in order, once per reading statement and object.
  std::vector<IndeterminateRead> indeterminateReads;
  /// The bounds this run needs: the most iterations one execution of a loop made, and the most frames one
  /// procedure had on the stack at once (the entry counts). A BMC unwind of max(maxIterations,
  /// maxRecursion - 1) covers the run.
  uint64_t maxIterations = 0;
  uint32_t maxRecursion = 0;
  ContextTable contexts; ///< the statement instances of TraceStep::context
  std::string output;    ///< what the entry printed (standard output)
  /// How many bytes of the standard input the run looked at (the entry's reads and the reference's, each
  /// with the byte a conversion stopped at): the rest of InterpOptions::input never mattered.
  size_t inputSeen = 0;
  /// With InterpOptions::expect.reference, once the entry finished: what the reference printed and returned.
  std::optional<std::string> referenceOutput;
  std::optional<Value> referenceResult;
};

/// Where a paused execution stands: the statement about to run (its guard holds) or a loop condition about
/// to be read again.
struct Position {
  const Stmt *stmt = nullptr;
  uint32_t proc = kNone;
  uint32_t depth = 0; ///< call depth (0: the entry procedure)
  uint32_t context = ContextTable::kRoot;
  bool recheck = false; ///< a While's condition re-read after an iteration (not the While's first test)
};

/// A run that can be stepped (the debugger's and the localization methods' view of the interpreter).
/// Made by Interpreter::start, paused before the first statement; each operation runs until its stopping
/// point or the end of the run. Stepping never changes what a run does: the same options and inputs give
/// the same outcome as Interpreter::run whatever operations lead to the end.
class Execution {
public:
  ~Execution();
  Execution(Execution &&) noexcept;
  Execution &operator=(Execution &&) noexcept;

  bool done() const;
  /// The statement about to run; nullopt when done.
  std::optional<Position> position() const;
  /// Step into: runs the statement about to run; at a call, pauses at the callee's first statement.
  void step();
  /// Step over: like step, but a call runs to its return.
  void stepOver();
  /// Step out: runs until the current procedure has returned to its caller (to the end in the entry).
  void stepOut();
  /// Runs until statement `stmt` is about to run (not counting the current position), or to the end.
  /// Returns whether it stopped there.
  bool runTo(StmtId stmt);
  /// Runs until `stop(position)` holds for a position after the current one, or to the end.
  bool runUntil(const std::function<bool(const Position &)> &stop);
  void runToEnd();
  /// The state now (with the call stack in State::frames); at the end, the final state.
  State state() const;
  /// The trace so far (the most recent InterpOptions::traceLimit steps).
  std::vector<TraceStep> trace() const;
  const ContextTable &contexts() const;
  /// The outcome of the run; only when done().
  const Outcome &outcome() const;

  /// An independent copy of this paused run (the debugger's checkpoints): stepping either one leaves the
  /// other as it was. Both share the (immutable) options and refer to the same program.
  Execution clone() const;
  /// Changes a variable of the innermost frame (or a global) before the statement about to run: the run
  /// goes on from the changed state (the debugger's `change`). The value must be of the variable's type
  /// (a reference: null or an existing node of its record or array type). Returns an error message, empty
  /// on success; nothing changes on an error or when the run is done.
  std::string setVariable(VarRef v, const Value &value);
  /// Changes field `field` of heap node `node` (1-based), like setVariable.
  std::string setField(uint32_t node, uint32_t field, const Value &value);

private:
  friend class Interpreter;
  struct Impl;
  explicit Execution(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

class Interpreter {
public:
  Interpreter(const Program &prog, InterpOptions opts = {});
  /// Runs procedure `entry` with `args` (one per parameter; refs must be null), globals at defaults.
  Outcome run(uint32_t entry, const std::vector<Value> &args = {});
  /// The same run, paused before its first statement (an invalid entry or arguments: done at once, with
  /// an Error outcome). The execution keeps a copy of the options and refers to the program, which must
  /// outlive it.
  Execution start(uint32_t entry, const std::vector<Value> &args = {});

private:
  friend class Execution;
  struct Impl;
  const Program &prog_;
  InterpOptions opts_;
};

} // namespace locus::ir

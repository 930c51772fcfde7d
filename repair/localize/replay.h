// The failing run replayed as a sequence of writes to the entities of the state: what the trace-based
// methods (pwp, gradient) walk forwards and backwards. Shared by repair/localize/pwp.cpp and gradient.cpp.
#pragma once

#include "ir/interp.h"
#include "ir/ir.h"
#include "repair/common/failure.h"

#include <compare>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <unordered_set>
#include <vector>

namespace locus::localize {

/// One place that holds a value: a variable of one frame (one call of a procedure) or a global, a field of a
/// heap node, or an element of an array (the array node and the element's index as the run resolved them:
/// He & Gupta's `a[i=2]`).
struct Entity {
  enum Kind : uint8_t { Var, Field, Elem };
  static constexpr uint32_t kGlobal = UINT32_MAX; ///< the frame of a global
  Kind kind = Var;
  uint32_t frame = 0; ///< Var: a frame of Replay::frames, or kGlobal
  uint32_t index = 0; ///< Var: index into the procedure's vars (or the globals); Field: the field
  uint32_t node = 0;  ///< Field, Elem: the node (1-based, as the interpreter numbers them)
  int64_t at = 0;     ///< Elem: the element's index
  static Entity var(uint32_t frame, ir::VarRef v) { return {Var, v.global ? kGlobal : frame, v.index, 0, 0}; }
  static Entity field(uint32_t node, uint32_t field) { return {Field, 0, field, node, 0}; }
  static Entity elem(uint32_t node, int64_t at) { return {Elem, 0, 0, node, at}; }
  friend auto operator<=>(const Entity &, const Entity &) = default;
  friend bool operator==(const Entity &, const Entity &) = default;
};

/// One call of a procedure in the run: the entry, or a call made by a Call statement.
struct ReplayFrame {
  uint32_t proc = ir::kNone;
  ir::StmtId call = 0;          ///< the Call statement that made it (0: the entry)
  uint32_t parent = ir::kNone;  ///< the calling frame
  std::vector<ir::Value> birth; ///< its variables when it started (parameters bound, the rest 0/false/null)
};

/// One write of one entity, attributed to a statement instance.
struct Point {
  enum Kind : uint8_t {
    Write,  ///< a statement assigned the entity (Assign, GetField, PutField, New, Nondet, GetElem, PutElem,
            ///< NewArray, Length)
    Bind,   ///< a call bound a parameter of the new frame (the entity) to an argument
    Result, ///< a call's result was written into the caller's variable when the callee returned
  };
  Kind kind = Write;
  size_t step = 0; ///< the statement instance: an index into Replay::steps
  ir::StmtId stmt = 0;
  uint32_t frame = 0; ///< the frame the statement ran in (Bind: the caller's)
  Entity entity;
  ir::Value before, after;
  uint32_t arg = 0;      ///< Bind: which parameter
  uint32_t callee = 0;   ///< Result: the frame that returned
  uint32_t readNode = 0; ///< a GetField, GetElem or Length: the node read
  int64_t readIndex = 0; ///< a GetElem: the index read
};

/// An array of the run: its type (kind Array) and length, both fixed when it is allocated.
struct ArrayNode {
  ir::Type type;
  int64_t length = 0;
};

/// The failing run as writes. The *region* is the part of the run a trace method looks at: from the first
/// executed statement that may be blamed to the failing check (for an assert, the statements that compute
/// its condition — its specification temporaries — are the check, not the region).
struct Replay {
  const ir::Program *prog = nullptr;
  std::string error; ///< why the run could not be replayed (then nothing else is meaningful)
  std::vector<ir::TraceStep> steps;
  ir::ContextTable contexts;             ///< the statement instances of TraceStep::context
  std::vector<uint32_t> stepFrame;       ///< the frame of each step
  std::vector<ReplayFrame> frames;       ///< frame 0 is the entry
  std::vector<Point> points;             ///< every write of the run, in execution order
  size_t firstPoint = 0, endPoint = 0;   ///< the region's points: [firstPoint, endPoint)
  size_t regionStart = 0, regionEnd = 0; ///< the region's steps: [regionStart, regionEnd)
  std::map<Entity, ir::Value> pre;       ///< every entity's value where the region starts
  std::map<Entity, ir::Value> post; ///< every entity's value where it ends (frames that returned: their last)
  std::map<uint32_t, uint32_t> nodeRecord; ///< record node → its record, for every one that exists by the end
  std::map<uint32_t, ArrayNode> arrays;    ///< array node → its type and length (every one by the end)
  /// The elements are entities only where the run touches them (reads, writes; the check's reads included):
  /// those of the arrays that exist where the region starts are in `pre`, with their values there, and every
  /// one the region or the check touches is in `post`. An array may have 2^40 elements; no other element
  /// can matter to the run.

  /// The failing check: the statement the run failed at (a bound failure: the While whose test overran), the
  /// frame it ran in, and the specification
  /// statements right before it in its block, which compute its condition (the lowering's temporaries, and
  /// checks among them such as an array read's bounds check; empty for a null dereference or a division by
  /// zero), in program order.
  const ir::Stmt *check = nullptr;
  uint32_t checkFrame = 0;
  std::vector<const ir::Stmt *> chain;
  /// With replayFailure's `outputCheck`, when the check is a print (the first whose text differs from the
  /// expected output): the expected output from where that print's text starts.
  std::optional<std::string> expectedOutput;

  ir::Type typeOf(const Entity &e) const;
  /// An element's value before anything writes it (the value of every element the run never touches): given
  /// (an input array), chosen by its nondet contents, or the default.
  ir::Value initialElement(uint32_t node, int64_t at) const;
  std::map<uint32_t, ir::HeapNode> startContents; ///< every array's contents before the run writes them
  /// `x` (a variable of the frame where the region starts, or a global), `x@proc#k` (a variable of another
  /// frame), `n3.next` (a field), `n2[4]` (an element).
  std::string name(const Entity &e) const;
  /// The procedure a frame runs.
  const ir::Procedure &procOf(uint32_t frame) const { return prog->procs.at(frames.at(frame).proc); }
  uint32_t regionFrame = 0; ///< the frame of the region's first step
};

/// Replays `f`. A loop's bound failure (Failure::bound, boundStmt a While) is replayed in the steppable
/// interpreter only up to the loop's (B+1)-th condition test in one execution of it, B the bound the step
/// equation gives the loop (failureEncodeOptions(f, …).boundFor): that test — the encoder's unwinding
/// assertion of the loop instance, in the While's context — is the last step and the check (the While,
/// no chain); a recursion bound failure is an error. `blamable`: the statements that may be blamed; the
/// region starts at the first of them that runs (none runs: an empty region). With `outputCheck`, a failure
/// that is an output difference only (the run ends ok and prints other bytes than the expected output) has
/// as its check the first print whose text differs from the expected output there, and the region ends
/// before it (Replay::expectedOutput); without it, or when no such print is found (the output is a prefix
/// of the expected one), the check is where the run ends.
Replay replayFailure(const ir::Program &prog, const repair::Failure &f,
                     const std::unordered_set<ir::StmtId> &blamable, bool outputCheck = false);

/// Where a passing run's region ends: the first step of the trace it accepts (called in order, once each).
using StopAt = std::function<bool(const ir::TraceStep &)>;

/// The same for a run of `f`'s inputs that passes (f.run is not read): no check; the region ends at the first
/// step `stopAt` accepts, or with the run (`post` is then every entity's last value, the results of the
/// frames that returned included). Its error says so when the run does not end normally.
Replay replayRun(const ir::Program &prog, const repair::Failure &f,
                 const std::unordered_set<ir::StmtId> &blamable, const StopAt &stopAt = {});

/// 0, false, null.
ir::Value zeroOf(ir::Type t);

/// "method: why", or "internal: method: …" for an internal error (which `locus localize` exits 4 for).
std::string prefixed(const std::string &method, const std::string &why);

} // namespace locus::localize

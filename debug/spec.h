// The debugger's specifications: what the user said the program must reach (`spec`, `enter`, `leave`), as
// facts at points of the run, and the program with those facts inserted as checks — the specification
// `repair` and `localize` work from (debug/README.md, docs/debug.md).
#pragma once

#include "ir/interp.h"
#include "ir/ir.h"

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace locus::debug {

/// A place in the run: right before statement `stmt` of procedure `proc` runs (its guard true) or, with
/// `recheck`, when loop `stmt` reads its condition again after an iteration — for the `arrival`-th time the
/// run gets there (from 1). `loc`, `kind` and `index` find the statement again in a program compiled from an
/// edited source: the `index`-th statement of kind `kind` on line `loc.line` of the procedure (program
/// order).
struct Point {
  std::string proc;
  ir::StmtId stmt = 0;
  bool recheck = false;
  uint64_t arrival = 1;
  SourceLoc loc;
  ir::Stmt::Kind kind = ir::Stmt::Skip;
  uint32_t index = 0;
  friend bool operator==(const Point &, const Point &) = default;
};

/// An access path: a variable (of the point's procedure, or a global), then fields (`head.next.prev`).
struct Path {
  std::string root;
  bool global = false;
  std::vector<std::string> fields;
  std::string text() const;
  friend bool operator==(const Path &, const Path &) = default;
};

/// One fact: `lhs == rhs`, where rhs is another path (the same node), null, a scalar, or (Node) the node
/// `value.node` itself — the node the run allocated as nK, not merely one of the same shape; or (Cond) the
/// loop at the point reads its condition as `truth` (`enter`: true, `leave`: false).
struct Fact {
  enum class Kind : uint8_t { SamePath, Null, Scalar, Cond, Node };
  Kind kind = Kind::Scalar;
  Path lhs;
  Path rhs;                 ///< SamePath
  ir::Value value;          ///< Scalar: an int or bool
  bool truth = true;        ///< Cond
  std::string text() const; ///< `current == head.prev`, `head.val == 10`, `loop condition is true`
};

/// The facts recorded at one point (a checkpoint's `spec`, or a forced loop decision).
struct Spec {
  Point point;
  std::vector<Fact> facts;
  std::string origin; ///< "checkpoint 2", "enter", "leave"
};

/// The facts that pin down the tracked part of a state at a point of procedure `proc` (frame `vars`): every
/// tracked variable's value (a reference as the path to its node) and every field of every node reachable
/// from them (a node is named by its first path in breadth-first order from the variables, globals first).
/// `tracked`: the variable names to track (nullopt: every variable in scope but the lowering's temporaries).
/// Each node named is also pinned to its identity (`head.next == n1`: a Node fact).
/// Arrays are not described (a note in `skipped`).
std::vector<Fact> capture(const ir::Program &prog, uint32_t proc, const std::vector<ir::Value> &vars,
                          const ir::State &st, const std::optional<std::set<std::string>> &tracked,
                          std::string &skipped);

/// Finds the statement a point names in `prog` (by id when `byLocation` is false, else by location, mapped
/// through `lineMap`, and index in its construct). nullptr when it is not there.
struct Found {
  uint32_t proc = ir::kNone;
  const ir::Stmt *stmt = nullptr;
};
/// The point of statement `s` of procedure `proc` (its kind and index on its line filled in).
Point pointOf(const ir::Program &prog, uint32_t proc, const ir::Stmt &s, bool recheck, uint64_t arrival);
Found locate(const ir::Program &prog, const Point &p, bool byLocation,
             const std::function<uint32_t(uint32_t)> &lineMap = {});

/// Where instrument put the checks of the specs: a failing check's spec, and the arrivals at every spec's
/// point (what a run of the instrumented program reached).
struct Checks {
  std::map<ir::StmtId, size_t> specOf; ///< a fact's assertion → the index of its spec
  std::vector<ir::VarRef> counter; ///< per spec (by index): the ghost global counting arrivals at its point
};

/// Inserts every spec's facts into `prog` as checks at their points (each in a `concrete` block, so never
/// blamed or changed: a ghost counter per point counts the arrivals, and the facts are asserted at the
/// arrival the spec names), and turns the program's own assertions into no-ops (the debugger's
/// specification is the user's facts; `verify` checks the program's own). When entry procedure `entry`
/// returns, every point must have been reached as often as its specs say (a repair that skips a point
/// does not meet its facts). `byLocation`/`lineMap` as for locate. Returns an error message ("" on
/// success): a point or a variable that is not there. `checks`, when given, is filled in.
/// Node facts: every allocation (`new`, `new T[n]`) counts nodes from `nodesAtStart` (the nodes that exist
/// when the entry starts: input nodes, global arrays), so the run's K-th node is nK as in the interpreter,
/// and the node a fact names is kept in a ghost global when it is allocated.
std::string instrument(ir::Program &prog, uint32_t entry, const std::vector<Spec> &specs, bool byLocation,
                       const std::function<uint32_t(uint32_t)> &lineMap = {}, uint32_t nodesAtStart = 0,
                       Checks *checks = nullptr);

/// The line map of an edit of a text: line n of `before` → its line in `after` (changed lines map to their
/// counterpart in a changed block of the same size, else to the block's first line).
std::function<uint32_t(uint32_t)> lineMapOf(const std::string &before, const std::string &after);

} // namespace locus::debug

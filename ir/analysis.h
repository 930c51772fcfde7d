// Small analyses over the IR that several layers share.
#pragma once

#include "ir/ir.h"

#include <unordered_set>
#include <vector>

namespace locus::ir {

/// The variables an expression reads.
void varsRead(const Expr &e, std::vector<VarRef> &out);
/// The variables a statement reads: its guard, value, arguments and base, a loop's invariant (not its
/// body's).
std::vector<VarRef> varsRead(const Stmt &s);

/// Whether s assigns its lhs variable: an Assign, GetField, New, Nondet, GetElem, NewArray or Length, and a
/// Call with a result. (A Scan's lhs, the number of items it read, is not counted; the variables it fills
/// are its arguments.)
bool writesLhs(const Stmt &s);

/// The statements that belong to the specification (docs/repair.md, "The specification is never changed"):
/// - every assert and assume, and every statement of a requires or ensures block;
/// - every statement that assigns a temporary of the lowering (Var::temp) that only such statements read —
///   the pieces of a check's condition the lowering computed before it (`t0 := head.val; b0 := t0 == 2;
///   assert b0`);
/// - a check's helper, whole: a procedure that only computes (no heap, array or global write, no
///   allocation, input or output, and only such procedures called) and whose every call assigns a
///   temporary or local that only checks read, from a procedure that also calls code that changes the state
///   (`reverse(); ok := dl_wellformed(head); assert ok`) — its calls and all its statements. A pure
///   procedure called by a driver that calls nothing else (`m := max(a, b); assert m >= a`), or besides
///   only procedures that build new nodes and change nothing that existed before (`l := push(l, 3); assert
///   sum(l) == 3`), is what the driver tests: not a helper. A helper also called by the code under test is not one either.
/// Localization never blames them; repair never changes them. A procedure in `named` (the user named it as
/// code under test: `--procs`, a benchmark's manifest) is never a check's helper (`k := bst_min(t); assert k
/// == 1` after building `t` tests bst_min).
std::unordered_set<StmtId> specificationStatements(const Program &prog,
                                                   const std::unordered_set<uint32_t> *named = nullptr);

/// The statements that read the run's inputs (docs/localize.md, "What may be blamed"): a `nondet` (C's
/// `__VERIFIER_nondet_*`, an uninitialized local's indeterminate value), a `scan` (C's scanf: the values
/// read and their count), and in a C `main(argc, argv)` the copies of its command-line parameters
/// (`own_alt := argv_1`, the front end's `atoi(argv[1])`; the value only, possibly converted). What they
/// assign is given by the failing run, not computed by the program: localization never blames them.
std::unordered_set<StmtId> inputStatements(const Program &prog);

/// The conditionals: every Assign to a bool variable that a statement's guard or a loop's condition of its
/// procedure reads (`b0 := x > 0` before `[b0] …`, `b1 := not b0` of an else branch, a loop condition
/// computed before the loop and again at the end of its body). Forcing one (InterpOptions::forcedBranches)
/// takes the other side of a branch.
std::unordered_set<StmtId> conditionals(const Program &prog);

} // namespace locus::ir

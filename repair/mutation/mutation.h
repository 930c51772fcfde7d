// Mutation operators on the IR, shared by the fault injector (bench/mutate: `locus mutate`, `bench faults`)
// and mutation-based repair: the elementary mutations of the procedures under test (variable and field
// replacements, deleted statements, AllRepair's operator and constant mutations), applying them, and the
// AllRepair mutation space of levels 1 and 2 as sites with options, each renderable as a source patch.
// See repair/README.md ("Mutations") and bench/mutate/README.md (the fault model).
#pragma once

#include "ir/ir.h"
#include "repair/patch/patch.h"

#include <cstdint>
#include <optional>
#include <string>
#include <unordered_set>
#include <vector>

namespace locus::repair::mutation {

/// What one elementary mutation does.
enum class Kind : uint8_t { Var, Field, Delete, Operator, Constant };
const char *kindName(Kind k); ///< "var", "field", "delete", "operator", "constant"

/// Where in a statement a mutation applies. Positions count occurrences in a fixed pre-order walk of the
/// statement's expressions (`value`, then `args` in order), so the same position names the same place in
/// every copy of a statement the lowering made.
enum class Slot : uint8_t {
  Guard,   ///< the guard variable
  Lhs,     ///< the assigned variable (Assign, GetField, New, Nondet, Call)
  Base,    ///< the base variable of a getfield / putfield
  Field,   ///< the field of a getfield / putfield
  ExprVar, ///< the index-th variable occurrence in the expressions
  ExprOp,  ///< the index-th binary operator in the expressions
  ExprInt, ///< the index-th integer literal in the expressions
};

/// One way to mutate (or delete) a source-level statement. `stmts` are the IR statements that carry it:
/// the statement itself and the copies the lowering made of the same part of its source construct (a loop
/// condition is computed before the loop and again at the end of its body), which are changed together;
/// for a deletion also the statements that only compute temporaries for it (`t := y.f` before
/// `x := t + 1`).
struct Candidate {
  Kind kind = Kind::Var;
  uint32_t proc = ir::kNone;
  std::vector<ir::StmtId> stmts; ///< program order; the first is the one the record describes
  Slot slot = Slot::ExprVar;
  uint32_t index = 0;      ///< ExprVar / ExprOp / ExprInt: the occurrence
  ir::VarRef var;          ///< Var: the replacement
  uint32_t field = 0;      ///< Field: the replacement
  ir::Op op = ir::Op::Add; ///< Operator: the replacement
  int64_t value = 0;       ///< Constant: the replacement
  std::string from, to;    ///< printable: "current" → "temp1", "prev" → "next", "<" → "<=", "3" → "2"
};

/// What an applied candidate changed (the fault injector's ground truth).
struct Change {
  Kind kind = Kind::Var;
  std::string proc;
  std::vector<ir::StmtId> stmts; ///< the changed (or deleted) statements; ids are those of the original
  std::string file;              ///< the source file of the first statement (GCL or C)
  uint32_t line = 0, col = 0;
  std::string from, to;
  std::string before, after; ///< the first statement before and after (after: empty for a deletion)
};

/// Which operator table: the fault injector's classes L1/L2 (bench/mutate/README.md), or AllRepair's levels
/// (its tool: relational, arithmetic, logical, bit and shift operators) joined with the fault model's, so
/// that every injected operator fault has its inverse in the repair space.
enum class Table : uint8_t { FaultModel, Repair };

/// The replacements of an operator at a level (1 or 2; 2 includes 1); `operandsInt`: the operands are ints
/// (otherwise == and != only swap with each other). Empty for operators without mutations.
///
/// | level | FaultModel | Repair adds |
/// |---|---|---|
/// | 1 | `<`↔`<=`, `>`↔`>=`, `+`↔`-`, `* / %` among themselves, `and`↔`or` | `& \| ^` among themselves,
/// `<<`↔`>>` | | 2 | every other comparison on ints, `==`↔`!=` on any type | `+ -` ↔ `* / %` |
std::vector<ir::Op> operatorReplacements(ir::Op op, unsigned level, bool operandsInt,
                                         Table table = Table::FaultModel);
/// The level-2 replacements of an integer constant: C+1, C-1, 0, -C, without C itself and repeats.
std::vector<int64_t> constantReplacements(int64_t c);

/// The elementary mutations of `procs` (their bodies, loop bodies included; not contracts, `concrete`
/// blocks, asserts or assumes). level 0: variable and field replacements; 1, 2: operator/constant mutations
/// of that level and table (2 includes 1). In program order.
std::vector<Candidate> mutationCandidates(const ir::Program &prog, const std::vector<uint32_t> &procs,
                                          unsigned level, Table table = Table::FaultModel);
std::vector<Candidate> deletionCandidates(const ir::Program &prog, const std::vector<uint32_t> &procs);

/// Applies candidates (pairwise disjoint statements) to a copy of `prog`; fills `record` when given. The
/// changed expressions lose their source ranges (with their enclosing expressions: their text is no longer
/// the source's).
ir::Program apply(const ir::Program &prog, const std::vector<const Candidate *> &candidates,
                  std::vector<Change> *record = nullptr);

/// The default procedures under test: the non-test procedures declared in `mainFile` other than `entry`;
/// when there are none, `entry` itself (if it is declared in `mainFile`).
std::vector<uint32_t> defaultProcsUnderTest(const ir::Program &prog, const std::string &mainFile,
                                            const std::string &entry);

/// Whether `entry` is a test driver: a procedure of `mainFile` that only builds inputs, calls the code under
/// test and checks — it calls one of defaultProcsUnderTest (which then leaves it out), has an assert of its
/// own, and neither reads input nor prints. Its statements are then no place to blame or change: `repair`
/// and `localize` take defaultProcsUnderTest as their default `--procs` (docs/repair.md).
bool isTestDriver(const ir::Program &prog, const std::string &mainFile, const std::string &entry);

// ---- the mutation space of repair ----

/// One option at a site: the operator, constant, variable or field the site's place becomes.
struct Option {
  Kind kind = Kind::Operator; ///< Operator, Constant, Var or Field
  ir::Op op = ir::Op::Add;
  int64_t value = 0;
  ir::VarRef var;     ///< Var: the replacement
  uint32_t field = 0; ///< Field: the replacement
  std::string to;     ///< printable
  /// Whether the source edit means the same IR change. False for `and`/`or` of a short circuit whose right
  /// operand was lowered into guarded statements (reads, calls): the IR mutation changes the combination
  /// only, the source edit also which reads run.
  bool sourceExact = true;
};

/// A mutable place: a statement (with its copies) and an expression node in it (or a part of the statement:
/// its assigned variable, base or field), and its options.
struct Site {
  uint32_t proc = ir::kNone;
  std::vector<ir::StmtId> stmts; ///< the statement and its copies (program order)
  Slot slot = Slot::ExprOp;      ///< ExprOp or ExprInt; with replacements also ExprVar, Lhs, Base or Field
  uint32_t index = 0;            ///< the occurrence of that kind in the statement's value and arguments
  uint32_t node =
      0; ///< the same node as a patch::Edit node index (pre-order over all); kNone: Lhs, Base, Field
  std::string from; ///< printable: the operator, constant, variable or field now
  /// Whether the place has source text of its own, so that its options can render as patches: not for an
  /// expression the lowering made up (the element selection `i == 1` of C's `a[i]`), nor for one a mutation
  /// changed (its text is no longer the source's), nor in printed IR without source information. A part of
  /// a statement (Lhs, Base, Field) has it when the statement has a source construct; whether an option
  /// renders (patch::Edit::replaceStmt: not a declaration, a variable declared there) is up to patch::render.
  bool source = true;
  std::vector<Option> options;
};

/// AllRepair's mutation space of a level (1 or 2) over `procs`, with the Repair table: every binary
/// operator and (level 2) integer constant of the mutable statements, in program order, less the
/// specification (ir::specificationStatements: a check's condition, a check's helper); with
/// `replacements`, also the fault injector's level-0 variable and field replacements (`mutationCandidates`
/// at level 0, guards excluded: a variable in an expression, an assigned variable, the base of a field or
/// element access, a field), after them. The options of a site with `source` render as patches (edits()),
/// or are refused by patch::render with the reason.
std::vector<Site> space(const ir::Program &prog, const std::vector<uint32_t> &procs, unsigned level,
                        bool replacements = false, const std::unordered_set<uint32_t> *named = nullptr);

/// The program with option `o` chosen at each given site (pairs of site and option; sites disjoint).
ir::Program applyChoice(const ir::Program &prog,
                        const std::vector<std::pair<const Site *, const Option *>> &choice);

/// A variable or field replacement of the injector (`mutationCandidates` at level 0) as patch edits (one
/// per copy of the statement): a variable occurrence in an expression (`Slot::ExprVar`) with source text of
/// its own as patch::Edit::replace; an assigned variable, a base or a field as patch::Edit::replaceStmt of
/// a statement with a source construct (patch::render may still refuse it, with the reason). Nullopt
/// otherwise: a guard (a condition the lowering computed), an expression without source text.
std::optional<std::vector<patch::Edit>> varEdits(const ir::Program &prog, const Candidate &c);

/// The choice as patch edits (one per copy; the renderer writes copies of one text once): an operator,
/// constant or variable in an expression as patch::Edit::replace of its node; an assigned variable, base or
/// field as patch::Edit::replaceStmt of the statement so changed.
std::vector<patch::Edit> edits(const ir::Program &prog,
                               const std::vector<std::pair<const Site *, const Option *>> &choice);

} // namespace locus::repair::mutation

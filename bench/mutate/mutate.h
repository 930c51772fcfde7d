// The fault injector: faulty versions of a program, made on the IR (so GCL and C alike), deterministic
// from a seed, each with its ground truth. Wolverine2's classes C1–C4 (variable/field replacements and
// deleted statements) and AllRepair's operator/constant mutation levels L1/L2. See bench/mutate/README.md.
#pragma once

#include "ir/ir.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace locus::mutate {

/// A fault class: how many elementary faults of which families a faulty version has.
enum class FaultClass : uint8_t {
  C1, ///< Wolverine2 ⟨1 mutation, 0 insertions⟩: one variable or field replaced
  C2, ///< ⟨1, 1⟩: one replacement and one deleted statement
  C3, ///< ⟨2, 0⟩: two replacements (in different statements)
  C4, ///< ⟨2, 1⟩: two replacements and one deleted statement
  L1, ///< AllRepair level 1: one operator replaced (< ↔ <=, > ↔ >=, + ↔ -, * / % among themselves, and ↔ or)
  L2, ///< AllRepair level 2: one operator or constant mutation of level 1 or 2 (level 2 includes level 1)
};

const char *className(FaultClass c);                         ///< "C1" … "L2"
std::optional<FaultClass> parseClass(std::string_view name); ///< case-insensitive
const std::vector<FaultClass> &allClasses();

struct ClassShape {
  unsigned mutations = 0; ///< variable/field replacements (C*) or operator/constant mutations (L*)
  unsigned deletions = 0; ///< deleted statements (the repair must insert them back)
  unsigned level = 0;     ///< 0: variable/field replacements; 1, 2: AllRepair operator/constant levels
};
ClassShape shapeOf(FaultClass c);

/// What one elementary fault did.
enum class FaultKind : uint8_t { Var, Field, Delete, Operator, Constant };
const char *kindName(FaultKind k); ///< "var", "field", "delete", "operator", "constant"

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
/// the statement itself and the copies the lowering made of the same source construct (a loop condition
/// is computed before the loop and again at the end of its body), which are changed together; for a
/// deletion also the statements that only compute temporaries for it (`t := y.f` before `x := t + 1`).
struct Candidate {
  FaultKind kind = FaultKind::Var;
  uint32_t proc = ir::kNone;
  std::vector<ir::StmtId> stmts; ///< program order; the first is the one the ground truth describes
  Slot slot = Slot::ExprVar;
  uint32_t index = 0;      ///< ExprVar / ExprOp / ExprInt: the occurrence
  ir::VarRef var;          ///< Var: the replacement
  uint32_t field = 0;      ///< Field: the replacement
  ir::Op op = ir::Op::Add; ///< Operator: the replacement
  int64_t value = 0;       ///< Constant: the replacement
  std::string from, to;    ///< printable: "current" → "temp1", "prev" → "next", "<" → "<=", "3" → "2"
};

/// One fault of a faulty version, as recorded in the manifest.
struct Fault {
  FaultKind kind = FaultKind::Var;
  std::string proc;
  std::vector<ir::StmtId> stmts; ///< the changed (or deleted) statements; ids are those of the original
  std::string file;              ///< the source file of the first statement (GCL or C)
  uint32_t line = 0, col = 0;
  std::string from, to;
  std::string before, after; ///< the first statement before and after (after: empty for a deletion)
};

struct Mutant {
  uint32_t index = 0; ///< 1-based version number
  ir::Program program;
  std::vector<Fault> faults; ///< mutations first, then deletions, each in program order
  std::string text;          ///< `ir::printProgram` with tags
};

struct Options {
  FaultClass cls = FaultClass::C1;
  unsigned count = 1;
  uint64_t seed = 1;
  std::vector<uint32_t> procs; ///< the procedures under test (indices into Program::procs)
  unsigned maxAttempts = 0;    ///< draws before giving up; 0: 50 × count + 1000
};

struct Result {
  std::vector<Mutant> mutants;
  size_t mutationCandidates = 0, deletionCandidates = 0;
  size_t attempts = 0;   ///< draws made
  size_t duplicates = 0; ///< draws that gave an already produced program (skipped)
  size_t invalid = 0;    ///< mutants rejected by ir::validate (a bug of the injector if ever non-zero)
};

/// Makes up to `count` distinct faulty versions of `prog` (fewer when the fault space is smaller).
/// Deterministic: the same program, options and seed give the same versions, in the same order.
Result generate(const ir::Program &prog, const Options &opts);

/// The elementary fault space of `procs`. level 0: variable and field replacements; 1, 2: AllRepair
/// operator/constant mutations of that level (2 includes 1). In program order.
std::vector<Candidate> mutationCandidates(const ir::Program &prog, const std::vector<uint32_t> &procs,
                                          unsigned level);
std::vector<Candidate> deletionCandidates(const ir::Program &prog, const std::vector<uint32_t> &procs);

/// Applies candidates (pairwise disjoint statements) to a copy of `prog`; fills `faults` when given.
ir::Program apply(const ir::Program &prog, const std::vector<const Candidate *> &faults,
                  std::vector<Fault> *record = nullptr);

/// The AllRepair replacements of an operator at a level (1 or 2); `operandsInt`: the operands are ints
/// (otherwise == and != only swap with each other). Empty for operators without mutations.
std::vector<ir::Op> operatorReplacements(ir::Op op, unsigned level, bool operandsInt);
/// The level-2 replacements of an integer constant: C+1, C-1, 0, -C, without C itself and repeats.
std::vector<int64_t> constantReplacements(int64_t c);

/// The default procedures under test: the non-test procedures declared in `mainFile` other than `entry`;
/// when there are none, `entry` itself (if it is declared in `mainFile`).
std::vector<uint32_t> defaultProcsUnderTest(const ir::Program &prog, const std::string &mainFile,
                                            const std::string &entry);

} // namespace locus::mutate

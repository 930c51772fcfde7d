// What parse.cpp hands to the lowering (unit.cpp): clang locations mapped to ours, the uninitialized-read
// scan (uninit.cpp), and the lowering entry point.
#pragma once

#include "frontend/c/frontend.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/Stmt.h>
#include <clang/Basic/SourceManager.h>

#include <llvm/ADT/ArrayRef.h>

#include <map>
#include <string>

namespace locus::c {

/// Maps clang source locations to ours: the expansion site of a macro, the file registered in the
/// SourceManager (loaded on first use, or clang's buffer when it cannot be read).
class Locator {
public:
  explicit Locator(SourceManager &sm) : sm_(sm) {}
  SourceLoc get(const clang::SourceManager &csm, clang::SourceLocation l);
  SourceManager &sources() { return sm_; }

private:
  SourceManager &sm_;
  std::map<std::string, uint32_t> byName_;
};

/// A part of an object whose initial value is indeterminate (C11 6.7.9p10, 7.22.3.4): a local variable
/// without initializer (a boxed one too), a field of such a struct, the elements of such an array (Array: all
/// together; Elem: one element of a one-dimensional array, by its constant index), or a field of the node a
/// pointer variable holds right after malloc.
struct Tracked {
  enum Kind { Var, Field, Array, Elem, NodeField } kind = Var;
  const clang::VarDecl *var = nullptr;     ///< the variable (NodeField: the pointer variable)
  const clang::FieldDecl *field = nullptr; ///< Field, NodeField
  uint64_t index = 0;                      ///< Elem
};

struct GotoPlan;

/// Whether running `stmts` in order may read the part before writing it on some path (so that its
/// indeterminate value can be observed). Conservative: switch bodies, loops whose writes may not run,
/// conditional writes, and any other use of the variable (a copy of a pointer, a call argument) count as
/// reads. A `goto` continues the scan after its label (`plan`: the function's goto plan; a label inside a
/// loop, or without a plan, counts as a read).
bool mayReadFirst(const Tracked &t, llvm::ArrayRef<const clang::Stmt *> stmts, clang::ASTContext &ctx,
                  const GotoPlan *plan = nullptr);
/// The same for the code that runs after a label a goto targets (a local whose declaration the jump skips).
bool mayReadFirstAfter(const Tracked &t, const clang::LabelStmt *label, clang::ASTContext &ctx,
                       const GotoPlan &plan);

/// Lowers a translation unit clang parsed without errors. Unsupported constructs go to `diags`
/// (one per function at most); nullopt when any was reported.
std::optional<ir::Program> lowerUnit(clang::ASTContext &ctx, Locator &locator, Diagnostics &diags);

} // namespace locus::c

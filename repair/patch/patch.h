// Patches as source diffs: edits of a program, stated on its IR, applied to the user's source text (GCL or
// C) — the replaced expressions printed in the file's own syntax, with its variable names — and shown as a
// unified diff. See repair/README.md ("Patches") for the data flow and the rules.
#pragma once

#include "ir/ir.h"
#include "ir/source.h"
#include "repair/patch/lex.h"

#include <optional>
#include <string>
#include <vector>

namespace locus::repair::patch {

/// One edit, in IR terms. Expression nodes of a statement are numbered in pre-order over the expressions
/// its kind uses — the value, the call arguments, the guard (`ir::forEachExprOf`, `ir::forEachNode`), the
/// order printed IR lists their ranges in; see nodeAt().
struct Edit {
  enum class Kind : uint8_t {
    Replace,      ///< the source text of expression node `node` of `stmt` becomes `expr`
    Delete,       ///< the source construct of `stmt` is deleted
    InsertBefore, ///< `insert` goes before the source construct of `stmt` (also of one that computes a
                  ///< temporary)
    InsertAfter,  ///< `insert` goes after it
    ReplaceStmt,  ///< the source construct of `stmt` is written as `insert` (same kind, or Assign and
                  ///< GetField into a variable for each other; another target, base, field or value; or
                  ///< a C declaration's indeterminate value (Nondet) as an Assign: its initializer)
    InsertThen, ///< `insert` goes into the empty then-branch (`{ }`) of the `if` whose construct holds `stmt`
    InsertElse, ///< `insert` goes into its else-branch, which is empty (`else { }`) or not written (then
                ///< `else { … }` is written after the then-branch)
    Rewrite,    ///< the whole source statement of `stmt` (declaring nothing) is written as `text`
  };
  Kind kind = Kind::Replace;
  ir::StmtId stmt = 0;
  uint32_t node = 0; ///< Replace: the node's pre-order index in `stmt`
  ir::Expr expr;     ///< Replace: the new expression, over the variables of `stmt`'s procedure
  ir::Stmt insert;   ///< Insert*: the new statement (its id, location, construct and ranges are ignored;
                     ///< InsertThen/Else: so is its guard, which is the branch's)
  /// Insert*, ReplaceStmt of a field write: the write's value is this field read (a GetField whose target is
  /// ignored), written in its place — `x.f := y.g`, one source statement for the two IR statements the
  /// lowering makes of it (Wolverine2's hidden temporary); `insert.value` is then ignored.
  std::optional<ir::Stmt> read;
  /// Insert* of a call: an argument that is a variable one of these field reads (GetFields) writes is
  /// written as the read — `hr := height(x.right)`, C `hr = height(x->right)`, one source statement for the
  /// reads into hidden temporaries and the call.
  std::vector<ir::Stmt> argReads;
  /// Insert*: a field read's base that is a variable one of these field reads (GetFields) writes is written
  /// as the read — `x := y.f.g`, `x.f := y.g.h`, one source statement for the reads into hidden temporaries
  /// and the statement.
  std::vector<ir::Stmt> baseReads;
  /// Rewrite: the statement's new source text, in the file's language (a statement that holds the old one:
  /// a call wrapped into a check of its result). Made by the method from the old text; its lines after the
  /// first carry their own indentation. Only a recompilation of the patched text tells what it means.
  std::string text;

  static Edit replace(ir::StmtId stmt, uint32_t node, ir::Expr e);
  static Edit remove(ir::StmtId stmt);
  static Edit insertBefore(ir::StmtId anchor, ir::Stmt s);
  static Edit insertAfter(ir::StmtId anchor, ir::Stmt s);
  static Edit replaceStmt(ir::StmtId stmt, ir::Stmt s);
  /// InsertThen (`elseBranch` false) or InsertElse; `ifStmt` is a statement of the `if`'s construct.
  static Edit insertInto(ir::StmtId ifStmt, bool elseBranch, ir::Stmt s);
  static Edit rewrite(ir::StmtId stmt, std::string text);
};

/// The branches of an `if` statement as written: whether its then-branch is an empty block (`{ }`, only
/// whitespace or comments inside), and whether it has an else-branch, an empty one, or one with code (a
/// statement, a block with code, an `else if`). Edit::InsertThen needs an empty then-branch, InsertElse an
/// else-branch that is empty or not written.
struct IfBranches {
  enum class Else : uint8_t { None, Empty, Written };
  bool thenEmpty = false;
  Else elseBranch = Else::None;
};

/// The branches of the `if` statement whose source text is `range` (a construct's range), or nullopt when
/// the text there is not an `if` statement whose branches can be told: its then-branch must be a block or,
/// in C, a simple statement ending at its `;` (not another `if`, a loop, a `switch`, an empty `;`).
std::optional<IfBranches> ifBranches(const ir::Program &prog, const SourceManager &sm,
                                     const SourceRange &range);

/// The expression node with pre-order index `index` in `s` (see Edit), or nullptr.
const ir::Expr *nodeAt(const ir::Stmt &s, uint32_t index);
ir::Expr *nodeAt(ir::Stmt &s, uint32_t index);
/// The pre-order index of expression node `node` of `s` (nodeAt's inverse), or ir::kNone.
uint32_t nodeIndex(const ir::Stmt &s, const ir::Expr *node);

struct FilePatch {
  std::string path; ///< as in the program's files table
  std::string before, after;
};

/// Where an edit applies in the source: its file, and the text it replaces (insertions: an empty range).
struct EditLocation {
  std::string file;
  SourceRange range; ///< file index into the program's files table
};

struct Patch {
  std::vector<FilePatch> files;        ///< the changed files, in files-table order
  std::string diff;                    ///< the unified diff of all of them
  std::vector<EditLocation> locations; ///< one per edit, in the order given
};

/// A patch, or why the edits cannot be shown as source text.
struct PatchResult {
  std::optional<Patch> patch;
  std::string error; ///< when there is no patch: the reason, e.g. "the expression 'b0' at f.c:7:3 has no
                     ///< source text of its own (the lowering made it)"
};

struct Options {
  unsigned context = 3; ///< unchanged lines around each change in the diff
};

/// Applies `edits` (of `prog`, which the front end compiled from the files in `sm`) to the source text.
/// Refused — with the reason — when an edit cannot be shown exactly as source: an expression without source
/// text of its own, a new expression using a lowering temporary that has no source form there, a variable
/// without an unambiguous name at that place, text with side effects the edit would drop, overlapping edits,
/// a statement that is not a whole source statement. Several edits of the same text with the same result
/// (a condition's copies) are one.
PatchResult render(const ir::Program &prog, const SourceManager &sm, const std::vector<Edit> &edits,
                   const Options &opts = {});

/// An expression of procedure `proc` in a language's syntax, parenthesized only where needed, variables by
/// their source names where known (their IR names otherwise), without reusing any source text.
std::string exprText(const ir::Program &prog, uint32_t proc, const ir::Expr &e, Language lang);

} // namespace locus::repair::patch

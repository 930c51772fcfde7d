// The GCL abstract syntax tree: built from the ANTLR parse tree by the parser (parser.cpp), annotated
// in place by the checker (check.cpp), consumed by the lowering (lower.cpp). Every node has a location.
#pragma once

#include "ir/ir.h"
#include "ir/source.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace locus::gcl {

/// A declaration's location written in printed IR (`@"file" line:col` or `@line:col`); line 0: none.
struct DeclTag {
  std::optional<std::string> file; ///< as written; none: the enclosing record's or procedure's file
  uint32_t line = 0;
  uint32_t col = 0;
  bool present() const { return line != 0; }
};

/// A source range written in printed IR (`line:col+length`, `line:col-line:col`); it has no file of its own
/// (the procedure's `@"file"`). line 0: none.
struct RangeTag {
  uint32_t line = 0, col = 0, endLine = 0, endCol = 0;
  bool present() const { return line != 0; }
};

/// The source information after a statement of printed IR: `^construct range (node ranges)`.
struct SrcInfoTag {
  SourceLoc loc;               ///< of the `^` (for diagnostics)
  uint32_t construct = 0;      ///< 0: none
  RangeTag range;              ///< the statement's; the parser copies it from the construct's first statement
  std::vector<RangeTag> exprs; ///< one per expression node, pre-order (value, arguments, guard)
  std::string object;          ///< a nondet statement's object (ir::Stmt::message), empty if none
};

struct TypeName {
  std::string name;  ///< the base type: "int", "int8" … "uint64", "bool" or a record name
  uint32_t dims = 0; ///< the `[]` after it: `int32[][]` is an array (dims 2) of int32 arrays
  SourceLoc loc;
  ir::Type resolved; ///< set by the checker
};

struct VarDecl; // a global, parameter, result or local

struct Expr;
using ExprPtr = std::unique_ptr<Expr>;

/// One step of a path after its variable: `.f` or `[e]`.
struct Selector {
  enum Kind {
    Field,  ///< `.f`: a field of a record
    Index,  ///< `[e]`: an element of an array
    Length, ///< `.length` of an array (the parser makes a Field; the checker tells them apart)
  };
  Kind kind = Field;
  std::string name;  ///< Field, Length
  SourceLoc loc;     ///< the field's name, or the `[`
  ExprPtr index;     ///< Index
  SourceRange range; ///< the path's text up to and including this step (file: SourceManager index)

  // Checker annotations.
  uint32_t fieldIdx = ir::kNone; ///< Field: the index of `name` in its record
  ir::Type type;                 ///< the type of the path up to and including this step
};

/// `new T`, `new T[n]`, `new T[n][]…`, with `nondet` after an array's: the right side of an allocation
/// statement, or an initializer (a local's; a global's, an array with a constant length: ir::Var::alloc).
struct Allocation {
  SourceLoc loc;          ///< of `new`
  TypeName type;          ///< T (dims 0: `new` names a base type)
  ExprPtr length;         ///< `[n]`: an array of n elements; none: a record
  uint32_t extraDims = 0; ///< the `[]` after `[n]`: the elements are arrays (`new Node[n][]`: of Node[])
  bool fill = false;      ///< `nondet`: the elements start arbitrary

  // Checker annotations.
  ir::Type resolved; ///< the new reference's type: a record's, or the array type (T plus extraDims + 1 `[]`)
};

struct Expr {
  enum Kind { IntLit, BoolLit, NullLit, Path, Unary, Binary, FloatLit };
  Kind kind = IntLit;
  SourceLoc loc;
  SourceRange range;              ///< its text, parentheses around it excluded (file: SourceManager index)
  ir::Op op = ir::Op::Not;        ///< Unary / Binary (Unary Cast: `T(e)`, T in castType)
  ir::BigInt value;               ///< IntLit (already negated for `-123`), BoolLit 0/1; FloatLit: ir/floats.h
  std::optional<ir::Type> suffix; ///< IntLit written with a type suffix (`255u8`); none: an untyped literal;
                                  ///< FloatLit: its float type
  ir::Type castType;              ///< Cast: the target int or float type
  /// Path: `x`, `x.f.g`, `a[i][j]`, `p.items[i].val`, `a.length`: the variable `name`, then its selectors.
  std::string name;
  std::vector<Selector> selectors;
  std::vector<ExprPtr> args; ///< Unary: 1, Binary: 2

  // Checker annotations.
  ir::Type type;
  const VarDecl *decl = nullptr; ///< Path: the variable `name` refers to

  /// A path that reads the heap (has selectors)?
  bool isAccess() const { return kind == Path && !selectors.empty(); }
};

struct Stmt;
using StmtPtr = std::unique_ptr<Stmt>;

struct Block {
  SourceLoc loc;
  std::vector<StmtPtr> stmts;
};

struct VarDecl {
  std::string name;
  SourceLoc loc;
  TypeName type;
  ExprPtr init;                      ///< optional initializer
  std::unique_ptr<Allocation> alloc; ///< an initializer that is an allocation (instead of `init`)
  ir::VarKind kind = ir::VarKind::Local;
  DeclTag tag;
  bool isTemp = false; ///< declared with `temp` (a lowering temporary in printed IR)
};

struct Stmt {
  enum Kind {
    Guarded,   ///< [guard] inner
    LocalDecl, ///< var x: T [:= e], …
    Assign,    ///< lhs := value     (lhs a path; `x.f := e` is a putfield, `x := y.f` a getfield)
    New,       ///< lhs := new T, new T[n]…
    Nondet,    ///< lhs := nondet
    Call,      ///< [lhs :=] callee(args)
    Assume,
    Assert,
    Halt,
    Return, ///< return [value]
    Skip,
    Break,
    Continue,
    If,        ///< if (value) then else (else optional; an `else if` is an If inside elseBlock)
    While,     ///< while (value) then
    Concrete,  ///< concrete then
    BlockStmt, ///< { then }
    Print,     ///< print "fmt", args
    Scan,      ///< [lhs :=] scan "fmt", args (args: variables)
  };
  Kind kind = Skip;
  SourceLoc loc;
  SourceRange range; ///< its text, tag and source information excluded (file: SourceManager index)
  /// From a printed-IR tag `#id @line:col`: the statement's IR id and original location.
  std::optional<ir::StmtId> tagId;
  std::optional<SourceLoc> tagLoc;
  /// From printed IR: the construct id and source ranges written after the statement.
  std::optional<SrcInfoTag> srcInfo;

  ExprPtr guard;                               ///< Guarded
  StmtPtr inner;                               ///< Guarded
  std::vector<std::unique_ptr<VarDecl>> decls; ///< LocalDecl
  ExprPtr lhs;                                 ///< Assign/New/Nondet/Call: a Path expression (Call: optional)
  ExprPtr value; ///< Assign rhs, Assume/Assert/If/While condition, Return value, Halt status
  std::unique_ptr<Allocation> alloc; ///< New
  std::string callee;                ///< Call
  SourceLoc calleeLoc;               ///< Call
  std::vector<ExprPtr> args;         ///< Call, Print, Scan
  std::string message;               ///< Assert (unquoted); Print, Scan: the format
  SourceLoc messageLoc;              ///< Print, Scan: the format's location
  std::unique_ptr<Block> then;       ///< If, While, Concrete, BlockStmt
  std::unique_ptr<Block> elseBlock;  ///< If (optional)
  uint32_t unwind = 0;               ///< While: `unwind K` (0: none)
  std::vector<ExprPtr> invariants;   ///< While: its `invariant e` clauses (a conjunction)

  // Checker annotations.
  struct ProcDecl *calleeDecl = nullptr;
};

struct Contract {
  bool isRequires = true;
  SourceLoc loc;
  SourceRange range;            ///< `requires e` / `ensures e` (file: SourceManager index)
  ExprPtr expr;                 ///< `requires e`
  std::unique_ptr<Block> block; ///< `requires { … }` (printed IR)
};

struct FieldDecl {
  std::string name;
  SourceLoc loc;
  TypeName type;
  DeclTag tag;
};

struct TypeDecl {
  std::string name;
  SourceLoc loc;
  DeclTag tag;
  std::vector<FieldDecl> fields;
};

struct ProcDecl {
  std::string name;
  SourceLoc loc;
  bool isTest = false;
  std::optional<std::string> fileAnnot; ///< `@"file"`: file of tagged statement locations
  DeclTag tag;                          ///< `@"file" line:col`: the procedure's own location (printed IR)
  std::vector<std::unique_ptr<VarDecl>> params;
  std::unique_ptr<VarDecl> result; ///< optional
  std::vector<Contract> contracts;
  std::unique_ptr<Block> body;
  uint32_t unwind = 0; ///< `unwind K`: its recursion bound (0: none)
};

struct Import {
  std::string path; ///< as written, unquoted
  SourceLoc loc;
};

/// One parsed file.
struct Module {
  uint32_t file = 0; ///< SourceManager index
  std::vector<Import> imports;
  std::vector<std::unique_ptr<TypeDecl>> types;
  std::vector<std::unique_ptr<VarDecl>> globals;
  std::vector<std::unique_ptr<ProcDecl>> procs; ///< procedures and tests, in source order
};

/// A program: the main module and everything it imports (transitively), imports first, each once.
struct Unit {
  std::vector<std::unique_ptr<Module>> modules;
};

} // namespace locus::gcl

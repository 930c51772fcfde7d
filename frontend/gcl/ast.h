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
};

struct TypeName {
  std::string name; ///< "int", "int8" … "uint64", "bool" or a record name
  SourceLoc loc;
  ir::Type resolved; ///< set by the checker
};

struct VarDecl; // a global, parameter, result or local

struct Expr;
using ExprPtr = std::unique_ptr<Expr>;

struct Expr {
  enum Kind { IntLit, BoolLit, NullLit, Path, Unary, Binary };
  Kind kind = IntLit;
  SourceLoc loc;
  SourceRange range;              ///< its text, parentheses around it excluded (file: SourceManager index)
  ir::Op op = ir::Op::Not;        ///< Unary / Binary (Unary Cast: `T(e)`, T in castType)
  ir::BigInt value;               ///< IntLit (already negated for `-123`), BoolLit 0/1
  std::optional<ir::Type> suffix; ///< IntLit written with a type suffix (`255u8`); none: an untyped literal
  ir::Type castType;              ///< Cast: the target int type
  /// Path: `x` or `x.f.g`; names[0] is the variable, the rest are fields.
  std::vector<std::string> names;
  std::vector<SourceLoc> nameLocs;
  std::vector<ExprPtr> args; ///< Unary: 1, Binary: 2

  // Checker annotations.
  ir::Type type;
  const VarDecl *decl = nullptr;  ///< Path: the variable names[0] refers to
  std::vector<uint32_t> fieldIdx; ///< Path: field index for names[1..]
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
  ExprPtr init; ///< optional initializer
  ir::VarKind kind = ir::VarKind::Local;
  DeclTag tag;
  bool isTemp = false; ///< declared with `temp` (a lowering temporary in printed IR)
};

struct Stmt {
  enum Kind {
    Guarded,   ///< [guard] inner
    LocalDecl, ///< var x: T [:= e], …
    Assign,    ///< lhs := value     (lhs a path; `x.f := e` is a putfield, `x := y.f` a getfield)
    New,       ///< lhs := new T
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
  ExprPtr value;               ///< Assign rhs, Assume/Assert/If/While condition, Return value, Halt status
  std::string typeName;        ///< New
  SourceLoc typeLoc;           ///< New
  std::string callee;          ///< Call
  SourceLoc calleeLoc;         ///< Call
  std::vector<ExprPtr> args;   ///< Call, Print, Scan
  std::string message;         ///< Assert (unquoted); Print, Scan: the format
  SourceLoc messageLoc;        ///< Print, Scan: the format's location
  std::unique_ptr<Block> then; ///< If, While, Concrete, BlockStmt
  std::unique_ptr<Block> elseBlock; ///< If (optional)
  uint32_t unwind = 0;              ///< While: `unwind K` (0: none)

  // Checker annotations.
  uint32_t recordIdx = ir::kNone; ///< New: the record
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

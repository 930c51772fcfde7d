// The lowering's classes and shared helpers, whose definitions are split by concern (README.md's table):
// lower.cpp, unit.cpp, expr.cpp, call.cpp, stmt.cpp, io.cpp, types.cpp, memory.cpp, objects.cpp. The scheme
// is in frontend/c/README.md. Internal to frontend/c.
#pragma once

#include "frontend/c/goto.h"
#include "frontend/c/internal.h"
#include "frontend/c/pragma.h"
#include "ir/ir.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/Decl.h>
#include <clang/AST/Expr.h>
#include <clang/AST/Stmt.h>

#include <deque>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace locus::c {
struct FormatPiece;
}

namespace locus::c::lower {

namespace cl = clang;
using ir::Expr;
using ir::VarRef;

constexpr uint64_t kMaxArray = 64; ///< argv elements modelled at most
/// Arguments modelled for a main that indexes argv with a variable (README.md, *Standard input and output*).
constexpr uint64_t kArgvModelled = 16;
/// The lowering recurses on clang's AST; deeper expressions and statements are a located error (it runs on
/// a 256 MB stack, parse.cpp: far more than 10 000 levels need, even with the sanitizers' larger frames).
constexpr int kMaxDepth = 10000;
/// IR expressions deeper than this are split through temporaries (see FnLowering::rv).
constexpr int kMaxIrDepth = 64;
/// The offset of a fat pointer to the n-th address-taken field of a record is n · kFieldStride (README.md,
/// *Memory model*): arithmetic on it then never reaches another field.
constexpr int64_t kFieldStride = int64_t(1) << 32;
/// The largest array a C declaration may have (the IR's limit).
constexpr uint64_t kMaxObjectElems = static_cast<uint64_t>(ir::kMaxArrayLength);

/// Thrown after an unsupported construct was reported: abandons the current function.
struct Unsupported {};

/// Names the IR cannot use: GCL keywords, and `temp` (printed IR's temporary declarations start with it).
bool isKeyword(const std::string &s);
/// An enclosing guard copied into a condition `g and c`: without its range.
Expr bare(Expr g);
bool isAtom(const Expr &e);
bool isLiteral(const Expr &e);
template <typename F> void forEachVar(const Expr &e, F &&f) {
  if (e.kind == Expr::VarUse)
    f(e.var);
  for (const Expr &a : e.args)
    forEachVar(a, f);
}
/// The IR type of a C scalar: an integer type (int8 … uint64), _Bool (bool), float (float32) or double
/// (float64); nullopt for others (long double included) and for integer widths the IR has not.
std::optional<ir::Type> intType(cl::QualType t, const cl::ASTContext &ctx);
/// The value of a clang integer constant as a BigInt (signed or unsigned as its type).
ir::BigInt bigOf(const llvm::APSInt &v);
/// The literal v of IR type t (an int type: v converted as C converts; bool: v != 0).
Expr literal(const ir::BigInt &v, ir::Type t);
bool isStructValue(cl::QualType t);
/// An int64 literal.
Expr i64(int64_t v);
/// `e` as an int64 (a cast unless it is one; literals folded).
Expr toI64(Expr e);
/// `a + b` / `a * b` in int64, folded when a side is a literal 0 (1).
Expr addI64(Expr a, Expr b);
Expr mulI64(Expr a, Expr b);
/// A literal 0, false or null.
bool isZeroLit(const Expr &e);
/// `a == b` of two parts of pointers (true for two null literals; literals folded).
Expr eqParts(const Expr &a, const Expr &b);
/// `a != null` (false for a null literal).
Expr nonNull(const Expr &a);
/// A conjunction / disjunction of bool expressions (true / false for none).
Expr allOf(std::vector<Expr> es);
Expr anyOf(std::vector<Expr> es);
/// An operation on literals computed now when both integer modes agree.
Expr fold(Expr e);
/// The depth of an expression tree, counted up to `cap`.
int exprDepth(const Expr &e, int cap);

/// The values of a C expression whose type is one or more IR parts (a fat pointer: README.md, *Memory
/// model*).
using Parts = std::vector<Expr>;

/// The representation of a pointer `U *` with U not a struct (a *fat pointer*): its cell arrays (one per part
/// of the cell type: U with its array dimensions stripped), then one reference per record with an
/// address-taken field of the cell type, then the offset.
struct PtrShape {
  cl::QualType cell;  ///< the cell type (U, or the element type of the array U)
  int64_t stride = 1; ///< cells per step (U an array of N cells: N)
  std::vector<ir::Type> cells;
  struct Rec {
    uint32_t record;
    std::vector<uint32_t> fields; ///< the first IR field of each address-taken field of the cell type
  };
  std::vector<Rec> records;
  size_t size() const { return cells.size() + records.size() + 1; }
  size_t offIndex() const { return cells.size() + records.size(); }
  std::vector<ir::Type> types() const;
};

/// One IR value of a C object (README.md, *Parts*): its type and name suffix; an array object the value owns
/// (an array field of a struct) has its length in `owned`.
struct Part {
  ir::Type type;
  std::string suffix;
  int64_t owned = -1;
};

/// Where a C variable lives in the IR.
struct VarInfo {
  /// Plain: one IR variable per part (a scalar, a pointer, a scalarized struct; or folded constants).
  /// Array: one IR variable per part of the element type, each holding an array of all the elements
  /// (multi-dimensional arrays flattened). Box: one variable per part holding a 1-element array (a scalar
  /// whose address is taken). Node: one reference to a heap node (a struct whose address is taken).
  enum Kind { Plain, Array, Box, Node } kind = Plain;
  bool isStruct = false; ///< a struct value (Plain: one entry of refs per part, in leaf order; or Node)
  bool isConst = false;
  bool isArgv = false;      ///< main's `argv`: only read through atoi/atol/strtol (io.cpp); refs: argv_0 …
  ir::Type type;            ///< a single-part scalar's IR type
  cl::QualType ctype;       ///< the C type (an array: its element type; a struct: the struct type)
  std::vector<Expr> elems;  ///< the parts' values (VarUse, or literals when const); Array/Box: the arrays
  std::vector<VarRef> refs; ///< the variables (empty when const)
  std::vector<Expr> dims;   ///< Array: the length of each dimension (int64 literals, a VLA's temporaries)
  std::string name;         ///< the C name
};

/// Every `&` in the file (README.md, *Memory model*): the variables whose address is taken (a scalar is
/// boxed, a struct lives in a heap node), and per record the address-taken scalar leaves.
struct AddressTaken {
  std::set<const cl::VarDecl *> vars; ///< canonical declarations
  /// Per record definition, in order of first use: the field chains (outer to inner) whose address is taken.
  std::vector<std::pair<const cl::RecordDecl *, std::vector<std::vector<const cl::FieldDecl *>>>> fields;
};
AddressTaken findAddressTaken(cl::ASTContext &ctx);

class UnitLowering;

/// Lowering of one function.
class FnLowering {
public:
  FnLowering(UnitLowering &u, const cl::FunctionDecl *fd, ir::Procedure &p);
  void run();

private:
  /// An lvalue of a scalar or pointer type (one or more parts).
  struct LVal {
    /// Var: variables; Field: consecutive fields of a node; Elem: the same element of parallel arrays (an
    /// array element, a box, a fat pointer's target without record parts); Deref: a fat pointer's target that
    /// may be a record field (a case split); Const: folded values; Argv: main's argv_i.
    enum Kind { Var, Field, Elem, Deref, Const, Argv } kind = Var;
    std::vector<VarRef> vars;        ///< Var
    VarRef var;                      ///< Field: the base reference variable
    uint32_t field = 0;              ///< Field: the first field
    Parts arrays;                    ///< Elem: one array per part; Deref: the pointer's parts
    Expr index;                      ///< Elem: the index; Deref: the offset added to the pointer's; Argv
    Parts constant;                  ///< Const
    const PtrShape *shape = nullptr; ///< Deref
    const VarInfo *array = nullptr;  ///< Argv
    size_t parts = 1;
    cl::QualType ctype; ///< the C type of the object
    const cl::Expr *node = nullptr;
  };
  struct Breakable {
    bool isSwitch = false;
    bool isRegion = false;          ///< the loop of a backward goto (C's break and continue pass through it)
    const cl::Expr *cond = nullptr; ///< loops: the condition recomputed (null: none)
    const cl::Expr *inc = nullptr;  ///< for loops: the increment
    std::optional<VarRef> temp;     ///< the loop's condition variable
    SourceLoc condLoc;
    std::optional<VarRef> contFlag;  ///< switch, region: set by a `continue` of an enclosing loop
    std::optional<VarRef> breakFlag; ///< region: set by a `break` of an enclosing loop or switch
    uint32_t construct = 0;          ///< the loop's construct and range (its condition's recomputes)
    SourceRange range;
    uint32_t incConstruct = 0; ///< the increment's own construct and range
    SourceRange incRange;
  };
  struct Checkpoint {
    size_t out, vars;
    unsigned boolTemps, otherTemps;
  };
  /// A struct value (or a struct-typed part of one) as a range of parts (UnitLowering::Leaf): parts
  /// first..first+count-1 of a struct variable, fields first.. of the node a reference variable holds, or
  /// element `index` of the arrays of an array of structs.
  struct StructObj {
    const VarInfo *var = nullptr; ///< the struct variable; null: a node or an element
    VarRef node;                  ///< a reference variable holding the node
    Parts arrays;                 ///< an element of an array of structs: the arrays (one per part), and
    Expr index;                   ///< the index
    uint32_t first = 0, count = 0;
    const cl::Expr *expr = nullptr;
    bool isElem() const { return !var && !arrays.empty(); }
  };
  /// An array-typed lvalue: element `off` of the arrays (one per part of the element type) starts it; a row
  /// of a multi-dimensional array has `rowLen` elements of its type (checked by subscripts).
  struct ArrayObj {
    Parts arrays;
    Expr off;
    std::vector<std::optional<Expr>> dims; ///< its dimensions (the first unknown through a pointer)
    bool row = false;                      ///< a part of a larger array: subscripts check the first dimension
    int dimNo = 1;                         ///< which dimension of the whole array its first is
  };

  // ---- variables, temporaries, guards, conversions (lower.cpp); expressions, lvalues, struct values
  // (expr.cpp); calls and built-ins (call.cpp); standard input and output (io.cpp) ----
  [[noreturn]] void unsupported(const cl::Stmt *s, const std::string &what);
  [[noreturn]] void unsupported(cl::SourceLocation l, const std::string &what);
  void admit(const cl::Stmt *s);
  void admitDecl(const cl::Decl *d);
  SourceLoc irLoc(cl::SourceLocation l);
  std::string text(const cl::Stmt *s) const;
  ir::Type irType(cl::QualType t, cl::SourceLocation where, const std::string &what);

  bool taken(const std::string &n) const;
  uint32_t addVar(const std::string &base, ir::Type t, ir::VarKind k, SourceLoc loc);
  VarRef temp(ir::Type t);
  bool isUserVar(const Expr &e) const;
  ir::Type typeOf(VarRef v) const;
  Expr use(VarRef v) const { return Expr::varUse(v, typeOf(v)); }
  const VarInfo &varInfo(const cl::VarDecl *vd, const cl::Stmt *at);
  void collectNames(const cl::Stmt *s);

  ir::Stmt make(ir::Stmt::Kind k, const Expr &g);
  ir::Stmt assign(const Expr &g, VarRef lhs, Expr v);
  void emit(ir::Stmt s) { out_->push_back(std::move(s)); }
  Checkpoint checkpoint() const;
  void rollback(const Checkpoint &c);

  Expr atomize(Expr e, const Expr &g);
  Expr conj(const Expr &g, const Expr &c, bool negate);
  Expr guardAnd(const Expr &g, Expr e);
  Expr materialize(Expr e, const Expr &g);
  Expr settle(Expr e, size_t mark, const Expr &g);

  Expr asBool(Expr v);
  Expr asInt(Expr v, ir::Type t, const Expr &g);
  Expr asFloat(Expr v, ir::Type t, const Expr &g);
  ir::Type floatTypeOf(const cl::Expr *e);
  ir::Type floatOrIntTypeOf(const cl::Expr *e);
  Expr coerce(Expr v, ir::Type t, const Expr &g);
  Expr convert(Expr v, cl::QualType to, const Expr &g);
  Expr rvAs(const cl::Expr *e, ir::Type t, const Expr &g);
  ir::Type intTypeOf(const cl::Expr *e);
  std::optional<Expr> folded(const cl::Expr *e);
  Expr intOp(ir::Op op, Expr a, Expr b, const cl::Expr *e, const Expr &g);

  Expr rv(const cl::Expr *e, const Expr &g);
  Expr rvImpl(const cl::Expr *e, const Expr &g);
  Expr cond(const cl::Expr *e, const Expr &g) {
    if (llvm::isa<cl::StringLiteral>(e->IgnoreParenImpCasts())) // assert(c && "message")
      return Expr::boolLit(true);
    return asBool(rv(e, g));
  }
  void effect(const cl::Expr *e, const Expr &g);
  Expr castExpr(const cl::CastExpr *ce, const Expr &g);
  Expr stmtExpr(const cl::StmtExpr *se, const Expr &g, bool wantValue);
  Expr unaryExpr(const cl::UnaryOperator *uo, const Expr &g, bool wantValue);
  Expr binaryExpr(const cl::BinaryOperator *bo, const Expr &g);
  Expr assignExpr(const cl::BinaryOperator *bo, const Expr &g, bool wantValue);
  Expr ternary(const cl::ConditionalOperator *co, const Expr &g, bool wantValue);
  bool assertPattern(const cl::ConditionalOperator *co, const Expr &g);
  Expr call(const cl::CallExpr *ce, const Expr &g, bool wantValue, std::optional<VarRef> target);
  Expr builtin(const cl::CallExpr *ce, const std::string &name, const Expr &g, bool wantValue,
               std::optional<VarRef> target);
  Expr newObject(const cl::CallExpr *ce, cl::QualType ptrType, const Expr &g, std::optional<VarRef> target);
  // Standard input and output, main's command line (README.md, *Standard input and output*).
  Expr argvNumber(const cl::CallExpr *ce, const std::string &name, const Expr &g);
  static bool isCtype(const std::string &name);
  Expr ctypeCall(const cl::CallExpr *ce, const std::string &name, const Expr &g);
  Expr absCall(const cl::CallExpr *ce, const std::string &name, const Expr &g);
  Expr getcharCall(const cl::CallExpr *ce, const Expr &g);
  Expr strcmpCall(const cl::CallExpr *ce, const Expr &g);
  Expr strcpyCall(const cl::CallExpr *ce, const std::string &name, const Expr &g, bool wantValue);
  Expr strlenCall(const cl::CallExpr *ce, const Expr &g);
  Parts stringParts(const cl::Expr *e, const Expr &g);
  Expr stringBytes(const Parts &str, const Expr &g,
                   const std::function<void(const Expr &c, const Expr &on)> &each);
  Expr printCall(const cl::CallExpr *ce, const std::string &name, const Expr &g, bool wantValue);
  Expr scanCall(const cl::CallExpr *ce, const std::string &name, const Expr &g, bool wantValue);
  const cl::VarDecl *argvDecl_ = nullptr; ///< main's argv parameter
  bool argvAccess_ = false;               ///< while argvNumber reads argv[i]
  std::optional<VarRef> argcCopy_;        ///< argc as main received it
  const cl::CallExpr *allocCall(const cl::Expr *e) const;
  bool rvInto(VarRef target, cl::QualType targetType, const cl::Expr *e, const Expr &g);
  void assertStmt(Expr v, const std::string &msg, const Expr &g);

  LVal lvalue(const cl::Expr *e, const Expr &g);
  Expr load(const LVal &lv, const Expr &g);
  void store(const LVal &lv, Expr v, const Expr &g);
  void settleLVal(LVal &lv, size_t mark, const Expr &g);

  [[noreturn]] void wholeStruct(const cl::Expr *e, const std::string &name);
  StructObj structObj(const cl::Expr *e, const Expr &g);
  void copyStruct(StructObj dst, const StructObj &src, size_t mark, const Expr &g, bool deep = true);
  void structAssign(const cl::BinaryOperator *bo, const Expr &g);
  void structInit(const StructObj &dst, const cl::Expr *init, const Expr &g);
  const VarInfo &callResult(const cl::CallExpr *ce, const Expr &g);
  std::deque<VarInfo> structTemps_; ///< struct values of calls, copied out of the callee's result globals
  LVal partLVal(const StructObj &o, uint32_t k, uint32_t n, cl::QualType ctype, const cl::Expr *node);

  // ---- memory: fat pointers, arrays, accesses (memory.cpp); allocation, copies, objects (objects.cpp) ----
  bool isFat(cl::QualType t) const;
  const PtrShape &shapeOf(cl::QualType ptrType, cl::SourceLocation where);
  Parts ptr(const cl::Expr *e, const Expr &g);
  Parts ptrImpl(const cl::Expr *e, const Expr &g);
  Parts nullPtr(const PtrShape &s) const;
  Expr ptrNull(const Parts &p, const PtrShape &s) const;
  Expr ptrEqual(const Parts &p, const Parts &q) const;
  Expr sameObject(const Parts &p, const Parts &q, const PtrShape &s) const;
  Parts addressOf(const cl::Expr *obj, const cl::Expr *at, const Expr &g);
  ArrayObj arrayObject(const cl::Expr *e, const Expr &g);
  ArrayObj rowOf(ArrayObj outer, const cl::ArraySubscriptExpr *ase, const Expr &g);
  void innerCheck(const ArrayObj &row, const Expr &i, const cl::ArraySubscriptExpr *ase, const Expr &g);
  /// The subscript of `ao[i]`, evaluated after the object (both settled), checked against an inner row's
  /// dimension: i itself (rowOf and elementIndex place it).
  Expr subscriptIndex(ArrayObj &ao, const cl::ArraySubscriptExpr *ase, const Expr &g);
  /// `ao[i]`: the element's index in the flat array (the object's offset plus subscriptIndex).
  Expr elementIndex(ArrayObj &ao, const cl::ArraySubscriptExpr *ase, const Expr &g);
  StructObj memberBase(const cl::MemberExpr *me, const cl::Expr *at, const char *notField,
                       const char *notStruct, const Expr &g, const cl::FieldDecl *&fd);
  Parts decay(const cl::CastExpr *ce, const Expr &g);
  VarRef refVar(const Expr &e, const Expr &g);
  Expr getElem(const Expr &array, const Expr &index, const Expr &g);
  void putElem(const Expr &array, const Expr &index, Expr v, const Expr &g);
  void fieldCheck(const LVal &lv, const Expr &off, const Expr &g);
  void forEachField(const LVal &lv, const Expr &off, const Expr &g,
                    const std::function<void(const Expr &, VarRef, uint32_t)> &f);
  LVal deref(Parts p, const PtrShape &s, Expr k, cl::QualType ctype, const cl::Expr *node);
  LVal subscript(const cl::ArraySubscriptExpr *ase, const Expr &g);
  LVal derefLVal(const cl::UnaryOperator *uo, const Expr &g);
  Parts loadParts(const LVal &lv, const Expr &g);
  void storeParts(const LVal &lv, Parts v, const Expr &g);
  Parts materializeParts(Parts p, const Expr &g);
  Parts stableParts(Parts p, const Expr &g);
  void settleParts(Parts &p, size_t mark, const Expr &g);
  Expr ptrCompare(const cl::BinaryOperator *bo, const Expr &g);
  Expr ptrDiff(const cl::BinaryOperator *bo, const Expr &g);
  Parts ptrAssign(const cl::BinaryOperator *bo, const Expr &g, bool wantValue);
  Parts ptrIncDec(const cl::UnaryOperator *uo, const Expr &g, bool wantValue);
  Parts ptrTernary(const cl::ConditionalOperator *co, const Expr &g);
  Parts ptrCall(const cl::CallExpr *ce, const Expr &g);
  Parts newArrays(const cl::CallExpr *ce, cl::QualType ptrType, const Expr &g);
  Expr memCall(const cl::CallExpr *ce, const std::string &name, const Expr &g, bool wantValue, Parts *result);
  std::optional<Expr> elementCount(const cl::Expr *size, cl::QualType elem, const Expr &g);
  /// A loop `j := 0; while (j < n) { body(j); j := j + 1 }` (down: j from n - 1 to 0) under g, with its own
  /// unwinding bound n when n is a constant.
  void countedLoop(Expr n, const Expr &g, bool down, const std::function<void(Expr j)> &body);
  void allocArray(VarRef v, Expr len, bool fill, const Expr &g);
  void copyElements(const Parts &dst, Expr dstOff, const Parts &src, Expr srcOff, Expr n, const Expr &g,
                    bool down = false);
  Parts valuesOf(const cl::Expr *e, const std::vector<ir::Type> &types, const Expr &g);
  Parts resultParts(const VarInfo &res, const cl::CallExpr *ce, const Expr &g);
  void declareArray(const cl::VarDecl *vd, VarInfo &info, const Expr &g);
  void initElements(const Parts &arrays, const cl::Expr *init, cl::QualType t, int64_t base, const Expr &g);
  void newNodeArrays(VarRef node, uint32_t rec, cl::QualType structType, bool zero, const Expr &g);
  /// Allocates a local's objects (an array, its boxes, its node, its array fields) at its declaration, or
  /// where a jump skips it; `fill`: with indeterminate contents.
  void createObjects(const VarInfo &v, bool fill, const Expr &g);
  /// Part k of a struct object gets a nondet value.
  void havocPart(const StructObj &o, uint32_t k, const Expr &g);
  Expr lengthOf(const VarInfo &v) const;

  // ---- statements (stmt.cpp) ----
  void stmt(const cl::Stmt *s, const Expr &g);
  void localDecl(const cl::VarDecl *vd, const Expr &g, bool initialize);
  void ifStmt(const cl::IfStmt *s, const Expr &g);
  void loop(const cl::Stmt *s, const cl::Expr *c, const cl::Expr *inc, const cl::Stmt *body, bool isDo,
            const Expr &g);
  void recompute(const Breakable &b, const Expr &g);
  Expr loopInvariant(const cl::Stmt *body);
  /// The `__builtin_assume` calls of `#pragma locus invariant` lines loopInvariant took (not statements).
  std::unordered_set<const cl::Stmt *> invariantCalls_;
  void continueStmt(const Expr &g, size_t depth);
  void breakStmt(const Expr &g, size_t depth);
  void switchStmt(const cl::SwitchStmt *s, const Expr &g);
  void returnStmt(const cl::ReturnStmt *s, const Expr &g);

  // ---- goto (stmt.cpp; the plan: goto.h; the scheme: README.md) ----
  GotoPlan plan_;
  std::optional<VarRef> jump_;         ///< the code of the jump in progress, 0: none
  const cl::Stmt *wrapping_ = nullptr; ///< a single statement being lowered inside its region's loop
  void compound(const cl::CompoundStmt *cs, const Expr &g);
  void sequence(const cl::CompoundStmt *cs, size_t from, size_t to, const Expr &g, bool mayStartJumping,
                bool regionsHere);
  void regionLoop(const cl::CompoundStmt *cs, size_t first, size_t last, const cl::Stmt *single,
                  const GotoPlan::Region &r, const Expr &g);
  void gotoStmt(const cl::GotoStmt *s, const Expr &g);
  void labelStmt(const cl::LabelStmt *s, const Expr &g);
  void gotoIfStmt(const cl::IfStmt *s, const Expr &g);
  Expr noJump() const;
  Expr jumpIn(GotoPlan::Range r) const;
  Expr disj(const Expr &a, Expr b);
  void escapeCheck(const cl::Stmt *s);
  void havocAll(const VarInfo &v, const Expr &g);
  /// Parameters whose address is taken (boxed, or a node) or that own arrays (struct fields copied by value):
  /// their IR parameters, moved into their objects at the start (paramSetup).
  std::vector<std::pair<const cl::ParmVarDecl *, Parts>> paramObjects_;
  void paramSetup();
  bool readBeforeWrite(const VarInfo &v, const cl::VarDecl *vd, const cl::LabelStmt *label) const;

  UnitLowering &u_;
  ir::Program &prog_;
  const cl::FunctionDecl *fd_;
  ir::Procedure &p_;
  std::set<std::string> sourceNames_, used_;
  std::unordered_map<const cl::VarDecl *, VarInfo> locals_;
  unsigned boolTemps_ = 0, otherTemps_ = 0;
  std::vector<ir::Stmt> *out_ = nullptr;
  SourceLoc loc_;
  std::vector<Breakable> breakables_;
  int depth_ = 0;          ///< nesting of the expression or statement being lowered
  uint32_t construct_ = 0; ///< the construct of the statements being made, and its source range
  SourceRange range_;
  bool forHeader_ = false; ///< lowering a `for` loop's initialization (no `;` of its own)
  /// The compound statements being lowered, innermost last: the statement being lowered is body[index],
  /// and `declared` are the variables declared directly in it so far.
  struct Block {
    const cl::CompoundStmt *stmt;
    size_t index = 0;
    std::set<const cl::VarDecl *> declared;
  };
  std::vector<Block> blocks_;
  /// Set while lowering `p = malloc(…)` (a declaration or an expression statement) where `p` is a local of
  /// the innermost block: the code after it, in which the new node's fields are scanned (uninit.cpp).
  struct AllocScope {
    VarRef target;
    const cl::VarDecl *var;
    std::vector<const cl::Stmt *> rest;
  };
  std::optional<AllocScope> allocScope_;
  std::optional<std::vector<const cl::Stmt *>> restOfBlock(const cl::Stmt *s,
                                                           std::vector<const cl::Stmt *> first = {}) const;
  void havoc(VarRef v, const Expr &g, std::string object = {});
  Expr strncpyCall(const cl::CallExpr *ce, const Expr &g, bool wantValue);
  const VarInfo &divResult(const cl::CallExpr *ce, const std::string &name, const Expr &g);
  std::optional<VarRef> scanSegment(const cl::CallExpr *ce, const std::vector<FormatPiece> &pieces,
                                    size_t from, size_t to, unsigned k, const Expr &g, bool wantCount);
  Expr scanStrings(const cl::CallExpr *ce, const std::vector<FormatPiece> &pieces, unsigned k, const Expr &g,
                   bool wantValue);
  /// printCall: the literal chosen for each `c ? "a" : "b"` argument of the call being lowered.
  std::map<const cl::Expr *, const cl::Expr *> chosen_;
  const cl::DeclStmt *curDecl_ = nullptr; ///< the declaration statement being lowered
  std::optional<std::vector<const cl::Stmt *>> laterCode(const cl::VarDecl *vd) const;

  /// Counts one level of recursion over the AST; beyond kMaxDepth the construct is reported (at `at`).
  struct DepthGuard {
    FnLowering &f;
    DepthGuard(FnLowering &fl, const cl::Stmt *at);
    ~DepthGuard() { --f.depth_; }
    DepthGuard(const DepthGuard &) = delete;
    DepthGuard &operator=(const DepthGuard &) = delete;
  };
};

/// Unit-wide state: the program being built, declaration maps, the temporary files table.
class UnitLowering {
public:
  UnitLowering(cl::ASTContext &ctx, Locator &locator, Diagnostics &diags)
      : ctx_(ctx), csm_(ctx.getSourceManager()), locator_(locator), diags_(diags),
        pragmas_(locator.sources()) {}

  std::optional<ir::Program> run();

  SourceLoc smLoc(cl::SourceLocation l) { return locator_.get(csm_, l); }
  /// A location in the temporary files table (remapped to first-use order at the end).
  SourceLoc irLoc(cl::SourceLocation l) {
    SourceLoc s = smLoc(l);
    if (s.valid())
      s.file = pathIndex(locator_.sources().path(s.file));
    return s;
  }
  uint32_t pathIndex(const std::string &path) {
    auto [it, fresh] = pathIdx_.emplace(path, static_cast<uint32_t>(paths_.size()));
    if (fresh)
      paths_.push_back(path);
    return it->second;
  }
  [[noreturn]] void unsupported(cl::SourceLocation l, const std::string &what) {
    error(l, "unsupported C construct: " + what);
  }
  void admitDecl(const cl::Decl *d);
  /// Reports an error at l and abandons the current function.
  [[noreturn]] void error(cl::SourceLocation l, const std::string &msg) {
    diags_.error(smLoc(l), msg);
    throw Unsupported{};
  }
  std::string uniqueName(const std::string &base) {
    std::string name = base;
    for (unsigned i = 1; isKeyword(name) || unitNames_.count(name); ++i)
      name = base + "_" + std::to_string(i);
    unitNames_.insert(name);
    return name;
  }
  SourceRange exprRange(const cl::Expr *e);
  SourceRange stmtRange(const cl::Stmt *s, bool semi);
  SourceRange charRange(cl::CharSourceRange r);
  /// A construct id (renumbered in program order at the end).
  uint32_t freshConstruct() { return ++lastConstruct_; }
  std::string text(const cl::Stmt *s) const;

  // ---- types and parts (types.cpp) ----
  /// The IR type of a single-part C type (an integer, _Bool, a struct pointer), or unsupported (`what` names
  /// the declaration for the message).
  ir::Type irType(cl::QualType t, cl::SourceLocation where, const std::string &what);
  /// The record of struct `rd` with its fields; reserveRecord only names it (buildRecords gives the fields),
  /// so that a record's fields can refer to pointer shapes that refer to the record.
  uint32_t recordFor(const cl::RecordDecl *rd, cl::SourceLocation where);
  uint32_t reserveRecord(const cl::RecordDecl *rd, cl::SourceLocation where);
  void buildRecords();
  /// A part of a struct: nested struct fields are expanded depth first, so `s.t.a` is a leaf of `s` with the
  /// path `t_a` (an anonymous member adds nothing to the path); a pointer leaf is several parts.
  struct Leaf {
    std::string path;
    ir::Type type;
    std::vector<const cl::FieldDecl *> chain; ///< the fields from the outer struct down to the leaf
    int64_t owned = -1;                       ///< an array field: its (flattened) length
    uint32_t part = 0;                        ///< which part of the leaf's C value
  };
  /// The parts of struct `def`, or unsupported. Errors are located at `where` (a variable, a parameter, …;
  /// `what` names it) or, for a heap record (`record`), at the field.
  std::vector<Leaf> leaves(const cl::RecordDecl *def, cl::SourceLocation where, const std::string &what,
                           bool record = false);
  std::vector<Leaf> leaves(cl::QualType t, cl::SourceLocation where, const std::string &what);
  /// The parts of a value of C type t (a scalar, a pointer, a struct, an array: one array per element part).
  std::vector<Part> partsOf(cl::QualType t, cl::SourceLocation where, const std::string &what);
  /// The number of parts of a value of type t (1 for a scalar).
  uint32_t leafCount(cl::QualType t);
  /// The first part of field f within its struct.
  uint32_t leafOffset(const cl::FieldDecl *f);
  bool isFat(cl::QualType t) const;
  const PtrShape &shapeOf(cl::QualType ptrType, cl::SourceLocation where);
  /// A type with its qualifiers removed at every level (the key of address-taken fields' types).
  std::string typeKey(cl::QualType t) const;
  /// The element type of an array type with all its dimensions stripped, and the dimensions (constants;
  /// nullopt for a variable one).
  cl::QualType innerElement(cl::QualType t, std::vector<std::optional<uint64_t>> *dims = nullptr) const;
  std::vector<std::pair<const cl::RecordDecl *, std::vector<uint32_t>>> recordsWithLeaf(cl::QualType cell);
  size_t countRecordsWithLeaf(cl::QualType cell) const;
  /// The owned-array lengths of a struct type's parts (-1: not an array).
  std::vector<int64_t> ownedOf(cl::QualType structType, cl::SourceLocation where);

  cl::ASTContext &ctx_;
  const cl::SourceManager &csm_;
  Locator &locator_;
  Diagnostics &diags_;
  ir::Program prog_;
  AddressTaken addressTaken_;
  std::unordered_map<const cl::VarDecl *, VarInfo> globals_;     ///< by canonical declaration
  std::unordered_map<const cl::FunctionDecl *, uint32_t> procs_; ///< by canonical declaration
  std::set<uint32_t> brokenProcs_;                               ///< signatures that were unsupported
  /// Per procedure: per C parameter, its first IR parameter and their number (a struct parameter is one IR
  /// parameter per leaf, a fat pointer one per part).
  std::unordered_map<uint32_t, std::vector<std::pair<uint32_t, uint32_t>>> paramRanges_;
  /// Per procedure with a struct or fat pointer result: the globals (one per part) its `return` leaves the
  /// value in, which the caller copies right after the call.
  std::unordered_map<uint32_t, VarInfo> structResults_;
  std::set<const cl::RecordDecl *> brokenRecords_; ///< records with an unsupported field (definitions)
  std::set<const cl::VarDecl *> brokenGlobals_;    ///< globals whose declaration was unsupported (canonical)
  /// Non-zero initializers of globals, run at the start of main and of every test: `var := value`, or with an
  /// index `var[index] := value`.
  struct GlobalInit {
    VarRef var;
    Expr value;
    cl::SourceLocation loc;
    std::optional<Expr> index;
  };
  std::vector<GlobalInit> globalInits_;
  UnwindPragmas pragmas_; ///< `#pragma locus unwind K` before loops and functions, `invariant EXPR`
  /// main(int argc, char *argv[]): its argv parameter, the arguments modelled, whether an index varies.
  struct MainArgv {
    const cl::ParmVarDecl *argv = nullptr;
    uint32_t count = 0;
    bool variableIndex = false;
  };
  std::map<uint32_t, MainArgv> mainArgv_;

private:
  void declareGlobal(const cl::VarDecl *vd);
  void declareStructGlobal(const cl::VarDecl *def, VarInfo info);
  void declareArrayGlobal(const cl::VarDecl *def, VarInfo info);
  Expr constantInit(const cl::Expr *e, ir::Type t, const std::string &name);
  Parts constantPointer(const cl::Expr *e, cl::QualType ptrType, const std::string &name);
  void constantObject(const cl::Expr *e, cl::QualType t, uint32_t part, int64_t index,
                      const std::string &name, const std::function<void(uint32_t, int64_t, Expr)> &emit);
  void declareFunction(const cl::FunctionDecl *fd);

  std::unordered_map<const cl::RecordDecl *, uint32_t> records_;
  std::map<std::string, PtrShape> shapes_;
  std::set<std::string> inProgress_;
  std::deque<const cl::RecordDecl *> unbuilt_;
  uint32_t lastConstruct_ = 0;
  std::set<std::string> unitNames_;
  std::vector<std::string> paths_;
  std::map<std::string, uint32_t> pathIdx_;
};

} // namespace locus::c::lower

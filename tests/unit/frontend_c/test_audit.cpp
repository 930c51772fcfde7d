// The audit of the C front end (issue 17 item 1; frontend/c/audit.h): every statement and expression class,
// cast kind and declaration kind clang defines is classified (lowered, rejected with a message, or another
// language's), and the lowering consults the table: each rejected kind C code can produce is a located
// `unsupported C construct` error with the table's description, and the lowered kinds compile and run.
#include "frontend/c/audit.h"
#include "frontend/c/frontend.h"
#include "ir/interp.h"
#include "ir/validate.h"

#include <sstream>
#include <string>
#include <vector>

#include <doctest/doctest.h>

using namespace locus;
namespace audit = locus::c::audit;

namespace {

struct Kind {
  std::string name;
  audit::Entry entry;
};

std::vector<Kind> stmtKinds() {
  std::vector<Kind> k;
#define STMT(CLASS, PARENT) k.push_back({#CLASS, audit::stmtClass(clang::Stmt::CLASS##Class)});
#define ABSTRACT_STMT(STMT)
#include <clang/AST/StmtNodes.inc>
  return k;
}

std::vector<Kind> castKinds() {
  std::vector<Kind> k;
#define CAST_OPERATION(Name) k.push_back({#Name, audit::castKind(clang::CK_##Name)});
#include <clang/AST/OperationKinds.def>
  return k;
}

std::vector<Kind> declKinds() {
  std::vector<Kind> k;
#define DECL(DERIVED, BASE) k.push_back({#DERIVED, audit::declKind(clang::Decl::DERIVED)});
#define ABSTRACT_DECL(DECL)
#include <clang/AST/DeclNodes.inc>
  return k;
}

void checkClassified(const std::vector<Kind> &kinds, size_t atLeast) {
  CHECK(kinds.size() >= atLeast);
  for (const Kind &k : kinds) {
    INFO(k.name);
    CHECK(k.entry.support != audit::Support::Unknown);
    if (k.entry.support == audit::Support::Lowered || k.entry.support == audit::Support::Rejected) {
      REQUIRE(k.entry.what != nullptr);
      CHECK(std::string(k.entry.what).size() > 1);
    }
  }
}

audit::Support supportOf(const std::vector<Kind> &kinds, const std::string &name) {
  for (const Kind &k : kinds)
    if (k.name == name)
      return k.entry.support;
  return audit::Support::Unknown;
}

std::string errorsOf(const std::string &text) {
  SourceManager sm;
  Diagnostics diags(sm);
  auto prog = c::compileText("audit.c", text, sm, diags);
  std::ostringstream os;
  diags.print(os, false);
  if (prog)
    CHECK(ir::validate(*prog).empty());
  return prog ? "" : os.str();
}

} // namespace

TEST_CASE("every clang statement and expression class is classified") {
  std::vector<Kind> k = stmtKinds();
  checkClassified(k, 200);
  // The C constructs the lowering has code for.
  for (const char *n :
       {"CompoundStmt", "IfStmt", "WhileStmt", "DoStmt", "ForStmt", "SwitchStmt", "GotoStmt", "LabelStmt",
        "CallExpr", "BinaryOperator", "UnaryOperator", "MemberExpr", "ConditionalOperator", "CStyleCastExpr",
        "ImplicitCastExpr", "IntegerLiteral", "FloatingLiteral"}) {
    INFO(n);
    CHECK(supportOf(k, n) == audit::Support::Lowered);
  }
  for (const char *n : {"GCCAsmStmt", "IndirectGotoStmt", "ImaginaryLiteral", "VAArgExpr",
                        "CompoundLiteralExpr", "AtomicExpr", "AddrLabelExpr", "BinaryConditionalOperator"}) {
    INFO(n);
    CHECK(supportOf(k, n) == audit::Support::Rejected);
  }
  for (const char *n : {"CXXThrowExpr", "ObjCMessageExpr", "OMPParallelDirective", "LambdaExpr"}) {
    INFO(n);
    CHECK(supportOf(k, n) == audit::Support::NotC);
  }
}

TEST_CASE("every clang cast kind is classified") {
  std::vector<Kind> k = castKinds();
  checkClassified(k, 60);
  for (const char *n :
       {"LValueToRValue", "NoOp", "IntegralCast", "IntegralToBoolean", "NullToPointer", "ToVoid",
        "IntegralToFloating", "FloatingToIntegral", "FloatingCast", "FloatingToBoolean"})
    CHECK(supportOf(k, n) == audit::Support::Lowered);
  for (const char *n : {"IntegralToPointer", "PointerToIntegral", "FloatingRealToComplex", "ToUnion",
                        "FunctionToPointerDecay", "NonAtomicToAtomic"})
    CHECK(supportOf(k, n) == audit::Support::Rejected);
}

TEST_CASE("every clang declaration kind is classified") {
  std::vector<Kind> k = declKinds();
  checkClassified(k, 70);
  for (const char *n : {"Var", "Function", "ParmVar", "Typedef", "Record", "Enum", "Field", "StaticAssert"})
    CHECK(supportOf(k, n) == audit::Support::Lowered);
  CHECK(supportOf(k, "FileScopeAsm") == audit::Support::Rejected);
  CHECK(supportOf(k, "CXXMethod") == audit::Support::NotC);
}

TEST_CASE("the lowering reports the table's rejected kinds where C code makes them") {
  struct Case {
    const char *what; // the table's description
    const char *code;
  };
  const Case cases[] = {
      {audit::stmtClass(clang::Stmt::GCCAsmStmtClass).what, "int f(void) { __asm__(\"nop\"); return 0; }"},
      {audit::stmtClass(clang::Stmt::IndirectGotoStmtClass).what, "int f(int a) { goto *(a ? &&L : &&M); L: "
                                                                  "return 1; M: return 2; }"},
      {audit::stmtClass(clang::Stmt::BinaryConditionalOperatorClass).what, "int f(int x) { return x ?: 1; }"},
      {audit::stmtClass(clang::Stmt::AddrLabelExprClass).what, "int f(void) { L: return &&L != 0; }"},
      {audit::stmtClass(clang::Stmt::AtomicExprClass).what,
       "int f(int x) { return x ? __atomic_load_n(&x, 0) : 0; }"},
      {audit::stmtClass(clang::Stmt::CompoundLiteralExprClass).what,
       "struct S { int a; }; int f(void) { (void)(struct S){1}; return 0; }"},
      {audit::stmtClass(clang::Stmt::SourceLocExprClass).what, "int f(void) { return __builtin_LINE(); }"},
      {audit::castKind(clang::CK_ToUnion).what,
       "union U { int a; }; int f(int x) { (void)(union U)x; return 0; }"},
      {audit::castKind(clang::CK_FunctionToPointerDecay).what, "int f(int x) { (void)f; return 0; }"},
      {audit::castKind(clang::CK_IntegralToPointer).what,
       "struct S { int a; }; int f(long x) { struct S *p = (struct S *)x; return p != 0; }"},
      {audit::declKind(clang::Decl::FileScopeAsm).what, "__asm__(\"nop\");\nint f(void) { return 0; }"},
  };
  for (const Case &c : cases) {
    INFO(std::string(c.code));
    REQUIRE(c.what != nullptr);
    std::string errors = errorsOf(c.code);
    CHECK(errors.find(std::string("error: unsupported C construct: ") + c.what) != std::string::npos);
    CHECK(errors.find("audit.c:1:") != std::string::npos);
  }
}

TEST_CASE("kinds lowered through what clang resolves at compile time run as gcc runs them") {
  // _Generic, __builtin_choose_expr, __extension__, __builtin_types_compatible_p, offsetof, sizeof, the
  // fallthrough attribute, loop hints, __builtin_expect: gcc gives 1 + 3 + 1 + 1 + 4 + 4 + 2 + 3 + 7 = 26.
  const char *code = R"(
#include <stddef.h>
struct S { int a; int b; };
int f(int x) {
  int r = _Generic(x, int: 1, default: 2) + __builtin_choose_expr(1, 3, 4) + __extension__ 1;
  r += __builtin_types_compatible_p(int, signed) + offsetof(struct S, b) + (int)sizeof(int);
  switch (x) {
  case 1:
    r += 1;
    __attribute__((fallthrough));
  case 2:
    r += 1;
  }
#pragma unroll
  for (int i = 0; i < 3; i++)
    r++;
  if (__builtin_expect(x == 1, 1))
    r += 7;
  return r;
}
)";
  SourceManager sm;
  Diagnostics diags(sm);
  auto prog = c::compileText("audit.c", code, sm, diags);
  std::ostringstream os;
  diags.print(os, false);
  INFO(os.str());
  REQUIRE(prog.has_value());
  CHECK(ir::validate(*prog).empty());
  ir::InterpOptions o;
  o.ints = ir::IntMode::BV32;
  ir::Interpreter interp(*prog, o);
  ir::Outcome out = interp.run(prog->procIndex("f"), {ir::Value::ofInt(1)});
  REQUIRE(out.kind == ir::OutcomeKind::Ok);
  REQUIRE(out.result.has_value());
  CHECK(out.result->i == ir::BigInt(26));
}

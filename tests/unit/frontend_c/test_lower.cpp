// Unit tests of the C front end: IR shapes, locations, ids, validation, print → parse round trips of
// every regression .c file, unsupported-construct diagnostics, and robustness on truncated input.
#include "frontend/c/frontend.h"
#include "frontend/gcl/frontend.h"
#include "ir/interp.h"
#include "ir/printer.h"
#include "ir/validate.h"

#include <filesystem>
#include <fstream>
#include <iostream>
#include <ostream>
#include <sstream>

#include <doctest/doctest.h>

using namespace locus;
namespace ir = locus::ir;

namespace {

std::optional<ir::Program> tryCompile(const std::string &text, std::string *errors = nullptr) {
  SourceManager sm;
  Diagnostics diags(sm);
  auto prog = c::compileText("test.c", text, sm, diags);
  if (errors) {
    std::ostringstream os;
    diags.print(os, false);
    *errors = os.str();
  }
  return prog;
}

ir::Program compile(const std::string &text) {
  std::string errors;
  auto prog = tryCompile(text, &errors);
  INFO(errors);
  REQUIRE(prog.has_value());
  CHECK(ir::validate(*prog).empty());
  return *prog;
}

ir::Outcome run(const ir::Program &prog, const std::string &entry, std::vector<ir::Value> nondet = {},
                const std::vector<ir::Value> &args = {}, std::optional<uint64_t> seed = std::nullopt) {
  ir::InterpOptions o;
  o.ints = ir::IntMode::BV32;
  o.seed = seed;
  o.nondetValues = std::move(nondet);
  ir::Interpreter interp(prog, o);
  return interp.run(prog.procIndex(entry), args);
}

/// Prints `prog` and parses it back as GCL: the same program, printed the same.
void checkRoundTrip(const ir::Program &prog) {
  std::string text = ir::toString(prog);
  SourceManager sm2;
  Diagnostics diags2(sm2);
  auto back = gcl::compileText("printed.gcl", text, sm2, diags2);
  std::ostringstream errs;
  diags2.print(errs, false);
  INFO(errs.str());
  REQUIRE(back.has_value());
  CHECK((*back == prog));
  CHECK((ir::toString(*back) == text));
}

std::string readFile(const std::filesystem::path &p) {
  std::ifstream in(p);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

} // namespace

TEST_CASE("a function becomes a procedure with params, result and located statements") {
  ir::Program p = compile("int add(int a, int b) {\n  int s = a + b;\n  return s;\n}\n");
  REQUIRE(p.procs.size() == 1);
  const ir::Procedure &f = p.procs[0];
  CHECK((f.name == "add"));
  CHECK(f.params.size() == 2);
  REQUIRE(f.result != ir::kNone);
  CHECK((f.vars[f.result].name == "result"));
  REQUIRE(f.body.size() == 3);
  CHECK(f.body[0].kind == ir::Stmt::Assign);
  CHECK(f.body[0].loc.line == 2);
  CHECK(f.body[0].loc.col == 7);
  CHECK(f.body[2].kind == ir::Stmt::Return);
  CHECK((p.files == std::vector<std::string>{"test.c"}));
  // ids are fresh, from 1, in program order
  for (size_t i = 0; i < f.body.size(); ++i)
    CHECK(f.body[i].id == i + 1);
}

TEST_CASE("short circuit guards the heap read on the right") {
  ir::Program p = compile("struct n { int v; struct n *next; };\n"
                          "int f(struct n *p) { return p != 0 && p->v > 0; }\n");
  const ir::Procedure &f = p.procs[0];
  bool guardedRead = false;
  for (const ir::Stmt &s : f.body)
    if (s.kind == ir::Stmt::GetField)
      guardedRead = s.guard.kind == ir::Expr::VarUse;
  CHECK(guardedRead);
  CHECK(run(p, "f", {}, {ir::Value::ofRef(0)}).kind == ir::OutcomeKind::Ok); // p is null: no dereference
}

TEST_CASE("C semantics: truncating division, char wrap, bool conversion, switch fallthrough") {
  ir::Program p = compile("int f(void) {\n"
                          "  char c = 200; _Bool b = -3; int x = -7 / 2, y = -7 % 2, r = 0;\n"
                          "  switch (x) { case -3: r = 1; case 0: r += 10; break; default: r = 100; }\n"
                          "  return c + b + x + y + r;\n"
                          "}\n");
  ir::Outcome o = run(p, "f");
  REQUIRE(o.kind == ir::OutcomeKind::Ok);
  REQUIRE(o.result.has_value());
  CHECK(o.result->i == -56 + 1 - 3 - 1 + 11);
}

/// The statements of a procedure, loops flattened, in order.
std::vector<const ir::Stmt *> stmtsOf(const ir::Procedure &p) {
  std::vector<const ir::Stmt *> out;
  ir::forEachStmt(p.body, [&](const ir::Stmt &s) { out.push_back(&s); });
  return out;
}

const ir::Var &varNamed(const ir::Procedure &p, const std::string &n) {
  uint32_t i = p.varIndex(n);
  REQUIRE(i != ir::kNone);
  return p.vars[i];
}

TEST_CASE("arrays are IR arrays: globals allocated for every run, locals at their declaration") {
  ir::Program p = compile("int a[3];\nint f(int i) { a[i] = 5; return a[i]; }\nint g(void) { return f(3); }\n"
                          "int h(int n) { int b[n][2]; b[n - 1][1] = 4; return b[n - 1][1]; }\n");
  REQUIRE(p.globals.size() == 1);
  CHECK((p.globals[0].name == "a"));
  CHECK((p.globals[0].type == ir::Type::arrayOf(ir::Type::fixedInt(32, true))));
  CHECK((p.globals[0].alloc == std::optional<int64_t>(3)));
  const ir::Procedure &f = p.procs[p.procIndex("f")];
  int puts = 0, gets = 0;
  for (const ir::Stmt *s : stmtsOf(f)) {
    puts += s->kind == ir::Stmt::PutElem;
    gets += s->kind == ir::Stmt::GetElem;
    CHECK(s->kind != ir::Stmt::Assert); // the element access checks the index itself
  }
  CHECK(puts == 1);
  CHECK(gets == 1);
  ir::Outcome o = run(p, "g");
  CHECK(o.kind == ir::OutcomeKind::Failure);
  CHECK(o.failure == ir::FailureKind::Bounds);
  // A variable-length array: its dimension evaluated once, the length n * 2.
  const ir::Procedure &h = p.procs[p.procIndex("h")];
  CHECK((varNamed(h, "b").type == ir::Type::arrayOf(ir::Type::fixedInt(32, true))));
  int allocs = 0;
  for (const ir::Stmt *s : stmtsOf(h))
    if (s->kind == ir::Stmt::NewArray) {
      ++allocs;
      CHECK(s->value.kind == ir::Expr::VarUse); // n * 2, computed once
      CHECK(s->fill);                           // read before written (element granularity only for 1-D)
    }
  CHECK(allocs == 1);
  CHECK(run(p, "h", {}, {ir::Value::ofInt(3)}, 1).result->i == 4);
  CHECK(run(p, "h", {}, {ir::Value::ofInt(-1)}, 1).failure == ir::FailureKind::Bounds);
}

TEST_CASE(
    "a multi-dimensional array is one flattened object; an inner index is checked against its dimension") {
  ir::Program p =
      compile("int f(int i, int j) {\n  int m[2][3] = {{1, 2, 3}, {4, 5, 6}};\n  return m[i][j];\n}\n");
  CHECK(run(p, "f", {}, {ir::Value::ofInt(1), ir::Value::ofInt(2)}).result->i == 6);
  ir::Outcome inner = run(p, "f", {}, {ir::Value::ofInt(0), ir::Value::ofInt(3)});
  CHECK(inner.failure == ir::FailureKind::Assert);
  CHECK(inner.message.find("array index in bounds: m[i][j] (dimension 2 of size 3)") != std::string::npos);
  CHECK(run(p, "f", {}, {ir::Value::ofInt(2), ir::Value::ofInt(0)}).failure == ir::FailureKind::Bounds);
}

TEST_CASE("fat pointers: cell arrays, record parts for address-taken fields, the offset") {
  ir::Program p = compile("struct node { int val; struct node *next; };\n"
                          "void f(int **q, struct node **pp, char *s) {}\n"
                          "struct node **g(struct node *n) { return &n->next; }\n");
  const ir::Procedure &f = p.procs[p.procIndex("f")];
  std::vector<std::string> names;
  std::vector<ir::Type> types;
  for (uint32_t i : f.params) {
    names.push_back(f.vars[i].name);
    types.push_back(f.vars[i].type);
  }
  const ir::Type i32 = ir::Type::fixedInt(32, true), i64 = ir::Type::fixedInt(64, true),
                 node = ir::Type::refType(p.recordIndex("node"));
  CHECK((names == std::vector<std::string>{"q", "q_1", "q_off", "pp", "pp_node", "pp_off", "s", "s_off"}));
  CHECK((types == std::vector<ir::Type>{ir::Type::arrayOf(ir::Type::arrayOf(i32)), ir::Type::arrayOf(i64),
                                        i64, ir::Type::arrayOf(node), node, i64,
                                        ir::Type::arrayOf(ir::Type::fixedInt(8, true)), i64}));
  // A pointer result: one global per part.
  REQUIRE(p.globals.size() == 3);
  CHECK((p.globals[1].name == "g_result_node"));
}

TEST_CASE("through a pointer that may point to a field: a case split, a null check and a moved-off check") {
  ir::Program p = compile("#include <stdlib.h>\n"
                          "struct node { int val; struct node *next; };\n"
                          "int f(int k) {\n"
                          "  struct node *head = NULL;\n"
                          "  struct node **pp = &head;\n"
                          "  for (int i = 0; i < 3; i++) {\n"
                          "    struct node *n = malloc(sizeof(struct node));\n"
                          "    n->val = i; n->next = NULL;\n"
                          "    *pp = n;\n"
                          "    pp = &n->next;\n"
                          "  }\n"
                          "  pp = pp + k;\n"
                          "  *pp = NULL;\n"
                          "  return head->next->next->val;\n"
                          "}\n");
  const ir::Procedure &f = p.procs[p.procIndex("f")];
  CHECK((varNamed(f, "head_box").type == ir::Type::arrayOf(ir::Type::refType(p.recordIndex("node")))));
  CHECK(run(p, "f", {}, {ir::Value::ofInt(0)}).result->i == 2);
  ir::Outcome off = run(p, "f", {}, {ir::Value::ofInt(1)});
  CHECK(off.failure == ir::FailureKind::Assert);
  CHECK(off.message.find("pointer to a field moved off it: *pp") != std::string::npos);
}

TEST_CASE(
    "address-taken scalars are boxed, a struct whose field's address is taken is a node; scanf's &x is not") {
  ir::Program p = compile("#include <stdio.h>\n"
                          "struct pt { int x, y; };\n"
                          "void inc(int *p) { *p += 1; }\n"
                          "int f(int a) {\n"
                          "  int b = 1, c = 2;\n"
                          "  struct pt s = {3, 4};\n"
                          "  inc(&a); inc(&b); inc(&s.y);\n"
                          "  scanf(\"%d\", &c);\n"
                          "  return a + b + c + s.x + s.y;\n"
                          "}\n");
  const ir::Procedure &f = p.procs[p.procIndex("f")];
  const ir::Type i32 = ir::Type::fixedInt(32, true);
  CHECK((varNamed(f, "a_box").type == ir::Type::arrayOf(i32)));
  CHECK((varNamed(f, "b_box").type == ir::Type::arrayOf(i32)));
  CHECK((varNamed(f, "c").type == i32));
  CHECK((varNamed(f, "s").type == ir::Type::refType(p.recordIndex("pt"))));
  CHECK(f.varIndex("s_x") == ir::kNone);
  ir::InterpOptions o;
  o.input = "5";
  ir::Outcome r = ir::Interpreter(p, o).run(p.procIndex("f"), {ir::Value::ofInt(10)});
  REQUIRE(r.kind == ir::OutcomeKind::Ok);
  CHECK(r.result->i == 11 + 2 + 5 + 3 + 5);
}

TEST_CASE(
    "pointer arithmetic moves the offset; subtraction and ordering check that both point into one object") {
  ir::Program p = compile("int f(int k) {\n"
                          "  int a[4] = {1, 2, 3, 4}, b[2];\n"
                          "  int *p = a + 1, *e = &a[4];\n"
                          "  p += k;\n"
                          "  int *q = k > 5 ? b : a;\n"
                          "  return (int)(e - p) * 10 + *p + (q < e);\n"
                          "}\n");
  // (b's contents are indeterminate: the seed gives them)
  ir::Outcome one = run(p, "f", {}, {ir::Value::ofInt(1)}, 1);
  REQUIRE(one.kind == ir::OutcomeKind::Ok);
  CHECK(one.result->i == 2 * 10 + 3 + 1);
  CHECK(run(p, "f", {}, {ir::Value::ofInt(3)}, 1).failure == ir::FailureKind::Bounds); // *p one past the end
  ir::Outcome o = run(p, "f", {}, {ir::Value::ofInt(6)}, 1);
  CHECK(o.failure == ir::FailureKind::Bounds); // p far outside a: its dereference fails first
}

TEST_CASE(
    "memset and memcpy are counted loops with their own unwinding bound; a struct copy copies array fields") {
  ir::Program p = compile("#include <string.h>\n"
                          "struct r { int n; int d[3]; };\n"
                          "int f(void) {\n"
                          "  int a[5], b[5];\n"
                          "  memset(a, 0, sizeof a);\n"
                          "  a[2] = 7;\n"
                          "  memcpy(b, a, sizeof b);\n"
                          "  struct r x = {1, {1, 2, 3}}, y;\n"
                          "  y = x;\n"
                          "  y.d[0] = 9;\n"
                          "  return b[2] + x.d[0] * 10 + y.d[0] * 100;\n"
                          "}\n");
  std::vector<uint32_t> bounds;
  for (const ir::Stmt *s : stmtsOf(p.procs[0]))
    if (s->kind == ir::Stmt::While)
      bounds.push_back(s->unwind);
  CHECK((bounds == std::vector<uint32_t>{5, 5, 3}));
  ir::Outcome r = run(p, "f", {}, {}, 1);
  REQUIRE(r.kind == ir::OutcomeKind::Ok);
  CHECK(r.result->i == 7 + 10 + 900);
}

TEST_CASE("struct values are scalarized per field; copies through pointers are null-checked") {
  ir::Program p = compile("#include <stdlib.h>\n"
                          "struct pt { int x; _Bool b; struct pt *next; };\n"
                          "struct pt g = {.b = 1};\n"
                          "int f(int v) {\n"
                          "  struct pt a = {v}, c;\n"
                          "  c = a;\n"
                          "  c.x += 2;\n"
                          "  struct pt *n = malloc(sizeof(struct pt));\n"
                          "  *n = c;\n"
                          "  n->next = v > 0 ? n : 0;\n"
                          "  a = *n->next;\n"
                          "  return a.x + c.x + g.b;\n"
                          "}\n"
                          "int main(void) { return f(1); }\n");
  REQUIRE(p.globals.size() == 3);
  CHECK((p.globals[0].name == "g_x"));
  CHECK((p.globals[1].name == "g_b"));
  CHECK(p.globals[1].type.kind == ir::Type::Bool);
  CHECK((p.globals[2].name == "g_next"));
  CHECK(p.globals[2].type.kind == ir::Type::Ref);
  const ir::Procedure &f = p.procs[0];
  for (const char *v : {"a_x", "a_b", "a_next", "c_x", "c_b", "c_next"})
    CHECK(f.varIndex(v) != ir::kNone);
  CHECK(f.varIndex("a") == ir::kNone);
  // `a = *n->next`: one null-checked read per field, straight into a's variables
  int reads = 0;
  for (const ir::Stmt &s : f.body)
    if (s.kind == ir::Stmt::GetField && s.lhs.index == f.varIndex("a_x")) {
      ++reads;
      CHECK(s.loc.line == 11);
      CHECK(s.loc.col == 7);
    }
  CHECK(reads == 1);
  ir::Outcome ok = run(p, "main");
  REQUIRE(ok.kind == ir::OutcomeKind::Ok);
  CHECK(ok.result->i == 3 + 3 + 1);
  ir::Outcome bad = run(p, "f", {}, {ir::Value::ofInt(0)});
  CHECK(bad.kind == ir::OutcomeKind::Failure);
  CHECK(bad.failure == ir::FailureKind::NullDeref);
  CHECK(bad.loc.line == 11);
}

TEST_CASE("struct values outside the subset are located errors") {
  std::string errors;
  CHECK_FALSE(tryCompile("union in { int v; };\nstruct out { union in i; };\nint f(void) {\n"
                         "  struct out o;\n  return 0;\n}\n",
                         &errors));
  CHECK(errors.find("test.c:4:14: error: unsupported C construct: struct value type 'struct out' of variable "
                    "'o' with the field 'i' of type 'union in'") != std::string::npos);
  CHECK_FALSE(tryCompile("struct s { int v; };\nint f(int c) {\n  struct s p = {1}, q;\n"
                         "  q = c ? p : p;\n  return q.v;\n}\n",
                         &errors));
  CHECK(errors.find("test.c:4:7: error: unsupported C construct: struct value 'c ? p : p'") !=
        std::string::npos);
}

TEST_CASE("built-ins: nondet, assume, assert message, abort ends the run") {
  ir::Program p = compile("#include <assert.h>\n#include <stdlib.h>\n"
                          "int main(void) { int x = __VERIFIER_nondet_int(); __VERIFIER_assume(x > 0);\n"
                          "  if (x == 5) abort(); assert(x < 3); return x; }\n");
  CHECK(run(p, "main", {ir::Value::ofInt(0)}).kind == ir::OutcomeKind::Infeasible);
  CHECK(run(p, "main", {ir::Value::ofInt(5)}).kind == ir::OutcomeKind::Ok);
  ir::Outcome o = run(p, "main", {ir::Value::ofInt(4)});
  CHECK(o.kind == ir::OutcomeKind::Failure);
  CHECK(o.message.find("x < 3") != std::string::npos);
  CHECK(run(p, "main", {ir::Value::ofInt(2)}).result->i == 2);
}

TEST_CASE("names: keywords and clashes are renamed; test_ functions are tests") {
  ir::Program p =
      compile("int test; int new;\nvoid test_a(void) { int test = 1; }\nint proc(int var) { return var; }\n");
  CHECK((p.globals[0].name == "test_1"));
  CHECK((p.globals[1].name == "new_1"));
  CHECK(p.procs[0].isTest);
  CHECK((p.procs[1].name == "proc_1"));
  CHECK((p.procs[1].vars[0].name == "var_1"));
  CHECK(ir::validate(p).empty());
}

TEST_CASE("unsupported constructs are located errors") {
  std::string errors;
  CHECK_FALSE(tryCompile("int f(void) {\n  long double x = 1;\n  return 0;\n}\n", &errors));
  CHECK(errors.find("test.c:2:15: error: unsupported C construct: floating-point type 'long double'") !=
        std::string::npos);
  CHECK_FALSE(tryCompile("__int128 f(__int128 x) { return x ^ 1; }", &errors));
  CHECK(errors.find("unsupported C construct: type '__int128' of parameter 'x'") != std::string::npos);
  CHECK_FALSE(tryCompile("int f(int x) { return x + ; }", &errors));
  CHECK(errors.find("test.c:1:27: error: expected expression") != std::string::npos);
}

TEST_CASE("every regression .c file prints as GCL that parses back to the same program") {
  std::filesystem::path root = LOCUS_SOURCE_DIR "/tests/regress/c";
  int files = 0;
  for (const auto &e : std::filesystem::recursive_directory_iterator(root)) {
    if (e.path().extension() != ".c" || e.path().string().find("/errors/") != std::string::npos)
      continue;
    SourceManager sm;
    Diagnostics diags(sm);
    auto prog = c::compileFile(e.path().string(), sm, diags);
    INFO(e.path().string());
    REQUIRE(prog.has_value());
    CHECK(ir::validate(*prog).empty());
    checkRoundTrip(*prog);
    ++files;
  }
  CHECK((files >= 10));
}

// Under AddressSanitizer an exception unwinding from deep recursion on the front end's large thread stack
// (parse.cpp) trips ASan's own no-return handling (a CHECK failure inside the runtime, google/sanitizers
// issue 189), so this case runs in the ordinary build only.
#if defined(__SANITIZE_ADDRESS__)
constexpr bool kUnderAsan = true;
#else
constexpr bool kUnderAsan = false;
#endif

TEST_CASE(
    "expressions of thousands of terms: lowered (deep IR split through temporaries) or a located limit" *
    doctest::skip(kUnderAsan)) {
  // Issue 11 item 5: these overflowed the stack of the lowering (signal 11), 5000 nested `!` clang's parser.
  auto repeat = [](const std::string &s, int n) {
    std::string out;
    for (int i = 0; i < n; ++i)
      out += s;
    return out;
  };
  std::string sum = "y", conj = "y";
  for (int i = 1; i < 5000; ++i)
    sum += " + y", conj += " && y";
  for (const std::string &body : {sum, repeat("y ? y : ", 5000) + "y", conj, repeat("(char)", 900) + "y"}) {
    ir::Program p = compile("int f(int y) { return " + body + "; }\n");
    checkRoundTrip(p);
    ir::InterpOptions o;
    ir::Outcome out = ir::Interpreter(p, o).run(p.procIndex("f"), {ir::Value::ofInt(1)});
    CHECK(out.kind == ir::OutcomeKind::Ok);
  }
  CHECK(
      (*ir::Interpreter(compile("int f(int y) { return " + sum + "; }")).run(0, {ir::Value::ofInt(3)}).result)
          .i == 15000);
  std::string errors;
  CHECK_FALSE(tryCompile("int f(int y) {\n  return " + repeat("!", 5000) + "y;\n}\n", &errors));
  CHECK(errors.find("test.c:2:1010: error: expression nested too deeply (more than 1000 prefix operators or "
                    "casts in a row)") != std::string::npos);
  std::string big = "y";
  for (int i = 1; i < 20000; ++i)
    big += "+y";
  CHECK_FALSE(tryCompile("int f(int y) { return " + big + "; }", &errors));
  CHECK(
      errors.find("test.c:1:23: error: expression or statement nested too deeply (more than 10000 levels)") !=
      std::string::npos);
  CHECK_FALSE(tryCompile("int f(int y) { return " + repeat("y = ", 10001) + "1; }", &errors));
  CHECK(errors.find("more than 10000 conditional or assignment operators in a row") != std::string::npos);
}

TEST_CASE("truncated and garbled C never crashes the front end") {
  // The contract on any input: IR that validates, or a located error. Both must occur, or the inputs would
  // not exercise both paths.
  int accepted = 0, rejected = 0;
  auto expectClean = [&](const std::string &t) {
    SourceManager sm;
    Diagnostics diags(sm);
    auto prog = c::compileText("test.c", t, sm, diags);
    INFO(t);
    if (prog) {
      ++accepted;
      CHECK(ir::validate(*prog).empty());
      return;
    }
    ++rejected;
    // clang's own "too many errors emitted" has no location, so: at least one error, with a location.
    bool located = false;
    for (const Diagnostic &d : diags.all())
      located |= d.severity == Severity::Error && d.loc.valid();
    CHECK(located);
  };
  std::string text = readFile(LOCUS_SOURCE_DIR "/tests/regress/c/control.c");
  REQUIRE(!text.empty());
  for (size_t cut = 0; cut < text.size(); cut += 97) {
    expectClean(text.substr(0, cut));
    std::string g = text;
    g[cut] = "{}();,*&@#\"'"[cut % 12];
    expectClean(g);
  }
  expectClean(std::string("\0\xff\xfe int main(", 14));
  CHECK(accepted > 0);
  CHECK(rejected > 0);
}

TEST_CASE("c: `#pragma locus unwind K` bounds the loop or function after it; misplaced ones are errors") {
  ir::Program prog = compile(R"(
#pragma locus unwind 3
int f(int n) { return n > 0 ? f(n - 1) : 0; }
int main(void) {
  int i = 0;
#pragma locus unwind 12
  // a comment between the pragma and its loop
  while (i < 10) i++;
  for (int k = 0; k < 2; k++) i++;
  #  pragma   locus unwind 7 // the spacing of the preprocessor
  do { i--; } while (i > 0);
  return i;
}
)");
  CHECK(prog.procs[prog.procIndex("f")].unwind == 3);
  CHECK(prog.procs[prog.procIndex("main")].unwind == 0);
  std::vector<uint32_t> bounds;
  ir::forEachStmt(prog, [&](const ir::Procedure &, const ir::Stmt &s) {
    if (s.kind == ir::Stmt::While)
      bounds.push_back(s.unwind);
  });
  CHECK(bounds == std::vector<uint32_t>{12, 0, 7});
  // The printed IR carries the bounds and reads back as the same program.
  SourceManager sm;
  Diagnostics diags(sm);
  std::string text = ir::toString(prog);
  CHECK(text.find("unwind 12 {") != std::string::npos);
  auto again = gcl::compileText("printed.gcl", text, sm, diags);
  REQUIRE(again.has_value());
  CHECK(bool(*again == prog));

  std::string errors;
  CHECK_FALSE(
      tryCompile("int main(void) {\n#pragma locus unwind 2\n  int x = 1;\n  return x;\n}\n", &errors));
  CHECK(errors.find("test.c:2:1: error: '#pragma locus unwind' must come right before a loop, a label a "
                    "backward goto jumps to, or a function definition") != std::string::npos);
  CHECK_FALSE(tryCompile("#pragma locus unwind 0\nint main(void) { return 0; }\n", &errors));
  CHECK(errors.find("test.c:1:1: error: malformed '#pragma locus': expected '#pragma locus unwind K' with K "
                    "from 1 to 100000") != std::string::npos);
  CHECK_FALSE(tryCompile("#pragma locus unroll 2\nint main(void) { return 0; }\n", &errors));
  CHECK(errors.find("test.c:1:1: error: malformed '#pragma locus'") != std::string::npos);
  // Other pragmas are not ours.
  CHECK(tryCompile("#pragma once\n#pragma locusx unwind 2\nint main(void) { return 0; }\n", &errors));
}

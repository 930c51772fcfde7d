// A small builder for hand-written IR programs, shared by the interpreter's and the encoder's unit tests.
#pragma once

#include "ir/interp.h"

#include <string>
#include <utility>
#include <vector>

namespace locus::ir::testing {

/// A small builder for hand-written IR: procedures by index, variables by VarRef, statements with fresh ids.
struct B {
  Program prog;
  StmtId next = 1;

  B() { prog.files.push_back("test.gcl"); }

  uint32_t record(const std::string &name, std::vector<std::pair<std::string, Type>> fields) {
    Record r;
    r.name = name;
    for (auto &[n, t] : fields)
      r.fields.push_back(Field{n, t, {}});
    prog.records.push_back(r);
    return static_cast<uint32_t>(prog.records.size() - 1);
  }
  VarRef global(const std::string &name, Type t) {
    prog.globals.push_back(Var{name, t, VarKind::Global, {}, false, {}});
    return VarRef{true, static_cast<uint32_t>(prog.globals.size() - 1)};
  }
  uint32_t proc(const std::string &name, bool isTest = false) {
    Procedure p;
    p.name = name;
    p.isTest = isTest;
    prog.procs.push_back(p);
    return static_cast<uint32_t>(prog.procs.size() - 1);
  }
  Procedure &P(uint32_t i) { return prog.procs[i]; }
  VarRef addVar(uint32_t p, const std::string &name, Type t, VarKind k) {
    P(p).vars.push_back(Var{name, t, k, {}, false, {}});
    return VarRef{false, static_cast<uint32_t>(P(p).vars.size() - 1)};
  }
  VarRef param(uint32_t p, const std::string &name, Type t) {
    VarRef v = addVar(p, name, t, VarKind::Param);
    P(p).params.push_back(v.index);
    return v;
  }
  VarRef result(uint32_t p, Type t) {
    VarRef v = addVar(p, "result", t, VarKind::Return);
    P(p).result = v.index;
    return v;
  }
  VarRef local(uint32_t p, const std::string &name, Type t) { return addVar(p, name, t, VarKind::Local); }
  Expr use(uint32_t p, VarRef v) { return Expr::varUse(v, prog.var(P(p), v).type); }

  Stmt s(Stmt::Kind k) {
    Stmt st;
    st.kind = k;
    st.id = next++;
    st.loc = {0, st.id, 1};
    return st;
  }
  Stmt assign(VarRef lhs, Expr e) {
    Stmt st = s(Stmt::Assign);
    st.lhs = lhs;
    st.value = std::move(e);
    return st;
  }
  Stmt get(VarRef lhs, VarRef base, uint32_t field) {
    Stmt st = s(Stmt::GetField);
    st.lhs = lhs;
    st.base = base;
    st.field = field;
    return st;
  }
  Stmt put(VarRef base, uint32_t field, Expr e) {
    Stmt st = s(Stmt::PutField);
    st.base = base;
    st.field = field;
    st.value = std::move(e);
    return st;
  }
  Stmt alloc(VarRef lhs, uint32_t rec) {
    Stmt st = s(Stmt::New);
    st.lhs = lhs;
    st.record = rec;
    return st;
  }
  Stmt nondet(VarRef lhs) {
    Stmt st = s(Stmt::Nondet);
    st.lhs = lhs;
    return st;
  }
  Stmt assume(Expr e) {
    Stmt st = s(Stmt::Assume);
    st.value = std::move(e);
    return st;
  }
  Stmt check(Expr e, AssertKind k = AssertKind::User, std::string msg = "") {
    Stmt st = s(Stmt::Assert);
    st.value = std::move(e);
    st.assertKind = k;
    st.message = std::move(msg);
    return st;
  }
  Stmt call(uint32_t callee, std::vector<Expr> args, VarRef lhs = {}) {
    Stmt st = s(Stmt::Call);
    st.callee = callee;
    st.args = std::move(args);
    st.lhs = lhs;
    return st;
  }
  Stmt loop(Expr c, std::vector<Stmt> body) {
    Stmt st = s(Stmt::While);
    st.value = std::move(c);
    st.body = std::move(body);
    return st;
  }
  Stmt concrete(std::vector<Stmt> body) {
    Stmt st = s(Stmt::Concrete);
    st.body = std::move(body);
    return st;
  }
  Stmt getElem(VarRef lhs, VarRef base, Expr index) {
    Stmt st = s(Stmt::GetElem);
    st.lhs = lhs;
    st.base = base;
    st.args.push_back(std::move(index));
    return st;
  }
  Stmt putElem(VarRef base, Expr index, Expr e) {
    Stmt st = s(Stmt::PutElem);
    st.base = base;
    st.args.push_back(std::move(index));
    st.value = std::move(e);
    return st;
  }
  Stmt newArray(VarRef lhs, Expr length, bool fill = false) {
    Stmt st = s(Stmt::NewArray);
    st.lhs = lhs;
    st.value = std::move(length);
    st.fill = fill;
    return st;
  }
  Stmt length(VarRef lhs, VarRef base) {
    Stmt st = s(Stmt::Length);
    st.lhs = lhs;
    st.base = base;
    return st;
  }
  Stmt guarded(Expr g, Stmt st) {
    st.guard = std::move(g);
    return st;
  }
};

inline Expr I(int64_t v) {
  return Expr::intLit(v);
}
inline Expr bin(Op op, Expr a, Expr b) {
  return Expr::binary(op, std::move(a), std::move(b));
}
inline const Type kInt = Type::intType();
inline const Type kBool = Type::boolType();

/// Values compared as text (doctest's ADL `toString` lookup clashes with ir::toString on Value).
inline std::string S(const Value &v) {
  return toString(v);
}

inline std::vector<std::string> writes(const Outcome &o) {
  std::vector<std::string> w;
  for (const auto &t : o.trace)
    if (t.written)
      w.push_back(*t.written);
  return w;
}

} // namespace locus::ir::testing

// The lowering of calls (README.md, *Values*: Calls): user functions, the built-ins (assert, nondet,
// assume, exit, abort, allocation, the I/O functions dispatched to io.cpp, the mem* functions to
// objects.cpp), `malloc` of a struct node, and a value evaluated straight into its target variable.
#include "frontend/c/lowering.h"

#include <set>

#include <map>
#include <set>

namespace locus::c::lower {

namespace {
/// The C type of a `__VERIFIER_nondet_<suffix>` built-in called without a declaration.
std::optional<ir::Type> nondetType(const std::string &suffix) {
  using T = ir::Type;
  static const std::map<std::string, T> kinds = {{"int", T::fixedInt(32, true)},
                                                 {"uint", T::fixedInt(32, false)},
                                                 {"unsigned", T::fixedInt(32, false)},
                                                 {"char", T::fixedInt(8, true)},
                                                 {"schar", T::fixedInt(8, true)},
                                                 {"uchar", T::fixedInt(8, false)},
                                                 {"short", T::fixedInt(16, true)},
                                                 {"ushort", T::fixedInt(16, false)},
                                                 {"long", T::fixedInt(64, true)},
                                                 {"ulong", T::fixedInt(64, false)},
                                                 {"longlong", T::fixedInt(64, true)},
                                                 {"ulonglong", T::fixedInt(64, false)},
                                                 {"size_t", T::fixedInt(64, false)},
                                                 {"u8", T::fixedInt(8, false)},
                                                 {"u16", T::fixedInt(16, false)},
                                                 {"u32", T::fixedInt(32, false)},
                                                 {"u64", T::fixedInt(64, false)},
                                                 {"bool", T::boolType()},
                                                 {"float", T::floatType(32)},
                                                 {"double", T::floatType(64)},
                                                 {"_Bool", T::boolType()}};
  auto it = kinds.find(suffix);
  return it == kinds.end() ? std::nullopt : std::optional<T>(it->second);
}
} // namespace

// ---- calls ----

Expr FnLowering::call(const cl::CallExpr *ce, const Expr &g, bool wantValue, std::optional<VarRef> target) {
  const cl::FunctionDecl *callee = ce->getDirectCallee();
  if (!callee)
    unsupported(ce, "call through a function pointer");
  SourceLoc saved = loc_;
  loc_ = irLoc(ce->getBeginLoc());
  auto it = u_.procs_.find(callee->getCanonicalDecl());
  std::string name = callee->getNameAsString();
  // Reaching reach_error() is the property violation of verification tasks, whatever its body says.
  if (it == u_.procs_.end() || name == "reach_error" || name == "__VERIFIER_error") {
    Expr v = builtin(ce, callee->getNameAsString(), g, wantValue, target);
    loc_ = saved;
    return v;
  }
  uint32_t idx = it->second;
  if (u_.brokenProcs_.count(idx))
    throw Unsupported{}; // its signature was already reported
  const ir::Procedure &callee_ = prog_.procs[idx];
  if (callee_.isTest)
    unsupported(ce, "call to the test function '" + callee_.name + "'");
  const auto &ranges = u_.paramRanges_.at(idx);
  if (ce->getNumArgs() != ranges.size())
    unsupported(ce, "call with " + std::to_string(ce->getNumArgs()) + " arguments to '" + callee_.name +
                        "', which has " + std::to_string(ranges.size()) + " parameters");
  const cl::FunctionDecl *def = callee->getDefinition();
  std::vector<Expr> args;
  std::vector<size_t> starts;  // per C argument: where its statements start
  std::vector<unsigned> owner; // per IR argument: its C argument
  for (unsigned i = 0; i < ce->getNumArgs(); ++i) {
    starts.push_back(out_->size());
    cl::QualType pt = def->getParamDecl(i)->getType();
    if (isStructValue(pt)) { // by value: one IR argument per part (a node's fields read now)
      StructObj o = structObj(ce->getArg(i), g);
      for (uint32_t k = 0; k < ranges[i].second; ++k) {
        if (o.var) {
          args.push_back(o.var->elems.at(o.first + k));
        } else {
          LVal lv = partLVal(o, o.first + k, 1, pt, ce->getArg(i));
          args.push_back(load(lv, g));
        }
        owner.push_back(i);
      }
      continue;
    }
    if (isFat(pt)) { // a fat pointer: one IR argument per part
      Parts a = ptr(ce->getArg(i), g);
      for (Expr &x : a) {
        args.push_back(std::move(x));
        owner.push_back(i);
      }
      continue;
    }
    Expr a = rv(ce->getArg(i), g);
    a = convert(std::move(a), pt, g);
    args.push_back(
        coerce(std::move(a), prog_.procs[idx].vars[prog_.procs[idx].params[ranges[i].first]].type, g));
    owner.push_back(i);
  }
  // C evaluation order: an argument's value is taken before the later arguments' statements run.
  for (size_t j = args.size(); j-- > 0;)
    if (owner[j] + 1 < starts.size())
      args[j] = settle(std::move(args[j]), starts[owner[j] + 1], g);
  ir::Stmt s = make(ir::Stmt::Call, g);
  s.callee = idx;
  s.args = std::move(args);
  const ir::Procedure &cp = prog_.procs[idx];
  Expr result = Expr::boolLit(true);
  if (target) {
    s.lhs = *target;
    result = use(*target);
  } else if (wantValue && cp.result != ir::kNone) {
    s.lhs = temp(cp.vars[cp.result].type);
    result = use(s.lhs);
  }
  emit(std::move(s));
  loc_ = saved;
  return result;
}

/// The IR operator of a <math.h> function locus models exactly (its double and float versions): fabs, sqrt,
/// floor, ceil, round, trunc; nullopt for other names.
std::optional<ir::Op> mathFunction(std::string name) {
  static const std::map<std::string, ir::Op> fns = {{"fabs", ir::Op::FAbs},    {"sqrt", ir::Op::FSqrt},
                                                    {"floor", ir::Op::FFloor}, {"ceil", ir::Op::FCeil},
                                                    {"round", ir::Op::FRound}, {"trunc", ir::Op::FTrunc}};
  auto it = fns.find(name);
  if (it == fns.end() && !name.empty() && name.back() == 'f')
    it = fns.find(name.substr(0, name.size() - 1));
  if (it == fns.end())
    return std::nullopt;
  return it->second;
}

/// The <math.h> functions whose results glibc rounds its own way (not correctly rounded in general): pow,
/// exp, log, the trigonometric ones, …, and their float and long double versions.
bool isInexactMathFunction(std::string name) {
  static const std::set<std::string> fns = {
      "pow",       "exp",       "exp2",  "expm1", "log",   "log2", "log10",  "log1p",   "sin",  "cos",
      "tan",       "asin",      "acos",  "atan",  "atan2", "sinh", "cosh",   "tanh",    "cbrt", "hypot",
      "fmod",      "remainder", "fmin",  "fmax",  "fdim",  "fma",  "lround", "llround", "rint", "lrint",
      "nearbyint", "ldexp",     "frexp", "modf",  "erf",   "erfc", "tgamma", "lgamma"};
  if (fns.count(name))
    return true;
  if (!name.empty() && (name.back() == 'f' || name.back() == 'l') &&
      fns.count(name.substr(0, name.size() - 1)))
    return true;
  return name.size() > 1 && name.back() == 'l' && mathFunction(name.substr(0, name.size() - 1)).has_value();
}

Expr FnLowering::builtin(const cl::CallExpr *ce, const std::string &name, const Expr &g, bool wantValue,
                         std::optional<VarRef> target) {
  auto noValue = [&] {
    if (wantValue)
      unsupported(ce, "the value of '" + name + "(…)'");
    return Expr::boolLit(true);
  };
  if (name == "__builtin_assume" && u_.pragmas_.takeInvariant(u_.smLoc(ce->getBeginLoc())))
    u_.error(ce->getBeginLoc(),
             "'#pragma locus invariant' must be the first line of a loop's body (a block), "
             "before its other statements");
  const std::string nondet = "__VERIFIER_nondet_";
  if (name.rfind(nondet, 0) == 0) {
    // Any value of the declared result type (of the type the name says when the file declares nothing).
    std::string suffix = name.substr(nondet.size());
    std::optional<ir::Type> t =
        ce->getDirectCallee()->isImplicit() ? nondetType(suffix) : intType(ce->getType(), u_.ctx_);
    if (!t)
      unsupported(ce, "'" + name + "' (nondet values of type '" +
                          (ce->getDirectCallee()->isImplicit() ? suffix : ce->getType().getAsString()) +
                          "'; integer types, _Bool, float and double are supported)");
    VarRef v = target && typeOf(*target) == *t ? *target : temp(*t);
    ir::Stmt s = make(ir::Stmt::Nondet, g);
    s.lhs = v;
    emit(std::move(s));
    return use(v);
  }
  if (name == "__VERIFIER_assume") {
    if (ce->getNumArgs() != 1)
      unsupported(ce, "__VERIFIER_assume with " + std::to_string(ce->getNumArgs()) + " arguments");
    ir::Stmt s = make(ir::Stmt::Assume, g);
    s.value = cond(ce->getArg(0), g);
    emit(std::move(s));
    return noValue();
  }
  if (name == "__VERIFIER_assert") {
    if (ce->getNumArgs() != 1)
      unsupported(ce, "__VERIFIER_assert with " + std::to_string(ce->getNumArgs()) + " arguments");
    Expr c = cond(ce->getArg(0), g);
    assertStmt(std::move(c), text(ce->getArg(0)), g);
    return noValue();
  }
  if (name == "reach_error" || name == "__VERIFIER_error") {
    assertStmt(Expr::boolLit(false), name + "() reached", g);
    return noValue();
  }
  if (name == "__assert_fail") {
    std::string msg = "assertion failed";
    if (ce->getNumArgs() > 0)
      if (const auto *sl = llvm::dyn_cast<cl::StringLiteral>(ce->getArg(0)->IgnoreParenCasts()))
        msg = sl->getString().str();
    assertStmt(Expr::boolLit(false), msg, g);
    return noValue();
  }
  if (name == "abort") {
    for (const cl::Expr *a : ce->arguments())
      effect(a, g);
    emit(make(ir::Stmt::Halt, g));
    return noValue();
  }
  if (name == "exit" || name == "_Exit") { // `halt e`: the run's status (main's result)
    if (ce->getNumArgs() != 1)
      unsupported(ce, "'" + name + "' with " + std::to_string(ce->getNumArgs()) + " arguments");
    Expr v = rvAs(ce->getArg(0), intTypeOf(ce->getArg(0)), g);
    ir::Stmt s = make(ir::Stmt::Halt, g);
    s.value = std::move(v);
    emit(std::move(s));
    return noValue();
  }
  if (isCtype(name))
    return ctypeCall(ce, name, g);
  if (name == "abs" || name == "labs" || name == "llabs")
    return absCall(ce, name, g);
  if (name == "atoi" || name == "atol" || name == "atoll" || name == "strtol" || name == "strtoll")
    return argvNumber(ce, name, g);
  if (name == "printf" || name == "fprintf" || name == "puts" || name == "putchar")
    return printCall(ce, name, g, wantValue);
  if (name == "strcpy" || name == "strcat")
    return strcpyCall(ce, name, g, wantValue);
  if (name == "strncpy")
    return strncpyCall(ce, g, wantValue);
  if (name == "strcmp")
    return strcmpCall(ce, g);
  if (name == "strlen")
    return strlenCall(ce, g);
  if (name == "getchar")
    return getcharCall(ce, g);
  if (name == "scanf" || name == "fscanf")
    return scanCall(ce, name, g, wantValue);
  if (name == "free") {
    for (const cl::Expr *a : ce->arguments()) {
      const cl::Expr *p = a->IgnoreParens();
      if (const auto *ic = llvm::dyn_cast<cl::ImplicitCastExpr>(p); ic && ic->getCastKind() == cl::CK_BitCast)
        p = ic->getSubExpr();
      if (!p->getType()->isPointerType())
        unsupported(a, "free of something other than a pointer");
      if (isFat(p->getType()))
        ptr(p, g);
      else
        rv(p, g);
    }
    return noValue();
  }
  if (name == "memset" || name == "memcpy" || name == "memmove")
    return memCall(ce, name, g, wantValue, nullptr);
  if (name == "fflush") {
    for (const cl::Expr *a : ce->arguments()) {
      const cl::Expr *x = a->IgnoreParenImpCasts();
      if (llvm::isa<cl::StringLiteral>(x))
        continue;
      if (const auto *dr = llvm::dyn_cast<cl::DeclRefExpr>(x))
        if (dr->getDecl()->getNameAsString() == "stdout" || dr->getDecl()->getNameAsString() == "stderr")
          continue;
      if (!intType(a->getType(), u_.ctx_))
        unsupported(a, "argument of type '" + a->getType().getAsString() + "' to '" + name + "'");
      effect(a, g);
    }
    return noValue();
  }
  if (name == "__builtin_expect" && ce->getNumArgs() == 2) {
    // A hint to the compiler: the value of its first argument (the second, the expected value, is evaluated).
    Expr v = rvAs(ce->getArg(0), intTypeOf(ce), g);
    size_t mark = out_->size();
    effect(ce->getArg(1), g);
    return settle(std::move(v), mark, g);
  }
  if (std::optional<ir::Op> op = mathFunction(name)) { // <math.h>, exact (IEEE 754; ir/floats.h)
    if (ce->getNumArgs() != 1)
      unsupported(ce, "'" + name + "' with " + std::to_string(ce->getNumArgs()) + " arguments");
    ir::Type t = floatTypeOf(ce);
    return Expr::unary(*op, rvAs(ce->getArg(0), t, g));
  }
  if (isInexactMathFunction(name))
    unsupported(ce, "call to '" + name +
                        "' (<math.h> functions other than fabs, sqrt, floor, ceil, round and trunc are not "
                        "modelled: glibc rounds their results its own way)");
  if (name == "malloc" || name == "calloc")
    unsupported(ce, "'" + name +
                        "' whose result is not converted to a pointer to a struct or to integers "
                        "or pointers");
  unsupported(ce, "call to '" + name +
                      "', which has no definition in the file (see docs/c.md for the built-ins)");
}

Expr FnLowering::newObject(const cl::CallExpr *ce, cl::QualType ptrType, const Expr &g,
                           std::optional<VarRef> target) {
  cl::QualType pointee = ptrType->getPointeeType().getCanonicalType();
  const auto *rt = pointee->getAs<cl::RecordType>();
  std::string name = ce->getDirectCallee()->getNameAsString();
  if (!rt)
    unsupported(ce, "'" + name + "' of something other than a struct");
  uint32_t rec = u_.recordFor(rt->getDecl(), ce->getBeginLoc());
  int64_t want = u_.ctx_.getTypeSizeInChars(pointee).getQuantity();
  int64_t size = -1;
  auto constant = [&](const cl::Expr *a) -> std::optional<int64_t> {
    cl::Expr::EvalResult r;
    if (a->EvaluateAsInt(r, u_.ctx_))
      return r.Val.getInt().getExtValue();
    return std::nullopt;
  };
  if (name == "malloc" && ce->getNumArgs() == 1) {
    if (auto v = constant(ce->getArg(0)))
      size = *v;
  } else if (name == "calloc" && ce->getNumArgs() == 2) {
    auto n = constant(ce->getArg(0)), s = constant(ce->getArg(1));
    if (n && s)
      size = *n * *s;
  }
  if (size != want)
    unsupported(ce, "'" + name + "' of anything but exactly one 'struct " + prog_.records[rec].name + "'");
  SourceLoc saved = loc_;
  loc_ = irLoc(ce->getBeginLoc());
  VarRef v = target ? *target : temp(ir::Type::refType(rec));
  ir::Stmt s = make(ir::Stmt::New, g);
  s.lhs = v;
  s.record = rec;
  emit(std::move(s));
  // Its array fields are objects of their own, allocated with it (indeterminate for malloc, zero for calloc).
  newNodeArrays(v, rec, pointee, name == "calloc", g);
  if (name == "malloc") {
    // malloc'd memory is indeterminate: each field the code after may read first gets a nondet value (in
    // field order; a nested struct field: all its parts); calloc's stays 0.
    std::optional<AllocScope> scope;
    if (allocScope_ && target && allocScope_->target == *target)
      scope = allocScope_;
    allocScope_.reset();
    const auto *def = rt->getDecl()->getDefinition();
    std::vector<int64_t> owned = u_.ownedOf(pointee, ce->getBeginLoc());
    for (const cl::FieldDecl *fd : def->fields()) {
      if (scope && !mayReadFirst(Tracked{Tracked::NodeField, scope->var, fd}, scope->rest, u_.ctx_, &plan_))
        continue;
      for (uint32_t k = u_.leafOffset(fd), e = k + u_.leafCount(fd->getType()); k < e; ++k) {
        if (owned[k] >= 0)
          continue;
        VarRef t = temp(prog_.records[rec].fields[k].type);
        havoc(t, g);
        ir::Stmt put = make(ir::Stmt::PutField, g);
        put.base = v;
        put.field = k;
        put.value = use(t);
        emit(std::move(put));
      }
    }
  }
  loc_ = saved;
  return use(v);
}

/// `abs(x)`, `labs`, `llabs`: `[g] t := x; [g and x < 0] t := -x` (int arithmetic wraps as everywhere: the
/// absolute value of the smallest value is itself, as with gcc -fwrapv).
Expr FnLowering::absCall(const cl::CallExpr *ce, const std::string &name, const Expr &g) {
  if (ce->getNumArgs() != 1)
    unsupported(ce, "'" + name + "' with " + std::to_string(ce->getNumArgs()) + " arguments");
  ir::Type t = intTypeOf(ce);
  Expr x = materialize(rvAs(ce->getArg(0), t, g), g);
  VarRef r = temp(t);
  emit(assign(g, r, x));
  Expr neg = guardAnd(g, Expr::binary(ir::Op::Lt, x, Expr::intLit(ir::BigInt(0), t)));
  emit(assign(neg, r, Expr::unary(ir::Op::Neg, x)));
  return use(r);
}

bool FnLowering::isCtype(const std::string &name) {
  static const std::set<std::string> names = {"isdigit", "isalpha",  "isalnum", "isspace", "isupper",
                                              "islower", "isxdigit", "toupper", "tolower"};
  return names.count(name) != 0;
}

/// <ctype.h> in the C locale, as glibc computes it: the argument must be EOF or a char's value (glibc's
/// tables cover -128 … 255; another value is undefined: a failure); a class test is glibc's bit of the class
/// (so `isdigit('7')` is 2048) or 0; toupper/tolower change only the letters.
Expr FnLowering::ctypeCall(const cl::CallExpr *ce, const std::string &name, const Expr &g) {
  if (ce->getNumArgs() != 1)
    unsupported(ce, "'" + name + "' with " + std::to_string(ce->getNumArgs()) + " arguments");
  const ir::Type i32 = ir::Type::fixedInt(32, true);
  Expr c = materialize(rvAs(ce->getArg(0), i32, g), g);
  auto lit = [&](int64_t v) { return Expr::intLit(ir::BigInt(v), i32); };
  auto within = [&](int64_t lo, int64_t hi) {
    return Expr::binary(ir::Op::And, Expr::binary(ir::Op::Le, lit(lo), c),
                        Expr::binary(ir::Op::Le, c, lit(hi)));
  };
  auto any = [](Expr a, Expr b) { return Expr::binary(ir::Op::Or, std::move(a), std::move(b)); };
  assertStmt(within(-128, 255),
             "ctype argument in range: " + text(ce->getArg(0)) + " (EOF or a char's value)", g);
  VarRef t = temp(i32);
  if (name == "toupper" || name == "tolower") {
    bool up = name == "toupper";
    emit(assign(g, t, c));
    Expr letter = guardAnd(g, up ? within('a', 'z') : within('A', 'Z'));
    emit(assign(letter, t, Expr::binary(up ? ir::Op::Sub : ir::Op::Add, c, lit(32))));
    return use(t);
  }
  Expr upper = within('A', 'Z'), lower = within('a', 'z'), digit = within('0', '9');
  std::pair<Expr, int64_t> cls = // the class and glibc's bit of it (ctype.h's _ISbit on little-endian)
      name == "isupper"    ? std::pair{upper, 256}
      : name == "islower"  ? std::pair{lower, 512}
      : name == "isalpha"  ? std::pair{any(upper, lower), 1024}
      : name == "isdigit"  ? std::pair{digit, 2048}
      : name == "isxdigit" ? std::pair{any(digit, any(within('a', 'f'), within('A', 'F'))), 4096}
      : name == "isspace"  ? std::pair{any(Expr::binary(ir::Op::Eq, c, lit(' ')), within('\t', '\r')), 8192}
                           : std::pair{any(digit, any(upper, lower)), 8}; // isalnum
  emit(assign(g, t, lit(0)));
  emit(assign(guardAnd(g, std::move(cls.first)), t, lit(cls.second)));
  return use(t);
}

/// `[g] v := nondet`: the indeterminate value of an uninitialized object (`object`: a scalar local's C name,
/// kept as the statement's message for run notes and `--check-uninit`).
void FnLowering::havoc(VarRef v, const Expr &g, std::string object) {
  ir::Stmt s = make(ir::Stmt::Nondet, g);
  s.lhs = v;
  s.message = std::move(object);
  emit(std::move(s));
}

/// The statements that run after `s` in the innermost block (after `first`), if `s` is one of its
/// statements; nullopt otherwise (e.g. a declaration in a `for` header).
std::optional<std::vector<const cl::Stmt *>>
FnLowering::restOfBlock(const cl::Stmt *s, std::vector<const cl::Stmt *> first) const {
  if (blocks_.empty())
    return std::nullopt;
  const Block &b = blocks_.back();
  if (b.index >= b.stmt->size() || b.stmt->body_begin()[b.index] != s)
    return std::nullopt;
  for (auto it = b.stmt->body_begin() + static_cast<std::ptrdiff_t>(b.index) + 1; it != b.stmt->body_end();
       ++it)
    first.push_back(*it);
  return first;
}

/// `target := e` with the call, nondet or allocation writing the target directly when the types allow;
/// false when `e` is none of those (nothing emitted).
bool FnLowering::rvInto(VarRef target, cl::QualType targetType, const cl::Expr *e, const Expr &g) {
  const cl::Expr *inner = e->IgnoreParens();
  // Implicit conversions that change nothing (same C type) may be skipped.
  while (const auto *ic = llvm::dyn_cast<cl::ImplicitCastExpr>(inner)) {
    if (ic->getCastKind() == cl::CK_BitCast && allocCall(ic->getSubExpr()) &&
        ic->getType().getCanonicalType() == targetType.getCanonicalType().getUnqualifiedType()) {
      newObject(allocCall(ic->getSubExpr()), ic->getType(), g, target);
      return true;
    }
    if (ic->getCastKind() != cl::CK_NoOp)
      return false;
    inner = ic->getSubExpr()->IgnoreParens();
  }
  if (const auto *cast = llvm::dyn_cast<cl::CStyleCastExpr>(inner))
    if (cast->getCastKind() == cl::CK_BitCast && allocCall(cast->getSubExpr()) &&
        cast->getType().getCanonicalType() == targetType.getCanonicalType().getUnqualifiedType()) {
      newObject(allocCall(cast->getSubExpr()), cast->getType(), g, target);
      return true;
    }
  const auto *ce = llvm::dyn_cast<cl::CallExpr>(inner);
  if (!ce || !ce->getDirectCallee())
    return false;
  if (ce->getType().getCanonicalType().getUnqualifiedType() !=
      targetType.getCanonicalType().getUnqualifiedType())
    return false;
  const cl::FunctionDecl *callee = ce->getDirectCallee();
  std::string name = callee->getNameAsString();
  if (u_.procs_.count(callee->getCanonicalDecl()) && name != "reach_error" && name != "__VERIFIER_error") {
    call(ce, g, true, target);
    return true;
  }
  if (name.rfind("__VERIFIER_nondet_", 0) == 0) {
    Expr v = call(ce, g, true, target);
    if (!(v.kind == Expr::VarUse && v.var == target))
      emit(assign(g, target, coerce(std::move(v), typeOf(target), g)));
    return true;
  }
  return false;
}

} // namespace locus::c::lower

// GCL checker: name resolution and type checking over a whole Unit; annotates the AST in place.
//
// Contract with the lowering (lower.cpp):
//  * Record indices: the record of a TypeDecl is its position in the list of all TypeDecls of
//    Unit::modules, modules in order and types in order within a module (duplicates, which are errors,
//    count too). TypeName::resolved, Expr::type and Stmt::recordIdx use these indices, so the lowering
//    must create Program::records in exactly this order.
//  * Expr::decl points at the VarDecl a path starts from (global, parameter, result or local); each
//    Selector has its kind (a `.length` of an array is Length, not Field), its type and, for a field, its
//    index in the record's fields (= TypeDecl::fields order). An Expr::type of a path ending in `.length`
//    is `int`, or the fixed-width int type it is assigned to (`n := a.length` with n: int32).
//  * Allocation::resolved is the type of the new reference; a global's allocation has an int literal of
//    0 … ir::kMaxArrayLength as its length (ir::Var::alloc).
//  * Local declarations are scoped to their block; a local never has the name of another parameter,
//    result or local visible at its declaration, but sibling blocks may reuse a name and locals may
//    shadow globals, so the lowering must rename (keyed by VarDecl pointer, not by name).
//  * Contract blocks (printed IR) may use the locals declared at the top level of the body.
//  * Stmt::calleeDecl is set for every call; the callee is a procedure, never a test.
#include "frontend/gcl/frontend.h"
#include "ir/io.h"

#include <map>
#include <set>

namespace locus::gcl {
namespace {

const ir::Type kError{}; // Void: the type of an erroneous expression; suppresses follow-up errors

bool isError(ir::Type t) {
  return t.kind == ir::Type::Void;
}

class Checker {
public:
  Checker(Unit &unit, Diagnostics &diags) : unit_(unit), diags_(diags) {}

  bool run() {
    size_t before = diags_.errorCount();
    declareTopLevel();
    for (auto &m : unit_.modules)
      for (auto &t : m->types)
        checkTypeDecl(*t);
    for (auto &m : unit_.modules)
      for (auto &g : m->globals)
        checkGlobal(*g);
    for (auto &m : unit_.modules)
      for (auto &p : m->procs)
        checkProcSignature(*p);
    for (auto &m : unit_.modules)
      for (auto &p : m->procs)
        checkProcBody(*p);
    return diags_.errorCount() == before;
  }

private:
  // ---- names and types -------------------------------------------------------------------------

  void redefinition(const std::string &name, SourceLoc loc, SourceLoc prev) {
    diags_.error(loc, "redefinition of '" + name + "'");
    diags_.note(prev, "previous definition is here");
  }

  void declareTopLevel() {
    std::map<std::string, SourceLoc> seen; // types, globals, procedures and tests share one namespace
    auto declare = [&](const std::string &name, SourceLoc loc) {
      auto [it, fresh] = seen.emplace(name, loc);
      if (!fresh)
        redefinition(name, loc, it->second);
      return fresh;
    };
    uint32_t recordIdx = 0;
    for (auto &m : unit_.modules) {
      for (auto &t : m->types) {
        uint32_t idx = recordIdx++;
        if (declare(t->name, t->loc))
          types_[t->name] = {t.get(), idx};
      }
    }
    for (auto &m : unit_.modules)
      for (auto &g : m->globals)
        if (declare(g->name, g->loc))
          globals_[g->name] = g.get();
    for (auto &m : unit_.modules)
      for (auto &p : m->procs)
        if (declare(p->name, p->loc))
          procs_[p->name] = p.get();
  }

  std::string typeStr(ir::Type t) const {
    switch (t.kind) {
    case ir::Type::Int: return ir::intTypeName(t);
    case ir::Type::Float: return ir::numTypeName(t);
    case ir::Type::Bool: return "bool";
    case ir::Type::Null: return "null";
    case ir::Type::Ref:
      for (auto &[name, info] : types_)
        if (info.index == t.record)
          return name;
      return "record";
    case ir::Type::Array: return typeStr(t.elemType()) + "[]";
    default: return "<error>";
    }
  }
  std::string q(ir::Type t) const { return "'" + typeStr(t) + "'"; }

  const TypeDecl *recordDecl(ir::Type t) const {
    if (t.kind != ir::Type::Ref)
      return nullptr;
    for (auto &[name, info] : types_)
      if (info.index == t.record)
        return info.decl;
    return nullptr;
  }

  /// The type a type name denotes (its base type with `dims` times `[]`), or nullopt (unknown base, too many
  /// dimensions).
  std::optional<ir::Type> typeNamed(const std::string &name, uint32_t dims) const {
    std::optional<ir::Type> t;
    if (auto it = ir::numTypeNamed(name))
      t = *it;
    else if (name == "bool")
      t = ir::Type::boolType();
    else if (auto it = types_.find(name); it != types_.end())
      t = ir::Type::refType(it->second.index);
    if (!t || dims > kMaxDims)
      return std::nullopt;
    for (uint32_t i = 0; i < dims; ++i)
      t = ir::Type::arrayOf(*t);
    return t;
  }

  /// Resolves a type name, reporting an unknown one; `dims` more `[]` than written (an allocation's).
  ir::Type resolveType(const TypeName &tn, uint32_t dims) {
    if (std::optional<ir::Type> t = typeNamed(tn.name, dims))
      return *t;
    if (tn.name.empty())
      return kError;
    if (typeNamed(tn.name, 0))
      diags_.error(tn.loc, "an array type has at most " + std::to_string(kMaxDims) + " dimensions");
    else
      diags_.error(tn.loc, "unknown type '" + tn.name + "'");
    return kError;
  }

  void resolve(TypeName &tn) { tn.resolved = resolveType(tn, tn.dims); }

  static bool assignable(ir::Type dst, ir::Type src) {
    return dst == src ||
           ((dst.kind == ir::Type::Ref || dst.kind == ir::Type::Array) && src.kind == ir::Type::Null);
  }

  /// The first node of `e` that reads the heap (a path with selectors), or null.
  static const Expr *heapRead(const Expr &e) {
    if (e.isAccess())
      return &e;
    for (const auto &a : e.args)
      if (const Expr *r = a ? heapRead(*a) : nullptr)
        return r;
    return nullptr;
  }

  /// A path whose last step is an array's `.length`.
  static bool isLength(const Expr &e) { return e.isAccess() && e.selectors.back().kind == Selector::Length; }

  /// The value of an assignment or initializer to type `want`: an unsuffixed literal takes `want` (adapt),
  /// and so does an array's length read directly into a variable of a fixed-width int type (`n :=
  /// a.length` with n: int32 stores the length converted, as `int32(…)` converts: ir::Stmt::Length).
  ir::Type adaptAssigned(Expr &e, ir::Type want) {
    if (isLength(e) && want.isFixedInt()) {
      e.type = e.selectors.back().type = want;
      return want;
    }
    return adapt(e, want);
  }

  /// An integer literal written without a suffix takes the fixed-width int type its context wants (`x + 1`
  /// with x: uint8 adds 1u8); its value must be one of that type. Returns e's (possibly new) type.
  ir::Type adapt(Expr &e, ir::Type want) {
    if (e.kind != Expr::IntLit || e.suffix || !want.isFixedInt() || e.type != ir::Type::intType())
      return e.type;
    if (!ir::fitsIn(e.value, want)) {
      diags_.error(e.loc, "integer literal " + e.value.toString() + " is out of range for " + q(want) + " (" +
                              ir::minOf(want).toString() + " to " + ir::maxOf(want).toString() + ")");
      e.type = kError;
      return e.type;
    }
    e.type = want;
    return want;
  }

  /// Reports `type mismatch: cannot assign` unless src fits dst (or either is an error).
  void expectAssignable(ir::Type dst, ir::Type src, SourceLoc loc) {
    if (isError(dst) || isError(src) || assignable(dst, src))
      return;
    diags_.error(loc, "type mismatch: cannot assign " + q(src) + " to " + q(dst));
  }

  void expectBool(const Expr *e, ir::Type t) {
    if (e && !isError(t) && t.kind != ir::Type::Bool)
      diags_.error(e->loc, "condition must have type 'bool', got " + q(t));
  }

  void checkTypeDecl(TypeDecl &t) {
    std::map<std::string, SourceLoc> seen;
    for (auto &f : t.fields) {
      resolve(f.type);
      auto [it, fresh] = seen.emplace(f.name, f.loc);
      if (!fresh) {
        diags_.error(f.loc, "duplicate field '" + f.name + "' in record '" + t.name + "'");
        diags_.note(it->second, "previous definition is here");
      }
    }
  }

  void checkGlobal(VarDecl &g) {
    resolve(g.type);
    if (g.init) {
      diags_.error(g.init->loc, "global variable '" + g.name +
                                    "' cannot have an initializer (globals start as 0, false or null; a "
                                    "global array may be allocated: 'new T[n]')");
    }
    if (g.alloc)
      checkGlobalAllocation(g);
  }

  /// `var a: T[] := new T[n];`: allocated before the program runs, so n is an int literal in range.
  void checkGlobalAllocation(VarDecl &g) {
    Allocation &a = *g.alloc;
    if (!a.length) {
      diags_.error(a.loc, "global variable '" + g.name + "' cannot be initialized with a record ('new " +
                              a.type.name + "'); only a global array may be allocated");
      return;
    }
    if (a.length->kind != Expr::IntLit) {
      diags_.error(a.length->loc,
                   "the length of global array '" + g.name +
                       "' must be an integer literal (it is allocated before the program runs)");
      return;
    }
    if (a.length->value.isNegative() || a.length->value > ir::BigInt(ir::kMaxArrayLength)) {
      diags_.error(a.length->loc, "the length of global array '" + g.name + "' must be from 0 to " +
                                      std::to_string(ir::kMaxArrayLength) + ", got " +
                                      a.length->value.toString());
      return;
    }
    if (a.fill) {
      diags_.error(a.loc,
                   "global array '" + g.name +
                       "' starts with its elements at their default: 'nondet' contents are not allowed "
                       "here (assign them in a procedure)");
      return;
    }
    expectAssignable(g.type.resolved, checkAllocation(a), a.loc);
  }

  /// `new T` (a record) or `new T[n]…[]`; sets and returns Allocation::resolved.
  ir::Type checkAllocation(Allocation &a) {
    a.resolved = kError;
    if (a.length) {
      ir::Type lt = checkExpr(*a.length);
      if (!isError(lt) && lt.kind != ir::Type::Int)
        diags_.error(a.length->loc, "the length of an array must be an int, got " + q(lt));
      a.resolved = resolveType(a.type, a.extraDims + 1);
      return a.resolved;
    }
    ir::Type t = resolveType(a.type, 0);
    if (isError(t))
      return t;
    if (t.kind != ir::Type::Ref) {
      diags_.error(a.type.loc, "'new' allocates records and arrays, not " + q(t) + " (an array: 'new " +
                                   a.type.name + "[n]')");
      return kError;
    }
    a.resolved = t;
    return t;
  }

  // ---- procedures ------------------------------------------------------------------------------

  void checkProcSignature(ProcDecl &p) {
    std::map<std::string, SourceLoc> seen;
    for (auto &v : p.params) {
      resolve(v->type);
      auto [it, fresh] = seen.emplace(v->name, v->loc);
      if (!fresh)
        redefinition(v->name, v->loc, it->second);
    }
    if (p.result) {
      resolve(p.result->type);
      auto [it, fresh] = seen.emplace(p.result->name, p.result->loc);
      if (!fresh)
        redefinition(p.result->name, p.result->loc, it->second);
    }
  }

  struct Scope {
    std::map<std::string, const VarDecl *> vars;
  };

  void checkProcBody(ProcDecl &p) {
    proc_ = &p;
    scopes_.clear();
    loopDepth_ = 0;
    scopes_.emplace_back();
    for (auto &v : p.params)
      scopes_.back().vars.emplace(v->name, v.get());

    for (auto &c : p.contracts) {
      inContract_ = c.isRequires ? ContractKind::Requires : ContractKind::Ensures;
      if (c.expr) {
        // The result is in scope so that a requires clause using it gets a precise error.
        if (p.result)
          scopes_.back().vars.emplace(p.result->name, p.result.get());
        expectBool(c.expr.get(), checkExpr(*c.expr));
        if (p.result)
          scopes_.back().vars.erase(p.result->name);
      } else if (c.block) {
        checkContractBlock(p, c);
      }
    }
    inContract_ = ContractKind::None;

    if (p.result)
      scopes_.back().vars.emplace(p.result->name, p.result.get());
    if (p.body)
      checkBlock(*p.body);
    scopes_.clear();
    proc_ = nullptr;
  }

  /// A printed-IR contract block sees the parameters, the result and the body's top-level locals.
  void checkContractBlock(ProcDecl &p, Contract &c) {
    scopes_.emplace_back();
    if (p.result)
      scopes_.back().vars.emplace(p.result->name, p.result.get());
    if (p.body) {
      for (auto &s : p.body->stmts) {
        if (s->kind != Stmt::LocalDecl)
          continue;
        for (auto &d : s->decls) {
          if (d->type.resolved.kind == ir::Type::Void)
            resolveQuiet(d->type);
          scopes_.back().vars.emplace(d->name, d.get());
        }
      }
    }
    for (auto &s : c.block->stmts)
      if (s)
        checkContractStmt(*s);
    scopes_.pop_back();
  }

  /// Resolves a type name without reporting (the declaration itself reports when checked).
  void resolveQuiet(TypeName &tn) {
    if (std::optional<ir::Type> t = typeNamed(tn.name, tn.dims))
      tn.resolved = *t;
  }

  void checkContractStmt(Stmt &s) {
    switch (s.kind) {
    case Stmt::Guarded:
      if (s.guard)
        expectBool(s.guard.get(), checkExpr(*s.guard));
      if (s.inner)
        checkContractStmt(*s.inner);
      return;
    case Stmt::Assign:
      if (s.lhs && s.lhs->isAccess()) {
        diags_.error(s.loc, "a contract block cannot write to the heap");
        return;
      }
      checkStmt(s);
      return;
    case Stmt::Assert:
    case Stmt::Assume:
    case Stmt::Skip: checkStmt(s); return;
    default:
      diags_.error(s.loc, "only assignments, field reads and assertions are allowed in a contract block");
      return;
    }
  }

  // ---- statements ------------------------------------------------------------------------------

  /// The innermost block-scoped declaration of `name`, or nullptr.
  const VarDecl *lookupScoped(const std::string &name) const {
    for (auto it = scopes_.rbegin(); it != scopes_.rend(); ++it)
      if (auto f = it->vars.find(name); f != it->vars.end())
        return f->second;
    return nullptr;
  }

  const VarDecl *lookup(const std::string &name) const {
    if (const VarDecl *d = lookupScoped(name))
      return d;
    if (auto g = globals_.find(name); g != globals_.end())
      return g->second;
    return nullptr;
  }

  const VarDecl *lookupLocal(const std::string &name) const {
    if (const VarDecl *d = lookupScoped(name))
      return d;
    if (proc_ && proc_->result && proc_->result->name == name)
      return proc_->result.get();
    return nullptr;
  }

  void checkBlock(Block &b) {
    scopes_.emplace_back();
    for (auto &s : b.stmts)
      if (s)
        checkStmt(*s);
    scopes_.pop_back();
  }

  ir::Type checkLhs(Expr &lhs) {
    ir::Type t = checkExpr(lhs);
    if (isLength(lhs)) {
      diags_.error(lhs.selectors.back().loc,
                   "cannot assign to the length of an array (fixed when it is allocated)");
      return kError;
    }
    return t;
  }

  void checkStmt(Stmt &s) {
    switch (s.kind) {
    case Stmt::Guarded:
      if (s.guard)
        expectBool(s.guard.get(), checkExpr(*s.guard));
      if (s.inner)
        checkStmt(*s.inner);
      break;
    case Stmt::LocalDecl:
      for (auto &d : s.decls) {
        resolve(d->type);
        if (d->init) {
          checkExpr(*d->init);
          expectAssignable(d->type.resolved, adaptAssigned(*d->init, d->type.resolved), d->init->loc);
        } else if (d->alloc) {
          expectAssignable(d->type.resolved, checkAllocation(*d->alloc), d->alloc->loc);
        }
        if (const VarDecl *prev = lookupLocal(d->name))
          redefinition(d->name, d->loc, prev->loc);
        else
          scopes_.back().vars.emplace(d->name, d.get());
      }
      break;
    case Stmt::Assign: {
      ir::Type lt = s.lhs ? checkLhs(*s.lhs) : kError;
      ir::Type rt = s.value ? checkExpr(*s.value) : kError;
      if (s.value)
        rt = adaptAssigned(*s.value, lt);
      expectAssignable(lt, rt, s.value ? s.value->loc : s.loc);
      break;
    }
    case Stmt::New: {
      ir::Type lt = s.lhs ? checkLhs(*s.lhs) : kError;
      if (s.alloc)
        expectAssignable(lt, checkAllocation(*s.alloc), s.alloc->type.loc);
      break;
    }
    case Stmt::Nondet:
      if (s.lhs)
        checkLhs(*s.lhs);
      break;
    case Stmt::Call: checkCall(s); break;
    case Stmt::Assume:
    case Stmt::Assert:
      if (s.value)
        expectBool(s.value.get(), checkExpr(*s.value));
      break;
    case Stmt::Return: checkReturn(s); break;
    case Stmt::Break:
    case Stmt::Continue:
      if (loopDepth_ == 0)
        diags_.error(s.loc, std::string("'") + (s.kind == Stmt::Break ? "break" : "continue") +
                                "' outside of a loop");
      break;
    case Stmt::If:
      if (s.value)
        expectBool(s.value.get(), checkExpr(*s.value));
      if (s.then)
        checkBlock(*s.then);
      if (s.elseBlock)
        checkBlock(*s.elseBlock);
      break;
    case Stmt::While:
      if (s.value)
        expectBool(s.value.get(), checkExpr(*s.value));
      for (const auto &inv : s.invariants) {
        if (!inv)
          continue;
        expectBool(inv.get(), checkExpr(*inv));
        if (const Expr *r = heapRead(*inv))
          diags_.error(r->loc, "a loop invariant reads only variables, not the heap (a field, an array "
                               "element or a length)");
      }
      ++loopDepth_;
      if (s.then)
        checkBlock(*s.then);
      --loopDepth_;
      break;
    case Stmt::Concrete:
    case Stmt::BlockStmt:
      if (s.then)
        checkBlock(*s.then);
      break;
    case Stmt::Halt:
      if (s.value)
        if (ir::Type t = checkExpr(*s.value); !isError(t) && t.kind != ir::Type::Int)
          diags_.error(s.value->loc, "the status of 'halt' must be an int, got " + q(t));
      break;
    case Stmt::Print: {
      std::vector<ir::Type> types;
      for (auto &a : s.args)
        if (ir::Type t = types.emplace_back(a ? checkExpr(*a) : kError);
            !isError(t) && t.kind != ir::Type::Int && t != ir::Type::floatType(64))
          diags_.error(a->loc, "a printed value must be an int or a float64, got " + q(t));
      std::string why;
      std::optional<std::vector<ir::PrintItem>> items = ir::parsePrintFormat(s.message, why);
      if (items) { // a float conversion prints a float64, the others an int
        size_t k = 0;
        for (const ir::PrintItem &it : *items)
          if (it.kind != ir::PrintItem::Text && k < s.args.size())
            if (Expr *a = s.args[k++].get();
                a && !isError(a->type) && (it.kind == ir::PrintItem::Float) != a->type.isFloat())
              diags_.error(a->loc,
                           it.kind == ir::PrintItem::Float
                               ? "'" + it.text + "' prints a float64, got " + q(a->type)
                               : "'%d', '%u', '%x', '%X', '%o' and '%c' print an int, got " + q(a->type));
      }
      if (!items)
        diags_.error(s.messageLoc, "invalid print format: " + why);
      else if (ir::printArgCount(*items) != s.args.size())
        diags_.error(s.messageLoc, "the format prints " + std::to_string(ir::printArgCount(*items)) +
                                       " values, " + std::to_string(s.args.size()) + " given");
      else
        printArgTypes(s, *items, types);
      break;
    }
    case Stmt::Scan: {
      if (s.lhs)
        if (ir::Type t = checkLhs(*s.lhs); !isError(t) && t.kind != ir::Type::Int)
          diags_.error(s.lhs->loc, "the count of 'scan' must be an int, got " + q(t));
      for (auto &a : s.args) {
        if (!a)
          continue;
        if (a->kind != Expr::Path || a->isAccess()) {
          diags_.error(a->loc, "'scan' assigns variables: expected a variable name");
          continue;
        }
        if (ir::Type t = checkLhs(*a); !isError(t) && t.kind != ir::Type::Int && !t.isFloat())
          diags_.error(a->loc, "a scanned variable must be an int or a float, got " + q(t));
      }
      std::string why;
      std::optional<std::vector<ir::ScanItem>> items = ir::parseScanFormat(s.message, why);
      if (items) { // `%f` reads a float32, `%lf` a float64, the others an int
        size_t k = 0;
        for (const ir::ScanItem &it : *items)
          if (it.assigns() && k < s.args.size())
            if (Expr *a = s.args[k++].get();
                a && !isError(a->type) &&
                (it.kind == ir::ScanItem::Float ? a->type != ir::Type::floatType(it.byte)
                                                : a->type.isFloat()))
              diags_.error(a->loc,
                           it.kind != ir::ScanItem::Float
                               ? "'%d', '%i', '%u', '%x', '%o' and '%c' read an int, got " + q(a->type)
                           : it.byte == 32 ? "'%f' reads a float32, got " + q(a->type)
                                           : "'%lf' reads a float64, got " + q(a->type));
      }
      if (!items)
        diags_.error(s.messageLoc, "invalid scan format: " + why);
      else if (ir::scanArgCount(*items) != s.args.size())
        diags_.error(s.messageLoc, "the format reads " + std::to_string(ir::scanArgCount(*items)) +
                                       " values, " + std::to_string(s.args.size()) + " variables given");
      break;
    }
    case Stmt::Skip: break;
    }
  }

  /// A conversion other than a plain `%d`/`%c` needs a fixed-width (for `%u %x %X %o` unsigned) argument.
  void printArgTypes(const Stmt &s, const std::vector<ir::PrintItem> &items,
                     const std::vector<ir::Type> &types) {
    size_t k = 0;
    for (const ir::PrintItem &it : items) {
      if (it.kind == ir::PrintItem::Text)
        continue;
      size_t i = k++;
      if (it.kind == ir::PrintItem::Float) // checked with the conversions (a float64)
        continue;
      if (ir::Type t = types[i]; s.args[i] && !isError(t) && t.kind == ir::Type::Int)
        if (std::string why = ir::printArgProblem(it, t); !why.empty())
          diags_.error(s.args[i]->loc, why);
    }
  }

  std::string procWord(const ProcDecl &p) const { return p.isTest ? "test" : "procedure"; }

  void checkCall(Stmt &s) {
    ir::Type lt = s.lhs ? checkLhs(*s.lhs) : kError;
    std::vector<ir::Type> argTypes;
    for (auto &a : s.args)
      argTypes.push_back(a ? checkExpr(*a) : kError);
    auto it = procs_.find(s.callee);
    if (it == procs_.end()) {
      if (!s.callee.empty())
        diags_.error(s.calleeLoc, "use of undeclared procedure '" + s.callee + "'");
      return;
    }
    ProcDecl *callee = it->second;
    if (callee->isTest) {
      diags_.error(s.calleeLoc, "cannot call test '" + s.callee + "'");
      diags_.note(callee->loc, "test '" + s.callee + "' declared here");
      return;
    }
    s.calleeDecl = callee;
    if (s.args.size() != callee->params.size()) {
      diags_.error(s.calleeLoc, "procedure '" + s.callee + "' expects " +
                                    std::to_string(callee->params.size()) + " argument" +
                                    (callee->params.size() == 1 ? "" : "s") + ", got " +
                                    std::to_string(s.args.size()));
      diags_.note(callee->loc, "'" + s.callee + "' declared here");
    } else {
      for (size_t i = 0; i < s.args.size(); ++i) {
        ir::Type want = callee->params[i]->type.resolved;
        if (s.args[i])
          argTypes[i] = adapt(*s.args[i], want);
        if (isError(want) || isError(argTypes[i]) || assignable(want, argTypes[i]))
          continue;
        diags_.error(s.args[i]->loc, "type mismatch: argument " + std::to_string(i + 1) + " of '" + s.callee +
                                         "' must be " + q(want) + ", got " + q(argTypes[i]));
        diags_.note(callee->params[i]->loc, "parameter '" + callee->params[i]->name + "' declared here");
      }
    }
    if (s.lhs) {
      if (!callee->result) {
        diags_.error(s.calleeLoc, "procedure '" + s.callee + "' does not return a value");
        diags_.note(callee->loc, "'" + s.callee + "' declared here");
      } else {
        expectAssignable(lt, callee->result->type.resolved, s.calleeLoc);
      }
    }
  }

  void checkReturn(Stmt &s) {
    if (!s.value)
      return;
    ir::Type t = checkExpr(*s.value);
    if (!proc_->result) {
      diags_.error(s.loc, procWord(*proc_) + " '" + proc_->name + "' has no result to return");
      return;
    }
    ir::Type want = proc_->result->type.resolved;
    t = adapt(*s.value, want);
    if (isError(want) || isError(t) || assignable(want, t))
      return;
    diags_.error(s.value->loc, "type mismatch: cannot return " + q(t) + " from procedure '" + proc_->name +
                                   "' returning " + q(want));
  }

  // ---- expressions -----------------------------------------------------------------------------

  ir::Type checkExpr(Expr &e) {
    e.type = exprType(e);
    return e.type;
  }

  /// How a diagnostic names a path's first `n` steps: their text when short, else the variable's name.
  std::string pathText(const Expr &e, size_t n) const {
    if (n == 0)
      return e.name;
    const SourceRange &r = e.selectors[n - 1].range;
    const SourceManager &sm = diags_.sources();
    if (r.valid() && r.begin.line == r.end.line && r.begin.file < sm.size() &&
        r.end.col - r.begin.col <= 40) {
      std::string_view line = sm.lineText(r.begin.file, r.begin.line);
      if (r.end.col - 1 <= line.size())
        return std::string(line.substr(r.begin.col - 1, r.end.col - r.begin.col));
    }
    return e.name + (e.selectors[0].kind == Selector::Index ? "[…]" : ".…");
  }

  ir::Type checkPath(Expr &e) {
    const VarDecl *d = lookup(e.name);
    if (!d) {
      diags_.error(e.loc, "use of undeclared variable '" + e.name + "'");
      for (Selector &sel : e.selectors) // still check the indices (their own mistakes)
        if (sel.index)
          checkExpr(*sel.index);
      return kError;
    }
    if (inContract_ == ContractKind::Requires && d->kind == ir::VarKind::Return && proc_ && proc_->result &&
        d == proc_->result.get()) {
      diags_.error(e.loc, "the result '" + d->name + "' cannot be used in a requires clause");
      return kError;
    }
    e.decl = d;
    ir::Type t = d->type.resolved;
    for (size_t i = 0; i < e.selectors.size(); ++i) {
      Selector &sel = e.selectors[i];
      if (sel.kind == Selector::Index) {
        ir::Type it = checkExpr(*sel.index);
        if (isError(t))
          return kError;
        if (t.kind != ir::Type::Array) {
          diags_.error(sel.loc, "cannot index '" + pathText(e, i) + "', which has non-array type " + q(t));
          return kError;
        }
        if (!isError(it) && it.kind != ir::Type::Int) {
          diags_.error(sel.index->loc, "an array index must be an int, got " + q(it));
          return kError;
        }
        t = t.elemType();
        sel.type = t;
        continue;
      }
      if (isError(t))
        return kError;
      if (t.kind == ir::Type::Array) {
        if (sel.name != "length") {
          diags_.error(sel.loc, "an array has no field '" + sel.name + "' (only 'length'): '" +
                                    pathText(e, i) + "' has type " + q(t));
          return kError;
        }
        sel.kind = Selector::Length;
        t = ir::Type::intType();
        sel.type = t;
        continue;
      }
      sel.kind = Selector::Field;
      const TypeDecl *rec = recordDecl(t);
      if (!rec) {
        diags_.error(sel.loc, "cannot access field '" + sel.name + "' of '" + pathText(e, i) +
                                  "', which has non-record type " + q(t));
        return kError;
      }
      uint32_t idx = ir::kNone;
      for (size_t k = 0; k < rec->fields.size(); ++k)
        if (rec->fields[k].name == sel.name) {
          idx = static_cast<uint32_t>(k);
          break;
        }
      if (idx == ir::kNone) {
        diags_.error(sel.loc, "record '" + rec->name + "' has no field '" + sel.name + "'");
        diags_.note(rec->loc, "'" + rec->name + "' declared here");
        return kError;
      }
      sel.fieldIdx = idx;
      t = rec->fields[idx].type.resolved;
      sel.type = t;
    }
    return t;
  }

  ir::Type exprType(Expr &e) {
    switch (e.kind) {
    case Expr::IntLit: return e.suffix ? *e.suffix : ir::Type::intType();
    case Expr::FloatLit: return *e.suffix;
    case Expr::BoolLit: return ir::Type::boolType();
    case Expr::NullLit: return ir::Type::nullType();
    case Expr::Path: return checkPath(e);
    case Expr::Unary: {
      if (e.args.size() != 1 || !e.args[0])
        return kError;
      ir::Type a = checkExpr(*e.args[0]);
      std::string op = std::string("'") + ir::opSpelling(e.op) + "'";
      switch (e.op) {
      case ir::Op::Not:
        if (!isError(a) && a.kind != ir::Type::Bool)
          diags_.error(e.loc, "operator " + op + " expects 'bool', got " + q(a));
        return ir::Type::boolType();
      case ir::Op::Cast:
        if (isError(a))
          return e.castType;
        // int ↔ int, float ↔ float, float ↔ a fixed-width int (as the IR allows)
        if (!(a.kind == ir::Type::Int && e.castType.kind == ir::Type::Int) &&
            !(a.isFloat() && (e.castType.isFloat() || e.castType.isFixedInt())) &&
            !(a.isFixedInt() && e.castType.isFloat()))
          diags_.error(e.loc, "conversion to " + q(e.castType) + " expects " +
                                  (e.castType.kind == ir::Type::Int && !e.castType.isFixedInt()
                                       ? std::string("an integer")
                                       : "an integer or a float (a float only with a fixed-width integer)") +
                                  ", got " + q(a));
        return e.castType;
      case ir::Op::FAbs:
      case ir::Op::FSqrt:
      case ir::Op::FFloor:
      case ir::Op::FCeil:
      case ir::Op::FRound:
      case ir::Op::FTrunc:
        if (isError(a))
          return kError;
        if (!a.isFloat()) {
          diags_.error(e.loc, "function " + op + " expects a float, got " + q(a));
          return kError;
        }
        return a;
      case ir::Op::BitNot:
        if (!isError(a) && !a.isFixedInt()) {
          diags_.error(e.loc,
                       "operator " + op + " expects a fixed-width integer type (int8 … uint64), got " + q(a));
          return kError;
        }
        return a;
      default: // Neg
        if (isError(a))
          return kError;
        if (a.kind != ir::Type::Int && !a.isFloat()) {
          diags_.error(e.loc, "operator " + op + " expects 'int', got " + q(a));
          return ir::Type::intType();
        }
        return a;
      }
    }
    case Expr::Binary: {
      if (e.args.size() != 2 || !e.args[0] || !e.args[1])
        return kError;
      ir::Type a = checkExpr(*e.args[0]);
      ir::Type b = checkExpr(*e.args[1]);
      std::string op = std::string("'") + ir::opSpelling(e.op) + "'";
      if (ir::isShift(e.op)) { // the amount may have any int type
        if (isError(a) || isError(b))
          return kError;
        if (!a.isFixedInt() || b.kind != ir::Type::Int) {
          diags_.error(e.loc,
                       "operator " + op +
                           " expects a fixed-width integer (int8 … uint64) shifted by an integer, got " +
                           q(a) + " and " + q(b));
          return kError;
        }
        return a;
      }
      // An untyped literal takes the other operand's type.
      a = adapt(*e.args[0], b);
      b = adapt(*e.args[1], a);
      if (e.op == ir::Op::Eq || e.op == ir::Op::Ne) {
        bool ok = isError(a) || isError(b) || a == b || (a.isHeapRef() && b.kind == ir::Type::Null) ||
                  (a.kind == ir::Type::Null && b.isHeapRef());
        if (!ok)
          diags_.error(e.loc, "cannot compare " + q(a) + " with " + q(b));
        return ir::Type::boolType();
      }
      bool boolOp = ir::isBoolConnective(e.op);
      ir::Type result = ir::isComparison(e.op) ? ir::Type::boolType() : a;
      if (isError(a) || isError(b))
        return ir::isComparison(e.op) || boolOp ? ir::Type::boolType() : kError;
      if (boolOp) {
        if (a.kind != ir::Type::Bool || b.kind != ir::Type::Bool)
          diags_.error(e.loc, "operator " + op + " expects 'bool' operands, got " + q(a) + " and " + q(b));
        return ir::Type::boolType();
      }
      if (a.isFloat() && b == a && !ir::isBitOp(e.op) && e.op != ir::Op::Mod)
        return result;
      if (a.kind != ir::Type::Int || b.kind != ir::Type::Int) {
        diags_.error(e.loc, "operator " + op + " expects 'int' operands, got " + q(a) + " and " + q(b));
        return ir::isComparison(e.op) ? ir::Type::boolType() : ir::Type::intType();
      }
      if (a != b) {
        diags_.error(e.loc, "operator " + op + " expects operands of one integer type, got " + q(a) +
                                " and " + q(b) + " (convert one, e.g. " + ir::intTypeName(a) + "(…))");
        return result;
      }
      if (ir::isBitOp(e.op) && !a.isFixedInt()) {
        diags_.error(e.loc, "operator " + op + " expects fixed-width integers (int8 … uint64), got " + q(a) +
                                " and " + q(b));
        return kError;
      }
      return result;
    }
    }
    return kError;
  }

  enum class ContractKind { None, Requires, Ensures };

  /// The most `[]` of an array type (ir::Type::dims is a byte).
  static constexpr uint32_t kMaxDims = 255;

  struct TypeInfo {
    TypeDecl *decl = nullptr;
    uint32_t index = 0;
  };

  Unit &unit_;
  Diagnostics &diags_;
  std::map<std::string, TypeInfo> types_;
  std::map<std::string, VarDecl *> globals_;
  std::map<std::string, ProcDecl *> procs_;
  ProcDecl *proc_ = nullptr;
  std::vector<Scope> scopes_;
  int loopDepth_ = 0;
  ContractKind inContract_ = ContractKind::None;
};

} // namespace

namespace {
/// Printed-IR statement tags must be unique in the whole unit (they become IR statement ids).
bool checkTags(const Unit &unit, Diagnostics &diags) {
  std::map<ir::StmtId, SourceLoc> seen;
  bool ok = true;
  auto visit = [&](auto &self, const Stmt &s) -> void {
    if (s.tagId) {
      auto [it, fresh] = seen.emplace(*s.tagId, s.loc);
      if (!fresh) {
        diags.error(s.loc, "duplicate statement id #" + std::to_string(*s.tagId));
        diags.note(it->second, "previous use is here");
        ok = false;
      }
    }
    if (s.inner)
      self(self, *s.inner);
    for (const Block *b : {s.then.get(), s.elseBlock.get()})
      if (b)
        for (const auto &c : b->stmts)
          self(self, *c);
  };
  for (const auto &m : unit.modules)
    for (const auto &p : m->procs) {
      for (const Contract &c : p->contracts)
        if (c.block)
          for (const auto &s : c.block->stmts)
            visit(visit, *s);
      if (p->body)
        for (const auto &s : p->body->stmts)
          visit(visit, *s);
    }
  return ok;
}

} // namespace

bool checkUnit(Unit &unit, Diagnostics &diags) {
  bool ok = Checker(unit, diags).run();
  return checkTags(unit, diags) && ok;
}

} // namespace locus::gcl

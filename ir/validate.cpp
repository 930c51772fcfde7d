// The IR validator: checks every invariant listed in ir/README.md and reports each violation.
#include "ir/validate.h"
#include "ir/global_alloc.h"

#include "ir/floats.h"
#include "ir/io.h"

#include <cctype>
#include <map>
#include <optional>
#include <set>
#include <unordered_set>

namespace locus::ir {

namespace {

bool isIdentifier(const std::string &s) {
  if (s.empty() || !(std::isalpha(static_cast<unsigned char>(s[0])) || s[0] == '_'))
    return false;
  for (char c : s)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_'))
      return false;
  return !isKeyword(s);
}

class Validator {
public:
  explicit Validator(const Program &prog) : prog_(prog) {}

  std::vector<ValidationError> run() {
    checkDecls();
    for (const Procedure &p : prog_.procs)
      checkProc(p);
    return std::move(errors_);
  }

private:
  void error(const std::string &msg, StmtId id = 0) {
    errors_.push_back({id, proc_ ? proc_->name : "", msg});
  }

  bool typeOk(Type t) const {
    if (t.kind == Type::Int)
      return t.record == kNone && t.dims == 0 && t.elem == Type::Void &&
             (t.bits == 0 ? t.isSigned : t.bits == 8 || t.bits == 16 || t.bits == 32 || t.bits == 64);
    if (t.kind == Type::Bool)
      return t.record == kNone && t.bits == 0 && t.isSigned && t.dims == 0 && t.elem == Type::Void;
    if (t.kind == Type::Float)
      return t.record == kNone && (t.bits == 32 || t.bits == 64) && t.isSigned && t.dims == 0 &&
             t.elem == Type::Void;
    if (t.kind == Type::Array)
      return t.dims >= 1 &&
             (t.elem == Type::Int || t.elem == Type::Bool || t.elem == Type::Ref || t.elem == Type::Float) &&
             typeOk(t.elemType());
    return t.kind == Type::Ref && t.record < prog_.records.size() && t.bits == 0 && t.isSigned &&
           t.dims == 0 && t.elem == Type::Void;
  }

  void checkDeclLoc(SourceLoc loc, const std::string &what) {
    if (loc.valid() && loc.file >= prog_.files.size())
      error(what + ": location file index out of range");
  }

  void checkDecls() {
    std::set<std::string> names;
    for (const Record &r : prog_.records) {
      if (!isIdentifier(r.name))
        error("record name '" + r.name + "' is not an identifier");
      if (!names.insert(r.name).second)
        error("duplicate record '" + r.name + "'");
      checkDeclLoc(r.loc, "record " + r.name);
      std::set<std::string> fields;
      for (const Field &f : r.fields) {
        if (!isIdentifier(f.name))
          error("field name '" + f.name + "' is not an identifier");
        if (!fields.insert(f.name).second)
          error("duplicate field '" + f.name + "' in record " + r.name);
        if (!typeOk(f.type))
          error("field " + r.name + "." + f.name + " has an invalid type");
        checkDeclLoc(f.loc, "field " + r.name + "." + f.name);
      }
    }
    std::set<std::string> globals;
    for (const Var &g : prog_.globals) {
      if (!isIdentifier(g.name))
        error("global name '" + g.name + "' is not an identifier");
      if (!globals.insert(g.name).second)
        error("duplicate global '" + g.name + "'");
      if (g.kind != VarKind::Global)
        error("global '" + g.name + "' does not have kind Global");
      if (!typeOk(g.type))
        error("global '" + g.name + "' has an invalid type");
      if (g.alloc && (g.type.kind != Type::Array || *g.alloc < 0 || *g.alloc > kMaxArrayLength))
        error("global '" + g.name + "' has an allocation but is not an array or its length is out of range");
      checkDeclLoc(g.loc, "global " + g.name);
    }
    std::set<std::string> procs;
    for (const Procedure &p : prog_.procs) {
      if (!isIdentifier(p.name))
        error("procedure name '" + p.name + "' is not an identifier");
      if (!procs.insert(p.name).second)
        error("duplicate procedure '" + p.name + "'");
    }
  }

  void checkProc(const Procedure &p) {
    proc_ = &p;
    checkDeclLoc(p.loc, "procedure " + p.name);
    std::set<std::string> names;
    for (size_t i = 0; i < p.vars.size(); ++i) {
      const Var &v = p.vars[i];
      if (!isIdentifier(v.name))
        error("variable name '" + v.name + "' is not an identifier");
      if (!names.insert(v.name).second)
        error("duplicate variable '" + v.name + "'");
      if (prog_.globalIndex(v.name) != kNone)
        error("variable '" + v.name + "' shadows a global");
      if (!typeOk(v.type))
        error("variable '" + v.name + "' has an invalid type");
      if (v.alloc)
        error("variable '" + v.name + "' has an allocation (only globals have)");
      checkDeclLoc(v.loc, "variable " + v.name);
      VarKind want = i < p.params.size()                         ? VarKind::Param
                     : i == p.params.size() && p.result != kNone ? VarKind::Return
                                                                 : VarKind::Local;
      if (v.kind != want)
        error("variable '" + v.name + "' has the wrong kind for its position (params, result, locals)");
    }
    for (size_t i = 0; i < p.params.size(); ++i)
      if (p.params[i] != i)
        error("parameter " + std::to_string(i) + " is not variable " + std::to_string(i));
    if (p.result != kNone && p.result != p.params.size())
      error("the result is not the variable after the parameters");
    if (p.isTest && (!p.params.empty() || p.result != kNone))
      error("a test has no parameters and no result");
    if (p.isTest && (!p.pre.empty() || !p.post.empty()))
      error("a test has no requires or ensures block");
    if (p.isTest && p.unwind != 0)
      error("a test has no recursion bound");
    if (p.unwind > kMaxUnwind)
      error("procedure '" + p.name + "': unwind bound above " + std::to_string(kMaxUnwind));

    file_.reset();
    stmts(p.pre, Block::Pre, 0);
    stmts(p.body, Block::Body, 0);
    stmts(p.post, Block::Post, 0);
    proc_ = nullptr;
  }

  enum class Block { Pre, Body, Post };

  // ---- expressions ----

  const Var *var(VarRef v) {
    if (v.global)
      return v.index < prog_.globals.size() ? &prog_.globals[v.index] : nullptr;
    return v.index < proc_->vars.size() ? &proc_->vars[v.index] : nullptr;
  }

  static bool assignable(Type to, Type from) {
    if (to == from)
      return true;
    return (to.kind == Type::Ref || to.kind == Type::Array) && from.kind == Type::Null;
  }

  static bool comparable(Type a, Type b) {
    if (a == b)
      return a.kind != Type::Void;
    return (a.kind == Type::Null && b.isHeapRef()) || (a.isHeapRef() && b.kind == Type::Null);
  }

  /// Checks an expression; returns false (after reporting) if it is malformed.
  bool expr(const Expr &e, StmtId id) {
    auto bad = [&](const std::string &m) {
      error("expression: " + m, id);
      return false;
    };
    switch (e.kind) {
    case Expr::IntLit:
      if (e.type.kind != Type::Int || !typeOk(e.type) || !e.args.empty())
        return bad("malformed integer literal");
      if (!fitsIn(e.value, e.type))
        return bad("integer literal " + e.value.toString() + " is not a value of " + intTypeName(e.type));
      return true;
    case Expr::FloatLit:
      if (e.type.kind != Type::Float || !typeOk(e.type) || !e.args.empty() || !e.value.isSmall() ||
          floatValue(floatBits(e.value, e.type), e.type) != e.value)
        return bad("malformed float literal");
      return true;
    case Expr::BoolLit:
      if (e.type != Type::boolType() || (e.value != 0 && e.value != 1) || !e.args.empty())
        return bad("malformed boolean literal");
      return true;
    case Expr::NullLit:
      if (e.type != Type::nullType() || !e.args.empty())
        return bad("malformed null literal");
      return true;
    case Expr::VarUse: {
      const Var *v = var(e.var);
      if (!v)
        return bad("variable reference out of range");
      if (v->type != e.type)
        return bad("type of a use of '" + v->name + "' differs from its declaration");
      return true;
    }
    case Expr::Unary: {
      if (!isUnary(e.op) || e.args.size() != 1)
        return bad("malformed unary expression");
      if (!expr(e.args[0], id))
        return false;
      Type a = e.args[0].type;
      bool ok = false;
      switch (e.op) {
      case Op::Not: ok = a == Type::boolType() && e.type == a; break;
      case Op::Neg: ok = (a.kind == Type::Int || a.kind == Type::Float) && e.type == a; break;
      case Op::BitNot: ok = a.isFixedInt() && e.type == a; break;
      case Op::Cast:
        // int ↔ int; float ↔ float; float ↔ a fixed-width int
        ok = typeOk(e.type) && ((a.kind == Type::Int && e.type.kind == Type::Int) ||
                                (a.kind == Type::Float && e.type.kind == Type::Float) ||
                                (a.kind == Type::Float && e.type.isFixedInt()) ||
                                (a.isFixedInt() && e.type.kind == Type::Float));
        break;
      case Op::FAbs:
      case Op::FSqrt:
      case Op::FFloor:
      case Op::FCeil:
      case Op::FRound:
      case Op::FTrunc: ok = a.kind == Type::Float && e.type == a; break;
      default: break;
      }
      if (!ok)
        return bad(std::string("operand or result of '") + opSpelling(e.op) + "' has the wrong type");
      return true;
    }
    case Expr::Binary: {
      if (isUnary(e.op) || e.args.size() != 2)
        return bad("malformed binary expression");
      if (!expr(e.args[0], id) || !expr(e.args[1], id))
        return false;
      Type a = e.args[0].type, b = e.args[1].type;
      bool ok;
      if (isArithmetic(e.op))
        ok = (a.kind == Type::Int || (a.kind == Type::Float && e.op != Op::Mod)) && b == a && e.type == a;
      else if (isShift(e.op))
        ok = a.isFixedInt() && b.kind == Type::Int && e.type == a;
      else if (isBitOp(e.op))
        ok = a.isFixedInt() && b == a && e.type == a;
      else if (isBoolConnective(e.op))
        ok = a == Type::boolType() && b == Type::boolType() && e.type == Type::boolType();
      else if (e.op == Op::Eq || e.op == Op::Ne)
        ok = comparable(a, b) && e.type == Type::boolType();
      else
        ok = (a.kind == Type::Int || a.kind == Type::Float) && b == a && e.type == Type::boolType();
      if (!ok)
        return bad(std::string("operands or result of '") + opSpelling(e.op) + "' have the wrong type");
      return true;
    }
    }
    return bad("unknown expression kind");
  }

  bool isAtom(const Expr &e) {
    if (e.kind == Expr::BoolLit)
      return e.type == Type::boolType() && (e.value == 0 || e.value == 1);
    if (e.kind != Expr::VarUse)
      return false;
    const Var *v = var(e.var);
    return v && v->type == Type::boolType() && e.type == Type::boolType();
  }

  // ---- construct ids and source ranges ----

  /// A range is well formed: both ends or none, one file (the statement's), begin not after end.
  template <typename Err>
  bool rangeOk(const SourceRange &r, const Stmt &s, const std::string &what, Err &err) {
    if (r.begin.valid() != r.end.valid()) {
      err(what + " has only one end");
      return false;
    }
    if (!r.valid())
      return true;
    if (r.begin.file != r.end.file || r.begin.file >= prog_.files.size()) {
      err(what + " has a bad file index");
      return false;
    }
    if (r.end < r.begin) {
      err(what + " ends before it begins");
      return false;
    }
    if (s.loc.valid() && r.begin.file != s.loc.file) {
      err(what + " lies in another file than the statement");
      return false;
    }
    return true;
  }

  template <typename Err> void checkSourceInfo(const Stmt &s, Err &err) {
    bool stmtRange = rangeOk(s.range, s, "source range", err) && s.range.valid();
    if (s.construct != 0) {
      auto [it, fresh] = constructs_.emplace(s.construct, std::make_pair(proc_, s.range));
      if (!fresh && it->second.first != proc_)
        err("construct " + std::to_string(s.construct) + " also has statements in another procedure");
      else if (!fresh && it->second.second != s.range)
        err("construct " + std::to_string(s.construct) + " has statements with different source ranges");
    }
    // Expression ranges nest: each lies within its parent's, and the value's and arguments' within the
    // statement's (a guard may be an enclosing statement's condition: `[b] x := 1` from `if (b) {…}`).
    auto walk = [&](auto &self, const Expr &e, const SourceRange *outer) -> void {
      const SourceRange *inner = outer;
      if (rangeOk(e.range, s, "expression range", err) && e.range.valid()) {
        if (outer && !outer->contains(e.range))
          err("expression range lies outside the range of its parent or statement");
        inner = &e.range;
      }
      for (const Expr &a : e.args)
        self(self, a, inner);
    };
    forEachExprOf(s, [&](const Expr &e) { walk(walk, e, stmtRange && &e != &s.guard ? &s.range : nullptr); });
  }

  // ---- statements ----

  void stmts(const std::vector<Stmt> &ss, Block blk, int loops) {
    for (const Stmt &s : ss)
      stmt(s, blk, loops);
  }

  void stmt(const Stmt &s, Block blk, int loops) {
    StmtId id = s.id;
    std::string what = std::string(stmtKindName(s.kind)) + " #" + std::to_string(id) + ": ";
    auto err = [&](const std::string &m) { error(what + m, id); };

    if (id == 0)
      err("statement id is 0");
    else if (isGlobalAlloc(id))
      err("statement id reserved for the allocations of global arrays (at least " +
          std::to_string(kGlobalAllocBase) + ")");
    else if (!ids_.insert(id).second)
      err("duplicate statement id");
    if (!s.loc.valid())
      err("statement has no location");
    else if (s.loc.file >= prog_.files.size())
      err("location file index out of range");
    else if (!file_)
      file_ = s.loc.file;
    else if (*file_ != s.loc.file)
      err("statement locations of one procedure refer to more than one file");
    if (!isAtom(s.guard))
      err("guard is not a bool variable or literal");
    checkSourceInfo(s, err);

    const bool inContract = blk != Block::Body;
    if (inContract &&
        (s.kind == Stmt::Call || s.kind == Stmt::While || s.kind == Stmt::Return || s.kind == Stmt::Halt ||
         s.kind == Stmt::New || s.kind == Stmt::Nondet || s.kind == Stmt::Break || s.kind == Stmt::Continue ||
         s.kind == Stmt::Print || s.kind == Stmt::Scan || s.kind == Stmt::NewArray))
      err("not allowed in a requires/ensures block");

    // Which members the kind uses; every other member must have its default value.
    bool uLhs = false, uBase = false, uField = false, uRecord = false, uCallee = false, uValue = false,
         uArgs = false, uAssert = false, uBody = false, uMessage = false, uFill = false;
    auto lhsVar = [&]() -> const Var * {
      const Var *v = var(s.lhs);
      if (!v)
        err("lhs variable out of range");
      return v;
    };
    auto baseRecord = [&]() -> const Record * {
      const Var *b = var(s.base);
      if (!b) {
        err("base variable out of range");
        return nullptr;
      }
      if (b->type.kind != Type::Ref || b->type.record >= prog_.records.size()) {
        err("base '" + b->name + "' is not a reference");
        return nullptr;
      }
      const Record &r = prog_.records[b->type.record];
      if (s.field >= r.fields.size()) {
        err("field index out of range for record " + r.name);
        return nullptr;
      }
      return &r;
    };

    // GetElem, PutElem, Length: the base is an array variable; GetElem, PutElem: one int index.
    auto baseArray = [&]() -> std::optional<Type> {
      const Var *b = var(s.base);
      if (!b) {
        err("base variable out of range");
        return std::nullopt;
      }
      if (b->type.kind != Type::Array) {
        err("base '" + b->name + "' is not an array");
        return std::nullopt;
      }
      return b->type;
    };
    auto index = [&]() {
      if (s.args.size() != 1)
        err("an element access has one index");
      else if (expr(s.args[0], id) && s.args[0].type.kind != Type::Int)
        err("the index is not an int");
    };

    switch (s.kind) {
    case Stmt::GetElem:
      uLhs = uBase = uArgs = true;
      index();
      if (std::optional<Type> a = baseArray())
        if (const Var *l = lhsVar(); l && l->type != a->elemType())
          err("type of '" + l->name + "' differs from the element type of the array");
      break;
    case Stmt::PutElem:
      uBase = uArgs = uValue = true;
      index();
      if (std::optional<Type> a = baseArray();
          a && expr(s.value, id) && !assignable(a->elemType(), s.value.type))
        err("value type does not match the element type of the array");
      break;
    case Stmt::NewArray:
      uLhs = uValue = uFill = true;
      if (expr(s.value, id) && s.value.type.kind != Type::Int)
        err("the length is not an int");
      if (const Var *l = lhsVar(); l && l->type.kind != Type::Array)
        err("'" + l->name + "' is not an array");
      break;
    case Stmt::Length:
      uLhs = uBase = true;
      baseArray();
      if (const Var *l = lhsVar(); l && l->type.kind != Type::Int)
        err("'" + l->name + "' is not an int");
      break;
    case Stmt::Assign:
      uLhs = uValue = true;
      if (const Var *l = lhsVar(); l && expr(s.value, id) && !assignable(l->type, s.value.type))
        err("value type does not match '" + l->name + "'");
      break;
    case Stmt::GetField:
      uLhs = uBase = uField = true;
      if (const Record *r = baseRecord())
        if (const Var *l = lhsVar(); l && l->type != r->fields[s.field].type)
          err("type of '" + l->name + "' differs from field " + r->name + "." + r->fields[s.field].name);
      break;
    case Stmt::PutField:
      uBase = uField = uValue = true;
      if (const Record *r = baseRecord();
          r && expr(s.value, id) && !assignable(r->fields[s.field].type, s.value.type))
        err("value type does not match field " + r->name + "." + r->fields[s.field].name);
      break;
    case Stmt::New:
      uLhs = uRecord = true;
      if (const Var *l = lhsVar(); l && (l->type.kind != Type::Ref || l->type.record != s.record))
        err("record differs from the type of '" + l->name + "'");
      break;
    case Stmt::Nondet:
      uLhs = uMessage = true; // the message: the object whose indeterminate value it draws, if any
      lhsVar();
      break;
    case Stmt::Assume:
    case Stmt::Assert:
      uValue = true;
      uAssert = s.kind == Stmt::Assert;
      if (expr(s.value, id) && s.value.type != Type::boolType())
        err("condition is not bool");
      if (s.kind == Stmt::Assert) {
        AssertKind want = blk == Block::Pre    ? AssertKind::Requires
                          : blk == Block::Post ? AssertKind::Ensures
                                               : AssertKind::User;
        if (s.assertKind != want)
          err("assert kind does not match its block (requires: Requires, ensures: Ensures, body: User)");
      }
      break;
    case Stmt::Call: {
      uCallee = uArgs = true;
      uLhs = s.lhs.valid();
      if (s.callee >= prog_.procs.size()) {
        err("callee out of range");
        break;
      }
      const Procedure &c = prog_.procs[s.callee];
      if (c.isTest)
        err("callee '" + c.name + "' is a test");
      if (s.args.size() != c.params.size()) {
        err("call of '" + c.name + "' with " + std::to_string(s.args.size()) + " arguments, expected " +
            std::to_string(c.params.size()));
      } else {
        for (size_t i = 0; i < s.args.size(); ++i)
          if (expr(s.args[i], id) && c.params[i] < c.vars.size() &&
              !assignable(c.vars[c.params[i]].type, s.args[i].type))
            err("argument " + std::to_string(i + 1) + " of '" + c.name + "' has the wrong type");
      }
      if (s.lhs.valid()) {
        if (c.result == kNone)
          err("'" + c.name + "' has no result");
        else if (const Var *l = lhsVar(); l && c.result < c.vars.size() && l->type != c.vars[c.result].type)
          err("type of '" + l->name + "' differs from the result of '" + c.name + "'");
      }
      break;
    }
    case Stmt::While:
      uValue = uBody = true;
      if (s.unwind > kMaxUnwind)
        err("unwind bound above " + std::to_string(kMaxUnwind));
      if (!isAtom(s.value))
        err("loop condition is not a bool variable or literal");
      if (!(s.invariant == Expr{}) && expr(s.invariant, id) && s.invariant.type != Type::boolType())
        err("loop invariant is not a bool expression");
      stmts(s.body, blk, loops + 1);
      break;
    case Stmt::Concrete:
      uBody = true;
      stmts(s.body, blk, loops);
      break;
    case Stmt::Break:
    case Stmt::Continue:
      if (loops == 0)
        err("outside a loop");
      break;
    case Stmt::Halt:
      uValue = !(s.value == Expr{});
      if (uValue && expr(s.value, id) && s.value.type.kind != Type::Int)
        err("status is not an int");
      break;
    case Stmt::Print: {
      uArgs = uMessage = true;
      std::string why;
      std::optional<std::vector<PrintItem>> items = parsePrintFormat(s.message, why);
      if (!items) {
        err("invalid format: " + why);
        break;
      }
      if (s.args.size() != printArgCount(*items))
        err("the format takes " + std::to_string(printArgCount(*items)) + " arguments, " +
            std::to_string(s.args.size()) + " given");
      size_t k = 0;
      for (const PrintItem &it : *items) {
        if (it.kind == PrintItem::Text || k >= s.args.size())
          continue;
        const Expr &a = s.args[k++];
        if (!expr(a, id))
          continue;
        if (std::string why = printArgProblem(it, a.type); !why.empty())
          err(why);
      }
      for (; k < s.args.size(); ++k)
        expr(s.args[k], id);
      break;
    }
    case Stmt::Scan: {
      uArgs = uMessage = true;
      uLhs = s.lhs.valid();
      std::string why;
      std::optional<std::vector<ScanItem>> items = parseScanFormat(s.message, why);
      if (!items) {
        err("invalid format: " + why);
        break;
      }
      if (s.args.size() != scanArgCount(*items))
        err("the format assigns " + std::to_string(scanArgCount(*items)) + " variables, " +
            std::to_string(s.args.size()) + " given");
      for (const Expr &a : s.args) {
        if (a.kind != Expr::VarUse) {
          err("a scanned target is not a variable");
          continue;
        }
        if (!expr(a, id))
          continue;
        size_t k = static_cast<size_t>(&a - s.args.data()), j = 0;
        for (const ScanItem &it : *items)
          if (it.assigns())
            if (j++ == k && it.kind == ScanItem::Float && a.type != Type::floatType(it.byte))
              err(std::string("a variable scanned by ") +
                  (it.byte == 32 ? "%f is not a float32" : "%lf is not a float64"));
        if (a.type.kind != Type::Int && a.type.kind != Type::Float)
          err("a scanned variable is not an int");
        else if (a.type.kind == Type::Float) {
          j = 0;
          bool ok = false;
          for (const ScanItem &it : *items)
            if (it.assigns())
              if (j++ == k)
                ok = it.kind == ScanItem::Float;
          if (!ok)
            err("a float variable scanned by an integer conversion");
        }
      }
      if (s.lhs.valid())
        if (const Var *l = lhsVar(); l && l->type.kind != Type::Int)
          err("the count '" + l->name + "' is not an int");
      break;
    }
    case Stmt::Return:
    case Stmt::Skip: break;
    }

    if (!uLhs && s.lhs != VarRef{})
      err("lhs set but unused");
    if (!uBase && s.base != VarRef{})
      err("base set but unused");
    if (!uField && s.field != kNone)
      err("field set but unused");
    if (!uRecord && s.record != kNone)
      err("record set but unused");
    if (!uCallee && s.callee != kNone)
      err("callee set but unused");
    if (!uValue && !(s.value == Expr{}))
      err("value set but unused");
    if (!uArgs && !s.args.empty())
      err("arguments set but unused");
    if (!uAssert && (s.assertKind != AssertKind::User || (!uMessage && !s.message.empty())))
      err("assert kind or message set but unused");
    if (!uBody && !s.body.empty())
      err("body set but unused");
    if (!uFill && s.fill)
      err("fill set but unused");
    if (s.kind != Stmt::While && s.unwind != 0)
      err("unwind bound set but unused");
    if (s.kind != Stmt::While && !(s.invariant == Expr{}))
      err("loop invariant set but unused");
  }

  const Program &prog_;
  const Procedure *proc_ = nullptr;
  std::optional<uint32_t> file_;
  std::unordered_set<StmtId> ids_;
  std::map<uint32_t, std::pair<const Procedure *, SourceRange>> constructs_;
  std::vector<ValidationError> errors_;
};

} // namespace

std::vector<ValidationError> validate(const Program &prog) {
  return Validator(prog).run();
}

bool validateReporting(const Program &prog, Diagnostics &diags) {
  std::vector<ValidationError> errors = validate(prog);
  for (const ValidationError &e : errors)
    diags.error({},
                "internal error: invalid IR: " + (e.proc.empty() ? "" : "in '" + e.proc + "': ") + e.message);
  return errors.empty();
}

} // namespace locus::ir

// He & Gupta, "Automated Debugging using Path-Based Weakest Preconditions": along the failing run, the
// hypothesized states R_i (the path-based weakest precondition of the violated check: substitution
// backwards) against the actual states Q_i (forward facts: assignments and branch predicates as evaluated,
// with kill; backward facts: the pwp of the later branch predicates); evidences that Q_i is less restrictive
// than R_i — Type I, Type II, implicit — in the order the paper's AutoDebug (Fig. 2) examines them.
// The state of the run at each point (resolved nodes and elements, branch outcomes) is the interpreter's,
// from the replay; the source forms (Sym) are the statements' IR expressions over the run's entities,
// substituted here (their text is what localize prints and repair's string difference compares). What they
// mean is the encoder's (README.md, "The trace methods"): their values on the run's states are their
// encoder::ExprEncoder terms folded by the term manager, or evaluated by the solver where they do not fold,
// and the normal form sums an operator only where its ExprEncoder term is Int arithmetic (RunValues).
#include "repair/localize/pwp.h"

#include "repair/localize/methods.h"
#include "repair/localize/replay.h"

#include "backends/encoder/exprs.h"
#include "backends/solver.h"
#include "ir/analysis.h"
#include "ir/ints.h"
#include "ir/io.h"

#include <algorithm>
#include <cctype>
#include <functional>
#include <memory>
#include <optional>
#include <set>
#include <sstream>
#include <stdexcept>
#include <tuple>

namespace locus::localize {

namespace {

using backends::Term;
using ir::BigInt;

// ---------------------------------------------------------------------------------------------------------
// Symbolic expressions over the run's entities.

struct Sym;
using SymP = std::shared_ptr<const Sym>;

struct Sym {
  /// Elem: an array element `a[j]` as the run resolved it (He & Gupta's `a[j=2]`): the entity `leaf` (the
  /// array node and the index value, which name it: `n1[2]`) and the index expression `args[0]`, kept
  /// symbolic so that what computes the index is part of what the element depends on.
  enum Kind : uint8_t { Const, Leaf, Input, App, Elem };
  Kind kind = Const;
  ir::Type type;
  BigInt value;            ///< Const (bool: 0/1, reference: node id); Input: the value read
  Entity leaf;             ///< Leaf, Elem
  ir::Op op = ir::Op::Add; ///< App
  std::vector<SymP> args;
  std::string text;           ///< canonical and printed form
  std::vector<Entity> leaves; ///< the entities it reads, sorted
  bool mentions(const Entity &e) const { return std::binary_search(leaves.begin(), leaves.end(), e); }
};

bool isBool(const ir::Type &t) {
  return t.kind == ir::Type::Bool;
}

std::string nodeName(const BigInt &v) {
  return v.isZero() ? "null" : "n" + v.toString();
}

SymP mkConst(ir::Type t, BigInt v) {
  auto s = std::make_shared<Sym>();
  s->kind = Sym::Const;
  s->type = t;
  s->value = std::move(v);
  s->text = isBool(t)       ? (s->value.isZero() ? "false" : "true")
            : t.isHeapRef() ? nodeName(s->value)
            : t.isFloat()   ? ir::toString(ir::Value::ofFloat(s->value, t))
                            : s->value.toString();
  return s;
}

SymP mkLeaf(const Entity &e, ir::Type t, std::string name) {
  auto s = std::make_shared<Sym>();
  s->kind = Sym::Leaf;
  s->type = t;
  s->leaf = e;
  s->text = std::move(name);
  s->leaves = {e};
  return s;
}

/// The element `e` (an Elem entity) of type t, named `name`, read at the index expression `index`.
SymP mkElem(const Entity &e, ir::Type t, std::string name, SymP index) {
  auto s = std::make_shared<Sym>();
  s->kind = Sym::Elem;
  s->type = t;
  s->leaf = e;
  s->text = std::move(name);
  s->leaves = index->leaves;
  s->leaves.push_back(e);
  std::sort(s->leaves.begin(), s->leaves.end());
  s->leaves.erase(std::unique(s->leaves.begin(), s->leaves.end()), s->leaves.end());
  s->args = {std::move(index)};
  return s;
}

SymP mkInput(ir::Type t, const BigInt &v, std::string name) {
  auto s = std::make_shared<Sym>();
  s->kind = Sym::Input;
  s->type = t;
  s->value = v;
  s->text = std::move(name);
  return s;
}

const char *spell(ir::Op op) {
  switch (op) {
  case ir::Op::Eq: return "=";
  case ir::Op::Ne: return "!=";
  default: return ir::opSpelling(op);
  }
}

SymP mkApp(ir::Op op, ir::Type t, std::vector<SymP> args) {
  auto s = std::make_shared<Sym>();
  s->kind = Sym::App;
  s->type = t;
  s->op = op;
  if (args.size() == 1)
    s->text = op == ir::Op::Cast ? ir::intTypeName(t) + "(" + args[0]->text + ")"
                                 : std::string(ir::opSpelling(op)) + (op == ir::Op::Not ? " " : "") + "(" +
                                       args[0]->text + ")";
  else
    s->text = "(" + args[0]->text + " " + spell(op) + " " + args[1]->text + ")";
  for (const SymP &a : args)
    s->leaves.insert(s->leaves.end(), a->leaves.begin(), a->leaves.end());
  std::sort(s->leaves.begin(), s->leaves.end());
  s->leaves.erase(std::unique(s->leaves.begin(), s->leaves.end()), s->leaves.end());
  s->args = std::move(args);
  return s;
}

/// s with the entity e replaced by `by`.
SymP subst(const SymP &s, const Entity &e, const SymP &by) {
  if (!s->mentions(e))
    return s;
  if (s->kind == Sym::Leaf || (s->kind == Sym::Elem && s->leaf == e))
    return by;
  if (s->kind == Sym::Elem) // the index changes; the element it names on the run does not
    return mkElem(s->leaf, s->type, s->text, subst(s->args[0], e, by));
  std::vector<SymP> args;
  for (const SymP &a : s->args)
    args.push_back(subst(a, e, by));
  return mkApp(s->op, s->type, std::move(args));
}

/// The values of pwp's expressions in states of the run, by the encoder's semantics: an expression is the
/// term encoder::ExprEncoder makes of it (the step equation's term of every operator, in the run's integer
/// mode), its leaves the state's values as constants (an array element missing from the state was never
/// touched: its initial value); the term manager folds the term to its value, and where it does not (floats,
/// integers beyond 64 bits) the solver (--solver) gives it. A division by zero or a
/// float conversion out of range (which the run never evaluates: they would have stopped it) reads 0.
class RunValues {
public:
  RunValues(const Replay &r, ir::IntMode m, std::string solver)
      : r_(r), ex_(tm_, m), solverName_(std::move(solver)) {}

  /// The value of s where entities have the values `vals`.
  ir::Value value(const SymP &s, const std::map<Entity, ir::Value> &vals) {
    return read(termOf(s, vals), s->type);
  }
  /// The constant v of type t as the encoder reads it: an int literal converted to its type (ir::convertTo:
  /// in BV32 mode `int` has 32 bits); a reference's node id as it is.
  BigInt constant(const BigInt &v, ir::Type t) {
    return t.isInt() ? read(ex_.valueTerm(ir::Value::ofInt(v), t), t).i : v;
  }
  /// Whether a rel b (integers; rel a comparison).
  bool compare(const BigInt &a, ir::Op rel, const BigInt &b) {
    return truth(relation(rel, intTerm(a), intTerm(b)));
  }
  /// Whether Σ k·v rel c over the pairs (k, v) (integers).
  bool linear(const std::vector<std::pair<BigInt, BigInt>> &coeffAndValue, ir::Op rel, const BigInt &c) {
    std::vector<Term> sum{tm_.mkInt(0)};
    for (const auto &[k, v] : coeffAndValue)
      sum.push_back(tm_.mkApp(backends::Op::Mul, intTerm(k), intTerm(v)));
    Term lhs = sum.size() == 1 ? sum[0] : tm_.mkApp(backends::Op::Add, sum);
    return truth(relation(rel, lhs, intTerm(c)));
  }
  /// Whether the encoder's term of `op` (Add, Sub, Mul or Neg) with a result of int type `t`, on operands of
  /// types `operands`, is the Int operator of the same name applied to the operands' terms: mathematical
  /// arithmetic, which the normal form may sum. False where the encoder reduces the result modulo 2^w (an
  /// unsigned type), works on bit-vectors (BV32 mode) or builds anything else.
  bool isIntArithmetic(ir::Op op, ir::Type t, const std::vector<ir::Type> &operands) {
    backends::Op want;
    switch (op) {
    case ir::Op::Add: want = backends::Op::Add; break;
    case ir::Op::Sub: want = backends::Op::Sub; break;
    case ir::Op::Mul: want = backends::Op::Mul; break;
    case ir::Op::Neg: want = backends::Op::Neg; break;
    default: return false;
    }
    if (!t.isInt() || operands.size() != (op == ir::Op::Neg ? 1u : 2u))
      return false;
    std::string key = std::to_string(static_cast<int>(op));
    for (const ir::Type &x : operands) {
      if (!x.isInt())
        return false;
      key += "," + std::to_string(x.bits) + (x.isSigned ? "s" : "u");
    }
    key += ":" + std::to_string(t.bits) + (t.isSigned ? "s" : "u");
    if (auto it = intArithmetic_.find(key); it != intArithmetic_.end())
      return it->second;
    // the operator on fresh variables of the operands' sorts
    std::vector<Term> vars;
    ir::Expr e;
    e.kind = operands.size() == 1 ? ir::Expr::Unary : ir::Expr::Binary;
    e.op = op;
    e.type = t;
    for (size_t k = 0; k < operands.size(); ++k) {
      vars.push_back(tm_.mkFreshVar("operand", ex_.sortOf(operands[k])));
      ir::Expr v;
      v.kind = ir::Expr::VarUse;
      v.type = operands[k];
      v.var = ir::VarRef{false, static_cast<uint32_t>(k)};
      e.args.push_back(std::move(v));
    }
    std::vector<Term> undefined;
    Term term = ex_.expr(
        e, [&](ir::VarRef v) { return vars.at(v.index); }, tm_.mkTrue(), undefined);
    ex_.takeDefinitions(); // (constraints on the fresh variables only)
    ex_.takeRangeFailures();
    bool linear = undefined.empty() && tm_.op(term) == want && tm_.kids(term) == vars;
    intArithmetic_.emplace(key, linear);
    return linear;
  }
  /// The solver's seconds (zero when every value folded).
  double solveSeconds() const { return solver_ ? solver_->stats().solveSeconds : 0; }

private:
  Term intTerm(const BigInt &v) { return tm_.mkInt(v.toString()); }
  Term relation(ir::Op rel, Term a, Term b) {
    switch (rel) {
    case ir::Op::Eq: return tm_.mkEq(a, b);
    case ir::Op::Ne: return tm_.mkNot(tm_.mkEq(a, b));
    case ir::Op::Lt: return tm_.mkApp(backends::Op::Lt, a, b);
    case ir::Op::Le: return tm_.mkApp(backends::Op::Le, a, b);
    case ir::Op::Gt: return tm_.mkApp(backends::Op::Gt, a, b);
    default: return tm_.mkApp(backends::Op::Ge, a, b);
    }
  }
  bool truth(Term t) { return !read(t, ir::Type::boolType()).i.isZero(); }

  /// The term of s with its leaves' values as constants: each operator as ExprEncoder encodes it, over the
  /// terms of its operands.
  Term termOf(const SymP &s, const std::map<Entity, ir::Value> &vals) {
    switch (s->kind) {
    case Sym::Const:
    case Sym::Input:
      return ex_.valueTerm(isBool(s->type)       ? ir::Value::ofBool(!s->value.isZero())
                           : s->type.isHeapRef() ? ir::Value::ofRef(static_cast<uint32_t>(s->value.low64()))
                           : s->type.isFloat()   ? ir::Value::ofFloat(s->value, s->type)
                                                 : ir::Value::ofInt(s->value),
                           s->type);
    case Sym::Leaf:
    case Sym::Elem: {
      auto it = vals.find(s->leaf);
      ir::Value v = it != vals.end()       ? it->second
                    : s->kind == Sym::Elem ? r_.initialElement(s->leaf.node, s->leaf.at)
                                           : zeroOf(s->type);
      return ex_.valueTerm(v, s->type);
    }
    case Sym::App: break;
    }
    // the operator applied to its operands' terms (read as the variables 0, 1 of the expression)
    std::vector<Term> args;
    ir::Expr e;
    e.kind = s->args.size() == 1 ? ir::Expr::Unary : ir::Expr::Binary;
    e.op = s->op;
    e.type = s->type;
    for (size_t k = 0; k < s->args.size(); ++k) {
      args.push_back(termOf(s->args[k], vals));
      ir::Expr v;
      v.kind = ir::Expr::VarUse;
      v.type = s->args[k]->type;
      v.var = ir::VarRef{false, static_cast<uint32_t>(k)};
      e.args.push_back(std::move(v));
    }
    std::vector<Term> undefined;
    Term t = ex_.expr(
        e, [&](ir::VarRef v) { return args.at(v.index); }, tm_.mkTrue(), undefined);
    for (Term r : ex_.takeRangeFailures())
      undefined.push_back(r);
    if (!undefined.empty())
      t = tm_.mkIte(tm_.mkOr(undefined), ex_.valueTerm(ir::Value::ofInt(0), s->type), t);
    for (Term d : ex_.takeDefinitions())
      definitions_.push_back(d);
    return t;
  }

  /// The value of a closed term of type `type`: its constant, or the solver's.
  ir::Value read(Term t, ir::Type type) {
    std::optional<backends::Value> v = constantOf(t);
    if (!v) {
      if (!solver_) {
        backends::MakeSolverResult made = backends::makeSolver(solverName_, tm_);
        if (!made)
          throw std::runtime_error(made.error);
        solver_ = std::move(made.solver);
      }
      for (Term d : definitions_)
        solver_->assertFormula(d);
      definitions_.clear();
      backends::Result res = solver_->check({}, backends::Need::NoCore);
      if (!res.isSat())
        throw std::runtime_error(res.isUnknown() ? std::string("the solver gave no answer: ") +
                                                       backends::reasonName(res.reason)
                                                 : "internal: a value of the run has no model");
      v = solver_->value(t);
    }
    std::optional<ir::Value> out = encoder::modelValue(*v, type);
    if (!out)
      throw std::runtime_error("internal: a value of the run is not a value of its type: " + v->text);
    return *out;
  }
  /// t's value when the term manager folded it to a constant.
  std::optional<backends::Value> constantOf(Term t) const {
    const backends::TermData &d = tm_.data(t);
    switch (d.op) {
    case backends::Op::BoolConst: return backends::Value::ofBool(d.value == "true");
    case backends::Op::IntConst: return backends::Value::ofInt(d.value);
    case backends::Op::BvConst: return backends::Value::ofBits(d.value);
    case backends::Op::FpFromBits:
      if (tm_.op(d.kids[0]) == backends::Op::BvConst)
        return backends::Value::ofFloatBits(tm_.data(d.kids[0]).value);
      return std::nullopt;
    default: return std::nullopt;
    }
  }

  const Replay &r_;
  backends::TermManager tm_;
  encoder::ExprEncoder ex_;
  std::string solverName_;
  std::unique_ptr<backends::Solver> solver_;
  std::vector<Term> definitions_;             ///< ExprEncoder's auxiliary definitions, not yet asserted
  std::map<std::string, bool> intArithmetic_; ///< isIntArithmetic's answers by operator and types
};

/// The values of the run the method runs on (set while it runs, per thread).
thread_local RunValues *currentValues = nullptr;

/// The value of s where entities have the values `vals` (RunValues).
ir::Value eval(const SymP &s, const std::map<Entity, ir::Value> &vals) {
  return currentValues->value(s, vals);
}

/// The values a print of `items` shows in `text` (the expected output from where the print starts): its
/// literal text must be there as written; an integer conversion reads an optional sign and digits of its
/// base after the padding a width adds, `%c` one byte. Nullopt where the text is not this format's (other
/// literal text, a missing number) or a conversion is a float's (its printed decimal is not read back).
std::optional<std::vector<BigInt>> expectedPrintValues(const std::vector<ir::PrintItem> &items,
                                                       const std::string &text) {
  std::vector<BigInt> out;
  size_t pos = 0;
  for (const ir::PrintItem &it : items) {
    if (it.kind == ir::PrintItem::Text) {
      if (text.compare(pos, it.text.size(), it.text) != 0)
        return std::nullopt;
      pos += it.text.size();
      continue;
    }
    if (it.kind == ir::PrintItem::Float)
      return std::nullopt;
    if (it.kind == ir::PrintItem::Char) {
      if (pos >= text.size())
        return std::nullopt;
      out.push_back(BigInt(static_cast<unsigned char>(text[pos++])));
      continue;
    }
    unsigned base = ir::printBase(it.kind);
    while (pos < text.size() && text[pos] == ' ')
      ++pos;
    bool neg = false;
    if (pos < text.size() && (text[pos] == '-' || text[pos] == '+'))
      neg = text[pos++] == '-';
    if (base == 16 && text.compare(pos, 2, "0x") == 0 && pos + 2 < text.size() &&
        std::isxdigit((unsigned char)text[pos + 2]))
      pos += 2; // the `#` flag's prefix
    BigInt v(0);
    size_t digits = 0;
    for (; pos < text.size(); ++pos, ++digits) {
      unsigned char ch = static_cast<unsigned char>(std::tolower(static_cast<unsigned char>(text[pos])));
      int d = std::isdigit(ch) ? ch - '0' : ch >= 'a' && ch <= 'f' ? ch - 'a' + 10 : 99;
      if (d >= static_cast<int>(base))
        break;
      v = v * BigInt(static_cast<int64_t>(base)) + BigInt(d);
    }
    if (digits == 0)
      return std::nullopt;
    out.push_back(neg ? -v : v);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// Linear forms and atoms `expr relop const`.

/// Σ coeff · term + c, the terms keyed by their text (leaves, inputs, or subexpressions that are not linear
/// arithmetic in the encoder's semantics: RunValues::isIntArithmetic).
struct Lin {
  std::map<std::string, std::pair<SymP, BigInt>> terms;
  BigInt c;
  void add(const Lin &o, const BigInt &k) {
    for (const auto &[key, tc] : o.terms) {
      auto [it, fresh] = terms.try_emplace(key, tc.first, 0);
      it->second.second = it->second.second + tc.second * k;
      if (it->second.second.isZero())
        terms.erase(it);
    }
    c = c + o.c * k;
  }
};

Lin linOf(const SymP &s) {
  Lin l;
  if (s->type.isFloat()) { // float arithmetic rounds: an opaque term
    l.terms.emplace(s->text, std::make_pair(s, BigInt(1)));
    return l;
  }
  switch (s->kind) {
  case Sym::Const: l.c = currentValues->constant(s->value, s->type); return l;
  case Sym::Leaf:
  case Sym::Elem:
  case Sym::Input: l.terms.emplace(s->text, std::make_pair(s, BigInt(1))); return l;
  case Sym::App: break;
  }
  // a sum, difference, negation or product is linear arithmetic where the encoder's term of it is
  std::vector<ir::Type> operands;
  for (const SymP &a : s->args)
    operands.push_back(a->type);
  if (!currentValues->isIntArithmetic(s->op, s->type, operands)) {
    l.terms.emplace(s->text, std::make_pair(s, BigInt(1)));
    return l;
  }
  switch (s->op) {
  case ir::Op::Add:
  case ir::Op::Sub: {
    l = linOf(s->args[0]);
    l.add(linOf(s->args[1]), s->op == ir::Op::Add ? 1 : -1);
    return l;
  }
  case ir::Op::Neg: l.add(linOf(s->args[0]), -1); return l;
  case ir::Op::Mul: {
    Lin a = linOf(s->args[0]), b = linOf(s->args[1]);
    if (a.terms.empty()) {
      l.add(b, a.c);
      return l;
    }
    if (b.terms.empty()) {
      l.add(a, b.c);
      return l;
    }
    break;
  }
  default: break;
  }
  l.terms.emplace(s->text, std::make_pair(s, BigInt(1)));
  return l;
}

BigInt gcdOf(BigInt a, BigInt b) {
  if (a.isNegative())
    a = -a;
  if (b.isNegative())
    b = -b;
  while (!b.isZero()) {
    BigInt t = BigInt::truncMod(a, b);
    a = std::move(b);
    b = std::move(t);
  }
  return a;
}

ir::Op flip(ir::Op rel) { // a rel b  ⟺  -a flip(rel) -b
  switch (rel) {
  case ir::Op::Lt: return ir::Op::Gt;
  case ir::Op::Le: return ir::Op::Ge;
  case ir::Op::Gt: return ir::Op::Lt;
  case ir::Op::Ge: return ir::Op::Le;
  default: return rel;
  }
}

ir::Op negate(ir::Op rel) {
  switch (rel) {
  case ir::Op::Eq: return ir::Op::Ne;
  case ir::Op::Ne: return ir::Op::Eq;
  case ir::Op::Lt: return ir::Op::Ge;
  case ir::Op::Le: return ir::Op::Gt;
  case ir::Op::Gt: return ir::Op::Le;
  default: return ir::Op::Lt; // Ge
  }
}

/// a rel b, by the encoder's semantics (RunValues).
bool holds(const BigInt &a, ir::Op rel, const BigInt &b) {
  return currentValues->compare(a, rel, b);
}

/// An atomic predicate: `Σ coeff·term relop c` (linear), or a boolean leaf or opaque boolean expression
/// (`b`, `not b`).
struct Atom {
  bool linear = true;
  std::map<std::string, std::pair<SymP, BigInt>> terms; ///< linear: no constant term
  ir::Op rel = ir::Op::Eq;
  BigInt c;
  bool ref = false; ///< over references (node ids; only = and !=)
  SymP formula;     ///< non-linear: a boolean expression
  bool positive = true;
  /// The normalization multiplied the difference of the two sides by -1 (counted over the substitutions
  /// since the atom was made: a branch predicate's relation read against its comparison's operator).
  bool flipped = false;
  std::optional<bool> outcome; ///< a branch predicate's atom: how the condition evaluated
  bool truth = true;           ///< its value on this run (R: its tag; facts: true)
  size_t id = 0;               ///< R: the index of the postcondition's atom it comes from; facts: a fresh id
  ir::StmtId stmt = 0;         ///< facts: the statement it comes from (a branch predicate or an assignment)
  std::vector<ir::StmtId> slice; ///< R: the statements whose substitution changed it, in scan order
  /// The cases of element writes the atom went back through (the array-assignment rule, resolved as the run
  /// went): `i - j = 0` where a write `a[i] := v` wrote the element `a[j]` it reads (which became v),
  /// `i - j != 0` where it wrote another element of that array. True on the run; they make the atom depend on
  /// what computes the indexes. At most kMaxConds.
  std::vector<SymP> conds;
  std::string key; ///< expr(), computed once (finish())

  void finish() { key = exprText(); }
  const std::string &expr() const { return key; }
  bool constant() const { return linear && terms.empty(); }
  bool mentions(const Entity &e) const {
    for (const SymP &c : conds)
      if (c->mentions(e))
        return true;
    if (!linear)
      return formula->mentions(e);
    for (const auto &[k, tc] : terms)
      if (tc.first->mentions(e))
        return true;
    return false;
  }
  /// The entities the atom reads, outside its conditions.
  std::vector<Entity> leaves() const {
    if (!linear)
      return formula->leaves;
    std::vector<Entity> out;
    for (const auto &[k, tc] : terms)
      out.insert(out.end(), tc.first->leaves.begin(), tc.first->leaves.end());
    return out;
  }
  /// Calls f on every element (Sym::Elem) the atom reads, outside its conditions.
  void forEachElem(const std::function<void(const SymP &)> &f) const {
    std::function<void(const SymP &)> walk = [&](const SymP &x) {
      if (x->kind == Sym::Elem)
        f(x);
      for (const SymP &a : x->args)
        walk(a);
    };
    if (!linear)
      walk(formula);
    else
      for (const auto &[k, tc] : terms)
        walk(tc.first);
  }
  /// The expression without its constant: what Type II compares.
  std::string exprText() const {
    if (!linear)
      return formula->text;
    std::string out;
    for (const auto &[key, tc] : terms) {
      const BigInt &k = tc.second;
      bool neg = k.isNegative();
      BigInt mag = neg ? -k : k;
      if (out.empty())
        out += neg ? "-" : "";
      else
        out += neg ? " - " : " + ";
      if (mag != BigInt(1))
        out += mag.toString() + "*";
      out += key;
    }
    return out.empty() ? "0" : out;
  }
  /// The atom, then its element-write cases (at most three shown).
  std::string text() const {
    std::string t = atomText();
    for (size_t k = 0; k < conds.size() && k < 3; ++k)
      t += (k ? ", " : " [where ") + conds[k]->text;
    if (conds.size() > 3)
      t += ", …";
    return conds.empty() ? t : t + "]";
  }
  std::string atomText() const {
    if (!linear)
      return positive ? formula->text : "not " + formula->text;
    if (ref && terms.size() == 1 && terms.begin()->second.second == BigInt(1))
      return terms.begin()->first + " " + spell(rel) + " " + nodeName(c);
    if (ref && terms.size() == 2 && c.isZero()) {
      auto a = terms.begin(), b = std::next(a);
      if (a->second.second == BigInt(1) && b->second.second == BigInt(-1))
        return a->first + " " + spell(rel) + " " + b->first;
    }
    return expr() + " " + spell(rel) + " " + c.toString();
  }
};

/// The atom `l rel 0`, normalized: constant on the right, coefficients divided by their gcd when the
/// constant allows, the first term's coefficient positive.
Atom atomOf(Lin l, ir::Op rel, bool ref) {
  Atom a;
  a.ref = ref;
  a.rel = rel;
  a.c = -l.c;
  a.terms = std::move(l.terms);
  if (a.terms.empty()) {
    a.truth = holds(0, a.rel, a.c);
    a.finish();
    return a;
  }
  BigInt g = 0;
  for (const auto &[k, tc] : a.terms)
    g = gcdOf(g, tc.second);
  if (g > BigInt(1) && BigInt::truncMod(a.c, g).isZero()) {
    for (auto &[k, tc] : a.terms)
      tc.second = BigInt::truncDiv(tc.second, g);
    a.c = BigInt::truncDiv(a.c, g);
  }
  if (a.terms.begin()->second.second.isNegative()) {
    for (auto &[k, tc] : a.terms)
      tc.second = -tc.second;
    a.c = -a.c;
    a.rel = flip(a.rel);
    a.flipped = true;
  }
  a.finish();
  return a;
}

/// The value of an atom where entities have the values `vals`.
bool evalAtom(const Atom &a, const std::map<Entity, ir::Value> &vals) {
  if (!a.linear)
    return (!eval(a.formula, vals).i.isZero()) == a.positive;
  std::vector<std::pair<BigInt, BigInt>> sum;
  for (const auto &[k, tc] : a.terms) {
    ir::Value v = eval(tc.first, vals);
    sum.push_back({tc.second, v.kind == ir::Type::Ref ? BigInt(v.node) : v.i});
  }
  return currentValues->linear(sum, a.rel, a.c);
}

using Conj = std::vector<Atom>;
using Dnf = std::vector<Conj>;
constexpr size_t kMaxDisjuncts = 64;

/// The formula s (positive) or its negation as a disjunction of conjunctions of atoms.
Dnf dnf(const SymP &s, bool positive) {
  if (s->kind == Sym::Const)
    return (!s->value.isZero()) == positive ? Dnf{Conj{}} : Dnf{};
  if (s->kind == Sym::App) {
    switch (s->op) {
    case ir::Op::Not: return dnf(s->args[0], !positive);
    case ir::Op::And:
    case ir::Op::Or:
    case ir::Op::Implies: {
      // a and b, a or b, a ==> b (= not a or b), each positive or negated
      bool implies = s->op == ir::Op::Implies;
      Dnf a = dnf(s->args[0], implies ? !positive : positive), b = dnf(s->args[1], positive);
      bool conj = s->op == ir::Op::And ? positive : !positive;
      if (!conj) {
        a.insert(a.end(), b.begin(), b.end());
        if (a.size() > kMaxDisjuncts)
          a.resize(kMaxDisjuncts);
        return a;
      }
      Dnf out;
      for (const Conj &x : a)
        for (const Conj &y : b) {
          if (out.size() >= kMaxDisjuncts)
            break;
          Conj z = x;
          z.insert(z.end(), y.begin(), y.end());
          out.push_back(std::move(z));
        }
      return out;
    }
    default: break;
    }
    // (a float comparison is not linear arithmetic: rounding, NaN; it stays a formula)
    if (ir::isComparison(s->op) && !isBool(s->args[0]->type) && !s->args[0]->type.isFloat()) {
      Lin l = linOf(s->args[0]);
      l.add(linOf(s->args[1]), -1);
      return {{atomOf(std::move(l), positive ? s->op : negate(s->op), s->args[0]->type.isHeapRef())}};
    }
  }
  Atom a;
  a.linear = false;
  a.formula = s;
  a.positive = positive;
  a.finish();
  return {{a}};
}

/// The atom with e replaced by `by`: one atom, or (a boolean leaf replaced by a formula) the atoms of the
/// formula's first disjunct that keeps the atom's value, or nullopt when it cannot be kept as a conjunction.
std::optional<Conj> substAtom(const Atom &a, const Entity &e, const SymP &by,
                              const std::map<Entity, ir::Value> &vals) {
  if (!a.linear) {
    Dnf d = dnf(subst(a.formula, e, by), a.positive);
    for (Conj &c : d) {
      bool all = std::all_of(c.begin(), c.end(), [&](const Atom &x) { return evalAtom(x, vals); });
      if (all == a.truth || d.size() == 1) {
        for (Atom &x : c) {
          x.truth = a.truth && evalAtom(x, vals);
          x.id = a.id;
          x.stmt = a.stmt;
          x.outcome = a.outcome;
          x.flipped = x.flipped != a.flipped;
          x.slice = a.slice;
          for (const SymP &k : a.conds)
            x.conds.push_back(subst(k, e, by));
        }
        return c;
      }
    }
    return std::nullopt;
  }
  Lin l;
  for (const auto &[key, tc] : a.terms) {
    if (tc.first->mentions(e))
      l.add(linOf(subst(tc.first, e, by)), tc.second);
    else
      l.add(linOf(tc.first), tc.second);
  }
  l.c = l.c - a.c;
  Atom b = atomOf(std::move(l), a.rel, a.ref);
  b.truth = b.constant() ? b.truth : a.truth;
  b.id = a.id;
  b.stmt = a.stmt;
  b.outcome = a.outcome;
  b.flipped = b.flipped != a.flipped;
  b.slice = a.slice;
  for (const SymP &k : a.conds)
    b.conds.push_back(subst(k, e, by));
  return Conj{b};
}

constexpr size_t kMaxConds = 16;

/// The array-assignment rule for a write `a[iw] := v` of the element `w` (its node and index as the run
/// resolved them), along the run: every element `a[j]` of that array the atom reads is `(iw = j ? v : a[j])`;
/// the run decides the case (the element it wrote is w, so `iw = j` holds exactly for the elements named w),
/// which becomes a condition of the atom (`iw - j = 0` or `iw - j != 0`; none when both indexes are
/// constants), and the elements named w are then substituted by v (substAtom). Returns whether the atom reads
/// an element of that array.
bool caseSplit(Atom &a, const Entity &w, const SymP &iw) {
  bool reads = false;
  std::vector<SymP> cases;
  a.forEachElem([&](const SymP &x) {
    if (x->leaf.node != w.node)
      return;
    reads = true;
    bool same = x->leaf.at == w.at;
    SymP c = mkApp(same ? ir::Op::Eq : ir::Op::Ne, ir::Type::boolType(), {iw, x->args[0]});
    if (c->leaves.empty())
      return; // two constant indexes: the case holds without any variable
    cases.push_back(std::move(c));
  });
  for (SymP &c : cases) {
    bool known =
        std::any_of(a.conds.begin(), a.conds.end(), [&](const SymP &k) { return k->text == c->text; });
    if (!known && a.conds.size() < kMaxConds)
      a.conds.push_back(std::move(c));
  }
  return reads;
}

// ---------------------------------------------------------------------------------------------------------
// The method.

struct Evidence {
  enum Kind { TypeI, TypeII, Implicit } kind;
  std::vector<std::vector<ir::StmtId>> groups; ///< the statements it blames, in rank groups
  std::string text;
  std::vector<PwpSite> sites; ///< the statements the correction tries, with e and c (pwp.h)
};

/// The tokens of an atom's text (pwp.h, PwpPredicate::tokens).
std::vector<std::string> tokensOf(const std::string &t) {
  std::vector<std::string> out;
  auto ident = [](char ch) { return std::isalnum(static_cast<unsigned char>(ch)) || ch == '_' || ch == '.'; };
  for (size_t k = 0; k < t.size();) {
    char ch = t[k];
    if (std::isspace(static_cast<unsigned char>(ch)) || ch == '(' || ch == ')' || ch == '[' || ch == ']' ||
        ch == ',') {
      ++k;
    } else if (std::isdigit(static_cast<unsigned char>(ch)) ||
               (ch == '-' && k + 1 < t.size() && std::isdigit(static_cast<unsigned char>(t[k + 1])))) {
      size_t b = k++;
      while (k < t.size() && std::isdigit(static_cast<unsigned char>(t[k])))
        ++k;
      out.push_back(t.substr(b, k - b));
    } else if (ident(ch)) {
      size_t b = k;
      while (k < t.size() && ident(t[k]))
        ++k;
      out.push_back(t.substr(b, k - b));
      if (k < t.size() && t[k] == '@') { // a frame's variable: `s@max#1` is `s`
        while (k < t.size() && t[k] != '#')
          ++k;
        while (k < t.size() && (t[k] == '#' || std::isdigit(static_cast<unsigned char>(t[k]))))
          ++k;
      }
    } else {
      size_t b = k++;
      while (k < t.size() && (t[k] == '=' || (t[b] == '=' && t[k] == '=')))
        ++k;
      out.push_back(t.substr(b, k - b));
    }
  }
  return out;
}

PwpPredicate predicateOf(const Atom &a) {
  PwpPredicate p;
  p.text = a.atomText();
  p.tokens = tokensOf(p.text);
  p.linear = a.linear;
  p.rel = a.rel;
  p.flipped = a.flipped;
  p.stmt = a.stmt;
  p.outcome = a.outcome;
  return p;
}

/// `0 = 0`: the true predicate Type I matches an equation to (He & Gupta, Step 2).
PwpPredicate truePredicate() {
  PwpPredicate p;
  p.text = "0 = 0";
  p.tokens = {"0", "=", "0"};
  return p;
}

PwpSite siteOf(PwpSite::Role role, ir::StmtId stmt, const Atom &e, const Atom *c) {
  PwpSite s;
  s.role = role;
  s.stmt = stmt;
  s.problem = predicateOf(e);
  if (c)
    s.correcting = predicateOf(*c);
  return s;
}

class Pwp {
public:
  Pwp(const Problem &p, const Replay &r)
      : p_(p), r_(r), index_(p.prog), blamable_(blamableStatements(p.prog, p.opts)) {}

  /// The symbol of an IR expression read in frame `frame`.
  SymP symOf(const ir::Expr &e, uint32_t frame) {
    switch (e.kind) {
    case ir::Expr::IntLit:
    case ir::Expr::FloatLit: return mkConst(e.type, e.value);
    case ir::Expr::BoolLit: return mkConst(ir::Type::boolType(), e.value);
    case ir::Expr::NullLit: return mkConst(ir::Type::nullType(), 0);
    case ir::Expr::VarUse: {
      Entity v = Entity::var(frame, e.var);
      if (auto it = condDef_.find(v); it != condDef_.end())
        return it->second;
      return leafOf(v);
    }
    case ir::Expr::Unary: return mkApp(e.op, e.type, {symOf(e.args[0], frame)});
    case ir::Expr::Binary: return mkApp(e.op, e.type, {symOf(e.args[0], frame), symOf(e.args[1], frame)});
    }
    return mkConst(ir::Type::intType(), 0);
  }
  SymP leafOf(const Entity &e) {
    if (e.kind == Entity::Elem) // an element named by its constant index
      return elemOf(e, mkConst(ir::Type::intType(), BigInt(e.at)));
    return mkLeaf(e, r_.typeOf(e), r_.name(e));
  }
  /// The element e read at the index expression `index`.
  SymP elemOf(const Entity &e, SymP index) { return mkElem(e, r_.typeOf(e), r_.name(e), std::move(index)); }
  /// s with every element's index replaced by its constant (the forward facts: what holds of the element the
  /// run read, whatever the index variable holds later).
  SymP concrete(const SymP &s) {
    if (s->kind == Sym::Elem)
      return s->args[0]->kind == Sym::Const ? s : leafOf(s->leaf);
    if (s->kind != Sym::App)
      return s;
    std::vector<SymP> args;
    bool same = true;
    for (const SymP &a : s->args) {
      args.push_back(concrete(a));
      same = same && args.back() == a;
    }
    return same ? s : mkApp(s->op, s->type, std::move(args));
  }
  /// `nN.length`: an array's length, fixed when it is allocated (an input of the trace).
  SymP lengthOf(uint32_t node) {
    auto it = r_.arrays.find(node);
    return mkInput(ir::Type::intType(), BigInt(it == r_.arrays.end() ? 0 : it->second.length),
                   "n" + std::to_string(node) + ".length");
  }

  /// What point k assigns its entity, or null for a branch predicate (a condition temporary).
  SymP effectOf(size_t k, bool &predicate) {
    const Point &pt = r_.points[k];
    predicate = false;
    const ir::Stmt *s = index_.find(pt.stmt);
    switch (pt.kind) {
    case Point::Bind: return symOf(s->args.at(pt.arg), pt.frame);
    case Point::Result: {
      const ir::Procedure &callee = r_.procOf(pt.callee);
      return leafOf(Entity{Entity::Var, pt.callee, callee.result, 0});
    }
    case Point::Write: break;
    }
    switch (s->kind) {
    case ir::Stmt::Assign: {
      const ir::Procedure &proc = r_.procOf(pt.frame);
      const ir::Var &lhs = p_.prog.var(proc, s->lhs);
      predicate = isBool(lhs.type) && lhs.temp;
      return symOf(s->value, pt.frame);
    }
    case ir::Stmt::GetField: {
      Entity f = Entity::field(pt.readNode, s->field);
      return leafOf(f);
    }
    case ir::Stmt::PutField:
    case ir::Stmt::PutElem: return symOf(s->value, pt.frame);
    case ir::Stmt::New:
    case ir::Stmt::NewArray: return mkConst(r_.typeOf(pt.entity), pt.after.node);
    case ir::Stmt::GetElem:
      if (pt.readNode != 0)
        return elemOf(Entity::elem(pt.readNode, pt.readIndex), symOf(s->args.at(0), pt.frame));
      break;
    case ir::Stmt::Length:
      if (pt.readNode != 0 && !r_.typeOf(pt.entity).isFixedInt()) // (a fixed-width lhs: the length converted)
        return lengthOf(pt.readNode);
      break;
    default: break;
    }
    // Nondet (and a read that could not be resolved): an input of the trace
    return mkInput(r_.typeOf(pt.entity), pt.after.kind == ir::Type::Ref ? BigInt(pt.after.node) : pt.after.i,
                   "nondet@" + std::to_string(s->loc.line) + "#" + std::to_string(k));
  }

  /// The violated check as a formula over the entities at the end of the region.
  std::optional<SymP> checkFormula(std::string &why) {
    const ir::Stmt &c = *r_.check;
    uint32_t fr = r_.checkFrame;
    std::map<uint32_t, SymP> temps; // the check's temporaries as the chain computes them
    auto withTemps = [&](SymP s) {
      for (const auto &[var, def] : temps)
        s = subst(s, Entity{Entity::Var, fr, var, 0}, def);
      return s;
    };
    condDef_.clear();
    for (const ir::Stmt *s : r_.chain) {
      if (s->kind != ir::Stmt::Assign && s->kind != ir::Stmt::GetField && s->kind != ir::Stmt::GetElem &&
          s->kind != ir::Stmt::Length)
        continue;
      // the path as it ran: a temporary assigned again under a false guard keeps its value (an array
      // read's alternatives); its first assignment counts whatever its guard (a short-circuit guard only
      // says when the value matters)
      bool taken = !eval(withTemps(symOf(s->guard, fr)), r_.post).i.isZero();
      if (!taken && temps.count(s->lhs.index))
        continue;
      SymP v;
      if (s->kind == ir::Stmt::GetField) {
        SymP base = withTemps(leafOf(Entity::var(fr, s->base)));
        ir::Value node = eval(base, r_.post);
        v = leafOf(Entity::field(node.node, s->field));
      } else if (s->kind == ir::Stmt::GetElem || s->kind == ir::Stmt::Length) {
        ir::Value node = eval(withTemps(leafOf(Entity::var(fr, s->base))), r_.post);
        if (s->kind == ir::Stmt::Length) {
          v = lengthOf(node.node);
        } else {
          SymP index = withTemps(symOf(s->args.at(0), fr));
          v = elemOf(Entity::elem(node.node, eval(index, r_.post).i.toInt64().value_or(0)), index);
        }
      } else {
        v = withTemps(symOf(s->value, fr));
      }
      temps[s->lhs.index] = v;
    }
    ir::FailureKind fk = p_.failure.run.failure;
    switch (c.kind) {
    case ir::Stmt::Assert: return withTemps(symOf(c.value, fr));
    case ir::Stmt::Print: return printFormula(c, fr, why);
    case ir::Stmt::GetField:
    case ir::Stmt::PutField:
      return mkApp(ir::Op::Ne, ir::Type::boolType(),
                   {leafOf(Entity::var(fr, c.base)), mkConst(ir::Type::nullType(), 0)});
    case ir::Stmt::GetElem:
    case ir::Stmt::PutElem:
    case ir::Stmt::Length:
      if (fk == ir::FailureKind::NullDeref)
        return mkApp(ir::Op::Ne, ir::Type::boolType(),
                     {leafOf(Entity::var(fr, c.base)), mkConst(ir::Type::nullType(), 0)});
      if (fk == ir::FailureKind::Bounds && c.kind != ir::Stmt::Length) {
        // the index within the array: 0 <= i and i < nN.length
        SymP i = symOf(c.args.at(0), fr);
        uint32_t node = eval(leafOf(Entity::var(fr, c.base)), r_.post).node;
        ir::Type it = c.args[0].type;
        return mkApp(ir::Op::And, ir::Type::boolType(),
                     {mkApp(ir::Op::Ge, ir::Type::boolType(), {i, mkConst(it, 0)}),
                      mkApp(ir::Op::Lt, ir::Type::boolType(), {i, lengthOf(node)})});
      }
      break;
    case ir::Stmt::NewArray:
      if (fk == ir::FailureKind::Bounds) { // the length within 0 … kMaxArrayLength
        SymP n = symOf(c.value, fr);
        return mkApp(ir::Op::And, ir::Type::boolType(),
                     {mkApp(ir::Op::Ge, ir::Type::boolType(), {n, mkConst(c.value.type, 0)}),
                      mkApp(ir::Op::Le, ir::Type::boolType(),
                            {n, mkConst(ir::Type::intType(), BigInt(ir::kMaxArrayLength))})});
      }
      break;
    default: break;
    }
    // a division by zero: every divisor that is 0 here must not be
    std::vector<SymP> nonzero;
    std::function<void(const ir::Expr &)> walk = [&](const ir::Expr &e) {
      for (const ir::Expr &a : e.args)
        walk(a);
      if (e.kind == ir::Expr::Binary && (e.op == ir::Op::Div || e.op == ir::Op::Mod)) {
        SymP d = withTemps(symOf(e.args[1], fr));
        if (eval(d, r_.post).i.isZero())
          nonzero.push_back(mkApp(ir::Op::Ne, ir::Type::boolType(), {d, mkConst(d->type, 0)}));
      }
    };
    walk(c.value);
    for (const ir::Expr &a : c.args)
      walk(a);
    if (nonzero.empty()) {
      why = std::string("a failure at a ") + ir::stmtKindName(c.kind) + " statement";
      return std::nullopt;
    }
    SymP f = nonzero[0];
    for (size_t k = 1; k < nonzero.size(); ++k)
      f = mkApp(ir::Op::And, ir::Type::boolType(), {f, nonzero[k]});
    return f;
  }

  /// The first print whose text differs from the expected output (Replay::expectedOutput) as a check: each
  /// argument whose value the expected text shows otherwise equals that value. Nullopt with `why` when the
  /// expected text is not this format's with other values (its text differs: a format difference, which
  /// `repair --method format` edits) or shows no other value.
  std::optional<SymP> printFormula(const ir::Stmt &c, uint32_t fr, std::string &why) {
    std::string err;
    std::optional<std::vector<ir::PrintItem>> items = ir::parsePrintFormat(c.message, err);
    if (!items || !r_.expectedOutput) {
      why = "the print's expected text is not known";
      return std::nullopt;
    }
    std::optional<std::vector<BigInt>> want = expectedPrintValues(*items, *r_.expectedOutput);
    if (!want || want->size() != c.args.size()) {
      why = "the output differs in the text of the print at line " + std::to_string(c.loc.line) +
            ", not in the values it prints";
      return std::nullopt;
    }
    std::vector<SymP> eqs;
    for (size_t k = 0; k < c.args.size(); ++k) {
      SymP a = symOf(c.args[k], fr);
      if (eval(a, r_.post).i == (*want)[k])
        continue;
      eqs.push_back(mkApp(ir::Op::Eq, ir::Type::boolType(), {a, mkConst(c.args[k].type, (*want)[k])}));
    }
    if (eqs.empty()) {
      why = "the print at line " + std::to_string(c.loc.line) + " prints the expected values";
      return std::nullopt;
    }
    SymP f = eqs[0];
    for (size_t k = 1; k < eqs.size(); ++k)
      f = mkApp(ir::Op::And, ir::Type::boolType(), {f, eqs[k]});
    return f;
  }

  /// Atoms whose entities the region never writes are fixed by the inputs: replaced by their value (the
  /// paper expands the postcondition's quantifiers over the input's concrete range the same way).
  SymP simplify(const SymP &s, const std::function<bool(const Entity &)> &fixed) {
    if (s->kind != Sym::App)
      return s;
    if (isBool(s->type) && std::all_of(s->leaves.begin(), s->leaves.end(), fixed))
      return mkConst(ir::Type::boolType(), eval(s, r_.post).i.isZero() ? 0 : 1);
    if (s->op == ir::Op::And || s->op == ir::Op::Or || s->op == ir::Op::Implies || s->op == ir::Op::Not) {
      std::vector<SymP> args;
      for (const SymP &a : s->args)
        args.push_back(simplify(a, fixed));
      return mkApp(s->op, s->type, std::move(args));
    }
    return s;
  }

  Result run() {
    Result res;
    res.method = "pwp";
    std::vector<Evidence> evidences;
    if (!analyze(res, evidences))
      return res;
    std::vector<std::vector<Blame>> sets;
    std::vector<std::string> setText;
    size_t typeI = 0, typeII = 0, implicit = 0;
    for (const Evidence &ev : evidences) {
      (ev.kind == Evidence::TypeI ? typeI : ev.kind == Evidence::TypeII ? typeII : implicit)++;
      for (const std::vector<ir::StmtId> &g : ev.groups) {
        std::vector<Blame> set;
        for (ir::StmtId s : g)
          if (blamable_.count(s))
            set.push_back(Blame{s, encoder::Part::Value});
        if (set.empty())
          continue;
        sets.push_back(std::move(set));
        setText.push_back(ev.text);
      }
    }
    res.ranking = rankBySets(p_.prog, sets);
    for (Suspect &s : res.ranking) {
      if (!s.sets.empty())
        s.evidence = setText.at(s.sets.front());
      s.sets.clear();
    }
    res.stats["type_i"] = static_cast<double>(typeI);
    res.stats["type_ii"] = static_cast<double>(typeII);
    res.stats["implicit"] = static_cast<double>(implicit);
    res.complete = true;
    return res;
  }

  /// The evidences of the run in AutoDebug's order (and `res`'s statistics); false when there are none to
  /// look for: `res` says why (an error, or a check the inputs alone decide).
  bool analyze(Result &res, std::vector<Evidence> &evidences) {
    std::string why;
    // Entities fixed by the inputs: not written in the region, and not assignable — a variable of a call
    // that its procedure never assigns (a parameter like an array's length), a global or a field that no
    // statement of the program assigns. (Globals the program assigns anywhere, e.g. the elements of an
    // array the caller fills, may differ in a correct run, so they stay.)
    std::set<Entity> written;
    for (size_t k = r_.firstPoint; k < r_.endPoint; ++k)
      written.insert(r_.points[k].entity);
    ir::forEachStmt(p_.prog, [&](const ir::Procedure &proc, const ir::Stmt &st) {
      uint32_t pi = static_cast<uint32_t>(&proc - p_.prog.procs.data());
      if (ir::writesLhs(st) && st.lhs.global)
        code_.globals.insert(st.lhs.index);
      else if (ir::writesLhs(st))
        localWrites_[pi].insert(st.lhs.index);
      if (st.kind == ir::Stmt::PutField)
        code_.fields.insert(st.field);
      if (st.kind == ir::Stmt::PutElem)
        addArray(code_, p_.prog.var(proc, st.base).type);
    });
    auto fixed = [&](const Entity &e) {
      if (written.count(e))
        return false;
      if (e.kind == Entity::Field)
        return !code_.fields.count(e.index);
      if (e.kind == Entity::Elem)
        return !writes(code_, e);
      if (e.frame == Entity::kGlobal)
        return !code_.globals.count(e.index);
      auto it = localWrites_.find(r_.frames.at(e.frame).proc);
      return it == localWrites_.end() || !it->second.count(e.index);
    };
    std::optional<SymP> check = checkFormula(why);
    if (!check) {
      res.status = Status::Error;
      res.message = prefixed("pwp", why);
      return false;
    }
    SymP post = simplify(*check, fixed);
    Dnf conjunctions = dnf(post, true);
    for (Conj &c : conjunctions)
      for (size_t k = 0; k < c.size(); ++k) {
        c[k].truth = evalAtom(c[k], r_.post);
        c[k].id = k;
      }
    // the conjunctions closest to holding first (fewest false atoms)
    std::stable_sort(conjunctions.begin(), conjunctions.end(), [](const Conj &a, const Conj &b) {
      auto neg = [](const Conj &c) {
        return std::count_if(c.begin(), c.end(), [](const Atom &x) { return !x.truth; });
      };
      return neg(a) < neg(b);
    });
    constexpr size_t kConjunctions = 8;
    if (conjunctions.size() > kConjunctions)
      conjunctions.resize(kConjunctions);
    res.stats["conjunctions"] = static_cast<double>(conjunctions.size());
    res.stats["points"] = static_cast<double>(r_.endPoint - r_.firstPoint);
    if (conjunctions.empty()) {
      res.message = "the check fails on the inputs alone (no statement of the region can change it)";
      res.complete = true;
      return false;
    }
    forwardFacts();
    analyzeLoops();
    bool pathFalse = false; // a false atom of a conjunction lost its variables: no state on the path helps
    std::vector<Evidence> later; // the evidences the paper's AutoDebug does not reach, after all of its own
    for (size_t k = 0; k < conjunctions.size(); ++k)
      pathFalse = scan(conjunctions[k], k, conjunctions.size() > 1, evidences, later) || pathFalse;
    for (Evidence &ev : later)
      evidences.push_back(std::move(ev));
    if (pathFalse)
      pathEvidences(evidences);
    return true;
  }

private:
  std::string where(size_t k) const {
    const ir::Stmt *s = index_.find(r_.points[k].stmt);
    return "#" + std::to_string(r_.points[k].stmt) +
           (s && s->loc.valid() ? " (line " + std::to_string(s->loc.line) + ")" : "");
  }
  std::string lineOf(ir::StmtId id) const {
    const ir::Stmt *s = index_.find(id);
    return s && s->loc.valid() ? "line " + std::to_string(s->loc.line) : "#" + std::to_string(id);
  }

  /// The forward facts at the entry of every point of the region (gen/kill), and every branch predicate's
  /// atoms as evaluated.
  void forwardFacts() {
    std::map<Entity, ir::Value> cur = r_.pre;
    std::vector<Atom> facts;
    condDef_.clear();
    size_t n = r_.endPoint - r_.firstPoint;
    qf_.assign(n, {});
    effect_.assign(n, nullptr);
    writeIndex_.assign(n, nullptr);
    predicate_.assign(n, {});
    isPredicate_.assign(n, false);
    for (size_t k = r_.firstPoint; k < r_.endPoint; ++k) {
      const Point &pt = r_.points[k];
      size_t i = k - r_.firstPoint;
      qf_[i] = facts;
      bool pred = false;
      SymP eff = effectOf(k, pred);
      effect_[i] = eff;
      isPredicate_[i] = pred;
      if (pt.kind == Point::Write && pt.entity.kind == Entity::Elem)
        if (const ir::Stmt *w = index_.find(pt.stmt); w && w->kind == ir::Stmt::PutElem)
          writeIndex_[i] = symOf(w->args.at(0), pt.frame);
      // kill
      facts.erase(
          std::remove_if(facts.begin(), facts.end(), [&](const Atom &a) { return a.mentions(pt.entity); }),
          facts.end());
      for (auto it = condDef_.begin(); it != condDef_.end();)
        it = it->second->mentions(pt.entity) || it->first == pt.entity ? condDef_.erase(it) : std::next(it);
      if (pred) {
        // the predicate as evaluated: the disjunct of its DNF that holds here (of the elements the run read)
        Dnf d = dnf(concrete(eff), !pt.after.i.isZero());
        Conj chosen;
        for (Conj &c : d)
          if (std::all_of(c.begin(), c.end(), [&](const Atom &a) { return evalAtom(a, cur); })) {
            chosen = std::move(c);
            break;
          }
        // an atom a condition it reads already gave (an inlined condition temporary) stays that one's
        Conj own;
        for (Atom &a : chosen) {
          std::string t = a.text();
          bool known =
              std::any_of(facts.begin(), facts.end(), [&](const Atom &f) { return f.text() == t; }) ||
              std::any_of(own.begin(), own.end(), [&](const Atom &f) { return f.text() == t; });
          if (known)
            continue;
          a.truth = true;
          a.id = nextId_++;
          a.stmt = pt.stmt;
          a.outcome = !pt.after.i.isZero();
          facts.push_back(a);
          own.push_back(a);
        }
        predicate_[i] = own;
        condDef_[pt.entity] = eff;
      } else if (!isBool(r_.typeOf(pt.entity)) && !r_.typeOf(pt.entity).isFloat() &&
                 !eff->mentions(pt.entity)) {
        // the assignment's equivalence `x - e = 0`
        Lin l = linOf(leafOf(pt.entity));
        l.add(linOf(concrete(eff)), -1);
        Atom a = atomOf(std::move(l), ir::Op::Eq, r_.typeOf(pt.entity).isHeapRef());
        if (!a.constant()) {
          a.id = nextId_++;
          a.stmt = pt.stmt;
          facts.push_back(std::move(a));
        }
      }
      cur[pt.entity] = pt.after;
    }
  }

  /// The evidences that the run's path must change, after every evidence of the postcondition (ours, not
  /// the paper's): a false atom of R became an atom without variables (a constant assigned on the path,
  /// e.g. `return 0`, a check's helper returning `1` or counting from `k = 0`), so no state that follows the
  /// trace from there satisfies R. When changing those assignments does not remove the evidence (or they
  /// are the specification's, which is never changed), another path must be taken: a branch predicate of
  /// the region evaluates otherwise. Each atom q of a branch predicate that ran (the nearest to the check
  /// first, at most kPathAtoms) gives the hypothesized `not q` at its point, false on the run; its evidences
  /// are found as R's are (Type II with q itself, whose branch is then the first candidate; then back through
  /// the assignments its operands come from: e.g. a field a procedure under test wrote, which a check's
  /// helper read in its loop condition).
  void pathEvidences(std::vector<Evidence> &out) {
    constexpr size_t kPathAtoms = 64;
    std::map<size_t, Conj> born;
    size_t count = 0;
    for (size_t k = r_.endPoint; k-- > r_.firstPoint && count < kPathAtoms;) {
      size_t i = k - r_.firstPoint;
      if (!isPredicate_[i])
        continue;
      for (const Atom &q : predicate_[i]) {
        if (count == kPathAtoms)
          break;
        Atom r = q;
        if (r.linear)
          r.rel = negate(r.rel);
        else
          r.positive = !r.positive;
        r.truth = false;
        r.outcome.reset();
        r.stmt = 0;
        r.slice.clear();
        r.id = nextId_++;
        r.finish();
        born[k].push_back(std::move(r));
        ++count;
      }
    }
    std::vector<Evidence> later;
    if (!born.empty())
      scan({}, 0, false, out, later, &born);
    for (Evidence &ev : later)
      out.push_back(std::move(ev));
  }

  /// The backward scan of AutoDebug for one conjunction R of the postcondition. With `born`: R starts
  /// empty and takes the atoms `born` gives at their points (pathEvidences). Returns whether a false atom
  /// of R lost its variables (never with `born`). The evidences the paper's AutoDebug would not reach go to
  /// `later` (the caller puts them after every conjunction's): the implicit evidence of an atom whose only
  /// explicit evidences are the specification's, and the left-side candidates (leftSides).
  bool scan(Conj R, size_t which, bool several, std::vector<Evidence> &out, std::vector<Evidence> &later,
            const std::map<size_t, Conj> *born = nullptr) {
    bool constantFalse = false;
    std::vector<Atom> qb;
    // R atoms in an explicit evidence that points at a statement that may be blamed: an evidence whose
    // statements are all the specification's (a check's helper) is one AutoDebug cannot remove — every
    // modification it generates would change the specification, which is never changed — so, as when its
    // modifications fail, it goes on to the next evidence of r, and r stays a candidate for an implicit
    // evidence at the top
    std::set<size_t> explained;
    std::set<size_t> matched;                              // R atoms in any explicit evidence
    std::set<size_t> constant;                             // R atoms reported as Type I
    std::set<std::pair<size_t, size_t>> pairs;             // (q id, r id) reported
    std::set<std::tuple<size_t, size_t, ir::StmtId>> seen; // (q id, r id, statement) blamed
    std::map<Entity, ir::Value> cur = r_.post; // the state at the current point's exit, then its entry
    std::string tag = several ? " [postcondition disjunct " + std::to_string(which + 1) + "]" : "";
    if (born)
      tag = " [the path must change]";
    for (size_t k = r_.endPoint; k-- > r_.firstPoint;) {
      size_t i = k - r_.firstPoint;
      const Point &pt = r_.points[k];
      cur[pt.entity] = pt.before;
      if (born)
        if (auto it = born->find(k); it != born->end())
          R.insert(R.end(), it->second.begin(), it->second.end());
      std::set<size_t> changed; // ids of the atoms this point's substitution changed
      if (isPredicate_[i]) {
        for (const Atom &a : predicate_[i])
          qb.push_back(a);
      } else {
        const SymP &eff = effect_[i];
        const SymP &iw = writeIndex_[i];
        auto apply = [&](std::vector<Atom> &atoms, bool isR) {
          std::vector<Atom> next;
          for (const Atom &atom : atoms) {
            Atom a = atom;
            // an element write: the case of the array-assignment rule for every element of its array the
            // atom reads
            bool split = iw && caseSplit(a, pt.entity, iw);
            if (!a.mentions(pt.entity) && !split) {
              next.push_back(a);
              continue;
            }
            std::optional<Conj> c =
                a.mentions(pt.entity) ? substAtom(a, pt.entity, eff, cur) : std::optional<Conj>(Conj{a});
            if (!c) {
              next.push_back(a); // kept as it was: a boolean leaf that does not stay a conjunction
              continue;
            }
            changed.insert(a.id);
            for (Atom &x : *c) {
              if (isR)
                x.slice.push_back(pt.stmt);
              next.push_back(std::move(x));
            }
          }
          atoms = std::move(next);
        };
        apply(R, true);
        apply(qb, false);
      }
      // evidences at this point
      for (const Atom &r : R) {
        if (r.truth)
          continue;
        // the assignments of r's pwp slice, from here towards the end: the order in which AutoDebug tries
        // to change the form of r
        std::vector<ir::StmtId> rSlice(r.slice.rbegin(), r.slice.rend());
        if (r.constant()) {
          if (constant.insert(r.id).second) {
            matched.insert(r.id);
            if (std::any_of(rSlice.begin(), rSlice.end(), [&](ir::StmtId s) { return blamable_.count(s); }))
              explained.insert(r.id);
            Evidence ev{Evidence::TypeI,
                        {},
                        "Type I at " + where(k) + ": hypothesized " + r.text() + " (false, no variables)" +
                            tag,
                        {}};
            for (ir::StmtId st : rSlice) {
              ev.groups.push_back({st});
              ev.sites.push_back(siteOf(PwpSite::Role::Slice, st, r, nullptr));
              if (r.rel == ir::Op::Eq)
                ev.sites.back().correcting = truePredicate();
            }
            out.push_back(std::move(ev));
          }
          continue;
        }
        const std::string &expr = r.expr();
        auto match = [&](const Atom &q) {
          if (q.linear != r.linear || q.expr() != expr)
            return;
          bool fresh = pairs.insert({q.id, r.id}).second;
          if (!fresh && !changed.count(q.id) && !changed.count(r.id))
            return;
          // change the form of q (the branch predicate it comes from, or the assignment here when it
          // changed q), or the form of r (its slice)
          std::vector<ir::StmtId> candidates{q.stmt};
          if (changed.count(q.id))
            candidates.push_back(pt.stmt);
          candidates.insert(candidates.end(), rSlice.begin(), rSlice.end());
          std::vector<std::vector<ir::StmtId>> groups;
          std::vector<PwpSite> sites;
          size_t actual = candidates.size() - rSlice.size(); // q's statement, and the one here changing q
          for (size_t n = 0; n < candidates.size(); ++n) {
            ir::StmtId st = candidates[n];
            if (!seen.insert({q.id, r.id, st}).second)
              continue;
            groups.push_back({st});
            sites.push_back(n < actual ? siteOf(PwpSite::Role::Actual, st, q, &r)
                                       : siteOf(PwpSite::Role::Slice, st, r, &q));
          }
          matched.insert(r.id);
          if (std::any_of(candidates.begin(), candidates.end(),
                          [&](ir::StmtId s) { return blamable_.count(s); }))
            explained.insert(r.id);
          if (groups.empty())
            return;
          out.push_back({Evidence::TypeII, std::move(groups),
                         "Type II at " + where(k) + ": actual " + q.text() + " (from " + lineOf(q.stmt) +
                             "), hypothesized " + r.text() + " (false)" + tag,
                         std::move(sites)});
        };
        for (const Atom &q : qf_[i])
          match(q);
        for (const Atom &q : qb)
          match(q);
      }
      constantFalse =
          constantFalse ||
          (!born && std::any_of(R.begin(), R.end(), [](const Atom &r) { return !r.truth && r.constant(); }));
    }
    // implicit evidences at the top: false atoms no explicit evidence explains
    for (const Atom &r : R) {
      if (r.truth || explained.count(r.id))
        continue;
      std::vector<ir::StmtId> slice;
      for (ir::StmtId s : r.slice)
        if (std::find(slice.begin(), slice.end(), s) == slice.end())
          slice.push_back(s);
      Evidence ev{Evidence::Implicit, {}, "", {}};
      if (!slice.empty())
        ev.groups.push_back(slice);
      std::vector<ir::StmtId> loops = missingIterations(r, slice);
      if (!loops.empty())
        ev.groups.push_back(loops);
      for (ir::StmtId st : slice)
        ev.sites.push_back(siteOf(PwpSite::Role::Slice, st, r, nullptr));
      for (ir::StmtId st : loops)
        ev.sites.push_back(siteOf(PwpSite::Role::LoopControl, st, r, nullptr));
      std::string head =
          "implicit: hypothesized " + r.text() + " (false) at the start matches no actual predicate; ";
      ev.text = head + (slice.empty() ? std::string() : "its pwp slice") +
                (slice.empty() || loops.empty() ? "" : ", then ") +
                (loops.empty() ? std::string() : "the loops that could add the missing constraint") + tag;
      (matched.count(r.id) ? later : out).push_back(std::move(ev));
      if (!slice.empty())
        continue;
      Evidence lhs{
          Evidence::Implicit, {}, head + "the assignments whose left side could be its variable" + tag, {}};
      for (ir::StmtId st : leftSides(r))
        lhs.groups.push_back({st});
      if (!lhs.groups.empty())
        later.push_back(std::move(lhs));
    }
    return constantFalse;
  }

  /// He & Gupta's Step 2 on an atom r no statement of the trace computes (its pwp slice is empty): the
  /// form of r also changes when "the LHS of an assignment not in the pwpSlice of r" is modified, and the
  /// paper replaces a left side only by a single variable — so the candidates are the assignments of the
  /// region to a variable of r's variables' types (not one of them), in trace order from the top, as
  /// AutoDebug tries "each assignment statement between the point i and the bottom of the trace" (its
  /// implicit evidences are at the top). A write that went to the wrong variable (`result := -x` for
  /// `abs := -x`) is one of them.
  std::vector<ir::StmtId> leftSides(const Atom &r) {
    std::vector<Entity> leaves = r.leaves();
    std::vector<ir::Type> types;
    for (const Entity &e : leaves)
      if (e.kind == Entity::Var)
        types.push_back(r_.typeOf(e));
    std::vector<ir::StmtId> out;
    if (types.empty())
      return out;
    for (size_t k = r_.firstPoint; k < r_.endPoint; ++k) {
      const Point &pt = r_.points[k];
      size_t i = k - r_.firstPoint;
      if (isPredicate_[i] || pt.kind != Point::Write || pt.entity.kind != Entity::Var)
        continue;
      if (std::find(leaves.begin(), leaves.end(), pt.entity) != leaves.end())
        continue;
      if (std::find(types.begin(), types.end(), r_.typeOf(pt.entity)) == types.end())
        continue;
      if (std::find(out.begin(), out.end(), pt.stmt) == out.end())
        out.push_back(pt.stmt);
    }
    return out;
  }

  /// He & Gupta's missing loop iterations (Step 4): the loops that ran in the region and could add a
  /// constraint on r — a statement of r's slice is in the loop, or the loop (with what it calls) writes an
  /// entity of r — blamed through what decides their number of iterations: the statements computing the
  /// loop condition and those assigning the variables it reads, as far as they ran in the region.
  std::vector<ir::StmtId> missingIterations(const Atom &r, const std::vector<ir::StmtId> &slice) {
    std::vector<Entity> leaves = r.leaves();
    std::set<ir::StmtId> ran;
    for (size_t k = r_.firstPoint; k < r_.endPoint; ++k)
      ran.insert(r_.points[k].stmt);
    for (size_t k = r_.regionStart; k < r_.regionEnd; ++k)
      ran.insert(r_.steps[k].stmt);
    std::vector<ir::StmtId> out;
    for (const auto &[loop, info] : loops_) {
      if (!ran.count(loop))
        continue;
      bool related =
          std::any_of(slice.begin(), slice.end(), [&](ir::StmtId s) { return info.body.count(s); });
      for (const Entity &e : leaves)
        related = related || writes(info, e);
      if (!related)
        continue;
      for (ir::StmtId s : info.control)
        if (ran.count(s) && std::find(out.begin(), out.end(), s) == out.end())
          out.push_back(s);
    }
    return out;
  }

  /// Per loop: the statements of its body (its callees' included), what they write, and the statements that
  /// decide its iterations (the condition's definitions and the assignments to the variables they read, in
  /// the loop's procedure).
  struct LoopInfo {
    std::set<ir::StmtId> body;
    std::set<uint32_t> globals, locals, fields; ///< written variables (locals: of the loop's procedure)
    std::vector<ir::Type> arrays;               ///< the types of the arrays whose elements it writes
    uint32_t proc = ir::kNone;
    std::vector<ir::StmtId> control;
  };
  static void addArray(LoopInfo &l, ir::Type t) {
    if (std::find(l.arrays.begin(), l.arrays.end(), t) == l.arrays.end())
      l.arrays.push_back(t);
  }
  bool writes(const LoopInfo &l, const Entity &e) const {
    if (e.kind == Entity::Field)
      return l.fields.count(e.index) > 0;
    if (e.kind == Entity::Elem) {
      auto it = r_.arrays.find(e.node);
      return it != r_.arrays.end() &&
             std::find(l.arrays.begin(), l.arrays.end(), it->second.type) != l.arrays.end();
    }
    if (e.frame == Entity::kGlobal)
      return l.globals.count(e.index) > 0;
    return r_.frames.at(e.frame).proc == l.proc && l.locals.count(e.index) > 0;
  }
  void analyzeLoops() {
    const ir::Program &prog = p_.prog;
    std::function<void(const std::vector<ir::Stmt> &, uint32_t, LoopInfo &, std::set<uint32_t> &)> collect =
        [&](const std::vector<ir::Stmt> &stmts, uint32_t proc, LoopInfo &info, std::set<uint32_t> &visited) {
          for (const ir::Stmt &s : stmts) {
            info.body.insert(s.id);
            if (ir::writesLhs(s)) {
              if (s.lhs.global)
                info.globals.insert(s.lhs.index);
              else if (proc == info.proc)
                info.locals.insert(s.lhs.index);
            }
            if (s.kind == ir::Stmt::PutField)
              info.fields.insert(s.field);
            if (s.kind == ir::Stmt::PutElem)
              addArray(info, prog.var(prog.procs.at(proc), s.base).type);
            if (s.kind == ir::Stmt::Call && visited.insert(s.callee).second)
              collect(prog.procs.at(s.callee).body, s.callee, info, visited);
            collect(s.body, proc, info, visited);
          }
        };
    for (uint32_t pi = 0; pi < prog.procs.size(); ++pi) {
      const ir::Procedure &proc = prog.procs[pi];
      std::vector<const ir::Stmt *> all;
      ir::forEachStmt(proc.body, [&](const ir::Stmt &s) { all.push_back(&s); });
      for (const ir::Stmt *w : all) {
        if (w->kind != ir::Stmt::While)
          continue;
        LoopInfo info;
        info.proc = pi;
        std::set<uint32_t> visited{pi};
        collect(w->body, pi, info, visited);
        // the condition variable's definitions, and the assignments to what they read
        std::vector<ir::VarRef> cond;
        ir::varsRead(w->value, cond);
        std::set<ir::VarRef> reads;
        info.control.push_back(w->id);
        for (const ir::Stmt *s : all)
          if (s->kind == ir::Stmt::Assign && std::find(cond.begin(), cond.end(), s->lhs) != cond.end()) {
            info.control.push_back(s->id);
            for (const ir::VarRef &v : ir::varsRead(*s))
              reads.insert(v);
          }
        for (const ir::Stmt *s : all) {
          if (ir::writesLhs(*s) && s->kind != ir::Stmt::New && s->kind != ir::Stmt::NewArray &&
              reads.count(s->lhs) &&
              std::find(info.control.begin(), info.control.end(), s->id) == info.control.end())
            info.control.push_back(s->id);
        }
        loops_.emplace(w->id, std::move(info));
      }
    }
  }

  const Problem &p_;
  const Replay &r_;
  ir::StmtIndex index_;
  std::unordered_set<ir::StmtId> blamable_; ///< the statements that may be blamed (blamableStatements)
  std::map<Entity, SymP> condDef_; ///< condition temporaries' current definitions (inlined where read)
  std::vector<std::vector<Atom>> qf_;
  std::vector<SymP> effect_;
  std::vector<SymP> writeIndex_; ///< an element write `a[i] := v`: its index expression i
  std::vector<Conj> predicate_;
  std::vector<bool> isPredicate_;
  std::map<ir::StmtId, LoopInfo> loops_;
  LoopInfo code_;                                      ///< what the region's code can write
  std::map<uint32_t, std::set<uint32_t>> localWrites_; ///< procedure → the variables it assigns
  size_t nextId_ = 1000000;
};

/// Replays p's failure and calls f on the method's state over it (or returns the error that stops it).
template <typename F> Result withReplay(const Problem &p, F &&f) {
  // A bound failure's check is a loop's unwinding assertion (replayFailure stops at it), not a formula of
  // the program's whose preconditions pwp can take: pwp, as the paper, starts from a violated assertion.
  Replay r;
  if (p.failure.bound)
    r.error = "a bound failure (a loop that runs too long) has no failing check to start from";
  else
    r = replayFailure(p.prog, p.failure, blamableStatements(p.prog, p.opts), true);
  if (!r.error.empty()) {
    Result res;
    res.method = "pwp";
    res.status = Status::Error;
    res.message = prefixed("pwp", r.error);
    return res;
  }
  constexpr size_t kMaxPoints = 20000;
  if (r.endPoint - r.firstPoint > kMaxPoints) {
    Result res;
    res.method = "pwp";
    res.status = Status::Error;
    res.message = "pwp: the failing run writes too much to follow (" +
                  std::to_string(r.endPoint - r.firstPoint) + " writes; at most " +
                  std::to_string(kMaxPoints) + ")";
    return res;
  }
  RunValues values(r, p.failure.ints, p.opts.solver);
  struct Current { // the values eval() reads, for this call
    explicit Current(RunValues *v) { currentValues = v; }
    ~Current() { currentValues = nullptr; }
  } current(&values);
  Pwp pwp(p, r);
  Result res;
  try {
    res = f(pwp);
  } catch (const std::exception &e) {
    // the solver, where a value did not fold (RunValues: runtime_error), or a term the term manager rejects
    // (a bug: invalid_argument)
    res = Result();
    res.method = "pwp";
    res.status = Status::Error;
    bool internal = dynamic_cast<const std::runtime_error *>(&e) == nullptr;
    res.message = prefixed("pwp", (internal ? "internal: " : "") + std::string(e.what()));
    return res;
  }
  if (double s = values.solveSeconds(); s > 0)
    res.stats["solve_s"] = s;
  return res;
}

class PwpMethod final : public Method {
public:
  const char *name() const override { return "pwp"; }
  const char *summary() const override {
    return "He & Gupta: path-based weakest preconditions of the violated check against the run's actual "
           "predicates (Type I, Type II and implicit evidences)";
  }
  bool usesSolver() const override { return false; }
  Result run(const Problem &p) const override {
    return withReplay(p, [](Pwp &pwp) { return pwp.run(); });
  }
};

} // namespace

std::unique_ptr<Method> makePwp() {
  return std::make_unique<PwpMethod>();
}

std::vector<PwpEvidence> pwpEvidences(const Problem &p, std::string &error) {
  std::vector<PwpEvidence> out;
  Result res = withReplay(p, [&](Pwp &pwp) {
    Result r;
    std::vector<Evidence> evidences;
    if (!pwp.analyze(r, evidences))
      return r;
    for (Evidence &ev : evidences)
      out.push_back({ev.kind == Evidence::TypeI    ? PwpEvidence::Kind::TypeI
                     : ev.kind == Evidence::TypeII ? PwpEvidence::Kind::TypeII
                                                   : PwpEvidence::Kind::Implicit,
                     ev.text, std::move(ev.sites)});
    return r;
  });
  error = res.status == Status::Error ? res.message : std::string();
  return out;
}

} // namespace locus::localize

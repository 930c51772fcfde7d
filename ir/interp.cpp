// The reference interpreter: executes IR on an explicit frame/block stack (no C++ recursion per call).
#include "ir/interp.h"

#include "ir/floats.h"
#include "ir/printer.h"

#include <algorithm>
#include <bit>
#include <cstdlib>
#include <deque>
#include <functional>
#include <limits>
#include <stdexcept>

namespace locus::ir {

bool operator==(const Value &a, const Value &b) {
  if (a.kind != b.kind || a.i != b.i || a.node != b.node || a.width != b.width)
    return false;
  if (!a.image || !b.image)
    return !a.image && !b.image;
  return *a.image == *b.image;
}

std::string toString(const Value &v) {
  switch (v.kind) {
  case Type::Int: return v.i.toString();
  case Type::Float: {
    std::string s = floatDisplay(v.i, Type::floatType(v.width));
    return s.find_first_not_of("-0123456789") == std::string::npos ? s + ".0" : s;
  }
  case Type::Bool: return v.i.isZero() ? "false" : "true";
  case Type::Ref:
  case Type::Null: return v.node == 0 ? "null" : "n" + std::to_string(v.node);
  case Type::Array: { // no commas: a nondet list is comma-separated (`--nondet 3,{0:5 *:0},1`)
    if (!v.image)
      return "{}";
    std::string s = "{";
    for (const auto &[k, e] : v.image->at)
      s += std::to_string(k) + ":" + toString(e) + " ";
    return s + "*:" + toString(v.image->fill) + "}";
  }
  case Type::Void: break;
  }
  return "void";
}

Value defaultOf(Type t) {
  switch (t.kind) {
  case Type::Int: return Value::ofInt(BigInt(0));
  case Type::Float: return Value::ofFloat(BigInt(0), t);
  case Type::Bool: return Value::ofBool(false);
  default: return Value::ofRef(0);
  }
}

std::optional<Value> knownElement(const HeapNode &n, int64_t k) {
  if (auto it = n.elems.find(k); it != n.elems.end())
    return it->second;
  if (!n.init)
    return defaultOf(n.type.elemType());
  if (auto it = n.init->at.find(k); it != n.init->at.end())
    return it->second;
  return std::nullopt;
}

std::set<int64_t> knownElements(const HeapNode &n) {
  std::set<int64_t> out;
  for (const auto &[k, v] : n.elems)
    out.insert(k);
  if (n.init)
    for (const auto &[k, v] : n.init->at)
      if (k >= 0 && k < n.length)
        out.insert(k);
  return out;
}

std::string nodeText(const Program &prog, const HeapNode &n, size_t maxElems) {
  if (!n.isArray()) {
    const Record *r = n.record < prog.records.size() ? &prog.records[n.record] : nullptr;
    std::string s = (r ? r->name : std::string("?")) + " {";
    for (size_t f = 0; f < n.fields.size(); ++f)
      s += std::string(f ? ", " : " ") + (r && f < r->fields.size() ? r->fields[f].name : "?") + " = " +
           toString(n.fields[f]);
    return s + " }";
  }
  // the length goes in the first brackets, as in `new bool[3][]`: bool[3][]
  std::string s = toString(prog, n.type);
  s = s.insert(s.find("[]") + 1, std::to_string(n.length)) + " {";
  auto show = [&](int64_t k) {
    std::optional<Value> v = knownElement(n, k);
    return v ? toString(*v) : std::string("?");
  };
  if (static_cast<uint64_t>(n.length) <= maxElems) {
    for (int64_t k = 0; k < n.length; ++k)
      s += std::string(k ? ", " : " ") + show(k);
    return s + (n.length ? " }" : "}");
  }
  std::set<int64_t> listed = knownElements(n);
  size_t shown = 0;
  for (int64_t k : listed) {
    if (shown++ == maxElems) {
      s += ", …";
      break;
    }
    s += std::string(shown > 1 ? ", " : " ") + std::to_string(k) + ": " + show(k);
  }
  std::string others = n.init ? "?" : toString(defaultOf(n.type.elemType()));
  return s + (shown ? ", " : " ") + "others: " + others + " }";
}

const char *outcomeName(OutcomeKind k) {
  switch (k) {
  case OutcomeKind::Ok: return "ok";
  case OutcomeKind::Failure: return "failure";
  case OutcomeKind::Infeasible: return "infeasible";
  case OutcomeKind::Limit: return "limit";
  case OutcomeKind::Error: return "error";
  }
  return "?";
}

const char *failureName(FailureKind k) {
  switch (k) {
  case FailureKind::None: return "none";
  case FailureKind::Assert: return "assert";
  case FailureKind::Requires: return "requires";
  case FailureKind::Ensures: return "ensures";
  case FailureKind::NullDeref: return "null-deref";
  case FailureKind::DivByZero: return "div-by-zero";
  case FailureKind::Output: return "output";
  case FailureKind::Bounds: return "bounds";
  }
  return "?";
}

namespace {

/// Thrown inside a run to stop it; converted to an Outcome located at the current statement.
struct Stop {
  OutcomeKind kind;
  FailureKind failure;
  std::string message;
};

const char *typeName(Type::Kind k) {
  switch (k) {
  case Type::Int: return "an int";
  case Type::Float: return "a float";
  case Type::Bool: return "a bool";
  case Type::Ref:
  case Type::Null: return "a reference";
  case Type::Array: return "an array";
  case Type::Void: break;
  }
  return "void";
}

} // namespace

struct Interpreter::Impl {
  enum class Phase : uint8_t { Pre, Body, Post };
  struct Block {
    const std::vector<Stmt> *stmts;
    size_t idx = 0;
    const Stmt *loop = nullptr;           ///< set when this block is the body of this While
    uint32_t iteration = 0;               ///< loop bodies: the iteration running, from 0
    uint32_t ctx = ContextTable::kRoot;   ///< the context of the block's statements
    uint32_t outer = ContextTable::kRoot; ///< loop bodies: the context of the While itself
  };
  struct Frame {
    uint32_t proc = kNone;
    std::vector<Value> vars;
    Phase phase = Phase::Pre;
    std::vector<Block> blocks;
    const Stmt *call = nullptr;         ///< the Call statement (in the caller) that created this frame
    uint64_t callTrace = UINT64_MAX;    ///< absolute trace index of that Call's step
    uint32_t ctx = ContextTable::kRoot; ///< the context of the procedure's body
    /// Variables of this frame that hold an indeterminate value: the Nondet (with an object) that drew it.
    std::map<uint32_t, const Stmt *> indeterminate;
  };

  const Program &prog;
  const InterpOptions &opts;
  std::vector<Value> globals;
  std::vector<HeapNode> heap;
  std::vector<Frame> frames;
  std::deque<TraceStep> trace;
  uint64_t traceDropped = 0;
  uint64_t traceTotal = 0; ///< absolute number of steps ever recorded
  uint64_t steps = 0;
  size_t nondetUsed = 0;
  std::optional<std::mt19937_64> rng;
  size_t relaxUsed = 0;
  std::optional<std::mt19937_64> relaxRng;
  std::vector<Value> relaxDrawn;
  size_t forcedTaken = 0;
  uint64_t maxIterations = 0;
  std::set<StmtId> covered;
  std::vector<uint32_t> activeCalls; ///< per procedure: its frames on the stack
  uint32_t maxRecursion = 0;
  ContextTable contexts;
  /// The stepping state: the statement about to run (guard already true), or a loop re-check.
  std::optional<Position> pending;
  bool halted = false;
  // Input and output (ir/README.md): the output so far, the input position; with a reference procedure,
  // what the entry produced once the reference runs.
  std::string output;
  size_t inPos = 0;
  size_t inSeen = 0; ///< Outcome::inputSeen
  bool inReference = false;
  std::vector<Value> entryArgs;
  std::vector<std::pair<Type, Value>> entryNondets; ///< with a reference: the entry's nondet values
  size_t refNondetPos = 0;
  std::vector<Value> nondetDrawn;
  std::vector<IndeterminateRead> indeterminateReads;
  std::set<std::pair<StmtId, std::string>> indeterminateSeen;
  /// The contents of seeded `new T[n] nondet` arrays: per image, its draw key and the number of heap nodes at
  /// its allocation (a reference element is null or one of those).
  std::map<const ArrayImage *, std::pair<uint64_t, uint64_t>> lazy;
  std::string entryOutput;
  std::optional<Value> entryResult;
  State entryState; ///< the entry's final state, shown when the run ends after the reference

  const Stmt *cur = nullptr; ///< the statement being executed (for locating failures)
  uint32_t curProc = kNone;
  uint32_t curCtx = ContextTable::kRoot;
  const Stmt *last = nullptr; ///< the last statement executed (guard true)
  uint32_t lastProc = kNone;

  Impl(const Program &p, const InterpOptions &o) : prog(p), opts(o) {}

  /// An int value made a value of type t (inputs, nondet values, arguments: converted as C converts).
  BigInt conv(const BigInt &v, Type t) const { return convertTo(v, t, opts.ints); }

  const Procedure &procOf(const Frame &f) const { return prog.procs[f.proc]; }
  const Var &varDecl(const Frame &f, VarRef v) const { return prog.var(procOf(f), v); }
  Value &slot(Frame &f, VarRef v) {
    auto &vec = v.global ? globals : f.vars;
    if (v.index >= vec.size())
      throw Stop{OutcomeKind::Error, FailureKind::None, "invalid variable reference"};
    return vec[v.index];
  }
  std::string varName(const Frame &f, VarRef v) const {
    const auto &vec = v.global ? prog.globals : procOf(f).vars;
    return v.index < vec.size() ? vec[v.index].name : "?";
  }
  std::string fieldName(const Frame &f, VarRef base, uint32_t field) const {
    const Var &b = varDecl(f, base);
    if (b.type.record < prog.records.size() && field < prog.records[b.type.record].fields.size())
      return prog.records[b.type.record].fields[field].name;
    return "?";
  }

  // ---- expressions -------------------------------------------------------------------------------

  std::string render(const Frame &f, const Expr &e) const {
    switch (e.kind) {
    case Expr::IntLit: return e.value.toString() + intSuffix(e.type);
    case Expr::FloatLit: return toString(Value::ofFloat(e.value, e.type));
    case Expr::BoolLit: return e.value.isZero() ? "false" : "true";
    case Expr::NullLit: return "null";
    case Expr::VarUse: return varName(f, e.var);
    case Expr::Unary: {
      std::string a = renderOperand(f, e.args.at(0));
      if (isFloatFunction(e.op))
        return std::string(opSpelling(e.op)) + "(" + render(f, e.args.at(0)) + ")";
      switch (e.op) {
      case Op::Neg: return "-" + a;
      case Op::BitNot: return "~" + a;
      case Op::Cast: return numTypeName(e.type) + "(" + render(f, e.args.at(0)) + ")";
      default: return std::string(opSpelling(e.op)) + " " + a;
      }
    }
    case Expr::Binary:
      return renderOperand(f, e.args.at(0)) + " " + opSpelling(e.op) + " " + renderOperand(f, e.args.at(1));
    }
    return "?";
  }
  std::string renderOperand(const Frame &f, const Expr &e) const {
    std::string s = render(f, e);
    return e.kind == Expr::Binary ? "(" + s + ")" : s;
  }

  static bool sameValue(const Value &a, const Value &b) { return a.i == b.i && a.node == b.node; }

  /// An int operator applied (e.type is its result type); division by zero fails, huge results are a limit.
  Value intOp(const Frame &f, const Expr &e, const BigInt &a, const BigInt &b) {
    std::optional<BigInt> r = evalIntOp(e.op, e.type, a, b, opts.ints);
    if (!r)
      throw Stop{OutcomeKind::Failure, FailureKind::DivByZero,
                 std::string(e.op == Op::Div ? "division" : "remainder") + " by zero in '" + render(f, e) +
                     "'"};
    if (!r->isSmall() && r->bitLength() > kMaxIntBits)
      throw Stop{OutcomeKind::Limit, FailureKind::None,
                 "integer of more than " + std::to_string(kMaxIntBits) + " bits in '" + render(f, e) + "'"};
    return Value::ofInt(std::move(*r));
  }

  /// `T(e)` with a float operand or result; a float whose truncation is outside the int type T fails
  /// (`bounds`: C's undefined behaviour).
  Value floatCast(const Frame &f, const Expr &e, const Value &a) {
    Type from = e.args[0].type;
    std::optional<BigInt> r = castFloat(a.i, from, e.type);
    if (!r)
      throw Stop{OutcomeKind::Failure, FailureKind::Bounds,
                 "float value out of the range of " + numTypeName(e.type) + ": '" + render(f, e.args[0]) +
                     "' is " + toString(Value::ofFloat(a.i, from))};
    return e.type.isFloat() ? Value::ofFloat(std::move(*r), e.type) : Value::ofInt(std::move(*r));
  }

  /// A seeded float draw from the random number r: mostly a small integral value in [-8, 8], sometimes one of
  /// 0.5, -0.25, 0.1, 1e6.
  static Value randomFloat(uint64_t r, Type t) {
    static constexpr double special[] = {0.5, -0.25, 0.1, 1e6};
    double d =
        r % 8 == 0 ? special[(r >> 3) % 4] : static_cast<double>(static_cast<int64_t>((r >> 3) % 17) - 8);
    return Value::ofFloat(floatValue(bitsOf(d, t), t), t);
  }

  Value eval(const Frame &f, const Expr &e) {
    switch (e.kind) {
    case Expr::IntLit: return Value::ofInt(conv(e.value, e.type));
    case Expr::FloatLit: return Value::ofFloat(e.value, e.type);
    case Expr::BoolLit: return Value::ofBool(!e.value.isZero());
    case Expr::NullLit: return Value::ofRef(0);
    case Expr::VarUse: return slot(const_cast<Frame &>(f), e.var);
    case Expr::Unary: {
      Value a = eval(f, e.args.at(0));
      if (e.op == Op::Not)
        return Value::ofBool(a.i.isZero());
      if (e.op == Op::Cast && (e.type.isFloat() || e.args[0].type.isFloat()))
        return floatCast(f, e, a);
      if (e.op == Op::Cast)
        return Value::ofInt(castValue(a.i, e.args[0].type, e.type, opts.ints));
      if (e.type.isFloat())
        return Value::ofFloat(evalFloatOp(e.op, e.type, a.i, BigInt(0)), e.type);
      return intOp(f, e, a.i, BigInt(0));
    }
    case Expr::Binary: {
      Value a = eval(f, e.args.at(0));
      switch (e.op) {
      case Op::And:
        if (a.i.isZero())
          return Value::ofBool(false);
        return Value::ofBool(!eval(f, e.args.at(1)).i.isZero());
      case Op::Or:
        if (!a.i.isZero())
          return Value::ofBool(true);
        return Value::ofBool(!eval(f, e.args.at(1)).i.isZero());
      case Op::Implies:
        if (a.i.isZero())
          return Value::ofBool(true);
        return Value::ofBool(!eval(f, e.args.at(1)).i.isZero());
      default: break;
      }
      Value b = eval(f, e.args.at(1));
      if (e.args[0].type.isFloat()) {
        if (isComparison(e.op))
          return Value::ofBool(compareFloats(e.op, e.args[0].type, a.i, b.i));
        return Value::ofFloat(evalFloatOp(e.op, e.type, a.i, b.i), e.type);
      }
      switch (e.op) {
      case Op::Eq: return Value::ofBool(sameValue(a, b));
      case Op::Ne: return Value::ofBool(!sameValue(a, b));
      case Op::Lt: return Value::ofBool(a.i < b.i);
      case Op::Le: return Value::ofBool(a.i <= b.i);
      case Op::Gt: return Value::ofBool(a.i > b.i);
      case Op::Ge: return Value::ofBool(a.i >= b.i);
      default: return intOp(f, e, a.i, b.i);
      }
    }
    }
    throw Stop{OutcomeKind::Error, FailureKind::None, "invalid expression"};
  }

  bool evalBool(const Frame &f, const Expr &e) {
    if (e.kind == Expr::BoolLit)
      return !e.value.isZero();
    return !eval(f, e).i.isZero();
  }

  // ---- heap, nondet ------------------------------------------------------------------------------

  HeapNode &deref(Frame &f, VarRef base, uint32_t field) {
    Value b = slot(f, base);
    if (b.node == 0) {
      std::string n = describe(f, base, 8);
      throw Stop{OutcomeKind::Failure, FailureKind::NullDeref,
                 "null dereference: '" + n + "' is null in '" + n + "." + fieldName(f, base, field) + "'"};
    }
    if (b.node > heap.size() || field >= heap[b.node - 1].fields.size())
      throw Stop{OutcomeKind::Error, FailureKind::None, "invalid heap access"};
    return heap[b.node - 1];
  }

  /// The array `base` refers to (null: failure null-deref, described as `what`).
  HeapNode &arrayOf(Frame &f, VarRef base, const std::string &what) {
    Value b = slot(f, base);
    if (b.node == 0) {
      std::string n = describe(f, base, 8);
      throw Stop{OutcomeKind::Failure, FailureKind::NullDeref,
                 "null dereference: '" + n + "' is null in '" + what + "'"};
    }
    if (b.node > heap.size() || !heap[b.node - 1].isArray())
      throw Stop{OutcomeKind::Error, FailureKind::None, "invalid array access"};
    return heap[b.node - 1];
  }
  /// The index of an element access, checked against the array's length (failure bounds).
  int64_t indexIn(const Frame &f, const HeapNode &a, const Value &i, const std::string &what) {
    if (i.i < 0 || i.i >= BigInt(a.length))
      throw Stop{OutcomeKind::Failure, FailureKind::Bounds,
                 "index out of bounds: '" + what + "' with index " + i.i.toString() + ", length " +
                     std::to_string(a.length)};
    return *i.i.toInt64();
  }
  std::string elemText(const Frame &f, const Stmt &s) const {
    return describe(f, s.base, 8) + "[" + render(f, s.args.at(0)) + "]";
  }
  /// Element k of an array (written, given, chosen by its nondet contents, or the default).
  Value element(HeapNode &a, int64_t k) {
    if (auto it = a.elems.find(k); it != a.elems.end())
      return it->second;
    if (!a.init)
      return defaultOf(a.type.elemType());
    if (auto it = a.init->at.find(k); it != a.init->at.end())
      return it->second;
    if (auto lz = lazy.find(a.init.get()); lz != lazy.end()) { // seeded: drawn at the first read
      Value v = seededElement(a.type.elemType(), lz->second, k);
      a.init->at.emplace(k, v);
      return v;
    }
    return a.init->fill;
  }
  /// A seeded draw for element k of a `new T[n] nondet` array: a function of the seed, the allocation's draw
  /// number and k (splitmix64), distributed like the other seeded draws.
  Value seededElement(Type t, const std::pair<uint64_t, uint64_t> &key, int64_t k) const {
    uint64_t z =
        *opts.seed ^ (key.first * 0x9E3779B97F4A7C15ull) ^ (static_cast<uint64_t>(k) * 0xBF58476D1CE4E5B9ull);
    auto mix = [](uint64_t x) {
      x += 0x9E3779B97F4A7C15ull;
      x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
      x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
      return x ^ (x >> 31);
    };
    uint64_t r = mix(mix(z));
    switch (t.kind) {
    case Type::Int: {
      static constexpr int64_t extremes[] = {INT32_MIN, INT32_MAX, -1000, 1000};
      int64_t v = r % 8 == 0 ? extremes[(r >> 3) % 4] : static_cast<int64_t>((r >> 3) % 17) - 8;
      return Value::ofInt(conv(v, t));
    }
    case Type::Float: return randomFloat(r, t);
    case Type::Bool: return Value::ofBool((r >> 7) & 1);
    default: {
      std::vector<uint32_t> cands{0};
      for (size_t j = 0; j < key.second && j < heap.size(); ++j)
        if (fits(heap[j], t))
          cands.push_back(static_cast<uint32_t>(j + 1));
      return Value::ofRef(cands[r % cands.size()]);
    }
    }
  }
  /// Whether a heap node is an object of reference type t (a record node of t's record, or an array of
  /// exactly type t).
  static bool fits(const HeapNode &n, Type t) {
    if (t.kind == Type::Array)
      return n.isArray() && n.type == t;
    return !n.isArray() && n.record == t.record;
  }
  /// Whether v is a value of type t here (a reference: null or an existing node of its type).
  bool valueFits(const Value &v, Type t) const {
    switch (t.kind) {
    case Type::Int: return v.kind == Type::Int;
    case Type::Float: return v.kind == Type::Float || v.kind == Type::Int;
    case Type::Bool: return v.kind == Type::Bool || (v.kind == Type::Int && (v.i == 0 || v.i == 1));
    default:
      return (v.kind == Type::Ref || v.kind == Type::Null) &&
             (v.node == 0 || (v.node <= heap.size() && fits(heap[v.node - 1], t)));
    }
  }
  /// v (valueFits) as a value of t: an int converted to t, a bool from 0/1.
  Value asValueOf(const Value &v, Type t) const {
    switch (t.kind) {
    case Type::Int: return Value::ofInt(conv(v.i, t));
    case Type::Float: return floatInput(v, t);
    case Type::Bool: return Value::ofBool(!v.i.isZero());
    default: return Value::ofRef(v.node);
    }
  }
  /// A float input (valueFits): a float of t's width as it is, an int as the nearest float (ties to even).
  static Value floatInput(const Value &v, Type t) {
    if (v.kind == Type::Float) // (a float64 given for a float32: rounded to nearest even)
      return Value::ofFloat(floatToFloat(v.i, Type::floatType(v.width), t), t);
    std::string dec = v.i.toString(); // strtod / strtof round correctly (ties to even)
    uint64_t bits = t.bits == 32 ? std::bit_cast<uint32_t>(std::strtof(dec.c_str(), nullptr))
                                 : std::bit_cast<uint64_t>(std::strtod(dec.c_str(), nullptr));
    return Value::ofFloat(floatValue(bits, t), t);
  }
  /// Allocates an array of type t and length n (elements at their default); returns its node id.
  uint32_t allocArray(Type t, const BigInt &n, StmtId by, const std::string &what) {
    if (n < 0 || n > BigInt(kMaxArrayLength))
      throw Stop{OutcomeKind::Failure, FailureKind::Bounds,
                 "array length out of range: '" + what + "' is " + n.toString()};
    if (heap.size() >= opts.heapLimit)
      throw Stop{OutcomeKind::Limit, FailureKind::None,
                 "heap limit of " + std::to_string(opts.heapLimit) + " nodes reached"};
    HeapNode a;
    a.type = t;
    a.length = *n.toInt64();
    a.allocatedBy = by;
    heap.push_back(std::move(a));
    return static_cast<uint32_t>(heap.size());
  }
  /// The arrays of the globals with Var::alloc (the start of a run, and of a reference run).
  void allocGlobals() {
    for (size_t k = 0; k < prog.globals.size(); ++k)
      if (prog.globals[k].alloc)
        globals[k] = Value::ofRef(
            allocArray(prog.globals[k].type, BigInt(*prog.globals[k].alloc), 0, prog.globals[k].name));
  }
  /// The contents of a `new T[n] nondet` array: a nondet value of kind Array from the list (checked against
  /// the element type and the heap now), else seeded draws at first reads.
  std::shared_ptr<ArrayImage> nondetContents(const Frame &f, Type t) {
    Type e = t.elemType();
    if (inReference) {
      size_t k = refNondetPos++;
      if (k < entryNondets.size() && entryNondets[k].first == t)
        return entryNondets[k].second.image;
    }
    std::shared_ptr<ArrayImage> img;
    if (nondetUsed < opts.nondetValues.size()) {
      const Value &v = opts.nondetValues[nondetUsed];
      std::string idx = "nondet value #" + std::to_string(nondetUsed + 1) + " for the contents of '" +
                        varName(f, cur->lhs) + "'";
      ++nondetUsed;
      if (v.kind != Type::Array || !v.image)
        throw Stop{OutcomeKind::Error, FailureKind::None, idx + " is not the contents of an array"};
      img = std::make_shared<ArrayImage>();
      if (!valueFits(v.image->fill, e))
        throw Stop{OutcomeKind::Error, FailureKind::None,
                   idx + ": an element is not " + typeName(e.kind) + " of the element type"};
      img->fill = asValueOf(v.image->fill, e);
      for (const auto &[k, x] : v.image->at) {
        if (!valueFits(x, e))
          throw Stop{OutcomeKind::Error, FailureKind::None,
                     idx + ": element " + std::to_string(k) + " (" + toString(x) + ") does not fit"};
        img->at.emplace(k, asValueOf(x, e));
      }
    } else {
      if (!rng) {
        if (!opts.seed)
          throw Stop{OutcomeKind::Error, FailureKind::None,
                     "nondet value needed but no inputs left (use --nondet or --seed)"};
        rng.emplace(*opts.seed);
      }
      img = std::make_shared<ArrayImage>();
      img->fill = defaultOf(e);
      lazy.emplace(img.get(), std::make_pair((*rng)(), static_cast<uint64_t>(heap.size())));
    }
    Value v = Value::ofImage(img);
    nondetDrawn.push_back(v);
    if (!inReference && opts.expect.reference != kNone)
      entryNondets.emplace_back(t, v);
    return img;
  }

  /// One draw for an int nondet value (converted to the variable's type by the caller).
  /// The source expression a variable stands for: its name, or for a lowering temporary defined by a single
  /// field read (or copy) the path it read, e.g. `head.next` for `t9 := t8.next; t8 := head.next…`.
  std::string describe(const Frame &f, VarRef v, int depth) const {
    const Procedure &p = procOf(f);
    if (v.global || v.index >= p.vars.size() || !p.vars[v.index].temp || depth == 0)
      return varName(f, v);
    const Stmt *def = nullptr;
    int defs = 0;
    auto visit = [&](const Stmt &s) {
      if (s.lhs == v && (s.kind == Stmt::Assign || s.kind == Stmt::GetField || s.kind == Stmt::New ||
                         s.kind == Stmt::Nondet || s.kind == Stmt::Call || s.kind == Stmt::GetElem ||
                         s.kind == Stmt::NewArray || s.kind == Stmt::Length))
        ++defs, def = &s;
    };
    forEachStmt(p.pre, visit);
    forEachStmt(p.body, visit);
    forEachStmt(p.post, visit);
    if (defs != 1)
      return varName(f, v);
    if (def->kind == Stmt::GetField)
      return describe(f, def->base, depth - 1) + "." + fieldName(f, def->base, def->field);
    if (def->kind == Stmt::GetElem)
      return describe(f, def->base, depth - 1) + "[" + render(f, def->args.at(0)) + "]";
    if (def->kind == Stmt::Length)
      return describe(f, def->base, depth - 1) + ".length";
    if (def->kind == Stmt::Assign && def->value.kind == Expr::VarUse)
      return describe(f, def->value.var, depth - 1);
    return varName(f, v);
  }

  int64_t randomInt() {
    static constexpr int64_t extremes[] = {INT32_MIN, INT32_MAX, -1000, 1000};
    uint64_t r = (*rng)();
    if (r % 8 == 0)
      return extremes[(r >> 3) % 4];
    return static_cast<int64_t>((r >> 3) % 17) - 8;
  }

  /// A nondet value: with a reference running (Expect::reference), the value the entry drew at the same
  /// position when it had the same type (the nondet values are inputs both read from their start), else one
  /// of its own; the entry's and the reference's own values come from the list, then the seed.
  Value nondet(const Frame &f, Type t) {
    if (inReference) {
      size_t k = refNondetPos++;
      if (k < entryNondets.size() && entryNondets[k].first == t)
        return entryNondets[k].second;
    }
    Value v = drawNondet(f, t);
    nondetDrawn.push_back(v);
    if (!inReference && opts.expect.reference != kNone)
      entryNondets.emplace_back(t, v);
    return v;
  }

  Value drawNondet(const Frame &f, Type t) {
    if (nondetUsed < opts.nondetValues.size()) {
      Value v = opts.nondetValues[nondetUsed];
      std::string idx = "nondet value #" + std::to_string(nondetUsed + 1) + " (" + toString(v) + ") for '" +
                        varName(f, cur->lhs) + "'";
      ++nondetUsed;
      switch (t.kind) {
      case Type::Int:
        if (v.kind != Type::Int)
          break;
        return Value::ofInt(conv(v.i, t));
      case Type::Float:
        if (!valueFits(v, t))
          break;
        return floatInput(v, t);
      case Type::Bool:
        if (v.kind == Type::Bool || (v.kind == Type::Int && (v.i == 0 || v.i == 1)))
          return Value::ofBool(!v.i.isZero());
        break;
      default:
        if (v.kind != Type::Ref && v.kind != Type::Null)
          break;
        if (v.node == 0)
          return Value::ofRef(0);
        if (v.node > heap.size())
          throw Stop{OutcomeKind::Error, FailureKind::None, idx + " is not an allocated node"};
        if (!fits(heap[v.node - 1], t))
          throw Stop{OutcomeKind::Error, FailureKind::None, idx + " is a node of another type"};
        return Value::ofRef(v.node);
      }
      throw Stop{OutcomeKind::Error, FailureKind::None, idx + " is not " + typeName(t.kind)};
    }
    if (!rng) {
      if (!opts.seed)
        throw Stop{OutcomeKind::Error, FailureKind::None,
                   "nondet value needed but no inputs left (use --nondet or --seed)"};
      rng.emplace(*opts.seed);
    }
    switch (t.kind) {
    case Type::Int: return Value::ofInt(conv(randomInt(), t));
    case Type::Float: return randomFloat((*rng)(), t);
    case Type::Bool: return Value::ofBool(((*rng)() >> 7) & 1);
    default: {
      std::vector<uint32_t> cands{0};
      for (size_t k = 0; k < heap.size(); ++k)
        if (fits(heap[k], t))
          cands.push_back(static_cast<uint32_t>(k + 1));
      return Value::ofRef(cands[(*rng)() % cands.size()]);
    }
    }
  }

  /// The value a relaxed statement uses instead of its own (InterpOptions::relaxedValues).
  Value relaxed(Type t) {
    Value v;
    if (relaxUsed < opts.relaxValues.size()) {
      v = opts.relaxValues[relaxUsed++];
      bool ok = t.kind == Type::Int     ? v.kind == Type::Int
                : t.kind == Type::Float ? valueFits(v, t)
                : t.kind == Type::Bool
                    ? v.kind == Type::Bool
                    : (v.kind == Type::Ref || v.kind == Type::Null) &&
                          (v.node == 0 || (v.node <= heap.size() && fits(heap[v.node - 1], t)));
      if (!ok)
        throw Stop{OutcomeKind::Error, FailureKind::None, "relaxed value " + toString(v) + " does not fit"};
      if (t.kind == Type::Int)
        v = Value::ofInt(conv(v.i, t)); // within t's range, as an input of t is
      if (t.kind == Type::Float)
        v = floatInput(v, t);
    } else {
      if (!relaxRng)
        relaxRng.emplace(opts.relaxSeed);
      uint64_t r = (*relaxRng)();
      if (t.kind == Type::Int) {
        v = Value::ofInt(conv(BigInt(static_cast<int64_t>(r % 17) - 8), t));
      } else if (t.kind == Type::Float) {
        v = randomFloat(r << 3, t);
      } else if (t.kind == Type::Bool) {
        v = Value::ofBool(r & 1);
      } else {
        std::vector<uint32_t> cands{0};
        for (size_t k = 0; k < heap.size(); ++k)
          if (fits(heap[k], t))
            cands.push_back(static_cast<uint32_t>(k + 1));
        v = Value::ofRef(cands[r % cands.size()]);
      }
    }
    relaxDrawn.push_back(v);
    return v;
  }
  bool relaxedValue(const Stmt &s) const { return opts.relaxedValues.count(s.id) > 0; }
  /// Whether the instance of `s` in context `ctx` is a forced branch (InterpOptions::forcedBranches).
  bool forced(const Stmt &s, uint32_t ctx) const {
    bool any = false;
    for (const ForcedBranch &b : opts.forcedBranches)
      any = any || b.stmt == s.id;
    if (!any)
      return false;
    ContextPath here = contexts.path(ctx);
    for (const ForcedBranch &b : opts.forcedBranches)
      if (b.stmt == s.id && b.instance == here)
        return true;
    return false;
  }
  Type fieldType(const Frame &f, VarRef base, uint32_t field) const {
    return prog.records.at(varDecl(f, base).type.record).fields.at(field).type;
  }

  // ---- trace -------------------------------------------------------------------------------------

  /// Counts one step at `cur` (limit check) and records it in the trace; returns its absolute index.
  uint64_t step() {
    if (steps >= opts.stepLimit)
      throw Stop{OutcomeKind::Limit, FailureKind::None,
                 "step limit of " + std::to_string(opts.stepLimit) + " statements reached"};
    ++steps;
    last = cur;
    lastProc = curProc;
    if (opts.recordCoverage)
      covered.insert(cur->id);
    if (!opts.recordTrace || opts.traceLimit == 0)
      return UINT64_MAX;
    trace.push_back(TraceStep{curProc,
                              cur->id,
                              static_cast<uint32_t>(frames.size() - 1),
                              std::nullopt,
                              std::nullopt,
                              curCtx,
                              std::nullopt,
                              {},
                              std::nullopt});
    if (trace.size() > opts.traceLimit) {
      trace.pop_front();
      ++traceDropped;
    }
    return traceTotal++;
  }
  void written(uint64_t at, std::string text, Write w) {
    if (at == UINT64_MAX || at < traceDropped)
      return;
    trace[at - traceDropped].written = std::move(text);
    trace[at - traceDropped].write = std::move(w);
  }
  /// A write with no single value (print, scan: several variables or the output): its text only.
  void writtenText(uint64_t at, std::string text) {
    if (at == UINT64_MAX || at < traceDropped)
      return;
    trace[at - traceDropped].written = std::move(text);
  }
  /// A variable written: its trace text and value.
  void wroteVar(uint64_t at, const Frame &f, VarRef v, const Value &val) {
    written(at, varName(f, v) + " = " + toString(val), Write{Write::Var, v, 0, kNone, val});
  }

  // ---- statements --------------------------------------------------------------------------------

  void pushFrame(uint32_t proc, std::vector<Value> args, const Stmt *call, uint64_t callTrace) {
    const Procedure &p = prog.procs[proc];
    Frame fr;
    fr.proc = proc;
    fr.vars.reserve(p.vars.size());
    for (const Var &v : p.vars)
      fr.vars.push_back(defaultOf(v.type));
    for (size_t k = 0; k < p.params.size() && k < args.size(); ++k)
      fr.vars.at(p.params[k]) = args[k];
    fr.call = call;
    fr.callTrace = callTrace;
    fr.ctx = call ? contexts.child(curCtx, call->id, 0) : ContextTable::kRoot;
    fr.blocks.push_back(Block{&p.pre, 0, nullptr, 0, fr.ctx, fr.ctx});
    frames.push_back(std::move(fr));
    if (activeCalls.empty())
      activeCalls.assign(prog.procs.size(), 0);
    maxRecursion = std::max(maxRecursion, ++activeCalls[proc]);
  }

  /// Moves to the next statement that runs (its guard holds) or loop condition to re-read, and makes it
  /// `pending`; frames and blocks that end on the way are left (a callee's result written into its caller).
  /// Returns false when the entry procedure has finished.
  bool advance() {
    while (true) {
      Frame &f = frames.back();
      if (f.blocks.empty()) {
        const Procedure &p = procOf(f);
        if (f.phase == Phase::Pre) {
          f.phase = Phase::Body;
          f.blocks.push_back(Block{&p.body, 0, nullptr, 0, f.ctx, f.ctx});
          continue;
        }
        if (f.phase == Phase::Body) {
          f.phase = Phase::Post;
          f.blocks.push_back(Block{&p.post, 0, nullptr, 0, f.ctx, f.ctx});
          continue;
        }
        if (frames.size() == 1)
          return false;
        std::optional<Value> res;
        if (p.result != kNone)
          res = f.vars[p.result];
        const Stmt *call = f.call;
        uint64_t callTrace = f.callTrace;
        --activeCalls[f.proc];
        frames.pop_back();
        Frame &caller = frames.back();
        if (call->lhs.valid() && res) {
          cur = call;
          curProc = caller.proc;
          curCtx = caller.blocks.empty() ? caller.ctx : caller.blocks.back().ctx;
          if (relaxedValue(*call))
            res = relaxed(varDecl(caller, call->lhs).type);
          slot(caller, call->lhs) = *res;
          wroteVar(callTrace, caller, call->lhs, *res);
        }
        continue;
      }
      Block &b = f.blocks.back();
      if (b.idx >= b.stmts->size()) {
        if (b.loop) {
          pending = Position{b.loop, f.proc, static_cast<uint32_t>(frames.size() - 1), b.outer, true};
          return true;
        }
        f.blocks.pop_back();
        continue;
      }
      const Stmt &s = (*b.stmts)[b.idx++];
      cur = &s;
      curProc = f.proc;
      curCtx = b.ctx;
      if (opts.relaxedGuards.count(s.id) ? relaxed(Type::boolType()).i == 0 : !evalBool(f, s.guard))
        continue;
      pending = Position{&s, f.proc, static_cast<uint32_t>(frames.size() - 1), b.ctx, false};
      return true;
    }
  }

  /// Runs the pending statement (or loop re-check) and clears it; sets `halted` at a Halt.
  void runPending() {
    Position at = *pending;
    pending.reset();
    Frame &f = frames.back();
    cur = at.stmt;
    curProc = at.proc;
    curCtx = at.context;
    if (at.recheck) {
      Block &b = f.blocks.back();
      step();
      invariant(f, *b.loop);
      if (evalBool(f, b.loop->value)) {
        b.idx = 0;
        ++b.iteration;
        b.ctx = contexts.child(b.outer, b.loop->id, b.iteration);
        maxIterations = std::max<uint64_t>(maxIterations, b.iteration + 1);
      } else {
        f.blocks.pop_back();
      }
      return;
    }
    const Stmt &s = *at.stmt;
    uint64_t step_ = step();
    if (!opts.forcedBranches.empty() && s.kind != Stmt::Assign && forced(s, at.context))
      throw Stop{OutcomeKind::Error, FailureKind::None,
                 "cannot force a branch at #" + std::to_string(s.id) + ": it does not assign a condition"};
    if (!f.indeterminate.empty())
      indeterminateUses(f, s);
    switch (s.kind) {
    case Stmt::Assign: {
      Value v = relaxedValue(s) ? relaxed(varDecl(f, s.lhs).type) : eval(f, s.value);
      if (!opts.forcedBranches.empty() && forced(s, at.context)) {
        if (v.kind != Type::Bool)
          throw Stop{OutcomeKind::Error, FailureKind::None,
                     "cannot force a branch at #" + std::to_string(s.id) +
                         ": it does not assign a condition"};
        v = Value::ofBool(v.i.isZero());
        ++forcedTaken;
      }
      slot(f, s.lhs) = v;
      wroteVar(step_, f, s.lhs, v);
      break;
    }
    case Stmt::GetField: {
      Value v = relaxedValue(s) ? relaxed(varDecl(f, s.lhs).type) : deref(f, s.base, s.field).fields[s.field];
      slot(f, s.lhs) = v;
      wroteVar(step_, f, s.lhs, v);
      break;
    }
    case Stmt::PutField: {
      HeapNode &n = deref(f, s.base, s.field);
      Value v = relaxedValue(s) ? relaxed(fieldType(f, s.base, s.field)) : eval(f, s.value);
      n.fields[s.field] = v;
      Value base = slot(f, s.base);
      written(step_, toString(base) + "." + fieldName(f, s.base, s.field) + " = " + toString(v),
              Write{Write::Field, VarRef{}, base.node, s.field, v});
      break;
    }
    case Stmt::New: {
      if (s.record >= prog.records.size())
        throw Stop{OutcomeKind::Error, FailureKind::None, "invalid record in new"};
      if (heap.size() >= opts.heapLimit)
        throw Stop{OutcomeKind::Limit, FailureKind::None,
                   "heap limit of " + std::to_string(opts.heapLimit) + " nodes reached"};
      HeapNode n;
      n.record = s.record;
      n.allocatedBy = s.id;
      for (const Field &fd : prog.records[s.record].fields)
        n.fields.push_back(defaultOf(fd.type));
      heap.push_back(std::move(n));
      Value v = Value::ofRef(static_cast<uint32_t>(heap.size()));
      slot(f, s.lhs) = v;
      wroteVar(step_, f, s.lhs, v);
      break;
    }
    case Stmt::GetElem: {
      Value v;
      if (relaxedValue(s)) {
        v = relaxed(varDecl(f, s.lhs).type);
      } else {
        Value i = eval(f, s.args.at(0));
        std::string what = elemText(f, s);
        HeapNode &a = arrayOf(f, s.base, what);
        int64_t k = indexIn(f, a, i, what);
        v = element(a, k);
        if (step_ != UINT64_MAX && step_ >= traceDropped)
          trace[step_ - traceDropped].elementRead = std::make_pair(slot(f, s.base).node, k);
      }
      slot(f, s.lhs) = v;
      wroteVar(step_, f, s.lhs, v);
      break;
    }
    case Stmt::PutElem: {
      Value i = eval(f, s.args.at(0));
      std::string what = elemText(f, s);
      HeapNode &a = arrayOf(f, s.base, what);
      int64_t k = indexIn(f, a, i, what);
      Type et = a.type.elemType();
      Value v = relaxedValue(s) ? relaxed(et) : eval(f, s.value);
      a.elems[k] = v;
      Value base = slot(f, s.base);
      written(step_, toString(base) + "[" + std::to_string(k) + "] = " + toString(v),
              Write{Write::Elem, VarRef{}, base.node, kNone, v, k});
      break;
    }
    case Stmt::NewArray: {
      Type t = varDecl(f, s.lhs).type;
      BigInt n = eval(f, s.value).i;
      std::shared_ptr<ArrayImage> contents;
      if (s.fill && n >= 0 && n <= BigInt(kMaxArrayLength))
        contents = nondetContents(f, t);
      uint32_t node = allocArray(t, n, s.id, render(f, s.value));
      heap[node - 1].init = std::move(contents);
      Value v = Value::ofRef(node);
      slot(f, s.lhs) = v;
      wroteVar(step_, f, s.lhs, v);
      break;
    }
    case Stmt::Length: {
      Type t = varDecl(f, s.lhs).type;
      Value v;
      if (relaxedValue(s)) {
        v = relaxed(t);
      } else {
        HeapNode &a = arrayOf(f, s.base, describe(f, s.base, 8) + ".length");
        v = Value::ofInt(conv(BigInt(a.length), t));
      }
      slot(f, s.lhs) = v;
      wroteVar(step_, f, s.lhs, v);
      break;
    }
    case Stmt::Nondet: {
      Value v = nondet(f, varDecl(f, s.lhs).type);
      slot(f, s.lhs) = v;
      wroteVar(step_, f, s.lhs, v);
      if (!s.message.empty() && !s.lhs.global)
        f.indeterminate[s.lhs.index] = &s;
      break;
    }
    case Stmt::Assume:
      if (!evalBool(f, s.value))
        throw Stop{OutcomeKind::Infeasible, FailureKind::None,
                   "assumption '" + render(f, s.value) + "' is false"};
      break;
    case Stmt::Assert:
      if (!evalBool(f, s.value))
        assertFailed(f, s);
      break;
    case Stmt::Call: {
      if (s.callee >= prog.procs.size())
        throw Stop{OutcomeKind::Error, FailureKind::None, "invalid callee"};
      std::vector<Value> args;
      args.reserve(s.args.size());
      const Procedure &callee = prog.procs[s.callee];
      for (size_t k = 0; k < s.args.size(); ++k)
        args.push_back(relaxedValue(s) && k < callee.params.size()
                           ? relaxed(callee.vars[callee.params[k]].type)
                           : eval(f, s.args[k]));
      if (frames.size() > opts.callDepthLimit)
        throw Stop{OutcomeKind::Limit, FailureKind::None,
                   "call depth limit of " + std::to_string(opts.callDepthLimit) + " reached"};
      pushFrame(s.callee, std::move(args), &s, step_); // invalidates f
      break;
    }
    case Stmt::Return: f.blocks.clear(); break;
    case Stmt::Halt:
      if (!(s.value == Expr{})) { // `halt e`: the entry's status
        Frame &entry = frames.front();
        const Procedure &ep = procOf(entry);
        if (ep.result != kNone && ep.vars[ep.result].type.kind == Type::Int) {
          Type rt = ep.vars[ep.result].type;
          entry.vars[ep.result] =
              relaxedValue(s) ? relaxed(rt)
                              : Value::ofInt(castValue(eval(f, s.value).i, s.value.type, rt, opts.ints));
          std::string text = ep.vars[ep.result].name + " = " + toString(entry.vars[ep.result]);
          if (frames.size() == 1) // a Write names a variable of the frame the statement ran in
            written(step_, text,
                    Write{Write::Var, VarRef{false, ep.result}, 0, kNone, entry.vars[ep.result]});
          else
            writtenText(step_, ep.name + "." + text);
        } else {
          eval(f, s.value);
        }
      }
      halted = true;
      break;
    case Stmt::Skip: break;
    case Stmt::Print: print(f, s, step_); break;
    case Stmt::Scan: scan(f, s, step_); break;
    case Stmt::Break:
      while (!f.blocks.empty()) {
        bool wasLoop = f.blocks.back().loop != nullptr;
        f.blocks.pop_back();
        if (wasLoop)
          break;
      }
      break;
    case Stmt::Continue:
      while (!f.blocks.empty() && !f.blocks.back().loop)
        f.blocks.pop_back();
      if (!f.blocks.empty())
        f.blocks.back().idx = f.blocks.back().stmts->size();
      break;
    case Stmt::While:
      invariant(f, s);
      if (evalBool(f, s.value)) {
        f.blocks.push_back(Block{&s.body, 0, &s, 0, contexts.child(at.context, s.id, 0), at.context});
        maxIterations = std::max<uint64_t>(maxIterations, 1);
      }
      break;
    case Stmt::Concrete: f.blocks.push_back(Block{&s.body, 0, nullptr, 0, at.context, at.context}); break;
    }
  }

  /// Before statement `s` runs in frame `f`: records its reads of variables that hold an indeterminate value,
  /// and forgets the variable it assigns (a scan's variables: scan, as it assigns them). The right operand of
  /// `and`, `or`, `implies` counts only where the left one lets it be evaluated (C's `a || b` reads b only
  /// when a is false).
  void indeterminateUses(Frame &f, const Stmt &s) {
    std::function<void(const Expr &)> reads = [&](const Expr &x) {
      if (x.kind == Expr::Binary && (x.op == Op::And || x.op == Op::Or || x.op == Op::Implies)) {
        reads(x.args.at(0));
        bool left = !eval(f, x.args[0]).i.isZero(); // pure; a failure there is the statement's own
        if (x.op == Op::Or ? !left : left)
          reads(x.args.at(1));
        return;
      }
      for (const Expr &a : x.args)
        reads(a);
      if (x.kind != Expr::VarUse || x.var.global)
        return;
      auto it = f.indeterminate.find(x.var.index);
      if (it == f.indeterminate.end() || !indeterminateSeen.emplace(s.id, it->second->message).second)
        return;
      indeterminateReads.push_back(IndeterminateRead{s.loc, s.id, it->second->message, slot(f, x.var)});
    };
    if (s.kind == Stmt::Scan)
      reads(s.guard);
    else
      forEachExprOf(s, reads);
    if (s.lhs.valid() && !s.lhs.global)
      f.indeterminate.erase(s.lhs.index);
  }

  void print(Frame &f, const Stmt &s, uint64_t at) {
    std::string err;
    std::optional<std::vector<PrintItem>> items = parsePrintFormat(s.message, err);
    if (!items)
      throw Stop{OutcomeKind::Error, FailureKind::None, "invalid print: " + err};
    std::vector<BigInt> vals;
    for (const Expr &a : s.args)
      vals.push_back(relaxedValue(s) ? relaxed(a.type).i : eval(f, a).i);
    std::string text = formatOutput(*items, vals);
    output += text;
    writtenText(at, "output += \"" + showBytes(text) + "\"");
    if (at != UINT64_MAX && at >= traceDropped)
      trace[at - traceDropped].printed = std::move(text);
  }

  void scan(Frame &f, const Stmt &s, uint64_t at) {
    std::string err;
    std::optional<std::vector<ScanItem>> items = parseScanFormat(s.message, err);
    if (!items)
      throw Stop{OutcomeKind::Error, FailureKind::None, "invalid scan: " + err};
    ScanOutcome r = scanInput(*items, opts.input, inPos);
    inPos = r.pos;
    inSeen = std::max(inSeen, std::min(opts.input.size(), inPos + 1));
    std::string text;
    std::vector<Write> writes;
    auto set = [&](VarRef v, Value val) {
      slot(f, v) = val;
      if (!v.global)
        f.indeterminate.erase(v.index);
      text += (text.empty() ? "" : ", ") + varName(f, v) + " = " + toString(val);
      writes.push_back(Write{Write::Var, v, 0, kNone, val, 0});
    };
    for (size_t k = 0; k < s.args.size(); ++k) {
      Type t = varDecl(f, s.args[k].var).type;
      if (relaxedValue(s))
        set(s.args[k].var, relaxed(t));
      else if (k < r.values.size())
        set(s.args[k].var, t.isFloat() ? Value::ofFloat(r.values[k], t) : Value::ofInt(conv(r.values[k], t)));
    }
    if (s.lhs.valid()) {
      Type t = varDecl(f, s.lhs).type;
      set(s.lhs, relaxedValue(s) ? relaxed(t) : Value::ofInt(conv(BigInt(r.count), t)));
    }
    writtenText(at, text.empty() ? "nothing read" : text);
    if (at != UINT64_MAX && at >= traceDropped)
      trace[at - traceDropped].scanned = std::move(writes);
  }

  /// Once the entry has finished and a reference procedure is to run: saves what the entry produced and
  /// starts the reference from a fresh start (globals at their defaults, input from its start, no output).
  bool startReference() {
    if (opts.expect.reference == kNone || inReference)
      return false;
    const Procedure &p = prog.procs[entryProc];
    entryResult.reset();
    if (p.result != kNone && !frames.empty())
      entryResult = frames.front().vars[p.result];
    entryOutput = std::move(output);
    entryState = snapshot();
    output.clear();
    inPos = 0;
    inReference = true;
    halted = false;
    pending.reset();
    for (const Frame &fr : frames)
      --activeCalls[fr.proc];
    frames.clear();
    for (size_t k = 0; k < globals.size(); ++k)
      globals[k] = defaultOf(prog.globals[k].type);
    cur = nullptr;
    allocGlobals();
    pushFrame(opts.expect.reference, entryArgs, nullptr, UINT64_MAX);
    return true;
  }

  /// The entry (and the reference) finished: what InterpOptions::expect asks for must hold.
  void checkExpect() {
    const Expect &x = opts.expect;
    if (!x.any())
      return;
    auto finalResult = [&](uint32_t proc) -> std::optional<Value> {
      const Procedure &p = prog.procs[proc];
      if (p.result == kNone || frames.empty())
        return std::nullopt;
      return frames.front().vars[p.result];
    };
    std::optional<Value> result = finalResult(entryProc);
    if (x.reference != kNone) {
      std::optional<Value> refResult = finalResult(x.reference);
      result = entryResult;
      if (!sameOutput(output, entryOutput, false))
        throw Stop{OutcomeKind::Failure, FailureKind::Output,
                   "the output differs from the reference's " + outputDifference(output, entryOutput, false)};
      if (result && refResult && !(*result == *refResult))
        throw Stop{OutcomeKind::Failure, FailureKind::Output,
                   "the result differs from the reference's: expected " + toString(*refResult) + ", got " +
                       toString(*result)};
      return;
    }
    if (x.output && !sameOutput(*x.output, output, x.tokens))
      throw Stop{OutcomeKind::Failure, FailureKind::Output,
                 std::string("the output differs from the expected output ") + (x.tokens ? "(tokens) " : "") +
                     outputDifference(*x.output, output, x.tokens)};
    if (x.status && result && result->kind == Type::Int && result->i != *x.status)
      throw Stop{OutcomeKind::Failure, FailureKind::Output,
                 "the result differs from the expected: expected " + x.status->toString() + ", got " +
                     toString(*result)};
  }

  /// Runs until `stop` holds at a position or the run ends; true when it stopped at a position. The
  /// position pending when called runs first, unchecked, unless `checkFirst`. Failures and limits (Stop)
  /// propagate.
  bool exec(const std::function<bool(const Position &)> &stop, bool checkFirst = false) {
    bool first = !checkFirst;
    while (true) {
      if (halted || (!pending && !advance())) {
        if (startReference())
          continue;
        return false;
      }
      if (!first && stop && stop(*pending))
        return true;
      first = false;
      runPending();
    }
  }

  /// A loop's invariant, read (like its condition) at every head of the loop: false is an Assert failure.
  void invariant(Frame &f, const Stmt &loop) {
    if (!(loop.invariant == Expr{}) && !evalBool(f, loop.invariant))
      throw Stop{OutcomeKind::Failure, FailureKind::Assert, "loop invariant does not hold"};
  }

  [[noreturn]] void assertFailed(const Frame &f, const Stmt &s) {
    const Procedure &p = procOf(f);
    std::string msg;
    FailureKind k = FailureKind::Assert;
    switch (s.assertKind) {
    case AssertKind::User: msg = "assertion failed"; break;
    case AssertKind::Requires:
      k = FailureKind::Requires;
      if (frames.size() == 1) {
        msg = "the inputs violate the precondition of '" + p.name + "'";
      } else {
        const Frame &caller = frames[frames.size() - 2];
        msg = "precondition of '" + p.name + "' violated at the call in '" + procOf(caller).name + "'";
        if (f.call && f.call->loc.valid())
          msg += " (line " + std::to_string(f.call->loc.line) + ")";
      }
      break;
    case AssertKind::Ensures:
      k = FailureKind::Ensures;
      msg = "postcondition of '" + p.name + "' violated";
      break;
    }
    if (!s.message.empty())
      msg += ": " + s.message;
    throw Stop{OutcomeKind::Failure, k, msg};
  }

  // ---- run ---------------------------------------------------------------------------------------

  State snapshot() const {
    State st;
    st.globals = globals;
    st.heap = heap;
    if (!frames.empty()) {
      st.entryVars = frames.front().vars;
      if (frames.size() > 1) {
        st.callerVars = frames.back().vars;
        st.callerProc = frames.back().proc;
      }
    }
    for (const Frame &f : frames)
      st.frames.push_back(FrameState{f.proc, f.vars, f.call ? f.call->id : 0, f.ctx});
    return st;
  }

  void fillState(Outcome &o) {
    o.state = snapshot();
    o.steps = steps;
    o.relaxDrawn = relaxDrawn;
    o.forcedTaken = forcedTaken;
    o.nondetDrawn = nondetDrawn;
    o.indeterminateReads = indeterminateReads;
    o.inputSeen = inSeen;
    o.maxIterations = maxIterations;
    o.covered = std::move(covered);
    o.maxRecursion = maxRecursion;
    o.traceDropped = traceDropped;
    o.trace.assign(std::make_move_iterator(trace.begin()), std::make_move_iterator(trace.end()));
    o.contexts = std::move(contexts);
  }

  static Outcome error(std::string msg) {
    Outcome o;
    o.kind = OutcomeKind::Error;
    o.message = std::move(msg);
    return o;
  }

  uint32_t entryProc = kNone;
  std::optional<Outcome> final; ///< set when the run has ended

  /// Sets the run up, paused before anything ran; false (and `final` an Error outcome) when it cannot start.
  bool begin(uint32_t entry, const std::vector<Value> &argsIn) {
    std::optional<Outcome> e = setUp(entry, argsIn);
    if (e)
      final = std::move(*e);
    return !e;
  }

  /// Runs under `stop` (see exec); when the run ends, `final` is its outcome. True: paused at a position.
  bool resume(const std::function<bool(const Position &)> &stop, bool checkFirst = false) {
    if (final)
      return false;
    Outcome o;
    try {
      if (exec(stop, checkFirst))
        return true;
      checkExpect();
      o.kind = OutcomeKind::Ok;
      if (last) {
        o.stmt = last->id;
        o.proc = lastProc;
        o.loc = last->loc;
      }
      const Procedure &p = prog.procs[entryProc];
      if (inReference)
        o.result = entryResult;
      else if (p.result != kNone)
        o.result = frames.front().vars[p.result];
    } catch (const Stop &stop) {
      o.kind = stop.kind;
      o.failure = stop.failure;
      o.message = stop.message;
      if (stop.failure == FailureKind::Output) { // the specification: located at the entry procedure
        o.proc = entryProc;
        o.loc = prog.procs[entryProc].loc;
        if (inReference)
          o.result = entryResult;
      } else if (cur) {
        o.stmt = cur->id;
        o.proc = curProc;
        o.loc = cur->loc;
      }
    }
    if (inReference) {
      o.output = entryOutput;
      o.referenceOutput = output;
      if (const Procedure &r = prog.procs[opts.expect.reference]; r.result != kNone && !frames.empty())
        o.referenceResult = frames.front().vars[r.result];
    } else {
      o.output = output;
    }
    pending.reset();
    fillState(o);
    if (inReference && (o.kind == OutcomeKind::Ok || o.failure == FailureKind::Output))
      o.state = std::move(entryState); // the program's state, not the reference's
    final = std::move(o);
    return false;
  }

  Outcome run(uint32_t entry, const std::vector<Value> &argsIn) {
    if (begin(entry, argsIn))
      resume(nullptr);
    return std::move(*final);
  }

  /// Validates the entry and the inputs and pushes the entry frame; an Error outcome when they are invalid.
  std::optional<Outcome> setUp(uint32_t entry, const std::vector<Value> &argsIn) {
    if (entry >= prog.procs.size())
      return error("no procedure with index " + std::to_string(entry));
    const Procedure &p = prog.procs[entry];
    if (argsIn.size() != p.params.size())
      return error("'" + p.name + "' expects " + std::to_string(p.params.size()) + " argument" +
                   (p.params.size() == 1 ? "" : "s") + ", got " + std::to_string(argsIn.size()));
    // The input heap: every node well-typed (a record node or an array), every reference in it null or one
    // of its nodes of the right type.
    auto refOk = [&](const Value &v, Type t) {
      return (v.kind == Type::Ref || v.kind == Type::Null) &&
             (v.node == 0 || (v.node <= opts.initialHeap.size() && fits(opts.initialHeap[v.node - 1], t)));
    };
    auto inputValue = [&](const Value &v, Type t) -> std::optional<Value> {
      bool ok = t.kind == Type::Int     ? v.kind == Type::Int
                : t.kind == Type::Float ? v.kind == Type::Float || v.kind == Type::Int
                : t.kind == Type::Bool
                    ? v.kind == Type::Bool || (v.kind == Type::Int && (v.i == 0 || v.i == 1))
                    : refOk(v, t);
      if (!ok)
        return std::nullopt;
      return asValueOf(v, t);
    };
    for (size_t k = 0; k < opts.initialHeap.size(); ++k) {
      const HeapNode &n = opts.initialHeap[k];
      std::string where = "input node n" + std::to_string(k + 1);
      HeapNode copy = n;
      copy.allocatedBy = 0;
      copy.init.reset();
      if (n.isArray()) {
        Type e = n.type.elemType();
        if (n.record != kNone || !n.fields.empty() || n.length < 0 || n.length > kMaxArrayLength)
          return error(where + " is an array with fields or a length out of range");
        copy.elems.clear();
        for (const auto &[i, v] : n.elems) {
          std::optional<Value> x = i >= 0 && i < n.length ? inputValue(v, e) : std::nullopt;
          if (!x)
            return error(where + ": element " + std::to_string(i) + " cannot hold " + toString(v));
          copy.elems.emplace(i, *x);
        }
        heap.push_back(std::move(copy));
        continue;
      }
      if (n.record >= prog.records.size() || n.fields.size() != prog.records[n.record].fields.size())
        return error(where + " has no record type or the wrong number of fields");
      for (size_t f = 0; f < n.fields.size(); ++f) {
        std::optional<Value> x = inputValue(n.fields[f], prog.records[n.record].fields[f].type);
        if (!x)
          return error(where + ": field '" + prog.records[n.record].fields[f].name + "' cannot hold " +
                       toString(n.fields[f]));
        copy.fields[f] = *x;
      }
      heap.push_back(std::move(copy));
    }
    std::vector<Value> args;
    for (size_t k = 0; k < argsIn.size(); ++k) {
      const Var &param = p.vars.at(p.params[k]);
      const Value &a = argsIn[k];
      std::string where = "argument " + std::to_string(k + 1) + " ('" + param.name + "') of '" + p.name + "'";
      switch (param.type.kind) {
      case Type::Int:
        if (a.kind != Type::Int)
          return error(where + " must be an int, got " + toString(a));
        args.push_back(Value::ofInt(conv(a.i, param.type))); // converted as a C call converts
        break;
      case Type::Float:
        if (a.kind != Type::Float && a.kind != Type::Int)
          return error(where + " must be a float, got " + toString(a));
        args.push_back(floatInput(a, param.type));
        break;
      case Type::Bool:
        if (!(a.kind == Type::Bool || (a.kind == Type::Int && (a.i == 0 || a.i == 1))))
          return error(where + " must be a bool, got " + toString(a));
        args.push_back(Value::ofBool(!a.i.isZero()));
        break;
      default:
        if (!refOk(a, param.type))
          return error(where + " must be null or an input " +
                       (param.type.kind == Type::Array
                            ? std::string("array of its type")
                            : "node of type " + prog.records.at(param.type.record).name) +
                       ", got " + toString(a));
        args.push_back(Value::ofRef(a.node));
      }
    }
    if (uint32_t r = opts.expect.reference; r != kNone) {
      if (r >= prog.procs.size() || r == entry)
        return error("invalid reference procedure");
      const Procedure &rp = prog.procs[r];
      bool same = rp.params.size() == p.params.size() && (rp.result == kNone) == (p.result == kNone);
      for (size_t k = 0; same && k < p.params.size(); ++k)
        same = rp.vars[rp.params[k]].type == p.vars[p.params[k]].type;
      if (same && p.result != kNone)
        same = rp.vars[rp.result].type == p.vars[p.result].type;
      if (!same)
        return error("the reference '" + rp.name + "' does not have the signature of '" + p.name + "'");
    }
    for (const Var &g : prog.globals)
      globals.push_back(defaultOf(g.type));
    try {
      allocGlobals();
    } catch (const Stop &stop) {
      return error(stop.message);
    }
    entryArgs = args;
    pushFrame(entry, std::move(args), nullptr, UINT64_MAX);
    entryProc = entry;
    return std::nullopt;
  }
};

Interpreter::Interpreter(const Program &prog, InterpOptions opts) : prog_(prog), opts_(std::move(opts)) {}

Outcome Interpreter::run(uint32_t entry, const std::vector<Value> &args) {
  Impl impl(prog_, opts_);
  return impl.run(entry, args);
}

// ---- stepping -----------------------------------------------------------------------------------------

struct Execution::Impl {
  /// Owned and never changed once the run starts: the interpreter's core refers to it, and a clone shares it
  /// (so the copied core's reference stays valid).
  std::shared_ptr<const InterpOptions> opts;
  Interpreter::Impl run;
  Impl(const Program &prog, InterpOptions o)
      : opts(std::make_shared<const InterpOptions>(std::move(o))), run(prog, *opts) {}
  Impl(const Impl &) = default;
};

Execution::Execution(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Execution::~Execution() = default;
Execution::Execution(Execution &&) noexcept = default;
Execution &Execution::operator=(Execution &&) noexcept = default;

Execution Interpreter::start(uint32_t entry, const std::vector<Value> &args) {
  auto impl = std::make_unique<Execution::Impl>(prog_, opts_);
  if (impl->run.begin(entry, args))
    impl->run.resume([](const Position &) { return true; }, true); // to the first position
  return Execution(std::move(impl));
}

bool Execution::done() const {
  return impl_->run.final.has_value();
}

std::optional<Position> Execution::position() const {
  return impl_->run.pending;
}

void Execution::step() {
  impl_->run.resume([](const Position &) { return true; });
}

void Execution::stepOver() {
  if (done())
    return;
  uint32_t depth = impl_->run.pending->depth;
  impl_->run.resume([depth](const Position &p) { return p.depth <= depth; });
}

void Execution::stepOut() {
  if (done())
    return;
  uint32_t depth = impl_->run.pending->depth;
  impl_->run.resume([depth](const Position &p) { return p.depth < depth; });
}

bool Execution::runTo(StmtId stmt) {
  return runUntil([stmt](const Position &p) { return !p.recheck && p.stmt->id == stmt; });
}

bool Execution::runUntil(const std::function<bool(const Position &)> &stop) {
  return impl_->run.resume(stop);
}

void Execution::runToEnd() {
  impl_->run.resume(nullptr);
}

State Execution::state() const {
  return done() ? impl_->run.final->state : impl_->run.snapshot();
}

std::vector<TraceStep> Execution::trace() const {
  if (done())
    return impl_->run.final->trace;
  return {impl_->run.trace.begin(), impl_->run.trace.end()};
}

const ContextTable &Execution::contexts() const {
  return done() ? impl_->run.final->contexts : impl_->run.contexts;
}

Execution Execution::clone() const {
  return Execution(std::make_unique<Impl>(*impl_));
}

namespace {

/// Whether `v` may be stored where a value of type `t` goes, in a heap of `heap` nodes; an error otherwise.
std::string fits(const Program &prog, const std::vector<HeapNode> &heap, Type t, const Value &v) {
  if (t.kind == Type::Int) {
    if (v.kind != Type::Int)
      return "an integer is expected";
    if (!fitsIn(v.i, t))
      return toString(v) + " is not a value of " + intTypeName(t);
    return {};
  }
  if (t.kind == Type::Bool)
    return v.kind == Type::Bool ? "" : "true or false is expected";
  if (t.isHeapRef()) {
    if (v.kind != Type::Ref)
      return "null or a node (n1, n2, ...) is expected";
    if (v.node == 0)
      return {};
    if (v.node > heap.size())
      return "there is no node n" + std::to_string(v.node);
    const HeapNode &n = heap[v.node - 1];
    bool ok = t.kind == Type::Array ? n.isArray() && n.type == t : !n.isArray() && n.record == t.record;
    if (!ok) {
      std::string want = t.kind == Type::Array ? std::string("an array") : prog.records[t.record].name;
      return "n" + std::to_string(v.node) + " is not a " + want + " node";
    }
    return {};
  }
  return "a value of this type cannot be set";
}

} // namespace

std::string Execution::setVariable(VarRef v, const Value &value) {
  if (done())
    return "the run has ended";
  Interpreter::Impl &r = impl_->run;
  if (r.frames.empty())
    return "no procedure is running";
  Interpreter::Impl::Frame &f = r.frames.back();
  const auto &decls = v.global ? r.prog.globals : r.prog.procs[f.proc].vars;
  if (!v.valid() || v.index >= decls.size())
    return "no such variable";
  if (std::string e = fits(r.prog, r.heap, decls[v.index].type, value); !e.empty())
    return e;
  (v.global ? r.globals : f.vars)[v.index] = value;
  return {};
}

std::string Execution::setField(uint32_t node, uint32_t field, const Value &value) {
  if (done())
    return "the run has ended";
  Interpreter::Impl &r = impl_->run;
  if (node == 0 || node > r.heap.size())
    return "there is no node n" + std::to_string(node);
  HeapNode &n = r.heap[node - 1];
  if (n.isArray() || n.record >= r.prog.records.size())
    return "n" + std::to_string(node) + " is an array, not a record";
  const Record &rec = r.prog.records[n.record];
  if (field >= rec.fields.size() || field >= n.fields.size())
    return "no such field";
  if (std::string e = fits(r.prog, r.heap, rec.fields[field].type, value); !e.empty())
    return e;
  n.fields[field] = value;
  return {};
}

const Outcome &Execution::outcome() const {
  if (!done())
    throw std::logic_error("Execution::outcome: the run has not ended");
  return *impl_->run.final;
}

} // namespace locus::ir

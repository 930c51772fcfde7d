// The step equation: inlining, unrolling, SSA with separate value and control steps, a versioned heap,
// checked failures, selectors over the relaxable parts, and the hooks repair and OFC need.
#include "backends/encoder/encoder.h"

#include "backends/encoder/io.h"
#include "backends/encoder/merge.h"
#include "ir/analysis.h"
#include "ir/floats.h"
#include "ir/global_alloc.h"

#include <cstdint>
#include <cstdio>
#include <functional>
#include <limits>
#include <set>
#include <stdexcept>
#include <tuple>

namespace locus::encoder {

using backends::Op;
using backends::Sort;
using backends::TermManager;

const char *partName(Part p) {
  switch (p) {
  case Part::Guard: return "guard";
  case Part::Value: return "value";
  case Part::Control: return "control";
  case Part::Check: return "check";
  case Part::Input: return "input";
  case Part::Assume: return "assume";
  case Part::Target: return "target";
  }
  return "?";
}

bool isRelaxable(Part p) {
  return p == Part::Guard || p == Part::Value || p == Part::Target;
}

const char *checkName(CheckKind k) {
  switch (k) {
  case CheckKind::Assert: return "assert";
  case CheckKind::Requires: return "requires";
  case CheckKind::Ensures: return "ensures";
  case CheckKind::NullDeref: return "null-deref";
  case CheckKind::DivByZero: return "div-by-zero";
  case CheckKind::Unwinding: return "unwinding assertion";
  case CheckKind::HeapBound: return "heap bound";
  case CheckKind::Output: return "output";
  case CheckKind::Bounds: return "bounds";
  }
  return "?";
}

bool isBoundCheck(CheckKind k) {
  return k == CheckKind::Unwinding || k == CheckKind::HeapBound;
}

ir::FailureKind toFailureKind(CheckKind k) {
  switch (k) {
  case CheckKind::Assert: return ir::FailureKind::Assert;
  case CheckKind::Requires: return ir::FailureKind::Requires;
  case CheckKind::Ensures: return ir::FailureKind::Ensures;
  case CheckKind::NullDeref: return ir::FailureKind::NullDeref;
  case CheckKind::DivByZero: return ir::FailureKind::DivByZero;
  case CheckKind::Output: return ir::FailureKind::Output;
  case CheckKind::Bounds: return ir::FailureKind::Bounds;
  default: return ir::FailureKind::None;
  }
}

Term Encoding::constraint(const Step &s, TermManager &tm) const {
  return s.lhs.isNull() ? s.rhs : tm.mkEq(s.lhs, s.rhs);
}

std::vector<bool> Encoding::cone(const TermManager &tm) const {
  std::vector<bool> needed(steps.size(), false);
  std::unordered_map<Term, size_t, backends::TermHash> definedBy;
  std::vector<Term> todo;
  for (size_t i = 0; i < steps.size(); ++i) {
    const Step &s = steps[i];
    if (s.lhs.isNull() || s.part == Part::Check) {
      needed[i] = true;
      todo.push_back(s.rhs);
    } else {
      definedBy.emplace(s.lhs, i);
    }
  }
  for (const NondetInput &n : nondets)
    todo.push_back(n.executed);
  std::vector<bool> seen(tm.numTerms(), false);
  while (!todo.empty()) {
    Term t = todo.back();
    todo.pop_back();
    if (t.isNull() || seen[t.id])
      continue;
    seen[t.id] = true;
    if (tm.op(t) == Op::Var) {
      auto it = definedBy.find(t);
      if (it != definedBy.end() && !needed[it->second]) {
        needed[it->second] = true;
        todo.push_back(steps[it->second].rhs);
      }
      continue;
    }
    for (Term k : tm.kids(t))
      todo.push_back(k);
  }
  return needed;
}

StopWhen StopWhen::orWhen(std::function<bool()> also) const {
  StopWhen s = *this;
  s.cancelled = [also = std::move(also), outer = cancelled] { return also() || (outer && outer()); };
  return s;
}

void StopWhen::poll() const {
  if (cancelled && cancelled())
    throw Stopped(Stopped::Interrupted);
  if (deadline && std::chrono::steady_clock::now() >= *deadline)
    throw Stopped(Stopped::TimeLimit);
}

Stopped::Stopped(Why w)
    : std::runtime_error(w == TimeLimit ? "the time limit ran out while encoding"
                                        : "interrupted while encoding"),
      why(w) {}

size_t Encoding::assertTo(backends::Solver &s, bool relaxed, bool everything) const {
  TermManager &tm = s.terms();
  stop.poll();
  std::vector<bool> keep = everything ? std::vector<bool>(steps.size(), true) : cone(tm);
  size_t n = 0;
  for (size_t i = 0; i < steps.size(); ++i) {
    if (i % 256 == 255)
      stop.poll();
    if (!keep[i])
      continue;
    ++n;
    const Step &st = steps[i];
    Term c = constraint(st, tm);
    s.assertFormula(relaxed && !st.selector.isNull() ? tm.mkImplies(st.selector, c) : c);
  }
  if (!relaxed)
    for (Term sel : selectors())
      s.assertFormula(sel);
  return n;
}

std::vector<Term> Encoding::selectors() const {
  std::vector<Term> out;
  std::unordered_set<Term, backends::TermHash> seen;
  for (const Step &s : steps)
    if (!s.selector.isNull() && seen.insert(s.selector).second)
      out.push_back(s.selector);
  return out;
}

namespace {

bool valueRelaxable(ir::Stmt::Kind k) {
  return k == ir::Stmt::Assign || k == ir::Stmt::GetField || k == ir::Stmt::PutField || k == ir::Stmt::Call ||
         k == ir::Stmt::Print || k == ir::Stmt::Scan || k == ir::Stmt::Halt || k == ir::Stmt::GetElem ||
         k == ir::Stmt::PutElem || k == ir::Stmt::Length || k == ir::Stmt::NewArray;
}

/// The statements whose target (where they write) is relaxable: the writes of a variable by an expression, a
/// read or a call, and field writes. Nondet and Scan write inputs (facts); PutElem is left out (README.md).
bool targetRelaxable(ir::Stmt::Kind k) {
  return k == ir::Stmt::Assign || k == ir::Stmt::GetField || k == ir::Stmt::PutField || k == ir::Stmt::Call ||
         k == ir::Stmt::GetElem || k == ir::Stmt::Length || k == ir::Stmt::New;
}

/// A print's guard is not relaxable: that it prints is a fact of the output (its arguments are its value).
bool guardRelaxable(ir::Stmt::Kind k) {
  return k != ir::Stmt::Assert && k != ir::Stmt::Assume && k != ir::Stmt::Concrete && k != ir::Stmt::Skip &&
         k != ir::Stmt::Print && k != ir::Stmt::Scan;
}

class Encoder {
public:
  Encoder(const ir::Program &p, TermManager &t, const EncodeOptions &o)
      : prog(p), tm(t), opts(o), ex(t, o.ints),
        io(
            t, ex, [this](Term c) { input(nullptr, c); },
            [this](const std::string &name, Term rhs) { return control(ioStmt, name, rhs); }) {
    for (const Slot &sl : opts.slots) {
      if (sl.stmt.isCompound() || sl.active.isNull() ||
          (sl.stmt.kind == ir::Stmt::Call && sl.stmt.callee >= prog.procs.size()))
        throw std::invalid_argument("encode: a slot holds a primitive or a call, with an activation");
      (sl.after ? slotsAfter : slotsBefore)[sl.anchor].push_back(&sl);
    }
    if (opts.relaxValues || opts.relaxGuards || opts.relaxTargets)
      spec = ir::specificationStatements(prog, &opts.namedProcs);
    ir::forEachStmt(prog, [&](const ir::Procedure &p, const ir::Stmt &s) {
      if (s.kind == ir::Stmt::NewArray && s.fill && s.lhs.valid())
        inputContentTypes.insert(arrayKey(prog.var(p, s.lhs).type));
    });
  }

  /// EncodeOptions::mergeCalls, where nothing asks for statement instances one by one (relaxation, slots,
  /// overrides, cuts, the inductive step, a restriction to some statements).
  bool mergeCalls() const {
    return opts.mergeCalls && !opts.relaxValues && !opts.relaxGuards && !opts.relaxTargets &&
           opts.overrides.empty() && opts.slots.empty() && !opts.cut && !opts.induction && !opts.onlyStmts &&
           !opts.relaxStmts;
  }
  std::vector<bool> recursive;                                           ///< mergeCalls: recursiveProcs
  std::map<const std::vector<ir::Stmt> *, std::vector<BlockStep>> plans; ///< mergeCalls: per block

  Encoding run(uint32_t entry) {
    if (mergeCalls())
      recursive = recursiveProcs(prog);
    if (entry >= prog.procs.size())
      throw std::invalid_argument("encode: no procedure with index " + std::to_string(entry));
    opts.stop.poll();
    enc.entry = entry;
    enc.stop = opts.stop;
    for (const ir::Var &g : prog.globals)
      globals.push_back(ex.defaultTerm(g.type));
    // Heap: one array per field, every node's field at its default until written; node record types.
    for (const ir::Record &r : prog.records) {
      std::vector<Term> fs;
      for (const ir::Field &f : r.fields)
        fs.push_back(tm.mkConstArray(tm.arraySort(tm.intSort(), ex.sortOf(f.type)), ex.defaultTerm(f.type)));
      fields.push_back(std::move(fs));
    }
    nodeRec = tm.mkConstArray(tm.arraySort(tm.intSort(), tm.intSort()), tm.mkInt(-1));
    // Per node facts of arrays, read only at allocated nodes: free before any allocation (no constant arrays
    // here: cvc5 cannot relate write chains of different constant arrays, README.md).
    lengths = tm.mkFreshVar("lengths0", tm.arraySort(tm.intSort(), idxSort()));
    allocAt = tm.mkFreshVar("allocat0", tm.arraySort(tm.intSort(), tm.intSort()));
    initSrc = tm.mkFreshVar("initsrc0", tm.arraySort(tm.intSort(), tm.intSort()));
    fillOf = tm.mkFreshVar("fill0", tm.arraySort(tm.intSort(), tm.boolSort()));
    nondetCount = tm.mkInt(0);
    pc = tm.mkTrue();
    curExec = tm.mkTrue();
    enc.smallInputs = tm.mkVar("small.inputs", tm.boolSort());
    enc.tinyInputs = tm.mkVar("tiny.inputs", tm.boolSort());

    const ir::Procedure &p = prog.procs[entry];
    inputHeap(p);
    allocCount = tm.mkInt(static_cast<int64_t>(enc.inputNodes.size()));
    allocGlobals(true);
    preallocCount = static_cast<int64_t>(enc.inputNodes.size()) + globalArrays;
    Frame fr;
    fr.proc = entry;
    for (const ir::Var &v : p.vars)
      fr.vars.push_back(ex.defaultTerm(v.type));
    for (size_t k = 0; k < p.params.size(); ++k) {
      const ir::Var &v = p.vars[p.params[k]];
      Term a;
      if (v.type.isHeapRef()) {
        a = inputRef("in." + v.name, v.type);
      } else {
        a = tm.mkFreshVar("in." + v.name, ex.sortOf(v.type));
        inputDomain(a, v.type, nullptr);
      }
      if (opts.fixedArgs && k < opts.fixedArgs->size())
        input(nullptr, tm.mkEq(a, ex.valueTerm((*opts.fixedArgs)[k], v.type)));
      fr.vars[p.params[k]] = a;
      enc.args.push_back(a);
    }
    frames.push_back(std::move(fr));
    startIo();
    procBody(true);
    enc.finalEntryVars = frames.back().vars;
    enc.finalGlobals = globals;
    expectations(p);
    for (Term d : ex.takeDefinitions()) // math mode's bit decompositions (ExprEncoder::takeDefinitions)
      input(nullptr, d);
    std::vector<Term> real, bound;
    for (const Check &c : enc.checks)
      (isBoundCheck(c.kind) ? bound : real).push_back(c.failed);
    enc.realFailure = tm.mkOr(real);
    enc.boundFailure = tm.mkOr(bound);
    return std::move(enc);
  }

private:
  struct Loop {
    std::vector<Term> broken; ///< exec terms of the breaks (all iterations)
    std::vector<Term> continued;
  };
  struct Frame {
    uint32_t proc = ir::kNone;
    std::vector<Term> vars;
    std::vector<Term> returned;
    std::vector<Loop *> loops;
  };

  const ir::Program &prog;
  TermManager &tm;
  const EncodeOptions &opts;
  ExprEncoder ex;
  IoEncoder io;
  const ir::Stmt *ioStmt = nullptr; ///< the print or scan being encoded (the statement of io's steps)
  IoEncoder::Out out;               ///< the output so far
  Term inPos;                       ///< the input position
  std::vector<Term> halted;         ///< the paths that halted (exec ∧ pc of each halt)
  // The entry's nondet values as a stream the reference reads (EncodeOptions::expect.reference).
  bool inReferencePhase = false;
  Term streamCount, streamTypes, refNondetPos;
  std::map<std::tuple<int, int, bool, uint32_t>, Term> streams; ///< per IR type: position → value
  std::map<std::tuple<int, int, bool, uint32_t>, int64_t> typeCodes;
  static std::tuple<int, int, bool, uint32_t> typeKey(ir::Type t) {
    return {t.kind, t.bits, t.isSigned, t.record};
  }
  int64_t typeCode(ir::Type t) {
    return typeCodes.emplace(typeKey(t), static_cast<int64_t>(typeCodes.size())).first->second;
  }
  Term &stream(ir::Type t) {
    Term &a = streams[typeKey(t)];
    if (a.isNull())
      a = tm.mkConstArray(tm.arraySort(tm.intSort(), ex.sortOf(t)), ex.defaultTerm(t));
    return a;
  }
  Encoding enc;
  std::vector<Term> globals;
  std::vector<std::vector<Term>> fields;
  Term nodeRec, allocCount, nondetCount, pc;
  std::map<uint32_t, std::vector<uint32_t>> inputIds; ///< record → its input nodes' ids
  // Arrays (README.md, *Arrays*): per array type its contents (node → index → element) and the initial
  // contents of its input arrays and `new T[n] nondet` arrays (node → index → element, free); per node its
  // length, the allocation count when it was allocated (a reference element of nondet contents is an older
  // node) and the node whose initial contents it has (itself, or in a reference run the entry's array).
  struct ArrayState {
    Term contents, init;
  };
  std::map<std::tuple<int, int, bool, uint32_t, int>, ArrayState> arrays;
  std::map<std::tuple<int, int, bool, uint32_t, int>, int64_t> arrayCodes;
  std::map<std::tuple<int, int, bool, uint32_t, int>, std::vector<uint32_t>> inputArrayIds;
  Term lengths, allocAt, initSrc, fillOf;
  /// What is known of arrays whose node is a constant (the usual case: allocated where the path condition is
  /// still constant): their length and, by constant index, the current element, so that reads and bounds
  /// checks at constant places fold (a loop over a large array with constant bounds costs no solving). An
  /// element not listed is the default when `fresh` (allocated zeroed, no write at an unknown place since).
  /// Writes at an unknown node or index forget what they may overwrite.
  struct Known {
    std::tuple<int, int, bool, uint32_t, int> type;
    Term length;
    bool fresh = false;
    bool fill = false; ///< its initial contents are an input (`new T[n] nondet`, an input array)
    Term src;          ///< the node whose initial contents it has
    std::unordered_map<uint32_t, Term> elems; ///< index term id (a constant) → element
  };
  /// The contents EncodeOptions::fixedNondets gives a `new T[n] nondet` (when `cond`), and the given input
  /// arrays of EncodeOptions::fixedHeap: constraints on the initial elements read (README.md).
  struct FixedContents {
    Term cond, node;
    ir::Type type;
    ir::Value fill;
    const std::map<int64_t, ir::Value> *at;
  };
  std::vector<FixedContents> fixedContents;
  std::set<std::pair<uint32_t, uint32_t>>
      constrained;                           ///< (src, index) term ids of initial elements constrained
  std::unordered_map<uint32_t, Known> known; ///< node term id (a constant) → what is known
  int64_t globalArrays = 0;                  ///< arrays allocated for globals (Var::alloc) at the start
  int64_t preallocCount = 0; ///< input nodes and the globals' arrays: not counted by the heap bound
  /// With a reference (EncodeOptions::expect): per array type, the initial contents' source node of the
  /// entry's `new T[n] nondet` arrays at each nondet stream position.
  std::map<std::tuple<int, int, bool, uint32_t, int>, Term> srcStreams;
  std::vector<Frame> frames;
  uint32_t ctx = ir::ContextTable::kRoot; ///< the context of the statements being encoded
  Term curExec;                           ///< exec of the statement being encoded (Step::guard)
  uint32_t concreteDepth = 0;             ///< > 0 inside a concrete block: nothing is relaxable
  uint32_t specDepth = 0;                 ///< > 0 in a requires or ensures block: nothing is relaxable
  Term slotActive;                        ///< while a slot's statement is encoded: its activation
  std::map<ir::StmtId, std::vector<const Slot *>> slotsBefore, slotsAfter;
  std::map<std::tuple<ir::StmtId, Part, uint32_t>, Term> selectorTerms;
  std::unordered_set<ir::StmtId> spec; ///< relaxable encodings: the statements of the checks (never relaxed)

  // ---- steps --------------------------------------------------------------------------------------

  void addStep(const ir::Stmt *s, Part part, Term lhs, Term rhs, Term selector = {}, Term guard = {}) {
    enc.steps.push_back(Step{s ? s->id : 0, ctx, part, guard.isNull() ? curExec : guard, lhs, rhs, selector});
  }
  /// A hard condition (input domain, assumption); a trivially true one adds nothing.
  void condition(const ir::Stmt *s, Part part, Term cond) {
    if (!tm.isTrue(cond))
      addStep(s, part, {}, cond);
  }
  void input(const ir::Stmt *s, Term cond) { condition(s, Part::Input, cond); }
  /// A control symbol defined as `rhs` (path conditions, Φ merges, versions); constants and symbols are used
  /// as they are.
  Term control(const ir::Stmt *s, const std::string &name, Term rhs) {
    auto k = tm.op(rhs);
    if (k == Op::BoolConst || k == Op::IntConst || k == Op::BvConst || k == Op::Var)
      return rhs;
    Term v = tm.mkFreshVar(name, tm.sort(rhs));
    addStep(s, Part::Control, v, rhs);
    return v;
  }
  /// The selector of a relaxable part of `s` here, or null when this part is not relaxable here.
  Term selector(const ir::Stmt &s, Part part) {
    if (part == Part::Target && opts.shareTargetSelector && valueRelaxable(s.kind))
      return opts.relaxTargets && targetRelaxable(s.kind) ? selector(s, Part::Value) : Term();
    bool on = concreteDepth == 0 && specDepth == 0 && slotActive.isNull() && !spec.count(s.id) &&
              (!opts.relaxProcs || opts.relaxProcs->count(frame().proc)) &&
              (!opts.relaxStmts || opts.relaxStmts->count(s.id)) &&
              (part == Part::Value    ? opts.relaxValues && valueRelaxable(s.kind)
               : part == Part::Target ? opts.relaxTargets && targetRelaxable(s.kind)
                                      : opts.relaxGuards && guardRelaxable(s.kind));
    if (!on)
      return {};
    uint32_t inst = opts.selectorScope == SelectorScope::Instance ? ctx : ir::kNone;
    Term &sel = selectorTerms[{s.id, part, inst}];
    if (sel.isNull()) {
      std::string name = std::string("sel!") +
                         (part == Part::Value    ? "v!"
                          : part == Part::Target ? "t!"
                                                 : "g!") +
                         std::to_string(s.id);
      if (inst != ir::kNone)
        name += "!" + std::to_string(inst);
      sel = tm.mkVar(name, tm.boolSort());
    }
    return sel;
  }
  /// The data a statement computes, used when `used` holds: with a selector, its own symbol defined by a
  /// soft Value step; relaxed, it is any value of its type (a reference: null or an allocated node of its
  /// record), which a hard step states. An int's range holds only when relaxed: in math mode a signed
  /// fixed-width result is the mathematical value (ir/ints.h), which may lie outside its type.
  Term value(const ir::Stmt &s, const std::string &name, Term v, Term sel, Term used, ir::Type type) {
    if (sel.isNull())
      return v;
    Term x = tm.mkFreshVar(name + "!v", tm.sort(v));
    addStep(&s, Part::Value, x, v, sel, used);
    if (type.isHeapRef())
      addStep(&s, Part::Control, {}, refDomain(x, type), {}, used);
    else if (Term d = ex.inputDomain(x, type).always; !d.isNull())
      addStep(&s, Part::Control, {}, tm.mkOr(sel, d), {}, used);
    return x;
  }
  /// `v` is null or an allocated node of `t`'s record.
  Term refDomain(Term v, ir::Type t) {
    return tm.mkOr(tm.mkEq(v, tm.mkInt(0)),
                   tm.mkAnd({tm.mkApp(Op::Ge, v, tm.mkInt(1)), tm.mkApp(Op::Le, v, allocCount),
                             tm.mkEq(tm.mkSelect(nodeRec, v), tm.mkInt(heapCode(t)))}));
  }
  // ---- arrays ----------------------------------------------------------------------------------------

  static std::tuple<int, int, bool, uint32_t, int> arrayKey(ir::Type t) {
    return {t.elem, t.bits, t.isSigned, t.record, t.dims};
  }
  /// Indices and lengths: Int in math mode, 64-bit bit-vectors (signed) in BV32.
  Sort idxSort() const { return ex.bv() ? tm.bvSort(64) : tm.intSort(); }
  Term idxConst(int64_t v) const {
    return ex.bv() ? ex.intConst(ir::BigInt(v), ir::Type::fixedInt(64, true)) : tm.mkInt(v);
  }
  /// An int term of type t as an index: its mathematical value (BV32: extended to 64 bits by its signedness).
  Term toIdx(Term v, ir::Type t) const {
    if (!ex.bv())
      return v;
    unsigned w = ir::widthOf(t, ex.mode());
    if (w >= 64)
      return v;
    return t.isUnsigned() ? tm.mkZeroExtend(64 - w, v) : tm.mkSignExtend(64 - w, v);
  }
  Term idxLe(Term a, Term b) const { return tm.mkApp(ex.bv() ? Op::BvSle : Op::Le, a, b); }
  Term idxLt(Term a, Term b) const { return tm.mkApp(ex.bv() ? Op::BvSlt : Op::Lt, a, b); }
  /// The code nodeRec gives arrays of type t (records: their index; arrays: negative, below -1).
  int64_t arrayCode(ir::Type t) {
    return arrayCodes.emplace(arrayKey(t), -2 - static_cast<int64_t>(arrayCodes.size())).first->second;
  }
  int64_t heapCode(ir::Type t) { return t.kind == ir::Type::Array ? arrayCode(t) : t.record; }
  ArrayState &arrayState(ir::Type t) {
    ArrayState &a = arrays[arrayKey(t)];
    if (a.contents.isNull()) {
      ir::Type e = t.elemType();
      Sort inner = tm.arraySort(idxSort(), ex.sortOf(e));
      // Every allocation stores its initial contents, a row of `init` (free; the elements read are
      // constrained: initialElement); what lies at nodes never allocated is never read.
      a.contents =
          tm.mkFreshVar("contents0." + std::to_string(arrays.size()), tm.arraySort(tm.intSort(), inner));
      a.init = tm.mkFreshVar("init." + std::to_string(arrays.size()), tm.arraySort(tm.intSort(), inner));
    }
    return a;
  }
  /// Whether the program may create arrays of type t with input contents (an input array or `new T[n]
  /// nondet`): only then are reads recorded and their initial elements constrained.
  bool inputContents(ir::Type t) const { return inputContentTypes.count(arrayKey(t)) > 0; }
  std::set<std::tuple<int, int, bool, uint32_t, int>> inputContentTypes;
  /// The initial element of an array at base/idx (a read that may reach the array's initial contents) is
  /// constrained: the default when the array was allocated zeroed; a value of the element type when its
  /// contents are an input (a reference: null or a node of its type older than the array); the value given
  /// by fixed contents. Each place once.
  void initialElement(const ir::Stmt *s, ir::Type at, Term base, Term idx) {
    Known *k = knownAt(base);
    Term src = k ? k->src : tm.mkSelect(initSrc, base);
    if (!constrained.insert({src.id, idx.id}).second)
      return;
    ArrayState &a = arrayState(at);
    ir::Type elem = at.elemType();
    Term v = tm.mkSelect(tm.mkSelect(a.init, src), idx);
    Term fill = k ? tm.mkBool(k->fill) : tm.mkSelect(fillOf, src);
    if (!tm.isTrue(fill))
      input(s, tm.mkImplies(tm.mkNot(fill), tm.mkEq(v, ex.defaultTerm(elem))));
    if (!tm.isFalse(fill)) {
      if (elem.isHeapRef()) {
        Term bound = tm.mkSelect(allocAt, src);
        input(s, tm.mkImplies(
                     fill, tm.mkOr(tm.mkEq(v, tm.mkInt(0)),
                                   tm.mkAnd({tm.mkApp(Op::Ge, v, tm.mkInt(1)), tm.mkApp(Op::Le, v, bound),
                                             tm.mkEq(tm.mkSelect(nodeRec, v), tm.mkInt(heapCode(elem)))}))));
      } else {
        InputDomain d = ex.inputDomain(v, elem);
        if (!d.always.isNull())
          input(s, tm.mkImplies(fill, d.always));
        if (!d.small.isNull())
          input(s, tm.mkImplies(tm.mkAnd(fill, enc.smallInputs), d.small));
        if (!d.tiny.isNull())
          input(s, tm.mkImplies(tm.mkAnd(fill, enc.tinyInputs), d.tiny));
      }
    }
    for (const FixedContents &f : fixedContents) {
      if (!(f.type == at))
        continue;
      Term given = ex.valueTerm(f.fill, elem);
      for (auto it = f.at->rbegin(); it != f.at->rend(); ++it)
        given = tm.mkIte(tm.mkEq(idx, idxConst(it->first)), ex.valueTerm(it->second, elem), given);
      input(s, tm.mkImplies(tm.mkAnd(f.cond, tm.mkEq(src, f.node)), tm.mkEq(v, given)));
    }
  }
  /// Stores the initial contents of a new array at `node` (and its facts: length, source, fill, age).
  void allocateArray(const ir::Stmt *s, ir::Type at, Term node, Term length, Term src, bool fill, Term older,
                     const std::string &name) {
    ArrayState &a = arrayState(at);
    nodeRec = control(s, "noderec", tm.mkStore(nodeRec, node, tm.mkInt(arrayCode(at))));
    lengths = control(s, "lengths", tm.mkStore(lengths, node, length));
    initSrc = control(s, "initsrc", tm.mkStore(initSrc, node, src));
    fillOf = control(s, "fill", tm.mkStore(fillOf, node, tm.mkBool(fill)));
    if (fill)
      allocAt = control(s, "allocat", tm.mkStore(allocAt, node, older));
    a.contents = control(s, name, tm.mkStore(a.contents, node, tm.mkSelect(a.init, src)));
    if (isConst(node))
      known[node.id] = Known{arrayKey(at), length, !fill, fill, src, {}};
  }
  /// The arrays of the globals with Var::alloc: allocated (zeroed) at the start, after the input nodes. In a
  /// relaxable encoding (not the reference's), the length of a global whose allocation statement
  /// (ir::globalAllocStmt) is in EncodeOptions::relaxStmts is the value of that statement: relaxed, any
  /// length a declaration may give (0 … ir::kMaxArrayLength).
  void allocGlobals(bool relax) {
    globalArrays = 0;
    for (size_t k = 0; k < prog.globals.size(); ++k) {
      const ir::Var &g = prog.globals[k];
      if (!g.alloc)
        continue;
      Term node = tm.mkApp(Op::Add, allocCount, tm.mkInt(1));
      Term len = idxConst(*g.alloc);
      ir::StmtId id = ir::globalAllocId(static_cast<uint32_t>(k));
      if (relax && opts.relaxValues && opts.relaxStmts && opts.relaxStmts->count(id)) {
        ir::Stmt s = ir::globalAllocStmt(prog, static_cast<uint32_t>(k));
        Term &sel = selectorTerms[{id, Part::Value, ir::kNone}];
        if (sel.isNull())
          sel = tm.mkVar("sel!v!" + std::to_string(id), tm.boolSort());
        Term x = tm.mkFreshVar(g.name + ".length!v", idxSort());
        addStep(&s, Part::Value, x, len, sel, tm.mkTrue());
        addStep(&s, Part::Control, {},
                tm.mkAnd(idxLe(idxConst(0), x), idxLe(x, idxConst(ir::kMaxArrayLength))), {}, tm.mkTrue());
        len = x;
      }
      allocateArray(nullptr, g.type, node, len, node, false, {}, g.name);
      globals[k] = node;
      allocCount = control(nullptr, "alloc", node);
      ++globalArrays;
    }
  }

  /// EncodeOptions::fixedNondets at a nondet instance that takes its own value when `own` holds: the j-th
  /// such instance has the j-th value (`fixed(value)`: the constraint, null when the value cannot be one of
  /// this instance: the position is then infeasible); running out is infeasible.
  void fixNondet(const ir::Stmt &s, Term own, const std::function<Term(const ir::Value &)> &fixed) {
    const auto &vals = *opts.fixedNondets;
    for (size_t j = 0; j < vals.size(); ++j) {
      Term c = fixed(vals[j]);
      input(&s, tm.mkImplies(tm.mkAnd(own, tm.mkEq(nondetCount, tm.mkInt(static_cast<int64_t>(j)))),
                             c.isNull() ? tm.mkFalse() : c));
    }
    input(&s, tm.mkImplies(own, tm.mkApp(Op::Lt, nondetCount, tm.mkInt(static_cast<int64_t>(vals.size())))));
    nondetCount =
        control(&s, "nondets", tm.mkIte(own, tm.mkApp(Op::Add, nondetCount, tm.mkInt(1)), nondetCount));
  }
  bool isConst(Term t) const {
    Op o = tm.op(t);
    return o == Op::IntConst || o == Op::BvConst;
  }
  Known *knownAt(Term base) {
    if (!isConst(base))
      return nullptr;
    auto it = known.find(base.id);
    return it == known.end() ? nullptr : &it->second;
  }
  Term lengthOf(Term base) {
    if (Known *k = knownAt(base))
      return k->length;
    return tm.mkSelect(lengths, base);
  }
  /// The element at base/idx in `contents` (a version of the contents of type at); a read of the contents
  /// constrains the initial element there (initialElement).
  Term elementAt(const ir::Stmt *s, ir::Type at, Term contents, Term base, Term idx) {
    if (Known *k = knownAt(base); k && isConst(idx)) {
      if (auto it = k->elems.find(idx.id); it != k->elems.end())
        return it->second;
      if (k->fresh)
        return ex.defaultTerm(at.elemType());
    }
    initialElement(s, at, base, idx);
    return tm.mkSelect(tm.mkSelect(contents, base), idx);
  }
  /// A write of `v` at base/idx when `ex2` holds: what is known follows (`old`: the element before).
  void learnWrite(ir::Type at, Term base, Term idx, Term v, Term ex2, Term old) {
    Known *k = knownAt(base);
    if (k && isConst(idx)) {
      k->elems[idx.id] = tm.isTrue(ex2) ? v : tm.mkIte(ex2, v, old);
      return;
    }
    if (k) { // an unknown index of a known node
      k->elems.clear();
      k->fresh = false;
      return;
    }
    for (auto &[n, kn] : known) // an unknown node: any array of this type
      if (kn.type == arrayKey(at)) {
        kn.elems.clear();
        kn.fresh = false;
      }
  }
  /// 0 <= idx < length of base.
  Term inBounds(Term base, Term idx) { return tm.mkAnd(idxLe(idxConst(0), idx), idxLt(idx, lengthOf(base))); }
  /// A read of an array type with input contents: recorded for the counterexample, and the initial element
  /// at that place constrained to its domain (the contents are free; only elements read can matter).
  void recordRead(ir::Type at, Term base, Term idx, Term exec) {
    ArrayState &a = arrayState(at);
    Known *k = knownAt(base);
    Term src = k ? k->src : tm.mkSelect(initSrc, base);
    enc.arrayReads.push_back({exec, src, idx, tm.mkSelect(tm.mkSelect(a.init, src), idx), at});
  }
  Term &srcStream(ir::Type t) {
    Term &a = srcStreams[arrayKey(t)];
    if (a.isNull())
      a = tm.mkConstArray(tm.arraySort(tm.intSort(), tm.intSort()), tm.mkInt(0));
    return a;
  }

  Term overridden(const ir::Stmt &s, Part part, Term original) {
    auto it = opts.overrides.find({s.id, part});
    if (it == opts.overrides.end())
      return original;
    ExprEncoder::VarLookup var = [this](ir::VarRef v) { return slot(v); };
    std::function<Term(uint32_t, uint32_t)> heap = [this](uint32_t r, uint32_t f) {
      return fields.at(r).at(f);
    };
    Term t = it->second(OverrideContext{s, ctx, original, ex, var, heap});
    if (t.isNull() || !(tm.sort(t) == tm.sort(original)))
      throw std::invalid_argument("encode: an override of #" + std::to_string(s.id) + " has the wrong sort");
    return t;
  }
  bool hasOverride(const ir::Stmt &s, Part part) const { return opts.overrides.count({s.id, part}) > 0; }

  // ---- state --------------------------------------------------------------------------------------

  Frame &frame() { return frames.back(); }
  const ir::Procedure &proc() { return prog.procs[frame().proc]; }
  std::string varName(ir::VarRef v) {
    return v.global ? prog.globals[v.index].name : proc().name + "." + proc().vars[v.index].name;
  }
  Term &slot(ir::VarRef v) { return v.global ? globals.at(v.index) : frame().vars.at(v.index); }
  ir::Type varType(ir::VarRef v) { return prog.var(proc(), v).type; }

  /// The input nodes: `opts.inputNodes` per record type reachable from the entry's reference parameters,
  /// with free field values (a reference field: null or an input node of its type), then as many input arrays
  /// per reachable array type, of free lengths and contents.
  void inputHeap(const ir::Procedure &p) {
    auto addArray = [&](uint32_t id, ir::Type t, Term len) {
      inputArrayIds[arrayKey(t)].push_back(id);
      inputContentTypes.insert(arrayKey(t));
      enc.inputNodes.push_back(InputNode{id, ir::kNone, {}, t, len});
    };
    // An input array's contents are an input; its reference elements are null or input nodes.
    auto allocateInputArrays = [&]() {
      Term all = tm.mkInt(static_cast<int64_t>(enc.inputNodes.size()));
      for (const InputNode &n : enc.inputNodes)
        if (n.type.isArray())
          allocateArray(nullptr, n.type, tm.mkInt(n.id), n.length, tm.mkInt(n.id), true, all,
                        "in.n" + std::to_string(n.id));
    };
    if (opts.fixedHeap) {
      for (const ir::HeapNode &h : *opts.fixedHeap) {
        uint32_t id = static_cast<uint32_t>(enc.inputNodes.size()) + 1;
        if (h.isArray()) {
          if (h.length < 0 || h.length > ir::kMaxArrayLength)
            throw std::invalid_argument("encode: fixed input array n" + std::to_string(id) + " does not fit");
          addArray(id, h.type, idxConst(h.length));
          continue;
        }
        if (h.record >= prog.records.size() || h.fields.size() != prog.records[h.record].fields.size())
          throw std::invalid_argument("encode: fixed input node n" + std::to_string(id) + " does not fit");
        inputIds[h.record].push_back(id);
        enc.inputNodes.push_back(InputNode{id, h.record, {}, {}, {}});
        nodeRec = tm.mkStore(nodeRec, tm.mkInt(id), tm.mkInt(h.record));
      }
      for (size_t k = 0; k < enc.inputNodes.size(); ++k) {
        InputNode &n = enc.inputNodes[k];
        const ir::HeapNode &h = (*opts.fixedHeap)[k];
        if (n.type.isArray()) { // the given elements, the others at their default (what a replay reads)
          fixedContents.push_back(
              {tm.mkTrue(), tm.mkInt(n.id), n.type, ir::defaultOf(n.type.elemType()), &h.elems});
          continue;
        }
        const ir::Record &rec = prog.records[n.record];
        for (size_t f = 0; f < rec.fields.size(); ++f) {
          Term v = ex.valueTerm(h.fields[f], rec.fields[f].type);
          n.fields.push_back(v);
          fields[n.record][f] = tm.mkStore(fields[n.record][f], tm.mkInt(n.id), v);
        }
      }
      allocateInputArrays();
      return;
    }
    // Reachable heap types: records by index, array types in order of discovery.
    std::vector<bool> reach(prog.records.size(), false);
    std::vector<ir::Type> arrayTypes;
    std::vector<ir::Type> todo;
    for (uint32_t k : p.params)
      if (p.vars[k].type.isHeapRef() && opts.inputNodes > 0)
        todo.push_back(p.vars[k].type);
    std::reverse(todo.begin(), todo.end());
    while (!todo.empty()) {
      ir::Type t = todo.back();
      todo.pop_back();
      if (t.kind == ir::Type::Array) {
        if (std::find(arrayTypes.begin(), arrayTypes.end(), t) != arrayTypes.end())
          continue;
        arrayTypes.push_back(t);
        if (t.elemType().isHeapRef())
          todo.push_back(t.elemType());
        continue;
      }
      if (t.kind != ir::Type::Ref || t.record >= reach.size() || reach[t.record])
        continue;
      reach[t.record] = true;
      const auto &fs = prog.records[t.record].fields;
      for (auto it = fs.rbegin(); it != fs.rend(); ++it)
        if (it->type.isHeapRef())
          todo.push_back(it->type);
    }
    for (uint32_t r = 0; r < reach.size(); ++r)
      for (uint32_t k = 0; reach[r] && k < opts.inputNodes; ++k) {
        uint32_t id = static_cast<uint32_t>(enc.inputNodes.size()) + 1;
        inputIds[r].push_back(id);
        enc.inputNodes.push_back(InputNode{id, r, {}, {}, {}});
        nodeRec = tm.mkStore(nodeRec, tm.mkInt(id), tm.mkInt(r));
      }
    for (ir::Type t : arrayTypes)
      for (uint32_t k = 0; k < opts.inputNodes; ++k) {
        uint32_t id = static_cast<uint32_t>(enc.inputNodes.size()) + 1;
        Term len = tm.mkFreshVar("in.n" + std::to_string(id) + ".length", idxSort());
        input(nullptr, tm.mkAnd(idxLe(idxConst(0), len), idxLe(len, idxConst(opts.inputArrayLength))));
        addArray(id, t, len);
      }
    allocateInputArrays();
    for (InputNode &n : enc.inputNodes) {
      if (n.type.isArray())
        continue;
      const ir::Record &rec = prog.records[n.record];
      for (size_t f = 0; f < rec.fields.size(); ++f) {
        ir::Type t = rec.fields[f].type;
        std::string name = "in.n" + std::to_string(n.id) + "." + rec.fields[f].name;
        Term v = t.isHeapRef() ? inputRef(name, t) : tm.mkFreshVar(name, ex.sortOf(t));
        if (!t.isHeapRef())
          inputDomain(v, t, nullptr);
        n.fields.push_back(v);
        fields[n.record][f] = tm.mkStore(fields[n.record][f], tm.mkInt(n.id), v);
      }
    }
    for (const EncodeOptions::InputShape &shape : opts.inputShapes)
      inputShape(shape);
  }

  /// EncodeOptions::inputShapes: the input nodes' `shape.fields` form no cycle (each edge n → m through one
  /// of them goes up in a free rank, so a cycle would need rank(m) > rank(m)), and for a tree no node is the
  /// target of two of them.
  void inputShape(const EncodeOptions::InputShape &shape) {
    struct Edge {
      uint32_t from;
      Term to;
      uint32_t targetRecord;
    };
    std::vector<Edge> edges;
    for (const InputNode &n : enc.inputNodes) {
      if (n.type.isArray())
        continue;
      for (auto [rec, f] : shape.fields)
        if (rec == n.record)
          edges.push_back({n.id, n.fields.at(f), prog.records[rec].fields[f].type.record});
    }
    std::map<uint32_t, Term> rank;
    auto rankOf = [&](uint32_t id) {
      auto it = rank.find(id);
      if (it == rank.end())
        it = rank.emplace(id, tm.mkFreshVar("in.n" + std::to_string(id) + ".rank", tm.intSort())).first;
      return it->second;
    };
    for (const Edge &e : edges) {
      auto ids = inputIds.find(e.targetRecord);
      if (ids == inputIds.end())
        continue;
      for (uint32_t m : ids->second)
        input(nullptr, tm.mkImplies(tm.mkEq(e.to, tm.mkInt(m)), tm.mkApp(Op::Lt, rankOf(e.from), rankOf(m))));
    }
    if (shape.kind != EncodeOptions::InputShape::Tree)
      return;
    for (size_t a = 0; a < edges.size(); ++a)
      for (size_t b = a + 1; b < edges.size(); ++b)
        if (edges[a].targetRecord == edges[b].targetRecord)
          input(nullptr,
                tm.mkOr(tm.mkEq(edges[a].to, tm.mkInt(0)), tm.mkNot(tm.mkEq(edges[a].to, edges[b].to))));
  }

  /// A free reference input of type `t`: null or one of the input nodes of its record (input arrays of its
  /// type).
  Term inputRef(const std::string &name, ir::Type t) {
    const std::vector<uint32_t> *ids = nullptr;
    if (t.isArray()) {
      auto it = inputArrayIds.find(arrayKey(t));
      ids = it == inputArrayIds.end() ? nullptr : &it->second;
    } else {
      auto it = inputIds.find(t.record);
      ids = it == inputIds.end() ? nullptr : &it->second;
    }
    if (!ids)
      return tm.mkInt(0);
    Term v = tm.mkFreshVar(name, tm.intSort());
    std::vector<Term> options{tm.mkEq(v, tm.mkInt(0))};
    for (uint32_t id : *ids)
      options.push_back(tm.mkEq(v, tm.mkInt(id)));
    input(nullptr, tm.mkOr(options));
    return v;
  }

  void inputDomain(Term v, ir::Type t, const ir::Stmt *s) {
    InputDomain d = ex.inputDomain(v, t);
    if (!d.always.isNull())
      input(s, d.always);
    if (!d.small.isNull())
      input(s, tm.mkImplies(enc.smallInputs, d.small));
    if (!d.tiny.isNull())
      input(s, tm.mkImplies(enc.tinyInputs, d.tiny));
  }

  /// Encodes `e` in the current state (see ExprEncoder::expr).
  Term expr(const ir::Expr &e, Term reach, std::vector<Term> &dz) {
    return ex.expr(
        e, [this](ir::VarRef v) { return slot(v); }, reach, dz);
  }

  // ---- input, output, specifications -------------------------------------------------------------

  void startIo() {
    bool scans = false;
    std::vector<ir::ScanItem> directives; // of every scan: the tables they need
    ir::forEachStmt(prog, [&](const ir::Procedure &, const ir::Stmt &s) {
      if (s.kind != ir::Stmt::Scan)
        return;
      scans = true;
      std::string err;
      if (std::optional<std::vector<ir::ScanItem>> items = ir::parseScanFormat(s.message, err))
        directives.insert(directives.end(), items->begin(), items->end());
    });
    streamCount = tm.mkInt(0);
    streamTypes = tm.mkConstArray(tm.arraySort(tm.intSort(), tm.intSort()), tm.mkInt(-1));
    // a program that reads no input has none (no free bytes to declare)
    // free input read only by `%d`, white space and literal bytes: tokens instead of bytes (README.md)
    io.makeInput(scans ? opts.fixedInput : std::optional<std::string>(std::string()), opts.inputBytes,
                 enc.tinyInputs, opts.tokenInput && tokenDirectives(directives));
    if (io.inputTokens()) {
      enc.inputTokens = io.inputTokens();
    } else if (!io.inputFixed()) {
      enc.inputLen = io.inputLen();
      enc.inputBytes = io.inputBytes();
    }
    if (scans)
      io.prepareScans(directives);
    // output is observed only by a specification: against a known text an automaton, against a reference
    // output events where the prints allow it, else strings (README.md)
    const ir::Expect &x = opts.expect;
    size_t values = 0;
    if (x.reference != ir::kNone && outputEventsProblem(prog, {enc.entry, x.reference}, &values).empty()) {
      io.setEventMode(values);
    } else if (std::optional<size_t> slots; x.reference != ir::kNone && opts.printEvents &&
                                            (slots = printEventValues(prog, {enc.entry, x.reference}))) {
      io.setEventMode(*slots, true); // print by print (z3: no strings)
      enc.printEvents = true;
    } else if (x.reference != ir::kNone) {
      io.setOutputMode(IoEncoder::OutputMode::String);
    } else if (x.output)
      io.setOutputMode(IoEncoder::OutputMode::Match, *x.output, x.tokens);
    out = io.emptyOutput();
    inPos = tm.mkInt(0);
  }

  /// The check of a specification after the entry (statement 0, the entry's procedure).
  void specCheck(Term cond, Term done, std::string message) {
    if (tm.isFalse(cond)) {
      ++enc.decidedChecks;
      return;
    }
    ctx = ir::ContextTable::kRoot;
    curExec = done;
    Term f = tm.mkFreshVar("fail.output", tm.boolSort());
    addStep(nullptr, Part::Check, f, cond);
    enc.checks.push_back({f, CheckKind::Output, 0, enc.entry, ctx, std::move(message)});
    pc = control(nullptr, "pc", tm.mkAnd(pc, tm.mkNot(f)));
  }

  /// After the entry: EncodeOptions::expect (an output, a status, or the reference procedure's).
  void expectations(const ir::Procedure &p) {
    const ir::Expect &x = opts.expect;
    if (!x.any())
      return;
    Term done = control(nullptr, "done", orAll(tm, pc, halted));
    std::optional<Term> result;
    if (p.result != ir::kNone)
      result = frames.back().vars[p.result];
    if (x.reference == ir::kNone) {
      std::vector<Term> ok;
      if (x.output)
        ok.push_back(io.matches(out));
      if (x.status && result && p.vars[p.result].type.isInt())
        ok.push_back(tm.mkEq(*result, ex.valueTerm(ir::Value::ofInt(*x.status), p.vars[p.result].type)));
      specCheck(tm.mkAnd(done, tm.mkNot(tm.mkAnd(ok))), done,
                x.output ? "the output differs from the expected output"
                         : "the result differs from the expected");
      return;
    }
    if (x.reference >= prog.procs.size() || x.reference == enc.entry)
      throw std::invalid_argument("encode: invalid reference procedure");
    const ir::Procedure &rp = prog.procs[x.reference];
    bool same = rp.params.size() == p.params.size() && (rp.result == ir::kNone) == (p.result == ir::kNone);
    for (size_t k = 0; same && k < p.params.size(); ++k)
      same = rp.vars[rp.params[k]].type == p.vars[p.params[k]].type;
    if (same && p.result != ir::kNone)
      same = rp.vars[rp.result].type == p.vars[p.result].type;
    if (!same)
      throw std::invalid_argument("encode: the reference '" + rp.name + "' does not have the signature of '" +
                                  p.name + "'");
    // The reference from a fresh start on the same arguments and input; the heap and nondets go on.
    IoEncoder::Out entryOut = out;
    frames.clear();
    for (size_t k = 0; k < globals.size(); ++k)
      globals[k] = ex.defaultTerm(prog.globals[k].type);
    allocGlobals(false); // the reference's globals start over: fresh arrays
    preallocCount += globalArrays;
    out = io.emptyOutput();
    inPos = tm.mkInt(0);
    halted.clear();
    ctx = ir::ContextTable::kRoot;
    pc = done;
    curExec = done;
    inReferencePhase = true;
    refNondetPos = tm.mkInt(0);
    Frame fr;
    fr.proc = x.reference;
    for (const ir::Var &v : rp.vars)
      fr.vars.push_back(ex.defaultTerm(v.type));
    for (size_t k = 0; k < rp.params.size(); ++k)
      fr.vars[rp.params[k]] = enc.args[k];
    frames.push_back(std::move(fr));
    procBody(true);
    Term refDone = control(nullptr, "done", orAll(tm, pc, halted));
    Term sameRun = io.equals(entryOut, out);
    if (result)
      sameRun = tm.mkAnd(sameRun, tm.mkEq(*result, frames.back().vars[rp.result]));
    specCheck(tm.mkAnd(refDone, tm.mkNot(sameRun)), refDone,
              "the output or the result differs from the reference's");
  }

  // ---- checks and control --------------------------------------------------------------------------

  /// A check failing when `cond` holds (cond already includes the path condition). The execution stops
  /// on failure: pc becomes pc ∧ ¬failed.
  void check(Term cond, CheckKind kind, const ir::Stmt &s, std::string message = {}) {
    if (tm.isFalse(cond)) {
      ++enc.decidedChecks;
      return;
    }
    if (isBoundCheck(kind) && !opts.unwindingAssertions) {
      condition(&s, Part::Assume, tm.mkNot(cond));
      pc = control(&s, "pc", tm.mkAnd(pc, tm.mkNot(cond)));
      return;
    }
    Term f = tm.mkFreshVar("fail." + std::to_string(s.id), tm.boolSort());
    addStep(&s, Part::Check, f, cond);
    enc.checks.push_back({f, kind, s.id, frame().proc, ctx, std::move(message)});
    pc = control(&s, "pc", tm.mkAnd(pc, tm.mkNot(f)));
  }
  /// The division-by-zero check of a statement's expressions; with the statement's value selector `sel`
  /// it only applies while the value is enforced (a relaxed value divides by nothing).
  /// Then the range check of its float → int conversions (C's undefined behaviour: `bounds`).
  void divChecks(const std::vector<Term> &dz, Term exec, const ir::Stmt &s, Term sel = {}) {
    if (!dz.empty())
      check(tm.mkAnd({exec, sel.isNull() ? tm.mkTrue() : sel, tm.mkOr(dz)}), CheckKind::DivByZero, s);
    if (std::vector<Term> rf = ex.takeRangeFailures(); !rf.empty())
      check(tm.mkAnd({exec, sel.isNull() ? tm.mkTrue() : sel, tm.mkOr(rf)}), CheckKind::Bounds, s,
            "float value out of the range of its integer type");
  }
  /// Whether `s` runs: pc ∧ its guard (relaxable, overridable; conjoined with a slot's activation).
  Term execOf(const ir::Stmt &s) {
    std::vector<Term> dz;
    Term g = expr(s.guard, tm.mkTrue(), dz);
    if (hasOverride(s, Part::Guard))
      g = overridden(s, Part::Guard, g);
    if (Term sel = selector(s, Part::Guard); !sel.isNull()) {
      Term gv = tm.mkFreshVar("guard." + std::to_string(s.id), tm.boolSort());
      addStep(&s, Part::Guard, gv, g, sel, pc);
      g = gv;
    }
    if (!slotActive.isNull())
      g = tm.mkAnd(slotActive, g);
    Term exec = control(&s, "exec." + std::to_string(s.id), tm.mkAnd(pc, g));
    curExec = exec;
    if (!tm.isFalse(exec))
      enc.executions.push_back({s.id, ctx, exec});
    return exec;
  }
  void assign(ir::VarRef v, Term exec, Term value, const ir::Stmt &s) {
    Term &x = slot(v);
    x = control(&s, varName(v), tm.mkIte(exec, value, x));
  }
  /// The variables `s` may write instead of `v` when its target is relaxed: `v` first, then every other
  /// non-temporary local of the procedure and global of `v`'s type; just `v` when `v` is a temporary.
  std::vector<ir::VarRef> targetsOf(ir::VarRef v) {
    std::vector<ir::VarRef> out{v};
    const ir::Procedure &p = proc();
    const ir::Var &var = prog.var(p, v);
    if (var.temp)
      return out;
    for (uint32_t k = 0; k < p.vars.size(); ++k)
      if (ir::VarRef r{false, k}; r != v && !p.vars[k].temp && p.vars[k].type == var.type)
        out.push_back(r);
    for (uint32_t k = 0; k < prog.globals.size(); ++k)
      if (ir::VarRef r{true, k}; r != v && !prog.globals[k].temp && prog.globals[k].type == var.type)
        out.push_back(r);
    return out;
  }
  /// A free choice among `n` places (0 … n - 1) that a soft Target step with selector `sel` pins to `at` (the
  /// statement's own place); a hard step keeps it in range.
  Term targetChoice(const ir::Stmt &s, const std::string &name, size_t n, int64_t at, Term sel, Term used) {
    Term c = tm.mkFreshVar(name + "!t", tm.intSort());
    addStep(&s, Part::Target, c, tm.mkInt(at), sel, used);
    addStep(
        &s, Part::Control, {},
        tm.mkAnd(tm.mkApp(Op::Ge, c, tm.mkInt(0)), tm.mkApp(Op::Lt, c, tm.mkInt(static_cast<int64_t>(n)))),
        {}, used);
    return c;
  }
  /// The write of `value` to the variable `v` by `s` where `used` holds; with `s`'s target relaxed, to
  /// exactly one of targetsOf(v), chosen freely (EncodeOptions::relaxTargets).
  void write(ir::VarRef v, Term used, Term value, const ir::Stmt &s) {
    Term sel = selector(s, Part::Target);
    std::vector<ir::VarRef> to = sel.isNull() ? std::vector<ir::VarRef>{} : targetsOf(v);
    if (to.size() < 2) {
      assign(v, used, value, s);
      return;
    }
    Term c = targetChoice(s, varName(v), to.size(), 0, sel, used);
    for (size_t k = 0; k < to.size(); ++k)
      assign(to[k], tm.mkAnd(used, tm.mkEq(c, tm.mkInt(static_cast<int64_t>(k)))), value, s);
  }
  static Term orAll(TermManager &tm, Term base, const std::vector<Term> &more) {
    std::vector<Term> v{base};
    v.insert(v.end(), more.begin(), more.end());
    return tm.mkOr(v);
  }

  // ---- statements --------------------------------------------------------------------------------

  void procBody(bool isEntry) {
    const ir::Procedure &p = proc();
    ++specDepth;
    for (const ir::Stmt &s : p.pre)
      stmt(s, isEntry);
    --specDepth;
    block(p.body);
    pc = control(nullptr, "pc", orAll(tm, pc, frame().returned));
    ++specDepth;
    for (const ir::Stmt &s : p.post)
      stmt(s, false);
    --specDepth;
  }

  void block(const std::vector<ir::Stmt> &stmts) {
    if (mergeCalls()) {
      auto it = plans.find(&stmts);
      if (it == plans.end())
        it = plans.emplace(&stmts, mergePlan(prog, proc(), stmts, recursive)).first;
      for (const BlockStep &st : it->second) {
        if (tm.isFalse(pc))
          return;
        if (st.merged())
          mergedCall(stmts[st.first], stmts[st.second]);
        else
          stmt(stmts[st.first], false);
      }
      return;
    }
    for (const ir::Stmt &s : stmts) {
      if (tm.isFalse(pc))
        return;
      stmt(s, false);
    }
  }

  void slots(const std::map<ir::StmtId, std::vector<const Slot *>> &table, ir::StmtId anchor) {
    auto it = table.find(anchor);
    if (it == table.end())
      return;
    // A slot inside a callee a slot's call inlines: the outer activation is restored after it (the path
    // condition holds it anyway; slotActive also keeps the callee's statements from being relaxed).
    Term outer = slotActive;
    for (const Slot *sl : it->second) {
      if (tm.isFalse(pc))
        break;
      slotActive = sl->active;
      primitive(sl->stmt, false);
    }
    slotActive = outer;
  }

  void stmt(const ir::Stmt &s, bool entryPre) {
    opts.stop.poll(); // a long unrolling or inlining gives up here at the caller's deadline or Ctrl-C
    cutAt(s, StateCut::Before, ctx);
    slots(slotsBefore, s.id);
    if (!opts.onlyStmts || opts.onlyStmts->count(s.id))
      primitive(s, entryPre);
    else if (opts.havocOutside)
      unexplored(s, entryPre);
    slots(slotsAfter, s.id);
    cutAt(s, StateCut::After, ctx);
  }

  /// Every variable on the call stack and every global replaced by `fresh(value, name)`.
  template <typename Fresh> void freshVariables(Fresh &&fresh) {
    for (uint32_t d = 0; d < frames.size(); ++d) {
      const ir::Procedure &p = prog.procs.at(frames[d].proc);
      for (uint32_t i = 0; i < frames[d].vars.size(); ++i) {
        CutValue v{CutValue::Var, d, i, 0, 0, p.vars.at(i).type, frames[d].vars[i], {}};
        frames[d].vars[i] = fresh(v, p.name + "." + p.vars[i].name);
      }
    }
    for (uint32_t i = 0; i < globals.size(); ++i) {
      CutValue v{CutValue::Global, 0, i, 0, 0, prog.globals.at(i).type, globals[i], {}};
      globals[i] = fresh(v, prog.globals[i].name);
    }
  }

  /// EncodeOptions::cut at statement `s` of context `instance` (`where` it stands): on the paths that are
  /// here (pc), every variable on the call stack, every global and the cut's fields and elements take fresh
  /// values (Encoding::cut).
  void cutAt(const ir::Stmt &s, StateCut::Where where, uint32_t instance) {
    if (!opts.cut || opts.cut->stmt != s.id || opts.cut->where != where || enc.cutReached || tm.isFalse(pc) ||
        enc.contexts.path(instance) != opts.cut->context)
      return;
    enc.cutReached = true;
    const StateCut &c = *opts.cut;
    Term here = pc;
    auto cutOne = [&](CutValue v, const std::string &name) {
      v.fresh = tm.mkFreshVar("cut." + name, ex.sortOf(v.type));
      enc.cut.push_back(v);
      return control(&s, name, tm.mkIte(here, v.fresh, v.before));
    };
    freshVariables(cutOne);
    for (const auto &[node, record] : c.nodes) {
      const ir::Record &rec = prog.records.at(record);
      Term n = tm.mkInt(node);
      for (uint32_t f = 0; f < rec.fields.size(); ++f) {
        Term &arr = fields.at(record).at(f);
        CutValue v{CutValue::Field, 0, f, node, 0, rec.fields[f].type, tm.mkSelect(arr, n), {}};
        std::string name = "n" + std::to_string(node) + "." + rec.fields[f].name;
        Term val = cutOne(v, name);
        arr = control(&s, "heap." + rec.fields[f].name, tm.mkStore(arr, n, val));
      }
    }
    for (const StateCut::Element &e : c.elements) {
      ArrayState &a = arrayState(e.type);
      Term base = tm.mkInt(e.node), idx = idxConst(e.index);
      ir::Type et = e.type.elemType();
      CutValue v{CutValue::Elem, 0, 0, e.node, e.index, et, elementAt(&s, e.type, a.contents, base, idx), {}};
      std::string name = "n" + std::to_string(e.node) + "[" + std::to_string(e.index) + "]";
      Term val = cutOne(v, name);
      if (Known *k = knownAt(base))
        k->elems[idx.id] = val;
      a.contents = control(&s, "contents",
                           tm.mkStore(a.contents, base, tm.mkStore(tm.mkSelect(a.contents, base), idx, val)));
    }
  }

  /// A statement outside onlyStmts with havocOutside: control statements as they are, the variables it may
  /// assign arbitrary when it runs.
  void unexplored(const ir::Stmt &s, bool entryPre) {
    switch (s.kind) {
    case ir::Stmt::Return:
    case ir::Stmt::Halt:
    case ir::Stmt::Break:
    case ir::Stmt::Continue: primitive(s, entryPre); return;
    default: break;
    }
    std::vector<ir::VarRef> vars;
    std::function<void(const ir::Stmt &)> collect = [&](const ir::Stmt &x) {
      if (ir::writesLhs(x) && std::find(vars.begin(), vars.end(), x.lhs) == vars.end())
        vars.push_back(x.lhs);
      for (const ir::Stmt &b : x.body)
        collect(b);
    };
    collect(s);
    if (vars.empty())
      return;
    std::vector<Term> dz;
    Term exec = control(&s, "exec." + std::to_string(s.id), tm.mkAnd(pc, expr(s.guard, tm.mkTrue(), dz)));
    if (tm.isFalse(exec))
      return;
    for (ir::VarRef v : vars) {
      ir::Type t = varType(v);
      Term x = tm.mkFreshVar(varName(v) + "!unexplored", ex.sortOf(t));
      if (t.isHeapRef())
        addStep(&s, Part::Control, {}, refDomain(x, t), {}, exec);
      else if (Term d = ex.inputDomain(x, t).always; !d.isNull())
        addStep(&s, Part::Control, {}, d, {}, exec);
      assign(v, exec, x, s);
    }
  }

  /// One statement where the execution is at `pc`: its exec term (execOf), then the handler of its kind
  /// (a call, a loop or a concrete block encodes its body there).
  void primitive(const ir::Stmt &s, bool entryPre) {
    Term pcBefore = pc;
    ex.takeRangeFailures(); // a statement's own conversions only (an overridden value checks none)
    Term exec = execOf(s);
    if (tm.isFalse(exec))
      return;
    switch (s.kind) {
    case ir::Stmt::Assign: assignStmt(s, exec); break;
    case ir::Stmt::GetField: getFieldStmt(s, exec); break;
    case ir::Stmt::PutField: putFieldStmt(s, exec); break;
    case ir::Stmt::New: newStmt(s, exec); break;
    case ir::Stmt::GetElem: getElemStmt(s, exec); break;
    case ir::Stmt::PutElem: putElemStmt(s, exec); break;
    case ir::Stmt::NewArray: newArrayStmt(s, exec); break;
    case ir::Stmt::Length: lengthStmt(s, exec); break;
    case ir::Stmt::Nondet: nondetStmt(s, exec); break;
    case ir::Stmt::Assume: assumeStmt(s, exec); break;
    case ir::Stmt::Assert: assertStmt(s, exec, entryPre); break;
    case ir::Stmt::Call: call(s, exec, pcBefore); break;
    case ir::Stmt::Return: returnStmt(s, exec); break;
    case ir::Stmt::Halt: haltStmt(s, exec); break;
    case ir::Stmt::Print: print(s, exec); break;
    case ir::Stmt::Scan: scan(s, exec); break;
    case ir::Stmt::Skip: break;
    case ir::Stmt::Break:
    case ir::Stmt::Continue: jumpStmt(s, exec); break;
    case ir::Stmt::While: loop(s, exec, pcBefore); break;
    case ir::Stmt::Concrete: concreteStmt(s, exec, pcBefore); break;
    }
  }

  // Each handler below encodes one statement kind at a statement instance that may run (`exec` not false).

  /// The value statement `s` writes: `s.value` evaluated under `ex`, its divisions checked (under the value
  /// selector `sel`), or the statement's override (its original expression is then not checked).
  Term writtenValue(const ir::Stmt &s, Term ex, Term sel) {
    std::vector<Term> dz;
    Term v = expr(s.value, ex, dz);
    if (hasOverride(s, Part::Value))
      return overridden(s, Part::Value, v);
    divChecks(dz, ex, s, sel);
    return v;
  }

  void assignStmt(const ir::Stmt &s, Term exec) {
    Term sel = selector(s, Part::Value);
    Term v = writtenValue(s, exec, sel);
    Term used = tm.mkAnd(exec, pc);
    write(s.lhs, used, value(s, varName(s.lhs), v, sel, used, varType(s.lhs)), s);
  }

  void getFieldStmt(const ir::Stmt &s, Term exec) {
    Term sel = selector(s, Part::Value);
    Term base = slot(s.base);
    bool over = hasOverride(s, Part::Value);
    if (!over)
      check(tm.mkAnd({exec, sel.isNull() ? tm.mkTrue() : sel, tm.mkEq(base, tm.mkInt(0))}),
            CheckKind::NullDeref, s);
    uint32_t rec = varType(s.base).record;
    Term v = tm.mkSelect(fields.at(rec).at(s.field), base);
    if (over)
      v = overridden(s, Part::Value, v);
    Term used = tm.mkAnd(exec, pc);
    write(s.lhs, used, value(s, varName(s.lhs), v, sel, used, varType(s.lhs)), s);
  }

  void putFieldStmt(const ir::Stmt &s, Term exec) {
    Term base = slot(s.base);
    // The null check belongs to the base written: a relaxed target writes another node.
    Term tsel = selector(s, Part::Target);
    Term isNull = tm.mkEq(base, tm.mkInt(0));
    check(tsel.isNull() ? tm.mkAnd(exec, isNull) : tm.mkAnd({exec, tsel, isNull}), CheckKind::NullDeref, s);
    Term sel = selector(s, Part::Value);
    Term v = writtenValue(s, tm.mkAnd(exec, pc), sel);
    uint32_t rec = varType(s.base).record;
    const ir::Record &r = prog.records[rec];
    const std::string name = r.name + "." + r.fields[s.field].name;
    Term ex2 = tm.mkAnd(exec, pc);
    v = value(s, name, v, sel, ex2, r.fields[s.field].type);
    if (tsel.isNull()) {
      Term &arr = fields.at(rec).at(s.field);
      arr = control(&s, name, tm.mkStore(arr, base, tm.mkIte(ex2, v, tm.mkSelect(arr, base))));
      return;
    }
    // Relaxed target: any allocated node of the record (null excluded) and any field of the written one's
    // type; the soft Target steps pin both to the statement's own.
    Term node = tm.mkFreshVar(name + "!node", tm.intSort());
    addStep(&s, Part::Target, node, base, tsel, ex2);
    addStep(&s, Part::Control, {},
            tm.mkImplies(
                ex2, tm.mkAnd({tm.mkApp(Op::Ge, node, tm.mkInt(1)), tm.mkApp(Op::Le, node, allocCount),
                               tm.mkEq(tm.mkSelect(nodeRec, node), tm.mkInt(heapCode(varType(s.base))))})),
            {}, ex2);
    std::vector<uint32_t> to{s.field};
    for (uint32_t k = 0; k < r.fields.size(); ++k)
      if (k != s.field && r.fields[k].type == r.fields[s.field].type)
        to.push_back(k);
    Term c = to.size() < 2 ? Term() : targetChoice(s, name, to.size(), 0, tsel, ex2);
    for (size_t k = 0; k < to.size(); ++k) {
      Term w = c.isNull() ? ex2 : tm.mkAnd(ex2, tm.mkEq(c, tm.mkInt(static_cast<int64_t>(k))));
      Term &arr = fields.at(rec).at(to[k]);
      arr = control(&s, r.name + "." + r.fields[to[k]].name,
                    tm.mkStore(arr, node, tm.mkIte(w, v, tm.mkSelect(arr, node))));
    }
  }

  void newStmt(const ir::Stmt &s, Term exec) {
    int64_t limit = static_cast<int64_t>(opts.heapSlots) + preallocCount;
    check(tm.mkAnd(exec, tm.mkApp(Op::Ge, allocCount, tm.mkInt(limit))), CheckKind::HeapBound, s,
          "more than " + std::to_string(opts.heapSlots) + " nodes allocated (increase --heap)");
    Term ex1 = tm.mkAnd(exec, pc);
    Term node = tm.mkApp(Op::Add, allocCount, tm.mkInt(1));
    nodeRec = control(&s, "noderec", tm.mkStore(nodeRec, node, tm.mkInt(s.record)));
    write(s.lhs, ex1, node, s);
    allocCount = control(&s, "alloc", tm.mkIte(ex1, node, allocCount));
  }

  void getElemStmt(const ir::Stmt &s, Term exec) {
    Term sel = selector(s, Part::Value);
    bool over = hasOverride(s, Part::Value);
    ir::Type at = varType(s.base), et = at.elemType();
    std::vector<Term> dz;
    Term idx = toIdx(expr(s.args.at(0), exec, dz), s.args[0].type);
    Term base = slot(s.base);
    if (!over) { // the index, the base and the bounds are the read's: a relaxed read does none of them
      Term on = sel.isNull() ? tm.mkTrue() : sel;
      divChecks(dz, exec, s, sel);
      check(tm.mkAnd({exec, pc, on, tm.mkEq(base, tm.mkInt(0))}), CheckKind::NullDeref, s);
      check(tm.mkAnd({exec, pc, on, tm.mkNot(inBounds(base, idx))}), CheckKind::Bounds, s);
    }
    ArrayState &a = arrayState(at);
    Term v = elementAt(&s, at, a.contents, base, idx);
    Term used = tm.mkAnd(exec, pc);
    if (inputContents(at)) // a read that fails its checks reads nothing
      recordRead(at, base, idx, used);
    if (over)
      v = overridden(s, Part::Value, v);
    write(s.lhs, used, value(s, varName(s.lhs), v, sel, used, et), s);
  }

  void putElemStmt(const ir::Stmt &s, Term exec) {
    ir::Type at = varType(s.base), et = at.elemType();
    std::vector<Term> dz;
    Term idx = toIdx(expr(s.args.at(0), exec, dz), s.args[0].type);
    divChecks(dz, exec, s);
    Term base = slot(s.base);
    check(tm.mkAnd({exec, pc, tm.mkEq(base, tm.mkInt(0))}), CheckKind::NullDeref, s);
    check(tm.mkAnd({exec, pc, tm.mkNot(inBounds(base, idx))}), CheckKind::Bounds, s);
    Term sel = selector(s, Part::Value);
    Term v = writtenValue(s, tm.mkAnd(exec, pc), sel);
    Term ex2 = tm.mkAnd(exec, pc);
    std::string name = varName(s.base) + "[]";
    v = value(s, name, v, sel, ex2, et);
    ArrayState &a = arrayState(at);
    Term inner = tm.mkSelect(a.contents, base);
    learnWrite(at, base, idx, v, ex2, elementAt(&s, at, a.contents, base, idx));
    a.contents =
        control(&s, name, tm.mkIte(ex2, tm.mkStore(a.contents, base, tm.mkStore(inner, idx, v)), a.contents));
  }

  void newArrayStmt(const ir::Stmt &s, Term exec) {
    ir::Type at = varType(s.lhs);
    std::vector<Term> dz;
    Term len = expr(s.value, exec, dz);
    divChecks(dz, exec, s);
    // Its value is the length (a declaration's size, `int a[3]`, may be the fault); the contents of a
    // nondet array are an input, and so is its length then.
    if (Term sel = s.fill ? Term() : selector(s, Part::Value); !sel.isNull())
      len = value(s, varName(s.lhs) + ".length", len, sel, tm.mkAnd(exec, pc), s.value.type);
    Term n = toIdx(len, s.value.type);
    check(tm.mkAnd(
              {exec, pc, tm.mkNot(tm.mkAnd(idxLe(idxConst(0), n), idxLe(n, idxConst(ir::kMaxArrayLength))))}),
          CheckKind::Bounds, s, "array length out of range");
    int64_t limit = static_cast<int64_t>(opts.heapSlots) + preallocCount;
    check(tm.mkAnd({exec, pc, tm.mkApp(Op::Ge, allocCount, tm.mkInt(limit))}), CheckKind::HeapBound, s,
          "more than " + std::to_string(opts.heapSlots) + " nodes allocated (increase --heap)");
    Term ex1 = tm.mkAnd(exec, pc);
    Term node = tm.mkApp(Op::Add, allocCount, tm.mkInt(1));
    Term src = s.fill ? nondetContents(s, at, node, ex1) : node;
    allocateArray(&s, at, node, n, src, s.fill, allocCount, varName(s.lhs));
    assign(s.lhs, ex1, node, s);
    allocCount = control(&s, "alloc", tm.mkIte(ex1, node, allocCount));
  }

  /// A nondet instance `v` of type `t` running under `exec`, in a product with a reference: the program's
  /// phase appends it to the stream of its type (of values; with `contents`, of the nodes whose contents
  /// `new T[n] nondet` arrays have: srcStream); the reference's phase
  /// takes the program's value at the same position when it has the same type. Returns (whether the instance
  /// takes a value of its own, the value it takes: a step named `valueStep`, when given). Outside a product:
  /// (exec, v).
  std::pair<Term, Term> sharedNondet(const ir::Stmt &s, Term exec, ir::Type t, Term v, bool contents,
                                     const char *valueStep = nullptr) {
    auto arr = [&]() -> Term & { return contents ? srcStream(t) : stream(t); };
    if (inReferencePhase) {
      Term k = refNondetPos;
      Term same = tm.mkAnd(tm.mkApp(Op::Lt, k, streamCount),
                           tm.mkEq(tm.mkSelect(streamTypes, k), tm.mkInt(typeCode(t))));
      Term own = tm.mkAnd(exec, tm.mkNot(same));
      Term val = tm.mkIte(same, tm.mkSelect(arr(), k), v);
      if (valueStep)
        val = control(&s, valueStep, val);
      refNondetPos = control(&s, "nondets.ref", tm.mkIte(exec, tm.mkApp(Op::Add, k, tm.mkInt(1)), k));
      return {own, val};
    }
    if (opts.expect.reference != ir::kNone) {
      Term &a = arr();
      a = control(&s, "nondets.stream", tm.mkIte(exec, tm.mkStore(a, streamCount, v), a));
      streamTypes =
          control(&s, "nondets.types",
                  tm.mkIte(exec, tm.mkStore(streamTypes, streamCount, tm.mkInt(typeCode(t))), streamTypes));
      streamCount = control(&s, "nondets.count",
                            tm.mkIte(exec, tm.mkApp(Op::Add, streamCount, tm.mkInt(1)), streamCount));
    }
    return {exec, v};
  }

  /// The contents of `new T[n] nondet` (array type `at`) allocated at `node` when `ex1`: a nondet input, the
  /// initial contents at this node, or in a reference run the entry's contents at the same nondet stream
  /// position (when of the same type). Returns the node whose initial contents the array has.
  Term nondetContents(const ir::Stmt &s, ir::Type at, Term node, Term ex1) {
    Term own, src;
    std::tie(own, src) = sharedNondet(s, ex1, at, node, true, "src");
    if (opts.fixedNondets) {
      // the j-th fixed value gives the contents when this is the j-th nondet instance: an image (the
      // elements read are constrained to it: initialElement); another kind of value cannot be one
      const auto &vals = *opts.fixedNondets;
      for (size_t j = 0; j < vals.size(); ++j) {
        Term at_j = tm.mkAnd(own, tm.mkEq(nondetCount, tm.mkInt(static_cast<int64_t>(j))));
        if (vals[j].kind == ir::Type::Array && vals[j].image)
          fixedContents.push_back({at_j, node, at, vals[j].image->fill, &vals[j].image->at});
        else
          input(&s, tm.mkNot(at_j));
      }
      input(&s,
            tm.mkImplies(own, tm.mkApp(Op::Lt, nondetCount, tm.mkInt(static_cast<int64_t>(vals.size())))));
      nondetCount =
          control(&s, "nondets", tm.mkIte(own, tm.mkApp(Op::Add, nondetCount, tm.mkInt(1)), nondetCount));
    }
    enc.nondets.push_back({node, own, at, s.id, ctx, true});
    return src;
  }

  void lengthStmt(const ir::Stmt &s, Term exec) {
    Term sel = selector(s, Part::Value);
    bool over = hasOverride(s, Part::Value);
    ir::Type lt = varType(s.lhs);
    Term base = slot(s.base);
    if (!over)
      check(tm.mkAnd({exec, pc, sel.isNull() ? tm.mkTrue() : sel, tm.mkEq(base, tm.mkInt(0))}),
            CheckKind::NullDeref, s);
    Term len = lengthOf(base);
    Term v;
    if (!ex.bv()) {
      v = ex.convertTerm(len, ir::Type::intType(), lt);
    } else {
      unsigned w = ir::widthOf(lt, ex.mode());
      v = w >= 64 ? len : tm.mkExtract(w - 1, 0, len);
    }
    if (over)
      v = overridden(s, Part::Value, v);
    Term used = tm.mkAnd(exec, pc);
    write(s.lhs, used, value(s, varName(s.lhs), v, sel, used, lt), s);
  }

  void nondetStmt(const ir::Stmt &s, Term exec) {
    ir::Type t = varType(s.lhs);
    Term v = tm.mkFreshVar("nondet." + std::to_string(s.id), ex.sortOf(t));
    inputDomain(v, t, &s);
    if (t.isHeapRef())
      input(&s, refDomain(v, t));
    // With a reference running after the entry: the entry's nondet values are a stream the reference
    // reads from its start (the value at the same position, when of the same type); `own` says whether
    // this instance takes a value of its own (an input).
    Term own, val;
    std::tie(own, val) = sharedNondet(s, exec, t, v, false);
    if (opts.fixedNondets)
      fixNondet(s, own, [&](const ir::Value &x) -> Term {
        if (x.kind == ir::Type::Array)
          return {};
        return tm.mkEq(v, ex.valueTerm(x, t));
      });
    enc.nondets.push_back({v, own, t, s.id, ctx});
    assign(s.lhs, exec, val, s);
  }

  void assumeStmt(const ir::Stmt &s, Term exec) {
    std::vector<Term> dz;
    Term v = expr(s.value, exec, dz);
    divChecks(dz, exec, s);
    condition(&s, Part::Assume, tm.mkImplies(tm.mkAnd(exec, pc), v));
  }

  /// An assert; in the entry's requires block (`entryPre`) a requires is an assumption.
  void assertStmt(const ir::Stmt &s, Term exec, bool entryPre) {
    std::vector<Term> dz;
    Term v = expr(s.value, exec, dz);
    divChecks(dz, exec, s);
    Term ex1 = tm.mkAnd(exec, pc);
    if (entryPre && s.assertKind == ir::AssertKind::Requires) {
      condition(&s, Part::Assume, tm.mkImplies(ex1, v));
      return;
    }
    CheckKind k = s.assertKind == ir::AssertKind::Requires  ? CheckKind::Requires
                  : s.assertKind == ir::AssertKind::Ensures ? CheckKind::Ensures
                                                            : CheckKind::Assert;
    check(tm.mkAnd(ex1, tm.mkNot(v)), k, s, s.message);
  }

  void returnStmt(const ir::Stmt &s, Term exec) {
    frame().returned.push_back(exec);
    pc = control(&s, "pc", tm.mkAnd(pc, tm.mkNot(exec)));
  }

  void haltStmt(const ir::Stmt &s, Term exec) {
    if (!(s.value == ir::Expr{})) { // `halt e`: the entry's status
      Frame &entry = frames.front();
      const ir::Procedure &ep = prog.procs[entry.proc];
      if (ep.result != ir::kNone && ep.vars[ep.result].type.isInt()) {
        ir::Type rt = ep.vars[ep.result].type;
        Term sel = selector(s, Part::Value);
        std::vector<Term> dz;
        Term v = expr(rt == s.value.type ? s.value : ir::Expr::cast(rt, s.value), exec, dz);
        divChecks(dz, exec, s, sel);
        Term ex1 = tm.mkAnd(exec, pc);
        v = value(s, ep.name + "." + ep.vars[ep.result].name, v, sel, ex1, rt);
        Term &r = entry.vars[ep.result];
        r = control(&s, ep.name + "." + ep.vars[ep.result].name, tm.mkIte(ex1, v, r));
      } else {
        std::vector<Term> dz;
        expr(s.value, exec, dz);
        divChecks(dz, exec, s);
      }
    }
    halted.push_back(tm.mkAnd(exec, pc));
    pc = control(&s, "pc", tm.mkAnd(pc, tm.mkNot(exec)));
  }

  /// `break` or `continue`: the paths leave `pc` for the innermost loop's broken or continued paths.
  void jumpStmt(const ir::Stmt &s, Term exec) {
    if (frame().loops.empty())
      throw std::invalid_argument("encode: break/continue outside a loop");
    Loop &l = *frame().loops.back();
    (s.kind == ir::Stmt::Break ? l.broken : l.continued).push_back(exec);
    pc = control(&s, "pc", tm.mkAnd(pc, tm.mkNot(exec)));
  }

  /// A concrete block runs as ordinary statements under exec, never relaxed; paths with a false guard
  /// rejoin afterwards.
  void concreteStmt(const ir::Stmt &s, Term exec, Term pcBefore) {
    Term skipped = tm.mkAnd(pcBefore, tm.mkNot(exec));
    pc = exec;
    ++concreteDepth;
    block(s.body);
    --concreteDepth;
    pc = control(&s, "pc", tm.mkOr(skipped, pc));
  }

  void print(const ir::Stmt &s, Term exec) {
    if (hasOverride(s, Part::Value))
      throw std::invalid_argument("encode: a print cannot have an override");
    std::string err;
    std::optional<std::vector<ir::PrintItem>> items = ir::parsePrintFormat(s.message, err);
    if (!items)
      throw std::invalid_argument("encode: invalid print #" + std::to_string(s.id) + ": " + err);
    Term sel = selector(s, Part::Value);
    std::vector<Term> dz;
    std::vector<std::pair<Term, ir::Type>> args;
    for (const ir::Expr &a : s.args)
      args.emplace_back(expr(a, exec, dz), a.type);
    divChecks(dz, exec, s, sel);
    Term ex1 = tm.mkAnd(exec, pc);
    for (size_t k = 0; k < args.size(); ++k)
      args[k].first = value(s, "print." + std::to_string(s.id) + "." + std::to_string(k), args[k].first, sel,
                            ex1, args[k].second);
    ioStmt = &s;
    IoEncoder::Out o = io.print(out, *items, args);
    ioStmt = nullptr;
    if (!o.state.isNull())
      out.state = control(&s, "out.state", tm.mkIte(ex1, o.state, out.state));
    if (!o.str.isNull())
      out.str = control(&s, "out", tm.mkIte(ex1, o.str, out.str));
    if (!o.count.isNull() && o.bound != out.bound) { // events printed
      out.count = control(&s, "out.count", tm.mkIte(ex1, o.count, out.count));
      out.formats = control(&s, "out.formats", tm.mkIte(ex1, o.formats, out.formats));
      for (size_t k = 0; k < o.values.size(); ++k)
        out.values[k] = control(&s, "out.values", tm.mkIte(ex1, o.values[k], out.values[k]));
      out.bound = o.bound;
    }
  }

  void scan(const ir::Stmt &s, Term exec) {
    if (hasOverride(s, Part::Value))
      throw std::invalid_argument("encode: a scan cannot have an override");
    std::string err;
    std::optional<std::vector<ir::ScanItem>> items = ir::parseScanFormat(s.message, err);
    if (!items)
      throw std::invalid_argument("encode: invalid scan #" + std::to_string(s.id) + ": " + err);
    Term sel = selector(s, Part::Value);
    ir::Type countType = s.lhs.valid() ? varType(s.lhs) : ir::Type::fixedInt(32, true);
    ioStmt = &s;
    IoEncoder::Scan r = io.scan(inPos, *items, countType);
    ioStmt = nullptr;
    Term ex1 = tm.mkAnd(exec, pc);
    for (FreeFloatScan &f : r.freeFloats) {
      f.read = tm.mkAnd(ex1, f.read);
      enc.freeFloatScans.push_back(f);
    }
    for (size_t k = 0; k < s.args.size() && k < r.values.size(); ++k) {
      ir::VarRef x = s.args[k].var;
      ir::Type t = varType(x);
      Term v = tm.mkIte(r.assigned[k], t.isFloat() ? r.values[k] : io.scanned(r, k, t), slot(x));
      assign(x, ex1, value(s, varName(x), v, sel, ex1, t), s);
    }
    if (s.lhs.valid())
      assign(s.lhs, ex1, value(s, varName(s.lhs), r.count, sel, ex1, countType), s);
    inPos = control(&s, "in.pos", tm.mkIte(ex1, r.pos, inPos));
  }

  void call(const ir::Stmt &s, Term exec, Term pcBefore) {
    Term sel = selector(s, Part::Value);
    std::vector<Term> dz, args;
    for (const ir::Expr &a : s.args)
      args.push_back(expr(a, exec, dz));
    divChecks(dz, exec, s, sel);
    Term ex1 = tm.mkAnd(exec, pc);
    Term skipped = tm.mkAnd(pcBefore, tm.mkNot(exec));
    if (recursionTooDeep(s, ex1)) {
      pc = control(&s, "pc", tm.mkOr(skipped, tm.mkAnd(pc, tm.mkNot(exec))));
      return;
    }
    auto [done, result] = inlineBody(s, args, sel, ex1);
    curExec = exec;
    if (s.lhs.valid() && !result.isNull()) {
      if (hasOverride(s, Part::Value))
        result = overridden(s, Part::Value, result);
      write(s.lhs, done, value(s, varName(s.lhs), result, sel, done, varType(s.lhs)), s);
    }
    pc = control(&s, "pc", tm.mkOr(skipped, done));
  }

  /// Whether the call `s` (running where `ex1`) is one recursion level too deep: then an unwinding check.
  bool recursionTooDeep(const ir::Stmt &s, Term ex1) {
    const ir::Procedure &callee = prog.procs.at(s.callee);
    uint32_t depth = 0;
    for (const Frame &f : frames)
      depth += f.proc == s.callee;
    uint32_t bound = opts.boundFor(callee);
    if (depth <= bound)
      return false;
    check(ex1, CheckKind::Unwinding, s,
          "recursion deeper than " + std::to_string(bound) + " (" + opts.howToIncrease(callee) + ")");
    return true;
  }

  /// Two calls of one recursive procedure on exclusive paths (mergePlan), encoded as one inlined body: its
  /// arguments are the first call's where that one runs, else the second's; each result goes to its own
  /// call's variable. Only without relaxation (mergeCalls()).
  void mergedCall(const ir::Stmt &s1, const ir::Stmt &s2) {
    Term pcBefore = pc;
    ex.takeRangeFailures();
    Term e1 = execOf(s1);
    Term e2 = execOf(s2);
    if (tm.isFalse(e1) || tm.isFalse(e2)) { // one of them cannot run here: the other alone
      if (!tm.isFalse(e1))
        call(s1, e1, pcBefore);
      else if (!tm.isFalse(e2))
        call(s2, e2, pcBefore);
      return;
    }
    std::vector<Term> dz1, dz2, args;
    for (size_t k = 0; k < s1.args.size(); ++k) {
      Term a1 = expr(s1.args[k], e1, dz1);
      divChecks(dz1, e1, s1);
      dz1.clear();
      Term a2 = expr(s2.args[k], e2, dz2);
      divChecks(dz2, e2, s2);
      dz2.clear();
      args.push_back(tm.mkIte(e1, a1, a2));
    }
    Term exec = control(&s2, "exec.merged", tm.mkOr(e1, e2));
    Term skipped = tm.mkAnd(pcBefore, tm.mkNot(exec));
    bool deep1 = recursionTooDeep(s1, tm.mkAnd(e1, pc));
    bool deep2 = recursionTooDeep(s2, tm.mkAnd(e2, pc));
    if (deep1 || deep2) {
      pc = control(&s2, "pc", tm.mkOr(skipped, tm.mkAnd(pc, tm.mkNot(exec))));
      return;
    }
    ++enc.mergedCalls;
    auto [done, result] = inlineBody(s1, args, Term{}, tm.mkAnd(exec, pc));
    curExec = exec;
    if (!result.isNull())
      for (const ir::Stmt *s : {&s1, &s2})
        if (s->lhs.valid()) {
          Term here = tm.mkAnd(done, s == &s1 ? e1 : e2);
          assign(s->lhs, here, value(*s, varName(s->lhs), result, Term{}, here, varType(s->lhs)), *s);
        }
    pc = control(&s2, "pc", tm.mkOr(skipped, done));
  }

  /// The callee of `s` inlined with these arguments where `ex1`: the paths that return, and its result (null
  /// when it has none).
  std::pair<Term, Term> inlineBody(const ir::Stmt &s, const std::vector<Term> &args, Term sel, Term ex1) {
    const ir::Procedure &callee = prog.procs.at(s.callee);
    Frame fr;
    fr.proc = s.callee;
    for (const ir::Var &v : callee.vars)
      fr.vars.push_back(ex.defaultTerm(v.type));
    for (size_t k = 0; k < callee.params.size() && k < args.size(); ++k) {
      const ir::Var &param = callee.vars[callee.params[k]];
      std::string name = callee.name + "." + param.name;
      fr.vars[callee.params[k]] = control(&s, name, value(s, name, args[k], sel, ex1, param.type));
    }
    uint32_t outer = ctx;
    frames.push_back(std::move(fr));
    ctx = enc.contexts.child(outer, s.id, 0);
    pc = ex1;
    cutAt(s, StateCut::CalleeStart, outer);
    procBody(false);
    Term done = pc;
    Term result = callee.result != ir::kNone ? frame().vars[callee.result] : Term{};
    frames.pop_back();
    ctx = outer;
    return {done, result};
  }

  /// EncodeOptions::induction at loop `s` (running on the paths `exec`): whether this is its instance; if
  /// so, the state becomes arbitrary there.
  bool inductionStart(const ir::Stmt &s, Term exec) {
    if (!opts.induction || opts.induction->loop != s.id || enc.induction.reached || tm.isFalse(exec) ||
        enc.contexts.path(ctx) != opts.induction->context)
      return false;
    enc.induction.reached = true;
    enc.induction.here = exec;
    enc.induction.firstCheck = enc.checks.size();
    std::vector<Term> domain; // what every reachable state at the loop's head satisfies
    freshVariables([&](CutValue v, const std::string &name) {
      Term fresh = tm.mkFreshVar("step." + name, ex.sortOf(v.type));
      if (v.type.isHeapRef())
        refs.push_back({fresh, v.type});
      return control(&s, name, tm.mkIte(exec, fresh, v.before));
    });
    inductionHeap(s, exec, domain);
    for (const auto &[v, t] : refs)
      domain.push_back(refDomain(v, t));
    refs.clear();
    if (!domain.empty())
      condition(&s, Part::Assume, tm.mkImplies(exec, tm.mkAnd(domain)));
    return true;
  }
  std::vector<std::pair<Term, ir::Type>> refs; ///< inductionStart: the fresh references

  /// The heap of records at the step's arbitrary state (verify gives the step no program with arrays): the
  /// allocation count any value from the input nodes' to the heap bound's, every field of every node any
  /// value — a reference null or an allocated node of its record — up to the count, the default beyond it,
  /// the record of every node but an input node arbitrary. Every state a run reaches satisfies this: the
  /// heap-bound check stops a run before its count passes the bound, a node's fields are written only once
  /// it is allocated, and references are typed.
  void inductionHeap(const ir::Stmt &s, Term exec, std::vector<Term> &domain) {
    if (prog.records.empty())
      return;
    const int64_t limit = static_cast<int64_t>(opts.heapSlots) + preallocCount;
    Term count = tm.mkFreshVar("step.alloc", tm.intSort());
    allocCount = control(&s, "alloc", tm.mkIte(exec, count, allocCount));
    domain.push_back(tm.mkApp(Op::Ge, count, tm.mkInt(preallocCount)));
    domain.push_back(tm.mkApp(Op::Le, count, tm.mkInt(limit)));
    Term before = nodeRec;
    Term rec = tm.mkFreshVar("step.noderec", tm.sort(nodeRec));
    nodeRec = control(&s, "noderec", tm.mkIte(exec, rec, nodeRec));
    for (int64_t n = 1; n <= preallocCount; ++n)
      domain.push_back(tm.mkEq(tm.mkSelect(rec, tm.mkInt(n)), tm.mkSelect(before, tm.mkInt(n))));
    for (size_t r = 0; r < prog.records.size(); ++r)
      for (size_t f = 0; f < prog.records[r].fields.size(); ++f) {
        const ir::Field &field = prog.records[r].fields[f];
        Term &arr = fields.at(r).at(f);
        Term fresh = tm.mkFreshVar("step.heap." + prog.records[r].name + "." + field.name, tm.sort(arr));
        arr = control(&s, "heap." + field.name, tm.mkIte(exec, fresh, arr));
        for (int64_t n = 1; n <= limit + 1; ++n) {
          Term node = tm.mkInt(n), v = tm.mkSelect(fresh, node);
          Term allocated = tm.mkApp(Op::Le, node, count);
          domain.push_back(tm.mkImplies(tm.mkNot(allocated), tm.mkEq(v, ex.defaultTerm(field.type))));
          if (field.type.isHeapRef())
            domain.push_back(tm.mkImplies(allocated, refDomain(v, field.type)));
        }
      }
  }

  void loop(const ir::Stmt &s, Term exec, Term pcBefore) {
    Term skipped = tm.mkAnd(pcBefore, tm.mkNot(exec));
    std::vector<Term> exits{skipped};
    Loop l;
    frame().loops.push_back(&l);
    std::vector<Term> dz;
    bool step = inductionStart(s, exec);
    Term cur = exec; // paths about to read the condition
    const bool hasInvariant = !(s.invariant == ir::Expr{});
    // The loop's invariant at a head: the paths `cur` where it fails fail an Assert check (its division
    // checks first); the others go on. At the step's arbitrary state it is assumed instead.
    auto headInvariant = [&](bool assumed) {
      if (!hasInvariant || tm.isFalse(cur))
        return;
      std::vector<Term> idz;
      Term v = expr(s.invariant, cur, idz);
      pc = cur;
      if (assumed) {
        cur = control(&s, "pc", tm.mkAnd(cur, v));
        return;
      }
      divChecks(idz, cur, s);
      check(tm.mkAnd(pc, tm.mkNot(v)), CheckKind::Assert, s, "loop invariant does not hold");
      cur = pc;
    };
    uint32_t outer = ctx;
    uint32_t bound = step ? opts.induction->k + 1 : opts.boundFor(s);
    bool goalSet = false;
    for (uint32_t i = 0; i < bound && !tm.isFalse(cur); ++i) {
      if (step && i == bound - 1) { // the (k + 1)-th iteration and everything after it: the step's goal
        enc.induction.firstGoalCheck = enc.checks.size();
        goalSet = true;
      }
      headInvariant(step && i == 0);
      Term c = expr(s.value, tm.mkTrue(), dz);
      if (!step || i == bound - 1) // the step drops the paths that leave before k iterations
        exits.push_back(tm.mkAnd(cur, tm.mkNot(c)));
      ctx = enc.contexts.child(outer, s.id, i);
      pc = control(&s, "pc", tm.mkAnd(cur, c));
      l.continued.clear();
      block(s.body);
      cur = control(&s, "pc", orAll(tm, pc, l.continued));
      ctx = outer;
    }
    frame().loops.pop_back();
    curExec = exec;
    if (step && !goalSet) // no path runs k iterations: the goal is what follows the loop
      enc.induction.firstGoalCheck = enc.checks.size();
    if (!tm.isFalse(cur) && !step) {
      headInvariant(false); // the head after the last iteration the bound allows
      Term c = expr(s.value, tm.mkTrue(), dz);
      exits.push_back(tm.mkAnd(cur, tm.mkNot(c)));
      pc = cur;
      check(tm.mkAnd(cur, c), CheckKind::Unwinding, s,
            "loop not finished after " + std::to_string(bound) + " iterations (" + opts.howToIncrease(s) +
                ")");
    }
    exits.insert(exits.end(), l.broken.begin(), l.broken.end());
    pc = control(&s, "pc", tm.mkOr(exits));
  }
};

} // namespace

Encoding encode(const ir::Program &prog, uint32_t entry, TermManager &tm, const EncodeOptions &opts) {
  return Encoder(prog, tm, opts).run(entry);
}

namespace {

/// The shortest `%.Ng` rendering of the float v of type t that glibc's scanf reads back as exactly v (the
/// sign of zero included) and that stops before `after`, or failing that, when `separate`, one followed by
/// a space; nullopt when there is none.
std::optional<std::string> spellFloat(const ir::BigInt &v, ir::Type t, const std::string &after,
                                      bool separate) {
  double d = ir::toDouble(ir::floatBits(v, t), t);
  for (int digits = 1; digits <= 17; ++digits) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*g", digits, d);
    std::string text = buf;
    auto readsAs = [&](const std::string &rest) {
      size_t at = 0;
      bool eof = false;
      std::optional<ir::BigInt> r = ir::scanFloat(text + rest, at, t.bits, 0, eof);
      return r && *r == v && at == text.size();
    };
    if (!readsAs(""))
      continue;
    if (readsAs(after))
      return text;
    if (separate && readsAs(" " + after))
      return text + " ";
    return std::nullopt;
  }
  return std::nullopt;
}

/// The model's input with the text of each successful float conversion on free input (whose value the model
/// chose freely) replaced by a spelling of its value: in ascending order of position, overlapping ones left
/// as they are, and one whose spelling the next byte would extend left too (unless what reads next skips
/// white space: then a space follows it). The replay decides whether the result reads as the model did.
std::string spellFloatScans(const Encoding &enc, backends::Solver &s, std::string input) {
  struct Read {
    int64_t start, end;
    ir::BigInt value;
    ir::Type type;
    bool spaceNext;
  };
  std::vector<Read> reads;
  for (const FreeFloatScan &f : enc.freeFloatScans) {
    if (!s.value(f.read).boolean)
      continue;
    std::optional<int64_t> q = s.value(f.start).asInt64(), e = s.value(f.end).asInt64();
    ir::Type t = ir::Type::floatType(static_cast<uint8_t>(f.width));
    std::optional<ir::Value> v = modelValue(s.value(f.value), t);
    if (!q || !e || !v || *q < 0 || *q >= *e || *e > static_cast<int64_t>(input.size()))
      throw std::runtime_error("cannot read a float conversion of the input");
    reads.push_back({*q, *e, v->i, t, f.spaceNext});
  }
  std::stable_sort(reads.begin(), reads.end(),
                   [](const Read &a, const Read &b) { return a.start < b.start; });
  std::vector<Read> kept; // disjoint, ascending (two runs reading the same input read the same conversion)
  for (const Read &r : reads)
    if (kept.empty() || r.start >= kept.back().end)
      kept.push_back(r);
  // From the last to the first, so that the text after each one is final when it is spelled.
  for (size_t k = kept.size(); k-- > 0;) {
    const Read &r = kept[k];
    // a later conversion starting right here skips white space first
    bool separate = r.spaceNext || (k + 1 < kept.size() && kept[k + 1].start == r.end);
    std::string after = input.substr(static_cast<size_t>(r.end));
    if (std::optional<std::string> text = spellFloat(r.value, r.type, after, separate))
      input = input.substr(0, static_cast<size_t>(r.start)) + *text + after;
  }
  return input;
}

/// The model's token input as bytes: white space as spaces, a digit run as its value's decimal with leading
/// zeros to its length (all nines for a value capped at 2^63, which needs 19 digits or more), other bytes as
/// they are.
std::string spellTokens(const InputTokens &t, backends::Solver &s) {
  std::optional<int64_t> count = s.value(t.count).asInt64();
  if (!count || *count < 0 || *count > static_cast<int64_t>(t.len.size()))
    throw std::runtime_error("cannot read the number of input tokens");
  std::string input;
  for (size_t j = 0; j < static_cast<size_t>(*count); ++j) {
    std::optional<int64_t> len = s.value(t.len[j]).asInt64();
    if (!len || *len < 1 || *len > static_cast<int64_t>(t.len.size()))
      throw std::runtime_error("cannot read the length of input token " + std::to_string(j));
    auto n = static_cast<size_t>(*len);
    if (s.value(t.space[j]).boolean) {
      input += std::string(n, ' ');
    } else if (s.value(t.digits[j]).boolean) {
      std::optional<ir::Value> v = modelValue(s.value(t.value[j]), ir::Type::fixedInt(64, false));
      if (!v)
        throw std::runtime_error("cannot read the value of input token " + std::to_string(j));
      std::string digits = v->i.toString();
      if (digits.size() > n) // the cap 2^63: any longer run reads as it
        digits = std::string(n, '9');
      input += std::string(n - digits.size(), '0') + digits;
    } else {
      std::optional<ir::Value> b = modelValue(s.value(t.byte[j]), ir::Type::fixedInt(8, false));
      if (!b)
        throw std::runtime_error("cannot read input token " + std::to_string(j));
      input += static_cast<char>(b->i.toInt64().value_or(0));
    }
  }
  return input;
}

} // namespace

Counterexample extractCounterexample(const Encoding &enc, backends::Solver &s, const ir::Program &prog) {
  Counterexample cx;
  const ir::Procedure &p = prog.procs.at(enc.entry);
  for (size_t k = 0; k < enc.args.size(); ++k) {
    ir::Type t = p.vars[p.params[k]].type;
    std::optional<ir::Value> v = modelValue(s.value(enc.args[k]), t);
    if (!v)
      throw std::runtime_error("cannot read the value of argument '" + p.vars[p.params[k]].name + "'");
    cx.args.push_back(*v);
  }
  // The initial contents the run read, per source node (input arrays, `new T[n] nondet` arrays).
  std::map<uint32_t, std::map<int64_t, ir::Value>> initial;
  for (const ArrayRead &r : enc.arrayReads) {
    if (!s.value(r.exec).boolean)
      continue;
    std::optional<int64_t> src = s.value(r.src).asInt64();
    std::optional<ir::Value> idx = modelValue(s.value(r.index), ir::Type::intType());
    if (!idx && s.value(r.index).kind == backends::Value::Kind::BitVec)
      idx = modelValue(s.value(r.index), ir::Type::fixedInt(64, true));
    std::optional<int64_t> i = idx ? idx->i.toInt64() : std::nullopt;
    if (idx && (!i || *i < 0 || *i >= ir::kMaxArrayLength))
      continue; // a relaxed read (its checks off) at a place no array has
    std::optional<ir::Value> v = modelValue(s.value(r.initial), r.type.elemType());
    if (!src || !i || !v)
      throw std::runtime_error("cannot read an element of an array's initial contents");
    initial[static_cast<uint32_t>(*src)].emplace(*i, *v);
  }
  for (const InputNode &n : enc.inputNodes) {
    if (n.type.isArray()) {
      ir::HeapNode h;
      h.type = n.type;
      std::optional<ir::Value> len = modelValue(s.value(n.length), ir::Type::intType());
      if (!len && s.value(n.length).kind == backends::Value::Kind::BitVec)
        len = modelValue(s.value(n.length), ir::Type::fixedInt(64, true));
      if (!len || !len->i.toInt64())
        throw std::runtime_error("cannot read the length of input array n" + std::to_string(n.id));
      h.length = *len->i.toInt64();
      for (auto &[i, v] : initial[n.id])
        if (i >= 0 && i < h.length)
          h.elems.emplace(i, v);
      cx.heap.push_back(std::move(h));
      continue;
    }
    ir::HeapNode h;
    h.record = n.record;
    const ir::Record &rec = prog.records.at(n.record);
    for (size_t f = 0; f < n.fields.size(); ++f) {
      std::optional<ir::Value> v = modelValue(s.value(n.fields[f]), rec.fields[f].type);
      if (!v)
        throw std::runtime_error("cannot read field '" + rec.fields[f].name + "' of input node n" +
                                 std::to_string(n.id));
      h.fields.push_back(*v);
    }
    cx.heap.push_back(std::move(h));
  }
  for (const NondetInput &n : enc.nondets) {
    if (!s.value(n.executed).boolean)
      continue;
    if (n.contents) { // the contents of a `new T[n] nondet`: the elements the run read
      std::optional<int64_t> node = s.value(n.value).asInt64();
      if (!node)
        throw std::runtime_error("cannot read the array of statement #" + std::to_string(n.stmt));
      auto img = std::make_shared<ir::ArrayImage>();
      ir::Type e = n.type.elemType();
      img->fill = ir::defaultOf(e);
      img->at = initial[static_cast<uint32_t>(*node)];
      cx.nondets.push_back(ir::Value::ofImage(std::move(img)));
      continue;
    }
    std::optional<ir::Value> v = modelValue(s.value(n.value), n.type);
    if (!v)
      throw std::runtime_error("cannot read a nondet value of statement #" + std::to_string(n.stmt));
    cx.nondets.push_back(*v);
  }
  if (!enc.inputLen.isNull()) {
    std::optional<ir::Value> len = modelValue(s.value(enc.inputLen), ir::Type::intType());
    if (!len || len->i < 0 || len->i > ir::BigInt(static_cast<int64_t>(enc.inputBytes.size())))
      throw std::runtime_error("cannot read the length of the input");
    int64_t n = len->i.toInt64().value_or(0);
    for (int64_t i = 0; i < n; ++i) {
      std::optional<ir::Value> b = modelValue(s.value(enc.inputBytes[i]), ir::Type::fixedInt(8, false));
      if (!b)
        throw std::runtime_error("cannot read input byte " + std::to_string(i));
      cx.input += static_cast<char>(b->i.toInt64().value_or(0));
    }
    cx.input = spellFloatScans(enc, s, std::move(cx.input));
  }
  if (enc.inputTokens)
    cx.input = spellTokens(*enc.inputTokens, s);
  for (size_t i = 0; i < enc.checks.size(); ++i)
    if (s.value(enc.checks[i].failed).boolean) {
      cx.failedCheck = static_cast<int>(i);
      break;
    }
  return cx;
}

} // namespace locus::encoder

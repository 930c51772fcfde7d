// BMC encoding of IR: inlining, unrolling, SSA with guarded updates, a versioned heap, checked failures.
#include "backends/encoder/encoder.h"

#include <cstdint>
#include <limits>
#include <stdexcept>

namespace locus::encoder {

using backends::Op;
using backends::Sort;
using backends::TermManager;

const char *originName(OriginKind k) {
  switch (k) {
  case OriginKind::Assign: return "assign";
  case OriginKind::Guard: return "guard";
  case OriginKind::Phi: return "phi";
  case OriginKind::Input: return "input";
  case OriginKind::Assert: return "assert";
  case OriginKind::Assume: return "assume";
  }
  return "?";
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
  default: return ir::FailureKind::None;
  }
}

void Encoding::assertTo(backends::Solver &s, bool withSelectors) const {
  TermManager &tm = s.terms();
  for (const Constraint &c : constraints) {
    Term sel = withSelectors ? selector(c.origin.stmt) : Term{};
    s.assertFormula(sel.isNull() ? c.term : tm.mkImplies(sel, c.term));
  }
}

Term Encoding::selector(ir::StmtId id) const {
  auto it = selectors.find(id);
  return it == selectors.end() ? Term{} : it->second;
}

namespace {

class Encoder {
public:
  Encoder(const ir::Program &p, TermManager &t, const EncodeOptions &o)
      : prog(p), tm(t), opts(o), ex(t, o.ints) {}

  Encoding run(uint32_t entry) {
    if (entry >= prog.procs.size())
      throw std::invalid_argument("encode: no procedure with index " + std::to_string(entry));
    enc.entry = entry;
    for (const ir::Var &g : prog.globals)
      globals.push_back(defaultTerm(g.type));
    // Heap: one array per field, every node's field at its default until written; node record types.
    for (const ir::Record &r : prog.records) {
      std::vector<Term> fs;
      for (const ir::Field &f : r.fields)
        fs.push_back(tm.mkConstArray(tm.arraySort(tm.intSort(), sortOf(f.type)), defaultTerm(f.type)));
      fields.push_back(std::move(fs));
    }
    nodeRec = tm.mkConstArray(tm.arraySort(tm.intSort(), tm.intSort()), tm.mkInt(-1));
    nondetCount = tm.mkInt(0);
    pc = tm.mkTrue();
    enc.smallInputs = tm.mkVar("small.inputs", tm.boolSort());
    enc.tinyInputs = tm.mkVar("tiny.inputs", tm.boolSort());

    const ir::Procedure &p = prog.procs[entry];
    inputHeap(p);
    allocCount = tm.mkInt(static_cast<int64_t>(enc.inputNodes.size()));
    Frame fr;
    fr.proc = entry;
    for (const ir::Var &v : p.vars)
      fr.vars.push_back(defaultTerm(v.type));
    for (size_t k = 0; k < p.params.size(); ++k) {
      const ir::Var &v = p.vars[p.params[k]];
      Term a;
      if (v.type.isRef()) {
        a = inputRef("in." + v.name, v.type);
        if (opts.fixedArgs && k < opts.fixedArgs->size())
          add(tm.mkEq(a, valueTerm((*opts.fixedArgs)[k], v.type)), {0, OriginKind::Input});
      } else {
        a = tm.mkFreshVar("in." + v.name, sortOf(v.type));
        inputDomain(a, v.type, 0);
        if (opts.fixedArgs && k < opts.fixedArgs->size())
          add(tm.mkEq(a, valueTerm((*opts.fixedArgs)[k], v.type)), {0, OriginKind::Input});
      }
      fr.vars[p.params[k]] = a;
      enc.args.push_back(a);
    }
    frames.push_back(std::move(fr));
    procBody(true);
    enc.finalEntryVars = frames.back().vars;
    enc.finalGlobals = globals;
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
  Encoding enc;
  std::vector<Term> globals;
  std::vector<std::vector<Term>> fields;
  Term nodeRec, allocCount, nondetCount, pc;
  std::map<uint32_t, std::vector<uint32_t>> inputIds; ///< record → its input nodes' ids
  std::vector<Frame> frames;

  // ---- helpers ------------------------------------------------------------------------------------

  Sort sortOf(ir::Type t) { return ex.sortOf(t); }
  Term intConst(int64_t v) { return ex.intConst(v); }
  Term defaultTerm(ir::Type t) { return ex.defaultTerm(t); }
  Term valueTerm(const ir::Value &v, ir::Type t) { return ex.valueTerm(v, t); }

  void add(Term t, Origin o) {
    if (tm.isTrue(t))
      return;
    enc.constraints.push_back({t, o});
    if (o.stmt != 0 && !enc.selectors.count(o.stmt))
      enc.selectors[o.stmt] = tm.mkVar("sel!" + std::to_string(o.stmt), tm.boolSort());
  }
  /// A fresh variable defined equal to `value` (constants are returned as they are).
  Term define(const std::string &name, Term value, Origin o) {
    auto k = tm.op(value);
    if (k == Op::BoolConst || k == Op::IntConst || k == Op::BvConst || k == Op::Var)
      return value;
    Term v = tm.mkFreshVar(name, tm.sort(value));
    add(tm.mkEq(v, value), o);
    return v;
  }

  Frame &frame() { return frames.back(); }
  const ir::Procedure &proc() { return prog.procs[frame().proc]; }
  std::string varName(ir::VarRef v) {
    return v.global ? prog.globals[v.index].name : proc().name + "." + proc().vars[v.index].name;
  }
  Term &slot(ir::VarRef v) { return v.global ? globals.at(v.index) : frame().vars.at(v.index); }
  ir::Type varType(ir::VarRef v) { return prog.var(proc(), v).type; }

  /// Math ints: an input is an int64 (the interpreter's range); under smallInputs an int32.
  /// The input nodes: `opts.inputNodes` per record type reachable from the entry's reference parameters,
  /// with free field values (a reference field: null or an input node of its type).
  void inputHeap(const ir::Procedure &p) {
    std::vector<bool> reach(prog.records.size(), false);
    std::vector<uint32_t> todo;
    for (uint32_t k : p.params)
      if (p.vars[k].type.isRef() && opts.inputNodes > 0)
        todo.push_back(p.vars[k].type.record);
    while (!todo.empty()) {
      uint32_t r = todo.back();
      todo.pop_back();
      if (r >= reach.size() || reach[r])
        continue;
      reach[r] = true;
      for (const ir::Field &f : prog.records[r].fields)
        if (f.type.isRef())
          todo.push_back(f.type.record);
    }
    for (uint32_t r = 0; r < reach.size(); ++r)
      for (uint32_t k = 0; reach[r] && k < opts.inputNodes; ++k) {
        uint32_t id = static_cast<uint32_t>(enc.inputNodes.size()) + 1;
        inputIds[r].push_back(id);
        enc.inputNodes.push_back(InputNode{id, r, {}});
        nodeRec = tm.mkStore(nodeRec, tm.mkInt(id), tm.mkInt(r));
      }
    for (InputNode &n : enc.inputNodes) {
      const ir::Record &rec = prog.records[n.record];
      for (size_t f = 0; f < rec.fields.size(); ++f) {
        ir::Type t = rec.fields[f].type;
        std::string name = "in.n" + std::to_string(n.id) + "." + rec.fields[f].name;
        Term v = t.isRef() ? inputRef(name, t) : tm.mkFreshVar(name, sortOf(t));
        if (!t.isRef())
          inputDomain(v, t, 0);
        n.fields.push_back(v);
        fields[n.record][f] = tm.mkStore(fields[n.record][f], tm.mkInt(n.id), v);
      }
    }
  }

  /// A free reference input of type `t`: null or one of the input nodes of its record.
  Term inputRef(const std::string &name, ir::Type t) {
    auto it = inputIds.find(t.record);
    if (it == inputIds.end())
      return tm.mkInt(0);
    Term v = tm.mkFreshVar(name, tm.intSort());
    std::vector<Term> options{tm.mkEq(v, tm.mkInt(0))};
    for (uint32_t id : it->second)
      options.push_back(tm.mkEq(v, tm.mkInt(id)));
    add(tm.mkOr(options), {0, OriginKind::Input});
    return v;
  }

  void inputDomain(Term v, ir::Type t, ir::StmtId stmt) {
    InputDomain d = ex.inputDomain(v, t);
    if (!d.always.isNull())
      add(d.always, {stmt, OriginKind::Input});
    if (!d.small.isNull())
      add(tm.mkImplies(enc.smallInputs, d.small), {stmt, OriginKind::Input});
    if (!d.tiny.isNull())
      add(tm.mkImplies(enc.tinyInputs, d.tiny), {stmt, OriginKind::Input});
  }

  // ---- expressions ------------------------------------------------------------------------------

  /// Encodes `e` in the current state (see ExprEncoder::expr).
  Term expr(const ir::Expr &e, Term reach, std::vector<Term> &dz) {
    return ex.expr(
        e, [this](ir::VarRef v) { return slot(v); }, reach, dz);
  }

  // ---- checks and control --------------------------------------------------------------------------

  /// A check failing when `cond` holds (cond already includes the path condition). The execution stops
  /// on failure: pc becomes pc ∧ ¬failed.
  void check(Term cond, CheckKind kind, const ir::Stmt &s, std::string message = {}) {
    if (tm.isFalse(cond))
      return;
    if (isBoundCheck(kind) && !opts.unwindingAssertions) {
      add(tm.mkNot(cond), {s.id, OriginKind::Assume});
      pc = tm.mkAnd(pc, tm.mkNot(cond));
      return;
    }
    Term f = tm.mkFreshVar("fail." + std::to_string(s.id), tm.boolSort());
    add(tm.mkEq(f, cond), {s.id, OriginKind::Assert});
    enc.checks.push_back({f, kind, s.id, frame().proc, std::move(message)});
    pc = define("pc", tm.mkAnd(pc, tm.mkNot(f)), {s.id, OriginKind::Guard});
  }
  void divChecks(const std::vector<Term> &dz, Term exec, const ir::Stmt &s) {
    if (!dz.empty())
      check(tm.mkAnd(exec, tm.mkOr(dz)), CheckKind::DivByZero, s);
  }
  /// The guard condition of `s` under the current pc.
  Term execOf(const ir::Stmt &s) {
    std::vector<Term> dz;
    Term g = expr(s.guard, tm.mkTrue(), dz);
    return define("exec." + std::to_string(s.id), tm.mkAnd(pc, g), {s.id, OriginKind::Guard});
  }
  void assign(ir::VarRef v, Term exec, Term value, const ir::Stmt &s) {
    Term &x = slot(v);
    x = define(varName(v), tm.mkIte(exec, value, x), {s.id, OriginKind::Assign});
  }
  static Term orAll(TermManager &tm, Term base, const std::vector<Term> &more) {
    std::vector<Term> v{base};
    v.insert(v.end(), more.begin(), more.end());
    return tm.mkOr(v);
  }

  // ---- statements --------------------------------------------------------------------------------

  void procBody(bool isEntry) {
    const ir::Procedure &p = proc();
    for (const ir::Stmt &s : p.pre)
      stmt(s, isEntry);
    block(p.body);
    Term afterBody = orAll(tm, pc, frame().returned);
    pc = define("pc", afterBody, {0, OriginKind::Phi});
    for (const ir::Stmt &s : p.post)
      stmt(s, false);
  }

  void block(const std::vector<ir::Stmt> &stmts) {
    for (const ir::Stmt &s : stmts) {
      if (tm.isFalse(pc))
        return;
      stmt(s, false);
    }
  }

  void stmt(const ir::Stmt &s, bool entryPre) {
    Term exec = execOf(s);
    if (tm.isFalse(exec))
      return;
    Term pcBefore = pc;
    switch (s.kind) {
    case ir::Stmt::Assign: {
      std::vector<Term> dz;
      Term v = expr(s.value, exec, dz);
      divChecks(dz, exec, s);
      assign(s.lhs, tm.mkAnd(exec, pc), v, s);
      break;
    }
    case ir::Stmt::GetField: {
      Term base = slot(s.base);
      check(tm.mkAnd(exec, tm.mkEq(base, tm.mkInt(0))), CheckKind::NullDeref, s);
      uint32_t rec = varType(s.base).record;
      assign(s.lhs, tm.mkAnd(exec, pc), tm.mkSelect(fields.at(rec).at(s.field), base), s);
      break;
    }
    case ir::Stmt::PutField: {
      Term base = slot(s.base);
      check(tm.mkAnd(exec, tm.mkEq(base, tm.mkInt(0))), CheckKind::NullDeref, s);
      std::vector<Term> dz;
      Term ex = tm.mkAnd(exec, pc);
      Term v = expr(s.value, ex, dz);
      divChecks(dz, ex, s);
      ex = tm.mkAnd(exec, pc);
      uint32_t rec = varType(s.base).record;
      Term &arr = fields.at(rec).at(s.field);
      arr =
          define(prog.records[rec].name + "." + prog.records[rec].fields[s.field].name,
                 tm.mkStore(arr, base, tm.mkIte(ex, v, tm.mkSelect(arr, base))), {s.id, OriginKind::Assign});
      break;
    }
    case ir::Stmt::New: {
      int64_t limit = static_cast<int64_t>(opts.heapSlots + enc.inputNodes.size());
      check(tm.mkAnd(exec, tm.mkApp(Op::Ge, allocCount, tm.mkInt(limit))), CheckKind::HeapBound, s,
            "more than " + std::to_string(opts.heapSlots) + " nodes allocated (increase --heap)");
      Term ex = tm.mkAnd(exec, pc);
      Term node = tm.mkApp(Op::Add, allocCount, tm.mkInt(1));
      nodeRec = define("noderec", tm.mkStore(nodeRec, node, tm.mkInt(s.record)), {s.id, OriginKind::Assign});
      assign(s.lhs, ex, node, s);
      allocCount = define("alloc", tm.mkIte(ex, node, allocCount), {s.id, OriginKind::Assign});
      break;
    }
    case ir::Stmt::Nondet: {
      ir::Type t = varType(s.lhs);
      Term v = tm.mkFreshVar("nondet." + std::to_string(s.id), sortOf(t));
      Origin in{s.id, OriginKind::Input};
      inputDomain(v, t, s.id);
      if (t.isRef())
        add(tm.mkOr(tm.mkEq(v, tm.mkInt(0)),
                    tm.mkAnd({tm.mkApp(Op::Ge, v, tm.mkInt(1)), tm.mkApp(Op::Le, v, allocCount),
                              tm.mkEq(tm.mkSelect(nodeRec, v), tm.mkInt(t.record))})),
            in);
      if (opts.fixedNondets) {
        const auto &vals = *opts.fixedNondets;
        for (size_t j = 0; j < vals.size(); ++j)
          add(tm.mkImplies(tm.mkAnd(exec, tm.mkEq(nondetCount, tm.mkInt(static_cast<int64_t>(j)))),
                           tm.mkEq(v, valueTerm(vals[j], t))),
              in);
        add(tm.mkImplies(exec, tm.mkApp(Op::Lt, nondetCount, tm.mkInt(static_cast<int64_t>(vals.size())))),
            in);
        nondetCount =
            define("nondets", tm.mkIte(exec, tm.mkApp(Op::Add, nondetCount, tm.mkInt(1)), nondetCount), in);
      }
      enc.nondets.push_back({v, exec, t, s.id});
      assign(s.lhs, exec, v, s);
      break;
    }
    case ir::Stmt::Assume: {
      std::vector<Term> dz;
      Term v = expr(s.value, exec, dz);
      divChecks(dz, exec, s);
      add(tm.mkImplies(tm.mkAnd(exec, pc), v), {s.id, OriginKind::Assume});
      break;
    }
    case ir::Stmt::Assert: {
      std::vector<Term> dz;
      Term v = expr(s.value, exec, dz);
      divChecks(dz, exec, s);
      Term ex = tm.mkAnd(exec, pc);
      if (entryPre && s.assertKind == ir::AssertKind::Requires) {
        add(tm.mkImplies(ex, v), {s.id, OriginKind::Assume});
        break;
      }
      CheckKind k = s.assertKind == ir::AssertKind::Requires  ? CheckKind::Requires
                    : s.assertKind == ir::AssertKind::Ensures ? CheckKind::Ensures
                                                              : CheckKind::Assert;
      check(tm.mkAnd(ex, tm.mkNot(v)), k, s, s.message);
      break;
    }
    case ir::Stmt::Call: call(s, exec, pcBefore); break;
    case ir::Stmt::Return:
      frame().returned.push_back(exec);
      pc = define("pc", tm.mkAnd(pc, tm.mkNot(exec)), {s.id, OriginKind::Guard});
      break;
    case ir::Stmt::Halt: pc = define("pc", tm.mkAnd(pc, tm.mkNot(exec)), {s.id, OriginKind::Guard}); break;
    case ir::Stmt::Skip: break;
    case ir::Stmt::Break:
    case ir::Stmt::Continue: {
      if (frame().loops.empty())
        throw std::invalid_argument("encode: break/continue outside a loop");
      Loop &l = *frame().loops.back();
      (s.kind == ir::Stmt::Break ? l.broken : l.continued).push_back(exec);
      pc = define("pc", tm.mkAnd(pc, tm.mkNot(exec)), {s.id, OriginKind::Guard});
      break;
    }
    case ir::Stmt::While: loop(s, exec, pcBefore); break;
    case ir::Stmt::Concrete: {
      // Runs as ordinary statements under exec; paths with a false guard rejoin afterwards.
      Term skipped = tm.mkAnd(pcBefore, tm.mkNot(exec));
      pc = exec;
      block(s.body);
      pc = define("pc", tm.mkOr(skipped, pc), {s.id, OriginKind::Phi});
      break;
    }
    }
  }

  void call(const ir::Stmt &s, Term exec, Term pcBefore) {
    std::vector<Term> dz, args;
    for (const ir::Expr &a : s.args)
      args.push_back(expr(a, exec, dz));
    divChecks(dz, exec, s);
    Term ex = tm.mkAnd(exec, pc);
    Term skipped = tm.mkAnd(pcBefore, tm.mkNot(exec));
    uint32_t depth = 0;
    for (const Frame &f : frames)
      depth += f.proc == s.callee;
    const ir::Procedure &callee = prog.procs.at(s.callee);
    uint32_t bound = opts.boundFor(callee);
    if (depth > bound) {
      check(ex, CheckKind::Unwinding, s,
            "recursion deeper than " + std::to_string(bound) + " (" + opts.howToIncrease(callee) + ")");
      pc = define("pc", tm.mkOr(skipped, tm.mkAnd(pc, tm.mkNot(exec))), {s.id, OriginKind::Phi});
      return;
    }
    Frame fr;
    fr.proc = s.callee;
    for (const ir::Var &v : callee.vars)
      fr.vars.push_back(defaultTerm(v.type));
    for (size_t k = 0; k < callee.params.size() && k < args.size(); ++k)
      fr.vars[callee.params[k]] =
          define(callee.name + "." + callee.vars[callee.params[k]].name, args[k], {s.id, OriginKind::Assign});
    frames.push_back(std::move(fr));
    pc = ex;
    procBody(false);
    Term done = pc;
    Term result = callee.result != ir::kNone ? frame().vars[callee.result] : Term{};
    frames.pop_back();
    if (s.lhs.valid() && !result.isNull())
      assign(s.lhs, done, result, s);
    pc = define("pc", tm.mkOr(skipped, done), {s.id, OriginKind::Phi});
  }

  void loop(const ir::Stmt &s, Term exec, Term pcBefore) {
    Term skipped = tm.mkAnd(pcBefore, tm.mkNot(exec));
    std::vector<Term> exits{skipped};
    Loop l;
    frame().loops.push_back(&l);
    std::vector<Term> dz;
    Term cur = exec; // paths about to read the condition
    uint32_t bound = opts.boundFor(s);
    for (uint32_t i = 0; i < bound && !tm.isFalse(cur); ++i) {
      Term c = expr(s.value, tm.mkTrue(), dz);
      exits.push_back(tm.mkAnd(cur, tm.mkNot(c)));
      pc = define("pc", tm.mkAnd(cur, c), {s.id, OriginKind::Guard});
      l.continued.clear();
      block(s.body);
      cur = define("pc", orAll(tm, pc, l.continued), {s.id, OriginKind::Phi});
    }
    frame().loops.pop_back();
    if (!tm.isFalse(cur)) {
      Term c = expr(s.value, tm.mkTrue(), dz);
      exits.push_back(tm.mkAnd(cur, tm.mkNot(c)));
      pc = cur;
      check(tm.mkAnd(cur, c), CheckKind::Unwinding, s,
            "loop not finished after " + std::to_string(bound) + " iterations (" + opts.howToIncrease(s) +
                ")");
    }
    exits.insert(exits.end(), l.broken.begin(), l.broken.end());
    pc = define("pc", tm.mkOr(exits), {s.id, OriginKind::Phi});
  }
};

} // namespace

Encoding encode(const ir::Program &prog, uint32_t entry, TermManager &tm, const EncodeOptions &opts) {
  return Encoder(prog, tm, opts).run(entry);
}

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
  for (const InputNode &n : enc.inputNodes) {
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
    std::optional<ir::Value> v = modelValue(s.value(n.value), n.type);
    if (!v)
      throw std::runtime_error("cannot read a nondet value of statement #" + std::to_string(n.stmt));
    cx.nondets.push_back(*v);
  }
  for (size_t i = 0; i < enc.checks.size(); ++i)
    if (s.value(enc.checks[i].failed).boolean) {
      cx.failedCheck = static_cast<int>(i);
      break;
    }
  return cx;
}

} // namespace locus::encoder

// Proof-guided repair (Verma & Roy, Wolverine2, Algorithm 1): the program under repair is relaxed on the
// step equation — every statement of the code under repair may be replaced by another statement of the
// same kind over the program's entities (statement selectors s), deleted (guard selectors r), and new
// statements may be inserted between any two source statements (insertion selectors t) — and the solver
// looks for a choice within cardinality bounds Σr ≤ τgrd, Σs ≤ τstm, Σt ≤ τins that makes every input of
// the specification pass. An unsat answer's core says which bound to widen (--widening: the paper's order,
// guards before statements before insertions, or the least widened one first); a core without any of them
// means no change of the code under repair can meet the specification. `locus repair --method proof`;
// docs/repair.md and repair/README.md ("proof").
//
// Encoding (no program is rewritten): a replacement alternative is an insertion slot right before the
// statement it replaces (EncodeOptions::slots, active iff its choice symbol), the statement's own guard is
// overridden with `guard ∧ ¬s ∧ ¬r` (EncodeOptions::overrides), and an insertion slot is a symbolic
// statement — its place, target and source chosen by symbols — encoded as one slot per place and target
// whose value is the chosen source's term (InsertSlot). The symbols are the same at every loop iteration and
// call instance and in every input's copy of the program, so every instance runs the same repaired statement.
//
// The specification: the inputs I (the failure's, then the counterexamples of candidates that do not
// verify: counterexample-guided, as template), each encoded with its input fixed and "no check fails".
// A model is a candidate; it is built as an IR program and validated (fix::validate: bounded, all inputs,
// the declared tests); a correct one is rendered as a patch and re-verified from its source.
//
// Localization (§5): gradient's non-suspicious statements are locked (their selectors false) and insertions
// go only next to suspicious ones; when the locked search finds nothing, the search runs again unlocked
// (gradient is not sound on every version), and at last with insertions that allocate.
#include "repair/fix/methods.h"

#include "backends/cardinality.h"
#include "backends/solver.h"
#include "ir/analysis.h"
#include "ir/printer.h"
#include "repair/localize/gradient.h"
#include "repair/localize/localize.h"
#include "repair/patch/lex.h"

#include <algorithm>
#include <functional>
#include <map>
#include <set>

namespace locus::fix {

namespace {

using backends::Term;
using Clock = std::chrono::steady_clock;

inline constexpr const char *kInsertSlots = "--insert-slots";
inline constexpr const char *kMaxWidenings = "--max-widenings";
inline constexpr const char *kWidening = "--widening";
inline constexpr const char *kLockedShare = "--locked-share";
inline constexpr const char *kCoreTime = "--core-time";
inline constexpr const char *kInsertReads = "--insert-reads";

/// How the bounds are widened after an unsat answer.
enum class Widening {
  Paper,    ///< Algorithm 1: the first of guards, statements, insertions whose bound is in the core
  Balanced, ///< of the bounds in the core, the one with the fewest changes allowed so far (ties: that order)
};

/// How deep an inserted statement may read: `y.f` only (W2's grammar), or also through a field read — reads
/// `x := y.f.g`, `x.f := y.g.h` and writes `x.f.g := y` — from the start (Two), in the last attempts only
/// (Last), or the reads from the start and the writes in the last attempts (Mixed).
enum class InsertReads { One, Two, Last, Mixed };

struct ProofOptions {
  unsigned insertSlots = 1;   ///< the most statements a repair may insert
  unsigned maxWidenings = 12; ///< widenings of the bounds per search (the paper's "tries")
  bool localization = true;   ///< lock gradient's non-suspicious statements first
  Widening widening = Widening::Balanced;
  unsigned lockedShare = 30; ///< percent of the time left the locked search may take (with a time limit)
  unsigned coreTime = 2;     ///< an unsat core's check may take this many times the answer's time (≥ 1 s)
  InsertReads insertReads = InsertReads::Mixed;
};

repair::OptionDecl insertSlotsOption() {
  return repair::unsignedOption(kInsertSlots, "the most statements a repair may insert", 1, 0, 8, "0 to 8");
}
repair::OptionDecl maxWideningsOption() {
  return repair::unsignedOption(kMaxWidenings, "the most widenings of the bounds per search", 12, 1, 1000,
                                "at least 1");
}
repair::OptionDecl wideningOption() {
  return repair::enumOption(kWidening,
                            "which bound in the unsat core to widen: paper (Algorithm 1: guards, then "
                            "statements, then insertions) or balanced (the least widened one first)",
                            std::vector<std::pair<std::string, Widening>>{{"paper", Widening::Paper},
                                                                          {"balanced", Widening::Balanced}},
                            Widening::Balanced);
}
repair::OptionDecl lockedShareOption() {
  return repair::unsignedOption(kLockedShare,
                                "the percentage of the time left that the locked search may take before the "
                                "unlocked one starts (with a time limit)",
                                30, 1, 100, "1 to 100");
}
repair::OptionDecl coreTimeOption() {
  return repair::unsignedOption(
      kCoreTime,
      "an unsat core's check may take this many times as long as the unsat answer "
      "(at least 1 s); when it runs out (then also for the search's later unsat answers), or with 0, every "
      "bound counts as in the core",
      2, 0, 1000, "0 to 1000");
}
repair::OptionDecl insertReadsOption() {
  return repair::enumOption(
      kInsertReads,
      "how deep an inserted statement reads: one (x := y.f, x.f := y.g), two (also "
      "through a field read: x := y.f.g, x.f := y.g.h, x.f.g := y), last (two in the "
      "last attempts only: insertions that allocate, the wide grammar) or mixed (the "
      "reads x := y.f.g, x.f := y.g.h from the start, the writes x.f.g := y in the last "
      "attempts)",
      std::vector<std::pair<std::string, InsertReads>>{{"one", InsertReads::One},
                                                       {"two", InsertReads::Two},
                                                       {"last", InsertReads::Last},
                                                       {"mixed", InsertReads::Mixed}},
      InsertReads::Mixed);
}
repair::OptionDecl noLocalizationOption() {
  return repair::boolOption(kNoLocalization, kNoLocalizationHelp);
}

ProofOptions proofOptionsOf(const Options &opts) {
  ProofOptions o;
  o.insertSlots = static_cast<unsigned>(repair::unsignedValue(insertSlotsOption(), opts.given));
  o.maxWidenings = static_cast<unsigned>(repair::unsignedValue(maxWideningsOption(), opts.given));
  o.localization = !repair::boolValue(noLocalizationOption(), opts.given);
  o.widening = repair::enumValue<Widening>(wideningOption(), opts.given);
  o.lockedShare = static_cast<unsigned>(repair::unsignedValue(lockedShareOption(), opts.given));
  o.coreTime = static_cast<unsigned>(repair::unsignedValue(coreTimeOption(), opts.given));
  o.insertReads = repair::enumValue<InsertReads>(insertReadsOption(), opts.given);
  return o;
}

/// A field read `base.field` as the value of a field write: W2's hidden temporary (`x.f := y.g` is two IR
/// statements, `t := y.g; x.f := t`, and one statement of the grammar).
struct FieldRead {
  ir::VarRef base;
  uint32_t field = ir::kNone, record = ir::kNone;
};

/// One way to replace a statement (and its copies): the replacement of each copy, and its choice symbol.
struct Alternative {
  std::vector<ir::Stmt> stmts; ///< per copy, in Group::stmts order (ids: fresh, for the slots)
  Term chosen;
  /// A field write whose value becomes a field read: the read, and per copy a check (fresh id) that its base
  /// is not null, run right before the write.
  std::optional<FieldRead> read;
  std::vector<ir::Stmt> checks;
  size_t arg = SIZE_MAX; ///< a call's: the argument it replaces
};

/// A statement the repair may replace: one part of one source statement with the copies the lowering made
/// of it (a loop condition computed before the loop and at the end of its body), replaced alike.
struct Group {
  uint32_t proc = ir::kNone;
  std::vector<ir::StmtId> stmts;
  std::vector<Alternative> alts;
  Term changed; ///< s: some alternative is chosen
  bool locked = false;
  /// A call whose alternatives replace an argument: the call stays and reads those arguments from hidden
  /// temporaries, each the chosen alternative's argument or the original (Search::callArgs_), so that its
  /// callee is inlined once, not once per alternative.
  bool call = false;
};

/// A source statement the repair may delete: every IR statement of its construct.
struct Deletion {
  uint32_t proc = ir::kNone;
  std::vector<ir::StmtId> stmts;
  ir::StmtId shown = 0; ///< the statement the patch deletes (not a temporary's)
  Term deleted;         ///< r
  bool locked = false;
};

/// A place where a statement may be inserted: between two source statements, or into an empty branch of
/// an `if` (its then-branch `{ }`, its else-branch `else { }` or one not written).
struct Place {
  enum Branch : uint8_t { None, Then, Else };
  ir::StmtId anchor = 0; ///< the IR statement it runs next to
  bool after = false;
  ir::StmtId shown = 0; ///< the statement of the same source construct the patch inserts next to (a
                        ///< branch: the statement of the `if` that computes its condition)
  ir::Expr guard;       ///< the guard of the place (of the statements there; an else-branch: `g and not c`)
  ir::StmtId other = 0; ///< the source statement on the place's other side in the same block (0: none)
  Branch branch = None;
};

/// What an inserted statement writes: a variable, a field of a variable's node, a variable with a new
/// node, or a call's result into a variable (none: a procedure without a result).
struct Target {
  enum Kind : uint8_t { Var, Field, New, Call } kind = Var;
  ir::VarRef var;
  uint32_t field = ir::kNone;
  ir::Type type; ///< of the value written
  Term chosen;
  size_t call = 0; ///< Call: its entry of InsertSlot::calls
  /// Field, with writes through a field read (--insert-reads): the write goes through the node `var.via`
  /// (`x.via.field := v`), a node of record `viaRecord`.
  uint32_t via = ir::kNone, viaRecord = ir::kNone;
  /// The record of `var`'s nodes (a reference target).
  uint32_t varRecord(const ir::Program &prog, uint32_t proc) const {
    return prog.var(prog.procs.at(proc), var).type.record;
  }
  /// The record of the node written (Field).
  uint32_t baseRecord(const ir::Program &prog, uint32_t proc) const {
    return via != ir::kNone ? viaRecord : varRecord(prog, proc);
  }
};
/// What it writes there: an expression (a variable, null, y ± 1, 0), a field read `y.f`, or (with reads
/// through a field read, --insert-reads) two field reads `y.f.g`: `field2` of the node `y.f`, a node of
/// record `record2`.
struct Source {
  bool read = false;
  ir::Expr expr;
  ir::VarRef base;
  uint32_t field = ir::kNone, record = ir::kNone;
  uint32_t field2 = ir::kNone, record2 = ir::kNone;
  ir::Type type;
  Term chosen;
};

/// A procedure an insertion slot may call (`x := p(a, b)`, `p(a)`): per parameter, the sources its argument
/// may take (the grammar's values and field reads of the parameter's type, one-hot symbols of their own).
struct CallOption {
  uint32_t callee = ir::kNone;
  std::vector<std::vector<Source>> args; ///< per parameter
};

/// One insertion slot of one procedure (W2's slots |P|+1..n): a symbolic statement of the grammar — a target
/// and a source chosen by one-hot symbols — at a place chosen by ξ (one-hot over the places), active iff t.
/// The statement is encoded once per place and target (a slot per target, its value the source's term), not
/// once per statement of the grammar.
struct InsertSlot {
  uint32_t proc = ir::kNone;
  std::vector<Place> places;
  std::vector<Term> at; ///< per place: the slot is placed there
  std::vector<Target> targets;
  std::vector<Source> sources;
  std::vector<CallOption> calls; ///< what a Call target calls
  Term active;                   ///< t
};

/// The entities of a procedure: its variables and the globals, not the lowering's temporaries (nor the
/// debugger's counters, debug/spec.h, nor a C function's result: no source form).
struct Scope {
  std::vector<ir::VarRef> vars;
};

Scope scopeOf(const ir::Program &prog, uint32_t proc) {
  Scope s;
  const ir::Procedure &pr = prog.procs.at(proc);
  // C has no name for a function's result (GCL's `returns (r: T)` does)
  bool c =
      pr.loc.file < prog.files.size() && patch::languageOf(prog.files[pr.loc.file]) == patch::Language::C;
  for (uint32_t i = 0; i < pr.vars.size(); ++i) {
    const ir::Var &v = pr.vars[i];
    if (c && v.kind == ir::VarKind::Return)
      continue;
    if (!v.temp && (v.type.isInt() || v.type.kind == ir::Type::Bool || v.type.kind == ir::Type::Ref))
      s.vars.push_back({false, i});
  }
  for (uint32_t i = 0; i < prog.globals.size(); ++i) {
    const ir::Var &v = prog.globals[i];
    if (!v.temp && (v.type.isInt() || v.type.kind == ir::Type::Bool || v.type.kind == ir::Type::Ref))
      s.vars.push_back({true, i});
  }
  return s;
}

bool isTemp(const ir::Program &prog, const ir::Procedure &pr, ir::VarRef v) {
  return v.valid() && !v.global && pr.vars.at(v.index).temp;
}

/// The statement grammar over a scope: the finite set of statements a relaxed statement or an insertion
/// slot may become (NOTES.md, Wolverine2: `x := y`, `x := y.f`, `x.f := y`, `x := null`, `x := new T`,
/// `x := y ± 1`, and conditions comparing pointers or integers).
class Grammar {
public:
  /// `wide`: a replaced statement may also change its kind (Assign ↔ GetField) and a call its arguments
  /// (the last attempt's grammar, Proof::run).
  Grammar(const ir::Program &prog, uint32_t proc, bool wide)
      : prog_(prog), pr_(prog.procs.at(proc)), scope_(scopeOf(prog, proc)), wide_(wide) {}

  ir::Type typeOf(ir::VarRef v) const { return prog_.var(pr_, v).type; }
  const std::vector<ir::VarRef> &vars() const { return scope_.vars; }
  std::vector<ir::VarRef> varsOf(const ir::Type &t) const {
    std::vector<ir::VarRef> out;
    for (ir::VarRef v : scope_.vars)
      if (typeOf(v) == t)
        out.push_back(v);
    return out;
  }
  ir::Expr use(ir::VarRef v) const { return ir::Expr::varUse(v, typeOf(v)); }
  /// The fields of record `rec` of type `t`.
  std::vector<uint32_t> fieldsOf(uint32_t rec, const ir::Type &t) const {
    std::vector<uint32_t> out;
    const ir::Record &r = prog_.records.at(rec);
    for (uint32_t f = 0; f < r.fields.size(); ++f)
      if (r.fields[f].type == t)
        out.push_back(f);
    return out;
  }
  /// The record types of the scope's reference variables.
  std::set<uint32_t> records() const {
    std::set<uint32_t> out;
    for (ir::VarRef v : scope_.vars)
      if (typeOf(v).kind == ir::Type::Ref)
        out.insert(typeOf(v).record);
    return out;
  }
  /// Values of type t: its variables, null for a reference, y ± 1 for an int.
  std::vector<ir::Expr> values(const ir::Type &t, bool arithmetic) const {
    std::vector<ir::Expr> out;
    for (ir::VarRef v : varsOf(t)) {
      out.push_back(use(v));
      if (arithmetic && t.isInt())
        for (ir::Op op : {ir::Op::Add, ir::Op::Sub})
          out.push_back(ir::Expr::binary(op, use(v), ir::Expr::intLit(ir::BigInt(1), t)));
    }
    if (t.kind == ir::Type::Ref)
      out.push_back(ir::Expr::nullLit());
    if (arithmetic && t.isInt())
      out.push_back(ir::Expr::intLit(ir::BigInt(0), t));
    return out;
  }
  /// Conditions of the same family as `e` (a comparison of references or of ints, a bool variable).
  std::vector<ir::Expr> conditions(const ir::Expr &e) const {
    std::vector<ir::Expr> out;
    if (e.kind == ir::Expr::Binary && (e.op == ir::Op::Eq || e.op == ir::Op::Ne) &&
        (e.args[0].type.isRef() || e.args[1].type.isRef())) {
      ir::Type t = e.args[0].type.kind == ir::Type::Ref ? e.args[0].type : e.args[1].type;
      if (t.kind != ir::Type::Ref)
        return out;
      std::vector<ir::VarRef> vs = varsOf(t);
      for (ir::Op op : {ir::Op::Eq, ir::Op::Ne})
        for (size_t i = 0; i < vs.size(); ++i) {
          out.push_back(ir::Expr::binary(op, use(vs[i]), ir::Expr::nullLit()));
          for (size_t j = i + 1; j < vs.size(); ++j)
            out.push_back(ir::Expr::binary(op, use(vs[i]), use(vs[j])));
        }
      return out;
    }
    if (e.kind == ir::Expr::Binary && ir::isComparison(e.op) && e.args[0].type.isInt() &&
        e.args[0].type == e.args[1].type) {
      ir::Type t = e.args[0].type;
      std::vector<ir::Expr> rights;
      for (ir::VarRef v : varsOf(t))
        rights.push_back(use(v));
      ir::forEachNode(e, [&](const ir::Expr &x) {
        if (x.kind == ir::Expr::IntLit && x.type == t)
          rights.push_back(ir::Expr::intLit(x.value, t));
      });
      for (ir::VarRef a : varsOf(t))
        for (const ir::Expr &b : rights) {
          if (b.kind == ir::Expr::VarUse && b.var == a)
            continue;
          for (ir::Op op : {ir::Op::Lt, ir::Op::Le, ir::Op::Eq, ir::Op::Ne, ir::Op::Gt, ir::Op::Ge})
            out.push_back(ir::Expr::binary(op, use(a), b));
        }
      return out;
    }
    if (e.kind == ir::Expr::VarUse || (e.kind == ir::Expr::Unary && e.op == ir::Op::Not)) {
      for (ir::VarRef v : varsOf(ir::Type::boolType())) {
        out.push_back(use(v));
        out.push_back(ir::Expr::unary(ir::Op::Not, use(v)));
      }
    }
    return out;
  }

  /// The statements that the grammar has in the place of `s`: of the same kind, another target, base, field
  /// or value (a value only where the original is a variable, a literal or `y ± c`: a value that reads the
  /// lowering's temporaries stays); for an assignment or a field read of a reference or an int into a
  /// variable (not a temporary) whose value is such, also the other kind for the same targets (`x := y` →
  /// `x := z.f`, `x := y.f` → `x := z`, `x := null`, …); for a call, one argument that is a variable
  /// replaced by another variable of its type (`max(hr, hr)` → `max(hl, hr)`). Empty when `s` is not of a
  /// kind the grammar has.
  std::vector<ir::Stmt> replacements(const ir::Stmt &s) const {
    std::vector<ir::Stmt> out;
    auto add = [&](ir::Stmt t) {
      if (!sameStatement(t, s))
        out.push_back(std::move(t));
    };
    bool tempLhs = isTemp(prog_, pr_, s.lhs);
    auto targets = [&](const ir::Type &t) {
      return tempLhs || !s.lhs.valid() ? std::vector<ir::VarRef>{s.lhs} : varsOf(t);
    };
    switch (s.kind) {
    case ir::Stmt::Assign: {
      ir::Type t = typeOf(s.lhs);
      std::vector<ir::Expr> vals;
      if (t.kind == ir::Type::Bool)
        vals = conditions(s.value);
      else if (simpleValue(s.value))
        vals = values(t, t.isInt());
      if (vals.empty() || !simpleValue(s.value))
        vals.insert(vals.begin(), s.value);
      for (ir::VarRef x : t.kind == ir::Type::Bool ? std::vector<ir::VarRef>{s.lhs} : targets(t))
        for (const ir::Expr &v : vals) {
          if (v.kind == ir::Expr::VarUse && v.var == x)
            continue;
          ir::Stmt r = s;
          r.lhs = x;
          r.value = v;
          add(std::move(r));
        }
      if (wide_ && otherKind(s)) // `x := y` → `x := z.f`
        reads(s, varsOf(t), add);
      break;
    }
    case ir::Stmt::GetField: {
      ir::Type t = typeOf(s.lhs);
      reads(s, targets(t), add);
      if (wide_ && otherKind(s)) // `x := y.f` → `x := z`, `x := null`, `x := z ± 1`, `x := 0`
        for (ir::VarRef x : varsOf(t))
          for (ir::Expr &v : values(t, t.isInt())) {
            if (v.kind == ir::Expr::VarUse && v.var == x)
              continue;
            ir::Stmt r = s;
            r.kind = ir::Stmt::Assign;
            r.lhs = x;
            r.base = ir::VarRef{};
            r.field = ir::kNone;
            r.value = std::move(v);
            out.push_back(std::move(r));
          }
      break;
    }
    case ir::Stmt::Call:
      for (size_t a = 0; wide_ && a < s.args.size(); ++a) {
        const ir::Expr &e = s.args[a];
        if (e.kind != ir::Expr::VarUse || isTemp(prog_, pr_, e.var) || !inScope(e.var))
          continue;
        for (ir::VarRef v : varsOf(typeOf(e.var))) {
          if (v == e.var)
            continue;
          ir::Stmt r = s;
          r.args[a] = use(v);
          out.push_back(std::move(r));
        }
      }
      break;
    case ir::Stmt::PutField: {
      bool simple = simpleValue(s.value) && !readsTemp(s.value);
      for (uint32_t rec : records()) {
        std::vector<ir::VarRef> bases = varsOf(ir::Type::refType(rec));
        // A base the lowering computed (C's `p->next->prev = v`: `t := p.next; t.prev := v`) stays one of
        // the bases: printed as its read, as the statement has it.
        if (s.base.valid() && isTemp(prog_, pr_, s.base) && typeOf(s.base) == ir::Type::refType(rec))
          bases.push_back(s.base);
        for (ir::VarRef y : bases) {
          const ir::Record &r = prog_.records.at(rec);
          for (uint32_t f = 0; f < r.fields.size(); ++f) {
            std::vector<ir::Expr> vals;
            if (simple && (r.fields[f].type.kind == ir::Type::Ref || r.fields[f].type.isInt()))
              vals = values(r.fields[f].type, false);
            else if (r.fields[f].type == s.value.type ||
                     (s.value.type.kind == ir::Type::Null && r.fields[f].type.kind == ir::Type::Ref))
              vals = {s.value};
            for (const ir::Expr &v : vals) {
              ir::Stmt x = s;
              x.base = y;
              x.field = f;
              x.value = v;
              add(std::move(x));
            }
          }
        }
      }
      break;
    }
    case ir::Stmt::New:
      for (ir::VarRef x : targets(typeOf(s.lhs))) {
        ir::Stmt r = s;
        r.lhs = x;
        add(std::move(r));
      }
      break;
    default: break;
    }
    return out;
  }

  /// A field write `x.f := v` whose value is a variable, null or a literal, written instead as `x.f := y.g`
  /// (same target; every base y and field g of the field's type): the replacements that need a hidden
  /// temporary, as (statement, read).
  std::vector<std::pair<ir::Stmt, FieldRead>> readReplacements(const ir::Stmt &s) const {
    std::vector<std::pair<ir::Stmt, FieldRead>> out;
    if (s.kind != ir::Stmt::PutField || !simpleValue(s.value) || readsTemp(s.value) || !s.base.valid())
      return out;
    ir::Type bt = typeOf(s.base);
    if (bt.kind != ir::Type::Ref)
      return out;
    ir::Type ft = prog_.records.at(bt.record).fields.at(s.field).type;
    if (ft.kind != ir::Type::Ref && !ft.isInt())
      return out;
    for (uint32_t rec : records())
      for (uint32_t g : fieldsOf(rec, ft))
        for (ir::VarRef y : varsOf(ir::Type::refType(rec)))
          out.push_back({s, FieldRead{y, g, rec}});
    return out;
  }

  static bool sameStatement(const ir::Stmt &a, const ir::Stmt &b) {
    ir::Expr va = a.value, vb = b.value;
    ir::clearRanges(va);
    ir::clearRanges(vb);
    return a.kind == b.kind && a.lhs == b.lhs && a.base == b.base && a.field == b.field &&
           a.record == b.record && va == vb;
  }

private:
  /// Whether `s` may also become a statement of the other kind for the same targets (Assign ↔ GetField): it
  /// writes a reference or an int variable of the scope, and an assignment's value is a variable, a literal
  /// or `y ± c` that reads no temporary.
  bool otherKind(const ir::Stmt &s) const {
    if (!s.lhs.valid() || isTemp(prog_, pr_, s.lhs) || !inScope(s.lhs))
      return false;
    ir::Type t = typeOf(s.lhs);
    if (t.kind != ir::Type::Ref && !t.isInt())
      return false;
    return s.kind == ir::Stmt::GetField ||
           (s.kind == ir::Stmt::Assign && simpleValue(s.value) && !readsTemp(s.value));
  }
  /// The field reads `x := y.f` into each x of `targets` (of one type), in the place of `s`, given to `add`.
  template <typename Add>
  void reads(const ir::Stmt &s, const std::vector<ir::VarRef> &targets, Add &&add) const {
    for (ir::VarRef x : targets)
      for (uint32_t rec : records())
        for (uint32_t f : fieldsOf(rec, typeOf(x)))
          for (ir::VarRef y : varsOf(ir::Type::refType(rec))) {
            ir::Stmt r = s;
            r.kind = ir::Stmt::GetField;
            r.value = ir::Expr{};
            r.lhs = x;
            r.base = y;
            r.field = f;
            add(std::move(r));
          }
  }
  bool inScope(ir::VarRef v) const {
    return std::find(scope_.vars.begin(), scope_.vars.end(), v) != scope_.vars.end();
  }
  /// A variable, a literal, or a variable plus or minus a literal.
  static bool simpleValue(const ir::Expr &e) {
    if (e.kind == ir::Expr::VarUse || e.kind == ir::Expr::IntLit || e.kind == ir::Expr::NullLit ||
        e.kind == ir::Expr::BoolLit)
      return true;
    return e.kind == ir::Expr::Binary && (e.op == ir::Op::Add || e.op == ir::Op::Sub) &&
           e.args[0].kind == ir::Expr::VarUse && e.args[1].kind == ir::Expr::IntLit;
  }
  bool readsTemp(const ir::Expr &e) const {
    bool t = false;
    ir::forEachNode(e,
                    [&](const ir::Expr &x) { t |= x.kind == ir::Expr::VarUse && isTemp(prog_, pr_, x.var); });
    return t;
  }

  const ir::Program &prog_;
  const ir::Procedure &pr_;
  Scope scope_;
  bool wide_ = false;
};

/// The relaxed program's choices: what may change where, with the symbols that choose it.
struct Space {
  std::vector<Group> groups;
  std::vector<Deletion> deletions;
  std::vector<InsertSlot> insertions;
  std::map<ir::StmtId, size_t> groupOf;    ///< statement → its group
  std::map<ir::StmtId, size_t> deletionOf; ///< statement → its deletion
};

class SpaceBuilder {
public:
  SpaceBuilder(const ir::Program &prog, const SourceManager &sm, backends::TermManager &tm,
               const std::unordered_set<uint32_t> &named)
      : prog_(prog), sm_(sm), tm_(tm) {
    ir::forEachStmt(prog,
                    [&](const ir::Procedure &, const ir::Stmt &s) { nextId_ = std::max(nextId_, s.id + 1); });
    spec_ = ir::specificationStatements(prog, &named);
  }

  /// The space over `procs`. `news`: insertions may allocate (`x := new T`). `twoReads`: they may read
  /// through a field read (`x := y.f.g`, `x.f := y.g.h`); `writeThrough`: write through one (`x.f.g := y`).
  /// `near`: insertion places only next to these statements (none: everywhere).
  Space build(const std::unordered_set<uint32_t> &procs, unsigned insertSlots, bool news, bool wide,
              bool twoReads, bool writeThrough, const std::unordered_set<ir::StmtId> *near) {
    news_ = news;
    twoReads_ = twoReads;
    writeThrough_ = writeThrough;
    callsOf(procs);
    repaired_ = procs;
    Space sp;
    for (uint32_t pi = 0; pi < prog_.procs.size(); ++pi) {
      if (!procs.count(pi) || prog_.procs[pi].isTest)
        continue;
      const ir::Procedure &pr = prog_.procs[pi];
      Grammar g(prog_, pi, wide);
      headers_.clear();
      ir::forEachStmt(pr.body, [&](const ir::Stmt &s) {
        if (s.kind == ir::Stmt::While && s.construct)
          headers_.insert(s.construct);
      });
      groupsOf(sp, pi, pr, g);
      deletionsOf(sp, pi, pr);
      if (insertSlots > 0) {
        std::vector<Place> places;
        placesOf(places, pi, pr.body, false);
        if (near)
          std::erase_if(places, [&](const Place &pl) { // next to an open statement on either side
            return !near->count(pl.shown) && !(pl.other && near->count(pl.other));
          });
        if (!places.empty())
          for (unsigned k = 0; k < insertSlots; ++k)
            sp.insertions.push_back(slotOf(pi, k, places, g));
      }
    }
    return sp;
  }

private:
  ir::StmtId fresh() { return nextId_++; }

public:
  ir::StmtId nextId() const { return nextId_; }

private:
  bool changeable(const ir::Stmt &s) const { return !spec_.count(s.id) && s.kind != ir::Stmt::Concrete; }

  void groupsOf(Space &sp, uint32_t pi, const ir::Procedure &pr, const Grammar &g) {
    std::vector<const ir::Stmt *> all;
    ir::forEachStmt(pr.body, [&](const ir::Stmt &s) {
      if (changeable(s) && !inConcrete(pr, s))
        all.push_back(&s);
    });
    for (const ir::Stmt *s : all) {
      if (sp.groupOf.count(s->id))
        continue;
      std::vector<ir::Stmt> reps = g.replacements(*s);
      std::vector<std::pair<ir::Stmt, FieldRead>> reads = g.readReplacements(*s);
      if (reps.empty() && reads.empty())
        continue;
      Group grp;
      grp.proc = pi;
      for (const ir::Stmt *t : all)
        if (t->construct == s->construct && t->loc == s->loc && t->kind == s->kind && t->lhs == s->lhs &&
            t->base == s->base && t->field == s->field && t->value == s->value && t->record == s->record &&
            t->callee == s->callee && t->args == s->args)
          grp.stmts.push_back(t->id);
      grp.call = s->kind == ir::Stmt::Call;
      size_t gi = sp.groups.size();
      std::string name = "proof!s" + std::to_string(s->id) + "!";
      std::vector<Term> chosen;
      for (size_t k = 0; k < reps.size(); ++k) {
        Alternative a;
        a.chosen = tm_.mkVar(name + std::to_string(k), tm_.boolSort());
        if (grp.call)
          for (size_t i = 0; i < s->args.size(); ++i)
            if (!(reps[k].args[i] == s->args[i]))
              a.arg = i;
        for (ir::StmtId id : grp.stmts) {
          ir::Stmt r = reps[k];
          r.id = fresh();
          r.guard = findIn(pr, id)->guard;
          a.stmts.push_back(std::move(r));
        }
        chosen.push_back(a.chosen);
        grp.alts.push_back(std::move(a));
      }
      for (auto &[st, rd] : reads) {
        Alternative a;
        a.chosen = tm_.mkVar(name + std::to_string(grp.alts.size()), tm_.boolSort());
        a.read = rd;
        for (ir::StmtId id : grp.stmts) {
          ir::Stmt r = st;
          r.id = fresh();
          r.guard = findIn(pr, id)->guard;
          ir::Stmt chk;
          chk.kind = ir::Stmt::Assert;
          chk.id = fresh();
          chk.guard = r.guard;
          chk.value = ir::Expr::boolLit(true);
          chk.message = "a field read of null";
          a.stmts.push_back(std::move(r));
          a.checks.push_back(std::move(chk));
        }
        chosen.push_back(a.chosen);
        grp.alts.push_back(std::move(a));
      }
      grp.changed = tm_.mkOr(chosen);
      for (ir::StmtId id : grp.stmts)
        sp.groupOf[id] = gi;
      sp.groups.push_back(std::move(grp));
    }
  }

  /// Source statements that assign a variable that is not a temporary, or write a field, or call: the ones a
  /// deletion fault removes (bench/mutate/README.md) and a repair may delete.
  void deletionsOf(Space &sp, uint32_t pi, const ir::Procedure &pr) {
    std::map<uint32_t, Deletion> byConstruct;
    ir::forEachStmt(pr.body, [&](const ir::Stmt &s) {
      if (!s.construct || headers_.count(s.construct) || inConcrete(pr, s))
        return;
      Deletion &d = byConstruct[s.construct];
      d.proc = pi;
      d.stmts.push_back(s.id);
      if (!changeable(s))
        d.shown = ir::kNone; // part of the specification: never deleted
      bool target = (ir::writesLhs(s) && !isTemp(prog_, pr, s.lhs)) || s.kind == ir::Stmt::PutField ||
                    (s.kind == ir::Stmt::Call && !s.lhs.valid());
      if (target && d.shown == 0)
        d.shown = s.id;
    });
    for (auto &[c, d] : byConstruct) {
      if (d.shown == 0 || d.shown == ir::kNone)
        continue;
      size_t di = sp.deletions.size();
      d.deleted = tm_.mkVar("proof!r" + std::to_string(d.shown), tm_.boolSort());
      for (ir::StmtId id : d.stmts)
        sp.deletionOf[id] = di;
      sp.deletions.push_back(std::move(d));
    }
  }

  /// The places of a block where a statement may be inserted: before every source statement and after the
  /// last one (never between two IR statements of one source statement, never before the copy of a loop
  /// condition at the end of a loop body, which has the loop's place in the source).
  void placesOf(std::vector<Place> &out, uint32_t pi, const std::vector<ir::Stmt> &block, bool inLoop) {
    const ir::Procedure &pr = prog_.procs.at(pi);
    size_t i = 0;
    std::optional<size_t> lastRunEnd;
    std::optional<ir::StmtId> lastShown;
    while (i < block.size()) {
      size_t j = i;
      while (j + 1 < block.size() && block[j + 1].construct == block[i].construct && block[i].construct)
        ++j;
      const ir::Stmt &first = block[i];
      bool headerCopy = inLoop && headers_.count(first.construct) && block[j].kind != ir::Stmt::While;
      std::optional<ir::StmtId> shown;
      for (size_t k = i; k <= j; ++k)
        if (!isTemp(prog_, pr, block[k].lhs) && block[k].construct && changeable(block[k]))
          shown = block[k].id;
      // An `if` has no statement of its own: its condition's temporaries are the run, and the place before
      // it is before their first (the patch inserts before the `if`'s text).
      bool condition = !shown && !headerCopy && ifCondition(pr, block, i, j);
      if (condition)
        shown = first.id;
      if (!headerCopy && shown && first.kind != ir::Stmt::Concrete)
        out.push_back({first.id, false, *shown, findIn(pr, *shown)->guard, lastShown.value_or(0)});
      if (!headerCopy && shown && !condition) {
        lastRunEnd = j;
        lastShown = shown;
      }
      for (size_t k = i; k <= j; ++k)
        if (block[k].kind == ir::Stmt::While)
          placesOf(out, pi, block[k].body, true);
      if (!headerCopy)
        branchPlacesOf(out, pr, block, i, j);
      i = j + 1;
    }
    if (lastRunEnd && lastShown)
      out.push_back({block[*lastRunEnd].id, true, *lastShown, findIn(pr, *lastShown)->guard});
  }

  /// Whether block[i..j] (one source construct) computes an `if`'s condition and nothing else: assignments
  /// and field reads into temporaries, the last a bool, the first with the `if`'s source range, all
  /// changeable.
  bool ifCondition(const ir::Procedure &pr, const std::vector<ir::Stmt> &block, size_t i, size_t j) {
    if (!block[i].construct || !block[i].range.valid() || !block[i].guard.isTrue())
      return false;
    for (size_t k = i; k <= j; ++k)
      if ((block[k].kind != ir::Stmt::Assign && block[k].kind != ir::Stmt::GetField) ||
          !isTemp(prog_, pr, block[k].lhs) || !changeable(block[k]) || inConcrete(pr, block[k]))
        return false;
    return prog_.var(pr, block[j].lhs).type.kind == ir::Type::Bool;
  }

  /// The places inside the empty branches of the `if` whose condition is computed by block[i..j] (one
  /// source construct, its last statement `c := …` giving the then-branch's guard c): its then-branch when
  /// that is `{ }` (right after the condition, guarded by c), its else-branch when that is `else { }` or not
  /// written (right after the last statement of the `if`, guarded by `g and not c`, g the guard of the
  /// place the `if` is at: as the lowering writes c, `g and e` with the `and` and g made up, or true).
  void branchPlacesOf(std::vector<Place> &out, const ir::Procedure &pr, const std::vector<ir::Stmt> &block,
                      size_t i, size_t j) {
    if (!block[i].construct || !ifsSeen_.insert(block[i].construct).second)
      return; // an `if` with an else-branch computes its guard after the then-branch, a second run
    // With an empty then-branch the else-branch's guard (`not c`, `g and not c`, made up) follows c at once.
    auto madeUpNot = [](const ir::Expr &e) {
      return e.kind == ir::Expr::Unary && e.op == ir::Op::Not && !e.range.valid() &&
                     e.args[0].kind == ir::Expr::VarUse
                 ? std::optional<ir::VarRef>(e.args[0].var)
                 : std::nullopt;
    };
    const ir::Expr &ev = block[j].value;
    std::optional<ir::VarRef> negated =
        block[j].kind != ir::Stmt::Assign                                          ? std::nullopt
        : ev.kind == ir::Expr::Binary && ev.op == ir::Op::And && !ev.range.valid() ? madeUpNot(ev.args[1])
                                                                                   : madeUpNot(ev);
    for (size_t k = i; negated && k < j; ++k)
      if (block[k].kind == ir::Stmt::Assign && block[k].lhs == *negated) {
        j = k;
        break;
      }
    const ir::Stmt &c = block[j];
    if (!c.construct || !c.range.valid() || c.kind != ir::Stmt::Assign || !isTemp(prog_, pr, c.lhs) ||
        prog_.var(pr, c.lhs).type.kind != ir::Type::Bool || !c.guard.isTrue() || !changeable(c) ||
        inConcrete(pr, c))
      return;
    std::optional<patch::IfBranches> shape = patch::ifBranches(prog_, sm_, c.range);
    if (!shape)
      return;
    ir::Expr cond = ir::Expr::varUse(c.lhs, ir::Type::boolType());
    size_t last = j; // the last statement of the `if` (its branches' statements lie in its range)
    while (last + 1 < block.size() && block[last + 1].range.valid() &&
           c.range.contains(block[last + 1].range))
      ++last;
    auto nextTo = [&](size_t k) { return k + 1 < block.size() ? block[k + 1].id : 0; };
    if (shape->thenEmpty)
      out.push_back({c.id, true, c.id, cond, nextTo(j), Place::Then});
    if (shape->elseBranch == patch::IfBranches::Else::Written)
      return;
    ir::Expr notC = ir::Expr::unary(ir::Op::Not, cond);
    const ir::Expr &v = c.value;
    bool madeUp = v.kind == ir::Expr::Binary && v.op == ir::Op::And && !v.range.valid() &&
                  v.args[0].kind == ir::Expr::VarUse && !v.args[0].range.valid();
    ir::Expr guard = madeUp ? ir::Expr::binary(ir::Op::And, v.args[0], notC) : notC;
    out.push_back({block[last].id, true, c.id, guard, nextTo(last), Place::Else});
  }

  /// The procedures the code under repair calls (statements of `procs` that are not the specification; a
  /// deleted call's callee when another call of it is left), with what each call reaches.
  void callsOf(const std::unordered_set<uint32_t> &procs) {
    size_t n = prog_.procs.size();
    std::vector<std::set<uint32_t>> direct(n);
    reach_.assign(n, {});
    called_.clear();
    for (uint32_t i = 0; i < n; ++i) {
      const ir::Procedure &pr = prog_.procs[i];
      for (const std::vector<ir::Stmt> *blk : {&pr.pre, &pr.body, &pr.post})
        ir::forEachStmt(*blk, [&](const ir::Stmt &s) {
          if (s.kind == ir::Stmt::Call && s.callee < n) {
            direct[i].insert(s.callee);
            if (blk == &pr.body && procs.count(i) && !pr.isTest && changeable(s))
              called_.insert(s.callee);
          }
        });
    }
    for (uint32_t i = 0; i < n; ++i) {
      std::vector<uint32_t> todo(direct[i].begin(), direct[i].end());
      while (!todo.empty()) {
        uint32_t c = todo.back();
        todo.pop_back();
        if (reach_[i].insert(c).second)
          todo.insert(todo.end(), direct[c].begin(), direct[c].end());
      }
    }
  }

  /// Whether an insertion slot of procedure `pi` may call `c`: a procedure the code under repair calls, not
  /// a test, not recursive and not reaching `pi`, without loops in it or in what it calls (the slot's call is
  /// inlined at every place: no recursion through it, no loop unrolled at every place), allocating nothing
  /// unless insertions may allocate, its parameters and result of the grammar's types (ints, bools,
  /// references), and neither it nor what it calls under repair: a procedure under repair has insertion
  /// slots of its own, and each would be encoded again inside every place's call, which calls again (B14's
  /// `rotate_left_right`, whose `rotate_left` and `rotate_right` are under repair too, took minutes to
  /// encode, past any time limit).
  bool callable(uint32_t pi, uint32_t c) const {
    const ir::Procedure &cp = prog_.procs.at(c);
    if (c == pi || !called_.count(c) || cp.isTest || reach_[c].count(c) || reach_[c].count(pi) ||
        repaired_.count(c) ||
        std::any_of(reach_[c].begin(), reach_[c].end(), [&](uint32_t q) { return repaired_.count(q) > 0; }))
      return false;
    auto grammarType = [](const ir::Type &t) {
      return t.isInt() || t.kind == ir::Type::Bool || t.kind == ir::Type::Ref;
    };
    for (uint32_t k : cp.params)
      if (!grammarType(cp.vars.at(k).type))
        return false;
    if (cp.result != ir::kNone && !grammarType(cp.vars.at(cp.result).type))
      return false;
    bool loops = false, allocates = false;
    for (uint32_t q : reach_[c])
      has(prog_.procs[q], loops, allocates);
    has(cp, loops, allocates);
    return !loops && (news_ || !allocates);
  }
  /// Whether `pr` has a loop (`loops`) or an allocation (`allocates`) of its own (set, never cleared).
  static void has(const ir::Procedure &pr, bool &loops, bool &allocates) {
    for (const std::vector<ir::Stmt> *blk : {&pr.pre, &pr.body, &pr.post})
      ir::forEachStmt(*blk, [&](const ir::Stmt &s) {
        loops |= s.kind == ir::Stmt::While;
        allocates |= s.kind == ir::Stmt::New || s.kind == ir::Stmt::NewArray;
      });
  }

  /// The sources of type `t`: the grammar's values (variables, null, y ± 1, 0), then, for a reference or an
  /// int, the field reads `y.f`, and with `twoReads` those through a node's reference field, `y.f.g`
  /// (`fast := fast.next.next`); each with the symbol `sym()` gives.
  template <typename Sym>
  void sourcesOf(std::vector<Source> &out, const ir::Type &t, const Grammar &g, bool twoReads,
                 Sym &&sym) const {
    for (ir::Expr &e : g.values(t, true)) {
      Source src;
      src.type = t;
      src.expr = std::move(e);
      src.chosen = sym();
      out.push_back(std::move(src));
    }
    if (t.kind != ir::Type::Ref && !t.isInt())
      return;
    // the read y.f (f2 none) or y.f.f2, f2 a field of f's record rec2
    auto read = [&](ir::VarRef y, uint32_t rec, uint32_t f, uint32_t rec2, uint32_t f2) {
      Source src;
      src.read = true;
      src.base = y;
      src.field = f;
      src.record = rec;
      src.field2 = f2;
      src.record2 = rec2;
      src.type = t;
      src.chosen = sym();
      out.push_back(std::move(src));
    };
    for (uint32_t rec : g.records())
      for (uint32_t f : g.fieldsOf(rec, t))
        for (ir::VarRef y : g.varsOf(ir::Type::refType(rec)))
          read(y, rec, f, ir::kNone, ir::kNone);
    if (!twoReads)
      return;
    for (uint32_t rec : g.records())
      for (uint32_t f = 0; f < prog_.records.at(rec).fields.size(); ++f) {
        const ir::Type &ft = prog_.records[rec].fields[f].type;
        if (ft.kind != ir::Type::Ref || ft.record >= prog_.records.size())
          continue;
        for (uint32_t f2 : g.fieldsOf(ft.record, t))
          for (ir::VarRef y : g.varsOf(ir::Type::refType(rec)))
            read(y, rec, f, ft.record, f2);
      }
  }

  /// Insertion slot k of procedure pi: its place, target and source symbols.
  InsertSlot slotOf(uint32_t pi, unsigned k, const std::vector<Place> &places, const Grammar &g) {
    InsertSlot sl;
    sl.proc = pi;
    sl.places = places;
    std::string name = "proof!t" + std::to_string(pi) + "." + std::to_string(k);
    sl.active = tm_.mkVar(name, tm_.boolSort());
    for (size_t i = 0; i < places.size(); ++i)
      sl.at.push_back(tm_.mkVar(name + "!at" + std::to_string(i), tm_.boolSort()));
    auto sym = [&](const char *what, size_t i) {
      return tm_.mkVar(name + "!" + what + std::to_string(i), tm_.boolSort());
    };
    for (ir::VarRef x : g.vars()) {
      ir::Type t = g.typeOf(x);
      if (t.kind == ir::Type::Bool)
        continue;
      sl.targets.push_back({Target::Var, x, ir::kNone, t, sym("x", sl.targets.size())});
      if (t.kind != ir::Type::Ref)
        continue;
      if (news_)
        sl.targets.push_back({Target::New, x, ir::kNone, t, sym("x", sl.targets.size())});
      const ir::Record &r = prog_.records.at(t.record);
      for (uint32_t f = 0; f < r.fields.size(); ++f)
        if (r.fields[f].type.kind == ir::Type::Ref || r.fields[f].type.isInt())
          sl.targets.push_back({Target::Field, x, f, r.fields[f].type, sym("x", sl.targets.size())});
      if (writeThrough_) // `x.via.f := v`
        for (uint32_t via = 0; via < r.fields.size(); ++via) {
          const ir::Type &vt = r.fields[via].type;
          if (vt.kind != ir::Type::Ref || vt.record >= prog_.records.size())
            continue;
          const ir::Record &r2 = prog_.records[vt.record];
          for (uint32_t f = 0; f < r2.fields.size(); ++f)
            if (r2.fields[f].type.kind == ir::Type::Ref || r2.fields[f].type.isInt()) {
              Target tg{Target::Field, x, f, r2.fields[f].type, sym("x", sl.targets.size())};
              tg.via = via;
              tg.viaRecord = vt.record;
              sl.targets.push_back(tg);
            }
        }
    }
    std::set<std::string> types;
    for (const Target &t : sl.targets)
      types.insert(ir::toString(prog_, t.type));
    for (const Target &t : sl.targets)
      if (types.erase(ir::toString(prog_, t.type)))
        sourcesOf(sl.sources, t.type, g, twoReads_, [&] { return sym("v", sl.sources.size()); });
    // Calls: a target per variable the result may go to (none without a result), a source per argument.
    for (uint32_t c = 0; c < prog_.procs.size(); ++c) {
      if (!callable(pi, c))
        continue;
      const ir::Procedure &cp = prog_.procs[c];
      CallOption co;
      co.callee = c;
      std::string cn = "c" + std::to_string(sl.calls.size());
      bool ok = true;
      for (size_t a = 0; a < cp.params.size() && ok; ++a) {
        std::vector<Source> &args = co.args.emplace_back();
        sourcesOf(args, cp.vars.at(cp.params[a]).type, g, false,
                  [&] { return sym((cn + "a" + std::to_string(a) + "v").c_str(), args.size()); });
        ok = !args.empty();
      }
      std::vector<ir::VarRef> results{ir::VarRef{}};
      if (cp.result != ir::kNone)
        results = g.varsOf(cp.vars.at(cp.result).type);
      if (!ok || results.empty())
        continue;
      for (ir::VarRef x : results) {
        Target t{Target::Call, x, ir::kNone, x.valid() ? g.typeOf(x) : ir::Type{},
                 sym("x", sl.targets.size())};
        t.call = sl.calls.size();
        sl.targets.push_back(t);
      }
      sl.calls.push_back(std::move(co));
    }
    return sl;
  }

  static const ir::Stmt *findIn(const ir::Procedure &pr, ir::StmtId id) {
    const ir::Stmt *out = nullptr;
    ir::forEachStmt(pr.body, [&](const ir::Stmt &s) {
      if (s.id == id)
        out = &s;
    });
    return out;
  }
  bool inConcrete(const ir::Procedure &pr, const ir::Stmt &s) {
    if (concrete_.empty())
      ir::forEachStmt(pr.body, [&](const ir::Stmt &c) {
        if (c.kind == ir::Stmt::Concrete)
          ir::forEachStmt(c.body, [&](const ir::Stmt &x) { concrete_.insert(x.id); });
      });
    return concrete_.count(s.id) > 0;
  }

  const ir::Program &prog_;
  const SourceManager &sm_;
  backends::TermManager &tm_;
  ir::StmtId nextId_ = 1;
  std::unordered_set<ir::StmtId> spec_;
  std::set<uint32_t> headers_;
  std::set<uint32_t> ifsSeen_; ///< constructs whose branch places are made
  std::unordered_set<ir::StmtId> concrete_;
  bool news_ = true;
  bool twoReads_ = true;                  ///< insertions may read through a field read (`x := y.f.g`)
  bool writeThrough_ = true;              ///< insertions may write through a field read (`x.f.g := y`)
  std::set<uint32_t> called_;             ///< callsOf: the procedures the code under repair calls
  std::unordered_set<uint32_t> repaired_; ///< the procedures under repair (build's `procs`)
  std::vector<std::set<uint32_t>> reach_; ///< callsOf: per procedure, the procedures its calls reach
};

/// A candidate read off a model.
struct Candidate {
  std::vector<std::pair<size_t, size_t>> replaced; ///< (group, alternative)
  std::vector<size_t> deleted;                     ///< deletions
  struct Inserted {
    size_t slot, place, target, source;
    std::vector<size_t> args; ///< a call's: per parameter, its source
  };
  std::vector<Inserted> inserted;
  size_t size() const { return replaced.size() + deleted.size() + inserted.size(); }
};

enum class Outcome { Repaired, NotRepaired, Stopped, Error };

/// One search (Algorithm 1) with a given set of locked statements.
class Search {
public:
  Search(const Problem &p, const ProofOptions &po, const Checked &base,
         std::optional<Clock::time_point> deadline, std::map<std::string, double> &stats)
      : p_(p), po_(po), base_(base), deadline_(deadline), stats_(stats) {}

  /// One search. `locked`: statements that keep their statement and guard (insertions go only next to the
  /// others); `news`: insertions may allocate.
  Outcome run(const std::unordered_set<ir::StmtId> *locked, bool news, bool wide, const Input &first,
              std::vector<Repair> &repairs, Clock::time_point t0, std::string &message) {
    try {
      return searchFrom(locked, news, wide, first, repairs, t0, message);
    } catch (const encoder::Stopped &) { // an input's encoding reached the deadline or Ctrl-C
      return Outcome::Stopped;
    }
  }

  Outcome searchFrom(const std::unordered_set<ir::StmtId> *locked, bool news, bool wide, const Input &first,
                     std::vector<Repair> &repairs, Clock::time_point t0, std::string &message) {
    buildSpace(locked, news, wide);
    locked_ = locked;
    slots_ = po_.widening == Widening::Paper; // Algorithm 1 has its insertion slots from the start
    inputs_.push_back(first);
    restart();
    for (;;) {
      if (stopNow(p_, deadline_))
        return Outcome::Stopped;
      std::vector<Term> bounds{bound(deletionSelectors(), tauGrd_), bound(groupSelectors(), tauStm_),
                               bound(insertionSelectors(), tauIns_)};
      stats_["solves"] += 1;
      stats_["tau_grd"] = tauGrd_;
      stats_["tau_stm"] = tauStm_;
      stats_["tau_ins"] = tauIns_;
      auto ts = Clock::now();
      // The answer first as the backend poses a check fastest (z3: a fresh solver for the one check, far
      // faster here than its incremental solver under assumptions); the core, when unsat, from the
      // incremental solver.
      backends::Result res = solver_->check(bounds, backends::Need::NoCore);
      double answer = secondsSince(ts);
      std::optional<std::vector<Term>> core;
      if (res.isUnsat()) {
        core = unsatCore(bounds, answer);
        if (!core)
          return Outcome::Stopped;
      }
      stats_["solve_s"] += secondsSince(ts);
      stats_[slots_ ? "solve_slots_s" : "solve_noslots_s"] += answer;
      if (slots_)
        stats_["solves_slots"] += 1;
      stats_["solve_max_s"] = std::max(stats_["solve_max_s"], answer);
      if (res.isUnsat()) {
        if (!widen(bounds, *core, message))
          return Outcome::NotRepaired;
        continue;
      }
      if (!res.isSat()) {
        message = "the repair query gave no answer" + (res.detail.empty() ? "" : ": " + res.detail);
        return Outcome::Stopped;
      }
      if (std::optional<Outcome> o = tryCandidate(bounds, repairs, t0, message))
        return *o;
    }
  }

  std::string internal, unrenderable;

private:
  /// The space of this search, with its sizes in the stats.
  void buildSpace(const std::unordered_set<ir::StmtId> *locked, bool news, bool wide) {
    SpaceBuilder sb(base_.prog, p_.sm, tm_, p_.opts.named);
    std::unordered_set<ir::StmtId> open;
    if (locked) // insertion places next to the statements that are not locked
      ir::forEachStmt(base_.prog, [&](const ir::Procedure &, const ir::Stmt &st) {
        if (!locked->count(st.id))
          open.insert(st.id);
      });
    InsertReads r = po_.insertReads;
    bool last = news || wide;
    bool twoReads = r == InsertReads::Two || r == InsertReads::Mixed || (r == InsertReads::Last && last);
    bool writeThrough =
        r == InsertReads::Two || ((r == InsertReads::Last || r == InsertReads::Mixed) && last);
    space_ = sb.build(changeableProcs(p_), po_.insertSlots, news, wide, twoReads, writeThrough,
                      locked ? &open : nullptr);
    firstSlotId_ = sb.nextId();
    encoded_ = base_.prog;
    // A call whose arguments may be replaced reads each such argument from a hidden temporary (one per
    // argument position), written right before it (encode).
    callArgs_.clear();
    for (size_t gi = 0; gi < space_.groups.size(); ++gi) {
      const Group &g = space_.groups[gi];
      if (!g.call)
        continue;
      std::set<size_t> args;
      for (const Alternative &a : g.alts)
        args.insert(a.arg);
      for (size_t j = 0; j < g.stmts.size(); ++j) {
        ir::Stmt *c = find(encoded_, g.stmts[j]);
        for (size_t a : args) {
          ir::Type t = c->args.at(a).type;
          ir::VarRef tmp = encodedTemp(g.proc, t, "ga" + std::to_string(a));
          callArgs_.push_back({gi, j, a, tmp, c->args[a]});
          c->args[a] = ir::Expr::varUse(tmp, t);
        }
      }
    }
    stats_["groups"] = static_cast<double>(space_.groups.size());
    stats_["deletions"] = static_cast<double>(space_.deletions.size());
    double places = 0, targets = 0, sources = 0, alts = 0;
    for (const InsertSlot &sl : space_.insertions) {
      places += static_cast<double>(sl.places.size());
      targets += static_cast<double>(sl.targets.size());
      sources += static_cast<double>(sl.sources.size());
    }
    for (const Group &g : space_.groups)
      alts += static_cast<double>(g.alts.size());
    stats_["insertion_places"] = places;
    stats_["insertion_targets"] = targets;
    stats_["insertion_sources"] = sources;
    stats_["replacement_choices"] = alts;
  }

  /// The unsat core of `bounds` after an unsat answer that took `answer` seconds: the incremental solver's
  /// core, from a check that may take --core-time times as long as the answer (at least 1 s; it can take
  /// far longer than the answer: z3's incremental solver lacks the fresh check's simplification). When it
  /// runs out (or with --core-time 0), every bound counts as in the core, as z3's cores nearly always have
  /// them (stats: cores_assumed). Once one has run out, the search's later unsat answers get no core check
  /// (every bound counts; stats: cores_skipped): their queries only grow (more inputs, wider bounds, the
  /// insertion slots), and each check would run out again, at least 1 s apiece. Nullopt when the search's
  /// own time ran out.
  std::optional<std::vector<Term>> unsatCore(const std::vector<Term> &bounds, double answer) {
    if (po_.coreTime == 0 || coreRanOut_) {
      stats_["cores_assumed"] += 1;
      if (coreRanOut_)
        stats_["cores_skipped"] += 1;
      return bounds;
    }
    auto tc = Clock::now();
    auto limit = tc + std::chrono::duration_cast<Clock::duration>(
                          std::chrono::duration<double>(std::max(1.0, po_.coreTime * answer)));
    solver_->setDeadline(deadline_ ? std::min(*deadline_, limit) : limit);
    backends::Result res = solver_->check(bounds, backends::Need::Core);
    solver_->setDeadline(deadline_);
    stats_["core_checks"] += 1;
    stats_["core_s"] += secondsSince(tc);
    if (res.isUnsat())
      return solver_->unsatCore();
    if (stopNow(p_, deadline_))
      return std::nullopt;
    stats_["cores_assumed"] += 1;
    coreRanOut_ = true;
    return bounds;
  }

  /// After an unsat answer under `bounds`: widens the bound the core directs to (or brings the insertion
  /// slots into the encoding); false, with `message`, when no bound can widen.
  bool widen(const std::vector<Term> &bounds, const std::vector<Term> &core, std::string &message) {
    auto in = [&](size_t k) { return std::find(core.begin(), core.end(), bounds[k]) != core.end(); };
    bool canIns = tauIns_ < po_.insertSlots && !space_.insertions.empty();
    bool grd = in(0) && tauGrd_ < space_.deletions.size();
    bool stm = in(1) && tauStm_ < space_.groups.size();
    bool ins = in(2) && canIns;
    if (!slots_ && canIns &&
        ((!grd && !stm) || (po_.widening == Widening::Balanced &&
                            tauIns_ <= std::min(grd ? tauGrd_ : ~0u, stm ? tauStm_ : ~0u)))) {
      // Balanced: the insertion slots join the encoding only when an insertion would be the next widening
      // (or nothing else can widen); until then they are inactive, and leaving them out changes no answer.
      slots_ = true;
      restart();
      return true;
    }
    if (!grd && !stm && !ins) {
      message = in(0) || in(1) || in(2)
                    ? "no repair within " + std::to_string(tauGrd_) + " deletions, " +
                          std::to_string(tauStm_) + " replaced statements and " + std::to_string(tauIns_) +
                          " insertions (every bound at its limit)"
                    : "the specification cannot be met by changes of the code under repair: check the "
                      "specification or allow more insertion slots (--insert-slots)";
      return false;
    }
    if (widenings_ >= po_.maxWidenings) {
      message = "no repair within " + std::to_string(po_.maxWidenings) + " widenings (--max-widenings)";
      return false;
    }
    ++widenings_;
    stats_["widenings"] += 1;
    unsigned *next = nullptr;
    if (po_.widening == Widening::Paper) { // Algorithm 1: guards before statements before insertions
      next = grd ? &tauGrd_ : stm ? &tauStm_ : &tauIns_;
    } else { // the bound in the core that is widest open least, in the same order on ties
      for (auto [on, tau] : {std::pair{grd, &tauGrd_}, std::pair{stm, &tauStm_}, std::pair{ins, &tauIns_}})
        if (on && (!next || *tau < *next))
          next = tau;
    }
    *next += 1;
    return true;
  }

  /// The choice symbols of the insertions' statements that read or write through a field read.
  std::vector<Term> twoReadSymbols() {
    std::vector<Term> out;
    for (const InsertSlot &sl : space_.insertions) {
      for (const Source &v : sl.sources)
        if (v.field2 != ir::kNone)
          out.push_back(tm_.mkAnd(sl.active, v.chosen));
      for (const Target &t : sl.targets)
        if (t.via != ir::kNone)
          out.push_back(tm_.mkAnd(sl.active, t.chosen));
    }
    return out;
  }
  /// Whether candidate `c` inserts a statement that reads or writes through a field read.
  bool usesTwoReads(const Candidate &c) const {
    for (const Candidate::Inserted &in : c.inserted) {
      const InsertSlot &sl = space_.insertions[in.slot];
      const Target &t = sl.targets[in.target];
      if (t.via != ir::kNone ||
          (t.kind != Target::Call && t.kind != Target::New && sl.sources[in.source].field2 != ir::kNone))
        return true;
    }
    return false;
  }

  /// The model's candidate, blocked, built and validated (the validation within `until`).
  struct Tried {
    Candidate c;
    std::vector<patch::Edit> edits;
    std::vector<std::string> changes;
    Validation v;
  };
  Tried tryModel(const std::optional<Clock::time_point> &until) {
    Tried t;
    t.c = read();
    block(t.c);
    stats_["candidates_validated"] += 1;
    Checked prog = base_;
    build(t.c, prog.prog, t.edits, t.changes);
    auto tv = Clock::now();
    t.v = validate(prog, p_.spec, msLeft(until));
    stats_["validate_s"] += secondsSince(tv);
    return t;
  }

  /// Our addition to Algorithm 1: `rep`, a repair with `k` changes just validated, gives way to one with
  /// fewer changes (deletions, replacements and insertions together) under the same `bounds`, blocked
  /// candidates and inputs. While k > 1, a check under the extra assumption "at most k - 1 of all the
  /// selectors" gives a smaller candidate; it is blocked and validated like any other: a correct one that
  /// renders is the new `rep`, a buggy one's counterexample joins the inputs. An unsat answer ends the
  /// search (`rep` has the fewest changes of any repair within the bounds not blocked before); so does
  /// the end of its time share, half the time left (none without a time limit), and `rep` stays the
  /// smallest found. A repair with one change is smallest: the unchanged program fails the first input.
  /// Then, when `rep` inserts a statement that reads or writes through a field read (`x := y.f.g`), one
  /// with as many changes and no such statement, if there is one, takes its place the same way: of two
  /// repairs that fit the specification alike, the simpler statement (`a.prev := b.prev` rather than
  /// `a.prev := b.prev.prev` where both nodes are one).
  void smaller(const std::vector<Term> &bounds, const Candidate &found, Repair &rep, Clock::time_point t0) {
    size_t k = found.size();
    bool deep = usesTwoReads(found);
    std::vector<Term> all = deletionSelectors();
    for (const std::vector<Term> &more : {groupSelectors(), insertionSelectors()})
      all.insert(all.end(), more.begin(), more.end());
    auto tm = Clock::now();
    std::optional<Clock::time_point> share;
    if (deadline_)
      share = tm + (*deadline_ - tm) / 2;
    solver_->setDeadline(share);
    // One check under `query`: Took (a correct candidate that renders is the new `rep`, `took` its
    // candidate), Next (a buggy one: its counterexample joins the inputs; or one that does not render) or
    // Stop (unsat; unknown, the share ran out, or an error: the repair found stands).
    enum class Step { Took, Next, Stop };
    Candidate took;
    auto step = [&](const std::vector<Term> &query) {
      stats_["minimize_solves"] += 1;
      if (!solver_->check(query, backends::Need::NoCore).isSat())
        return Step::Stop;
      auto [c, edits, changes, v] = tryModel(share);
      if (v.verdict == Validation::Verdict::Correct) {
        Unfinished u;
        std::optional<Repair> r =
            finishRepair(p_, std::move(edits), std::move(changes), c.size(), secondsSince(t0), u, false);
        if (!r)
          return Step::Next;
        rep = std::move(*r);
        took = c;
        return Step::Took;
      }
      if (v.verdict != Validation::Verdict::Buggy)
        return Step::Stop;
      if (v.failure) {
        Input in = inputOf(*v.failure);
        inputs_.push_back(in);
        encode(in);
      }
      return Step::Next;
    };
    while (k > 1 && !stopNow(p_, share)) {
      std::vector<Term> fewer = bounds;
      fewer.push_back(bound(all, static_cast<unsigned>(k - 1)));
      Step st = step(fewer);
      if (st == Step::Stop)
        break;
      if (st == Step::Took) {
        k = took.size();
        deep = usesTwoReads(took);
        stats_["minimized"] += 1;
      }
    }
    std::vector<Term> twoReads = twoReadSymbols();
    while (deep && !twoReads.empty() && !stopNow(p_, share)) {
      std::vector<Term> shallow = bounds;
      shallow.push_back(bound(all, static_cast<unsigned>(k)));
      shallow.push_back(tm_.mkNot(tm_.mkOr(twoReads)));
      Step st = step(shallow);
      if (st == Step::Stop)
        break;
      if (st == Step::Took) {
        stats_["shallower"] += 1;
        break;
      }
    }
    solver_->setDeadline(deadline_);
    stats_["minimize_s"] += secondsSince(tm);
  }

  /// The model's candidate, blocked and validated: a repair (rendered, re-verified, then made as small as
  /// `smaller` can), or its counterexample joins the inputs. An outcome when the search ends here.
  std::optional<Outcome> tryCandidate(const std::vector<Term> &bounds, std::vector<Repair> &repairs,
                                      Clock::time_point t0, std::string &message) {
    auto [c, edits, changes, v] = tryModel(deadline_);
    switch (v.verdict) {
    case Validation::Verdict::Correct: {
      Unfinished u;
      std::optional<Repair> rep =
          finishRepair(p_, std::move(edits), std::move(changes), c.size(), secondsSince(t0), u, false);
      if (rep) {
        smaller(bounds, c, *rep, t0);
        if (p_.observer)
          p_.observer->repaired(*rep);
        repairs.push_back(std::move(*rep));
        if (repairs.size() >= p_.opts.maxRepairs)
          return Outcome::Repaired;
      } else if (!u.rendered) {
        stats_["unrenderable"] += 1;
        if (unrenderable.empty())
          unrenderable = u.why;
      } else if (u.undecided) { // no answer from its source (an interrupt, the time limit): not reported
        stats_["unknown"] += 1;
        return stopNow(p_, deadline_) ? std::optional<Outcome>(Outcome::Stopped) : std::nullopt;
      } else {
        stats_["reverify_failed"] += 1;
        if (internal.empty())
          internal = u.why;
      }
      return std::nullopt;
    }
    case Validation::Verdict::Unknown:
      stats_["unknown"] += 1;
      return stopNow(p_, deadline_) ? std::optional<Outcome>(Outcome::Stopped) : std::nullopt;
    case Validation::Verdict::Error: message = v.message; return Outcome::Error;
    case Validation::Verdict::Buggy: break;
    }
    if (v.failure) {
      Input in = inputOf(*v.failure);
      inputs_.push_back(in);
      encode(in);
    }
    return std::nullopt;
  }

  /// A new solver with the hard constraints, the blocked candidates and every input encoded (with the
  /// insertion slots once they are in play).
  void restart() {
    backends::SolverOptions so;
    so.cores = true;
    backends::MakeSolverResult made = backends::makeSolver(p_.opts.solver, tm_, so);
    if (!made)
      throw std::runtime_error(made.error);
    solver_ = std::move(made.solver);
    solver_->setDeadline(deadline_);
    hard(locked_);
    for (Term b : blocked_)
      solver_->assertFormula(b);
    for (const Input &in : inputs_)
      encode(in);
  }

  std::vector<Term> deletionSelectors() const {
    std::vector<Term> v;
    for (const Deletion &d : space_.deletions)
      v.push_back(d.deleted);
    return v;
  }
  std::vector<Term> groupSelectors() const {
    std::vector<Term> v;
    for (const Group &g : space_.groups)
      v.push_back(g.changed);
    return v;
  }
  std::vector<Term> insertionSelectors() const {
    std::vector<Term> v;
    for (const InsertSlot &sl : space_.insertions)
      v.push_back(sl.active);
    return v;
  }

  /// "At most k of lits", one term per (lits, k) so that the core names it.
  Term bound(const std::vector<Term> &lits, unsigned k) {
    if (lits.empty())
      return tm_.mkTrue();
    return backends::atMost(tm_, lits, k, backends::CardEncoding::Totalizer);
  }

  /// At most one alternative per group; a deleted statement is not also replaced; locked statements keep
  /// their statement and guard.
  void hard(const std::unordered_set<ir::StmtId> *locked) {
    for (Group &g : space_.groups) {
      std::vector<Term> alts;
      for (const Alternative &a : g.alts)
        alts.push_back(a.chosen);
      solver_->assertFormula(backends::atMost(tm_, alts, 1, backends::CardEncoding::Totalizer));
      g.locked = locked && std::all_of(g.stmts.begin(), g.stmts.end(),
                                       [&](ir::StmtId id) { return locked->count(id); });
      if (g.locked)
        solver_->assertFormula(tm_.mkNot(g.changed));
    }
    for (Deletion &d : space_.deletions) {
      d.locked = locked && locked->count(d.shown);
      if (d.locked)
        solver_->assertFormula(tm_.mkNot(d.deleted));
      for (ir::StmtId id : d.stmts)
        if (auto it = space_.groupOf.find(id); it != space_.groupOf.end())
          solver_->assertFormula(tm_.mkNot(tm_.mkAnd(d.deleted, space_.groups[it->second].changed)));
    }
    for (const InsertSlot &sl : space_.insertions) { // ξ: one place, one target, one source of its type
      solver_->assertFormula(backends::exactly(tm_, sl.at, 1, backends::CardEncoding::Totalizer));
      std::vector<Term> ts, vs;
      for (const Target &t : sl.targets)
        ts.push_back(t.chosen);
      for (const Source &v : sl.sources)
        vs.push_back(v.chosen);
      solver_->assertFormula(backends::exactly(tm_, ts, 1, backends::CardEncoding::Totalizer));
      solver_->assertFormula(backends::exactly(tm_, vs, 1, backends::CardEncoding::Totalizer));
      for (const Target &t : sl.targets) {
        if (t.kind == Target::Call) // its arguments have sources of their own
          continue;
        std::vector<Term> fit; // a new node takes no source of its own; a field write takes a field read
                               // through a hidden temporary (`x.f := y.g`)
        for (const Source &v : sl.sources)
          if (v.type == t.type && (t.kind == Target::Var || t.kind == Target::Field ||
                                   (t.kind == Target::New && v.expr.kind == ir::Expr::NullLit)))
            fit.push_back(v.chosen);
        solver_->assertFormula(tm_.mkImplies(t.chosen, fit.empty() ? tm_.mkFalse() : tm_.mkOr(fit)));
      }
      for (const CallOption &co : sl.calls) // one source per argument
        for (const std::vector<Source> &arg : co.args) {
          std::vector<Term> as;
          for (const Source &v : arg)
            as.push_back(v.chosen);
          solver_->assertFormula(backends::exactly(tm_, as, 1, backends::CardEncoding::Totalizer));
        }
    }
  }

  /// `base == null` in the state of `ctx`.
  Term isNull(const encoder::OverrideContext &ctx, ir::VarRef base, uint32_t record) {
    std::vector<Term> dz;
    return ctx.exprs.expr(
        ir::Expr::binary(ir::Op::Eq, ir::Expr::varUse(base, ir::Type::refType(record)), ir::Expr::nullLit()),
        ctx.var, tm_.mkTrue(), dz);
  }

  /// The value of the field read `v` (`y.f`, or `y.f.g`) in the state of `ctx`.
  Term readTerm(const encoder::OverrideContext &ctx, const Source &v) {
    Term first = tm_.mkSelect(ctx.heap(v.record, v.field), ctx.var(v.base));
    return v.field2 == ir::kNone ? first : tm_.mkSelect(ctx.heap(v.record2, v.field2), first);
  }
  /// Whether the field read `v` reads through null in the state of `ctx`: `y`, or for `y.f.g` also `y.f`.
  Term readsNull(const encoder::OverrideContext &ctx, const Source &v) {
    Term bad = isNull(ctx, v.base, v.record);
    if (v.field2 == ir::kNone)
      return bad;
    std::vector<Term> dz;
    Term null = ctx.exprs.expr(ir::Expr::nullLit(), ctx.var, tm_.mkTrue(), dz);
    return tm_.mkOr(bad, tm_.mkEq(tm_.mkSelect(ctx.heap(v.record, v.field), ctx.var(v.base)), null));
  }

  /// The term of the source chosen among `sources` of type `t`, in the state of `ctx`.
  Term sourceTerm(const std::vector<Source> &sources, const ir::Type &t,
                  const encoder::OverrideContext &ctx) {
    Term out;
    std::vector<Term> dz;
    for (const Source &v : sources) {
      if (!(v.type == t))
        continue;
      Term val = v.read ? readTerm(ctx, v) : ctx.exprs.expr(v.expr, ctx.var, tm_.mkTrue(), dz);
      out = out.isNull() ? val : tm_.mkIte(v.chosen, val, out);
    }
    return out;
  }

  /// A hidden temporary of the encoded program (procedure `proc`, type `t`, role `role`), added on first use.
  ir::VarRef encodedTemp(uint32_t proc, const ir::Type &t, const std::string &role) {
    return namedTemp(encoded_, proc, t, "proof." + role + "." + ir::toString(encoded_, t));
  }

  /// `tmp := tmp` (of type `t`): the slot of a hidden temporary whose value an override gives.
  static ir::Stmt selfAssign(ir::VarRef tmp, ir::Type t) {
    ir::Stmt w;
    w.kind = ir::Stmt::Assign;
    w.lhs = tmp;
    w.value = ir::Expr::varUse(tmp, t);
    return w;
  }
  /// A check slot that always holds until an override says what it checks (`message`: why it fails).
  static ir::Stmt checkSlot(const char *message) {
    ir::Stmt chk;
    chk.kind = ir::Stmt::Assert;
    chk.value = ir::Expr::boolLit(true);
    chk.message = message;
    return chk;
  }
  /// The override giving the variable of `of` whose choice holds (at most one does; the first otherwise).
  encoder::Override chosenVariable(std::vector<std::pair<Term, ir::VarRef>> of) {
    return [this, of = std::move(of)](const encoder::OverrideContext &ctx) {
      Term out;
      for (const auto &[c, v] : of)
        out = out.isNull() ? ctx.var(v) : tm_.mkIte(c, ctx.var(v), out);
      return out;
    };
  }

  /// The slots that encode insertion slot `sl` at every place, through hidden temporaries of the encoded
  /// program so that each choice is encoded once per place (not once per target): a check that a chosen
  /// field read's base is not null; per type, the chosen source's value into a temporary; per record, the
  /// chosen field target's base into a temporary; then per field one write through that base, and per
  /// variable one assignment, each of the temporary's value (at most one target is chosen). A call: per
  /// callee, its arguments' chosen sources into a hidden temporary per parameter, the call of them (its
  /// callee inlined at the place), its result into a hidden temporary, then one assignment per variable the
  /// result may go to.
  void insertionSlots(const InsertSlot &sl, ir::StmtId &nextId, encoder::EncodeOptions &eo) {
    std::map<std::string, ir::VarRef> values;  // type → its value's temporary
    std::map<uint32_t, ir::VarRef> bases;      // record → the chosen field target's base
    std::vector<Term> callOn(sl.calls.size()); // per callee: some target calls it
    std::vector<Term> valueOn;                 // the targets that take a value source
    for (const Target &t : sl.targets) {
      if (t.kind == Target::Call) {
        callOn[t.call] = callOn[t.call].isNull() ? t.chosen : tm_.mkOr(callOn[t.call], t.chosen);
        continue;
      }
      valueOn.push_back(t.chosen);
      if (t.kind == Target::New)
        continue;
      values.emplace(ir::toString(base_.prog, t.type), encodedTemp(sl.proc, t.type, "v"));
      if (t.kind == Target::Field) {
        ir::Type bt = ir::Type::refType(t.baseRecord(base_.prog, sl.proc));
        bases.emplace(bt.record, encodedTemp(sl.proc, bt, "b"));
      }
    }
    for (size_t pi = 0; pi < sl.places.size(); ++pi) {
      const Place &pl = sl.places[pi];
      Term here = tm_.mkAnd(sl.active, sl.at[pi]);
      auto slot = [&](ir::Stmt st, Term on) {
        st.id = nextId++;
        st.guard = pl.guard;
        eo.slots.push_back({pl.anchor, pl.after, st, on});
        return st.id;
      };
      // With calls, a value source counts only when a target takes it (a call's target takes none).
      Term valueUsed = sl.calls.empty() ? Term() : valueOn.empty() ? tm_.mkFalse() : tm_.mkOr(valueOn);
      eo.overrides[{slot(checkSlot("an inserted field read of null"), here), encoder::Part::Value}] =
          [this, &sl, valueUsed, callOn](const encoder::OverrideContext &ctx) {
            std::vector<Term> bad;
            for (const Source &v : sl.sources)
              if (v.read)
                bad.push_back(tm_.mkAnd(valueUsed.isNull() ? v.chosen : tm_.mkAnd(valueUsed, v.chosen),
                                        readsNull(ctx, v)));
            for (size_t ci = 0; ci < sl.calls.size(); ++ci)
              for (const std::vector<Source> &arg : sl.calls[ci].args)
                for (const Source &v : arg)
                  if (v.read)
                    bad.push_back(tm_.mkAnd({callOn[ci], v.chosen, isNull(ctx, v.base, v.record)}));
            for (const Target &t : sl.targets) // `x.via.f := v` reads `x.via`
              if (t.via != ir::kNone)
                bad.push_back(tm_.mkAnd(t.chosen, isNull(ctx, t.var, t.varRecord(base_.prog, sl.proc))));
            return bad.empty() ? tm_.mkTrue() : tm_.mkNot(tm_.mkOr(bad));
          };
      // per type: the chosen source's value (when a target of the type is chosen)
      for (const auto &[tn, tmp] : values) {
        ir::Type type = encoded_.var(encoded_.procs.at(sl.proc), tmp).type;
        std::vector<Term> of;
        for (const Target &t : sl.targets)
          if (t.kind != Target::New && t.kind != Target::Call && ir::toString(base_.prog, t.type) == tn)
            of.push_back(t.chosen);
        ir::StmtId id = slot(selfAssign(tmp, type), tm_.mkAnd(here, tm_.mkOr(of)));
        eo.overrides[{id, encoder::Part::Value}] = [this, &sl, type](const encoder::OverrideContext &ctx) {
          Term v = sourceTerm(sl.sources, type, ctx);
          return v.isNull() ? ctx.original : v;
        };
      }
      // per record: the chosen field target's base
      for (const auto &[rec, tmp] : bases) {
        std::vector<const Target *> of;
        std::vector<Term> any;
        for (const Target &t : sl.targets)
          if (t.kind == Target::Field && t.var.valid() && t.baseRecord(base_.prog, sl.proc) == rec) {
            of.push_back(&t);
            any.push_back(t.chosen);
          }
        ir::StmtId id = slot(selfAssign(tmp, ir::Type::refType(rec)), tm_.mkAnd(here, tm_.mkOr(any)));
        eo.overrides[{id, encoder::Part::Value}] = [this, of,
                                                    proc = sl.proc](const encoder::OverrideContext &ctx) {
          Term out;
          for (const Target *t : of) {
            Term b = ctx.var(t->var);
            if (t->via != ir::kNone)
              b = tm_.mkSelect(ctx.heap(t->varRecord(base_.prog, proc), t->via), b);
            out = out.isNull() ? b : tm_.mkIte(t->chosen, b, out);
          }
          return out;
        };
      }
      // the writes
      std::map<std::pair<uint32_t, uint32_t>, std::vector<Term>> fieldOn; // (record, field) → its targets
      for (const Target &t : sl.targets) {
        if (t.kind == Target::Call) {
          continue;
        } else if (t.kind == Target::New) {
          ir::Stmt w;
          w.kind = ir::Stmt::New;
          w.lhs = t.var;
          w.record = t.type.record;
          slot(w, tm_.mkAnd(here, t.chosen));
        } else if (t.kind == Target::Var) {
          ir::Stmt w;
          w.kind = ir::Stmt::Assign;
          w.lhs = t.var;
          w.value = ir::Expr::varUse(values.at(ir::toString(base_.prog, t.type)), t.type);
          slot(w, tm_.mkAnd(here, t.chosen));
        } else {
          fieldOn[{t.baseRecord(base_.prog, sl.proc), t.field}].push_back(t.chosen);
        }
      }
      for (const auto &[rf, on] : fieldOn) {
        ir::Type ft = base_.prog.records.at(rf.first).fields.at(rf.second).type;
        ir::Stmt w;
        w.kind = ir::Stmt::PutField;
        w.base = bases.at(rf.first);
        w.field = rf.second;
        w.value = ir::Expr::varUse(values.at(ir::toString(base_.prog, ft)), ft);
        slot(w, tm_.mkAnd(here, tm_.mkOr(on)));
      }
      // the calls
      for (size_t ci = 0; ci < sl.calls.size(); ++ci) {
        const CallOption &co = sl.calls[ci];
        const ir::Procedure &cp = base_.prog.procs.at(co.callee);
        Term on = tm_.mkAnd(here, callOn[ci]);
        ir::Stmt call;
        call.kind = ir::Stmt::Call;
        call.callee = co.callee;
        std::string role = "c" + std::to_string(ci);
        for (size_t a = 0; a < co.args.size(); ++a) {
          ir::Type at = cp.vars.at(cp.params[a]).type;
          ir::VarRef tmp = encodedTemp(sl.proc, at, role + "a" + std::to_string(a));
          eo.overrides[{slot(selfAssign(tmp, at), on), encoder::Part::Value}] =
              [this, &arg = co.args[a], at](const encoder::OverrideContext &ctx) {
                Term v = sourceTerm(arg, at, ctx);
                return v.isNull() ? ctx.original : v;
              };
          call.args.push_back(ir::Expr::varUse(tmp, at));
        }
        ir::VarRef result;
        if (cp.result != ir::kNone) {
          ir::Type rt = cp.vars.at(cp.result).type;
          result = encodedTemp(sl.proc, rt, role + "r");
          call.lhs = result;
        }
        slot(call, on);
        for (const Target &t : sl.targets)
          if (t.kind == Target::Call && t.call == ci && t.var.valid()) {
            ir::Stmt w;
            w.kind = ir::Stmt::Assign;
            w.lhs = t.var;
            w.value = ir::Expr::varUse(result, t.type);
            slot(w, tm_.mkAnd(here, t.chosen));
          }
      }
    }
  }

  /// Whether alternative `a` can share its group's temporaries (groupSlots): an assignment, a field
  /// read or a field write whose value is made of variables, literals, `+`, `-`, comparisons and the boolean
  /// connectives (nothing that can fail, such as a division, whose check the shared value would drop).
  bool sharable(const Alternative &a) const {
    const ir::Stmt &st = a.stmts.front();
    if (st.kind == ir::Stmt::GetField)
      return true;
    if (st.kind != ir::Stmt::Assign && st.kind != ir::Stmt::PutField)
      return false;
    if (a.read)
      return true;
    bool ok = true;
    ir::forEachNode(st.value, [&](const ir::Expr &x) {
      switch (x.kind) {
      case ir::Expr::IntLit:
      case ir::Expr::BoolLit:
      case ir::Expr::NullLit:
      case ir::Expr::VarUse: break;
      case ir::Expr::Unary: ok &= x.op == ir::Op::Not || x.op == ir::Op::Neg; break;
      case ir::Expr::Binary:
        ok &= x.op == ir::Op::Add || x.op == ir::Op::Sub || ir::isComparison(x.op) || x.op == ir::Op::And ||
              x.op == ir::Op::Or;
        break;
      default: ok = false;
      }
    });
    return ok;
  }

  /// Copy `j` of the alternatives `shared` of group `g`, encoded the way an insertion slot is (each choice
  /// encoded once, not once per alternative): a check that a chosen field read's base is not null; per
  /// type, the chosen alternative's value into a hidden temporary; per record, the chosen field write's
  /// base into one; then one assignment per target variable and one write per field, of the temporary's
  /// value. At most one alternative is chosen, so exactly its effect happens, with its checks in the same
  /// order (the read's base, then the written base). A field write's heap changes once per field instead
  /// of once per alternative.
  void groupSlots(const Group &g, const std::vector<size_t> &shared, size_t j, ir::StmtId &nextId,
                  encoder::EncodeOptions &eo) {
    const ir::Procedure &pr = base_.prog.procs.at(g.proc);
    auto typeOf = [&](ir::VarRef v) { return base_.prog.var(pr, v).type; };
    struct Eff {
      Term chosen;
      ir::Stmt st;
      std::optional<FieldRead> read; // the value is this field read (GetField, or `x.f := y.g`)
      ir::Type type;                 // the value's type: the target's
      uint32_t record = ir::kNone;   // a field write's base record
    };
    std::vector<Eff> effs;
    for (size_t k : shared) {
      const Alternative &a = g.alts[k];
      Eff e{a.chosen, a.stmts[j], a.read, {}, ir::kNone};
      if (e.st.kind == ir::Stmt::GetField) {
        e.read = FieldRead{e.st.base, e.st.field, typeOf(e.st.base).record};
        e.type = typeOf(e.st.lhs);
      } else if (e.st.kind == ir::Stmt::Assign) {
        e.type = typeOf(e.st.lhs);
      } else {
        e.record = typeOf(e.st.base).record;
        e.type = base_.prog.records.at(e.record).fields.at(e.st.field).type;
      }
      effs.push_back(std::move(e));
    }
    ir::StmtId anchor = g.stmts[j];
    auto slot = [&](ir::Stmt st, Term on) {
      st.id = nextId++;
      st.guard = effs.front().st.guard;
      eo.slots.push_back({anchor, false, st, on});
      return st.id;
    };
    auto anyOf = [&](auto pred) {
      std::vector<Term> on;
      for (const Eff &e : effs)
        if (pred(e))
          on.push_back(e.chosen);
      return on.empty() ? Term() : on.size() == 1 ? on[0] : tm_.mkOr(on);
    };
    // the reads' bases
    if (Term on = anyOf([](const Eff &e) { return e.read.has_value(); }); !on.isNull()) {
      ir::Stmt chk = checkSlot("a field read of null");
      std::vector<std::pair<Term, FieldRead>> reads;
      for (const Eff &e : effs)
        if (e.read)
          reads.push_back({e.chosen, *e.read});
      eo.overrides[{slot(chk, on), encoder::Part::Value}] = [this,
                                                             reads](const encoder::OverrideContext &ctx) {
        std::vector<Term> bad;
        for (const auto &[c, rd] : reads)
          bad.push_back(tm_.mkAnd(c, isNull(ctx, rd.base, rd.record)));
        return tm_.mkNot(bad.size() == 1 ? bad[0] : tm_.mkOr(bad));
      };
    }
    // per type: the chosen value
    std::map<std::string, ir::VarRef> values;
    for (const Eff &e : effs) {
      std::string tn = ir::toString(base_.prog, e.type);
      if (values.count(tn))
        continue;
      ir::VarRef tmp = encodedTemp(g.proc, e.type, "gv");
      values.emplace(tn, tmp);
      std::vector<std::pair<Term, Eff>> of;
      for (const Eff &x : effs)
        if (ir::toString(base_.prog, x.type) == tn)
          of.push_back({x.chosen, x});
      Term on = anyOf([&](const Eff &x) { return ir::toString(base_.prog, x.type) == tn; });
      eo.overrides[{slot(selfAssign(tmp, e.type), on), encoder::Part::Value}] =
          [this, of](const encoder::OverrideContext &ctx) {
            Term out;
            std::vector<Term> dz;
            for (const auto &[c, x] : of) {
              Term v = x.read ? tm_.mkSelect(ctx.heap(x.read->record, x.read->field), ctx.var(x.read->base))
                              : ctx.exprs.expr(x.st.value, ctx.var, tm_.mkTrue(), dz);
              out = out.isNull() ? v : tm_.mkIte(c, v, out);
            }
            return out;
          };
    }
    // per record: the chosen field write's base
    std::map<uint32_t, ir::VarRef> bases;
    for (const Eff &e : effs) {
      if (e.st.kind != ir::Stmt::PutField || bases.count(e.record))
        continue;
      ir::Type bt = ir::Type::refType(e.record);
      ir::VarRef tmp = encodedTemp(g.proc, bt, "gb");
      bases.emplace(e.record, tmp);
      std::vector<std::pair<Term, ir::VarRef>> of;
      for (const Eff &x : effs)
        if (x.st.kind == ir::Stmt::PutField && x.record == e.record)
          of.push_back({x.chosen, x.st.base});
      uint32_t rec = e.record;
      Term on = anyOf([&](const Eff &x) { return x.st.kind == ir::Stmt::PutField && x.record == rec; });
      eo.overrides[{slot(selfAssign(tmp, bt), on), encoder::Part::Value}] = chosenVariable(std::move(of));
    }
    // the writes: one per target variable, one per field
    std::set<ir::VarRef> vars;
    std::set<std::pair<uint32_t, uint32_t>> fields;
    for (const Eff &e : effs) {
      if (e.st.kind == ir::Stmt::PutField) {
        if (!fields.insert({e.record, e.st.field}).second)
          continue;
        uint32_t rec = e.record, f = e.st.field;
        ir::Stmt w;
        w.kind = ir::Stmt::PutField;
        w.base = bases.at(rec);
        w.field = f;
        w.value = ir::Expr::varUse(values.at(ir::toString(base_.prog, e.type)), e.type);
        slot(w, anyOf([&](const Eff &x) {
               return x.st.kind == ir::Stmt::PutField && x.record == rec && x.st.field == f;
             }));
      } else {
        if (!vars.insert(e.st.lhs).second)
          continue;
        ir::VarRef x = e.st.lhs;
        ir::Stmt w;
        w.kind = ir::Stmt::Assign;
        w.lhs = x;
        w.value = ir::Expr::varUse(values.at(ir::toString(base_.prog, e.type)), e.type);
        slot(w, anyOf([&](const Eff &y) { return y.st.kind != ir::Stmt::PutField && y.st.lhs == x; }));
      }
    }
  }

  /// The program on one input with every choice, required to pass every check.
  void encode(const Input &in) {
    encoder::EncodeOptions eo = base_.failureSpec.verify.encode;
    eo.fixedArgs = in.args;
    eo.fixedNondets = in.nondets;
    eo.fixedHeap = in.heap;
    eo.fixedInput = in.input;
    eo.expect = in.expect;
    eo.unwindFloor = std::max(eo.unwindFloor, in.unwind);
    eo.relaxValues = eo.relaxGuards = eo.relaxTargets = false;
    eo.stop = stopWhen(p_, deadline_);
    std::set<ir::StmtId> touched;
    for (const auto &[id, gi] : space_.groupOf)
      touched.insert(id);
    for (const auto &[id, di] : space_.deletionOf)
      touched.insert(id);
    for (ir::StmtId id : touched) {
      std::vector<Term> off;
      if (auto it = space_.groupOf.find(id); it != space_.groupOf.end() && !space_.groups[it->second].call)
        off.push_back(space_.groups[it->second].changed);
      if (off.empty() && !space_.deletionOf.count(id))
        continue;
      if (auto it = space_.deletionOf.find(id); it != space_.deletionOf.end())
        off.push_back(space_.deletions[it->second].deleted);
      Term anyOff = off.size() == 1 ? off[0] : tm_.mkOr(off);
      eo.overrides[{id, encoder::Part::Guard}] = [this, anyOff](const encoder::OverrideContext &ctx) {
        return tm_.mkAnd(ctx.original, tm_.mkNot(anyOff));
      };
    }
    // An insertion before a statement runs before the statement, also when the statement is replaced: its
    // slots come first (a replacement's alternatives are slots right before the statement it replaces).
    ir::StmtId nextId = firstSlotId_;
    if (slots_)
      for (const InsertSlot &sl : space_.insertions)
        insertionSlots(sl, nextId, eo);
    size_t before = eo.slots.size();
    // A replaceable argument of a call: its temporary, right before the call (after any insertion there),
    // is the chosen alternative's argument, else the original.
    for (const CallArg &ca : callArgs_) {
      const Group &g = space_.groups[ca.group];
      ir::Stmt w = selfAssign(ca.tmp, ca.original.type);
      w.id = nextId++;
      w.guard = find(encoded_, g.stmts[ca.copy])->guard;
      eo.slots.push_back({g.stmts[ca.copy], false, w, tm_.mkTrue()});
      std::vector<std::pair<Term, ir::VarRef>> of;
      if (!g.locked)
        for (const Alternative &a : g.alts)
          if (a.arg == ca.arg)
            of.push_back({a.chosen, a.stmts[ca.copy].args[ca.arg].var});
      eo.overrides[{w.id, encoder::Part::Value}] = [this, of,
                                                    orig = ca.original](const encoder::OverrideContext &ctx) {
        std::vector<Term> dz;
        Term out = ctx.exprs.expr(orig, ctx.var, tm_.mkTrue(), dz);
        for (const auto &[c, v] : of)
          out = tm_.mkIte(c, ctx.var(v), out);
        return out;
      };
    }
    for (const Group &g : space_.groups) {
      if (g.locked || g.call) // locked: every choice false, its slots would never run; a call: above
        continue;
      std::vector<size_t> shared, own; // alternatives encoded through the group's temporaries, or each alone
      for (size_t k = 0; k < g.alts.size(); ++k)
        (sharable(g.alts[k]) ? shared : own).push_back(k);
      if (shared.size() < 2) {
        own.insert(own.end(), shared.begin(), shared.end());
        shared.clear();
      }
      if (!shared.empty())
        for (size_t j = 0; j < g.stmts.size(); ++j)
          groupSlots(g, shared, j, nextId, eo);
      for (size_t k : own) {
        const Alternative &a = g.alts[k];
        for (size_t j = 0; j < g.stmts.size(); ++j) {
          if (a.read) { // `x.f := y.g`: y is checked first (the read), then x (the write's own check)
            FieldRead rd = *a.read;
            eo.overrides[{a.checks[j].id, encoder::Part::Value}] = [this,
                                                                    rd](const encoder::OverrideContext &ctx) {
              return tm_.mkNot(isNull(ctx, rd.base, rd.record));
            };
            eo.slots.push_back({g.stmts[j], false, a.checks[j], a.chosen});
            eo.overrides[{a.stmts[j].id, encoder::Part::Value}] = [this,
                                                                   rd](const encoder::OverrideContext &ctx) {
              return tm_.mkSelect(ctx.heap(rd.record, rd.field), ctx.var(rd.base));
            };
          }
          eo.slots.push_back({g.stmts[j], false, a.stmts[j], a.chosen});
        }
      }
    }
    stats_["replacement_slots"] = static_cast<double>(eo.slots.size() - before);
    encoder::Encoding enc = encoder::encode(encoded_, in.entry, tm_, eo);
    enc.assertTo(*solver_);
    solver_->assertFormula(tm_.mkNot(enc.realFailure));
    solver_->assertFormula(tm_.mkNot(enc.boundFailure));
    stats_["inputs"] += 1;
  }

  bool isTrue(Term t) {
    backends::Value v = solver_->value(t);
    return v.kind == backends::Value::Kind::Bool && v.boolean;
  }

  Candidate read() {
    Candidate c;
    for (size_t gi = 0; gi < space_.groups.size(); ++gi)
      for (size_t k = 0; k < space_.groups[gi].alts.size(); ++k)
        if (isTrue(space_.groups[gi].alts[k].chosen))
          c.replaced.push_back({gi, k});
    for (size_t di = 0; di < space_.deletions.size(); ++di)
      if (isTrue(space_.deletions[di].deleted))
        c.deleted.push_back(di);
    for (size_t ii = 0; ii < space_.insertions.size(); ++ii) {
      const InsertSlot &sl = space_.insertions[ii];
      if (!isTrue(sl.active))
        continue;
      Candidate::Inserted in{ii, 0, 0, 0, {}};
      for (size_t k = 0; k < sl.at.size(); ++k)
        if (isTrue(sl.at[k]))
          in.place = k;
      for (size_t k = 0; k < sl.targets.size(); ++k)
        if (isTrue(sl.targets[k].chosen))
          in.target = k;
      for (size_t k = 0; k < sl.sources.size(); ++k)
        if (isTrue(sl.sources[k].chosen))
          in.source = k;
      if (sl.targets[in.target].kind == Target::Call)
        for (const std::vector<Source> &arg : sl.calls[sl.targets[in.target].call].args) {
          in.args.push_back(0);
          for (size_t k = 0; k < arg.size(); ++k)
            if (isTrue(arg[k].chosen))
              in.args.back() = k;
        }
      c.inserted.push_back(in);
    }
    return c;
  }

  /// No later candidate makes exactly these choices.
  void block(const Candidate &c) {
    std::vector<Term> same;
    for (auto [gi, k] : c.replaced)
      same.push_back(space_.groups[gi].alts[k].chosen);
    for (size_t di : c.deleted)
      same.push_back(space_.deletions[di].deleted);
    for (const Candidate::Inserted &in : c.inserted) {
      const InsertSlot &sl = space_.insertions[in.slot];
      const Target &t = sl.targets[in.target];
      std::vector<Term> all{sl.active, sl.at[in.place], t.chosen};
      if (t.kind == Target::Call) // a call takes its arguments' sources, no value source
        for (size_t a = 0; a < in.args.size(); ++a)
          all.push_back(sl.calls[t.call].args[a][in.args[a]].chosen);
      else
        all.push_back(sl.sources[in.source].chosen);
      same.push_back(tm_.mkAnd(all));
    }
    std::set<size_t> groups, dels, ins;
    for (auto [gi, k] : c.replaced)
      groups.insert(gi);
    std::vector<Term> others;
    for (size_t gi = 0; gi < space_.groups.size(); ++gi)
      if (!groups.count(gi))
        others.push_back(space_.groups[gi].changed);
    for (size_t di = 0; di < space_.deletions.size(); ++di)
      if (!std::count(c.deleted.begin(), c.deleted.end(), di))
        others.push_back(space_.deletions[di].deleted);
    for (size_t ii = 0; ii < space_.insertions.size(); ++ii)
      if (std::none_of(c.inserted.begin(), c.inserted.end(),
                       [&](const Candidate::Inserted &in) { return in.slot == ii; }))
        others.push_back(space_.insertions[ii].active);
    std::vector<Term> differ;
    for (Term t : same)
      differ.push_back(tm_.mkNot(t));
    differ.insert(differ.end(), others.begin(), others.end());
    if (!differ.empty()) {
      blocked_.push_back(tm_.mkOr(differ));
      solver_->assertFormula(blocked_.back());
    }
  }

  static ir::Stmt *find(ir::Program &prog, ir::StmtId id) {
    ir::Stmt *out = nullptr;
    ir::forEachStmt(prog, [&](ir::Procedure &, ir::Stmt &s) {
      if (s.id == id)
        out = &s;
    });
    return out;
  }
  /// Inserts `s` before or after statement `anchor` in whichever block holds it.
  static bool insertNext(std::vector<ir::Stmt> &block, ir::StmtId anchor, bool after, const ir::Stmt &s) {
    for (size_t i = 0; i < block.size(); ++i) {
      if (block[i].id == anchor) {
        block.insert(block.begin() + static_cast<std::ptrdiff_t>(after ? i + 1 : i), s);
        return true;
      }
      if (block[i].isCompound() && insertNext(block[i].body, anchor, after, s))
        return true;
    }
    return false;
  }

  std::string where(ir::StmtId id) const {
    ir::StmtIndex index(p_.prog);
    const ir::Stmt *s = index.find(id);
    if (!s || !s->loc.valid() || s->loc.file >= p_.prog.files.size())
      return "";
    return p_.prog.files[s->loc.file] + ":" + std::to_string(s->loc.line) + ":" + std::to_string(s->loc.col) +
           ": ";
  }
  /// A statement as the change lines show it, in the language of the statement's file (`p->next = q`,
  /// `p.next := q`): a temporary's field read as the read itself; other values printed by patch::exprText
  /// (a temporary the lowering made is named as the IR names it).
  /// A deleted statement as written: its source line (the IR's text would show the lowering's
  /// temporaries, `temp2 = t1`), else as the IR has it.
  std::string deletedText(uint32_t proc, const ir::Stmt &s) const {
    if (s.loc.valid() && s.loc.file < p_.prog.files.size())
      if (std::optional<uint32_t> f = p_.sm.find(p_.prog.files[s.loc.file])) {
        std::string line(p_.sm.lineText(*f, s.loc.line));
        size_t b = line.find_first_not_of(" \t"), e = line.find_last_not_of(" \t\r");
        if (b != std::string::npos)
          return line.substr(b, e - b + 1);
      }
    return text(proc, s);
  }

  std::string text(uint32_t proc, const ir::Stmt &s, const ir::Stmt *read = nullptr,
                   const std::vector<ir::Stmt> *argReads = nullptr,
                   const std::vector<ir::Stmt> *chain = nullptr) const {
    patch::Language lang = s.loc.valid() && s.loc.file < p_.prog.files.size()
                               ? patch::languageOf(p_.prog.files[s.loc.file])
                               : patch::Language::Gcl;
    bool gcl = lang == patch::Language::Gcl;
    const ir::Procedure &pr = p_.prog.procs.at(proc);
    auto name = [&](ir::VarRef v) {
      return patch::exprText(p_.prog, proc, ir::Expr::varUse(v, p_.prog.var(pr, v).type), lang);
    };
    // a variable; a temporary of the statement's own construct that holds a field read as the read
    // (`cur->next`, `p->next->prev` for the base of `t.prev := v`)
    std::function<std::string(ir::VarRef)> operand;
    std::function<uint32_t(ir::VarRef)> recordOf =
        [&](ir::VarRef v) { // a chain's temporary is not in p_.prog
          if (chain)
            for (const ir::Stmt &x : *chain)
              if (x.kind == ir::Stmt::GetField && x.lhs == v)
                return p_.prog.records.at(recordOf(x.base)).fields.at(x.field).type.record;
          return p_.prog.var(pr, v).type.record;
        };
    auto field = [&](ir::VarRef base, uint32_t f) {
      return operand(base) + (gcl ? "." : "->") + p_.prog.records.at(recordOf(base)).fields.at(f).name;
    };
    operand = [&](ir::VarRef v) {
      if (chain) // an inserted `x := y.f.g`: its first read's temporary as the read
        for (const ir::Stmt &x : *chain)
          if (x.kind == ir::Stmt::GetField && x.lhs == v)
            return field(x.base, x.field);
      if (isTemp(p_.prog, pr, v) && s.construct) {
        const ir::Stmt *read = nullptr;
        ir::forEachStmt(pr.body, [&](const ir::Stmt &x) {
          if (x.kind == ir::Stmt::GetField && x.lhs == v && x.construct == s.construct)
            read = &x;
        });
        if (read)
          return field(read->base, read->field);
      }
      return name(v);
    };
    auto expr = [&](const ir::Expr &e) {
      return e.kind == ir::Expr::VarUse ? operand(e.var) : patch::exprText(p_.prog, proc, e, lang);
    };
    std::string assign = gcl ? " := " : " = ";
    bool temp = isTemp(p_.prog, pr, s.lhs);
    switch (s.kind) {
    case ir::Stmt::Assign: return temp ? expr(s.value) : name(s.lhs) + assign + expr(s.value);
    case ir::Stmt::GetField:
      return temp ? field(s.base, s.field) : name(s.lhs) + assign + field(s.base, s.field);
    case ir::Stmt::PutField:
      return field(s.base, s.field) + assign + (read ? field(read->base, read->field) : expr(s.value));
    case ir::Stmt::New:
      return name(s.lhs) + assign + (gcl ? "new " + p_.prog.records.at(s.record).name : "malloc(…)");
    case ir::Stmt::Call:
      if (argReads) { // an inserted or replaced call: its arguments as the grammar has them
                      // (`height(x.right)`)
        std::string call = p_.prog.procs.at(s.callee).name + "(";
        for (size_t a = 0; a < s.args.size(); ++a) {
          const ir::Stmt *rd = nullptr;
          for (const ir::Stmt &r : *argReads)
            if (s.args[a].kind == ir::Expr::VarUse && r.lhs == s.args[a].var)
              rd = &r;
          call += (a ? ", " : "") + (rd ? field(rd->base, rd->field) : expr(s.args[a]));
        }
        call += ")";
        return s.lhs.valid() && !temp ? name(s.lhs) + assign + call : call;
      }
      [[fallthrough]];
    default: {
      ir::Stmt t = s;
      t.guard = ir::Expr::boolLit(true);
      std::string out = ir::toString(p_.prog, pr, t);
      while (!out.empty() && (out.back() == '\n' || out.back() == ' '))
        out.pop_back();
      return out;
    }
    }
  }

  /// A hidden temporary of type `t` in procedure `proc` of `prog` (one per type: each is read right after
  /// it is written), added on first use.
  static ir::VarRef hiddenTemp(ir::Program &prog, uint32_t proc, const ir::Type &t) {
    return namedTemp(prog, proc, t, "proof.h" + ir::toString(prog, t));
  }

  /// The temporary `name` of type `t` in procedure `proc` of `prog`, added on first use.
  static ir::VarRef namedTemp(ir::Program &prog, uint32_t proc, const ir::Type &t, const std::string &name) {
    ir::Procedure &pr = prog.procs.at(proc);
    for (uint32_t i = 0; i < pr.vars.size(); ++i)
      if (pr.vars[i].name == name)
        return {false, i};
    ir::Var v;
    v.name = name;
    v.type = t;
    v.temp = true;
    pr.vars.push_back(v);
    return {false, static_cast<uint32_t>(pr.vars.size() - 1)};
  }
  /// `read` as a GetField into a hidden temporary of `prog` (the value of the field write `w`), with id `id`.
  static ir::Stmt readInto(ir::Program &prog, uint32_t proc, const FieldRead &read, ir::Stmt &w,
                           ir::StmtId id) {
    ir::Type t = prog.records.at(read.record).fields.at(read.field).type;
    ir::Stmt g;
    g.kind = ir::Stmt::GetField;
    g.id = id;
    g.lhs = hiddenTemp(prog, proc, t);
    g.base = read.base;
    g.field = read.field;
    g.guard = w.guard;
    g.loc = w.loc;
    w.value = ir::Expr::varUse(g.lhs, t);
    return g;
  }

  /// The candidate as an IR program (for validation) and as edits of the user's program (for the patch).
  void build(const Candidate &c, ir::Program &prog, std::vector<patch::Edit> &edits,
             std::vector<std::string> &changes) {
    for (auto [gi, k] : c.replaced) {
      const Group &g = space_.groups[gi];
      const Alternative &alt = g.alts[k];
      for (size_t j = 0; j < g.stmts.size(); ++j) {
        ir::Stmt *s = find(prog, g.stmts[j]);
        ir::Stmt r = alt.stmts[j];
        ir::Stmt orig = *s;
        r.id = orig.id;
        r.loc = orig.loc;
        r.construct = orig.construct;
        r.range = orig.range;
        r.guard = orig.guard;
        if (alt.read) {
          ir::Stmt rd = readInto(prog, g.proc, *alt.read, r, nextFree(prog));
          s = find(prog, g.stmts[j]);
          *s = r;
          for (ir::Procedure &pr : prog.procs)
            if (insertNext(pr.body, r.id, false, rd))
              break;
          patch::Edit e = patch::Edit::replaceStmt(orig.id, r);
          e.read = rd;
          edits.push_back(std::move(e));
          if (j == 0)
            changes.push_back(where(orig.id) + text(g.proc, orig) + " → " + text(g.proc, r, &rd));
          continue;
        }
        *s = r;
        if (g.call) { // one argument replaced: its text
          edits.push_back(patch::Edit::replace(orig.id, patch::nodeIndex(orig, &orig.args.at(alt.arg)),
                                               r.args.at(alt.arg)));
          std::vector<ir::Stmt> none;
          if (j == 0)
            changes.push_back(where(orig.id) + text(g.proc, orig, nullptr, &none) + " → " +
                              text(g.proc, r, nullptr, &none));
          continue;
        }
        bool valueOnly = orig.kind == r.kind && orig.lhs == r.lhs && orig.base == r.base &&
                         orig.field == r.field && ir::usesValue(orig.kind);
        edits.push_back(valueOnly ? patch::Edit::replace(orig.id, 0, r.value)
                                  : patch::Edit::replaceStmt(orig.id, r));
        if (j == 0)
          changes.push_back(where(orig.id) + text(g.proc, orig) + " → " + text(g.proc, r));
      }
    }
    for (size_t di : c.deleted) {
      const Deletion &d = space_.deletions[di];
      for (ir::StmtId id : d.stmts)
        find(prog, id)->guard = ir::Expr::boolLit(false);
      edits.push_back(patch::Edit::remove(d.shown));
      ir::StmtIndex index(p_.prog);
      changes.push_back(where(d.shown) + "deleted: " + deletedText(d.proc, *index.find(d.shown)));
    }
    for (const Candidate::Inserted &in : c.inserted) {
      const InsertSlot &sl = space_.insertions[in.slot];
      const Place &pl = sl.places[in.place];
      ir::Stmt st = statementOf(sl, in);
      st.id = nextFree(prog);
      if (const ir::Stmt *at =
              ir::StmtIndex(p_.prog).find(pl.shown)) // its file, for the change line's syntax
        st.loc = at->loc;
      // An else-branch: its guard (`g and not c`) into a hidden temporary first (guards are variables).
      std::optional<ir::Stmt> eg;
      if (pl.branch == Place::Else) {
        eg.emplace();
        eg->kind = ir::Stmt::Assign;
        eg->id = st.id + 2;
        eg->lhs = namedTemp(prog, sl.proc, ir::Type::boolType(), "proof.else");
        eg->value = pl.guard;
        eg->guard = ir::Expr::boolLit(true);
        eg->loc = st.loc;
        st.guard = ir::Expr::varUse(eg->lhs, ir::Type::boolType());
      }
      // `x := y.f.g`, `x.f := y.g.h`, `x.f.g := y`: a first read into a hidden temporary of its own (the base
      // of the second read or of the write), right before the rest (ids: a call has none of these)
      std::vector<ir::Stmt> chain;
      auto readOf = [&](ir::VarRef base, uint32_t field, uint32_t record, const char *role) {
        ir::Stmt &g = chain.emplace_back();
        g.kind = ir::Stmt::GetField;
        g.id = st.id + 3 + chain.size();
        ir::Type t = ir::Type::refType(record);
        g.lhs = namedTemp(prog, sl.proc, t, std::string("proof.") + role + "." + ir::toString(prog, t));
        g.base = base;
        g.field = field;
        g.guard = st.guard;
        g.loc = st.loc;
        return g.lhs;
      };
      if (const Target &t = sl.targets[in.target]; t.kind == Target::Field && t.via != ir::kNone)
        st.base = readOf(t.var, t.via, t.viaRecord, "w");
      ir::VarRef second; // the node a source `y.f.g` reads `g` of
      if (st.kind != ir::Stmt::Call && sl.sources[in.source].read &&
          sl.sources[in.source].field2 != ir::kNone) {
        const Source &v = sl.sources[in.source];
        second = readOf(v.base, v.field, v.record2, "r");
        if (st.kind == ir::Stmt::GetField) {
          st.base = second;
          st.field = v.field2;
        }
      }
      std::optional<ir::Stmt> rd; // `x.f := y.g`: the read into a hidden temporary, right before the write
      if (st.kind == ir::Stmt::PutField && sl.sources[in.source].read) {
        const Source &v = sl.sources[in.source];
        rd = second.valid() ? readInto(prog, sl.proc, FieldRead{second, v.field2, v.record2}, st, st.id + 1)
                            : readInto(prog, sl.proc, FieldRead{v.base, v.field, v.record}, st, st.id + 1);
      }
      // `x := p(y.f)`: each argument that is a field read into a hidden temporary of its own, right before
      // the call
      std::vector<ir::Stmt> argReads;
      if (st.kind == ir::Stmt::Call)
        for (size_t a = 0; a < in.args.size(); ++a) {
          const Source &v = sl.calls[sl.targets[in.target].call].args[a][in.args[a]];
          if (!v.read)
            continue;
          ir::Stmt g;
          g.kind = ir::Stmt::GetField;
          g.id = st.id + 3 + argReads.size();
          g.lhs = namedTemp(prog, sl.proc, v.type,
                            "proof.a" + std::to_string(a) + "." + ir::toString(prog, v.type));
          g.base = v.base;
          g.field = v.field;
          g.guard = st.guard;
          g.loc = st.loc;
          st.args[a] = ir::Expr::varUse(g.lhs, v.type);
          argReads.push_back(std::move(g));
        }
      // In the order they run: the first of two reads, the read of a write's value, the arguments' reads,
      // the statement. Each is put right next to the anchor: after it, the last first (then the guard
      // before all).
      std::vector<const ir::Stmt *> order;
      for (const ir::Stmt &x : chain)
        order.push_back(&x);
      if (rd)
        order.push_back(&*rd);
      for (const ir::Stmt &x : argReads)
        order.push_back(&x);
      order.push_back(&st);
      if (pl.after)
        std::reverse(order.begin(), order.end());
      if (eg)
        order.push_back(&*eg);
      for (const ir::Stmt *x : order)
        for (ir::Procedure &pr : prog.procs)
          if (insertNext(pr.body, pl.anchor, pl.after, *x))
            break;
      patch::Edit e = pl.branch != Place::None
                          ? patch::Edit::insertInto(pl.shown, pl.branch == Place::Else, st)
                      : pl.after ? patch::Edit::insertAfter(pl.shown, st)
                                 : patch::Edit::insertBefore(pl.shown, st);
      e.read = rd;
      e.argReads = argReads;
      e.baseReads = chain;
      edits.push_back(std::move(e));
      changes.push_back(where(pl.shown) + "inserted " +
                        (pl.branch == Place::Then   ? "into the then-branch: "
                         : pl.branch == Place::Else ? "into the else-branch: "
                         : pl.after                 ? "after: "
                                                    : "before: ") +
                        text(sl.proc, st, rd ? &*rd : nullptr, &argReads, &chain));
    }
  }

  static ir::StmtId nextFree(const ir::Program &prog) {
    ir::StmtId m = 0;
    ir::forEachStmt(prog, [&](const ir::Procedure &, const ir::Stmt &s) { m = std::max(m, s.id); });
    return m + 1;
  }

  /// The statement an insertion slot's choice stands for.
  ir::Stmt statementOf(const InsertSlot &sl, const Candidate::Inserted &in) const {
    const Target &t = sl.targets[in.target];
    const Source &v = sl.sources[in.source];
    ir::Stmt st;
    st.guard = sl.places[in.place].guard;
    if (t.kind == Target::Call) { // a field read's argument: its temporary, made by build
      const CallOption &co = sl.calls[t.call];
      st.kind = ir::Stmt::Call;
      st.callee = co.callee;
      st.lhs = t.var;
      for (size_t a = 0; a < in.args.size(); ++a)
        st.args.push_back(co.args[a][in.args[a]].expr);
    } else if (t.kind == Target::New) {
      st.kind = ir::Stmt::New;
      st.lhs = t.var;
      st.record = t.type.record;
    } else if (t.kind == Target::Field) {
      st.kind = ir::Stmt::PutField;
      st.base = t.var;
      st.field = t.field;
      st.value = v.expr;
    } else if (v.read) {
      st.kind = ir::Stmt::GetField;
      st.lhs = t.var;
      st.base = v.base;
      st.field = v.field;
    } else {
      st.kind = ir::Stmt::Assign;
      st.lhs = t.var;
      st.value = v.expr;
    }
    return st;
  }

  const Problem &p_;
  const ProofOptions &po_;
  const Checked &base_;
  std::optional<Clock::time_point> deadline_;
  std::map<std::string, double> &stats_;
  backends::TermManager tm_;
  std::unique_ptr<backends::Solver> solver_;
  Space space_;
  std::vector<Input> inputs_;
  const std::unordered_set<ir::StmtId> *locked_ = nullptr;
  bool slots_ = false;                            ///< the insertion slots are encoded
  unsigned tauGrd_ = 0, tauStm_ = 0, tauIns_ = 0; ///< the bounds on deletions, replacements, insertions
  unsigned widenings_ = 0;
  bool coreRanOut_ = false;    ///< an unsat core's check ran out of its time: the later ones are not made
  ir::StmtId firstSlotId_ = 0; ///< ids of the insertion slots' statements start here
  ir::Program encoded_; ///< the program encoded: base_.prog with the insertion slots' hidden temporaries
                        ///< and the replaceable arguments of calls read from hidden temporaries
  /// A call's argument that alternatives replace: group, copy, argument, its temporary in encoded_, and the
  /// original argument.
  struct CallArg {
    size_t group = 0, copy = 0, arg = 0;
    ir::VarRef tmp;
    ir::Expr original;
  };
  std::vector<CallArg> callArgs_;
  std::vector<Term> blocked_; ///< the candidates blocked so far
};

class Proof final : public Method {
public:
  const char *name() const override { return "proof"; }
  const char *summary() const override {
    return "proof-guided repair (Verma & Roy, Wolverine2): statements replaced from a grammar over the "
           "program's variables and fields, deleted, or inserted, the bounds on each widened as the unsat "
           "core directs; gradient localization locks the statements it clears";
  }
  bool takesLocked() const override { return true; }
  bool insertsStatements() const override { return true; }
  std::vector<repair::OptionDecl> options() const override {
    return {insertSlotsOption(), maxWideningsOption(), wideningOption(),      lockedShareOption(),
            coreTimeOption(),    insertReadsOption(),  noLocalizationOption()};
  }
  std::string describe(const Problem &p) const override {
    ProofOptions o = proofOptionsOf(p.opts);
    return "at most " + std::to_string(o.insertSlots) + " insertion" + (o.insertSlots == 1 ? "" : "s") +
           ", " + (o.localization ? "gradient locks" : "no localization");
  }

  Result run(const Problem &p) const override {
    return runMethod(*this, p, [&](Result &r, const Finish &finish) {
      return search(p, proofOptionsOf(p.opts), finish.t0, deadlineOf(p.opts.timeoutMs), r, finish);
    });
  }

private:
  Result search(const Problem &p, const ProofOptions &po, Clock::time_point t0,
                std::optional<Clock::time_point> deadline, Result &r, const Finish &finish) const {
    Checked base = checkedProgram(p.prog, p.spec);
    if (!startSearch(p, base, deadline, r))
      return finish(r.status);
    for (const char *k :
         {"solves", "solves_slots", "candidates_validated", "inputs", "solve_s", "validate_s", "widenings",
          "unrenderable", "reverify_failed", "unknown", "localize_s", "locked", "locked_s", "unlocked_s",
          "minimize_solves", "minimized", "shallower", "minimize_s", "cores_assumed"})
      r.stats[k] = 0;

    std::optional<std::unordered_set<ir::StmtId>> locked;
    if (po.localization && p.opts.locked) {
      locked = *p.opts.locked;
      r.stats["locked"] = static_cast<double>(locked->size());
    } else if (po.localization) {
      localize::Options lo;
      lo.solver = p.opts.solver;
      lo.procs = changeableProcs(p);
      lo.named = p.opts.named;
      if (deadline)
        lo.timeoutMs = std::max(1u, msLeft(deadline) / 4);
      lo.stop = stopWhen(p, lo.timeoutMs ? deadlineOf(lo.timeoutMs) : deadline);
      auto tl = Clock::now();
      localize::GradientResult gr = localize::gradientLocalize(base.prog, *r.failure, lo);
      r.stats["localize_s"] = secondsSince(tl);
      // Nothing suspicious locks everything: no attempt to make (the failing run never reaches the fault).
      if (gr.error.empty() && !gr.unknown && !gr.suspicious.empty()) {
        locked = std::unordered_set<ir::StmtId>(gr.lockable.begin(), gr.lockable.end());
        r.stats["locked"] = static_cast<double>(gr.lockable.size());
        r.stats["suspicious"] = static_cast<double>(gr.suspicious.size());
      }
    }
    std::string message, internal, unrenderable;
    Outcome o = Outcome::NotRepaired;
    // The attempts, smallest space first: gradient's locks, then none; insertions that allocate; last the
    // wide grammar (a statement's kind and a call's arguments changed too, insertions allocating when there
    // are slots), which only runs when the others exhausted their spaces: it finds repairs the narrow one
    // cannot, but its larger space slows the search for those it can (docs/repair.md).
    const char *names[] = {"locked_s", "unlocked_s", "allocating_s", "wide_s"};
    const char *retries[] = {"unlocked_retry", "allocating_retry", "wide_retry"};
    for (int attempt = locked ? 0 : 1; attempt < 4; ++attempt) {
      if (attempt == 2 && po.insertSlots == 0)
        continue;
      // The locked search may take a share of the time left (--locked-share); the unlocked one the rest.
      std::optional<Clock::time_point> until = deadline;
      bool shared = attempt == 0 && deadline && po.lockedShare < 100;
      auto ta = Clock::now();
      if (shared)
        until = ta + (*deadline - ta) * po.lockedShare / 100;
      Search s(p, po, base, until, r.stats);
      bool news = attempt == 2 || (attempt == 3 && po.insertSlots > 0);
      o = s.run(attempt == 0 ? &*locked : nullptr, news, attempt == 3, inputOf(*r.failure), r.repairs, t0,
                message);
      r.stats[names[attempt]] = secondsSince(ta);
      if (internal.empty())
        internal = s.internal;
      if (unrenderable.empty())
        unrenderable = s.unrenderable;
      if (o == Outcome::Stopped && shared && r.repairs.empty() && !stopNow(p, deadline)) {
        r.stats["locked_share_out"] = 1; // its share ran out: on to the unlocked search
        message.clear();
      } else if (o != Outcome::NotRepaired || !r.repairs.empty()) {
        break;
      }
      if (attempt < 3)
        r.stats[retries[attempt]] = 1;
    }
    if (o == Outcome::Error)
      return finish(Status::Error, message);
    if (r.stats["reverify_failed"] > 0 && r.repairs.empty())
      return finish(Status::Error,
                    "internal error: a repair did not re-verify from its patched source: " + internal);
    if (!r.repairs.empty())
      return finish(Status::Repaired);
    std::string notRendered;
    if (r.stats["unrenderable"] > 0 && !unrenderable.empty())
      notRendered = " (" + std::to_string(static_cast<size_t>(r.stats["unrenderable"])) +
                    " repairs found could not be written as source, e.g.: " + unrenderable + ")";
    if (o == Outcome::Stopped)
      return finish(
          Status::Unknown,
          stopReason(p, message.empty() ? "the time limit ran out before a repair was found" : message) +
              notRendered);
    message += notRendered;
    return finish(Status::NotRepaired, message);
  }
};

} // namespace

std::unique_ptr<Method> makeProof() {
  return std::make_unique<Proof>();
}

} // namespace locus::fix

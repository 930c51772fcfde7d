// The debugger's facts: captured from a state, inserted into a program as checks (debug/spec.h).
#include "debug/spec.h"

#include "ir/analysis.h"

#include <algorithm>
#include <deque>
#include <map>
#include <sstream>
#include <unordered_set>

namespace locus::debug {

std::string Path::text() const {
  std::string s = root;
  for (const std::string &f : fields)
    s += "." + f;
  return s;
}

std::string Fact::text() const {
  switch (kind) {
  case Kind::SamePath: return lhs.text() + " == " + rhs.text();
  case Kind::Null: return lhs.text() + " == null";
  case Kind::Scalar: return lhs.text() + " == " + ir::toString(value);
  case Kind::Cond: return std::string("the loop condition is ") + (truth ? "true" : "false");
  case Kind::Node: return lhs.text() + " == n" + std::to_string(value.node);
  }
  return {};
}

std::vector<Fact> capture(const ir::Program &prog, uint32_t proc, const std::vector<ir::Value> &vars,
                          const ir::State &st, const std::optional<std::set<std::string>> &tracked,
                          std::string &skipped) {
  std::vector<Fact> facts;
  std::map<uint32_t, Path> name; // node → its first path
  std::deque<uint32_t> queue;
  std::set<std::string> arrays;
  auto describe = [&](const Path &p, const ir::Type &t, const ir::Value &v) {
    if (t.kind == ir::Type::Int || t.kind == ir::Type::Bool) {
      Fact f;
      f.kind = Fact::Kind::Scalar;
      f.lhs = p;
      f.value = v;
      facts.push_back(f);
      return;
    }
    if (t.kind == ir::Type::Array) {
      arrays.insert(p.text());
      return;
    }
    if (t.kind != ir::Type::Ref)
      return;
    Fact f;
    f.lhs = p;
    if (v.node == 0) {
      f.kind = Fact::Kind::Null;
      facts.push_back(f);
      return;
    }
    auto it = name.find(v.node);
    if (it == name.end()) { // the node's name: this path; and which node it is
      name.emplace(v.node, p);
      queue.push_back(v.node);
      f.kind = Fact::Kind::Node;
      f.value = v;
      facts.push_back(f);
      return;
    }
    f.kind = Fact::Kind::SamePath;
    f.rhs = it->second;
    facts.push_back(f);
  };
  auto wanted = [&](const ir::Var &v) { return !v.temp && (!tracked || tracked->count(v.name)); };
  for (size_t k = 0; k < prog.globals.size() && k < st.globals.size(); ++k)
    if (wanted(prog.globals[k]))
      describe(Path{prog.globals[k].name, true, {}}, prog.globals[k].type, st.globals[k]);
  const ir::Procedure &pr = prog.procs.at(proc);
  for (size_t k = 0; k < pr.vars.size() && k < vars.size(); ++k)
    if (wanted(pr.vars[k]))
      describe(Path{pr.vars[k].name, false, {}}, pr.vars[k].type, vars[k]);
  while (!queue.empty()) {
    uint32_t n = queue.front();
    queue.pop_front();
    if (n == 0 || n > st.heap.size())
      continue;
    const ir::HeapNode &node = st.heap[n - 1];
    if (node.isArray() || node.record >= prog.records.size())
      continue;
    const ir::Record &rec = prog.records[node.record];
    Path base = name.at(n);
    for (size_t f = 0; f < rec.fields.size() && f < node.fields.size(); ++f) {
      Path p = base;
      p.fields.push_back(rec.fields[f].name);
      describe(p, rec.fields[f].type, node.fields[f]);
    }
  }
  skipped.clear();
  for (const std::string &a : arrays)
    skipped += (skipped.empty() ? "" : ", ") + a;
  if (!skipped.empty())
    skipped = "arrays are not described by a spec yet: " + skipped;
  return facts;
}

namespace {

/// The statements of a procedure in program order (nested bodies included).
std::vector<const ir::Stmt *> statementsOf(const ir::Procedure &pr) {
  std::vector<const ir::Stmt *> out;
  ir::forEachStmt(pr.body, [&](const ir::Stmt &s) { out.push_back(&s); });
  return out;
}

} // namespace

Point pointOf(const ir::Program &prog, uint32_t proc, const ir::Stmt &s, bool recheck, uint64_t arrival) {
  Point p;
  p.proc = prog.procs.at(proc).name;
  p.stmt = s.id;
  p.recheck = recheck;
  p.arrival = arrival;
  p.loc = s.loc;
  p.kind = s.kind;
  for (const ir::Stmt *t : statementsOf(prog.procs[proc])) {
    if (t == &s)
      break;
    if (t->loc.line == s.loc.line && t->kind == s.kind)
      ++p.index;
  }
  return p;
}

Found locate(const ir::Program &prog, const Point &p, bool byLocation,
             const std::function<uint32_t(uint32_t)> &lineMap) {
  uint32_t pi = prog.procIndex(p.proc);
  if (pi == ir::kNone)
    return {};
  uint32_t line = byLocation && lineMap ? lineMap(p.loc.line) : p.loc.line;
  uint32_t seen = 0;
  for (const ir::Stmt *t : statementsOf(prog.procs[pi])) {
    if (!byLocation) {
      if (t->id == p.stmt)
        return {pi, t};
      continue;
    }
    if (t->loc.line == line && t->kind == p.kind && seen++ == p.index)
      return {pi, t};
  }
  return {};
}

namespace {

/// Where a statement is: its list and index.
struct Slot {
  std::vector<ir::Stmt> *block = nullptr;
  size_t index = 0;
};

bool findSlot(std::vector<ir::Stmt> &block, ir::StmtId id, Slot &out) {
  for (size_t i = 0; i < block.size(); ++i) {
    if (block[i].id == id) {
      out = {&block, i};
      return true;
    }
    if (block[i].isCompound() && findSlot(block[i].body, id, out))
      return true;
  }
  return false;
}

/// A fresh statement of kind `k` (its id the next free one).
ir::Stmt newStmt(ir::Stmt::Kind k, ir::StmtId &nextId, const ir::Expr &guard, SourceLoc loc) {
  ir::Stmt s;
  s.kind = k;
  s.id = nextId++;
  s.guard = guard;
  s.loc = loc;
  return s;
}

/// A ghost variable of the specs' checks: a lowering temporary (hidden, never in a repair's grammar) named
/// `name`, with `_` appended until no global nor a variable of `proc` has the name; a global when `proc` is
/// kNone, else a local of `proc`.
ir::VarRef ghost(ir::Program &prog, uint32_t proc, std::string name, ir::Type t, SourceLoc loc = {}) {
  auto taken = [&](const std::string &n) {
    return prog.globalIndex(n) != ir::kNone ||
           (proc != ir::kNone && prog.procs[proc].varIndex(n) != ir::kNone);
  };
  while (taken(name))
    name += "_";
  ir::Var v;
  v.name = name;
  v.type = t;
  v.kind = proc == ir::kNone ? ir::VarKind::Global : ir::VarKind::Local;
  v.temp = true;
  v.loc = loc;
  std::vector<ir::Var> &vars = proc == ir::kNone ? prog.globals : prog.procs[proc].vars;
  vars.push_back(v);
  return ir::VarRef{proc == ir::kNone, static_cast<uint32_t>(vars.size() - 1)};
}

/// Builds the checks of one point's specs into a statement list.
class Builder {
public:
  Builder(ir::Program &prog, uint32_t proc, ir::StmtId &nextId, std::map<uint32_t, ir::VarRef> &nodes)
      : prog_(prog), proc_(proc), nextId_(nextId), nodes_(nodes) {}

  /// Told every fact's assertion and its spec (Checks::specOf); unset: nobody.
  std::function<void(ir::StmtId, const Spec *)> onCheck;

  /// The checks of `specs` at a place guarded by `guard`, counting arrivals in global `counter`; the
  /// loop `loop` is the one whose condition Cond facts read (nullptr: none).
  std::optional<ir::Stmt> block(const std::vector<const Spec *> &specs, const ir::Expr &guard,
                                ir::VarRef counter, const ir::Stmt *loop, SourceLoc loc, std::string &err) {
    loc_ = loc;
    std::vector<ir::Stmt> body;
    ir::Type cnt = prog_.globals[counter.index].type;
    ir::Expr cv = ir::Expr::varUse(counter, cnt);
    body.push_back(assign(counter, ir::Expr::binary(ir::Op::Add, cv, ir::Expr::intLit(1)), guard));
    for (const Spec *sp : specs) {
      ir::VarRef hit = temp("hit", ir::Type::boolType());
      body.push_back(assign(hit, ir::Expr::boolLit(false), ir::Expr::boolLit(true)));
      body.push_back(
          assign(hit,
                 ir::Expr::binary(ir::Op::Eq, cv,
                                  ir::Expr::intLit(ir::BigInt(static_cast<int64_t>(sp->point.arrival)))),
                 guard));
      ir::Expr on = ir::Expr::varUse(hit, ir::Type::boolType());
      for (const Fact &f : sp->facts) {
        std::optional<ir::Expr> cond = condition(f, loop, on, body, err);
        if (!cond)
          return std::nullopt;
        ir::Stmt a = stmt(ir::Stmt::Assert, on);
        a.value = *cond;
        a.message = sp->origin + ": " + f.text();
        if (onCheck)
          onCheck(a.id, sp);
        body.push_back(std::move(a));
      }
    }
    ir::Stmt c = stmt(ir::Stmt::Concrete, ir::Expr::boolLit(true));
    c.body = std::move(body);
    return c;
  }

private:
  ir::Stmt stmt(ir::Stmt::Kind k, const ir::Expr &guard) { return newStmt(k, nextId_, guard, loc_); }
  ir::Stmt assign(ir::VarRef lhs, ir::Expr value, const ir::Expr &guard) {
    ir::Stmt s = stmt(ir::Stmt::Assign, guard);
    s.lhs = lhs;
    s.value = std::move(value);
    return s;
  }
  ir::VarRef temp(const std::string &stem, ir::Type t) {
    return ghost(prog_, proc_, "__spec_" + stem, t, loc_);
  }

  /// The value of a path as an expression (reading its fields into temporaries guarded by `on`).
  std::optional<std::pair<ir::Expr, ir::Type>> path(const Path &p, const ir::Expr &on,
                                                    std::vector<ir::Stmt> &out, std::string &err) {
    ir::Procedure &pr = prog_.procs[proc_];
    ir::VarRef v;
    if (!p.global) {
      uint32_t k = pr.varIndex(p.root);
      if (k != ir::kNone)
        v = {false, k};
    }
    if (!v.valid()) {
      uint32_t g = prog_.globalIndex(p.root);
      if (g == ir::kNone) {
        err = "'" + p.root + "' is not a variable of '" + pr.name + "'";
        return std::nullopt;
      }
      v = {true, g};
    }
    ir::Type t = prog_.var(pr, v).type;
    for (const std::string &f : p.fields) {
      if (t.kind != ir::Type::Ref || t.record >= prog_.records.size()) {
        err = "'" + p.text() + "': not a record reference before '." + f + "'";
        return std::nullopt;
      }
      const ir::Record &rec = prog_.records[t.record];
      uint32_t fi = rec.fieldIndex(f);
      if (fi == ir::kNone) {
        err = "'" + p.text() + "': " + rec.name + " has no field '" + f + "'";
        return std::nullopt;
      }
      ir::Type ft = rec.fields[fi].type;
      ir::VarRef r = temp("p", ft);
      ir::Stmt g = stmt(ir::Stmt::GetField, on);
      g.lhs = r;
      g.base = v;
      g.field = fi;
      out.push_back(std::move(g));
      v = r;
      t = ft;
    }
    return std::make_pair(ir::Expr::varUse(v, t), t);
  }

  std::optional<ir::Expr> condition(const Fact &f, const ir::Stmt *loop, const ir::Expr &on,
                                    std::vector<ir::Stmt> &out, std::string &err) {
    if (f.kind == Fact::Kind::Cond) {
      if (!loop) {
        err = "a loop decision recorded at a statement that is not a loop";
        return std::nullopt;
      }
      return f.truth ? loop->value : ir::Expr::unary(ir::Op::Not, loop->value);
    }
    auto l = path(f.lhs, on, out, err);
    if (!l)
      return std::nullopt;
    switch (f.kind) {
    case Fact::Kind::SamePath: {
      auto r = path(f.rhs, on, out, err);
      if (!r)
        return std::nullopt;
      return ir::Expr::binary(ir::Op::Eq, l->first, r->first);
    }
    case Fact::Kind::Null: return ir::Expr::binary(ir::Op::Eq, l->first, ir::Expr::nullLit());
    case Fact::Kind::Node: {
      if (l->second.kind != ir::Type::Ref) {
        err = "'" + f.lhs.text() + "' is not a record reference";
        return std::nullopt;
      }
      std::optional<ir::VarRef> g = nodeGlobal(f.value.node, l->second, err);
      if (!g)
        return std::nullopt;
      return ir::Expr::binary(ir::Op::Eq, l->first, ir::Expr::varUse(*g, l->second));
    }
    case Fact::Kind::Scalar:
      if (l->second.kind == ir::Type::Bool && f.value.kind == ir::Type::Bool)
        return ir::Expr::binary(ir::Op::Eq, l->first, ir::Expr::boolLit(f.value.i != 0));
      if (l->second.kind == ir::Type::Int && f.value.kind == ir::Type::Int &&
          ir::fitsIn(f.value.i, l->second))
        return ir::Expr::binary(ir::Op::Eq, l->first, ir::Expr::intLit(f.value.i, l->second));
      err = "'" + f.lhs.text() + "' cannot hold " + ir::toString(f.value);
      return std::nullopt;
    case Fact::Kind::Cond: break;
    }
    return std::nullopt;
  }

  /// The ghost global that holds node nK once it is allocated (of the record type `t`).
  std::optional<ir::VarRef> nodeGlobal(uint32_t k, const ir::Type &t, std::string &err) {
    if (auto it = nodes_.find(k); it != nodes_.end()) {
      if (!(prog_.globals[it->second.index].type == t)) {
        err = "node n" + std::to_string(k) + " is named with two types";
        return std::nullopt;
      }
      return it->second;
    }
    ir::VarRef r = ghost(prog_, ir::kNone, "__spec_n" + std::to_string(k), t);
    nodes_.emplace(k, r);
    return r;
  }

  ir::Program &prog_;
  uint32_t proc_;
  ir::StmtId &nextId_;
  std::map<uint32_t, ir::VarRef> &nodes_;
  SourceLoc loc_;
};

/// Inserts `c` before every Continue of loop body `body` (not those of inner loops), with its guard.
void beforeContinues(std::vector<ir::Stmt> &body,
                     const std::function<std::optional<ir::Stmt>(const ir::Expr &)> &make, std::string &err) {
  for (size_t i = 0; i < body.size() && err.empty(); ++i) {
    if (body[i].kind == ir::Stmt::Continue) {
      std::optional<ir::Stmt> c = make(body[i].guard);
      if (!c)
        return;
      body.insert(body.begin() + static_cast<std::ptrdiff_t>(i), std::move(*c));
      ++i;
    } else if (body[i].kind == ir::Stmt::Concrete) {
      beforeContinues(body[i].body, make, err);
    }
  }
}

/// After every allocation: the node counter advanced, and the node a Node fact names kept in its global.
std::string countNodes(ir::Program &prog, uint32_t entry, const std::map<uint32_t, ir::VarRef> &nodes,
                       uint32_t nodesAtStart, ir::StmtId &nextId) {
  if (entry == ir::kNone || entry >= prog.procs.size())
    return "internal error: no entry procedure for the specs";
  ir::VarRef counter = ghost(prog, ir::kNone, "__spec_nodes", ir::Type::intType());
  ir::Expr count = ir::Expr::varUse(counter, ir::Type::intType());
  auto stmt = [&](ir::Stmt::Kind k, const ir::Expr &guard, SourceLoc loc) {
    return newStmt(k, nextId, guard, loc);
  };
  auto concrete = [&](std::vector<ir::Stmt> body, SourceLoc loc) {
    ir::Stmt c = stmt(ir::Stmt::Concrete, ir::Expr::boolLit(true), loc);
    c.body = std::move(body);
    return c;
  };
  for (uint32_t pi = 0; pi < prog.procs.size(); ++pi) {
    ir::Procedure &pr = prog.procs[pi];
    std::optional<ir::VarRef> hit; // a bool temporary of this procedure, made when needed
    std::function<void(std::vector<ir::Stmt> &)> walk = [&](std::vector<ir::Stmt> &block) {
      for (size_t i = 0; i < block.size(); ++i) {
        if (block[i].isCompound()) {
          walk(block[i].body);
          continue;
        }
        if (block[i].kind != ir::Stmt::New && block[i].kind != ir::Stmt::NewArray)
          continue;
        const ir::Stmt s = block[i];
        std::vector<ir::Stmt> after;
        ir::Stmt inc = stmt(ir::Stmt::Assign, s.guard, s.loc);
        inc.lhs = counter;
        inc.value = ir::Expr::binary(ir::Op::Add, count, ir::Expr::intLit(1));
        after.push_back(inc);
        ir::Type t = prog.var(pr, s.lhs).type;
        for (const auto &[k, g] : nodes) {
          if (s.kind != ir::Stmt::New || !(prog.globals[g.index].type == t))
            continue;
          if (!hit)
            hit = ghost(prog, pi, "__spec_allocated", ir::Type::boolType());
          ir::Stmt reset = stmt(ir::Stmt::Assign, ir::Expr::boolLit(true), s.loc);
          reset.lhs = *hit;
          reset.value = ir::Expr::boolLit(false);
          ir::Stmt test = stmt(ir::Stmt::Assign, s.guard, s.loc);
          test.lhs = *hit;
          test.value =
              ir::Expr::binary(ir::Op::Eq, count, ir::Expr::intLit(ir::BigInt(static_cast<int64_t>(k))));
          ir::Stmt keep = stmt(ir::Stmt::Assign, ir::Expr::varUse(*hit, ir::Type::boolType()), s.loc);
          keep.lhs = g;
          keep.value = ir::Expr::varUse(s.lhs, t);
          after.push_back(reset);
          after.push_back(test);
          after.push_back(keep);
        }
        block.insert(block.begin() + static_cast<std::ptrdiff_t>(i) + 1, concrete(std::move(after), s.loc));
        ++i;
      }
    };
    walk(pr.body);
  }
  ir::Stmt init = stmt(ir::Stmt::Assign, ir::Expr::boolLit(true), prog.procs[entry].loc);
  init.lhs = counter;
  init.value = ir::Expr::intLit(ir::BigInt(static_cast<int64_t>(nodesAtStart)));
  std::vector<ir::Stmt> first;
  first.push_back(init);
  std::vector<ir::Stmt> &body = prog.procs[entry].body;
  body.insert(body.begin(), concrete(std::move(first), prog.procs[entry].loc));
  return {};
}

} // namespace

std::string instrument(ir::Program &prog, uint32_t entry, const std::vector<Spec> &specs, bool byLocation,
                       const std::function<uint32_t(uint32_t)> &lineMap, uint32_t nodesAtStart,
                       Checks *checks) {
  if (checks)
    checks->counter.assign(specs.size(), ir::VarRef{});
  auto indexOf = [&](const Spec *sp) { return static_cast<size_t>(sp - specs.data()); };
  // Group the specs by the statement (and side) they are at.
  std::map<std::tuple<uint32_t, ir::StmtId, bool>, std::vector<const Spec *>> at;
  for (const Spec &sp : specs) {
    Found f = locate(prog, sp.point, byLocation, lineMap);
    if (!f.stmt)
      return sp.origin + ": line " + std::to_string(sp.point.loc.line) + " of '" + sp.point.proc +
             "' is not in the program";
    if (sp.point.recheck && f.stmt->kind != ir::Stmt::While)
      return sp.origin + ": the loop at line " + std::to_string(sp.point.loc.line) + " is not in the program";
    at[{f.proc, f.stmt->id, sp.point.recheck}].push_back(&sp);
  }
  // The program's own checks are not the debugger's specification: they go, with the code that only
  // computes their conditions (ir::specificationStatements: a check's pieces, a check's helper), which
  // could fail on its own (`head->next->next` of a check, on a list the repair has not finished).
  std::unordered_set<ir::StmtId> own = ir::specificationStatements(prog);
  ir::forEachStmt(prog, [&](const ir::Procedure &, ir::Stmt &s) {
    if (s.kind != ir::Stmt::Assume && !s.isCompound() && own.count(s.id)) {
      ir::Stmt skip;
      skip.kind = ir::Stmt::Skip;
      skip.id = s.id;
      skip.guard = s.guard; // a fact at this point is checked under it
      skip.loc = s.loc;
      skip.construct = s.construct;
      skip.range = s.range;
      s = std::move(skip);
    }
  });
  ir::StmtId nextId = prog.maxStmtId() + 1;
  unsigned counters = 0;
  std::map<uint32_t, ir::VarRef> nodes; // node nK → the ghost global holding it
  // Every point must be reached as often as its specs say: checked when the entry returns.
  std::vector<ir::Stmt> reached;
  for (auto &[key, list] : at) {
    auto [proc, id, recheck] = key;
    ir::VarRef counter =
        ghost(prog, ir::kNone, "__spec_arrivals" + std::to_string(counters++), ir::Type::intType());
    uint64_t most = 0;
    const Spec *last = nullptr;
    for (const Spec *sp : list)
      if (sp->point.arrival >= most)
        most = sp->point.arrival, last = sp;
    ir::Stmt check = newStmt(ir::Stmt::Assert, nextId, ir::Expr::boolLit(true), last->point.loc);
    check.assertKind = ir::AssertKind::Ensures;
    check.value = ir::Expr::binary(ir::Op::Ge, ir::Expr::varUse(counter, ir::Type::intType()),
                                   ir::Expr::intLit(ir::BigInt(static_cast<int64_t>(most))));
    check.message = last->origin + ": line " + std::to_string(last->point.loc.line) + " is reached " +
                    std::to_string(most) + " time" + (most == 1 ? "" : "s");
    if (checks)
      for (const Spec *sp : list)
        checks->counter[indexOf(sp)] = counter;
    reached.push_back(std::move(check));
    Slot slot;
    if (!findSlot(prog.procs[proc].body, id, slot))
      return "internal error: statement #" + std::to_string(id) + " not found";
    ir::Stmt &target = (*slot.block)[slot.index];
    ir::Stmt loopCopy = target; // the loop (Cond facts read its condition); copied: insertion moves it
    const ir::Stmt *loop = loopCopy.kind == ir::Stmt::While ? &loopCopy : nullptr;
    Builder b(prog, proc, nextId, nodes);
    if (checks)
      b.onCheck = [&](ir::StmtId id, const Spec *sp) { checks->specOf[id] = indexOf(sp); };
    std::string err;
    std::function<std::optional<ir::Stmt>(const ir::Expr &)> make = [&](const ir::Expr &guard) {
      return b.block(list, guard, counter, loop, loopCopy.loc, err);
    };
    if (!recheck) {
      std::optional<ir::Stmt> c = make(target.guard);
      if (!c)
        return err;
      slot.block->insert(slot.block->begin() + static_cast<std::ptrdiff_t>(slot.index), std::move(*c));
      continue;
    }
    // A loop's re-check: at the end of its body, and before each `continue` of it.
    std::vector<ir::Stmt> &body = target.body;
    beforeContinues(body, make, err);
    if (!err.empty())
      return err;
    std::optional<ir::Stmt> c = make(ir::Expr::boolLit(true));
    if (!c)
      return err;
    target.body.push_back(std::move(*c));
  }
  if (!nodes.empty())
    if (std::string err = countNodes(prog, entry, nodes, nodesAtStart, nextId); !err.empty())
      return err;
  if (!reached.empty()) {
    if (entry == ir::kNone || entry >= prog.procs.size())
      return "internal error: no entry procedure for the specs";
    ir::Stmt c = newStmt(ir::Stmt::Concrete, nextId, ir::Expr::boolLit(true), prog.procs[entry].loc);
    c.body = std::move(reached);
    prog.procs[entry].post.push_back(std::move(c));
  }
  return {};
}

std::function<uint32_t(uint32_t)> lineMapOf(const std::string &before, const std::string &after) {
  auto lines = [](const std::string &t) {
    std::vector<std::string> out;
    std::istringstream in(t);
    for (std::string l; std::getline(in, l);)
      out.push_back(l);
    return out;
  };
  std::vector<std::string> a = lines(before), b = lines(after);
  size_t n = a.size(), m = b.size();
  // Longest common subsequence of lines (the files the debugger edits are small).
  std::vector<std::vector<uint32_t>> L(n + 1, std::vector<uint32_t>(m + 1, 0));
  for (size_t i = n; i-- > 0;)
    for (size_t j = m; j-- > 0;)
      L[i][j] = a[i] == b[j] ? L[i + 1][j + 1] + 1 : std::max(L[i + 1][j], L[i][j + 1]);
  std::map<uint32_t, uint32_t> map; // 1-based
  std::vector<size_t> gone, added;  // the current changed block: lines of `before`, lines of `after`
  auto flush = [&](size_t jNext) {
    for (size_t k = 0; k < gone.size(); ++k)
      map[static_cast<uint32_t>(gone[k] + 1)] = static_cast<uint32_t>((gone.size() == added.size() ? added[k]
                                                                       : added.empty()             ? jNext
                                                                                       : added[0]) +
                                                                      1);
    gone.clear();
    added.clear();
  };
  size_t i = 0, j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[i] == b[j] && L[i][j] == L[i + 1][j + 1] + 1) {
      flush(j);
      map[static_cast<uint32_t>(i + 1)] = static_cast<uint32_t>(j + 1);
      ++i, ++j;
    } else if (i < n && (j == m || L[i + 1][j] >= L[i][j + 1])) {
      gone.push_back(i++);
    } else {
      added.push_back(j++);
    }
  }
  flush(m);
  return [map](uint32_t line) {
    auto it = map.find(line);
    return it == map.end() ? line : it->second;
  };
}

} // namespace locus::debug

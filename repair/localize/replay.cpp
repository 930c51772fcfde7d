// The failing run replayed as writes to entities (replay.h): frames from the trace's call depths, the
// parameters of every call from the steppable interpreter, the region and the failing check.
#include "repair/localize/replay.h"

#include "ir/analysis.h"
#include "ir/ints.h"
#include "repair/localize/encoding.h"

#include <functional>
#include <set>

namespace locus::localize {

ir::Value zeroOf(ir::Type t) {
  switch (t.kind) {
  case ir::Type::Bool: return ir::Value::ofBool(false);
  case ir::Type::Ref:
  case ir::Type::Null:
  case ir::Type::Array: return ir::Value::ofRef(0);
  case ir::Type::Float: return ir::Value::ofFloat(0, t);
  default: return ir::Value::ofInt(0);
  }
}

std::string prefixed(const std::string &method, const std::string &why) {
  const std::string internal = "internal: ";
  if (why.rfind(internal, 0) == 0)
    return internal + method + ": " + why.substr(internal.size());
  return method + ": " + why;
}

ir::Value Replay::initialElement(uint32_t node, int64_t at) const {
  ir::Type et = typeOf(Entity::elem(node, at));
  auto it = startContents.find(node);
  if (it == startContents.end())
    return zeroOf(et);
  const ir::HeapNode &h = it->second;
  if (auto e = h.elems.find(at); e != h.elems.end())
    return e->second;
  if (h.init) {
    auto c = h.init->at.find(at);
    return c != h.init->at.end() ? c->second : h.init->fill;
  }
  return ir::defaultOf(et);
}

ir::Type Replay::typeOf(const Entity &e) const {
  if (e.kind == Entity::Elem) {
    auto it = arrays.find(e.node);
    return it == arrays.end() ? ir::Type::intType() : it->second.type.elemType();
  }
  if (e.kind == Entity::Field) {
    auto it = nodeRecord.find(e.node);
    if (it == nodeRecord.end())
      return ir::Type::intType();
    return prog->records.at(it->second).fields.at(e.index).type;
  }
  if (e.frame == Entity::kGlobal)
    return prog->globals.at(e.index).type;
  return procOf(e.frame).vars.at(e.index).type;
}

std::string Replay::name(const Entity &e) const {
  if (e.kind == Entity::Elem)
    return "n" + std::to_string(e.node) + "[" + std::to_string(e.at) + "]";
  if (e.kind == Entity::Field) {
    std::string f = "?";
    if (auto it = nodeRecord.find(e.node); it != nodeRecord.end())
      f = prog->records.at(it->second).fields.at(e.index).name;
    return "n" + std::to_string(e.node) + "." + f;
  }
  if (e.frame == Entity::kGlobal)
    return prog->globals.at(e.index).name;
  std::string n = procOf(e.frame).vars.at(e.index).name;
  if (e.frame != regionFrame)
    n += "@" + procOf(e.frame).name + "#" + std::to_string(e.frame);
  return n;
}

namespace {

/// The statement list that holds statement `id` and its position there, searching `stmts` recursively.
bool findInList(const std::vector<ir::Stmt> &stmts, ir::StmtId id, const std::vector<ir::Stmt> *&list,
                size_t &at) {
  for (size_t k = 0; k < stmts.size(); ++k) {
    if (stmts[k].id == id) {
      list = &stmts;
      at = k;
      return true;
    }
    if (findInList(stmts[k].body, id, list, at))
      return true;
  }
  return false;
}

/// Where a bound failure's run stops (replay.h, replayFailure): the (bound+1)-th test of `loop`'s condition
/// in one execution of it, the test the encoder's unwinding check reads.
struct LoopStop {
  const ir::Stmt *loop = nullptr;
  uint32_t bound = 0;
};

/// The variables of every callee frame as the call bound them, in call order: the run stepped by the
/// steppable interpreter, its state read right after each call enters its callee (an empty vector when
/// the callee returned at once). Also the run's outcome. With `stop`, the run is stepped only until the
/// loop's (bound+1)-th test in one execution of it, which is run (recorded in the trace) and ends the run:
/// the outcome is then a Failure at the loop, with the trace and state there; returns false in `reached`
/// when the run never gets there.
std::vector<std::vector<ir::Value>> callFrames(const ir::Program &prog, const repair::Failure &f,
                                               ir::Outcome &outcome, const std::optional<LoopStop> &stop,
                                               bool &reached) {
  ir::InterpOptions io;
  io.ints = f.ints;
  io.nondetValues = f.nondets;
  if (f.bound)
    io.seed = 0; // past the counterexample's nondet values, as findFailure's replay of a bound failure
  io.initialHeap = f.heap;
  io.input = f.input;
  io.expect = f.expect;
  io.recordTrace = true;
  std::vector<std::vector<ir::Value>> out;
  ir::Execution ex = ir::Interpreter(prog, io).start(f.entry, f.args);
  auto isCall = [](const ir::Position &p) { return p.stmt && p.stmt->kind == ir::Stmt::Call && !p.recheck; };
  // The loop's tests per call depth (a recursive procedure runs its loop once per frame): a first test
  // starts an execution of the loop, a recheck counts on. Each position is counted once.
  std::map<uint32_t, uint32_t> tests;
  reached = false;
  auto atStop = [&](const ir::Position &p) {
    if (!stop || !p.stmt || p.stmt->id != stop->loop->id)
      return false;
    uint32_t &n = tests[p.depth];
    n = p.recheck ? n + 1 : 1;
    reached = n > stop->bound;
    return reached;
  };
  auto pause = [&](const ir::Position &p) { return isCall(p) || atStop(p); };
  // the current position, which runUntil does not look at
  auto here = [&] {
    if (std::optional<ir::Position> p = ex.position(); p && !isCall(*p))
      atStop(*p);
  };
  here();
  while (!ex.done() && !reached) {
    std::optional<ir::Position> pos = ex.position();
    if (pos && isCall(*pos)) {
      ex.step();
      ir::State st = ex.state();
      if (!ex.done() && st.frames.size() == pos->depth + 2)
        out.push_back(st.frames.back().vars);
      else
        out.push_back({});
      here();
      continue;
    }
    if (!ex.runUntil(pause))
      break;
  }
  if (!reached) {
    outcome = ex.outcome();
    return out;
  }
  ex.step();       // the test itself: the check's step
  if (ex.done()) { // the test failed otherwise (e.g. the loop's invariant)
    reached = false;
    outcome = ex.outcome();
    return out;
  }
  outcome = ir::Outcome{};
  outcome.kind = ir::OutcomeKind::Failure;
  outcome.stmt = stop->loop->id;
  outcome.trace = ex.trace();
  outcome.contexts = ex.contexts();
  outcome.state = ex.state();
  outcome.steps = outcome.trace.size();
  if (outcome.trace.size() >= io.traceLimit) // the earliest steps may have been dropped
    outcome.traceDropped = 1;
  return out;
}

} // namespace

namespace {

/// replayFailure, or (passing) replayRun.
/// The step of the first print whose text differs from `expected` where it starts, and the expected output
/// from there; nullopt when there is none.
std::optional<std::pair<size_t, std::string>> firstWrongPrint(const ir::StmtIndex &index,
                                                              const std::vector<ir::TraceStep> &steps,
                                                              const std::string &expected) {
  size_t pos = 0;
  for (size_t k = 0; k < steps.size(); ++k) {
    const ir::Stmt *s = index.find(steps[k].stmt);
    if (!s || s->kind != ir::Stmt::Print)
      continue;
    const std::optional<std::string> &text = steps[k].printed;
    if (!text)
      return std::nullopt;
    if (expected.compare(pos, text->size(), *text) != 0 || pos + text->size() > expected.size())
      return std::make_pair(k, expected.substr(std::min(pos, expected.size())));
    pos += text->size();
  }
  return std::nullopt;
}

Replay replay(const ir::Program &prog, const repair::Failure &f,
              const std::unordered_set<ir::StmtId> &blamable, bool passing, const StopAt &stopAt = {},
              bool outputCheck = false) {
  Replay r;
  r.prog = &prog;
  // A bound failure: the check is the unwinding assertion of the loop that overran, its (bound+1)-th test
  // in one execution (the encoder's bound for it, EncodeOptions::boundFor, as localization encodes it).
  std::optional<LoopStop> stop;
  if (!passing && f.bound) {
    const ir::Stmt *loop = ir::StmtIndex(prog).find(f.boundStmt);
    if (!loop || loop->kind != ir::Stmt::While) {
      r.error = "a recursion bound failure (calls nested too deep) has no failing check to start from";
      return r;
    }
    stop = LoopStop{loop, failureEncodeOptions(f, Options{}, std::nullopt).boundFor(*loop)};
  }
  if (!passing && !f.bound && f.run.kind != ir::OutcomeKind::Failure) {
    r.error = "the run does not fail";
    return r;
  }
  ir::Outcome out;
  bool reached = false;
  std::vector<std::vector<ir::Value>> births = callFrames(prog, f, out, stop, reached);
  if (stop && !reached) {
    r.error = "internal: the run does not test the condition of the loop that overran a " +
              std::to_string(stop->bound + 1) + "th time in one execution of it";
    return r;
  }
  if (passing && out.kind != ir::OutcomeKind::Ok) {
    r.error = out.kind == ir::OutcomeKind::Failure ? "the run fails" : "the run does not end normally";
    return r;
  }
  if (!passing && (out.kind != ir::OutcomeKind::Failure || out.stmt != f.failingStmt())) {
    r.error = "internal: the failing run replays differently";
    return r;
  }
  if (out.traceDropped > 0 || out.trace.empty()) {
    r.error = "the failing run is too long to replay (" + std::to_string(out.steps) + " steps)";
    return r;
  }
  r.steps = std::move(out.trace);
  r.contexts = std::move(out.contexts);
  // Against a reference (a product program), the reference's run follows the entry's, from a fresh start
  // in a frame of its own: it is the specification, not the run to replay, which ends where it starts.
  if (f.expect.reference != ir::kNone)
    for (size_t k = 0; k < r.steps.size(); ++k)
      if (r.steps[k].depth == 0 && r.steps[k].proc == f.expect.reference) {
        r.steps.resize(k);
        break;
      }
  if (r.steps.empty()) {
    r.error = "the failing run executes no statement of the program";
    return r;
  }
  ir::StmtIndex index(prog);

  // The failing check and the statements computing its condition (a passing run: none; the region ends with
  // the run).
  size_t last = r.steps.size() - 1;
  const std::optional<std::string> &expected = f.expect.output ? f.expect.output : f.run.referenceOutput;
  if (outputCheck && !passing && f.run.failure == ir::FailureKind::Output && !f.expect.tokens && expected &&
      f.run.message.starts_with("the output differs"))
    if (auto wrong = firstWrongPrint(index, r.steps, *expected)) {
      last = wrong->first;
      r.expectedOutput = std::move(wrong->second);
    }
  r.check = passing ? nullptr : index.find(r.steps[last].stmt);
  if (!passing && !r.check) {
    r.error = "internal: the failing statement is not in the program";
    return r;
  }
  std::unordered_set<ir::StmtId> chainIds;
  if (!passing) {
    const ir::Procedure &cp = prog.procs.at(r.steps[last].proc);
    const std::vector<ir::Stmt> *list = nullptr;
    size_t at = 0;
    std::unordered_set<ir::StmtId> spec = ir::specificationStatements(prog);
    bool found = findInList(cp.pre, r.check->id, list, at) || findInList(cp.body, r.check->id, list, at) ||
                 findInList(cp.post, r.check->id, list, at);
    auto isTemp = [&](const ir::Stmt &s) {
      return (s.kind == ir::Stmt::Assign || s.kind == ir::Stmt::GetField || s.kind == ir::Stmt::GetElem ||
              s.kind == ir::Stmt::Length) &&
             !s.lhs.global && s.lhs.index < cp.vars.size() && cp.vars[s.lhs.index].temp;
    };
    // A failure while computing an assertion's condition (a null dereference in `x.next == y`): the
    // assertion is the check.
    if (found && r.check->kind != ir::Stmt::Assert && spec.count(r.check->id) && isTemp(*r.check)) {
      for (size_t k = at + 1; k < list->size() && spec.count((*list)[k].id); ++k)
        if ((*list)[k].kind == ir::Stmt::Assert) {
          r.check = &(*list)[k];
          at = k;
          break;
        }
    }
    if (found && r.check->kind == ir::Stmt::Assert) {
      size_t from = at;
      // the specification statements right before it: its temporaries (and the checks among them, e.g.
      // an array read's bounds check)
      while (from > 0) {
        const ir::Stmt &s = (*list)[from - 1];
        bool check = s.kind == ir::Stmt::Assert || s.kind == ir::Stmt::Assume;
        if (!(isTemp(s) || check) || !spec.count(s.id))
          break;
        --from;
      }
      for (size_t k = from; k < at; ++k) {
        r.chain.push_back(&(*list)[k]);
        chainIds.insert((*list)[k].id);
      }
    }
  }

  // Frames and points.
  ReplayFrame entry;
  entry.proc = f.entry;
  const ir::Procedure &ep = prog.procs.at(f.entry);
  for (const ir::Var &v : ep.vars)
    entry.birth.push_back(zeroOf(v.type));
  for (size_t k = 0; k < f.args.size() && k < ep.params.size(); ++k)
    entry.birth[ep.params[k]] = f.args[k];
  r.frames.push_back(std::move(entry));
  const std::vector<ir::HeapNode> &finalHeap = out.state.heap;
  for (uint32_t k = 0; k < f.heap.size(); ++k) {
    if (f.heap[k].isArray())
      r.arrays[k + 1] = ArrayNode{f.heap[k].type, f.heap[k].length};
    else
      r.nodeRecord[k + 1] = f.heap[k].record;
  }
  // the globals' arrays (Var::alloc) exist from the start, after the input nodes
  for (uint32_t k = static_cast<uint32_t>(f.heap.size()); k < finalHeap.size(); ++k)
    if (finalHeap[k].allocatedBy == 0 && finalHeap[k].isArray())
      r.arrays[k + 1] = ArrayNode{finalHeap[k].type, finalHeap[k].length};
  // The arrays' contents before anything writes them: given (an input array), or chosen by their nondet
  // contents (the image the run drew or was given).
  for (uint32_t k = 0; k < finalHeap.size(); ++k)
    if (finalHeap[k].isArray()) {
      ir::HeapNode h = k < f.heap.size() ? f.heap[k] : finalHeap[k];
      if (k >= f.heap.size())
        h.elems.clear();
      r.startContents.emplace(k + 1, std::move(h));
    }
  auto initialElement = [&](uint32_t node, int64_t at) { return r.initialElement(node, at); };

  // A global with its own array (Var::alloc) refers to it from the start: the interpreter allocates those
  // arrays in the order of the globals, right after the input nodes.
  std::map<uint32_t, uint32_t> globalArray; // global → its array's node
  for (uint32_t g = 0, node = static_cast<uint32_t>(f.heap.size()); g < prog.globals.size(); ++g)
    if (prog.globals[g].alloc)
      globalArray[g] = ++node;
  std::map<Entity, ir::Value> current;
  auto init = [&](const Entity &e) -> ir::Value {
    if (e.kind == Entity::Elem)
      return initialElement(e.node, e.at);
    if (e.kind == Entity::Field) {
      if (e.node >= 1 && e.node <= f.heap.size() && e.index < f.heap[e.node - 1].fields.size())
        return f.heap[e.node - 1].fields[e.index];
      return zeroOf(r.typeOf(e));
    }
    if (e.frame == Entity::kGlobal) {
      if (auto it = globalArray.find(e.index); it != globalArray.end())
        return ir::Value::ofRef(it->second);
      return zeroOf(prog.globals.at(e.index).type);
    }
    const ReplayFrame &fr = r.frames.at(e.frame);
    if (e.index < fr.birth.size())
      return fr.birth[e.index];
    return zeroOf(r.typeOf(e));
  };
  auto valueOf = [&](const Entity &e) -> ir::Value & {
    auto it = current.find(e);
    if (it == current.end())
      it = current.emplace(e, init(e)).first;
    return it->second;
  };
  std::vector<uint32_t> stack{0};
  std::vector<size_t> callStep{0}; // the step of the call that made each frame on the stack
  bool inRegion = false, started = false, ended = false;
  std::set<Entity> regionEntities;
  std::set<uint32_t> arraysAtStart; // the arrays that exist where the region starts
  // An element the run touches: an entity from its first touch on. Untouched before, it still has its first
  // value: where the region started (when its array existed then) and, after the region, where it ended.
  auto touchElem = [&](uint32_t node, int64_t at) {
    Entity e = Entity::elem(node, at);
    if (current.count(e))
      return e;
    ir::Value v = valueOf(e);
    if (started && arraysAtStart.count(node))
      r.pre.emplace(e, v);
    if (started)
      regionEntities.insert(e);
    if (ended)
      r.post.emplace(e, v);
    return e;
  };
  // The element a GetElem step read (the interpreter's: TraceStep::elementRead): its array node and index;
  // node 0 when it read none of the arrays the replay knows.
  auto elementRead = [&](const ir::TraceStep &st) -> std::pair<uint32_t, int64_t> {
    if (!st.elementRead || !r.arrays.count(st.elementRead->first))
      return {0, 0};
    return *st.elementRead;
  };
  auto materializeFrame = [&](uint32_t fr) {
    for (uint32_t v = 0; v < r.procOf(fr).vars.size(); ++v) {
      Entity e{Entity::Var, fr, v, 0};
      valueOf(e);
      if (inRegion)
        regionEntities.insert(e);
    }
  };
  auto materializeNode = [&](uint32_t node) {
    auto it = r.nodeRecord.find(node);
    if (it == r.nodeRecord.end())
      return;
    for (uint32_t k = 0; k < prog.records.at(it->second).fields.size(); ++k) {
      valueOf(Entity::field(node, k));
      if (inRegion)
        regionEntities.insert(Entity::field(node, k));
    }
  };
  auto addPoint = [&](Point p) {
    valueOf(p.entity) = p.after;
    if (inRegion)
      regionEntities.insert(p.entity);
    r.points.push_back(std::move(p));
  };

  // The region starts at the first blamable step and ends where the check's computation starts.
  size_t end = passing ? r.steps.size() : last;
  if (passing && stopAt)
    for (size_t k = 0; k < r.steps.size(); ++k)
      if (stopAt(r.steps[k])) {
        end = k;
        break;
      }
  while (!passing && end > 0 && chainIds.count(r.steps[end - 1].stmt) &&
         r.steps[end - 1].depth == r.steps[last].depth)
    --end;
  r.regionStart = end;
  for (size_t k = 0; k < end; ++k)
    if (blamable.count(r.steps[k].stmt)) {
      r.regionStart = k;
      break;
    }
  r.regionEnd = end;
  size_t callIndex = 0;
  r.stepFrame.assign(r.steps.size(), 0);
  materializeFrame(0);
  for (size_t k = 0; k < r.steps.size(); ++k) {
    const ir::TraceStep &st = r.steps[k];
    // returns since the previous step: the calls' results are written into their callers
    while (stack.size() > st.depth + 1) {
      size_t at = callStep.back();
      const ir::TraceStep &cs = r.steps[at];
      uint32_t returned = stack.back();
      stack.pop_back();
      callStep.pop_back();
      if (cs.write && cs.write->kind == ir::Write::Var) {
        Point p;
        p.kind = Point::Result;
        p.step = at;
        p.callee = returned;
        p.stmt = cs.stmt;
        p.frame = stack.back();
        p.entity = Entity::var(stack.back(), cs.write->var);
        p.before = valueOf(p.entity);
        p.after = cs.write->value;
        addPoint(std::move(p));
      }
    }
    if (k == r.regionStart) {
      inRegion = true;
      started = true;
      r.firstPoint = r.points.size();
      r.regionFrame = stack.back();
      for (uint32_t fr : stack)
        materializeFrame(fr);
      for (uint32_t g = 0; g < prog.globals.size(); ++g) {
        Entity e{Entity::Var, Entity::kGlobal, g, 0, 0};
        valueOf(e);
        regionEntities.insert(e);
      }
      for (const auto &[node, rec] : r.nodeRecord)
        materializeNode(node);
      for (const auto &[node, a] : r.arrays)
        arraysAtStart.insert(node);
      for (const auto &[e, v] : current)
        if (e.kind == Entity::Elem)
          regionEntities.insert(e); // the elements touched before the region
      for (const auto &[e, v] : current)
        if (regionEntities.count(e))
          r.pre.emplace(e, v);
    }
    if (k == end) {
      r.endPoint = r.points.size();
      for (const auto &[e, v] : current)
        if (regionEntities.count(e))
          r.post.emplace(e, v);
      inRegion = false;
      ended = true;
      r.checkFrame = stack.back();
    }
    r.stepFrame[k] = stack.back();
    const ir::Stmt *s = index.find(st.stmt);
    if (k >= end) {
      // the check's own computation and the failing statement: no points, but the elements the check reads
      // are the post-state's (and its temporaries are followed, for the indexes of later reads)
      if (passing || !s)
        continue;
      if (s->kind == ir::Stmt::GetElem && k + 1 < r.steps.size())
        if (auto [node, at] = elementRead(st); node != 0)
          touchElem(node, at);
      if (k + 1 < r.steps.size() && st.write && st.write->kind == ir::Write::Var)
        valueOf(Entity::var(stack.back(), st.write->var)) = st.write->value;
      if (k + 1 < r.steps.size())
        for (const ir::Write &w : st.scanned)
          valueOf(Entity::var(stack.back(), w.var)) = w.value;
      continue;
    }
    if (!s)
      continue;
    if (s->kind == ir::Stmt::Call) {
      ReplayFrame fr;
      fr.proc = s->callee;
      fr.call = s->id;
      fr.parent = stack.back();
      const ir::Procedure &callee = prog.procs.at(s->callee);
      for (const ir::Var &v : callee.vars)
        fr.birth.push_back(zeroOf(v.type));
      if (callIndex < births.size() && births[callIndex].size() == callee.vars.size())
        fr.birth = births[callIndex];
      ++callIndex;
      uint32_t id = static_cast<uint32_t>(r.frames.size());
      r.frames.push_back(std::move(fr));
      for (uint32_t j = 0; j < callee.params.size(); ++j) {
        Point p;
        p.kind = Point::Bind;
        p.step = k;
        p.stmt = s->id;
        p.frame = stack.back();
        p.entity = Entity{Entity::Var, id, callee.params[j], 0};
        p.before = zeroOf(callee.vars[callee.params[j]].type);
        p.after = r.frames[id].birth[callee.params[j]];
        p.arg = j;
        current[p.entity] = p.before;
        addPoint(std::move(p));
      }
      materializeFrame(id);
      stack.push_back(id);
      callStep.push_back(k);
      continue;
    }
    for (const ir::Write &w : st.scanned) { // a scan: a write of each variable it read into (an input)
      Point p;
      p.kind = Point::Write;
      p.step = k;
      p.stmt = s->id;
      p.frame = stack.back();
      p.entity = Entity::var(stack.back(), w.var);
      p.before = valueOf(p.entity);
      p.after = w.value;
      addPoint(std::move(p));
    }
    if (!st.write)
      continue;
    Point p;
    p.kind = Point::Write;
    p.step = k;
    p.stmt = s->id;
    p.frame = stack.back();
    if (st.write->kind == ir::Write::Var)
      p.entity = Entity::var(stack.back(), st.write->var);
    else if (st.write->kind == ir::Write::Elem)
      p.entity = touchElem(st.write->node, st.write->index);
    else
      p.entity = Entity::field(st.write->node, st.write->field);
    if (s->kind == ir::Stmt::New && st.write->value.node != 0) {
      r.nodeRecord[st.write->value.node] = s->record;
      materializeNode(st.write->value.node);
    }
    if (s->kind == ir::Stmt::NewArray && st.write->value.node != 0) {
      uint32_t node = st.write->value.node;
      if (node <= finalHeap.size() && finalHeap[node - 1].isArray())
        r.arrays[node] = ArrayNode{finalHeap[node - 1].type, finalHeap[node - 1].length};
    }
    if (s->kind == ir::Stmt::GetField || s->kind == ir::Stmt::Length)
      p.readNode = valueOf(Entity::var(stack.back(), s->base)).node;
    if (s->kind == ir::Stmt::GetElem) {
      auto [node, at] = elementRead(st);
      p.readNode = node;
      p.readIndex = at;
      if (node != 0)
        touchElem(node, at);
    }
    p.before = valueOf(p.entity);
    p.after = st.write->value;
    addPoint(std::move(p));
  }
  if (end == r.steps.size()) { // a passing run: the region ends with the run (returns included)
    r.endPoint = r.points.size();
    for (const auto &[e, v] : current)
      if (regionEntities.count(e))
        r.post.emplace(e, v);
    r.checkFrame = stack.back();
  }
  return r;
}

} // namespace

Replay replayFailure(const ir::Program &prog, const repair::Failure &f,
                     const std::unordered_set<ir::StmtId> &blamable, bool outputCheck) {
  return replay(prog, f, blamable, false, {}, outputCheck);
}

Replay replayRun(const ir::Program &prog, const repair::Failure &f,
                 const std::unordered_set<ir::StmtId> &blamable, const StopAt &stopAt) {
  return replay(prog, f, blamable, true, stopAt);
}

} // namespace locus::localize

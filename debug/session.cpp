// A debugging session (debug/session.h).
#include "debug/session.h"

#include "debug/draw.h"
#include "heapview/render.h"
#include "repair/fix/methods.h"
#include "repair/localize/gradient.h"
#include "repair/patch/diff.h"
#include "session/error.h"
#include "session/render.h"
#include "session/repair.h"
#include "session/values.h"

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace locus::debug {

namespace fs = std::filesystem;

namespace {

/// The source construct of a position: the construct id, or its line when the lowering gave none.
std::pair<uint32_t, uint32_t> constructOf(const ir::Position &p) {
  return p.stmt->construct ? std::make_pair(p.stmt->construct, 0u) : std::make_pair(0u, p.stmt->loc.line);
}

/// Whether a spec is a checkpoint's (it states the run's state), not a forced loop decision's (`enter`,
/// `leave`: only its loop's condition).
bool isCheckpoint(const Spec &s) {
  return std::any_of(s.facts.begin(), s.facts.end(),
                     [](const Fact &f) { return f.kind != Fact::Kind::Cond; });
}

std::string trim(const std::string &s) {
  size_t b = s.find_first_not_of(" \t"), e = s.find_last_not_of(" \t");
  return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}

} // namespace

Session::Session(Options o) : opts_(std::move(o)) {
  original_ = std::make_shared<Version>();
  original_->path = opts_.source.file;
  original_->loaded = session::load(opts_.source);
  original_->text = session::readFile(opts_.source.file, "FILE");
  cur_ = original_;
  if (!ready())
    return;
  entry_ = session::entryIndex(prog(), opts_.entry, opts_.source.file, true);
  args_ = session::runArguments(prog(), entry_, opts_.args, opts_.argv, opts_.source.file);
  std::string tmpl = (fs::temp_directory_path() / "locus-debug-XXXXXX").string();
  if (mkdtemp(tmpl.data()))
    tempDir_ = tmpl;
}

Session::~Session() {
  std::error_code ec;
  if (!tempDir_.empty())
    fs::remove_all(tempDir_, ec);
}

const ir::Program &Session::prog() const {
  return cur_->prog();
}

uint32_t Session::mainFile() const {
  const std::vector<std::string> &files = prog().files;
  for (uint32_t k = 0; k < files.size(); ++k)
    if (files[k] == cur_->path)
      return k;
  std::error_code ec;
  for (uint32_t k = 0; k < files.size(); ++k)
    if (fs::equivalent(files[k], cur_->path, ec))
      return k;
  return 0;
}

// ---- running -------------------------------------------------------------------------------------------

ir::InterpOptions Session::interpOptions() const {
  ir::InterpOptions io;
  io.ints = opts_.ints == "bv32" ? ir::IntMode::BV32 : ir::IntMode::Math;
  io.nondetValues = opts_.nondets;
  io.seed = opts_.seed;
  io.input = opts_.input;
  return io;
}

std::optional<ir::Program> Session::queryProgram(const std::string &command, Reply &r, Checks *checks) const {
  r.ok = false;
  if (specs_.empty()) {
    r.message = command + ": no specification yet (spec records one)";
    return std::nullopt;
  }
  std::string err;
  std::optional<ir::Program> ip = instrumented(err, checks);
  if (!ip) {
    r.message = command + ": " + err;
    return std::nullopt;
  }
  r.ok = true;
  return ip;
}

void Session::startOn(std::shared_ptr<Version> v) {
  cur_ = std::move(v);
  ir::InterpOptions io = interpOptions();
  io.traceLimit = 1000;
  ir::Interpreter interp(prog(), io);
  exec_.emplace(interp.start(entry_, args_));
  arrivals_.clear();
  nodesAtStart_ = static_cast<uint32_t>(exec_->state().heap.size());
  regions_.assign(1, {});
  pending_.reset();
  if (std::optional<ir::Position> p = exec_->position()) {
    arrivals_[{p->stmt->id, p->recheck}] = 1;
    pending_ = p->stmt->id;
  }
  drawn_.reset();
}

Reply Session::start() {
  if (!ready())
    return {false, "the program does not compile"};
  startOn(cur_);
  specs_.clear();
  executed_.clear();
  executedAll_.clear();
  pastFirst_ = false;
  current_.reset();
  Reply r;
  r.message = "Starting " + prog().procs[entry_].name + " of " + opts_.source.file;
  r.moved = true;
  return ended(r);
}

bool Session::needRun(Reply &r) const {
  if (exec_ && !exec_->done())
    return true;
  r.ok = false;
  r.message = exec_ ? "the program has ended (start runs it again, resume N goes back to a checkpoint)"
                    : "the program is not running (start runs it)";
  return false;
}

void Session::moveUntil(const std::function<bool(const ir::Position &)> &stop, bool breaks) {
  auto here = exec_->position();
  std::pair<uint32_t, uint32_t> from = here ? constructOf(*here) : std::make_pair(0u, 0u);
  exec_->runUntil([&](const ir::Position &p) {
    uint64_t n = ++arrivals_[{p.stmt->id, p.recheck}];
    if (!pastFirst_ && !specs_.empty()) {
      const Point &first = specs_.front().point;
      pastFirst_ = first.stmt == p.stmt->id && first.recheck == p.recheck && first.arrival == n;
    }
    if (pastFirst_)
      executed_.insert(p.stmt->id);
    executedAll_.insert(p.stmt->id);
    if (pending_) // it has run
      regions_.back().insert(*pending_);
    passSpecs(p, n);
    pending_ = p.stmt->id;
    if (stop(p))
      return true;
    // a breakpoint: the first statement of a construct on its line
    return breaks && breaks_.count(p.stmt->loc.line) && constructOf(p) != from && !p.recheck;
  });
}

Reply Session::ended(Reply r) const {
  if (exec_ && exec_->done()) {
    const ir::Outcome &o = exec_->outcome();
    std::string how = o.kind == ir::OutcomeKind::Ok ? "the program ended normally"
                                                    : "the program ended: " + render::verdict(o) +
                                                          (o.message.empty() ? "" : ": " + o.message);
    if (o.kind != ir::OutcomeKind::Ok && o.loc.valid())
      how += " at " + render::where(prog(), o.loc);
    r.message += (r.message.empty() ? "" : "\n") + how;
  }
  return r;
}

namespace {

/// The stop rule of `next` and `step`: the first position on another source line of the same procedure
/// (or a loop's test, or the same construct again after leaving it: the next iteration of a one-line loop),
/// or a return to the caller; `into`: also the first position inside a call.
std::function<bool(const ir::Position &)> nextLine(const ir::Position &p0, bool into) {
  auto from = constructOf(p0);
  uint32_t line = p0.stmt->loc.line, file = p0.stmt->loc.file, depth = p0.depth;
  auto left = std::make_shared<bool>(false);
  return [=](const ir::Position &p) {
    if (p.depth != depth)
      return p.depth < depth || into;
    if (p.recheck)
      return true;
    if (constructOf(p) == from)
      return *left;
    *left = true;
    return p.stmt->loc.line != line || p.stmt->loc.file != file;
  };
}

} // namespace

Reply Session::next() {
  Reply r;
  if (!needRun(r))
    return r;
  moveUntil(nextLine(*exec_->position(), false), true);
  r.moved = true;
  return ended(r);
}

Reply Session::step() {
  Reply r;
  if (!needRun(r))
    return r;
  moveUntil(nextLine(*exec_->position(), true), true);
  r.moved = true;
  return ended(r);
}

Reply Session::finish() {
  Reply r;
  if (!needRun(r))
    return r;
  uint32_t depth = exec_->position()->depth;
  if (depth == 0) {
    r.ok = false;
    r.message = "finish: already in the entry procedure (continue runs to the end)";
    return r;
  }
  moveUntil([&](const ir::Position &p) { return p.depth < depth; }, true);
  r.moved = true;
  return ended(r);
}

Reply Session::cont() {
  Reply r;
  if (!needRun(r))
    return r;
  moveUntil([](const ir::Position &) { return false; }, true);
  r.moved = true;
  return ended(r);
}

const ir::Stmt *Session::loopAt(const ir::Position &p) const {
  if (p.stmt->kind == ir::Stmt::While)
    return p.stmt;
  if (!p.stmt->construct)
    return nullptr;
  const ir::Stmt *loop = nullptr;
  ir::forEachStmt(prog().procs[p.proc].body, [&](const ir::Stmt &s) {
    if (!loop && s.kind == ir::Stmt::While && s.construct == p.stmt->construct)
      loop = &s;
  });
  return loop;
}

Reply Session::forceLoop(bool enter) {
  Reply r;
  if (!needRun(r))
    return r;
  ir::Position p0 = *exec_->position();
  const ir::Stmt *loop = loopAt(p0);
  if (!loop) {
    r.ok = false;
    r.message = std::string(enter ? "enter" : "leave") + ": not at a loop's condition (line " +
                std::to_string(p0.stmt->loc.line) + ")";
    return r;
  }
  if (loop->value.kind != ir::Expr::VarUse) {
    r.ok = false;
    r.message = "the loop's condition is a constant: it cannot be forced";
    return r;
  }
  // Up to the loop's test: the statements computing its condition run first.
  if (exec_->position()->stmt != loop)
    moveUntil([&](const ir::Position &p) { return p.stmt == loop || p.depth < p0.depth; }, false);
  if (exec_->done() || exec_->position()->stmt != loop) {
    r.ok = false;
    r.message = "the loop's test was not reached";
    r.moved = true;
    return ended(r);
  }
  ir::Position at = *exec_->position();
  bool was = exec_->state().frames.back().vars.at(loop->value.var.index).i != 0;
  if (loop->value.var.global)
    was = exec_->state().globals.at(loop->value.var.index).i != 0;
  Spec sp;
  sp.point = pointOf(prog(), at.proc, *loop, at.recheck, arrivals_[{loop->id, at.recheck}]);
  Fact f;
  f.kind = Fact::Kind::Cond;
  f.truth = enter;
  sp.facts.push_back(f);
  sp.origin = enter ? "enter" : "leave";
  record(sp);
  if (std::string e = exec_->setVariable(loop->value.var, ir::Value::ofBool(enter)); !e.empty()) {
    r.ok = false;
    r.message = e;
    return r;
  }
  r.message = std::string(enter ? "Entering" : "Leaving") + " the loop at line " +
              std::to_string(loop->loc.line) + (was == enter ? " (its condition agrees)" : " (forced)") +
              "; recorded: its condition must be " + (enter ? "true" : "false") + " here";
  // Into the body (enter) or past the loop (leave): the next construct.
  uint32_t depth = at.depth;
  auto from = constructOf(at);
  moveUntil(
      [&](const ir::Position &p) { return p.depth < depth || (p.depth == depth && constructOf(p) != from); },
      false);
  r.moved = true;
  return ended(r);
}

Reply Session::enter() {
  return forceLoop(true);
}

Reply Session::leave() {
  return forceLoop(false);
}

// ---- names and values -----------------------------------------------------------------------------------

std::optional<ir::VarRef> Session::variable(const std::string &name, std::string &err) const {
  std::optional<ir::Position> p = exec_ ? exec_->position() : std::nullopt;
  if (p) {
    const ir::Procedure &pr = prog().procs[p->proc];
    uint32_t k = pr.varIndex(name);
    if (k != ir::kNone && !pr.vars[k].temp)
      return ir::VarRef{false, k};
  }
  uint32_t g = prog().globalIndex(name);
  if (g != ir::kNone && !prog().globals[g].temp)
    return ir::VarRef{true, g};
  err = "no variable '" + name + "' here";
  return std::nullopt;
}

std::optional<ir::Value> Session::evalPath(const std::string &text, ir::Type &type, std::string &err) const {
  std::vector<std::string> parts;
  std::string t = trim(text);
  for (size_t at = 0;;) {
    size_t dot = t.find_first_of(".", at);
    std::string part = trim(t.substr(at, dot == std::string::npos ? std::string::npos : dot - at));
    if (part.rfind("->", 0) == 0)
      part = trim(part.substr(2));
    parts.push_back(part);
    if (dot == std::string::npos)
      break;
    at = dot + 1;
  }
  // `n3 -> next` as well as `n3.next`
  std::vector<std::string> split;
  for (const std::string &p : parts) {
    size_t arrow;
    std::string rest = p;
    while ((arrow = rest.find("->")) != std::string::npos) {
      split.push_back(trim(rest.substr(0, arrow)));
      rest = rest.substr(arrow + 2);
    }
    split.push_back(trim(rest));
  }
  if (split.empty() || split[0].empty()) {
    err = "a variable or node name is expected";
    return std::nullopt;
  }
  ir::State st = exec_->state();
  ir::Value v;
  const std::string &root = split[0];
  if (root.size() > 1 && root[0] == 'n' && root.find_first_not_of("0123456789", 1) == std::string::npos) {
    uint32_t n = static_cast<uint32_t>(std::stoul(root.substr(1)));
    if (n == 0 || n > st.heap.size()) {
      err = "there is no node " + root;
      return std::nullopt;
    }
    v = ir::Value::ofRef(n);
    const ir::HeapNode &node = st.heap[n - 1];
    type = node.isArray() ? node.type : ir::Type::refType(node.record);
  } else {
    std::optional<ir::VarRef> var = variable(root, err);
    if (!var)
      return std::nullopt;
    const ir::Procedure &pr = prog().procs[exec_->position()->proc];
    type = prog().var(pr, *var).type;
    v = var->global ? st.globals.at(var->index) : st.frames.back().vars.at(var->index);
  }
  std::string sofar = root;
  for (size_t k = 1; k < split.size(); ++k) {
    if (type.kind != ir::Type::Ref || type.record >= prog().records.size()) {
      err = "'" + sofar + "' is not a record reference";
      return std::nullopt;
    }
    if (v.node == 0) {
      err = "'" + sofar + "' is null";
      return std::nullopt;
    }
    const ir::Record &rec = prog().records[type.record];
    uint32_t f = rec.fieldIndex(split[k]);
    if (f == ir::kNone) {
      err = rec.name + " has no field '" + split[k] + "'";
      return std::nullopt;
    }
    v = st.heap.at(v.node - 1).fields.at(f);
    type = rec.fields[f].type;
    sofar += "." + split[k];
  }
  return v;
}

std::optional<ir::Value> Session::valueOf(const std::string &text, const ir::Type &want,
                                          std::string &err) const {
  std::string t = trim(text);
  if (t.empty()) {
    err = "a value is expected";
    return std::nullopt;
  }
  std::string perr;
  std::optional<ir::Value> v =
      session::parseValue(t, want.kind == ir::Type::Array ? ir::Type::Ref : want.kind, perr);
  if (v)
    return v;
  // a variable or path: its value
  ir::Type ty;
  std::string verr;
  if (std::optional<ir::Value> pv = evalPath(t, ty, verr))
    return pv;
  err = perr;
  return std::nullopt;
}

Reply Session::change(const std::string &target, const std::string &value) {
  Reply r;
  if (!needRun(r))
    return r;
  std::string t = trim(target), err;
  // the last `.field` or `-> field` names the field; the rest the node
  size_t cut = std::string::npos, skip = 0;
  if (size_t a = t.rfind("->"); a != std::string::npos)
    cut = a, skip = 2;
  if (size_t d = t.rfind('.'); d != std::string::npos && (cut == std::string::npos || d > cut))
    cut = d, skip = 1;
  std::optional<ir::Value> v;
  if (cut == std::string::npos) {
    std::optional<ir::VarRef> var = variable(t, err);
    if (var) {
      const ir::Procedure &pr = prog().procs[exec_->position()->proc];
      v = valueOf(value, prog().var(pr, *var).type, err);
      if (v)
        err = exec_->setVariable(*var, *v);
    }
  } else {
    ir::Type bt;
    std::optional<ir::Value> base = evalPath(t.substr(0, cut), bt, err);
    std::string field = trim(t.substr(cut + skip));
    if (base) {
      if (bt.kind != ir::Type::Ref || bt.record >= prog().records.size() || base->node == 0)
        err = "'" + trim(t.substr(0, cut)) + "' is not a node";
      else if (uint32_t f = prog().records[bt.record].fieldIndex(field); f == ir::kNone)
        err = prog().records[bt.record].name + " has no field '" + field + "'";
      else if ((v = valueOf(value, prog().records[bt.record].fields[f].type, err)))
        err = exec_->setField(base->node, f, *v);
    }
  }
  if (!err.empty() || !v) {
    r.ok = false;
    r.message = "change: " + (err.empty() ? "cannot change " + t : err);
    return r;
  }
  r.message = t + " = " + ir::toString(*v);
  r.moved = true;
  return r;
}

Reply Session::print(const std::string &what) const {
  Reply r;
  if (!exec_ || exec_->done()) {
    r.ok = false;
    r.message = "the program is not running";
    return r;
  }
  ir::Type ty;
  std::string err;
  std::optional<ir::Value> v = evalPath(what, ty, err);
  if (!v) {
    r.ok = false;
    r.message = "print: " + err;
    return r;
  }
  r.message = trim(what) + " = " + ir::toString(*v);
  ir::State st = exec_->state();
  if (v->kind == ir::Type::Ref && v->node && v->node <= st.heap.size())
    r.message += "   " + ir::nodeText(prog(), st.heap[v->node - 1]);
  r.data["value"] = ir::toString(*v);
  return r;
}

// ---- specifications and checkpoints ---------------------------------------------------------------------

bool Session::onePoint() const {
  return std::all_of(specs_.begin(), specs_.end(),
                     [&](const Spec &s) { return s.point == specs_.front().point; });
}

void Session::record(const Spec &sp) {
  if (specs_.empty()) { // the first spec: the region repair looks at starts here
    executed_.clear();
    pastFirst_ = true;
  }
  specs_.push_back(sp);
  regions_.resize(specs_.size() + 1);
}

void Session::passSpecs(const ir::Position &p, uint64_t n) {
  while (regions_.size() <= specs_.size()) {
    const Point &pt = specs_[regions_.size() - 1].point;
    if (pt.stmt != p.stmt->id || pt.recheck != p.recheck || pt.arrival != n)
      return;
    regions_.emplace_back();
  }
}

Reply Session::spec() {
  Reply r;
  if (!needRun(r))
    return r;
  ir::Position p = *exec_->position();
  ir::State st = exec_->state();
  Spec sp;
  sp.point = pointOf(prog(), p.proc, *p.stmt, p.recheck, arrivals_[{p.stmt->id, p.recheck}]);
  std::string skipped;
  sp.facts = capture(prog(), p.proc, st.frames.back().vars, st, tracked_, skipped);
  Checkpoint c;
  c.id = static_cast<unsigned>(checkpoints_.size());
  c.parent = current_;
  sp.origin = "checkpoint " + std::to_string(c.id);
  record(sp);
  c.version = cur_;
  c.exec = std::make_shared<ir::Execution>(exec_->clone());
  c.arrivals = arrivals_;
  c.specs = specs_;
  c.executed = executed_;
  c.executedAll = executedAll_;
  c.regions = regions_;
  c.pending = pending_;
  c.pastFirst = pastFirst_;
  c.where = where();
  checkpoints_.push_back(std::move(c));
  current_ = checkpoints_.back().id;
  r.message = "Program states added: " + std::to_string(sp.facts.size()) +
              (sp.facts.size() == 1 ? " fact" : " facts") + " -- Checkpoint " +
              std::to_string(checkpoints_.back().id);
  if (!skipped.empty())
    r.message += "\nnote: " + skipped;
  r.data["checkpoint"] = checkpoints_.back().id;
  Json facts = Json::array();
  for (const Fact &f : sp.facts)
    facts.push_back(f.text());
  r.data["facts"] = facts;
  return r;
}

Reply Session::resume(unsigned id) {
  Reply r;
  if (id >= checkpoints_.size()) {
    r.ok = false;
    r.message =
        "resume: there is no checkpoint " + std::to_string(id) +
        (checkpoints_.empty() ? " (spec creates one)"
                              : " (checkpoints 0 to " + std::to_string(checkpoints_.size() - 1) + ")");
    return r;
  }
  const Checkpoint &c = checkpoints_[id];
  // The specs along the path: those of the checkpoint (the ones recorded since on another branch are set
  // aside, the ones of its path are back).
  size_t dropped = 0, added = 0;
  for (const Spec &s : specs_)
    dropped += std::none_of(c.specs.begin(), c.specs.end(),
                            [&](const Spec &t) { return t.origin == s.origin && t.point == s.point; });
  for (const Spec &s : c.specs)
    added += std::none_of(specs_.begin(), specs_.end(),
                          [&](const Spec &t) { return t.origin == s.origin && t.point == s.point; });
  cur_ = c.version;
  exec_.emplace(c.exec->clone());
  arrivals_ = c.arrivals;
  specs_ = c.specs;
  executed_ = c.executed;
  executedAll_ = c.executedAll;
  regions_ = c.regions;
  pending_ = c.pending;
  pastFirst_ = c.pastFirst;
  current_ = id;
  drawn_.reset();
  r.message = "Program resumed at checkpoint " + std::to_string(id) + " (" + std::to_string(dropped) +
              " spec" + (dropped == 1 ? "" : "s") + " set aside, " + std::to_string(added) + " restored)";
  r.moved = true;
  return r;
}

Reply Session::track(const std::vector<std::string> &names, bool add) {
  Reply r;
  if (names.empty()) {
    if (add)
      tracked_.reset();
    r.message = tracked_ ? "tracked: " : "tracked: every variable in scope";
    if (tracked_)
      for (const std::string &n : *tracked_)
        r.message += n + " ";
    return r;
  }
  std::set<std::string> known;
  if (exec_ && !exec_->done())
    for (const std::string &n : names) {
      std::string err;
      if (!variable(n, err)) {
        r.ok = false;
        r.message = (add ? "track: " : "untrack: ") + err;
        return r;
      }
    }
  if (add) {
    if (!tracked_)
      tracked_.emplace();
    tracked_->insert(names.begin(), names.end());
  } else {
    if (!tracked_) { // every variable in scope but these
      tracked_.emplace();
      if (exec_ && !exec_->done()) {
        const ir::Procedure &pr = prog().procs[exec_->position()->proc];
        for (const ir::Var &v : pr.vars)
          if (!v.temp)
            tracked_->insert(v.name);
        for (const ir::Var &v : prog().globals)
          if (!v.temp)
            tracked_->insert(v.name);
      }
    }
    for (const std::string &n : names)
      tracked_->erase(n);
  }
  std::string list;
  for (const std::string &n : *tracked_)
    list += (list.empty() ? "" : " ") + n;
  r.message = "tracked: " + (list.empty() ? "nothing" : list);
  return r;
}

Reply Session::breakAt(unsigned line, bool set) {
  Reply r;
  if (set) {
    bool any = false;
    ir::forEachStmt(prog(), [&](const ir::Procedure &, const ir::Stmt &s) {
      any = any || (s.loc.line == line && s.loc.file == mainFile());
    });
    if (!any) {
      r.ok = false;
      r.message = "break: no statement on line " + std::to_string(line);
      return r;
    }
    breaks_.insert(line);
    r.message = "Breakpoint at line " + std::to_string(line);
  } else {
    r.ok = breaks_.erase(line) > 0;
    r.message = r.ok ? "Breakpoint at line " + std::to_string(line) + " deleted"
                     : "no breakpoint at line " + std::to_string(line);
  }
  return r;
}

Reply Session::breakAtProc(const std::string &name) {
  uint32_t k = prog().procIndex(name);
  if (k == ir::kNone)
    return Reply{false, "break: '" + name + "' is neither a line number nor a procedure of the program"};
  unsigned line = 0;
  ir::forEachStmt(prog().procs[k].body, [&](const ir::Stmt &s) {
    if (!line && s.loc.valid() && s.loc.file == mainFile() && !s.isCompound())
      line = s.loc.line;
  });
  if (!line)
    return Reply{false, "break: procedure '" + name + "' has no statement in " + prog().files.at(mainFile())};
  Reply r = breakAt(line, true);
  if (r.ok)
    r.message += " (the start of " + name + ")";
  return r;
}

Reply Session::trust(unsigned line) {
  Reply r;
  size_t n = 0;
  ir::forEachStmt(prog(), [&](const ir::Procedure &, const ir::Stmt &s) {
    n += s.loc.line == line && s.loc.file == mainFile() && !s.isCompound();
  });
  if (!n) {
    r.ok = false;
    r.message = "trust: no statement on line " + std::to_string(line);
    return r;
  }
  trusted_.insert(line);
  r.message = "Line " + std::to_string(line) + " trusted: its " + std::to_string(n) + " statement" +
              (n == 1 ? "" : "s") + " run as `concrete` in the repair query (never changed)";
  return r;
}

std::optional<ir::Program> Session::instrumented(std::string &err, Checks *checks,
                                                 std::optional<size_t> count) const {
  ir::Program p = prog();
  // trusted lines: their statements wrapped in concrete blocks (kept as they are by every repair)
  ir::StmtId next = p.maxStmtId() + 1;
  std::function<void(std::vector<ir::Stmt> &)> wrap = [&](std::vector<ir::Stmt> &block) {
    for (ir::Stmt &s : block) {
      if (s.isCompound()) {
        if (s.kind == ir::Stmt::While)
          wrap(s.body);
        continue;
      }
      if (s.loc.file != mainFile() || !trusted_.count(s.loc.line))
        continue;
      ir::Stmt c;
      c.kind = ir::Stmt::Concrete;
      c.id = next++;
      c.loc = s.loc;
      c.body.push_back(std::move(s));
      s = std::move(c);
    }
  };
  for (ir::Procedure &pr : p.procs)
    wrap(pr.body);
  std::vector<Spec> specs = specs_;
  if (count && *count < specs.size())
    specs.resize(*count);
  err = instrument(p, entry_, specs, false, {}, nodesAtStart_, checks);
  if (!err.empty())
    return std::nullopt;
  return p;
}

// ---- localize and repair -------------------------------------------------------------------------------

Reply Session::localize() {
  auto started = std::chrono::steady_clock::now();
  Reply r;
  Checks checks;
  std::optional<ir::Program> ip = queryProgram("localize", r, &checks);
  if (!ip)
    return r;
  ir::InterpOptions io = interpOptions();
  io.recordTrace = true;
  io.recordCoverage = true; // ofc starts from the statements the run covers
  ir::Interpreter interp(*ip, io);
  repair::Failure f;
  f.entry = entry_;
  f.args = args_;
  f.input = opts_.input;
  f.ints = io.ints;
  f.run = interp.run(entry_, args_);
  f.nondets = f.run.nondetDrawn;
  f.origin = "the session's specification";
  f.unwind = static_cast<uint32_t>(std::max<uint64_t>(f.run.maxIterations + 1, f.run.maxRecursion));
  if (f.run.kind != ir::OutcomeKind::Failure) {
    r.message =
        "The program meets every spec recorded (" + std::to_string(specs_.size()) + "): nothing to localize";
    return r;
  }
  localize::Options lo;
  lo.solver = opts_.solver;
  lo.procs = session::proceduresUnderTest(prog(), cur_->path, opts_.entry);
  lo.timeoutMs = opts_.repairTimeoutMs;
  // Gradient between the checkpoints, as Wolverine2's debugger runs it: only what the session ran from the
  // last checkpoint before the miss may be blamed, so the replay's region starts there, where the run's
  // state is the one the user accepted (the specs before the miss hold on it).
  std::string gradientFrom;
  std::set<ir::StmtId> between = regionBefore(missedSpec(f, checks), gradientFrom);
  localize::Options go = lo;
  if (!between.empty())
    go.region = std::unordered_set<ir::StmtId>(between.begin(), between.end());
  localize::GradientResult g = localize::gradientLocalize(*ip, f, go);
  r.message = "The program misses " + f.run.message + " (line " + std::to_string(f.run.loc.line) + ")";
  // The region the specs cover: what the session ran since the first spec (repair changes these first).
  std::set<uint32_t> region;
  ir::StmtIndex sidx(*ip);
  for (ir::StmtId id : onePoint() ? executedAll_ : executed_)
    if (const ir::Stmt *st = sidx.find(id);
        st && st->loc.file == mainFile() && lo.procs->count(sidx.procOf(id)))
      region.insert(st->loc.line);
  r.message += onePoint() ? "\nRun up to the spec (repair changes these lines first):"
                          : "\nRun since the first spec (repair changes these lines first):";
  for (uint32_t l : region)
    r.message += " " + std::to_string(l);
  if (region.empty())
    r.message += " none yet";
  Json jr = Json::array();
  for (uint32_t l : region)
    jr.push_back(l);
  r.data["region"] = jr;
  if (!g.error.empty()) {
    r.ok = false;
    r.message += "\nlocalize: " + g.error;
    formulaRanking(f, checks, lo, started, r);
    return r;
  }
  // The suspicious lines in gradient's order (docs/localize.md, the order inside the set), those of the
  // user's file, ranked among themselves (equal ranks stay tied).
  std::vector<std::pair<uint32_t, uint32_t>> order; // (rank, line)
  uint32_t lastRank = 0;
  for (const localize::Suspect &s : localize::rankSuspicious(*ip, g)) {
    if (s.loc.file != mainFile())
      continue;
    uint32_t rank =
        !order.empty() && s.rank == lastRank ? order.back().first : static_cast<uint32_t>(order.size() + 1);
    lastRank = s.rank;
    order.push_back({rank, s.loc.line});
  }
  r.message += "\nSuspicious (gradient on the " +
               (go.region ? "run from " + (gradientFrom.empty() ? std::string("the start") : gradientFrom)
                          : std::string("program's own run")) +
               " to that miss, " + std::to_string(order.size()) + " of " + std::to_string(g.lines) +
               (g.lines == 1 ? " line" : " lines") + "), most suspicious first (rank, line):";
  Json jr2 = Json::array();
  std::set<uint32_t> lines;
  for (const auto &[rank, l] : order) {
    char head[32];
    std::snprintf(head, sizeof head, "\n  %3u  %u: ", rank, l);
    r.message += head + render::sourceLine(cur_->loaded->sm, *ip, SourceLoc{mainFile(), l, 1});
    jr2.push_back(Json{{"line", l}, {"rank", rank}});
    lines.insert(l);
  }
  Json js = Json::array();
  for (uint32_t l : lines)
    js.push_back(l);
  r.data["suspicious"] = js;
  r.data["gradient_ranking"] = jr2;
  formulaRanking(f, checks, lo, started, r);
  return r;
}

std::set<ir::StmtId> Session::regionBefore(size_t k, std::string &from) const {
  std::set<ir::StmtId> out;
  auto add = [&](size_t i) {
    if (i < regions_.size())
      out.insert(regions_[i].begin(), regions_[i].end());
  };
  add(k);
  for (size_t j = std::min(k, specs_.size()); j > 0; --j) {
    if (isCheckpoint(specs_[j - 1]) && !out.empty()) {
      from = specs_[j - 1].origin;
      return out;
    }
    add(j - 1);
  }
  from.clear();
  return out;
}

size_t Session::missedSpec(const repair::Failure &f, const Checks &checks) const {
  if (auto it = checks.specOf.find(f.run.stmt); it != checks.specOf.end())
    return it->second;
  for (size_t i = 0; i < specs_.size() && i < checks.counter.size(); ++i) {
    const ir::VarRef &c = checks.counter[i];
    std::optional<int64_t> n;
    if (c.global && c.index < f.run.state.globals.size())
      n = f.run.state.globals[c.index].i.toInt64();
    if (!n || *n < static_cast<int64_t>(specs_[i].point.arrival))
      return i;
  }
  return specs_.size();
}

void Session::formulaRanking(const repair::Failure &f, const Checks &checks, const localize::Options &lo,
                             std::chrono::steady_clock::time_point started, Reply &r) const {
  size_t k = missedSpec(f, checks);
  // The program with the specs up to the one missed (the later ones ask for changes after the region),
  // run on the same inputs: its miss is the failure to explain.
  std::string err;
  std::optional<ir::Program> kp = instrumented(err, nullptr, k + 1);
  if (!kp) {
    r.message += "\nformula methods: " + err;
    return;
  }
  const ir::Program &ip = *kp;
  ir::InterpOptions io = interpOptions();
  io.recordTrace = true;
  io.recordCoverage = true;
  repair::Failure g = f;
  g.run = ir::Interpreter(ip, io).run(entry_, args_);
  g.nondets = g.run.nondetDrawn;
  // The bound covers the whole run, not only the run to the miss: the formula asks for a run that meets
  // every check and ends. It is the program's run without its checks, to its end (a run that does not
  // end: up to the specs' arrivals).
  {
    ir::Program free = ip;
    ir::forEachStmt(free, [](const ir::Procedure &, ir::Stmt &s) {
      if (s.kind == ir::Stmt::Assert)
        s.kind = ir::Stmt::Skip;
    });
    ir::Outcome o = ir::Interpreter(free, interpOptions()).run(entry_, args_);
    bool ends = o.kind != ir::OutcomeKind::Limit;
    uint64_t iters = ends ? o.maxIterations : 0;
    for (size_t i = 0; i < specs_.size() && i <= k; ++i)
      iters = std::max<uint64_t>(iters, specs_[i].point.arrival);
    g.unwind = static_cast<uint32_t>(std::max<uint64_t>(
        {g.run.maxIterations + 1, std::min<uint64_t>(iters + 1, ir::kMaxUnwind), ends ? o.maxRecursion : 0}));
  }
  std::string from;
  std::set<ir::StmtId> region = regionBefore(k, from);
  localize::Options fo = lo;
  // A forced loop decision is named by its command and line (there may be several `enter`s).
  std::string to = k >= specs_.size() ? "the miss"
                   : isCheckpoint(specs_[k])
                       ? specs_[k].origin
                       : "`" + specs_[k].origin + "` at line " + std::to_string(specs_[k].point.loc.line);
  std::string span = (from.empty() ? "from the start" : "from " + from) + " to " + to;
  if (!region.empty())
    fo.region = std::unordered_set<ir::StmtId>(region.begin(), region.end());
  std::unordered_set<ir::StmtId> blamable = localize::blamableStatements(ip, fo);
  ir::StmtIndex idx(ip);
  std::set<uint32_t> regionLines;
  for (ir::StmtId id : blamable)
    if (const ir::Stmt *st = idx.find(id); st && st->loc.file == mainFile())
      regionLines.insert(st->loc.line);
  Json jf;
  jf["from"] = from.empty() ? Json(nullptr) : Json(from);
  jf["to"] = k < specs_.size() ? Json(specs_[k].origin) : Json(nullptr);
  if (k < specs_.size())
    jf["toLine"] = specs_[k].point.loc.line;
  jf["restricted"] = fo.region.has_value();
  Json jl = Json::array();
  for (uint32_t l : regionLines)
    jl.push_back(l);
  jf["lines"] = jl;
  r.message +=
      "\nRanked by the formula methods, which may blame the " + std::to_string(regionLines.size()) +
      (regionLines.size() == 1 ? " line" : " lines") +
      (fo.region ? " the session ran " + span : " of the run (the session ran nothing " + span + ")") + ":";
  if (g.run.kind != ir::OutcomeKind::Failure) { // the specs up to the one missed are met: cannot happen
    r.message += " the program meets the specs up to " + to;
    r.data["formula"] = jf;
    return;
  }
  if (regionLines.empty()) {
    r.message += " none";
    r.data["formula"] = jf;
    return;
  }
  // Every method on the same program and failure; a line's rank by each, the lines in the order of their
  // consensus (localize::consensusRanking: reciprocal rank fusion).
  std::vector<localize::Result> results;
  std::vector<const localize::Method *> methods = localize::traceFormulaMethods();
  std::vector<repair::TestRun> noTests;
  for (const localize::Method *m : methods) {
    // One time limit (--timeout) for the whole command; Ctrl-C stops before the next method.
    auto spent =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started);
    bool late = opts_.repairTimeoutMs && spent.count() >= static_cast<int64_t>(opts_.repairTimeoutMs);
    if (late || (opts_.cancel && opts_.cancel->cancelled())) {
      localize::Result none;
      none.method = m->name();
      none.status = localize::Status::Unknown;
      none.message = late ? "not run: the time limit is spent" : "not run: interrupted";
      results.push_back(std::move(none));
      continue;
    }
    if (opts_.repairTimeoutMs)
      fo.timeoutMs = opts_.repairTimeoutMs - static_cast<unsigned>(spent.count());
    localize::Problem p{ip, g, noTests, fo};
    results.push_back(localize::localizeFailures(*m, p));
  }
  std::vector<const localize::Result *> ptrs;
  for (const localize::Result &res : results)
    ptrs.push_back(&res);
  std::vector<localize::Suspect> order = localize::consensusRanking(ip, ptrs);
  std::vector<std::map<uint32_t, uint32_t>> rankOf(results.size()); // per method: line → rank
  for (size_t m = 0; m < results.size(); ++m)
    for (const localize::Suspect &s : results[m].ranking)
      if (s.loc.file == mainFile())
        rankOf[m].emplace(s.loc.line, s.rank);
  std::string head = "  line";
  for (const localize::Method *m : methods)
    head += "  " + std::string(m->name());
  r.message += "\n" + head;
  size_t shown = 0;
  for (const localize::Suspect &s : order) {
    if (s.loc.file != mainFile())
      continue;
    char num[16];
    std::snprintf(num, sizeof num, "%6u", s.loc.line);
    std::string row = num;
    for (size_t m = 0; m < methods.size(); ++m) {
      auto it = rankOf[m].find(s.loc.line);
      std::string cell = it == rankOf[m].end() ? "-" : std::to_string(it->second);
      size_t width = std::string(methods[m]->name()).size() + 2;
      row += std::string(width > cell.size() ? width - cell.size() : 1, ' ') + cell;
    }
    row += "   " + render::sourceLine(cur_->loaded->sm, ip, SourceLoc{mainFile(), s.loc.line, 1});
    r.message += "\n" + row;
    ++shown;
  }
  if (!shown)
    r.message += "\n  (no method ranks a line)";
  Json jm = Json::array();
  for (size_t m = 0; m < results.size(); ++m) {
    const localize::Result &res = results[m];
    if (res.status != localize::Status::Localized)
      r.message += "\n  " + std::string(methods[m]->name()) + ": " + localize::statusName(res.status) +
                   (res.message.empty() ? "" : ": " + res.message);
    else if (res.ranking.empty())
      r.message += "\n  " + std::string(methods[m]->name()) + ": " +
                   (res.noBlame.empty() ? "no line of the region explains the miss" : res.noBlame);
    Json one;
    one["method"] = methods[m]->name();
    one["status"] = localize::statusName(res.status);
    if (!res.message.empty())
      one["message"] = res.message;
    Json rk = Json::array();
    for (const localize::Suspect &s : res.ranking)
      if (s.loc.file == mainFile())
        rk.push_back({{"line", s.loc.line}, {"rank", s.rank}});
    one["ranking"] = rk;
    one["seconds"] = res.seconds;
    jm.push_back(one);
  }
  jf["methods"] = jm;
  Json jc = Json::array();
  for (const localize::Suspect &s : order)
    if (s.loc.file == mainFile())
      jc.push_back({{"line", s.loc.line}, {"rank", s.rank}, {"score", s.score}});
  jf["consensus"] = jc;
  r.data["formula"] = jf;
}

std::shared_ptr<Version> Session::compileText(const std::string &text, std::string &err) const {
  auto v = std::make_shared<Version>();
  v->text = text;
  fs::path dir = fs::path(tempDir_) / ("v" + std::to_string(versions_));
  std::error_code ec;
  fs::create_directories(dir, ec);
  v->path = (dir / fs::path(opts_.source.file).filename()).string();
  std::ofstream(v->path, std::ios::binary) << text;
  session::Source src = opts_.source;
  src.file = v->path;
  src.importPath.push_back(fs::absolute(fs::path(opts_.source.file)).parent_path().string());
  v->loaded = session::load(src);
  if (!v->loaded->prog) {
    err = "the patched source does not compile";
    return nullptr;
  }
  return v;
}

Reply Session::repair() {
  Reply r;
  std::optional<ir::Program> ip = queryProgram("repair", r);
  if (!ip)
    return r;
  // The inputs of the session's run, fixed; the bound covers it.
  ir::InterpOptions io = interpOptions();
  io.recordTrace = false;
  ir::Outcome run = ir::Interpreter(prog(), io).run(entry_, args_);
  // A run that does not end (a loop the fault keeps going) says nothing about the bound a repaired run
  // needs: its iterations until the step limit would make an encoding no solver answers. The specs'
  // arrivals bound it then, as for localize's formula methods.
  uint64_t iters = run.kind == ir::OutcomeKind::Limit ? 0 : run.maxIterations;
  for (const Spec &s : specs_)
    iters = std::max<uint64_t>(iters, s.point.arrival);
  fix::Spec spec;
  spec.mainFile = cur_->path;
  spec.importPath = opts_.source.importPath;
  spec.importPath.push_back(fs::absolute(fs::path(opts_.source.file)).parent_path().string());
  spec.entry = opts_.entry;
  spec.verify.encode.ints = io.ints;
  spec.verify.encode.unwind = static_cast<uint32_t>(std::min<uint64_t>(iters + 2, ir::kMaxUnwind));
  spec.verify.encode.fixedArgs = args_;
  spec.verify.encode.fixedNondets = run.nondetDrawn;
  spec.verify.encode.fixedInput = opts_.input;
  spec.verify.solver = opts_.solver;
  spec.declaredTests = false;
  std::vector<Spec> specs = specs_;
  std::string before = cur_->text;
  std::string entryName = opts_.entry;
  uint32_t nodes = nodesAtStart_;
  spec.prepare = [specs, before, entryName, nodes](ir::Program &p, const std::string &after) {
    return instrument(p, p.procIndex(entryName), specs, true, lineMapOf(before, after), nodes);
  };
  fix::Options fo;
  // Locked first: what the session did not run since the first spec (Wolverine2's regions are between the
  // checkpoints; the state at the first one is the user's).
  // With one spec point, the region is the run up to it.
  const std::set<ir::StmtId> &region = onePoint() ? executedAll_ : executed_;
  std::unordered_set<ir::StmtId> locked;
  ir::forEachStmt(*ip, [&](const ir::Procedure &, const ir::Stmt &s) {
    if (!region.count(s.id))
      locked.insert(s.id);
  });
  fo.locked = std::move(locked);
  fo.solver = opts_.solver;
  fo.timeoutMs = opts_.repairTimeoutMs;
  fo.maxRepairs = 1;
  fo.procs = session::proceduresUnderTest(prog(), cur_->path, opts_.entry); // the program's own checks decide
  const fix::Method *m = fix::findLockingMethod();
  struct Cancel : repair::Observer {
    const repair::CancelToken *token = nullptr;
    const repair::CancelToken *cancel() const override { return token; }
  } observer;
  observer.token = opts_.cancel;
  fix::Problem p{*ip, cur_->loaded->sm, spec, fo, opts_.cancel ? &observer : nullptr};
  fix::Result res = m->run(p);
  r.data["status"] = fix::statusName(res.status);
  Json stats = Json::object();
  for (const auto &[k, v] : res.stats)
    stats[k] = v;
  r.data["stats"] = stats;
  r.data["seconds"] = res.seconds;
  if (res.status != fix::Status::Repaired || res.repairs.empty()) {
    r.ok = false;
    r.message = "repair: " + std::string(fix::statusName(res.status)) +
                (res.message.empty() ? "" : ": " + res.message);
    return r;
  }
  const fix::Repair &rep = res.repairs.front();
  std::ostringstream msg;
  char secs[32];
  std::snprintf(secs, sizeof secs, "%.1f", res.seconds);
  msg << "Repair synthesized in " << secs << " s (proof-guided, " << specs_.size() << " spec"
      << (specs_.size() == 1 ? "" : "s") << "):";
  for (std::string c : rep.changes) {
    if (size_t at = c.find(cur_->path); at != std::string::npos)
      c.replace(at, cur_->path.size(), opts_.source.file);
    msg << "\n  " << c;
  }
  Json changes = Json::array();
  for (const std::string &c : rep.changes)
    changes.push_back(c);
  r.data["changes"] = changes;
  std::string patched;
  for (const repair::patch::FilePatch &fp : rep.patch.files)
    patched = fp.after;
  r.message = msg.str();
  ++repairs_;
  return hotPatch(patched, r);
}

Reply Session::hotPatch(const std::string &patched, Reply r) {
  std::string err;
  ++versions_;
  std::shared_ptr<Version> v = compileText(patched, err);
  if (!v) {
    r.ok = false;
    r.message += "\nhot-patch: " + err;
    return r;
  }
  auto map = lineMapOf(cur_->text, patched);
  // Every spec's point in the repaired program.
  std::vector<Spec> moved;
  for (const Spec &s : specs_) {
    Found f = locate(v->prog(), s.point, true, map);
    if (!f.stmt) {
      r.ok = false;
      r.message += "\nhot-patch: " + s.origin + "'s line is not in the repaired program";
      return r;
    }
    Spec t = s;
    t.point = pointOf(v->prog(), f.proc, *f.stmt, s.point.recheck, s.point.arrival);
    moved.push_back(t);
  }
  std::set<unsigned> bps;
  for (unsigned b : breaks_)
    bps.insert(map(b));
  breaks_ = bps;
  std::set<unsigned> tr;
  for (unsigned t : trusted_)
    tr.insert(map(t));
  trusted_ = tr;
  // The repaired program from the start to the last spec's point (its arrival there): where the session was.
  startOn(v);
  specs_ = moved;
  if (std::optional<ir::Position> p = exec_->position())
    passSpecs(*p, 1);
  executed_.clear();
  executedAll_.clear();
  pastFirst_ = false;
  if (!specs_.empty()) {
    const Point &pt = specs_.back().point;
    if (exec_->position() && !(exec_->position()->stmt->id == pt.stmt &&
                               exec_->position()->recheck == pt.recheck && pt.arrival == 1))
      moveUntil(
          [&](const ir::Position &p) {
            return p.stmt->id == pt.stmt && p.recheck == pt.recheck &&
                   arrivals_[{p.stmt->id, p.recheck}] == pt.arrival;
          },
          false);
    // The independent check: the interpreter's run of the repaired program meets the spec there.
    if (exec_->done()) {
      r.ok = false;
      r.message += "\nhot-patch: the repaired program does not reach " + specs_.back().origin + "'s line";
      return ended(r);
    }
    ir::State st = exec_->state();
    std::string skipped;
    std::vector<Fact> now =
        capture(prog(), exec_->position()->proc, st.frames.back().vars, st, tracked_, skipped);
    std::set<std::string> have;
    for (const Fact &f : now)
      have.insert(f.text());
    size_t missing = 0;
    for (const Fact &f : specs_.back().facts)
      missing += f.kind != Fact::Kind::Cond && !have.count(f.text());
    r.message += "\nHot-patched: the repaired program reaches " + specs_.back().origin + " at line " +
                 std::to_string(exec_->position()->stmt->loc.line) +
                 (missing ? " but misses " + std::to_string(missing) + " of its facts" : " with its state");
    r.ok = missing == 0;
  }
  r.moved = true;
  return ended(r);
}

Reply Session::rewrite(const std::string &file) const {
  Reply r;
  std::string diff = repair::patch::unifiedDiff(opts_.source.file, original_->text, cur_->text);
  if (!file.empty()) {
    std::ofstream out(file, std::ios::binary);
    out << cur_->text;
    if (!out) {
      r.ok = false;
      r.message = "rewrite: cannot write " + file;
      return r;
    }
    r.message = "wrote the repaired program to " + file;
    return r;
  }
  r.message = diff.empty() ? "no repair yet: the program is as written" : diff;
  r.data["diff"] = diff;
  return r;
}

// ---- views ---------------------------------------------------------------------------------------------

std::string Session::where() const {
  if (!exec_)
    return "not running";
  if (exec_->done())
    return "ended";
  ir::Position p = *exec_->position();
  std::string line = render::sourceLine(cur_->loaded->sm, prog(), p.stmt->loc);
  std::string file =
      fs::path(p.stmt->loc.file == mainFile() ? opts_.source.file : prog().files.at(p.stmt->loc.file))
          .filename()
          .string();
  return file + ":" + std::to_string(p.stmt->loc.line) + "  " + line + "   [" + prog().procs[p.proc].name +
         (p.recheck ? ", loop test" : "") + "]";
}

std::string Session::heap() {
  if (!exec_)
    return {};
  ir::State st = exec_->state();
  uint32_t proc = st.frames.empty() ? entry_ : st.frames.back().proc;
  std::string out = drawText(prog(), st, proc, drawn_ ? &*drawn_ : nullptr);
  drawn_ = std::move(st);
  return out;
}

std::string Session::dot() const {
  if (!exec_)
    return {};
  ir::State st = exec_->state();
  return drawDot(prog(), st, st.frames.empty() ? entry_ : st.frames.back().proc, nullptr);
}

bool Session::writeSvg(const std::string &path, std::string &err) const {
  std::string svg;
  if (!heapview::renderSvg(dot(), svg, err))
    return false;
  std::ofstream out(path, std::ios::binary);
  out << svg;
  if (!out) {
    err = "cannot write " + path;
    return false;
  }
  return true;
}

Json Session::positionJson() const {
  Json j;
  if (!exec_ || exec_->done()) {
    j["running"] = false;
    return j;
  }
  ir::Position p = *exec_->position();
  j["running"] = true;
  j["line"] = p.stmt->loc.line;
  j["procedure"] = prog().procs[p.proc].name;
  j["depth"] = p.depth;
  j["source"] = render::sourceLine(cur_->loaded->sm, prog(), p.stmt->loc);
  j["loopTest"] = p.recheck;
  return j;
}

Json Session::stateJson() const {
  if (!exec_)
    return Json::object();
  ir::State st = exec_->state();
  return render::stateToJson(prog(), st, st.frames.empty() ? entry_ : st.frames.back().proc);
}

std::vector<std::string> Session::names() const {
  std::vector<std::string> out;
  if (!exec_ || exec_->done())
    return out;
  const ir::Procedure &pr = prog().procs[exec_->position()->proc];
  for (const ir::Var &v : pr.vars)
    if (!v.temp)
      out.push_back(v.name);
  for (const ir::Var &v : prog().globals)
    if (!v.temp)
      out.push_back(v.name);
  ir::State st = exec_->state();
  for (size_t k = 0; k < st.heap.size(); ++k)
    out.push_back("n" + std::to_string(k + 1));
  return out;
}

std::string Session::checkpoints() const {
  if (checkpoints_.empty())
    return "no checkpoints (spec records one)";
  std::string out;
  for (const Checkpoint &c : checkpoints_) {
    out += (c.id == current_ ? "* " : "  ") + std::to_string(c.id) +
           (c.parent ? " (after " + std::to_string(*c.parent) + ")" : " (root)") + "  " + c.where + "  " +
           std::to_string(c.specs.back().facts.size()) +
           (c.specs.back().facts.size() == 1 ? " fact\n" : " facts\n");
  }
  return out;
}

} // namespace locus::debug

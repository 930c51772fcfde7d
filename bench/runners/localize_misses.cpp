// bench localize: the soundness claim's check (localize::Claim::Sound; gradient's, Wolverine2: the faulty
// statement is in the suspicious set) and the explanation of its misses (the paper's postcondition, the path,
// no-op writes).
#include "bench/runners/localize.h"
#include "frontend/source.h"
#include "repair/localize/gradient.h"
#include "repair/localize/replay.h"

#include <algorithm>
#include <map>
#include <set>

namespace locus::bench::localizer {

namespace {

/// What a mutation changed, for gradient's misses: "condition" (an `if` or loop condition), "left side"
/// (the statement now writes another variable or field: the right one is never written), "right side".
std::string missKind(const ir::Program &prog, const Truth &t) {
  ir::StmtIndex index(prog);
  if (!t.stmts.empty())
    if (const ir::Stmt *st = index.find(t.stmts.front());
        st && st->kind == ir::Stmt::Assign && !st->lhs.global) {
      const ir::Procedure &p = prog.procs.at(index.procOf(st->id));
      const ir::Var &v = p.vars.at(st->lhs.index);
      if (v.temp && v.type.kind == ir::Type::Bool)
        return "condition";
    }
  auto lhs = [](std::string x) {
    if (!x.empty() && x[0] == '[')
      x = x.substr(x.find("] ") + 2);
    size_t at = x.find(":=");
    return at == std::string::npos ? std::string() : x.substr(0, at);
  };
  const std::string arrowText = " → ";
  size_t arrow = t.what.find(arrowText);
  if (arrow == std::string::npos)
    return "";
  std::string before = t.what.substr(0, arrow), after = t.what.substr(arrow + arrowText.size());
  return lhs(before) != lhs(after) ? "left side" : "right side";
}

/// A line of a version that gradient missed.
struct MissedLine {
  const ir::StmtIndex &index;
  const ir::Program &prog;
  uint32_t line;
  std::string file;
  bool holds(ir::StmtId id) const { ///< statement `id` is on this line
    const ir::Stmt *st = index.find(id);
    return st && st->loc.valid() && st->loc.line == line && prog.files[st->loc.file] == file;
  }
};

/// Why a miss on a run that takes the original's path stays missed with the intended state: "same writes"
/// (the mutated line writes what the original writes on this input), "no-op" (it writes the value its
/// entity holds) or "unexplained".
std::string whyMissed(const MissedLine &at, const Task &task, const localize::Replay &replayed,
                      const ir::Outcome &ref) {
  const std::vector<ir::TraceStep> &bug = replayed.steps;
  bool differs = false;
  for (size_t k = 0; k < bug.size(); ++k)
    if (at.holds(bug[k].stmt)) {
      const auto &a = bug[k].write, &b = ref.trace[k].write;
      differs =
          differs || a.has_value() != b.has_value() ||
          (a && (a->kind != b->kind || a->node != b->node || a->field != b->field ||
                 a->var.index != b->var.index || a->var.global != b->var.global || !(a->value == b->value)));
    }
  if (!differs)
    return "same writes";
  // A write that leaves its entity as it was (`h := h` where `p := h` was meant): the statement changes no
  // state on this run, so no state difference can show at it. The mutated statements when the fault names
  // them (`d.val := nx.val` is `t0 := nx.val; d.val := t0`: only the field write was mutated), else the
  // line.
  std::vector<ir::StmtId> mutated;
  for (const Truth &t : task.truth)
    if (t.line == at.line && t.file == at.file)
      mutated.insert(mutated.end(), t.stmts.begin(), t.stmts.end());
  auto isMutated = [&](ir::StmtId id) {
    return mutated.empty() ? at.holds(id) : std::find(mutated.begin(), mutated.end(), id) != mutated.end();
  };
  bool noop = true, wrote = false;
  for (const localize::Point &pt : replayed.points)
    if (pt.kind == localize::Point::Write && isMutated(pt.stmt)) {
      wrote = true;
      noop = noop && pt.before == pt.after;
    }
  return wrote && noop ? "no-op" : "unexplained";
}

/// The misses of `m` (its run `derived` on the post-state it derives), each rerun with the paper's
/// postcondition where `m` takes one: the original program's state on the failing
/// run's inputs where it reaches the failing check (expectedFromReference) instead of the post-state derived
/// from the failing check (Wolverine2's user states the intended heap; an assertion pins only what it reads).
/// Each miss gets `with_expected`: "suspicious" (the derived post-state was the cause) or "missed"; `free`:
/// the entities the original's state corrects and the derived post-state does not; or `expected_error` when
/// the original cannot give a state.
void explainMisses(const localize::Method &m, const ir::Program &prog, const Task &task,
                   const repair::Failure &f, const localize::Options &lo, const localize::Result &derived,
                   Json &missed) {
  Intended in = m.takesExpectedState() ? intendedState(prog, task, f, lo)
                                       : Intended{std::nullopt, std::nullopt,
                                                  m.name() + std::string(" takes no intended state")};
  if (!in.expected) {
    for (Json &mj : missed)
      mj["expected_error"] = in.error;
    return;
  }
  const std::optional<ir::Program> &orig = in.original;
  const std::optional<localize::ExpectedState> &expected = in.expected;
  std::vector<repair::TestRun> noTests;
  localize::Problem p{prog, f, noTests, lo};
  p.expected = &*expected;
  localize::Result g = m.run(p);
  if (g.status != localize::Status::Localized) {
    for (Json &mj : missed)
      mj["expected_error"] = g.message;
    return;
  }
  std::set<ir::StmtId> suspicious;
  for (const localize::Suspect &s : g.ranking)
    suspicious.insert(s.statements.begin(), s.statements.end());
  std::map<std::string, ir::Value> derivedPost;
  for (const localize::Correction &c : derived.corrections)
    derivedPost[c.entity] = c.post;
  Json free = Json::array();
  for (const localize::Correction &c : g.corrections)
    if (auto it = derivedPost.find(c.entity); it == derivedPost.end() || !(it->second == c.post))
      free.push_back(c.entity + " " + ir::toString(c.forward) + " -> " + ir::toString(c.post));
  ir::StmtIndex index(prog), origIndex(*orig);
  // Theorem A.1's proof compares the buggy and the correct run statement by statement, the faulty one writing
  // another value: does this run take the original's path (the same source statements in the same order, up
  // to the failing check), and where does the mutated line write something else?
  localize::Replay replayed = localize::replayFailure(prog, f, localize::blamableStatements(prog, lo));
  const std::vector<ir::TraceStep> &bug = replayed.steps; // the failing run's trace
  ir::InterpOptions io;
  io.ints = f.ints;
  io.nondetValues = f.nondets;
  io.initialHeap = f.heap;
  io.recordTrace = true;
  ir::Outcome ref = ir::Interpreter(*orig, io).run(orig->procIndex(prog.procs.at(f.entry).name), f.args);
  auto locOf = [](const ir::StmtIndex &ix, ir::StmtId id) {
    const ir::Stmt *st = ix.find(id);
    return st ? std::make_pair(st->loc.line, st->loc.col) : std::make_pair(0u, 0u);
  };
  bool samePath = replayed.error.empty() && ref.traceDropped == 0 && bug.size() <= ref.trace.size();
  for (size_t k = 0; samePath && k < bug.size(); ++k)
    samePath = locOf(index, bug[k].stmt) == locOf(origIndex, ref.trace[k].stmt);
  for (Json &mj : missed) {
    MissedLine at{index, prog, mj.value("line", 0u), mj.value("file", "")};
    bool caught =
        std::any_of(suspicious.begin(), suspicious.end(), [&](ir::StmtId s) { return at.holds(s); });
    mj["with_expected"] = caught ? "suspicious" : "missed";
    mj["free"] = free;
    if (caught)
      continue;
    mj["why"] = !samePath ? "path" : whyMissed(at, task, replayed, ref);
  }
}

} // namespace

Intended intendedState(const ir::Program &prog, const Task &task, const repair::Failure &f,
                       const localize::Options &lo) {
  Intended in;
  SourceManager sm;
  Diagnostics diags(sm);
  if (!task.original.empty())
    in.original = frontend::compileSource(task.original, sm, diags);
  if (!in.original)
    in.error = "the original does not compile";
  else
    in.expected = localize::expectedFromReference(prog, *in.original, f, lo, in.error);
  return in;
}

void soundness(const localize::Method &m, const ir::Program &prog, const Task &task, const repair::Failure &f,
               const localize::Options &lo, const localize::Result &r, Json &rj) {
  std::set<ir::StmtId> suspicious;
  std::set<std::pair<std::string, uint32_t>> suspiciousLines;
  for (const localize::Suspect &sus : r.ranking) {
    suspicious.insert(sus.statements.begin(), sus.statements.end());
    if (sus.loc.file < prog.files.size())
      suspiciousLines.insert({prog.files[sus.loc.file], sus.loc.line});
  }
  ir::StmtIndex index(prog);
  auto ranOnLine = [&](const Truth &t) {
    for (ir::StmtId id : f.run.covered)
      if (const ir::Stmt *st = index.find(id);
          st && st->loc.valid() && st->loc.line == t.line && prog.files[st->loc.file] == t.file)
        return true;
    return false;
  };
  Json missed = Json::array(), notRun = Json::array();
  for (const Truth &t : task.truth) {
    if (t.deletion)
      continue;
    bool ran = t.stmts.empty() ? ranOnLine(t)
                               : std::any_of(t.stmts.begin(), t.stmts.end(),
                                             [&](ir::StmtId id) { return f.run.covered.count(id) > 0; });
    bool caught = t.stmts.empty() ? suspiciousLines.count({t.file, t.line}) > 0
                                  : std::any_of(t.stmts.begin(), t.stmts.end(),
                                                [&](ir::StmtId id) { return suspicious.count(id) > 0; });
    Json tj{{"line", t.line}, {"file", t.file}, {"what", t.what}, {"kind", missKind(prog, t)}};
    if (!ran)
      notRun.push_back(tj);
    else if (!caught)
      missed.push_back(tj);
  }
  if (!missed.empty())
    explainMisses(m, prog, task, f, lo, r, missed);
  rj["sound"] = missed.empty();
  rj["missed"] = missed;
  rj["not_run"] = notRun;
  for (const char *k : {"suspicious_fraction", "suspicious_lines", "lines"})
    if (r.stats.count(k))
      rj[k] = r.stats.at(k);
}

} // namespace locus::bench::localizer

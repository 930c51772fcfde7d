// A debugging session (`locus debug`): the program run by the interpreter and stepped at source level, the
// user's changes of its state, the specifications they record (checkpoints), and localization and repair
// from those specifications with the repair hot-patched into the session. debug/README.md has the data flow;
// docs/debug.md the commands.
#pragma once

#include "debug/spec.h"
#include "ir/interp.h"
#include "repair/common/observer.h"
#include "repair/localize/localize.h"
#include "session/program.h"

#include <nlohmann/json.hpp>

#include <chrono>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace locus::debug {

using Json = nlohmann::ordered_json;

struct Options {
  session::Source source;
  std::string entry = "main";
  std::string args;               ///< --args: values, comma-separated
  std::string argv;               ///< --argv: a command line for a command-line entry
  std::string input;              ///< the standard input (--stdin's bytes)
  std::vector<ir::Value> nondets; ///< --nondet
  uint64_t seed = 0;              ///< after the nondet values run out
  std::string ints = "math";      ///< math or bv32
  std::string solver = "z3";      ///< for localize and repair
  unsigned repairTimeoutMs = 120000;
  /// Raised (by Ctrl-C) to stop a running `repair` at its next step; nullptr: none.
  const repair::CancelToken *cancel = nullptr;
};

/// What one command did. `moved`: the run moved or its state changed (the position and heap are shown).
struct Reply {
  bool ok = true;
  std::string message;
  bool moved = false;
  Json data = Json::object(); ///< command-specific results for --json (a repair's patch, a checkpoint's id)
};

/// One program the session has run: the user's, or a repaired one (compiled from the patched text).
struct Version {
  std::string text; ///< the source text
  std::string path; ///< the file it was compiled from (a repaired one: a temporary copy)
  std::unique_ptr<session::Loaded> loaded; ///< its program and source manager
  const ir::Program &prog() const { return *loaded->prog; }
};

class Session {
public:
  /// Loads the program (a usage problem throws session::Error; a program that does not compile leaves
  /// `ready()` false with the diagnostics in `diagnostics()`).
  explicit Session(Options o);
  ~Session();

  bool ready() const { return cur_ && cur_->loaded->prog.has_value(); }
  const Diagnostics &diagnostics() const { return original_->loaded->diags; }
  const Options &options() const { return opts_; }

  // ---- commands (docs/debug.md) --------------------------------------------------------------------
  Reply start();
  Reply next();
  Reply step();
  Reply finish();
  Reply cont();
  Reply enter();
  Reply leave();
  Reply change(const std::string &target, const std::string &value);
  Reply print(const std::string &what) const;
  Reply spec();
  Reply resume(unsigned id);
  Reply track(const std::vector<std::string> &names, bool add);
  Reply breakAt(unsigned line, bool set);
  /// A breakpoint at the line of the first statement of procedure `name` in the main file (gdb's `break f`).
  Reply breakAtProc(const std::string &name);
  Reply trust(unsigned line);
  Reply localize();
  Reply repair();
  Reply rewrite(const std::string &file) const;

  // ---- views -------------------------------------------------------------------------------------------
  bool running() const { return exec_.has_value(); }
  /// Where the run stands: `reverse_buggy.c:41  while (temp1 != NULL) {` (or how it ended).
  std::string where() const;
  /// The heap reachable from the variables in scope, drawn (the changes since the last drawing marked).
  std::string heap();
  /// The current heap as Graphviz DOT.
  std::string dot() const;
  /// Writes the current heap as SVG (Graphviz's dot); false with `err` when it cannot.
  bool writeSvg(const std::string &path, std::string &err) const;
  Json positionJson() const;
  Json stateJson() const;
  /// Names a completion may offer: the variables in scope and the nodes of the heap.
  std::vector<std::string> names() const;
  /// The checkpoints: id, parent, where, facts.
  std::string checkpoints() const;

private:
  struct Checkpoint {
    unsigned id = 0;
    std::optional<unsigned> parent;
    std::shared_ptr<Version> version;
    std::shared_ptr<ir::Execution> exec; ///< a clone of the run at the checkpoint (never stepped)
    std::map<std::pair<ir::StmtId, bool>, uint64_t> arrivals;
    std::vector<Spec> specs; ///< every spec on the path from the first checkpoint to this one
    std::set<ir::StmtId> executed, executedAll;
    std::vector<std::set<ir::StmtId>> regions;
    std::optional<ir::StmtId> pending;
    bool pastFirst = false;
    std::string where;
  };

  const ir::Program &prog() const;
  /// The interpreter's options of the session's run (its inputs).
  ir::InterpOptions interpOptions() const;
  /// The program of localize's and repair's query (instrumented()), or nullopt with `r` saying why.
  std::optional<ir::Program> queryProgram(const std::string &command, Reply &r,
                                          Checks *checks = nullptr) const;
  /// The index of the user's file (the current version's) in the program's file table.
  uint32_t mainFile() const;
  bool needRun(Reply &r) const;
  void record(const Spec &sp);
  /// Counts the specs whose point position `p` (its `n`-th arrival) is, from regions_.size() - 1 on (a
  /// re-run of a repaired program passing the specs' points).
  void passSpecs(const ir::Position &p, uint64_t n);
  /// The statements localize's formula methods may blame when the instrumented run misses spec `k` (k ==
  /// specs_.size(): a failure past the last spec): what the session ran from the last checkpoint before it
  /// (or the start) to its point. `from`: that checkpoint's origin (empty: the start).
  std::set<ir::StmtId> regionBefore(size_t k, std::string &from) const;
  /// The spec the instrumented run `f` misses (`checks`: where its checks are): the one of the failing
  /// assertion, else (a run-time error, a point not reached) the first whose point the run did not reach as
  /// often as it says (its ghost counter); specs_.size() when none is.
  size_t missedSpec(const repair::Failure &f, const Checks &checks) const;
  /// The formula methods (localize::traceFormulaMethods) on the miss `f` of the instrumented program
  /// (`checks`: where its checks are): the spec missed found, the program with the specs up to that one,
  /// its run on the same inputs, the statements that may be blamed restricted to the region before the
  /// spec (regionBefore); their rankings appended to `r`. The command's time limit counts from `started`.
  void formulaRanking(const repair::Failure &f, const Checks &checks, const localize::Options &lo,
                      std::chrono::steady_clock::time_point started, Reply &r) const;
  /// Whether every spec is at one point (the region then runs from the start).
  bool onePoint() const;
  /// Runs until `stop` holds for a position (counting arrivals; a breakpoint stops too when `breaks`).
  void moveUntil(const std::function<bool(const ir::Position &)> &stop, bool breaks);
  void startOn(std::shared_ptr<Version> v);
  Reply ended(Reply r) const;
  std::optional<ir::VarRef> variable(const std::string &name, std::string &err) const;
  std::optional<ir::Value> valueOf(const std::string &text, const ir::Type &want, std::string &err) const;
  /// The value of a path (`x`, `x.next.val`, `n3`, `n3.next`); its type in `type`.
  std::optional<ir::Value> evalPath(const std::string &text, ir::Type &type, std::string &err) const;
  const ir::Stmt *loopAt(const ir::Position &p) const;
  Reply forceLoop(bool enter);
  /// The program with the specs inserted (the user's trusted lines as concrete blocks): the first `count`
  /// specs (every one when unset); `checks` filled in when given.
  std::optional<ir::Program> instrumented(std::string &err, Checks *checks = nullptr,
                                          std::optional<size_t> count = std::nullopt) const;
  std::shared_ptr<Version> compileText(const std::string &text, std::string &err) const;
  Reply hotPatch(const std::string &patched, Reply r);

  Options opts_;
  std::shared_ptr<Version> original_, cur_;
  uint32_t entry_ = ir::kNone;
  std::vector<ir::Value> args_;
  std::optional<ir::Execution> exec_;
  std::map<std::pair<ir::StmtId, bool>, uint64_t> arrivals_;
  std::vector<Spec> specs_; ///< the specs in force (along the path to the current checkpoint)
  /// The statements the run executed since the first spec (what repair may change first: the others are
  /// locked in its first attempt), and whether the run is past that spec.
  std::set<ir::StmtId> executed_;
  std::set<ir::StmtId> executedAll_; ///< since the start (the region when every spec is at one point)
  bool pastFirst_ = false;
  /// The statements the run executed between consecutive specs' points: regions_[k] those before spec k's
  /// point (after spec k-1's; regions_[0]: from the start), the last one those since the last spec's point
  /// (specs_.size() + 1 regions). A statement counts when it has run (`pending_`: the one at the position,
  /// not yet run).
  std::vector<std::set<ir::StmtId>> regions_{1};
  std::optional<ir::StmtId> pending_;
  std::vector<Checkpoint> checkpoints_;
  std::optional<unsigned> current_; ///< the checkpoint the session last recorded or resumed
  std::optional<std::set<std::string>> tracked_;
  std::set<unsigned> breaks_;
  std::set<unsigned> trusted_;     ///< source lines whose statements repair must keep (`trust`)
  std::optional<ir::State> drawn_; ///< the state of the last heap drawing
  uint32_t nodesAtStart_ = 0;      ///< heap nodes before the first statement (input nodes, global arrays)
  std::string tempDir_;
  unsigned versions_ = 0;
  unsigned repairs_ = 0;
};

} // namespace locus::debug

// Wolverine2's gradient localization (Verma & Roy, Algorithm 2) as a library call: the statements of a
// failing run that are suspicious, and the rest, which repair may lock. `localize --method gradient` prints
// it, and `bench localize` also runs it with the state a correct version reaches (expectedFromReference,
// through Problem::expected). `repair --method proof` locks the lockable set in its first attempt.
#pragma once

#include "ir/interp.h"
#include "repair/localize/localize.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace locus::localize {

/// One statement instance's write, as Algorithm 2 sees it.
struct GradientPoint {
  ir::StmtId stmt = 0;
  std::string entity; ///< what it writes (Replay::name)
  bool up = false;    ///< upward exposed: no earlier write of the entity in the region
  bool down = false;  ///< downward exposed: no later write
  bool gradient = false;
  bool suspicious = false; ///< gradient, or sandwiched (neither up nor down)
  /// Downward exposed, and the post-state holds another value for the entity: the backward execution pins
  /// the entity right after the write, and not to what it wrote.
  bool contradicted = false;
  int direction = 0; ///< the sign of Γ_i − Γ_{i-1}: 1 the states move apart at the write, −1 together
  ir::Value forward; ///< the value it wrote
  /// The backward execution's states for the entity right after the write: the post-state's value
  /// (downward exposed) or every value of the entity's domain (split).
  std::string backward;
  /// Γ / 2M (the expected number of entities in which a backward state differs from the forward state)
  /// right after and right before the write.
  double gammaAfter = 0, gammaBefore = 0;
  /// The distance from the post-state's corrections in the run's direct dependences (docs/localize.md,
  /// "The order inside the set"): 0 for a contradicted write and for an evaluation to false, after the
  /// corrected entity's last write, of a condition deciding a statement that may write it; d + 1 for a write
  /// an instance at distance d depends on (what it read: its operands and guard, the node field or array
  /// element, a call's argument, a callee's result; the last evaluations of the conditions of the loops
  /// around it and around its calls; the false evaluations since the write it read of a condition deciding a
  /// statement that may write what it read); kFar when none: its value reaches no entity the post-state
  /// corrects (outside the dynamic slice of the corrections).
  static constexpr size_t kFar = static_cast<size_t>(-1);
  size_t distance = kFar;
};

/// The order inside the suspicious set (docs/localize.md, gradient, "The order inside the set"): the paper's
/// Algorithm 2 returns a set; we rank its statements by their best instance (GradientRank): its distance from
/// the post-state's contradictions, the strength of the evidence it gives, how early it ran. Tiers in
/// ranking order.
enum class Suspicion {
  Contradicted, ///< an instance leaves its entity with a value the post-state contradicts
  Diverging,    ///< an instance makes Γ grow (the forward state moves away from the backward states)
  Sandwiched,   ///< an instance neither upward nor downward exposed (the backward execution cannot judge it)
  Converging,   ///< an instance makes Γ shrink (it writes what the backward states hold)
  /// No suspicious instance: a failing run-time check, a deciding condition, a statement on a suspicious
  /// line.
  ByRule,
};
const char *suspicionName(Suspicion s);

/// Where a suspicious statement ranks: a statement with a suspicious instance before one suspicious only by
/// a rule; then the instance's distance from the post-state's corrections (GradientPoint::distance: the
/// contradicted writes first, outside the slice of the corrections last), how many corrected entities the
/// statement's instances reach (more first), the instance's tier, the index (in GradientResult::points) of
/// the first instance that gives it that key; rule-only statements by their first instance in the region,
/// or kNoPoint when none ran there.
struct GradientRank {
  static constexpr size_t kNoPoint = static_cast<size_t>(-1);
  Suspicion tier = Suspicion::ByRule;
  size_t reached = 0; ///< the corrected entities an instance of the statement reaches (0 outside the slice)
  size_t distance = GradientPoint::kFar; ///< GradientPoint::distance of the instance
  size_t point = kNoPoint;
  friend bool operator<(const GradientRank &a, const GradientRank &b) {
    bool ar = a.tier == Suspicion::ByRule, br = b.tier == Suspicion::ByRule;
    if (ar != br)
      return br;
    if (a.distance != b.distance)
      return a.distance < b.distance;
    if (a.reached != b.reached)
      return a.reached > b.reached;
    return a.tier != b.tier ? a.tier < b.tier : a.point < b.point;
  }
  friend bool operator==(const GradientRank &a, const GradientRank &b) {
    return a.tier == b.tier && a.reached == b.reached && a.distance == b.distance && a.point == b.point;
  }
};

struct GradientResult {
  std::string error;               ///< the method cannot run on this failure (the sets are empty)
  bool unknown = false;            ///< the solver gave no answer (error says why)
  std::set<ir::StmtId> suspicious; ///< blamable statements with a suspicious instance
  std::set<ir::StmtId> lockable;   ///< blamable statements without one (not run in the region included)
  /// Per suspicious statement: why (the instance that gives it its rank, or the rule that adds it).
  std::map<ir::StmtId, std::string> evidence;
  std::map<ir::StmtId, GradientRank> rank; ///< per suspicious statement: where it ranks (smaller first)
  std::vector<GradientPoint> points;       ///< every write of the region, in execution order
  std::vector<Correction>
      corrections;     ///< the post-state: the forward state at the check, corrected so that it passes
  size_t blamable = 0; ///< statements that may be blamed
  size_t lines = 0, suspiciousLines = 0; ///< source lines of the blamable / suspicious statements
  /// The suspicious statements as a fraction of the blamable ones (0 when nothing may be blamed).
  double fraction() const {
    return blamable ? static_cast<double>(suspicious.size()) / static_cast<double>(blamable) : 0;
  }
  std::map<std::string, double> stats;
};

/// An intended state at the end of the region: what the paper's postcondition is (the state the user expects,
/// where our default derives one from the failing check). Entity names as Replay::name gives them (`x`,
/// `x@proc#k`, `n3.next`) → values.
struct ExpectedState {
  std::map<std::string, ir::Value> values;
};

/// The state of `reference` (a correct version of `prog`: the same procedures in the same order, the same
/// variables and records) run on `f`'s inputs, where the failing run's check starts: where the reference runs
/// the check's source statement for the same time (on the same path: the same step), or at its end. The
/// region is chosen as for `prog` (opts.procs). Nullopt with `err` when it cannot be had (the reference fails
/// or does not end).
std::optional<ExpectedState> expectedFromReference(const ir::Program &prog, const ir::Program &reference,
                                                   const repair::Failure &f, const Options &opts,
                                                   std::string &err);

/// Algorithm 2 on the failing run of `f`: the region of the run (replay.h) executed forward; the post-state
/// derived from the failing check (the fewest entity changes that make it pass, by MaxSAT on `opts.solver`
/// over the encoder's step equation of the run with the state cut where the region ends: EncodeOptions::cut);
/// every write classified (upward/downward exposed, sandwiched), the backward execution's set of states and Γ
/// before and after it; a statement is suspicious when an instance is sandwiched or changes Γ, and so are the
/// failing statement of a run-time check, the definitions of the conditions that decide whether a suspicious
/// statement runs, and every statement on a suspicious source line (docs/localize.md); `rank` orders the set.
/// Blamable statements: blamableStatements(prog, opts). With `expected`, the post-state is not derived: every
/// entity the region writes takes its expected value.
GradientResult gradientLocalize(const ir::Program &prog, const repair::Failure &f, const Options &opts,
                                const ExpectedState *expected = nullptr);

/// The suspicious lines of `g` in the order of GradientResult::rank (what `--method gradient` reports): a
/// line ranks by its best statement; lines of equal keys (rule-only statements that did not run in the
/// region) tie, in source order.
std::vector<Suspect> rankSuspicious(const ir::Program &prog, const GradientResult &g);

} // namespace locus::localize

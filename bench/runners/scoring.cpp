// Scoring of the bench runners: version status, ground truth, EXAM, correctness of repairs, tallies.
#include "bench/runners/scoring.h"

#include <algorithm>
#include <cstdio>
#include <set>

namespace locus::bench {

bool decided(const std::string &v) {
  return v == "safe" || v == "failed" || v == "bound";
}

std::string classifyVersion(const Json &r, const std::vector<MethodKey> &methods, std::string &why) {
  if (r.contains("error")) {
    why = r["error"];
    return "error";
  }
  if (r.contains("crashed")) {
    why = r["crashed"];
    return "error";
  }
  if (r.contains("killed")) {
    why = r["killed"];
    return "unknown";
  }
  std::set<std::string> verdicts;
  bool internal = false;
  for (const MethodKey &m : methods) {
    const Json &x = r["runs"][m.name];
    std::string v = x.value("verdict", "");
    if (decided(v))
      verdicts.insert(v);
    else if (v != "unknown") {
      internal = true;
      why = m.solver + ": " + v + ": " + x.value("reason", "");
    } else if (why.empty())
      why = m.solver + ": " + x.value("reason", "unknown");
  }
  if (verdicts.size() > 1)
    return "disagree";
  if (verdicts.size() == 1) {
    std::string v = *verdicts.begin();
    return v == "safe" ? "equivalent" : v;
  }
  return internal ? "error" : "unknown";
}

void DetectionCounts::add(const std::string &status) {
  ++versions;
  if (status == "failed")
    ++failed;
  else if (status == "bound")
    ++bound;
  else if (status == "equivalent")
    ++equivalent;
  else if (status == "unknown")
    ++unknown;
  else if (status == "disagree")
    ++disagree;
  else
    ++errors;
}

std::string DetectionCounts::rate() const {
  if (nonEquivalent() == 0)
    return "–";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f %%",
                100.0 * static_cast<double>(detected()) / static_cast<double>(nonEquivalent()));
  return buf;
}

Json DetectionCounts::json() const {
  return Json{{"versions", versions},
              {"failed", failed},
              {"bound", bound},
              {"equivalent", equivalent},
              {"unknown", unknown},
              {"errors", errors},
              {"disagree", disagree},
              {"detected", detected()},
              {"detection_rate", nonEquivalent()
                                     ? static_cast<double>(detected()) / static_cast<double>(nonEquivalent())
                                     : 0.0}};
}

Truth truthOf(const mutate::Fault &f) {
  return Truth{f.file,
               f.line,
               f.kind == mutate::FaultKind::Delete,
               f.stmts,
               f.before + " → " + (f.after.empty() ? "(deleted)" : f.after),
               f.proc,
               f.col};
}

Truth truthOf(const std::string &file, const mutate::PaperFault::Edit &e) {
  return Truth{file, e.line, false, {}, e.original + " → " + e.replacement, {}, 0};
}

std::string describe(const mutate::Fault &f) {
  return std::string(mutate::kindName(f.kind)) + " at line " + std::to_string(f.line) + ": `" + f.before +
         "` -> `" + (f.after.empty() ? "(deleted)" : f.after) + "`";
}

bool assignsOther(const std::string &before, const std::string &after) {
  auto guard = [](const std::string &t) { return t.rfind("[", 0) == 0 ? t.substr(0, t.find("] ") + 2) : ""; };
  std::string g = guard(before);
  if (g != guard(after))
    return false;
  size_t a = before.find(":="), b = after.find(":=");
  return a != std::string::npos && b != std::string::npos && before.substr(0, a) != after.substr(0, b);
}

std::vector<uint32_t> deletionLines(const ir::Program &prog, const Truth &t) {
  uint32_t k = prog.procIndex(t.proc);
  if (k == ir::kNone)
    return {};
  using Pos = std::pair<uint32_t, uint32_t>; // line, column
  Pos point{t.line, t.col};
  std::optional<Pos> before, after;
  std::set<uint32_t> lines;
  ir::forEachStmt(prog.procs[k].body, [&](const ir::Stmt &s) {
    if (!s.loc.valid() || s.loc.file >= prog.files.size() || prog.files[s.loc.file] != t.file)
      return;
    Pos at{s.loc.line, s.loc.col};
    if (at < point && (!before || *before < at))
      before = at;
    else if (point < at && (!after || at < *after))
      after = at;
    else if (at == point)
      lines.insert(at.first);
  });
  if (before)
    lines.insert(before->first);
  if (after)
    lines.insert(after->first);
  return {lines.begin(), lines.end()};
}

double linesExamined(const ir::Program &prog, const std::vector<localize::Suspect> &ranking,
                     const std::vector<Truth> &truth, uint32_t *rank) {
  // per ground truth, the lines that reach it: its own, or a deleted statement's neighbours
  std::vector<std::vector<uint32_t>> at;
  for (const Truth &t : truth)
    at.push_back(t.deletion ? deletionLines(prog, t) : std::vector<uint32_t>{t.line});
  double best = -1;
  for (const localize::Suspect &s : ranking) {
    bool hit = false;
    for (size_t k = 0; k < truth.size(); ++k)
      hit = hit || (std::find(at[k].begin(), at[k].end(), s.loc.line) != at[k].end() &&
                    s.loc.file < prog.files.size() && prog.files[s.loc.file] == truth[k].file);
    if (!hit)
      continue;
    size_t ties = std::count_if(ranking.begin(), ranking.end(),
                                [&](const localize::Suspect &x) { return x.rank == s.rank; });
    double examined = (s.rank - 1) + (static_cast<double>(ties) + 1) / 2;
    if (best < 0 || examined < best) {
      best = examined;
      *rank = s.rank;
    }
  }
  return best;
}

double examPercent(double examined, size_t lines) {
  return lines ? 100.0 * examined / static_cast<double>(lines) : 100;
}

void LocalizeStats::add(const Json &run, size_t lines, size_t programLines) {
  ++versions;
  std::string st = run.value("status", "");
  if (st == "unknown")
    ++unknown;
  if (st == "error")
    ++errors;
  if (st == "error" && run.value("message", "").find("internal") != std::string::npos)
    ++internal;
  if (run.contains("sound")) {
    ++soundChecked;
    unsound += !run.value("sound", true);
    notRun += run["not_run"].size();
    suspicious.push_back(100 * run.value("suspicious_fraction", 0.0));
  }
  if (st == "localized" || st == "unknown")
    ++localized;
  seconds.push_back(run.value("seconds", 0.0));
  solve.push_back(run.value("solve_seconds", 0.0));
  if (!run.value("found", false)) {
    exam.push_back(100);
    return;
  }
  ++found;
  double e = run.value("examined", 0.0);
  examined.push_back(e);
  double rank = run.value("rank", 0.0);
  ranks.push_back(rank);
  ties.push_back(2 * (e - (rank - 1)) - 1); // examined = (rank − 1) + (ties + 1) / 2
  top1 += e <= 1;
  top3 += e <= 3;
  top5 += e <= 5;
  double pct = examPercent(e, lines);
  exam.push_back(std::min(100.0, pct));
  top10under += pct <= 10;
  top25under += pct <= 25;
  double ofProgram = examPercent(e, programLines ? programLines : lines);
  top10pct += ofProgram <= 10;
  top25pct += ofProgram <= 25;
}

double LocalizeStats::oursShare() const {
  double total = 0, sol = 0;
  for (double s : seconds)
    total += s;
  for (double s : solve)
    sol += s;
  return total > 0 ? 1 - std::min(1.0, sol / total) : 0;
}

RepairJudgement
judgeRepairs(const std::vector<std::optional<std::string>> &patched, const std::string &original,
             size_t maxChecks,
             const std::function<std::string(const std::string &text, size_t k)> &equivalent) {
  RepairJudgement j;
  size_t checks = 0;
  for (size_t k = 0; k < patched.size(); ++k) {
    std::string verdict;
    if (patched[k] && *patched[k] == original) {
      j.originalFound = true;
      verdict = "original";
    } else if (checks < maxChecks && (j.firstCorrect < 0 || k == 0)) {
      ++checks;
      verdict = equivalent(patched[k].value_or(""), k);
      j.equivalent += verdict == "yes";
      j.unknown += verdict.rfind("unknown", 0) == 0;
    } else {
      verdict = "not checked";
    }
    if (j.firstCorrect < 0 && (verdict == "original" || verdict == "yes"))
      j.firstCorrect = static_cast<int>(k);
    j.verdicts.push_back(verdict);
  }
  return j;
}

void RepairStats::add(const Json &run, bool originalInSpace) {
  std::string st = run.value("status", "");
  if (st == "no-failure") { // an equivalent mutant within the bounds: nothing to repair
    ++noFailure;
    return;
  }
  ++versions;
  total.push_back(run.value("seconds", 0.0));
  if (run.contains("candidates_validated"))
    validated.push_back(run.value("candidates_validated", 0.0));
  if (run.contains("blocked_per_validation"))
    blocked.push_back(run.value("blocked_per_validation", 0.0));
  if (st == "repaired") {
    ++repaired;
    first.push_back(run.value("first_seconds", 0.0));
  }
  notRepaired += st == "not-repaired";
  unknown += st == "unknown";
  if (st == "error") {
    ++errors;
    internal += run.value("message", "").find("internal") != std::string::npos;
  }
  if (originalInSpace) {
    ++inSpace;
    bool searched = run.value("complete", false) || run.value("original_found", false);
    inSpaceSearched += searched;
    originalFound += run.value("original_found", false);
  }
  if (st != "repaired") // an error after some repairs (one that did not re-verify) is not a repair
    return;
  firstCorrect += run.value("first_correct", false);
  if (run.value("any_correct", false)) {
    ++anyCorrect;
    correct.push_back(run.value("correct_seconds", 0.0));
  }
}

} // namespace locus::bench

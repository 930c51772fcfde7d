// Several failures of one program: a method that takes them at once, or one run per failure combined as
// Jin & Orso combine the reports of several failing inputs.
#include "repair/localize/localize.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <map>
#include <tuple>

namespace locus::localize {

Result combineRankings(const ir::Program &prog, std::vector<Result> perFailure) {
  Result out;
  if (perFailure.empty())
    return out;
  out.method = perFailure.front().method;
  out.solver = perFailure.front().solver;
  out.complete = true;
  size_t errors = 0;
  for (const Result &r : perFailure) {
    out.complete = out.complete && r.complete;
    if (r.status == Status::Unknown && out.status != Status::Error)
      out.status = Status::Unknown;
    if (r.status == Status::Error) {
      ++errors;
      out.message = r.message;
    }
    for (const auto &[k, v] : r.stats)
      out.stats[k] += v;
  }
  if (errors == perFailure.size()) {
    out.status = Status::Error;
    out.perFailure = std::move(perFailure);
    return out;
  }
  if (errors > 0 && out.status == Status::Localized)
    out.status = Status::Unknown;
  // The lines every report ranks, by their average rank.
  struct Line {
    SourceLoc loc;
    std::vector<ir::StmtId> statements;
    double rankSum = 0;
    size_t reports = 0;
  };
  std::map<std::pair<uint32_t, uint32_t>, Line> lines;
  size_t reports = 0;
  for (const Result &r : perFailure) {
    if (r.status == Status::Error)
      continue;
    ++reports;
    for (const Suspect &s : r.ranking) {
      Line &l = lines[{s.loc.file, s.loc.line}];
      if (l.reports == 0)
        l.loc = s.loc;
      l.loc.col = std::min(l.loc.col, s.loc.col);
      for (ir::StmtId id : s.statements)
        if (std::find(l.statements.begin(), l.statements.end(), id) == l.statements.end())
          l.statements.push_back(id);
      l.rankSum += s.rank;
      ++l.reports;
    }
  }
  std::vector<Suspect> ranked;
  for (const auto &[key, l] : lines) {
    if (l.reports != reports)
      continue; // not in every report
    Suspect s;
    s.loc = l.loc;
    s.statements = l.statements;
    double avg = l.rankSum / static_cast<double>(reports);
    s.score = 1.0 / avg;
    char buf[64];
    std::snprintf(buf, sizeof buf, "average rank %.2f over %zu failures", avg, reports);
    s.evidence = buf;
    ranked.push_back(std::move(s));
  }
  std::sort(ranked.begin(), ranked.end(), [](const Suspect &a, const Suspect &b) {
    return std::tie(b.score, a.loc.file, a.loc.line) < std::tie(a.score, b.loc.file, b.loc.line);
  });
  for (size_t i = 0; i < ranked.size(); ++i)
    ranked[i].rank =
        i > 0 && ranked[i].score == ranked[i - 1].score ? ranked[i - 1].rank : static_cast<uint32_t>(i + 1);
  out.ranking = std::move(ranked);
  out.stats["failures"] = static_cast<double>(perFailure.size());
  out.perFailure = std::move(perFailure);
  return out;
}

Result runStoppable(const Method &m, const Problem &p) {
  try {
    return m.run(p);
  } catch (const encoder::Stopped &e) {
    Result r;
    r.method = m.name();
    r.solver = p.opts.solver;
    r.status = Status::Unknown;
    r.message = e.why == encoder::Stopped::TimeLimit ? "stopped early: timeout (while encoding)"
                                                     : "stopped early: interrupted (while encoding)";
    return r;
  }
}

Result localizeFailures(const Method &m, const Problem &given) {
  auto t0 = std::chrono::steady_clock::now();
  Problem p = given; // the encodings stop at the time limit and at the observer's token
  if (p.opts.timeoutMs && !p.opts.stop.deadline)
    p.opts.stop.deadline = t0 + std::chrono::milliseconds(p.opts.timeoutMs);
  if (repair::Observer *obs = p.observer)
    p.opts.stop = p.opts.stop.orWhen([obs] { return obs->cancelled(); });
  auto since = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(); };
  if (p.others.empty() || m.jointFailures()) {
    Result r = runStoppable(m, p);
    r.seconds = since();
    if (p.observer)
      p.observer->localized(r);
    return r;
  }
  std::vector<Result> each;
  std::vector<const repair::Failure *> all{&p.failure};
  all.insert(all.end(), p.others.begin(), p.others.end());
  for (const repair::Failure *f : all) {
    if (p.observer && p.observer->cancelled() && !each.empty())
      break; // interrupted: the failures localized so far, combined
    if (p.observer)
      p.observer->progress("failures", each.size(), all.size(), f->origin);
    Problem one{p.prog, *f, p.tests, p.opts};
    auto t1 = std::chrono::steady_clock::now();
    Result r = runStoppable(m, one);
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t1).count();
    each.push_back(std::move(r));
  }
  Result r = combineRankings(p.prog, std::move(each));
  r.seconds = since();
  if (p.observer)
    p.observer->localized(r);
  return r;
}

} // namespace locus::localize

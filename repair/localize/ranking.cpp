// Ranking of blamed statements as source lines.
#include "repair/localize/localize.h"

#include "ir/analysis.h"
#include "ir/global_alloc.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <set>
#include <tuple>

namespace locus::localize {

const char *statusName(Status s) {
  switch (s) {
  case Status::Localized: return "localized";
  case Status::NoFailure: return "no-failure";
  case Status::Unknown: return "unknown";
  case Status::Error: return "error";
  }
  return "?";
}

std::unordered_set<uint32_t> ownProcedures(const ir::Program &prog, const std::string &mainFile) {
  std::unordered_set<uint32_t> out;
  for (uint32_t i = 0; i < prog.procs.size(); ++i) {
    const ir::Procedure &p = prog.procs[i];
    if (p.isTest || p.loc.file >= prog.files.size())
      continue;
    std::error_code ec;
    if (prog.files[p.loc.file] == mainFile ||
        std::filesystem::equivalent(prog.files[p.loc.file], mainFile, ec))
      out.insert(i);
  }
  return out;
}

std::vector<Suspect> rankBySets(const ir::Program &prog, const std::vector<std::vector<Blame>> &sets,
                                const std::vector<uint64_t> &costs) {
  ir::StmtIndex index(prog);
  // The second signal inside a tie group of sets of one cost: how many of all the sets, as sets of lines
  // (two sets that differ only in the statements of one line are one), contain the line. Sets without
  // costs (pwp's evidence groups) are each their own group: their lines tie.
  std::map<std::pair<uint32_t, uint32_t>, size_t> inSets;
  std::set<std::set<std::pair<uint32_t, uint32_t>>> lineSets;
  for (const std::vector<Blame> &set :
       costs.size() == sets.size() ? sets : std::vector<std::vector<Blame>>{}) {
    std::set<std::pair<uint32_t, uint32_t>> lines;
    for (const Blame &b : set)
      if (SourceLoc at = ir::stmtLoc(prog, index, b.stmt); at.valid())
        lines.insert({at.file, at.line});
    if (lineSets.insert(lines).second)
      for (const auto &l : lines)
        ++inSets[l];
  }
  auto count = [&](const Suspect &x) { return inSets[{x.loc.file, x.loc.line}]; };
  std::vector<Suspect> out;
  std::map<std::pair<uint32_t, uint32_t>, size_t> byLine; // (file, line) → index in out
  uint32_t ranked = 0;
  size_t group = 0; // index of the tie group of set k: consecutive sets of one cost share it
  std::vector<Suspect> fresh;
  for (size_t k = 0; k < sets.size(); ++k) {
    if (k > 0 && (costs.size() != sets.size() || costs[k] != costs[k - 1])) {
      ++group;
      fresh.clear();
    }
    for (const Blame &b : sets[k]) {
      SourceLoc at = ir::stmtLoc(prog, index, b.stmt); // a statement, or a global array's declared size
      if (!at.valid())
        continue;
      std::pair<uint32_t, uint32_t> key{at.file, at.line};
      auto it = byLine.find(key);
      Suspect *target = nullptr;
      if (it != byLine.end()) {
        target = &out[it->second];
      } else {
        auto f = std::find_if(fresh.begin(), fresh.end(), [&](const Suspect &x) {
          return x.loc.file == key.first && x.loc.line == key.second;
        });
        if (f == fresh.end()) {
          Suspect sus;
          sus.loc = at;
          sus.score = 1.0 / static_cast<double>(1 + group);
          fresh.push_back(sus);
          f = fresh.end() - 1;
        }
        target = &*f;
      }
      if (std::find(target->statements.begin(), target->statements.end(), b.stmt) == target->statements.end())
        target->statements.push_back(b.stmt);
      if (target->sets.empty() || target->sets.back() != k)
        target->sets.push_back(k);
      target->loc.col = std::min(target->loc.col, at.col);
    }
    bool last = k + 1 == sets.size() || costs.size() != sets.size() || costs[k + 1] != costs[k];
    if (!last)
      continue; // the group goes on: its lines are ranked together when it ends
    // More sets first; equal counts tie, in source order.
    std::sort(fresh.begin(), fresh.end(), [&](const Suspect &a, const Suspect &b) {
      size_t ca = count(a), cb = count(b);
      return ca != cb
                 ? ca > cb
                 : std::tie(a.loc.file, a.loc.line, a.loc.col) < std::tie(b.loc.file, b.loc.line, b.loc.col);
    });
    for (size_t k = 0; k < fresh.size(); ++k) {
      Suspect &s = fresh[k];
      bool broken = count(s) != count(fresh.front()) || count(s) != count(fresh.back());
      s.rank =
          k > 0 && count(s) == count(fresh[k - 1]) ? out.back().rank : ranked + 1 + static_cast<uint32_t>(k);
      if (broken)
        s.evidence = "in " + std::to_string(count(s)) + " of the " + std::to_string(lineSets.size()) +
                     " sets of lines (of the lines first blamed at this cost, those in more sets rank first)";
      byLine[{s.loc.file, s.loc.line}] = out.size();
      out.push_back(std::move(s));
    }
    ranked += static_cast<uint32_t>(fresh.size());
  }
  return out;
}

std::vector<Suspect> rankByScores(const ir::Program &prog, const std::map<ir::StmtId, double> &scores) {
  ir::StmtIndex index(prog);
  std::map<std::pair<uint32_t, uint32_t>, Suspect> byLine; // (file, line) → its suspect
  for (const auto &[id, score] : scores) {
    const ir::Stmt *s = index.find(id);
    if (!s || !s->loc.valid() || !(score > 0))
      continue;
    auto [it, fresh] = byLine.try_emplace({s->loc.file, s->loc.line});
    Suspect &sus = it->second;
    if (fresh) {
      sus.loc = s->loc;
      sus.score = score;
    }
    sus.score = std::max(sus.score, score);
    sus.loc.col = std::min(sus.loc.col, s->loc.col);
    sus.statements.push_back(id);
  }
  std::vector<Suspect> out;
  for (auto &[key, sus] : byLine)
    out.push_back(std::move(sus));
  // by score, then in source order (stable: byLine is in source order)
  std::stable_sort(out.begin(), out.end(),
                   [](const Suspect &a, const Suspect &b) { return a.score > b.score; });
  for (size_t k = 0; k < out.size(); ++k)
    out[k].rank = k > 0 && out[k].score == out[k - 1].score ? out[k - 1].rank : static_cast<uint32_t>(k + 1);
  return out;
}

std::vector<Suspect> consensusRanking(const ir::Program &prog, const std::vector<const Result *> &results) {
  struct Line {
    Suspect sus;
    size_t methods = 0;
    std::string ranks; // "maxsat 1, ofc 1, sbfl 3"
  };
  std::map<std::pair<uint32_t, uint32_t>, Line> byLine; // in source order
  for (const Result *r : results)
    for (const Suspect &s : r->ranking) {
      if (s.rank == 0)
        continue;
      auto [it, fresh] = byLine.try_emplace({s.loc.file, s.loc.line});
      Line &l = it->second;
      if (fresh)
        l.sus.loc = s.loc;
      l.sus.loc.col = std::min(l.sus.loc.col, s.loc.col);
      l.sus.score += 1.0 / s.rank;
      ++l.methods;
      l.ranks += (l.ranks.empty() ? "" : ", ") + r->method + " " + std::to_string(s.rank);
      for (ir::StmtId id : s.statements)
        if (std::find(l.sus.statements.begin(), l.sus.statements.end(), id) == l.sus.statements.end())
          l.sus.statements.push_back(id);
    }
  std::vector<Line> lines;
  for (auto &[key, l] : byLine)
    lines.push_back(std::move(l));
  // Scores are sums of 1/k: compare them rounded, so that 1/2 + 1/2 and 1 are equal.
  auto key = [](const Line &l) { return std::llround(l.sus.score * 1e9); };
  std::stable_sort(lines.begin(), lines.end(), [&](const Line &a, const Line &b) {
    return key(a) != key(b) ? key(a) > key(b) : a.methods > b.methods;
  });
  std::vector<Suspect> out;
  for (size_t k = 0; k < lines.size(); ++k) {
    Line &l = lines[k];
    bool sameScore = k > 0 && key(lines[k - 1]) == key(l);
    bool tie = sameScore && lines[k - 1].methods == l.methods;
    l.sus.rank = tie ? out.back().rank : static_cast<uint32_t>(k + 1);
    char score[32];
    std::snprintf(score, sizeof score, "%.3f", l.sus.score);
    l.sus.evidence = std::string("consensus ") + score + " (" + l.ranks + ")";
    if (sameScore && !tie)
      l.sus.evidence += "; the same score as the line above, ranked by fewer methods";
    else if (k + 1 < lines.size() && key(lines[k + 1]) == key(l) && lines[k + 1].methods != l.methods)
      l.sus.evidence += "; ahead of a line of the same score: ranked by more methods";
    out.push_back(std::move(l.sus));
  }
  return out;
}

std::unordered_set<ir::StmtId> blamableStatements(const ir::Program &prog, const Options &opts) {
  std::unordered_set<ir::StmtId> spec = ir::specificationStatements(prog, &opts.named), out;
  spec.merge(ir::inputStatements(prog)); // inputs are facts too
  std::function<void(const std::vector<ir::Stmt> &)> walk = [&](const std::vector<ir::Stmt> &stmts) {
    for (const ir::Stmt &s : stmts) {
      if (s.kind == ir::Stmt::Concrete)
        continue; // a fact, with everything inside it
      if (!spec.count(s.id) && (!opts.region || opts.region->count(s.id)))
        out.insert(s.id);
      walk(s.body);
    }
  };
  std::set<uint32_t> files; // of the procedures that may be blamed
  for (uint32_t k = 0; k < prog.procs.size(); ++k)
    if (!opts.procs || opts.procs->count(k)) {
      walk(prog.procs[k].body);
      files.insert(prog.procs[k].loc.file);
    }
  // A global declared in their files and named by them: its declared size (a global array's allocation,
  // ir::globalAllocStmt) and its initializer, which C writes at the start of main and of every test, located
  // at the declaration (a statement that writes the global, or an element of it, at the global's location),
  // wherever it runs. A global only a test driver names (an array of test data it passes on) is one of the
  // inputs the test builds: a fact.
  std::set<uint32_t> named;
  for (uint32_t k = 0; k < prog.procs.size(); ++k)
    if (!opts.procs || opts.procs->count(k))
      ir::forEachStmt(prog.procs[k].body, [&](const ir::Stmt &s) {
        for (const ir::VarRef &v : ir::varsRead(s))
          if (v.global)
            named.insert(v.index);
        if (s.lhs.global)
          named.insert(s.lhs.index);
      });
  auto declaredHere = [&](const ir::VarRef &v) {
    return v.global && v.index < prog.globals.size() && prog.globals[v.index].loc.valid() &&
           files.count(prog.globals[v.index].loc.file) && named.count(v.index);
  };
  auto inRegion = [&](ir::StmtId id) { return !opts.region || opts.region->count(id); };
  for (uint32_t g = 0; g < prog.globals.size(); ++g)
    if (prog.globals[g].alloc && declaredHere(ir::VarRef{true, g}) && inRegion(ir::globalAllocId(g)))
      out.insert(ir::globalAllocId(g));
  for (const ir::Procedure &p : prog.procs)
    ir::forEachStmt(p.body, [&](const ir::Stmt &s) {
      ir::VarRef w = s.kind == ir::Stmt::Assign ? s.lhs : s.kind == ir::Stmt::PutElem ? s.base : ir::VarRef{};
      if (declaredHere(w) && s.loc == prog.globals[w.index].loc && !spec.count(s.id) && inRegion(s.id))
        out.insert(s.id);
    });
  return out;
}

} // namespace locus::localize

// bench repair: the suite's versions as source files (each drawn fault found in the repair space and
// rendered as a patch of the corpus file), and whether the original is a point of mutate's space.
#include "bench/mutate/mutate.h"
#include "bench/runners/repair.h"
#include "frontend/source.h"
#include "ir/printer.h"
#include "repair/mutation/mutation.h"
#include "repair/patch/patch.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>

namespace locus::bench::repairer {

namespace fs = std::filesystem;
namespace mutation = repair::mutation;

bool runsOn(const Config &c, const std::string &cls, const RepairOptions &o) {
  for (const std::string &entry : o.on) {
    size_t eq = entry.find('=');
    if (eq == std::string::npos || entry.substr(0, eq) != c.method)
      continue;
    std::vector<std::string> on = splitComma(entry.substr(eq + 1));
    return std::find(on.begin(), on.end(), cls) != on.end();
  }
  return true;
}

std::vector<uint32_t> procIndices(const ir::Program &prog, const std::vector<std::string> &names,
                                  const std::string &file, const std::string &entry) {
  std::vector<uint32_t> out;
  for (const std::string &n : names)
    if (uint32_t k = prog.procIndex(n); k != ir::kNone)
      out.push_back(k);
  return out.empty() ? mutation::defaultProcsUnderTest(prog, file, entry) : out;
}

namespace {

/// The source form of a drawn version: its faults found among the repair space's options (operators and
/// constants) or the injector's variable and field replacements (same statements, same printed change),
/// and applying them gives the injector's program exactly; their patch edits. Nullopt when a fault has none
/// (an expression the lowering made up; a guard; a deletion).
std::optional<std::vector<repair::patch::Edit>> sourceForm(const ir::Program &prog,
                                                           const std::vector<mutation::Site> &sites,
                                                           const std::vector<mutation::Candidate> &vars,
                                                           const mutate::Mutant &m) {
  const ir::PrintOptions printed{true, false};
  auto same = [](const std::vector<ir::StmtId> &a, const std::vector<ir::StmtId> &b) {
    return std::set<ir::StmtId>(a.begin(), a.end()) == std::set<ir::StmtId>(b.begin(), b.end());
  };
  bool allEdits = std::all_of(m.faults.begin(), m.faults.end(), [](const mutate::Fault &f) {
    return f.kind == mutate::FaultKind::Var || f.kind == mutate::FaultKind::Field ||
           f.kind == mutate::FaultKind::Delete;
  });
  if (m.faults.size() == 1 && !allEdits) { // an operator or constant: a site of the repair space
    const mutate::Fault &f = m.faults.front();
    for (const mutation::Site &s : sites)
      if (s.source && s.from == f.from && same(s.stmts, f.stmts))
        for (const mutation::Option &opt : s.options)
          if (opt.to == f.to && ir::toString(mutation::applyChoice(prog, {{&s, &opt}}), printed) == m.text)
            return mutation::edits(prog, {{&s, &opt}});
    return std::nullopt;
  }
  if (!allEdits || m.faults.empty())
    return std::nullopt;
  // Variable and field replacements: for each fault the first candidate that changes its statement the same
  // way (`x := x + 1` → `y := x + 1` or `x := y + 1`; they are on disjoint statements); deletions.
  std::vector<const mutation::Candidate *> chosen;
  for (const mutate::Fault &f : m.faults) {
    auto c = std::find_if(vars.begin(), vars.end(), [&](const mutation::Candidate &c) {
      if (c.kind != f.kind || !same(c.stmts, f.stmts))
        return false;
      if (c.kind == mutation::Kind::Delete)
        return true;
      if (c.slot == mutation::Slot::Guard || c.from != f.from || c.to != f.to)
        return false;
      std::vector<mutation::Change> changed;
      mutation::apply(prog, {&c}, &changed);
      return changed.size() == 1 && changed.front().after == f.after;
    });
    if (c == vars.end())
      return std::nullopt;
    chosen.push_back(&*c);
  }
  if (ir::toString(mutation::apply(prog, chosen), printed) != m.text)
    return std::nullopt;
  std::vector<repair::patch::Edit> out;
  for (const mutation::Candidate *c : chosen) {
    if (c->kind == mutation::Kind::Delete) {
      out.push_back(repair::patch::Edit::remove(c->stmts.front()));
      continue;
    }
    std::optional<std::vector<repair::patch::Edit>> e = mutation::varEdits(prog, *c);
    if (!e)
      return std::nullopt;
    out.insert(out.end(), e->begin(), e->end());
  }
  return out;
}

} // namespace

void suiteTasks(const mutate::CorpusProgram &p, const std::vector<mutate::FaultClass> &classes,
                const RepairOptions &o, std::vector<Task> &tasks, std::vector<std::string> &noSource,
                std::vector<std::string> &errors) {
  SourceManager sm;
  Diagnostics diags(sm);
  std::optional<ir::Program> prog = frontend::compileSource(p.file, sm, diags);
  if (!prog) {
    errors.push_back(p.key() + ": does not compile");
    return;
  }
  std::vector<uint32_t> procs = procIndices(*prog, p.procs, p.file, p.entry);
  std::unordered_set<uint32_t> named(procs.begin(), procs.end());
  std::vector<mutation::Site> sites = mutation::space(*prog, procs, 2, false, &named);
  std::vector<mutation::Candidate> vars = mutation::mutationCandidates(*prog, procs, 0);
  for (mutation::Candidate &d : mutation::deletionCandidates(*prog, procs))
    vars.push_back(std::move(d));
  fs::path dir = fs::path(o.work) / p.key();
  fs::create_directories(dir);
  std::string ext = p.lang == "c" ? ".c" : ".gcl";
  std::string stem = fs::path(p.file).stem().string();
  for (mutate::FaultClass cls : classes) {
    mutate::Options mo;
    mo.cls = cls;
    mo.count = o.versions;
    mo.seed = mutate::partSeed(o.seed, p, cls);
    mo.procs = procs;
    mutate::Result gen = mutate::generate(*prog, mo);
    for (const mutate::Mutant &m : gen.mutants) {
      char vname[16];
      std::snprintf(vname, sizeof vname, "v%02u", m.index);
      std::string label = p.key() + "." + mutate::className(cls) + "." + vname;
      std::string what;
      for (const mutate::Fault &f : m.faults)
        what += (what.empty() ? "" : "; ") + std::string(mutate::kindName(f.kind)) + " at line " +
                std::to_string(f.line) + ": `" + f.from + "` -> `" + f.to + "`";
      std::optional<std::vector<repair::patch::Edit>> edits = sourceForm(*prog, sites, vars, m);
      if (!edits) {
        noSource.push_back(label + " (" + what + ")");
        continue;
      }
      repair::patch::PatchResult pr = repair::patch::render(*prog, sm, *edits);
      if (!pr.patch) {
        noSource.push_back(label + " (" + what + "): " + pr.error);
        continue;
      }
      Task t;
      t.label = label;
      t.file = (dir / (stem + "." + mutate::className(cls) + "." + vname + ext)).string();
      std::ofstream(t.file, std::ios::binary) << pr.patch->files.front().after;
      t.src = p;
      t.cls = mutate::className(cls);
      t.fault = what;
      tasks.push_back(std::move(t));
    }
  }
}

bool originalInSpace(const ir::Program &prog, const SourceManager &sm, const std::vector<uint32_t> &procs,
                     const std::string &originalText) {
  std::unordered_set<uint32_t> named(procs.begin(), procs.end());
  for (const mutation::Site &s : mutation::space(prog, procs, 2, true, &named)) {
    if (!s.source)
      continue;
    for (const mutation::Option &opt : s.options) {
      repair::patch::PatchResult pr = repair::patch::render(prog, sm, mutation::edits(prog, {{&s, &opt}}));
      if (pr.patch && pr.patch->files.size() == 1 && pr.patch->files.front().after == originalText)
        return true;
    }
  }
  return false;
}

} // namespace locus::bench::repairer

// `locus mutate`: seeded faulty versions of a program (Wolverine2 classes C1–C4, AllRepair levels L1/L2),
// each written as IR-printed GCL with a ground-truth manifest; optionally verified to mark equivalent
// mutants.
#include "tools/mutate_cmd.h"

#include "backends/encoder/verify.h"
#include "bench/mutate/manifest.h"
#include "session/bounds.h"
#include "session/limits.h"
#include "session/program.h"
#include "tools/options.h"
#include "tools/report.h"

#include <filesystem>
#include <memory>
#include <sstream>

namespace locus::tools {

using report::Exit;
using report::usageError;
namespace fs = std::filesystem;

namespace {

struct Options {
  std::string file;
  std::vector<std::string> importPath;
  std::vector<std::string> procs;
  std::string entry = "main";
  std::string cls = "C1";
  unsigned count = 10;
  uint64_t seed = 1;
  std::string out;
  std::string stem;
  bool verify = false;
  std::string solver = "z3";
  /// The bounds of --verify; its input nodes 0 (reference parameters null) unless given.
  session::Bounds bounds = [] {
    session::Bounds b;
    b.inputNodes = 0;
    return b;
  }();
  double timeout = 60;
};

std::string stmtList(const std::vector<ir::StmtId> &ids) {
  std::string s;
  for (ir::StmtId id : ids)
    s += (s.empty() ? "#" : ",#") + std::to_string(id);
  return s;
}

/// Verifies every version (`--verify`): one proved safe is an equivalent mutant; the manifest is written
/// again with that. Returns whether a counterexample did not replay (an internal error).
bool verifyVersions(const Options &o, const ir::Program &prog, uint32_t entry, const mutate::Result &r,
                    const mutate::Manifest &header, mutate::Manifest &m, std::vector<std::string> &verdicts) {
  bool internal = false;
  std::string err;
  encoder::EncodeOptions eo = session::encodeOptions(o.bounds, prog, o.file);
  for (size_t i = 0; i < r.mutants.size(); ++i) {
    encoder::VerifyOptions vo;
    vo.encode = eo;
    vo.solver = o.solver;
    vo.timeoutMs = session::timeLimitMs(o.timeout);
    encoder::VerifyResult vr = encoder::verify(r.mutants[i].program, entry, vo);
    verdicts[i] = encoder::verdictName(vr.verdict);
    if (vr.verdict == encoder::Verdict::Safe)
      m.versions[i].equivalent = true;
    else if (vr.verdict == encoder::Verdict::Failed || vr.verdict == encoder::Verdict::BoundFailed)
      m.versions[i].equivalent = false;
    internal |= vr.verdict == encoder::Verdict::Mismatch;
    if (vr.verdict == encoder::Verdict::Error)
      usageError(vr.reason);
  }
  if (!mutate::writeManifest(
          (fs::path(o.out) / mutate::manifestFileName(header.program, header.cls)).string(), m, err))
    usageError(err);
  return internal;
}

int run(const Options &o, report::Reporter &rep) {
  std::optional<mutate::FaultClass> cls = mutate::parseClass(o.cls);
  if (!cls)
    usageError("unknown fault class '" + o.cls + "' (C1, C2, C3, C4, L1, L2)");
  std::unique_ptr<session::Loaded> loaded = session::load(session::Source{o.file, o.importPath});
  rep.diagnostics(loaded->diags);
  if (!loaded->prog)
    return rep.finish(report::Json{{"file", o.file}, {"ok", false}}, Exit::InputError);
  const std::optional<ir::Program> &prog = loaded->prog;

  std::vector<uint32_t> procs;
  for (const std::string &list : o.procs) {
    std::istringstream in(list);
    std::string name;
    while (std::getline(in, name, ',')) {
      uint32_t k = prog->procIndex(name);
      if (k == ir::kNone || prog->procs[k].isTest)
        usageError("no procedure '" + name + "' in " + o.file);
      procs.push_back(k);
    }
  }
  if (procs.empty())
    procs = mutate::defaultProcsUnderTest(*prog, o.file, o.entry);
  if (procs.empty())
    usageError("no procedure to mutate in " + o.file + "; name one with --proc");
  uint32_t entry = prog->procIndex(o.entry);
  if (o.verify && (entry == ir::kNone || prog->procs[entry].isTest))
    usageError("--verify: no procedure '" + o.entry + "' in " + o.file + "; choose one with --entry");

  mutate::Options mo;
  mo.cls = *cls;
  mo.count = o.count;
  mo.seed = o.seed;
  mo.procs = procs;
  mutate::Result r = mutate::generate(*prog, mo);
  if (r.invalid)
    return rep.error(Exit::Internal, std::to_string(r.invalid) + " mutant(s) failed IR validation");

  mutate::Manifest header;
  header.program = o.stem.empty() ? fs::path(o.file).stem().string() : o.stem;
  // The stem names files inside --out: a plain file name, never a path that could leave the folder.
  if (header.program.empty() || header.program == "." || header.program == ".." ||
      header.program.find_first_of("/\\") != std::string::npos ||
      header.program.find('\0') != std::string::npos) {
    usageError("--stem '" + header.program +
               "' is not a plain file name (no '/', not '.' or '..'): the versions are written inside --out");
  }
  header.source = o.file;
  header.entry = o.entry;
  for (uint32_t k : procs)
    header.procs.push_back(prog->procs[k].name);
  header.cls = *cls;
  header.seed = o.seed;
  header.requested = o.count;
  std::string err;
  mutate::Manifest m = mutate::writeVersions(o.out, header.program, header, r, err);
  if (!err.empty())
    usageError(err);

  // Optionally verify each version: a version proved safe is an equivalent mutant.
  std::vector<std::string> verdicts(m.versions.size());
  bool internal = o.verify && verifyVersions(o, *prog, entry, r, header, m, verdicts);
  std::string manifestPath = (fs::path(o.out) / mutate::manifestFileName(header.program, *cls)).string();
  std::ostream &os = rep.text();
  for (size_t i = 0; i < m.versions.size(); ++i) {
    const mutate::VersionRecord &v = m.versions[i];
    os << v.file;
    if (o.verify)
      os << ": " << verdicts[i] << (v.equivalent.value_or(false) ? " (equivalent)" : "");
    os << "\n";
    for (const mutate::Fault &f : v.faults) {
      os << "  " << mutate::kindName(f.kind) << " in " << f.proc << " " << stmtList(f.stmts) << " at "
         << f.file << ":" << f.line << ":" << f.col << ": ";
      if (f.kind == mutate::FaultKind::Delete)
        os << "deleted '" << f.before << "'\n";
      else
        os << f.from << " -> " << f.to << ": '" << f.before << "' -> '" << f.after << "'\n";
    }
  }
  os << m.versions.size() << " of " << o.count << " " << mutate::className(*cls) << " versions ("
     << r.mutationCandidates << " mutation and " << r.deletionCandidates
     << " deletion candidates) written to " << manifestPath << "\n";
  if (m.versions.size() < o.count)
    rep.warning("only " + std::to_string(m.versions.size()) + " distinct " + mutate::className(*cls) +
                " versions exist for " + o.file);
  mutate::Json j = mutate::toJson(m);
  j["manifest_path"] = manifestPath;
  j["attempts"] = r.attempts;
  j["duplicates"] = r.duplicates;
  if (o.verify)
    for (size_t i = 0; i < verdicts.size(); ++i)
      j["versions"][i]["verdict"] = verdicts[i];
  if (internal)
    return rep.error(Exit::Internal, "a counterexample of --verify did not replay", std::move(j));
  return rep.finish(std::move(j), Exit::Ok);
}

} // namespace

MutateCommand addMutateCommand(CLI::App &app, report::Reporter &rep) {
  auto o = std::make_shared<Options>();
  CLI::App *cmd = app.add_subcommand(
      "mutate", "write seeded faulty versions of a program (IR-printed GCL) and their ground-truth manifest");
  cmd->add_option("FILE", o->file, "a .gcl or .c file")->required();
  cmd->add_option("-I,--import-path", o->importPath, "extra directory searched by `import` (repeatable)");
  cmd->add_option("--proc", o->procs,
                  "procedure(s) under test, comma-separated or repeated (default: the non-test procedures of "
                  "FILE other than the entry; the entry itself when it is the only one)");
  cmd->add_option("--entry", o->entry, "the entry procedure (for --verify and the default --proc)")
      ->capture_default_str();
  cmd->add_option("--class", o->cls,
                  "C1 ⟨1 mutation, 0 deletions⟩, C2 ⟨1,1⟩, C3 ⟨2,0⟩, C4 ⟨2,1⟩ (variable/field replacements, "
                  "deleted statements); L1, L2 (AllRepair operator/constant mutation levels)")
      ->capture_default_str();
  cmd->add_option("--count", o->count, "versions to make (fewer when fewer distinct ones exist)")
      ->check(CLI::Range(1u, 100000u))
      ->capture_default_str();
  cmd->add_option("--seed", o->seed, "the seed: the same seed gives the same versions")
      ->capture_default_str();
  cmd->add_option("--out", o->out, "directory for STEM.CLASS.vNN.gcl and STEM.CLASS.json")->required();
  cmd->add_option("--stem", o->stem, "file stem and program id in the manifest (default: FILE's stem)");
  cmd->add_flag("--json", rep.jsonFlag(), "print the manifest as JSON on stdout");
  cmd->add_flag("--verify", o->verify, "verify every version; mark those proved safe as equivalent");
  cmd->add_option("--solver", o->solver, "solver for --verify")->capture_default_str();
  addBoundOptions(cmd, o->bounds); // the bounds of --verify
  cmd->add_option("--timeout", o->timeout, "per-version solver time limit for --verify, seconds (0: none)")
      ->check(timeLimitCheck())
      ->capture_default_str();
  return MutateCommand{cmd, [o](report::Reporter &rep) { return run(*o, rep); }};
}

std::optional<int> runMutateCommand(const MutateCommand &cmd, report::Reporter &rep) {
  if (!cmd.cmd || !cmd.cmd->parsed())
    return std::nullopt;
  return cmd.run(rep);
}

} // namespace locus::tools

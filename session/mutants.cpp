// What `locus mutate` does (mutants.h).
#include "session/mutants.h"

#include "backends/encoder/verify.h"
#include "session/error.h"
#include "session/limits.h"

#include <filesystem>
#include <sstream>

namespace locus::session {

namespace fs = std::filesystem;

namespace {

/// The procedures --proc names (each value comma-separated), else the procedures under test; a usage error
/// for a name that is no procedure, and when there is none to mutate.
std::vector<uint32_t> procsToMutate(const MutateRequest &req, const ir::Program &prog) {
  std::vector<uint32_t> procs;
  for (const std::string &list : req.procs) {
    std::istringstream in(list);
    std::string name;
    while (std::getline(in, name, ',')) {
      uint32_t k = prog.procIndex(name);
      if (k == ir::kNone || prog.procs[k].isTest)
        usageError("no procedure '" + name + "' in " + req.src.file);
      procs.push_back(k);
    }
  }
  if (procs.empty())
    procs = mutate::defaultProcsUnderTest(prog, req.src.file, req.entry);
  if (procs.empty())
    usageError("no procedure to mutate in " + req.src.file + "; name one with --proc");
  return procs;
}

/// Verifies every version (`--verify`): one proved safe is an equivalent mutant; the manifest is written
/// again with that.
void verifyVersions(const MutateRequest &req, const ir::Program &prog, uint32_t entry, Mutants &m) {
  std::string err;
  encoder::EncodeOptions eo = encodeOptions(req.bounds, prog, req.src.file);
  m.verdicts.assign(m.manifest.versions.size(), "");
  for (size_t i = 0; i < m.result.mutants.size(); ++i) {
    encoder::VerifyOptions vo;
    vo.encode = eo;
    vo.solver = req.solver;
    vo.timeoutMs = timeLimitMs(req.timeout);
    encoder::VerifyResult vr = encoder::verify(m.result.mutants[i].program, entry, vo);
    m.verdicts[i] = encoder::verdictName(vr.verdict);
    if (vr.verdict == encoder::Verdict::Safe)
      m.manifest.versions[i].equivalent = true;
    else if (vr.verdict == encoder::Verdict::Failed || vr.verdict == encoder::Verdict::BoundFailed)
      m.manifest.versions[i].equivalent = false;
    m.internal |= vr.verdict == encoder::Verdict::Mismatch;
    if (vr.verdict == encoder::Verdict::Error)
      usageError(vr.reason);
  }
  if (!mutate::writeManifest(m.manifestPath, m.manifest, err))
    usageError(err);
}

} // namespace

mutate::FaultClass faultClass(const std::string &name) {
  std::optional<mutate::FaultClass> cls = mutate::parseClass(name);
  if (!cls)
    usageError("unknown fault class '" + name + "' (C1, C2, C3, C4, L1, L2)");
  return *cls;
}

Mutants makeMutants(const MutateRequest &req, const ir::Program &prog) {
  Mutants m;
  m.cls = faultClass(req.cls);
  std::vector<uint32_t> procs = procsToMutate(req, prog);
  uint32_t entry = prog.procIndex(req.entry);
  if (req.verify && (entry == ir::kNone || prog.procs[entry].isTest))
    usageError("--verify: no procedure '" + req.entry + "' in " + req.src.file + "; choose one with --entry");
  mutate::Options mo;
  mo.cls = m.cls;
  mo.count = req.count;
  mo.seed = req.seed;
  mo.procs = procs;
  m.result = mutate::generate(prog, mo);
  if (m.result.invalid)
    return m;
  mutate::Manifest header;
  header.program = req.stem.empty() ? fs::path(req.src.file).stem().string() : req.stem;
  // The stem names files inside --out: a plain file name, never a path that could leave the folder.
  if (header.program.empty() || header.program == "." || header.program == ".." ||
      header.program.find_first_of("/\\") != std::string::npos ||
      header.program.find('\0') != std::string::npos) {
    usageError("--stem '" + header.program +
               "' is not a plain file name (no '/', not '.' or '..'): the versions are written inside --out");
  }
  header.source = req.src.file;
  header.entry = req.entry;
  for (uint32_t k : procs)
    header.procs.push_back(prog.procs[k].name);
  header.cls = m.cls;
  header.seed = req.seed;
  header.requested = req.count;
  std::string err;
  m.manifest = mutate::writeVersions(req.out, header.program, header, m.result, err);
  if (!err.empty())
    usageError(err);
  m.manifestPath = (fs::path(req.out) / mutate::manifestFileName(header.program, m.cls)).string();
  if (req.verify)
    verifyVersions(req, prog, entry, m);
  return m;
}

} // namespace locus::session

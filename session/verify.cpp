// What `verify` and `smt` do before and around the solver (verify.h).
#include "session/verify.h"

#include "ir/uninit.h"
#include "session/error.h"
#include "session/limits.h"

namespace locus::session {

VerifySubject prepareVerify(const VerifyRequest &req,
                            const std::function<void(const Diagnostics &)> &diagnostics) {
  VerifySubject p;
  p.loaded = load(req.src);
  diagnostics(p.loaded->diags);
  if (!p.loaded->prog)
    return p;
  ir::Program &prog = *p.loaded->prog;
  p.entry = entryIndex(prog, req.entry, req.src.file, true);
  if (req.checkUninit)
    ir::checkIndeterminateReads(prog);
  p.vo.encode = encodeOptions(req.bounds, prog, req.src.file);
  if (!req.spec.reference.empty()) {
    Reference ref = loadReference(req.spec, req.src.importPath, prog.procs[p.entry].name, diagnostics);
    ir::Product product = productWith(prog, p.entry, ref.prog(), ref.entry);
    prog = std::move(product.prog);
    p.entry = product.entry;
    p.vo.encode.expect.reference = product.reference;
  }
  p.vo.solver = req.solver;
  p.vo.mergeCalls = !req.noMergeCalls;
  p.vo.posing = *backends::parsePosing(req.posing);
  p.vo.timeoutMs = timeLimitMs(req.timeout);
  p.vo.preferDefinedReads = !req.checkUninit; // (with it, such a read is the failure to show)
  return p;
}

encoder::VerifyResult verify(const VerifyRequest &req, const ir::Program &prog, uint32_t entry,
                             const encoder::VerifyOptions &vo) {
  if (!req.unbounded())
    return encoder::verify(prog, entry, vo);
  return encoder::verifyUnbounded(prog, entry, vo, encoder::UnboundedOptions{req.kInduction, req.maxUnwind});
}

int verifyExit(const encoder::VerifyResult &r) {
  switch (r.verdict) {
  case encoder::Verdict::Safe: return Exit::Ok;
  case encoder::Verdict::Failed: return Exit::Violated;
  case encoder::Verdict::BoundFailed:
  case encoder::Verdict::Unknown: return Exit::Unknown;
  default: return Exit::Internal;
  }
}

} // namespace locus::session

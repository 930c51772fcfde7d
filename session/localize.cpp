// What `localize` does around its methods (localize.h).
#include "session/localize.h"

#include "session/error.h"
#include "session/interrupt.h"
#include "session/render.h"
#include "session/repair.h"

#include <iomanip>
#include <ostream>

namespace locus::session {

const localize::Method *chosenMethod(const LocalizeRequest &req) {
  const localize::Method *m = nullptr;
  if (req.method != "all" && !(m = localize::findMethod(req.method)))
    usageError("unknown method '" + req.method + "' (methods: " + repair::methodNames(localize::methods()) +
               ", or all)");
  if (std::string err = localize::checkOptions(req.methodOptions); !err.empty())
    usageError(err);
  if (req.timeout < 0 || !(req.timeout < 1e7))
    usageError("--timeout: expected a number of seconds in [0, 1e7)");
  return m;
}

SubjectRequest subjectRequest(const LocalizeRequest &req) {
  SubjectRequest s;
  s.src = req.src;
  s.bounds = req.bounds;
  s.solver = req.solver;
  s.timeoutMs = static_cast<unsigned>(req.timeout * 1000);
  s.failure = req.failure;
  s.failure.file = req.src.file;
  s.failure.haveStdin = !req.bounds.stdinFile.empty();
  return s;
}

localize::Options localizeOptions(const LocalizeRequest &req, const ir::Program &prog) {
  localize::Options lo;
  lo.solver = req.solver;
  lo.timeoutMs = static_cast<unsigned>(req.timeout * 1000);
  lo.given = req.methodOptions;
  if (req.procs == "all")
    lo.procs.reset();
  else if (!req.procs.empty())
    lo.procs = lo.named = namedProcedures(prog, req.procs);
  else {
    const std::string &entry = req.failure.test.empty() ? req.failure.entry : req.failure.test;
    lo.procs = proceduresUnderTest(prog, req.src.file, entry);
  }
  return lo;
}

std::vector<localize::Result> runMethods(const localize::Method *method, const localize::Problem &problem,
                                         const std::string &file) {
  std::vector<localize::Result> results;
  if (method) {
    results.push_back(localize::localizeFailures(*method, problem));
    return results;
  }
  for (const auto &m : localize::methods()) {
    if (problem.observer && problem.observer->cancelled())
      break;
    if (m->needsTests() && problem.tests.empty()) {
      localize::Result r;
      r.method = m->name();
      r.status = localize::Status::Error;
      r.message = "needs declared tests, and " + file + " declares none";
      if (problem.observer)
        problem.observer->localized(r);
      results.push_back(std::move(r));
      continue;
    }
    results.push_back(localize::localizeFailures(*m, problem));
  }
  return results;
}

localize::Result consensusOf(const ir::Program &prog, const std::vector<localize::Result> &results) {
  std::vector<const localize::Result *> ranked;
  for (const localize::Result &r : results)
    if (r.status == localize::Status::Localized || r.status == localize::Status::Unknown)
      ranked.push_back(&r);
  localize::Result c;
  c.method = "consensus";
  c.ranking = localize::consensusRanking(prog, ranked);
  return c;
}

int localizeExit(const localize::Result &r) {
  switch (r.status) {
  case localize::Status::Localized: return Exit::Violated;
  case localize::Status::Unknown: return Exit::Unknown;
  case localize::Status::NoFailure: return Exit::Ok;
  default: return Exit::InputError;
  }
}

int localizeAllExit(const std::vector<localize::Result> &results) {
  int rc = Exit::Ok;
  bool allUnknown = !results.empty();
  for (const localize::Result &r : results) {
    if (r.status == localize::Status::Localized)
      rc = Exit::Violated;
    allUnknown = allUnknown && r.status == localize::Status::Unknown;
  }
  if (allUnknown)
    rc = Exit::Unknown;
  for (const localize::Result &r : results)
    if (r.status == localize::Status::Error && r.message.rfind("internal", 0) == 0)
      rc = Exit::Internal;
  return rc;
}

void LiveMethods::start(const std::vector<const repair::Failure *> &failures) {
  if (!os_)
    return;
  for (const repair::Failure *f : failures)
    render::printFailure(*os_, prog_, *f);
  *os_ << "every method (" << localize::optionText(req_.methodOptions, localize::kWeights)
       << " weights where they apply, on " << req_.solver << ", unwind " << failures.front()->unwind
       << "):\n";
  os_->flush();
}

void LiveMethods::localized(const localize::Result &r) {
  if (!os_)
    return;
  render::printMethodHeader(*os_, r);
  if (r.status == localize::Status::Error)
    *os_ << r.message << "\n";
  else
    render::printLocalization(*os_, sm_, prog_, r,
                              localize::optionText(req_.methodOptions, localize::kMaxSize), stats_);
  os_->flush();
}

const repair::CancelToken *LiveMethods::cancel() const {
  return &interruptToken();
}

} // namespace locus::session

// What `localize` does around its methods: the request as the command line gives it, the method chosen,
// the methods' options resolved against the program, the method (or every method) run on the problem, the
// consensus of several, the exit codes, and the text streamed as each method finishes.
#pragma once

#include "repair/common/method_options.h"
#include "repair/common/observer.h"
#include "repair/localize/localize.h"
#include "session/bounds.h"
#include "session/failure.h"
#include "session/program.h"

#include <iosfwd>
#include <string>
#include <vector>

namespace locus::session {

/// `localize`'s options (docs/localize.md): the program, the failure to explain, verify's bounds, solver and
/// time limit, and what reaches the method.
struct LocalizeRequest {
  Source src;
  std::string method = localize::methods().front()->name(); ///< --method (the first registered), or all
  FailureRequest
      failure; ///< --entry, --test, --args, --nondet, --failures, --all-failing, the specifications
  Bounds bounds;
  std::string solver = "z3";
  double timeout = 0;                 ///< seconds, for verify and for the method, each (0: none)
  repair::OptionValues methodOptions; ///< the methods' own options (localize::optionDeclarations)
  std::string procs;                  ///< --procs: comma-separated, all, or empty (the default)
};

/// The method `req.method` names (nullptr for all); a usage error naming the methods when there is none, and
/// for method options or a time limit that are not valid.
const localize::Method *chosenMethod(const LocalizeRequest &req);

/// What session::prepare needs of the request.
SubjectRequest subjectRequest(const LocalizeRequest &req);

/// The methods' options: the solver and time limit, the given method options, the procedures that may be
/// blamed (`--procs`, else those of the main file without the test drivers and what only builds their
/// inputs).
localize::Options localizeOptions(const LocalizeRequest &req, const ir::Program &prog);

/// Runs `method` (nullptr: every method, each told to the problem's observer as it finishes; one that needs
/// declared tests when `file` has none answers an error) on the problem; stops before the next method when
/// the observer's token is raised.
std::vector<localize::Result> runMethods(const localize::Method *method, const localize::Problem &problem,
                                         const std::string &file);

/// The consensus ranking of the methods that ranked lines (localize::consensusRanking), as a result named
/// "consensus".
localize::Result consensusOf(const ir::Program &prog, const std::vector<localize::Result> &results);

/// The exit code of one method's answer (1 localized, 3 unknown, 0 no failure, 2 an error), and of every
/// method's (1 when one localized, 3 when all are unknown, 4 when one had an internal error, else 0).
int localizeExit(const localize::Result &r);
int localizeAllExit(const std::vector<localize::Result> &results);

/// `--method all`'s text as it is found (`os`; nullptr: nothing, as under --json or for one method): the
/// failures and the header before the methods run, each method's answer when it finishes (flushed). Its
/// token is Ctrl-C's (interrupt.h), for one method too.
class LiveMethods final : public repair::Observer {
public:
  LiveMethods(std::ostream *os, const LocalizeRequest &req, const SourceManager &sm, const ir::Program &prog,
              bool stats)
      : os_(os), req_(req), sm_(sm), prog_(prog), stats_(stats) {}
  void start(const std::vector<const repair::Failure *> &failures);
  void localized(const localize::Result &r) override;
  const repair::CancelToken *cancel() const override;

private:
  std::ostream *os_;
  const LocalizeRequest &req_;
  const SourceManager &sm_;
  const ir::Program &prog_;
  bool stats_;
};

} // namespace locus::session

// SARIF 2.1.0 output of `locus localize --sarif FILE`: one result per suspicious line, for IDEs and
// code-scanning services.
#pragma once

#include "ir/ir.h"
#include "repair/common/failure.h"
#include "repair/localize/localize.h"
#include "session/render.h"

#include <string>
#include <vector>

namespace locus::render {

/// A SARIF 2.1.0 log: one run of the tool `locus`, a rule per method (`locus.localize.METHOD`), and one
/// result per ranked line of each method: level `warning` for rank 1, `note` below; the message names the
/// method, the rank and the failing check; `properties` hold rank, score, method, the statements and the
/// method's evidence; the failing run's trace is the result's codeFlow (its last `traceLimit` steps, each
/// a location with what it wrote). File names are the program's, as relative or absolute URIs.
/// `version` is the tool's version (`locus --version`).
Json sarifLog(const ir::Program &prog, const std::vector<const repair::Failure *> &failures,
              const std::vector<const localize::Result *> &results, const std::string &version,
              size_t traceLimit = 500);

} // namespace locus::render

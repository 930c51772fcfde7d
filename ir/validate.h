// The IR validator: checks every invariant of ir/README.md.
#pragma once

#include "ir/diagnostics.h"
#include "ir/ir.h"

#include <string>
#include <vector>

namespace locus::ir {

struct ValidationError {
  StmtId stmt = 0; ///< 0 when not about one statement
  std::string proc;
  std::string message;
};

/// Every violated invariant (empty: the program is valid).
std::vector<ValidationError> validate(const Program &prog);
/// The front ends' last step: validate(prog), each violation reported to `diags` as an internal error
/// ("internal error: invalid IR: in 'f': …"); true when there is none.
bool validateReporting(const Program &prog, Diagnostics &diags);

} // namespace locus::ir

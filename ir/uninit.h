// Reads of indeterminate values as checks (`verify --check-uninit`).
#pragma once

#include "ir/ir.h"

namespace locus::ir {

/// Makes every read of an indeterminate value a failure: for each Nondet statement with an object
/// (Stmt::message, an uninitialized C local) a bool temporary per variable it assigns (`x_written`) is false
/// right after it and true after any other statement that assigns the variable (a scan: when it assigned
/// it, that is when the count of values it read exceeds the variable's position), and every statement that
/// reads the variable is preceded by `[guard] assert x_written, "'x' read before it was written"` (same
/// location, construct and range; `assert c implies x_written` when every use is in the right operand of an
/// `and`, `or`, `implies`, c the condition under which one of them is evaluated). Loop conditions are not
/// instrumented (they are bool temporaries). Returns the number of checks added.
size_t checkIndeterminateReads(Program &prog);

/// The same flags, with `assume` where checkIndeterminateReads puts `assert`: the program's executions that
/// read no indeterminate value (a scan that assigned nothing leaves its variables indeterminate). What verify
/// searches first for a counterexample to show (VerifyOptions::preferDefinedReads). Returns the number of
/// assumptions added.
size_t assumeDefinedReads(Program &prog);

} // namespace locus::ir

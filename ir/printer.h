// Prints IR as GCL text that the GCL front end parses back to the same IR.
#pragma once

#include "ir/ir.h"

#include <iosfwd>
#include <string>

namespace locus::ir {

struct PrintOptions {
  bool tags = true; ///< `#id @line:col` statement tags and `@"file"` procedure annotations
};

void printProgram(std::ostream &os, const Program &prog, const PrintOptions &opts = {});
std::string toString(const Program &prog, const PrintOptions &opts = {});
/// One expression in GCL syntax, minimal parentheses (variables named from `proc`).
std::string toString(const Program &prog, const Procedure &proc, const Expr &e);
/// One statement on one line without tag, e.g. `[b0] temp := head.next` (compound: just the header).
std::string toString(const Program &prog, const Procedure &proc, const Stmt &s);
std::string toString(const Program &prog, Type t);

/// `a == b` except for declaration locations (records, fields, globals, procedures, variables) and the
/// files-table entries only declarations refer to. The printed form carries statement locations but not
/// declaration locations, so this is the equality a print → parse → lower round trip preserves
/// (see "Printed form" in ir/README.md).
bool equalModuloDeclLocs(const Program &a, const Program &b);

} // namespace locus::ir

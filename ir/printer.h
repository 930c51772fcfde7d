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

} // namespace locus::ir

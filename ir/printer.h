// Prints IR as GCL text that the GCL front end parses back to the same IR.
#pragma once

#include "ir/ir.h"

#include <iosfwd>
#include <string>

namespace locus::ir {

struct PrintOptions {
  bool tags = true; ///< `#id @line:col` statement tags and `@"file"` procedure annotations
  /// With tags: each statement's construct id and source ranges after it (`^3 7:5+12 (7:10+7 7:10+1 _)`).
  bool sourceInfo = true;
};

/// A source range as printed IR writes it: `line:col+length` within one line, else `line:col-line:col`.
std::string rangeText(const SourceRange &r);

void printProgram(std::ostream &os, const Program &prog, const PrintOptions &opts = {});
std::string toString(const Program &prog, const PrintOptions &opts = {});
/// One expression in GCL syntax, minimal parentheses (variables named from `proc`).
std::string toString(const Program &prog, const Procedure &proc, const Expr &e);
/// One statement on one line without tag, e.g. `[b0] temp := head.next` (compound: just the header).
std::string toString(const Program &prog, const Procedure &proc, const Stmt &s);
std::string toString(const Program &prog, Type t);

} // namespace locus::ir

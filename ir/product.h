// The product of a program and a reference program: one ir::Program holding both, the reference's records,
// globals and procedures renamed apart, so that one run (the interpreter's, or one encoding) can run the
// entry and then the reference on the same inputs and compare what they produce (Expect::reference;
// ir/README.md, *Input, output and specifications*).
#pragma once

#include "ir/ir.h"

#include <optional>
#include <string>

namespace locus::ir {

struct Product {
  Program prog;                ///< the program's records, globals and procedures first (same indices, ids)
  uint32_t entry = kNone;      ///< the program's entry (its index is unchanged)
  uint32_t reference = kNone;  ///< the reference's entry in `prog`
  std::string referencePrefix; ///< what the reference's names were prefixed with ("ref_")
};

/// The product of `prog` (entry `entry`) and `ref` (entry `refEntry`). The reference's statement ids come
/// after the program's, its files are added to the files table. The two entries must have the same
/// signature: as many parameters of the same int or bool types and the same result type (reference
/// parameters and results cannot be shared between two heaps). nullopt with `err` otherwise.
std::optional<Product> makeProduct(const Program &prog, uint32_t entry, const Program &ref, uint32_t refEntry,
                                   std::string &err);

} // namespace locus::ir

// The bounds of the encoding, resolved once for every command that encodes (verify, smt, localize, repair,
// mutate --verify): the options as given, checked and resolved against the program into the encoder's
// options.
#pragma once

#include "backends/encoder/encoder.h"
#include "backends/encoder/verify.h"
#include "ir/ir.h"

#include <optional>
#include <string>
#include <vector>

namespace locus::session {

/// The bound options as the command line gives them (docs/cli.md, "Bounds").
struct Bounds {
  uint32_t unwind = 5;
  bool unwindAuto = false;             ///< verify, smt: `--unwind auto` (encoder::verifyUnbounded)
  std::vector<std::string> unwindLoop; ///< `--unwind-loop ID=K`: #ID, ID, @LINE or @LINE:COL of the file
  std::vector<std::string> unwindProc; ///< `--unwind-proc NAME=K`
  uint32_t heap = 64;
  uint32_t inputNodes = 3;
  /// `--input-shape SHAPE:FIELD,…` (repeatable): acyclic or tree through the reference fields named (FIELD
  /// or RECORD.FIELD)
  std::vector<std::string> inputShape;
  std::string ints = "math"; ///< math or bv32
  bool noUnwindingAssertions = false;
  uint32_t inputBytes = 16;
  std::string stdinFile; ///< --stdin FILE: the standard input, fixed (read when resolved)
};

ir::IntMode intMode(const Bounds &b);

/// The encoder's options for `prog` (whose file given on the command line is `mainFile`): every bound, the
/// integer mode, the input options; `--unwind-loop` resolved to loop statements (a usage error naming the
/// loops there are when one does not match) and `--unwind-proc` to procedures. Its `stop` polls Ctrl-C's
/// token (interrupt.h), so every encoding made from it ends early at a signal (encoder::Stopped).
encoder::EncodeOptions encodeOptions(const Bounds &b, const ir::Program &prog, const std::string &mainFile);

/// `--input-shape` arguments resolved against the program's records (a usage error for an unknown shape, or
/// a name that is no reference field of a record).
std::vector<encoder::EncodeOptions::InputShape> inputShapes(const std::vector<std::string> &args,
                                                            const ir::Program &prog);

/// What --input-shape assumed, for the verdict: "input heap: acyclic:next" (empty without shapes).
std::string inputShapeNote(const encoder::EncodeOptions &eo);

/// For a bound failure (verify's UNKNOWN) whose counterexample's input heap has a cycle through reference
/// fields: `vo` verified again with every input heap acyclic through those fields. When that answer is SAFE,
/// a note that only a cyclic input runs past the bound, with the `--input-shape` that excludes it; else
/// empty.
std::string cyclicInputNote(const ir::Program &prog, uint32_t entry, encoder::VerifyOptions vo,
                            const encoder::VerifyResult &r);

/// The bounds that differ from --unwind, for a SAFE line: "loop #6 at f.gcl:6:3: 12", "recursion of f: 3".
std::vector<std::string> otherBounds(const ir::Program &prog, const encoder::EncodeOptions &eo);

} // namespace locus::session

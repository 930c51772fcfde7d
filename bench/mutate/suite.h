// A faulty suite: the programs of a corpus manifest × fault classes × versions, generated reproducibly into a
// work directory (one folder per program and language, one manifest per class). `locus bench faults` runs
// the verifier on it; localization and repair runs will read the same folders and manifests.
#pragma once

#include "bench/mutate/manifest.h"

#include <optional>
#include <string>
#include <vector>

namespace locus::mutate {

/// One program of the corpus in one language.
struct CorpusProgram {
  std::string id;   ///< the corpus id (B01, L20, …)
  std::string lang; ///< gcl or c
  std::string file; ///< the source, relative to the working directory (or absolute)
  std::string entry = "main";
  std::vector<std::string> procs; ///< the procedures under test (empty: the default rule of mutate.h)
  uint32_t unwind = 5, heap = 64;
  std::string key() const { return id + "-" + lang; } ///< folder and file stem of its versions
};

/// Reads a corpus manifest: a list of programs, or {"programs": [...]}; each program has `id`,
/// `files: {gcl, c}` (or `file`), `entry`, the procedure(s) under test (`proc`, `procs`, `under_test`;
/// a string or a list), `unwind`, `heap`. Paths are relative to the manifest. `langs` selects the files.
std::optional<std::vector<CorpusProgram>> readCorpus(const std::string &manifest,
                                                     const std::vector<std::string> &langs, std::string &err);

/// Keeps the programs whose id is in `ids` (all of them when `ids` is empty), in corpus order.
void keepPrograms(std::vector<CorpusProgram> &corpus, const std::vector<std::string> &ids);

struct SuiteOptions {
  std::vector<FaultClass> classes{FaultClass::C1, FaultClass::C2, FaultClass::C3, FaultClass::C4};
  unsigned versions = 40; ///< per program and class
  uint64_t seed = 1;
  std::string workDir;
};

/// The versions of one program in one class.
struct SuitePart {
  size_t program = 0; ///< index into the corpus list
  FaultClass cls = FaultClass::C1;
  std::string dir;          ///< WORK/<key>
  std::string manifestPath; ///< WORK/<key>/<key>.<class>.json
  Manifest manifest;
  size_t duplicates = 0, invalid = 0;
};

struct Suite {
  std::vector<SuitePart> parts; ///< program-major, classes in the order asked
  /// Per program: empty, or why it has no versions (does not compile, no procedure under test, …).
  std::vector<std::string> programErrors;
};

/// The seed of one program/class: derived from the suite seed, the program's key and the class name, so
/// each part regenerates on its own and adding a program does not change the others.
uint64_t partSeed(uint64_t suiteSeed, const CorpusProgram &p, FaultClass c);

/// Compiles every program, generates every class, writes the versions and manifests. The bytes written
/// depend only on the corpus files, the options and the working directory's relative paths.
Suite generateSuite(const std::vector<CorpusProgram> &corpus, const SuiteOptions &opts);

/// One of the papers' injected faults (bench/corpus/papers/faults.json) applied to its corpus file.
struct PaperFault {
  std::string id;        ///< "HG-Sum/1"
  CorpusProgram program; ///< the correct program it was made from (id, lang, file, entry, bounds)
  std::string file;      ///< the faulty version: WORK/papers/<id with '/' as '_'>.<gcl|c>
  struct Edit {
    uint32_t line = 0; ///< 1-based
    std::string original, replacement;
  };
  std::vector<Edit> edits;
};

/// Applies every fault of `<manifest's folder>/papers/faults.json` to the corpus files of `langs` (faults of
/// programs not in `corpus` are left out) and writes the versions under WORK/papers/. Empty with `err` set
/// when the list cannot be read or an edit does not match its file.
std::vector<PaperFault> writePaperFaults(const std::string &manifest,
                                         const std::vector<CorpusProgram> &corpus,
                                         const std::vector<std::string> &langs, const std::string &work,
                                         std::string &err);

} // namespace locus::mutate

// The ground truth of a faulty suite: one manifest (JSON) per program and fault class, next to the versions
// it describes (IR-printed .gcl files). Written by `locus mutate` and `locus bench faults`, read by the
// runner (and, later, by the localization and repair runs that score themselves against it).
#pragma once

#include "bench/mutate/mutate.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace locus::mutate {

using Json = nlohmann::ordered_json;

/// The format tag of a manifest; bumped when a field changes meaning.
inline constexpr const char *kManifestFormat = "locus-faults/1";

struct VersionRecord {
  uint32_t version = 0;
  std::string file; ///< the version's .gcl, relative to the manifest's folder
  std::vector<Fault> faults;
  /// Set by a verification run: true when the verifier proved the version safe (an equivalent mutant,
  /// excluded from detection rates), false when it found a failure; unset until verified (or undecided).
  std::optional<bool> equivalent;
};

struct Manifest {
  std::string program;            ///< the program's id (corpus id, or the file's stem)
  std::string source;             ///< the original source file, as given
  std::string entry;              ///< the procedure the verifier starts from
  std::vector<std::string> procs; ///< the procedures under test
  FaultClass cls = FaultClass::C1;
  uint64_t seed = 0;
  unsigned requested = 0;
  size_t mutationCandidates = 0, deletionCandidates = 0;
  std::vector<VersionRecord> versions;
};

Json toJson(const Fault &f);
Json toJson(const Manifest &m);
/// nullopt (with `err`) when the JSON is not a manifest of this format.
std::optional<Manifest> manifestFromJson(const Json &j, std::string &err);
std::optional<Manifest> readManifest(const std::string &path, std::string &err);
bool writeManifest(const std::string &path, const Manifest &m, std::string &err);

/// The file names used for a version and a manifest: `STEM.CLASS.vNN.gcl` (NN at least two digits, more
/// when `count` needs them) and `STEM.CLASS.json`.
std::string versionFileName(const std::string &stem, FaultClass c, uint32_t version, unsigned count);
std::string manifestFileName(const std::string &stem, FaultClass c);

/// Writes every mutant of `r` and the manifest into `dir` (created if needed); returns the manifest.
/// The bytes written depend only on the arguments. `err` is set when a file cannot be written.
Manifest writeVersions(const std::string &dir, const std::string &stem, const Manifest &header,
                       const Result &r, std::string &err);

} // namespace locus::mutate

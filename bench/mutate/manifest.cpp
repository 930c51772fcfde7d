// Manifests of faulty suites: JSON in and out, and the files of one program/class.
#include "bench/mutate/manifest.h"

#include <filesystem>
#include <fstream>

namespace locus::mutate {

namespace fs = std::filesystem;

Json toJson(const Fault &f) {
  return Json{{"kind", kindName(f.kind)}, {"proc", f.proc},  {"stmts", f.stmts}, {"file", f.file},
              {"line", f.line},           {"col", f.col},    {"from", f.from},   {"to", f.to},
              {"before", f.before},       {"after", f.after}};
}

Json toJson(const Manifest &m) {
  ClassShape shape = shapeOf(m.cls);
  Json versions = Json::array();
  for (const VersionRecord &v : m.versions) {
    Json faults = Json::array();
    for (const Fault &f : v.faults)
      faults.push_back(toJson(f));
    versions.push_back(Json{{"version", v.version},
                            {"file", v.file},
                            {"equivalent", v.equivalent ? Json(*v.equivalent) : Json(nullptr)},
                            {"faults", faults}});
  }
  return Json{
      {"format", kManifestFormat},
      {"program", m.program},
      {"source", m.source},
      {"entry", m.entry},
      {"procs", m.procs},
      {"class", className(m.cls)},
      {"shape", {{"mutations", shape.mutations}, {"deletions", shape.deletions}, {"level", shape.level}}},
      {"seed", m.seed},
      {"requested", m.requested},
      {"generated", m.versions.size()},
      {"candidates", {{"mutations", m.mutationCandidates}, {"deletions", m.deletionCandidates}}},
      {"versions", versions}};
}

std::optional<Manifest> manifestFromJson(const Json &j, std::string &err) {
  try {
    if (!j.is_object() || j.value("format", "") != kManifestFormat) {
      err = std::string("not a fault manifest (expected \"format\": \"") + kManifestFormat + "\")";
      return std::nullopt;
    }
    Manifest m;
    m.program = j.at("program").get<std::string>();
    m.source = j.at("source").get<std::string>();
    m.entry = j.at("entry").get<std::string>();
    m.procs = j.at("procs").get<std::vector<std::string>>();
    std::optional<FaultClass> c = parseClass(j.at("class").get<std::string>());
    if (!c) {
      err = "unknown fault class '" + j.at("class").get<std::string>() + "'";
      return std::nullopt;
    }
    m.cls = *c;
    m.seed = j.at("seed").get<uint64_t>();
    m.requested = j.at("requested").get<unsigned>();
    m.mutationCandidates = j.at("candidates").at("mutations").get<size_t>();
    m.deletionCandidates = j.at("candidates").at("deletions").get<size_t>();
    for (const Json &vj : j.at("versions")) {
      VersionRecord v;
      v.version = vj.at("version").get<uint32_t>();
      v.file = vj.at("file").get<std::string>();
      if (vj.contains("equivalent") && vj["equivalent"].is_boolean())
        v.equivalent = vj["equivalent"].get<bool>();
      for (const Json &fj : vj.at("faults")) {
        Fault f;
        std::string kind = fj.at("kind").get<std::string>();
        bool known = false;
        for (FaultKind k :
             {FaultKind::Var, FaultKind::Field, FaultKind::Delete, FaultKind::Operator, FaultKind::Constant})
          if (kind == kindName(k)) {
            f.kind = k;
            known = true;
          }
        if (!known) {
          err = "unknown fault kind '" + kind + "'";
          return std::nullopt;
        }
        f.proc = fj.at("proc").get<std::string>();
        f.stmts = fj.at("stmts").get<std::vector<ir::StmtId>>();
        f.file = fj.at("file").get<std::string>();
        f.line = fj.at("line").get<uint32_t>();
        f.col = fj.at("col").get<uint32_t>();
        f.from = fj.at("from").get<std::string>();
        f.to = fj.at("to").get<std::string>();
        f.before = fj.at("before").get<std::string>();
        f.after = fj.at("after").get<std::string>();
        v.faults.push_back(std::move(f));
      }
      m.versions.push_back(std::move(v));
    }
    return m;
  } catch (const Json::exception &e) {
    err = std::string("malformed fault manifest: ") + e.what();
    return std::nullopt;
  }
}

std::optional<Manifest> readManifest(const std::string &path, std::string &err) {
  std::ifstream in(path);
  if (!in) {
    err = "cannot read '" + path + "'";
    return std::nullopt;
  }
  Json j = Json::parse(in, nullptr, false);
  if (j.is_discarded()) {
    err = "'" + path + "' is not JSON";
    return std::nullopt;
  }
  std::optional<Manifest> m = manifestFromJson(j, err);
  if (!m)
    err = path + ": " + err;
  return m;
}

bool writeManifest(const std::string &path, const Manifest &m, std::string &err) {
  std::ofstream out(path, std::ios::binary);
  out << toJson(m).dump(2, ' ', false, Json::error_handler_t::replace) << "\n";
  if (!out) {
    err = "cannot write '" + path + "'";
    return false;
  }
  return true;
}

std::string versionFileName(const std::string &stem, FaultClass c, uint32_t version, unsigned count) {
  size_t width = std::max<size_t>(2, std::to_string(count).size());
  std::string n = std::to_string(version);
  return stem + "." + className(c) + ".v" + std::string(width > n.size() ? width - n.size() : 0, '0') + n +
         ".gcl";
}

std::string manifestFileName(const std::string &stem, FaultClass c) {
  return stem + "." + className(c) + ".json";
}

Manifest writeVersions(const std::string &dir, const std::string &stem, const Manifest &header,
                       const Result &r, std::string &err) {
  Manifest m = header;
  m.mutationCandidates = r.mutationCandidates;
  m.deletionCandidates = r.deletionCandidates;
  m.versions.clear();
  std::error_code ec;
  fs::create_directories(dir, ec);
  for (const Mutant &mu : r.mutants) {
    VersionRecord v;
    v.version = mu.index;
    v.file = versionFileName(stem, m.cls, mu.index, m.requested);
    v.faults = mu.faults;
    std::ofstream out(fs::path(dir) / v.file, std::ios::binary);
    out << mu.text;
    if (!out && err.empty())
      err = "cannot write '" + (fs::path(dir) / v.file).string() + "'";
    m.versions.push_back(std::move(v));
  }
  // Versions of an earlier, larger run with the same stem would be stale: remove them.
  for (uint32_t k = static_cast<uint32_t>(r.mutants.size()) + 1;; ++k) {
    fs::path stale = fs::path(dir) / versionFileName(stem, m.cls, k, m.requested);
    if (!fs::remove(stale, ec))
      break;
  }
  std::string werr;
  if (!writeManifest((fs::path(dir) / manifestFileName(stem, m.cls)).string(), m, werr) && err.empty())
    err = werr;
  return m;
}

} // namespace locus::mutate

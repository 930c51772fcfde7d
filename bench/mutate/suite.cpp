// Corpus manifests and the reproducible generation of a faulty suite.
#include "bench/mutate/suite.h"

#include "bench/mutate/rng.h"
#include "frontend/source.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

namespace locus::mutate {

namespace fs = std::filesystem;

std::optional<std::vector<CorpusProgram>>
readCorpus(const std::string &manifest, const std::vector<std::string> &langs, std::string &err) {
  std::ifstream in(manifest);
  if (!in) {
    err = "cannot read manifest '" + manifest + "'";
    return std::nullopt;
  }
  Json m = Json::parse(in, nullptr, false);
  const Json &list = m.is_object() && m.contains("programs") ? m["programs"] : m;
  if (!list.is_array()) {
    err = "manifest '" + manifest + "': expected a list of programs (or {\"programs\": [...]})";
    return std::nullopt;
  }
  fs::path base = fs::path(manifest).parent_path();
  std::vector<CorpusProgram> out;
  for (const Json &e : list) {
    if (!e.is_object())
      continue;
    auto str = [&](const char *k, const std::string &def) {
      return e.contains(k) && e[k].is_string() ? e[k].get<std::string>() : def;
    };
    auto num = [&](const char *k, uint32_t def) {
      return e.contains(k) && e[k].is_number_unsigned() ? e[k].get<uint32_t>() : def;
    };
    CorpusProgram p;
    p.entry = str("entry", "main");
    p.unwind = num("unwind", 5);
    p.heap = num("heap", 64);
    for (const char *k : {"proc", "procs", "under_test"})
      if (e.contains(k)) {
        if (e[k].is_string())
          p.procs.push_back(e[k]);
        else if (e[k].is_array())
          for (const Json &x : e[k])
            if (x.is_string())
              p.procs.push_back(x);
      }
    auto add = [&](const std::string &lang, const std::string &f) {
      CorpusProgram q = p;
      q.lang = lang;
      q.file = (base / f).lexically_normal().string();
      q.id = str("id", fs::path(f).stem().string());
      out.push_back(q);
    };
    for (const std::string &lang : langs) {
      if (e.contains("files") && e["files"].is_object()) {
        if (e["files"].contains(lang) && e["files"][lang].is_string())
          add(lang, e["files"][lang]);
      } else if (e.contains("file") && e["file"].is_string()) {
        std::string f = e["file"];
        if ((frontend::languageOf(f) == frontend::Language::C) == (lang == "c"))
          add(lang, f);
      }
    }
  }
  return out;
}

uint64_t partSeed(uint64_t suiteSeed, const CorpusProgram &p, FaultClass c) {
  return deriveSeed(suiteSeed, p.key() + "/" + className(c));
}

Suite generateSuite(const std::vector<CorpusProgram> &corpus, const SuiteOptions &o) {
  Suite suite;
  suite.programErrors.resize(corpus.size());
  for (size_t i = 0; i < corpus.size(); ++i) {
    const CorpusProgram &p = corpus[i];
    SourceManager sm;
    Diagnostics diags(sm);
    std::optional<ir::Program> prog = frontend::compileSource(p.file, sm, diags);
    if (!prog) {
      std::ostringstream os;
      diags.print(os, false);
      std::string first = os.str().substr(0, os.str().find('\n'));
      suite.programErrors[i] = first.empty() ? "does not compile" : first;
      continue;
    }
    std::vector<uint32_t> procs;
    for (const std::string &name : p.procs) {
      uint32_t k = prog->procIndex(name);
      if (k == ir::kNone) {
        suite.programErrors[i] = "no procedure '" + name + "' (named as the procedure under test)";
        break;
      }
      procs.push_back(k);
    }
    if (!suite.programErrors[i].empty())
      continue;
    if (procs.empty())
      procs = defaultProcsUnderTest(*prog, p.file, p.entry);
    if (procs.empty()) {
      suite.programErrors[i] = "no procedure under test";
      continue;
    }
    std::string dir = (fs::path(o.workDir) / p.key()).string();
    for (FaultClass c : o.classes) {
      Options mo;
      mo.cls = c;
      mo.count = o.versions;
      mo.seed = partSeed(o.seed, p, c);
      mo.procs = procs;
      Result r = generate(*prog, mo);
      Manifest header;
      header.program = p.id;
      header.source = p.file;
      header.entry = p.entry;
      for (uint32_t k : procs)
        header.procs.push_back(prog->procs[k].name);
      header.cls = c;
      header.seed = mo.seed;
      header.requested = o.versions;
      SuitePart part;
      part.program = i;
      part.cls = c;
      part.dir = dir;
      part.manifestPath = (fs::path(dir) / manifestFileName(p.key(), c)).string();
      std::string err;
      part.manifest = writeVersions(dir, p.key(), header, r, err);
      part.duplicates = r.duplicates;
      part.invalid = r.invalid;
      if (!err.empty())
        suite.programErrors[i] = err;
      suite.parts.push_back(std::move(part));
    }
  }
  return suite;
}

void keepPrograms(std::vector<CorpusProgram> &corpus, const std::vector<std::string> &ids) {
  if (ids.empty())
    return;
  std::erase_if(corpus,
                [&](const CorpusProgram &p) { return std::find(ids.begin(), ids.end(), p.id) == ids.end(); });
}

std::vector<PaperFault> writePaperFaults(const std::string &manifest,
                                         const std::vector<CorpusProgram> &corpus,
                                         const std::vector<std::string> &langs, const std::string &work,
                                         std::string &err) {
  std::vector<PaperFault> out;
  fs::path list = fs::path(manifest).parent_path() / "papers" / "faults.json";
  std::ifstream in(list);
  nlohmann::json doc = nlohmann::json::parse(in, nullptr, false);
  if (doc.is_discarded() || !doc.contains("faults")) {
    err = "cannot read " + list.string();
    return {};
  }
  for (const nlohmann::json &fault : doc["faults"]) {
    std::string id = fault.value("id", ""), program = fault.value("program", "");
    for (const std::string &lang : langs) {
      auto p = std::find_if(corpus.begin(), corpus.end(),
                            [&](const CorpusProgram &c) { return c.id == program && c.lang == lang; });
      if (p == corpus.end() || !fault.contains(lang))
        continue;
      std::ifstream src(p->file);
      std::vector<std::string> text;
      for (std::string line; std::getline(src, line);)
        text.push_back(line);
      PaperFault f;
      f.id = id;
      f.program = *p;
      std::string stem = id;
      std::replace(stem.begin(), stem.end(), '/', '_');
      fs::path dir = fs::path(work) / "papers";
      fs::create_directories(dir);
      f.file = (dir / (stem + (lang == "c" ? ".c" : ".gcl"))).string();
      for (const nlohmann::json &e : fault[lang]["edits"]) {
        PaperFault::Edit edit{e.value("line", 0u), e.value("original", ""), e.value("replacement", "")};
        size_t at = edit.line >= 1 && edit.line <= text.size() ? text[edit.line - 1].find(edit.original)
                                                               : std::string::npos;
        if (at == std::string::npos) {
          err = id + ": an edit does not match " + p->file;
          return {};
        }
        text[edit.line - 1].replace(at, edit.original.size(), edit.replacement);
        f.edits.push_back(std::move(edit));
      }
      std::ofstream outFile(f.file);
      for (const std::string &l : text)
        outFile << l << "\n";
      out.push_back(std::move(f));
    }
  }
  return out;
}

} // namespace locus::mutate

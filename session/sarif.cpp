// SARIF 2.1.0 for `locus localize --sarif` (sarif.h). The format: OASIS SARIF v2.1.0; the test validates
// the output against its JSON schema (tests/sarif/).
#include "session/sarif.h"

#include <cctype>
#include <cstdio>
#include <filesystem>
#include <string_view>

namespace locus::render {

namespace {

/// A file name as a URI reference: relative paths stay relative (with '/'), absolute ones become file URIs.
std::string uriOf(const std::string &file) {
  std::string out;
  std::string path = std::filesystem::path(file).generic_string();
  if (!path.empty() && path[0] == '/')
    out = "file://";
  for (unsigned char c : path) {
    if (std::isalnum(c) || std::string_view("/-._~").find(static_cast<char>(c)) != std::string_view::npos) {
      out += static_cast<char>(c);
    } else {
      char buf[4];
      std::snprintf(buf, sizeof buf, "%%%02X", c);
      out += buf;
    }
  }
  return out;
}

Json physical(const ir::Program &prog, SourceLoc loc) {
  Json region{{"startLine", std::max<uint32_t>(loc.line, 1)}};
  if (loc.col >= 1)
    region["startColumn"] = loc.col;
  return Json{{"artifactLocation", Json{{"uri", uriOf(prog.files.at(loc.file))}}}, {"region", region}};
}

/// The failing run as a code flow: its trace, each step a location with what it wrote.
Json codeFlow(const ir::Program &prog, const repair::Failure &f, size_t limit) {
  ir::StmtIndex index(prog);
  Json locations = Json::array();
  const std::vector<ir::TraceStep> &trace = f.run.trace;
  size_t from = trace.size() > limit ? trace.size() - limit : 0;
  for (size_t i = from; i < trace.size(); ++i) {
    const ir::Stmt *s = index.find(trace[i].stmt);
    if (!s || !s->loc.valid() || s->loc.file >= prog.files.size())
      continue;
    Json loc{{"physicalLocation", physical(prog, s->loc)}};
    std::string text = trace[i].written ? *trace[i].written : std::string(ir::stmtKindName(s->kind));
    loc["message"] = Json{{"text", text}};
    locations.push_back(Json{{"location", loc}, {"nestingLevel", trace[i].depth}});
  }
  Json flow{{"threadFlows", Json::array({Json{{"locations", locations}}})}};
  flow["message"] = Json{{"text", "the failing run (" + f.origin + ")" +
                                      (from > 0 ? ", its last " + std::to_string(limit) + " steps" : "")}};
  return flow;
}

} // namespace

Json sarifLog(const ir::Program &prog, const std::vector<const repair::Failure *> &failures,
              const std::vector<const localize::Result *> &results, const std::string &version,
              size_t traceLimit) {
  Json rules = Json::array();
  Json out = Json::array();
  const repair::Failure &f = *failures.front();
  std::string what = f.describe(prog);
  Json flows = Json::array();
  if (!f.run.trace.empty())
    flows.push_back(codeFlow(prog, f, traceLimit));
  for (size_t m = 0; m < results.size(); ++m) {
    const localize::Result &r = *results[m];
    std::string ruleId = "locus.localize." + r.method;
    const localize::Method *method = localize::findMethod(r.method);
    rules.push_back(
        Json{{"id", ruleId},
             {"name", "Localize" + r.method},
             {"shortDescription", Json{{"text", "a statement " + r.method + " blames for a failure"}}},
             {"fullDescription", Json{{"text", method ? method->summary() : r.method}}},
             {"defaultConfiguration", Json{{"level", "warning"}}}});
    for (const localize::Suspect &s : r.ranking) {
      if (!s.loc.valid() || s.loc.file >= prog.files.size())
        continue;
      std::string text = r.method + ": suspicious line, rank " + std::to_string(s.rank) + ", for the " + what;
      if (failures.size() > 1)
        text += " (and " + std::to_string(failures.size() - 1) + " more failures)";
      if (!s.evidence.empty())
        text += " — " + s.evidence;
      Json props{{"rank", s.rank}, {"score", s.score}, {"method", r.method}, {"statements", s.statements}};
      if (!r.solver.empty())
        props["solver"] = r.solver;
      Json res{{"ruleId", ruleId},
               {"ruleIndex", m},
               {"level", s.rank == 1 ? "warning" : "note"},
               {"rank", std::min(100.0, std::max(0.0, 100.0 * s.score))},
               {"message", Json{{"text", text}}},
               {"locations", Json::array({Json{{"physicalLocation", physical(prog, s.loc)}}})},
               {"properties", props}};
      if (!flows.empty())
        res["codeFlows"] = flows;
      out.push_back(std::move(res));
    }
  }
  Json driver{{"name", "locus"}, {"version", version}, {"semanticVersion", version}, {"rules", rules}};
  Json run{{"tool", Json{{"driver", driver}}},
           {"results", out},
           {"columnKind", "unicodeCodePoints"},
           {"invocations", Json::array({Json{{"executionSuccessful", true}}})}};
  return Json{{"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
              {"version", "2.1.0"},
              {"runs", Json::array({run})}};
}

} // namespace locus::render

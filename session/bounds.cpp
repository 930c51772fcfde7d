// Resolving the bound options against the program (bounds.h).
#include "session/bounds.h"

#include "ir/printer.h"
#include "session/error.h"
#include "session/interrupt.h"
#include "session/program.h"
#include "session/values.h"

#include <cstdio>
#include <filesystem>
#include <set>

namespace locus::session {

namespace {

/// `TEXT=K` split at the last '=', K a bound from 1 to ir::kMaxUnwind; else a usage error naming `option`
/// and saying what is expected (`what`).
std::pair<std::string, uint32_t> boundArgument(const std::string &option, const std::string &text,
                                               const char *what) {
  size_t eq = text.rfind('=');
  std::string k = eq == std::string::npos ? "" : text.substr(eq + 1);
  if (eq == std::string::npos || eq == 0 || k.empty() || k.size() > 6 ||
      k.find_first_not_of("0123456789") != std::string::npos)
    usageError(option + ": expected " + what + ", got '" + text + "'");
  unsigned long bound = std::stoul(k);
  if (bound < 1 || bound > ir::kMaxUnwind)
    usageError(option + " " + text + ": the bound must be from 1 to " + std::to_string(ir::kMaxUnwind));
  return {text.substr(0, eq), static_cast<uint32_t>(bound)};
}

/// The loops of the program: statement, and whether it lies in the file given on the command line.
std::vector<std::pair<const ir::Stmt *, bool>> loopsOf(const ir::Program &prog, const std::string &file) {
  std::vector<bool> isMain(prog.files.size());
  std::error_code ec;
  for (size_t f = 0; f < prog.files.size(); ++f)
    isMain[f] = prog.files[f] == file || std::filesystem::equivalent(prog.files[f], file, ec);
  std::vector<std::pair<const ir::Stmt *, bool>> out;
  ir::forEachStmt(prog, [&](const ir::Procedure &, const ir::Stmt &s) {
    if (s.kind == ir::Stmt::While)
      out.push_back({&s, s.loc.file < isMain.size() && isMain[s.loc.file]});
  });
  return out;
}

/// The loops `id` names (#ID, ID, @LINE or @LINE:COL of `file`); a usage error when none.
std::vector<ir::StmtId> loopsNamed(const ir::Program &prog, const std::string &file, const std::string &arg,
                                   const std::string &id) {
  auto loops = loopsOf(prog, file);
  auto listLoops = [&] {
    std::string out;
    for (auto &[s, inMain] : loops)
      out += (out.empty() ? "" : ", ") + ("#" + std::to_string(s->id)) + " at " + ir::formatLoc(prog, s->loc);
    return out.empty() ? std::string("the program has no loops") : "the loops: " + out;
  };
  std::vector<ir::StmtId> hit;
  if (!id.empty() && id[0] == '@') {
    uint32_t line = 0, col = 0;
    char extra = 0;
    int n = std::sscanf(id.c_str() + 1, "%u:%u%c", &line, &col, &extra);
    if (n < 1 || n > 2 || (n == 1 && id.find(':') != std::string::npos))
      usageError("--unwind-loop: expected @LINE or @LINE:COL, got '" + id + "'");
    for (auto &[s, inMain] : loops)
      if (inMain && s->loc.line == line && (n == 1 || s->loc.col == col))
        hit.push_back(s->id);
    if (hit.empty())
      usageError("--unwind-loop " + arg + ": no loop at " + id.substr(1) + " of " + file + " (" +
                 listLoops() + ")");
    return hit;
  }
  std::string digits = id[0] == '#' ? id.substr(1) : id;
  ir::StmtId want = 0;
  if (!digits.empty() && digits.size() <= 9 && digits.find_first_not_of("0123456789") == std::string::npos)
    want = static_cast<ir::StmtId>(std::stoul(digits));
  for (auto &[s, inMain] : loops)
    if (s->id == want)
      hit.push_back(s->id);
  if (hit.empty())
    usageError("--unwind-loop " + arg + ": statement " + id + " is not a loop (" + listLoops() + ")");
  return hit;
}

} // namespace

ir::IntMode intMode(const Bounds &b) {
  return b.ints == "bv32" ? ir::IntMode::BV32 : ir::IntMode::Math;
}

encoder::EncodeOptions encodeOptions(const Bounds &b, const ir::Program &prog, const std::string &mainFile) {
  encoder::EncodeOptions eo;
  eo.unwind = b.unwind;
  eo.heapSlots = b.heap;
  eo.inputNodes = b.inputNodes;
  eo.ints = intMode(b);
  eo.unwindingAssertions = !b.noUnwindingAssertions;
  eo.inputBytes = b.inputBytes;
  eo.inputShapes = inputShapes(b.inputShape, prog);
  if (!b.stdinFile.empty())
    eo.fixedInput = readFile(b.stdinFile, "--stdin");
  for (const std::string &arg : b.unwindLoop) {
    auto [id, bound] = boundArgument("--unwind-loop", arg,
                                     "ID=K (ID: a loop's statement id as `locus ir` prints it, or @LINE)");
    for (ir::StmtId h : loopsNamed(prog, mainFile, arg, id))
      eo.loopUnwind[h] = bound;
  }
  for (const std::string &arg : b.unwindProc) {
    auto [name, bound] = boundArgument("--unwind-proc", arg, "NAME=K");
    uint32_t idx = prog.procIndex(name);
    if (idx == ir::kNone || prog.procs[idx].isTest)
      usageError("--unwind-proc " + arg + ": no procedure '" + name + "'");
    eo.procUnwind[name] = bound;
  }
  eo.stop.cancelled = [] { return interrupted(); }; // Ctrl-C stops a long encoding too (interrupt.h)
  return eo;
}

std::vector<encoder::EncodeOptions::InputShape> inputShapes(const std::vector<std::string> &args,
                                                            const ir::Program &prog) {
  using Shape = encoder::EncodeOptions::InputShape;
  std::vector<Shape> out;
  for (const std::string &arg : args) {
    size_t colon = arg.find(':');
    std::string kind = arg.substr(0, colon);
    Shape shape;
    shape.text = arg;
    if (kind == "acyclic")
      shape.kind = Shape::Acyclic;
    else if (kind == "tree")
      shape.kind = Shape::Tree;
    else
      usageError("--input-shape " + arg +
                 ": expected acyclic:FIELD,… or tree:FIELD,… (FIELD or RECORD.FIELD)");
    if (colon == std::string::npos || colon + 1 == arg.size())
      usageError("--input-shape " + arg + ": name the reference fields after '" + kind + ":'");
    for (const std::string &name : splitList(arg.substr(colon + 1))) {
      size_t dot = name.find('.');
      std::string record = dot == std::string::npos ? "" : name.substr(0, dot);
      std::string field = dot == std::string::npos ? name : name.substr(dot + 1);
      bool found = false;
      for (uint32_t r = 0; r < prog.records.size(); ++r) {
        if (!record.empty() && prog.records[r].name != record)
          continue;
        const auto &fs = prog.records[r].fields;
        for (uint32_t f = 0; f < fs.size(); ++f)
          if (fs[f].name == field && fs[f].type.kind == ir::Type::Ref) {
            shape.fields.push_back({r, f});
            found = true;
          }
      }
      if (!found)
        usageError("--input-shape " + arg + ": '" + name + "' is no reference field of a record of " +
                   (prog.files.empty() ? "the program" : prog.files[0]));
    }
    out.push_back(std::move(shape));
  }
  return out;
}

std::string inputShapeNote(const encoder::EncodeOptions &eo) {
  std::string out;
  for (const auto &shape : eo.inputShapes)
    out += (out.empty() ? "input heap: " : ", ") + shape.text;
  return out;
}

std::string cyclicInputNote(const ir::Program &prog, uint32_t entry, encoder::VerifyOptions vo,
                            const encoder::VerifyResult &r) {
  if (r.verdict != encoder::Verdict::BoundFailed || !vo.encode.inputShapes.empty() || vo.encode.fixedHeap)
    return "";
  const std::vector<ir::HeapNode> &heap = r.cx.heap;
  auto target = [&](const ir::Value &v) -> int64_t { // an input record node's index, or -1
    if (v.kind != ir::Type::Ref || v.node == 0 || v.node > heap.size() || heap[v.node - 1].isArray())
      return -1;
    return v.node - 1;
  };
  // reach[a][b]: b is reachable from a in one or more steps through reference fields
  size_t n = heap.size();
  std::vector<std::vector<bool>> reach(n, std::vector<bool>(n, false));
  for (size_t a = 0; a < n; ++a)
    for (const ir::Value &v : heap[a].fields)
      if (int64_t b = target(v); b >= 0)
        reach[a][b] = true;
  for (size_t k = 0; k < n; ++k)
    for (size_t a = 0; a < n; ++a)
      for (size_t b = 0; a < n && reach[a][k] && b < n; ++b)
        if (reach[k][b])
          reach[a][b] = true;
  std::set<std::pair<uint32_t, uint32_t>> fields;
  std::string edges;
  for (size_t a = 0; a < n; ++a) {
    if (heap[a].isArray())
      continue;
    const ir::Record &rec = prog.records.at(heap[a].record);
    for (uint32_t f = 0; f < heap[a].fields.size(); ++f)
      if (int64_t b = target(heap[a].fields[f]); b >= 0 && (static_cast<size_t>(b) == a || reach[b][a])) {
        fields.insert({heap[a].record, f});
        edges += (edges.empty() ? "" : ", ") + ("n" + std::to_string(a + 1)) + "." + rec.fields[f].name +
                 " = n" + std::to_string(b + 1);
      }
  }
  if (fields.empty())
    return "";
  encoder::EncodeOptions::InputShape shape;
  shape.text = "acyclic:";
  for (auto [rec, f] : fields) {
    shape.fields.push_back({rec, f});
    shape.text += (shape.text.back() == ':' ? "" : ",") + prog.records[rec].name + "." +
                  prog.records[rec].fields[f].name;
  }
  vo.encode.inputShapes = {shape};
  encoder::VerifyResult acyclic = encoder::verify(prog, entry, vo);
  if (acyclic.verdict != encoder::Verdict::Safe)
    return "";
  return "only a cyclic input heap runs past the bound (" + edges + "): with --input-shape " + shape.text +
         " (the input heap has no cycle through these fields) the answer is SAFE";
}

std::vector<std::string> otherBounds(const ir::Program &prog, const encoder::EncodeOptions &eo) {
  std::vector<std::string> out;
  ir::forEachStmt(prog, [&](const ir::Procedure &, const ir::Stmt &s) {
    if (s.kind == ir::Stmt::While && eo.boundFor(s) != eo.unwind)
      out.push_back("loop #" + std::to_string(s.id) + " at " + ir::formatLoc(prog, s.loc) + ": " +
                    std::to_string(eo.boundFor(s)));
  });
  for (const ir::Procedure &p : prog.procs)
    if (!p.isTest && eo.boundFor(p) != eo.unwind)
      out.push_back("recursion of " + p.name + ": " + std::to_string(eo.boundFor(p)));
  return out;
}

} // namespace locus::session

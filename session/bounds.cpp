// Resolving the bound options against the program (bounds.h).
#include "session/bounds.h"

#include "ir/printer.h"
#include "session/error.h"
#include "session/program.h"

#include <cstdio>
#include <filesystem>

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
  return eo;
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

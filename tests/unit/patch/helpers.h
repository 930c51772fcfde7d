// Shared by the patch tests: compiling files and texts with both front ends, a program's structure.
#pragma once

#include "frontend/gcl/frontend.h"
#include "frontend/source.h"
#include "ir/printer.h"
#include "ir/validate.h"
#include "repair/patch/patch.h"
#ifdef LOCUS_WITH_C
#include "frontend/c/frontend.h"
#endif

#include <algorithm>
#include <filesystem>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

namespace locus::testing {

namespace fs = std::filesystem;
using repair::patch::Language;
using repair::patch::languageOf;

struct Compiled {
  SourceManager sm;
  std::optional<ir::Program> prog;
  std::string errors;
};

inline std::unique_ptr<Compiled> compile(const std::string &path, const std::string *text = nullptr) {
  auto c = std::make_unique<Compiled>();
  Diagnostics diags(c->sm);
  if (!text)
    c->prog = frontend::compileSource(path, c->sm, diags);
  else if (languageOf(path) == Language::Gcl)
    c->prog = gcl::compileText(path, *text, c->sm, diags);
#ifdef LOCUS_WITH_C
  else
    c->prog = c::compileText(path, *text, c->sm, diags);
#endif
  if (c->prog && !ir::validate(*c->prog).empty())
    c->prog.reset();
  std::ostringstream os;
  diags.print(os, false);
  c->errors = os.str();
  return c;
}

/// The program's structure: no ids, locations, ranges or assert messages (C quotes source text there).
inline std::string structure(ir::Program prog) {
  ir::clearSourceInfo(prog);
  ir::forEachStmt(prog, [](ir::Procedure &, ir::Stmt &s) { s.message.clear(); });
  return ir::toString(prog, ir::PrintOptions{false, false});
}

inline std::vector<std::string> files(std::initializer_list<const char *> dirs, const char *ext) {
  std::vector<std::string> out;
  for (const char *d : dirs)
    for (const auto &e : fs::recursive_directory_iterator(fs::path(LOCUS_SOURCE_DIR) / d))
      if (e.is_regular_file() && e.path().extension() == ext)
        out.push_back(fs::relative(e.path(), LOCUS_SOURCE_DIR).string());
  std::sort(out.begin(), out.end());
  return out;
}

} // namespace locus::testing

// The specification options (spec_opts.h).
#include "tools/spec_opts.h"

#include "frontend/source.h"

namespace locus::tools {

void addSpecOptions(CLI::App *cmd, SpecStore &s, bool withTests) {
  cmd->add_option("--reference", s.reference,
                  "a reference program (.c or .gcl): the specification is that the program prints what it "
                  "prints and returns what it returns, on the same inputs");
  cmd->add_option("--reference-entry", s.referenceEntry,
                  "the reference's procedure to compare with (default: the entry's name)");
  if (!withTests)
    return;
  cmd->add_option(
      "--tests", s.tests,
      "a test suite: a file with one command line per line (`ARGS… [< INPUT]`), or a directory of "
      "NAME.in / NAME.out / NAME.args");
  cmd->add_option("--compare", s.compare, "how outputs are compared: exact, or tokens (white space ignored)")
      ->check(CLI::IsMember({"exact", "tokens"}))
      ->capture_default_str();
}

ir::Program compileReference(const std::string &file, const std::vector<std::string> &importPath,
                             report::Reporter &rep) {
  if (std::optional<std::string> why = SourceManager::unreadable(file))
    report::usageError("--reference: cannot read '" + file + "': " + *why);
  SourceManager sm;
  Diagnostics diags(sm);
  frontend::Options fo;
  fo.importPath = importPath;
  std::optional<ir::Program> ref = frontend::compileSource(file, sm, diags, fo);
  rep.diagnostics(diags);
  if (!ref)
    report::usageError("--reference: '" + file + "' does not compile");
  return std::move(*ref);
}

uint32_t referenceEntry(const ir::Program &ref, const SpecStore &s, const std::string &entryName) {
  std::string name = s.referenceEntry.empty() ? entryName : s.referenceEntry;
  uint32_t k = ref.procIndex(name);
  if (k == ir::kNone || ref.procs[k].isTest)
    report::usageError("--reference: no procedure '" + name + "' in " + s.reference +
                       " (choose one with --reference-entry)");
  return k;
}

ir::Product productWith(const ir::Program &prog, uint32_t entry, const ir::Program &ref, uint32_t refEntry) {
  std::string err;
  std::optional<ir::Product> p = ir::makeProduct(prog, entry, ref, refEntry, err);
  if (!p)
    report::usageError("--reference: " + err);
  return std::move(*p);
}

repair::Compare compareOf(const SpecStore &s) {
  repair::Compare c = repair::Compare::Exact;
  repair::parseCompare(s.compare, c);
  return c;
}

repair::Suite loadTests(const SpecStore &s) {
  std::string err;
  std::optional<repair::Suite> suite = repair::loadSuite(s.tests, err);
  if (!suite)
    report::usageError("--tests: " + err);
  return std::move(*suite);
}

std::string commandLineText(const ir::Program &prog, uint32_t entry, const std::vector<ir::Value> &args) {
  if (!repair::isCommandLineEntry(prog, entry) || args.empty())
    return "";
  std::string out;
  int64_t argc = args[0].i.toInt64().value_or(0);
  for (int64_t k = 1; k < argc && static_cast<size_t>(k + 1) < args.size(); ++k)
    out += (out.empty() ? "" : " ") + ir::toString(args[k + 1]);
  return out;
}

} // namespace locus::tools

// The shared options (options.h).
#include "tools/options.h"

#include "session/error.h"
#include "session/limits.h"

#include <fstream>

namespace locus::tools {

void addBoundOptions(CLI::App *cmd, session::Bounds &b, bool withAuto) {
  if (withAuto)
    cmd->add_option_function<std::string>(
           "--unwind",
           [&b](const std::string &v) {
             b.unwindAuto = v == "auto";
             if (b.unwindAuto)
               return;
             if (v.empty() || v.size() > 6 || v.find_first_not_of("0123456789") != std::string::npos ||
                 std::stoul(v) < 1 || std::stoul(v) > 100000)
               throw CLI::ValidationError("--unwind", "Value " + v + " not in range 1 to 100000");
             b.unwind = static_cast<uint32_t>(std::stoul(v));
           },
           "loop iterations and recursion depth explored; auto: 1, 2, 4, … up to --max-unwind, until "
           "the answer does not depend on the bound")
        ->type_name("K|auto")
        ->default_str(std::to_string(b.unwind));
  else
    cmd->add_option("--unwind", b.unwind, "loop iterations and recursion depth explored")
        ->check(CLI::Range(1u, 100000u))
        ->capture_default_str();
  cmd->add_option(
      "--unwind-loop", b.unwindLoop,
      "ID=K: the bound of one loop (repeatable; over its `unwind K` annotation): ID is its statement "
      "id as `locus ir` prints it (#ID), or @LINE / @LINE:COL in FILE");
  cmd->add_option(
      "--unwind-proc", b.unwindProc,
      "NAME=K: the recursion bound of one procedure (repeatable; over its `unwind K` annotation)");
  cmd->add_option("--heap", b.heap, "nodes `new` may allocate (one more is a heap-bound failure)")
      ->capture_default_str();
  cmd->add_option("--input-nodes", b.inputNodes,
                  "nodes in the heap at the start, per record type reachable from the entry's reference "
                  "parameters (their fields are free inputs; 0: reference parameters are null)")
      ->capture_default_str();
  cmd->add_option("--input-shape", b.inputShape,
                  "SHAPE:FIELD,…: assume the input heap has this shape through these reference fields "
                  "(FIELD or RECORD.FIELD; repeatable): acyclic (no cycle: null-terminated lists) or tree "
                  "(acyclic, and no input node pointed to twice)")
      ->type_name("SHAPE:FIELDS");
  cmd->add_option("--ints", b.ints, "integer semantics: math (unbounded) or bv32 (32-bit two's complement)")
      ->check(CLI::IsMember({"math", "bv32"}))
      ->capture_default_str();
  cmd->add_flag("--no-unwinding-assertions", b.noUnwindingAssertions,
                "assume the bounds suffice instead of checking it (unsound beyond the bounds)");
  cmd->add_option("--input-bytes", b.inputBytes,
                  "standard input: inputs of at most this many bytes are considered (free bytes)")
      ->check(CLI::Range(0u, 4096u))
      ->capture_default_str();
}

void addSpecOptions(CLI::App *cmd, session::SpecSource &s, bool withTests) {
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

void addMethodOptions(CLI::App *cmd, const std::vector<repair::OptionDecl> &decls,
                      repair::OptionValues &values) {
  for (const repair::OptionDecl &d : decls) {
    std::string flag = d.flag;
    if (d.kind == repair::OptionKind::Bool) {
      cmd->add_flag_function(
          flag, [&values, flag](int64_t) { values.set(flag, "true"); }, d.helpLine());
      continue;
    }
    cmd->add_option_function<std::string>(
           flag, [&values, flag](const std::string &v) { values.set(flag, v); }, d.helpLine())
        ->type_name(d.kind == repair::OptionKind::Unsigned  ? "UINT"
                    : d.kind == repair::OptionKind::Integer ? "INT"
                                                            : "TEXT")
        ->default_str(d.defaultText);
  }
}

void addHtmlOption(CLI::App *cmd, std::string &file, const std::string &what) {
  cmd->add_option("--html", file,
                  "also write a self-contained HTML report to this file: the answer, the source, " + what);
}

void writeOptionFile(const std::string &option, const std::string &path, const std::string &text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  if (!out)
    session::usageError(option + ": cannot write '" + path + "'");
}

void addMemoryOption(CLI::App *cmd, size_t &mb) {
  cmd->add_option("--memory", mb,
                  "the memory in MB the command may allocate beyond what locus has mapped at its start (the "
                  "address-space limit, also of the solver processes it starts); running out exits 3")
      ->check(CLI::Range(size_t(1), size_t(1) << 30));
}

CLI::Validator timeLimitCheck() {
  return CLI::Validator([](std::string &text) { return session::checkTimeLimit(text); }, "SECONDS");
}

} // namespace locus::tools

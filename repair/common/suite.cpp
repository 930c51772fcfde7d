// Test suites: reading them, command lines as entry arguments, running them against their expectations.
#include "repair/common/suite.h"

#include "ir/io.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

namespace locus::repair {

namespace fs = std::filesystem;

namespace {

std::optional<std::string> readFile(const fs::path &p, std::string &err) {
  std::error_code ec;
  if (!fs::is_regular_file(p, ec)) {
    err = "cannot read '" + p.string() + "': " + (fs::exists(p, ec) ? "not a file" : "no such file");
    return std::nullopt;
  }
  std::ifstream in(p, std::ios::binary);
  if (!in) {
    err = "cannot read '" + p.string() + "'";
    return std::nullopt;
  }
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

/// Splits a line into words: white space separates, '…' and "…" quote, \ escapes the next character.
/// `<` (alone or before a word) marks the standard-input file; a `#` starting a word starts a comment.
bool splitWords(const std::string &line, std::vector<std::string> &words, std::optional<std::string> &input,
                std::string &err) {
  size_t i = 0;
  bool nextIsInput = false;
  while (true) {
    while (i < line.size() && ir::isSpaceByte(static_cast<unsigned char>(line[i])))
      ++i;
    if (i >= line.size())
      break;
    if (line[i] == '#')
      break;
    bool redirect = false;
    if (line[i] == '<') {
      redirect = true;
      ++i;
      while (i < line.size() && ir::isSpaceByte(static_cast<unsigned char>(line[i])))
        ++i;
      if (i >= line.size()) {
        err = "'<' without a file";
        return false;
      }
    }
    std::string w;
    while (i < line.size() && !ir::isSpaceByte(static_cast<unsigned char>(line[i]))) {
      char c = line[i];
      if (c == '\\' && i + 1 < line.size()) {
        w += line[i + 1];
        i += 2;
      } else if (c == '\'' || c == '"') {
        size_t close = line.find(c, i + 1);
        if (close == std::string::npos) {
          err = std::string("unterminated quote ") + c;
          return false;
        }
        w += line.substr(i + 1, close - i - 1);
        i = close + 1;
      } else {
        w += c;
        ++i;
      }
    }
    if (redirect || nextIsInput) {
      if (input) {
        err = "two standard inputs";
        return false;
      }
      input = w;
      nextIsInput = false;
    } else {
      words.push_back(std::move(w));
    }
  }
  return true;
}

std::optional<Suite> loadFile(const fs::path &path, std::string &err) {
  std::optional<std::string> text = readFile(path, err);
  if (!text)
    return std::nullopt;
  Suite suite;
  suite.path = path.string();
  std::istringstream in(*text);
  std::string line;
  for (unsigned no = 1; std::getline(in, line); ++no) {
    if (!line.empty() && line.back() == '\r')
      line.pop_back();
    std::vector<std::string> words;
    std::optional<std::string> inputFile;
    std::string why;
    if (!splitWords(line, words, inputFile, why)) {
      err = path.string() + ":" + std::to_string(no) + ": " + why;
      return std::nullopt;
    }
    if (words.empty() && !inputFile) {
      size_t b = line.find_first_not_of(" \t");
      if (b == std::string::npos || line[b] == '#')
        continue; // blank or a comment
    }
    SuiteTest t;
    t.name = "line " + std::to_string(no);
    t.args = std::move(words);
    if (inputFile) {
      fs::path f =
          fs::path(*inputFile).is_absolute() ? fs::path(*inputFile) : path.parent_path() / *inputFile;
      std::optional<std::string> data = readFile(f, why);
      if (!data) {
        err = path.string() + ":" + std::to_string(no) + ": " + why;
        return std::nullopt;
      }
      t.input = std::move(*data);
      t.inputFile = f.string();
    }
    suite.tests.push_back(std::move(t));
  }
  return suite;
}

std::optional<Suite> loadDirectory(const fs::path &dir, std::string &err) {
  std::map<std::string, std::map<std::string, fs::path>> byName; // NAME → extension → file
  std::error_code ec;
  for (const fs::directory_entry &e : fs::directory_iterator(dir, ec)) {
    if (!e.is_regular_file(ec))
      continue;
    std::string ext = e.path().extension().string();
    if (ext == ".in" || ext == ".out" || ext == ".args")
      byName[e.path().stem().string()][ext] = e.path();
  }
  if (ec) {
    err = "cannot read the directory '" + dir.string() + "': " + ec.message();
    return std::nullopt;
  }
  Suite suite;
  suite.path = dir.string();
  for (const auto &[name, files] : byName) {
    SuiteTest t;
    t.name = name;
    std::string why;
    if (auto it = files.find(".in"); it != files.end()) {
      std::optional<std::string> data = readFile(it->second, err);
      if (!data)
        return std::nullopt;
      t.input = std::move(*data);
      t.inputFile = it->second.string();
    }
    if (auto it = files.find(".out"); it != files.end()) {
      std::optional<std::string> data = readFile(it->second, err);
      if (!data)
        return std::nullopt;
      t.expected = std::move(*data);
    }
    if (auto it = files.find(".args"); it != files.end()) {
      std::optional<std::string> data = readFile(it->second, err);
      if (!data)
        return std::nullopt;
      std::string line = data->substr(0, data->find('\n'));
      if (!line.empty() && line.back() == '\r')
        line.pop_back();
      std::optional<std::string> redirect;
      if (!splitWords(line, t.args, redirect, why) || redirect) {
        err = it->second.string() + ": " + (redirect ? std::string("'<' in an arguments file") : why);
        return std::nullopt;
      }
    }
    suite.tests.push_back(std::move(t));
  }
  return suite;
}

} // namespace

std::optional<Suite> loadSuite(const std::string &path, std::string &err) {
  std::error_code ec;
  if (fs::is_directory(path, ec))
    return loadDirectory(path, err);
  return loadFile(path, err);
}

bool parseCompare(const std::string &name, Compare &out) {
  if (name == "exact")
    out = Compare::Exact;
  else if (name == "tokens")
    out = Compare::Tokens;
  else
    return false;
  return true;
}

bool isCommandLineEntry(const ir::Program &prog, uint32_t entry) {
  if (entry >= prog.procs.size())
    return false;
  const ir::Procedure &p = prog.procs[entry];
  if (p.params.empty() || p.vars[p.params[0]].name != "argc" || !p.vars[p.params[0]].type.isInt())
    return false;
  for (size_t k = 1; k < p.params.size(); ++k) {
    const ir::Var &v = p.vars[p.params[k]];
    if (v.name != "argv_" + std::to_string(k - 1) || !v.type.isInt())
      return false;
  }
  return true;
}

std::optional<std::vector<ir::Value>> entryArgs(const ir::Program &prog, uint32_t entry,
                                                const std::vector<std::string> &args,
                                                const std::string &program, std::string &err) {
  const ir::Procedure &p = prog.procs.at(entry);
  std::vector<ir::Value> out;
  if (p.params.empty())
    return out; // like C's main(void): the arguments are not read
  if (isCommandLineEntry(prog, entry)) {
    out.push_back(ir::Value::ofInt(ir::BigInt(static_cast<int64_t>(args.size()) + 1)));
    for (size_t k = 1; k < p.params.size(); ++k) {
      const std::string *a = k == 1 ? &program : k - 2 < args.size() ? &args[k - 2] : nullptr;
      out.push_back(ir::Value::ofInt(a ? ir::strtolValue(*a) : ir::BigInt(0)));
    }
    return out;
  }
  if (args.size() != p.params.size()) {
    err = "'" + p.name + "' takes " + std::to_string(p.params.size()) + " argument" +
          (p.params.size() == 1 ? "" : "s") + ", the test gives " + std::to_string(args.size());
    return std::nullopt;
  }
  for (size_t k = 0; k < args.size(); ++k) {
    const ir::Var &v = p.vars[p.params[k]];
    if (v.type.kind == ir::Type::Bool && (args[k] == "true" || args[k] == "false")) {
      out.push_back(ir::Value::ofBool(args[k] == "true"));
      continue;
    }
    std::optional<ir::BigInt> n = v.type.isInt() ? ir::BigInt::parse(args[k]) : std::nullopt;
    if (!n) {
      err = "argument " + std::to_string(k + 1) + " ('" + args[k] + "') is not a value of parameter '" +
            v.name + "'";
      return std::nullopt;
    }
    out.push_back(ir::Value::ofInt(*n));
  }
  return out;
}

const char *statusName(SuiteResult::Status s) {
  switch (s) {
  case SuiteResult::Status::Pass: return "PASS";
  case SuiteResult::Status::Fail: return "FAIL";
  case SuiteResult::Status::Unknown: return "UNKNOWN";
  case SuiteResult::Status::Error: return "ERROR";
  case SuiteResult::Status::Skipped: return "SKIP";
  }
  return "?";
}

std::vector<SuiteResult> runSuite(const RunTarget &target, const Suite &suite, const RunTarget *reference,
                                  Compare compare, const ir::InterpOptions &opts,
                                  const SuiteRunOptions &how) {
  std::vector<SuiteResult> results;
  for (const SuiteTest &t : suite.tests) {
    SuiteResult r;
    r.run.proc = target.entry;
    std::string err;
    std::optional<std::vector<ir::Value>> args =
        entryArgs(*target.prog, target.entry, t.args, target.name, err);
    if (!args) {
      r.message = err;
      results.push_back(std::move(r));
      continue;
    }
    r.args = *args;
    r.input = t.input;
    ir::InterpOptions io = opts;
    io.input = t.input;
    io.recordCoverage = true;
    io.expect = ir::Expect{};
    if (reference) {
      std::optional<std::vector<ir::Value>> refArgs =
          entryArgs(*reference->prog, reference->entry, t.args, reference->name, err);
      if (!refArgs) {
        r.message = "the reference: " + err;
        results.push_back(std::move(r));
        continue;
      }
      ir::InterpOptions ro = opts;
      ro.input = t.input;
      ro.expect = ir::Expect{};
      ro.recordTrace = false;
      ir::Outcome ref = ir::Interpreter(*reference->prog, ro).run(reference->entry, *refArgs);
      if (ref.kind != ir::OutcomeKind::Ok) {
        r.status = SuiteResult::Status::Skipped;
        r.message = "the reference does not end ok on this test (" + std::string(ir::outcomeName(ref.kind)) +
                    (ref.message.empty() ? "" : ": " + ref.message) + "): left out";
        r.reference = std::move(ref);
        results.push_back(std::move(r));
        continue;
      }
      io.expect.output = ref.output;
      io.expect.tokens = compare == Compare::Tokens;
      if (how.referenceStepFactor > 0) {
        uint64_t limit = std::max(how.minSteps, ref.steps > opts.stepLimit / how.referenceStepFactor
                                                    ? opts.stepLimit
                                                    : ref.steps * how.referenceStepFactor);
        io.stepLimit = std::min(io.stepLimit, limit);
      }
      if (ref.result && ref.result->kind == ir::Type::Int)
        io.expect.status = ref.result->i;
      r.reference = std::move(ref);
    } else if (t.expected) {
      io.expect.output = *t.expected;
      io.expect.tokens = compare == Compare::Tokens;
    }
    if (io.expect.any())
      r.expect = io.expect;
    r.run.outcome = ir::Interpreter(*target.prog, io).run(target.entry, r.args);
    const ir::Outcome &o = r.run.outcome;
    switch (o.kind) {
    case ir::OutcomeKind::Ok: r.status = SuiteResult::Status::Pass; break;
    case ir::OutcomeKind::Failure:
      if (o.failure == ir::FailureKind::Requires && o.proc == target.entry && o.state.frames.size() <= 1) {
        r.status = SuiteResult::Status::Error;
        r.message = "the test's inputs are outside what the program models: " + o.message;
      } else {
        r.status = SuiteResult::Status::Fail;
        r.message = o.message;
      }
      break;
    case ir::OutcomeKind::Limit:
      r.status = SuiteResult::Status::Unknown;
      r.message = o.message;
      break;
    case ir::OutcomeKind::Infeasible:
    case ir::OutcomeKind::Error:
      r.status = SuiteResult::Status::Error;
      r.message = o.message;
      break;
    }
    results.push_back(std::move(r));
    if (how.stopAtFailure && (results.back().status == SuiteResult::Status::Fail ||
                              results.back().status == SuiteResult::Status::Error))
      break;
  }
  return results;
}

std::vector<TestRun> suiteRuns(const std::vector<SuiteResult> &results) {
  std::vector<TestRun> runs;
  for (const SuiteResult &r : results)
    if (r.status == SuiteResult::Status::Pass || r.status == SuiteResult::Status::Fail)
      runs.push_back(r.run);
  return runs;
}

Failure suiteFailure(const std::vector<SuiteResult> &results, size_t k, uint32_t entry,
                     const std::string &origin, ir::IntMode ints, uint32_t unwind) {
  const SuiteResult &r = results.at(k);
  Failure f;
  f.entry = entry;
  f.args = r.args;
  f.nondets = r.run.outcome.nondetDrawn;
  f.input = r.input;
  f.run = r.run.outcome;
  f.origin = origin;
  f.ints = ints;
  f.unwind = boundCovering(f.run, unwind);
  if (r.expect)
    f.expect = *r.expect;
  size_t index = 0;
  for (size_t i = 0; i < k; ++i)
    index += results[i].status == SuiteResult::Status::Pass || results[i].status == SuiteResult::Status::Fail;
  f.test = index;
  return f;
}

} // namespace locus::repair

// locus-cdiff: the differential test of the C front end against gcc. Every program of a folder is
// compiled with gcc (-fwrapv, bounds trapping) and linked with harness.cpp, then run on a set of inputs
// (the `// INPUTS: v1,v2,…` lines of the program — `// NONDET:` in the benchmark corpus — then seeds 1..N,
// the listed values first, then values drawn from seed 1); the same inputs drive
// `locus run x.c --ints bv32 --nondet … --seed …`. The outcome classes must be identical: `return N`
// (main's result modulo 256), `exit N` (exit(N), modulo 256), `abort`, `assert`, `bounds`, `div-by-zero`,
// `null-deref`, `infeasible`; and so must the standard output. A `// CMD: ARGS` line (optionally
// `// CMD: ARGS <<< TEXT`, TEXT the standard input with \n, \t, \\ escapes) is one more input: the command
// line and standard input of both runs (seed 1 for nondet values). Usage: locus-cdiff --locus L --gcc GCC
// --gxx GXX --work DIR [--seeds N] PROGRAM.c…
//
// `--random N [--seed S] [--batch K]` instead runs N random programs (generate.h), K to a file: each is run
// once by gcc and by `locus run --entry prog_I` in both integer modes, on the same nondet values. gcc builds
// each file twice: with -fwrapv (the oracle of --ints bv32; its sanitizer reports a shift amount out of
// range, which locus must fail on: `shift`) and without it, with the signed-overflow and shift sanitizers: a
// program whose run reports none must end alike in --ints math too (one that overflows is only compared in
// bv32). `--clang C --clangxx CXX` make that second build clang's: gcc folds some overflowing products with a
// constant (`-(b ? 127 : x) * 0x7fffffff`) at -O0 before its sanitizer sees them, clang does not. Outcomes:
// `value V` (the program's 64-bit checksum), `shift`, `div-by-zero`, …. `--verify-every K` also verifies
// every K-th program with its inputs fixed (`locus verify` in the modes it was compared in must prove gcc's
// checksum, or fail as gcc's run did; a program with arrays gets 1 second of solver time, and one that runs
// out of it counts as not verified).
#include "generate.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <sys/wait.h>
#include <vector>

namespace fs = std::filesystem;
using Json = nlohmann::json;

namespace {

std::string quote(const std::string &s) {
  std::string q = "'";
  for (char c : s)
    q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

std::string slurp(const fs::path &p) {
  std::ifstream in(p);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

/// Runs a shell command; its raw wait status.
int shell(const std::string &cmd) {
  return std::system(cmd.c_str());
}

struct Input {
  std::string nondet;               ///< comma-separated, may be empty
  std::string seed;                 ///< may be empty
  std::string args;                 ///< a command line (`// CMD:`), may be empty
  std::optional<std::string> input; ///< standard input
  std::string describe() const {
    return (nondet.empty() ? "" : "nondet=" + nondet + " ") + (seed.empty() ? "" : "seed=" + seed) +
           (args.empty() ? "" : " args='" + args + "'") + (input ? " stdin='" + *input + "'" : "");
  }
};

/// The standard input text of a `// CMD:` line: \n, \t and \\ decoded.
std::string unescape(const std::string &s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '\\' && i + 1 < s.size()) {
      char n = s[++i];
      out += n == 'n' ? '\n' : n == 't' ? '\t' : n;
    } else {
      out += s[i];
    }
  }
  return out;
}

/// The output a program printed before the harness's OUTCOME line (all of stdout when there is none).
std::string programOutput(const std::string &stdoutText) {
  size_t pos = stdoutText.rfind("OUTCOME ");
  return pos == std::string::npos ? stdoutText : stdoutText.substr(0, pos);
}

std::string gccOutcome(const fs::path &exe, const Input &in, const fs::path &out, std::string &printed) {
  std::string env = (in.nondet.empty() ? "" : "LOCUS_NONDET=" + quote(in.nondet) + " ") +
                    (in.seed.empty() ? "" : "LOCUS_SEED=" + in.seed + " ");
  fs::path inFile = out.string() + ".stdin";
  {
    std::ofstream f(inFile, std::ios::binary);
    f << in.input.value_or("");
  }
  int st = shell(env + "exec " + quote(exe.string()) + " " + in.args + " <" + quote(inFile.string()) + " >" +
                 quote(out.string()) + " 2>/dev/null");
  std::string text = slurp(out);
  printed = programOutput(text);
  if (auto pos = text.rfind("OUTCOME "); pos != std::string::npos) {
    std::string rest = text.substr(pos + 8);
    return rest.substr(0, rest.find('\n'));
  }
  if (WIFSIGNALED(st)) {
    switch (WTERMSIG(st)) {
    case SIGFPE: return "div-by-zero";
    case SIGSEGV: return "null-deref";
    case SIGILL: return "bounds";
    default: return "signal " + std::to_string(WTERMSIG(st));
    }
  }
  return "return " + std::to_string(WEXITSTATUS(st));
}

/// Runs a locus command whose stdout is a JSON document (stderr kept apart: sanitizer runtimes may write
/// there); the document, or nullopt with `err` set to what was printed.
std::optional<Json> runJson(const std::string &cmd, const fs::path &out, std::string &err) {
  fs::path errFile = out.string() + ".err";
  shell(cmd + " >" + quote(out.string()) + " 2>" + quote(errFile.string()));
  try {
    return Json::parse(slurp(out));
  } catch (const std::exception &) {
    err = slurp(out) + slurp(errFile);
    return std::nullopt;
  }
}

/// A decimal integer's value modulo 256 (0..255), whatever its size.
long long mod256(const std::string &v) {
  long long r = 0;
  for (char ch : v)
    if (ch >= '0' && ch <= '9')
      r = (r * 10 + (ch - '0')) % 256;
  return !v.empty() && v[0] == '-' ? (256 - r) % 256 : r;
}

std::string locusOutcome(const std::string &locus, const fs::path &prog, const Input &in,
                         const std::map<int, std::string> &kinds, const fs::path &out, std::string &printed,
                         const std::string &extra = " --ints bv32", bool fullResult = false) {
  fs::path inFile = out.string() + ".stdin";
  {
    std::ofstream f(inFile, std::ios::binary);
    f << in.input.value_or("");
  }
  std::string cmd = quote(locus) + " run " + quote(prog.string()) + " --json" + extra +
                    (in.nondet.empty() ? "" : " --nondet=" + quote(in.nondet)) +
                    (in.seed.empty() ? "" : " --seed " + in.seed) + " --stdin " + quote(inFile.string()) +
                    (in.args.empty() ? "" : " --argv " + quote(in.args));
  std::string err;
  std::optional<Json> doc = runJson(cmd, out, err);
  if (!doc)
    return "locus output is not JSON: " + err;
  const Json &j = *doc;
  printed = j.value("output", "");
  std::string outcome = j.value("outcome", "");
  if (outcome == "ok") {
    long long r = j.contains("result") ? mod256(j["result"].get<std::string>()) : 0;
    auto k = kinds.find(j.value("stmt", 0));
    if (k != kinds.end() && k->second == "halt")
      return "exit " + std::to_string(((r % 256) + 256) % 256); // exit(e): `halt e` sets main's result
    if (k != kinds.end() && k->second == "abort")
      return "abort";
    if (fullResult)
      return "value " + (j.contains("result") ? j["result"].get<std::string>() : std::string("none"));
    return "return " + std::to_string(((r % 256) + 256) % 256);
  }
  if (outcome == "failure") {
    std::string f = j.value("failure", "");
    if (f == "assert" && j.value("message", "").find("array index in bounds") != std::string::npos)
      return "bounds";
    if (f == "assert" && j.value("message", "").find("shift amount in range") != std::string::npos)
      return "shift";
    return f;
  }
  if (outcome == "infeasible")
    return outcome;
  return outcome + " " + j.value("message", "");
}

struct Gcc {
  std::string gcc, gxx;
  fs::path harnessObj;
  std::string strictCc, strictCxx; ///< the compiler of the overflow-checking build (clang: see runRandom)
};

/// Compiles and links `src` with the harness; false (and a message) when gcc fails.
bool build(const Gcc &g, const fs::path &src, const fs::path &exe, const std::string &flags,
           bool strict = false) {
  fs::path obj = exe.string() + ".o";
  // The strict build reports undefined shifts and overflows the compiler folds away at compile time (they
  // never reach the sanitizer): `(-8) << 31`.
  std::string warn = !strict ? " -w"
                     : g.strictCc.find("clang") != std::string::npos
                         ? " -Wno-everything -Wshift-negative-value -Winteger-overflow -Wshift-overflow"
                         : " -Wshift-negative-value -Woverflow -Wshift-overflow=2";
  std::string cc = quote(strict ? g.strictCc : g.gcc) + " -std=c11" + warn + " -O0 -DCDIFF_GCC " + flags +
                   " -c " + quote(src.string()) + " -o " + quote(obj.string());
  std::string ld = quote(strict ? g.strictCxx : g.gxx) + " " + flags + " " + quote(obj.string()) + " " +
                   quote(g.harnessObj.string()) + " -Wl,--wrap=exit,--wrap=abort -o " + quote(exe.string());
  if (shell(cc + " 2>" + quote(exe.string() + ".log")) != 0 ||
      shell(ld + " 2>>" + quote(exe.string() + ".log")) != 0) {
    std::cout << "FAIL " << src.filename().string() << ": gcc cannot build it (" << exe.string() << ".log)\n";
    return false;
  }
  return true;
}

/// A gcc run of one random program: its outcome and the first sanitizer report (empty: none).
struct GccRun {
  std::string outcome, report;
};
GccRun runGcc(const fs::path &exe, int which, const std::string &nondet, const fs::path &out) {
  GccRun r;
  fs::path err = out.string() + ".stderr";
  std::string env = "CDIFF_WHICH=" + std::to_string(which) + " LOCUS_NONDET=" + quote(nondet) + " ";
  int st =
      shell(env + "exec " + quote(exe.string()) + " >" + quote(out.string()) + " 2>" + quote(err.string()));
  std::string text = slurp(out);
  if (auto pos = text.rfind("OUTCOME "); pos != std::string::npos) {
    std::string rest = text.substr(pos + 8);
    r.outcome = rest.substr(0, rest.find('\n'));
  } else if (WIFSIGNALED(st)) {
    r.outcome = WTERMSIG(st) == SIGFPE ? "div-by-zero" : "signal " + std::to_string(WTERMSIG(st));
  } else {
    r.outcome = "exit " + std::to_string(WEXITSTATUS(st));
  }
  std::string e = slurp(err);
  if (auto pos = e.find("runtime error: "); pos != std::string::npos) {
    std::string rest = e.substr(pos + 15);
    r.report = rest.substr(0, rest.find('\n'));
  }
  return r;
}

bool isShiftReport(const std::string &report) {
  return report.rfind("shift exponent", 0) == 0;
}

/// The C literal of a 64-bit value (LLONG_MIN has none: it is written as an expression).
std::string longLiteral(const std::string &v) {
  return v == "-9223372036854775808" ? "(-9223372036854775807LL - 1)" : "(" + v + "LL)";
}

/// `locus verify` of one random program with its inputs fixed: a file whose nondet built-ins return the run's
/// values in order, and an entry asserting that the program gives gcc's checksum (`expected`: `value V`, or
/// a failure kind the program must fail with). The verifier's answer as an outcome: `value V` when SAFE, the
/// failure kind when FAILED, `timeout` when the solver ran out of `timeout` seconds (0: no limit).
std::string verifyOutcome(const std::string &locus, const cdiff::Program &p,
                          const std::vector<std::string> &values, const std::string &expected,
                          const std::string &mode, const fs::path &file, const fs::path &out, int timeout) {
  std::ostringstream t;
  t << "// locus-cdiff --random --verify-every: " << p.entry << " with its inputs fixed\n"
    << cdiff::prelude() << "static int cdiff_k;\nstatic long long cdiff_input(void) {\n  cdiff_k++;\n";
  for (size_t i = 0; i < values.size(); ++i)
    t << "  if (cdiff_k == " << i + 1 << ")\n    return " << longLiteral(values[i]) << ";\n";
  t << "  return 0;\n}\n"
    << cdiff::nondetDefinitions("cdiff_input") << "\n"
    << p.text << "\nextern void __VERIFIER_assert(int);\nvoid cdiff_check(void) {\n";
  bool value = expected.rfind("value ", 0) == 0;
  t << "  __VERIFIER_assert(" << p.entry << "() == " << (value ? expected.substr(6) : "0") << "ull);\n}\n";
  std::ofstream(file) << t.str();
  std::string err;
  std::optional<Json> doc = runJson(quote(locus) + " verify " + quote(file.string()) +
                                        " --entry cdiff_check --unwind 4 --json --ints " + mode +
                                        (timeout > 0 ? " --timeout " + std::to_string(timeout) : ""),
                                    out, err);
  if (!doc)
    return "locus output is not JSON: " + err;
  std::string verdict = doc->value("verdict", "");
  if (verdict == "safe")
    return value ? expected : "safe";
  if (verdict == "failed" && doc->contains("property")) {
    const Json &prop = (*doc)["property"];
    std::string kind = prop.value("kind", ""), message = prop.value("message", "");
    if (kind == "assert" && message.find("shift amount in range") != std::string::npos)
      return "shift";
    if (kind == "assert" && message.find(p.entry + "() ==") != std::string::npos)
      return "a different value";
    return kind;
  }
  if (verdict == "unknown" && doc->value("reason", "").rfind("timeout", 0) == 0)
    return "timeout";
  return verdict + " " + doc->value("message", "");
}

/// `--random`: N generated programs, `batch` to a file, each run once by gcc and by locus in both modes.
int runRandom(const std::string &locus, const Gcc &g, const fs::path &work, int count, uint64_t seed,
              int batch, int verifyEvery) {
  int programs = 0, runs = 0, mismatches = 0, mathSkipped = 0, verified = 0, memory = 0, timeouts = 0;
  std::map<std::string, int> seen;
  for (int first = 0; first < count; first += batch) {
    int n = std::min(batch, count - first);
    fs::path src = work / ("random_" + std::to_string(seed) + "_" + std::to_string(first) + ".c");
    std::vector<cdiff::Program> progs;
    std::ostringstream text;
    text << "// locus-cdiff --random, seed " << seed << ", programs " << first << " to " << first + n - 1
         << "\n"
         << cdiff::prelude();
    std::vector<std::pair<int, int>> lines; // per program: its first and last line in the file
    auto lineCount = [&] {
      std::string cur = text.str();
      return static_cast<int>(std::count(cur.begin(), cur.end(), '\n'));
    };
    for (int k = 0; k < n; ++k) {
      progs.push_back(cdiff::generate(seed * 1000003 + static_cast<uint64_t>(first + k), first + k));
      text << "\n";
      int from = lineCount() + 1;
      text << progs.back().text;
      lines.push_back({from, lineCount()});
    }
    text << "\n#ifdef CDIFF_GCC\nint __cdiff_which(void);\nvoid __cdiff_value(unsigned long long);\n"
         << "int main(void) {\n  switch (__cdiff_which()) {\n";
    for (int k = 0; k < n; ++k)
      text << "  case " << k << ": __cdiff_value(" << progs[static_cast<size_t>(k)].entry << "()); break;\n";
    text << "  }\n  return 0;\n}\n#endif\n";
    std::ofstream(src) << text.str();
    fs::path wrapv = work / (src.stem().string() + "-wrapv"),
             strict = work / (src.stem().string() + "-strict");
    if (!build(g, src, wrapv, "-fwrapv -fsanitize=shift -fsanitize-recover=all") ||
        !build(g, src, strict, "-fsanitize=signed-integer-overflow,shift -fsanitize-recover=all", true)) {
      ++mismatches;
      continue;
    }
    // Lines where the compiler found an undefined shift or overflow in constants.
    std::vector<int> constantUb;
    {
      std::istringstream log(slurp(strict.string() + ".log"));
      std::string prefix = src.string() + ":";
      for (std::string l; std::getline(log, l);)
        if (l.rfind(prefix, 0) == 0 && l.find("warning:") != std::string::npos &&
            (l.find("shift") != std::string::npos || l.find("overflow") != std::string::npos))
          constantUb.push_back(std::atoi(l.c_str() + prefix.size()));
    }
    fs::path out = work / "out";
    for (int k = 0; k < n; ++k) {
      const cdiff::Program &p = progs[static_cast<size_t>(k)];
      bool foldedUb = std::any_of(constantUb.begin(), constantUb.end(), [&](int l) {
        return l >= lines[static_cast<size_t>(k)].first && l <= lines[static_cast<size_t>(k)].second;
      });
      std::vector<std::string> calls;
      for (int r = 0; r < p.rounds; ++r)
        calls.insert(calls.end(), p.nondets.begin(), p.nondets.end());
      std::string nondet;
      std::vector<std::string> values = cdiff::inputs(seed * 7919 + static_cast<uint64_t>(first + k), calls);
      for (const std::string &v : values)
        nondet += (nondet.empty() ? "" : ",") + v;
      GccRun a = runGcc(wrapv, k, nondet, out), b = runGcc(strict, k, nondet, out);
      std::string bv = isShiftReport(a.report) ? "shift" : a.outcome;
      // A run with signed overflow (or a left shift out of range) before any other report: math mode computes
      // the mathematical values, gcc does not. (Whether a shift amount is out of range is gcc's -fwrapv
      // build's word: clang reports `b <<= 31` of a _Bool, a left shift out of int's range, as "shift
      // exponent 31 is too large for 8-bit type '_Bool'".)
      bool mathComparable =
          !foldedUb && (b.report.empty() || (isShiftReport(a.report) && isShiftReport(b.report)));
      std::string math = bv;
      Input in{nondet, "", "", std::nullopt};
      std::map<int, std::string> kinds;
      std::string entry = " --entry " + p.entry;
      std::string printed; // (the random programs print nothing)
      std::string lb = locusOutcome(locus, src, in, kinds, out, printed, " --ints bv32" + entry, true);
      std::string lm = mathComparable
                           ? locusOutcome(locus, src, in, kinds, out, printed, " --ints math" + entry, true)
                           : math;
      ++programs;
      memory += p.memory ? 1 : 0;
      runs += mathComparable ? 2 : 1;
      mathSkipped += mathComparable ? 0 : 1;
      ++seen[bv.rfind("value ", 0) == 0 ? "value" : bv];
      if (lb != bv) {
        ++mismatches;
        std::cout << "MISMATCH " << src.string() << " " << p.entry << " --ints bv32 --nondet=" << nondet
                  << ": gcc '" << bv << "', locus '" << lb << "'\n";
      }
      if (lm != math) {
        ++mismatches;
        std::cout << "MISMATCH " << src.string() << " " << p.entry << " --ints math --nondet=" << nondet
                  << ": gcc '" << math << "', locus '" << lm << "'\n";
      }
      // The verifier on the same program with its inputs fixed (gcc's outcome: a value, a div-by-zero or a
      // shift failure).
      if (verifyEvery > 0 && (first + k) % verifyEvery == 0 &&
          (bv.rfind("value ", 0) == 0 || bv == "div-by-zero" || bv == "shift")) {
        // (bv32 only: in math mode the bit operations on 64-bit values become arithmetic the solvers take
        // minutes over.)
        for (const std::string &mode : {std::string("bv32")}) {
          fs::path vf = work / (p.entry + "_" + std::to_string(seed) + "_" + mode + ".c");
          std::string want = mode == "bv32" ? bv : math;
          // The solvers take minutes over some programs with arrays (z3 and cvc5 alike, though every input is
          // fixed: the array theory does not fold away): those get 1 second and, when they run out, count
          // as not verified.
          std::string got = verifyOutcome(locus, p, values, want, mode, vf, out, p.memory ? 1 : 0);
          ++verified;
          if (got == "timeout" && p.memory) {
            ++timeouts;
          } else if (got != want) {
            ++mismatches;
            std::cout << "MISMATCH " << vf.string() << " locus verify --ints " << mode << ": gcc '" << want
                      << "', locus '" << got << "'\n";
          }
        }
      }
    }
  }
  std::cout << programs << " random programs (seed " << seed << "; " << memory
            << " with arrays and pointers), " << runs << " locus runs (" << mathSkipped
            << " with signed overflow: bv32 only), " << verified << " locus verify (" << timeouts
            << " of them out of time);";
  for (const auto &[k, v] : seen)
    std::cout << " " << k << " x" << v;
  std::cout << "; " << mismatches << " mismatches\n";
  return mismatches ? 1 : 0;
}

} // namespace

int main(int argc, char **argv) {
  std::string locus, gcc = "gcc", gxx = "g++", work = "cdiff-work", harness, clang, clangxx;
  int seeds = 20, random = 0, batch = 10, verifyEvery = 0;
  uint64_t seed = 1;
  std::vector<std::string> progs;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto val = [&]() -> std::string {
      if (i + 1 >= argc) {
        std::cerr << "locus-cdiff: " << a << " needs a value\n";
        std::exit(2);
      }
      return argv[++i];
    };
    if (a == "--locus")
      locus = val();
    else if (a == "--gcc")
      gcc = val();
    else if (a == "--gxx")
      gxx = val();
    else if (a == "--clang")
      clang = val();
    else if (a == "--clangxx")
      clangxx = val();
    else if (a == "--work")
      work = val();
    else if (a == "--harness")
      harness = val();
    else if (a == "--seeds")
      seeds = std::stoi(val());
    else if (a == "--random")
      random = std::stoi(val());
    else if (a == "--seed")
      seed = std::stoull(val());
    else if (a == "--verify-every")
      verifyEvery = std::stoi(val());
    else if (a == "--batch")
      batch = std::max(1, std::stoi(val()));
    else
      progs.push_back(a);
  }
  if (locus.empty() || harness.empty() || (progs.empty() && random <= 0)) {
    std::cerr << "usage: locus-cdiff --locus L --harness harness.cpp [--gcc G] [--gxx G] [--work DIR] "
                 "[--seeds N] PROGRAM.c…\n"
                 "       locus-cdiff --locus L --harness harness.cpp … --random N [--seed S] [--batch K]\n";
    return 2;
  }
  fs::create_directories(work);
  fs::path harnessObj = fs::path(work) / "harness.o";
  if (shell(quote(gxx) + " -std=c++17 -O1 -c " + quote(harness) + " -o " + quote(harnessObj.string())) != 0) {
    std::cerr << "locus-cdiff: cannot compile the harness\n";
    return 2;
  }
  if (random > 0)
    return runRandom(locus,
                     Gcc{gcc, gxx, harnessObj, clang.empty() ? gcc : clang, clangxx.empty() ? gxx : clangxx},
                     fs::absolute(work), random, seed, batch, verifyEvery);
  int cases = 0, mismatches = 0;
  for (const std::string &p : progs) {
    fs::path prog = fs::absolute(p);
    std::string stem = prog.stem().string();
    fs::path obj = fs::path(work) / (stem + ".o"), exe = fs::path(work) / stem, out = fs::path(work) / "out";
    std::string cc = quote(gcc) +
                     " -std=c11 -w -O0 -fwrapv -fsanitize=bounds -fsanitize-undefined-trap-on-error -c " +
                     quote(prog.string()) + " -o " + quote(obj.string());
    std::string ld = quote(gxx) + " " + quote(obj.string()) + " " + quote(harnessObj.string()) +
                     " -Wl,--wrap=exit,--wrap=abort -o " + quote(exe.string());
    if (shell(cc) != 0 || shell(ld) != 0) {
      std::cout << "FAIL " << stem << ": gcc cannot build it\n";
      ++mismatches;
      continue;
    }
    // Statement kinds, to tell a halt from a return.
    std::map<int, std::string> kinds;
    std::string err;
    std::optional<Json> ir = runJson(quote(locus) + " ir --json " + quote(prog.string()), out, err);
    try {
      if (!ir)
        throw std::runtime_error(err);
      for (const Json &proc : ir->at("procedures"))
        for (const Json &s : proc.at("statements")) {
          std::string kind = s.at("kind").get<std::string>(), text = s.value("text", "");
          // a plain `halt` is abort(); `halt e` is exit(e)
          if (kind == "halt" && text.find("halt ") == std::string::npos)
            kind = "abort";
          kinds[s.at("id").get<int>()] = kind;
        }
    } catch (const std::exception &e) {
      std::cout << "FAIL " << stem << ": locus cannot compile it (" << e.what() << "):\n"
                << (ir ? ir->dump(2) : err) << "\n";
      ++mismatches;
      continue;
    }
    std::vector<Input> inputs;
    std::istringstream src(slurp(prog));
    for (std::string line; std::getline(src, line);) {
      if (line.rfind("// INPUTS:", 0) == 0 || line.rfind("// NONDET:", 0) == 0) {
        std::string v = line.substr(10);
        v.erase(0, v.find_first_not_of(" \t"));
        inputs.push_back({v, "1", "", std::nullopt});
      }
      if (line.rfind("// CMD:", 0) == 0) {
        std::string v = line.substr(7);
        Input in{"", "1", "", std::string()};
        if (size_t here = v.find("<<<"); here != std::string::npos) {
          std::string text = v.substr(here + 3);
          text.erase(0, text.find_first_not_of(' '));
          in.input = unescape(text);
          v = v.substr(0, here);
        }
        v.erase(0, v.find_first_not_of(" \t"));
        v.erase(v.find_last_not_of(" \t") + 1);
        in.args = v;
        inputs.push_back(in);
      }
    }
    for (int s = 1; s <= seeds; ++s)
      inputs.push_back({"", std::to_string(s), "", std::nullopt});
    std::map<std::string, int> seen;
    int before = mismatches;
    for (const Input &in : inputs) {
      std::string printedA, printedB;
      std::string a = gccOutcome(exe, in, out, printedA);
      std::string b = locusOutcome(locus, prog, in, kinds, out, printedB);
      ++cases;
      ++seen[a];
      if (a != b) {
        ++mismatches;
        std::cout << "MISMATCH " << stem << " " << in.describe() << ": gcc '" << a << "', locus '" << b
                  << "'\n";
      } else if (printedA != printedB) {
        ++mismatches;
        std::cout << "MISMATCH " << stem << " " << in.describe() << ": gcc printed '" << printedA
                  << "', locus printed '" << printedB << "'\n";
      }
    }
    std::cout << (mismatches > before ? "FAIL " : "OK ") << stem << ":";
    for (const auto &[k, n] : seen)
      std::cout << " " << k << " x" << n;
    std::cout << "\n";
  }
  std::cout << cases << " cases, " << mismatches << " mismatches\n";
  return mismatches ? 1 : 0;
}

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
#include <nlohmann/json.hpp>

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

std::string locusOutcome(const std::string &locus, const fs::path &prog, const Input &in,
                         const std::map<int, std::string> &kinds, const fs::path &out, std::string &printed) {
  fs::path inFile = out.string() + ".stdin";
  {
    std::ofstream f(inFile, std::ios::binary);
    f << in.input.value_or("");
  }
  std::string cmd = quote(locus) + " run " + quote(prog.string()) + " --json --ints bv32" +
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
    long long r = j.contains("result") ? std::stoll(j["result"].get<std::string>()) : 0;
    auto k = kinds.find(j.value("stmt", 0));
    if (k != kinds.end() && k->second == "halt")
      return "exit " + std::to_string(((r % 256) + 256) % 256); // exit(e): `halt e` sets main's result
    if (k != kinds.end() && k->second == "abort")
      return "abort";
    return "return " + std::to_string(((r % 256) + 256) % 256);
  }
  if (outcome == "failure") {
    std::string f = j.value("failure", "");
    if (f == "assert" && j.value("message", "").find("array index in bounds") != std::string::npos)
      return "bounds";
    return f;
  }
  if (outcome == "infeasible")
    return outcome;
  return outcome + " " + j.value("message", "");
}

} // namespace

int main(int argc, char **argv) {
  std::string locus, gcc = "gcc", gxx = "g++", work = "cdiff-work", harness;
  int seeds = 20;
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
    else if (a == "--work")
      work = val();
    else if (a == "--harness")
      harness = val();
    else if (a == "--seeds")
      seeds = std::stoi(val());
    else
      progs.push_back(a);
  }
  if (locus.empty() || harness.empty() || progs.empty()) {
    std::cerr << "usage: locus-cdiff --locus L --harness harness.cpp [--gcc G] [--gxx G] [--work DIR] "
                 "[--seeds N] PROGRAM.c…\n";
    return 2;
  }
  fs::create_directories(work);
  fs::path harnessObj = fs::path(work) / "harness.o";
  if (shell(quote(gxx) + " -std=c++17 -O1 -c " + quote(harness) + " -o " + quote(harnessObj.string())) != 0) {
    std::cerr << "locus-cdiff: cannot compile the harness\n";
    return 2;
  }
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

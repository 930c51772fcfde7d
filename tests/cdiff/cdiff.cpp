// locus-cdiff: the differential test of the C front end against gcc. Every program of a folder is
// compiled with gcc (-fwrapv, bounds trapping) and linked with harness.cpp, then run on a set of inputs
// (the `// INPUTS: v1,v2,…` lines of the program — `// NONDET:` in the benchmark corpus — then seeds 1..N,
// the listed values first, then values drawn from seed 1); the same inputs drive
// `locus run x.c --ints bv32 --nondet … --seed …`. The outcome classes must be identical: `return N`
// (main's result modulo 256), `halt` (exit/abort), `assert`, `bounds`, `div-by-zero`, `null-deref`,
// `infeasible`. Usage: locus-cdiff --locus L --gcc GCC --gxx GXX --work DIR [--seeds N] PROGRAM.c…
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
  std::string nondet; ///< comma-separated, may be empty
  std::string seed;   ///< may be empty
  std::string describe() const {
    return (nondet.empty() ? "" : "nondet=" + nondet + " ") + (seed.empty() ? "" : "seed=" + seed);
  }
};

std::string gccOutcome(const fs::path &exe, const Input &in, const fs::path &out) {
  std::string env = (in.nondet.empty() ? "" : "LOCUS_NONDET=" + quote(in.nondet) + " ") +
                    (in.seed.empty() ? "" : "LOCUS_SEED=" + in.seed + " ");
  int st = shell(env + "exec " + quote(exe.string()) + " >" + quote(out.string()) + " 2>/dev/null");
  std::string text = slurp(out);
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
                         const std::map<int, std::string> &kinds, const fs::path &out) {
  std::string cmd = quote(locus) + " run " + quote(prog.string()) + " --json --ints bv32" +
                    (in.nondet.empty() ? "" : " --nondet=" + quote(in.nondet)) +
                    (in.seed.empty() ? "" : " --seed " + in.seed);
  std::string err;
  std::optional<Json> doc = runJson(cmd, out, err);
  if (!doc)
    return "locus output is not JSON: " + err;
  const Json &j = *doc;
  std::string outcome = j.value("outcome", "");
  if (outcome == "ok") {
    auto k = kinds.find(j.value("stmt", 0));
    if (k != kinds.end() && k->second == "halt")
      return "halt";
    long long r = j.contains("result") ? std::stoll(j["result"].get<std::string>()) : 0;
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
        for (const Json &s : proc.at("statements"))
          kinds[s.at("id").get<int>()] = s.at("kind").get<std::string>();
    } catch (const std::exception &e) {
      std::cout << "FAIL " << stem << ": locus cannot compile it (" << e.what() << "):\n"
                << (ir ? ir->dump(2) : err) << "\n";
      ++mismatches;
      continue;
    }
    std::vector<Input> inputs;
    std::istringstream src(slurp(prog));
    for (std::string line; std::getline(src, line);)
      if (line.rfind("// INPUTS:", 0) == 0 || line.rfind("// NONDET:", 0) == 0) {
        std::string v = line.substr(10);
        v.erase(0, v.find_first_not_of(" \t"));
        inputs.push_back({v, "1"});
      }
    for (int s = 1; s <= seeds; ++s)
      inputs.push_back({"", std::to_string(s)});
    std::map<std::string, int> seen;
    int before = mismatches;
    for (const Input &in : inputs) {
      std::string a = gccOutcome(exe, in, out);
      std::string b = locusOutcome(locus, prog, in, kinds, out);
      ++cases;
      ++seen[a];
      if (a != b) {
        ++mismatches;
        std::cout << "MISMATCH " << stem << " " << in.describe() << ": gcc '" << a << "', locus '" << b
                  << "'\n";
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

// locus-bench-interp: the reference interpreter's speed on a few programs (steps per second), so that a
// change of its value representation (e.g. arbitrary-precision integers) is measured, not guessed.
// Usage: locus-bench-interp [--repeat N] [--ints math|bv32] FILE…  (prints a markdown table)
#include "frontend/source.h"
#include "ir/interp.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

using namespace locus;

int main(int argc, char **argv) {
  int repeat = 5;
  ir::IntMode ints = ir::IntMode::Math;
  std::vector<std::string> files;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--repeat" && i + 1 < argc)
      repeat = std::max(1, std::atoi(argv[++i]));
    else if (a == "--ints" && i + 1 < argc)
      ints = std::string(argv[++i]) == "bv32" ? ir::IntMode::BV32 : ir::IntMode::Math;
    else
      files.push_back(a);
  }
  if (files.empty()) {
    std::cerr << "usage: locus-bench-interp [--repeat N] [--ints math|bv32] FILE...\n";
    return 2;
  }
  std::printf("| program | outcome | steps | best s | median s | M steps/s (best) |\n");
  std::printf("|---|---|---:|---:|---:|---:|\n");
  for (const std::string &f : files) {
    SourceManager sm;
    Diagnostics diags(sm);
    std::optional<ir::Program> prog = frontend::compileSource(f, sm, diags);
    if (!prog) {
      diags.print(std::cerr);
      return 2;
    }
    uint32_t entry = prog->procIndex("main");
    if (entry == ir::kNone) {
      std::cerr << f << ": no procedure 'main'\n";
      return 2;
    }
    ir::InterpOptions opts;
    opts.ints = ints;
    opts.stepLimit = 100'000'000;
    opts.recordTrace = false;
    std::vector<double> secs;
    ir::Outcome last;
    for (int r = 0; r < repeat; ++r) {
      auto t0 = std::chrono::steady_clock::now();
      last = ir::Interpreter(*prog, opts).run(entry);
      secs.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    }
    std::sort(secs.begin(), secs.end());
    double best = secs.front(), median = secs[secs.size() / 2];
    std::printf("| %s | %s | %llu | %.4f | %.4f | %.2f |\n", f.c_str(), ir::outcomeName(last.kind),
                static_cast<unsigned long long>(last.steps), best, median, last.steps / best / 1e6);
  }
  return 0;
}

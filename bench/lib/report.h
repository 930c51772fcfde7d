// What every bench runner needs to report: markdown tables, cactus plots through gnuplot, a progress line,
// and a few statistics. Runners (bench/runners) fill these from their measurements.
#pragma once

#include <chrono>
#include <cstddef>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

namespace locus::bench {

/// A table printed as GitHub markdown; cells are already formatted. `alignRight[k]` right-aligns column k.
struct Table {
  std::vector<std::string> header;
  std::vector<bool> alignRight;
  std::vector<std::vector<std::string>> rows;
  std::string markdown() const;
};

/// One line of a cactus plot: the times (seconds) of the instances this configuration solved.
struct Series {
  std::string name;
  std::vector<double> seconds;
};

struct PlotResult {
  std::vector<std::string> files; ///< what was written (data, script, and the images that were rendered)
  std::string warning; ///< non-empty when gnuplot was missing or failed (data + script still written)
};

/// One line of a line plot: (x, y) points in order.
struct LineSeries {
  std::string name;
  std::vector<std::pair<double, double>> points;
};

struct LinePlot {
  std::string title, xlabel, ylabel;
  bool logY = false;
  std::string key = "top left";      ///< gnuplot's `set key` position
  std::string style = "linespoints"; ///< gnuplot's `with` style (e.g. "steps")
  std::vector<LineSeries> series;
};

/// Writes DIR/STEM.dat (one block per series) and DIR/STEM.gp and, when gnuplot is on PATH, renders
/// DIR/STEM.png and DIR/STEM.svg.
PlotResult writeLinePlot(const std::string &dir, const std::string &stem, const LinePlot &plot);

/// A cactus plot through writeLinePlot: x = number of instances solved, y = time per instance (sorted
/// ascending, log scale), one line per series.
PlotResult writeCactusPlot(const std::string &dir, const std::string &stem, const std::string &title,
                           const std::vector<Series> &series);

using Clock = std::chrono::steady_clock;
/// Seconds since `t`.
inline double since(Clock::time_point t) {
  return std::chrono::duration<double>(Clock::now() - t).count();
}

/// "0.012 s", "1.25 s", "73.1 s": three significant digits.
std::string seconds(double s);
/// "1.93×" — the ratio a / b; "–" when b is zero.
std::string ratio(double a, double b);

double median(std::vector<double> v);
double geometricMean(const std::vector<double> &v); ///< of the positive entries; 0 when there are none
/// The q-quantile (0 < q <= 1) by the nearest-rank method: the smallest value with at least q of the values
/// at or below it; 0 for no values.
double quantile(std::vector<double> v, double q);
/// "37.5 %" of k out of n (one decimal); "–" when n is zero.
std::string percent(size_t k, size_t n);
/// x with `digits` decimals.
std::string fixed(double x, int digits = 1);

/// Progress on stderr: a line redrawn in place on a terminal; otherwise (a log file, CI) a plain line at
/// every tenth of a run of at least 100 items, and nothing for shorter runs; nothing at all when not
/// `enabled` (a command printing JSON prints nothing else).
class Progress {
public:
  Progress(size_t total, std::string what, bool enabled = true);
  void step(const std::string &label); ///< one more item is starting
  void done();                         ///< erase the line
private:
  size_t total_, count_ = 0, tenths_ = 0;
  std::string what_;
  bool tty_, enabled_;
};

/// The command line that produced a result, shell-quoted, for the reproducibility line of a report.
std::string commandLine(int argc, char **argv);

} // namespace locus::bench

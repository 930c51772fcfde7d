// Markdown, gnuplot and progress helpers for the bench runners.
#include "bench/lib/report.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <unistd.h>

namespace locus::bench {

std::string Table::markdown() const {
  std::vector<size_t> width(header.size(), 3);
  auto cellWidth = [](const std::string &s) {
    size_t n = 0; // count code points, not bytes, so "×" and "–" line up
    for (unsigned char c : s)
      n += (c & 0xC0) != 0x80;
    return n;
  };
  for (size_t k = 0; k < header.size(); ++k)
    width[k] = std::max(width[k], cellWidth(header[k]));
  for (const auto &row : rows)
    for (size_t k = 0; k < row.size() && k < width.size(); ++k)
      width[k] = std::max(width[k], cellWidth(row[k]));
  auto right = [&](size_t k) { return k < alignRight.size() && alignRight[k]; };
  std::ostringstream os;
  auto line = [&](const std::vector<std::string> &cells) {
    os << "|";
    for (size_t k = 0; k < width.size(); ++k) {
      std::string c = k < cells.size() ? cells[k] : "";
      std::string pad(width[k] - cellWidth(c), ' ');
      os << " " << (right(k) ? pad + c : c + pad) << " |";
    }
    os << "\n";
  };
  line(header);
  os << "|";
  for (size_t k = 0; k < width.size(); ++k)
    os << (right(k) ? " " + std::string(width[k] - 1, '-') + ":" : " " + std::string(width[k], '-')) << " |";
  os << "\n";
  for (const auto &row : rows)
    line(row);
  return os.str();
}

namespace {
bool onPath(const std::string &program) {
  const char *path = std::getenv("PATH");
  if (!path)
    return false;
  std::istringstream in(path);
  std::string dir;
  while (std::getline(in, dir, ':'))
    if (!dir.empty() && access((std::filesystem::path(dir) / program).c_str(), X_OK) == 0)
      return true;
  return false;
}

std::string quoteGnuplot(const std::string &s) {
  std::string out = "\"";
  for (char c : s)
    out += c == '"' || c == '\\' ? std::string("\\") + c : std::string(1, c);
  return out + "\"";
}
} // namespace

PlotResult writeLinePlot(const std::string &dir, const std::string &stem, const LinePlot &plot) {
  PlotResult r;
  std::filesystem::create_directories(dir);
  std::filesystem::path base = std::filesystem::path(dir) / stem;
  // The data file has one gnuplot "index" block per series: x, y.
  {
    std::ofstream dat(base.string() + ".dat");
    dat << "# " << plot.title << ": one block per series; columns: " << plot.xlabel << ", " << plot.ylabel
        << "\n";
    for (const LineSeries &ls : plot.series) {
      dat << "# " << ls.name << "\n";
      for (const auto &[x, y] : ls.points)
        dat << x << " " << y << "\n";
      dat << "\n\n";
    }
  }
  r.files.push_back(base.string() + ".dat");
  // The script renders both formats; it takes the terminal from the variable `fmt`.
  {
    std::ofstream gp(base.string() + ".gp");
    gp << "# render with: gnuplot -e \"fmt='png'\" " << stem << ".gp (or fmt='svg')\n"
       << "if (!exists(\"fmt\")) fmt = 'png'\n"
       << "if (fmt eq 'svg') set terminal svg size 800,500 dynamic font 'sans,12'; "
          "else set terminal pngcairo size 800,500 font 'sans,11'\n"
       << "set output '" << stem << ".'.fmt\n"
       << "set title " << quoteGnuplot(plot.title) << "\n"
       << "set xlabel " << quoteGnuplot(plot.xlabel) << "\nset ylabel " << quoteGnuplot(plot.ylabel) << "\n"
       << (plot.logY ? "set logscale y\n" : "") << "set key " << plot.key << "\nset grid\n";
    gp << "plot ";
    for (size_t k = 0; k < plot.series.size(); ++k)
      gp << (k ? ", \\\n     " : "") << "'" << stem << ".dat' index " << k << " using 1:2 with " << plot.style
         << " title " << quoteGnuplot(plot.series[k].name);
    if (plot.series.empty())
      gp << "0 notitle";
    gp << "\n";
  }
  r.files.push_back(base.string() + ".gp");
  if (!onPath("gnuplot")) {
    r.warning = "gnuplot is not installed: wrote " + stem + ".dat and " + stem + ".gp but no image";
    return r;
  }
  for (const char *fmt : {"png", "svg"}) {
    std::string cmd = "cd '" + std::filesystem::absolute(dir).string() + "' && gnuplot -e \"fmt='" + fmt +
                      "'\" '" + stem + ".gp' 2>&1";
    FILE *p = popen(cmd.c_str(), "r");
    std::string out;
    char buf[256];
    while (p && fgets(buf, sizeof buf, p))
      out += buf;
    int rc = p ? pclose(p) : -1;
    if (rc != 0) {
      r.warning = std::string("gnuplot failed to render ") + fmt + ": " + out;
      continue;
    }
    r.files.push_back(base.string() + "." + fmt);
  }
  return r;
}

PlotResult writeCactusPlot(const std::string &dir, const std::string &stem, const std::string &title,
                           const std::vector<Series> &series) {
  LinePlot plot;
  plot.title = title;
  plot.xlabel = "instances solved";
  plot.ylabel = "time per instance (s)";
  plot.logY = true;
  for (const Series &s : series) {
    std::vector<double> t = s.seconds;
    std::sort(t.begin(), t.end());
    LineSeries ls{s.name, {}};
    for (size_t k = 0; k < t.size(); ++k)
      ls.points.emplace_back(static_cast<double>(k + 1), std::max(t[k], 1e-4));
    plot.series.push_back(std::move(ls));
  }
  return writeLinePlot(dir, stem, plot);
}

std::string seconds(double s) {
  char buf[32];
  if (s < 10)
    std::snprintf(buf, sizeof buf, "%.3g s", s);
  else
    std::snprintf(buf, sizeof buf, "%.1f s", s);
  return buf;
}

std::string ratio(double a, double b) {
  if (b <= 0)
    return "–";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f×", a / b);
  return buf;
}

double median(std::vector<double> v) {
  if (v.empty())
    return 0;
  std::sort(v.begin(), v.end());
  size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

double quantile(std::vector<double> v, double q) {
  if (v.empty())
    return 0;
  std::sort(v.begin(), v.end());
  size_t k = static_cast<size_t>(std::ceil(q * static_cast<double>(v.size())));
  return v[std::min(v.size() - 1, k == 0 ? 0 : k - 1)];
}

std::string percent(size_t k, size_t n) {
  if (n == 0)
    return "–";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f %%", 100.0 * static_cast<double>(k) / static_cast<double>(n));
  return buf;
}

std::string fixed(double x, int digits) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.*f", digits, x);
  return buf;
}

double geometricMean(const std::vector<double> &v) {
  double logSum = 0;
  size_t n = 0;
  for (double x : v)
    if (x > 0) {
      logSum += std::log(x);
      ++n;
    }
  return n ? std::exp(logSum / static_cast<double>(n)) : 0;
}

Progress::Progress(size_t total, std::string what, bool enabled)
    : total_(total), what_(std::move(what)), tty_(isatty(STDERR_FILENO)), enabled_(enabled) {}

void Progress::step(const std::string &label) {
  ++count_;
  if (!enabled_)
    return;
  if (!tty_) {
    if (total_ < 100 || count_ * 10 / total_ == tenths_)
      return;
    tenths_ = count_ * 10 / total_;
    std::cerr << what_ << ": " << count_ << "/" << total_ << " started (" << tenths_ * 10 << " %)\n";
    return;
  }
  std::string text = "[" + std::to_string(count_) + "/" + std::to_string(total_) + "] " + what_ + " " + label;
  if (text.size() > 100)
    text = text.substr(0, 97) + "...";
  std::cerr << "\r\033[K" << text << std::flush;
}

void Progress::done() {
  if (tty_ && enabled_)
    std::cerr << "\r\033[K" << std::flush;
}

std::string commandLine(int argc, char **argv) {
  std::string out;
  for (int k = 0; k < argc; ++k) {
    std::string a = argv[k];
    if (k == 0)
      a = std::filesystem::path(a).filename().string();
    bool plain =
        !a.empty() && a.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
                                          "-_./=:,+@%") == std::string::npos;
    if (!plain) {
      std::string q = "'";
      for (char c : a)
        q += c == '\'' ? std::string("'\\''") : std::string(1, c);
      a = q + "'";
    }
    out += (k ? " " : "") + a;
  }
  return out;
}

} // namespace locus::bench

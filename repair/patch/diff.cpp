// Unified diff: the common prefix and suffix are cut off, the middle is aligned by a longest common
// subsequence of lines (the patches locus prints change few lines of small files).
#include "repair/patch/diff.h"

#include <algorithm>
#include <vector>

namespace locus::repair::patch {

namespace {

struct Line {
  std::string text; ///< without its newline
  bool newline = true;
};

std::vector<Line> splitLines(const std::string &s) {
  std::vector<Line> out;
  size_t pos = 0;
  while (pos < s.size()) {
    size_t e = s.find('\n', pos);
    if (e == std::string::npos) {
      out.push_back({s.substr(pos), false});
      break;
    }
    out.push_back({s.substr(pos, e - pos), true});
    pos = e + 1;
  }
  return out;
}

bool same(const Line &a, const Line &b) {
  return a.text == b.text && a.newline == b.newline;
}

enum class Op { Keep, Del, Add };

} // namespace

std::string unifiedDiff(const std::string &path, const std::string &before, const std::string &after,
                        unsigned context) {
  if (before == after)
    return "";
  std::vector<Line> a = splitLines(before), b = splitLines(after);
  size_t pre = 0;
  while (pre < a.size() && pre < b.size() && same(a[pre], b[pre]))
    ++pre;
  size_t suf = 0;
  while (suf < a.size() - pre && suf < b.size() - pre && same(a[a.size() - 1 - suf], b[b.size() - 1 - suf]))
    ++suf;
  size_t n = a.size() - pre - suf, m = b.size() - pre - suf;
  // lcs[i][j]: the longest common subsequence of a[pre+i..] and b[pre+j..] within the middle.
  std::vector<std::vector<uint32_t>> lcs(n + 1, std::vector<uint32_t>(m + 1, 0));
  for (size_t i = n; i-- > 0;)
    for (size_t j = m; j-- > 0;)
      lcs[i][j] =
          same(a[pre + i], b[pre + j]) ? lcs[i + 1][j + 1] + 1 : std::max(lcs[i + 1][j], lcs[i][j + 1]);
  // The edit script over all lines: (op, index into a or b).
  std::vector<std::pair<Op, size_t>> script;
  for (size_t k = 0; k < pre; ++k)
    script.push_back({Op::Keep, k});
  for (size_t i = 0, j = 0; i < n || j < m;) {
    if (i < n && j < m && same(a[pre + i], b[pre + j])) {
      script.push_back({Op::Keep, pre + i});
      ++i, ++j;
    } else if (i < n && (j == m || lcs[i + 1][j] >= lcs[i][j + 1])) {
      script.push_back({Op::Del, pre + i++}); // deletions before additions, as diff prints them
    } else {
      script.push_back({Op::Add, pre + j++});
    }
  }
  for (size_t k = 0; k < suf; ++k)
    script.push_back({Op::Keep, a.size() - suf + k});

  std::string out = "--- " + path + "\n+++ " + path + "\n";
  auto emit = [&](char mark, const Line &l) {
    out += mark;
    out += l.text;
    out += '\n';
    if (!l.newline)
      out += "\\ No newline at end of file\n";
  };
  size_t k = 0;
  while (k < script.size()) {
    if (script[k].first == Op::Keep) {
      ++k;
      continue;
    }
    // A hunk: back up `context` kept lines, run until `2 * context` kept lines in a row (or the end).
    size_t start = k;
    for (unsigned c = 0; c < context && start > 0 && script[start - 1].first == Op::Keep; ++c)
      --start;
    size_t end = k, kept = 0;
    for (size_t x = k; x < script.size(); ++x) {
      if (script[x].first == Op::Keep) {
        if (++kept > 2 * context)
          break;
      } else {
        kept = 0;
        end = x + 1;
      }
    }
    size_t stop = end;
    for (unsigned c = 0; c < context && stop < script.size() && script[stop].first == Op::Keep; ++c)
      ++stop;
    // Line numbers: the first line of each side in the hunk (1-based; a count of 0 names the line before).
    size_t aLine = 0, bLine = 0, aCount = 0, bCount = 0;
    for (size_t x = 0; x < start; ++x) {
      aLine += script[x].first != Op::Add;
      bLine += script[x].first != Op::Del;
    }
    for (size_t x = start; x < stop; ++x) {
      aCount += script[x].first != Op::Add;
      bCount += script[x].first != Op::Del;
    }
    out += "@@ -" + std::to_string(aCount ? aLine + 1 : aLine) +
           (aCount == 1 ? "" : "," + std::to_string(aCount)) + " +" +
           std::to_string(bCount ? bLine + 1 : bLine) + (bCount == 1 ? "" : "," + std::to_string(bCount)) +
           " @@\n";
    for (size_t x = start; x < stop; ++x) {
      auto [op, idx] = script[x];
      if (op == Op::Keep)
        emit(' ', a[idx]);
      else if (op == Op::Del)
        emit('-', a[idx]);
      else
        emit('+', b[idx]);
    }
    k = stop;
  }
  return out;
}

} // namespace locus::repair::patch

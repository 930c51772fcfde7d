// `repair --method format`: the candidate formats the output's difference suggests, and the string
// literals the patch writes them as (read back exactly, in C and GCL).
#include "repair/fix/fix.h"
#include "repair/fix/format.h"
#include "repair/patch/lex.h"

#include <doctest/doctest.h>

#include <algorithm>

using namespace locus;
using repair::patch::Language;

namespace {
bool has(const std::vector<std::string> &v, const std::string &s) {
  return std::find(v.begin(), v.end(), s) != v.end();
}
} // namespace

TEST_CASE("format candidates: text where the outputs differ, and conversions laid out otherwise") {
  // a trailing space printed that is not expected: deleted from the literal
  std::vector<std::string> c = fix::formatCandidates("%d \n", "0 \n", "0\n");
  CHECK(has(c, "%d\n"));
  // a missing final newline: inserted at every place between the format's pieces, the end among them
  c = fix::formatCandidates("%d", "7", "7\n");
  CHECK(has(c, "%d\n"));
  CHECK(has(c, "\n%d"));
  CHECK_FALSE(has(c, "%\nd")); // never inside a conversion
  // a precision: the float conversion's variants
  c = fix::formatCandidates("avg %.1f\n", "avg 6.5\n", "avg 6.50\n");
  CHECK(has(c, "avg %.2f\n"));
  CHECK(has(c, "avg %f\n"));
  // a width: left out
  c = fix::formatCandidates("min: %3d\n", "min:   1\n", "min: 1\n");
  CHECK(has(c, "min: %d\n"));
  // text replaced where the literal has it; the first differing line only
  c = fix::formatCandidates("x=%d\n", "x=5\ny\n", "x = 5\nz\n");
  CHECK(has(c, "x = %d\n"));
  // a percent sign expected: written `%%` in the format
  c = fix::formatCandidates("%d\n", "50\n", "50%\n");
  CHECK(has(c, "%d%%\n"));
  // the format itself is never a candidate; a long difference suggests no text edit
  c = fix::formatCandidates("%d\n", "1\n", "a much longer expected line\n");
  CHECK_FALSE(has(c, "%d\n"));
  CHECK(std::none_of(c.begin(), c.end(),
                     [](const std::string &s) { return s.find("longer") != std::string::npos; }));
}

TEST_CASE("the format hint: only where the text around the values differs") {
  // a wrong value in the same text: no format edit fixes it
  CHECK(fix::onlyValuesDiffer("ok\nday 60 of 365\n", "ok\nday 61 of 366\n"));
  CHECK(fix::onlyValuesDiffer("-3\n", "4\n"));
  CHECK(fix::onlyValuesDiffer("avg 6.25\n", "avg 6.50\n"));
  // the text, the layout or the precision differs: a format may
  CHECK_FALSE(fix::onlyValuesDiffer("sum 3\n", "sum: 3\n"));
  CHECK_FALSE(fix::onlyValuesDiffer("avg 6.5\n", "avg 6.50\n"));
  CHECK_FALSE(fix::onlyValuesDiffer("   7\n", "7\n"));
  CHECK_FALSE(fix::onlyValuesDiffer("7 \n", "7\n"));
  CHECK_FALSE(fix::onlyValuesDiffer("7", "7\n"));
  CHECK_FALSE(fix::onlyValuesDiffer("same\n", "same\n"));
}

TEST_CASE("string literals: read and written back exactly") {
  CHECK(repair::patch::literalValue("\"a\\n\\t\\\"b\\\\\"", Language::C) == std::string("a\n\t\"b\\"));
  CHECK(repair::patch::literalValue("\"\\101\\x42\\0\"", Language::C) == std::string("AB\0", 3));
  CHECK(repair::patch::literalValue("\"\\x41\"", Language::Gcl) == std::string("A"));
  CHECK_FALSE(repair::patch::literalValue("\"\\101\"", Language::Gcl)); // no octal escapes in GCL
  CHECK_FALSE(repair::patch::literalValue("'a'", Language::C));
  CHECK_FALSE(repair::patch::literalValue("\"a\" \"b\"", Language::C));
  for (Language lang : {Language::C, Language::Gcl})
    for (std::string bytes : {std::string("sum: %d\n"), std::string("tab\there \"q\" \\"),
                              std::string("\x01"
                                          "7",
                                          2),
                              std::string("\x7f\xff", 2)}) {
      std::string text = repair::patch::literalText(bytes, lang);
      INFO(text);
      CHECK(repair::patch::literalValue(text, lang) == bytes);
    }
  // C's hexadecimal escapes take every hex digit: a byte before a digit is written in octal
  CHECK(repair::patch::literalText(std::string("\x01"
                                               "7",
                                               2),
                                   Language::C) == "\"\\0017\"");
}

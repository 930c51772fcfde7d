// Unit tests of Diagnostics (format, error limit, long and binary source lines) and of SourceManager's
// reasons for not reading a file (issue 11 item 9 and the messages list).
#include "ir/diagnostics.h"
#include "ir/source.h"

#include <filesystem>
#include <fstream>
#include <sstream>

#include <doctest/doctest.h>

using namespace locus;

TEST_CASE("the error limit keeps the first errors and counts the rest") {
  SourceManager sm;
  uint32_t f = sm.add("a.gcl", "x\n");
  Diagnostics d(sm);
  CHECK(d.errorLimit() == 20);
  d.setErrorLimit(3);
  for (int i = 0; i < 10; ++i) {
    d.error({f, 1, 1}, "error " + std::to_string(i));
    d.note({f, 1, 1}, "note " + std::to_string(i));
  }
  CHECK(d.errorCount() == 10);
  CHECK(d.dropped() == 7);
  CHECK(d.limitReached());
  CHECK(d.all().size() == 6); // three errors with their notes; the dropped errors' notes are dropped too
  std::ostringstream os;
  d.print(os, false);
  CHECK(os.str() == "a.gcl:1:1: error: error 0\na.gcl:1:1: note: note 0\na.gcl:1:1: error: error 1\n"
                    "a.gcl:1:1: note: note 1\na.gcl:1:1: error: error 2\na.gcl:1:1: note: note 2\n"
                    "locus: note: error limit reached (3, see --max-errors): 7 more errors not shown\n");
  Diagnostics all(sm);
  all.setErrorLimit(0);
  for (int i = 0; i < 100; ++i)
    all.error({f, 1, 1}, "e");
  CHECK(all.all().size() == 100);
  CHECK_FALSE(all.limitReached());
}

TEST_CASE("long source lines are shown as a window around the caret; binary bytes as '?'") {
  std::string line(5000, 'a');
  line[2500] = 'X';
  DisplayLine d = displayLine(line, 2501);
  CHECK(d.text.size() <= 106);
  CHECK(d.text.substr(0, 3) == "...");
  CHECK(d.text.substr(d.text.size() - 3) == "...");
  REQUIRE(d.pad.size() < d.text.size());
  CHECK(d.text[d.pad.size()] == 'X');
  DisplayLine b = displayLine(std::string("a\x01\xff\xc3\xa9z\tq", 8), 8);
  CHECK(b.text == "a??\xc3\xa9z\tq"); // control and invalid bytes replaced, valid UTF-8 (é) kept
  CHECK(b.pad == "     \t");            // the caret under 'q': one column per character, tabs kept
  SourceManager sm;
  uint32_t f = sm.add("long.c", line + "\n");
  Diagnostics diags(sm);
  diags.error({f, 1, 2501}, "here");
  std::ostringstream os;
  diags.print(os);
  CHECK(os.str().size() < 300);
  CHECK(os.str().find("aaaX") != std::string::npos);
  CHECK(os.str().find("...") != std::string::npos);
}

TEST_CASE("a file that cannot be read says why; diagnostics without a file say locus") {
  namespace fs = std::filesystem;
  fs::path dir = fs::temp_directory_path() / "locus-test-diagnostics";
  fs::create_directories(dir);
  CHECK(SourceManager::unreadable(dir.string()) == std::optional<std::string>("is a directory"));
  CHECK(SourceManager::unreadable("/dev/null") == std::optional<std::string>("not a regular file"));
  CHECK(SourceManager::unreadable((dir / "missing.gcl").string()) == std::optional<std::string>("no such file"));
  std::ofstream((dir / "ok.gcl").string()) << "proc f() {}\n";
  CHECK_FALSE(SourceManager::unreadable((dir / "ok.gcl").string()));
  SourceManager sm;
  CHECK_FALSE(sm.load(dir.string()));
  CHECK(sm.load((dir / "ok.gcl").string()));
  SourceManager none;
  Diagnostics d(none);
  d.error({}, "cannot read 'x': is a directory");
  std::ostringstream os;
  d.print(os);
  CHECK(os.str() == "locus: error: cannot read 'x': is a directory\n");
  fs::remove_all(dir);
}

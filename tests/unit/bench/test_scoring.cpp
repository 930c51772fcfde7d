// Unit tests of the bench runners' scoring (bench/runners/scoring.h): the status of a verified version,
// detection counts, ground truth of a fault, lines examined and EXAM, the correctness of repairs, and the
// per-configuration tallies.
#include "bench/runners/scoring.h"

#include <doctest/doctest.h>

using namespace locus;
using namespace locus::bench;

namespace {

localize::Suspect suspect(uint32_t rank, uint32_t file, uint32_t line) {
  localize::Suspect s;
  s.rank = rank;
  s.loc = SourceLoc{file, line, 1};
  return s;
}

ir::Program twoFiles() {
  ir::Program p;
  p.files = {"a.gcl", "b.gcl"};
  return p;
}

Json verifyRun(const std::string &verdict) {
  return Json{{"verdict", verdict}, {"seconds", 0.1}};
}

} // namespace

TEST_CASE("classifyVersion: agreement, disagreement, errors and the pool's records") {
  std::vector<MethodKey> methods{{"verify/z3", "z3"}, {"verify/cvc5", "cvc5"}};
  std::string why;
  Json r{{"runs", {{"verify/z3", verifyRun("failed")}, {"verify/cvc5", verifyRun("failed")}}}};
  CHECK(classifyVersion(r, methods, why) == "failed");
  r["runs"]["verify/cvc5"] = verifyRun("safe");
  CHECK(classifyVersion(r, methods, why) == "disagree");
  r["runs"]["verify/z3"] = verifyRun("safe");
  CHECK(classifyVersion(r, methods, why) == "equivalent");
  // One solver undecided: the other's verdict counts.
  r["runs"]["verify/z3"] = Json{{"verdict", "unknown"}, {"reason", "timeout"}};
  why.clear();
  CHECK(classifyVersion(r, methods, why) == "equivalent");
  r["runs"]["verify/cvc5"] = Json{{"verdict", "internal-error"}, {"reason", "boom"}};
  why.clear();
  CHECK(classifyVersion(r, methods, why) == "error");
  CHECK(why == "cvc5: internal-error: boom");
  why.clear();
  CHECK(classifyVersion(Json{{"task", 3}, {"killed", "killed after 60 s"}}, methods, why) == "unknown");
  CHECK(why == "killed after 60 s");
  CHECK(classifyVersion(Json{{"task", 3}, {"crashed", "segfault"}}, methods, why) == "error");
  CHECK(classifyVersion(Json{{"error", "does not compile"}}, methods, why) == "error");
}

TEST_CASE("DetectionCounts: the detection rate leaves the equivalent versions out") {
  DetectionCounts c;
  for (const char *s : {"failed", "bound", "equivalent", "unknown", "disagree", "error"})
    c.add(s);
  CHECK(c.versions == 6);
  CHECK(c.detected() == 2);
  CHECK(c.nonEquivalent() == 5);
  CHECK(c.rate() == "40.0 %");
  CHECK(c.json()["detection_rate"].get<double>() == doctest::Approx(0.4));
  CHECK(DetectionCounts().rate() == "–");
}

TEST_CASE("linesExamined: the lines ranked before the fault plus half of its ties") {
  ir::Program prog = twoFiles();
  std::vector<Truth> truth{Truth{"a.gcl", 7, false, {}, "", {}, 0}};
  uint32_t rank = 0;
  // Ranked first alone: one line examined.
  CHECK(linesExamined(prog, {suspect(1, 0, 7), suspect(2, 0, 3)}, truth, &rank) == 1);
  CHECK(rank == 1);
  // Tied with two others at rank 2: 1 + (3 + 1) / 2 = 3 lines.
  CHECK(linesExamined(prog, {suspect(1, 0, 2), suspect(2, 0, 3), suspect(2, 0, 7), suspect(2, 0, 9)}, truth,
                      &rank) == 3);
  CHECK(rank == 2);
  // The same line number in another file is not the fault.
  CHECK(linesExamined(prog, {suspect(1, 1, 7)}, truth, &rank) == -1);
  // Of two ground-truth lines, the one reached first counts.
  truth.push_back(Truth{"b.gcl", 4, false, {}, "", {}, 0});
  CHECK(linesExamined(prog, {suspect(1, 0, 1), suspect(2, 1, 4), suspect(3, 0, 7)}, truth, &rank) == 2);
  CHECK(rank == 2);
}

TEST_CASE("a deleted statement is reached at the statement just before or after the deletion point") {
  // proc f in a.gcl: statements at 3:3, 4:3, 4:9, 6:5 (nested), 8:3; the deletion was at 5:3; proc g at 5:3
  ir::Program prog = twoFiles();
  auto stmt = [](uint32_t file, uint32_t line, uint32_t col) {
    ir::Stmt s;
    s.loc = SourceLoc{file, line, col};
    return s;
  };
  ir::Procedure f, g;
  f.name = "f";
  f.body = {stmt(0, 3, 3), stmt(0, 4, 3), stmt(0, 4, 9), stmt(0, 8, 3), stmt(1, 5, 1)};
  f.body[2].body = {stmt(0, 6, 5)};
  g.name = "g";
  g.body = {stmt(0, 5, 3), stmt(0, 5, 7)};
  prog.procs = {f, g};
  Truth del{"a.gcl", 5, true, {9}, "x := y → (deleted)", "f", 3};
  CHECK(deletionLines(prog, del) == std::vector<uint32_t>{4, 6}); // 4:9 before, 6:5 after; g's are not f's
  uint32_t rank = 0;
  CHECK(linesExamined(prog, {suspect(1, 0, 3), suspect(2, 0, 6)}, {del}, &rank) == 2);
  CHECK(rank == 2);
  // The deleted line itself and a neighbour's line number in another file are not the fault.
  CHECK(linesExamined(prog, {suspect(1, 0, 5), suspect(1, 1, 4)}, {del}, &rank) == -1);
  // A statement left at the deletion point itself (a read the deletion kept) stands for it too.
  f.body.push_back(stmt(0, 5, 3));
  prog.procs[0] = f;
  CHECK(deletionLines(prog, del) == std::vector<uint32_t>{4, 5, 6});
  // The last statement of a procedure: only the one before.
  del.line = 9;
  CHECK(deletionLines(prog, del) == std::vector<uint32_t>{8});
  // An unknown procedure has no neighbours; a mutation is reached at its own line only.
  del.proc = "h";
  CHECK(deletionLines(prog, del).empty());
  CHECK(linesExamined(prog, {suspect(1, 0, 4)}, {Truth{"a.gcl", 5, false, {}, "", "f", 3}}, &rank) == -1);
}

TEST_CASE("EXAM and the localization tallies") {
  CHECK(examPercent(3, 30) == doctest::Approx(10));
  CHECK(examPercent(3, 0) == 100);
  LocalizeStats s;
  s.add(Json{{"status", "localized"},
             {"seconds", 2.0},
             {"solve_seconds", 1.5},
             {"found", true},
             {"examined", 1.0}},
        20);
  s.add(Json{{"status", "localized"},
             {"seconds", 2.0},
             {"solve_seconds", 0.5},
             {"found", true},
             {"examined", 4.5}},
        20);
  s.add(Json{{"status", "localized"}, {"seconds", 1.0}, {"found", false}}, 20);
  s.add(Json{{"status", "error"}, {"message", "internal: oops"}, {"found", false}}, 20);
  CHECK(s.versions == 4);
  CHECK(s.localized == 3);
  CHECK(s.found == 2);
  CHECK(s.top1 == 1);
  CHECK(s.top3 == 1);
  CHECK(s.top5 == 2);
  CHECK(s.top10pct == 1); // 5 % and 22.5 %
  CHECK(s.top25pct == 2);
  CHECK(s.errors == 1);
  CHECK(s.internal == 1);
  REQUIRE(s.exam.size() == 4);
  CHECK(s.exam[0] == doctest::Approx(5));
  CHECK(s.exam[1] == doctest::Approx(22.5));
  CHECK(s.exam[2] == 100); // not found
  CHECK(s.oursShare() == doctest::Approx(0.6));
  // Wolverine2's measure is over the program's lines; the lines under test are kept apart
  LocalizeStats w;
  w.add(Json{{"status", "localized"}, {"found", true}, {"examined", 4.5}}, 20, 50);
  CHECK(w.top10pct == 1); // 9 % of the program
  CHECK(w.top25pct == 1);
  CHECK(w.top10under == 0); // 22.5 % of the lines under test
  CHECK(w.top25under == 1);
  REQUIRE(w.exam.size() == 1);
  CHECK(w.exam[0] == doctest::Approx(22.5)); // EXAM stays over the lines under test
}

TEST_CASE("ground truth of an injected fault") {
  mutate::Fault f;
  f.kind = mutate::FaultKind::Operator;
  f.file = "B01.gcl";
  f.line = 12;
  f.stmts = {41, 42};
  f.before = "b0 := x < y";
  f.after = "b0 := x <= y";
  Truth t = truthOf(f);
  CHECK(t.file == "B01.gcl");
  CHECK(t.line == 12);
  CHECK(!t.deletion);
  CHECK(t.stmts == std::vector<ir::StmtId>{41, 42});
  CHECK(t.what == "b0 := x < y → b0 := x <= y");
  CHECK(describe(f) ==
        std::string(mutate::kindName(f.kind)) + " at line 12: `b0 := x < y` -> `b0 := x <= y`");
  f.kind = mutate::FaultKind::Delete;
  f.after = "";
  CHECK(truthOf(f).deletion);
  CHECK(truthOf(f).what == "b0 := x < y → (deleted)");
  Truth e = truthOf("v.gcl", mutate::PaperFault::Edit{5, "x > 0", "x >= 0"});
  CHECK(e.file == "v.gcl");
  CHECK(e.line == 5);
  CHECK(e.what == "x > 0 → x >= 0");
  CHECK(e.stmts.empty());
}

TEST_CASE("assignsOther: a fault in the assigned variable, not in an expression") {
  CHECK(assignsOther("r := n", "h := n"));
  CHECK(assignsOther("[b0] r := n", "[b0] h := n"));
  CHECK(!assignsOther("r := n", "r := m"));
  CHECK(!assignsOther("[b0] r := n", "[b1] h := n")); // another guard
  CHECK(!assignsOther("assert x", "assert y"));
}

TEST_CASE("judgeRepairs: the original text, equivalence checks and their limit") {
  std::vector<std::string> asked;
  auto check = [&](const std::string &text, size_t) {
    asked.push_back(text);
    return text == "same" ? std::string("yes") : text == "odd" ? std::string("unknown: timeout") : "no";
  };
  RepairJudgement j =
      judgeRepairs({std::string("wrong"), std::string("orig"), std::string("same")}, "orig", 5, check);
  CHECK(j.originalFound);
  CHECK(j.firstCorrect == 1);
  CHECK(j.verdicts == Json::array({"no", "original", "not checked"})); // after a correct one: only repair 0
  CHECK(asked == std::vector<std::string>{"wrong"});
  asked.clear();
  j = judgeRepairs({std::string("same"), std::string("odd"), std::nullopt}, "orig", 5, check);
  CHECK(!j.originalFound);
  CHECK(j.firstCorrect == 0);
  CHECK(j.equivalent == 1);
  CHECK(j.verdicts == Json::array({"yes", "not checked", "not checked"}));
  asked.clear();
  j = judgeRepairs({std::string("odd"), std::nullopt, std::string("same")}, "orig", 2, check);
  CHECK(j.firstCorrect == -1);
  CHECK(j.unknown == 1);
  CHECK(j.verdicts == Json::array({"unknown: timeout", "no", "not checked"})); // two checks at most
  CHECK(asked == std::vector<std::string>{"odd", ""});
}

TEST_CASE("RepairStats: repaired, correct, no failure and mutate's completeness") {
  RepairStats s;
  s.add(Json{{"status", "no-failure"}}, true);
  s.add(Json{{"status", "repaired"},
             {"seconds", 3.0},
             {"first_seconds", 1.0},
             {"first_correct", true},
             {"any_correct", true},
             {"correct_seconds", 1.0},
             {"complete", true},
             {"original_found", true}},
        true);
  s.add(Json{{"status", "repaired"}, {"seconds", 2.0}, {"first_seconds", 0.5}, {"any_correct", false}},
        false);
  s.add(Json{{"status", "not-repaired"}, {"seconds", 9.0}, {"complete", true}}, true);
  s.add(Json{{"status", "error"}, {"message", "internal error: x"}, {"any_correct", true}}, false);
  CHECK(s.noFailure == 1);
  CHECK(s.versions == 4);
  CHECK(s.repaired == 2);
  CHECK(s.firstCorrect == 1);
  CHECK(s.anyCorrect == 1); // an error's record is no repair
  CHECK(s.notRepaired == 1);
  CHECK(s.errors == 1);
  CHECK(s.internal == 1);
  CHECK(s.inSpace == 2);
  CHECK(s.inSpaceSearched == 2);
  CHECK(s.originalFound == 1);
  CHECK(s.first == std::vector<double>{1.0, 0.5});
}

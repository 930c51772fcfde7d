// The repair methods' own options: the registry merges them (one per flag, with the methods that read
// it), checks given values with the errors `locus repair` prints, and each method describes its
// configuration.
#include "repair/fix/fix.h"

#include <doctest/doctest.h>

#include <algorithm>

using namespace locus;

TEST_CASE("repair options: declarations, checking and descriptions") {
  const std::vector<repair::OptionDecl> &decls = fix::optionDeclarations();
  auto find = [&](const std::string &flag) -> const repair::OptionDecl * {
    auto it =
        std::find_if(decls.begin(), decls.end(), [&](const repair::OptionDecl &d) { return d.flag == flag; });
    return it == decls.end() ? nullptr : &*it;
  };
  for (const char *flag : {fix::kLevel, fix::kMaxMutations, fix::kNoLocalization})
    REQUIRE(find(flag) != nullptr);
  CHECK(find(fix::kLevel)->readers == std::vector<std::string>{"mutate"});
  CHECK(find(fix::kLevel)->helpLine() == "mutate: the mutation level, 1 or 2");
  CHECK(find(fix::kSeed)->readers == std::vector<std::string>{"template"});
  CHECK(find(fix::kMaxCandidates)->readers == std::vector<std::string>{"pwp"});
  CHECK(find(fix::kNoLocalization)->kind == repair::OptionKind::Bool);

  repair::OptionValues v;
  CHECK(fix::checkOptions(v).empty());
  v.set(fix::kLevel, "3");
  CHECK(fix::checkOptions(v) == "--level: expected 1 or 2");
  v.set(fix::kLevel, "1");
  v.set(fix::kMaxMutations, "0");
  CHECK(fix::checkOptions(v) == "--max-mutations: expected at least 1");
  v.set(fix::kMaxMutations, "two");
  CHECK(fix::checkOptions(v) == "--max-mutations: expected at least 1, got 'two'");
  v.set(fix::kMaxMutations, "1");
  v.set(fix::kMaxMutations, "1");
  v.set(fix::kCoefficientBound, "-4");
  CHECK(fix::checkOptions(v).empty());

  ir::Program prog;
  SourceManager sm;
  fix::Spec spec;
  fix::Options opts;
  CHECK(fix::findMethod("mutate")->describe(fix::Problem{prog, sm, spec, opts}) ==
        "level 2, at most 2 mutations, fl-AllRepair");
  opts.given = v;
  opts.given.set(fix::kNoLocalization, "true");
  CHECK(fix::findMethod("mutate")->describe(fix::Problem{prog, sm, spec, opts}) ==
        "level 1, at most 1 mutation, AllRepair without localization");
  CHECK(fix::findMethod("template")->describe(fix::Problem{prog, sm, spec, opts}).empty());
  // a bad value from a library caller: an error of the method, not a crash
  opts.given.set(fix::kLevel, "9");
  fix::Result r = fix::findMethod("mutate")->run(fix::Problem{prog, sm, spec, opts});
  CHECK(r.status == fix::Status::Error);
  CHECK(r.message == "--level: expected 1 or 2");
}

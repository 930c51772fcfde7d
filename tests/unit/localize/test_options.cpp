// The methods' own options (repair/common/method_options.h): a value is checked against its declaration with
// an error that names the option and what it accepts, read typed (aliases, defaults), and the registry merges
// the declarations of the localization methods into one per flag with the methods that read it.
#include "repair/localize/localize.h"

#include <doctest/doctest.h>

#include <stdexcept>

using namespace locus;
using repair::OptionDecl;
using repair::OptionValues;

namespace {

enum class Colour { Red, Green };

OptionDecl colourOption() {
  return repair::enumOption<Colour>("--colour", "red or green",
                                    {{"red", Colour::Red}, {"green", Colour::Green}}, Colour::Green,
                                    {{"verde", Colour::Green}});
}

const OptionDecl *declared(const std::string &flag) {
  for (const OptionDecl &d : localize::optionDeclarations())
    if (d.flag == flag)
      return &d;
  return nullptr;
}

} // namespace

TEST_CASE("method options: values are checked against their declaration") {
  OptionDecl colour = colourOption();
  CHECK(colour.defaultText == "green");
  CHECK(repair::checkValue(colour, "red").empty());
  CHECK(repair::checkValue(colour, "verde").empty()); // an alias is accepted …
  CHECK(repair::checkValue(colour, "blue") == "--colour: expected red or green, got 'blue'"); // … not listed
  CHECK(repair::checkValue(colour, "") == "--colour: expected red or green, got ''");

  OptionDecl level = repair::unsignedOption("--level", "the level", 2, 1, 2, "1 or 2");
  CHECK(repair::checkValue(level, "1").empty());
  CHECK(repair::checkValue(level, "2").empty());
  CHECK(repair::checkValue(level, "3") == "--level: expected 1 or 2"); // a number out of range
  CHECK(repair::checkValue(level, "0") == "--level: expected 1 or 2");
  CHECK(repair::checkValue(level, "one") == "--level: expected 1 or 2, got 'one'");
  OptionDecl count = repair::unsignedOption("--count", "how many", 20);
  CHECK(repair::checkValue(count, "18446744073709551615").empty());
  for (const char *bad : {"-1", "+1", "", "1x", "x", "1.5", "18446744073709551616"})
    CHECK(repair::checkValue(count, bad) ==
          std::string("--count: expected a whole number, got '") + bad + "'");
  OptionDecl bounded = repair::unsignedOption("--n", "n", 3, 2, 5);
  CHECK(repair::checkValue(bounded, "6") == "--n: expected a whole number in [2, 5]");

  OptionDecl bound = repair::integerOption("--bound", "M", 10);
  CHECK(repair::checkValue(bound, "-5").empty());
  CHECK(repair::checkValue(bound, "0").empty());
  CHECK(repair::checkValue(bound, "5-") == "--bound: expected an integer, got '5-'");

  OptionDecl flag = repair::boolOption("--quiet", "say less");
  CHECK(repair::checkValue(flag, "true").empty());
  CHECK_FALSE(repair::checkValue(flag, "yes").empty());

  OptionValues v;
  CHECK(repair::checkValues({colour, level}, v).empty());
  v.set("--level", "7");
  v.set("--other", "anything"); // not declared here: not looked at
  CHECK(repair::checkValues({colour, level}, v) == "--level: expected 1 or 2");
}

TEST_CASE("method options: typed reading, defaults and aliases") {
  OptionDecl colour = colourOption();
  OptionValues v;
  CHECK(repair::enumValue<Colour>(colour, v) == Colour::Green); // the default
  v.set("--colour", "red");
  CHECK(repair::enumValue<Colour>(colour, v) == Colour::Red);
  v.set("--colour", "verde");
  CHECK(repair::enumValue<Colour>(colour, v) == Colour::Green);
  CHECK(repair::enumName(colour, Colour::Green) == "green"); // the listed spelling, not the alias
  CHECK(repair::valueText(colour, v) == "verde");
  v.set("--colour", "blue");
  CHECK_THROWS_AS(repair::enumValue<Colour>(colour, v), std::invalid_argument);

  OptionDecl bound = repair::integerOption("--bound", "M", 10);
  CHECK(repair::integerValue(bound, v) == 10);
  v.set("--bound", "-3");
  CHECK(repair::integerValue(bound, v) == -3);
  OptionDecl flag = repair::boolOption("--quiet", "say less");
  CHECK_FALSE(repair::boolValue(flag, v));
  v.set("--quiet", "true");
  CHECK(repair::boolValue(flag, v));
  OptionDecl count = repair::unsignedOption("--count", "how many", 20);
  CHECK(repair::unsignedValue(count, v) == 20);
  CHECK_THROWS_AS(repair::integerValue(count, v), std::invalid_argument); // the wrong kind
}

TEST_CASE("method options: declarations of several methods merge per flag") {
  OptionDecl colour = colourOption();
  OptionDecl level = repair::unsignedOption("--level", "the level", 2, 1, 2, "1 or 2");
  std::vector<OptionDecl> merged = repair::mergeOptions({{"a", {colour}}, {"b", {level, colour}}, {"c", {}}});
  REQUIRE(merged.size() == 2);
  CHECK(merged[0].flag == "--colour");
  CHECK(merged[0].readers == std::vector<std::string>{"a", "b"});
  CHECK(merged[0].helpLine() == "a, b: red or green");
  CHECK(merged[1].readers == std::vector<std::string>{"b"});
  CHECK(merged[0].defaultText == "green"); // one default for both
  // A method may declare its own default: the merged text names each with its readers, for help.
  OptionDecl other = colour;
  other.defaultText = "red";
  std::vector<OptionDecl> two = repair::mergeOptions({{"a", {colour}}, {"b", {other}}, {"c", {colour}}});
  REQUIRE(two.size() == 1);
  CHECK(two[0].defaultText == "green (a, c), red (b)");
  // Anything else declared unlike is a bug of the methods.
  OptionDecl fewer = colour;
  fewer.choices.pop_back();
  CHECK_THROWS_AS(repair::mergeOptions({{"a", {colour}}, {"b", {fewer}}}), std::logic_error);
}

TEST_CASE("method options: the localization registry") {
  const OptionDecl *weights = declared(localize::kWeights);
  REQUIRE(weights != nullptr);
  CHECK(weights->readers == std::vector<std::string>{"maxsat", "ofc"});
  CHECK(weights->helpLine() ==
        "maxsat, ofc: uniform, or ochiai or dstar (clause weighting from the declared tests)");
  const OptionDecl *parts = declared(localize::kParts);
  REQUIRE(parts != nullptr);
  CHECK(parts->readers == std::vector<std::string>{"maxsat", "must", "ofc", "mbd"});
  REQUIRE(declared(localize::kFormula) != nullptr);
  CHECK(declared(localize::kFormula)->readers == std::vector<std::string>{"sbfl"});
  // every flag once
  for (const OptionDecl &d : localize::optionDeclarations())
    CHECK(std::count_if(localize::optionDeclarations().begin(), localize::optionDeclarations().end(),
                        [&](const OptionDecl &o) { return o.flag == d.flag; }) == 1);

  OptionValues v;
  CHECK(localize::checkOptions(v).empty());
  CHECK(localize::optionText(v, localize::kMaxSize) == "3");
  v.set(localize::kWeights, "heavy");
  CHECK(localize::checkOptions(v) == "--weights: expected uniform, ochiai or dstar, got 'heavy'");
  v.set(localize::kWeights, "ochiai");
  v.set(localize::kComponents, "everything");
  CHECK(localize::checkOptions(v) ==
        "--components: expected assignments or assignments,conditions, got 'everything'");
  v.set(localize::kComponents, "conditions,assignments");
  v.set(localize::kFormula, "jaccard");
  CHECK(localize::checkOptions(v) == "--formula: expected tarantula, ochiai or dstar, got 'jaccard'");
  v.set(localize::kFormula, "dstar");
  CHECK(localize::checkOptions(v).empty());
  v.set("--nosuch", "1");
  CHECK(localize::checkOptions(v) == "no localization method has the option --nosuch");

  // the methods describe their configuration themselves
  ir::Program prog;
  repair::Failure failure;
  std::vector<repair::TestRun> tests(2);
  localize::Options opts;
  opts.given.set(localize::kWeights, "ochiai");
  opts.given.set(localize::kParts, "guard,value");
  opts.given.set(localize::kFormula, "dstar");
  localize::Problem p{prog, failure, tests, opts};
  CHECK(localize::findMethod("maxsat")->describe(p) == "ochiai weights, parts: guard,value"); // as given
  CHECK(localize::findMethod("sbfl")->describe(p) == "dstar, 2 declared tests");
  CHECK(localize::findMethod("mbd")->describe(p).empty());

  // a diagnosis method found by what it gives, not by name
  const localize::Method *d = localize::findDiagnosisMethod();
  REQUIRE(d != nullptr);
  CHECK(d->givesDiagnoses());
  bool readsMaxSize = false;
  for (const OptionDecl &o : d->options())
    readsMaxSize = readsMaxSize || o.flag == localize::kMaxSize;
  CHECK(readsMaxSize);

  // the trace-formula methods (what `locus debug`'s localize runs after gradient), by capability: the
  // methods that read --parts, the statement parts their relaxed formula relaxes
  std::vector<std::string> formula;
  for (const localize::Method *m : localize::traceFormulaMethods()) {
    CHECK(m->traceFormula());
    formula.push_back(m->name());
  }
  CHECK(formula == std::vector<std::string>{"maxsat", "must", "ofc", "mbd"});
  for (const auto &m : localize::methods()) {
    bool readsParts = false;
    for (const OptionDecl &o : m->options())
      readsParts = readsParts || o.flag == localize::kParts;
    CHECK(readsParts == m->traceFormula());
  }

  std::string help = localize::methodHelp();
  for (const auto &m : localize::methods())
    CHECK(help.find(std::string("\n  ") + m->name() + ": ") != std::string::npos);
  CHECK(help.find("\n  all: ") != std::string::npos);
}

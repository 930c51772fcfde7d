// The options a localization or repair method declares for itself (flag, one-line help, kind, default,
// accepted values), the values a user gave for them, and their typed reading: the commands register the
// declarations generically and pass the values on; each method reads its own into a typed struct.
#pragma once

#include <cstdint>
#include <limits>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace locus::repair {

/// What an option's value is.
enum class OptionKind {
  Enum,     ///< one of `choices` (read as the choice's value, an enumerator)
  Unsigned, ///< a whole number in [min, max]
  Integer,  ///< a signed number in [min, max]
  Bool,     ///< a flag without a value: given means true
};

/// One accepted spelling of an enum option and the enumerator it means. Several spellings may mean the same
/// value ("value,guard" and "guard,value"); only the `listed` ones are named in help and errors, and the
/// first listed one of a value is its name.
struct OptionChoice {
  std::string text;
  int value = 0;
  bool listed = true;
};

/// One option of a method.
struct OptionDecl {
  std::string flag; ///< "--weights"
  std::string help; ///< one line, without the methods' names (mergeOptions adds them)
  OptionKind kind = OptionKind::Unsigned;
  std::vector<OptionChoice> choices; ///< Enum
  std::string defaultText;           ///< as a user would write it ("uniform", "3"; Bool: "false")
  int64_t min = 0;                   ///< Unsigned, Integer: the smallest value accepted
  uint64_t max = std::numeric_limits<uint64_t>::max(); ///< … and the largest
  /// Unsigned, Integer: what an error says is expected ("1 or 2", "at least 1"); empty: "a whole number" or
  /// "an integer", with the range when it is not the whole type.
  std::string expected;
  /// Filled by mergeOptions: the methods that read this option, in registry order.
  std::vector<std::string> readers;

  /// The help line with its readers: "maxsat, ofc: uniform, or ochiai (…)".
  std::string helpLine() const;
  /// The accepted values for an error message: "uniform or ochiai", "tarantula, ochiai or dstar".
  std::string expectedText() const;
};

/// An enum option: `choices` as (spelling, enumerator) pairs, every one listed; `aliases` accepted too.
template <typename E>
OptionDecl enumOption(std::string flag, std::string help, std::vector<std::pair<std::string, E>> choices,
                      E dflt, std::vector<std::pair<std::string, E>> aliases = {}) {
  OptionDecl d;
  d.flag = std::move(flag);
  d.help = std::move(help);
  d.kind = OptionKind::Enum;
  for (auto &[text, value] : choices) {
    if (value == dflt && d.defaultText.empty())
      d.defaultText = text;
    d.choices.push_back({std::move(text), static_cast<int>(value), true});
  }
  for (auto &[text, value] : aliases)
    d.choices.push_back({std::move(text), static_cast<int>(value), false});
  return d;
}
/// A whole-number option in [min, max]; `expected` phrases the range for errors ("" for the default text).
OptionDecl unsignedOption(std::string flag, std::string help, uint64_t dflt, uint64_t min = 0,
                          uint64_t max = std::numeric_limits<uint64_t>::max(), std::string expected = "");
/// A signed-number option (any 64-bit value).
OptionDecl integerOption(std::string flag, std::string help, int64_t dflt);
/// A flag: absent is false, given is true.
OptionDecl boolOption(std::string flag, std::string help);

/// The values given for options, by flag, as text (the command line's, or a library caller's). An option not
/// given has its declared default. A method reads only the options it declares and ignores the others.
class OptionValues {
public:
  void set(const std::string &flag, std::string text) { given_[flag] = std::move(text); }
  /// The text given for `flag`, or nullptr.
  const std::string *find(const std::string &flag) const;
  const std::map<std::string, std::string> &given() const { return given_; }

private:
  std::map<std::string, std::string> given_;
};

/// Whether `text` is a value `d` accepts: empty if so, else the error, naming the option and what it
/// accepts: "--weights: expected uniform, ochiai or dstar, got 'heavy'"; a number out of range: "--level:
/// expected 1 or 2".
std::string checkValue(const OptionDecl &d, const std::string &text);
/// The first error among the values given for `decls` (values of other flags are not looked at), or empty.
std::string checkValues(const std::vector<OptionDecl> &decls, const OptionValues &values);

/// The text of `d` in `values`: the given text, else the default.
std::string valueText(const OptionDecl &d, const OptionValues &values);
/// The typed value of `d` (given, else its default). A value checkValue rejects is a caller's bug:
/// std::invalid_argument with checkValue's message.
int enumValue(const OptionDecl &d, const OptionValues &values);
template <typename E> E enumValue(const OptionDecl &d, const OptionValues &values) {
  return static_cast<E>(enumValue(d, values));
}
uint64_t unsignedValue(const OptionDecl &d, const OptionValues &values);
int64_t integerValue(const OptionDecl &d, const OptionValues &values);
bool boolValue(const OptionDecl &d, const OptionValues &values);
/// The name of an enumerator of `d`: its first listed spelling.
std::string enumName(const OptionDecl &d, int value);
template <typename E> std::string enumName(const OptionDecl &d, E value) {
  return enumName(d, static_cast<int>(value));
}

/// The declarations of several methods (name, options) merged into one per flag, in order of first
/// declaration, each with the methods that read it (`readers`). Two methods may declare the same flag only
/// alike (kind, choices, range): otherwise std::logic_error, a bug of the methods. Their defaults may
/// differ: the merged `defaultText` then names each with its readers, for help ("value+target (maxsat,
/// ofc), value (mbd)"), and is no value (each method reads the option with its own declaration).
std::vector<OptionDecl>
mergeOptions(const std::vector<std::pair<std::string, std::vector<OptionDecl>>> &byMethod);

/// mergeOptions over a registry (a range of pointers to methods with name() and options()).
template <typename Methods> std::vector<OptionDecl> mergeRegistryOptions(const Methods &methods) {
  std::vector<std::pair<std::string, std::vector<OptionDecl>>> byMethod;
  for (const auto &m : methods)
    byMethod.emplace_back(m->name(), m->options());
  return mergeOptions(byMethod);
}

/// The first error among the values given: a flag no declaration has ("no `kind` method has the option
/// FLAG"), else checkValues's; empty when they are all right.
std::string checkGiven(const std::vector<OptionDecl> &decls, const OptionValues &values,
                       const std::string &kind);

/// A registry's method names, comma-separated: "mutate, template".
template <typename Methods> std::string methodNames(const Methods &methods) {
  std::string names;
  for (const auto &m : methods)
    names += (names.empty() ? "" : ", ") + std::string(m->name());
  return names;
}

/// A registry's `--method` help: `header`, then a line "NAME: SUMMARY" per method.
template <typename Methods> std::string methodHelpOf(const Methods &methods, std::string header) {
  for (const auto &m : methods)
    header += std::string("\n  ") + m->name() + ": " + m->summary();
  return header;
}

} // namespace locus::repair

// Method options: declarations, checking, typed reading and the merge of several methods' declarations.
#include "repair/common/method_options.h"

#include <algorithm>
#include <charconv>
#include <stdexcept>

namespace locus::repair {

namespace {

/// "a", "a or b", "a, b or c".
std::string listText(const std::vector<std::string> &items) {
  std::string out;
  for (size_t k = 0; k < items.size(); ++k)
    out += (k == 0 ? "" : k + 1 == items.size() ? " or " : ", ") + items[k];
  return out;
}

bool parseUnsigned(const std::string &text, uint64_t &out) {
  if (text.empty() || text.front() == '+' || text.front() == '-')
    return false;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return ec == std::errc() && end == text.data() + text.size();
}

bool parseInteger(const std::string &text, int64_t &out) {
  if (text.empty() || text.front() == '+')
    return false;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return ec == std::errc() && end == text.data() + text.size();
}

bool inRange(const OptionDecl &d, int64_t v) {
  return v >= d.min && (v < 0 || static_cast<uint64_t>(v) <= d.max);
}

const std::string &textOf(const OptionDecl &d, const OptionValues &values) {
  const std::string *t = values.find(d.flag);
  return t ? *t : d.defaultText;
}

/// Throws when the text of `d` is not accepted (a library caller's bug).
const std::string &checkedText(const OptionDecl &d, const OptionValues &values) {
  const std::string &t = textOf(d, values);
  if (std::string err = checkValue(d, t); !err.empty())
    throw std::invalid_argument(err);
  return t;
}

/// Alike but for the default.
bool sameDeclaration(const OptionDecl &a, const OptionDecl &b) {
  if (a.kind != b.kind || a.min != b.min || a.max != b.max || a.choices.size() != b.choices.size())
    return false;
  for (size_t k = 0; k < a.choices.size(); ++k)
    if (a.choices[k].text != b.choices[k].text || a.choices[k].value != b.choices[k].value ||
        a.choices[k].listed != b.choices[k].listed)
      return false;
  return true;
}

} // namespace

std::string OptionDecl::helpLine() const {
  std::string names;
  for (const std::string &r : readers)
    names += (names.empty() ? "" : ", ") + r;
  return names.empty() ? help : names + ": " + help;
}

std::string OptionDecl::expectedText() const {
  switch (kind) {
  case OptionKind::Enum: {
    std::vector<std::string> listed;
    for (const OptionChoice &c : choices)
      if (c.listed)
        listed.push_back(c.text);
    return listText(listed);
  }
  case OptionKind::Bool: return "no value";
  case OptionKind::Unsigned:
    if (!expected.empty())
      return expected;
    return min == 0 && max == std::numeric_limits<uint64_t>::max()
               ? "a whole number"
               : "a whole number in [" + std::to_string(min) + ", " + std::to_string(max) + "]";
  case OptionKind::Integer: return expected.empty() ? "an integer" : expected;
  }
  return {};
}

OptionDecl unsignedOption(std::string flag, std::string help, uint64_t dflt, uint64_t min, uint64_t max,
                          std::string expected) {
  OptionDecl d;
  d.flag = std::move(flag);
  d.help = std::move(help);
  d.kind = OptionKind::Unsigned;
  d.defaultText = std::to_string(dflt);
  d.min = static_cast<int64_t>(std::min<uint64_t>(min, std::numeric_limits<int64_t>::max()));
  d.max = max;
  d.expected = std::move(expected);
  return d;
}

OptionDecl integerOption(std::string flag, std::string help, int64_t dflt) {
  OptionDecl d;
  d.flag = std::move(flag);
  d.help = std::move(help);
  d.kind = OptionKind::Integer;
  d.defaultText = std::to_string(dflt);
  d.min = std::numeric_limits<int64_t>::min();
  d.max = static_cast<uint64_t>(std::numeric_limits<int64_t>::max());
  return d;
}

OptionDecl boolOption(std::string flag, std::string help) {
  OptionDecl d;
  d.flag = std::move(flag);
  d.help = std::move(help);
  d.kind = OptionKind::Bool;
  d.defaultText = "false";
  return d;
}

const std::string *OptionValues::find(const std::string &flag) const {
  auto it = given_.find(flag);
  return it == given_.end() ? nullptr : &it->second;
}

std::string checkValue(const OptionDecl &d, const std::string &text) {
  bool ok = false, number = false; // number: a number out of range (the error then omits the text)
  switch (d.kind) {
  case OptionKind::Enum:
    for (const OptionChoice &c : d.choices)
      ok = ok || c.text == text;
    break;
  case OptionKind::Unsigned: {
    uint64_t v = 0;
    number = parseUnsigned(text, v);
    ok = number && v >= static_cast<uint64_t>(d.min) && v <= d.max;
    break;
  }
  case OptionKind::Integer: {
    int64_t v = 0;
    number = parseInteger(text, v);
    ok = number && inRange(d, v);
    break;
  }
  case OptionKind::Bool: ok = text == "true" || text == "false"; break;
  }
  if (ok)
    return {};
  return d.flag + ": expected " + d.expectedText() + (number ? "" : ", got '" + text + "'");
}

std::string checkValues(const std::vector<OptionDecl> &decls, const OptionValues &values) {
  for (const OptionDecl &d : decls)
    if (const std::string *t = values.find(d.flag))
      if (std::string err = checkValue(d, *t); !err.empty())
        return err;
  return {};
}

std::string valueText(const OptionDecl &d, const OptionValues &values) {
  return textOf(d, values);
}

int enumValue(const OptionDecl &d, const OptionValues &values) {
  const std::string &t = checkedText(d, values);
  for (const OptionChoice &c : d.choices)
    if (c.text == t)
      return c.value;
  throw std::invalid_argument(d.flag + ": not an enum option");
}

uint64_t unsignedValue(const OptionDecl &d, const OptionValues &values) {
  uint64_t v = 0;
  if (d.kind != OptionKind::Unsigned || !parseUnsigned(checkedText(d, values), v))
    throw std::invalid_argument(d.flag + ": not an unsigned option");
  return v;
}

int64_t integerValue(const OptionDecl &d, const OptionValues &values) {
  int64_t v = 0;
  if (d.kind != OptionKind::Integer || !parseInteger(checkedText(d, values), v))
    throw std::invalid_argument(d.flag + ": not an integer option");
  return v;
}

bool boolValue(const OptionDecl &d, const OptionValues &values) {
  if (d.kind != OptionKind::Bool)
    throw std::invalid_argument(d.flag + ": not a flag");
  return checkedText(d, values) == "true";
}

std::string enumName(const OptionDecl &d, int value) {
  for (const OptionChoice &c : d.choices)
    if (c.listed && c.value == value)
      return c.text;
  return {};
}

std::vector<OptionDecl>
mergeOptions(const std::vector<std::pair<std::string, std::vector<OptionDecl>>> &byMethod) {
  std::vector<OptionDecl> out;
  for (const auto &[method, decls] : byMethod)
    for (const OptionDecl &d : decls) {
      auto it = std::find_if(out.begin(), out.end(), [&](const OptionDecl &o) { return o.flag == d.flag; });
      if (it == out.end()) {
        out.push_back(d);
        out.back().readers = {method};
        continue;
      }
      if (!sameDeclaration(*it, d))
        throw std::logic_error(method + " declares " + d.flag + " unlike " + it->readers.front() + " does");
      it->readers.push_back(method);
    }
  // The readers' defaults, where they differ, as one text for help: "value+target (maxsat, ofc), value (must,
  // mbd)", each default once with its readers (not a value: each method reads with its own declaration).
  for (OptionDecl &merged : out) {
    std::vector<std::pair<std::string, std::string>> defaults; // (default, its readers)
    for (const auto &[method, decls] : byMethod)
      for (const OptionDecl &d : decls) {
        if (d.flag != merged.flag)
          continue;
        auto it = std::find_if(defaults.begin(), defaults.end(),
                               [&](const auto &e) { return e.first == d.defaultText; });
        if (it == defaults.end())
          defaults.push_back({d.defaultText, method});
        else
          it->second += ", " + method;
      }
    if (defaults.size() < 2)
      continue;
    merged.defaultText.clear();
    for (const auto &[text, readers] : defaults)
      merged.defaultText += (merged.defaultText.empty() ? "" : ", ") + text + " (" + readers + ")";
  }
  return out;
}

std::string checkGiven(const std::vector<OptionDecl> &decls, const OptionValues &values,
                       const std::string &kind) {
  for (const auto &given : values.given())
    if (std::none_of(decls.begin(), decls.end(), [&](const OptionDecl &d) { return d.flag == given.first; }))
      return "no " + kind + " method has the option " + given.first;
  return checkValues(decls, values);
}

} // namespace locus::repair

// Values written on the command line (`--args`, `--nondet`).
#include "tools/values.h"

#include "ir/ints.h"

#include <cctype>
#include <charconv>
#include <sstream>

namespace locus::tools {

std::optional<ir::Value> parseValue(const std::string &text, ir::Type::Kind kind, std::string &err) {
  if (text == "true" || text == "false") {
    if (kind != ir::Type::Bool && kind != ir::Type::Void) {
      err = "expected an integer or null, got '" + text + "'";
      return std::nullopt;
    }
    return ir::Value::ofBool(text == "true");
  }
  if (text == "null") {
    if (kind != ir::Type::Ref && kind != ir::Type::Void) {
      err = "'null' given for a non-reference";
      return std::nullopt;
    }
    return ir::Value::ofRef(0);
  }
  if (text.size() > 1 && text[0] == 'n' && std::isdigit(static_cast<unsigned char>(text[1]))) {
    uint32_t node = 0;
    auto [p, ec] = std::from_chars(text.data() + 1, text.data() + text.size(), node);
    if (ec == std::errc() && p == text.data() + text.size() &&
        (kind == ir::Type::Ref || kind == ir::Type::Void))
      return ir::Value::ofRef(node);
  }
  std::optional<ir::BigInt> v = ir::BigInt::parse(text); // any size: math ints are unbounded
  if (!v || v->bitLength() > ir::kMaxIntBits) {
    err = "cannot read '" + text + "' as a value";
    return std::nullopt;
  }
  if (kind == ir::Type::Bool) {
    if (*v != 0 && *v != 1) {
      err = "expected true or false, got '" + text + "'";
      return std::nullopt;
    }
    return ir::Value::ofBool(*v != 0);
  }
  if (kind == ir::Type::Ref) {
    err = "a reference input must be null";
    return std::nullopt;
  }
  return ir::Value::ofInt(*v);
}

std::vector<std::string> splitList(const std::string &s) {
  std::vector<std::string> out;
  std::string cur;
  std::istringstream in(s);
  while (std::getline(in, cur, ','))
    if (!cur.empty() || !out.empty() || s.find(',') != std::string::npos) {
      size_t b = cur.find_first_not_of(" \t"), e = cur.find_last_not_of(" \t");
      out.push_back(b == std::string::npos ? "" : cur.substr(b, e - b + 1));
    }
  return out;
}

} // namespace locus::tools

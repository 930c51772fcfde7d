// Values written on the command line (`--args`, `--nondet`).
#include "session/values.h"

#include "ir/floats.h"
#include "ir/ints.h"
#include "repair/common/suite.h"
#include "session/error.h"

#include <bit>
#include <cctype>
#include <charconv>
#include <cstdlib>
#include <sstream>

namespace locus::session {

std::optional<ir::Value> parseValue(const std::string &text, ir::Type::Kind kind, std::string &err) {
  if (!text.empty() && text[0] == '{') { // an array's contents, as ir::toString prints them: {2:5 7:-1 *:0}
    if (kind != ir::Type::Void) {        // only nondet values: an array argument is a reference (null)
      err = "an array's contents can only be a nondet value (of a `new T[n] nondet`)";
      return std::nullopt;
    }
    if (text.back() != '}') {
      err = "cannot read '" + text + "' as an array's contents: no closing '}'";
      return std::nullopt;
    }
    auto img = std::make_shared<ir::ArrayImage>();
    bool fill = false;
    std::istringstream in(text.substr(1, text.size() - 2));
    std::string item;
    while (in >> item) {
      size_t colon = item.find(':');
      std::string key = item.substr(0, colon == std::string::npos ? 0 : colon);
      std::optional<ir::Value> v =
          colon == std::string::npos ? std::nullopt : parseValue(item.substr(colon + 1), ir::Type::Void, err);
      int64_t k = 0;
      auto [p, ec] = std::from_chars(key.data(), key.data() + key.size(), k);
      bool isIndex = !key.empty() && ec == std::errc() && p == key.data() + key.size() && k >= 0;
      if (!v || v->kind == ir::Type::Array || (key != "*" && !isIndex)) {
        err = "cannot read '" + item + "' in '" + text + "': expected INDEX:VALUE or *:VALUE";
        return std::nullopt;
      }
      if (key == "*") {
        img->fill = *v;
        fill = true;
      } else {
        img->at[k] = *v;
      }
    }
    if (!fill)
      img->fill = ir::Value::ofInt(0);
    return ir::Value::ofImage(img);
  }
  if (text == "true" || text == "false") {
    if (kind != ir::Type::Bool && kind != ir::Type::Void) {
      err = "expected an integer or null, got '" + text + "'";
      return std::nullopt;
    }
    return ir::Value::ofBool(text == "true");
  }
  if (text == "null") {
    if (kind != ir::Type::Ref && kind != ir::Type::Array && kind != ir::Type::Void) {
      err = "'null' given for a non-reference";
      return std::nullopt;
    }
    return ir::Value::ofRef(0);
  }
  if (text.size() > 1 && text[0] == 'n' && std::isdigit(static_cast<unsigned char>(text[1]))) {
    uint32_t node = 0;
    auto [p, ec] = std::from_chars(text.data() + 1, text.data() + text.size(), node);
    if (ec == std::errc() && p == text.data() + text.size() &&
        (kind == ir::Type::Ref || kind == ir::Type::Array || kind == ir::Type::Void))
      return ir::Value::ofRef(node);
  }
  std::optional<ir::BigInt> v = ir::BigInt::parse(text); // any size: math ints are unbounded
  if (!v && (kind == ir::Type::Float || kind == ir::Type::Void) && !text.empty()) {
    // a float (`1.5`, `-2e-3`, `0x1p3`, `inf`, `nan`): strtod's double, converted to a float32 where one is
    // wanted
    char *end = nullptr;
    double d = std::strtod(text.c_str(), &end);
    if (end == text.c_str() + text.size()) {
      ir::Type t = ir::Type::floatType(64);
      return ir::Value::ofFloat(ir::floatValue(std::bit_cast<uint64_t>(d), t), t);
    }
  }
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
  if (kind == ir::Type::Ref || kind == ir::Type::Array) {
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

std::vector<ir::Value> nondetValues(const std::string &list) {
  std::vector<ir::Value> values;
  std::string err;
  for (const std::string &t : splitList(list)) {
    std::optional<ir::Value> v = parseValue(t, ir::Type::Void, err);
    if (!v)
      usageError("--nondet: " + err);
    values.push_back(*v);
  }
  return values;
}

std::vector<ir::Value> runArguments(const ir::Program &prog, uint32_t entry, const std::string &args,
                                    const std::string &argv, const std::string &file) {
  std::vector<ir::Value> out;
  if (!argv.empty() || (args.empty() && repair::isCommandLineEntry(prog, entry))) {
    // a command line (none given: the empty one), split at white space
    if (!args.empty())
      usageError("--argv and --args exclude each other");
    if (argv.find_first_of("'\"\\<") != std::string::npos)
      usageError("--argv: quotes, escapes and '<' are not supported here (use a suite file with --tests)");
    std::vector<std::string> words;
    std::istringstream ls(argv);
    for (std::string w; ls >> w;)
      words.push_back(w);
    std::string err;
    std::optional<std::vector<ir::Value>> a = repair::entryArgs(prog, entry, words, file, err);
    if (!a)
      usageError("--argv: " + err);
    return std::move(*a);
  }
  const ir::Procedure &proc = prog.procs[entry];
  std::vector<std::string> texts = args.empty() ? std::vector<std::string>{} : splitList(args);
  if (texts.size() != proc.params.size())
    usageError("'" + proc.name + "' takes " + std::to_string(proc.params.size()) +
               " argument(s), --args gave " + std::to_string(texts.size()));
  for (size_t i = 0; i < texts.size(); ++i) {
    std::string err;
    const ir::Var &param = proc.vars[proc.params[i]];
    std::optional<ir::Value> v = parseValue(texts[i], param.type.kind, err);
    if (!v)
      usageError("--args: parameter '" + param.name + "': " + err);
    out.push_back(*v);
  }
  return out;
}

} // namespace locus::session

// Standard input and output, and main's command line (README.md, *Standard input and output*): printf/scanf
// formats and the uses of argv in main (io.h), and the lowering of the calls (argv numbers, print, scan).
#include "frontend/c/io.h"
#include "frontend/c/lowering.h"
#include "ir/io.h"

#include <clang/AST/ASTContext.h>

#include <algorithm>
#include <string_view>

namespace locus::c {

namespace cl = clang;

namespace {

bool isSpace(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r';
}

/// The directive at fmt[i] (just after '%'): its text up to and including the conversion character.
std::string directiveText(const std::string &fmt, size_t i) {
  size_t j = i;
  while (j < fmt.size() && std::string("-+ #0123456789.*hlLqjzt").find(fmt[j]) != std::string::npos)
    ++j;
  return "%" + fmt.substr(i, j < fmt.size() ? j - i + 1 : j - i);
}

/// A printf float conversion at fmt[i] (the `%`): `%[flags][width][.precision][l](f|F|e|E|g|G)` as the IR's
/// print spells it (without the `l`, which printf ignores here) and its length in fmt; nullopt otherwise.
std::optional<std::pair<std::string, size_t>> printfFloat(const std::string &fmt, size_t i) {
  size_t j = i + 1;
  while (j < fmt.size() && std::string_view("-+ #0123456789.").find(fmt[j]) != std::string_view::npos)
    ++j;
  std::string spec = fmt.substr(i, j - i);
  if (j < fmt.size() && fmt[j] == 'l')
    ++j;
  if (j >= fmt.size())
    return std::nullopt;
  spec += fmt[j];
  if (ir::printFloatSpecLength(spec, 0) != spec.size())
    return std::nullopt;
  return std::pair{spec, j + 1 - i};
}

} // namespace

namespace {

/// The length modifier at fmt[j] (hh h l ll j z): the width of the integer type it names, 32 for none.
unsigned lengthModifier(const std::string &fmt, size_t &j, bool &written) {
  auto at = [&](size_t k) { return k < fmt.size() ? fmt[k] : '\0'; };
  written = true;
  if (at(j) == 'h' && at(j + 1) == 'h') {
    j += 2;
    return 8;
  }
  if (at(j) == 'l' && at(j + 1) == 'l') {
    j += 2;
    return 64;
  }
  if (at(j) == 'h') {
    ++j;
    return 16;
  }
  if (at(j) == 'l' || at(j) == 'j' || at(j) == 'z') {
    ++j;
    return 64;
  }
  written = false;
  return 32;
}

} // namespace

std::optional<std::vector<FormatPiece>> parsePrintfFormat(const std::string &fmt, std::string &err) {
  std::vector<FormatPiece> out;
  auto text = [&](char c) {
    if (out.empty() || out.back().kind != FormatPiece::Text)
      out.push_back({FormatPiece::Text, "", 0});
    out.back().text += c;
  };
  for (size_t i = 0; i < fmt.size(); ++i) {
    if (fmt[i] != '%') {
      text(fmt[i]);
      continue;
    }
    if (i + 1 < fmt.size() && fmt[i + 1] == '%') {
      text('%');
      ++i;
      continue;
    }
    if (auto f = printfFloat(fmt, i)) {
      FormatPiece p;
      p.kind = FormatPiece::Conversion;
      p.text = fmt.substr(i, f->second);
      p.conv = 'f';
      p.floatSpec = f->first;
      out.push_back(p);
      i += f->second - 1;
      continue;
    }
    size_t j = i + 1;
    while (j < fmt.size() && std::string("-+ 0").find(fmt[j]) != std::string::npos)
      ++j;
    while (j < fmt.size() && fmt[j] >= '0' && fmt[j] <= '9')
      ++j;
    if (j < fmt.size() && fmt[j] == '.')
      for (++j; j < fmt.size() && fmt[j] >= '0' && fmt[j] <= '9';)
        ++j;
    std::string spec = fmt.substr(i + 1, j - i - 1);
    bool hasLength = false;
    unsigned bits = lengthModifier(fmt, j, hasLength);
    char c = j < fmt.size() ? fmt[j] : '\0';
    bool integer = std::string("diuxXo").find(c) != std::string::npos && c != '\0';
    if (integer || ((c == 'c' || c == 's') && !hasLength)) {
      out.push_back(
          {FormatPiece::Conversion, fmt.substr(i, j - i + 1), c == 'i' ? 'd' : c, bits, spec, hasLength});
      i = j;
      continue;
    }
    err =
        "printf directive '" + directiveText(fmt, i + 1) +
        "' (supported: %d %i %u %x %X %o with hh h l ll j z, %c, %s, the flags '-+ 0', a width, a precision, "
        "%%, and %f %e %g %F %E %G with flags, width and precision)";
    return std::nullopt;
  }
  return out;
}

std::optional<std::vector<FormatPiece>> parseScanfFormat(const std::string &fmt, std::string &err) {
  std::vector<FormatPiece> out;
  for (size_t i = 0; i < fmt.size(); ++i) {
    if (isSpace(fmt[i])) {
      if (out.empty() || out.back().kind != FormatPiece::Space)
        out.push_back({FormatPiece::Space, "", 0});
      continue;
    }
    if (fmt[i] != '%') {
      out.push_back({FormatPiece::Text, std::string(1, fmt[i]), 0});
      continue;
    }
    if (i + 1 < fmt.size() && fmt[i + 1] == '%') {
      out.push_back({FormatPiece::Percent, "", 0});
      ++i;
      continue;
    }
    size_t j = i + 1;
    // a maximum field width, read as glibc reads it (`%05d` is 5; 0 is none)
    uint64_t width = 0;
    for (; j < fmt.size() && fmt[j] >= '0' && fmt[j] <= '9'; ++j) {
      width = width * 10 + static_cast<uint64_t>(fmt[j] - '0');
      if (width > ir::kMaxScanWidth) {
        err = "scanf directive '" + directiveText(fmt, i + 1) + "' (a field width above " +
              std::to_string(ir::kMaxScanWidth) + ")";
        return std::nullopt;
      }
    }
    FormatPiece p;
    p.kind = FormatPiece::Conversion;
    p.width = static_cast<uint32_t>(width);
    if (j < fmt.size() && fmt[j] == 's') {
      p.text = fmt.substr(i, j - i + 1);
      p.conv = 's';
      p.bits = 8;
      out.push_back(p);
      i = j;
      continue;
    }
    bool hasLength = false;
    unsigned bits = lengthModifier(fmt, j, hasLength);
    char c = j < fmt.size() ? fmt[j] : '\0';
    p.text = fmt.substr(i, j - i + 1);
    p.bits = bits;
    p.hasLength = hasLength;
    if (c == 'f' || c == 'e' || c == 'g' || c == 'E' || c == 'G') { // all read a float alike
      if (hasLength && !(bits == 64 && j >= 1 && fmt[j - 1] == 'l' && (j < 2 || fmt[j - 2] != 'l'))) {
        err = "scanf directive '" + directiveText(fmt, i + 1) + "' (a float conversion takes only 'l')";
        return std::nullopt;
      }
      p.conv = 'f';
      p.isLong = hasLength;
      out.push_back(p);
      i = j;
      continue;
    }
    if (c == '\0' || std::string_view("diuxXoc").find(c) == std::string_view::npos ||
        (c == 'c' && hasLength)) {
      err = "scanf directive '" + directiveText(fmt, i + 1) +
            "' (supported: %d %i %u %x %X %o with hh h l ll j z, %c, %s, %f %e %g and %lf %le %lg, each with "
            "a field width, and %%)";
      return std::nullopt;
    }
    p.conv = c == 'X' ? 'x' : c;
    out.push_back(p);
    i = j;
  }
  return out;
}

std::string escapePercent(const std::string &s) {
  std::string out;
  for (char c : s)
    out += c == '%' ? std::string("%%") : std::string(1, c);
  return out;
}

const cl::ArraySubscriptExpr *argvElement(const cl::Expr *e, const cl::VarDecl *argv) {
  const auto *ase = llvm::dyn_cast<cl::ArraySubscriptExpr>(e->IgnoreParenImpCasts());
  if (!ase)
    return nullptr;
  const auto *dr = llvm::dyn_cast<cl::DeclRefExpr>(ase->getBase()->IgnoreParenImpCasts());
  return dr && dr->getDecl() == argv ? ase : nullptr;
}

namespace {
void collectArgv(const cl::Stmt *s, const cl::VarDecl *argv, const cl::ASTContext &ctx, ArgvUses &uses) {
  if (!s)
    return;
  if (const auto *ce = llvm::dyn_cast<cl::CallExpr>(s);
      ce && ce->getNumArgs() >= 1 && argvElement(ce->getArg(0), argv))
    if (const cl::FunctionDecl *fd = ce->getDirectCallee(); !fd || fd->getNameAsString() != "atoi")
      uses.onlyAtoi = false;
  if (const auto *e = llvm::dyn_cast<cl::Expr>(s))
    if (const cl::ArraySubscriptExpr *ase = argvElement(e, argv)) {
      cl::Expr::EvalResult r;
      if (ase->getIdx()->EvaluateAsInt(r, ctx))
        uses.maxConstant = std::max<int64_t>(uses.maxConstant, r.Val.getInt().getExtValue());
      else
        uses.variableIndex = true;
    }
  for (const cl::Stmt *k : s->children())
    collectArgv(k, argv, ctx, uses);
}
} // namespace

ArgvUses argvUses(const cl::Stmt *body, const cl::VarDecl *argv, const cl::ASTContext &ctx) {
  ArgvUses uses;
  collectArgv(body, argv, ctx, uses);
  return uses;
}

bool isArgvType(cl::QualType t) {
  cl::QualType c = t.getCanonicalType();
  const auto *p1 = c->getAs<cl::PointerType>();
  if (!p1)
    return false;
  const auto *p2 = p1->getPointeeType().getCanonicalType()->getAs<cl::PointerType>();
  return p2 && p2->getPointeeType().getCanonicalType()->isCharType();
}

} // namespace locus::c

namespace locus::c::lower {

namespace {

/// Why a call of `name` with `given` arguments after its format does not fit the format's conversions, or
/// nullopt when it does.
/// A scanf directive that stores bytes into a char array: `%s`, `%Ns`, and `%Nc` with N > 1 (scanStrings).
bool storesBytes(const FormatPiece &p) {
  return p.kind == FormatPiece::Conversion && (p.conv == 's' || (p.conv == 'c' && p.width > 1));
}

std::optional<std::string> conversionMismatch(const std::string &name, const std::vector<FormatPiece> &pieces,
                                              unsigned given) {
  unsigned conversions = 0;
  for (const FormatPiece &p : pieces)
    conversions += p.kind == FormatPiece::Conversion;
  if (given == conversions)
    return std::nullopt;
  return "'" + name + "' with " + std::to_string(given) + " arguments for " + std::to_string(conversions) +
         " conversions";
}

} // namespace

// ================================================================================================
// The calls (FnLowering)

/// `atoi(argv[i])`, `atol(argv[i])`, `strtol(argv[i], NULL, 10)` in main: the element i of the command line
/// (an int64 parameter argv_i: strtol's value), checked `0 <= i < argc`; atoi converts it to int.
Expr FnLowering::argvNumber(const cl::CallExpr *ce, const std::string &name, const Expr &g) {
  bool isStrtol = name == "strtol" || name == "strtoll";
  unsigned want = isStrtol ? 3 : 1;
  if (ce->getNumArgs() != want)
    unsupported(ce, "'" + name + "' with " + std::to_string(ce->getNumArgs()) + " arguments");
  const cl::ArraySubscriptExpr *ase = argvDecl_ ? argvElement(ce->getArg(0), argvDecl_) : nullptr;
  if (!ase)
    unsupported(ce->getArg(0),
                "'" + name + "' of something other than argv[i] in main(int argc, char *argv[])");
  if (isStrtol) {
    if (!ce->getArg(1)->isNullPointerConstant(u_.ctx_, cl::Expr::NPC_ValueDependentIsNull))
      unsupported(ce->getArg(1), "'" + name + "' with an end pointer (only NULL is supported)");
    cl::Expr::EvalResult r;
    if (!ce->getArg(2)->EvaluateAsInt(r, u_.ctx_) || r.Val.getInt() != 10)
      unsupported(ce->getArg(2), "'" + name + "' with a base other than 10");
  }
  SourceLoc saved = loc_;
  loc_ = irLoc(ase->getBeginLoc());
  LVal lv;
  lv.kind = LVal::Argv;
  lv.node = ase;
  lv.ctype = ase->getType();
  argvAccess_ = true;
  lv.array = &varInfo(argvDecl_, ase);
  argvAccess_ = false;
  lv.index = rvAs(ase->getIdx(), intTypeOf(ase->getIdx()), g);
  // argv[i] is an argument only for 0 <= i < argc (argv[argc] is NULL)
  const ir::Type i64 = ir::Type::fixedInt(64, true);
  Expr i = lv.index.type == i64            ? lv.index
           : lv.index.kind == Expr::IntLit ? Expr::intLit(lv.index.value, i64)
                                           : Expr::cast(i64, lv.index);
  Expr below = Expr::binary(ir::Op::Lt, i, Expr::cast(i64, use(*argcCopy_)));
  Expr inRange =
      lv.index.kind == Expr::IntLit
          ? std::move(below)
          : Expr::binary(ir::Op::And, Expr::binary(ir::Op::Le, Expr::intLit(0, i64), i), std::move(below));
  assertStmt(std::move(inRange), "argv index in bounds: " + text(ase) + " (argc)", g);
  loc_ = saved;
  Expr v = load(lv, g);
  if (name == "atoi" && v.type != ir::Type::fixedInt(32, true))
    return Expr::cast(ir::Type::fixedInt(32, true), std::move(v)); // glibc: (int) strtol(s, NULL, 10)
  return v;
}

namespace {

/// The text printf's `%s` with the flags, width and precision `spec` prints for `text`; nullopt for a flag
/// other than `-` (`0`, `+`, ` ` are undefined or meaningless for %s).
std::optional<std::string> literalField(std::string text, const std::string &spec) {
  size_t j = 0;
  bool left = false;
  for (; j < spec.size() && std::string("-+ 0").find(spec[j]) != std::string::npos; ++j) {
    if (spec[j] != '-')
      return std::nullopt;
    left = true;
  }
  size_t width = 0;
  for (; j < spec.size() && spec[j] >= '0' && spec[j] <= '9'; ++j)
    width = std::min<size_t>(width * 10 + static_cast<size_t>(spec[j] - '0'), ir::kMaxFieldWidth + 1);
  if (width > ir::kMaxFieldWidth)
    return std::nullopt;
  if (j < spec.size() && spec[j] == '.') {
    size_t precision = 0;
    for (++j; j < spec.size(); ++j)
      precision = std::min<size_t>(precision * 10 + static_cast<size_t>(spec[j] - '0'), text.size());
    text.resize(std::min(text.size(), precision));
  }
  if (text.size() < width)
    text = left ? text + std::string(width - text.size(), ' ') : std::string(width - text.size(), ' ') + text;
  return text;
}

} // namespace

/// printf/fprintf(stdout)/puts/putchar → `print`; fprintf(stderr) evaluates its int arguments only.
Expr FnLowering::printCall(const cl::CallExpr *ce, const std::string &name, const Expr &g, bool wantValue) {
  if (wantValue)
    unsupported(ce, "the value of '" + name + "(…)'");
  // An argument `c ? "a" : "b"` (nested too) chosen by an enclosing lowering of this call (below).
  auto resolve = [&](const cl::Expr *e) {
    e = e->IgnoreParenImpCasts();
    for (auto it = chosen_.find(e); it != chosen_.end(); it = chosen_.find(e))
      e = it->second->IgnoreParenImpCasts();
    return e;
  };
  auto literal = [&](const cl::Expr *e) -> std::optional<std::string> {
    const auto *sl = llvm::dyn_cast<cl::StringLiteral>(resolve(e));
    if (!sl || sl->getCharByteWidth() != 1)
      return std::nullopt;
    return sl->getString().str();
  };
  // A choice between string literals as the format or a string argument (`printf(ok ? "yes\n" : "no\n")`,
  // `printf("%s", ok ? "yes" : "no")`): the condition is evaluated, then the call is lowered once with each
  // literal, under the guards `g and c` and `g and not c`.
  auto choice = [&](auto &self, const cl::Expr *e) -> bool {
    e = resolve(e);
    if (llvm::isa<cl::StringLiteral>(e))
      return true;
    const auto *co = llvm::dyn_cast<cl::ConditionalOperator>(e);
    return co && self(self, co->getTrueExpr()) && self(self, co->getFalseExpr());
  };
  for (const cl::Expr *a : ce->arguments()) {
    const auto *co = llvm::dyn_cast<cl::ConditionalOperator>(resolve(a));
    if (!co || !choice(choice, co))
      continue;
    Expr c = cond(co->getCond(), g);
    if (c.kind == Expr::BoolLit) { // a constant condition: only one literal is evaluated
      chosen_[co] = !c.value.isZero() ? co->getTrueExpr() : co->getFalseExpr();
      printCall(ce, name, g, false);
    } else {
      Expr tc = guardAnd(g, std::move(c));
      chosen_[co] = co->getTrueExpr();
      printCall(ce, name, tc, false);
      chosen_[co] = co->getFalseExpr();
      printCall(ce, name, conj(g, tc, true), false);
    }
    chosen_.erase(co);
    return Expr::boolLit(true);
  }
  ir::Stmt s = make(ir::Stmt::Print, g);
  if (name == "putchar") {
    if (ce->getNumArgs() != 1)
      unsupported(ce, "'putchar' with " + std::to_string(ce->getNumArgs()) + " arguments");
    s.message = "%c";
    s.args.push_back(rvAs(ce->getArg(0), ir::Type::fixedInt(32, true), g));
    emit(std::move(s));
    return Expr::boolLit(true);
  }
  if (name == "puts" && ce->getNumArgs() == 1 && !literal(ce->getArg(0))) { // its bytes, then a newline
    stringBytes(stringParts(ce->getArg(0), g), g, [&](const Expr &c, const Expr &on) {
      ir::Stmt b = make(ir::Stmt::Print, on);
      b.message = "%c";
      b.args.push_back(Expr::cast(ir::Type::fixedInt(32, true), c));
      emit(std::move(b));
    });
    s.message = "\n";
    emit(std::move(s));
    return Expr::boolLit(true);
  }
  if (name == "puts") {
    std::optional<std::string> text = ce->getNumArgs() == 1 ? literal(ce->getArg(0)) : std::nullopt;
    if (!text)
      unsupported(ce->getNumArgs() ? ce->getArg(0) : ce, "'puts' of something other than a string literal");
    s.message = escapePercent(*text + "\n");
    emit(std::move(s));
    return Expr::boolLit(true);
  }
  unsigned first = 0;
  if (name == "fprintf") {
    const cl::Expr *stream = ce->getNumArgs() ? ce->getArg(0)->IgnoreParenImpCasts() : nullptr;
    const auto *dr = stream ? llvm::dyn_cast<cl::DeclRefExpr>(stream) : nullptr;
    std::string sname = dr ? dr->getDecl()->getNameAsString() : "";
    if (sname != "stdout" && sname != "stderr")
      unsupported(stream ? stream : ce, "'fprintf' to a stream other than stdout or stderr");
    if (sname == "stderr") { // not observed: evaluate the int arguments only
      for (unsigned k = 1; k < ce->getNumArgs(); ++k) {
        const cl::Expr *a = ce->getArg(k);
        if (literal(a))
          continue;
        if (!intType(a->getType(), u_.ctx_))
          unsupported(a, "argument of type '" + a->getType().getAsString() + "' to 'fprintf'");
        effect(a, g);
      }
      return Expr::boolLit(true);
    }
    first = 1;
  }
  std::optional<std::string> fmt = ce->getNumArgs() > first ? literal(ce->getArg(first)) : std::nullopt;
  if (!fmt)
    unsupported(ce->getNumArgs() > first ? ce->getArg(first) : ce,
                "'" + name + "' with a format that is not a string literal");
  std::string err;
  std::optional<std::vector<FormatPiece>> pieces = parsePrintfFormat(*fmt, err);
  if (!pieces)
    unsupported(ce->getArg(first), err);
  if (std::optional<std::string> why = conversionMismatch(name, *pieces, ce->getNumArgs() - first - 1))
    unsupported(ce, *why);
  std::vector<size_t> marks;
  std::vector<std::pair<size_t, size_t>> splits; // a %s of a char array: where in the message and the args
  unsigned k = first + 1;
  for (const FormatPiece &p : *pieces) {
    if (p.kind != FormatPiece::Conversion) {
      s.message += escapePercent(p.text);
      continue;
    }
    const cl::Expr *a = ce->getArg(k++);
    const std::string &directive = p.text;
    if (p.conv == 's' && !literal(a)) { // a char array or pointer: its bytes, printed when the call prints
      if (!p.spec.empty())
        unsupported(a,
                    "printf " + directive + " of something other than a string literal (only plain %s is)");
      Parts sp = stringParts(a, g);
      splits.emplace_back(s.message.size(), s.args.size());
      for (Expr &e : sp) {
        marks.push_back(out_->size());
        s.args.push_back(std::move(e));
      }
      continue;
    }
    if (p.conv == 'f') { // a double (a float argument is promoted to one)
      std::optional<ir::Type> fhave = intType(a->getType(), u_.ctx_);
      if (!fhave || *fhave != ir::Type::floatType(64))
        unsupported(a, "printf " + p.floatSpec + " of an argument of type '" + a->getType().getAsString() +
                           "' (expected 'double')");
      s.message += p.floatSpec;
      marks.push_back(out_->size());
      s.args.push_back(rvAs(a, ir::Type::floatType(64), g));
      continue;
    }
    if (p.conv == 's') {
      std::optional<std::string> text = literal(a);
      std::optional<std::string> field = literalField(*text, p.spec);
      if (!field)
        unsupported(ce->getArg(first),
                    "printf directive '%" + p.spec + "s' (%s takes '-', a width, a precision)");
      s.message += escapePercent(*field);
      continue;
    }
    // The argument, promoted: int or unsigned int (long or unsigned long for l ll j z), converted to the
    // type the directive prints as glibc converts it (`%hhd`: signed char, `%x`: unsigned int, …).
    const unsigned argBits = p.conv == 'c' || p.bits <= 32 ? 32 : 64;
    std::optional<ir::Type> have = intType(a->getType(), u_.ctx_);
    if (!have || have->bits != argBits)
      unsupported(a, "printf " + directive + " of an argument of type '" + a->getType().getAsString() +
                         "' (expected '" + (argBits == 64 ? "long" : "int") + "' or its unsigned type)");
    const bool unsignedConv = p.conv != 'd' && p.conv != 'c';
    ir::Type want = p.conv == 'c' ? ir::Type::fixedInt(32, true)
                                  : ir::Type::fixedInt(static_cast<uint8_t>(p.bits), !unsignedConv);
    std::string irDirective = "%" + p.spec + std::string(1, p.conv);
    std::string why;
    if (!ir::parsePrintFormat(irDirective, why))
      unsupported(ce->getArg(first), "printf directive '" + directive + "': " + why);
    s.message += irDirective;
    marks.push_back(out_->size());
    s.args.push_back(rvAs(a, want, g));
  }
  for (size_t i = s.args.size(); i-- > 1;)
    s.args[i - 1] = settle(std::move(s.args[i - 1]), marks[i], g);
  s.loc = irLoc(ce->getBeginLoc());
  size_t msgPos = 0, argPos = 0;
  auto printPart = [&](size_t msgEnd, size_t argEnd) {
    ir::Stmt part = s;
    part.message = s.message.substr(msgPos, msgEnd - msgPos);
    part.args.assign(s.args.begin() + static_cast<std::ptrdiff_t>(argPos),
                     s.args.begin() + static_cast<std::ptrdiff_t>(argEnd));
    if (!part.message.empty())
      emit(std::move(part));
  };
  for (auto [msgAt, argAt] : splits) {
    printPart(msgAt, argAt);
    stringBytes({s.args[argAt], s.args[argAt + 1]}, g, [&](const Expr &c, const Expr &on) {
      ir::Stmt b = make(ir::Stmt::Print, on);
      b.message = "%c";
      b.args.push_back(Expr::cast(ir::Type::fixedInt(32, true), c));
      b.loc = s.loc;
      emit(std::move(b));
    });
    msgPos = msgAt;
    argPos = argAt + 2;
  }
  if (splits.empty())
    emit(std::move(s));
  else
    printPart(s.message.size(), s.args.size());
  return Expr::boolLit(true);
}

/// The parts (cells, offset) of a `char *` value (a char array decays to one) whose bytes are read as a
/// string; a pointer of another shape is unsupported.
Parts FnLowering::stringParts(const cl::Expr *e, const Expr &g) {
  if (const auto *sl = llvm::dyn_cast<cl::StringLiteral>(e->IgnoreParenImpCasts());
      sl && sl->getCharByteWidth() == 1) { // a fresh array of its bytes and the 0 (it is only read)
    const std::string bytes = sl->getString().str();
    const ir::Type i8 = ir::Type::fixedInt(8, true);
    VarRef a = temp(ir::Type::arrayOf(i8));
    allocArray(a, i64(static_cast<int64_t>(bytes.size()) + 1), false, g);
    for (size_t k = 0; k < bytes.size(); ++k)
      putElem(use(a), i64(static_cast<int64_t>(k)),
              Expr::intLit(ir::BigInt(static_cast<int64_t>(static_cast<signed char>(bytes[k]))), i8), g);
    return {use(a), i64(0)};
  }
  cl::QualType t = e->getType();
  const PtrShape *sh = t->isPointerType() && isFat(t) ? &shapeOf(t, e->getBeginLoc()) : nullptr;
  if (!sh || sh->cells.size() != 1 || !sh->records.empty() || sh->cells[0].bits != 8 || sh->stride != 1)
    unsupported(e, "a string of type '" + t.getAsString() + "' (a char array or char pointer is)");
  Parts p = ptr(e, g);
  return {p[0], p[sh->offIndex()]};
}

/// The loop over the bytes of a string (cells, offset) up to its terminating 0: `[g] j := 0; [g] b := true;
/// [g] while (b) { c := s[off + j]; b := c != 0; [b] each(c); [b] j := j + 1 }` (a byte outside the object
/// is a bounds failure, a null pointer a null-deref); j, the length, is returned.
Expr FnLowering::stringBytes(const Parts &str, const Expr &g,
                             const std::function<void(const Expr &c, const Expr &on)> &each) {
  const ir::Type i64t = ir::Type::fixedInt(64, true);
  VarRef j = temp(i64t), b = temp(ir::Type::boolType());
  emit(assign(g, j, i64(0)));
  emit(assign(g, b, Expr::boolLit(true)));
  ir::Stmt w = make(ir::Stmt::While, g);
  w.value = use(b);
  std::vector<ir::Stmt> *saved = out_;
  out_ = &w.body;
  const Expr yes = Expr::boolLit(true);
  Expr c = getElem(str[0], addI64(str[1], use(j)), yes);
  emit(assign(yes, b, Expr::binary(ir::Op::Ne, c, Expr::intLit(ir::BigInt(0), c.type))));
  each(c, use(b));
  emit(assign(use(b), j, Expr::binary(ir::Op::Add, use(j), i64(1))));
  out_ = saved;
  emit(std::move(w));
  return use(j);
}

/// strlen(s) → the length loop of stringBytes, as a `size_t`.
Expr FnLowering::strlenCall(const cl::CallExpr *ce, const Expr &g) {
  if (ce->getNumArgs() != 1)
    unsupported(ce, "'strlen' with " + std::to_string(ce->getNumArgs()) + " arguments");
  Expr n = stringBytes(stringParts(ce->getArg(0), g), g, [](const Expr &, const Expr &) {});
  return Expr::cast(ir::Type::fixedInt(64, false), n);
}

/// strcmp(a, b) → `[g] j := 0; [g] b := true; [g] while (b) { x := a[…+j]; y := b[…+j]; r := uint8(x) -
/// uint8(y) (as int32); b := r == 0 and x != 0; [b] j := j + 1 }`: glibc's value, the difference of the first
/// bytes that differ as unsigned chars (0 for equal strings).
Expr FnLowering::strcmpCall(const cl::CallExpr *ce, const Expr &g) {
  if (ce->getNumArgs() != 2)
    unsupported(ce, "'strcmp' with " + std::to_string(ce->getNumArgs()) + " arguments");
  Parts a = stableParts(stringParts(ce->getArg(0), g), g);
  size_t mark = out_->size();
  Parts b = stringParts(ce->getArg(1), g);
  settleParts(a, mark, g);
  const ir::Type i32 = ir::Type::fixedInt(32, true), u8 = ir::Type::fixedInt(8, false);
  VarRef j = temp(ir::Type::fixedInt(64, true)), go = temp(ir::Type::boolType()), r = temp(i32);
  emit(assign(g, j, i64(0)));
  emit(assign(g, go, Expr::boolLit(true)));
  emit(assign(g, r, Expr::intLit(ir::BigInt(0), i32)));
  ir::Stmt w = make(ir::Stmt::While, g);
  w.value = use(go);
  std::vector<ir::Stmt> *saved = out_;
  out_ = &w.body;
  const Expr yes = Expr::boolLit(true);
  Expr x = getElem(a[0], addI64(a[1], use(j)), yes);
  Expr y = getElem(b[0], addI64(b[1], use(j)), yes);
  auto unsignedByte = [&](const Expr &c) { return Expr::cast(i32, Expr::cast(u8, c)); };
  emit(assign(yes, r, Expr::binary(ir::Op::Sub, unsignedByte(x), unsignedByte(y))));
  emit(assign(yes, go,
              Expr::binary(ir::Op::And, Expr::binary(ir::Op::Eq, use(r), Expr::intLit(ir::BigInt(0), i32)),
                           Expr::binary(ir::Op::Ne, x, Expr::intLit(ir::BigInt(0), x.type)))));
  emit(assign(use(go), j, Expr::binary(ir::Op::Add, use(j), i64(1))));
  out_ = saved;
  emit(std::move(w));
  return use(r);
}

/// strcpy(d, s), strcat(d, s): n := the length of s (stringBytes), for strcat d's end found first; `[g]
/// assert not (same object and the ranges overlap)` (C leaves it undefined), then the n + 1 bytes copied by a
/// counted loop (a byte outside either object: bounds). The value (d) may not be used.
Expr FnLowering::strcpyCall(const cl::CallExpr *ce, const std::string &name, const Expr &g, bool wantValue) {
  if (wantValue)
    unsupported(ce, "the value of '" + name + "(…)'");
  if (ce->getNumArgs() != 2)
    unsupported(ce, "'" + name + "' with " + std::to_string(ce->getNumArgs()) + " arguments");
  const cl::Expr *de = ce->getArg(0);
  if (llvm::isa<cl::StringLiteral>(de->IgnoreParenImpCasts()))
    unsupported(de, "'" + name + "' into a string literal");
  Parts d = stableParts(stringParts(de, g), g);
  size_t mark = out_->size();
  Parts src = stableParts(stringParts(ce->getArg(1), g), g);
  settleParts(d, mark, g);
  auto none = [](const Expr &, const Expr &) {};
  Expr dOff = d[1];
  if (name == "strcat")
    dOff = materialize(addI64(d[1], stringBytes(d, g, none)), g);
  Expr n = stringBytes(src, g, none);
  Expr overlap = Expr::binary(ir::Op::And, Expr::binary(ir::Op::Eq, d[0], src[0]),
                              Expr::binary(ir::Op::And, Expr::binary(ir::Op::Le, dOff, addI64(src[1], n)),
                                           Expr::binary(ir::Op::Le, src[1], addI64(dOff, n))));
  assertStmt(Expr::unary(ir::Op::Not, std::move(overlap)),
             "'" + name + "' of overlapping strings: " + text(ce), g);
  countedLoop(addI64(n, i64(1)), g, false, [&](Expr j) {
    const Expr yes = Expr::boolLit(true);
    Expr c = getElem(src[0], addI64(src[1], j), yes);
    if (ir::Type e = d[0].type.elemType(); c.type != e) // char and unsigned char: the same byte
      c = Expr::cast(e, std::move(c));
    putElem(d[0], addI64(dOff, j), c, yes);
  });
  return Expr::boolLit(true);
}

/// strncpy(d, s, n): `[g] len := d.length; [g] assert 0 <= off and off <= len and uint64(n) <= uint64(len -
/// off)` (it writes exactly n bytes), then a first counted loop over at most n bytes of s up to its 0 (m: the
/// bytes it reads), `[g] assert not (d == s and the ranges [off, off + n) and [s_off, s_off + m) overlap)`,
/// and a second one writing `d[off + j] := c` while s goes on, then 0 (glibc's padding).
Expr FnLowering::strncpyCall(const cl::CallExpr *ce, const Expr &g, bool wantValue) {
  if (wantValue)
    unsupported(ce, "the value of 'strncpy(…)'");
  if (ce->getNumArgs() != 3)
    unsupported(ce, "'strncpy' with " + std::to_string(ce->getNumArgs()) + " arguments");
  const cl::Expr *de = ce->getArg(0);
  if (llvm::isa<cl::StringLiteral>(de->IgnoreParenImpCasts()))
    unsupported(de, "'strncpy' into a string literal");
  Parts d = stableParts(stringParts(de, g), g);
  size_t mark = out_->size();
  Parts src = stableParts(stringParts(ce->getArg(1), g), g);
  settleParts(d, mark, g);
  mark = out_->size();
  Expr n = materialize(Expr::cast(ir::Type::fixedInt(64, false), rv(ce->getArg(2), g)), g);
  settleParts(d, mark, g);
  settleParts(src, mark, g);
  const ir::Type i64t = ir::Type::fixedInt(64, true), u64 = ir::Type::fixedInt(64, false);
  const Expr yes = Expr::boolLit(true);
  VarRef len = temp(i64t);
  if (d[0].kind != Expr::VarUse)
    unsupported(de, "'strncpy' into this destination");
  ir::Stmt ls = make(ir::Stmt::Length, g);
  ls.lhs = len;
  ls.base = d[0].var;
  emit(std::move(ls));
  Expr off = d[1];
  Expr within = Expr::binary(
      ir::Op::And, Expr::binary(ir::Op::Le, i64(0), off),
      Expr::binary(ir::Op::And, Expr::binary(ir::Op::Le, off, use(len)),
                   Expr::binary(ir::Op::Le, n, Expr::cast(u64, Expr::binary(ir::Op::Sub, use(len), off)))));
  assertStmt(std::move(within), "'strncpy' writes its n bytes within the destination: " + text(ce), g);
  Expr count = materialize(Expr::cast(i64t, n), g);
  auto readLoop = [&](bool write) { // j over 0 … n-1; `on` while the string goes on; m: the bytes read
    VarRef on = temp(ir::Type::boolType()), m = temp(i64t);
    emit(assign(g, on, yes));
    emit(assign(g, m, i64(0)));
    countedLoop(count, g, false, [&](Expr j) {
      VarRef c = temp(src[0].type.elemType());
      emit(assign(yes, c, Expr::intLit(ir::BigInt(0), src[0].type.elemType())));
      Expr got = getElem(src[0], addI64(src[1], j), use(on));
      emit(assign(use(on), c, got));
      emit(assign(use(on), m, Expr::binary(ir::Op::Add, use(m), i64(1))));
      emit(assign(yes, on,
                  Expr::binary(ir::Op::And, use(on),
                               Expr::binary(ir::Op::Ne, use(c),
                                            Expr::intLit(ir::BigInt(0), src[0].type.elemType())))));
      if (write) {
        Expr v = use(c);
        if (ir::Type e = d[0].type.elemType(); v.type != e) // char and unsigned char: the same byte
          v = Expr::cast(e, std::move(v));
        putElem(d[0], addI64(off, j), v, yes);
      }
    });
    return use(m);
  };
  Expr m = readLoop(false);
  Expr overlap = Expr::binary(ir::Op::And, Expr::binary(ir::Op::Eq, d[0], src[0]),
                              Expr::binary(ir::Op::And, Expr::binary(ir::Op::Lt, off, addI64(src[1], m)),
                                           Expr::binary(ir::Op::Lt, src[1], addI64(off, count))));
  assertStmt(Expr::unary(ir::Op::Not, std::move(overlap)), "'strncpy' of overlapping strings: " + text(ce),
             g);
  readLoop(true);
  return yes;
}

/// getchar() → `[g] t := -1; [g] scan "%c", t`: the next byte (0 … 255), or EOF (-1) at the end of input.
Expr FnLowering::getcharCall(const cl::CallExpr *ce, const Expr &g) {
  if (ce->getNumArgs() != 0)
    unsupported(ce, "'getchar' with " + std::to_string(ce->getNumArgs()) + " arguments");
  const ir::Type i32 = ir::Type::fixedInt(32, true);
  VarRef t = temp(i32);
  emit(assign(g, t, Expr::intLit(ir::BigInt(-1), i32)));
  ir::Stmt s = make(ir::Stmt::Scan, g);
  s.message = "%c";
  s.args.push_back(use(t));
  s.loc = irLoc(ce->getBeginLoc());
  emit(std::move(s));
  return use(t);
}

/// scanf/fscanf(stdin) → `[n :=] scan "fmt", x, …`; `&a[i]` with a variable i through a temporary.
Expr FnLowering::scanCall(const cl::CallExpr *ce, const std::string &name, const Expr &g, bool wantValue) {
  unsigned first = 0;
  if (name == "fscanf") {
    const cl::Expr *stream = ce->getNumArgs() ? ce->getArg(0)->IgnoreParenImpCasts() : nullptr;
    const auto *dr = stream ? llvm::dyn_cast<cl::DeclRefExpr>(stream) : nullptr;
    if (!dr || dr->getDecl()->getNameAsString() != "stdin")
      unsupported(stream ? stream : ce, "'fscanf' from a stream other than stdin");
    first = 1;
  }
  const auto *sl = ce->getNumArgs() > first
                       ? llvm::dyn_cast<cl::StringLiteral>(ce->getArg(first)->IgnoreParenImpCasts())
                       : nullptr;
  if (!sl || sl->getCharByteWidth() != 1)
    unsupported(ce->getNumArgs() > first ? ce->getArg(first) : ce,
                "'" + name + "' with a format that is not a string literal");
  std::string err;
  std::optional<std::vector<FormatPiece>> pieces = parseScanfFormat(sl->getString().str(), err);
  if (!pieces)
    unsupported(ce->getArg(first), err);
  if (std::optional<std::string> why = conversionMismatch(name, *pieces, ce->getNumArgs() - first - 1))
    unsupported(ce, *why);
  for (const FormatPiece &p : *pieces)
    if (storesBytes(p))
      return scanStrings(ce, *pieces, first + 1, g, wantValue);
  std::optional<VarRef> n = scanSegment(ce, *pieces, 0, pieces->size(), first + 1, g, wantValue);
  return n ? use(*n) : Expr::boolLit(true);
}

/// The scan statement of the directives pieces[from, to) (none of them %s), whose arguments start at
/// argument `k` of the call; with `wantCount` its count, in a temporary.
std::optional<VarRef> FnLowering::scanSegment(const cl::CallExpr *ce, const std::vector<FormatPiece> &pieces,
                                              size_t from, size_t to, unsigned k, const Expr &g,
                                              bool wantCount) {
  ir::Stmt s = make(ir::Stmt::Scan, g);
  std::vector<std::pair<LVal, VarRef>> writeBack; // elements with a variable index: scanned into a temporary
  for (size_t pi = from; pi < to; ++pi) {
    const FormatPiece &p = pieces[pi];
    if (p.kind == FormatPiece::Space) {
      s.message += ' ';
      continue;
    }
    if (p.kind == FormatPiece::Text) {
      s.message += p.text;
      continue;
    }
    if (p.kind == FormatPiece::Percent) {
      s.message += "%%";
      continue;
    }
    // the IR directive: the conversion with its field width (a length modifier is the variable's type)
    s.message += "%" + (p.width && p.conv != 'c' ? std::to_string(p.width) : std::string()) +
                 (p.conv == 'f' ? (p.isLong ? "lf" : "f") : std::string(1, p.conv));
    const cl::Expr *a = ce->getArg(k++);
    const auto *addr = llvm::dyn_cast<cl::UnaryOperator>(a->IgnoreParenImpCasts());
    const cl::Expr *viaPtr = nullptr; // an int pointer argument: scanned into *p
    if (!addr || addr->getOpcode() != cl::UO_AddrOf) {
      if (!isFat(a->getType()))
        unsupported(a, "scanf argument that is not '&variable' or a pointer to an integer");
      viaPtr = a;
    }
    cl::QualType objType = viaPtr ? a->getType()->getPointeeType() : addr->getSubExpr()->getType();
    ir::Type want = p.conv == 'f' ? ir::Type::floatType(p.isLong ? 64 : 32)
                                  : ir::Type::fixedInt(static_cast<uint8_t>(p.bits), true);
    std::optional<ir::Type> have = intType(objType, u_.ctx_);
    // An integer of the length modifier's width, of either signedness: glibc stores the same bits into it
    // (`(int) strtol(…)` or `(unsigned) strtoul(…)`), which is the value converted to the object's type. A
    // `%c` stores the byte into a char of either signedness.
    if (p.conv == 'c' && have && have->bits == 8)
      want = *have;
    else if (p.conv != 'f' && have && have->isFixedInt() && have->bits == want.bits)
      want = *have;
    if (p.conv == 'c' && (!have || have->bits != 8))
      unsupported(a, "scanf %c into an object of type '" + objType.getAsString() + "' (expected 'char')");
    if (!have || *have != want) {
      std::string base = p.bits == 8 ? "char" : p.bits == 16 ? "short" : p.bits == 32 ? "int" : "long";
      unsupported(a, "scanf " + p.text + " into an object of type '" + objType.getAsString() +
                         "' (expected '" +
                         (p.conv == 'f' ? (p.isLong ? "double" : "float")
                                        : (p.bits == 8 ? "signed " : "") + base + "' or 'unsigned " + base) +
                         "')");
    }
    LVal lv = viaPtr ? deref(ptr(viaPtr, g), shapeOf(viaPtr->getType(), viaPtr->getBeginLoc()), i64(0),
                             objType, viaPtr)
                     : lvalue(addr->getSubExpr(), g);
    if (lv.kind == LVal::Var) {
      s.args.push_back(use(lv.vars.at(0)));
    } else if (lv.kind == LVal::Elem || lv.kind == LVal::Field || lv.kind == LVal::Deref) {
      // Read first (checked; the value stays when nothing is scanned), scanned, written back.
      Expr cur = load(lv, g);
      VarRef t;
      if (cur.kind == Expr::VarUse && !isUserVar(cur) && cur.type == want) {
        t = cur.var;
      } else {
        t = temp(want);
        emit(assign(g, t, std::move(cur)));
      }
      s.args.push_back(use(t));
      writeBack.emplace_back(lv, t);
    } else {
      unsupported(a, "scanf into something other than a variable, a field or an array element");
    }
  }
  s.loc = irLoc(ce->getBeginLoc());
  std::optional<VarRef> result;
  if (wantCount) {
    s.lhs = temp(ir::Type::fixedInt(32, true));
    result = s.lhs;
  }
  emit(std::move(s));
  for (auto &[lv, t] : writeBack)
    store(lv, use(t), g);
  return result;
}

/// scanf with `%s` directives (`%Ns`: at most N bytes) or `%Nc` (N > 1): the format is cut at each of them;
/// each part between is a scan statement (scanSegment), each %s `[go] w := scan " %1[^ \t\n\v\f\r]", c`
/// (white space skipped, then one byte that is not white space) and, when it read one, a loop storing each
/// byte at `d[off + j]` and reading the next (`scan "%1[^…]"`) until white space, the end of the input or the
/// width, then the 0 at `d[off + j]`: a word longer than the buffer is a bounds failure at the first byte
/// outside it. `%Nc` is the same with `scan "%c"` (nothing skipped, white space read too, glibc's `%Nc`:
/// up to N bytes, fewer at the end of the input) and no 0 after the bytes. `go` holds while every conversion
/// so far succeeded; the call's value is the number of conversions, or EOF when the input ended before the
/// first (`cnt`, `eof`). A part before a %s must not end in ordinary characters after its last conversion
/// (whether they matched would not be known).
Expr FnLowering::scanStrings(const cl::CallExpr *ce, const std::vector<FormatPiece> &pieces, unsigned k,
                             const Expr &g, bool wantValue) {
  const ir::Type i32 = ir::Type::fixedInt(32, true), i8 = ir::Type::fixedInt(8, true);
  const Expr yes = Expr::boolLit(true);
  auto lit32 = [&](int64_t v) { return Expr::intLit(ir::BigInt(v), i32); };
  // The destinations of the %s directives, evaluated first (the call's arguments).
  std::map<size_t, Parts> dst;
  unsigned arg = k;
  for (size_t i = 0; i < pieces.size(); ++i)
    if (pieces[i].kind == FormatPiece::Conversion) {
      const cl::Expr *a = ce->getArg(arg++);
      if (storesBytes(pieces[i])) {
        if (llvm::isa<cl::StringLiteral>(a->IgnoreParenImpCasts()))
          unsupported(a, "scanf " + pieces[i].text + " into a string literal");
        const auto *addr = llvm::dyn_cast<cl::UnaryOperator>(a->IgnoreParenImpCasts());
        if (pieces[i].conv == 'c' && addr && addr->getOpcode() == cl::UO_AddrOf &&
            !llvm::isa<cl::ArraySubscriptExpr>(addr->getSubExpr()->IgnoreParens()))
          unsupported(a, "scanf " + pieces[i].text + " into a single char (it stores " +
                             std::to_string(pieces[i].width) + " bytes; a char array is needed)");
        dst[i] = stableParts(stringParts(a, g), g);
      }
    }
  VarRef cnt = temp(i32), go = temp(ir::Type::boolType()), eof = temp(ir::Type::boolType());
  emit(assign(g, cnt, lit32(0)));
  emit(assign(g, go, yes));
  emit(assign(g, eof, Expr::boolLit(false)));
  // after a scan that returned r (under ga): EOF when the input failed before any conversion
  auto account = [&](const Expr &ga, VarRef r) {
    Expr none = Expr::binary(ir::Op::And, Expr::binary(ir::Op::Eq, use(r), lit32(-1)),
                             Expr::binary(ir::Op::Eq, use(cnt), lit32(0)));
    emit(assign(guardAnd(ga, std::move(none)), eof, yes));
    emit(assign(guardAnd(ga, Expr::binary(ir::Op::Gt, use(r), lit32(0))), cnt,
                Expr::binary(ir::Op::Add, use(cnt), use(r))));
  };
  auto wordScan = [&](const Expr &on, const std::string &fmt, VarRef w, VarRef c) {
    ir::Stmt s = make(ir::Stmt::Scan, on);
    s.message = fmt;
    s.args.push_back(use(c));
    s.lhs = w;
    s.loc = irLoc(ce->getBeginLoc());
    emit(std::move(s));
  };
  size_t from = 0;
  for (size_t i = 0; i <= pieces.size(); ++i) {
    bool isString = i < pieces.size() && storesBytes(pieces[i]);
    if (i < pieces.size() && !isString)
      continue;
    if (from < i) { // the directives before this %s (or after the last one)
      unsigned convs = 0;
      bool textAfter = false;
      for (size_t j = from; j < i; ++j) {
        bool conv = pieces[j].kind == FormatPiece::Conversion;
        convs += conv;
        textAfter =
            conv ? false
                 : textAfter || pieces[j].kind == FormatPiece::Text || pieces[j].kind == FormatPiece::Percent;
      }
      if (isString && textAfter)
        unsupported(ce, "scanf with ordinary characters right before a " +
                            std::string(pieces[i].conv == 's' ? "%s" : "%Nc") +
                            " directive (after the last conversion before it)");
      Expr ga = guardAnd(g, use(go));
      VarRef r = *scanSegment(ce, pieces, from, i, k, ga, true);
      k += convs;
      account(ga, r);
      if (isString)
        emit(assign(ga, go, Expr::binary(ir::Op::Eq, use(r), lit32(convs))));
    }
    if (!isString)
      break;
    // the %s or %Nc itself
    const Parts &d = dst.at(i);
    ++k;
    const bool chars = pieces[i].conv == 'c';
    std::optional<int64_t> width;
    if (pieces[i].width)
      width = pieces[i].width;
    const std::string byteDirective = chars ? "%c" : ir::kWordDirective;
    Expr ga = guardAnd(g, use(go));
    VarRef c = temp(i8), w = temp(i32);
    wordScan(ga, chars ? byteDirective : " " + byteDirective, w, c);
    account(ga, w);
    emit(assign(ga, go, Expr::binary(ir::Op::Eq, use(w), lit32(1))));
    Expr ok = guardAnd(ga, Expr::binary(ir::Op::Eq, use(w), lit32(1)));
    VarRef j = temp(ir::Type::fixedInt(64, true)), more = temp(ir::Type::boolType());
    emit(assign(ok, j, i64(0)));
    emit(assign(ok, more, yes));
    ir::Stmt loop = make(ir::Stmt::While, ok);
    loop.value = use(more);
    std::vector<ir::Stmt> *saved = out_;
    out_ = &loop.body;
    putElem(d[0], addI64(d[1], use(j)), use(c), yes);
    emit(assign(yes, j, Expr::binary(ir::Op::Add, use(j), i64(1))));
    if (width)
      emit(assign(yes, more, Expr::binary(ir::Op::Lt, use(j), i64(*width))));
    wordScan(use(more), byteDirective, w, c);
    emit(assign(yes, more, Expr::binary(ir::Op::And, use(more), Expr::binary(ir::Op::Eq, use(w), lit32(1)))));
    out_ = saved;
    emit(std::move(loop));
    if (!chars)
      putElem(d[0], addI64(d[1], use(j)), Expr::intLit(ir::BigInt(0), i8), ok);
    from = i + 1;
  }
  if (!wantValue)
    return yes;
  VarRef res = temp(i32);
  emit(assign(g, res, use(cnt)));
  emit(assign(guardAnd(g, use(eof)), res, lit32(-1)));
  return use(res);
}

} // namespace locus::c::lower

// Standard input and output, and main's command line (README.md, *Standard input and output*): printf/scanf
// formats and the uses of argv in main (io.h), and the lowering of the calls (argv numbers, print, scan).
#include "frontend/c/io.h"
#include "frontend/c/lowering.h"

#include <clang/AST/ASTContext.h>

#include "ir/io.h"

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

std::optional<std::vector<FormatPiece>> parsePrintfFormat(const std::string &fmt, std::string &err) {
  std::vector<FormatPiece> out;
  auto text = [&](char c) {
    if (out.empty() || out.back().kind != FormatPiece::Text)
      out.push_back({FormatPiece::Text, "", 0, false});
    out.back().text += c;
  };
  for (size_t i = 0; i < fmt.size(); ++i) {
    if (fmt[i] != '%') {
      text(fmt[i]);
      continue;
    }
    if (auto f = printfFloat(fmt, i)) {
      out.push_back({FormatPiece::Conversion, "", 'f', false, f->first});
      i += f->second - 1;
      continue;
    }
    size_t j = i + 1;
    bool isLong = j < fmt.size() && fmt[j] == 'l';
    if (isLong)
      ++j;
    char c = j < fmt.size() ? fmt[j] : '\0';
    if (c == '%' && !isLong)
      text('%');
    else if (c == 'd' || c == 'i')
      out.push_back({FormatPiece::Conversion, "", 'd', isLong});
    else if ((c == 'c' || c == 's') && !isLong)
      out.push_back({FormatPiece::Conversion, "", c, false});
    else {
      err =
          "printf directive '" + directiveText(fmt, i + 1) +
          "' (supported: %d, %i, %ld, %li, %c, %s of a string literal, %%, and %f %e %g %F %E %G with flags, "
          "width and precision)";
      return std::nullopt;
    }
    i = j;
  }
  return out;
}

std::optional<std::vector<FormatPiece>> parseScanfFormat(const std::string &fmt, std::string &err) {
  std::vector<FormatPiece> out;
  for (size_t i = 0; i < fmt.size(); ++i) {
    if (isSpace(fmt[i])) {
      if (out.empty() || out.back().kind != FormatPiece::Space)
        out.push_back({FormatPiece::Space, "", 0, false});
      continue;
    }
    if (fmt[i] != '%') {
      out.push_back({FormatPiece::Text, std::string(1, fmt[i]), 0, false});
      continue;
    }
    size_t j = i + 1;
    bool isLong = j < fmt.size() && fmt[j] == 'l';
    if (isLong)
      ++j;
    char c = j < fmt.size() ? fmt[j] : '\0';
    if (c == 'f' || c == 'e' || c == 'g' || c == 'E' || c == 'G') { // all read a float alike
      out.push_back({FormatPiece::Conversion, "", 'f', isLong});
      i = j;
      continue;
    }
    if (c != 'd' && c != 'i') {
      err = "scanf directive '" + directiveText(fmt, i + 1) + "' (supported: %d, %i, %ld, %li, %f, %lf)";
      return std::nullopt;
    }
    out.push_back({FormatPiece::Conversion, "", c, isLong});
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

/// printf/fprintf(stdout)/puts/putchar → `print`; fprintf(stderr) evaluates its int arguments only.
Expr FnLowering::printCall(const cl::CallExpr *ce, const std::string &name, const Expr &g, bool wantValue) {
  if (wantValue)
    unsupported(ce, "the value of '" + name + "(…)'");
  auto literal = [&](const cl::Expr *e) -> std::optional<std::string> {
    const auto *sl = llvm::dyn_cast<cl::StringLiteral>(e->IgnoreParenImpCasts());
    if (!sl || sl->getCharByteWidth() != 1)
      return std::nullopt;
    return sl->getString().str();
  };
  ir::Stmt s = make(ir::Stmt::Print, g);
  if (name == "putchar") {
    if (ce->getNumArgs() != 1)
      unsupported(ce, "'putchar' with " + std::to_string(ce->getNumArgs()) + " arguments");
    s.message = "%c";
    s.args.push_back(rvAs(ce->getArg(0), ir::Type::fixedInt(32, true), g));
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
  unsigned k = first + 1;
  for (const FormatPiece &p : *pieces) {
    if (p.kind != FormatPiece::Conversion) {
      s.message += escapePercent(p.text);
      continue;
    }
    const cl::Expr *a = ce->getArg(k++);
    if (p.conv == 's') {
      std::optional<std::string> text = literal(a);
      if (!text)
        unsupported(a, "printf %s of something other than a string literal");
      s.message += escapePercent(*text);
      continue;
    }
    if (p.conv == 'f') { // a double (a float argument is promoted to one)
      std::optional<ir::Type> have = intType(a->getType(), u_.ctx_);
      if (!have || *have != ir::Type::floatType(64))
        unsupported(a, "printf " + p.floatSpec + " of an argument of type '" + a->getType().getAsString() +
                           "' (expected 'double')");
      s.message += p.floatSpec;
      marks.push_back(out_->size());
      s.args.push_back(rvAs(a, ir::Type::floatType(64), g));
      continue;
    }
    ir::Type want = ir::Type::fixedInt(p.isLong ? 64 : 32, true);
    std::optional<ir::Type> have = intType(a->getType(), u_.ctx_);
    if (!have || *have != want)
      unsupported(a, std::string("printf %") + (p.isLong ? "l" : "") + p.conv + " of an argument of type '" +
                         a->getType().getAsString() + "' (expected '" + (p.isLong ? "long" : "int") + "')");
    s.message += p.conv == 'c' ? "%c" : "%d";
    marks.push_back(out_->size());
    s.args.push_back(rvAs(a, want, g));
  }
  for (size_t i = s.args.size(); i-- > 1;)
    s.args[i - 1] = settle(std::move(s.args[i - 1]), marks[i], g);
  s.loc = irLoc(ce->getBeginLoc());
  emit(std::move(s));
  return Expr::boolLit(true);
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
  ir::Stmt s = make(ir::Stmt::Scan, g);
  std::vector<std::pair<LVal, VarRef>> writeBack; // elements with a variable index: scanned into a temporary
  unsigned k = first + 1;
  for (const FormatPiece &p : *pieces) {
    if (p.kind == FormatPiece::Space) {
      s.message += ' ';
      continue;
    }
    if (p.kind == FormatPiece::Text) {
      s.message += p.text;
      continue;
    }
    s.message += p.conv == 'f' ? (p.isLong ? "%lf" : "%f") : p.conv == 'i' ? "%i" : "%d";
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
                                  : ir::Type::fixedInt(p.isLong ? 64 : 32, true);
    std::optional<ir::Type> have = intType(objType, u_.ctx_);
    if (!have || *have != want)
      unsupported(a, std::string("scanf %") + (p.isLong ? "l" : "") + p.conv + " into an object of type '" +
                         objType.getAsString() + "' (expected '" +
                         (p.conv == 'f' ? (p.isLong ? "double" : "float")
                          : p.isLong    ? "long"
                                        : "int") +
                         "')");
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
  Expr result = Expr::boolLit(true);
  if (wantValue) {
    s.lhs = temp(ir::Type::fixedInt(32, true));
    result = use(s.lhs);
  }
  emit(std::move(s));
  for (auto &[lv, t] : writeBack)
    store(lv, use(t), g);
  return result;
}

} // namespace locus::c::lower

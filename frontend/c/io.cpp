// printf/scanf formats and the uses of argv in main (io.h).
#include "frontend/c/io.h"

#include <clang/AST/ASTContext.h>

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
      err = "printf directive '" + directiveText(fmt, i + 1) +
            "' (supported: %d, %i, %ld, %li, %c, %s of a string literal, %%)";
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
    if (c != 'd' && c != 'i') {
      err = "scanf directive '" + directiveText(fmt, i + 1) + "' (supported: %d, %i, %ld, %li)";
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

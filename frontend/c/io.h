// The C library's input and output as the C front end models them (README.md, *Standard input and
// output*): printf/scanf formats and the uses of `argv` in `main`. io.cpp lowers the calls with these.
#pragma once

#include <clang/AST/Decl.h>
#include <clang/AST/Expr.h>
#include <clang/AST/Stmt.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace locus::c {

/// One piece of a C format string: literal text (printf: after `%%` became `%`), white space (scanf), `%%`
/// (scanf: Percent), or a conversion of the next argument: 'd' (also %i in printf), 'i' (scanf), 'u', 'x',
/// 'X', 'o', 'c', 's', 'f' (a float conversion: printf's %f %e %g %F %E %G with flags, width and precision,
/// `floatSpec` the IR print conversion; scanf's %f %e %g, `isLong` for a double); `bits` the width of the
/// integer type its length modifier names (hh 8, h 16, none 32, l ll j z 64); printf's flags, field width
/// and precision as written (`spec`, e.g. "-05.3").
struct FormatPiece {
  enum Kind { Text, Space, Conversion, Percent };
  Kind kind = Text;
  std::string text; ///< Text
  char conv = 0;    ///< Conversion
  unsigned bits = 32;
  std::string spec;
  bool hasLength = false; ///< a length modifier was written
  uint32_t width = 0;     ///< scanf: the maximum field width (0: none)
  bool isLong = false;    ///< 'f': `l` (scanf: a double)
  std::string floatSpec;  ///< printf 'f': the conversion without its `l` (`%.2f`, `%10e`)
};

/// A printf format: text, %d %i %u %x %X %o (length modifiers hh h l ll j z), %c, %s, each with the flags
/// `-+ 0`, a field width and a precision, %%, and the float conversions; nullopt with `err` naming the first
/// other directive.
std::optional<std::vector<FormatPiece>> parsePrintfFormat(const std::string &fmt, std::string &err);
/// A scanf format: white space, ordinary bytes (Text, one byte each), %%, %d %i %u %x %X %o (length modifiers
/// hh h l ll j z; %X is 'x'), %c, %s, %f %e %g (float) and %lf %le %lg (double), each with an optional field
/// width (`width`); nullopt with `err`.
std::optional<std::vector<FormatPiece>> parseScanfFormat(const std::string &fmt, std::string &err);

/// Text for an IR print format: `%` doubled.
std::string escapePercent(const std::string &s);

/// How `main` reads `argv`: the largest constant index, and whether some index is not a constant.
struct ArgvUses {
  int64_t maxConstant = -1;
  bool variableIndex = false;
  bool onlyAtoi = true; ///< every argv[i] is the argument of atoi (so int suffices: atoi's value)
};
ArgvUses argvUses(const clang::Stmt *body, const clang::VarDecl *argv, const clang::ASTContext &ctx);

/// Whether `t` is `char **` (or `char *[]` as a parameter), const-qualified or not.
bool isArgvType(clang::QualType t);

/// `e` (implicit casts and parentheses aside) is `argv[i]` with `argv` the given parameter: the subscript.
const clang::ArraySubscriptExpr *argvElement(const clang::Expr *e, const clang::VarDecl *argv);

} // namespace locus::c

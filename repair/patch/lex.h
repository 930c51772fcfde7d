// A small tokenizer for GCL and C source text: where the tokens are, so the patch renderer can look at
// what surrounds a range (its neighbours, its statement's end) and at what a piece of text does.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace locus::repair::patch {

enum class Language { Gcl, C };

/// The language of a file by its extension: `.c`, `.h`, `.i` are C, everything else GCL.
Language languageOf(const std::string &path);

struct Token {
  size_t begin = 0, end = 0; ///< byte offsets [begin, end)
  std::string_view text;
};

/// The tokens of `text`: identifiers, numbers, string and character literals, punctuators (longest match).
/// Comments, whitespace and C preprocessor lines are skipped. `text` must outlive the result.
std::vector<Token> tokenize(std::string_view text, Language lang);

/// Whether evaluating a piece of expression text may have a side effect (C: `++`, `--`, an assignment, a
/// call, a comma; GCL expressions have none).
bool hasSideEffects(std::string_view text, Language lang);

/// How loosely a piece of expression text binds: the loosest binary operator outside brackets, as a GCL or C
/// precedence level (see patch.cpp; 0 for a comma, an assignment or `?:`), `prefix` when it starts with a
/// prefix operator or a cast and has no binary operator, `atom` when it is one operand.
int textPrecedence(std::string_view text, Language lang, int prefix, int atom);

/// Whether text is one operand that binds at least as tightly as a postfix expression: an identifier, a
/// number, or one followed by member accesses, subscripts, calls and `++`/`--` (`a[2]`, `s.f`, `p->n`,
/// `f(x)`, `x++`).
bool isPostfixText(std::string_view text, Language lang);

/// The bytes a string literal's text stands for (`"a\\n"`: a, newline), with the escapes of the language
/// (C: simple, octal and hexadecimal escapes; GCL: `\"`, `\\`, `\n`, `\t`, `\r`, `\xHH`); nullopt
/// for text that is not one such literal.
std::optional<std::string> literalValue(std::string_view text, Language lang);
/// A string literal standing for `bytes` (literalValue's inverse): printable ASCII as it is, `\"`, `\\`,
/// `\n`, `\t`, `\r`, other bytes as C's three-digit octal or GCL's `\xHH` escape.
std::string literalText(const std::string &bytes, Language lang);

} // namespace locus::repair::patch

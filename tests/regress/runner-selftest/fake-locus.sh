#!/bin/sh
# A stand-in for `locus` in the runner's self-tests: prints the `// FAKE: ` lines of the file given as the
# second argument (with @FILE@ replaced by that path), and the `// FAKE-WORD: ` lines whose WORD is one of
# its arguments or the part of one before a colon (`--entry bad` prints the `// FAKE-bad: ` lines, `--solver
# 'smtlib:z3 -in'` the `// FAKE-smtlib: ` ones); `// FAKE:` alone prints an empty line;
# `// FAKE-ERR: ` lines go to stderr; exits with `// FAKE-EXIT: N` (default 0).
f="$2"
[ -r "$f" ] || { echo "fake-locus: cannot read '$f'" >&2; exit 2; }
words=$(printf '%s\n' "$@")
awk -v file="$f" -v words="$words" '
  BEGIN { n = split(words, w, "\n") }
  function wanted(tag,   i) {
    for (i = 1; i <= n; i++) if (w[i] == tag || index(w[i], tag ":") == 1) return 1
    return 0
  }
  /^\/\/ FAKE:( |$)/ { line = substr($0, 10); gsub(/@FILE@/, file, line); print line; next }
  /^\/\/ FAKE-[^ :]*: / {
    tag = $0; sub(/^\/\/ FAKE-/, "", tag); sub(/: .*/, "", tag)
    if (tag != "ERR" && tag != "EXIT" && wanted(tag)) { line = $0; sub(/^\/\/ FAKE-[^ :]*: /, "", line); print line }
  }' "$f"
sed -n 's|^// FAKE-ERR: ||p' "$f" >&2
code=$(sed -n 's|^// FAKE-EXIT: *||p' "$f" | head -n 1)
exit "${code:-0}"

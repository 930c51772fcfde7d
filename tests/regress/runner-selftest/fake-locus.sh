#!/bin/sh
# A stand-in for `locus` in the runner's self-tests: prints the `// FAKE: ` lines of the file given as
# the second argument (with @FILE@ replaced by that path) and exits with `// FAKE-EXIT: N` (default 0).
f="$2"
[ -r "$f" ] || { echo "fake-locus: cannot read '$f'" >&2; exit 2; }
sed -n 's|^// FAKE: ||p' "$f" | sed "s|@FILE@|$f|g"
sed -n 's|^// FAKE-ERR: ||p' "$f" >&2
code=$(sed -n 's|^// FAKE-EXIT: *||p' "$f" | head -n 1)
exit "${code:-0}"

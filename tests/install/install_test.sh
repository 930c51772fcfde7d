#!/bin/sh
# `cmake --install` into an empty prefix, then, from another directory and without $LOCUS_STDLIB, `locus test`
# on an example that imports the standard library: the installed locus finds the installed stdlib relative to
# its binary (a marker procedure added to the installed copy proves it is that copy), and prints its files as
# <stdlib>/NAME.gcl. Also checks the installed docs and editor grammar, and `locus --version`.
# Usage: install_test.sh BUILD-DIR SOURCE-DIR
set -eu
build=$1
src=$2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/locus-install-XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fail() { echo "install_test: FAIL: $*" >&2; exit 1; }

prefix=$tmp/prefix
cmake --install "$build" --prefix "$prefix" > "$tmp/install.log" || { cat "$tmp/install.log"; fail "cmake --install"; }
for f in bin/locus share/locus/stdlib/list.gcl share/locus/stdlib/tree.gcl share/doc/locus/README.md \
         share/doc/locus/cli.md share/doc/locus/gcl.md share/locus/editors/gcl.tmLanguage.json; do
  [ -e "$prefix/$f" ] || fail "not installed: $f"
done
echo "installed into $prefix"

unset LOCUS_STDLIB
locus=$prefix/bin/locus
"$locus" --version > "$tmp/version.txt"
cat "$tmp/version.txt"
grep -q '^locus [0-9][0-9.]* (commit [0-9a-z-]*)$' "$tmp/version.txt" || fail "--version names no commit"
grep -qxF "standard library: $prefix/share/locus/stdlib" "$tmp/version.txt" || fail "not the installed stdlib"

# The example: the bundled reverse.gcl, and a test that calls a procedure only the installed stdlib has.
printf '\n// added by install_test.sh\nproc installed_marker() { skip; }\n' >> "$prefix/share/locus/stdlib/list.gcl"
mkdir "$tmp/work"
cp "$src/examples/reverse.gcl" "$tmp/work/"
cat > "$tmp/work/marker.gcl" <<'GCL'
import "list";
test uses_the_installed_stdlib {
  var h: SNode;
  h := sl_push(null, 3);
  installed_marker();
  assert h.val == 3;
}
proc bad() {
  var h: DNode;
  var x: DNode;
  h := dl_push(null, 1);
  h.prev := h;
  x := dl_push(h, 2);
}
GCL
cd "$tmp/work"
"$locus" test reverse.gcl > out.txt 2>&1 || { cat out.txt; fail "locus test reverse.gcl"; }
cat out.txt
grep -q '^[1-9][0-9]* passed, 0 failed$' out.txt || fail "reverse.gcl: tests did not pass"
"$locus" test marker.gcl > out.txt 2>&1 || { cat out.txt; fail "locus test marker.gcl"; }
cat out.txt
grep -qx 'PASS uses_the_installed_stdlib' out.txt || fail "marker.gcl: the test did not pass"
# A failure inside the stdlib is located at <stdlib>/list.gcl, the example by the name it was given.
if "$locus" run marker.gcl --entry bad --trace > out.txt 2>&1; then fail "run --entry bad did not fail"; fi
grep -q '^<stdlib>/list.gcl:[0-9]*:[0-9]*: error: precondition of .dl_push. violated' out.txt || \
  { cat out.txt; fail "the failure is not located at <stdlib>/list.gcl"; }
grep -q ' marker.gcl:[0-9]*:[0-9]*  h := dl_push(null, 1)' out.txt || { cat out.txt; fail "marker.gcl not named as given"; }
if grep -q "$tmp" out.txt; then cat out.txt; fail "an absolute path of this machine was printed"; fi
echo "install_test: ok"

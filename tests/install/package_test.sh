#!/bin/sh
# The CPack Debian package: made from the build tree's CPackConfig.cmake into a temporary directory, it holds
# the binary, the standard library, the docs and the editor grammar under /usr, and depends on the solvers'
# and clang's libraries. Usage: package_test.sh BUILD-DIR
set -eu
build=$1
tmp=$(mktemp -d "${TMPDIR:-/tmp}/locus-package-XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fail() { echo "package_test: FAIL: $*" >&2; exit 1; }
(cd "$tmp" && cpack --config "$build/CPackConfig.cmake" -G DEB -B "$tmp/out" > cpack.log 2>&1) || \
  { cat "$tmp/cpack.log"; fail "cpack"; }
deb=$(ls "$tmp"/out/locus_*.deb)
dpkg-deb -c "$deb" | awk '{print $6}' > "$tmp/contents"
for f in ./usr/bin/locus ./usr/share/locus/stdlib/list.gcl ./usr/share/locus/stdlib/tree.gcl \
         ./usr/share/doc/locus/README.md ./usr/share/doc/locus/cli.md ./usr/share/locus/editors/gcl.tmLanguage.json; do
  grep -qxF "$f" "$tmp/contents" || fail "$deb lacks $f"
done
dpkg-deb -f "$deb" Depends > "$tmp/depends"
cat "$tmp/depends"
for lib in libz3 libcvc5 libantlr4-runtime; do
  grep -q "$lib" "$tmp/depends" || fail "the package does not depend on $lib"
done
echo "package_test: ok: $(basename "$deb")"

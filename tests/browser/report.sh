#!/usr/bin/env bash
# `locus localize --html` and `locus repair --html` pages loaded by headless Chromium: the DOM it builds has the
# source lines, shaded suspicious lines, the diff, the heap pictures (inline SVG) and internal links that all
# resolve (check_dom.py), and its screenshot is a PNG with more drawn than a blank page's.
# Usage: report.sh LOCUS SOURCE_DIR. Skipped (exit 77) without chromium or graphviz's dot, except under CI=true.
set -u
locus=$1
src=$2
missing=""
command -v chromium >/dev/null || missing="chromium"
command -v dot >/dev/null || missing="$missing dot"
if [ -n "$missing" ]; then
  if [ "${CI:-}" = true ]; then
    echo "FAIL: not installed: $missing (scripts/setup.sh installs it)"
    exit 1
  fi
  echo "not installed: $missing: skipped"
  exit 77
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
input="$src/tests/browser/unlink.gcl"
cp "$input" "$tmp/unlink.gcl"
cd "$tmp" || exit 1

"$locus" localize unlink.gcl --entry unlink --html loc.html >/dev/null
[ $? -eq 1 ] || { echo "FAIL: localize did not answer with exit 1"; exit 1; }
"$locus" repair unlink.gcl --entry unlink --html repair.html >/dev/null
[ $? -eq 1 ] || { echo "FAIL: repair did not answer with exit 1"; exit 1; }

# chromium: one run per page (DOM and screenshot), its own profile, its chatter on stderr dropped
browse() { # browse PAGE PNG DOM
  chromium --headless --no-sandbox --disable-gpu --user-data-dir="$tmp/profile" --window-size=1000,1400 \
    --screenshot="$2" --dump-dom "file://$tmp/$1" >"$3" 2>"$tmp/chromium.log"
}
printf '<!DOCTYPE html><html><body></body></html>\n' >blank.html
browse blank.html blank.png blank.dom
fail=0
for kind in localize repair; do
  page=$([ $kind = localize ] && echo loc.html || echo repair.html)
  browse "$page" "$kind.png" "$kind.dom" || { echo "FAIL: chromium on $page"; cat "$tmp/chromium.log"; exit 1; }
  python3 "$src/tests/browser/check_dom.py" "$kind.dom" unlink.gcl "$kind" || fail=1
  if [ "$(head -c 4 "$kind.png" | od -An -c | tr -d ' ')" != '211PNG' ]; then
    echo "FAIL: $kind.png is not a PNG"
    fail=1
  elif [ "$(stat -c %s "$kind.png")" -le $((3 * $(stat -c %s blank.png))) ]; then
    echo "FAIL: $kind.png ($(stat -c %s "$kind.png") bytes) is hardly more than a blank page ($(stat -c %s blank.png))"
    fail=1
  fi
done
[ $fail -eq 0 ] && echo "ok"
exit $fail

#!/bin/sh
# Runs the regression runner on a self-test that must be rejected (*.fail.txt): passes when the runner exits 1
# (a run failed) or 2 (a malformed file) and its report contains the file's `// REJECT: ` text.
# Usage: expect-reject.sh RUNNER FAKE-LOCUS SOURCE-DIR FILE
runner="$1" fake="$2" src="$3" file="$4"
want=$(sed -n 's|^// REJECT: ||p' "$file" | head -n 1)
[ -n "$want" ] || { echo "expect-reject: $file has no '// REJECT: ' line" >&2; exit 1; }
out=$("$runner" --locus "$fake" --source-dir "$src" "$file" 2>&1)
rc=$?
printf '%s\n' "$out"
case $rc in
  1|2) ;;
  *) echo "expect-reject: the runner exited $rc; a rejected test exits 1 or 2" >&2; exit 1 ;;
esac
printf '%s\n' "$out" | grep -qF -- "$want" || { echo "expect-reject: the report lacks: $want" >&2; exit 1; }
echo "expect-reject: rejected as expected ($want)"

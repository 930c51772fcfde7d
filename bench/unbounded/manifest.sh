#!/bin/sh
# Writes the manifest of `locus bench verify --manifest` for the verification modes (tasks.json): every entry
# `main` / `buggy` of tests/regress/c/tasks/*.c (main: safe, buggy: a reachable error — except the main of
# mixed_sign.c and shift_amount.c, their faulty entry; the integer semantics of the file's RUN lines), then
# every bench/unbounded/tasks/*.c (entry main; the verdict its first line states: `// safe:` / `// unsafe:`).
# Usage: bench/unbounded/manifest.sh > bench/unbounded/tasks.json   (run from the source root)
entry() { # file entry expected ints
  [ -n "$first" ] && printf ',\n'
  first=1
  printf '  {"file": "%s", "entry": "%s", "expected": "%s", "unwind": 10' "$1" "$2" "$3"
  [ -n "$4" ] && printf ', "ints": "%s"' "$4"
  printf '}'
}
first=
printf '[\n'
for f in tests/regress/c/tasks/*.c; do
  ints=$(grep -o -m1 -- '--ints [a-z0-9]*' "$f" | head -1 | sed 's/--ints //')
  for e in main buggy; do
    grep -q "^[a-z].* $e(" "$f" || continue
    exp=safe
    [ "$e" = buggy ] && exp=failed
    case "$(basename "$f"):$e" in mixed_sign.c:main | shift_amount.c:main) exp=failed ;; esac
    entry "../../$f" "$e" "$exp" "$ints"
  done
done
for f in bench/unbounded/tasks/*.c; do
  case "$(head -1 "$f")" in "// safe:"*) exp=safe ;; "// unsafe:"*) exp=failed ;; *) continue ;; esac
  entry "tasks/$(basename "$f")" main "$exp" ""
done
printf '\n]\n'

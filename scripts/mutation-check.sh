#!/usr/bin/env bash
# Mutation check of the test suite: flips one operator or constant at a time in the interpreter, the encoder
# and the C lowering, rebuilds, runs the quick tests, and requires them to fail. Reports the kill rate and
# the surviving mutants.
#
# Usage: scripts/mutation-check.sh [--build DIR] [--sample N] [--seed S] [--label L] [--jobs J] [--list]
#                                  [--keep-going] [FILE...]
#   FILE...        files to mutate (default: ir/interp.cpp backends/encoder/*.cpp and the C lowering:
#                  frontend/c/{lower,unit,expr,call,stmt,io,memory,objects}.cpp)
#   --build DIR    an already configured build tree (default: build); it is rebuilt for every mutant and
#                  once more at the end with the original sources
#   --sample N     mutants to try (default 8), drawn from all sites with the seed, spread over the files
#   --seed S       the draw (default 1): the same tree and seed give the same mutants
#   --label L      ctest label of the suite that must fail (default quick)
#   --list         print every mutation site and the sample, change nothing
#   --keep-going   exit 0 even when unexplained mutants survive (for measuring)
#
# Mutation sites are found by pattern, not by line number (the files change under other hands): the binary
# operators < <= > >= + - && || == != written with spaces around them (the project's clang-format style), each
# flipped to its partner (< and <=, > and >=, + and -, && and ||, == and !=), and integer literals, each
# moved by +1 and -1. Comment lines, preprocessor lines, string and character literals and trailing comments
# are skipped, and so are + and - on lines with a string literal (string concatenation: the mutant would not
# compile). A mutant that does not compile is reported and not counted.
#
# A survivor that is explained (an equivalent mutant, or a known gap) is listed in
# scripts/mutation-survivors.txt as `FILE<TAB>FROM -> TO<TAB>the source line, trimmed`; it is reported as
# explained and does not fail the check. Exit status: 0 every counted mutant was killed or is explained,
# 1 an unexplained survivor, 2 usage or build error.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
ROOT=$(pwd)
BUILD=build
SAMPLE=8
SEED=1
LABEL=quick
JOBS=${JOBS:-2}
LIST=0
KEEP_GOING=0
FILES=()
while [ $# -gt 0 ]; do
  case "$1" in
    --build) BUILD=$2; shift 2 ;;
    --sample) SAMPLE=$2; shift 2 ;;
    --seed) SEED=$2; shift 2 ;;
    --label) LABEL=$2; shift 2 ;;
    --jobs) JOBS=$2; shift 2 ;;
    --list) LIST=1; shift ;;
    --keep-going) KEEP_GOING=1; shift ;;
    -h|--help) sed -n '2,32p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "mutation-check: unknown option '$1'" >&2; exit 2 ;;
    *) FILES+=("$1"); shift ;;
  esac
done
if [ ${#FILES[@]} -eq 0 ]; then
  FILES=(ir/interp.cpp backends/encoder/*.cpp)
  for f in frontend/c/{lower,unit,expr,call,stmt,io,memory,objects}.cpp; do
    [ -f "$f" ] && FILES+=("$f")
  done
fi
for f in "${FILES[@]}"; do
  [ -f "$f" ] || { echo "mutation-check: no file '$f'" >&2; exit 2; }
done
EXPLAINED=$ROOT/scripts/mutation-survivors.txt

# sites FILE...: one line per site: FILE<TAB>LINE<TAB>COL<TAB>FROM<TAB>TO<TAB>the line, trimmed (COL 0-based).
sites() {
  perl -e '
    use strict; use warnings;
    my %to = ("<" => "<=", "<=" => "<", ">" => ">=", ">=" => ">", "+" => "-", "-" => "+",
              "&&" => "||", "||" => "&&", "==" => "!=", "!=" => "==");
    for my $f (@ARGV) {
      open(my $in, "<", $f) or die "cannot read $f\n";
      my $n = 0;
      while (my $line = <$in>) {
        $n++;
        chomp $line;
        next if $line =~ m{^\s*(//|#|/?\*)};
        my $m = $line;   # string and character literals and a trailing comment blanked, columns kept
        $m =~ s{"(?:[^"\\]|\\.)*"}{"\"" . ("_" x (length($&) - 2)) . "\""}ge;
        $m =~ s{\x27(?:[^\x27\\]|\\.)*\x27}{"\x27" . ("_" x (length($&) - 2)) . "\x27"}ge;
        $m = substr($m, 0, $-[0]) if $m =~ m{//};
        my $strings = $m =~ /"/;
        (my $text = $line) =~ s/^\s+|\s+$//g;
        while ($m =~ m{ (<=|>=|<|>|\+|-|&&|\|\||==|!=) }g) {
          my ($op, $col) = ($1, $-[1]);
          pos($m) = $col + length($op);
          next if $strings && ($op eq "+" || $op eq "-");
          print join("\t", $f, $n, $col, $op, $to{$op}, $text), "\n";
        }
        while ($m =~ m{(?<![\w.\x27"])(\d+)(?![\w.\x27"])}g) {
          my ($c, $col) = ($1, $-[1]);
          print join("\t", $f, $n, $col, $c, $c + 1, $text), "\n";
          print join("\t", $f, $n, $col, $c, $c - 1, $text), "\n" if $c > 0;
        }
      }
    }' "$@"
}

# sample N SEED: from the sites on stdin, N spread over the files (round robin, each file's sites shuffled
# with the seed), in a stable order.
sample() {
  perl -e '
    use strict; use warnings;
    my ($n, $seed) = @ARGV;
    srand($seed);
    my (%by, @files);
    while (my $l = <STDIN>) {
      my ($f) = split /\t/, $l;
      push @files, $f unless $by{$f};
      push @{$by{$f}}, $l;
    }
    for my $f (@files) {   # Fisher-Yates with the seeded generator
      my $a = $by{$f};
      for (my $i = @$a - 1; $i > 0; $i--) { my $j = int(rand($i + 1)); @$a[$i, $j] = @$a[$j, $i]; }
    }
    my @out;
    while (@out < $n) {
      my $took = 0;
      for my $f (@files) { if (@{$by{$f}} && @out < $n) { push @out, shift @{$by{$f}}; $took = 1; } }
      last unless $took;
    }
    print @out;' "$1" "$2"
}

# apply FILE LINE COL FROM TO: replaces FROM at LINE:COL of FILE by TO (in place).
apply() {
  perl -i -pe '
    BEGIN { ($L, $C, $F, $T) = splice(@ARGV, 1, 4); }
    if ($. == $L) {
      substr($_, $C, length $F) eq $F or die "mutation-check: line $L col $C is not \"$F\"\n";
      substr($_, $C, length $F) = $T;
    }' "$1" "$2" "$3" "$4" "$5"
}

ALL=$(sites "${FILES[@]}")
CHOSEN=$(printf '%s\n' "$ALL" | sample "$SAMPLE" "$SEED")
total_sites=$(printf '%s\n' "$ALL" | grep -c . || true)
echo "mutation-check: $total_sites sites in ${FILES[*]}; sample of $SAMPLE with seed $SEED; suite: ctest -L $LABEL"
if [ "$LIST" -eq 1 ]; then
  printf '%s\n' "$ALL" | awk -F'\t' '{printf "site %s:%s:%s %s -> %s: %s\n", $1, $2, $3 + 1, $4, $5, $6}'
  printf '%s\n' "$CHOSEN" | awk -F'\t' '{printf "sample %s:%s:%s %s -> %s: %s\n", $1, $2, $3 + 1, $4, $5, $6}'
  exit 0
fi
[ -f "$BUILD/CMakeCache.txt" ] || { echo "mutation-check: '$BUILD' is not a configured build tree" >&2; exit 2; }

# The original of the file being mutated, restored on every exit path.
SAVED=$(mktemp "${TMPDIR:-/tmp}/locus-mutation.XXXXXX")
CURRENT=""
restore() {
  if [ -n "$CURRENT" ]; then
    cat "$SAVED" > "$CURRENT"
    CURRENT=""
  fi
}
trap 'restore; rm -f "$SAVED"' EXIT
trap 'exit 130' INT TERM

echo "mutation-check: building the unmutated tree"
cmake --build "$BUILD" -j "$JOBS" > /dev/null || { echo "mutation-check: the unmutated tree does not build" >&2; exit 2; }

killed=0 survived=0 explained=0 stillborn=0 k=0
survivors=()
while IFS=$'\t' read -r file line col from to text; do
  [ -n "$file" ] || continue
  k=$((k + 1))
  where="$file:$line:$((col + 1)) $from -> $to: $text"
  cp "$file" "$SAVED"
  CURRENT=$file
  apply "$file" "$line" "$col" "$from" "$to"
  t0=$(date +%s)
  if ! cmake --build "$BUILD" -j "$JOBS" > /dev/null 2>&1; then
    restore
    stillborn=$((stillborn + 1))
    echo "[$k] does not compile ($(( $(date +%s) - t0 )) s): $where"
    continue
  fi
  if ctest --test-dir "$BUILD" -L "$LABEL" -j "$JOBS" --stop-on-failure > /dev/null 2>&1; then
    restore
    if [ -f "$EXPLAINED" ] && grep -qxF "$(printf '%s\t%s -> %s\t%s' "$file" "$from" "$to" "$text")" "$EXPLAINED"; then
      explained=$((explained + 1))
      echo "[$k] SURVIVED, explained in scripts/mutation-survivors.txt ($(( $(date +%s) - t0 )) s): $where"
    else
      survived=$((survived + 1))
      survivors+=("$where")
      echo "[$k] SURVIVED ($(( $(date +%s) - t0 )) s): $where"
    fi
  else
    restore
    killed=$((killed + 1))
    echo "[$k] killed ($(( $(date +%s) - t0 )) s): $where"
  fi
done <<< "$CHOSEN"

echo "mutation-check: rebuilding the unmutated tree"
cmake --build "$BUILD" -j "$JOBS" > /dev/null

counted=$((killed + survived + explained))
rate="n/a"
[ "$counted" -gt 0 ] && rate="$(( (100 * killed + counted / 2) / counted )) %"
echo "mutation-check: $counted mutants counted ($stillborn did not compile): $killed killed, $survived survived," \
  "$explained explained survivors; kill rate $rate"
if [ ${#survivors[@]} -gt 0 ]; then
  echo "unexplained survivors (add a test that kills each, or explain it in scripts/mutation-survivors.txt):"
  printf '  %s\n' "${survivors[@]}"
  [ "$KEEP_GOING" -eq 1 ] || exit 1
fi
exit 0

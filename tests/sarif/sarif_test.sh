#!/usr/bin/env bash
# `locus localize --sarif`: the logs of several methods and failures validate against the SARIF 2.1.0 JSON
# schema, and say what they should (a result per ranked line with rank and score, the method's rule, the
# failing run as a code flow).
# Usage: sarif_test.sh LOCUS SOURCE_DIR SCHEMA
# The schema (npm package @microsoft/jest-sarif) and the validator (Debian's python3-jsonschema) come from
# scripts/setup.sh; without them the test is skipped (exit 77), except in CI (CI=true), where it fails.
set -euo pipefail
locus=$1 src=$2 schema=$3
py=/usr/bin/python3
if [ ! -f "$schema" ] || ! "$py" -c 'import jsonschema' 2>/dev/null; then
  echo "the SARIF schema ($schema) or python3-jsonschema is missing: run scripts/setup.sh" >&2
  [ "${CI:-}" = true ] && exit 1
  exit 77
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$src"
papers=tests/regress/papers
fail=0
run() { # run NAME EXPECTED-EXIT ARGS...
  local name=$1 want=$2
  shift 2
  set +e
  "$locus" localize "$@" --sarif "$tmp/$name.sarif" > "$tmp/$name.out" 2>&1
  local rc=$?
  set -e
  if [ "$rc" != "$want" ]; then
    echo "FAIL $name: exit $rc, expected $want"; cat "$tmp/$name.out"; fail=1
  fi
}
run maxsat 1 $papers/twobranch_jo_buggy.gcl --entry f --args 0,0
run must 1 $papers/absvalue_buggy.gcl --entry absValue --args=-1 --method must --parts value
run all 1 $papers/max_kb_buggy.gcl --entry max --method all --failures 2
run mbd 1 $papers/max_kb_buggy.gcl --entry max --args 1,2 --method mbd --solver cvc5
"$py" tests/sarif/validate.py "$schema" "$tmp"/*.sarif || fail=1
# The contents: rules, ranks, scores, the code flow.
"$py" - "$tmp" <<'PY' || fail=1
import json, sys, os
d = sys.argv[1]
def log(name):
    with open(os.path.join(d, name + ".sarif")) as f:
        return json.load(f)
ok = True
def check(cond, what):
    global ok
    if not cond:
        print("FAIL", what); ok = False
m = log("must")["runs"][0]
check([r["id"] for r in m["tool"]["driver"]["rules"]] == ["locus.localize.must"], "must: one rule")
lines = sorted(r["locations"][0]["physicalLocation"]["region"]["startLine"] for r in m["results"])
check(lines == [21, 22], "must: a result per line of the set {21, 22}, got %s" % lines)
for r in m["results"]:
    check(r["properties"]["rank"] == 1 and r["properties"]["score"] == 1.0, "must: rank and score in properties")
    check("must" in r["message"]["text"] and "assert failed" in r["message"]["text"], "must: method and check in the message")
    steps = r["codeFlows"][0]["threadFlows"][0]["locations"]
    check([s["location"]["physicalLocation"]["region"]["startLine"] for s in steps] == [21, 22, 25], "must: the trace as a code flow")
a = log("all")["runs"][0]
rules = [r["id"] for r in a["tool"]["driver"]["rules"]]
check("locus.localize.maxsat" in rules and "locus.localize.mbd" in rules, "all: a rule per method, got %s" % rules)
check(all(a["tool"]["driver"]["rules"][r["ruleIndex"]]["id"] == r["ruleId"] for r in a["results"]), "all: ruleIndex")
top = [r for r in a["results"] if r["ruleId"] == "locus.localize.maxsat" and r["properties"]["rank"] == 1]
check(len(top) == 1 and top[0]["locations"][0]["physicalLocation"]["region"]["startLine"] == 21 and top[0]["level"] == "warning",
      "all: maxsat ranks line 21 first")
check("and 1 more failures" in top[0]["message"]["text"], "all: the second failure is named")
sys.exit(0 if ok else 1)
PY
if [ "$fail" = 0 ]; then echo "sarif: every log valid"; fi
exit "$fail"

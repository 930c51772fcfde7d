#!/usr/bin/env bash
# A campaign on a real single-node Slurm (bench/README.md, "Campaigns on a Slurm cluster"): starts munged,
# slurmctld and slurmd from Debian's packages as root, configured in a temporary folder (private ports and
# socket, no cgroups), runs `locus bench faults` on 3 versions of B01 (C1, z3) locally and as a Slurm
# campaign, merges the campaign with `locus bench report` and checks that its report equals the local run's
# apart from times (and tasks at a limit in either run, listed); then drops a record, resubmits it with
# `--resubmit-failed` and checks again; last, corrupts a record and checks that the comparison fails.
# Usage: run.sh LOCUS SOURCE_DIR. Skipped (exit 77) without slurm-wlm and munge or when not root, a failure
# under CI=true (scripts/setup.sh installs the packages; CI runs as root).
set -u
locus=$(realpath "$1")
src=$2
compare=$(dirname "$(realpath "$0")")/compare.py

skip() {
  if [ "${CI:-}" = true ]; then
    echo "FAIL (CI=true): $*"
    exit 1
  fi
  echo "skipped: $*"
  exit 77
}
for cmd in munged slurmctld slurmd sbatch squeue scancel sinfo python3; do
  command -v "$cmd" >/dev/null || skip "$cmd is not installed (slurm-wlm, munge: scripts/setup.sh)"
done
[ "$(id -u)" -eq 0 ] || skip "the daemons of a test Slurm are started as root"

T=$(mktemp -d "${TMPDIR:-/tmp}/locus-slurm-XXXXXX")
chmod 700 "$T"
pids=()
watcher=
cleanup() {
  [ -n "$watcher" ] && kill "$watcher" 2>/dev/null
  # Jobs first (their processes belong to slurmd's step daemons), then the daemons, then the folder.
  if [ -f "$T/slurm.conf" ]; then
    SLURM_CONF=$T/slurm.conf timeout 10 scancel --quiet --full "--user=$(id -un)" 2>/dev/null
  fi
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null; done
  rm -rf "$T"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
fail() {
  echo "FAIL: $*"
  for log in "$T"/log/*.log; do
    [ -f "$log" ] && { echo "---- $log"; tail -20 "$log"; }
  done
  exit 1
}

# Two free TCP ports for the daemons (the local ports in use, from /proc/net/tcp{,6}: hexadecimal).
used=$(for f in /proc/net/tcp /proc/net/tcp6; do [ -r "$f" ] && tail -n +2 "$f"; done |
  while read -r _ local _; do echo $((16#${local##*:})); done)
free_port() {
  local p
  while :; do
    p=$((20000 + RANDOM % 30000))
    if ! grep -qx "$p" <<<"$used"; then
      used+=$'\n'$p
      echo "$p"
      return
    fi
  done
}
ctld_port=$(free_port)
d_port=$(free_port)

mkdir -p "$T/munge" "$T/state" "$T/spool" "$T/log"
head -c 1024 /dev/urandom >"$T/munge/munge.key"
chmod 600 "$T/munge/munge.key"
munged --foreground --force --key-file="$T/munge/munge.key" --socket="$T/munge/socket" \
  --pid-file="$T/munge/munged.pid" --log-file="$T/log/munged.log" --seed-file="$T/munge/seed" &
pids+=($!)
for _ in $(seq 50); do
  [ -S "$T/munge/socket" ] && break
  sleep 0.1
done
[ -S "$T/munge/socket" ] || fail "munged did not start"

host=$(uname -n)
host=${host%%.*}
mem=$(awk '/^MemTotal:/ {print int($2 / 1024)}' /proc/meminfo)
[ "$mem" -gt 1000 ] && mem=1000
cat >"$T/slurm.conf" <<EOF
ClusterName=locustest
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$d_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$T/munge/socket
CredType=cred/munge
StateSaveLocation=$T/state
SlurmdSpoolDir=$T/spool
SlurmctldPidFile=$T/slurmctld.pid
SlurmdPidFile=$T/slurmd.pid
SlurmctldLogFile=$T/log/slurmctld.log
SlurmdLogFile=$T/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
MpiDefault=none
MailProg=/bin/true
NodeName=$host NodeAddr=127.0.0.1 CPUs=$(nproc) RealMemory=$mem State=UNKNOWN
PartitionName=test Nodes=ALL Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF=$T/slurm.conf
slurmctld -D -c -f "$SLURM_CONF" >"$T/log/slurmctld.out.log" 2>&1 &
pids+=($!)
slurmd -D -N "$host" -f "$SLURM_CONF" >"$T/log/slurmd.out.log" 2>&1 &
pids+=($!)
# Should this shell be killed outright (no trap runs on SIGKILL), the daemons and the folder go with it.
(
  while kill -0 $$ 2>/dev/null; do sleep 1; done
  kill "${pids[@]}" 2>/dev/null
  sleep 1
  rm -rf "$T"
) &
watcher=$!
for _ in $(seq 150); do
  [ "$(sinfo -h -o %t 2>/dev/null)" = idle ] && break
  sleep 0.2
done
[ "$(sinfo -h -o %t 2>/dev/null)" = idle ] || fail "the test node did not come up (sinfo: $(sinfo -h 2>&1))"

# wait_job ID: until Slurm no longer lists the job (at most 120 s).
wait_job() {
  for _ in $(seq 600); do
    [ -z "$(squeue -h -j "$1" 2>/dev/null)" ] && return 0
    sleep 0.2
  done
  fail "job $1 did not end within 120 s: $(squeue -h -j "$1" 2>&1)"
}
job_of() { python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["submissions"][-1]["job"])' "$1"; }

cd "$src" || fail "no source directory $src"
run=(bench faults --programs B01 --classes C1 --versions 3 --solvers z3)
"$locus" "${run[@]}" --work "$T/local" --out "$T/local-out" >/dev/null || fail "the local run failed"
"$locus" "${run[@]}" --out "$T/slurm-out" --slurm "$T/camp" --mem 500M --submit >"$T/submit.txt" ||
  fail "the campaign was not submitted: $(cat "$T/submit.txt")"
grep -q "Submitted as job" "$T/submit.txt" || fail "no job id: $(cat "$T/submit.txt")"
wait_job "$(job_of "$T/camp/campaign.json")"
(cd / && "$locus" bench report "$T/camp" >"$T/report.txt") || fail "bench report: exit $?: $(cat "$T/report.txt")"
grep -q "4 task(s), 4 done, 0 failed, 0 without a record" "$T/report.txt" || fail "$(cat "$T/report.txt")"
python3 "$compare" "$T/local-out/faults" "$T/local" "$T/slurm-out/faults" "$T/camp" ||
  fail "the merged report differs from the local run's"

# A task without a record: listed, exit 3; --resubmit-failed runs it again, and the report is whole again.
rm "$T/camp/records/2.json"
"$locus" bench report "$T/camp" --status >"$T/status.txt"
[ $? -eq 3 ] || fail "--status with a record missing: expected exit 3"
grep -q "task 2: B01-gcl.C1.v02.gcl" "$T/status.txt" || fail "$(cat "$T/status.txt")"
"$locus" bench report "$T/camp" --resubmit-failed >"$T/resubmit.txt" || fail "$(cat "$T/resubmit.txt")"
grep -q "Resubmitted 1 task(s)" "$T/resubmit.txt" || fail "$(cat "$T/resubmit.txt")"
wait_job "$(job_of "$T/camp/campaign.json")"
[ -f "$T/camp/records/2.json" ] || fail "the resubmitted task left no record"
"$locus" bench report "$T/camp" --out "$T/again" >/dev/null || fail "bench report after the resubmission"
python3 "$compare" "$T/local-out/faults" "$T/local" "$T/again/faults" "$T/camp" ||
  fail "the merged report after the resubmission differs from the local run's"

# The comparison has teeth: a version's verdict changed in its record makes the reports differ.
sed -i -E 's/"verdict": "(failed|bound)"/"verdict": "safe"/' "$T/camp/records/1.json"
grep -q '"verdict": "safe"' "$T/camp/records/1.json" || fail "the record to corrupt has no verdict"
"$locus" bench report "$T/camp" --out "$T/corrupt" >/dev/null 2>&1
if python3 "$compare" "$T/local-out/faults" "$T/local" "$T/corrupt/faults" "$T/camp" >/dev/null; then
  fail "a corrupted record went unnoticed"
fi
echo "PASS: the Slurm campaign's report equals the local run's"

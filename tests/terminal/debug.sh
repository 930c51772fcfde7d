#!/usr/bin/env bash
# `locus debug` at a real terminal (tmux): the prompt, command and name completion with Tab, history with
# the Up key, line editing (C-a, C-d), and the heap drawing on the screen. Usage: debug.sh LOCUS SOURCE_DIR.
# Skipped (exit 77) when tmux is not installed (scripts/setup.sh installs it).
set -u
locus=$1
src=$2
command -v tmux >/dev/null || { echo "tmux is not installed: skipped"; exit 77; }
sock=$(mktemp -u "${TMPDIR:-/tmp}/locus-tmux-XXXXXX")
home=$(mktemp -d)
cleanup() { tmux -S "$sock" kill-server 2>/dev/null; rm -rf "$home" "$sock"; }
trap cleanup EXIT
tmux -S "$sock" new-session -d -x 100 -y 60 \
  "env HOME='$home' TERM=xterm '$locus' debug '$src/examples/reverse_buggy.gcl'; sleep 30"
screen() { tmux -S "$sock" capture-pane -p -S -200; }
keys() { tmux -S "$sock" send-keys "$@"; }
# waits up to 20 s for `text` to be on the screen `count` times (default once)
wait_for() {
  local text=$1 count=${2:-1}
  for _ in $(seq 200); do
    [ "$(screen | grep -cF -- "$text")" -ge "$count" ] && return 0
    sleep 0.1
  done
  echo "FAIL: not on the screen ($count times): $text"
  screen
  exit 1
}
wait_for "(locus)"
keys "sta" Tab Enter                 # a command completed
wait_for "Starting main"
keys "next" Enter
wait_for "reverse_buggy.gcl:38"
keys "next" Enter
wait_for "▼"                         # the heap drawn: head above its node
wait_for "[n1"
keys "print he" Tab Enter            # a variable completed
wait_for "head = n1"
keys Up Enter                        # history: the same command again
wait_for "head = n1" 2
keys "xprint head.val" C-a C-d Enter # line editing: the stray x removed
wait_for "head.val = 2"
keys "quit" Enter
wait_for "(locus) quit"
echo "ok"

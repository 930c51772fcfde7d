#!/bin/sh
# A fake SMT-LIB 2 solver for tests of solver misbehaviour: it takes every command, answers `sat` to every
# check, and misbehaves as $1 says: error (get-value is an error: no model), unsupported (get-value answers
# `unsupported`), silent (get-value answers nothing), unbalanced (get-value's answer misses a parenthesis),
# wrongsort (get-value gives `true` to every term, so an int gets a boolean), open-check (the check's answer misses a parenthesis),
# stray (the check's answer is a lone `)`).
mode=$1
while IFS= read -r line; do
  case "$line" in
  "(echo "*)
    m=${line#(echo \"}
    echo "${m%\")}"
    ;;
  "(get-info :version)"*) echo '(:version "fake")' ;;
  "(check-sat"*)
    case $mode in
    open-check) echo '(sat' ;;
    stray) echo ')' ;;
    *) echo sat ;;
    esac
    ;;
  "(get-value ("*)
    t=${line#(get-value (}
    t=${t%))}
    case $mode in
    error) echo '(error "model is not available")' ;;
    unsupported) echo unsupported ;;
    silent) ;;
    unbalanced) echo "(($t 1)" ;;
    *) echo "(($t true))" ;;
    esac
    ;;
  *) echo success ;;
  esac
done

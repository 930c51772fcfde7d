#!/bin/sh
# Runs `z3 -in` and copies everything it is sent to the file $1: the text the SMT-LIB pipe sends, for tests.
# (The name contains "z3", so the pipe treats it as z3.)
tee "$1" | exec z3 -in

#!/usr/bin/env bash
# Installs the Debian packages locus needs to build and test (apt-get, as root), skipping those present.
set -euo pipefail

PACKAGES=(
  antlr4 libantlr4-runtime-dev doctest-dev libcli11-dev nlohmann-json3-dev
  cmake ninja-build g++ clang-14 libclang-rt-14-dev ccache
  libz3-dev z3 libcvc5-dev cvc5 llvm-14-dev libclang-14-dev graphviz gnuplot-nox libgmp-dev
  python3-jsonschema libedit-dev tmux slurm-wlm munge chromium
)

section() { printf '\n==== %s\n' "$*"; }
start=$(date +%s)

section "setup: checking ${#PACKAGES[@]} packages"
missing=()
for p in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "all packages present"
else
  echo "missing: ${missing[*]}"
  if [ "$(id -u)" -ne 0 ]; then
    echo "error: not root; install them with: sudo apt-get install ${missing[*]}" >&2
    exit 1
  fi
  section "setup: apt-get update"
  apt-get update
  section "setup: apt-get install"
  DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}"
fi

# The SARIF 2.1.0 JSON schema for the test of `locus localize --sarif` (tests/sarif/README.md): Microsoft's
# npm package @microsoft/jest-sarif (MIT) ships it; installed once into a cache outside the tree.
npm_prefix="$HOME/.cache/locus/npm"
schema="$npm_prefix/node_modules/@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json"
if [ -f "$schema" ]; then
  echo "SARIF schema present"
else
  section "setup: npm install @microsoft/jest-sarif (the SARIF 2.1.0 schema)"
  if ! command -v npm >/dev/null; then
    echo "error: npm (Node.js) is needed to fetch the SARIF schema" >&2
    exit 1
  fi
  mkdir -p "$npm_prefix"
  npm install --prefix "$npm_prefix" --no-save --no-package-lock --ignore-scripts --no-audit --no-fund \
    @microsoft/jest-sarif@1.0.0-beta.0
fi

section "setup: done in $(( $(date +%s) - start )) s"

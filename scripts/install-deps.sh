#!/usr/bin/env bash
# Installs, from Debian 12's packages, whatever the build and tests need and
# is not there yet. Needs root (or sudo) only when something is missing.
set -euo pipefail

packages=(
  build-essential cmake ninja-build python3
  clang-19 llvm-19-dev libclang-19-dev llvm-19-tools libclang-rt-19-dev clang-format-19
  libfmt-dev libgtest-dev libgmock-dev libbenchmark-dev
  csmith libcsmith-dev creduce
  valgrind graphviz  # callgrind_annotate and dot: the profiler example reads and renders its outputs
  gdb  # test/debugger steps through a rewritten program
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
echo "installing: ${missing[*]}"
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
$sudo apt-get update
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y --no-install-recommends "${missing[@]}"

#!/usr/bin/env bash
# Writes each named golden test's OUT lines from what its rewritten program
# prints (run_golden.py --update): test/golden/update.sh NAME... (NAME as in
# test/golden/NAME.cpp). Uses the build in $BUILD_DIR (default build/).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${BUILD_DIR:-$root/build}
[ $# -gt 0 ] || { echo "usage: $0 NAME..." >&2; exit 2; }
for name in "$@"; do
  python3 "$root/test/golden/run_golden.py" --update --input "$root/test/golden/$name.cpp" \
    --rewriter "$build/tool/cassette-rewrite" --filecheck "$(command -v FileCheck-19 || echo /usr/lib/llvm-19/bin/FileCheck)" \
    --compiler clang++-19 --runtime "$root/runtime" --support "$root/test/golden/support" \
    --work "$build/test/golden/update-$name"
done

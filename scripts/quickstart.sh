#!/usr/bin/env bash
# The README's first command: install what is missing, build cassette-rewrite,
# rewrite the bundled example tree (examples/rosenbrock/src, an ordinary
# program with its own CMake build) and run rosenbrock under a tracing context.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
BUILD_DIR=build scripts/build.sh

demo=build/quickstart
rm -rf "$demo"
echo "== the example's own build gives the compilation database"
cmake -S examples/rosenbrock/src -B "$demo/src-build" -G Ninja -DCMAKE_CXX_COMPILER=clang++-19 \
  -DCMAKE_EXPORT_COMPILE_COMMANDS=ON >/dev/null
echo "== cassette-rewrite"
build/tool/cassette-rewrite -p "$demo/src-build" --root examples/rosenbrock/src \
  --out-dir "$demo/rewritten" --report "$demo/report.json"
echo "== the rewritten tree, built by its own CMakeLists, behaves like the original"
cmake -S "$demo/rewritten" -B "$demo/rewritten-build" -G Ninja -DCMAKE_CXX_COMPILER=clang++-19 \
  -DCMAKE_CXX_FLAGS="-std=c++20 -I$PWD/runtime" >/dev/null
ninja -C "$demo/rewritten-build" >/dev/null
"$demo/rewritten-build/rosenbrock"
echo "== rosenbrock({0.5, 0.8}) under PrintCtx (examples/rosenbrock/trace)"
clang++-19 -std=c++20 -O2 -Iruntime -I"$demo/rewritten" -Iexamples/rosenbrock/trace \
  -DCASSETTE_CONTEXTS_HEADER='"print_context.hpp"' \
  examples/rosenbrock/trace/trace_rosenbrock.cpp "$demo/rewritten/rosenbrock.cpp" -o "$demo/trace_rosenbrock"
"$demo/trace_rosenbrock"

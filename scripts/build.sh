#!/usr/bin/env bash
# Configures and builds into BUILD_DIR (default: build) with clang++-19.
# Extra arguments go to cmake.
set -euo pipefail
cd "$(dirname "$0")/.."
build="${BUILD_DIR:-build}"
cmake -S . -B "$build" -G Ninja -DCMAKE_CXX_COMPILER=clang++-19 "$@" >/dev/null
ninja -C "$build" -j2

#!/usr/bin/env bash
# The README's second command and what CI runs: install what is missing, build,
# run every test (golden, behaviour, CLI, examples); then the same suite built
# with AddressSanitizer and UndefinedBehaviorSanitizer. The first pass only
# runs the corpus (other projects built and tested several times over), the
# demonstrations on a real-world suite (label demo: a ready-made context on
# tinyxml2, which realworld.tinyxml2 already rewrites with the sanitized tool)
# and the g++ builds of the examples (label gcc: not sanitized either way).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/check-format.sh
BUILD_DIR=build scripts/build.sh
ctest --test-dir build -j2 --output-on-failure
if [ "${CASSETTE_SKIP_SANITIZERS:-0}" != 1 ]; then
  BUILD_DIR=build-sanitize scripts/build.sh -DCASSETTE_SANITIZE=ON
  ASAN_OPTIONS=detect_leaks=0 UBSAN_OPTIONS=print_stacktrace=1 \
    ctest --test-dir build-sanitize -j2 --output-on-failure -LE 'corpus|demo|gcc'
fi

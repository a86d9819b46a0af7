#!/usr/bin/env bash
# The README's second command and what CI runs: install what is missing, build,
# run every test (golden, behaviour, CLI, examples, other people's suites);
# then the tool and the runtime built with AddressSanitizer and
# UndefinedBehaviorSanitizer, and the tests that exercise them run again.
#
# CI has 75 minutes on two cores, so nothing runs twice for nothing:
# - the golden, CLI and output tests (label output: whole-program,
#   multi-process and compile-error programs) check what the tool writes and
#   says, which does not depend on how it was built: they run once, with the
#   sanitized tool;
# - the multi-unit cases run in full in the plain build (four rewrites each,
#   compared, and the programs built and run); the sanitizer build rewrites
#   each once (test/multiunit/CMakeLists.txt);
# - in the sanitizer build the real-world suites only rewrite their trees
#   (test/realworld/CMakeLists.txt), and the corpus (other projects built and
#   tested several times over), csmith's random programs, the demonstrations
#   (label demo), the g++ builds (label gcc) and the CMake packaging tests
#   (label cmake) do not run;
# - the costliest real-world runs (label long) run by hand:
#   `ctest --test-dir build -L long` (docs/realworld.md).
# CASSETTE_SKIP_SANITIZERS=1 runs the whole of it in the plain build instead.
set -euo pipefail
cd "$(dirname "$0")/.."
phase() { echo "== test.sh: $1 (${SECONDS} s so far)"; }
phase "install"
scripts/install-deps.sh
scripts/check-format.sh
phase "build"
BUILD_DIR=build scripts/build.sh
if [ "${CASSETTE_SKIP_SANITIZERS:-0}" = 1 ]; then
  phase "tests"
  ctest --test-dir build -j2 --output-on-failure -LE long
  phase "done"
  exit 0
fi
phase "tests (plain build)"
ctest --test-dir build -j2 --output-on-failure -LE 'golden|cli|output|long'
phase "sanitizer build"
BUILD_DIR=build-sanitize scripts/build.sh -DCASSETTE_SANITIZE=ON
phase "tests (sanitizer build)"
ASAN_OPTIONS=detect_leaks=0 UBSAN_OPTIONS=print_stacktrace=1 \
  ctest --test-dir build-sanitize -j2 --output-on-failure -LE 'corpus|csmith|demo|gcc|cmake|long'
phase "done"

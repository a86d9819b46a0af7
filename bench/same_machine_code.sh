#!/usr/bin/env bash
# Compiles the rewritten kernels at -O2, instantiates each twin for the empty
# context, and compares its machine code with the original function's:
# instruction by instruction (addresses and symbol names normalised away),
# and as a multiset (same instructions, possibly scheduled differently).
# When the kernels were also rewritten with a pass loaded (bench_kernels_pass:
# the loop counter, whose edits go into every loop), each twin of that tree
# for the empty context, which names no pass, must be instruction for
# instruction the twin without the pass.
# Usage: bench/same_machine_code.sh BUILD_DIR   (after building bench_kernels
# and, for the check with a pass, bench_kernels_pass)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
build="${1:-build}"
rewritten="$build/bench/kernels-rewritten"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cat > "$work/inst.cpp" <<CPP
#include "kernels.cpp"
#include "$here/contexts.hpp"
using E = cassette::Twin<bench::EmptyCtx>;
template long kernels::cassette_twin_fib<bench::EmptyCtx>(E, int);
template double kernels::cassette_twin_rosenbrock<bench::EmptyCtx>(E, const std::vector<double>&);
template double kernels::cassette_twin_total_area<bench::EmptyCtx>(E, const std::vector<std::unique_ptr<kernels::Shape>>&);
template long kernels::cassette_twin_map_updates<bench::EmptyCtx>(E, std::map<int, long>&, int);
template double kernels::cassette_twin_rosenbrock_helper<bench::EmptyCtx>(E, const std::vector<double>&);
template double kernels::cassette_twin_sum_squares_ref<bench::EmptyCtx>(E, const std::vector<double>&);
template double kernels::cassette_twin_dot_array<bench::EmptyCtx>(E, const std::array<double, 8>&, const std::array<double, 8>&);
template double kernels::cassette_twin_path_energy<bench::EmptyCtx>(E, const std::vector<kernels::Vec2>&);
CPP
clang++-19 -std=c++20 -O2 -I"$here/../runtime" -I"$rewritten" -c "$work/inst.cpp" -o "$work/inst.o"
with_pass="$build/bench/kernels-rewritten-pass"
if [ -d "$with_pass" ]; then
  clang++-19 -std=c++20 -O2 -I"$here/../runtime" -I"$with_pass" -c "$work/inst.cpp" -o "$work/inst-pass.o"
fi

body() {  # one function's instructions: no addresses, no symbols, no alignment nops
  objdump -d --no-show-raw-insn -C "${2:-$work/inst.o}" |
    awk -v f="$1" 'index($0, f) && /^[0-9a-f]+ </ {on=1; next} on && /^$/ {on=0} on' |
    sed -E 's/^ *[0-9a-f]+:\s*//; s/ <.*//; s/#.*//; s/^(j[a-z]+|call)\s.*/\1/; s/\s+$//' |
    grep -v -E '^(data16 |cs )*nop' || true
}
renamed() {  # registers renamed in order of first use
  python3 -c '
import re, sys
names = {}
def canon(m):
    return names.setdefault(m.group(0), "%r" + str(len(names)))
for line in sys.stdin:
    print(re.sub(r"%[a-z0-9]+", canon, line), end="")' < "$1"
}
status=0
for k in fib rosenbrock total_area map_updates rosenbrock_helper sum_squares_ref dot_array path_energy; do
  body "<kernels::$k(" > "$work/orig"
  body "kernels::cassette_twin_$k<bench::EmptyCtx>" > "$work/twin"
  n=$(wc -l < "$work/orig")
  if cmp -s "$work/orig" "$work/twin"; then
    echo "$k: identical ($n instructions)"
  elif cmp -s <(renamed "$work/orig") <(renamed "$work/twin"); then
    echo "$k: identical up to register allocation ($n instructions)"
  elif cmp -s <(sort "$work/orig") <(sort "$work/twin"); then
    echo "$k: the same $n instructions, scheduled differently"
  elif cmp -s <(awk '{print $1}' "$work/orig" | sort) <(awk '{print $1}' "$work/twin" | sort); then
    echo "$k: the same $n operations, scheduled and register-allocated differently"
  elif [ "$k" = total_area ]; then
    # Expected: a virtual call under a context goes through the thunk, which
    # takes the type-erased context slot (two more argument registers) and
    # compares it with each registered context before entering the twin.
    echo "$k: $n vs $(wc -l < "$work/twin") instructions: the virtual call passes the erased context slot to the thunk"
  else
    echo "$k: different ($n vs $(wc -l < "$work/twin") instructions):"
    diff "$work/orig" "$work/twin" | sed 's/^/    /' | head -40 || true
    status=1
  fi
done
if [ -d "$with_pass" ]; then
  for k in fib rosenbrock total_area map_updates rosenbrock_helper sum_squares_ref dot_array path_energy; do
    body "kernels::cassette_twin_$k<bench::EmptyCtx>" > "$work/twin"
    body "kernels::cassette_twin_$k<bench::EmptyCtx>" "$work/inst-pass.o" > "$work/twin-pass"
    if cmp -s "$work/twin" "$work/twin-pass"; then
      echo "$k with the loop_counter pass loaded: identical twin ($(wc -l < "$work/twin") instructions)"
    else
      echo "$k with the loop_counter pass loaded: different twin:"
      diff "$work/twin" "$work/twin-pass" | sed 's/^/    /' | head -40 || true
      status=1
    fi
  done
fi
exit $status

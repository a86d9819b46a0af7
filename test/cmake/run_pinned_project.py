#!/usr/bin/env python3
"""A CMake project that pins its standard after project() (C++11 for the
executable, a CXX_STANDARD 14 property on its library) is built from its
rewritten tree with its own CMake files, with nothing edited: the one line
docs/cmake.md gives, -DCMAKE_PROJECT_INCLUDE=<out-dir>/.cassette-project.cmake.
One unit (legacy.cpp) is valid C++11 but not C++20: it is built at its own
standard, after the target's, and reads the rewritten shapes.h; a C unit
(ccaller.c) reads the rewritten capi.h.
Under cassette::CallCounter it must print what the original prints and
count exactly."""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys


def run(cmd, **kw):
    r = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if r.returncode:
        sys.exit(f"failed ({r.returncode}): {' '.join(cmd)}\n{r.stdout}\n{r.stderr}")
    return r


def main():
    p = argparse.ArgumentParser()
    for x in ["cmake", "rewriter", "compiler", "project", "work"]:
        p.add_argument("--" + x, required=True)
    a = p.parse_args()
    shutil.rmtree(a.work, ignore_errors=True)
    src, build, out, build2 = (os.path.join(a.work, d) for d in ("src", "build", "out", "build-rewritten"))
    shutil.copytree(a.project, src)
    gen = ["-G", "Ninja", "-DCMAKE_CXX_COMPILER=" + a.compiler]
    run([a.cmake, "-S", src, "-B", build] + gen)
    run([a.cmake, "--build", build])
    original = run([os.path.join(build, "pinned")])
    run([a.rewriter, "-p", build, "--root", src, "--out-dir", out,
         "--overdub-main", "cassette::CallCounter", "--context-header", "cassette/contexts/counter.hpp"])
    include = os.path.join(out, ".cassette-project.cmake")
    run([a.cmake, "-S", out, "-B", build2, "-DCMAKE_PROJECT_INCLUDE=" + include] + gen)
    commands = json.load(open(os.path.join(build2, "compile_commands.json")))
    for c in commands:
        if c["file"].endswith(".c"):
            continue  # C (ccaller.c): its compiler's own standard
        std = re.findall(r"-std=\S+", c["command"])
        want = "-std=gnu++11" if c["file"].endswith("legacy.cpp") else "-std=gnu++20"
        if not std or std[-1] != want:
            sys.exit(f"{c['file']}: its last -std is not {want}: {c['command']}")
    run([a.cmake, "--build", build2])
    counts = os.path.join(a.work, "counts.json")
    env = dict(os.environ, CASSETTE_COUNTS_JSON=counts, CASSETTE_COUNTS_TABLE=os.devnull)
    rewritten = run([os.path.join(build2, "pinned")], env=env)
    if rewritten.stdout != original.stdout:
        sys.exit(f"the rewritten build printed {rewritten.stdout!r}, the original {original.stdout!r}")
    got = json.load(open(counts))["counts"]
    # legacy_area runs as a primitive (its unit is passed through); the area
    # it calls, the original, enters area's twin (whole-program mode): its `*`.
    # total's virtual calls reach legacy.cpp's Square through the thunks
    # that unit's vtable has too (run as primitives: Square has no twins).
    # c_caller, C, calls c_area's original, which enters its twin: area, *.
    expected = {"area": 3, "*": 4, "+": 2, "==": 1, "legacy_area": 1, "legacy_shape": 1, "std::printf": 1,
                "total": 1, "Shape::area": 1, "Shape::sides": 1, "c_caller": 1}
    if got != expected:
        sys.exit(f"counts {got}, expected {expected}")
    print("1 passed, 0 failed")
    return 0


if __name__ == "__main__":
    sys.exit(main())

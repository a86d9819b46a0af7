#!/usr/bin/env python3
"""Debugging a rewritten program: rewrite shapes.cpp in whole-program mode
under cassette::EmptyContext, build it with -g -O0 (the out-dir mapped to the
source tree, as the CMake integration does), run gdb in batch mode with
steps.gdb and FileCheck what it prints against expected.txt."""
import argparse
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def run(cmd):
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"{' '.join(cmd)} failed ({r.returncode}):\n{r.stdout}{r.stderr}")
    return r.stdout


def main():
    p = argparse.ArgumentParser()
    for a in ["rewriter", "compiler", "runtime", "filecheck", "gdb", "work"]:
        p.add_argument("--" + a, required=True)
    a = p.parse_args()
    shutil.rmtree(a.work, ignore_errors=True)
    src, out = os.path.join(a.work, "src"), os.path.join(a.work, "out")
    os.makedirs(src)
    shutil.copy(os.path.join(HERE, "shapes.cpp"), src)
    run([a.rewriter, "--root", src, "--out-dir", out, "--overdub-main", "cassette::EmptyContext",
         "--context-header", "cassette/contexts/empty.hpp", os.path.join(src, "shapes.cpp"), "--", "-std=c++20"])
    exe = os.path.join(a.work, "shapes")
    run([a.compiler, "-std=c++20", "-g", "-O0", "-I" + a.runtime, f"-ffile-prefix-map={out}={src}",
         os.path.join(out, "shapes.cpp"), "-o", exe])
    trace = run([a.gdb, "-batch", "-nx", "-x", os.path.join(HERE, "steps.gdb"), exe])
    r = subprocess.run([a.filecheck, os.path.join(HERE, "expected.txt"), "--dump-input=fail"], input=trace,
                       capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"gdb's output is not what expected.txt says:\n{r.stderr}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

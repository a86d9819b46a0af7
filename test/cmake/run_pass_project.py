#!/usr/bin/env python3
"""The installed package builds and loads a pass: cmake --install this build
into a temporary prefix, configure test/cmake/pass_project against it (never
the build tree), build (the pass with cassette_add_pass, the program with
cassette_overdub(... PASSES entries)), run, and check the exact output.

Usage: run_pass_project.py --cmake CMAKE --build-dir BUILD --project DIR --compiler CXX --work DIR
"""
import argparse
import os
import shutil
import subprocess
import sys

EXPECTED = """\
entered main
entered twice
entered add
twice(21) = 42
"""


def run(args):
    r = subprocess.run(args, capture_output=True, text=True)
    if r.returncode != 0:
        sys.stderr.write(f"$ {' '.join(args)}\n{r.stdout}\n{r.stderr}\n")
        sys.exit(1)
    return r


def main():
    p = argparse.ArgumentParser()
    for a in ["cmake", "build-dir", "project", "compiler", "work"]:
        p.add_argument("--" + a, required=True)
    a = p.parse_args()
    shutil.rmtree(a.work, ignore_errors=True)
    prefix, build = os.path.join(a.work, "prefix"), os.path.join(a.work, "build")
    run([a.cmake, "--install", a.build_dir, "--prefix", prefix])
    if not os.path.exists(os.path.join(prefix, "include", "cassette", "pass.hpp")):
        sys.stderr.write("cassette/pass.hpp was not installed\n")
        return 1
    run([a.cmake, "-S", a.project, "-B", build, "-G", "Ninja", f"-DCMAKE_CXX_COMPILER={a.compiler}",
         f"-DCMAKE_PREFIX_PATH={prefix}", "-DCMAKE_FIND_PACKAGE_NO_PACKAGE_REGISTRY=ON"])
    run([a.cmake, "--build", build, "-j", "2"])
    out = run([os.path.join(build, "calc")]).stdout
    if out != EXPECTED:
        sys.stderr.write(f"output differs:\n--- got\n{out}--- expected\n{EXPECTED}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

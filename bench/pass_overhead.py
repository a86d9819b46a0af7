#!/usr/bin/env python3
"""What loading a pass costs cassette-rewrite: the same rewrite without a
pass, with a pass that edits nothing (test/passes/plugins/noop.cpp) and with
the loop counter (examples/passes), run alternately ROUNDS times; prints the
medians and the no-op's ratio, and checks that the no-op leaves the out-dir
byte for byte as without it.

Usage: bench/pass_overhead.py --build BUILD -p DB --root SRC [--rounds N] SOURCE...
"""
import argparse
import filecmp
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time


def same_tree(a, b):
    c = filecmp.dircmp(a, b)
    return not (c.left_only or c.right_only or c.diff_files or c.funny_files) and all(
        same_tree(os.path.join(a, d), os.path.join(b, d)) for d in c.common_dirs)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--build", required=True)
    p.add_argument("-p", dest="db", required=True)
    p.add_argument("--root", required=True)
    p.add_argument("--rounds", type=int, default=11)
    p.add_argument("sources", nargs="+")
    a = p.parse_args()
    tool = os.path.join(a.build, "tool", "cassette-rewrite")
    modes = {"none": [], "noop": ["--pass", os.path.join(a.build, "test", "passes", "libnoop.so")],
             "loop_counter": ["--pass", os.path.join(a.build, "examples", "passes", "libloop_counter_pass.so")]}
    work = tempfile.mkdtemp()
    times = {m: [] for m in modes}
    for _ in range(a.rounds):
        for m, extra in modes.items():
            out = os.path.join(work, m)
            shutil.rmtree(out, ignore_errors=True)
            start = time.perf_counter()
            r = subprocess.run([tool, "-p", a.db, "--root", a.root, "--out-dir", out, "-j1", *extra, *a.sources],
                               capture_output=True, text=True)
            times[m].append(time.perf_counter() - start)
            if r.returncode:
                sys.exit(f"{m}: cassette-rewrite failed:\n{r.stderr}")
    for m in modes:
        print(f"{m:13} median {statistics.median(times[m]):.3f} s")
    print(f"noop / none = {statistics.median(times['noop']) / statistics.median(times['none']):.3f}")
    same = same_tree(os.path.join(work, "none"), os.path.join(work, "noop"))
    print("the no-op pass's out-dir is " + ("identical" if same else "DIFFERENT"))
    shutil.rmtree(work)
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""A program of several processes under cassette::CallCounter: with
CASSETTE_COUNTS_JSON=counts-%p.json each process writes its own file
(named after its pid), and scripts/merge-counts.py sums them."""
import argparse
import glob
import json
import os
import shutil
import subprocess
import sys


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


def main():
    p = argparse.ArgumentParser()
    for x in ["rewriter", "compiler", "runtime", "program", "merge", "work"]:
        p.add_argument("--" + x, required=True)
    a = p.parse_args()
    shutil.rmtree(a.work, ignore_errors=True)
    src, out, runs = (os.path.join(a.work, d) for d in ("src", "out", "runs"))
    shutil.copytree(a.program, src)
    os.makedirs(runs)
    r = run([a.rewriter, "--root", src, "--out-dir", out, os.path.join(src, "main.cpp"),
             "--overdub-main", "cassette::CallCounter", "--context-header", "cassette/contexts/counter.hpp",
             "--", "-std=c++20", "-I" + a.runtime])
    if r.returncode:
        sys.exit("rewrite failed:\n" + r.stderr)
    exe = os.path.join(a.work, "program")
    r = run([a.compiler, "-std=c++20", "-I" + a.runtime, os.path.join(out, "main.cpp"), "-o", exe])
    if r.returncode:
        sys.exit("build failed:\n" + r.stderr)
    env = dict(os.environ, CASSETTE_COUNTS_JSON="counts-%p.json", CASSETTE_COUNTS_TABLE=os.devnull)
    r = run([exe], cwd=runs, env=env)
    if r.returncode or r.stdout != "5\n":
        sys.exit(f"program exited {r.returncode} printing {r.stdout!r}")
    files = sorted(glob.glob(os.path.join(runs, "counts-*.json")))
    pids = {os.path.basename(f)[len("counts-"):-len(".json")] for f in files}
    if len(files) != 3 or not all(pid.isdigit() for pid in pids):
        sys.exit(f"expected one counts file per process (3), named by pid: {files}")
    merged = os.path.join(a.work, "merged.json")
    r = run([sys.executable, a.merge, "-o", merged] + files)
    if r.returncode:
        sys.exit("merge failed:\n" + r.stderr)
    merged_json = json.load(open(merged))
    counts = merged_json["counts"]
    # Three processes: each tests argc; each child converts argv[1] and
    # calls work; the parent loops twice (`3 + 1` each test), builds the
    # command, runs std::system, then calls work and std::printf.
    expected = {"!=": 2, "*": 3, "+": 6, "++": 2, "<=": 3, "==": 2, ">": 3, "[]": 4, "std::atoi": 2,
                "std::basic_string::basic_string": 2, "std::basic_string::c_str": 2, "std::operator+": 2,
                "std::printf": 1, "std::system": 2, "work": 3}
    if counts != expected:
        sys.exit(f"merged counts {json.dumps(counts, sort_keys=True)}, expected {json.dumps(expected, sort_keys=True)}")
    # Each named callee's declaration comes through the merge; operators have none.
    declared = merged_json["declared"]
    if declared.get("work") != "main.cpp:7" or "stdio.h:" not in declared.get("std::printf", "") \
            or "+" in declared:
        sys.exit(f"merged declarations {json.dumps(declared, sort_keys=True)}: expected work at main.cpp:7, "
                 "std::printf in stdio.h and no operator")
    print("1 passed, 0 failed")
    return 0


if __name__ == "__main__":
    sys.exit(main())

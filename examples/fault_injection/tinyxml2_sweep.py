#!/usr/bin/env python3
"""cassette::FaultInjector on tinyxml2's file loading (docs/fault_injection.md).

Takes tinyxml2's Debian source package as test/realworld/run.py does (the
same pinned version, unpacked once into --downloads and reused), puts
tinyxml2.cpp and tinyxml2.h in a tree with a program, rewrites the tree with
--overdub-main cassette::FaultInjector, builds it with AddressSanitizer
(LeakSanitizer on) and sweeps it with scripts/fault-sweep.py:

  (default)   the program tinyxml2/load_catalog.cpp, which loads three files
              and saves one, swept over `fopen` (returns null) and `fread`
              (returns 0); the table must be exactly --expected's
              (tinyxml2/expected_sweep.md; --update rewrites it);
  --xmltest   tinyxml2's own test program, xmltest: with no rule its tests
              must pass under the injector; then swept over `fopen` (each
              run in a fresh copy of its resources/, its timings left out when
              outputs are compared); the table must be exactly --expected's
              (tinyxml2/expected_xmltest_sweep.md, shown in docs/fault_injection.md).

Usage: tinyxml2_sweep.py --rewriter R --compiler C --runtime DIR --downloads DIR --work DIR
                         [--xmltest] [--expected FILE [--update]] [--markdown FILE]"""
import argparse
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SWEEP = os.path.join(ROOT, "scripts", "fault-sweep.py")


def realworld():
    """test/realworld/run.py as a module: its pinned versions and its fetch()."""
    spec = importlib.util.spec_from_file_location("realworld_run", os.path.join(ROOT, "test", "realworld", "run.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def fail(msg):
    sys.stderr.write("tinyxml2_sweep: " + msg + "\n")
    sys.exit(1)


def sh(cmd, **kw):
    r = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if r.returncode:
        fail(f"{' '.join(cmd[:3])} ... failed ({r.returncode}):\n{(r.stdout + r.stderr)[-4000:]}")
    return r


def build_tree(args, src, sources, extra_files):
    """The tree (tinyxml2 and the program), rewritten and built with ASan: the program's path."""
    tree, out = os.path.join(args.work, "tree"), os.path.join(args.work, "rewritten")
    shutil.rmtree(args.work, ignore_errors=True)
    os.makedirs(tree)
    for name in ["tinyxml2.cpp", "tinyxml2.h"]:
        shutil.copy(os.path.join(src, name), tree)
    for path in extra_files:
        shutil.copy(path, tree)
    db = os.path.join(args.work, "db")
    os.makedirs(db)
    with open(os.path.join(db, "compile_commands.json"), "w") as f:
        json.dump([{"directory": tree, "file": os.path.join(tree, s),
                    "arguments": [args.compiler, "-std=c++17", "-c", s]} for s in sources], f)
    sh([args.rewriter, "-p", db, "--root", tree, "--out-dir", out, "--report", out + ".report.json", "-j2",
        "--overdub-main", "cassette::FaultInjector", "--context-header", "cassette/contexts/fault_injector.hpp"])
    exe = os.path.join(args.work, "program")
    sh([args.compiler, "-std=c++20", "-O1", "-g", "-w", "-fsanitize=address", "-fno-omit-frame-pointer",
        "-I" + args.runtime, "-I" + out] + [os.path.join(out, s) for s in sources] + ["-o", exe])
    return exe


def sweep(exe, faults, inputs, markdown, timeout, extra=()):
    # LeakSanitizer must report (the sanitizer pass of scripts/test.sh turns it off).
    env = dict(os.environ, ASAN_OPTIONS="detect_leaks=1")
    cmd = [sys.executable, SWEEP, "--inputs", inputs, "--markdown", markdown, "--timeout", str(timeout)] + list(extra)
    for f in faults:
        cmd += ["--fault", f]
    sh(cmd + ["--", exe], env=env)
    with open(markdown) as f:
        return f.read()


def main():
    a = argparse.ArgumentParser()
    for opt in ["rewriter", "compiler", "runtime", "downloads", "work"]:
        a.add_argument("--" + opt, required=True)
    a.add_argument("--expected", help="the program's sweep table, compared exactly")
    a.add_argument("--update", action="store_true", help="rewrite --expected from this run")
    a.add_argument("--xmltest", action="store_true", help="sweep tinyxml2's xmltest instead")
    a.add_argument("--markdown", help="write the table here too")
    args = a.parse_args()
    args.work = os.path.abspath(args.work)
    rw = realworld()
    p = rw.PROJECTS["tinyxml2"]
    src = rw.fetch("tinyxml2", p["version"], os.path.abspath(args.downloads))

    if args.xmltest:
        exe = build_tree(args, src, ["tinyxml2.cpp", "xmltest.cpp"], [os.path.join(src, "xmltest.cpp")])
        inputs = os.path.join(args.work, "inputs")
        shutil.copytree(os.path.join(src, "resources"), os.path.join(inputs, "resources"))
        os.makedirs(os.path.join(inputs, "resources", "out"), exist_ok=True)
        # With no rule, tinyxml2's tests pass under the injector as they do as written.
        run_dir = os.path.join(args.work, "run")
        shutil.copytree(inputs, run_dir)
        env = {k: v for k, v in os.environ.items() if not k.startswith("CASSETTE_FAULT")}
        r = subprocess.run([exe], cwd=run_dir, capture_output=True, text=True, env=env)
        if r.returncode or not re.search(p["pass"], r.stdout):
            fail(f"xmltest under cassette::FaultInjector, no rule: exit {r.returncode}\n"
                 f"{(r.stdout + r.stderr)[-2000:]}")
        print("xmltest under cassette::FaultInjector, no rule: " + r.stdout.strip().splitlines()[-1])
        table = sweep(exe, ["fopen=return:null"], inputs, os.path.join(args.work, "sweep.md"), 600,
                      ["--ignore", "milli-seconds"])
    else:
        exe = build_tree(args, src, ["tinyxml2.cpp", "load_catalog.cpp"],
                         [os.path.join(HERE, "tinyxml2", "load_catalog.cpp")])
        table = sweep(exe, ["fopen=return:null", "fread=return:0"], os.path.join(HERE, "tinyxml2", "inputs"),
                      os.path.join(args.work, "sweep.md"), 120)
    sys.stdout.write(table)
    if args.markdown:
        shutil.copy(os.path.join(args.work, "sweep.md"), args.markdown)
    if args.expected:
        if args.update:
            with open(args.expected, "w") as f:
                f.write(table)
        elif open(args.expected).read() != table:
            fail(f"the sweep table differs from {args.expected}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

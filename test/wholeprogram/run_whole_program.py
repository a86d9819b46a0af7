#!/usr/bin/env python3
"""Whole-program mode end to end: the program is built as is (C++17, its own
standard), then rewritten with --overdub-main for EmptyContext, CallCounter
and Tracer and built as C++20; every build must print the same and exit the
same, and the counter and tracer must write exactly the expected files."""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys

EXPECTED_COUNTS = {
    "<": 3, "*": 3, "++": 3, "+=": 2, "Shape::area": 2, "Square::Square": 2, "[]": 2,
    "Square::name": 1, "std::basic_string::c_str": 1, "std::printf": 1, "total": 1, ">": 1,
    "(member pointer call)": 1,
}
# The static initialiser's next_id, entered from outside the twins, runs first.
EXPECTED_TRACE_START = """++(0)
=> 1
Square::Square(2)
=> _
Square::Square(3)
=> _
Square::name(_)
=> "square"
std::basic_string::c_str("square")
=> "square"
"""


def run(cmd, **kw):
    r = subprocess.run(cmd, capture_output=True, text=True, **kw)
    return r


def fail(msg):
    sys.stderr.write(msg + "\n")
    sys.exit(1)


def main():
    p = argparse.ArgumentParser()
    for a in ["rewriter", "compiler", "runtime", "program", "work"]:
        p.add_argument("--" + a, required=True)
    a = p.parse_args()
    shutil.rmtree(a.work, ignore_errors=True)
    src, build = os.path.join(a.work, "src"), os.path.join(a.work, "build")
    shutil.copytree(a.program, src)
    os.makedirs(build)
    sources = ["main.cpp", "shapes.cpp"]
    with open(os.path.join(build, "compile_commands.json"), "w") as f:
        json.dump([{"directory": src, "file": os.path.join(src, s),
                    "arguments": [a.compiler, "-std=c++17", "-c", s]} for s in sources], f)

    original = os.path.join(a.work, "original")
    r = run([a.compiler, "-std=c++17"] + [os.path.join(src, s) for s in sources] + ["-o", original])
    if r.returncode:
        fail("original does not build:\n" + r.stderr)
    runs = {args: run([original] + list(args), cwd=a.work) for args in [(), ("x", "y")]}
    if runs[()].returncode != 0 or runs[("x", "y")].returncode != 3:
        fail("original exit codes unexpected")

    for ctx, header in [("cassette::EmptyContext", "cassette/contexts/empty.hpp"),
                        ("cassette::CallCounter", "cassette/contexts/counter.hpp"),
                        ("cassette::Tracer", "cassette/contexts/tracer.hpp")]:
        tag = ctx.split("::")[1]
        out = os.path.join(a.work, "out-" + tag)
        report = os.path.join(a.work, "report-" + tag + ".json")
        r = run([a.rewriter, "-p", build, "--root", src, "--out-dir", out, "--report", report,
                 "--overdub-main", ctx, "--context-header", header])
        if r.returncode:
            fail(f"{ctx}: rewrite failed:\n{r.stderr}")
        # Square's constructor, entered from main's twin only, is still noted:
        # a constructor cannot forward to its twin.
        want_note = ("whole-program mode: constructors run their originals, not their twins, when code outside "
                     "the twins calls them (docs/cli.md, whole-program mode)")
        if want_note not in json.load(open(report))["notes"]:
            fail(f"{ctx}: report notes {json.load(open(report))['notes']}, expected [{want_note!r}]")
        exe = os.path.join(a.work, "prog-" + tag)
        r = run([a.compiler, "-std=c++20", "-Wall", "-Wextra", "-Werror", "-I" + a.runtime] +
                [os.path.join(out, s) for s in sources] + ["-o", exe])
        if r.returncode:
            fail(f"{ctx}: rewritten program does not build:\n{r.stderr}")
        for args, want in runs.items():
            rundir = os.path.join(a.work, "run-" + tag + "-" + str(len(args)))
            os.makedirs(rundir)
            got = run([exe] + list(args), cwd=rundir)
            if got.returncode != want.returncode or got.stdout != want.stdout:
                fail(f"{ctx} {args}: exit {got.returncode} / {got.stdout!r}, "
                     f"original exit {want.returncode} / {want.stdout!r}")
            if tag == "CallCounter":
                counts = json.load(open(os.path.join(rundir, "cassette-counts.json")))
                expected = dict(EXPECTED_COUNTS)
                if args:  # the exit branch: the call of std::exit instead of falling off main
                    expected["std::exit"] = 1
                if counts["counts"] != expected or counts["total"] != sum(expected.values()):
                    fail(f"counts {args}: {counts}, expected {expected}")
                if "total (" not in got.stderr:
                    fail("the counter table was not written to stderr:\n" + got.stderr)
            if tag == "Tracer":
                # Without the places the callees' first calls say (test/tracer checks them).
                trace = re.sub(r"  @ [^\n]*?:\d+\n", "\n", open(os.path.join(rundir, "cassette-trace.txt")).read())
                if not trace.startswith(EXPECTED_TRACE_START) or "  Shape::area(_)\n    *(2, 2)\n" not in trace or \
                        "\n(member pointer call)(_, _)\n  *(4, 3)\n" not in trace:
                    fail(f"trace {args}:\n{trace}")
    print("whole-program mode: 3 contexts, 2 runs each: same output and exit codes as the original")
    return framework_program(a)


# A tree without a main, run by a framework outside --root (framework/: its
# main, its registry and runner, as gtest_main is to a project): every
# function of the tree is entered from the framework and runs its twin.
FRAMEWORK_COUNTS = {"*": 4, "square": 3, "std::printf": 3, "+": 2, "fw::apply": 2, "Visitor::visit": 1, "accept": 1}


def framework_program(a):
    src = os.path.join(a.work, "framework_program")
    shutil.copytree(os.path.join(os.path.dirname(a.program), "framework_program"), src)
    tests, framework = os.path.join(src, "tests"), os.path.join(src, "framework")
    sources = [os.path.join(tests, "suite.cpp"), os.path.join(framework, "fw.cpp")]
    original = run([a.compiler, "-std=c++17", "-I" + framework] + sources + ["-o", os.path.join(src, "original")])
    if original.returncode:
        fail("framework program does not build:\n" + original.stderr)
    want = run([os.path.join(src, "original")])
    recursing = os.path.join(src, "context", "recursing.hpp")
    for ctx, header in [("cassette::EmptyContext", "cassette/contexts/empty.hpp"),
                        ("cassette::CallCounter", "cassette/contexts/counter.hpp"), ("Recursing", recursing)]:
        tag = ctx.split("::")[-1]
        out = os.path.join(src, "out-" + tag)
        r = run([a.rewriter, "--root", tests, "--out-dir", out, sources[0], "--overdub-main", ctx,
                 "--context-header", header, "--", "-std=c++17", "-I" + framework])
        if r.returncode or "0 skipped" not in r.stderr:
            fail(f"framework program, {ctx}: rewrite failed or skipped something:\n{r.stderr}")
        exe = os.path.join(src, "prog-" + tag)
        r = run([a.compiler, "-std=c++20", "-Wall", "-Wextra", "-Werror", "-I" + a.runtime, "-I" + framework,
                 os.path.join(out, "suite.cpp"), sources[1], "-o", exe])
        if r.returncode:
            fail(f"framework program, {ctx}: rewritten program does not build:\n{r.stderr}")
        counts_file = os.path.join(src, "counts-" + tag + ".json")
        got = run([exe], env=dict(os.environ, CASSETTE_COUNTS_JSON=counts_file, CASSETTE_COUNTS_TABLE="/dev/null"))
        if got.returncode != want.returncode or got.stdout != want.stdout:
            fail(f"framework program, {ctx}: exit {got.returncode} / {got.stdout!r}, "
                 f"original {want.returncode} / {want.stdout!r}")
        if tag == "CallCounter":
            counts = json.load(open(counts_file))
            if counts["counts"] != FRAMEWORK_COUNTS:
                fail(f"framework program counts: {counts['counts']}, expected {FRAMEWORK_COUNTS}")
        # Its prehook calls square: the original, not square's twin (no hook
        # of that call, no recursion), once per call the counter counts.
        if tag == "Recursing" and got.stderr != f"recursing: {sum(FRAMEWORK_COUNTS.values())} calls\n":
            fail(f"framework program under Recursing: stderr {got.stderr!r}")
    print("whole-program mode, a framework's main outside --root: same output, every test body counted")
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""The installed CMake package: find_package(Cassette) + cassette_overdub().

Installs this build (cmake --install) into a temporary prefix, then, for Ninja
and for Unix Makefiles, configures a copy of examples/cmake_project against
that prefix (never the build tree), builds it, runs it and checks its exact
output; then edits the copy and checks that a rebuild re-rewrites and
recompiles only what the edit affects and that the program shows the edit:

  * nothing changed: the rewrite does not run, nothing compiles;
  * a header touched, text unchanged: the rewrite runs, no rewritten file
    gets a new time, nothing compiles;
  * report.hpp edited: only the rewritten report.hpp changes; only the two
    units that include it (main.cpp, report.cpp) recompile;
  * shapes.cpp edited: only the rewritten shapes.cpp changes and recompiles.

Then the mode without OVERDUB_MAIN (CONTEXT_HEADER registers the contexts, a
driver outside ROOT calls cassette::overdub), a ready-made context named by
its runtime header (cassette/contexts/counter.hpp), with KEEP_AS_WRITTEN and
PRECOMPILE_RUNTIME, and bad calls of
cassette_overdub: each fails to configure with its message, pointing at the
caller's line.

Usage: run_cmake_package.py --cmake CMAKE --build-dir BUILD --example DIR
                            --compiler CXX --work DIR
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import time

A = None

EXPECTED = """\
2 x 3 cm: area 6, perimeter 10
4 x 5 cm: area 20, perimeter 18
total area grown twice: 104
under ShapeCounter: geo::area 4 calls, geo::perimeter 2 calls, geo::grow 2 calls
"""


class Failure(Exception):
    pass


def check(cond, what, *details):
    if not cond:
        raise Failure(what + "".join("\n--- " + str(d) for d in details))


def run(args, cwd=None, expect_ok=True):
    r = subprocess.run(args, cwd=cwd, capture_output=True, text=True, timeout=1200)
    sys.stderr.write(f"$ {' '.join(args)}\n[exit {r.returncode}]\n{r.stdout}{r.stderr}")
    if expect_ok:
        check(r.returncode == 0, f"{args[0]} failed", r.stdout + r.stderr)
    return r


def work(*parts):
    return os.path.join(A.work, *parts)


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)


def edit(path, old, new):
    text = open(path).read()
    check(old in text, f"{path} does not contain {old!r}")
    # A new modification time the build tools can tell from the last build's.
    time.sleep(1.1)
    write(path, text.replace(old, new))


def configure(src, build, generator, expect_ok=True):
    return run([A.cmake, "-S", src, "-B", build, "-G", generator, f"-DCMAKE_CXX_COMPILER={A.compiler}",
                f"-DCMAKE_PREFIX_PATH={work('prefix')}", "-DCMAKE_FIND_PACKAGE_NO_PACKAGE_REGISTRY=ON"],
               expect_ok=expect_ok)


def build(build_dir):
    return run([A.cmake, "--build", build_dir, "-j", "2"]).stdout


def rewritten_times(out):
    times = {}
    for dirpath, _, files in os.walk(out):
        for name in files:
            if name != ".cassette-out":
                p = os.path.join(dirpath, name)
                times[os.path.relpath(p, out)] = os.stat(p).st_mtime_ns
    return times


def compiled(log):
    """The units a build compiled, by rewritten file name."""
    return sorted(set(re.findall(r"Building CXX object CMakeFiles/shapes\.dir/cassette/shapes/(\S+)\.o", log)))


def rewrote(log):
    return "cassette-rewrite: shapes's sources under" in log


def program_output(build_dir):
    r = run([os.path.join(build_dir, "shapes")])
    return r.stdout


def example(generator, tag):
    src, bld = work(f"example-{tag}"), work(f"build-{tag}")
    shutil.copytree(A.example, src)
    configure(src, bld, generator)
    cache = open(os.path.join(bld, "CMakeCache.txt")).read()
    package_dir = re.search(r"^Cassette_DIR:PATH=(.*)$", cache, re.M).group(1)
    check(os.path.realpath(package_dir) == os.path.realpath(work("prefix", "lib", "cmake", "Cassette")),
          "Cassette was not found in the installed prefix", package_dir)

    log = build(bld)
    check(rewrote(log) and compiled(log) == ["main.cpp", "report.cpp", "shapes.cpp"],
          "the first build did not rewrite and compile every unit", log)
    out = program_output(bld)
    check(out == EXPECTED, "the program's output differs", "expected:\n" + EXPECTED, "got:\n" + out)
    tree = os.path.join(bld, "cassette", "shapes")
    check("cassette_twin_area" in open(os.path.join(tree, "shapes.cpp")).read(), "shapes.cpp was not rewritten")

    log = build(bld)
    check(not rewrote(log) and not compiled(log), "a build with nothing changed did something", log)

    before = rewritten_times(tree)
    time.sleep(1.1)
    os.utime(os.path.join(src, "src", "include", "shapes.hpp"))
    log = build(bld)
    check(rewrote(log), "touching a header did not rerun the rewrite", log)
    check(rewritten_times(tree) == before, "touching a header changed the time of a rewritten file")
    check(not compiled(log), "touching a header (text unchanged) recompiled something", log)

    edit(os.path.join(src, "src", "include", "report.hpp"), '"cm"', '"in"')
    log = build(bld)
    after = rewritten_times(tree)
    changed = sorted(f for f in after if after[f] != before.get(f))
    check(changed == ["include/report.hpp"], "editing report.hpp changed other rewritten files", changed)
    check(compiled(log) == ["main.cpp", "report.cpp"], "editing report.hpp compiled other units", log)
    want = EXPECTED.replace(" cm:", " in:")
    out = program_output(bld)
    check(out == want, "the rebuilt program does not show the header edit", "expected:\n" + want, "got:\n" + out)

    before = after
    edit(os.path.join(src, "src", "shapes.cpp"), "return 2 * (r.width + r.height);",
         "return area(Rect{r.width + r.height, 4});")
    log = build(bld)
    after = rewritten_times(tree)
    changed = sorted(f for f in after if after[f] != before.get(f))
    check(changed == ["shapes.cpp"], "editing shapes.cpp changed other rewritten files", changed)
    check(compiled(log) == ["shapes.cpp"], "editing shapes.cpp compiled other units", log)
    # perimeter now calls area: the context counts those calls too.
    want = want.replace("perimeter 10", "perimeter 20").replace("perimeter 18", "perimeter 36") \
               .replace("geo::area 4 calls", "geo::area 6 calls")
    out = program_output(bld)
    check(out == want, "the rebuilt program does not show the source edit", "expected:\n" + want, "got:\n" + out)


REGISTERED = {
    "CMakeLists.txt": """\
cmake_minimum_required(VERSION 3.20)
project(Registered LANGUAGES CXX)
find_package(Cassette REQUIRED)
add_executable(app driver/main.cpp src/numbers.cpp)
target_include_directories(app PRIVATE src)
cassette_overdub(TARGET app ROOT src CONTEXT_HEADER context/contexts.hpp)
""",
    "src/numbers.hpp": "#pragma once\nint twice(int x);\nint quad(int x);\n",
    "src/numbers.cpp": """\
#include "numbers.hpp"
int twice(int x) { return 2 * x; }
int quad(int x) { return twice(twice(x)); }
""",
    "context/contexts.hpp": """\
#pragma once
#include <cassette/cassette.hpp>
struct CountTwice : cassette::Context<CountTwice> {
  int calls = 0;
};
inline void prehook(CountTwice& c, const cassette::fn<"twice">&, int) { ++c.calls; }
CASSETTE_CONTEXTS(CountTwice)
""",
    # Outside ROOT: not rewritten; it sees the rewritten numbers.hpp first.
    "driver/main.cpp": """\
#include <cstdio>
#include <cassette/cassette.hpp>
#include "numbers.hpp"
int main() {
  CountTwice ctx;
  int r = cassette::overdub(ctx, CASSETTE_FN(quad), 3);
  std::printf("quad(3) = %d, twice called %d times\\n", r, ctx.calls);
}
""",
}


def registered():
    src, bld = work("registered"), work("build-registered")
    for rel, text in REGISTERED.items():
        write(os.path.join(src, rel), text)
    configure(src, bld, "Ninja")
    build(bld)
    out = run([os.path.join(bld, "app")]).stdout
    check(out == "quad(3) = 12, twice called 2 times\n", "the registered-contexts program's output differs", out)


def ready_made():
    """A runtime header spelled as it is included: the example under the
    ready-made cassette::CallCounter (its table goes to stderr at exit)."""
    src, bld = work("ready-made"), work("build-ready-made")
    shutil.copytree(A.example, src)
    edit(os.path.join(src, "CMakeLists.txt"), "CONTEXT_HEADER context/shape_counter.hpp",
         "CONTEXT_HEADER cassette/contexts/counter.hpp")
    edit(os.path.join(src, "CMakeLists.txt"), "OVERDUB_MAIN ShapeCounter", "OVERDUB_MAIN cassette::CallCounter")
    configure(src, bld, "Ninja")
    build(bld)
    r = run([os.path.join(bld, "shapes")], cwd=bld)
    want = "".join(EXPECTED.splitlines(keepends=True)[:3])
    check(r.stdout == want, "the program's output under CallCounter differs", "expected:\n" + want, r.stdout)
    # Each function's row says where it is declared, as the tree spells it.
    for line in [r"^\s+4\s+geo::area \(include/shapes\.hpp:13\)$", r"^\s+2\s+geo::perimeter \(include/shapes\.hpp:14\)$",
                 r"^\s+4\s+geo::scaled \(include/shapes\.hpp:11\)$", r"^\s+37\s+total \(13 callees\)$"]:
        check(re.search(line, r.stderr, re.M), f"CallCounter's table has no line /{line}/", r.stderr)
    # KEEP_AS_WRITTEN: report.cpp compiled as written; describe has no twin,
    # and its calls are not counted.
    edit(os.path.join(src, "CMakeLists.txt"), "OVERDUB_MAIN cassette::CallCounter",
         "OVERDUB_MAIN cassette::CallCounter KEEP_AS_WRITTEN report.cpp")
    configure(src, bld, "Ninja")
    build(bld)
    kept = os.path.join(bld, "cassette", "shapes", "report.cpp")
    check(open(kept).read() == open(os.path.join(A.example, "src", "report.cpp")).read(),
          "KEEP_AS_WRITTEN report.cpp: the rewritten tree's copy is not as written")
    r = run([os.path.join(bld, "shapes")], cwd=bld)
    check(r.stdout == want, "the program's output with report.cpp kept differs", "expected:\n" + want, r.stdout)
    # describe is still counted where main's twin calls it; what it calls
    # (geo::area twice, geo::perimeter twice, unit, snprintf) no longer is.
    for line in [r"^\s+2\s+describe \(include/report\.hpp:10\)$", r"^\s+2\s+geo::area \(include/shapes\.hpp:13\)$",
                 r"^\s+4\s+geo::scaled \(include/shapes\.hpp:11\)$",
                 r"^\s+29\s+total \(10 callees\)$"]:
        check(re.search(line, r.stderr, re.M), f"CallCounter's table with report.cpp kept has no line /{line}/",
              r.stderr)
    check("geo::perimeter" not in r.stderr, "geo::perimeter, called only in report.cpp, was counted", r.stderr)
    # PRECOMPILE_RUNTIME: the same program, its units built on a precompiled
    # runtime; the table is the same.
    edit(os.path.join(src, "CMakeLists.txt"), "KEEP_AS_WRITTEN report.cpp", "KEEP_AS_WRITTEN report.cpp PRECOMPILE_RUNTIME")
    configure(src, bld, "Ninja")
    log = build(bld)
    pch = os.path.join(bld, "CMakeFiles", "shapes.dir", "cmake_pch.hxx")
    check(os.path.exists(pch + ".pch"), "PRECOMPILE_RUNTIME: no precompiled header was built", log)
    check("#include <cassette/rt/unit.hpp>\n#include <cassette/rt/whole_program.hpp>\n#endif" in open(pch).read(),
          "PRECOMPILE_RUNTIME: the precompiled header is not the runtime's prologue", open(pch).read())
    r2 = run([os.path.join(bld, "shapes")], cwd=bld)
    check((r2.stdout, r2.stderr) == (r.stdout, r.stderr), "PRECOMPILE_RUNTIME: the program's output differs",
          r.stdout + r.stderr, r2.stdout + r2.stderr)


# Each: the call, and what CMake must say. Every error names the caller's line.
BAD = {
    "missing_context_header": ("cassette_overdub(TARGET app)",
                               r"cassette_overdub\(TARGET app\): CONTEXT_HEADER <header> is required"),
    "unknown_target": ("cassette_overdub(TARGET no_such_target CONTEXT_HEADER ctx.hpp)",
                       r"cassette_overdub: no target named 'no_such_target'"),
    "no_such_header": ("cassette_overdub(TARGET app CONTEXT_HEADER missing.hpp)",
                       r"CONTEXT_HEADER missing\.hpp: no such file"),
    "unknown_argument": ("cassette_overdub(TARGET app CONTEXT_HEADER ctx.hpp BOGUS 1)",
                         r"cassette_overdub: unknown argument\(s\) BOGUS;1"),
    "overdub_main_without_type": ("cassette_overdub(TARGET app CONTEXT_HEADER ctx.hpp OVERDUB_MAIN)",
                                  r"OVERDUB_MAIN needs the context type"),
    "twice": ("cassette_overdub(TARGET app CONTEXT_HEADER ctx.hpp)\ncassette_overdub(TARGET app CONTEXT_HEADER ctx.hpp)",
              r"target 'app' is already overdubbed"),
    "build_inside_root": ("cassette_overdub(TARGET app CONTEXT_HEADER ctx.hpp)",
                          r"the rewritten tree .* and ROOT .* overlap \(is the build directory inside the source tree\?\)"),
}


def bad_inputs():
    for name, (call, pattern) in BAD.items():
        src = work("bad", name)
        write(os.path.join(src, "CMakeLists.txt"),
              "cmake_minimum_required(VERSION 3.20)\nproject(Bad LANGUAGES CXX)\nfind_package(Cassette REQUIRED)\n"
              "add_executable(app main.cpp)\n" + call + "\n")
        write(os.path.join(src, "main.cpp"), "int main() { return 0; }\n")
        write(os.path.join(src, "ctx.hpp"), "#pragma once\n")
        bld = os.path.join(src, "build") if name == "build_inside_root" else work("bad", name + "-build")
        r = configure(src, bld, "Ninja", expect_ok=False)
        text = re.sub(r"\s*\n\s*", " ", r.stderr)  # CMake wraps long messages
        check(r.returncode != 0, f"{name}: configuring succeeded", r.stderr)
        check(re.search(pattern, text), f"{name}: CMake's error does not say /{pattern}/", r.stderr)
        line = 5 + call.count("\n")
        check(re.search(rf"CMakeLists\.txt:{line} \(cassette_overdub\)", r.stderr),
              f"{name}: the error does not point at CMakeLists.txt:{line}", r.stderr)


def main():
    global A
    p = argparse.ArgumentParser()
    for a in ["cmake", "build-dir", "example", "compiler", "work"]:
        p.add_argument("--" + a, required=True)
    A = p.parse_args()
    A.work = os.path.abspath(A.work)
    shutil.rmtree(A.work, ignore_errors=True)
    os.makedirs(A.work)
    try:
        run([A.cmake, "--install", A.build_dir, "--prefix", work("prefix")])
        check(os.access(work("prefix", "bin", "cassette-rewrite"), os.X_OK), "the tool was not installed")
        example("Ninja", "ninja")
        example("Unix Makefiles", "make")
        registered()
        ready_made()
        bad_inputs()
    except Failure as f:
        sys.stderr.write(f"\nFAIL: {f}\n")
        return 1
    sys.stderr.write("\nPASS\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())

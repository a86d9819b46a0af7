#!/usr/bin/env python3
"""One golden test: rewrite the input, FileCheck the rewritten source against
the input's CHECK lines, compile and run the rewritten program, FileCheck its
output against the OUT lines, and (if present) the JSON report against REPORT
lines and the rewritten unit's LLVM IR at -O0 against IR lines. A test whose
input says `// EXPECT-REWRITE-FAILURE` must make
cassette-rewrite fail with the ERROR lines on stderr and write nothing.
`// REWRITE-ARGS: ...` adds options to cassette-rewrite's command line; in
them @PASSES@ stands for the directory of the pass plugins (--passes).
`// COMPILE-FLAGS: ...` adds flags to the unit's compile command, which the
rewritten unit is built with too (-fno-rtti, -fno-exceptions).
A test that says `// ALSO-GXX` is also built with g++ (--gxx) and its output
checked against the same OUT lines: where C++17 sets the order of
evaluation, g++ (which often evaluates a call's arguments right to left)
must give the same trace as clang.

--update writes what the rewritten program printed into the input as its
OUT lines (replacing those it has, or after its leading comment), once the
rewrite, the CHECK and REPORT lines and the compile pass: the expectations of
a new test, or of one whose trace changed on purpose (review the diff).
test/golden/update.sh runs it with this tree's paths."""
import argparse
import json
import re
import os
import shutil
import subprocess
import sys


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


def filecheck(fc, checks_file, text, prefix):
    r = run([fc, checks_file, "--check-prefix=" + prefix, "--dump-input=fail"], input=text)
    if r.returncode != 0:
        sys.stderr.write(f"FileCheck {prefix} failed:\n{r.stderr}\n")
        return False
    return True


def main():
    p = argparse.ArgumentParser()
    for a in ["input", "rewriter", "filecheck", "compiler", "runtime", "support", "work"]:
        p.add_argument("--" + a, required=True)
    p.add_argument("--passes", default="")
    p.add_argument("--gxx", default="", help="g++ for the tests that say ALSO-GXX")
    p.add_argument("--update", action="store_true", help="write the program's output into the input's OUT lines")
    a = p.parse_args()
    text = open(a.input).read()
    name = os.path.basename(a.input)
    shutil.rmtree(a.work, ignore_errors=True)
    src, build, out = (os.path.join(a.work, d) for d in ("src", "build", "out"))
    os.makedirs(src)
    os.makedirs(build)
    # The test's own directives would match themselves in the output: blank
    # them in the copy that is rewritten (keeping line numbers).
    directives = ("// CHECK", "// OUT", "// REPORT", "// ERROR", "// REWRITE-ARGS", "// IR:", "// IR-", "// ALSO-GXX",
                  "// COMPILE-FLAGS")
    with open(os.path.join(src, name), "w") as f:
        for line in text.splitlines(keepends=True):
            f.write("//\n" if line.lstrip().startswith(directives) else line)
    flags = ["-std=c++20", "-I" + a.runtime, "-I" + a.support] + [
        w for line in text.splitlines() if line.startswith("// COMPILE-FLAGS:") for w in line.split(":", 1)[1].split()]
    with open(os.path.join(build, "compile_commands.json"), "w") as f:
        json.dump([{"directory": src, "file": os.path.join(src, name),
                    "arguments": [a.compiler] + flags + ["-c", name]}], f)
    report = os.path.join(a.work, "report.json")
    extra = [w.replace("@PASSES@", a.passes) for line in text.splitlines() if line.startswith("// REWRITE-ARGS:")
             for w in line.split(":", 1)[1].split()]
    r = run([a.rewriter, "-p", build, "--root", src, "--out-dir", out, "--report", report] + extra)
    if "EXPECT-REWRITE-FAILURE" in text:
        ok = r.returncode != 0 and not os.path.exists(out)
        if not ok:
            sys.stderr.write(f"expected cassette-rewrite to fail and write nothing; exit {r.returncode}\n")
            return 1
        return 0 if filecheck(a.filecheck, a.input, r.stderr, "ERROR") else 1
    if r.returncode != 0:
        sys.stderr.write(f"cassette-rewrite failed ({r.returncode}):\n{r.stderr}\n")
        return 1
    rewritten = open(os.path.join(out, name)).read()
    if "CHECK" in text and not filecheck(a.filecheck, a.input, rewritten, "CHECK"):
        sys.stderr.write(rewritten)
        return 1
    if "REPORT" in text and not filecheck(a.filecheck, a.input, open(report).read(), "REPORT"):
        return 1
    # The rewritten program must compile warning-free and behave as the checks say.
    exe = os.path.join(a.work, "program")
    c = run([a.compiler] + flags + ["-Wall", "-Wextra", "-Werror", "-O1",
             '-DCASSETTE_CONTEXTS_HEADER="trace_context.hpp"', os.path.join(out, name), "-o", exe])
    if c.returncode != 0:
        sys.stderr.write(f"rewritten output does not compile:\n{c.stderr}\n")
        return 1
    # IR lines: the rewritten unit's LLVM IR at -O0, where nothing the
    # front end emitted has been optimised away yet.
    if "// IR" in text:
        ir = run([a.compiler] + flags + ["-O0", "-S", "-emit-llvm", "-o", "-", os.path.join(out, name)])
        if ir.returncode != 0 or not filecheck(a.filecheck, a.input, ir.stdout, "IR"):
            sys.stderr.write(ir.stderr)
            return 1
    e = run([exe])
    if e.returncode != 0:
        sys.stderr.write(f"rewritten program exited {e.returncode}:\n{e.stdout}\n{e.stderr}\n")
        return 1
    if a.update:
        update_out(a.input, text, e.stdout)
        return 0
    if "OUT" in text and not filecheck(a.filecheck, a.input, e.stdout, "OUT"):
        return 1
    if "// ALSO-GXX" in text and a.gxx:
        gexe = os.path.join(a.work, "program-gxx")
        c = run([a.gxx, "-std=c++20", "-I" + a.runtime, "-I" + a.support, "-O1", "-w",
                 '-DCASSETTE_CONTEXTS_HEADER="trace_context.hpp"', os.path.join(out, name), "-o", gexe])
        if c.returncode != 0:
            sys.stderr.write(f"rewritten output does not compile with {a.gxx}:\n{c.stderr}\n")
            return 1
        e = run([gexe])
        if e.returncode != 0 or not filecheck(a.filecheck, a.input, e.stdout, "OUT"):
            sys.stderr.write(f"built with {a.gxx} (exit {e.returncode})\n")
            return 1
    return 0


def update_out(path, text, stdout):
    """Replaces the OUT and OUT-NEXT lines of the test (or, if it has none,
    adds them after its leading comment lines) with stdout, line by line."""
    lines = text.splitlines(keepends=True)
    out_line = re.compile(r"^// OUT(-NEXT)?:")
    kept = [l for l in lines if not out_line.match(l)]
    first = next((i for i, l in enumerate(lines) if out_line.match(l)), None)
    if first is None:
        first = next((i for i, l in enumerate(lines) if not l.startswith("//")), len(lines))
    at = len([l for l in lines[:first] if not out_line.match(l)])
    new = [("// OUT: " if i == 0 else "// OUT-NEXT: ") + l + "\n" for i, l in enumerate(stdout.splitlines())]
    with open(path, "w") as f:
        f.write("".join(kept[:at] + new + kept[at:]))
    sys.stderr.write(f"{path}: {len(new)} OUT line(s) written\n")


if __name__ == "__main__":
    sys.exit(main())

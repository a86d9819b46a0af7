#!/usr/bin/env python3
"""One golden test: rewrite the input, FileCheck the rewritten source against
the input's CHECK lines, compile and run the rewritten program, FileCheck its
output against the OUT lines, and (if present) the JSON report against REPORT
lines. A test whose input says `// EXPECT-REWRITE-FAILURE` must make
cassette-rewrite fail with the ERROR lines on stderr and write nothing.
`// REWRITE-ARGS: ...` adds options to cassette-rewrite's command line; in
them @PASSES@ stands for the directory of the pass plugins (--passes)."""
import argparse
import json
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
    a = p.parse_args()
    text = open(a.input).read()
    name = os.path.basename(a.input)
    shutil.rmtree(a.work, ignore_errors=True)
    src, build, out = (os.path.join(a.work, d) for d in ("src", "build", "out"))
    os.makedirs(src)
    os.makedirs(build)
    # The test's own directives would match themselves in the output: blank
    # them in the copy that is rewritten (keeping line numbers).
    directives = ("// CHECK", "// OUT", "// REPORT", "// ERROR", "// REWRITE-ARGS")
    with open(os.path.join(src, name), "w") as f:
        for line in text.splitlines(keepends=True):
            f.write("//\n" if line.lstrip().startswith(directives) else line)
    flags = ["-std=c++20", "-I" + a.runtime, "-I" + a.support]
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
    e = run([exe])
    if e.returncode != 0:
        sys.stderr.write(f"rewritten program exited {e.returncode}:\n{e.stdout}\n{e.stderr}\n")
        return 1
    if "OUT" in text and not filecheck(a.filecheck, a.input, e.stdout, "OUT"):
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

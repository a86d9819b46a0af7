#!/usr/bin/env python3
"""Command-line tests of cassette-rewrite, one case per CTest test.

Every failing case asserts the same four things:
  * the exact message shape on stderr: `file:line:col: error: ...` where there
    is a location, `cassette-rewrite: error: ...` otherwise (every line of
    stderr that says "error" has one of those two shapes);
  * exit code 1 (non-zero, and not a crash);
  * every input (the source tree, anything outside it, the database) is
    byte-for-byte unchanged, permissions included;
  * no partial output: the out-dir is absent, or exactly as it was before the
    run, no temporary siblings are left next to it, and no report is written.

Usage: run_cli.py --case NAME --rewriter ... --compiler ... --filecheck ...
                  --runtime ... --inputs ... --work ...
"""
import argparse
import filecmp
import json
import os
import re
import shutil
import stat
import subprocess
import sys
import textwrap

A = None  # the parsed arguments
VERSION = "cassette-rewrite 0.1.0 (LLVM 19.1.7)"
LOCATED_ERROR = re.compile(r"^[^:\s][^:]*:\d+:\d+: (fatal )?error: \S")
UNLOCATED_ERROR = re.compile(r"^cassette-rewrite: error: \S")


class Failure(Exception):
    pass


def check(cond, what, *details):
    if not cond:
        raise Failure(what + "".join("\n--- " + str(d) for d in details))


# ---------------------------------------------------------------- helpers

def assert_notes(report_path, stderr, notes):
    """The report's notes are exactly NOTES, each also printed in the summary;
    returns the report."""
    report = json.load(open(report_path))
    # Whole-program mode also notes which kinds of function run their
    # originals when entered from outside the twins (test/wholeprogram checks them).
    got = [n for n in report["notes"] if not n.startswith("whole-program mode: ")]
    check(got == notes, "the report's notes are not the expected", report["notes"])
    for n in notes:
        assert_has_line(stderr, "^  note: " + re.escape(n) + "$")
    return report


def work(*parts):
    return os.path.join(A.work, *parts)


def write(path, text, mode=None):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)
    if mode is not None:
        os.chmod(path, mode)


def write_db(build, entries, raw=None):
    """entries: (directory, file, [extra flags]); raw: exact file text."""
    os.makedirs(build, exist_ok=True)
    path = os.path.join(build, "compile_commands.json")
    if raw is not None:
        write(path, raw)
        return path
    db = [{"directory": d, "file": f,
           "arguments": [A.compiler, "-std=c++20", *flags, "-c", f]} for d, f, *rest in entries
          for flags in [rest[0] if rest else []]]
    write(path, json.dumps(db, indent=2))
    return path


def snapshot(path):
    """Everything about a tree that a run could change: names, types, modes,
    bytes, link targets. None if the path does not exist."""
    if not os.path.lexists(path):
        return None
    if not os.path.isdir(path) or os.path.islink(path):
        return _entry(path)
    out = {}
    for dirpath, dirnames, filenames in os.walk(path):
        dirnames.sort()
        for name in sorted(dirnames + filenames):
            p = os.path.join(dirpath, name)
            out[os.path.relpath(p, path)] = _entry(p)
    out["."] = ("dir", stat.S_IMODE(os.lstat(path).st_mode))
    return out


def _entry(p):
    st = os.lstat(p)
    if stat.S_ISLNK(st.st_mode):
        return ("link", os.readlink(p))
    if stat.S_ISDIR(st.st_mode):
        return ("dir", stat.S_IMODE(st.st_mode))
    with open(p, "rb") as f:
        return ("file", stat.S_IMODE(st.st_mode), f.read())


def rewrite(*args, cwd=None):
    r = subprocess.run([A.rewriter, *args], capture_output=True, text=True, cwd=cwd or A.work, timeout=600)
    sys.stderr.write(f"$ cassette-rewrite {' '.join(args)}\n[exit {r.returncode}]\n{r.stderr}")
    if r.stdout:
        sys.stderr.write(f"[stdout]\n{r.stdout}")
    return r


def error_lines(stderr):
    return [l for l in stderr.splitlines() if re.search(r"\berror\b", l) and not l.startswith((" ", "\t"))
            and not re.match(r"^\d+ errors? generated", l)]


def assert_error_shapes(stderr):
    lines = error_lines(stderr)
    check(lines, "no error message on stderr", stderr)
    for l in lines:
        check(LOCATED_ERROR.match(l) or UNLOCATED_ERROR.match(l),
              "error line has neither the `file:line:col: error:` nor the `cassette-rewrite: error:` shape", l)


def assert_has_line(stderr, pattern):
    check(any(re.search(pattern, l) for l in stderr.splitlines()), f"stderr has no line matching /{pattern}/", stderr)


def leftovers(out_dir):
    parent = os.path.dirname(os.path.abspath(out_dir))
    if not os.path.isdir(parent):
        return []
    base = os.path.basename(os.path.abspath(out_dir))
    return [n for n in os.listdir(parent) if n.startswith(base + ".cassette-")]


def expect_failure(args, patterns, watched, out_dir, report=None, cwd=None):
    """Runs the rewriter expecting it to fail: exit 1, every pattern matched by
    a stderr line, every watched path unchanged, out_dir as before (absent if
    it was), no temporary siblings, no report."""
    before = {p: snapshot(p) for p in watched + [out_dir]}
    report_before = snapshot(report) if report else None
    r = rewrite(*args, cwd=cwd)
    check(r.returncode == 1, f"expected exit code 1, got {r.returncode}", r.stderr)
    assert_error_shapes(r.stderr)
    for p in patterns:
        assert_has_line(r.stderr, p)
    for p in watched:
        check(snapshot(p) == before[p], f"input {p} was modified")
    check(snapshot(out_dir) == before[out_dir],
          f"out-dir {out_dir} was " + ("created" if before[out_dir] is None else "changed"))
    check(not leftovers(out_dir), "temporary output left behind", leftovers(out_dir))
    if report:
        check(snapshot(report) == report_before, f"report {report} was written by a failing run")
    return r


def expect_success(args, watched, cwd=None):
    before = {p: snapshot(p) for p in watched}
    r = rewrite(*args, cwd=cwd)
    check(r.returncode == 0, f"expected success, got exit {r.returncode}", r.stderr)
    check(not error_lines(r.stderr), "a successful run printed an error", r.stderr)
    for p in watched:
        check(snapshot(p) == before[p], f"input {p} was modified")
    return r


def simple_tree(name="src", files=None):
    """A root with one good unit; returns (root, build, db path)."""
    root = work(name)
    files = files or {"main.cpp": "int twice(int x) { return 2 * x; }\nint main() { return twice(0); }\n"}
    for rel, text in files.items():
        write(os.path.join(root, rel), text)
    build = work("build")
    db = write_db(build, [(root, rel) for rel in files if rel.endswith(".cpp")])
    return root, build, db


def multi_tree(extra_flags=None):
    """The multi-TU program of inputs/multi: two .cpp sharing shapes.h."""
    root = work("src")
    shutil.copytree(os.path.join(A.inputs, "multi"), root)
    build = work("build")
    flags = extra_flags or []
    db = write_db(build, [(root, "main.cpp", flags), (root, "shapes.cpp", flags)])
    return root, build, db


def ab(p):
    return os.path.abspath(p)


# ------------------------------------------------------------------ cases

def case_parse_failure():
    """1. A unit that does not parse: clang's own diagnostic (file:line:col),
    the unit marked failed, one summary error, exit 1, nothing written."""
    root, build, db = simple_tree(files={
        "broken.cpp": "int fine(int x) { return x; }\n\nint broken(int x { return x; }\n"})
    out, rep = work("out"), work("report.json")
    expect_failure(["-p", build, "--root", root, "--out-dir", out, "--report", rep],
                   [r"^" + re.escape(os.path.join(root, "broken.cpp")) + r":3:\d+: error: ",
                    r"^\[1/1\] .*broken\.cpp \(failed\)$",
                    r"^cassette-rewrite: error: 1 of 1 translation units did not compile \(.*broken\.cpp\); "
                    r"nothing was written to " + re.escape(out) + "$"],
                   [root, build], out, rep)


def case_clang_crash():
    """1b. clang crashes on a unit (clang 19 did on fmt's FMT_STRING in a
    rewritten invoker; here `#pragma clang __debug crash`): the run does not
    die with it. The unit is failed with a message that says so, exit 1,
    nothing written, as for a unit that does not parse."""
    root, build, db = simple_tree(files={
        "main.cpp": "int twice(int x) { return 2 * x; }\nint main() { return twice(0); }\n",
        "crash.cpp": "#pragma clang __debug crash\nint fine(int x) { return x; }\n"})
    out, rep = work("out"), work("report.json")
    for j in ("1", "2"):
        expect_failure(["-p", build, "--root", root, "--out-dir", out, "--report", rep, "-j", j],
                       [r"^cassette-rewrite: error: " + re.escape(os.path.join(root, "crash.cpp")) +
                        r": clang crashed while parsing this unit \(code \d+\)",
                        r"crash\.cpp \(failed\)$",
                        r"^cassette-rewrite: error: 1 of 2 translation units did not compile \(.*crash\.cpp\); "
                        r"nothing was written to " + re.escape(out) + "$"],
                       [root, build], out, rep)


def case_missing_database():
    """2a. -p names a directory with no compile_commands.json (with and
    without explicit sources), or a directory that does not exist. No search
    of parent directories, no silent fallback to 'no flags'."""
    root, _, _ = simple_tree()
    empty = work("empty-build")
    os.makedirs(empty)
    # A database in a parent of -p must not be picked up instead.
    write_db(A.work, [(root, "main.cpp")])
    out = work("out")
    missing = re.escape(os.path.join(empty, "compile_commands.json"))
    for extra in ([], [os.path.join(root, "main.cpp")]):
        expect_failure(["-p", empty, "--root", root, "--out-dir", out, *extra],
                       [r"^cassette-rewrite: error: no compilation database: " + missing + " does not exist"],
                       [root, empty], out)
    expect_failure(["-p", work("no-such-build"), "--root", root, "--out-dir", out],
                   [r"^cassette-rewrite: error: -p .*no-such-build: no such directory$"], [root], out)
    expect_failure(["--root", root, "--out-dir", out],
                   [r"^cassette-rewrite: error: no compilation database: pass -p <build-dir>"], [root], out)


def case_malformed_database():
    """2b. compile_commands.json that is not JSON (error located at line:col
    in the database), or JSON of the wrong shape."""
    root, build, db = simple_tree()
    out = work("out")
    bad_json = '[\n  {"directory": "/tmp", "file": "a.cpp", "command": "c++ a.cpp"},\n  {"directory": }\n]\n'
    write_db(build, None, raw=bad_json)
    expect_failure(["-p", build, "--root", root, "--out-dir", out],
                   [r"^" + re.escape(db) + r":3:17: error: malformed compilation database: "], [root, build], out)
    shapes = [
        ('{"directory": "/tmp", "file": "a.cpp", "command": "c++ a.cpp"}\n', "expected a JSON array"),
        ('[{"directory": "/tmp", "command": "c++ a.cpp"}]\n', r'entry 1 has no string "file"'),
        ('[{"directory": "/tmp", "file": "a.cpp", "command": "c++ a.cpp"}, 3]\n', "entry 2 is not an object"),
        ('[{"directory": "/tmp", "file": "a.cpp"}]\n', r'entry 1 has neither "arguments"'),
    ]
    for text, message in shapes:
        write_db(build, None, raw=text)
        for extra in ([], [os.path.join(root, "main.cpp")]):
            expect_failure(["-p", build, "--root", root, "--out-dir", out, *extra],
                           [r"^cassette-rewrite: error: " + re.escape(db) + r": malformed compilation database: "
                            + message], [root, build], out)
    write_db(build, None, raw="")
    expect_failure(["-p", build, "--root", root, "--out-dir", out],
                   [r"^" + re.escape(db) + r":1:1: error: malformed compilation database: Unexpected EOF$"],
                   [root, build], out)


def case_not_in_database():
    """3. A source that exists but the database does not list (no command is
    guessed for it), and a source that does not exist."""
    root, build, db = simple_tree(files={
        "main.cpp": "int main() { return 0; }\n", "other.cpp": "int other() { return 1; }\n"})
    write_db(build, [(root, "main.cpp")])
    out = work("out")
    other = os.path.join(root, "other.cpp")
    expect_failure(["-p", build, "--root", root, "--out-dir", out, os.path.join(root, "main.cpp"), other],
                   [r"^cassette-rewrite: error: " + re.escape(other) + " is not in the compilation database$"],
                   [root, build], out)
    ghost = os.path.join(root, "ghost.cpp")
    expect_failure(["-p", build, "--root", root, "--out-dir", out, ghost],
                   [r"^cassette-rewrite: error: " + re.escape(ghost) + ": no such file$"], [root, build], out)


def case_out_dir_overlap():
    """4. --out-dir equal to --root, inside it, or containing it (spelled
    relatively and through a symlink too): refused before anything runs."""
    root, build, db = simple_tree()
    os.makedirs(os.path.join(root, "sub"))
    write(os.path.join(root, "sub", "keep.txt"), "keep\n")
    base = ["-p", build, "--root", root]
    expect_failure(base + ["--out-dir", root],
                   [r"^cassette-rewrite: error: --out-dir .* is --root itself; it must be outside --root$"],
                   [root, build], root)
    expect_failure(base + ["--out-dir", "src/./"],
                   [r"^cassette-rewrite: error: --out-dir .* is --root itself"], [root, build], root)
    for inside in (os.path.join(root, "out"), os.path.join(root, "sub"), os.path.join(root, "new", "deeper")):
        expect_failure(base + ["--out-dir", inside],
                       [r"^cassette-rewrite: error: --out-dir .* is inside --root .*; it must be outside it$"],
                       [root, build], inside)
    os.symlink(root, work("alias"))
    expect_failure(base + ["--out-dir", os.path.join(work("alias"), "out")],
                   [r"^cassette-rewrite: error: --out-dir .* is inside --root "], [root, build], work("alias"))
    # The root inside the out-dir: the out-dir would be replaced, root and all.
    expect_failure(["-p", build, "--root", root, "--out-dir", A.work],
                   [r"^cassette-rewrite: error: --root .* is inside --out-dir .*; --out-dir must be outside --root$"],
                   [root, build], root)


def case_unwritable_out_dir():
    """5. An out-dir that cannot be written: its parent is a regular file, its
    parent is read-only (only when not root: root ignores modes), it exists as
    a file, or it is a foreign non-empty directory (never replaced)."""
    root, build, db = simple_tree()
    base = ["-p", build, "--root", root]
    write(work("plain-file"), "not a directory\n")
    out = work("plain-file", "out")
    expect_failure(base + ["--out-dir", out],
                   [r"^cassette-rewrite: error: --out-dir .*plain-file/out cannot be created: .*plain-file is not a "
                    r"directory$"], [root, build, work("plain-file")], out)
    expect_failure(base + ["--out-dir", work("plain-file")],
                   [r"^cassette-rewrite: error: --out-dir .*plain-file exists and is not a directory$"],
                   [root, build], work("plain-file"))
    if os.geteuid() != 0:
        ro = work("read-only")
        os.makedirs(ro)
        os.chmod(ro, 0o555)
        try:
            expect_failure(base + ["--out-dir", os.path.join(ro, "out")],
                           [r"^cassette-rewrite: error: --out-dir .* cannot be created: .*read-only is not writable$"],
                           [root, build, ro], os.path.join(ro, "out"))
        finally:
            os.chmod(ro, 0o755)
    else:
        sys.stderr.write("(running as root: read-only parent directory not testable; regular-file parent used)\n")
    # Where the early checks cannot tell (root may "write" /proc, yet nothing
    # can be created there), the late failure is just as clean.
    if os.path.isdir("/proc/self"):
        proc_out = f"/proc/cassette-cli-test-out-{os.getpid()}"
        expect_failure(base + ["--out-dir", proc_out],
                       [r"^cassette-rewrite: error: (--out-dir .* is not writable|cannot create the new tree "
                        r"/proc/cassette-cli-test-out-\d+\.cassette-tmp\.\d+ next to --out-dir: .*; "
                        + re.escape(proc_out) + " is unchanged)$"], [root, build], proc_out)
    foreign = work("home")
    write(os.path.join(foreign, "precious.txt"), "user data\n")
    expect_failure(base + ["--out-dir", foreign],
                   [r"^cassette-rewrite: error: --out-dir .*home is not empty and was not written by "
                    r"cassette-rewrite"], [root, build, foreign], foreign)


def case_source_outside_root():
    """6. A source outside --root is a primitive: noted, not parsed, never
    written; the rest of the run succeeds. In whole-database mode it is
    skipped silently."""
    root = work("src")
    write(os.path.join(root, "main.cpp"), "int twice(int x) { return 2 * x; }\nint main() { return twice(0); }\n")
    lib = work("vendor")
    write(os.path.join(lib, "vendor.cpp"), "int vendor(int x) { return x + 1; }\n")
    build = work("build")
    write_db(build, [(root, "main.cpp"), (lib, "vendor.cpp")])
    out, rep = work("out"), work("report.json")
    vendor = os.path.join(lib, "vendor.cpp")
    r = expect_success(["-p", build, "--root", root, "--out-dir", out, "--report", rep,
                        os.path.join(root, "main.cpp"), vendor], [root, lib, build])
    assert_has_line(r.stderr, r"^cassette-rewrite: note: " + re.escape(vendor) + " is not under --root; its "
                    r"functions are primitives and it is not written$")
    assert_has_line(r.stderr, r"^\[1/1\] .*main\.cpp$")
    check(sorted(os.listdir(out)) == [".cassette-out", ".cassette-project.cmake", "main.cpp"], "out-dir is not a mirror of --root",
          os.listdir(out))
    check("cassette_twin_twice" in open(os.path.join(out, "main.cpp")).read(), "main.cpp was not rewritten")
    report = json.load(open(rep))
    check(all(t["file"] != vendor and "vendor" not in t["function"] for t in report["functions_twinned"]),
          "a function outside --root got a twin", report)
    shutil.rmtree(out)
    r = expect_success(["-p", build, "--root", root, "--out-dir", out], [root, lib, build])
    check("note:" not in r.stderr, "whole-database mode notes files outside --root", r.stderr)
    check(sorted(os.listdir(out)) == [".cassette-out", ".cassette-project.cmake", "main.cpp"], "out-dir is not a mirror of --root")
    # Only files outside --root: nothing to do is an error.
    expect_failure(["-p", build, "--root", root, "--out-dir", work("out2"), vendor],
                   [r"^cassette-rewrite: error: no source file under --root "], [root, lib, build], work("out2"))


def case_unknown_option():
    """7a. Unknown options and bad option values."""
    root, build, db = simple_tree()
    out = work("out")
    common = ["-p", build, "--root", root, "--out-dir", out]
    expect_failure(common + ["--bogus"],
                   [r"^cassette-rewrite: error: unknown command line argument '--bogus'"], [root, build], out)
    expect_failure(common + ["-j", "many"],
                   [r"^cassette-rewrite: error: for the -j option: 'many' value invalid"], [root, build], out)
    expect_failure(common + ["-j0"], [r"^cassette-rewrite: error: -j must be at least 1$"], [root, build], out)
    expect_failure(["-p", build, "--out-dir", out],
                   [r"^cassette-rewrite: error: --root <dir> is required$"], [root, build], out)
    expect_failure(["-p", build, "--root", root],
                   [r"^cassette-rewrite: error: --out-dir <dir> is required$"], [root, build], out)
    expect_failure(["-p", build, "--root", work("nowhere"), "--out-dir", out],
                   [r"^cassette-rewrite: error: --root .*nowhere: no such directory$"], [root, build], out)


def case_help():
    """7b. --help lists every option and exits 0."""
    r = rewrite("--help")
    check(r.returncode == 0, f"--help exited {r.returncode}")
    for opt in ["-p <build-dir>", "--root=<dir>", "--out-dir=<dir>", "--report=<file.json>", "-j <N>",
                "--extra-arg=<arg>", "--extra-arg-before=<arg>", "--version", "[<source> ...]", "--pass=<lib.so>",
                "--keep-as-written=<glob>"]:
        check(opt in r.stdout, f"--help does not show {opt}", r.stdout)
    check(r.stderr == "", "--help wrote to stderr", r.stderr)


def case_version():
    """7c. --version prints exactly the version line."""
    r = rewrite("--version")
    check(r.returncode == 0, f"--version exited {r.returncode}")
    check(r.stdout.strip() == VERSION, f"--version printed {r.stdout!r}, expected {VERSION!r}")


def case_multi_tu():
    """8. Two units sharing a header: the header is rewritten once (one twin
    per function), identically for -j1 and -j2; progress [1/2] [2/2]; the
    report has twins, rewritten and skipped call sites with locations, and
    the macro use replaced by its expansion."""
    root, build, db = multi_tree()
    outs = {}
    reports = {}
    for j in ("1", "2"):
        out, rep = work("out-j" + j), work("report-j" + j + ".json")
        r = expect_success(["-p", build, "--root", root, "--out-dir", out, "--report", rep, "-j" + j],
                           [root, build])
        for n in (1, 2):
            assert_has_line(r.stderr, rf"^\[{n}/2\] {re.escape(root)}/(main|shapes)\.cpp$")
        assert_has_line(r.stderr, r"^cassette-rewrite: \d+ functions twinned, \d+ call sites rewritten, \d+ skipped$")
        outs[j], reports[j] = out, rep
    cmp = filecmp.dircmp(outs["1"], outs["2"])
    check(not (cmp.left_only or cmp.right_only or cmp.diff_files), "-j1 and -j2 trees differ",
          cmp.left_only, cmp.right_only, cmp.diff_files)
    for name in ("shapes.h", "main.cpp", "shapes.cpp"):
        check(open(os.path.join(outs["1"], name), "rb").read() == open(os.path.join(outs["2"], name), "rb").read(),
              f"{name} differs between -j1 and -j2")
    # Whichever unit rewrites the shared header, it comes out the same: list the
    # sources in both orders (the first listed unit claims the header).
    for order, sources in (("ms", ["main.cpp", "shapes.cpp"]), ("sm", ["shapes.cpp", "main.cpp"])):
        out = work("out-order-" + order)
        expect_success(["-p", build, "--root", root, "--out-dir", out, "-j1"] +
                       [os.path.join(root, s) for s in sources], [root, build])
        outs[order] = out
    for name in ("shapes.h", "main.cpp", "shapes.cpp"):
        check(open(os.path.join(outs["ms"], name), "rb").read() == open(os.path.join(outs["sm"], name), "rb").read(),
              f"{name} depends on which unit rewrote it")
    header = open(os.path.join(outs["2"], "shapes.h")).read()
    for fn in ("scale", "area"):
        check(header.count(f"cassette_twin_{fn}(::cassette::Twin") == 1, f"shapes.h has not exactly one twin of {fn}",
              header)
    check(open(reports["1"]).read() == open(reports["2"]).read(), "the -j1 and -j2 reports differ")
    report = json.load(open(reports["2"]))
    for key in ("functions_twinned", "call_sites_rewritten", "call_sites_skipped"):
        check(key in report, f"report has no {key}", report)
    twins = [(t["file"], t["function"]) for t in report["functions_twinned"]]
    check(sorted(twins) == sorted(set(twins)), "a function was twinned twice", twins)
    for want in [("shapes.h", "scale"), ("shapes.h", "area"), ("shapes.cpp", "perimeter"), ("main.cpp", "report")]:
        check(want in twins, f"report lacks twin {want}", twins)
    for t in report["functions_twinned"]:
        check(t["line"] > 0 and t["column"] > 0, "twin without a location", t)
    check(report["call_sites_rewritten"]["total"] > 0, "no call site rewritten", report)
    skipped = report["call_sites_skipped"]
    # SCALE, a macro of the tree whose body spells a call, is replaced by its
    # expansion in shapes.cpp, so that the call is rewritten.
    check(report.get("macros_expanded") == [{"file": "shapes.cpp", "line": 6, "column": 40, "macro": "SCALE"}],
          "the use of SCALE is not reported as expanded", report.get("macros_expanded"))
    check(not any("macro" in s["reason"] for s in skipped), "a call in SCALE's body is still skipped", skipped)
    scaled = open(os.path.join(outs["2"], "shapes.cpp")).read()
    check('::cassette::fn<"scale">' in scaled.split("cassette_twin_scaled_area", 1)[-1],
          "SCALE's call of scale is not rewritten in scaled_area's twin", scaled)
    for s in skipped:
        for k in ("file", "line", "column", "reason", "reason_id", "category"):
            check(k in s, f"skipped call site without {k}", s)
        check(isinstance(s["line"], int) and s["line"] > 0 and isinstance(s["column"], int) and s["column"] > 0,
              "skipped call site has no line/column", s)
        check(re.fullmatch(r"[a-z][a-z0-9_]*", s["reason_id"]), "a reason_id that is not snake_case", s)
    # Counted per reason's text and per reason's id alike.
    by_id = {}
    for s in skipped:
        by_id[s["reason_id"]] = by_id.get(s["reason_id"], 0) + 1
    check(report.get("skipped_by_reason_id") == by_id, "skipped_by_reason_id does not count the skips per id",
          report.get("skipped_by_reason_id"), by_id)
    check(sum(report["skipped_by_reason"].values()) == len(skipped), "skipped_by_reason does not count every skip",
          report["skipped_by_reason"])
    # The skipped macro call in the shared header is reported once, not per unit.
    keys = [(s["file"], s["line"], s["column"], s["reason"]) for s in skipped]
    check(len(keys) == len(set(keys)), "a skipped call site is reported twice", keys)


def case_failure_midway():
    """9. The second of two units does not parse: a pre-existing out-dir (and
    report) from an earlier run stay exactly as they were, for -j1 and -j2."""
    root, build, db = multi_tree()
    out, rep = work("out"), work("report.json")
    expect_success(["-p", build, "--root", root, "--out-dir", out, "--report", rep], [root, build])
    write(os.path.join(root, "zz_broken.cpp"), '#include "shapes.h"\nint broken() { return area(1, ); }\n')
    write_db(build, [(root, "main.cpp"), (root, "shapes.cpp"), (root, "zz_broken.cpp")])
    for j in ("1", "2"):
        expect_failure(["-p", build, "--root", root, "--out-dir", out, "--report", rep, "-j", j],
                       [re.escape(os.path.join(root, "zz_broken.cpp")) + r":2:\d+: error: ",
                        r"^\[3/3\] ", r"zz_broken\.cpp \(failed\)$",
                        r"^cassette-rewrite: error: 1 of 3 translation units did not compile .*; nothing was "
                        r"written to " + re.escape(out) + "$"],
                       [root, build], out, rep)


def case_rewritten_builds_same():
    """10. The rewritten multi-unit tree, built normally, behaves exactly like
    the original (same stdout, same exit code)."""
    root, build, db = multi_tree()
    out = work("out")
    expect_success(["-p", build, "--root", root, "--out-dir", out, "-j2"], [root, build])
    results = []
    for tree in (root, out):
        exe = os.path.join(A.work, os.path.basename(tree) + ".exe")
        c = subprocess.run([A.compiler, "-std=c++20", "-I" + A.runtime, os.path.join(tree, "main.cpp"),
                            os.path.join(tree, "shapes.cpp"), "-o", exe], capture_output=True, text=True)
        check(c.returncode == 0, f"{tree} does not build", c.stderr)
        e = subprocess.run([exe], capture_output=True, text=True, timeout=60)
        results.append((e.returncode, e.stdout))
    check(results[0] == results[1], "the rewritten program behaves differently", results[0], results[1])
    check(results[0][1].count("\n") == 4, "the program did not run", results[0])


def case_file_names_as_compiled():
    """__FILE__ in the rewritten tree is what the original's build gave it:
    the name the file is compiled by (a relative path, a copy under another
    name, as gflags' tests compile gflags_unittest-main.cc), or with
    -ffile-prefix-map=OUT=ROOT (what cassette_overdub adds; the out-dir's
    .cassette-project.cmake maps debug info only) the original's absolute
    path; __LINE__ is the
    original's, in the twin that runs under the context too. After a
    directive of the source's own naming another file, the rewriter's name
    the file again."""
    root, build = work("tree"), work("build")
    write(os.path.join(root, "src", "where.cpp"), textwrap.dedent("""\
        #include <cstdio>
        int where(int x) {
          std::printf("%s:%d\\n", __FILE__, __LINE__);
          return x + 1;
        }
        int main() { return where(1) == 2 ? 0 : 1; }
        """))
    write_db(build, [(root, os.path.join(root, "src", "where.cpp"), [])])
    out = work("out")
    expect_success(["-p", build, "--root", root, "--out-dir", out, "--overdub-main", "cassette::CallCounter",
                    "--context-header", "cassette/contexts/counter.hpp"], [root, build])
    check("cassette_twin_where" in open(os.path.join(out, "src", "where.cpp")).read(), "where.cpp was not rewritten")
    shutil.copy(os.path.join(root, "src", "where.cpp"), os.path.join(root, "src", "where-main.cpp"))
    shutil.copy(os.path.join(out, "src", "where.cpp"), os.path.join(out, "src", "where-main.cpp"))

    def printed(tree, source, flags=()):
        exe = os.path.join(A.work, "where.exe")
        c = subprocess.run([A.compiler, "-std=c++20", "-I" + A.runtime, *flags, source, "-o", exe], cwd=tree,
                           capture_output=True, text=True)
        check(c.returncode == 0, f"{tree}/{source} does not build", c.stderr)
        e = subprocess.run([exe], capture_output=True, text=True, timeout=60,
                           env=dict(os.environ, CASSETTE_COUNTS_JSON=os.path.join(A.work, "counts.json")))
        check(e.returncode == 0, f"{tree}/{source} failed", e.stdout, e.stderr)
        return e.stdout

    for source in ("src/where.cpp", "src/where-main.cpp"):
        check(printed(root, source) == f"{source}:3\n", "the original prints another place", printed(root, source))
        check(printed(out, source) == f"{source}:3\n", f"the rewritten {source} prints another place",
              printed(out, source))
    # A source that names another file itself (a generated parser's `#line 40
    # "parse.y"`): the rewriter's directives after it name the file again.
    gen = os.path.join(root, "gen", "parser.cpp")
    write(gen, 'int before(int x) { return x + 1; }\n#line 40 "parse.y"\nint after(int x) { return x * 2; }\n')
    write_db(build, [(root, os.path.join(root, "src", "where.cpp"), []), (root, gen, [])])
    gen_out = work("gen-out")
    expect_success(["-p", build, "--root", root, "--out-dir", gen_out, gen], [root, build])
    text = open(os.path.join(gen_out, "gen", "parser.cpp")).read()
    after = text[text.index('#line 40 "parse.y"'):]
    check(re.search(r'^#line \d+ ".*parser\.cpp"$', after, re.M),
          "after the source's own #line, the rewriter's directives name no file", text)
    check(re.search(r"^#line \d+$", text[:text.index('#line 40 "parse.y"')], re.M),
          "before the source's own #line, the rewriter's directives name a file", text)
    absolute = os.path.join(root, "src", "where.cpp")
    check(printed(root, absolute) == f"{absolute}:3\n", "the original prints another place")
    check(printed(out, os.path.join(out, "src", "where.cpp"), ["-ffile-prefix-map=" + out + "=" + root]) ==
          f"{absolute}:3\n", "with the prefix map the rewritten file does not print the original's path",
          printed(out, os.path.join(out, "src", "where.cpp"), ["-ffile-prefix-map=" + out + "=" + root]))
    # The out-dir's own build maps debug info only: there __FILE__ names the
    # out-dir's file, as CMake's source directories do (Catch2's approval tests).
    include = open(os.path.join(out, ".cassette-project.cmake")).read()
    check("-fdebug-prefix-map=${CMAKE_CURRENT_LIST_DIR}=" in include and "-ffile-prefix-map" not in include,
          ".cassette-project.cmake does not map debug info only", include)


def case_already_rewritten():
    """An input that is already rewritten output: the out-dir of an earlier run
    as --root, or one rewritten file given as a source, is refused (it would
    get twins of twins)."""
    root, build, db = multi_tree()
    out = work("out")
    expect_success(["-p", build, "--root", root, "--out-dir", out], [root, build])
    again = work("again")
    expect_failure(["-p", build, "--root", out, "--out-dir", again],
                   [r"^cassette-rewrite: error: --root .* is the output of an earlier cassette-rewrite run"],
                   [root, build, out], again)
    # One rewritten file copied back into a tree that is otherwise original.
    mixed = work("mixed")
    shutil.copytree(root, mixed)
    shutil.copy(os.path.join(out, "main.cpp"), os.path.join(mixed, "main.cpp"))
    mixed_build = work("mixed-build")
    write_db(mixed_build, [(mixed, "main.cpp", []), (mixed, "shapes.cpp", [])])
    expect_failure(["-p", mixed_build, "--root", mixed, "--out-dir", work("mixed-out")],
                   [r"main\.cpp:1:1: error: this file is already output of cassette-rewrite"],
                   [mixed, mixed_build], work("mixed-out"))


def case_extra_arg():
    """11. --extra-arg and --extra-arg-before reach the parser: -DCLI_EXTRA=1
    makes extra_only exist (and get a twin); without it, it does not."""
    root, build, db = multi_tree()
    main = os.path.join(root, "main.cpp")
    runs = {"none": [], "after": ["--extra-arg=-DCLI_EXTRA=1"], "before": ["--extra-arg-before=-DCLI_EXTRA=1"]}
    for name, extra in runs.items():
        out, rep = work("out-" + name), work(name + ".json")
        expect_success(["-p", build, "--root", root, "--out-dir", out, "--report", rep, *extra, main],
                       [root, build])
        text = open(os.path.join(out, "main.cpp")).read()
        twins = [t["function"] for t in json.load(open(rep))["functions_twinned"]]
        has = "cassette_twin_extra_only" in text and "extra_only" in twins
        check(has == (name != "none"), f"extra_only twinned={has} with {extra or 'no extra args'}", twins)
    # An extra argument the compiler rejects is the unit's error, located or not.
    out = work("out-bad")
    expect_failure(["-p", build, "--root", root, "--out-dir", out, "--extra-arg=-std=c++1792", main],
                   [r"^cassette-rewrite: error: invalid value 'c\+\+1792' in '-std=c\+\+1792'$",
                    r"^cassette-rewrite: error: 1 of 1 translation units "],
                   [root, build], out)


def case_report_path():
    """The report is never written into --root or --out-dir, nor into a
    missing directory; a failing report leaves the out-dir untouched."""
    root, build, db = simple_tree()
    out = work("out")
    base = ["-p", build, "--root", root, "--out-dir", out]
    expect_failure(base + ["--report", os.path.join(root, "r.json")],
                   [r"^cassette-rewrite: error: --report .* is inside --root; inputs are never written$"],
                   [root, build], out)
    expect_failure(base + ["--report", os.path.join(out, "r.json")],
                   [r"^cassette-rewrite: error: --report .* is inside --out-dir"], [root, build], out)
    expect_failure(base + ["--report", work("no-dir", "r.json")],
                   [r"^cassette-rewrite: error: --report .*: directory .*no-dir does not exist$"], [root, build], out)
    os.makedirs(work("a-dir"))
    expect_failure(base + ["--report", work("a-dir")],
                   [r"^cassette-rewrite: error: --report .*a-dir is a directory$"], [root, build], out)


def case_database_in_out_dir():
    """The out-dir is replaced by a run: it may not hold the database."""
    root, build, db = simple_tree()
    out = work("out")
    expect_success(["-p", build, "--root", root, "--out-dir", out], [root, build])
    shutil.copy(db, os.path.join(out, "compile_commands.json"))
    expect_failure(["-p", out, "--root", root, "--out-dir", out],
                   [r"^cassette-rewrite: error: the compilation database .* is inside --out-dir "], [root, build], out)


def case_rerun_replaces():
    """A second run replaces its own earlier output whole (stale files go),
    relative paths work, and the mirror keeps file modes."""
    root, build, db = simple_tree(files={
        "main.cpp": "int twice(int x) { return 2 * x; }\nint main() { return twice(0); }\n",
        "tools/run.sh": "#!/bin/sh\necho hi\n", "data/notes.txt": "notes\n"})
    os.chmod(os.path.join(root, "tools/run.sh"), 0o755)
    expect_success(["-p", "build", "--root", "src", "--out-dir", "out"], [root, build])
    write(work("out", "stale.txt"), "left from before\n")
    expect_success(["-p", "build", "--root", "src", "--out-dir", "out", "-j2"], [root, build])
    check(not os.path.exists(work("out", "stale.txt")), "a stale file survived the rerun")
    check(open(work("out", "data/notes.txt")).read() == "notes\n", "a plain file was not mirrored")
    check(os.stat(work("out", "tools/run.sh")).st_mode & 0o111, "the mirror lost the executable bit")
    check(not leftovers(work("out")), "temporary output left behind", leftovers(work("out")))


def case_fixed_flags():
    """Flags after `--` instead of a database: they apply to every source
    given; `--` without sources, or with -p too, is an error."""
    root, build, db = multi_tree()
    out = work("out")
    expect_success(["--root", "src", "--out-dir", "out", "src/main.cpp", "src/shapes.cpp", "--",
                    "-std=c++20", "-DCLI_EXTRA=2"], [root, build])
    check("cassette_twin_extra_only" in open(os.path.join(out, "main.cpp")).read(),
          "the flags after -- did not reach the parser")
    expect_failure(["--root", root, "--out-dir", work("out2"), "--", "-std=c++20"],
                   [r"^cassette-rewrite: error: flags after -- need the source files to apply them to$"],
                   [root, build], work("out2"))
    expect_failure(["-p", build, "--root", root, "--out-dir", work("out2"), "src/main.cpp", "--", "-std=c++20"],
                   [r"^cassette-rewrite: error: give either -p <build-dir> or compile flags after --, not both$"],
                   [root, build], work("out2"))


def case_database_in_root():
    """A database inside --root (-p naming the root itself, or a build
    directory under it): the mirror is still the whole root, minus the build
    directory; a source directory given as a source is refused."""
    root = work("proj")
    write(os.path.join(root, "src", "main.cpp"), "int twice(int x) { return 2 * x; }\nint main() { return twice(0); }\n")
    write(os.path.join(root, "include", "note.h"), "#pragma once\n")
    write_db(root, [(os.path.join(root, "src"), "main.cpp")])
    out = work("out")
    expect_success(["-p", root, "--root", root, "--out-dir", out], [root])
    for rel in ("src/main.cpp", "include/note.h", "compile_commands.json"):
        check(os.path.isfile(os.path.join(out, rel)), f"{rel} is missing from the mirror", sorted(os.listdir(out)))
    os.remove(os.path.join(root, "compile_commands.json"))
    build = os.path.join(root, "build")
    write_db(build, [(os.path.join(root, "src"), "main.cpp")])
    expect_success(["-p", build, "--root", root, "--out-dir", out], [root])
    check(sorted(os.listdir(out)) == [".cassette-out", ".cassette-project.cmake", "include", "src"], "the build directory was mirrored",
          sorted(os.listdir(out)))
    expect_failure(["-p", build, "--root", root, "--out-dir", out, os.path.join(root, "src")],
                   [r"^cassette-rewrite: error: .*/proj/src is not a regular file$"], [root], out)


def case_symlinks():
    """Links in --root stay links in the mirror: to a file or directory under
    --root (relative, into the mirror; a header reached through two paths is
    still one file for #pragma once), or out of it (same absolute target). The
    rewritten tree builds and behaves like the original."""
    root = work("src")
    vendor = work("vendor")
    write(os.path.join(vendor, "vendor.h"), "#pragma once\ninline int vendor_base() { return 40; }\n")
    write(os.path.join(root, "lib", "real.h"), "#pragma once\ninline int half(int x) { return x / 2; }\n")
    os.makedirs(os.path.join(root, "inc"))
    os.symlink("../lib/real.h", os.path.join(root, "inc", "link.h"))
    os.symlink("lib", os.path.join(root, "alias"))
    os.symlink(vendor, os.path.join(root, "ext"))
    write(os.path.join(root, "main.cpp"),
          '#include <cstdio>\n#include "lib/real.h"\n#include "inc/link.h"\n#include "alias/real.h"\n'
          '#include "ext/vendor.h"\n'
          'int twice(int x) { return 2 * half(x) + vendor_base(); }\n'
          'int main() { std::printf("%d\\n", twice(5)); return 0; }\n')
    build = work("build")
    write_db(build, [(root, "main.cpp")])
    out = work("out")
    expect_success(["-p", build, "--root", root, "--out-dir", out], [root, vendor, build])
    check(os.readlink(os.path.join(out, "inc", "link.h")) == "../lib/real.h", "inc/link.h is not a relative link",
          os.path.lexists(os.path.join(out, "inc", "link.h")))
    check(os.readlink(os.path.join(out, "alias")) == "lib", "alias is not a link to lib")
    check(os.readlink(os.path.join(out, "ext")) == os.path.realpath(vendor), "ext does not link to the vendor tree")
    check("cassette_twin_half" in open(os.path.join(out, "inc", "link.h")).read(), "lib/real.h was not rewritten")
    results = []
    for tree in (root, out):
        exe = os.path.join(A.work, os.path.basename(tree) + ".exe")
        c = subprocess.run([A.compiler, "-std=c++20", "-I" + A.runtime, os.path.join(tree, "main.cpp"), "-o", exe],
                           capture_output=True, text=True)
        check(c.returncode == 0, f"{tree} does not build", c.stderr)
        results.append(subprocess.run([exe], capture_output=True, text=True).stdout)
    check(results[0] == results[1] == "44\n", "the rewritten program behaves differently", results)


def case_depfile():
    """--depfile: a Make-style depfile whose target is the out-dir's marker
    and whose prerequisites are every file the units read and the database; a
    rerun keeps the time of every output whose text did not change; an
    out-dir holding only empty directories (made by a build system) is
    accepted; the depfile is never written into --root or --out-dir."""
    root, build, db = multi_tree()
    write(os.path.join(root, "README.txt"), "not read by any unit\n")
    out, dep = work("out"), work("rewrite.d")
    os.makedirs(os.path.join(out, "empty", "nested"))  # what a build system makes first
    base = ["-p", build, "--root", root, "--out-dir", out]
    expect_success(base + ["--depfile", dep], [root, build])
    text = open(dep).read()
    target, _, prereqs = text.partition(":")
    check(target == os.path.join(out, ".cassette-out"), "the depfile's target is not the out-dir's marker", text)
    deps = prereqs.replace("\\\n", " ").split()
    for want in [os.path.join(root, f) for f in ("main.cpp", "shapes.cpp", "shapes.h")] + [db]:
        check(want in deps, f"the depfile does not list {want}", text)
    check(os.path.join(root, "README.txt") not in deps, "the depfile lists a file no unit read", text)
    check(any(d.startswith("/usr/") for d in deps), "the depfile lists no system header", text)
    check(all(os.path.isabs(d) and os.path.exists(d) for d in deps), "a prerequisite is not an existing absolute path",
          text)

    def times():
        return {rel: os.stat(os.path.join(out, rel)).st_mtime_ns
                for rel in ["main.cpp", "shapes.cpp", "shapes.h", "README.txt", ".cassette-out"]}

    first = times()
    expect_success(base + ["--depfile", dep], [root, build])
    second = times()
    check(second[".cassette-out"] > first[".cassette-out"], "the marker was not written anew", first, second)
    check({k: v for k, v in second.items() if k != ".cassette-out"} == {k: v for k, v in first.items()
                                                                        if k != ".cassette-out"},
          "an unchanged output got a new time", first, second)
    with open(os.path.join(root, "shapes.cpp"), "a") as f:
        f.write("int depfile_added(int x) { return x + 1; }\n")
    expect_success(base + ["--depfile", dep], [root, build])
    third = times()
    changed = sorted(k for k in third if third[k] != second[k])
    check(changed == [".cassette-out", "shapes.cpp"], "other outputs than the edited unit's changed time", changed)
    check("cassette_twin_depfile_added" in open(os.path.join(out, "shapes.cpp")).read(), "the edit was not rewritten")

    expect_failure(base + ["--depfile", os.path.join(root, "r.d")],
                   [r"^cassette-rewrite: error: --depfile .* is inside --root; inputs are never written$"],
                   [root, build], out)
    expect_failure(base + ["--depfile", os.path.join(out, "r.d")],
                   [r"^cassette-rewrite: error: --depfile .* is inside --out-dir"], [root, build], out)
    expect_failure(base + ["--depfile", work("no-dir", "r.d")],
                   [r"^cassette-rewrite: error: --depfile .*: directory .*no-dir does not exist$"], [root, build], out)
    expect_failure(base + ["--depfile", dep, "--report", dep],
                   [r"^cassette-rewrite: error: --report and --depfile name the same file$"], [root, build], out)


def case_c_unit():
    """A unit compiled as C (twins are C++ templates): passed through unchanged
    with a note naming it; the C++ units of the run are rewritten."""
    root, build, db = simple_tree(files={
        "main.cpp": "int twice(int x) { return 2 * x; }\nint main() { return twice(0); }\n",
        "plain.c": "int half(int x) { return x / 2; }\n"})
    c = os.path.join(root, "plain.c")
    entries = json.load(open(db))
    entries.append({"directory": root, "file": c, "arguments": ["clang-19", "-std=c11", "-c", c]})
    write_db(build, [], raw=json.dumps(entries))
    out = work("out")
    r = expect_success(["-p", build, "--root", root, "--out-dir", out], [root, build])
    assert_has_line(r.stderr, r"^  note: plain\.c: compiled as C, not rewritten \(its functions are primitives\); "
                              r"compile it as C\+\+ \(-x c\+\+ -std=c\+\+20\) to run it under a context$")
    check(open(os.path.join(out, "plain.c")).read() == open(c).read(), "the C unit was not copied unchanged")
    check("cassette_twin_twice" in open(os.path.join(out, "main.cpp")).read(), "the C++ unit was not rewritten")


def write_commands(build, commands):
    """commands: (directory, file, [arguments before the file]): compile
    commands exactly as given (write_db always says -std=c++20 first)."""
    return write_db(build, None, raw=json.dumps(
        [{"directory": d, "file": f, "arguments": [*args, "-c", f]} for d, f, args in commands], indent=2))


def case_standard_raised():
    """Units whose commands select a standard older than C++20 (the last
    -std wins; --std VALUE; none at all: clang's default gnu++17) are parsed
    as C++20 of the same family, as the rewritten tree is built; the report
    and the summary note each one; a standard from C++20 on is kept, without
    a note. The rewritten tree builds with -std=c++20 and behaves like the
    original built with the units' own standards."""
    root, build, db = multi_tree()
    main, shapes = os.path.join(root, "main.cpp"), os.path.join(root, "shapes.cpp")
    write_commands(build, [(root, main, [A.compiler, "-std=c++20", "-std=c++11"]),
                           (root, shapes, [A.compiler, "--std", "gnu++14"])])
    out, rep = work("out"), work("report.json")
    r = expect_success(["-p", build, "--root", root, "--out-dir", out, "--report", rep, "-j2"], [root, build])
    notes = ["main.cpp: compiled as -std=c++20 (its command says -std=c++11): the rewritten tree must be built "
             "with C++20",
             "shapes.cpp: compiled as -std=gnu++20 (its command says -std=gnu++14): the rewritten tree must be built "
             "with C++20"]
    report = assert_notes(rep, r.stderr, notes)
    for f in ("main.cpp", "shapes.cpp"):
        check("cassette_twin_" in open(os.path.join(out, f)).read(), f"{f} was not rewritten")
    results = []
    for tree, flags in ((root, [["-std=c++11"], ["-std=gnu++14"]]), (out, [["-std=c++20"], ["-std=c++20"]])):
        exe = os.path.join(A.work, os.path.basename(tree) + ".exe")
        objs = []
        for f, std in zip(("main.cpp", "shapes.cpp"), flags):
            obj = os.path.join(A.work, os.path.basename(tree) + "-" + f + ".o")
            c = subprocess.run([A.compiler, *std, "-I" + A.runtime, "-c", os.path.join(tree, f), "-o", obj],
                               capture_output=True, text=True)
            check(c.returncode == 0, f"{tree}/{f} does not compile with {std}", c.stderr)
            objs.append(obj)
        c = subprocess.run([A.compiler, *objs, "-o", exe], capture_output=True, text=True)
        check(c.returncode == 0, f"{tree} does not link", c.stderr)
        e = subprocess.run([exe], capture_output=True, text=True, timeout=60)
        results.append((e.returncode, e.stdout))
    check(results[0] == results[1], "the rewritten program behaves differently", results[0], results[1])
    check(results[0][1].count("\n") == 4, "the program did not run", results[0])
    # No -std at all: clang's default; -std=c++2a (C++20) is kept, unnoted.
    write_commands(build, [(root, main, [A.compiler, "-std=c++2a"]), (root, shapes, [A.compiler])])
    r = expect_success(["-p", build, "--root", root, "--out-dir", out, "--report", rep], [root, build])
    notes = ["shapes.cpp: compiled as -std=gnu++20 (its command gives no -std: clang's default is -std=gnu++17): the "
             "rewritten tree must be built with C++20"]
    check(json.load(open(rep))["notes"] == notes, "the report's notes are not the raised standard",
          json.load(open(rep))["notes"])
    assert_has_line(r.stderr, "^  note: " + re.escape(notes[0]) + "$")


def case_standard_no_longer_compiles():
    """A unit that compiles with its own -std=c++14 but not as C++20 (a
    dynamic exception specification, an error since C++17; a u8 literal, of
    type const char8_t[] since C++20) is passed through unchanged, not
    rewritten, its functions primitives; the note gives clang's first errors
    under C++20 at their locations, and says whether it includes a rewritten
    file (whose twins it does not see below C++20). The run succeeds and
    rewrites the other units; the tree builds with such units compiled with
    their own standard."""
    root = work("src")
    write(os.path.join(root, "shared.h"), "#pragma once\ninline int shared_inc(int x) { return x + 1; }\n")
    write(os.path.join(root, "main.cpp"),
          '#include <cstdio>\n#include "shared.h"\nint legacy_twice(int x);\n'
          'int twice_plus(int x) { return legacy_twice(x) + shared_inc(0); }\n'
          'int main() { std::printf("%d\\n", twice_plus(20)); return 0; }\n')
    write(os.path.join(root, "legacy.cpp"),
          "// C++14: a dynamic exception specification\nvoid legacy_check(int x) throw(int);\n"
          "int legacy_twice(int x) { return 2 * x; }\n")
    write(os.path.join(root, "legacy_text.cpp"),
          '#include "shared.h"\nconst char* legacy_name = u8"legacy";\n'
          "int legacy_length() { return shared_inc(5); }\n")
    build = work("build")
    legacy, legacy_text = os.path.join(root, "legacy.cpp"), os.path.join(root, "legacy_text.cpp")
    write_commands(build, [(root, os.path.join(root, "main.cpp"), [A.compiler, "-std=c++20"]),
                           (root, legacy, [A.compiler, "-std=c++14"]),
                           (root, legacy_text, [A.compiler, "-std=c++14"])])
    # What clang itself says of them as C++20, and that they are C++14.
    first = {}
    for f in ("legacy.cpp", "legacy_text.cpp"):
        c = subprocess.run([A.compiler, "-fsyntax-only", "-std=c++14", f], cwd=root, capture_output=True, text=True)
        check(c.returncode == 0, f"{f} is not valid C++14", c.stderr)
        c = subprocess.run([A.compiler, "-fsyntax-only", "-std=c++20", f], cwd=root, capture_output=True, text=True)
        check(c.returncode == 1, f"{f} compiles as C++20", c.stderr)
        first[f] = [l for l in c.stderr.splitlines() if LOCATED_ERROR.match(l)][0]
    check(first == {
        "legacy.cpp": "legacy.cpp:2:26: error: ISO C++17 does not allow dynamic exception specifications "
                      "[-Wdynamic-exception-spec]",
        "legacy_text.cpp": "legacy_text.cpp:2:13: error: cannot initialize a variable of type 'const char *' with "
                           "an lvalue of type 'const char8_t[7]'"}, "clang's errors as C++20 are not the expected",
          first)
    out, rep = work("out"), work("report.json")
    for j in ("1", "2"):
        r = expect_success(["-p", build, "--root", root, "--out-dir", out, "--report", rep, "-j", j],
                           [root, build])
        for f in (legacy, legacy_text):
            assert_has_line(r.stderr, r"^\[\d/3\] " + re.escape(f) + r" \(does not compile as C\+\+20: passed "
                            r"through unchanged\)$")
        notes = [
            "legacy.cpp: does not compile as C++20 (its command says -std=c++14): passed through unchanged, its "
            "functions are primitives; under -std=c++20: " + first["legacy.cpp"] +
            "; it includes no rewritten file: build it with -std=c++14, or fix it",
            "legacy_text.cpp: does not compile as C++20 (its command says -std=c++14): passed through unchanged, its "
            "functions are primitives; under -std=c++20: " + first["legacy_text.cpp"] +
            "; build it with -std=c++14: the rewritten files it includes (shared.h) hide their twins below C++20 "
            "(.cassette-project.cmake sets that standard)",
            "legacy_twice: declared under --root but not defined in any unit under it; 1 call site(s) run it as a "
            "primitive"]
        report = assert_notes(rep, r.stderr, notes)
        check(not any(t["file"].startswith("legacy") for t in report["functions_twinned"]),
              "a function of a unit passed through got a twin", report["functions_twinned"])
        for f in ("legacy.cpp", "legacy_text.cpp"):
            check(open(os.path.join(out, f), "rb").read() == open(os.path.join(root, f), "rb").read(),
                  f"{f} was not passed through unchanged")
        for f in ("main.cpp", "shared.h"):
            check("cassette_twin_" in open(os.path.join(out, f)).read(), f"{f} was not rewritten")
        # The project include builds both at their own standard (raised to
        # C++20 with the rest, neither would compile).
        include = open(os.path.join(out, ".cassette-project.cmake")).read()
        for f in ("legacy.cpp", "legacy_text.cpp"):
            check(f'set("_cassette_own_std_{f}" "-std=c++14")' in include,
                  f".cassette-project.cmake does not give {f} its own standard", include)
    # As the notes say: legacy.cpp and legacy_text.cpp (which reads the
    # rewritten shared.h) build with their own standard next to the rewritten
    # units (their functions run as primitives).
    objs = []
    for f, std in (("main.cpp", "-std=c++20"), ("legacy.cpp", "-std=c++14"), ("legacy_text.cpp", "-std=c++14")):
        objs.append(os.path.join(A.work, f + ".o"))
        c = subprocess.run([A.compiler, std, "-I" + A.runtime, "-c", os.path.join(out, f), "-o", objs[-1]],
                           capture_output=True, text=True)
        check(c.returncode == 0, f"rewritten {f} does not compile with {std}", c.stderr)
    exe = os.path.join(A.work, "out.exe")
    c = subprocess.run([A.compiler, *objs, "-o", exe], capture_output=True, text=True)
    check(c.returncode == 0, "the rewritten tree does not link", c.stderr)
    e = subprocess.run([exe], capture_output=True, text=True, timeout=60)
    check((e.returncode, e.stdout) == (0, "41\n"), "the rewritten program does not run as the original",
          e.returncode, e.stdout)


def case_standard_fails_both():
    """A unit raised to C++20 that does not compile under its own standard
    either is an error as before: its own standard's diagnostics (not the
    C++20 ones), exit 1, nothing written."""
    root = work("src")
    write(os.path.join(root, "main.cpp"), "int twice(int x) { return 2 * x; }\nint main() { return twice(0); }\n")
    write(os.path.join(root, "broken.cpp"), "void legacy_check() throw(int);\nint broken(int x { return x; }\n")
    build = work("build")
    broken = os.path.join(root, "broken.cpp")
    write_commands(build, [(root, os.path.join(root, "main.cpp"), [A.compiler, "-std=c++11"]),
                           (root, broken, [A.compiler, "-std=c++14"])])
    out, rep = work("out"), work("report.json")
    r = expect_failure(["-p", build, "--root", root, "--out-dir", out, "--report", rep],
                       [r"^" + re.escape(broken) + r":2:\d+: error: expected '\)'$",
                        r"^\[\d/2\] " + re.escape(broken) + r" \(failed\)$",
                        r"^cassette-rewrite: error: 1 of 2 translation units did not compile \(" + re.escape(broken)
                        + r"\); nothing was written to " + re.escape(out) + "$"],
                       [root, build], out, rep)
    check("dynamic exception" not in r.stderr, "the C++20 errors were shown for a unit that fails as C++14 too",
          r.stderr)



def case_no_builtin_operators():
    """--no-builtin-operators leaves builtin operators as written: the summary
    and the report say so and count them, and they are not skips. With
    --tagging (whose metadata travels through the operators) it is a usage
    error, nothing written."""
    root, build, db = simple_tree(files={"main.cpp": "int twice(int x) { return 2 * x; }\n"
                                                     "int quad(int x) { return twice(x) + twice(x); }\n"
                                                     "int main() { return quad(0); }\n"})
    out, rep = work("out"), work("r.json")
    expect_failure(["-p", build, "--root", root, "--out-dir", out, "--report", rep, "--tagging",
                    "--no-builtin-operators"],
                   [r"^cassette-rewrite: error: --tagging and --no-builtin-operators exclude each other: "],
                   [root, build], out, report=rep)
    r = expect_success(["-p", build, "--root", root, "--out-dir", out, "--report", rep, "--no-builtin-operators"],
                       [root, build])
    # The one skip is main (not twinned without --overdub-main).
    assert_has_line(r.stderr, r"^cassette-rewrite: 2 functions twinned, 2 call sites rewritten, 1 skipped$")
    assert_has_line(r.stderr, r"^  2 builtin operators left as written, not intercepted \(--no-builtin-operators\)$")
    report = json.load(open(rep))
    check(report["builtin_operators"] == {"intercepted": False, "left_as_written": 2},
          "the report does not say the operators were left as written", report["builtin_operators"])
    check([s["what"] for s in report["call_sites_skipped"]] == ["main"],
          "an operator left as written was reported as skipped", report["call_sites_skipped"])
    text = open(os.path.join(out, "main.cpp")).read()
    check("return 2 * x;" in text and "call_op" not in text and re.search(r"::cassette::rt::call\(.*\) \+ ::cassette::rt::call\(", text),
          "the operators were not left as written with their operands rewritten", text)
    # By default they are intercepted, and the summary has no such line.
    r = expect_success(["-p", build, "--root", root, "--out-dir", out, "--report", rep], [root, build])
    check("builtin operators left as written" not in r.stderr, "the default run claims operators left as written",
          r.stderr)
    check(json.load(open(rep))["builtin_operators"] == {"intercepted": True, "left_as_written": 0},
          "the default report does not say the operators are intercepted")
    check("::cassette::op::mul{}" in open(os.path.join(out, "main.cpp")).read(), "the default run left `*` as written")

def case_check_takes_twin_away():
    """The safety net: every rewritten unit is parsed before the tree is
    written. Here the context's hook for `fragile` does not compile, so the
    twin of `sturdy`, whose call of `fragile` instantiates it, is taken away:
    sturdy runs as a primitive, the report says why with clang's first error,
    and the tree builds. --no-check writes the tree as rewritten."""
    root, build, db = simple_tree(files={"main.cpp": "int fragile(int x) { return x + 1; }\n"
                                                     "int sturdy(int x) { return fragile(x) * 2; }\n"
                                                     "int twice(int x) { return 2 * x; }\n"
                                                     "int main() { return sturdy(0) + twice(0) - 2; }\n"})
    write(work("ctx", "picky.hpp"),
          "#pragma once\n#include <cassette/cassette.hpp>\n"
          "namespace picky {\nstruct Context : cassette::Context<Context> {};\n"
          "template <class... A>\nvoid prehook(Context&, const cassette::fn<\"fragile\">&, const A&...) {\n"
          "  static_assert(sizeof...(A) == 0, \"picky: no hook for fragile\");\n}\n}  // namespace picky\n")
    write_db(build, [(root, "main.cpp", ["-I" + work("ctx")])])
    out, rep = work("out"), work("r.json")
    args = ["-p", build, "--root", root, "--out-dir", out, "--report", rep,
            "--overdub-main", "picky::Context", "--context-header", "picky.hpp"]
    r = expect_success(args, [root, build])
    assert_has_line(r.stderr, r"^cassette-rewrite: note: the twin of sturdy does not compile; rewriting without it:$")
    # clang's error where it was raised (the context's header), then the
    # original's line that led to it.
    assert_has_line(r.stderr, r"^  .*picky\.hpp:7:17: error: static assertion failed.*picky: no hook for fragile"
                              r" \(from main\.cpp:2: `int sturdy\(int x\) \{ return fragile\(x\) \* 2; \}`\)$")
    check("the twin of main" not in r.stderr, "main's twin was taken away too", r.stderr)
    skips = json.load(open(rep))["call_sites_skipped"]
    sturdy = [s for s in skips if s["what"] == "sturdy"]
    check(len(sturdy) == 1 and sturdy[0]["line"] == 2 and
          re.match(r"no twin: its twin does not compile: .*picky\.hpp:\d+:\d+: error: static assertion failed"
                   r".*picky: no hook for fragile", sturdy[0]["reason"]),
          "the report does not say sturdy's twin was taken away, with the error", skips)
    # The error is the skip's detail, not part of its reason.
    check(sturdy[0]["reason_id"] == "no_twin_does_not_compile" and sturdy[0]["category"] == "check" and
          sturdy[0]["reason"] == "no twin: its twin does not compile: " + sturdy[0].get("detail", "") and
          "picky: no hook for fragile" in sturdy[0].get("detail", ""),
          "sturdy's skip does not carry the error as its detail under its reason's id", sturdy)
    text = open(os.path.join(out, "main.cpp")).read()
    check("cassette_twin_sturdy" not in text and "cassette_twin_twice" in text,
          "sturdy kept its twin, or twice lost its own", text)
    exe = work("program")
    c = subprocess.run([A.compiler, "-std=c++20", "-I" + A.runtime, "-I" + work("ctx"),
                        os.path.join(out, "main.cpp"), "-o", exe], capture_output=True, text=True)
    check(c.returncode == 0, "the checked tree does not build", c.stderr)
    check(subprocess.run([exe]).returncode == 0, "the checked program does not run as the original")
    # Unchecked, sturdy keeps its twin and the tree does not build.
    expect_success(args + ["--no-check"], [root, build])
    check("cassette_twin_sturdy" in open(os.path.join(out, "main.cpp")).read(), "--no-check took a twin away")
    c = subprocess.run([A.compiler, "-std=c++20", "-fsyntax-only", "-I" + A.runtime, "-I" + work("ctx"),
                        os.path.join(out, "main.cpp")], capture_output=True, text=True)
    check(c.returncode != 0 and "picky: no hook for fragile" in c.stderr,
          "the unchecked tree was expected not to compile", c.stderr)


def case_keep_as_written():
    """A file whose rewrite does not compile outside any twin (here a class
    that declares a name of the rewriter's own, clashing with the callers of
    its member get) is kept as written by the check: copied byte for byte,
    its functions primitives, said in a note and in the report; the rest of
    the tree is rewritten and the program counts what the twins reach.
    --keep-as-written does the same for the files a path or glob names, and
    a pattern that names no file under --root, or a path outside it, or that
    is no glob, is an error."""
    box_h = ("#pragma once\nstruct Box {\n  int w;\n  int get() const { return w + 1; }\n"
             "  using cassette_calls_get = int;\n};\nint area(const Box& b);\n")
    root, build, db = simple_tree(files={
        "box.h": box_h,
        "box.cpp": '#include "box.h"\nint area(const Box& b) { return b.get() * b.get(); }\n',
        "main.cpp": '#include <cstdio>\n#include "box.h"\nint twice(int x) { return 2 * x; }\n'
                    'int main() { Box b{2}; std::printf("%d %d\\n", area(b), twice(b.get())); }\n'})
    counter = ["--overdub-main", "cassette::CallCounter", "--context-header", "cassette/contexts/counter.hpp"]

    def build_and_run(out, name):
        exe = work(name)
        c = subprocess.run([A.compiler, "-std=c++20", "-I" + A.runtime, os.path.join(out, "main.cpp"),
                            os.path.join(out, "box.cpp"), "-o", exe, "-lfmt"], capture_output=True, text=True)
        check(c.returncode == 0, f"{out} does not build", c.stderr)
        e = subprocess.run([exe], capture_output=True, text=True, timeout=60, env=dict(os.environ,
                           CASSETTE_COUNTS_JSON=work(name + ".json")))
        check(e.returncode == 0 and e.stdout == "9 6\n", "the program does not print what the original does", e)
        return json.load(open(work(name + ".json")))["counts"]

    out, rep = work("out"), work("r.json")
    r = expect_success(["-p", build, "--root", root, "--out-dir", out, "--report", rep] + counter, [root, build])
    error = "box.h:5:9: error: typedef redefinition with different types ('int' vs 'Box::cassette_calls_get')"
    assert_has_line(r.stderr, r"^cassette-rewrite: note: box\.h does not compile rewritten, outside any twin; "
                              r"keeping it as written:$")
    assert_has_line(r.stderr, "^  " + re.escape(error) + "$")
    assert_notes(rep, r.stderr, ["box.h: kept as written (its rewrite does not compile: " + error +
                                 "): its functions have no twins and run as primitives"])
    check(open(os.path.join(out, "box.h")).read() == box_h, "box.h is not as written")
    check("cassette_twin_area" in open(os.path.join(out, "box.cpp")).read(), "box.cpp was not rewritten")
    # Box::get, kept as written, is a primitive that the twins call.
    check(build_and_run(out, "checked") == {"Box::get": 3, "*": 2, "area": 1, "std::printf": 1, "twice": 1},
          "the counts are not those of the twins of box.cpp and main.cpp")

    open(os.path.join(root, "box.h"), "w").write(box_h.replace("  using cassette_calls_get = int;\n", ""))
    out = work("out-kept")
    r = expect_success(["-p", build, "--root", root, "--out-dir", out, "--report", rep,
                        "--keep-as-written", "m*.cpp"] + counter, [root, build])
    assert_notes(rep, r.stderr, ["main.cpp: kept as written (--keep-as-written m*.cpp): its functions have no "
                                 "twins and run as primitives"])
    check(open(os.path.join(out, "main.cpp")).read() == open(os.path.join(root, "main.cpp")).read(),
          "main.cpp is not as written")
    # main runs as written; area and get, entered from it, forward to their
    # twins: area's calls get twice, and each get adds (once more for main's
    # own call of get, entered as area is).
    check(build_and_run(out, "kept") == {"Box::get": 2, "+": 3, "*": 1},
          "the counts are not those of box.cpp's and box.h's twins entered from main")

    for pattern, message in (("nothing*.cpp", r"--keep-as-written nothing\*\.cpp: no file under --root .* matches it$"),
                             (work("elsewhere.cpp"), r"--keep-as-written .*elsewhere\.cpp is not under --root "),
                             ("[a", r"--keep-as-written \[a: invalid glob pattern")):
        expect_failure(["-p", build, "--root", root, "--out-dir", work("out-bad"), "--keep-as-written", pattern],
                       ["^cassette-rewrite: error: " + message], [root, build], work("out-bad"))


# ----------------------------------------------- anchors (twins of other units)

def whole_program_counts(files, want_counts, want_notes, name="tree"):
    """Rewrites the tree FILES in whole-program mode under cassette::CallCounter
    with its units in both orders (the out-dirs must be identical), builds it
    with -Wall -Wextra -Werror (the second at -O2), and checks that it prints and exits as the
    original does, that the counter counted exactly WANT_COUNTS, and that the
    report's notes are exactly WANT_NOTES. Returns the out-dir and the report."""
    def at(*parts):  # everything of this tree is under work/NAME
        return work(name, *parts)

    root = at("src")
    for rel, text in files.items():
        write(os.path.join(root, rel), text)
    units = sorted(rel for rel in files if rel.endswith(".cpp"))
    build = at("build")
    write_db(build, [(root, u) for u in units])
    original = at("original")
    c = subprocess.run([A.compiler, "-std=c++20"] + [os.path.join(root, u) for u in units] + ["-o", original],
                       capture_output=True, text=True)
    check(c.returncode == 0, "the original does not build", c.stderr)
    want = subprocess.run([original], capture_output=True, text=True, timeout=60)
    outs = []
    for order in (units, units[::-1]):
        out, rep = at("out-" + order[0]), at("report-" + order[0] + ".json")
        r = expect_success(["-p", build, "--root", root, "--out-dir", out, "--report", rep,
                            "--overdub-main", "cassette::CallCounter", "--context-header", "cassette/contexts/counter.hpp"]
                           + [os.path.join(root, u) for u in order], [root, build])
        assert_notes(rep, r.stderr, want_notes)
        exe = at("prog-" + order[0])
        # The second order is built optimized: inlining drops instantiations
        # that only an anchor keeps (a constructor's twin, once inlined).
        opt = "-O0" if order is units else "-O2"
        c = subprocess.run([A.compiler, "-std=c++20", opt, "-Wall", "-Wextra", "-Werror", "-I" + A.runtime] +
                           [os.path.join(out, u) for u in units] + ["-o", exe], capture_output=True, text=True)
        check(c.returncode == 0, f"the rewritten tree ({' '.join(order)}) does not build", c.stderr)
        counts_path = at("counts-" + order[0] + ".json")
        env = dict(os.environ, CASSETTE_COUNTS_JSON=counts_path, CASSETTE_COUNTS_TABLE=at("table.txt"))
        got = subprocess.run([exe], capture_output=True, text=True, timeout=60, env=env)
        check((got.returncode, got.stdout) == (want.returncode, want.stdout), "the rewritten program behaves differently",
              (got.returncode, got.stdout), (want.returncode, want.stdout))
        counts = json.load(open(counts_path))
        check(counts["counts"] == want_counts and counts["total"] == sum(want_counts.values()),
              "unexpected counts", counts["counts"], want_counts)
        outs.append(out)
    cmp = filecmp.dircmp(*outs)
    check(not (cmp.left_only or cmp.right_only or cmp.diff_files), "the out-dir depends on the order of the units",
          cmp.left_only, cmp.right_only, cmp.diff_files)
    return outs[0], json.load(open(rep))


ANCHOR_PRIVATE_H = """#pragma once
// Non-public members defined in a.cpp, reached from other files.
template <class T> int query(T* t) { return t->callback(1); }  // a dependent call
class C {
  template <class T> friend int query(T*);
  typedef int Num;
  struct Inner { int twice(Num x) const; };  // a private nested class
  int callback(int id);
  static int sq(Num x);
 protected:
  int prot(int x) const;
 public:
  int pub(int x) const { return priv(x) + Inner().twice(x) + sq(x); }
  static C make(int v) { return C(v); }
  int v = 0;
 private:
  explicit C(int v);
  int priv(Num x) const;
};
struct D : C {
  D() : C(C::make(2)) {}
  int usesProt() const { return prot(3); }
};
#define OPEN_CLASS(name) class name {
OPEN_CLASS(M)  // no friend can be written in: its private member has no twin
  int hidden(int x) const;
 public:
  template <class T> friend int query(T*);
  int callback(int x) { return hidden(x); }
};
template <class T> struct S { int f(int) const; };
template <> struct S<int> { int g(int x) const { return h(x); } private: int h(int) const; };
class NVI {
 public:
  virtual ~NVI();
  int run(int x) { return step(x); }
 private:
  virtual int step(int x);
};
class NVI2 : public NVI {
  int step(int x) override;  // private override, defined in b.cpp
};
"""


def case_anchor_private():
    """F6 and F15 as reported, then their neighbours.
    Private and protected members defined in another unit (F6, F15): the
    anchors, members of ::cassette::rt::anchor_access that every class with
    non-public members befriends, instantiate their twins, so a call from an
    inline function of the header, a dependent call in a template of another
    unit and a virtual call run them under the context. A private member of a
    class whose `{` a macro spells has no twin at all, so nothing refers to
    an unanchored one."""
    # F6: a private member defined in another unit, called from an inline
    # function of the header: its `+` is counted (it ran as a primitive).
    f6 = {"c.h": "class C {\npublic:\n  int pub(int x) const { return priv(x); }\nprivate:\n  int priv(int x) const;\n};\n",
          "c.cpp": '#include "c.h"\nint C::priv(int x) const { return x + 1; }\n',
          "main.cpp": '#include "c.h"\nint main() { C c; return c.pub(1) - 2; }\n'}
    whole_program_counts(f6, {"+": 1, "-": 1, "C::priv": 1, "C::pub": 1}, [], "f6")
    whole_program_counts({**f6, "c.h": f6["c.h"].replace("private:", "protected:")},
                         {"+": 1, "-": 1, "C::priv": 1, "C::pub": 1}, [], "f6-protected")
    # F15: the same reached by a dependent call in a template (it did not link).
    f15 = {"h.h": "template <class T> int query(T* t) { return t->callback(1); }\n"
                  "class B {\n  template <class T> friend int query(T*);\n  int callback(int id);\n};\n",
           "b.cpp": '#include "h.h"\nint B::callback(int id) { return id + 1; }\n',
           "main.cpp": '#include "h.h"\nint main() { B b; return query(&b) - 2; }\n'}
    whole_program_counts(f15, {"+": 1, "-": 1, "callback": 1, "query": 1}, [], "f15")
    files = {
        "h.h": ANCHOR_PRIVATE_H,
        "a.cpp": '#include "h.h"\n'
                 "int C::priv(Num x) const { return x + 1; }\n"
                 "int C::Inner::twice(Num x) const { return x * 2; }\n"
                 "int C::sq(Num x) { return x * x; }\n"
                 "int C::prot(int x) const { return x - 1; }\n"
                 "int C::callback(int id) { return id + 10; }\n"
                 "C::C(int v) : v(v + 1) {}\n"
                 "int M::hidden(int x) const { return x + 100; }\n"
                 "int S<int>::h(int x) const { return x + 7; }\n"
                 "int NVI::step(int x) { return x + 20; }\n",
        "b.cpp": '#include "h.h"\nNVI::~NVI() {}\nint NVI2::step(int x) { return x + 30; }\n',
        "main.cpp": '#include <cstdio>\n#include "h.h"\n'
                    "int main() {\n"
                    "  C c = C::make(1);\n  D d;\n  M m;\n  S<int> s;\n  NVI2 n;\n  NVI& r = n;\n"
                    "  int a = c.pub(3), b = d.usesProt(), q = query(&c), qm = query(&m), ss = s.g(1), rr = r.run(1);\n"
                    '  std::printf("%d %d %d %d %d %d %d %d\\n", a, b, q, qm, ss, rr, c.v, d.v);\n'
                    "  return 0;\n}\n",
    }
    # Each `+` of priv, pub (2), callback, C::C (2), S<int>::h and NVI2::step.
    counts = {"+": 8, "*": 2, "-": 1, "C::C": 2, "C::make": 2, "callback": 2, "query": 2, "C::Inner::twice": 1,
              "C::priv": 1, "C::prot": 1, "C::pub": 1, "C::sq": 1, "D::D": 1, "D::usesProt": 1, "M::hidden": 1,
              "NVI::run": 1, "NVI::step": 1, "S::g": 1, "S::h": 1, "std::printf": 1}
    out, report = whole_program_counts(files, counts, [])
    header = open(os.path.join(out, "h.h")).read()
    # Not C::Inner, whose members are public (C, which befriends them, hides it).
    check(header.count("friend struct ::cassette::rt::anchor_access;") == 4,
          "not exactly C, S<int>, NVI and NVI2 befriend the anchors", header)
    check("cassette_twin_hidden" not in header, "M::hidden has a twin that no anchor can instantiate", header)
    check(any(s["what"] == "M::hidden" and "a macro spells" in s["reason"] for s in report["call_sites_skipped"]),
          "M::hidden is not reported as left without a twin", report["call_sites_skipped"])


ANCHOR_ABSTRACT_H = """#pragma once
int twice(int x);
struct I {                         // pure virtual functions inherited from an interface
  virtual ~I() = default;
  virtual int f(int) const = 0;
  virtual int f(double) const { return 0; }
  virtual int& ref() & = 0;
  virtual int vari(int, ...) = 0;
};
#define PURE(name) virtual int name() = 0;
class Base : public I {
 public:
  virtual ~Base() = 0;             // pure virtual destructor, defined in b.cpp
  PURE(viaMacro)
  virtual operator int() const = 0;
  virtual int operator()(int) = 0;
  int b;
 protected:
  typedef long Wide;
  explicit Base(int x);            // protected, defined in a.cpp
  Base(int x, int y) : Base(x + y) {}
 private:
  virtual Wide wide(Wide) = 0;
};
struct OnlyDtor {                  // abstract only through its destructor
  virtual ~OnlyDtor() = 0;
  OnlyDtor(int x);
  int o;
};
struct V { V() : v(5) {} int v; };
struct VB : virtual V {            // concrete, with a virtual base
  VB(int x);
  VB(const char*);                 // delegates, defined in b.cpp
  int w;
};
struct Never {                     // abstract; its pure destructor is defined nowhere
  virtual ~Never() = 0;
  Never(int);
};
struct W { explicit W(int x) : wv(x) {} int wv; };
struct VB2 : virtual W {           // a virtual base without a default constructor
  VB2(int x);
  int u;
};
"""


def case_anchor_abstract_base():
    """F3 as reported, then its neighbours. Constructors of abstract classes, and of classes with virtual bases,
    defined in another unit than their derived classes (F3): a base or
    delegating initialiser reaches the base-object constructor's twin through
    a marker; the defining unit's anchor instantiates it by declaring a class
    derived from the class (its pure virtual functions overridden by traps).
    Where it cannot (a virtual base without a default constructor), the
    original constructor runs and the report says why."""
    # F3: it did not link. Base's `+` is counted: its twin ran.
    f3 = {"base.h": "struct Base {\n  Base();\n  virtual ~Base();\n  virtual int f() const = 0;\n  int b;\n};\n",
          "base.cpp": '#include "base.h"\nBase::Base() : b(0 + 1) {}\nBase::~Base() {}\n',
          "main.cpp": '#include "base.h"\nstruct Derived : Base {\n  Derived() : Base() {}\n'
                      "  int f() const override { return b; }\n};\n"
                      "int main() { Derived d; return d.f() - 1; }\n"}
    whole_program_counts(f3, {"+": 1, "-": 1, "Base::Base": 1, "Derived::Derived": 1, "Derived::f": 1}, [], "f3")
    files = {
        "h.h": ANCHOR_ABSTRACT_H,
        "a.cpp": '#include "h.h"\n'
                 "int twice(int x) { return 2 * x; }\n"
                 "Base::Base(int x) : b(twice(x) + 1) {}\n"
                 "OnlyDtor::OnlyDtor(int x) : o(twice(x) + 2) {}\n"
                 "VB::VB(int x) : w(twice(x) + 3) {}\n"
                 "Never::Never(int) {}\n"
                 "VB2::VB2(int x) : W(x), u(twice(x)) {}\n",
        "b.cpp": '#include "h.h"\nBase::~Base() {}\nOnlyDtor::~OnlyDtor() {}\nVB::VB(const char*) : VB(4) {}\n',
        "main.cpp": '#include <cstdio>\n#include "h.h"\n'
                    "struct Derived final : Base {\n"
                    "  Derived() : Base(1) {}\n"
                    "  Derived(int a, int b) : Base(a, b) {}\n"
                    "  int f(int x) const override { return x + b; }\n"
                    "  int f(double) const override { return 0; }\n"
                    "  int& ref() & override { return b; }\n"
                    "  int vari(int, ...) override { return 0; }\n"
                    "  int viaMacro() override { return 1; }\n"
                    "  operator int() const override { return b; }\n"
                    "  int operator()(int x) override { return x; }\n"
                    "  Wide wide(Wide w) override { return w; }\n"
                    "};\n"
                    "struct OD : OnlyDtor { OD() : OnlyDtor(2) {} };\n"
                    "struct VD : VB { VD() : VB(1) {} };\n"
                    "struct VD2 : VB { VD2() : VB(\"x\") {} };\n"
                    "struct VD3 : VB2 { VD3() : W(1), VB2(2) {} };\n"
                    "int main() {\n"
                    "  Derived d, e(1, 2);\n  OD od;\n  VD vd;\n  VD2 vd2;\n  VB vb(7);\n  VD3 vd3;\n  VB2 vb2(3);\n"
                    '  std::printf("%d %d %d %d %d %d %d %d %d\\n", d.f(1), e.b, od.o, vd.w, vd.v, vd2.w, vb.w, vd3.u,'
                    " vb2.u);\n"
                    "  return 0;\n}\n",
    }
    # twice: Base for d and e (e through its delegating constructor), OD, VD,
    # VD2 (through VB's delegating constructor), vb and vb2; not VD3's VB2,
    # whose base-object constructor runs as the original. The base and
    # delegating initialisers with plain arguments are hooked: Base for d and
    # e, OnlyDtor for od, VB for vd, vd2 and VB's delegating constructor, W
    # for vd3 and VB2's; VD3's VB2 runs the original, without hooks, whose
    # call of twice, from outside the twins, runs twice's twin: its `*` is
    # counted (8), the call itself is not (whole-program mode forwards entries).
    counts = {"+": 8, "*": 8, "twice": 7, "Base::Base": 2, "Derived::Derived": 2, "Derived::f": 1, "OD::OD": 1,
              "OnlyDtor::OnlyDtor": 1, "VB2::VB2": 1, "VB::VB": 4, "VD2::VD2": 1, "VD3::VD3": 1, "VD::VD": 1,
              "W::W": 2, "std::printf": 1}
    notes = ["VB2::VB2: defined under --root, but its twin cannot be reached from other files (its base-object "
             "constructor, which derived classes run: its class has a virtual base without a default constructor "
             "a derived class could call); 1 call site(s) there run it as a primitive"]
    out, _ = whole_program_counts(files, counts, notes)
    a = open(os.path.join(out, "a.cpp")).read()
    check(a.count("struct cassette_base_ final") == 3, "not exactly Base, OnlyDtor and VB are anchored by a derived class", a)
    check("::Never(" not in a.split("anchor_access::run", 1)[1],
          "Never's constructor is anchored though its pure destructor is defined nowhere", a)


# ----------------------------------------------------------------- passes
# The plugins are built by test/passes (cassette_add_pass, or plain shared
# libraries for those that are not plugins); --passes is their directory.

def plugin(name):
    path = os.path.join(A.passes, "lib" + name + ".so")
    check(os.path.exists(path), f"test plugin {path} is not built")
    return path


def pass_tree(files=None):
    return simple_tree(files=files or {
        "main.cpp": "int twice(int x) { return 2 * x; }\nint explode(int x) { return x; }\n"
                    "int other(int x) {\n  int y = x;\n  return y;\n}\nint main() { return twice(0); }\n"})


def expect_pass_failure(name_or_path, patterns, files=None):
    root, build, db = pass_tree(files)
    out = work("out")
    report = work("report.json")
    path = name_or_path if os.path.isabs(name_or_path) else plugin(name_or_path)
    return expect_failure(["-p", build, "--root", root, "--out-dir", out, "--report", report, "--pass", path],
                          patterns, [root, build, path], out, report=report)


def case_pass_not_shared_library():
    """A --pass that is not a shared library: one line naming it."""
    path = work("notes.txt")
    write(path, "not a library\n")
    expect_pass_failure(path, [r"^cassette-rewrite: error: --pass " + re.escape(path) + r": not a shared library \("])
    expect_pass_failure(work("missing.so"), [r"^cassette-rewrite: error: --pass .*missing\.so: no such file$"])


def case_pass_given_twice():
    """One plugin named twice."""
    root, build, db = pass_tree()
    out = work("out")
    noop = plugin("noop")
    expect_failure(["-p", build, "--root", root, "--out-dir", out, "--pass", noop, "--pass", noop],
                   [r"^cassette-rewrite: error: --pass .*libnoop\.so: is given twice$"], [root, build], out)


def case_pass_no_entry_point():
    expect_pass_failure("no_entry", [r"^cassette-rewrite: error: --pass .*libno_entry\.so: has no entry point "
                                     r"cassettePassPluginInfo: not a Cassette pass plugin"])


def case_pass_wrong_api_version():
    expect_pass_failure("wrong_api", [r"^cassette-rewrite: error: --pass .*libwrong_api\.so: speaks pass API version "
                                      r"99, this cassette-rewrite speaks 1: rebuild the plugin"])
    expect_pass_failure("wrong_clang", [r"^cassette-rewrite: error: --pass .*libwrong_clang\.so: built with Clang "
                                        r"18\.1\.8, this cassette-rewrite runs Clang 19\."])


def case_pass_unresolved_symbol():
    expect_pass_failure("unresolved", [r"^cassette-rewrite: error: --pass .*libunresolved\.so: unresolved symbol "
                                       r"_Z15defined_nowherei: "])


def case_pass_throws():
    """A pass that throws: located at the function it was given, naming the pass."""
    expect_pass_failure("thrower", [r"^main\.cpp:2:5: error: pass 'thrower' threw while visiting 'explode': boom$",
                                    r"^cassette-rewrite: error: passes failed in 1 of 1 translation units"])


def case_pass_overlapping_edits():
    expect_pass_failure("overlap", [r"^main\.cpp:1:\d+: error: pass 'overlap' makes overlapping edits in 'twice': "
                                    r"replace here and replace at main\.cpp:1:\d+$"])


def case_pass_edit_outside_body():
    expect_pass_failure("outside", [r"^main\.cpp:4:3: error: pass 'outside' insert_before: the node is not inside "
                                    r"the body of 'twice'"])


def case_pass_text_does_not_compile():
    """Inserted text that does not compile: clang's error points into the
    pass's text (`<pass NAME>:line:col`), then one line names the functions."""
    r = expect_pass_failure("bad_text", [
        r"^<pass bad_text>:3:1: error: use of undeclared identifier 'no_such_function'",
        r"^cassette-rewrite: error: the twins of .*twice.* as passes edited them do not compile"])


def case_pass_different_edits_per_unit():
    """A function of a header that a pass edits differently in two units:
    the run fails naming the pass and the function."""
    root = work("src")
    write(os.path.join(root, "shared.hpp"), "#pragma once\ninline int shared(int x) { return x + 1; }\n")
    write(os.path.join(root, "a.cpp"), '#include "shared.hpp"\nint a() { return shared(1); }\n')
    write(os.path.join(root, "b.cpp"), '#include "shared.hpp"\nint b() { return shared(2); }\n')
    build = work("build")
    write_db(build, [(root, "a.cpp"), (root, "b.cpp")])
    out = work("out")
    path = plugin("per_unit")
    expect_failure(["-p", build, "--root", root, "--out-dir", out, "--pass", path],
                   [r"^shared\.hpp:2:1: error: pass 'per_unit' edits 'shared' differently in a\.cpp and b\.cpp "
                    r"\(a pass must give a function the same edits in every unit that sees it\)"],
                   [root, build], out)


def case_pass_order_and_report():
    """Two plugins, applied in the order given; the report lists per pass the
    functions visited and the edits made; without contexts naming them the
    rewritten program behaves as the original."""
    root, build, db = pass_tree({"main.cpp": "int twice(int x) { return 2 * x; }\n"
                                             "int main() { return twice(0); }\n"})
    out = work("out")
    report = work("report.json")
    r = expect_success(["-p", build, "--root", root, "--out-dir", out, "--report", report,
                        "--pass", plugin("entry_exit"), "--pass", plugin("swap_plus")], [root, build])
    assert_has_line(r.stderr, r"^  pass entry_exit: 1 functions visited, 1 edited \(2 edits\)$")
    assert_has_line(r.stderr, r"^  pass swap_plus: 1 functions visited, 0 edited \(0 edits\)$")
    rep = json.load(open(report))
    names = [p["name"] for p in rep["passes"]]
    check(names == ["entry_exit", "swap_plus"], "passes not reported in the order given", names)
    kinds = sorted(e["kind"] for e in rep["passes"][0]["edits"])
    check(kinds == ["insert_at_entry", "insert_before_returns"], "entry_exit's edits not reported", kinds)
    check([v["function"] for v in rep["passes"][1]["visited"]] == ["twice"], "visits not reported", rep["passes"])
    text = open(os.path.join(out, "main.cpp")).read()
    check("int twice(int x) { return 2 * x; }" in text, "the original was changed", text)
    exe = work("program")
    c = subprocess.run([A.compiler, "-std=c++20", "-I" + A.runtime, os.path.join(out, "main.cpp"), "-o", exe],
                       capture_output=True, text=True)
    check(c.returncode == 0, "the rewritten tree does not compile", c.stderr)
    check(subprocess.run([exe]).returncode == 0, "the rewritten program does not behave as the original")


CASES = {name[len("case_"):]: fn for name, fn in globals().items() if name.startswith("case_")}


def main():
    global A
    p = argparse.ArgumentParser()
    p.add_argument("--case", required=True, choices=sorted(CASES))
    for a in ["rewriter", "compiler", "filecheck", "runtime", "inputs", "work"]:
        p.add_argument("--" + a, required=True)
    p.add_argument("--passes", default="", help="directory of the test pass plugins (test/passes)")
    A = p.parse_args()
    A.work = os.path.abspath(A.work)
    if os.path.exists(A.work):
        for dirpath, dirnames, _ in os.walk(A.work):  # read-only leftovers of an interrupted run
            for d in dirnames:
                os.chmod(os.path.join(dirpath, d), 0o755)
        shutil.rmtree(A.work)
    os.makedirs(A.work)
    try:
        CASES[A.case]()
    except Failure as f:
        sys.stderr.write(f"\nFAIL {A.case}: {f}\n")
        return 1
    sys.stderr.write(f"\nPASS {A.case}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Multi-unit programs in whole-program mode. Each case directory holds the
sources and case.json: {"units": [...], "std": "c++17", "flags": [...], "counts": {...}}
("program": the units linked into the program, when not all of them (the
others are built too, each command, as a project's other programs are);
"commands": {unit: [[flag, ...], ...]}, more commands compiling that unit
with those flags added, each its own object in the program, as a library
built with and without a macro; "unit_std": {unit: "c++03"}, a unit
built at a standard of its own, in the original and the rewritten build,
as google benchmark builds its cxx03_test; a subdirectory `outside` is put outside
--root and on the include path, as a build directory's generated headers
are; "shared": the units built into a shared library, with flags of their
own such as -fvisibility=hidden, that the program links).
For each case the original is built and run; the tree is rewritten under
cassette::CallCounter four times (-j1 and -j2, units in the given order and
reversed), and the four out-dirs and reports must be byte-identical (and
the report has no note with a text of `notes_absent`); the
rewritten tree is built and must print and exit as the original, and the
counter must count exactly `counts` (every callee, builtin operators
included). "context_header": a header in `outside` to give --context-header
in place of cassette/contexts/counter.hpp (it declares CallCounter too); the
tree is then on the include path, as a project's `-I include` is, the
out-dir in the rewritten build. --rewrite-only (the sanitizer build) rewrites
each case once and checks only that no twin was taken away and the notes."""
import argparse
import filecmp
import json
import os
import shutil
import subprocess
import sys


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


def same_tree(a, b):
    c = filecmp.dircmp(a, b)
    if c.left_only or c.right_only or c.funny_files:
        return False
    _, mismatch, errors = filecmp.cmpfiles(a, b, c.common_files, shallow=False)
    return not mismatch and not errors and all(same_tree(os.path.join(a, d), os.path.join(b, d)) for d in c.common_dirs)


def check_case(case_dir, a):
    name = os.path.basename(case_dir)
    spec = json.load(open(os.path.join(case_dir, "case.json")))
    work = os.path.join(a.work, name)
    shutil.rmtree(work, ignore_errors=True)
    src, build = os.path.join(work, "src"), os.path.join(work, "build")
    shutil.copytree(case_dir, src, ignore=shutil.ignore_patterns("case.json", "outside"))
    os.makedirs(build)
    units = spec["units"]
    # "flags": more options for every compile (-O1, where inlining decides
    # what an object file emits).
    flags = ["-std=" + spec.get("std", "c++17")] + spec.get("flags", [])
    # Headers outside --root, as a build directory's generated headers are.
    outside = os.path.join(case_dir, "outside")
    if os.path.isdir(outside):
        shutil.copytree(outside, os.path.join(work, "generated"))
        flags.append("-I" + os.path.join(work, "generated"))
    context_header = spec.get("context_header", "cassette/contexts/counter.hpp")
    tree_flags = (lambda tree: ["-I" + tree]) if "context_header" in spec else (lambda tree: [])
    # Every command: a unit and the flags it adds.
    commands = [(u, []) for u in units] + [(u, extra) for u, more in sorted(spec.get("commands", {}).items())
                                            for extra in more]
    unit_std = spec.get("unit_std", {})

    def at_own_standard(u, compile_flags):
        if u not in unit_std:
            return compile_flags
        return [f if not f.startswith("-std=") else "-std=" + unit_std[u] for f in compile_flags]

    with open(os.path.join(build, "compile_commands.json"), "w") as f:
        json.dump([{"directory": src, "file": os.path.join(src, u),
                    "arguments": [a.compiler] + at_own_standard(u, flags) + extra + tree_flags(src)
                    + ["-c", u, "-o", f"cmd{i}.o"]}
                   for i, (u, extra) in enumerate(commands)], f)
    original = os.path.join(work, "original")
    linked = spec.get("program", units)
    # "shared": {"units": [...], "flags": [...]}: those units make a shared
    # library (with those flags: -fvisibility=hidden) that the program links.
    shared = spec.get("shared", {"units": [], "flags": []})

    def build_program(compile_flags, tree, out):
        objects, library = [], []
        for i, (u, extra) in enumerate(commands):
            obj = out + f".cmd{i}.o"
            in_library = u in shared["units"]
            more = ["-fPIC"] + shared["flags"] if in_library else []
            r = run(at_own_standard(u, compile_flags) + extra + more + tree_flags(tree)
                    + ["-c", os.path.join(tree, u), "-o", obj])
            if r.returncode:
                return r.stderr
            if u in linked:
                (library if in_library else objects).append(obj)
        if library:
            r = run([a.compiler, "-shared"] + library + ["-o", os.path.abspath(out) + ".so"])
            if r.returncode:
                return r.stderr
            objects.append(os.path.abspath(out) + ".so")
        r = run([a.compiler] + objects + ["-o", out])
        return r.stderr if r.returncode else None

    if not a.rewrite_only:
        error = build_program([a.compiler] + flags, src, original)
        if error:
            return f"{name}: the original does not build:\n{error}"
        expected = run([original], cwd=work)

    outs = []
    for jobs in ("2",) if a.rewrite_only else ("1", "2"):
        for order in ("given",) if a.rewrite_only else ("given", "reversed"):
            listed = units if order == "given" else list(reversed(units))
            tag = f"j{jobs}-{order}"
            out, report = os.path.join(work, "out-" + tag), os.path.join(work, "report-" + tag + ".json")
            r = run([a.rewriter, "-p", build, "--root", src, "--out-dir", out, "--report", report, "-j", jobs,
                     "--overdub-main", "cassette::CallCounter", "--context-header", context_header]
                    + [os.path.join(src, u) for u in listed])
            if r.returncode:
                return f"{name}: cassette-rewrite ({tag}) failed:\n{r.stderr}"
            outs.append((tag, out, report))
    first_tag, first_out, first_report = outs[0]
    for tag, out, report in outs[1:]:
        if not same_tree(first_out, out):
            return f"{name}: out-dir of {tag} differs from {first_tag}"
        if not filecmp.cmp(first_report, report, shallow=False):
            return f"{name}: report of {tag} differs from {first_tag}"

    # The check's safety net is for code the tool gets wrong: a twin it took
    # away is such a bug.
    dropped = [f"{s['file']}:{s['line']}: {s['reason']}" for s in json.load(open(first_report))["call_sites_skipped"]
               if s.get("reason_id") == "no_twin_does_not_compile"]
    if dropped:
        return f"{name}: the tool's check took twins away: {dropped[:3]}"
    notes = json.load(open(first_report)).get("notes", [])
    for absent in spec.get("notes_absent", []):
        if any(absent in n for n in notes):
            return f"{name}: the report has a note with {absent!r}: {[n for n in notes if absent in n]}"
    if a.rewrite_only:
        return None

    program = os.path.join(work, "rewritten")
    error = build_program([a.compiler, "-std=c++20", "-I" + a.runtime] + flags[1:], first_out, program)
    if error:
        return f"{name}: the rewritten tree does not build:\n{error}"
    counts_file = os.path.join(work, "counts.json")
    env = dict(os.environ, CASSETTE_COUNTS_JSON=counts_file, CASSETTE_COUNTS_TABLE=os.path.join(work, "counts.txt"))
    got = run([program], cwd=work, env=env)
    if (got.stdout, got.returncode) != (expected.stdout, expected.returncode):
        return (f"{name}: the rewritten program printed {got.stdout!r} and exited {got.returncode}; "
                f"the original {expected.stdout!r}, {expected.returncode}")
    counts = json.load(open(counts_file))["counts"]
    if counts != spec["counts"]:
        return f"{name}: counts {json.dumps(counts, sort_keys=True)}, expected {json.dumps(spec['counts'], sort_keys=True)}"
    return None


def main():
    p = argparse.ArgumentParser()
    for x in ["rewriter", "compiler", "runtime", "cases", "work"]:
        p.add_argument("--" + x, required=True)
    p.add_argument("--only", help="run this case only")
    p.add_argument("--rewrite-only", action="store_true",
                   help="rewrite each case once (-j2, with the tool's own check), build and run nothing: the "
                        "sanitizer build's run, which tests the tool; determinism and the programs are the plain "
                        "build's")
    a = p.parse_args()
    cases = sorted(d for d in os.listdir(a.cases) if os.path.isfile(os.path.join(a.cases, d, "case.json")))
    if a.only:
        cases = [a.only]
    failures = [m for m in (check_case(os.path.join(a.cases, c), a) for c in cases) if m]
    for m in failures:
        sys.stderr.write(m + "\n")
    print(f"{len(cases) - len(failures)} passed, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

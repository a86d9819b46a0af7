#!/usr/bin/env python3
"""Other people's test suites under a context. Downloads a pinned Debian source
package (apt-get source, after adding a deb-src line for bookworm main if the
machine has none), builds its library and test program as is, then rewrites
them with cassette-rewrite in whole-program mode and runs the project's own
tests under a context: cassette::EmptyContext, or with --context counter
cassette::CallCounter. Every run must pass as the original does; the
counter's total must be non-zero; the report's skipped call sites are printed
per reason, and none may be a twin the tool's check took away.

With --tagging DIR (the directory of examples/tagging's taint.hpp), the tree
is instead rewritten with --tagging and the project's tests run under the
taint context, where every arithmetic value in the program is a tagged value
and every load and store goes through the shadow store (with the
deallocation hook linked, so that every operator delete clears the freed
block's labels): they must pass as the original does.

With --graph, the tree is rewritten with --tagging and the project's tests
run under cassette::GraphCtx (docs/graph.md): every call and operation on
the program's arithmetic values (all tagged types there) goes through
GraphCtx's rules, which must leave the suite passing as the original does.

With --profiler, the tree is rewritten in whole-program mode under
cassette::Profiler and the project's tests run under it: they must pass, and
each process's profile must add up (the folded stacks, the callgrind file's
totals and the Chrome trace's total agree) and be read by valgrind's
callgrind_annotate, whose program total must be the same.

With --loop-counter PLUGIN (examples/passes' loop counter pass, and
--loop-context its program_ctx.hpp), the tree is instead rewritten with the
pass loaded and the project's tests run under a context that names it: they
must pass, and the iterations of the loops they ran are printed per loop.

With --rewrite-only (the sanitizer build's run) the tree is only rewritten.

Usage: run.py PROJECT --rewriter R --compiler C --runtime DIR --work DIR [--rewrite-only]
              [--context empty|counter | --tagging DIR | --graph | --profiler | --loop-counter PLUGIN --loop-context HEADER]"""
import argparse
import concurrent.futures
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import time

PROJECTS = {
    "tinyxml2": {
        "version": "9.0.0+dfsg-3.1",
        "sources": ["tinyxml2.cpp", "xmltest.cpp"],
        "flags": ["-std=c++17"],
        "run": ["{exe}"],
        "cwd": ".",
        "pass": r"Pass \d+, Fail 0",
    },
    "double-conversion": {
        "version": "3.2.1-1",
        "sources": ["double-conversion/" + f for f in [
            "bignum-dtoa.cc", "bignum.cc", "cached-powers.cc", "double-to-string.cc", "fast-dtoa.cc",
            "fixed-dtoa.cc", "string-to-double.cc", "strtod.cc"]] + ["test/cctest/" + f for f in [
            "cctest.cc", "gay-fixed.cc", "gay-precision.cc", "gay-shortest-single.cc", "gay-shortest.cc",
            "test-bignum-dtoa.cc", "test-bignum.cc", "test-conversions.cc", "test-diy-fp.cc", "test-dtoa.cc",
            "test-fast-dtoa.cc", "test-fixed-dtoa.cc", "test-ieee.cc", "test-strtod.cc"]],
        "flags": ["-std=c++17", "-I."],
        "run": ["{exe}"],
        "cwd": ".",
        "pass": r"Ran \d+ tests\.",
    },
    "pugixml": {
        "version": "1.13-0.2",
        "sources": ["src/pugixml.cpp"] + ["tests/" + t for t in [
            "main.cpp", "allocator.cpp", "test.cpp", "writer_string.cpp", "test_compact.cpp",
            "test_deprecated.cpp", "test_document.cpp", "test_dom_modify.cpp", "test_dom_text.cpp",
            "test_dom_traverse.cpp", "test_header_guard.cpp", "test_header_iosfwd_1.cpp",
            "test_header_iosfwd_2.cpp", "test_header_iostream_1.cpp", "test_header_iostream_2.cpp",
            "test_header_string_1.cpp", "test_header_string_2.cpp", "test_header_string_iostream.cpp",
            "test_memory.cpp", "test_parse.cpp", "test_parse_doctype.cpp", "test_unicode.cpp",
            "test_version.cpp", "test_write.cpp", "test_xpath.cpp", "test_xpath_api.cpp",
            "test_xpath_functions.cpp", "test_xpath_operators.cpp", "test_xpath_parse.cpp",
            "test_xpath_paths.cpp", "test_xpath_paths_abbrev_w3c.cpp", "test_xpath_paths_w3c.cpp",
            "test_xpath_variables.cpp", "test_xpath_xalan_1.cpp", "test_xpath_xalan_2.cpp",
            "test_xpath_xalan_3.cpp", "test_xpath_xalan_4.cpp", "test_xpath_xalan_5.cpp"]],
        "flags": ["-std=c++17", "-Isrc"],
        "run": ["{exe}"],
        "cwd": ".",
        "pass": r"Success: \d+ tests passed",
    },
}


def sh(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


class timed:
    """Prints how long a step took (CI's time is budgeted; the log says where it went)."""
    def __init__(self, what):
        self.what = what

    def __enter__(self):
        self.start = time.monotonic()

    def __exit__(self, *exc):
        print(f"  ({self.what}: {time.monotonic() - self.start:.0f} s)", flush=True)


def die(msg):
    sys.stderr.write("realworld: " + msg + "\n")
    sys.exit(1)


def fetch(name, version, downloads):
    """The unpacked source tree of name=version, downloaded once into downloads."""
    tree = os.path.join(downloads, name + "-" + version)
    if os.path.isdir(tree):
        return tree
    os.makedirs(downloads, exist_ok=True)
    if not glob.glob(os.path.join(downloads, name + "_*.dsc")):
        if sh(["apt-cache", "showsrc", name]).stdout.strip() == "":
            sudo = [] if os.geteuid() == 0 else ["sudo"]
            line = "deb-src http://deb.debian.org/debian bookworm main\n"
            r = sh(sudo + ["sh", "-c", f"printf '{line}' > /etc/apt/sources.list.d/cassette-deb-src.list && apt-get update"])
            if r.returncode:
                die("cannot add a deb-src line:\n" + r.stderr)
        r = sh(["apt-get", "source", "--download-only", f"{name}={version}"], cwd=downloads)
        if r.returncode:
            die(f"apt-get source {name}={version} failed:\n{r.stderr}")
    dsc = glob.glob(os.path.join(downloads, name + "_*.dsc"))[0]
    r = sh(["dpkg-source", "--skip-patches", "-x", dsc, tree])
    if r.returncode:
        die("dpkg-source failed:\n" + r.stderr)
    return tree


def build(compiler, flags, files, exe, cwd):
    """Compiles each file on its own (two at a time, as a build would), then links."""
    objects = exe + ".objects"
    shutil.rmtree(objects, ignore_errors=True)
    os.makedirs(objects)

    def compile_one(i_f):
        i, f = i_f
        obj = os.path.join(objects, f"{i}-{os.path.basename(f)}.o")
        return f, obj, sh([compiler, "-O1", "-w", "-c"] + flags + [f, "-o", obj], cwd=cwd)

    with timed("build " + os.path.basename(exe)):
        with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
            results = list(pool.map(compile_one, enumerate(files)))
        for f, _, r in results:
            if r.returncode:
                die(f"build of {exe} failed in {f}:\n{r.stderr[-4000:]}")
        r = sh([compiler] + [obj for _, obj, _ in results] + ["-o", exe], cwd=cwd)
        if r.returncode:
            die(f"link of {exe} failed:\n{r.stderr[-4000:]}")


def run_tests(p, exe, cwd, label, env=None):
    cmd = [c.format(exe=exe) for c in p["run"]]
    with timed("tests " + label):
        r = sh(cmd, cwd=cwd, env=env)
    tail = (r.stdout + r.stderr).strip().splitlines()[-3:]
    ok = r.returncode == 0 and re.search(p["pass"], r.stdout + r.stderr)
    print(f"  {label}: exit {r.returncode}; " + " | ".join(tail))
    if not ok:
        die(f"{label}: the project's tests did not pass")
    return r


def fresh_work(args, p, src, name, what):
    """An empty work directory with a compilation database of the project."""
    work = os.path.join(args.work, name)
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    print(f"{args.project} {p['version']} (Debian source){what}")
    db = os.path.join(work, "db")
    os.makedirs(db)
    with open(os.path.join(db, "compile_commands.json"), "w") as f:
        json.dump([{"directory": src, "file": os.path.join(src, s),
                    "arguments": [args.compiler] + p["flags"] + ["-c", s]} for s in p["sources"]], f)
    return work, db


def rewrite_build_run(args, p, src, db, out, report, exe, options, includes, label, env=None, extra_sources=()):
    """Rewrites the tree with options, builds the rewritten tests (with
    extra_sources) and runs them."""
    with timed("cassette-rewrite"):
        r = sh([args.rewriter, "-p", db, "--root", src, "--out-dir", out, "--report", report, "-j2"] + options)
    if r.returncode:
        die(f"cassette-rewrite {' '.join(options)} failed:\n{r.stderr[-4000:]}")
    # The check's safety net is for code the tool gets wrong; on these suites
    # a twin taken away is such a bug, which the net would otherwise hide.
    dropped = [s for s in json.load(open(report))["call_sites_skipped"]
               if s.get("reason_id") == "no_twin_does_not_compile"]
    if dropped:
        die(f"the tool's check took {len(dropped)} twin(s) away, the first at {dropped[0]['file']}:"
            f"{dropped[0]['line']}: {dropped[0]['reason']}")
    if args.rewrite_only:
        return
    flags = [f.replace("-std=c++17", "-std=c++20") for f in p["flags"]] + ["-I" + d for d in includes]
    build(args.compiler, flags, p["sources"] + list(extra_sources), exe, out)
    run_tests(p, exe, out if p["cwd"] == "." else os.path.join(out, p["cwd"]), label, env)


def print_report(report):
    rep = json.load(open(report))
    print(f"  rewrite: {len(rep['functions_twinned'])} functions twinned, "
          f"{rep['call_sites_rewritten']['total']} call sites rewritten, "
          f"{len(rep['call_sites_skipped'])} skipped:")
    for reason, n in sorted(rep["skipped_by_reason"].items(), key=lambda kv: -kv[1]):
        print(f"    {n:5}  {reason}")
    notes = rep.get("notes", [])
    raised = [n for n in notes if ": compiled as -std=" in n]
    if raised:
        print(f"    note: {len(raised)} units compiled as C++20, newer than their commands say (the report has each)")
    for note in notes:
        if note not in raised:
            print(f"    note: {note}")


def main():
    a = argparse.ArgumentParser()
    a.add_argument("project", choices=sorted(PROJECTS))
    for opt in ["rewriter", "compiler", "runtime", "work"]:
        a.add_argument("--" + opt, required=True)
    a.add_argument("--tagging", help="directory of taint.hpp: run the tagging pass only")
    a.add_argument("--graph", action="store_true", help="rewrite with --tagging, run under cassette::GraphCtx only")
    a.add_argument("--profiler", action="store_true", help="run under cassette::Profiler only")
    a.add_argument("--loop-counter", help="the loop counter pass plugin: run under it only")
    a.add_argument("--loop-context", help="the loop counter's program_ctx.hpp")
    a.add_argument("--context", choices=["empty", "counter"], default="empty",
                   help="cassette::EmptyContext (no hooks) or cassette::CallCounter (a hook on every call)")
    a.add_argument("--rewrite-only", action="store_true",
                   help="only rewrite the tree (with the tool's own check of its output), under one context: "
                        "the sanitizer build's run, which tests the tool, not the project")
    args = a.parse_args()
    args.work = os.path.abspath(args.work)
    p = PROJECTS[args.project]
    src = fetch(args.project, p["version"], os.path.join(args.work, "downloads"))
    if args.tagging:
        return tagging_pass(args, p, src)
    if args.graph:
        return graph_pass(args, p, src)
    if args.loop_counter:
        return loop_counter_pass(args, p, src)
    if args.profiler:
        return profiler_pass(args, p, src)
    ctx, header = {"empty": ("cassette::EmptyContext", "cassette/contexts/empty.hpp"),
                   "counter": ("cassette::CallCounter", "cassette/contexts/counter.hpp")}[args.context]
    work, db = fresh_work(args, p, src, args.project + ("" if args.context == "empty" else "-" + args.context),
                          " under " + ctx)

    if not args.rewrite_only:
        original = os.path.join(work, "original")
        build(args.compiler, p["flags"], p["sources"], original, src)
        run_tests(p, original, src, "original")

    tag = ctx.split("::")[1]
    out, report = os.path.join(work, "out-" + tag), os.path.join(work, tag + ".report.json")
    counts_file = os.path.join(work, "counts.json")
    rewrite_build_run(args, p, src, db, out, report, os.path.join(work, "rewritten-" + tag),
                      ["--overdub-main", ctx, "--context-header", header], [args.runtime], "under " + ctx,
                      dict(os.environ, CASSETTE_COUNTS_JSON=counts_file))
    print_report(report)
    if args.context == "counter" and not args.rewrite_only:
        counts = json.load(open(counts_file))
        if counts["total"] <= 0:
            die("the counter counted nothing")
        top = sorted(counts["counts"].items(), key=lambda kv: -kv[1])[:5]
        print(f"  counted {counts['total']} calls of {counts['callees']} callees; most: " +
              ", ".join(f"{n} {c}" for n, c in top))
    return 0


def tagging_pass(args, p, src):
    work, db = fresh_work(args, p, src, args.project + "-tagging", ", rewritten with --tagging")
    out, report = os.path.join(work, "out"), os.path.join(work, "report.json")
    rewrite_build_run(args, p, src, db, out, report, os.path.join(work, "rewritten-taint"),
                      # Named by its path, so that the rewriter's check finds it as the build does.
                      ["--tagging", "--overdub-main", "taint::Context", "--context-header",
                       os.path.join(os.path.abspath(args.tagging), "taint.hpp")],
                      [args.runtime, args.tagging], "under taint::Context (--tagging)",
                      # Freed memory loses its labels, as docs/tagging.md advises.
                      extra_sources=[os.path.join(args.runtime, "src", "deallocation_hook.cpp")])
    print_report(report)
    return 0


def graph_pass(args, p, src):
    work, db = fresh_work(args, p, src, args.project + "-graph", ", rewritten with --tagging, under cassette::GraphCtx")
    out, report = os.path.join(work, "out"), os.path.join(work, "report.json")
    rewrite_build_run(args, p, src, db, out, report, os.path.join(work, "rewritten-graph"),
                      ["--tagging", "--overdub-main", "cassette::GraphCtx", "--context-header",
                       "cassette/contexts/graph.hpp"],
                      [args.runtime], "under cassette::GraphCtx (--tagging)",
                      extra_sources=[os.path.join(args.runtime, "src", "deallocation_hook.cpp")])
    print_report(report)
    return 0


def profiler_pass(args, p, src):
    """The project's tests under cassette::Profiler (docs/profiler.md): one
    profile per process, whose outputs agree and callgrind_annotate reads."""
    annotate = shutil.which("callgrind_annotate")
    if not annotate:
        die("callgrind_annotate is not installed: it is in Debian's valgrind package (scripts/install-deps.sh)")
    work, db = fresh_work(args, p, src, args.project + "-profiler", ", under cassette::Profiler")
    out, report = os.path.join(work, "out"), os.path.join(work, "report.json")
    prof = os.path.join(work, "profiles")
    os.makedirs(prof)
    env = dict(os.environ, **{"CASSETTE_PROFILE_" + k: os.path.join(prof, f"%p.{ext}") for k, ext in
                              [("TRACE", "json"), ("FOLDED", "folded"), ("CALLGRIND", "callgrind"), ("DOT", "dot")]})
    rewrite_build_run(args, p, src, db, out, report, os.path.join(work, "rewritten-profiler"),
                      ["--overdub-main", "cassette::Profiler", "--context-header", "cassette/contexts/profiler.hpp"],
                      [args.runtime], "under cassette::Profiler", env)
    pids = sorted(f[:-len(".folded")] for f in os.listdir(prof) if f.endswith(".folded"))
    if not pids:
        die("no profile was written")
    for pid in pids:
        base = os.path.join(prof, pid)
        folded = {}
        for line in open(base + ".folded").read().splitlines():
            stack, ns = line.rsplit(" ", 1)
            folded[stack] = int(ns)
        total = sum(folded.values())
        callgrind = open(base + ".callgrind").read()
        trace = json.load(open(base + ".json"))
        if f"\ntotals: {total}\n" not in callgrind or trace["otherData"]["total_ns"] != total:
            die(f"profile {pid}: the folded stacks add up to {total} ns, the callgrind file and the trace disagree")
        r = sh([annotate, base + ".callgrind"])
        m = re.search(r"^\s*([\d,]+) \(100\.0%\)\s+PROGRAM TOTALS", r.stdout, re.M)
        if r.returncode or not m or int(m.group(1).replace(",", "")) != total:
            die(f"profile {pid}: callgrind_annotate's program total is not {total}:\n{r.stdout[-2000:]}{r.stderr}")
        calls = sum(int(c) for c in re.findall(r"^calls=(\d+) ", callgrind, re.M))
        by_callee = {}
        for stack, ns in folded.items():
            by_callee[stack.rsplit(";", 1)[-1]] = by_callee.get(stack.rsplit(";", 1)[-1], 0) + ns
        top = sorted(by_callee.items(), key=lambda kv: -kv[1])[:5]
        print(f"  profile {pid}: {calls} calls, {len(folded)} call paths, {total / 1e6:.1f} ms; "
              f"callgrind_annotate agrees; most exclusive time: " +
              ", ".join(f"{name} {100 * ns / total:.1f}%" for name, ns in top))
    return 0


def loop_counter_pass(args, p, src):
    """The project's tests under a pass (docs/passes.md) that counts loop iterations."""
    work, db = fresh_work(args, p, src, args.project + "-loops", ", rewritten with the loop counter pass")
    out, report = os.path.join(work, "out"), os.path.join(work, "report.json")
    loops = os.path.join(work, "loops.json")
    rewrite_build_run(args, p, src, db, out, report, os.path.join(work, "rewritten-loops"),
                      ["--pass", os.path.abspath(args.loop_counter), "--overdub-main", "LoopCountCtx",
                       "--context-header", os.path.abspath(args.loop_context)],
                      [args.runtime], "under LoopCountCtx (--pass loop_counter)",
                      dict(os.environ, CASSETTE_LOOPS_JSON=loops))
    rep = json.load(open(report))
    visited = len(rep["passes"][0]["visited"])
    edited = len({(e["file"], e["function"]) for e in rep["passes"][0]["edits"]})
    counts = json.load(open(loops))
    if not counts or sum(counts.values()) <= 0:
        die("no loop iteration was counted")
    print(f"  loop_counter: {visited} functions visited, {edited} edited; {len(counts)} loops ran "
          f"{sum(counts.values())} iterations; busiest:")
    for where, n in sorted(counts.items(), key=lambda kv: -kv[1])[:5]:
        print(f"    {n:10}  {where}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

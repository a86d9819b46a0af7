#!/usr/bin/env python3
"""Other people's projects, built with their own CMake files and judged by
their own test suites. For each project (test/corpus/projects.py):

  1. download the pinned Debian source package (apt-get source, Debian's
     patches applied; a deb-src line for bookworm main is added if missing)
     and install its build dependencies;
  2. configure, build and ctest the original with clang-19, exporting its
     compilation database;
  3. for each context (cassette::EmptyContext, cassette::CallCounter):
     rewrite the tree in whole-program mode from that database, then
     configure the out-dir with the project's own CMake files and
     -DCMAKE_PROJECT_INCLUDE=<out-dir>/.cassette-project.cmake (the one
     documented way, docs/cmake.md), build it and run the same ctest;

Every rewritten suite must pass exactly the tests the original passes; under
the counter every test process must write its counts (CASSETTE_COUNTS_JSON
with %p; the table to CASSETTE_COUNTS_TABLE, not stderr) and the total must be plausible: at least MIN_CALLS_PER_TEST calls
per test, so that a suite running outside the context (issue F5: 108 calls
for a whole suite) fails. Nothing in the rewritten tree is patched.

Each project's results go to WORK/NAME/result.json; --table FILE rewrites the
table between the markers of FILE (docs/corpus.md) from every result found.

A twin the tool's check took away ("no twin: its twin does not compile") fails
the project: on these trees it is a rewriter bug the safety net would hide.

Usage: run.py [PROJECT ...] --rewriter R --runtime DIR --work DIR
              [--ci-only] [--rewrite-only] [--table FILE [--table-only]]"""
import argparse
import datetime
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from projects import PROJECTS  # noqa: E402

CC, CXX = "clang-19", "clang++-19"
# -O1 keeps the rewritten builds (several times the original's compile time)
# affordable; -w because projects that build with -Werror would fail on
# warnings clang 19 gives their original code too.
FLAGS = "-O1 -w"
MIN_CALLS_PER_TEST = 100
CONTEXTS = [("cassette::EmptyContext", "cassette/contexts/empty.hpp"),
            ("cassette::CallCounter", "cassette/contexts/counter.hpp")]


class Failure(Exception):
    pass


def sh(cmd, **kw):
    # A project's tests may print bytes that are not UTF-8 (taglib's tag data).
    return subprocess.run(cmd, capture_output=True, text=True, errors="replace", **kw)


def step(cmd, what, log, **kw):
    """Runs cmd, appends its output to log; raises Failure with its tail."""
    t0 = time.monotonic()
    r = sh(cmd, **kw)
    with open(log, "a") as f:
        f.write(f"$ {' '.join(cmd)}\n{r.stdout}{r.stderr}\n")
    if r.returncode:
        tail = "\n".join((r.stdout + r.stderr).strip().splitlines()[-25:])
        raise Failure(f"{what} failed (exit {r.returncode}); the end of its output:\n{tail}")
    return r, time.monotonic() - t0


def as_root(cmd):
    return cmd if os.geteuid() == 0 else ["sudo"] + cmd


def install(packages):
    missing = [p for p in packages
               if "install ok installed" not in sh(["dpkg-query", "-W", "-f=${Status}", p]).stdout]
    if not missing:
        return
    r = sh(as_root(["apt-get", "install", "-y", "--no-install-recommends"] + missing),
           env=dict(os.environ, DEBIAN_FRONTEND="noninteractive"))
    if r.returncode:
        sh(as_root(["apt-get", "update"]))
        r = sh(as_root(["apt-get", "install", "-y", "--no-install-recommends"] + missing),
               env=dict(os.environ, DEBIAN_FRONTEND="noninteractive"))
    if r.returncode:
        raise Failure("apt-get install " + " ".join(missing) + " failed:\n" + r.stderr[-2000:])


def fetch(name, version, downloads):
    """The unpacked source tree of name=version, Debian's patches applied."""
    upstream = version.split(":")[-1]
    tree = os.path.join(downloads, f"{name}-{upstream}")
    if os.path.isdir(tree):
        return tree
    os.makedirs(downloads, exist_ok=True)
    dsc = os.path.join(downloads, f"{name}_{upstream}.dsc")
    for attempt in (1, 2):
        if not os.path.exists(dsc):
            if sh(["apt-cache", "showsrc", name]).stdout.strip() == "":
                line = "deb-src http://deb.debian.org/debian bookworm main\n"
                r = sh(as_root(["sh", "-c", f"printf '{line}' > /etc/apt/sources.list.d/cassette-deb-src.list"
                                            " && apt-get update"]))
                if r.returncode:
                    raise Failure("cannot add a deb-src line:\n" + r.stderr)
            # --only-source: the name is a source package's (doctest is also a
            # binary package of haskell-doctest).
            r = sh(["apt-get", "source", "--download-only", "--only-source", f"{name}={version}"], cwd=downloads)
            if r.returncode:
                raise Failure(f"apt-get source {name}={version} failed:\n{r.stderr}")
        r = sh(["dpkg-source", "-x", dsc, tree])
        if r.returncode == 0:
            return tree
        shutil.rmtree(tree, ignore_errors=True)
        # A download cut short leaves the .dsc without its tarballs: once more.
        os.remove(dsc)
    raise Failure("dpkg-source failed:\n" + r.stderr)


C_AS_CXX = os.path.join(os.path.dirname(os.path.abspath(__file__)), "c_as_cxx.cmake")


def keep_rewritten_outputs(tree, pristine, log):
    """An in-place build that regenerates files of its tree (flatbuffers'
    flatc writes tests/*_generated.h over the copies in the source) would
    put the generator's output, as it was before the rewrite, over their
    rewritten versions, which the rewritten units that include them need
    (their twins). So the build's outputs that the rewriter rewrote are
    generated first, then their rewritten versions put back, newer than
    what made them: the rest of the build takes them as made."""
    r, _ = step(["ninja", "-C", tree, "-t", "targets", "all"], "list the build's outputs", log)
    outputs = [line.rsplit(": ", 1)[0] for line in r.stdout.splitlines() if ": " in line]
    rewritten = {}
    for o in outputs:
        rel = os.path.relpath(os.path.join(tree, o), tree)
        if rel.startswith(".."):
            continue
        path, before = os.path.join(tree, rel), os.path.join(pristine, rel)
        if os.path.isfile(path) and os.path.isfile(before):
            text = open(path, "rb").read()
            if text != open(before, "rb").read():
                rewritten[o] = text
    if not rewritten:
        return []
    step(["ninja", "-C", tree, "-j2"] + sorted(rewritten), "generate the outputs the rewriter rewrote", log)
    for o, text in rewritten.items():
        with open(os.path.join(tree, o), "wb") as f:
            f.write(text)
    return sorted(rewritten)


def configure_build(src, build, p, log, extra=(), pristine=None):
    """Configures and builds; an in-source rewritten build (pristine: the
    tree it was rewritten from) keeps the rewritten files its build would
    regenerate."""
    if os.path.realpath(build) != os.path.realpath(src):  # an in-source build keeps its tree
        shutil.rmtree(build, ignore_errors=True)
    if p.get("c_as_cxx"):  # the original's build and the rewritten one alike
        extra = list(extra) + ["-DCMAKE_PROJECT_INCLUDE_BEFORE=" + C_AS_CXX,
                               "-DCORPUS_NOT_CXX=" + ";".join(p["c_as_cxx"].get("not_cxx", []))]
    step(["cmake", "-S", src, "-B", build, "-G", "Ninja", "-DCMAKE_BUILD_TYPE=",
          f"-DCMAKE_C_COMPILER={CC}", f"-DCMAKE_CXX_COMPILER={CXX}",
          f"-DCMAKE_C_FLAGS={p.get('flags', FLAGS)}", f"-DCMAKE_CXX_FLAGS={p.get('flags', FLAGS)}",
          "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON"] + p["cmake"] + list(extra), "cmake configure", log)
    if pristine and os.path.realpath(build) == os.path.realpath(src):
        kept = keep_rewritten_outputs(build, pristine, log)
        if kept:
            with open(log, "a") as f:
                f.write(f"rewritten files the build regenerates, kept: {', '.join(kept)}\n")
    _, seconds = step(["ninja", "-C", build, "-j2"], "build", log)
    return seconds


def ctest_arguments(p, rewritten):
    """The project's ctest arguments; for a rewritten suite, its `differs`
    tests left out too (one -E: ctest keeps only the last)."""
    args = list(p.get("ctest", []))
    if not rewritten or not p.get("differs"):
        return args
    names = "^(" + "|".join(re.escape(n) for n in p["differs"]) + ")$"
    if "-E" in args:
        i = args.index("-E")
        args[i + 1] = args[i + 1] + "|" + names
    else:
        args += ["-E", names]
    return args


def ctest(build, p, log, env=None, rewritten=False):
    """Runs the suite; returns (passed, total) or raises Failure."""
    r = sh(["ctest", "--test-dir", build, "-j2", "--timeout", "900", "--output-on-failure"]
           + ctest_arguments(p, rewritten), env=env)
    with open(log, "a") as f:
        f.write(f"$ ctest --test-dir {build}\n{r.stdout}{r.stderr}\n")
    m = re.search(r"(\d+)% tests passed, (\d+) tests? failed out of (\d+)", r.stdout)
    if not m:
        raise Failure("ctest ran no test:\n" + (r.stdout + r.stderr)[-2000:])
    failed, total = int(m.group(2)), int(m.group(3))
    if r.returncode or failed:
        lines = [l for l in r.stdout.splitlines() if "Failed" in l or "***" in l]
        raise Failure(f"{failed} of {total} tests failed:\n" + "\n".join(lines[-20:]))
    return total - failed, total


def reason_class(text):
    """A skip reason without the detail it carries (clang's first error, a
    name): "no twin: its twin does not compile: a.h:3:4: error: ..." counts
    with the others of its kind."""
    for kind in ("no twin: its twin does not compile",):
        if text.startswith(kind):
            return kind
    return text


def by_reason_class(counts):
    out = {}
    for text, n in counts.items():
        out[reason_class(text)] = out.get(reason_class(text), 0) + n
    return out


def report_summary(path):
    rep = json.load(open(path))
    rewritten = rep["call_sites_rewritten"]["total"]
    # Sites the compiler evaluates (constant-evaluated contexts, consteval
    # calls: category "constant") are not calls the program makes at run
    # time, so no context could see them: counted apart, not as skipped.
    run_time = [s for s in rep["call_sites_skipped"] if s.get("category") != "constant"]
    compile_time = len(rep["call_sites_skipped"]) - len(run_time)
    skipped = len(run_time)
    by_reason, by_reason_compile_time = {}, {}
    for s in rep["call_sites_skipped"]:
        into = by_reason_compile_time if s.get("category") == "constant" else by_reason
        into[reason_class(s["reason"])] = into.get(reason_class(s["reason"]), 0) + 1
    # By reason, the detail left out; the first few details of each kind kept apart.
    details = {}
    for s in run_time:
        if s.get("detail"):
            details.setdefault(reason_class(s["reason"]), []).append(s["detail"])
    return {"functions_twinned": len(rep["functions_twinned"]), "call_sites_rewritten": rewritten,
            "call_sites_skipped": skipped,
            "skipped_share": skipped / max(1, rewritten + skipped),
            "compile_time_sites": compile_time,
            "compile_time_by_reason": by_reason_compile_time,
            "skipped_by_reason": by_reason,
            "skipped_details": {k: sorted(set(v))[:5] for k, v in details.items()},
            "functions_not_twinned": len(rep.get("functions_not_twinned", [])),
            "notes": rep.get("notes", [])}


def rewritten_run(args, p, src, db, work, label, options, log, env):
    out = os.path.join(work, "out-" + label)
    report = os.path.join(work, label + ".report.json")
    _, rewrite_s = step([args.rewriter, "-p", db, "--root", src, "--out-dir", out, "--report", report,
                         "--runtime-dir", os.path.abspath(args.runtime), "-j2"] + options, "cassette-rewrite " + " ".join(options), log)
    # The check's safety net is for code the tool gets wrong: a twin it took
    # away is such a bug, which the net would otherwise hide.
    dropped = [s for s in json.load(open(report))["call_sites_skipped"]
               if s.get("reason_id") == "no_twin_does_not_compile"]
    if dropped:
        raise Failure(f"the tool's check took twins away ({len(dropped)} call sites lost theirs), the first at "
                      f"{dropped[0]['file']}:{dropped[0]['line']}: {dropped[0]['reason']}")
    if args.rewrite_only:
        return {"rewrite_seconds": round(rewrite_s, 1), "report": report_summary(report)}
    # An in_source project is built and tested inside the rewritten tree.
    build = out if p.get("in_source") else os.path.join(work, "build-" + label)
    # The out-dir's project include puts the runtime on the include path.
    build_s = configure_build(out, build, p, log,
                              ["-DCMAKE_PROJECT_INCLUDE=" + os.path.join(out, ".cassette-project.cmake")], pristine=src)
    passed, total = ctest(build, p, log, env, rewritten=True)
    return {"passed": passed, "tests": total, "rewrite_seconds": round(rewrite_s, 1),
            "build_seconds": round(build_s, 1), "report": report_summary(report)}


def counts_of(directory):
    files = sorted(glob.glob(os.path.join(directory, "*.json")))
    total, callees = 0, set()
    for path in files:
        data = json.load(open(path))
        total += sum(data.get("counts", {}).values())
        callees.update(data.get("counts", {}))
    return {"processes": len(files), "calls": total, "callees": len(callees)}


def run_project(args, name):
    p = PROJECTS[name]
    # A rewrite-only run leaves the last full run's result.json alone.
    work = os.path.join(args.work, name + (".rewrite-only" if args.rewrite_only else ""))
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    log = os.path.join(work, "log.txt")
    result = {"project": name, "version": p["version"], "date": datetime.date.today().isoformat()}
    print(f"{name} {p['version']} (Debian source)", flush=True)
    install(p["build_deps"])
    src = fetch(name, p["version"], os.path.join(args.work, "downloads"))
    for command in p.get("prepare", []):  # as Debian's rules do before building
        step(["sh", "-c", command], "preparing the source tree: " + command, log, cwd=src)
    build = os.path.join(work, "build-original")
    original_s = configure_build(src, build, p, log)
    if args.rewrite_only:
        r = rewritten_run(args, p, src, build, work, "EmptyContext",
                          ["--overdub-main", CONTEXTS[0][0], "--context-header", CONTEXTS[0][1]], log, None)
        print(f"  rewritten under {CONTEXTS[0][0]} in {r['rewrite_seconds']} s; no twin taken away "
              f"({r['report']['call_sites_skipped']} sites skipped); not built (--rewrite-only)", flush=True)
        return {"status": "rewritten"}
    if p.get("in_source"):
        # Its suite runs only in a tree built in place (p["in_source"] says
        # why): the original is built again in a copy of the source, and
        # tested there; the out-of-source build above gives the rewriter its
        # compilation database over the pristine tree.
        tree = os.path.join(work, "tree-original")
        shutil.copytree(src, tree, symlinks=True)
        original_s = configure_build(tree, tree, p, log)
    passed, total = ctest(tree if p.get("in_source") else build, p, log)
    result["original"] = {"passed": passed, "tests": total, "build_seconds": round(original_s, 1)}
    print(f"  original: {passed}/{total} tests passed; built in {original_s:.1f} s", flush=True)

    for ctx, header in CONTEXTS:
        label = ctx.split("::")[-1]
        counts_dir = os.path.join(work, "counts-" + label)
        # The table too goes to a file: it would go to stderr, which suites
        # that compare a program's output with a reference file (doctest's)
        # read.
        env = dict(os.environ, CASSETTE_COUNTS_JSON=os.path.join(counts_dir, "%p.json"),
                   CASSETTE_COUNTS_TABLE=os.path.join(counts_dir, "%p.txt"))
        os.makedirs(counts_dir)
        r = rewritten_run(args, p, src, build, work, label, ["--overdub-main", ctx, "--context-header", header], log,
                          env)
        left_out = len(p.get("differs", {}))
        if r["passed"] != passed - left_out or r["tests"] != total - left_out:
            raise Failure(f"under {ctx}: {r['passed']}/{r['tests']} passed, the original {passed}/{total}"
                          + (f" ({left_out} left out)" if left_out else ""))
        r["left_out"] = p.get("differs", {})
        line = (f"  under {ctx}: {r['passed']}/{r['tests']} passed; rewrite {r['rewrite_seconds']} s, "
                f"build {r['build_seconds']} s ({r['build_seconds'] / max(original_s, 0.1):.1f}x)")
        if label == "CallCounter":
            r["counts"] = counts_of(counts_dir)
            c = r["counts"]
            line += f"; counted {c['calls']:,} calls of {c['callees']} callees in {c['processes']} processes"
            if c["calls"] < MIN_CALLS_PER_TEST * total:
                raise Failure(f"the counter saw {c['calls']} calls for {total} tests: the suite ran outside "
                              "the context")
        print(line, flush=True)
        rep = r["report"]
        print(f"    {rep['functions_twinned']} functions twinned, {rep['call_sites_rewritten']} call sites "
              f"rewritten, {rep['call_sites_skipped']} skipped ({100 * rep['skipped_share']:.2f}%)"
              + "".join(f"; {n} {why}" for why, n in
                        sorted(rep["skipped_by_reason"].items(), key=lambda kv: -kv[1])[:6]), flush=True)
        result[label] = r
    result["status"] = "passed"
    return result


ROW = ("| {project} {upstream} | {orig} | {empty} | {counter} | {sites} | {skipped} | "
       "{reasons} | {compile_time} | {ratio} | {date} |")


def table(results):
    head = ["| project (Debian) | original tests | under EmptyContext | under CallCounter | "
            "call sites rewritten | skipped | skipped per reason | evaluated by the compiler (not counted) | "
            "compile-time ratio | last run |",
            "|" + "---|" * 10]
    rows = []
    for r in sorted(results, key=lambda r: r["project"]):
        upstream = r["version"].split(":")[-1].split("-")[0]
        if r.get("status") != "passed":
            lines = r.get("error", "").splitlines() or [""]
            first = next((l for l in lines if "error:" in l or "undefined reference" in l), lines[0])
            cell = (lines[0] + ("" if first == lines[0] else " " + first.strip()[:200])).replace("|", "\\|")
            rows.append(f"| {r['project']} {upstream} | | failed | | | | {cell} | | | {r['date']} |")
            continue
        o, e, c = r["original"], r["EmptyContext"], r["CallCounter"]
        rep = e["report"]
        rows.append(ROW.format(
            project=r["project"], upstream=upstream, orig=f"{o['passed']}/{o['tests']}",
            empty=f"{e['passed']} passed" + "".join(f"; {t} left out: {why}" for t, why in e.get("left_out", {}).items()),
            counter=f"{c['passed']} passed, {c['counts']['calls']:,} calls, "
            f"{c['counts']['callees']:,} callees, {c['counts']['processes']} processes",
            sites=f"{rep['call_sites_rewritten']:,}",
            skipped=f"{rep['call_sites_skipped']:,} ({100 * rep['skipped_share']:.2f}%)",
            reasons="; ".join(f"{n} {why}" for why, n in
                              sorted(by_reason_class(rep["skipped_by_reason"]).items(), key=lambda kv: (-kv[1], kv[0])))
            or "none",
            # Runs before this column counted those sites as skipped.
            compile_time=f"{rep['compile_time_sites']:,}" if "compile_time_sites" in rep else "counted as skipped",
            ratio=f"{e['build_seconds'] / max(o['build_seconds'], 0.1):.1f}x", date=r["date"]))
    return "\n".join(head + rows)


def write_table(path, work):
    results = [json.load(open(f)) for f in sorted(glob.glob(os.path.join(work, "*", "result.json")))]
    text = open(path).read()
    begin, end = "<!-- corpus table begin -->", "<!-- corpus table end -->"
    if begin not in text or end not in text:
        raise Failure(f"{path}: no table markers")
    pre, rest = text.split(begin, 1)
    old, post = rest.split(end, 1)
    # Projects with no result in WORK keep their row (and its date): the work
    # directory of a run done elsewhere, or by hand, is not here.
    def by_project(lines):
        return {l.split("|")[1].split()[0]: l for l in lines if l.startswith("| ") and not l.startswith("| project ")}
    new = table(results).splitlines()
    rows = by_project(old.strip().splitlines())
    rows.update(by_project(new))
    with open(path, "w") as f:
        f.write(pre + begin + "\n" + "\n".join(new[:2] + [rows[k] for k in sorted(rows)]) + "\n" + end + post)


def main():
    # The compile-time ratio compares real compiles: a project whose CMake
    # files use ccache when they find it (jsoncpp) would build its original
    # from the cache.
    os.environ["CCACHE_DISABLE"] = "1"
    a = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    a.add_argument("projects", nargs="*", help="default: every project (--ci-only: those marked ci)")
    for opt in ["rewriter", "runtime", "work"]:
        a.add_argument("--" + opt, required=True)
    a.add_argument("--ci-only", action="store_true")
    a.add_argument("--rewrite-only", action="store_true",
                   help="build the original, rewrite it under EmptyContext and stop there "
                   "(in WORK/NAME.rewrite-only; the table is not touched)")
    a.add_argument("--table", help="rewrite the table in this file (docs/corpus.md) from WORK/*/result.json")
    a.add_argument("--table-only", action="store_true", help="run nothing: only rewrite the --table file")
    args = a.parse_args()
    args.work = os.path.abspath(args.work)
    args.rewriter = os.path.abspath(args.rewriter)
    if args.table_only:
        if not args.table:
            sys.exit("corpus: --table-only needs --table FILE")
        write_table(args.table, args.work)
        return 0
    names = args.projects or [n for n, p in PROJECTS.items() if p.get("ci") or not args.ci_only]
    unknown = [n for n in names if n not in PROJECTS]
    if unknown:
        sys.exit(f"corpus: unknown project(s): {', '.join(unknown)} (known: {', '.join(sorted(PROJECTS))})")
    failed = []
    for name in names:
        try:
            result = run_project(args, name)
        except Failure as e:
            print(f"  FAILED: {e}", flush=True)
            failed.append(name)
            result = {"project": name, "version": PROJECTS[name]["version"], "status": "failed",
                      "error": str(e), "date": datetime.date.today().isoformat()}
        if args.rewrite_only:
            continue
        os.makedirs(os.path.join(args.work, name), exist_ok=True)
        with open(os.path.join(args.work, name, "result.json"), "w") as f:
            json.dump(result, f, indent=1)
    if args.table and not args.rewrite_only:
        write_table(args.table, args.work)
    print(f"{len(names) - len(failed)} passed, {len(failed)} failed" + (f": {', '.join(failed)}" if failed else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Differential testing with csmith: for each seed, csmith generates a random
C++ program; it is built as is, and rewritten in whole-program mode under
cassette::EmptyContext and built again; both are run and must print the same
checksum (the whole stdout) and exit the same.

Per seed the outcome is one of
  same                        both ran and printed the same
  skipped                     the original did not finish within --timeout
                              (csmith's programs need not terminate) or was
                              killed by a signal: nothing to compare
  mismatch                    both ran; output or exit code differ   (failure)
  rewrite-failed              cassette-rewrite exited non-zero       (failure)
  rewritten-does-not-compile                                         (failure)
  rewritten-timeout           the original finished, the rewritten
                              did not within --slowdown times it     (failure)
  original-does-not-compile   csmith's program is not C++20; the
                              pinned options below are meant to
                              prevent that                           (failure)
  harness-error               csmith or a tool could not be run      (failure)

The rewriter's report (call sites left as written) is summed over the seeds
that were rewritten. Exit code 0 only when no seed failed.

  run.py --rewriter build/tool/cassette-rewrite --runtime runtime --seeds 1-500 -j2
"""
import argparse
import concurrent.futures
import json
import os
import shutil
import subprocess
import sys
import time

# The generator is pinned: the same seed gives the same program only with the
# same csmith version and options. --cpp11 spells null pointers `nullptr`,
# without which csmith's C++03 `(x, NULL)` is not a null pointer constant in
# C++20; the rest are csmith's defaults.
CSMITH_VERSION = "csmith 2.3.0"
CSMITH_OPTIONS = ["--lang-cpp", "--cpp11"]
# csmith writes hex constants into signed arrays in braces: narrowing, which
# C++11 and later reject by default (-Wno-c++11-narrowing accepts it, as C++03
# did). -fno-finite-loops: csmith writes C, where `for (;;) {}` may loop
# forever; in C++ a loop without side effects may be assumed to end, and Clang
# at -O1 then compiles such a program into one that falls through and crashes
# (seeds 44 and 66). -w: csmith's programs warn a lot, by design.
STD_FLAGS = ["-std=c++20", "-w", "-Wno-c++11-narrowing", "-fno-finite-loops"]
OPT = "-O1"

FAILURES = ("mismatch", "rewrite-failed", "rewritten-does-not-compile", "rewritten-timeout",
            "original-does-not-compile", "harness-error")
OUTCOMES = ("same", "skipped") + FAILURES


def parse_seeds(text):
    seeds = []
    for part in text.split(","):
        if "-" in part:
            lo, hi = part.split("-", 1)
            seeds.extend(range(int(lo), int(hi) + 1))
        elif part:
            seeds.append(int(part))
    if not seeds:
        raise argparse.ArgumentTypeError(f"no seeds in {text!r}")
    return seeds


def run(cmd, timeout=None, **kw):
    """(returncode, stdout, stderr), returncode None on timeout."""
    try:
        r = subprocess.run(cmd, capture_output=True, timeout=timeout, **kw)
        return r.returncode, r.stdout.decode(errors="replace"), r.stderr.decode(errors="replace")
    except subprocess.TimeoutExpired:
        return None, "", ""


def first_error(text, limit=300):
    for line in text.splitlines():
        if "error:" in line:
            return line[:limit]
    lines = [l for l in text.splitlines() if l.strip()]
    return (lines[-1] if lines else "")[:limit]


def one_seed(seed, a):
    d = os.path.join(a.work, f"seed-{seed}")
    shutil.rmtree(d, ignore_errors=True)
    src, build, out = (os.path.join(d, x) for x in ("src", "build", "out"))
    os.makedirs(src)
    os.makedirs(build)
    prog = os.path.join(src, "prog.cpp")
    res = {"seed": seed, "skipped_by_reason": {}}

    def done(outcome, detail=""):
        res["outcome"], res["detail"] = outcome, detail
        if outcome in ("same", "skipped") and not a.keep:
            shutil.rmtree(d, ignore_errors=True)
        return res

    rc, _, err = run([a.csmith] + CSMITH_OPTIONS + ["--seed", str(seed), "-o", prog], cwd=d)
    if rc != 0:
        raise RuntimeError(f"csmith --seed {seed} failed: {err}")
    flags = STD_FLAGS + ["-I" + a.csmith_include]
    original = os.path.join(d, "original")
    rc, _, err = run([a.compiler] + flags + [OPT, prog, "-o", original])
    if rc != 0:
        return done("original-does-not-compile", first_error(err))
    t0 = time.monotonic()
    orc, oout, _ = run([original], timeout=a.timeout, cwd=d)
    otime = time.monotonic() - t0
    if orc is None:
        return done("skipped", f"original ran over {a.timeout}s")
    if orc < 0:  # csmith's programs are meant to be free of undefined behaviour
        return done("skipped", f"original killed by signal {-orc}")

    with open(os.path.join(build, "compile_commands.json"), "w") as f:
        json.dump([{"directory": src, "file": prog,
                    "arguments": [a.compiler] + flags + ["-c", "prog.cpp"]}], f)
    report = os.path.join(d, "report.json")
    # --no-check: a rewriter bug must show as a rewritten program that does
    # not compile, not be hidden by the check taking the twin away.
    rc, _, err = run([a.rewriter, "-p", build, "--root", src, "--out-dir", out, "--report", report,
                      "--overdub-main", "cassette::EmptyContext",
                      "--context-header", "cassette/contexts/empty.hpp", "--no-check"])
    if rc != 0:
        return done("rewrite-failed", first_error(err))
    rep = json.load(open(report))
    res["skipped_by_reason"] = rep.get("skipped_by_reason", {})
    res["rewritten_sites"] = rep.get("call_sites_rewritten", {}).get("total", 0)

    rewritten = os.path.join(d, "rewritten")
    rc, _, err = run([a.compiler] + flags + [OPT, "-I" + a.runtime, os.path.join(out, "prog.cpp"),
                      "-o", rewritten])
    if rc != 0:
        return done("rewritten-does-not-compile", first_error(err))
    limit = max(a.timeout, a.slowdown * otime)
    rrc, rout, _ = run([rewritten], timeout=limit, cwd=d)
    if rrc is None:
        return done("rewritten-timeout", f"original {otime:.2f}s, rewritten over {limit:.1f}s")
    if (rrc, rout) != (orc, oout):
        return done("mismatch", f"original exit {orc} {oout.strip()!r}, rewritten exit {rrc} {rout.strip()!r}")
    return done("same", oout.strip())


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--seeds", type=parse_seeds, required=True, help="e.g. 1-500 or 1,5,9-12")
    p.add_argument("--rewriter", required=True, help="the cassette-rewrite executable")
    p.add_argument("--runtime", required=True, help="the runtime include directory (runtime/)")
    p.add_argument("--compiler", default="clang++-19")
    p.add_argument("--csmith", default="csmith")
    p.add_argument("--csmith-include", default="/usr/include/csmith", help="where csmith.h is")
    p.add_argument("--work", default=os.path.join(os.getcwd(), "csmith-work"),
                   help="scratch directory; failing seeds are kept in WORK/seed-N")
    p.add_argument("--timeout", type=float, default=5.0,
                   help="seconds the original may run before its seed is skipped (default 5)")
    p.add_argument("--slowdown", type=float, default=50.0,
                   help="the rewritten program may run this many times the original's time "
                        "(and at least --timeout) before it counts as a failure")
    p.add_argument("-j", "--jobs", type=int, default=1, help="seeds run in parallel")
    p.add_argument("--require-compared", type=int, default=0, metavar="N",
                   help="fail unless at least N seeds were compared (not skipped)")
    p.add_argument("--keep", action="store_true", help="keep the work directories of passing seeds too")
    a = p.parse_args()
    for path in (a.rewriter, a.runtime, a.csmith_include):
        if not os.path.exists(path):
            sys.stderr.write(f"run.py: error: {path}: no such file or directory\n")
            return 2
    # csmith writes platform.info into its working directory: the work
    # directory's, not the caller's.
    os.makedirs(a.work, exist_ok=True)
    rc, version, _ = run([a.csmith, "--version"], cwd=a.work)
    if rc is None or rc != 0:
        sys.stderr.write(f"run.py: error: {a.csmith} --version failed (is csmith installed?)\n")
        return 2
    version = version.splitlines()[0].strip() if version else "?"
    if version != CSMITH_VERSION:
        sys.stderr.write(f"run.py: warning: {version}, not {CSMITH_VERSION}: seeds give other programs\n")
    a.work = os.path.abspath(a.work)
    os.makedirs(a.work, exist_ok=True)
    print(f"{version}, options: {' '.join(CSMITH_OPTIONS)}; build: {a.compiler} {' '.join(STD_FLAGS)} {OPT}; "
          f"{len(a.seeds)} seeds, original timeout {a.timeout}s", flush=True)

    start = time.monotonic()
    results = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, a.jobs)) as pool:
        futures = {pool.submit(one_seed, s, a): s for s in a.seeds}
        for fut in concurrent.futures.as_completed(futures):
            try:
                r = fut.result()
            except Exception as e:  # the harness itself (csmith, a missing tool): counted, not fatal
                r = {"seed": futures[fut], "skipped_by_reason": {}, "outcome": "harness-error",
                     "detail": f"{type(e).__name__}: {e}"}
            results.append(r)
            skipped = sum(r["skipped_by_reason"].values())
            extra = f" [{skipped} call sites left as written]" if skipped else ""
            print(f"seed {r['seed']}: {r['outcome']}: {r['detail']}{extra}", flush=True)
    results.sort(key=lambda r: r["seed"])

    counts = {o: sum(1 for r in results if r["outcome"] == o) for o in OUTCOMES}
    reasons = {}
    for r in results:
        for why, n in r["skipped_by_reason"].items():
            reasons[why] = reasons.get(why, 0) + n
    rewritten_sites = sum(r.get("rewritten_sites", 0) for r in results)
    elapsed = time.monotonic() - start
    print(f"\n{len(results)} seeds in {elapsed:.0f}s: " +
          ", ".join(f"{n} {o}" for o, n in counts.items() if n or o in ("same", "skipped")))
    print(f"call sites rewritten: {rewritten_sites}; left as written: {sum(reasons.values())}")
    for why, n in sorted(reasons.items(), key=lambda kv: -kv[1]):
        print(f"  {n:6d}  {why}")
    failed = [r for r in results if r["outcome"] in FAILURES]
    for r in failed:
        print(f"FAILED seed {r['seed']}: {r['outcome']}: {r['detail']} (kept in {a.work}/seed-{r['seed']})")
    with open(os.path.join(a.work, "summary.json"), "w") as f:
        json.dump({"csmith": version, "options": CSMITH_OPTIONS, "counts": counts,
                   "call_sites_rewritten": rewritten_sites, "skipped_by_reason": reasons,
                   "seeds": results}, f, indent=1)
    compared = len(results) - counts["skipped"]
    if compared < a.require_compared:
        print(f"FAILED: {compared} seeds compared, fewer than --require-compared {a.require_compared}")
    # The closing line counted by test harnesses: a seed passes when it is the same.
    print(f"csmith: {counts['same']} passed, {len(failed)} failed, {counts['skipped']} skipped")
    return 1 if failed or compared < a.require_compared else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""cassette::Profiler on small whole programs, with the deterministic clock
(CASSETTE_PROFILE_CLOCK=ticks: each reading advances the thread's clock by
1000 ns), so that every output is exact.

  --case threads  two std::threads run worker(10) and worker(20): each thread
                  has its own stack and its own Chrome trace thread; the folded
                  stacks, callgrind calls and dot graph merge them under
                  "(thread)", with exact counts and times.
  --case unwind   an exception unwinds calls that get no posthook, and a run
                  that calls std::exit leaves calls open: every call is still
                  counted once, the outputs nest and add up (the calls made
                  in the handler are charged to the deepest unwound path, as
                  docs/profiler.md says)."""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys

THREADS = {
    "stdout": "285 2470\n",
    # worker is entered from std::thread's code, so its own call is not
    # seen: each thread's paths start at "(thread)". work(10): 10 squares,
    # 2 * 10 + 1 readings inclusive, 11 exclusive; work(20): 21.
    "folded": """(thread);work 32000
(thread);work;square 30000
main 6000
main;std::printf 1000
main;std::thread::join 2000
main;std::thread::thread 2000
""",
    "calls": {("(thread)", "work"): 2, ("work", "square"): 30, ("main", "std::printf"): 1,
              ("main", "std::thread::join"): 2, ("main", "std::thread::thread"): 2},
    "threads": 3,
}
UNWIND = {
    "stdout": "8\n",
    # guarded(3) and guarded(4) throw from thrower: thrower and middle get no
    # posthook; the handler's leaf(-1) is charged to thrower's path until
    # guarded's posthook closes them.
    "folded": """main 6000
main;guarded 6000
main;guarded;middle 8000
main;guarded;middle;leaf 2000
main;guarded;middle;thrower 12000
main;guarded;middle;thrower;leaf 6000
main;guarded;middle;thrower;std::runtime_error::runtime_error 2000
main;std::printf 1000
""",
    "calls": {("main", "guarded"): 4, ("guarded", "middle"): 4, ("middle", "thrower"): 4, ("middle", "leaf"): 2,
              ("thrower", "leaf"): 6, ("thrower", "std::runtime_error::runtime_error"): 2,
              ("main", "std::printf"): 1},
    "threads": 1,
}
# With an argument main calls finish(3), which calls std::exit: finish and
# std::exit are still open at exit and end then.
UNWIND_EXIT = dict(UNWIND, stdout="8\ndone\n", exit=3,
                   folded=UNWIND["folded"].replace("main;guarded ", "main;finish 2000\nmain;finish;std::exit 1000\n"
                                                   "main;finish;std::puts 1000\nmain;guarded "),
                   calls={**UNWIND["calls"], ("main", "finish"): 1, ("finish", "std::puts"): 1,
                          ("finish", "std::exit"): 1})


def fail(msg):
    sys.stderr.write("FAIL: " + msg + "\n")
    sys.exit(1)


def check(program, work, args, want):
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    env = dict(os.environ, CASSETTE_PROFILE_CLOCK="ticks", CASSETTE_PROFILE_TRACE="trace.json",
               CASSETTE_PROFILE_FOLDED="out.folded", CASSETTE_PROFILE_CALLGRIND="callgrind.out",
               CASSETTE_PROFILE_DOT="graph.dot")
    r = subprocess.run([program] + args, cwd=work, env=env, capture_output=True, text=True)
    if r.returncode != want.get("exit", 0) or r.stdout != want["stdout"]:
        fail(f"{program} {args}: exit {r.returncode}, stdout {r.stdout!r}\n{r.stderr}")
    files = {f: open(os.path.join(work, f)).read() for f in ["trace.json", "out.folded", "callgrind.out", "graph.dot"]}
    if files["out.folded"] != want["folded"]:
        fail(f"{args}: folded stacks\n{files['out.folded']}expected\n{want['folded']}")
    total = sum(int(line.rsplit(" ", 1)[1]) for line in want["folded"].splitlines())
    # callgrind: calls per caller and callee, and the totals.
    calls, fn = {}, None
    lines = files["callgrind.out"].splitlines()
    for i, line in enumerate(lines):
        if line.startswith("fn="):
            fn = line[3:]
        elif line.startswith("cfn="):
            calls[(fn, line[4:])] = int(re.match(r"calls=(\d+)", lines[i + 1]).group(1))
    if calls != want["calls"]:
        fail(f"{args}: callgrind calls {calls}, expected {want['calls']}")
    if f"totals: {total}" not in lines:
        fail(f"{args}: callgrind totals are not {total}")
    # dot: the same edges.
    ids = dict(re.findall(r'^  (n\d+) \[label="([^\\]*)\\n', files["graph.dot"], re.M))
    edges = {(ids[a], ids[b]): int(n)
             for a, b, n in re.findall(r'^  (n\d+) -> (n\d+) \[label="(\d+)"\]', files["graph.dot"], re.M)}
    if edges != want["calls"]:
        fail(f"{args}: dot edges {edges}, expected {want['calls']}")
    # Chrome trace: one thread per thread that made calls, events nested.
    trace = json.loads(files["trace.json"])
    threads = [e for e in trace["traceEvents"] if e["name"] == "thread_name"]
    complete = [e for e in trace["traceEvents"] if e["ph"] == "X"]
    if len(threads) != want["threads"] or trace["otherData"]["total_ns"] != total:
        fail(f"{args}: {len(threads)} threads in the trace, total {trace['otherData']['total_ns']}")
    roots = sorted(e["name"] for e in complete if e["cat"] == "thread")
    if roots != sorted(["main"] + ["(thread)"] * (want["threads"] - 1)):
        fail(f"{args}: thread roots {roots}")
    if sum(e["args"]["self_ns"] for e in complete) != total:
        fail(f"{args}: the trace's self times do not add up to {total}")
    by_tid = {}
    for e in complete:
        by_tid.setdefault(e["tid"], []).append(e)
    for tid, events in by_tid.items():
        root = [e for e in events if e["cat"] == "thread"][0]
        for e in events:
            if e["ts"] < root["ts"] or e["ts"] + e["dur"] > root["ts"] + root["dur"] + 1e-9:
                fail(f"{args}: event {e} outside its thread's root {root}")
    return len(complete)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--case", required=True, choices=["threads", "unwind"])
    p.add_argument("--program", required=True)
    p.add_argument("--work", required=True)
    a = p.parse_args()
    a.program = os.path.abspath(a.program)
    if a.case == "threads":
        n = check(a.program, a.work, [], THREADS)
        print(f"profiler, two threads: exact merged profile, {n} trace events in 3 threads")
    else:
        n = check(a.program, a.work, [], UNWIND)
        m = check(a.program, a.work + "-exit", ["x"], UNWIND_EXIT)
        print(f"profiler, exceptions and std::exit: exact profiles ({n} and {m} trace events)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

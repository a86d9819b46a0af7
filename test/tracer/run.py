#!/usr/bin/env python3
"""cassette::BinaryTracer's traces, converted by cassette-trace, on small whole
programs (test/tracer/CMakeLists.txt builds them):

  calls    the same program under cassette::Tracer and under BinaryTracer:
           `cassette-trace text` prints exactly the text Tracer's trace, but
           for a string longer than the binary trace keeps (48 bytes), which
           ends "...".
  threads  two std::threads: one section per thread, each nested on its own.
  unwind   an exception leaves calls without an exit record: the converter
           closes them "=> (unwound)" when their caller returns; std::exit
           leaves calls open: "=> (no exit recorded)".
  chrome   every trace as Chrome trace-event JSON: per thread, each B has its
           E, in time order, named as in the text.
  damage   a trace cut short converts what it has, with a warning; a file
           that is no trace is an error.
  in place Tracer's text file and BinaryTracer's file are written under a temporary name and renamed
           at exit: a run that dies leaves the last run's file as it was."""
import argparse
import glob
import json
import os
import re
import shutil
import subprocess
import sys

LONG = "a string longer than the forty-eight bytes a binary trace keeps of it"
CUT = LONG[:48] + "..."

# guarded(3): thrower throws after constructing the exception; the handler's
# leaf(-1) is recorded inside thrower's call, which ends with guarded's.
UNWOUND = """guarded(3)
  middle(3)
    thrower(3)
      leaf(3)
        +(3, 1)
        => 4
      => 4
      >(3, 2)
      => true
      std::runtime_error::runtime_error("too big")
      => _
      -(1)
      => -1
      leaf(-1)
        +(-1, 1)
        => 0
      => 0
    => (unwound)
  => (unwound)
=> 0
"""
EXITED = """finish(3)
  std::puts("done")
  => 5
  std::exit(3)
  => (no exit recorded)
=> (no exit recorded)
"""

failures = []


def unplaced(text):
    """The trace without the places its callees' first calls say."""
    return re.sub(r"  @ [^\n]*?:\d+(?=\n|  \[)", "", text)


def check(cond, what):
    if not cond:
        failures.append(what)
        print("FAIL:", what)


def run(cmd, env=None, expect=0):
    r = subprocess.run(cmd, capture_output=True, text=True, env=env)
    if r.returncode != expect:
        sys.exit(f"{' '.join(cmd)}: exit {r.returncode}, expected {expect}\n{r.stdout}{r.stderr}")
    return r


def traced(program, trace, args=(), expect=0):
    env = dict(os.environ, CASSETTE_TRACE=trace)
    return run([program] + list(args), env=env, expect=expect)


def sections(text):
    """Thread sections of a converted trace: {heading: body}."""
    out, current = {}, None
    for line in text.splitlines(keepends=True):
        if line.startswith("== thread "):
            current = line.strip()
            out[current] = ""
        else:
            out[current] = out.get(current, "") + line
    return out


def chrome_ok(converter, trace, label):
    doc = json.loads(run([converter, "chrome", trace]).stdout)
    open_calls, last, names = {}, {}, set()
    for e in doc["traceEvents"]:
        tid = e["tid"]
        if e["ph"] == "M":
            names.add(tid)
            continue
        check(e["ts"] >= last.get(tid, 0), f"{label}: chrome events of thread {tid} in time order")
        last[tid] = e["ts"]
        stack = open_calls.setdefault(tid, [])
        if e["ph"] == "B":
            stack.append(e["name"])
        else:
            check(stack and stack[-1] == e["name"], f"{label}: chrome E {e['name']} closes the innermost B")
            stack.pop()
    check(all(not s for s in open_calls.values()), f"{label}: every chrome B has its E")
    check(names == set(open_calls), f"{label}: each thread is named")
    return doc


def main():
    a = argparse.ArgumentParser()
    for opt in ["converter", "text-program", "binary-program", "threads-program", "unwind-program", "work"]:
        a.add_argument("--" + opt, required=True)
    args = a.parse_args()
    shutil.rmtree(args.work, ignore_errors=True)
    os.makedirs(args.work)
    w = lambda name: os.path.join(args.work, name)  # noqa: E731
    conv = args.converter

    # calls: the binary trace reads as the text one.
    text_out = traced(args.text_program, w("calls.txt"), ["long"]).stdout
    binary_out = traced(args.binary_program, w("calls.bin"), ["long"]).stdout
    check(text_out == binary_out == "yes\n0.375 6 b 74 27\n", "calls: both programs print what the original does")
    expected = open(w("calls.txt")).read().replace(f'"{LONG}"', f'"{CUT}"')
    converted = run([conv, "text", w("calls.bin")]).stdout
    check(converted == expected, "calls: cassette-trace text prints the text Tracer's trace")
    if converted != expected:
        print("--- expected\n" + expected + "--- converted\n" + converted)
    check(f'length("{CUT}")' in converted, "calls: a long string is cut with ...")
    # A callee's first call says where it is declared, and only the first.
    lengths = re.findall(r"^length\(.*$", converted, re.M)
    check(re.match(r"scale\(1\.5, 0\.25\)  @ \S*main\.cpp:13\n", converted) and len(lengths) == 2
          and re.search(r"  @ \S*main\.cpp:17$", lengths[0]) and "@" not in lengths[1],
          "calls: each callee's first call, and only it, says where it is declared")
    run([conv, "text", w("calls.bin"), "-o", w("calls-converted.txt")])
    check(open(w("calls-converted.txt")).read() == converted, "calls: -o writes the same text")
    timed = run([conv, "text", w("calls.bin"), "--times"]).stdout
    check(re.match(r"scale\(1\.5, 0\.25\)  @ \S*main\.cpp:13  \[0 ns\]\n", timed)
          and re.sub(r"  \[\d+ ns\]\n", "\n", timed) == converted,
          "calls: --times gives each event its time from the thread's first")

    # in place: nothing but the trace is left by a run that ends; a run that
    # dies leaves the last trace as it was, its own under the temporary name.
    check(sorted(glob.glob(w("calls.txt") + "*")) == [w("calls.txt")], "in place: no temporary file is left")
    before = open(w("calls.txt")).read()
    r = subprocess.run([args.text_program, "long", "die"], capture_output=True, text=True,
                       env=dict(os.environ, CASSETTE_TRACE=w("calls.txt")))
    check(r.returncode != 0, "in place: the program dies")
    check(open(w("calls.txt")).read() == before,
          "in place: a run that dies leaves the last run's trace as it was")
    check(len(glob.glob(w("calls.txt") + ".tmp*")) == 1, "in place: the dead run's trace is under the temporary name")
    # The same for the binary trace.
    check(sorted(glob.glob(w("calls.bin") + "*")) == [w("calls.bin")], "in place: no temporary binary trace is left")
    before = open(w("calls.bin"), "rb").read()
    r = subprocess.run([args.binary_program, "long", "die"], capture_output=True, text=True,
                       env=dict(os.environ, CASSETTE_TRACE=w("calls.bin")))
    check(r.returncode != 0 and open(w("calls.bin"), "rb").read() == before,
          "in place: a run that dies leaves the last binary trace as it was")
    check(len(glob.glob(w("calls.bin") + ".tmp*")) == 1, "in place: the dead run's binary trace is under the temporary name")

    # threads: a section per thread.
    check(traced(args.threads_program, w("threads.bin")).stdout == "285 2470\n", "threads: the program's output")
    parts = sections(unplaced(run([conv, "text", w("threads.bin")]).stdout))
    check(sorted(parts) == ["== thread 0 ==", "== thread 1 ==", "== thread 2 =="], "threads: three sections")
    main_part = parts.get("== thread 0 ==", "")
    check(main_part.startswith("std::thread::thread(10, 0x") and main_part.count("std::thread::join(_)\n=> void") == 2,
          "threads: the main thread starts and joins both")
    workers = sorted(parts.get(f"== thread {i} ==", "") for i in (1, 2))
    for n, total, body in zip((10, 20), (285, 2470), sorted(workers, key=len)):
        # then worker stores the result: *out
        check(body.startswith(f"work({n})\n") and f"\n=> {total}\n*(0x" in body, f"threads: work({n}) => {total}")
        check(body.count("\n  square(") == n, f"threads: work({n}) calls square {n} times, nested under it")

    # unwind: calls an exception leaves, calls std::exit leaves.
    check(traced(args.unwind_program, w("unwind.bin")).stdout == "8\n", "unwind: the program's output")
    unwound = unplaced(run([conv, "text", w("unwind.bin")]).stdout)
    check(UNWOUND in unwound, "unwind: guarded(3)'s unwound calls close when it returns")
    check(unwound.startswith("<=(1, 4)\n") and unwound.endswith("\n>(1, 1)\n=> false\n"),
          "unwind: the trace ends at depth 0 (main's `argc > 1`)")
    traced(args.unwind_program, w("exit.bin"), ["exit"], expect=3)
    check(unplaced(run([conv, "text", w("exit.bin")]).stdout).endswith(EXITED), "unwind: std::exit leaves its calls open")

    for name in ["calls", "threads", "unwind", "exit"]:
        chrome_ok(conv, w(name + ".bin"), name)
    doc = chrome_ok(conv, w("calls.bin"), "calls")
    scale = next(e for e in doc["traceEvents"] if e.get("name") == "scale" and e["ph"] == "B")
    check(scale["args"]["args"] == "(1.5, 0.25)" and scale["args"]["where"].endswith("main.cpp:13"),
          "chrome: arguments and where the callee is defined")

    # damage: cut short, and no trace at all.
    data = open(w("threads.bin"), "rb").read()
    with open(w("cut.bin"), "wb") as f:
        f.write(data[: len(data) - 7])
    r = run([conv, "text", w("cut.bin")])
    check("warning:" in r.stderr and "the trace ends inside a chunk" in r.stderr and "== thread" in r.stdout,
          "damage: a trace cut short converts what it has, with a warning")
    with open(w("none.bin"), "w") as f:
        f.write("hello\n")
    r = run([conv, "text", w("none.bin")], expect=1)
    check(r.stderr.startswith(f"cassette-trace: error: {w('none.bin')}: not a trace"), "damage: not a trace: error")
    r = run([conv, "json", w("calls.bin")], expect=1)
    check("unknown conversion 'json'" in r.stderr, "damage: an unknown conversion: error")

    if failures:
        sys.exit(f"{len(failures)} check(s) failed")
    print("tracer.binary: all checks passed")


if __name__ == "__main__":
    main()

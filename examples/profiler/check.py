#!/usr/bin/env python3
"""The profiler example: the words program, rewritten with --overdub-main
cassette::Profiler, is run and its four outputs are checked.

  --part outputs             with the deterministic clock (CASSETTE_PROFILE_CLOCK=ticks)
                             the folded stacks, the dot graph and the callgrind
                             costs and calls are exactly expected/'s; the Chrome
                             trace is valid JSON with one event per call path,
                             nested; with the real clock the same paths and calls,
                             and every output adds up to the same total.
  --part callgrind_annotate  valgrind's callgrind_annotate reads the callgrind file
                             (real clock): its program total, the sum of its
                             functions' self costs and main's inclusive cost are the
                             profiler's total.
  --part svg                 Graphviz's dot renders the call graph to SVG.

A tool that is missing fails the test (scripts/install-deps.sh installs them).
--update rewrites expected/ from this run."""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys

OUTPUTS = {"CASSETTE_PROFILE_TRACE": "profile.json", "CASSETTE_PROFILE_FOLDED": "profile.folded",
           "CASSETTE_PROFILE_CALLGRIND": "callgrind.out.words", "CASSETTE_PROFILE_DOT": "profile.dot"}


def fail(msg):
    sys.stderr.write("FAIL: " + msg + "\n")
    sys.exit(1)


def run_program(program, work, clock, expected_stdout):
    """Runs the program in a fresh directory; returns its outputs' texts."""
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    env = dict(os.environ, **OUTPUTS)
    env.pop("CASSETTE_PROFILE_MAX_EVENTS", None)
    if clock:
        env["CASSETTE_PROFILE_CLOCK"] = clock
    else:
        env.pop("CASSETTE_PROFILE_CLOCK", None)
    r = subprocess.run([program], cwd=work, env=env, capture_output=True, text=True)
    if r.returncode != 0 or r.stdout != expected_stdout:
        fail(f"the program exited {r.returncode} printing {r.stdout!r}, expected {expected_stdout!r}\n{r.stderr}")
    if not r.stderr.startswith("cassette::Profiler: ") or "wrote profile.json, profile.folded" not in r.stderr:
        fail("no note on stderr naming the files written:\n" + r.stderr)
    out = {}
    for name in OUTPUTS.values():
        path = os.path.join(work, name)
        if not os.path.exists(path):
            fail(f"{path} was not written")
        out[name] = open(path).read()
    leftovers = [f for f in os.listdir(work) if ".tmp" in f]
    if leftovers:
        fail(f"temporary files left behind: {leftovers}")
    return out


def folded_stacks(text):
    """{stack: value} of a folded file, checking its lines' form and order."""
    lines = text.splitlines()
    if lines != sorted(lines):
        fail("folded stacks are not sorted")
    stacks = {}
    for line in lines:
        m = re.fullmatch(r"(\S.*) (\d+)", line)
        if not m or int(m.group(2)) <= 0:
            fail(f"folded line {line!r} is not 'a;b;c N' with N > 0")
        stacks[m.group(1)] = int(m.group(2))
    return stacks


def callgrind_costs(text):
    """The callgrind file without what depends on the machine (pid, files,
    line numbers): fn=, cfn=, calls=N and each cost line's cost."""
    kept = []
    for line in text.splitlines():
        if line.startswith(("fn=", "cfn=", "totals:", "events:")):
            kept.append(line)
        elif line.startswith("calls="):
            kept.append(line.split()[0])
        elif re.fullmatch(r"\d+ \d+", line):
            kept.append("cost " + line.split()[1])
    return "\n".join(kept) + "\n"


def callgrind_calls(text):
    return [line for line in callgrind_costs(text).splitlines() if not line.startswith(("cost", "totals"))]


def dot_structure(text):
    """The dot graph without times: node names with calls, and the edges."""
    return re.sub(r"\\nincl [^\\]*\\nexcl [^\"]*\"(, style=filled, fillcolor=\"[^\"]*\")?", "\"", text)


def check_trace(text, total, folded):
    """The Chrome trace: JSON, complete events nested per thread, one per call path."""
    try:
        trace = json.loads(text)
    except json.JSONDecodeError as e:
        fail(f"the trace is not JSON: {e}")
    events = trace["traceEvents"]
    meta = [e for e in events if e["ph"] == "M"]
    complete = [e for e in events if e["ph"] == "X"]
    if len(meta) + len(complete) != len(events):
        fail("the trace has events other than metadata and complete events")
    if [e["name"] for e in meta] != ["process_name", "thread_name"] or meta[1]["args"]["name"] != "thread 1 (main)":
        fail(f"metadata events {meta}")
    other = trace["otherData"]
    if other["total_ns"] != total or other["dropped_call_paths"] != 0 or other["events"] != len(complete):
        fail(f"otherData {other}, total {total}")
    for e in complete:
        for key in ("name", "ts", "dur", "pid", "tid", "args"):
            if key not in e:
                fail(f"event without {key}: {e}")
        if e["tid"] != 1 or e["pid"] != meta[0]["pid"] or e["dur"] < 0 or e["args"]["calls"] < 1:
            fail(f"bad event {e}")
    # One event per call path: the folded file's paths plus those with no
    # exclusive time (none here but with the real clock's rounding).
    if complete[0]["name"] != "main" or complete[0]["cat"] != "thread" or complete[0]["ts"] != 0:
        fail(f"the first event is not main's: {complete[0]}")
    if round(complete[0]["dur"] * 1000) != total:
        fail(f"main's event lasts {complete[0]['dur']} us, the total is {total} ns")
    if sum(e["args"]["self_ns"] for e in complete) != total:
        fail("the events' self_ns do not add up to the total")
    # A named callee's events say where it is declared; operators' and main's (the root) do not.
    fib = [e for e in complete if e["name"] == "fib"]
    if not fib or any(e["args"].get("where") != "main.cpp:10" for e in fib) or "where" in complete[0]["args"]:
        fail(f"fib's events are not placed at main.cpp:10, or main's is: {fib[:1]}, {complete[0]}")
    names = sorted(e["name"] for e in complete)
    want = sorted(stack.split(";")[-1] for stack in folded)
    if len(complete) < len(folded) or not set(want) <= set(names):
        fail(f"events {names}, folded paths' leaves {want}")
    # Each event lies within an event of its parent path (a flame chart):
    # events are written parents first.
    open_spans = []
    for e in sorted(complete, key=lambda e: (e["ts"], -e["dur"])):
        start, end = e["ts"], e["ts"] + e["dur"]
        while open_spans and open_spans[-1][1] < end - 1e-6:
            open_spans.pop()
        if e["name"] != "main" and not open_spans:
            fail(f"event {e} is outside every other")
        open_spans.append((start, end))
    return complete


def part_outputs(a, expected_stdout):
    ticks = run_program(a.program, os.path.join(a.work, "ticks"), "ticks", expected_stdout)
    got = {"profile.folded": ticks["profile.folded"], "profile.dot": ticks["profile.dot"],
           "callgrind.txt": callgrind_costs(ticks["callgrind.out.words"])}
    if a.update:
        for name, text in got.items():
            open(os.path.join(a.expected, name), "w").write(text)
    for name, text in got.items():
        want = open(os.path.join(a.expected, name)).read()
        if text != want:
            fail(f"{name} (deterministic clock) differs from expected/{name}:\n--- got:\n{text}--- expected:\n{want}")
    folded = folded_stacks(ticks["profile.folded"])
    total = sum(folded.values())
    totals = re.search(r"^totals: (\d+)$", ticks["callgrind.out.words"], re.M)
    if not totals or int(totals.group(1)) != total:
        fail(f"callgrind totals {totals and totals.group(0)}, folded total {total}")
    events = check_trace(ticks["profile.json"], total, folded)
    # fib(8)'s 67 calls, one event per depth of the recursion, in order.
    fib = [e["args"]["calls"] for e in events if e["name"] == "fib"]
    if fib != [1, 2, 4, 8, 16, 22, 12, 2]:
        fail(f"fib's call paths have {fib} calls, expected [1, 2, 4, 8, 16, 22, 12, 2]")

    real = run_program(a.program, os.path.join(a.work, "real"), None, expected_stdout)
    real_folded = folded_stacks(real["profile.folded"])
    # Real times: the same paths (one may have had no exclusive time at all),
    # the same calls, the same graph; every output agrees on the total.
    if not set(real_folded) <= set(folded):
        fail(f"paths with the real clock that the deterministic run does not have: {set(real_folded) - set(folded)}")
    if callgrind_calls(real["callgrind.out.words"]) != callgrind_calls(ticks["callgrind.out.words"]):
        fail("callgrind calls differ between the real and the deterministic clock")
    if dot_structure(real["profile.dot"]) != dot_structure(ticks["profile.dot"]):
        fail("the dot graph's structure differs between the real and the deterministic clock")
    real_total = sum(real_folded.values())
    totals = re.search(r"^totals: (\d+)$", real["callgrind.out.words"], re.M)
    if not totals or int(totals.group(1)) != real_total:
        fail(f"callgrind totals {totals and totals.group(0)}, folded total {real_total}")
    check_trace(real["profile.json"], real_total, real_folded)
    print(f"profiler outputs: {len(folded)} folded paths, {len(events)} trace events, exact; "
          f"real clock: {real_total} ns in all, the same in every output")


def annotate_number(text, label):
    m = re.search(r"^\s*([\d,]+)\s+\(100\.0%\)\s+" + re.escape(label) + r"\s*$", text, re.M)
    return int(m.group(1).replace(",", "")) if m else None


def part_callgrind_annotate(a, expected_stdout):
    tool = shutil.which("callgrind_annotate")
    if not tool:
        fail("callgrind_annotate is not installed: it is in Debian's valgrind package (scripts/install-deps.sh)")
    real = run_program(a.program, os.path.join(a.work, "annotate"), None, expected_stdout)
    total = sum(folded_stacks(real["profile.folded"]).values())
    path = os.path.join(a.work, "annotate", "callgrind.out.words")
    r = subprocess.run([tool, "--threshold=100", path], capture_output=True, text=True)
    if r.returncode != 0 or "WARNING" in r.stderr:
        fail(f"callgrind_annotate failed ({r.returncode}):\n{r.stderr}")
    program_total = annotate_number(r.stdout, "PROGRAM TOTALS")
    # Each function's self cost: "  1,234 (12.34%)  file:function", or
    # "  0  file:function" without a percentage (the real clock can measure
    # a short call's self time as 0 ns).
    self_costs = [int(m.group(1).replace(",", ""))
                  for m in re.finditer(r"^\s*([\d,]+)(?: \(\s*[\d.]+%\))?\s+\S*:(\S.*)$", r.stdout, re.M)]
    if program_total != total or sum(self_costs) != total or len(self_costs) != 16:
        fail(f"callgrind_annotate: program total {program_total}, {len(self_costs)} functions whose self costs "
             f"add up to {sum(self_costs)}; the profiler's total is {total} ns (16 functions)\n{r.stdout}")
    r = subprocess.run([tool, "--inclusive=yes", "--threshold=100", path], capture_output=True, text=True)
    main = re.search(r"^\s*([\d,]+) \(100\.0%\)\s+\?\?\?:main$", r.stdout, re.M)
    if r.returncode != 0 or not main or int(main.group(1).replace(",", "")) != total:
        fail(f"callgrind_annotate --inclusive=yes: main's inclusive cost is not the total {total}:\n{r.stdout}")
    print(f"callgrind_annotate: program total {program_total} ns = the profiler's total = "
          f"the sum of 16 functions' self costs; main's inclusive cost the same")


def part_svg(a, expected_stdout):
    tool = shutil.which("dot")
    if not tool:
        fail("dot is not installed: it is in Debian's graphviz package (scripts/install-deps.sh)")
    work = os.path.join(a.work, "svg")
    real = run_program(a.program, work, None, expected_stdout)
    svg = os.path.join(work, "callgraph.svg")
    r = subprocess.run([tool, "-Tsvg", os.path.join(work, "profile.dot"), "-o", svg], capture_output=True, text=True)
    if r.returncode != 0 or not os.path.exists(svg):
        fail(f"dot -Tsvg failed ({r.returncode}):\n{r.stderr}")
    text = open(svg).read()
    nodes = re.findall(r'<g id="node\d+" class="node">', text)
    edges = re.findall(r'<g id="edge\d+" class="edge">', text)
    want_nodes = len(re.findall(r"^  n\d+ \[", real["profile.dot"], re.M))
    want_edges = len(re.findall(r"^  n\d+ -> n\d+", real["profile.dot"], re.M))
    if "<svg" not in text or ">count_words</text>" not in text or len(nodes) != want_nodes or len(edges) != want_edges:
        fail(f"{svg}: {len(nodes)} nodes and {len(edges)} edges, expected {want_nodes} and {want_edges}")
    print(f"dot -Tsvg: {svg}, {len(nodes)} callees and {len(edges)} calls")


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--program", required=True)
    p.add_argument("--expected", required=True)
    p.add_argument("--work", required=True)
    p.add_argument("--part", required=True, choices=["outputs", "callgrind_annotate", "svg"])
    p.add_argument("--update", action="store_true")
    a = p.parse_args()
    a.program = os.path.abspath(a.program)
    expected_stdout = open(os.path.join(a.expected, "program.txt")).read()
    {"outputs": part_outputs, "callgrind_annotate": part_callgrind_annotate, "svg": part_svg}[a.part](
        a, expected_stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())

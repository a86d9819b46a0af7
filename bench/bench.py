#!/usr/bin/env python3
"""The counting, tracing, real-program and build-cost tables of bench/run.

Every ratio is measured in this run against its baseline: the programs being
compared run alternately (the order rotating every round) and the table gives
medians. Times of the kernels are measured inside each process, around the
kernel only (bench/count/driver.cpp: the fastest of RUNS runs in the process;
bench/pugixml/parse_bench.cpp). uftrace records all RUNS runs; its calls and
bytes are given per run.

Usage: bench.py --build BUILD_DIR [--rounds N] [--smoke] [--parts count,trace,pugixml,build]
                [--without-uftrace] [--without-xray]"""
import argparse
import importlib.util
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
CXX = "clang++-19"


def die(msg):
    sys.stderr.write("bench: " + msg + "\n")
    sys.exit(1)


def run(cmd, env=None, cwd=None):
    r = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=cwd)
    if r.returncode:
        die(f"{' '.join(cmd)} exited {r.returncode}:\n{(r.stdout + r.stderr)[-3000:]}")
    return r.stdout


def ratio(x, base, digits=2):
    """x / base as `1.23x`; a baseline too short for the clock (smoke sizes on
    a fast machine measure 0) has no ratio."""
    return f"{x / base:.{digits}f}x" if base > 0 else "n/a (baseline 0)"


def rotations(items, rounds):
    """The items in a different order each round: round r starts at item r."""
    for r in range(rounds):
        k = r % len(items)
        yield items[k:] + items[:k]


def tree_bytes(path):
    if os.path.isfile(path):
        return os.path.getsize(path)
    return sum(os.path.getsize(os.path.join(d, f)) for d, _, fs in os.walk(path) for f in fs)


def human(n):
    for unit in ["B", "KB", "MB", "GB"]:
        if n < 1024 or unit == "GB":
            return f"{n:.0f} {unit}" if unit == "B" else f"{n:.1f} {unit}"
        n /= 1024


def calls(n):
    return "-" if n is None else f"{n:,}"


# ---------------------------------------------------------------------------
# Counting and tracing: bench/count's executables, one per way of running.

# Smaller than the empty-context table's sizes: uftrace's traces of the
# -finstrument-functions builds stay near 1 GB.
KERNELS = [("fib", "fib(32)", "fib(25)"), ("rosenbrock", "rosenbrock 1e6 x3", "rosenbrock 1e4"),
           ("virtual", "virtual area() 2e5 x3", "virtual area() 1e4"), ("map", "std::map 2e5", "std::map 2e4")]
KERNEL_ENTRY = "^kernels::"  # uftrace -F: the kernel and everything it calls

COUNTERS = [
    ("original", "native, no counting", "-"),
    ("counter", "cassette::CallCounter (runtime)", "every call and builtin operator, per callee"),
    ("hand_all", "hand-inlined `++count` (same events)", "every call and builtin operator"),
    ("fn_counter", "bench::FnCounter (function calls only)", "every function call the source makes"),
    ("hand_calls", "hand-inlined `++count` (same calls)", "every function call the source makes"),
    ("profiler", "cassette::Profiler (calls, inclusive and exclusive time per call path)",
     "every function call the source makes"),
    ("cyg", "-finstrument-functions + counting hook", "every function entered, inlined ones included"),
    ("xray", "XRay (threshold 1) + counting handler", "functions left after inlining"),
    ("uftrace_pg", "uftrace record (-pg build)", "functions left after inlining"),
    ("uftrace_fi", "uftrace record (-finstrument-functions build)", "every function entered, inlined ones included"),
]


RUNS = 3  # kernel runs per process; the fastest counts (see driver.cpp)


class Runner:
    def __init__(self, build, work, scale):
        self.bin = os.path.join(build, "bench")
        self.work = work
        self.scale = scale

    def once(self, variant, kernel, want_count, trace_file=None):
        """(seconds, calls counted or None, bytes written or None)"""
        exe = os.path.join(self.bin, "bench_count_" + variant)
        args = [exe, kernel, str(self.scale), str(RUNS)]
        if variant.startswith("uftrace"):
            data = os.path.join(self.work, "uftrace.data")
            shutil.rmtree(data, ignore_errors=True)
            out = run(["uftrace", "record", "--no-libcall", "-F", KERNEL_ENTRY, "-d", data] + args)
            seconds = float(out.split()[0])
            count = None
            if want_count:
                rep = run(["uftrace", "report", "-d", data, "--no-pager", "-f", "call"])
                count = 0  # of RUNS runs
                for line in rep.splitlines():
                    parts = line.split(None, 1)
                    if len(parts) == 2 and parts[0].isdigit() and not parts[1].startswith("linux:"):
                        count += int(parts[0])
                count //= RUNS
            written = tree_bytes(data) // RUNS
            shutil.rmtree(data, ignore_errors=True)
            return seconds, count, written
        env = dict(os.environ)
        if trace_file:
            env["BENCH_TRACE"] = trace_file
        out = run(args, env=env).split()
        seconds, count = float(out[0]), int(out[1])
        written = None
        if trace_file:
            written = os.path.getsize(trace_file)
            os.remove(trace_file)
        return seconds, (count if count >= 0 else None), written

    def measure(self, variants, kernel, rounds, trace=False):
        times = {v: [] for v in variants}
        counts, written = {}, {}
        for r, order in enumerate(rotations(variants, rounds)):
            for v in order:
                tf = os.path.join(self.work, "trace.out") if trace and v in ("tracer", "binary_tracer") else None
                s, c, w = self.once(v, kernel, want_count=(r == rounds - 1), trace_file=tf)
                times[v].append(s)
                if c is not None:
                    counts[v] = c
                if w is not None:
                    written[v] = w
        return {v: statistics.median(t) for v, t in times.items()}, counts, written


def part_count(args, work):
    runner = Runner(args.build, work, 0 if args.smoke else 1)
    variants = [v for v, _, _ in COUNTERS if not (args.without_uftrace and v.startswith("uftrace"))
                and not (args.without_xray and v == "xray")]
    smoke = " (smoke sizes)" if args.smoke else ""
    results = {}
    for k, _, _ in KERNELS:
        results[k] = runner.measure(variants, k, args.rounds)
    # The hand-inlined counters count exactly what the contexts count.
    for ctx, hand in [("counter", "hand_all"), ("fn_counter", "hand_calls"), ("profiler", "hand_calls")]:
        for k, _, _ in KERNELS:
            a, b = results[k][1].get(ctx), results[k][1].get(hand)
            if a != b:
                die(f"{k}: {ctx} counted {a} calls, {hand} {b}")
    print(f"### Counting every call vs the peers{smoke} (median of {args.rounds} alternating runs; ratio to native)")
    print()
    head = "| counting | what it counts | " + " | ".join(f"{label}: calls | ratio" for _, label, _ in KERNELS) + " |"
    print(head)
    print("|" + "---|" * (2 + 2 * len(KERNELS)))
    for v, label, what in COUNTERS:
        if v not in variants:
            continue
        cells = []
        for k, _, _ in KERNELS:
            med, counts, _ = results[k]
            if v == "original":
                cells += ["-", f"{1e3 * med[v]:.2f} ms"]
            else:
                cells += [calls(counts.get(v)), ratio(med[v], med['original'])]
        print(f"| {label} | {what} | " + " | ".join(cells) + " |")
    print()


TRACERS = [("original", "native, no tracing"), ("tracer", "cassette::Tracer (calls, operators, arguments, results; text)"),
           ("binary_tracer", "cassette::BinaryTracer (the same events, arguments and results; binary)"),
           ("uftrace_pg", "uftrace record (-pg build; entry/exit records, no arguments)"),
           ("uftrace_fi", "uftrace record (-finstrument-functions build)")]


def part_trace(args, work):
    runner = Runner(args.build, work, 0 if args.smoke else 2)
    variants = [v for v, _ in TRACERS if not (args.without_uftrace and v.startswith("uftrace"))]
    smoke = " (smoke sizes)" if args.smoke else ""
    print(f"### Tracing{smoke} (median of {args.rounds} alternating runs; ratio to native; bytes written per run)")
    print()
    print("Events: an entry and an exit per call recorded. The cassette tracers record every call and builtin")
    print("operator (as many as CallCounter counts in the same kernel); uftrace the functions left after")
    print("inlining (its report's count). Cost per event: (time - native time) / events.")
    print()
    print("| kernel | tracer | time | ratio | events | ns per event | bytes written |")
    print("|---|---|---|---|---|---|---|")
    for k, _, label in KERNELS:
        med, counts, written = runner.measure(variants, k, args.rounds, trace=True)
        intercepted = runner.once("counter", k, want_count=True)[1]
        for v, what in TRACERS:
            if v not in variants:
                continue
            r = "-" if v == "original" else ratio(med[v], med['original'], 1)
            w = human(written[v]) if v in written else "-"
            calls = counts.get(v) if v.startswith("uftrace") else (intercepted if v != "original" else None)
            events = 2 * calls if calls else None
            per = f"{1e9 * (med[v] - med['original']) / events:.1f}" if events else "-"
            print(f"| {label} | {what} | {1e3 * med[v]:.2f} ms | {r} | {events if events else '-'} | {per} | {w} |")
    print()


# ---------------------------------------------------------------------------
# pugixml: a real program, and the build cost.

def realworld():
    spec = importlib.util.spec_from_file_location("realworld_run", os.path.join(REPO, "test", "realworld", "run.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def generate_xml(path, books):
    """A catalogue of books: elements, attributes, text with entities, CDATA, comments."""
    with open(path, "w") as f:
        f.write('<?xml version="1.0" encoding="utf-8"?>\n<catalog generator="cassette-bench">\n')
        for i in range(books):
            f.write(f'  <book id="bk{i:06d}" lang="{["en", "fr", "de"][i % 3]}" year="{1950 + i % 70}">\n'
                    f'    <title>Volume {i} &amp; its &lt;companion&gt;</title>\n'
                    f'    <author first="Name{i % 97}" last="Surname{i % 1013}"/>\n'
                    f'    <price currency="EUR">{(i * 37) % 10000 / 100:.2f}</price>\n'
                    f'    <tags>' + "".join(f"<tag>t{(i + j) % 50}</tag>" for j in range(i % 5 + 1)) + '</tags>\n'
                    f'    <!-- entry {i} -->\n'
                    f'    <description><![CDATA[Text of book {i}, with <markup> left alone.]]></description>\n'
                    f'  </book>\n')
        f.write('</catalog>\n')


def pugixml_tree(work):
    """A root holding pugixml 1.13's sources (Debian) and bench/pugixml/parse_bench.cpp."""
    rw = realworld()
    p = rw.PROJECTS["pugixml"]
    src = rw.fetch("pugixml", p["version"], os.path.join(work, "downloads"))
    root = os.path.join(work, "pugixml-src")
    shutil.rmtree(root, ignore_errors=True)
    os.makedirs(root)
    for f in ["pugixml.cpp", "pugixml.hpp", "pugiconfig.hpp"]:
        shutil.copy(os.path.join(src, "src", f), root)
    shutil.copy(os.path.join(HERE, "pugixml", "parse_bench.cpp"), root)
    return root


def rewrite(rewriter, root, out, sources, flags, extra=(), report=None, jobs=1):
    cmd = [rewriter, "--root", root, "--out-dir", out, f"-j{jobs}"] + list(extra)
    if report:
        cmd += ["--report", report]
    return cmd + sources + ["--"] + flags


# The rewriter's settings that trade coverage for build time: builtin
# operators intercepted (the default) or left as written.
SETTINGS = [("", []), ("_noops", ["--no-builtin-operators"])]
SETTING_LABEL = {"": "", "_noops": " with --no-builtin-operators"}


def part_pugixml(args, work):
    root = pugixml_tree(work)
    xml = os.path.join(work, "catalog.xml")
    generate_xml(xml, 2000 if args.smoke else 60000)
    reps = "1" if args.smoke else "5"
    runtime = os.path.join(REPO, "runtime")
    sources = ["pugixml.cpp", "parse_bench.cpp"]
    flags = ["-std=c++20", "-O2"]
    exes = {}
    exes["original"] = os.path.join(work, "parse-original")
    run([CXX] + flags + [os.path.join(root, s) for s in sources] + ["-o", exes["original"]])
    reports = {}
    # Both settings of the rewriter: builtin operators intercepted (the
    # default) and left as written (--no-builtin-operators).
    for setting, knob in SETTINGS:
        for tag, ctx, header in [("empty", "cassette::EmptyContext", "cassette/contexts/empty.hpp"),
                                 ("counter", "cassette::CallCounter", "cassette/contexts/counter.hpp")]:
            key = tag + setting
            out = os.path.join(work, "pugixml-" + key)
            rep = os.path.join(work, f"pugixml-{key}.report.json")
            run(rewrite(args.rewriter, root, out, [os.path.join(root, s) for s in sources], ["-std=c++17"],
                        ["--overdub-main", ctx, "--context-header", header] + knob, rep, jobs=2))
            reports.setdefault(setting, json.load(open(rep)))
            exes[key] = os.path.join(work, "parse-" + key)
            run([CXX] + flags + ["-I" + runtime] + [os.path.join(out, s) for s in sources] + ["-o", exes[key]])
    # The profiler (function calls, timed), and its peer: uftrace recording
    # the original built with -pg (the functions left after inlining).
    out = os.path.join(work, "pugixml-profiler")
    run(rewrite(args.rewriter, root, out, [os.path.join(root, s) for s in sources], ["-std=c++17"],
                ["--overdub-main", "cassette::Profiler", "--context-header", "cassette/contexts/profiler.hpp"], jobs=2))
    exes["profiler"] = os.path.join(work, "parse-profiler")
    run([CXX] + flags + ["-I" + runtime] + [os.path.join(out, s) for s in sources] + ["-o", exes["profiler"]])
    if not args.without_uftrace:
        exes["uftrace_pg"] = os.path.join(work, "parse-uftrace_pg")
        run([CXX] + flags + ["-pg"] + [os.path.join(root, s) for s in sources] + ["-o", exes["uftrace_pg"]])
    counts = {k: os.path.join(work, f"counts-{k}.json") for k in exes}
    times = {k: [] for k in exes}
    nodes = {}
    profiled = {}
    uftrace_data = os.path.join(work, "pugixml-uftrace.data")
    for order in rotations(list(exes), args.rounds):
        for k in order:
            env = dict(os.environ, CASSETTE_COUNTS_TABLE="/dev/null", CASSETTE_COUNTS_JSON=counts[k],
                       CASSETTE_PROFILE_TRACE="none", CASSETTE_PROFILE_FOLDED=counts[k] + ".folded",
                       CASSETTE_PROFILE_CALLGRIND="none", CASSETTE_PROFILE_DOT="none")
            cmd = [exes[k], xml, reps]
            if k == "uftrace_pg":
                shutil.rmtree(uftrace_data, ignore_errors=True)
                cmd = ["uftrace", "record", "--no-libcall", "-d", uftrace_data] + cmd
            r = subprocess.run(cmd, capture_output=True, text=True, env=env)
            if r.returncode:
                die(f"{' '.join(cmd)} exited {r.returncode}:\n{(r.stdout + r.stderr)[-3000:]}")
            s, n = r.stdout.split()
            times[k].append(float(s))
            nodes[k] = int(n)
            if k == "profiler":  # "cassette::Profiler: N calls of ..."
                profiled[k] = int(r.stderr.split("cassette::Profiler: ", 1)[1].split()[0])
    if "uftrace_pg" in exes:
        rep = run(["uftrace", "report", "-d", uftrace_data, "--no-pager", "-f", "call"])
        profiled["uftrace_pg"] = sum(int(p[0]) for p in (line.split(None, 1) for line in rep.splitlines())
                                     if len(p) == 2 and p[0].isdigit() and not p[1].startswith("linux:"))
        shutil.rmtree(uftrace_data, ignore_errors=True)
    if len(set(nodes.values())) != 1:
        die(f"pugixml: the programs disagree on the number of nodes: {nodes}")
    med = {k: statistics.median(t) for k, t in times.items()}
    size = os.path.getsize(xml)
    print(f"### A real program: pugixml 1.13 parsing and walking a generated document "
          f"({human(size)}, {nodes['original']:,} nodes and attributes, x{reps}; median of {args.rounds} alternating runs)")
    print()
    print("| program | time | ratio | calls counted |")
    print("|---|---|---|---|")
    print(f"| original | {1e3 * med['original']:.1f} ms | - | - |")
    for setting, _ in SETTINGS:
        label = SETTING_LABEL[setting]
        print(f"| rewritten{label}, cassette::EmptyContext | {1e3 * med['empty' + setting]:.1f} ms | "
              f"{ratio(med['empty' + setting], med['original'], 3)} | - |")
        total = json.load(open(counts["counter" + setting]))["total"]
        print(f"| rewritten{label}, cassette::CallCounter | {1e3 * med['counter' + setting]:.1f} ms | "
              f"{ratio(med['counter' + setting], med['original'])} | {total:,} |")
    print(f"| rewritten, cassette::Profiler (function calls, timed; whole run) | {1e3 * med['profiler']:.1f} ms | "
          f"{ratio(med['profiler'], med['original'])} | {profiled['profiler']:,} |")
    if "uftrace_pg" in exes:
        print(f"| original built with -pg, uftrace record (functions left after inlining; whole run) | "
              f"{1e3 * med['uftrace_pg']:.1f} ms | {ratio(med['uftrace_pg'], med['original'])} | "
              f"{profiled['uftrace_pg']:,} |")
    print()
    for setting, _ in SETTINGS:
        report = reports[setting]
        skipped = report["skipped_by_reason"]
        kinds = report["call_sites_rewritten"]["by_kind"]
        ops = report.get("builtin_operators", {})
        line = (f"Rewrite{SETTING_LABEL[setting]}: {len(report['functions_twinned'])} functions twinned, "
                f"{report['call_sites_rewritten']['total']:,} call sites rewritten "
                f"({kinds.get('builtin operator', 0):,} of them builtin operators), ")
        if not ops.get("intercepted", True):
            line += f"{ops['left_as_written']:,} builtin operators left as written by the option, "
        line += (f"{sum(skipped.values()):,} left as written for a reason (" +
                 ", ".join(f"{n:,} {r}" for r, n in sorted(skipped.items(), key=lambda kv: -kv[1])[:3]) + ")")
        if report.get("macros_expanded"):
            line += f"; {len(report['macros_expanded']):,} macro uses expanded"
        print(line + ".")
    print()


def timed(cmd):
    """(wall seconds, CPU seconds (user + system), peak RSS in KB) of cmd, from GNU time."""
    with tempfile.NamedTemporaryFile("r", suffix=".time") as tf:
        t0 = time.perf_counter()
        r = subprocess.run(["/usr/bin/time", "-f", "%U %S %M", "-o", tf.name] + cmd, capture_output=True, text=True)
        wall = time.perf_counter() - t0
        if r.returncode:
            die(f"{' '.join(cmd)} exited {r.returncode}:\n{(r.stdout + r.stderr)[-3000:]}")
        user, system, rss = tf.read().split()[-3:]
        return wall, float(user) + float(system), int(rss)


def time_trace(cmd, work):
    """Front end, template instantiation and back end seconds of one compile,
    from clang's -ftime-trace at its default granularity, and how many
    `cassette::rt::call` specializations it instantiated, from a second
    trace at granularity 0 (every instantiation listed; its own overhead
    distorts the times, so they are not taken from it)."""
    trace = os.path.join(work, "unit.json")
    obj = cmd[cmd.index("-o") + 1]

    def events(granularity):
        r = subprocess.run(cmd + ["-ftime-trace=" + trace, f"-ftime-trace-granularity={granularity}"],
                           capture_output=True, text=True)
        if r.returncode:
            die(f"{' '.join(cmd)} failed:\n{r.stderr[-2000:]}")
        os.remove(obj)
        return [e for e in json.load(open(trace))["traceEvents"] if e.get("ph") == "X"]

    total = {e["name"]: e["dur"] / 1e6 for e in events(500) if e["name"].startswith("Total ")}
    calls = sum(1 for e in events(0) if e["name"] == "InstantiateFunction" and
                e.get("args", {}).get("detail", "").startswith("cassette::rt::call<"))
    return {"front": total.get("Total Frontend", 0), "inst": total.get("Total InstantiateFunction", 0),
            "back": total.get("Total Backend", 0), "calls": calls}


def part_build(args, work):
    """cassette-rewrite vs clang -fsyntax-only on the same units, -j1 vs -j2,
    peak memory, and compiling the rewritten units vs the originals, with
    builtin operators intercepted and with --no-builtin-operators."""
    rw = realworld()
    root = os.path.join(work, "buildcost")
    shutil.rmtree(root, ignore_errors=True)
    os.makedirs(os.path.join(root, "tinyxml2"))
    shutil.copytree(pugixml_tree(work), os.path.join(root, "pugixml"))
    tx = rw.fetch("tinyxml2", rw.PROJECTS["tinyxml2"]["version"], os.path.join(work, "downloads"))
    for f in ["tinyxml2.cpp", "tinyxml2.h", "xmltest.cpp"]:
        shutil.copy(os.path.join(tx, f), os.path.join(root, "tinyxml2"))
    units = [os.path.join(root, u) for u in ["pugixml/pugixml.cpp", "tinyxml2/tinyxml2.cpp", "tinyxml2/xmltest.cpp"]]
    flags = ["-std=c++17"]
    out = os.path.join(work, "buildcost-out")
    runtime = os.path.join(REPO, "runtime")
    ctx = ["--overdub-main", "cassette::EmptyContext", "--context-header", "cassette/contexts/empty.hpp"]
    # A context with hooks: every call site instantiates the whole protocol.
    counter = ["--overdub-main", "cassette::CallCounter", "--context-header", "cassette/contexts/counter.hpp"]
    rounds = args.rounds
    prologue = os.path.join(work, "prologue.hpp")  # what cassette_overdub precompiles in whole-program mode
    with open(prologue, "w") as f:
        f.write("#include <cassette/rt/unit.hpp>\n#include <cassette/rt/whole_program.hpp>\n")

    if args.smoke:
        units = units[1:2]
    rows = []
    for u in units:
        name = os.path.relpath(u, root)
        # The rewritten unit (whole-program mode: twins instantiated for the
        # context), with builtin operators intercepted and left as written.
        obj = os.path.join(work, "unit.o")
        cmds = {"syntax": [CXX, "-fsyntax-only"] + flags + [u],
                "rewrite": rewrite(args.rewriter, root, out, [u], flags, ctx),
                "rewrite_nocheck": rewrite(args.rewriter, root, out, [u], flags, ctx + ["--no-check"]),
                "compile": [CXX, "-std=c++20", "-O2", "-c", u, "-o", obj],
                "compile_O0": [CXX, "-std=c++20", "-O0", "-c", u, "-o", obj]}
        sites = {}
        for setting, knob in SETTINGS:
            o = out + setting
            rep = os.path.join(work, f"buildcost{setting}.report.json")
            run(rewrite(args.rewriter, root, o, [u], flags, ctx + knob, rep))
            sites[setting] = json.load(open(rep))["call_sites_rewritten"]["total"]
            cmds["compile_rewritten" + setting] = [CXX, "-std=c++20", "-O2", "-I" + runtime, "-c",
                                                   os.path.join(o, name), "-o", obj]
            if setting == "":
                cmds["compile_rewritten_O0"] = [CXX, "-std=c++20", "-O0", "-I" + runtime, "-c",
                                                os.path.join(o, name), "-o", obj]
        # The same with the runtime precompiled, as cassette_overdub(...
        # PRECOMPILE_RUNTIME) builds it once per target: the prologue every
        # rewritten unit of this mode includes first.
        for level in ("O2", "O0"):
            pch = os.path.join(work, f"prologue-{level}.pch")
            run([CXX, "-std=c++20", "-" + level, "-I" + runtime, "-x", "c++-header", prologue, "-o", pch])
            cmds[f"compile_rewritten_pch_{level}"] = [CXX, "-std=c++20", "-" + level, "-I" + runtime,
                                                      "-include-pch", pch, "-c", os.path.join(out, name), "-o", obj]
        cmds["pch_build"] = [CXX, "-std=c++20", "-O2", "-I" + runtime, "-x", "c++-header", prologue,
                             "-o", os.path.join(work, "prologue-timed.pch")]
        o = out + "_counter"
        run(rewrite(args.rewriter, root, o, [u], flags, counter))
        cmds["compile_counter"] = [CXX, "-std=c++20", "-O2", "-I" + runtime, "-c", os.path.join(o, name), "-o", obj]
        t = {k: [] for k in cmds}
        rss = {k: 0 for k in cmds}
        for order in rotations(list(cmds), rounds):
            for k in order:
                _, sec, m = timed(cmds[k])
                t[k].append(sec)
                rss[k] = max(rss[k], m)
        rows.append((name, {k: statistics.median(v) for k, v in t.items()}, rss, sites,
                     time_trace(cmds["compile"], work), time_trace(cmds["compile_rewritten"], work)))
    jobs = {1: [], 2: []}
    for order in rotations([1, 2], rounds):
        for j in order:
            jobs[j].append(timed(rewrite(args.rewriter, root, out, units, flags, ctx, jobs=j))[0])
    j1, j2 = statistics.median(jobs[1]), statistics.median(jobs[2])
    print(f"### Build cost (CPU time, user + system, median of {rounds} alternating runs; peak memory from GNU time)")
    print()
    print("cassette-rewrite checks that each rewritten unit compiles before it writes it (`-fsyntax-only` "
          "of the output, which instantiates the twins); `--no-check` leaves that out.")
    print()
    print("| unit | clang -fsyntax-only | cassette-rewrite --no-check | ratio | cassette-rewrite | ratio | "
          "peak RSS clang | peak RSS rewrite --no-check | ratio | peak RSS rewrite |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for name, med, rss, *_ in rows:
        print(f"| {name} | {med['syntax']:.2f} s | {med['rewrite_nocheck']:.2f} s | "
              f"{ratio(med['rewrite_nocheck'], med['syntax'])} | {med['rewrite']:.2f} s | {ratio(med['rewrite'], med['syntax'])} | "
              f"{rss['syntax'] / 1024:.0f} MB | {rss['rewrite_nocheck'] / 1024:.0f} MB | "
              f"{ratio(rss['rewrite_nocheck'], rss['syntax'])} | {rss['rewrite'] / 1024:.0f} MB |")
    print()
    print(f"Scaling (wall time): cassette-rewrite on the {len(units)} units together: -j1 {j1:.2f} s, -j2 {j2:.2f} s "
          f"(speed-up {j1 / j2:.2f}x on {os.cpu_count()} cores).")
    print()
    print("Compiling the rewritten unit (whole-program mode, cassette::EmptyContext) vs the original, "
          "both `-O2`, in the same alternating runs; builtin operators intercepted (the default) and "
          "left as written (`--no-builtin-operators`):")
    print()
    print("| unit | compile original | call sites rewritten | compile rewritten | ratio | "
          "call sites, --no-builtin-operators | compile rewritten, --no-builtin-operators | ratio |")
    print("|---|---|---|---|---|---|---|---|")
    for name, med, _, sites, *_ in rows:
        cells = [name, f"{med['compile']:.2f} s"]
        for setting, _ in SETTINGS:
            c = med["compile_rewritten" + setting]
            cells += [f"{sites[setting]:,}", f"{c:.2f} s", ratio(c, med["compile"])]
        print("| " + " | ".join(cells) + " |")
    print()
    print("The same at `-O0` (the edit-compile-debug loop), builtin operators intercepted:")
    print()
    print("| unit | compile original -O0 | compile rewritten -O0 | ratio |")
    print("|---|---|---|---|")
    for name, med, *_ in rows:
        print(f"| {name} | {med['compile_O0']:.2f} s | {med['compile_rewritten_O0']:.2f} s | "
              f"{ratio(med['compile_rewritten_O0'], med['compile_O0'])} |")
    print()
    print("With the runtime precompiled (`cassette_overdub(... PRECOMPILE_RUNTIME)`: what every rewritten "
          "unit includes first, built once per target, here in "
          f"{statistics.median([r[1]['pch_build'] for r in rows]):.2f} s; not counted in the units' times), "
          "builtin operators intercepted, in the same alternating runs:")
    print()
    print("| unit | compile original -O2 | rewritten, precompiled runtime -O2 | ratio | "
          "compile original -O0 | rewritten, precompiled runtime -O0 | ratio |")
    print("|---|---|---|---|---|---|---|")
    for name, med, *_ in rows:
        print(f"| {name} | {med['compile']:.2f} s | {med['compile_rewritten_pch_O2']:.2f} s | "
              f"{ratio(med['compile_rewritten_pch_O2'], med['compile'])} | {med['compile_O0']:.2f} s | "
              f"{med['compile_rewritten_pch_O0']:.2f} s | {ratio(med['compile_rewritten_pch_O0'], med['compile_O0'])} |")
    print()
    print("Under a context with hooks (`cassette::CallCounter`, every call and builtin operator counted; "
          "whole-program mode), `-O2`, in the same alternating runs:")
    print()
    print("| unit | compile original | compile rewritten, CallCounter | ratio |")
    print("|---|---|---|---|")
    for name, med, *_ in rows:
        print(f"| {name} | {med['compile']:.2f} s | {med['compile_counter']:.2f} s | "
              f"{ratio(med['compile_counter'], med['compile'])} |")
    print()
    print("Where the `-O2` compile goes, from one `-ftime-trace` of each (CPU seconds; "
          "instantiation is clang's `Total InstantiateFunction`, which holds the classes "
          "instantiated inside functions; original / rewritten):")
    print()
    print("| unit | front end | template instantiation | back end | `cassette::rt::call` instantiations |")
    print("|---|---|---|---|---|")
    for name, _, _, _, orig, rewritten in rows:
        cells = [name] + [f"{orig[k]:.2f} / {rewritten[k]:.2f} s" for k in ("front", "inst", "back")]
        cells.append(f"{rewritten['calls']:,}")
        print("| " + " | ".join(cells) + " |")
    print()


def main():
    a = argparse.ArgumentParser()
    a.add_argument("--build", required=True)
    a.add_argument("--rounds", type=int, default=5)
    a.add_argument("--smoke", action="store_true", help="tiny inputs: checks that everything runs")
    a.add_argument("--parts", default="count,trace,pugixml,build")
    a.add_argument("--without-uftrace", action="store_true", help="leave uftrace out (CI's smoke test)")
    a.add_argument("--without-xray", action="store_true", help="leave XRay out (not built with sanitizers)")
    args = a.parse_args()
    args.build = os.path.abspath(args.build)
    args.rewriter = os.path.join(args.build, "tool", "cassette-rewrite")
    work = os.path.join(args.build, "bench", "work")
    os.makedirs(work, exist_ok=True)
    parts = {"count": part_count, "trace": part_trace, "pugixml": part_pugixml, "build": part_build}
    for p in args.parts.split(","):
        if p not in parts:
            die(f"unknown part {p}; parts are {', '.join(parts)}")
        parts[p](args, work)
    return 0


if __name__ == "__main__":
    sys.exit(main())

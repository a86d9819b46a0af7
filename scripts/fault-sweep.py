#!/usr/bin/env python3
"""Fault sweep: runs a program rewritten under cassette::FaultInjector once per
reachable call of chosen callees, with that call failing, and reports how the
program took it (docs/fault_injection.md).

  scripts/fault-sweep.py --fault fopen=return:null [--fault fread=return:0 ...] -- PROGRAM [ARGS...]

1. A counting run: CASSETTE_FAULT names the callees without an action and
   CASSETTE_FAULT_COUNT makes the injector write, at exit, how many times each
   was called. Its exit status and output are the baseline.
2. For each callee and each N from 1 to its count, a run with
   CASSETTE_FAULT="CALLEE#N=ACTION": the Nth call fails, the others run.

Each run is classified from its exit status and stderr:
  crashed           killed by a signal, an AddressSanitizer error report, or an
                    uncaught exception (std::terminate);
  leaked            LeakSanitizer's report (build with -fsanitize=address);
  failed gracefully a non-zero exit without either;
  handled           exit 0 but stdout differs from the counting run's (less the
                    lines --ignore REGEX matches: timings);
  succeeded anyway  exit 0 and the counting run's stdout;
  not reached       the injector's note is missing: the Nth call did not happen;
  hung              killed after --timeout seconds;
  rule error        the injector refused the rule (exit 125).
The result is a markdown table (stdout, or --markdown FILE) and, with --json
FILE, the same as JSON. Each run starts in a fresh directory: a copy of
--inputs DIR, or an empty one."""
import argparse
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile

NOTE = re.compile(r"^cassette::FaultInjector: call (\d+) of (.+?) (returns .*|throws .*|is skipped) \(rule (.*)\) in (.*)$")
LEAK = re.compile(r"SUMMARY: AddressSanitizer: (\d+) byte\(s\) leaked in (\d+) allocation\(s\)")
ASAN = re.compile(r"ERROR: AddressSanitizer: (\S+)")
UNCAUGHT = re.compile(r"terminate called after throwing an instance of '([^']+)'")
OWN_LINES = re.compile(r"^(cassette::FaultInjector: |==\d+==|SUMMARY: |\s*#\d+ |terminate called|  what\(\): )")


def run(program, env, inputs, cwd_root, timeout):
    """Runs the program in a fresh directory; (returncode or None on timeout, stdout, stderr)."""
    work = tempfile.mkdtemp(dir=cwd_root)
    try:
        if inputs:
            shutil.copytree(inputs, work, dirs_exist_ok=True)
        try:
            r = subprocess.run(program, cwd=work, env=env, capture_output=True, text=True, errors="replace",
                               timeout=timeout)
            return r.returncode, r.stdout, r.stderr
        except subprocess.TimeoutExpired as e:
            out = e.stdout.decode(errors="replace") if isinstance(e.stdout, bytes) else (e.stdout or "")
            err = e.stderr.decode(errors="replace") if isinstance(e.stderr, bytes) else (e.stderr or "")
            return None, out, err
    finally:
        shutil.rmtree(work, ignore_errors=True)


def base_env(extra):
    env = dict(os.environ)
    for k in ["CASSETTE_FAULT", "CASSETTE_FAULT_FILE", "CASSETTE_FAULT_COUNT", "CASSETTE_FAULT_QUIET"]:
        env.pop(k, None)
    env.update(extra)
    return env


def signal_name(rc):
    try:
        return signal.Signals(-rc).name
    except ValueError:
        return f"signal {-rc}"


def program_line(stderr):
    """The program's own first line on stderr (not the injector's nor a sanitizer's)."""
    for line in stderr.splitlines():
        if line.strip() and not OWN_LINES.match(line):
            return line.strip()
    return ""


def new_line(stdout, baseline_stdout):
    """The first line of stdout that the counting run did not print."""
    seen = set(baseline_stdout.splitlines())
    for line in stdout.splitlines():
        if line.strip() and line not in seen:
            return line.strip()
    return ""


def shorten(text, width=72):
    return text if len(text) <= width else text[:width - 3] + "..."


def classify(rc, stdout, stderr, baseline_stdout):
    """(outcome, detail) of one run (stdouts without the --ignore'd lines)."""
    if rc is None:
        return "hung", "killed after the timeout"
    if rc == 125 and "cassette::FaultInjector: rule `" in stderr:
        return "rule error", next(l for l in stderr.splitlines() if "cassette::FaultInjector: rule `" in l)
    if m := ASAN.search(stderr):
        kind = m.group(1)
        if kind in ("SEGV", "BUS", "FPE", "ABRT", "ILL"):
            return "crashed", "SIG" + kind
        return "crashed", "AddressSanitizer: " + kind
    if m := UNCAUGHT.search(stderr):
        return "crashed", "uncaught " + m.group(1)
    if rc < 0:
        return "crashed", signal_name(rc)
    if m := LEAK.search(stderr):
        n, allocs = int(m.group(1)), int(m.group(2))
        return "leaked", f"{n} byte{'s' * (n != 1)} in {allocs} allocation{'s' * (allocs != 1)}"
    line = shorten(program_line(stderr) or new_line(stdout, baseline_stdout))
    if rc != 0:
        return "failed gracefully", f"exit {rc}" + (f": {line}" if line else "")
    if stdout != baseline_stdout:
        return "handled", "exit 0, other output" + (f": {line}" if line else "")
    line = shorten(program_line(stderr))
    return "succeeded anyway", "exit 0, same output" + (f"; stderr: {line}" if line else "")


def kept(stdout, ignore):
    """stdout without the lines that match --ignore (timings, addresses)."""
    if not ignore:
        return stdout
    return "".join(line for line in stdout.splitlines(keepends=True) if not re.search(ignore, line))


def md(text):
    return text.replace("|", "\\|")


def sweep(args):
    cwd_root = tempfile.mkdtemp(prefix="fault-sweep-")
    try:
        faults = []
        for spec in args.fault:
            callee, sep, action = spec.partition("=")
            if not sep or not callee or not action:
                sys.exit(f"fault-sweep: --fault {spec!r}: expected CALLEE=ACTION (fopen=return:null)")
            faults.append((callee, action))
        counts_file = os.path.join(cwd_root, "counts.json")
        env = base_env({"CASSETTE_FAULT": ";".join(c for c, _ in faults), "CASSETTE_FAULT_COUNT": counts_file})
        rc, base_out, base_err = run(args.program, env, args.inputs, cwd_root, args.timeout)
        base_out = kept(base_out, args.ignore)
        if not os.path.exists(counts_file):
            sys.exit(f"fault-sweep: the counting run (exit {rc}) wrote no counts: is the program built under "
                     f"cassette::FaultInjector?\n{base_err[-2000:]}")
        with open(counts_file) as f:
            counted = json.load(f)
        result = {"program": args.program, "baseline": {"exit": rc}, "callees": [], "runs": []}
        for callee, action in faults:
            n = counted["counts"].get(callee, 0)
            result["callees"].append({"callee": callee, "action": action, "calls": n,
                                      "seen_as": counted["seen_as"].get(callee, [])})
            for i in range(1, min(n, args.max_calls) + 1):
                rule = f"{callee}#{i}={action}"
                rc, out, err = run(args.program, base_env({"CASSETTE_FAULT": rule}), args.inputs, cwd_root,
                                   args.timeout)
                notes = [m for m in map(NOTE.match, err.splitlines()) if m]
                outcome, detail = classify(rc, kept(out, args.ignore), err, base_out)
                if not notes and outcome != "rule error":
                    outcome, detail = "not reached", detail
                result["runs"].append({"callee": callee, "call": i, "rule": rule, "exit": rc,
                                       "called_in": notes[0].group(5) if notes else "",
                                       "outcome": outcome, "detail": detail})
                if args.verbose:
                    sys.stderr.write(f"{rule}: {outcome} ({detail})\n")
        return result
    finally:
        shutil.rmtree(cwd_root, ignore_errors=True)


def markdown(result, args):
    lines = []
    base = result["baseline"]["exit"]
    lines.append(f"Counting run: exit {base}; " + "; ".join(
        f"`{c['callee']}` called {c['calls']} time{'s' * (c['calls'] != 1)}" +
        (f" (as {', '.join('`' + s + '`' for s in c['seen_as'])})" if c["seen_as"] not in ([], [c["callee"]]) else "") +
        (f", the first {args.max_calls} swept" if c["calls"] > args.max_calls else "")
        for c in result["callees"]) + ".")
    lines.append("")
    lines.append("| fault | called in | outcome | detail |")
    lines.append("|---|---|---|---|")
    for r in result["runs"]:
        lines.append(f"| `{md(r['rule'])}` | {md(r['called_in'])} | {r['outcome']} | {md(r['detail'])} |")
    tally = {}
    for r in result["runs"]:
        tally[r["outcome"]] = tally.get(r["outcome"], 0) + 1
    order = ["crashed", "leaked", "failed gracefully", "handled", "succeeded anyway", "not reached", "hung",
             "rule error"]
    lines.append("")
    lines.append(f"{len(result['runs'])} run{'s' * (len(result['runs']) != 1)}: " +
                 (", ".join(f"{tally[o]} {o}" for o in order if o in tally) or "none") + ".")
    return "\n".join(lines) + "\n"


def main():
    a = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    a.add_argument("--fault", action="append", required=True, metavar="CALLEE=ACTION",
                   help="a callee as the rules name it and what its failing call does (fopen=return:null, "
                        "parse=throw:runtime_error:bad input); repeat for several callees")
    a.add_argument("--inputs", help="each run starts in a fresh copy of this directory")
    a.add_argument("--timeout", type=float, default=60, help="seconds before a run counts as hung (60)")
    a.add_argument("--max-calls", type=int, default=1000, help="sweep at most the first N calls of each callee")
    a.add_argument("--ignore", metavar="REGEX",
                   help="stdout lines matching this are left out when outputs are compared (timings)")
    a.add_argument("--markdown", help="write the table here instead of stdout")
    a.add_argument("--json", help="also write the runs as JSON")
    a.add_argument("-v", "--verbose", action="store_true", help="print each run's outcome as it ends")
    a.add_argument("program", nargs=argparse.REMAINDER, help="-- PROGRAM [ARGS...]")
    args = a.parse_args()
    if args.program[:1] == ["--"]:
        args.program = args.program[1:]
    if not args.program:
        a.error("no program given (-- PROGRAM [ARGS...])")
    args.program[0] = os.path.abspath(args.program[0]) if os.sep in args.program[0] else args.program[0]
    if args.inputs:
        args.inputs = os.path.abspath(args.inputs)
    result = sweep(args)
    table = markdown(result, args)
    if args.markdown:
        with open(args.markdown, "w") as f:
            f.write(table)
    else:
        sys.stdout.write(table)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(result, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())

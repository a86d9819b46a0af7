#!/usr/bin/env python3
"""The fault-injection example: the journal program, rewritten with
--overdub-main cassette::FaultInjector, run under a series of rules (each run
in a fresh directory), and swept with scripts/fault-sweep.py.

  --part runs   each case's stdout, exit status and stderr, one transcript,
                exactly expected/journal.txt;
  --part sweep  the sweep's table over fopen, count_entries and mood, exactly
                expected/journal_sweep.md.

--update rewrites the expected file from this run."""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile

# (what the case shows, environment)
CASES = [
    ("no rule: the program as written", {}),
    ("the 2nd fopen returns null", {"CASSETTE_FAULT": "fopen#2=return:null"}),
    ("the 3rd and 4th fopen return null and set errno", {"CASSETTE_FAULT": "fopen#3-4=return:null,errno:ENOENT"}),
    ("a function of the program throws", {"CASSETTE_FAULT": "count_entries#2=throw:runtime_error:disk on fire"}),
    ("a bool and an enumeration returned", {"CASSETTE_FAULT": "write_journal#1=return:false; mood=return:2"}),
    ("rules from a file", {"CASSETTE_FAULT_FILE": "rules.txt"}),
    ("counting only", {"CASSETTE_FAULT": "fopen;count_entries", "CASSETTE_FAULT_COUNT": "counts.json"}),
    ("a rule that never fires", {"CASSETTE_FAULT": "fopen#9=return:null"}),
    ("a value the result type cannot take", {"CASSETTE_FAULT": "count_entries#1=return:null"}),
    ("a rule that cannot be read", {"CASSETTE_FAULT": "fopen#2=return:nothing"}),
]
RULES_FILE = """# tuesday's journal cannot be read back
fopen#4 = return:null ; mood = throw:bad_alloc

# (a comment, a blank line, two rules on one line)
"""


def run_case(program, env_extra):
    work = tempfile.mkdtemp(prefix="fault-journal-")
    try:
        with open(os.path.join(work, "rules.txt"), "w") as f:
            f.write(RULES_FILE)
        env = {k: v for k, v in os.environ.items() if not k.startswith("CASSETTE_FAULT")}
        env.update(env_extra)
        r = subprocess.run([program], cwd=work, env=env, capture_output=True, text=True)
        counts = None
        if "CASSETTE_FAULT_COUNT" in env_extra:
            with open(os.path.join(work, env_extra["CASSETTE_FAULT_COUNT"])) as f:
                counts = f.read()
        return r, counts
    finally:
        shutil.rmtree(work, ignore_errors=True)


def transcript(program):
    out = []
    for what, env in CASES:
        r, counts = run_case(program, env)
        shown = " ".join(f"{k}='{v}'" for k, v in env.items())
        out.append(f"# {what}")
        out.append(f"$ {shown + ' ' if shown else ''}journal")
        out += r.stdout.splitlines()
        out.append(f"[exit {r.returncode}]")
        out += ["stderr: " + line for line in r.stderr.splitlines()]
        if counts is not None:
            out.append("counts.json: " + counts.strip())
        if what == "rules from a file":
            out += [("rules.txt: " + line).rstrip() for line in RULES_FILE.splitlines()]
        out.append("")
    return "\n".join(out)


def sweep(program, script):
    r = subprocess.run([sys.executable, script, "--fault", "fopen=return:null",
                        "--fault", "count_entries=throw:runtime_error:disk on fire", "--fault", "mood=return:2",
                        "--", program], capture_output=True, text=True)
    if r.returncode:
        sys.exit(f"FAIL: fault-sweep.py exited {r.returncode}:\n{r.stderr}")
    return r.stdout


def main():
    a = argparse.ArgumentParser()
    a.add_argument("--part", choices=["runs", "sweep"], required=True)
    a.add_argument("--program", required=True)
    a.add_argument("--expected", required=True, help="the expected/ directory")
    a.add_argument("--sweep-script", help="scripts/fault-sweep.py")
    a.add_argument("--update", action="store_true")
    args = a.parse_args()
    if args.part == "runs":
        got, path = transcript(args.program), os.path.join(args.expected, "journal.txt")
    else:
        got, path = sweep(args.program, args.sweep_script), os.path.join(args.expected, "journal_sweep.md")
    if args.update:
        with open(path, "w") as f:
            f.write(got)
        return 0
    expected = open(path).read()
    if got != expected:
        sys.stderr.write(f"FAIL: differs from {path}\n--- got:\n{got}--- expected:\n{expected}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

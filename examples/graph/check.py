#!/usr/bin/env python3
"""The graph example: the program's output and rosenbrock's dot graph are
exactly expected/'s (graph.txt, rosenbrock.dot), the Huber loss's dot graph
is written, and Graphviz's dot renders rosenbrock's graph to SVG. A tool that
is missing fails the test (scripts/install-deps.sh installs graphviz).
--update rewrites expected/ from this run."""
import argparse
import os
import shutil
import subprocess
import sys


def fail(msg):
    sys.stderr.write("FAIL: " + msg + "\n")
    sys.exit(1)


def main():
    p = argparse.ArgumentParser()
    for x in ["program", "expected", "work"]:
        p.add_argument("--" + x, required=True)
    p.add_argument("--update", action="store_true")
    a = p.parse_args()
    shutil.rmtree(a.work, ignore_errors=True)
    os.makedirs(a.work)
    r = subprocess.run([a.program, a.work], capture_output=True, text=True)
    got = {"graph.txt": r.stdout}
    for name in ["rosenbrock.dot", "huber_loss.dot"]:
        path = os.path.join(a.work, name)
        if not os.path.exists(path):
            fail(f"{path} was not written")
        got[name] = open(path).read()
    if a.update:
        for name in ["graph.txt", "rosenbrock.dot"]:
            open(os.path.join(a.expected, name), "w").write(got[name])
    for name in ["graph.txt", "rosenbrock.dot"]:
        want = open(os.path.join(a.expected, name)).read()
        if got[name] != want:
            fail(f"{name} differs from expected/{name}:\n--- got\n{got[name]}\n--- expected\n{want}")
    if r.returncode != 0:
        fail(f"the program exited {r.returncode}\n{r.stderr}")
    leftovers = [f for f in os.listdir(a.work) if ".tmp" in f]
    if leftovers:
        fail(f"temporary files left behind: {leftovers}")
    dot = shutil.which("dot")
    if not dot:
        fail("Graphviz's dot is not installed (scripts/install-deps.sh installs graphviz)")
    svg = os.path.join(a.work, "rosenbrock.svg")
    d = subprocess.run([dot, "-Tsvg", os.path.join(a.work, "rosenbrock.dot"), "-o", svg], capture_output=True, text=True)
    if d.returncode != 0 or "<svg" not in open(svg).read():
        fail(f"dot could not render rosenbrock.dot to SVG:\n{d.stderr}")
    print("graph example: output, dot and SVG as expected")


if __name__ == "__main__":
    main()

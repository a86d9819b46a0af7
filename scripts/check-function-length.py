#!/usr/bin/env python3
"""Fails when a function defined in lib/ is longer than the limit (issue 17:
no function in lib/ over ~80 lines). Functions are found by the layout
clang-format gives this code: a definition starts at column 0 and its body
ends with a `}` alone at column 0.

usage: check-function-length.py ROOT [--limit N]"""
import argparse
import glob
import os
import sys

SKIP = ("namespace", "}", "//", "#", "using", "class ", "struct ", "static_assert", "template <", "enum ")


def long_functions(path, limit):
    lines = open(path).read().split("\n")
    i = 0
    while i < len(lines):
        line = lines[i]
        if line and not line[0].isspace() and not line.startswith(SKIP) and "(" in line:
            j = i  # the line that opens the body
            while j < len(lines) and not lines[j].rstrip().endswith(("{", ";", "}")):
                j += 1
            if j < len(lines) and lines[j].rstrip().endswith("{") and not lines[j].rstrip().endswith("= {"):
                k = j + 1
                while k < len(lines) and lines[k] != "}":
                    k += 1
                if k - i + 1 > limit:
                    yield i + 1, k - i + 1, line.strip()
                i = k
        i += 1


def main():
    p = argparse.ArgumentParser()
    p.add_argument("root")
    p.add_argument("--limit", type=int, default=85)
    a = p.parse_args()
    files = sorted(glob.glob(os.path.join(a.root, "lib", "**", "*.cpp"), recursive=True))
    bad = [(f, n, length, head) for f in files for n, length, head in long_functions(f, a.limit)]
    for f, n, length, head in bad:
        print(f"{os.path.relpath(f, a.root)}:{n}: function of {length} lines (limit {a.limit}): {head[:80]}")
    print(f"check-function-length: {len(files)} files, {len(bad)} function(s) over {a.limit} lines")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

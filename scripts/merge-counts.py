#!/usr/bin/env python3
"""Merges the JSON files cassette::CallCounter wrote, one per process (run the
program with CASSETTE_COUNTS_JSON=counts-%p.json), into one: counts per
callee summed, each callee's declaration as the first file that names one
says. Prints the table, or writes the JSON with -o."""
import argparse
import json
import sys


def main():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("files", nargs="+", help="counts JSON files written by CallCounter")
    p.add_argument("-o", "--output", help="write the merged JSON here instead of printing a table")
    a = p.parse_args()
    counts, declared = {}, {}
    for path in a.files:
        try:
            with open(path) as f:
                data = json.load(f)
        except (OSError, ValueError) as e:
            sys.exit(f"merge-counts: error: {path}: {e}")
        for callee, n in data.get("counts", {}).items():
            counts[callee] = counts.get(callee, 0) + n
        for callee, place in data.get("declared", {}).items():
            declared.setdefault(callee, place)
    merged = {"total": sum(counts.values()), "callees": len(counts), "processes": len(a.files),
              "counts": dict(sorted(counts.items())), "declared": dict(sorted(declared.items()))}
    if a.output:
        with open(a.output, "w") as f:
            json.dump(merged, f, indent=1)
            f.write("\n")
        return 0
    for callee, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])):
        place = f" ({declared[callee]})" if callee in declared else ""
        print(f"{n:14}  {callee}{place}")
    print(f"{merged['total']:14}  total ({merged['callees']} callees, {len(a.files)} processes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Fails when a file of lib/ outside lib/tagging/ reads the --tagging option
(issue 17: tagging is a part of its own, asked through TaggingPolicy and
TaggingPlanner). lib/Validate.cpp sets the option from the command line.

usage: check-tagging-readers.py ROOT"""
import glob
import os
import re
import sys

root = sys.argv[1]
reads = re.compile(r"\b(Opts|O|Options|Env\.Opts)\s*(\.|->)\s*Tagging\b")
found = []
for f in sorted(glob.glob(os.path.join(root, "lib", "**", "*.*"), recursive=True)):
    rel = os.path.relpath(f, root)
    if rel.startswith(os.path.join("lib", "tagging")) or rel == os.path.join("lib", "Validate.cpp"):
        continue
    for n, line in enumerate(open(f), 1):
        if reads.search(line):
            found.append(f"{rel}:{n}: reads the tagging option: {line.strip()}")
print("\n".join(found + [f"check-tagging-readers: {len(found)} read(s) outside lib/tagging/"]))
sys.exit(1 if found else 0)

#!/usr/bin/env python3
"""Checks that every relative link of the repository's Markdown files resolves.

For each [text](target) in a tracked *.md file whose target is not a URL:
the file or folder must exist (relative to the Markdown file) inside the
repository, and a #fragment must name a heading of the target file (GitHub's
anchors: lower case, punctuation dropped, spaces to hyphens, -1, -2 for
repeats). Prints each broken link as FILE:LINE: TARGET (why); exits 1 if any.
Run: scripts/check-links.py [repository root]   (CTest: docs.links)
"""
import re
import subprocess
import sys
from pathlib import Path

LINK = re.compile(r"(?<!!)\[(?:[^\]\\]|\\.)*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
FENCE = re.compile(r"^\s*(```|~~~)")


def slug(heading):
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link in a heading keeps its text
    text = text.strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def lines_outside_code(path):
    in_fence = False
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if FENCE.match(line):
            in_fence = not in_fence
            continue
        if not in_fence:
            yield number, line


def anchors(path, cache={}):
    if path not in cache:
        seen = {}
        found = set()
        for _, line in lines_outside_code(path):
            m = HEADING.match(line)
            if not m:
                continue
            base = slug(m.group(2))
            n = seen.get(base, 0)
            seen[base] = n + 1
            found.add(base if n == 0 else f"{base}-{n}")
        cache[path] = found
    return cache[path]


def main():
    root = Path(sys.argv[1] if len(sys.argv) > 1 else Path(__file__).resolve().parent.parent).resolve()
    try:
        files = subprocess.run(["git", "-C", str(root), "ls-files", "*.md"], check=True,
                               capture_output=True, text=True).stdout.split()
    except (OSError, subprocess.CalledProcessError):  # not a git checkout: every *.md outside build trees
        files = sorted(str(p.relative_to(root)) for p in root.rglob("*.md")
                       if not any(part.startswith(("build", ".")) for part in p.relative_to(root).parts))
    broken = 0
    checked = 0
    for name in files:
        md = root / name
        if not md.exists():
            continue
        for number, line in lines_outside_code(md):
            for target in LINK.findall(re.sub(r"`[^`]*`", "", line)):
                if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I):
                    continue  # https:, mailto: ...
                checked += 1
                path_part, _, fragment = target.partition("#")
                dest = (md.parent / path_part).resolve() if path_part else md
                why = None
                if root != dest and root not in dest.parents:
                    why = "outside the repository"
                elif not dest.exists():
                    why = "no such file"
                elif fragment and dest.is_file() and dest.suffix == ".md" and fragment not in anchors(dest):
                    why = "no such heading"
                if why:
                    broken += 1
                    print(f"{name}:{number}: {target} ({why})")
    print(f"check-links: {checked} relative links in {len(files)} Markdown files, {broken} broken")
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())

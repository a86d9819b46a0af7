#!/usr/bin/env python3
"""docs/coverage.md lists every reason of lib/SkipReasons.def, in its order,
with its id, category and text, and nothing else: this fails when they differ.

    check_skip_reasons.py SkipReasons.def coverage.md           check
    check_skip_reasons.py SkipReasons.def coverage.md --update  rewrite the table

The table stands between the BEGIN and END comments below in coverage.md.
"""
import re
import sys

BEGIN = "<!-- skip-reasons: begin (lib/SkipReasons.def; test/docs/check_skip_reasons.py --update rewrites it) -->"
END = "<!-- skip-reasons: end -->"

STRINGS = r'((?:"(?:[^"\\]|\\.)*"\s*)+)'


def joined(literals):
    return "".join(bytes(s, "utf-8").decode("unicode_escape") for s in re.findall(r'"((?:[^"\\]|\\.)*)"', literals))


def read_def(path):
    text = open(path, encoding="utf-8").read()
    # Only the entries (lines that begin with one), not the comments or the #defines.
    categories = [(m.group(1), m.group(2), joined(m.group(3))) for m in
                  re.finditer(r"^SKIP_CATEGORY\(\s*(\w+),\s*(\w+),\s*" + STRINGS + r"\)", text, re.M)]
    ids = {name: cid for name, cid, _ in categories}
    reasons = []
    for m in re.finditer(r"^(SKIP_REASON|NO_TWIN)\(\s*(\w+),\s*(\w+),\s*(\w+),\s*" + STRINGS + r"\)", text, re.M):
        kind, name, rid, category, literals = m.groups()
        if category not in ids:
            sys.exit(f"{path}: {name}: unknown category {category}")
        reasons.append((rid, ids[category], ("no twin: " if kind == "NO_TWIN" else "") + joined(literals)))
    entries = len(re.findall(r"^(?:SKIP_REASON|NO_TWIN)\(", text, re.M))
    if entries != len(reasons):
        sys.exit(f"{path}: {entries} entries, {len(reasons)} read: an entry is not written as the others")
    problems = []
    for what, values in (("id", [r[0] for r in reasons]), ("text", [r[2] for r in reasons])):
        seen = set()
        for v in values:
            if v in seen:
                problems.append(f"{path}: two reasons with the {what} {v!r}")
            seen.add(v)
    for rid, _, text in reasons:
        if not re.fullmatch(r"[a-z][a-z0-9_]*", rid):
            problems.append(f"{path}: id {rid!r} is not snake_case")
        if "|" in text:
            problems.append(f"{path}: {rid}: '|' would break the table")
        if text.count("{}") > 1:
            problems.append(f"{path}: {rid}: more than one {{}}")
    return categories, reasons, problems


def table(categories, reasons):
    lines = [BEGIN, "", "| category | what its reasons have in common |", "|---|---|"]
    lines += [f"| {cid} | {desc} |" for _, cid, desc in categories]
    lines += ["", "| reason_id | category | reason (as the report and the summary print it) |", "|---|---|---|"]
    lines += [f"| `{rid}` | {cat} | {text} |" for rid, cat, text in reasons]
    lines += ["", END]
    return "\n".join(lines)


def main():
    args = [a for a in sys.argv[1:] if a != "--update"]
    if len(args) != 2:
        sys.exit(__doc__)
    def_path, doc_path = args
    categories, reasons, problems = read_def(def_path)
    doc = open(doc_path, encoding="utf-8").read()
    if doc.count(BEGIN) != 1 or doc.count(END) != 1 or doc.index(BEGIN) > doc.index(END):
        problems.append(f"{doc_path}: the skip-reasons table must stand once between\n  {BEGIN}\n  {END}")
        print("\n".join(problems))
        return 1
    start, stop = doc.index(BEGIN), doc.index(END) + len(END)
    wanted = table(categories, reasons)
    if "--update" in sys.argv:
        if problems:
            print("\n".join(problems))
            return 1
        open(doc_path, "w", encoding="utf-8").write(doc[:start] + wanted + doc[stop:])
        print(f"{doc_path}: {len(reasons)} reasons in {len(categories)} categories")
        return 0
    have = doc[start:stop]
    if have != wanted:
        # Say which rows differ, by id.
        rows = {}
        for line in have.splitlines():
            m = re.match(r"\| `(\w+)` \| (\w+) \| (.*) \|$", line)
            if m:
                rows[m.group(1)] = (m.group(1), m.group(2), m.group(3))
        for r in reasons:
            if r[0] not in rows:
                problems.append(f"{doc_path}: no row for {r[0]} ({r[2]!r})")
            elif rows[r[0]] != r:
                problems.append(f"{doc_path}: the row of {r[0]} says {rows[r[0]][1:]}, {def_path} {r[1:]}")
        ids = {r[0] for r in reasons}
        problems += [f"{doc_path}: a row for {rid}, which {def_path} does not have" for rid in rows if rid not in ids]
        if not problems:
            problems.append(f"{doc_path}: the skip-reasons table differs from {def_path} (order, categories or layout)")
        problems.append("run test/docs/check_skip_reasons.py lib/SkipReasons.def docs/coverage.md --update")
    if problems:
        print("\n".join(problems))
        return 1
    print(f"{doc_path}: {len(reasons)} reasons in {len(categories)} categories, as {def_path} says")
    return 0


if __name__ == "__main__":
    sys.exit(main())

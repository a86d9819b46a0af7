#!/usr/bin/env python3
"""Misuses of the tagging API are compile-time errors with a clear message.

Each case is a small program that must not compile; the test checks that the
compiler fails and that its error names the rule (the static_assert in
runtime/cassette/tagging.hpp or shadow.hpp). Usage:
  compile_errors.py COMPILER RUNTIME_INCLUDE_DIR
"""
import os
import subprocess
import sys
import tempfile

PRELUDE = """#include <cassette/cassette.hpp>
#include <cstdint>
"""

CASES = {
    "tag on a context without tagging": ("""
struct Plain : cassette::Context<Plain> {};
int main() { Plain p; auto t = cassette::tag(1.0, p, 2.0); (void)t; }
""", "cassette: this context has no tagging; use cassette::enabletagging"),
    "metadata that does not convert": ("""
struct T : cassette::Context<T> { static constexpr bool tagging_enabled = true; };
template <> struct cassette::metadatatype<T, double> { using type = double; };
struct NotANumber {};
int main() { T c; auto t = cassette::tag(1.0, c, NotANumber{}); (void)t; }
""", "cassette::tag: the metadata does not convert to metadatatype<Context, T>"),
    "unchecked loads without default_means_none": ("""
struct T : cassette::Context<T> { static constexpr bool tagging_enabled = true; };
template <> struct cassette::metadatatype<T, double> {
  using type = std::uint64_t;
  static constexpr bool checks_memory = false;
};
int main() { T c; double x = 1; cassette::tag_in_place(c, x, std::uint64_t{1}); }
""", "cassette: `checks_memory = false` needs `default_means_none = true`"),
    "unchecked loads of metadata that is not trivial": ("""
struct Label { std::int64_t id = -1; bool operator==(const Label&) const = default; };
struct T : cassette::Context<T> { static constexpr bool tagging_enabled = true; };
template <> struct cassette::metadatatype<T, double> {
  using type = Label;
  static constexpr bool default_means_none = true;
  static constexpr bool checks_memory = false;
};
int main() { T c; double x = 1; cassette::tag_in_place(c, x, Label{3}); }
""", "cassette: `checks_memory = false` needs trivial metadata"),
    "whole-object metadata of a class without object_metadatatype": ("""
struct T : cassette::Context<T> { static constexpr bool tagging_enabled = true; };
struct Point { double x, y; };
int main() { T c; Point p{}; cassette::tag_object(c, p, 1); }
""", "cassette: object_metadatatype<Context, T> is void"),
    "whole-object metadata of a number": ("""
struct T : cassette::Context<T> { static constexpr bool tagging_enabled = true; };
template <> struct cassette::object_metadatatype<T, double> { using type = int; };
int main() { T c; double x = 1; cassette::tag_object(c, x, 1); }
""", "cassette: whole-object metadata is for objects of class type"),
}


def main():
    compiler, runtime = sys.argv[1], sys.argv[2]
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        for name, (body, message) in CASES.items():
            src = os.path.join(tmp, "case.cpp")
            with open(src, "w") as f:
                f.write(PRELUDE + body)
            r = subprocess.run([compiler, "-std=c++20", "-fsyntax-only", "-I" + runtime, src],
                               capture_output=True, text=True)
            if r.returncode == 0:
                print(f"FAIL {name}: compiled")
                failures += 1
            elif message not in r.stderr:
                print(f"FAIL {name}: the error does not say {message!r}:\n{r.stderr[:2000]}")
                failures += 1
            else:
                print(f"ok   {name}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

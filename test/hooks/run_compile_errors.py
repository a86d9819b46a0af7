#!/usr/bin/env python3
"""Hook mistakes stop the build, naming the hook and the call.

Each case is a program (prog.cpp, rewritten by cassette-rewrite) and a context
header (ctx.hpp, not rewritten) whose hooks run over it. A case either must
compile and print what it says, or must fail to compile with every expected
text in the compiler's messages: the runtime's static_assert (which names the
hook), the compiler's own error for the hook call (which names the user's
candidate hooks with their lines), and the callee's identity and the line of
the call in the original source (the instantiation notes). The last case
builds a rewritten file against a runtime that speaks another protocol.
Usage:
  run_compile_errors.py --rewriter R --compiler C --runtime DIR --work DIR
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys

PROGRAM = r"""
#include <cstdio>
#include <string>
namespace demo {
inline double half(double x) { return x / 2; }
inline std::string name(int n) { return std::to_string(n); }
inline double area(double r) {
  std::string s = name(3);
  return 3.0 * half(r) + static_cast<double>(s.size());
}
}  // namespace demo
"""

MAIN = r"""
#include <cstdio>
#include "ctx.hpp"
#include "prog.cpp"
int main() {
  Ctx ctx;
  std::printf("%g\n", cassette::overdub(ctx, CASSETTE_FN_IN(demo, area), 2.0));
}
"""

CASES = {
    "ambiguous prehook": dict(context=r"""
#include <cassette/cassette.hpp>
struct Ctx : cassette::Context<Ctx> {};
inline void prehook(Ctx&, const cassette::fn<"demo::half">&, float) {}
inline void prehook(Ctx&, const cassette::fn<"demo::half">&, long) {}
""", errors=[
        "cassette: the prehook for this call is ambiguous",
        "call to 'prehook' is ambiguous",
        'cassette::fn<"demo::half">',
        "prog.cpp:9:",           # the call `half(r)`, at its line in the original
        "ctx.hpp:4:", "ctx.hpp:5:",  # the two candidates
    ]),
    "ambiguous execute": dict(context=r"""
#include <cassette/cassette.hpp>
struct Ctx : cassette::Context<Ctx> {};
inline double execute(Ctx&, const cassette::fn<"demo::half">&, float) { return 0; }
inline double execute(Ctx&, const cassette::fn<"demo::half">&, long) { return 0; }
""", errors=[
        "cassette: the execute for this call is ambiguous",
        "call to 'execute' is ambiguous",
        'cassette::fn<"demo::half">',
        "prog.cpp:9:",
        "ctx.hpp:4:", "ctx.hpp:5:",
    ]),
    "execute that cannot take the arguments": dict(context=r"""
#include <cassette/cassette.hpp>
#include <string>
struct Ctx : cassette::Context<Ctx> {};
inline double execute(Ctx&, const cassette::fn<"demo::half">&, const std::string&) { return 0; }
""", errors=[
        "cassette: a execute written for this callee cannot take this call's arguments",
        "no matching function for call to 'execute'",
        'cassette::fn<"demo::half">',
        "prog.cpp:9:",
        "ctx.hpp:5:",  # the hook, and why it does not fit
    ]),
    "posthook without the result parameter": dict(context=r"""
#include <cassette/cassette.hpp>
struct Ctx : cassette::Context<Ctx> {};
inline void posthook(Ctx&, const cassette::fn<"demo::half">&, double) {}
""", errors=[
        "cassette: a posthook written for this callee cannot take this call's arguments",
        "no matching function for call to 'posthook'",
        'cassette::fn<"demo::half">',
        "ctx.hpp:4:",
    ]),
    "partial on purpose compiles": dict(context=r"""
#include <cassette/cassette.hpp>
#include <string>
struct Ctx : cassette::Context<Ctx> {
  using partial_hooks = void;  // the string overload is for other calls of half
};
inline double execute(Ctx&, const cassette::fn<"demo::half">&, const std::string&) { return 0; }
""", output="4\n"),
    "partial by the trait compiles": dict(context=r"""
#include <cassette/cassette.hpp>
#include <string>
struct Ctx : cassette::Context<Ctx> {};
template <> inline constexpr bool cassette::partial_hooks<Ctx> = true;
inline double execute(Ctx&, const cassette::fn<"demo::half">&, const std::string&) { return 0; }
""", output="4\n"),
    "hooks of the declared kinds run": dict(context=r"""
#include <cassette/cassette.hpp>
#include <cstdio>
struct Ctx : cassette::Context<Ctx> {
  static constexpr cassette::hook hook_kinds = cassette::hook::prehook | cassette::hook::execute;
};
inline void prehook(Ctx&, const cassette::fn<"demo::half">&, double x) { std::printf("half(%g)\n", x); }
inline double execute(Ctx&, const cassette::fn<"demo::half">&, double x) { return x; }
""", output="half(2)\n7\n"),
    "posthook of a kind hook_kinds leaves out": dict(context=r"""
#include <cassette/cassette.hpp>
struct Ctx : cassette::Context<Ctx> {
  static constexpr cassette::hook hook_kinds = cassette::hook::prehook;
};
template <class F, class... A>
void prehook(Ctx&, const F&, const A&...) {}
inline void posthook(Ctx&, const double&, const cassette::fn<"demo::half">&, double) {}
""", errors=[
        "cassette: a hook is written for this context, of a kind its `hook_kinds` leaves out",
        "posthook_kind",
    ]),
    "execute taking a Call, of a kind hook_kinds leaves out": dict(context=r"""
#include <cassette/cassette.hpp>
struct Ctx : cassette::Context<Ctx> {
  static constexpr cassette::hook hook_kinds = cassette::hook::posthook;
};
template <class R, class F, class... A>
void posthook(Ctx&, const R&, const F&, const A&...) {}
template <class F, class S, class... A>
auto execute(Ctx&, cassette::Call<F, S>& call, A&...) { return call.fallback(); }
""", errors=[
        "cassette: a hook is written for this context, of a kind its `hook_kinds` leaves out",
        "execute_kind",
    ]),
    "hooks for other callees and constrained hooks compile": dict(context=r"""
#include <cassette/cassette.hpp>
#include <cstdio>
#include <string>
#include <type_traits>
struct Ctx : cassette::Context<Ctx> {};
// Written for another callee: not for half's calls.
inline double execute(Ctx&, const cassette::fn<"demo::other">&, const std::string&) { return 0; }
// A constraint says which arguments a hook is for.
template <class A>
  requires std::is_integral_v<A>
void prehook(Ctx&, const cassette::fn<"demo::half">&, const A&) { std::puts("never"); }
// A hook that fits runs, and beats the runtime's own.
inline double execute(Ctx&, const cassette::fn<"demo::half">&, double x) { return x; }
""", output="7\n"),
}


def run(cmd, cwd=None):
    return subprocess.run(cmd, capture_output=True, text=True, cwd=cwd)


def rewrite(a, work, src_dir, out_dir):
    """Rewrites prog.cpp (and nothing else) into out_dir."""
    with open(os.path.join(src_dir, "compile_commands.json"), "w") as f:
        json.dump([{"directory": src_dir, "file": os.path.join(src_dir, "prog.cpp"),
                    "arguments": [a.compiler, "-std=c++20", "-I" + a.runtime, "-c", "prog.cpp"]}], f)
    r = run([a.rewriter, "-p", src_dir, "--root", src_dir, "--out-dir", out_dir])
    if r.returncode != 0:
        sys.stderr.write(f"cassette-rewrite failed ({r.returncode}):\n{r.stderr}\n")
        return False
    return True


def main():
    p = argparse.ArgumentParser()
    for name in ["rewriter", "compiler", "runtime", "work"]:
        p.add_argument("--" + name, required=True)
    a = p.parse_args()
    shutil.rmtree(a.work, ignore_errors=True)
    src = os.path.join(a.work, "src")
    out = os.path.join(a.work, "out")
    os.makedirs(src)
    with open(os.path.join(src, "prog.cpp"), "w") as f:
        f.write(PROGRAM)
    if not rewrite(a, a.work, src, out):
        return 1
    failures = 0
    for name, case in CASES.items():
        case_dir = os.path.join(a.work, re.sub(r"\W+", "_", name))
        os.makedirs(case_dir)
        with open(os.path.join(case_dir, "ctx.hpp"), "w") as f:
            f.write(case["context"])
        with open(os.path.join(case_dir, "main.cpp"), "w") as f:
            f.write(MAIN)
        exe = os.path.join(case_dir, "program")
        c = run([a.compiler, "-std=c++20", "-I" + a.runtime, "-I" + case_dir, "-I" + out,
                 os.path.join(case_dir, "main.cpp"), "-o", exe])
        if "errors" in case:
            missing = [e for e in case["errors"] if e not in c.stderr]
            if c.returncode == 0:
                print(f"FAIL {name}: compiled")
                failures += 1
            elif missing:
                print(f"FAIL {name}: the errors do not say {missing}:\n{c.stderr[:6000]}")
                failures += 1
            else:
                print(f"ok   {name}")
        else:
            if c.returncode != 0:
                print(f"FAIL {name}: does not compile:\n{c.stderr[:6000]}")
                failures += 1
                continue
            e = run([exe])
            if e.returncode != 0 or e.stdout != case["output"]:
                print(f"FAIL {name}: printed {e.stdout!r} (exit {e.returncode}), expected {case['output']!r}")
                failures += 1
            else:
                print(f"ok   {name}")

    # A rewritten file built against a runtime that speaks another protocol.
    other = os.path.join(a.work, "other-runtime")
    shutil.copytree(a.runtime, other)
    base = os.path.join(other, "cassette", "rt", "base.hpp")
    text = open(base).read()
    current = re.search(r"protocol_version = (\d+);", text)
    protocol = int(current[1]) if current else 0
    bumped, n = re.subn(r"protocol_version = (\d+);", f"protocol_version = {protocol + 1};", text)
    if n != 1:
        print("FAIL protocol mismatch: no protocol_version in rt/base.hpp")
        return 1
    open(base, "w").write(bumped)
    c = run([a.compiler, "-std=c++20", "-fsyntax-only", "-I" + other, os.path.join(out, "prog.cpp")])
    expected = ["this file was rewritten by cassette-rewrite for runtime protocol",
                "but is built against a runtime of another protocol",
                "build it with the runtime shipped with that cassette-rewrite (-I .../runtime)",
                "prog.cpp:2:",  # the check, right after the includes
                f"evaluates to '{protocol + 1} == {protocol}'"]
    missing = [e for e in expected if e not in c.stderr]
    if c.returncode == 0 or missing or c.stderr.count("error:") != 1:
        print(f"FAIL protocol mismatch: exit {c.returncode}, missing {missing}:\n{c.stderr[:4000]}")
        failures += 1
    else:
        print("ok   protocol mismatch")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

// A function a macro declares, whose body's `{` stands in a branch of an #if
// that closes inside the body (what a main file's commands that expand
// doctest's REGISTER_EXCEPTION_TRANSLATOR differently leave: the use as
// written, with its `{`, under #else). Its twin is printed from the AST and
// its body copied from the `{`: the copy would hold the #else and #endif
// without the #if. No twin, reported; its calls are hooked and run it as
// written.
// REPORT: "reason": "no twin: its declaration or its body begins in a branch of an #if that closes before the body or its end, or a declaration's name (a copy would split the #if)",
// REPORT-NEXT: "what": "twice"
// OUT: pre twice(4)
// OUT-NEXT: post twice = 8
// OUT-NEXT: pre +(8, 1)
// OUT-NEXT: post + = 9
// OUT-NEXT: result 9 plain 9
#include "trace_context.hpp"

#define DEFINE_NAMED(name) static int name(int x)

#if defined(__cplusplus)
DEFINE_NAMED(twice) {
#else
DEFINE_NAMED(twice) { (void)0;
#endif
  return x * 2;
}
// CHECK-NOT: cassette_twin_twice

int use(int n) { return twice(n) + 1; }

int main() { return golden::run(CASSETTE_FN(use), 4); }

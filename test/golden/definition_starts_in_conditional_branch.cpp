// A definition whose first line is in a branch of an #if that closes before
// its body (glog's `#if defined(__GNUC__) __attribute__((noreturn)) #elif
// defined(_MSC_VER) __declspec(noreturn) #endif static void
// DumpStackTraceAndExit() {...}`): a twin copied from its written start
// would hold the #elif and #endif without the #if. No twin, reported; its
// calls are hooked and run it as written.
// REPORT: "reason": "no twin: its declaration or its body begins in a branch of an #if that closes before the body or its end, or a declaration's name (a copy would split the #if)",
// REPORT-NEXT: "what": "cold_path"
// OUT: pre cold_path(2)
// OUT-NEXT: post cold_path = 6
// OUT-NEXT: pre +(6, 1)
// OUT-NEXT: post + = 7
// OUT-NEXT: result 7 plain 7
#include "trace_context.hpp"

#if defined(__GNUC__)
__attribute__((cold))
#elif defined(_MSC_VER)
__declspec(noinline)
#endif
static int cold_path(int x) {
  return x * 3;
}
// CHECK-NOT: cassette_twin_cold_path

int use() { return cold_path(2) + 1; }

int main() { return golden::run(CASSETTE_FN(use)); }

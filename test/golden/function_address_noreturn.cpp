// The address of a function declared with GNU's noreturn, passed as a
// callback: its type, `void (*)(int) __attribute__((noreturn))`, does not
// spell back in a template argument, so its address is taken as the plain
// pointer it converts to, and calls through it reach the twin. A function
// with another calling convention (ms_abi) cannot be spelled so: its
// address stays as written, reported.
// OUT: pre guarded(2)
// OUT-NEXT:   pre (indirect call)(ptr, 2)
// OUT-NEXT:     pre +(2, 1)
// OUT-NEXT:     post + = 3
// OUT-NEXT:   post guarded = 3
// OUT-NEXT:   pre call_win()
// OUT-NEXT:     pre (indirect call)(ptr, 1, 2)
// OUT-NEXT:     post (indirect call) = 3
// OUT-NEXT:   post call_win = 3
// OUT-NEXT:   pre +(3, 3)
// OUT-NEXT:   post + = 6
// OUT-NEXT: result 6 plain 6
#include "trace_context.hpp"

__attribute__((noreturn)) static void fail(int code) { throw code + 1; }
static int guarded(void (*handler)(int), int x) {
  try {
    handler(x);
  } catch (int e) {
    return e;
  }
  return 0;
}
// CHECK: static_cast<void (*)(int)>(&fail)

__attribute__((ms_abi)) static int win_add(int a, int b) { return a + b; }
static int call_win(int(__attribute__((ms_abi)) * f)(int, int)) { return f(1, 2); }

int use(int x) { return guarded(fail, x) + call_win(win_add); }
// REPORT: "what": "win_add"
// REPORT-NEXT: "reason_id": "function_address_calling_convention"

int main() { return golden::run(CASSETTE_FN(use), 2); }

// With --tagging, a number cast to what carries no metadata (an enum, a
// pointer, by static_cast or reinterpret_cast) is cast from its plain value (`cassette::untag`), and so is an
// array-new size; a constant is left alone, so `(char*)0` stays a null
// pointer constant and `static_cast<Mode>(2)` a constant expression.
// REWRITE-ARGS: --tagging
// OUT: result 7 plain 7
#include "trace_context.hpp"

enum Mode { off, on, both };

int use(int n) {
  Mode m = static_cast<Mode>(n);
  char* none = static_cast<char*>(0);
  constexpr Mode fixed = static_cast<Mode>(2);
  int* buf = new int[n + 1];
  buf[n] = m + fixed;
  int r = buf[n] + (none == nullptr ? 4 : 0);
  delete[] buf;
  unsigned long addr = reinterpret_cast<unsigned long>(&r);
  char* at = reinterpret_cast<char*>(addr);
  return at == reinterpret_cast<char*>(&r) ? r : -1;
}
// CHECK-LABEL: cassette_twin_use(
// CHECK: Mode m = static_cast<Mode>(::cassette::untag(n));
// CHECK: char* none = static_cast<char*>(0);
// CHECK: constexpr Mode fixed = static_cast<Mode>(2);
// CHECK: new int[::cassette::untag(
// CHECK: char* at = reinterpret_cast<char*>(::cassette::untag(addr));

int main() { return golden::run(CASSETTE_FN(use), 1); }

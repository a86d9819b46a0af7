// Static and global initialisers run the originals: a namespace-scope
// variable and a static data member are initialised before main, outside any
// context, so their calls are neither rewritten nor hooked (the trace starts
// with the twin's own `+`). A function-local static inside a twin is the
// twin's own object (one per twin instantiation, distinct from the
// original's), and its initialiser is rewritten: its first call is hooked.
// OUT: pre +(6, 12)
// OUT-NEXT: post + = 18
// OUT-NEXT: pre counter()
// OUT-NEXT:   pre triple(1)
// OUT-NEXT:     pre *(1, 3)
// OUT-NEXT:     post * = 3
// OUT-NEXT:   post triple = 3
// OUT-NEXT:   pre +(3, 1)
// OUT-NEXT:   post + = 4
// OUT-NEXT: post counter = 4
// OUT-NEXT: pre +(18, 4)
// OUT-NEXT: post + = 22
// OUT-NEXT: pre +(22, 1)
// OUT-NEXT: post + = 23
// OUT-NEXT: result 23 plain 23
#include "trace_context.hpp"

int triple(int x) { return x * 3; }

int global_value = triple(2);
// CHECK: int global_value = triple(2);
struct Config {
  static int limit;
};
int Config::limit = triple(4);
// CHECK: int Config::limit = triple(4);

int counter() {
  static int calls = triple(1);
  calls = calls + 1;
  return calls;
}
// CHECK-LABEL: cassette_twin_counter(
// CHECK-NEXT: static int calls = ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"triple">

int use(int x) { return global_value + Config::limit + counter() + x; }

int main() { return golden::run(CASSETTE_FN(use), 1); }

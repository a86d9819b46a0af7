// With --tagging, places that hold or take only plain numbers get the plain
// value (`cassette::untag`): the arguments of a compiler builtin
// (`__builtin_expect`, often behind a LIKELY macro), and a volatile variable's
// initialiser and assignments (volatile numbers carry no metadata), the
// arguments of a constructor run by placement new (not intercepted), and an
// assignment in a template to a variable of a dependent type
// (`cassette::held_as<decltype(v)>`: such a variable holds a plain value
// unless the template was deduced from a tagged argument; a dependent call
// may return a twin's tagged value). A constant argument stays as written.
// REWRITE-ARGS: --tagging
// OUT: result 16 plain 16
#include <new>

#include "trace_context.hpp"

struct Cell {
  int a, b;
  Cell(int x, int y) : a(x), b(y) {}
};

struct Doubler {
  using value_type = int;
  static int twice(int v) { return 2 * v; }
};

template <class Traits>
typename Traits::value_type accumulate(typename Traits::value_type total, int n) {
  for (int i = 0; i < n; ++i) total = Traits::twice(total);
  return total;
}
// CHECK-LABEL: cassette_twin_accumulate(
// CHECK: total = ::cassette::rt::held_as<decltype(total)>(::cassette::rt::call(

int use(int n) {
  int r = 0;
  if (__builtin_expect(n > 2, 0)) r = 4;
  volatile int seen = n * 2;
  seen = n + 1;
  alignas(Cell) unsigned char storage[sizeof(Cell)];
  Cell* c = new (&storage) Cell(n, 2);
  int cells = c->a + c->b;  // 5
  return r + seen + n + cells + accumulate<Doubler>(1, 2) - 4;  // 4 + 4 + 3 + 5 + 4 - 4 = 16
}
// CHECK-LABEL: cassette_twin_use(
// CHECK: __builtin_expect(::cassette::untag(::cassette::rt::convert<long>(cassette_ctx_,
// CHECK-SAME: ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::gt{}, n, 2))), 0)
// CHECK: volatile int seen = ::cassette::untag(::cassette::rt::call_op(cassette_ctx_, ::cassette::op::mul{}, n, 2));
// CHECK: seen = ::cassette::untag(::cassette::rt::call_op(cassette_ctx_, ::cassette::op::add{}, n, 1));
// CHECK: new (&storage) Cell(::cassette::untag(n), 2)

int main() { return golden::run(CASSETTE_FN(use), 3); }

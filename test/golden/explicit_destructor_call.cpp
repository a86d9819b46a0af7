// Placement new and an explicit destructor call `p->~T()` (storage reused,
// an optional-like wrapper): each is a call. `new (buf) T(args)` is hooked
// with the placement arguments first and reaches T's twin constructor;
// `p->~T()` has the destructor's identity and runs as a primitive
// (destructors have no twins).
#include <new>

#include "trace_context.hpp"

struct Counter {
  Counter(int v, int* destroyed) : v(v), destroyed(destroyed) {}
  ~Counter() { ++*destroyed; }
  int v;
  int* destroyed;
};

int reuse(int n) {
  int destroyed = 0;
  alignas(Counter) unsigned char storage[sizeof(Counter)];
  Counter* c = new (storage) Counter(n, &destroyed);
  // CHECK-LABEL: cassette_twin_reuse(::cassette::Twin
  // CHECK: { return new (CASSETTE_FWD(cassette_a0)) Counter(cassette_t, CASSETTE_FWD(cassette_a1), CASSETTE_FWD(cassette_a2)); }, +storage, n, &destroyed);
  int v = c->v;
  c->~Counter();
  // CHECK: ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"Counter::~Counter">({{[^)]*}}),
  // CHECK-SAME: [&](auto&& cassette_a0) -> decltype(auto) { return CASSETTE_FWD(cassette_a0).~Counter(); },
  // CHECK-SAME: ::cassette::rt::no_twin{}, *(c));
  return v + destroyed;
}

int main() { return golden::run(CASSETTE_FN(reuse), 4); }
// OUT: pre new Counter(ptr, 4, ptr)
// OUT-NEXT: post new Counter = ptr
// OUT-NEXT: pre Counter::~Counter(_)
// OUT-NEXT: post Counter::~Counter = _
// OUT-NEXT: pre +(4, 1)
// OUT-NEXT: post + = 5
// OUT-NEXT: result 5 plain 5

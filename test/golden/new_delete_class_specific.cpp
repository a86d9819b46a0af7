// new and delete with class-specific allocation functions and arrays:
// `new Pool(x)` is one hooked call whose invoker runs the new-expression, so
// the class's `operator new` (which has a twin like any static member, never
// reached by a new-expression) runs as written, inside the hooks, and the
// constructor's twin runs. `delete p`, `new int[3]{...}` and `delete[] a`
// call no user-provided constructor and stay as written (no hooks; the
// class's `operator delete` runs as written); operands inside are rewritten.
// OUT: pre new Pool(3)
// OUT-NEXT: Pool::operator new
// OUT-NEXT:   pre +(3, 1)
// OUT-NEXT:   post + = 4
// OUT-NEXT: post new Pool = ptr
// OUT-NEXT: Pool::operator delete
// OUT-NEXT: pre [](ptr, 2)
// OUT-NEXT: post [] = 3
// OUT-NEXT: pre +(4, 3)
// OUT-NEXT: post + = 7
// OUT-NEXT: Pool::operator new
// OUT-NEXT: Pool::operator delete
// OUT-NEXT: result 7 plain 7
#include <cstdio>
#include <cstdlib>
#include <new>

#include "trace_context.hpp"

struct Pool {
  int v;
  explicit Pool(int x) : v(x + 1) {}
  static void* operator new(std::size_t n) {
    std::puts("Pool::operator new");
    return std::malloc(n);
  }
  // CHECK: template <class CassetteCtx> static void* cassette_twin_operator_New(::cassette::Twin<CassetteCtx> cassette_ctx_, std::size_t n) {
  static void operator delete(void* p) {
    std::puts("Pool::operator delete");
    std::free(p);
  }
};

int use(int x) {
  Pool* p = new Pool(x);
  int r = p->v;
  delete p;
  int* a = new int[3]{1, 2, x};
  r = r + a[2];
  delete[] a;
  return r;
}
// CHECK-LABEL: cassette_twin_use(
// CHECK: Pool* p = ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"new Pool">({{[^)]*}}),
// CHECK-SAME: [&](auto&& cassette_a0) -> decltype(auto) { return new Pool(CASSETTE_FWD(cassette_a0)); },
// CHECK-SAME: [&](auto& cassette_t, auto&& cassette_a0) -> decltype(auto) { return new Pool(cassette_t, CASSETTE_FWD(cassette_a0)); }, x);
// CHECK: delete p;
// CHECK: int* a = new int[3]{1, 2, x};
// CHECK: delete[] a;

int main() { return golden::run(CASSETTE_FN(use), 3); }

// A function brought into scope by a using-declaration (leveldb's C API:
// `using leveldb::NewLRUCache;` at global scope) is called by the name the
// declaration brings; its twin is not brought, so the twin is named in the
// function's own namespace. Also through a namespace that re-declares it. A
// class's `using Base::twice;` is left to lookup in the class, which finds
// the base's twin.
// OUT: pre store::make(3)
// OUT-NEXT:   pre +(3, 1)
// OUT-NEXT:   post + = 4
// OUT-NEXT: post store::make = 4
// OUT-NEXT: pre store::make(3)
// OUT-NEXT:   pre +(3, 1)
// OUT-NEXT:   post + = 4
// OUT-NEXT: post store::make = 4
// OUT-NEXT: pre +(4, 4)
// OUT-NEXT: post + = 8
// OUT-NEXT: pre Derived::again(3)
// OUT-NEXT:   pre Base::twice(3)
// OUT-NEXT:     pre *(2, 3)
// OUT-NEXT:     post * = 6
// OUT-NEXT:   post Base::twice = 6
// OUT-NEXT: post Derived::again = 6
// OUT-NEXT: pre +(8, 6)
// OUT-NEXT: post + = 14
// OUT-NEXT: result 14 plain 14
#include "trace_context.hpp"

namespace store {
int make(int n) { return n + 1; }
}  // namespace store

namespace api {
using store::make;
}  // namespace api

using store::make;

struct Base {
  static int twice(int x) { return 2 * x; }
};
struct Derived : Base {
  using Base::twice;
  static int again(int x) { return twice(x); }
};

int use(int n) { return make(n) + api::make(n) + Derived::again(n); }
// CHECK-LABEL: template <class CassetteCtx> int cassette_twin_use(
// Both names reach one twin: the two calls pass one twin invoker.
// CHECK-SAME: auto cassette_twininvokes_make = [](auto& cassette_t, auto&& cassette_a0) -> decltype(auto) { return ::store::cassette_twin_make(cassette_t
// CHECK: decltype(cassette_twininvokes_make){}, n)
// CHECK: decltype(cassette_twininvokes_make){}, n)

int main() { return golden::run(CASSETTE_FN(use), 3); }

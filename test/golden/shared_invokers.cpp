// Invokers shared by the call sites of one function (lib/SharedInvokers.h).
// An overloaded callee called twice with one argument type passes one
// invoker, declared once after the twin body's `{`; each site, and a lambda
// of the body, makes a value of its type. A member function that calls a
// member template twice shares an invoker that captures `this`, but a call
// inside the body's lambda keeps its own. Kept at their sites too: an
// invoker passed once, one whose callee a using-declaration of the body
// names (std::swap is found there, not at the top), and one whose default
// argument names its place (`__builtin_LINE()` is the site's line).
// REWRITE-ARGS: --no-builtin-operators
// OUT: pre scale(3)
// OUT-NEXT: post scale = 6
// OUT-NEXT: pre scale(4)
// OUT-NEXT: post scale = 8
// OUT-NEXT: pre scale(1.5)
// OUT-NEXT: post scale = 0.75
// OUT-NEXT: pre std::swap(3, 1)
// OUT-NEXT: post std::swap = _
// OUT-NEXT: pre std::swap(1, 3)
// OUT-NEXT: post std::swap = _
// OUT-NEXT: pre line()
// OUT-NEXT: post line = 79
// OUT-NEXT: pre line()
// OUT-NEXT: post line = 80
// OUT-NEXT: pre (lambda at shared_invokers.cpp:72:16)(_, 3)
// OUT-NEXT:   pre scale(3)
// OUT-NEXT:   post scale = 6
// OUT-NEXT: post (lambda at shared_invokers.cpp:72:16) = 6
// OUT-NEXT: pre Acc::run(_, 3)
// OUT-NEXT:   pre Acc::add(_, 3)
// OUT-NEXT:   post Acc::add = _
// OUT-NEXT:   pre Acc::add(_, 4)
// OUT-NEXT:   post Acc::add = _
// OUT-NEXT:   pre (lambda at shared_invokers.cpp:58:18)(_)
// OUT-NEXT:     pre Acc::add(_, 3)
// OUT-NEXT:     post Acc::add = _
// OUT-NEXT:   post (lambda at shared_invokers.cpp:58:18) = _
// OUT-NEXT: post Acc::run = 10
// OUT-NEXT: result 32 plain 32
#include <utility>

#include "trace_context.hpp"

int scale(int x) { return x * 2; }
double scale(double x) { return x / 2; }

int line(int l = __builtin_LINE()) { return l; }

struct Acc {
  int total = 0;
  template <class T>
  void add(T x) {
    total += static_cast<int>(x);
  }
  int run(int n) {
    add(n);
    add(n + 1);
    auto again = [&] { add(n); };
    again();
    return total;
  }
  // CHECK-LABEL: cassette_twin_run(
  // CHECK-SAME: {{\[\[}}maybe_unused{{\]\]}} auto cassette_invokes_add = [&](auto&& cassette_a0, auto&& cassette_a1) -> decltype(auto) {
  // CHECK-SAME: {{\[\[}}maybe_unused{{\]\]}} auto cassette_twininvokes_add = [&](auto& cassette_t,
  // CHECK-NEXT: ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"Acc::add">({{[^)]*}}), cassette_invokes_add, cassette_twininvokes_add, *this, n);
  // CHECK-NEXT: ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"Acc::add">({{[^)]*}}), cassette_invokes_add, cassette_twininvokes_add, *this, n + 1);
  // CHECK-NEXT: auto again = [&] { ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"Acc::add">({{[^)]*}}), [&](auto&& cassette_a0,
};

int use(int n) {
  int a = scale(n) + scale(n + 1);
  auto twice = [](int v) { return scale(v); };
  double d = scale(1.5);
  int b = n, c = 1;
  using std::swap;
  swap(b, c);
  swap(b, c);
  Acc acc;
  int l = line()
          - line();
  return a + twice(n) + static_cast<int>(d) + b + acc.run(n) + l;
}
// CHECK-LABEL: cassette_twin_use(
// CHECK-SAME: {{\[\[}}maybe_unused{{\]\]}} auto cassette_invokes_scale = [](auto&& cassette_a0) -> decltype(auto) { return scale(CASSETTE_FWD(cassette_a0)); };
// CHECK-SAME: {{\[\[}}maybe_unused{{\]\]}} auto cassette_twininvokes_scale = [](auto& cassette_t, auto&& cassette_a0) -> decltype(auto) {
// CHECK-SAME: return cassette_twin_scale(cassette_t, CASSETTE_FWD(cassette_a0)); };
// CHECK-NEXT: int a = ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"scale">({{[^)]*}}), decltype(cassette_invokes_scale){},
// CHECK-SAME: decltype(cassette_twininvokes_scale){}, n) + ::cassette::rt::call(
// CHECK-NEXT: auto twice = [cassette_ctx_](int v) { return ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"scale">({{[^)]*}}),
// CHECK-SAME: decltype(cassette_invokes_scale){}, decltype(cassette_twininvokes_scale){}, v); };
// CHECK: swap(CASSETTE_FWD(cassette_a0), CASSETTE_FWD(cassette_a1)); }, ::cassette::rt::no_twin{}, b, c);
// CHECK-NEXT: swap(CASSETTE_FWD(cassette_a0), CASSETTE_FWD(cassette_a1)); }, ::cassette::rt::no_twin{}, b, c);
// CHECK: int l = ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"line">({{[^)]*}}), [&]() -> decltype(auto) { return line(); },
// CHECK-NEXT: - ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"line">({{[^)]*}}), [&]() -> decltype(auto) { return line(); },
// CHECK-NOT: cassette_invokes_

int main() { return golden::run(CASSETTE_FN(use), 3); }

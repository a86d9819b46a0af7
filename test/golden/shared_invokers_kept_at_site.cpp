// Invokers that would not mean the same at the top of the body stay at
// their sites, though two sites pass the same text (lib/SharedInvokers.h):
// - `using enum` and a block-scope using-declaration of an operator change
//   what a name finds below them, and an invoker's `a + b` does not spell
//   the operator: the whole body keeps its invokers;
// - in a template, a site in an `if constexpr` branch, which may be
//   discarded (`T::get()` for a T without one);
// - a callee whose text names its place (`f<__LINE__>`) or is a type of its
//   own per site (`decltype([] {})`).
// Each result equals the original's.
// REWRITE-ARGS: --no-builtin-operators
// OUT: pre by_enum(3)
// OUT-NEXT:   pre tint(3)
// OUT-NEXT:   post tint = 4
// OUT-NEXT:   pre tint(4)
// OUT-NEXT:   post tint = 5
// OUT-NEXT: post by_enum = 9
// OUT-NEXT: pre by_operator(3)
// OUT-NEXT:   pre extra::operator+(_, _)
// OUT-NEXT:   post extra::operator+ = 4
// OUT-NEXT:   pre extra::operator+(_, _)
// OUT-NEXT:   post extra::operator+ = 4
// OUT-NEXT: post by_operator = 44
// OUT-NEXT: pre maybe(3)
// OUT-NEXT:   pre T::get()
// OUT-NEXT:   post T::get = 7
// OUT-NEXT:   pre T::get()
// OUT-NEXT:   post T::get = 7
// OUT-NEXT:   pre +(7, 7)
// OUT-NEXT:   post + = 14
// OUT-NEXT:   pre +(14, 3)
// OUT-NEXT:   post + = 17
// OUT-NEXT: post maybe = 17
// OUT-NEXT: pre maybe(3)
// OUT-NEXT: post maybe = 3
// OUT-NEXT: pre placed(3)
// OUT-NEXT:   pre at(3)
// OUT-NEXT:   post at = 3100
// OUT-NEXT:   pre at(3)
// OUT-NEXT:   post at = 3101
// OUT-NEXT:   pre counter(3)
// OUT-NEXT:   post counter = 13
// OUT-NEXT:   pre counter(3)
// OUT-NEXT:   post counter = 13
// OUT-NEXT: post placed = 1312
// OUT-NEXT: result 1385 plain 1385
#include "trace_context.hpp"

namespace ns {
enum class Color { Red = 1, Green = 2 };
struct V {
  int v;
};
int operator+(const V& a, const V& b) { return 100 + a.v + b.v; }
}  // namespace ns
namespace extra {
int operator+(ns::V& a, ns::V& b) { return a.v + b.v; }
}  // namespace extra

template <ns::Color C>
int tint(int x) { return x + static_cast<int>(C); }
int by_enum(int n) {
  using enum ns::Color;
  return tint<Red>(n) + tint<Red>(n + 1);
}
// CHECK-LABEL: cassette_twin_by_enum(
// CHECK-NOT: cassette_invokes_
// CHECK: return ::cassette::rt::call({{.*}} return tint<Red>(CASSETTE_FWD(cassette_a0));

int by_operator(int n) {
  using extra::operator+;
  ns::V a{n}, b{1};
  return (a + b) * 10 + (a + b);
}
// CHECK-LABEL: cassette_twin_by_operator(
// CHECK-NOT: cassette_invokes_
// CHECK: return {{.*}} return (CASSETTE_FWD(cassette_a0)) + (CASSETTE_FWD(cassette_a1));

struct A {
  static int get() { return 7; }
};
struct B {};
template <class T>
int maybe(int n) {
  if constexpr (requires { T::get(); }) return T::get() + T::get() + n;
  else return n;
}
// CHECK-LABEL: cassette_twin_maybe(
// CHECK-NOT: cassette_invokes_
// CHECK: return T::get(); }, [&](auto& cassette_t)

template <int L>
int at(int x) { return x * 1000 + L; }
template <class T>
int counter(int x) {
  static int c = 0;
  return x + ++c * 10;
}
int placed(int n) {
  int a = at<__LINE__>(n);
  int b = at<__LINE__>(n);
  int c = counter<decltype([] {})>(n);
  int d = counter<decltype([] {})>(n);
  return a - b + c * 100 + d;
}
// CHECK-LABEL: cassette_twin_placed(
// CHECK-NOT: cassette_invokes_
// CHECK: int b = {{.*}} return at<__LINE__>(

int use(int n) { return by_enum(n) + by_operator(n) + maybe<A>(n) + maybe<B>(n) + placed(n); }

int main() { return golden::run(CASSETTE_FN(use), 3); }

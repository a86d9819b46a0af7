// Constant-evaluated and unevaluated operands stay exactly as written: a
// constexpr variable, a const int used as an array bound, static_assert,
// sizeof, decltype, noexcept(expr), a template argument, a case label and an
// if constexpr condition. Only the run-time code around them is rewritten.
// OUT: pre +(5, 10)
// OUT-NEXT: post + = 15
// OUT-NEXT: pre Fixed::get(_)
// OUT-NEXT: post Fixed::get = 5
// OUT-NEXT: pre +=(5, 1)
// OUT-NEXT: post += = 6
// OUT-NEXT: pre sq(5)
// OUT-NEXT:   pre *(5, 5)
// OUT-NEXT:   post * = 25
// OUT-NEXT: post sq = 25
// OUT-NEXT: pre +=(6, 25)
// OUT-NEXT: post += = 31
// OUT-NEXT: pre +(31, 15)
// OUT-NEXT: post + = 46
// OUT-NEXT: pre +(46, 4)
// OUT-NEXT: post + = 50
// OUT-NEXT: pre +(50, false)
// OUT-NEXT: post + = 50
// OUT-NEXT: pre [](_, 0)
// OUT-NEXT: post [] = 0
// OUT-NEXT: pre *(0, 0)
// OUT-NEXT: post * = 0
// OUT-NEXT: pre +(50, 0)
// OUT-NEXT: post + = 50
// OUT-NEXT: result 50 plain 50
#include "trace_context.hpp"

constexpr int sq(int v) { return v * v; }

template <int N>
struct Fixed {
  int get() const { return N; }
};

int use(int x) {
  constexpr int k = sq(3) + 1;
  const int n = 2 * 2;
  int arr[n] = {0, 0, 0, 0};
  static_assert(sq(2) == 4 && k > 1, "constant");
  unsigned long s = sizeof(sq(x) + 1);
  decltype(sq(x) * 2) d = x + k;
  bool ne = noexcept(sq(x) - 1);
  int t = Fixed<sq(2) + 1>{}.get();
  switch (x) {
    case sq(2) + 1:
      t += 1;
      break;
    default:
      break;
  }
  if constexpr (sq(1) == 1 && k > 0) {
    t += sq(x);
  }
  return t + d + static_cast<int>(s) + ne + arr[0] * 0;
}
// CHECK-LABEL: template <class CassetteCtx> int cassette_twin_use(
// CHECK: constexpr int k = sq(3) + 1;
// CHECK-NEXT: const int n = 2 * 2;
// CHECK-NEXT: int arr[n] = {0, 0, 0, 0};
// CHECK-NEXT: static_assert(sq(2) == 4 && k > 1, "constant");
// CHECK-NEXT: unsigned long s = sizeof(sq(x) + 1);
// CHECK-NEXT: decltype(sq(x) * 2) d = ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::add{}, x, k);
// CHECK-NEXT: bool ne = noexcept(sq(x) - 1);
// CHECK-NEXT: int t = ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"Fixed::get">({{.*}}), {{.*}}, Fixed<sq(2) + 1>{})
// CHECK-NEXT: switch (x) {
// CHECK-NEXT: case sq(2) + 1:
// CHECK-NEXT: ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::add_assign{}, t, 1);
// CHECK: if constexpr (sq(1) == 1 && k > 0) {
// CHECK-NEXT: ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::add_assign{}, t, ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"sq">

int main() { return golden::run(CASSETTE_FN(use), 5); }

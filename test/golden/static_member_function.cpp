// A static member function called as S::f(x) reaches its twin, which is a
// static member template taking the context slot first.
// OUT: pre Math::square(5)
// OUT-NEXT:   pre *(5, 5)
// OUT-NEXT:   post * = 25
// OUT-NEXT: post Math::square = 25
// OUT-NEXT: result 25 plain 25
#include "trace_context.hpp"

struct Math {
  static int square(int x) { return x * x; }
  // CHECK: static int square(int x) { return x * x; }
  // CHECK-LABEL: cassette_twin_square(::cassette::Twin
  // CHECK-SAME: cassette_ctx_, int x) { return ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::mul{}, x, x); }
};

int use(int x) { return Math::square(x); }
// CHECK-LABEL: cassette_twin_use(::cassette::Twin
// CHECK: ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"Math::square">("static_member_function.cpp", {{[0-9]+}},
// CHECK-SAME: {{[0-9]+}}), ::cassette::rt::named<&Math::square>{},
// CHECK-SAME: ::cassette::rt::lean_twin<&Math::cassette_twin_square<{{.*}}>>(cassette_ctx_, [&](auto& cassette_t, auto&& cassette_a0) -> decltype(auto) { return Math::cassette_twin_square(cassette_t, CASSETTE_FWD(cassette_a0)); }), x)

int main() { return golden::run(CASSETTE_FN(use), 5); }

// A braced construction whose type is a template parameter (`T{-1}`, `T
// x{-1};`) may narrow its constants in an instance (google benchmark's
// AddRange<int8_t>): list-initialisation allows that only from a constant.
// A constant of arithmetic type there stays one: written in the invoker as
// it is (the construction is still a call site), its operators not
// intercepted. A non-constant argument is forwarded as any other.
// OUT: pre clamp_low(3)
// OUT-NEXT:   pre T()
// OUT-NEXT:   post T = -2
// OUT-NEXT:   pre <(3, -2)
// OUT-NEXT:   post < = false
// OUT-NEXT: post clamp_low = 3
// OUT-NEXT: pre -(5)
// OUT-NEXT: post - = -5
// OUT-NEXT: pre clamp_low(-5)
// OUT-NEXT:   pre T()
// OUT-NEXT:   post T = -2
// OUT-NEXT:   pre <(-5, -2)
// OUT-NEXT:   post < = true
// OUT-NEXT: post clamp_low = -1
// OUT-NEXT: pre +(3, -1)
// OUT-NEXT: post + = 2
// OUT-NEXT: result 2 plain 2
#include "trace_context.hpp"

template <typename T>
T clamp_low(T v) {
  T low{-1};
  T kept{v};
  return v < T{-2} ? low : kept;
}
// CHECK-LABEL: T cassette_twin_clamp_low(
// CHECK-NEXT: {{^}}  T low{-1};
// CHECK-NEXT: {{^}}  T kept{v};
// CHECK-NEXT: ::cassette::fn<"T">({{.*}}, [&]() -> T { return T{-2}; }, [&](auto& cassette_t) -> T { if constexpr (requires { ::cassette::rt::construct_twin<T, true>(cassette_t, -2); })

int use(int y) { return clamp_low<signed char>(static_cast<signed char>(y)) + clamp_low<long>(-5); }

int main() { return golden::run(CASSETTE_FN(use), 3); }

// A function returning a non-movable type by value (guaranteed copy
// elision): the call returns the prvalue straight through, and the posthook
// still runs after the call, seeing cassette::Unobservable as the result.
// Constructing it inside the twin is a constructor call like any other.
// OUT: pre make(2)
// OUT-NEXT:   pre +(2, 1)
// OUT-NEXT:   post + = 3
// OUT-NEXT:   pre NM::NM(3)
// OUT-NEXT:     pre *(3, 3)
// OUT-NEXT:     post * = 9
// OUT-NEXT:   post NM::NM = _
// OUT-NEXT: post make = _
// OUT-NEXT: result 9 plain 9
#include "trace_context.hpp"

struct NM {
  int v;
  NM(int x) : v(x * x) {}
  NM(const NM&) = delete;
};

NM make(int v) { return NM(v + 1); }
// CHECK-LABEL: cassette_twin_make(::cassette::Twin
// CHECK-SAME: cassette_ctx_, int v) { return ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"NM::NM">({{[^)]*}}),
// CHECK-SAME: ::cassette::rt::constructs<NM>{}, ::cassette::rt::constructs_twin<NM>{},
// CHECK-SAME: ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::add{}, v, 1)); }

int use(int x) {
  NM m = make(x);
  return m.v;
}
// CHECK-LABEL: cassette_twin_use(::cassette::Twin
// CHECK: NM m = ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"make">({{[^)]*}}), ::cassette::rt::named<&make>{},
// CHECK-SAME: {{.*}}, x);

int main() { return golden::run(CASSETTE_FN(use), 2); }

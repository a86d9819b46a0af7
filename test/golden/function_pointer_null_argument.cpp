// An indirect call with a null pointer constant argument (`fp(0)`, as in
// pugixml's unspecified_bool_type test): the constant is evaluated inside the
// invoker, so only the callable is forwarded and the target's twin, though
// registered, cannot take the arguments: the call is hooked and the target
// runs as a primitive (no hooks inside it). With a forwarded argument the
// twin runs.
// OUT: pre (indirect call)(ptr)
// OUT-NEXT: post (indirect call) = 2
// OUT-NEXT: pre (indirect call)(ptr, ptr)
// OUT-NEXT:   pre *(ptr)
// OUT-NEXT:   post * = 3
// OUT-NEXT:   pre +(3, 1)
// OUT-NEXT:   post + = 4
// OUT-NEXT: post (indirect call) = 4
// OUT-NEXT: pre +(2, 4)
// OUT-NEXT: post + = 6
// OUT-NEXT: result 6 plain 6
#include "trace_context.hpp"

int take(int* p) { return p ? *p + 1 : 2; }

int use(int x) {
  int (*fp)(int*) = &take;
  return fp(0) + fp(&x);
}
// CHECK-LABEL: cassette_twin_use(
// CHECK: ::cassette::indirect({{.*}}), [&](auto&& cassette_a0) -> decltype(auto) { return CASSETTE_FWD(cassette_a0)(0); }, ::cassette::rt::no_twin{}, fp)

int main() { return golden::run(CASSETTE_FN(use), 3); }

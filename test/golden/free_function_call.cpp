// A call of a free function defined in the tree reaches its twin.
// OUT: pre twice(3)
// OUT-NEXT:   pre *(2, 3)
// OUT-NEXT:   post * = 6
// OUT-NEXT: post twice = 6
// OUT: result 4 plain 4
#include "trace_context.hpp"

int twice(int x) { return 2 * x; }
// CHECK: int twice(int x) { return 2 * x; }
// CHECK-LABEL: cassette_twin_twice(::cassette::Twin
// CHECK-SAME: cassette_ctx_, int x)
int plus_one(int x) { return twice(x) - x + 1 + x - x; }
// The callee and its twin are named by address (rt/named.hpp): every site
// calling twice with the same argument types shares one instantiation.
// CHECK-LABEL: cassette_twin_plus_one(::cassette::Twin
// CHECK: ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"twice">("free_function_call.cpp", 9, 5),
// CHECK-SAME: ::cassette::rt::named<&twice>{},
// CHECK-SAME: ::cassette::rt::lean_twin<&cassette_twin_twice<::cassette::rt::slot_context<decltype(cassette_ctx_)>>>(cassette_ctx_,
// CHECK-SAME: [&](auto& cassette_t, auto&& cassette_a0) -> decltype(auto) { return cassette_twin_twice(cassette_t, CASSETTE_FWD(cassette_a0)); }), x)

int main() { return golden::run(CASSETTE_FN(plus_one), 3); }

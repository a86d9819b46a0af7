// Macro uses that take __COUNTER__. One that is replaced by its expansion
// says the numbers it took (registered_0), and begins with
// CASSETTE_COUNTER_TAKEN, which takes as many, so that a use after it that
// stays as written (REGISTER(2)) takes a number of its own, not the same
// one again (google benchmark's BENCHMARK_F then BENCHMARK_REGISTER_F: a
// redefinition). One in a body that gets a twin (COUNTED) is expanded too,
// and the twin's copy leaves CASSETTE_COUNTER_TAKEN out: a copy that took
// numbers would shift every use after it (doctest's SUBCASE, Catch2's
// SECTION).
// OUT: pre twice(3)
// OUT-NEXT:   pre *(2, 3)
// OUT-NEXT:   post * = 6
// OUT-NEXT: post twice = 6
// OUT-NEXT: pre +(3, 1)
// OUT-NEXT: post + = 4
// OUT-NEXT: pre +(4, 2)
// OUT-NEXT: post + = 6
// OUT-NEXT: result 6 plain 6
#include "trace_context.hpp"

#define CAT2(a, b) a##b
#define CAT(a, b) CAT2(a, b)
#define REGISTER_AS(name, value) static const int name = value
#define REGISTER(value) REGISTER_AS(CAT(registered_, __COUNTER__), value)
#define DEFINE_TWICE(name)          \
  int name(int x) { return 2 * x; } \
  REGISTER(1)
#define COUNTED_AS(name, init) \
  static const int name = init; \
  (void)name
#define COUNTED(init) COUNTED_AS(CAT(counted_, __COUNTER__), init)

DEFINE_TWICE(twice);
REGISTER(2);
// CHECK: CASSETTE_COUNTER_TAKEN(__COUNTER__) int twice ( int x ) { return 2 * x ; }
// CHECK: template <class CassetteCtx> int cassette_twin_twice
// CHECK: {{^}} static const int registered_0 = 1;
// CHECK-NEXT: REGISTER(2);

int use(int y) {
  COUNTED(twice(y));
  return y + registered_0 + registered_1;
}
// CHECK-LABEL: int use(int y) {
// CHECK-NEXT: CASSETTE_COUNTER_TAKEN(__COUNTER__) static const int counted_2 = twice ( y ) ; ( void ) counted_2;
// CHECK-LABEL: cassette_twin_use(
// CHECK-NEXT: {{^}}   static const int counted_2 = ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"twice">

int main() { return golden::run(CASSETTE_FN(use), 3); }

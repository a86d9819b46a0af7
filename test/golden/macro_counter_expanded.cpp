// A macro use that takes __COUNTER__ and is replaced by its expansion says
// the number it took (counted_0), and begins with CASSETTE_COUNTER_TAKEN,
// which takes as many, so that a use after it that stays as written
// (COUNTED(7)) takes a number of its own, not the same one again (google
// benchmark's BENCHMARK_F then BENCHMARK_REGISTER_F: a redefinition).
// OUT: pre twice(3)
// OUT-NEXT:   pre *(2, 3)
// OUT-NEXT:   post * = 6
// OUT-NEXT: post twice = 6
// OUT-NEXT: pre std::printf(_, 6)
// OUT-NEXT: logged 6
// OUT-NEXT: post std::printf = 9
// OUT-NEXT: pre twice(3)
// OUT-NEXT:   pre *(2, 3)
// OUT-NEXT:   post * = 6
// OUT-NEXT: post twice = 6
// OUT-NEXT: logged 6
// OUT-NEXT: result 3 plain 3
#include "trace_context.hpp"

int twice(int x) { return 2 * x; }

#define CAT2(a, b) a##b
#define CAT(a, b) CAT2(a, b)
#define COUNTED_AS(name, init) \
  static const int name = init; \
  (void)name
#define COUNTED(init) COUNTED_AS(CAT(counted_, __COUNTER__), init)
#define LOGGED(x) COUNTED((std::printf("logged %d\n", x), x))

int use(int y) {
  LOGGED(twice(y));
  COUNTED(7);
  return y;
}
// CHECK-LABEL: cassette_twin_use(
// CHECK-NEXT: CASSETTE_COUNTER_TAKEN(__COUNTER__) static const int counted_0 = ( ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"std::printf">
// CHECK-NEXT: COUNTED(7);

int main() { return golden::run(CASSETTE_FN(use), 3); }

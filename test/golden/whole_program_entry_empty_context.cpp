// Whole-program mode under a context whose entries are never suspended
// (no hooks, no state, no start or finish: cassette::EmptyContext): the
// forward's condition is a constant, so the original compiles to a call of
// its twin and its own body is not generated at all, even at -O0.
// REWRITE-ARGS: --overdub-main cassette::EmptyContext --context-header cassette/contexts/empty.hpp
#include <cstdio>

int area(int r, int s) {
  int a = r * s + 1;
  return a / 2;
}
// CHECK: int area(int r, int s) { if (::cassette::rt::forwards_entry<cassette::EmptyContext>()) return (cassette_twin_area)(::cassette::rt::program_twin<cassette::EmptyContext>(),

// The original: the twin's call and nothing of its own body.
// IR-LABEL: define{{.*}} i32 @_Z4areaii(
// IR-NOT: mul nsw
// IR: call noundef i32 @_Z18cassette_twin_areaIN8cassette12EmptyContextEEiNS0_4TwinIT_EEii(
// IR-NEXT: ret i32
// IR-NEXT: }
// The twin has the body.
// IR-LABEL: define{{.*}} i32 @_Z18cassette_twin_areaIN8cassette12EmptyContextEEiNS0_4TwinIT_EEii(
// IR: mul nsw i32
// IR: sdiv i32

int (*entry)(int, int) = area;  // entered from outside the twins

int main() { std::printf("%d %d\n", area(3, 4), entry(5, 6)); }
// OUT: 6 15

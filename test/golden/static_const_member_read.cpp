// A static data member initialised in its class and read as a value
// (double-conversion's `static const uint64_t kInfinity = ...;` in Double)
// is never odr-used by the original, so the program need not define it.
// Forwarded by reference to a call or an operator it would be, and a
// context whose hooks take the arguments by reference and are not inlined
// (this one prints them; GraphCtx) failed to link: "undefined reference to
// Bits::kTop". Such a read is passed as a prvalue of its type.
// OUT: pre Bits::top(_)
// OUT-NEXT:   pre ==(-9223372036854775808, -9223372036854775808)
// OUT-NEXT:   post == = true
// OUT-NEXT: post Bits::top = true
// OUT-NEXT: pre twice(3)
// OUT-NEXT:   pre *(3, 2)
// OUT-NEXT:   post * = 6
// OUT-NEXT: post twice = 6
// OUT-NEXT: pre +(1, 6)
// OUT-NEXT: post + = 7
// OUT-NEXT: pre +(7, 1)
// OUT-NEXT: post + = 8
// OUT-NEXT: pre Bits::shifted(_)
// OUT-NEXT:   pre >>(-9223372036854775808, 3)
// OUT-NEXT:   post >> = 1152921504606846976
// OUT-NEXT: post Bits::shifted = 1152921504606846976
// OUT-NEXT: pre >>(1152921504606846976, 60)
// OUT-NEXT: post >> = 1
// OUT-NEXT: pre +(8, 1)
// OUT-NEXT: post + = 9
// OUT-NEXT: result 9 plain 9
#include <cstdint>

#include "trace_context.hpp"

struct Bits {
  static const std::uint64_t kTop = 0x8000000000000000ull;
  static const int kShift = 3;
  std::uint64_t v;
  bool top() const { return v == kTop; }
  // CHECK-LABEL: cassette_twin_top(
  // CHECK: static_cast<decltype(kTop)>(kTop)
  std::uint64_t shifted() const { return v >> Bits::kShift; }
  // CHECK-LABEL: cassette_twin_shifted(
  // CHECK: static_cast<decltype(Bits::kShift)>(Bits::kShift)
};

static std::uint64_t twice(std::uint64_t x) { return x * 2; }

int entry(int n) {
  Bits b{Bits::kTop};
  return (b.top() ? 1 : 0) + static_cast<int>(twice(Bits::kShift)) + n + static_cast<int>(b.shifted() >> 60);
}
// CHECK-LABEL: cassette_twin_entry(
// CHECK: static_cast<decltype(Bits::kShift)>(Bits::kShift)

int main() { return golden::run(CASSETTE_FN(entry), 1); }

// C++20 comparisons that call another operator: `a != b` with only
// operator== calls `!(a == b)`; `a < b` with operator<=> calls
// `(a <=> b) < 0`; either may take the operands reversed (`0 < (b <=> a)`).
// They are rewritten as the call they make, hooked (and its twin run), the
// negation or the comparison with 0 around it as the rewrite says.
// OUT: pre +(3, 1)
// OUT-NEXT: post + = 4
// OUT-NEXT: pre operator==(_, _)
// OUT-NEXT:   pre ==(3, 4)
// OUT-NEXT:   post == = false
// OUT-NEXT: post operator== = false
// OUT-NEXT: pre +=(0, 1)
// OUT-NEXT: post += = 1
// OUT-NEXT: pre operator<=>(_, 5)
// OUT-NEXT:   pre <=>(3, 5)
// OUT-NEXT:   post <=> = _
// OUT-NEXT: post operator<=> = _
// OUT-NEXT: pre +=(1, 10)
// OUT-NEXT: post += = 11
// OUT-NEXT: pre operator<=>(_, 7)
// OUT-NEXT:   pre <=>(4, 7)
// OUT-NEXT:   post <=> = _
// OUT-NEXT: post operator<=> = _
// OUT-NEXT: result 11 plain 11
#include <compare>

#include "trace_context.hpp"

struct Version {
  int major;
  friend bool operator==(const Version& a, const Version& b) { return a.major == b.major; }
  friend std::strong_ordering operator<=>(const Version& a, int b) { return a.major <=> b; }
};

int use(int n) {
  Version a{n}, b{n + 1};
  int r = 0;
  if (a != b) r += 1;  // !(a == b)
  if (a < 5) r += 10;  // (a <=> 5) < 0
  if (7 < b) r += 100;  // 0 < (b <=> 7)
  return r;
}
// CHECK-LABEL: template <class CassetteCtx> int cassette_twin_use(
// CHECK: !(::cassette::rt::call(cassette_ctx_, ::cassette::fn<"operator==">
// CHECK: (::cassette::rt::call(cassette_ctx_, ::cassette::fn<"operator<=>">{{.*}}) < 0
// CHECK: 0 < (::cassette::rt::call(cassette_ctx_, ::cassette::fn<"operator<=>">

int main() { return golden::run(CASSETTE_FN(use), 3); }

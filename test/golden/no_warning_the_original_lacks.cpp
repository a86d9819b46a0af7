// The rewritten program warns of nothing the original does not (the output
// is compiled with -Wall -Wextra -Werror): a printf-like call whose format
// string reaches its invoker as a forwarded argument, no longer a literal
// (-Wformat-security, an error under Debian's hardening flags), is wrapped in
// CASSETTE_FORMAT_CALL; an unsigned value compared with a non-negative
// literal, which reaches the operator as a forwarded int (-Wsign-compare),
// is compared in the runtime's ops.hpp, a system header.
// OUT: pre label(ptr, 8)
// OUT-NEXT:   pre std::snprintf(ptr, 8, ptr)
// OUT-NEXT:   post std::snprintf = 2
// OUT-NEXT:   pre <(2, 5)
// OUT-NEXT:   post < = true
// OUT-NEXT: post label = 2
// OUT-NEXT: pre +(2, 1)
// OUT-NEXT: post + = 3
// OUT-NEXT: result 3 plain 3
#include <cstddef>
#include <cstdio>

#include "trace_context.hpp"

int label(char* buf, std::size_t n) {
  int w = std::snprintf(buf, n, "ok");
  std::size_t len = static_cast<std::size_t>(w);
  return len < 5 ? w : -1;
}
// CHECK-LABEL: cassette_twin_label(::cassette::Twin
// CHECK: { CASSETTE_FORMAT_CALL(return std::snprintf(CASSETTE_FWD(cassette_a0), CASSETTE_FWD(cassette_a1), CASSETTE_FWD(cassette_a2));) }
// CHECK: ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::lt{}, len, 5)

int use(int k) {
  char buf[8];
  return label(buf, sizeof buf) + k;
}

int main() { return golden::run(CASSETTE_FN(use), 1); }

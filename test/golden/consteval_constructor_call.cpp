// An explicit construction through a consteval constructor
// (`fmt::wformat_string<int>(L"{}")`) is an immediate invocation: it stays
// as written (reported: consteval_call), and the call it is given to is
// intercepted.
// REPORT: "reason_id": "consteval_call"
#include "trace_context.hpp"

struct checked {
  const char* s;
  consteval checked(const char* p) : s(p) {
    if (p[0] == 0) throw "empty";
  }
};

int first(checked c, int n) { return c.s[0] + n; }

int use(int n) { return first(checked("ab"), n); }
// CHECK-LABEL: cassette_twin_use(::cassette::Twin
// CHECK: ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"first">{{.*}}, checked("ab"), n)

int main() { return golden::run(CASSETTE_FN(use), 1); }
// OUT: pre first(_, 1)
// OUT-NEXT:   pre [](ptr, 0)
// OUT-NEXT:   post [] = 'a'
// OUT-NEXT:   pre +('a', 1)
// OUT-NEXT:   post + = 98
// OUT-NEXT: post first = 98
// OUT-NEXT: result 98 plain 98

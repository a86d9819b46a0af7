// setjmp returns twice: called from an invoker it would save the invoker's
// frame, which is gone when longjmp comes back (glog's death tests run
// `if (!setjmp(buf)) statement;` with a failure function that longjmps).
// It stays as written in the twin, a primitive called in the twin's own
// frame; the operators around it and the calls after it are hooked.
// OUT: pre !(0)
// OUT-NEXT: post ! = true
// OUT-NEXT: pre +(2, 1)
// OUT-NEXT: post + = 3
// OUT-NEXT: pre fail(3)
// OUT-NEXT:   pre std::longjmp(ptr, 3)
// OUT-NEXT:     pre !(3)
// OUT-NEXT:     post ! = false
// OUT-NEXT:     pre +(1, 2)
// OUT-NEXT:     post + = 3
// OUT-NEXT: result 3 plain 3
#include <csetjmp>

#include "trace_context.hpp"

static std::jmp_buf buf;

static void fail(int code) { std::longjmp(buf, code); }

int use(int x) {
  volatile int seen = 0;  // written between setjmp and longjmp
  if (!setjmp(buf)) {
    seen = 1;
    fail(x + 1);
  }
  return seen + x;
}
// CHECK-LABEL: template <class CassetteCtx> int cassette_twin_use(
// CHECK: ::cassette::op::logical_not{}, {{_?}}setjmp{{ ?}}({{ ?}}buf{{ ?}})))

int main() { return golden::run(CASSETTE_FN(use), 2); }

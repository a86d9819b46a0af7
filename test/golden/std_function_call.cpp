// `f(x)` on a std::function is the call `std::function::operator()`, a
// primitive (std::function is declared outside the tree); the hooks see it
// with the std::function as first argument. When the std::function holds a
// plain pointer to a function of the tree whose address a twin took (here
// `square`, bound to the std::function constructor's reference parameter,
// which stays a function lvalue), the call runs that
// function's twin, found through the table of registered twins
// (runtime/cassette/indirect.hpp). A lambda stored in a std::function is
// called as a primitive, but was rewritten where it was written, so its body
// is intercepted. Anything else a std::function holds runs as written.
// OUT: pre std::function::operator()(_, 3)
// OUT-NEXT:   pre *(3, 3)
// OUT-NEXT:   post * = 9
// OUT-NEXT: post std::function::operator() = 9
// OUT-NEXT: pre std::function::operator()(_, 3)
// OUT-NEXT:   pre +(3, 1)
// OUT-NEXT:   post + = 4
// OUT-NEXT: post std::function::operator() = 4
// OUT-NEXT: pre +(9, 4)
// OUT-NEXT: post + = 13
// OUT-NEXT: result 13 plain 13
#include <functional>

#include "trace_context.hpp"

long square(long x) { return x * x; }

long use(long x) {
  std::function<long (long)> f = square;
  std::function<long (long)> g = [](long y) { return y + 1; };
  return f(x) + g(x);
}
// CHECK-LABEL: cassette_twin_use(
// CHECK: std::function<long (long)> f = (*::cassette::rt::twin_address<CassetteCtx,
// CHECK-SAME: static_cast<long (*)(long)>(&square), static_cast<::cassette::rt::twin_fn_ptr<CassetteCtx,
// CHECK-SAME: long (*)(long)>>(&cassette_twin_square)>());
// CHECK: std::function<long (long)> g = [cassette_ctx_](long y) { return ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::add{}, y, 1); };
// CHECK: ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"std::function::operator()">({{.*}}), {{.*}}, ::cassette::rt::no_twin{}, f, x)

int main() { return golden::run(CASSETTE_FN(use), 3L); }

// A member operator of a dependent base called by its name,
// `base::operator()(v)` (fmt's printf_arg_formatter): the callee is the whole
// name, `operator()` with its parentheses, and its twin is the operator's.
#include "trace_context.hpp"

template <class Char>
struct formatter {
  int operator()(int v) { return v + 1; }
};

template <class Char>
struct printf_formatter : formatter<Char> {
  using base = formatter<Char>;
  int operator()(int v) { return base::operator()(v) * 2; }
  // CHECK-LABEL: cassette_twin_operator_Call(::cassette::Twin<CassetteCtx> cassette_ctx_, int v) { return ::cassette::rt::call(
  // CHECK: return base::operator()(CASSETTE_FWD(cassette_a0)); },
  // CHECK-SAME: [&](auto& cassette_t, auto&& cassette_a0) -> decltype(auto) {
  // CHECK-SAME: if constexpr (requires { base::cassette_twin_operator_Call(cassette_t, CASSETTE_FWD(cassette_a0)); })
};

int format(int v) {
  printf_formatter<char> f;
  return f(v);
}

int main() { return golden::run(CASSETTE_FN(format), 3); }
// OUT: pre printf_formatter::operator()(_, 3)
// OUT-NEXT:   pre base::operator()(3)
// OUT-NEXT:     pre +(3, 1)
// OUT-NEXT:     post + = 4
// OUT-NEXT:   post base::operator() = 4
// OUT-NEXT:   pre *(4, 2)
// OUT-NEXT:   post * = 8
// OUT-NEXT: post printf_formatter::operator() = 8
// OUT-NEXT: result 8 plain 8

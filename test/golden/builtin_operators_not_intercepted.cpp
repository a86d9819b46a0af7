// With --no-builtin-operators, builtin operators on fundamental types stay as
// written (`+`, `[]`, `*p`, `+=`, `++`), and the calls in their operands are
// still rewritten. An overloaded operator on a class type is a function call
// and stays intercepted. An operator whose operands depend on a template
// parameter stays intercepted too (per instantiation it may be an overloaded
// operator with a twin): `sum<V>`'s `+` reaches the twin of `operator+`, and
// `sum<int>`'s is still hooked. The report counts the operators left as
// written; none of them is a skip (the one skip is `main`).
// REWRITE-ARGS: --no-builtin-operators
// REPORT: "builtin_operators": {
// REPORT-NEXT: "intercepted": false,
// REPORT-NEXT: "left_as_written": 8
// REPORT: "skipped_by_reason": {
// REPORT-NEXT: "no twin: main: the program's entry point (--overdub-main runs it under a context)": 1
// REPORT-NEXT: }
// OUT: pre twice(3)
// OUT-NEXT: post twice = 6
// OUT-NEXT: pre twice(2)
// OUT-NEXT: post twice = 4
// OUT-NEXT: pre operator+(_, _)
// OUT-NEXT: post operator+ = _
// OUT-NEXT: pre sum(_, _)
// OUT-NEXT:   pre +(_, _)
// OUT-NEXT:   post + = _
// OUT-NEXT: post sum = _
// OUT-NEXT: pre sum(3, 3)
// OUT-NEXT:   pre +(3, 3)
// OUT-NEXT:   post + = 6
// OUT-NEXT: post sum = 6
// OUT-NEXT: result 20 plain 20
#include "trace_context.hpp"

template <class T>
T sum(const T& a, const T& b) {
  return a + b;
}
// CHECK-LABEL: cassette_twin_sum(::cassette::Twin
// CHECK-NEXT: return ::cassette::rt::call(cassette_ctx_, ::cassette::op::add{}

struct V {
  int x;
};
V operator+(const V& a, const V& b) { return V{a.x + b.x}; }
// CHECK: cassette_twin_operator_Plus(::cassette::Twin<CassetteCtx>, const V& a, const V& b) { return V{a.x + b.x}; }

int twice(int x) { return 2 * x; }
// CHECK: cassette_twin_twice(::cassette::Twin<CassetteCtx>, int x) { return 2 * x; }

int use(int n) {
  int arr[3] = {1, 2, 3};
  int* p = arr;
  int s = twice(n) + twice(arr[1]);
  s += *p;
  ++s;
  V a{s}, b{1};
  V v = a + b;
  return sum(v, v).x - sum(n, n);
}
// CHECK-LABEL: cassette_twin_use(
// CHECK: int s = ::cassette::rt::call(cassette_ctx_,
// CHECK-SAME: ::cassette::fn<"twice">{{.*}}, n) + ::cassette::rt::call(cassette_ctx_,
// CHECK-SAME: ::cassette::fn<"twice">{{.*}}, arr[1]);
// CHECK-NEXT: s += *p;
// CHECK-NEXT: ++s;
// CHECK: V v = ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"operator+">{{.*}}, a, b);
// CHECK-NEXT: return ::cassette::rt::call(cassette_ctx_,
// CHECK-SAME: ::cassette::fn<"sum">{{.*}}, v, v).x - ::cassette::rt::call(cassette_ctx_,
// CHECK-SAME: ::cassette::fn<"sum">{{.*}}, n, n);

int main() { return golden::run(CASSETTE_FN(use), 3); }

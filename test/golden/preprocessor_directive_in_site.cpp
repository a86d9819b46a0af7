// A directive inside what a rewrite rearranges must stay where it is.
// An #if choosing a range-for's body (yaml-cpp's convert.h) leaves no place
// for the closing braces of the usual desugaring: the loop takes a form that
// needs none (`if (declaration; false) {} else`), so an else written after
// it still belongs to the if before it. A call with an #ifdef between its
// arguments is left as written (reported), its arguments still rewritten.
#include <vector>

#include "trace_context.hpp"

struct Bag {
  std::vector<int> items{1, 2};
  const int* begin() const { return items.data(); }
  const int* end() const { return items.data() + items.size(); }
};

int add(int a, int b) { return a + b; }

int total(int k) {
  Bag bag;
  int sum = 0;
  if (k > 0)
    for (int x : bag)
#if defined(__GNUC__) && __GNUC__ < 4
      sum -= x;
#else
      sum += x;
#endif
  else
    sum = -1;
  // CHECK-LABEL: cassette_twin_total(::cassette::Twin
  // CHECK: if (auto&& cassette_range_[[R:[0-9]+]] = bag; false) {}
  // CHECK-SAME: else if (auto cassette_begin_[[R]] = {{.*}}"Bag::begin"{{.*}}; false) {} else if (auto cassette_end_[[R]] =
  // CHECK-SAME: {{.*}}"Bag::end"{{.*}}; false) {} else for (; {{.*}}) if (int x =
  // CHECK-SAME: ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::deref{}, cassette_begin_[[R]]); false) {} else
  // CHECK-NEXT: #if defined(__GNUC__) && __GNUC__ < 4
  // CHECK-NEXT: sum -= x;
  // CHECK-NEXT: #else
  // CHECK-NEXT: ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::add_assign{}, sum, x);
  // CHECK-NEXT: #endif
  // CHECK-NEXT: else
  return add(sum,
  // CHECK: return add(sum,
#ifdef CASSETTE_GOLDEN_UNDEFINED
             -k
#else
             sum + k
  // CHECK: ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::add{}, sum, k)
#endif
  );
}

int main() { return golden::run(CASSETTE_FN(total), 4); }
// OUT: pre >(4, 0)
// OUT-NEXT: post > = true
// OUT-NEXT: pre Bag::begin(_)
// OUT:      pre +(3, 4)
// OUT-NEXT: post + = 7
// OUT-NEXT: result 10 plain 10
// REPORT: "reason_id": "spans_preprocessor_directive"
// REPORT-NEXT: "category": "macro"

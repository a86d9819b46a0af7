// A braced list of an array type whose elements depend on a template's
// parameters (Catch2's TEMPLATE_TEST_CASE: `using expander = int[];
// (void)expander{(reg_test(Types{}), index++)...};`): no constructor runs,
// and a function cannot return an array, so the list stays as written; the
// calls in its elements are hooked.
// OUT: pre sum_all(1, 2)
// OUT-NEXT:   pre record(0, 1)
// OUT-NEXT:     pre +=(0, 1)
// OUT-NEXT:     post += = 1
// OUT-NEXT:   post record = 1
// OUT-NEXT:   pre record(1, 2)
// OUT-NEXT:     pre +=(1, 2)
// OUT-NEXT:     post += = 3
// OUT-NEXT:   post record = 3
// OUT-NEXT: post sum_all = 3
// OUT-NEXT: result 3 plain 3
#include "trace_context.hpp"

int record(int& total, long v) { return total += static_cast<int>(v); }

template <class... Ts>
int sum_all(Ts... vs) {
  int total = 0;
  using expander = int[];
  (void)expander{(record(total, vs), 0)...};
  return total;
}
// CHECK-LABEL: cassette_twin_sum_all(::cassette::Twin
// CHECK: (void)expander{(::cassette::rt::call(cassette_ctx_, ::cassette::fn<"record">

int use() { return sum_all(1, 2L); }

int main() { return golden::run(CASSETTE_FN(use)); }

// With --tagging, a load of `v[i]` where v names a std::vector or std::array
// variable is `cassette::load_element(ctx, v[i], v)`: the element's slot is
// found from v.data()'s, which a loop computes once. Other subscripts load
// by address (`cassette::load`): a pointer, an array reached through an
// expression (a field, a call), and a std::deque (not contiguous). A stored
// element is an assignment as before. Under a context without tagging (this
// test's) each is the plain element.
// REWRITE-ARGS: --tagging
// OUT: result 30 plain 30
#include <array>
#include <deque>
#include <vector>

#include "trace_context.hpp"

struct Holder {
  std::vector<int> xs;
};

int total(int n) {
  std::vector<int> v{n, 2, 3};
  std::array<int, 2> a{4, 5};
  const int* p = a.data();
  Holder h{{6}};
  std::deque<int> d{1};
  int s = 0;
  for (std::size_t i = 0; i < v.size(); ++i) s += v[i];  // 6
  s += a[1] + p[1] + h.xs[0] + d[0];                    // 5 + 5 + 6 + 1
  v[0] = s;
  return v[0] + 7;
}
// CHECK-LABEL: cassette_twin_total(
// CHECK: ::cassette::rt::load_element(cassette_ctx_, ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"std::vector::operator[]">{{.*}}, v, i), v)
// CHECK: ::cassette::rt::load_element(cassette_ctx_, ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"std::array::operator[]">{{.*}}, a, 1), a)
// CHECK: ::cassette::rt::load(cassette_ctx_, ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::subscript{}, p, 1))
// CHECK: ::cassette::rt::load(cassette_ctx_, ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"std::vector::operator[]">{{.*}}, h.xs, 0))
// CHECK: ::cassette::rt::load(cassette_ctx_, ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"std::deque::operator[]">{{.*}}, d, 0))
// CHECK: ::cassette::rt::assign(cassette_ctx_, ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"std::vector::operator[]">{{.*}}, v, 0), s)

int main() { return golden::run(CASSETTE_FN(total), 1); }

// With --tagging, a range-for's loop variable taken by value gets the
// element's metadata: the element is bound first (`auto&& cassette_elem_N =
// *it;`), then a value reads its metadata with `cassette::load`, a variable in
// memory (its address is taken) also records it with `cassette::init`, and a
// copied struct copies its fields' metadata with `cassette::copied`. A
// reference loop variable is bound as written (its loads read the element).
// Under a context without tagging (this test's) each is the plain element.
// REWRITE-ARGS: --tagging
// OUT: result 26 plain 26
#include <vector>

#include "trace_context.hpp"

struct P {
  int a, b;
};
const int* seen;

int sum(int n) {
  std::vector<int> xs{n, 2};
  std::vector<P> ps{{3, 4}};
  int s = 0;
  for (int v : xs) s += v * v;  // 9 + 4
  for (int w : xs) {            // 3 + 2
    seen = &w;
    s += *seen;
  }
  for (P p : ps) s += p.a + p.b;  // 7
  for (const int& r : xs) s -= r;  // - 5
  return s + 6;
}
// CHECK-LABEL: cassette_twin_sum(
// CHECK: { auto&& [[E1:cassette_elem_[0-9]+]] = ::cassette::rt::call(cassette_ctx_,
// CHECK-SAME: ::cassette::fn<"__gnu_cxx::__normal_iterator::operator*">{{.*}}; ::cassette::value_t<CassetteCtx, int> v = ::cassette::rt::load(cassette_ctx_,
// CHECK-SAME: [[E1]]);
// CHECK: { auto&& [[E2:cassette_elem_[0-9]+]] = {{.*}}; int w = ::cassette::rt::init(cassette_ctx_, w, ::cassette::rt::load(cassette_ctx_, [[E2]]));
// CHECK: { auto&& [[E3:cassette_elem_[0-9]+]] = {{.*}}; P p = [[E3]]; ::cassette::rt::copied(cassette_ctx_, p, [[E3]]);
// CHECK: for (; {{.*}}) { const int& r = ::cassette::rt::call(

int main() { return golden::run(CASSETTE_FN(sum), 3); }

// With --tagging, a braced list of braced lists that builds a sequence of
// sequences (`std::vector<std::vector<int>> m{{x, x}, {x, 2}}`, any depth)
// keeps each element's metadata: every inner list becomes a `listed` that
// `build` builds into its element, and the built elements are moved into
// the outer container (an initializer_list would copy them into storage
// whose metadata nobody recorded). Issue 21 §3.
// REWRITE-ARGS: --tagging
// OUT: matrix 7 labels 1
// OUT-NEXT: plain_corner 3 labels 0
// OUT-NEXT: cube 2.5 labels 1
// OUT-NEXT: 7 3 2.5
#include <cstdio>
#include <deque>
#include <list>
#include <type_traits>
#include <vector>

#include "label_context.hpp"
#include "trace_context.hpp"

int matrix(int x) {
  std::vector<std::vector<int>> m{{x, 2}, {3, x}};
  return m[1][1] + m[0][1];  // x's label from m[1][1], none from m[0][1]
}
// CHECK-LABEL: cassette_twin_matrix(
// CHECK: ::cassette::rt::build<::std::vector< ::std::vector<int>>>(cassette_ctx_,
// CHECK-SAME: ::cassette::rt::listed{::cassette::rt::nested, ::cassette::rt::listed{::cassette::rt::nested, x, 2},
// CHECK-SAME: ::cassette::rt::listed{::cassette::rt::nested, 3, x}})
int plain_corner(int x) {
  std::vector<std::vector<int>> m{{x, 2}, {3, x}};
  return m[1][0];  // 3: no label
}
double cube(double x) {
  std::deque<std::list<std::vector<double>>> c{{{x}, {1.5}}};
  return c[0].front()[0];
}
// CHECK-LABEL: cassette_twin_cube(
// CHECK: ::cassette::rt::listed{::cassette::rt::nested, ::cassette::rt::listed{::cassette::rt::nested,
// CHECK-SAME: ::cassette::rt::listed{::cassette::rt::nested, x}, ::cassette::rt::listed{::cassette::rt::nested, 1.5}}}

int main() {
  labelled("matrix", CASSETTE_FN(matrix), 5);
  labelled("plain_corner", CASSETTE_FN(plain_corner), 5);
  labelled("cube", CASSETTE_FN(cube), 2.5);
  std::printf("%d %d %g\n", matrix(5), plain_corner(5), cube(2.5));
}

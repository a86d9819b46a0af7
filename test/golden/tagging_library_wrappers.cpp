// With --tagging, a std::pair, std::tuple, std::optional or std::variant
// declared in a twin from names and literals gives each element the
// metadata of the argument it was made from: the wrapper's constructor is a
// primitive, so `cassette::rt::wrapped` after the declaration reads the
// arguments again (a name or a literal has no side effect; a number whose
// address escapes is loaded from the store). Elements made from other
// expressions (`B{1, x}`, a call) carry none. Issue 21 §3.
// REWRITE-ARGS: --tagging
// OUT: pair_member 6 labels 1
// OUT-NEXT: pair_of_struct 5 labels 1
// OUT-NEXT: tuple_of_names 15 labels 1
// OUT-NEXT: optional_struct 5 labels 1
// OUT-NEXT: variant_struct 5 labels 1
// OUT-NEXT: tuple_of_a_temporary 5 labels 0
// OUT-NEXT: array_of_structs 5 labels 1
#include <array>
#include <cstdio>
#include <optional>
#include <tuple>
#include <type_traits>
#include <utility>
#include <variant>

#include "label_context.hpp"
#include "trace_context.hpp"

struct B {
  int x;
  int y;
};
int pair_member(int x) {
  std::pair<int, int> p{x, 1};
  return p.first + p.second;  // x's label; 1 has none
}
// CHECK-LABEL: cassette_twin_pair_member(
// CHECK: ::cassette::rt::wrapped(cassette_ctx_, p, ::cassette::rt::load(cassette_ctx_, x), 1);
int pair_of_struct(int x) {
  B b{x, 1};
  std::pair<B, int> p{b, 1};
  return p.first.x;
}
// CHECK-LABEL: cassette_twin_pair_of_struct(
// CHECK: ::cassette::rt::wrapped(cassette_ctx_, p, b, 1);
int tuple_of_names(int x) {
  B b{2, x};
  int y = x * 2;
  std::tuple<int, B> t{y, b};
  return std::get<0>(t) + std::get<1>(t).y;
}
// CHECK-LABEL: cassette_twin_tuple_of_names(
// CHECK: ::cassette::rt::wrapped(cassette_ctx_, t, ::cassette::rt::load(cassette_ctx_, y), b);
int optional_struct(int x) {
  B b{x, 1};
  std::optional<B> o = b;
  return o->x;
}
// CHECK-LABEL: cassette_twin_optional_struct(
// CHECK: ::cassette::rt::wrapped(cassette_ctx_, o, b);
int variant_struct(int x) {
  B b{x, 1};
  std::variant<int, B> v = b;
  return std::get<B>(v).x;
}
// CHECK-LABEL: cassette_twin_variant_struct(
// CHECK: ::cassette::rt::wrapped(cassette_ctx_, v, b);
int tuple_of_a_temporary(int x) {
  std::tuple<int, B> t{1, B{1, x}};
  return std::get<1>(t).y;  // made from a temporary: no metadata
}
// CHECK-LABEL: cassette_twin_tuple_of_a_temporary(
// CHECK-NOT: ::cassette::rt::wrapped
int array_of_structs(int x) {
  std::array<B, 2> a{{{1, 2}, {x, 3}}};
  return a[1].x;  // an aggregate: its elements' fields record their metadata
}
// CHECK-LABEL: cassette_twin_array_of_structs(

int main() {
  labelled("pair_member", CASSETTE_FN(pair_member), 5);
  labelled("pair_of_struct", CASSETTE_FN(pair_of_struct), 5);
  labelled("tuple_of_names", CASSETTE_FN(tuple_of_names), 5);
  labelled("optional_struct", CASSETTE_FN(optional_struct), 5);
  labelled("variant_struct", CASSETTE_FN(variant_struct), 5);
  labelled("tuple_of_a_temporary", CASSETTE_FN(tuple_of_a_temporary), 5);
  labelled("array_of_structs", CASSETTE_FN(array_of_structs), 5);
}

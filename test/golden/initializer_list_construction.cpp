// Construction through an initializer_list constructor (`T{1, 2, 3}`, a
// declaration `T v{...}`, a member initialiser `m{...}`): the braced list
// stays exactly as written inside the invokers (re-wrapping its elements as
// arguments would pick another constructor), so the hooks see no arguments;
// calls inside the list are still rewritten. A constructor written in the
// tree is reached through its twin, which takes the same list; its range-for
// over the list is desugared (std::initializer_list::begin/end, pointer ops).
// OUT: pre std::vector::vector()
// OUT-NEXT:   pre twice(3)
// OUT-NEXT:     pre *(2, 3)
// OUT-NEXT:     post * = 6
// OUT-NEXT:   post twice = 6
// OUT-NEXT: post std::vector::vector = _
// OUT-NEXT: pre Bag::Bag()
// OUT-NEXT:   pre std::vector::vector()
// OUT-NEXT:   post std::vector::vector = _
// OUT-NEXT: post Bag::Bag = _
// OUT-NEXT: pre std::vector::size(_)
// OUT-NEXT: post std::vector::size = 3
// OUT-NEXT: pre std::vector::operator[](_, 1)
// OUT-NEXT: post std::vector::operator[] = 5
// OUT-NEXT: pre +(3, 5)
// OUT-NEXT: post + = 8
// OUT-NEXT: pre Sum::Sum()
// OUT-NEXT:   pre std::initializer_list::begin(_)
// OUT-NEXT:   post std::initializer_list::begin = ptr
// OUT-NEXT:   pre std::initializer_list::end(_)
// OUT-NEXT:   post std::initializer_list::end = ptr
// OUT-NEXT:   pre !=(ptr, ptr)
// OUT-NEXT:   post != = true
// OUT-NEXT:   pre *(ptr)
// OUT-NEXT:   post * = 3
// OUT-NEXT:   pre +=(0, 3)
// OUT-NEXT:   post += = 3
// OUT-NEXT:   pre ++(ptr)
// OUT-NEXT:   post ++ = ptr
// OUT-NEXT:   pre !=(ptr, ptr)
// OUT-NEXT:   post != = true
// OUT-NEXT:   pre *(ptr)
// OUT-NEXT:   post * = 10
// OUT-NEXT:   pre +=(3, 10)
// OUT-NEXT:   post += = 13
// OUT-NEXT:   pre ++(ptr)
// OUT-NEXT:   post ++ = ptr
// OUT-NEXT:   pre !=(ptr, ptr)
// OUT-NEXT:   post != = false
// OUT-NEXT: post Sum::Sum = _
// OUT-NEXT: pre +(8, 13)
// OUT-NEXT: post + = 21
// OUT-NEXT: pre std::vector::operator[](_, 1)
// OUT-NEXT: post std::vector::operator[] = 6
// OUT-NEXT: pre *(6, 0)
// OUT-NEXT: post * = 0
// OUT-NEXT: pre +(21, 0)
// OUT-NEXT: post + = 21
// OUT-NEXT: result 21 plain 21
#include <initializer_list>
#include <vector>

#include "trace_context.hpp"

int twice(int x) { return 2 * x; }

struct Bag {
  std::vector<int> items;
  Bag() : items{4, 5} {}
  // CHECK: template <class CassetteCtx> Bag(::cassette::Twin<CassetteCtx> cassette_ctx_) : items(::cassette::rt::call(cassette_ctx_,
  // CHECK-SAME: ::cassette::fn<"std::vector::vector">({{[^)]*}}),
  // CHECK-SAME: [&]() -> std::remove_cv_t<decltype(this->items)> { return std::remove_cv_t<decltype(this->items)>{4, 5}; },
  // CHECK-SAME: ::cassette::rt::no_twin{})) {}
};

struct Sum {
  int total = 0;
  Sum(std::initializer_list<int> l) {
    for (int i : l) total += i;
  }
};

int use(int x) {
  std::vector<int> v{1, twice(x), 3};
  Bag b;
  return static_cast<int>(v.size()) + b.items[1] + Sum{x, 10}.total + v[1] * 0;
}
// CHECK-LABEL: cassette_twin_use(::cassette::Twin
// CHECK: std::vector<int> v(::cassette::rt::call(cassette_ctx_, ::cassette::fn<"std::vector::vector">({{[^)]*}}),
// CHECK-SAME: [&]() -> std::remove_cv_t<decltype(v)> { return std::remove_cv_t<decltype(v)>{1,
// CHECK-SAME: ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"twice">
// CHECK: ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"Sum::Sum">({{[^)]*}}),
// CHECK-SAME: [&]() -> Sum { return Sum{x, 10}; }, [&](auto& cassette_t) -> Sum { return Sum(cassette_t, {x, 10}); }).total

int main() { return golden::run(CASSETTE_FN(use), 3); }

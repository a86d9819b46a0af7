// Range-for inside a twin is desugared as [stmt.ranged] says, with the calls
// the compiler chose written as hooked calls: a range of the tree (member
// begin/end, iterator !=, ++, * reaching their twins), a std::vector (`!=`
// is the C++20 rewritten `!(a == b)`; `continue` still reaches `++`), and a
// range with free begin/end found by argument-dependent lookup over a pointer
// (builtin `!=`, `++`, `*`). The range temporary (`make(n)`) is bound to
// `auto&&` as in the original; the loop variable keeps its declaration.
// OUT: pre make(2)
// OUT-NEXT: post make = _
// OUT-NEXT: pre Upto::begin(_)
// OUT-NEXT: post Upto::begin = _
// OUT-NEXT: pre Upto::end(_)
// OUT-NEXT: post Upto::end = _
// OUT-NEXT: pre Counter::operator!=(_, _)
// OUT-NEXT:   pre !=(0, 2)
// OUT-NEXT:   post != = true
// OUT-NEXT: post Counter::operator!= = true
// OUT-NEXT: pre Counter::operator*(_)
// OUT-NEXT:   pre *(0, 10)
// OUT-NEXT:   post * = 0
// OUT-NEXT: post Counter::operator* = 0
// OUT-NEXT: pre +(0, 0)
// OUT-NEXT: post + = 0
// OUT-NEXT: pre Counter::operator++(_)
// OUT-NEXT:   pre +(0, 1)
// OUT-NEXT:   post + = 1
// OUT-NEXT:   pre *(ptr)
// OUT-NEXT:   post * = _
// OUT-NEXT: post Counter::operator++ = _
// OUT-NEXT: pre Counter::operator!=(_, _)
// OUT-NEXT:   pre !=(1, 2)
// OUT-NEXT:   post != = true
// OUT-NEXT: post Counter::operator!= = true
// OUT-NEXT: pre Counter::operator*(_)
// OUT-NEXT:   pre *(1, 10)
// OUT-NEXT:   post * = 10
// OUT-NEXT: post Counter::operator* = 10
// OUT-NEXT: pre +(0, 10)
// OUT-NEXT: post + = 10
// OUT-NEXT: pre Counter::operator++(_)
// OUT-NEXT:   pre +(1, 1)
// OUT-NEXT:   post + = 2
// OUT-NEXT:   pre *(ptr)
// OUT-NEXT:   post * = _
// OUT-NEXT: post Counter::operator++ = _
// OUT-NEXT: pre Counter::operator!=(_, _)
// OUT-NEXT:   pre !=(2, 2)
// OUT-NEXT:   post != = false
// OUT-NEXT: post Counter::operator!= = false
// OUT-NEXT: pre std::vector::vector()
// OUT-NEXT: post std::vector::vector = _
// OUT-NEXT: pre std::vector::begin(_)
// OUT-NEXT: post std::vector::begin = _
// OUT-NEXT: pre std::vector::end(_)
// OUT-NEXT: post std::vector::end = _
// OUT-NEXT: pre __gnu_cxx::operator==(_, _)
// OUT-NEXT: post __gnu_cxx::operator== = false
// OUT-NEXT: pre __gnu_cxx::__normal_iterator::operator*(_)
// OUT-NEXT: post __gnu_cxx::__normal_iterator::operator* = 4
// OUT-NEXT: pre ==(4, 4)
// OUT-NEXT: post == = true
// OUT-NEXT: pre __gnu_cxx::__normal_iterator::operator++(_)
// OUT-NEXT: post __gnu_cxx::__normal_iterator::operator++ = _
// OUT-NEXT: pre __gnu_cxx::operator==(_, _)
// OUT-NEXT: post __gnu_cxx::operator== = false
// OUT-NEXT: pre __gnu_cxx::__normal_iterator::operator*(_)
// OUT-NEXT: post __gnu_cxx::__normal_iterator::operator* = 5
// OUT-NEXT: pre ==(5, 4)
// OUT-NEXT: post == = false
// OUT-NEXT: pre +(10, 5)
// OUT-NEXT: post + = 15
// OUT-NEXT: pre __gnu_cxx::__normal_iterator::operator++(_)
// OUT-NEXT: post __gnu_cxx::__normal_iterator::operator++ = _
// OUT-NEXT: pre __gnu_cxx::operator==(_, _)
// OUT-NEXT: post __gnu_cxx::operator== = true
// OUT-NEXT: pre bag::begin(_)
// OUT-NEXT: post bag::begin = ptr
// OUT-NEXT: pre bag::end(_)
// OUT-NEXT:   pre +(_, 2)
// OUT-NEXT:   post + = ptr
// OUT-NEXT: post bag::end = ptr
// OUT-NEXT: pre !=(ptr, ptr)
// OUT-NEXT: post != = true
// OUT-NEXT: pre *(ptr)
// OUT-NEXT: post * = 7
// OUT-NEXT: pre +(15, 7)
// OUT-NEXT: post + = 22
// OUT-NEXT: pre ++(ptr)
// OUT-NEXT: post ++ = ptr
// OUT-NEXT: pre !=(ptr, ptr)
// OUT-NEXT: post != = true
// OUT-NEXT: pre *(ptr)
// OUT-NEXT: post * = 8
// OUT-NEXT: pre +(22, 8)
// OUT-NEXT: post + = 30
// OUT-NEXT: pre ++(ptr)
// OUT-NEXT: post ++ = ptr
// OUT-NEXT: pre !=(ptr, ptr)
// OUT-NEXT: post != = false
// OUT-NEXT: result 30 plain 30
#include <vector>

#include "trace_context.hpp"

// A range of the tree: begin/end members, an iterator with !=, ++ and *.
struct Counter {
  int at;
  bool operator!=(const Counter& o) const { return at != o.at; }
  Counter& operator++() { at = at + 1; return *this; }
  int operator*() const { return at * 10; }
};
struct Upto {
  int n;
  Counter begin() const { return Counter{0}; }
  Counter end() const { return Counter{n}; }
};

// A range found through free begin/end (argument-dependent lookup), over a pointer.
namespace bag {
struct Pair {
  int v[2];
};
const int* begin(const Pair& p) { return p.v; }
const int* end(const Pair& p) { return p.v + 2; }
}  // namespace bag

Upto make(int n) { return Upto{n}; }

int use(int n) {
  int sum = 0;
  for (int x : make(n)) sum = sum + x;
  std::vector<int> v{4, 5};
  for (const int& x : v) {
    if (x == 4) continue;
    sum = sum + x;
  }
  bag::Pair p{{7, 8}};
  for (auto x : p) sum = sum + x;
  return sum;
}
// CHECK-LABEL: cassette_twin_use(
// CHECK: { auto&& cassette_range_[[R:[0-9]+]] = ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"make">{{.*}}, n); auto cassette_begin_[[R]] =
// CHECK-SAME: ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"Upto::begin">{{.*}}cassette_twin_begin(cassette_t); },
// CHECK-SAME: cassette_range_[[R]]); auto cassette_end_[[R]] =
// CHECK-SAME: {{.*}}; for (; ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"Counter::operator!=">{{.*}}, cassette_begin_[[R]], cassette_end_[[R]]);
// CHECK-SAME: ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"Counter::operator++">{{.*}}, cassette_begin_[[R]])) { int x =
// CHECK-SAME: ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"Counter::operator*">{{.*}}, cassette_begin_[[R]]);
// CHECK-SAME: sum = ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::add{}, sum, x); } }
// CHECK: { auto&& cassette_range_[[V:[0-9]+]] = v; {{.*}} for (; !(::cassette::rt::call(cassette_ctx_,
// CHECK-SAME: ::cassette::fn<"__gnu_cxx::operator==">{{.*}}) { const int& x = {{.*}}; {
// CHECK: continue;
// CHECK: } } }
// CHECK: { auto&& cassette_range_[[P:[0-9]+]] = p; auto cassette_begin_[[P]] = ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"bag::begin">({{[^)]*}}),
// CHECK-SAME: [&](auto&& cassette_a0) -> decltype(auto) { return ::bag::begin(CASSETTE_FWD(cassette_a0)); },
// CHECK-SAME: [&](auto& cassette_t, auto&& cassette_a0) -> decltype(auto) { return ::bag::cassette_twin_begin(cassette_t, CASSETTE_FWD(cassette_a0)); },
// CHECK-SAME: cassette_range_[[P]]); {{.*}} for (; ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::ne{}, cassette_begin_[[P]], cassette_end_[[P]]);
// CHECK-SAME: ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::pre_inc{}, cassette_begin_[[P]])) {
// CHECK-SAME: auto x = ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::deref{}, cassette_begin_[[P]]); sum = {{.*}}; } }

int main() { return golden::run(CASSETTE_FN(use), 2); }

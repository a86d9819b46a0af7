// With --tagging, a braced list that builds a std::vector, deque, list or
// forward_list of numbers goes through `cassette::build<T>`, which builds
// the container from the plain values and gives each element the metadata
// of the list element it came from (the constructor is a primitive, so
// nothing else would record it). The braces stay, so the construction
// initialises from the built container whichever form it had: a declaration,
// `= {...}`, a temporary `T{...}`, a member initialiser, an argument. A list
// for an initializer_list parameter (`v = {...}`, `insert`) and
// `std::vector<bool>` take plain values. Under a context without tagging
// (this test's) the program runs as written.
// REWRITE-ARGS: --tagging
// OUT: pre std::vector::vector()
// OUT-NEXT:   pre *(2, 2)
// OUT-NEXT:   post * = 4
// OUT-NEXT: post std::vector::vector = _
// OUT-NEXT: pre std::deque::deque()
// OUT-NEXT: post std::deque::deque = _
// OUT-NEXT: pre std::deque::front(_)
// OUT-NEXT: post std::deque::front = 2
// OUT-NEXT: pre std::vector::operator=(_, _)
// OUT-NEXT: post std::vector::operator= = _
// OUT-NEXT: pre std::vector::vector()
// OUT-NEXT:   pre >(2, 0)
// OUT-NEXT:   post > = true
// OUT-NEXT: post std::vector::vector = _
// OUT-NEXT: pre Pair::Pair(2, 3)
// OUT-NEXT:   pre std::vector::vector()
// OUT-NEXT:   post std::vector::vector = _
// OUT-NEXT: post Pair::Pair = _
// OUT-NEXT: pre std::vector::operator[](_, 0)
// OUT-NEXT: post std::vector::operator[] = 2
// OUT-NEXT: pre std::list::front(_)
// OUT-NEXT: post std::list::front = 3
// OUT-NEXT: pre +(2, 3)
// OUT-NEXT: post + = 5
// OUT-NEXT: pre std::list::back(_)
// OUT-NEXT: post std::list::back = 3
// OUT-NEXT: pre +(5, 3)
// OUT-NEXT: post + = 8
// OUT-NEXT: pre +(8, 2)
// OUT-NEXT: post + = 10
// OUT-NEXT: pre total(_)
// OUT-NEXT:   pre std::vector::size(_)
// OUT-NEXT:   post std::vector::size = 2
// OUT-NEXT:   pre <(0, 2)
// OUT-NEXT:   post < = true
// OUT-NEXT:   pre std::vector::operator[](_, 0)
// OUT-NEXT:   post std::vector::operator[] = 2
// OUT-NEXT:   pre +=(0, 2)
// OUT-NEXT:   post += = 2
// OUT-NEXT:   pre ++(0)
// OUT-NEXT:   post ++ = 1
// OUT-NEXT:   pre std::vector::size(_)
// OUT-NEXT:   post std::vector::size = 2
// OUT-NEXT:   pre <(1, 2)
// OUT-NEXT:   post < = true
// OUT-NEXT:   pre std::vector::operator[](_, 1)
// OUT-NEXT:   post std::vector::operator[] = 1
// OUT-NEXT:   pre +=(2, 1)
// OUT-NEXT:   post += = 3
// OUT-NEXT:   pre ++(1)
// OUT-NEXT:   post ++ = 2
// OUT-NEXT:   pre std::vector::size(_)
// OUT-NEXT:   post std::vector::size = 2
// OUT-NEXT:   pre <(2, 2)
// OUT-NEXT:   post < = false
// OUT-NEXT: post total = 3
// OUT-NEXT: pre +(10, 3)
// OUT-NEXT: post + = 13
// OUT-NEXT: pre std::vector::operator[](_, 1)
// OUT-NEXT: post std::vector::operator[] = 3
// OUT-NEXT: pre +(13, 3)
// OUT-NEXT: post + = 16
// OUT-NEXT: pre std::vector::size(_)
// OUT-NEXT: post std::vector::size = 2
// OUT-NEXT: pre +(16, 2)
// OUT-NEXT: post + = 18
// OUT-NEXT: result 18 plain 18
#include <deque>
#include <list>
#include <vector>

#include "trace_context.hpp"

double total(const std::vector<double>& v) {
  double s = 0;
  for (std::size_t i = 0; i < v.size(); ++i) s += v[i];
  return s;
}

struct Pair {
  std::vector<double> v;
  Pair(double a, double b) : v{a, b} {}
  // CHECK-LABEL: Pair(::cassette::Twin<CassetteCtx>
  // CHECK-SAME: {::cassette::rt::build<::std::vector<double>>(cassette_ctx_, ::cassette::rt::listed{a, b})}
};

double sum(double x, int n) {
  std::vector<double> v{x, x * 2, 1};              // 2, 4, 1
  std::list<int> l = {n, 3};                       // 3, 3
  float f = std::deque<float>{float(x)}.front();   // 2
  v = {x};                                         // 2
  std::vector<bool> flags{x > 0, true};
  Pair p(x, double(n));                            // 2, 3
  return v[0] + l.front() + l.back() + f + total({x, 1}) + p.v[1] + flags.size();  // 2+3+3+2+3+3+2 = 18
}
// CHECK-LABEL: cassette_twin_sum(
// CHECK: return std::remove_cv_t<decltype(v)>{::cassette::rt::build<::std::vector<double>>(cassette_ctx_,
// CHECK-SAME: ::cassette::rt::listed{x, ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::mul{}, x, 2), 1})};
// CHECK: std::list<int> l = {::cassette::rt::build<::std::list<int>>(cassette_ctx_, ::cassette::rt::listed{n, 3})};
// CHECK: return std::deque<float>{::cassette::rt::build<::std::deque<float>>(cassette_ctx_,
// CHECK-SAME: ::cassette::rt::listed{(::cassette::rt::convert<float>(cassette_ctx_, x))})};
// CHECK: (CASSETTE_FWD(cassette_a0)) = (CASSETTE_FWD(cassette_a1)); }, ::cassette::rt::no_twin{}, v,
// CHECK-SAME: ::cassette::rt::list_initialized<::std::initializer_list< ::std::vector<double,
// CHECK-SAME: ::std::allocator<double>>::value_type>>{{[{][{]}}::cassette::untag(x)}}.value)
// CHECK: return std::remove_cv_t<decltype(flags)>{::cassette::untag(::cassette::rt::call_op(cassette_ctx_, ::cassette::op::gt{}, x, 0)), true};

int main() { return golden::run(CASSETTE_FN(sum), 2.0, 3); }

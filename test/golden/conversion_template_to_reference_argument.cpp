// A conversion function template called implicitly, whose target type's
// template argument is a deduced reference to a class template's
// specialization (gmock's PolymorphicMatcher `operator Matcher<T>()` for
// `Matcher<const std::string&>`): the invoker names the conversion with that
// argument qualified all the way down, `::std::char_traits<char>` included.
// OUT: pre m::Poly::operator Matcher(_)
// OUT-NEXT: post m::Poly::operator Matcher = _
// OUT-NEXT: pre take(_)
// OUT-NEXT: post take = 3
// OUT-NEXT: pre +(3, 1)
// OUT-NEXT: post + = 4
// OUT-NEXT: result 4 plain 4
#include <string>

#include "trace_context.hpp"

namespace m {
template <class T>
struct Matcher {
  int n;
};
template <class Impl>
struct Poly {
  template <class T>
  operator Matcher<T>() const {
    return Matcher<T>{3};
  }
};
}  // namespace m

int take(m::Matcher<const std::string&> x) { return x.n; }

int use(int x) {
  m::Poly<int> p;
  return take(p) + x;
}
// CHECK: .operator ::m::Matcher<const ::std::basic_string<char, ::std::char_traits<char>, ::std::allocator<char>> &>()

int main() { return golden::run(CASSETTE_FN(use), 1); }

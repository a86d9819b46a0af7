// An implicit conversion of a local class's object, made in a lambda
// (fmt's FMT_STRING), to a type its own member typedef spells
// (`basic_view<char_type>`): that name exists only inside the lambda, so the
// conversion is called by the type's canonical spelling.
#include "trace_context.hpp"

template <class Ch>
struct basic_view {
  const Ch* p;
  int n;
};

int length(basic_view<char> v) { return v.n; }

int use(int k) {
  return length([] {
           struct compiled {
             using char_type = char;
             operator basic_view<char_type>() const { return {"abc", 3}; }
           };
           return compiled();
         }()) +
         k;
}
// CHECK-LABEL: cassette_twin_use(::cassette::Twin
// CHECK: .operator ::basic_view<char>()

int main() { return golden::run(CASSETTE_FN(use), 2); }
// OUT: pre (lambda at conversion_from_local_class.cpp:16:17)(_)
// OUT-NEXT: post (lambda at conversion_from_local_class.cpp:16:17) = _
// OUT-NEXT: pre use::(lambda)::operator()::compiled::operator basic_view(_)
// OUT-NEXT: post use::(lambda)::operator()::compiled::operator basic_view = _
// OUT-NEXT: pre length(_)
// OUT-NEXT: post length = 3
// OUT-NEXT: pre +(3, 2)
// OUT-NEXT: post + = 5
// OUT-NEXT: result 5 plain 5

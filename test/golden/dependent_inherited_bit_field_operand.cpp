// A member that a class template inherits from a dependent base, where it is
// a bit-field (fmt's dynamic_format_specs<Char> inherits `align` from
// basic_format_specs<Char>; `checker.on_align(specs_.align)`): no reference
// binds to it, so as an argument it is evaluated in the invoker as written.
#include "trace_context.hpp"

enum class align { none, left, numeric };

template <class Char>
struct basic_specs {
  align a : 4;
  Char fill;
};

template <class Char>
struct dynamic_specs : basic_specs<Char> {
  int width_ref;
};

struct checker {
  int seen = 0;
  void on_align(align a) { seen = static_cast<int>(a); }
};

template <class Char>
int check(const dynamic_specs<Char>& s) {
  checker c;
  c.on_align(s.a);
  return c.seen;
}
// CHECK-LABEL: cassette_twin_check(::cassette::Twin
// CHECK: -> decltype(auto) { return CASSETTE_FWD(cassette_a0).on_align(s.a); }

int use(int n) {
  dynamic_specs<char> s{{align::numeric, '*'}, 0};
  return check(s) + n;
}

int main() { return golden::run(CASSETTE_FN(use), 3); }
// OUT: pre check(_)
// OUT-NEXT:   pre checker::on_align(_)
// OUT-NEXT:   post checker::on_align = _
// OUT-NEXT: post check = 2
// OUT-NEXT: pre +(2, 3)
// OUT-NEXT: post + = 5
// OUT-NEXT: result 5 plain 5

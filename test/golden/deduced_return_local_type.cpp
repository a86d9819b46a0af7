// A function whose deduced return type is a lambda's closure or a class
// declared in its body (a factory): its anchor, which names the twin's type
// to instantiate it, cannot spell that type, and the twin's is its own
// closure or class anyway. It names the twin's result by a call of it, so
// the twin stays and callers run it.
// OUT: pre make_adder(2)
// OUT-NEXT: post make_adder = _
// OUT-NEXT: pre make_counter(10)
// OUT-NEXT: post make_counter = _
// OUT-NEXT: pre make_counter::Counter::next(_)
// OUT-NEXT: post make_counter::Counter::next = 10
// OUT-NEXT: pre (lambda at deduced_return_local_type.cpp:32:10)(_, 1)
// OUT-NEXT:   pre +(1, 2)
// OUT-NEXT:   post + = 3
// OUT-NEXT: post (lambda at deduced_return_local_type.cpp:32:10) = 3
// OUT-NEXT: pre make_counter::Counter::next(_)
// OUT-NEXT: post make_counter::Counter::next = 11
// OUT-NEXT: pre +(3, 11)
// OUT-NEXT: post + = 14
// OUT-NEXT: pre Scale::by(_)
// OUT-NEXT: post Scale::by = _
// OUT-NEXT: pre (lambda at deduced_return_local_type.cpp:49:10)(_, 2)
// OUT-NEXT:   pre *(2, 3)
// OUT-NEXT:   post * = 6
// OUT-NEXT: post (lambda at deduced_return_local_type.cpp:49:10) = 6
// OUT-NEXT: pre +(14, 6)
// OUT-NEXT: post + = 20
// OUT-NEXT: result 20 plain 20
#include "trace_context.hpp"

auto make_adder(int k) {
  return [k](int x) { return x + k; };
}
// CHECK: static_cast<decltype(::cassette_twin_make_adder<CassetteCtx>(::std::declval<::cassette::Twin<CassetteCtx>>(), ::std::declval<int>())) (*)(::cassette::Twin<CassetteCtx>, int)>(&::cassette_twin_make_adder)

auto make_counter(int start) {
  struct Counter {
    int n;
    int next() { return n++; }
  };
  return Counter{start};
}

struct Scale {
  int factor;
  auto by() const;
};
auto Scale::by() const {
  return [f = factor](int x) { return x * f; };
}
// CHECK: static_cast<decltype(::std::declval<const ::Scale&>().template cassette_twin_by<CassetteCtx>(::std::declval<::cassette::Twin<CassetteCtx>>())) (::Scale::*)(::cassette::Twin<CassetteCtx>) const>(&::Scale::cassette_twin_by)

int use(int x) {
  auto add = make_adder(x);
  auto counter = make_counter(10);
  counter.next();
  return add(1) + counter.next() + Scale{3}.by()(x);
}
// REPORT-NOT: "reason_id": "no_twin_does_not_compile"

int main() { return golden::run(CASSETTE_FN(use), 2); }

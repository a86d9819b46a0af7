// A class with a constructor template that deduces each of its parameters
// beside a constructor taking a class by value, called with an argument
// the call converts (a `const char*` or an int to a `Text`, a derived
// `Tagged` to its base `Text`): the twin constructor's call
// `box(cassette_t, "abcd")` would pick the template, which takes both
// exactly, where the twin needs the conversion. The argument goes to the
// twin as `cassette::rt::converted<Text>(...)`, which copy-initialises the
// parameter as the call does (`static_cast<Text>(n)` would direct-initialise
// it, choosing `explicit Text(int)` where the call chooses `Text(long)`),
// with no copy more (the copies are counted).
// With the casts left out of the rewritten output by hand, `use` returns -3, not
// 3179; with static_cast<::shop::Text> in their place, -2821.
// CHECK: decltype(a)>(cassette_t, ::cassette::rt::converted<::shop::Text>(CASSETTE_FWD(cassette_a0))); }, "abcd"));
// CHECK: decltype(b)>(cassette_t, ::cassette::rt::converted<::shop::Text>(CASSETTE_FWD(cassette_a0))); }, tag));
// CHECK: decltype(d)>(cassette_t, ::cassette::rt::converted<::shop::Text>(CASSETTE_FWD(cassette_a0))); }, n));
// OUT: pre shop::box::box(_)
// OUT-NEXT:   pre shop::measured(4)
// OUT-NEXT:     pre *(4, 10)
// OUT-NEXT:     post * = 40
// OUT-NEXT:   post shop::measured = 40
// OUT-NEXT: post shop::box::box = _
// OUT-NEXT: pre shop::Tagged::Tagged()
// OUT-NEXT:   pre shop::Text::Text(_)
// OUT-NEXT:   post shop::Text::Text = _
// OUT-NEXT: post shop::Tagged::Tagged = _
// OUT-NEXT: pre shop::box::box(_)
// OUT-NEXT:   pre shop::measured(4)
// OUT-NEXT:     pre *(4, 10)
// OUT-NEXT:     post * = 40
// OUT-NEXT:   post shop::measured = 40
// OUT-NEXT: post shop::box::box = _
// OUT-NEXT: pre shop::box::box(3, 3)
// OUT-NEXT:   pre -(1)
// OUT-NEXT:   post - = -1
// OUT-NEXT: post shop::box::box = _
// OUT-NEXT: pre shop::box::box(3)
// OUT-NEXT:   pre shop::measured(3)
// OUT-NEXT:     pre *(3, 10)
// OUT-NEXT:     post * = 30
// OUT-NEXT:   post shop::measured = 30
// OUT-NEXT: post shop::box::box = _
// OUT-NEXT: pre +(40, 40)
// OUT-NEXT: post + = 80
// OUT-NEXT: pre +(80, -1)
// OUT-NEXT: post + = 79
// OUT-NEXT: pre *(100, 1)
// OUT-NEXT: post * = 100
// OUT-NEXT: pre +(79, 100)
// OUT-NEXT: post + = 179
// OUT-NEXT: pre *(100, 30)
// OUT-NEXT: post * = 3000
// OUT-NEXT: pre +(179, 3000)
// OUT-NEXT: post + = 3179
// OUT-NEXT: result 3179 plain 3179
#include "trace_context.hpp"

namespace shop {
inline int copies = 0;
inline int measured(int n) { return n * 10; }
struct Text {
  int length;
  Text(const char* s) : length(s ? 4 : 0) {}
  Text(long n) : length(static_cast<int>(n)) {}
  explicit Text(int n) : length(-n) {}
  Text(const Text& t) : length(t.length) { ++copies; }
};
struct Tagged : Text {
  Tagged() : Text("tag") {}
};
struct box {
  int size;
  explicit box(Text t) : size(measured(t.length)) {}
  template <class A, class B>
  box(A, B) : size(-1) {}
};
}  // namespace shop

int use(int n) {
  shop::copies = 0;
  shop::box a("abcd");
  shop::Tagged tag;
  shop::box b(tag);
  shop::box c(n, n);
  shop::box d(n);
  return a.size + b.size + c.size + 100 * shop::copies + 100 * d.size;
}

int main() { return golden::run(CASSETTE_FN(use), 3); }

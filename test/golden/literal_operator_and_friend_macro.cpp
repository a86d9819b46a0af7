// Three spellings from fmt's headers. A literal operator `operator"" _a`
// gets a twin named cassette_twin_literal_a, and a user-defined literal is
// the call of its operator with what the literal gives it: a string and its
// length, an unsigned long long, a long double or a character, each spelled
// from the literal. A raw literal operator takes the literal's characters:
// left as written. A friend whose declaration has
// specifiers before `friend` (a macro giving constexpr) takes the twin's
// template header before them. A value-initialised dependent type written
// over several lines is named in one line in the callee identity's string.
// OUT: pre operator""_a(_, 3)
// OUT-NEXT: post operator""_a = _
// OUT-NEXT: pre units::operator""_km(2)
// OUT-NEXT:   pre *(2, 1000)
// OUT-NEXT:   post * = 2000
// OUT-NEXT: post units::operator""_km = 2000
// OUT-NEXT: pre units::operator""_km(3)
// OUT-NEXT:   pre *(3, 1000)
// OUT-NEXT:   post * = 3000
// OUT-NEXT: post units::operator""_km = 3000
// OUT-NEXT: pre +(2000, 3000)
// OUT-NEXT: post + = 5000
// OUT-NEXT: pre units::operator""_half(1.5)
// OUT-NEXT:   pre /(1.5, 2)
// OUT-NEXT:   post / = 0.75
// OUT-NEXT: post units::operator""_half = 0.75
// OUT-NEXT: pre *(0.75, 4)
// OUT-NEXT: post * = 3
// OUT-NEXT: pre +(5000, 3)
// OUT-NEXT: post + = 5003
// OUT-NEXT: pre units::operator""_code('A')
// OUT-NEXT: post units::operator""_code = 65
// OUT-NEXT: pre +(5003, 65)
// OUT-NEXT: post + = 5068
// OUT-NEXT: pre +(5068, 7)
// OUT-NEXT: post + = 5075
// OUT-NEXT: pre operator==(_, _)
// OUT-NEXT:   pre ==(1, 1)
// OUT-NEXT:   post == = true
// OUT-NEXT: post operator== = true
// OUT-NEXT: pre width()
// OUT-NEXT:   pre std::conditional_t<(sizeof(T) > 4), Holder<long>, Holder<int>>()
// OUT-NEXT:   post std::conditional_t<(sizeof(T) > 4), Holder<long>, Holder<int>> = _
// OUT-NEXT: post width = 4
// OUT-NEXT: pre +(true, 4)
// OUT-NEXT: post + = 5
// OUT-NEXT: pre [](ptr, 0)
// OUT-NEXT: post [] = 'k'
// OUT-NEXT: pre ==('k', 'k')
// OUT-NEXT: post == = true
// OUT-NEXT: pre +(5, true)
// OUT-NEXT: post + = 6
// OUT-NEXT: pre +(6, 3)
// OUT-NEXT: post + = 9
// OUT-NEXT: pre +(9, 5075)
// OUT-NEXT: post + = 5084
// OUT-NEXT: result 5084 plain 5084
#include <type_traits>

#include "trace_context.hpp"

#define MY_CONSTEXPR constexpr

struct sv {
  const char* s;
  unsigned n;
  MY_CONSTEXPR friend bool operator==(sv a, sv b) { return a.n == b.n; }
  // CHECK-LABEL: template <class CassetteCtx> MY_CONSTEXPR friend bool cassette_twin_operator_EqualEqual(
};

struct arg {
  const char* name;
};
constexpr arg operator"" _a(const char* s, unsigned long) { return {s}; }
// CHECK-LABEL: cassette_twin_literal_a(::cassette::Twin
// CHECK-SAME: , const char* s, unsigned long)
namespace units {
constexpr unsigned long long operator"" _km(unsigned long long v) { return v * 1000; }
constexpr long double operator"" _half(long double v) { return v / 2; }
constexpr int operator"" _code(char c) { return c; }
constexpr int operator"" _digits(const char* s) { return s[0] - '0'; }  // raw
}  // namespace units
using units::operator""_km;  // the operator, not its twin: the twin is named in units
using namespace units;

template <class T>
struct Holder {
  T v;
};

template <class T>
int width() {
  auto h = std::conditional_t<(sizeof(T) > 4),
                              Holder<long>,
                              Holder<int>>();
  return static_cast<int>(sizeof(h.v));
}
// CHECK-LABEL: cassette_twin_width(::cassette::Twin
// CHECK: ::cassette::fn<"std::conditional_t<(sizeof(T) > 4), Holder<long>, Holder<int>>">

int use(int n) {
  sv a{"x", 1}, b{"y", 1};
  arg k = "key"_a;
  int more = static_cast<int>(2_km + 0x3_km) + static_cast<int>(1.5_half * 4) + 'A'_code + 7_digits;
  return (a == b) + width<char>() + (k.name[0] == 'k') + n + more;
}
// CHECK-LABEL: cassette_twin_use(::cassette::Twin
// Two `_km` literals pass one invoker, declared at the top of the body.
// CHECK-SAME: auto cassette_twininvokes_literal_km = [](auto& cassette_t, auto&& cassette_a0) -> decltype(auto) {
// CHECK-SAME: return ::units::cassette_twin_literal_km(cassette_t, CASSETTE_FWD(cassette_a0)); };
// CHECK: ::cassette::fn<"operator\"\"_a">{{.*}} { return operator""_a(CASSETTE_FWD(cassette_a0), CASSETTE_FWD(cassette_a1)); },
// CHECK-SAME: [&](auto& cassette_t, auto&& cassette_a0,
// CHECK-SAME: auto&& cassette_a1) -> decltype(auto) { return ::cassette_twin_literal_a(cassette_t,
// CHECK-SAME: CASSETTE_FWD(cassette_a0), CASSETTE_FWD(cassette_a1)); }, "key", static_cast<decltype(sizeof 0)>(3))
// CHECK: decltype(cassette_twininvokes_literal_km){}, 2ULL)
// CHECK: 0x3ULL)
// CHECK: 1.5L)
// CHECK: 'A')
// CHECK: , 7_digits)

int main() { return golden::run(CASSETTE_FN(use), 3); }

// A dependent operator with an operand that is a temporary which can be
// neither copied nor moved (Catch2's `MessageBuilder("INFO"_catch_sr, ...)
// << msg` in a function template).
// - As the left operand it is passed as it is, made where the call is
//   written: the member operator returns `*this`, a reference to it, which
//   must live to the end of the full expression as in the original.
//   Evaluated in the invoker, it died when the invoker returned.
// - As the right operand it is evaluated in the invoker (a free operator
//   may take it by value). Whether the operator is builtin is then asked of
//   its type as written: the rewritten text holds the literal's invoker, a
//   lambda, which clang 19 fails to deduce inside decltype in a template.
// OUT: pre +(1, 6)
// OUT-NEXT: post + = 7
// OUT-NEXT: pre info(7)
// OUT-NEXT:   pre operator""_ref(_, 2)
// OUT-NEXT:   post operator""_ref = _
// OUT-NEXT:   pre Builder::Builder(_)
// OUT-NEXT:     pre std::basic_string::basic_string(ptr, 2)
// OUT-NEXT:     post std::basic_string::basic_string = "n="
// OUT-NEXT:   post Builder::Builder = _
// OUT-NEXT:   pre operator<<(_, 7)
// OUT-NEXT:     pre std::to_string(7)
// OUT-NEXT:     post std::to_string = "7"
// OUT-NEXT:     pre +=("n=", "7")
// OUT-NEXT:     post += = "n=7"
// OUT-NEXT:     pre *(ptr)
// OUT-NEXT:     post * = _
// OUT-NEXT:   post operator<< = _
// OUT-NEXT:   pre sink(_)
// OUT-NEXT:     pre std::basic_string::size("n=7")
// OUT-NEXT:     post std::basic_string::size = 3
// OUT-NEXT:   post sink = 3
// OUT-NEXT:   pre operator<<(7)
// OUT-NEXT:     pre operator""_ref(_, 2)
// OUT-NEXT:     post operator""_ref = _
// OUT-NEXT:     pre Builder::Builder(_)
// OUT-NEXT:       pre std::basic_string::basic_string(ptr, 2)
// OUT-NEXT:       post std::basic_string::basic_string = "x="
// OUT-NEXT:     post Builder::Builder = _
// OUT-NEXT:     pre std::basic_string::size("x=")
// OUT-NEXT:     post std::basic_string::size = 2
// OUT-NEXT:     pre +(7, 2)
// OUT-NEXT:     post + = 9
// OUT-NEXT:   post operator<< = 9
// OUT-NEXT:   pre +(3, 9)
// OUT-NEXT:   post + = 12
// OUT-NEXT: post info = 12
// OUT-NEXT: pre +(12, 5)
// OUT-NEXT: post + = 17
// OUT-NEXT: result 17 plain 17
#include <cstddef>
#include <string>

#include "trace_context.hpp"

struct Ref {
  const char* p;
  std::size_t n;
};
inline Ref operator""_ref(const char* p, std::size_t n) { return Ref{p, n}; }

struct Builder {
  explicit Builder(Ref r) : text(r.p, r.n) {}
  Builder(const Builder&) = delete;
  template <class T>
  Builder& operator<<(const T& v) {
    text += std::to_string(v);
    return *this;
  }
  std::string text;
};

// Being in scope, it makes `b << msg` an unresolved operator call too, as
// Catch2's many operator<< do.
inline std::size_t operator<<(int a, const Builder& b) { return std::size_t(a) + b.text.size(); }

inline std::size_t sink(const Builder& b) { return b.text.size(); }

template <class T>
std::size_t info(T msg) {
  return sink(Builder("n="_ref) << msg) + (msg << Builder("x="_ref));
}
// CHECK-LABEL: cassette_twin_info(
// CHECK: overloadable_operands<decltype(CASSETTE_FWD(cassette_a0)), decltype(CASSETTE_FWD(cassette_a1))>) return (CASSETTE_FWD(cassette_a0)) << (CASSETTE_FWD(cassette_a1))
// CHECK-SAME: overloadable_operands<decltype(CASSETTE_FWD(cassette_a0)), decltype(Builder("x="_ref))>

int use(int x) { return int(info(x + 6)) + 5; }

int main() { return golden::run(CASSETTE_FN(use), 1); }

// A user-defined literal that initialises a constexpr variable (Catch2's
// `constexpr auto sr1 = "abc"_catch_sr;`) is constant-evaluated: it stays
// as written, as any call there does (reported "constant-evaluated
// context"). Elsewhere it is hooked.
// OUT: pre operator""_sr(_, 2)
// OUT-NEXT: post operator""_sr = _
// OUT-NEXT: pre Ref::size(_)
// OUT-NEXT: post Ref::size = 3
// OUT-NEXT: pre Ref::size(_)
// OUT-NEXT: post Ref::size = 2
// OUT-NEXT: pre +(3, 2)
// OUT-NEXT: post + = 5
// OUT-NEXT: pre +(5, 1)
// OUT-NEXT: post + = 6
// OUT-NEXT: result 6 plain 6
#include <cstddef>

#include "trace_context.hpp"

struct Ref {
  const char* p;
  std::size_t n;
  constexpr std::size_t size() const { return n; }
};
constexpr Ref operator""_sr(const char* p, std::size_t n) noexcept { return Ref{p, n}; }

int use(int x) {
  constexpr auto s = "abc"_sr;
  // CHECK: constexpr auto s = "abc"_sr;
  static_assert(s.size() == 3);
  auto t = "ab"_sr;
  // CHECK: auto t = ::cassette::rt::call(
  return int(s.size() + t.size()) + x;
}

int main() { return golden::run(CASSETTE_FN(use), 1); }

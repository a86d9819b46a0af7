// Three spellings from fmt's headers. A literal operator `operator"" _a`
// gets a twin named cassette_twin_literal_a. A friend whose declaration has
// specifiers before `friend` (a macro giving constexpr) takes the twin's
// template header before them. A value-initialised dependent type written
// over several lines is named in one line in the callee identity's string.
// CHECK: template <class CassetteCtx> MY_CONSTEXPR friend bool cassette_twin_operator_EqualEqual(
// CHECK: template <class CassetteCtx> {{ *}}arg cassette_twin_literal_a(::cassette::Twin<CassetteCtx>, const char* s, unsigned long)
// CHECK: ::cassette::fn<"std::conditional_t<(sizeof(T) > 4), Holder<long>, Holder<int>>">
// OUT: pre operator==(_, _)
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
// OUT-NEXT: result 9 plain 9
#include <type_traits>

#include "trace_context.hpp"

#define MY_CONSTEXPR constexpr

struct sv {
  const char* s;
  unsigned n;
  MY_CONSTEXPR friend bool operator==(sv a, sv b) { return a.n == b.n; }
};

struct arg {
  const char* name;
};
constexpr arg operator"" _a(const char* s, unsigned long) { return {s}; }

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

int use(int n) {
  sv a{"x", 1}, b{"y", 1};
  arg k = "key"_a;
  return (a == b) + width<char>() + (k.name[0] == 'k') + n;
}

int main() { return golden::run(CASSETTE_FN(use), 3); }

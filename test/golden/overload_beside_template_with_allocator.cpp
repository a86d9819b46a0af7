// A function that is not a template, called by a name that function
// templates share (rapidyaml's `to_csubstr(const char*)` beside
// `template<class Alloc> to_csubstr(std::vector<char, Alloc> const&)`).
// Its twin is named with the context as its template argument, so that the
// templates' twins do not tie with it; that argument bound the templates'
// first parameter, Alloc, and checking a conversion to
// std::vector<char, Context> was a hard error. The slot is now passed as
// `rt::exact_slot(t)`: the templates' twins cannot deduce their context from
// it and drop out first.
// OUT: pre s::view(ptr)
// OUT-NEXT: post s::view = _
// OUT-NEXT: pre std::vector::vector()
// OUT-NEXT: post std::vector::vector = _
// OUT-NEXT: pre s::view(_)
// OUT-NEXT:   pre data(_)
// OUT-NEXT:   post data = ptr
// OUT-NEXT: post s::view = _
// OUT-NEXT: pre [](ptr, 0)
// OUT-NEXT: post [] = 'a'
// OUT-NEXT: pre [](ptr, 1)
// OUT-NEXT: post [] = 'y'
// OUT-NEXT: pre +('a', 'y')
// OUT-NEXT: post + = 218
// OUT-NEXT: pre +(218, 1)
// OUT-NEXT: post + = 219
// OUT-NEXT: result 219 plain 219
#include <vector>

#include "trace_context.hpp"

namespace s {
struct View {
  const char* p;
};
View view(const char* p) { return {p}; }
template <class Alloc>
View view(std::vector<char, Alloc> const& v) {
  return {v.data()};
}
}  // namespace s
// CHECK: cassette_twin_view<::cassette::rt::slot_context<decltype(cassette_t)>>(::cassette::rt::exact_slot(cassette_t),

int use(int x) {
  s::View v = s::view("abc");
  std::vector<char> chars{'x', 'y'};
  s::View w = s::view(chars);
  return v.p[0] + w.p[1] + x;
}

int main() { return golden::run(CASSETTE_FN(use), 1); }

// An operator in a class nested in one that declares that operator as a
// member (rapidyaml's basic_substring<C>::first_of_any_result, `which !=
// NONE` beside basic_substring's `operator!=`): the invoker's probe for a
// non-member twin, an unqualified call, found the enclosing class's member
// twin, which a nested class cannot call without an object. The shield the
// function's own class gets (a using-declaration of the runtime's
// placeholder) now covers the classes around it too; argument-dependent
// lookup still finds the non-member twin (`Tag == Tag`).
// OUT: pre q::Str::first(_)
// OUT-NEXT: post q::Str::first = _
// OUT-NEXT: pre q::Str::Result::operator bool(_)
// OUT-NEXT:   pre operator!=(0, -1)
// OUT-NEXT:   post operator!= = true
// OUT-NEXT:   pre operator!=(1, -1)
// OUT-NEXT:   post operator!= = true
// OUT-NEXT:   pre q::operator==(_, _)
// OUT-NEXT:     pre ==(7, 7)
// OUT-NEXT:     post == = true
// OUT-NEXT:   post q::operator== = true
// OUT-NEXT: post q::Str::Result::operator bool = true
// OUT-NEXT: pre +(true, 1)
// OUT-NEXT: post + = 2
// OUT-NEXT: result 2 plain 2
#include <cstddef>

#include "trace_context.hpp"

namespace q {
struct Tag {
  int v;
};
bool operator==(Tag a, Tag b) { return a.v == b.v; }

template <class C>
struct Str {
  enum : std::size_t { npos = (std::size_t)-1, NONE = (std::size_t)-1 };
  const C* s;
  bool operator!=(std::nullptr_t) const { return s != nullptr; }
  bool operator!=(C c) const { return *s != c; }
  bool operator==(Tag) const { return false; }
  struct Result {
    std::size_t which;
    std::size_t pos;
    Tag tag;
    operator bool() const { return which != NONE && pos != npos && tag == Tag{7}; }
  };
  Result first() const { return {0, 1, {7}}; }
};
}  // namespace q
// CHECK: cassette_twin_conversion_bool(
// CHECK-SAME: using ::cassette::rt::adl::cassette_twin_operator_ExclaimEqual;

int use(int x) {
  q::Str<char> s{"a"};
  bool b = s.first();
  return b + x;
}

int main() { return golden::run(CASSETTE_FN(use), 1); }

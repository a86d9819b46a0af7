// A braced list making a temporary for an initializer_list or a reference
// parameter is made where the call is written and lives to the end of the
// caller's full-expression, as in the original: the result may point into
// it (fmt::join({1, 2, 3}, ", ") returns pointers into the list's array).
// OUT: pre view(_)
// OUT-NEXT:   pre std::initializer_list::begin(_)
// OUT-NEXT:   post std::initializer_list::begin = ptr
// OUT-NEXT:   pre std::initializer_list::end(_)
// OUT-NEXT:   post std::initializer_list::end = ptr
// OUT-NEXT: post view = _
// OUT-NEXT: pre sum(_)
// OUT-NEXT:   pre !=(ptr, ptr)
// OUT-NEXT:   post != = true
// OUT-NEXT:   pre *(ptr)
// OUT-NEXT:   post * = 1
// OUT-NEXT:   pre +=(0, 1)
// OUT-NEXT:   post += = 1
// OUT-NEXT:   pre ++(ptr)
// OUT-NEXT:   post ++ = ptr
// OUT-NEXT:   pre !=(ptr, ptr)
// OUT-NEXT:   post != = true
// OUT-NEXT:   pre *(ptr)
// OUT-NEXT:   post * = 2
// OUT-NEXT:   pre +=(1, 2)
// OUT-NEXT:   post += = 3
// OUT-NEXT:   pre ++(ptr)
// OUT-NEXT:   post ++ = ptr
// OUT-NEXT:   pre !=(ptr, ptr)
// OUT-NEXT:   post != = true
// OUT-NEXT:   pre *(ptr)
// OUT-NEXT:   post * = 3
// OUT-NEXT:   pre +=(3, 3)
// OUT-NEXT:   post += = 6
// OUT-NEXT:   pre ++(ptr)
// OUT-NEXT:   post ++ = ptr
// OUT-NEXT:   pre !=(ptr, ptr)
// OUT-NEXT:   post != = true
// OUT-NEXT:   pre *(ptr)
// OUT-NEXT:   post * = 4
// OUT-NEXT:   pre +=(6, 4)
// OUT-NEXT:   post += = 10
// OUT-NEXT:   pre ++(ptr)
// OUT-NEXT:   post ++ = ptr
// OUT-NEXT:   pre !=(ptr, ptr)
// OUT-NEXT:   post != = false
// OUT-NEXT: post sum = 10
// OUT-NEXT: pre same("abcdef")
// OUT-NEXT: post same = "abcdef"
// OUT-NEXT: pre length("abcdef")
// OUT-NEXT:   pre std::basic_string::size("abcdef")
// OUT-NEXT:   post std::basic_string::size = 6
// OUT-NEXT: post length = 6
// OUT-NEXT: pre +(10, 6)
// OUT-NEXT: post + = 16
// OUT-NEXT: result 16 plain 16
#include <initializer_list>
#include <string>

#include "trace_context.hpp"

struct View {
  const int* b;
  const int* e;
};
View view(std::initializer_list<int> l) { return {l.begin(), l.end()}; }
int sum(View v) {
  int s = 0;
  for (const int* p = v.b; p != v.e; ++p) s += *p;
  return s;
}
const std::string& same(const std::string& s) { return s; }
int length(const std::string& s) { return static_cast<int>(s.size()); }

int use(int n) { return sum(view({n, 2, 3, 4})) + length(same({"abcdef"})); }
// CHECK-LABEL: cassette_twin_use(::cassette::Twin
// CHECK: ::cassette::rt::list_initialized<::std::initializer_list<int>>{{[{][{]}}n, 2, 3, 4}}.value)
// CHECK: ::cassette::rt::list_initialized<::std::string>{{[{][{]}}"abcdef"}}.value)

int main() { return golden::run(CASSETTE_FN(use), 1); }

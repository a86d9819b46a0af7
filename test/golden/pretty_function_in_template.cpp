// `__PRETTY_FUNCTION__` in a function template names each instance
// (`[T = int]`), and doctest names a type by cutting it out of there. A
// twin would name itself: its own name, its context parameter, the context
// among the template arguments. Such a template gets no twin, reported; a
// call to it runs the original. A function that is no template keeps its
// twin, with the original's name written in place.
// CHECK-LABEL: cassette_twin_plain(
// CHECK-NEXT: {{^}}  return ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"std::strlen">
// CHECK-SAME: +"int plain()");
// CHECK-NOT: cassette_twin_type_name
// REPORT: "reason": "no twin: template whose body names the function (__PRETTY_FUNCTION__, __func__): each instance's name, which the twin's would change",
// OUT: pre type_name()
// OUT-NEXT: post type_name = ptr
// OUT-NEXT: pre strstr(ptr, ptr)
// OUT-NEXT: post strstr = nullptr
// OUT-NEXT: pre +(3, 0)
// OUT-NEXT: post + = 3
// OUT-NEXT: pre strstr(ptr, ptr)
// OUT-NEXT: post strstr = ptr
// OUT-NEXT: pre +(3, 1)
// OUT-NEXT: post + = 4
// OUT-NEXT: pre plain()
// OUT-NEXT:   pre std::strlen(ptr)
// OUT-NEXT:   post std::strlen = 11
// OUT-NEXT: post plain = 11
// OUT-NEXT: pre +(4, 11)
// OUT-NEXT: post + = 15
// OUT-NEXT: result 15 plain 15
#include <cstring>

#include "trace_context.hpp"

template <class T>
const char* type_name() {
  return __PRETTY_FUNCTION__;
}

int plain() {
  return std::strlen(__PRETTY_FUNCTION__);
}

int use(int x) {
  const char* name = type_name<int>();
  return x + (std::strstr(name, "CassetteCtx") ? 100 : 0) + (std::strstr(name, "T = int") ? 1 : 0) + plain();
}

int main() { return golden::run(CASSETTE_FN(use), 3); }

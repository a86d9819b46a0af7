// Whole-program mode: a function of the tree entered from code outside the
// twins (qsort calling a comparator, a static initialiser) runs its twin
// under the program's context: its original forwards, naming an unnamed
// parameter to pass it on, after a declaration of the twin.
// REWRITE-ARGS: --overdub-main golden::TraceCtx --context-header trace_context.hpp
#include <cstdlib>

#include "trace_context.hpp"

static int by_value(const void* a, const void* b) {
  return *static_cast<const int*>(a) - *static_cast<const int*>(b);
}
// CHECK-LABEL: auto cassette_twin_by_value(::cassette::Twin
// CHECK-SAME: , const void *, const void *) -> int; static int by_value(const void* a,
// CHECK-SAME: const void* b) { if (::cassette::rt::forwards_entry<golden::TraceCtx>()) return (cassette_twin_by_value)(::cassette::rt::program_twin<golden::TraceCtx>(),
// CHECK-SAME: static_cast<decltype(a)&&>(a), static_cast<decltype(b)&&>(b));

int seven(int) { return 3 + 4; }
// CHECK-LABEL: auto cassette_twin_seven(::cassette::Twin
// CHECK: int seven(int cassette_param0) { if (::cassette::rt::forwards_entry<golden::TraceCtx>()) return (cassette_twin_seven)(::cassette::rt::program_twin<golden::TraceCtx>(),
// CHECK-SAME: static_cast<decltype(cassette_param0)&&>(cassette_param0));
static int initial = seven(0);  // a static initialiser: outside the twins

// Beside a function of the same name and parameters in its argument's
// namespace: the forward names the twin in parentheses, by ordinary lookup
// only (argument-dependent lookup would find ns::cassette_twin_touch too).
namespace ns {
struct T {
  int v;
};
int touch(const T& t) { return t.v * 10; }
}  // namespace ns
int touch(const ns::T& t) { return t.v + 1; }
// CHECK: int touch(const ns::T& t) { if (::cassette::rt::forwards_entry<golden::TraceCtx>()) return (cassette_twin_touch)(
static int touched = ::touch(ns::T{5}) + ns::touch(ns::T{1});

// The static initialiser's call first, then main's twin; the comparator's
// body runs inside qsort, a primitive.
// OUT: pre +(3, 4)
// OUT-NEXT: post + = 7
// OUT-NEXT: pre +(5, 1)
// OUT-NEXT: post + = 6
// OUT-NEXT: pre *(1, 10)
// OUT-NEXT: post * = 10
// OUT-NEXT: pre std::qsort(ptr, 2, 4)
// OUT-NEXT:   pre *(ptr)
// OUT-NEXT:   post * = 2
// OUT-NEXT:   pre *(ptr)
// OUT-NEXT:   post * = 1
// OUT-NEXT:   pre -(2, 1)
// OUT-NEXT:   post - = 1
// OUT-NEXT: post std::qsort = _
// OUT-NEXT: pre [](_, 0)
// OUT-NEXT: post [] = 1
// OUT-NEXT: pre ==(1, 1)
// OUT-NEXT: post == = true
// OUT-NEXT: pre ==(7, 7)
// OUT-NEXT: post == = true
// OUT-NEXT: pre ==(16, 16)
// OUT-NEXT: post == = true
int main() {
  int v[] = {2, 1};
  std::qsort(v, 2, sizeof(int), by_value);
  return v[0] == 1 && initial == 7 && touched == 16 ? 0 : 1;
}

// A function template that is only declared, every use of it being an
// explicit specialisation (double-conversion's PrintfValue<T>), gets no twin:
// its twin could never be defined, yet a dependent call in another template
// would choose it. The dependent call runs the specialisation as a primitive.
// OUT: pre check(5)
// OUT-NEXT:   pre show(5)
// OUT-NEXT:   post show = 6
// OUT-NEXT: post check = 6
// OUT-NEXT: result 6 plain 6
#include "trace_context.hpp"

template <typename T>
int show(T x);
template <>
int show(int x) { return x + 1; }
// CHECK-NOT: cassette_twin_show(::cassette::Twin

template <typename T>
int check(T a) { return show(a); }
// CHECK-LABEL: cassette_twin_check(
// CHECK: ::cassette::fn<"show">

int use(int x) { return check(x); }

int main() { return golden::run(CASSETTE_FN(use), 5); }

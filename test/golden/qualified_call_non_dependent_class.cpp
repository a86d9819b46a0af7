// In a template, a call qualified by a class that no template parameter
// names (gmock's MOCK_METHOD calls ::testing::internal::ThisRefAdjuster<..>
// ::Adjust(*this)) is looked up where the template is defined: a class
// outside --root has no twin there to probe for (naming one would not
// compile), so the call is intercepted as a primitive.
#include "outside.hpp"
#include "trace_context.hpp"

template <class T>
struct Box {
  T v;
  T get() const { return outside::Adjuster<int>::adjust(*this).v; }
  // CHECK-LABEL: cassette_twin_get(::cassette::Twin
  // CHECK: ::cassette::rt::call(cassette_ctx_,
  // CHECK-SAME: ::cassette::fn<"outside::Adjuster<int>::adjust">{{.*}}::cassette::rt::no_twin{}
};

int read(int x) { return Box<int>{x}.get(); }

int main() { return golden::run(CASSETTE_FN(read), 4); }
// OUT: pre Box::get(_)
// OUT-NEXT:   pre *(ptr)
// OUT-NEXT:   post * = _
// OUT-NEXT:   pre outside::Adjuster<int>::adjust(_)
// OUT-NEXT:   post outside::Adjuster<int>::adjust = _
// OUT-NEXT: post Box::get = 4
// OUT-NEXT: result 4 plain 4

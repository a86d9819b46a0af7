// A member declared in its class with its template header in a branch of
// an #if that closes before the declaration ends (date's `#if
// !defined(_MSC_VER) ... template <class T = TimeZonePtr, class =
// decltype(...)> #endif zoned_time();`), and defined out of line the same
// way: a twin declaration copied from its written start would hold the
// #endif without the #if. No twin, reported; its calls are hooked and run
// it as written.
// REPORT: "reason": "no twin: its declaration or its body begins in a branch of an #if that closes before the body or its end, or a declaration's name (a copy would split the #if)",
// REPORT-NEXT: "what": "Zoned::Zoned"
// OUT: pre Zoned::Zoned()
// OUT-NEXT: post Zoned::Zoned = _
// OUT-NEXT: pre Zoned::get(_)
// OUT-NEXT:   pre int(2)
// OUT-NEXT:   post int = 2
// OUT-NEXT:   pre +(2, 1)
// OUT-NEXT:   post + = 3
// OUT-NEXT: post Zoned::get = 3
// OUT-NEXT: result 3 plain 3
#include "trace_context.hpp"

template <class P>
struct Zoned {
  P p;
#if !defined(_MSC_VER)
  template <class T = P, class = decltype(T{})>
#endif
  Zoned();
  int get() const { return int(p) + 1; }
};
// CHECK-NOT: Zoned(::cassette::Twin

template <class P>
#if !defined(_MSC_VER)
template <class T, class>
#endif
inline Zoned<P>::Zoned() : p(P{2}) {
}

int use() { return Zoned<int>().get(); }

int main() { return golden::run(CASSETTE_FN(use)); }

// A class template's conversion defined out of line to a type that depends
// on its parameters (date's `zoned_time<Duration, TimeZonePtr>::operator
// local_time<typename zoned_time<Duration, TimeZonePtr>::duration>()`, or
// `operator duration()`): the twin returns the type as written, in a
// trailing return type, where it is looked up in the class as after
// `operator`. Spelled in full before the qualifier, it named the
// template's first instance, and the definition matched no declaration.
// OUT: pre zoned::operator local_time(_)
// OUT-NEXT:   pre local_time<duration>(3)
// OUT-NEXT:   post local_time<duration> = _
// OUT-NEXT: post zoned::operator local_time = _
// OUT-NEXT: pre zoned::operator int(_)
// OUT-NEXT:   pre +(3, 1)
// OUT-NEXT:   post + = 4
// OUT-NEXT: post zoned::operator int = 4
// OUT-NEXT: pre +(3, 4)
// OUT-NEXT: post + = 7
// OUT-NEXT: pre -(7, 1)
// OUT-NEXT: post - = 6
// OUT-NEXT: result 6 plain 6
#include "trace_context.hpp"

template <class D>
struct local_time {
  D d;
};

template <class Duration, class P>
struct zoned {
  using duration = Duration;
  Duration v;
  explicit operator local_time<duration>() const;
  explicit operator duration() const;
};
template <class Duration, class P>
inline zoned<Duration, P>::operator local_time<typename zoned<Duration, P>::duration>() const {
  return local_time<duration>{v};
}
// CHECK: inline auto zoned<Duration, P>::cassette_twin_conversion_local_time_Xduration_X(::cassette::Twin<CassetteCtx> cassette_ctx_) const -> local_time<typename zoned<Duration, P>::duration> {
template <class Duration, class P>
zoned<Duration, P>::operator duration() const {
  return v + 1;
}
// CHECK: auto zoned<Duration, P>::cassette_twin_conversion_duration(::cassette::Twin<CassetteCtx> cassette_ctx_) const -> duration {

int use(int x) {
  zoned<int, char> z{3};
  return static_cast<local_time<int>>(z).d + static_cast<int>(z) - x;
}

int main() { return golden::run(CASSETTE_FN(use), 1); }

// User-defined conversion functions get twins named after the type they
// convert to (`operator long` -> `cassette_twin_conversion_long`; `explicit`
// dropped; out of line, the return type goes before the qualifier; a class
// template's `operator T` is `cassette_twin_conversion_T`). Implicit
// conversions (copy-initialisation, a function argument, `static_cast`, a
// contextual `if (m)`) become an explicit call around the operand, hooked and
// reaching the twin; a call the operand makes (`make(x)`) is hooked first.
// `m.operator long()` written as a call is an ordinary member call.
// OUT: pre Meters::Meters(3)
// OUT-NEXT: post Meters::Meters = _
// OUT-NEXT: pre Meters::operator long(_)
// OUT-NEXT:   pre *(3, 100)
// OUT-NEXT:   post * = 300
// OUT-NEXT: post Meters::operator long = 300
// OUT-NEXT: pre make(3)
// OUT-NEXT:   pre Meters::Meters(3)
// OUT-NEXT:   post Meters::Meters = _
// OUT-NEXT: post make = _
// OUT-NEXT: pre Meters::operator long(_)
// OUT-NEXT:   pre *(3, 100)
// OUT-NEXT:   post * = 300
// OUT-NEXT: post Meters::operator long = 300
// OUT-NEXT: pre take(300)
// OUT-NEXT:   pre +(300, 1)
// OUT-NEXT:   post + = 301
// OUT-NEXT: post take = 301
// OUT-NEXT: pre Meters::operator long(_)
// OUT-NEXT:   pre *(3, 100)
// OUT-NEXT:   post * = 300
// OUT-NEXT: post Meters::operator long = 300
// OUT-NEXT: pre Meters::operator double(_)
// OUT-NEXT:   pre /(3, 2)
// OUT-NEXT:   post / = 1.5
// OUT-NEXT: post Meters::operator double = 1.5
// OUT-NEXT: pre Meters::operator bool(_)
// OUT-NEXT:   pre !=(3, 0)
// OUT-NEXT:   post != = true
// OUT-NEXT: post Meters::operator bool = true
// OUT-NEXT: pre +(300, 1)
// OUT-NEXT: post + = 301
// OUT-NEXT: pre Box::operator long(_)
// OUT-NEXT:   pre +(3, 1)
// OUT-NEXT:   post + = 4
// OUT-NEXT: post Box::operator long = 4
// OUT-NEXT: pre +(301, 301)
// OUT-NEXT: post + = 602
// OUT-NEXT: pre +(602, 300)
// OUT-NEXT: post + = 902
// OUT-NEXT: pre +(902, 4)
// OUT-NEXT: post + = 906
// OUT-NEXT: pre Meters::operator long(_)
// OUT-NEXT:   pre *(3, 100)
// OUT-NEXT:   post * = 300
// OUT-NEXT: post Meters::operator long = 300
// OUT-NEXT: pre +(906, 300)
// OUT-NEXT: post + = 1206
// OUT-NEXT: pre +(1206, 1)
// OUT-NEXT: post + = 1207
// OUT-NEXT: result 1207 plain 1207
#include "trace_context.hpp"

struct Meters {
  long v;
  explicit Meters(long x) : v(x) {}
  operator long() const { return v * 100; }
  // CHECK-LABEL: long cassette_twin_conversion_long(::cassette::Twin<CassetteCtx> cassette_ctx_) const
  // CHECK-SAME: { return ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::mul{}, v, 100); }
  explicit operator bool() const { return v != 0; }
  // CHECK: template <class CassetteCtx> {{ ?}}bool cassette_twin_conversion_bool(::cassette::Twin<CassetteCtx> cassette_ctx_) const
  operator double() const;
  // CHECK: template <class CassetteCtx> double cassette_twin_conversion_double(::cassette::Twin<CassetteCtx>) const;
};
Meters::operator double() const { return v / 2.0; }
// CHECK-LABEL: double Meters::cassette_twin_conversion_double(::cassette::Twin<CassetteCtx> cassette_ctx_) const
// CHECK-SAME: { return ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::div{}, v, 2.0); }

template <class T>
struct Box {
  T value;
  operator T() const { return value + 1; }
  // CHECK: template <class CassetteCtx> T cassette_twin_conversion_T(::cassette::Twin<CassetteCtx> cassette_ctx_) const
};

Meters make(long x) { return Meters(x); }
long take(long cm) { return cm + 1; }

long use(long x) {
  Meters m(x);
  long a = m;
  long b = take(make(x));
  long c = static_cast<long>(m);
  double d = m;
  if (m) a = a + 1;
  Box<long> box{x};
  long e = box;
  return a + b + c + e + m.operator long() + (long)d;
}
// CHECK-LABEL: cassette_twin_use(
// CHECK: long a = ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"Meters::operator long">({{[^)]*}}),
// CHECK-SAME: [&](auto&& cassette_a0) -> decltype(auto) { return CASSETTE_FWD(cassette_a0).operator long(); },
// CHECK-SAME: [&](auto& cassette_t, auto&& cassette_a0) -> decltype(auto) { return CASSETTE_FWD(cassette_a0).cassette_twin_conversion_long(cassette_t); }, m);
// CHECK: long b = {{.*}}::cassette::fn<"Meters::operator long">{{.*}}, ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"make">{{.*}}, x)));
// CHECK: long c = static_cast<long>(::cassette::rt::call(cassette_ctx_, ::cassette::fn<"Meters::operator long">
// CHECK: if (::cassette::rt::call(cassette_ctx_, ::cassette::fn<"Meters::operator bool">(
// CHECK-SAME: cassette_twin_conversion_bool(cassette_t); }, m))
// CHECK: long e = ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"Box::operator long">(
// CHECK-SAME: cassette_twin_conversion_T(cassette_t); }, box);

int main() { return golden::run(CASSETTE_FN(use), 3L); }

// A `va_list` parameter: va_list is an array (of `__va_list_tag` on x86-64),
// so the parameter's type decays to `__va_list_tag *`, which no code can
// name. Every declaration the rewriter writes spells it `va_list`, as the
// parameter list adjusts it again: the anchors, the twin's address taken
// (`twin_address`), a virtual thunk, a constructor's factory, and a twin
// printed for a function a macro declares. (A factory defined out of line
// takes its constructor's definition's text, `std::va_list`.)
// The twin runs through the pointer, the thunk and the twin constructor:
// OUT: pre (indirect call)(ptr, 2, ptr)
// OUT-NEXT: pre <(0, 2)
// OUT: pre vsum_macro(2, ptr)
// OUT-NEXT: pre vsum(2, ptr)
// OUT: pre Base::vsum(_, 3, ptr)
// OUT-NEXT: pre vsum(3, ptr)
// OUT: pre Summer::Summer(1, ptr)
// OUT-NEXT: pre vsum(1, ptr)
// OUT: result 32 plain 32
#include <cstdarg>

#include "trace_context.hpp"

int vsum(int n, va_list ap) {  // va_list parameter
  int s = 0;
  for (int i = 0; i < n; ++i) s += va_arg(ap, int);
  return s;
}

#define DEFINE_VSUM(name) int name(int n, va_list ap)
DEFINE_VSUM(vsum_macro) { return vsum(n, ap); }
// CHECK-LABEL: cassette_twin_vsum_macro(::cassette::Twin
// CHECK-SAME: cassette_ctx_, int n, ::va_list ap) -> int

struct Base {
  virtual ~Base() = default;
  virtual int vsum(int n, va_list ap) { return ::vsum(n, ap); }
  // CHECK: virtual int cassette_virtual_vsum(::cassette::rt::AnyTwin cassette_any_, int cassette_p0, ::va_list cassette_p1)
};

struct Summer {
  Summer(int n, std::va_list ap);
  int total;
};
Summer::Summer(int n, std::va_list ap) : total(vsum(n, ap)) {}
// CHECK: template <class CassetteCtx> auto Summer::cassette_construct_(::cassette::Twin<CassetteCtx> cassette_t, int cassette_p0, std::va_list cassette_p1)

int through(int (*f)(int, va_list), int n, ...) {
  va_list ap;
  va_start(ap, n);
  int s = f(n, ap);
  va_end(ap);
  return s;
}
int viaMacro(int n, ...) {
  va_list ap;
  va_start(ap, n);
  int s = vsum_macro(n, ap);
  va_end(ap);
  return s;
}
int viaVirtual(Base& b, int n, ...) {
  va_list ap;
  va_start(ap, n);
  int s = b.vsum(n, ap);
  va_end(ap);
  return s;
}
int viaConstructor(int n, ...) {
  va_list ap;
  va_start(ap, n);
  Summer s(n, ap);
  va_end(ap);
  return s.total;
}

int use(int x) {
  Base b;
  return through(vsum, 2, x, 1) + viaMacro(2, x, 2) + viaVirtual(b, 3, x, x, 3) + viaConstructor(1, 10);
}
// CHECK-LABEL: cassette_twin_use(::cassette::Twin
// CHECK: static_cast<int (*)(int, ::va_list)>(&vsum), static_cast<::cassette::rt::twin_fn_ptr<CassetteCtx, int (*)(int, ::va_list)>>(&cassette_twin_vsum)

int main() { return golden::run(CASSETTE_FN(use), 4); }
// CHECK: template <> bool ::cassette::rt::anchor_access::run<cassette_anchor_tag_{{[0-9a-f]+}}>() {
// CHECK: static_cast<int (*)(::cassette::Twin<CassetteCtx>, int, ::va_list)>(&::cassette_twin_vsum)
// CHECK: static_cast<::Summer (*)(::cassette::Twin<CassetteCtx>, int, ::va_list)>(&::Summer::template cassette_construct_<CassetteCtx>)
// CHECK-NOT: __va_list_tag

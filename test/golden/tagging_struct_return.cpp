// With --tagging, a twin returning a trivially copyable struct by value says
// which object it returns, so the caller's variable can take that object's
// fields' metadata after the call (`cassette::adopt`): a local that the
// return may construct in place is recorded by a statement of its own
// (`return r;` stays as written, so the copy is still elided); any other
// lvalue goes through `cassette::returning`; `T{...}` and `{...}` are
// built in a named object whose fields record the elements' metadata;
// `return f(...)` leaves f's own record; any other value says there is
// nothing to adopt (`cassette::unrecorded`). `returning` parks a copy of
// the object with its metadata for the caller, since the object may be a
// local whose metadata is cleared when the twin returns (`cleared_at_exit`). Under a context without tagging
// (this test's) each of these is the plain value, and the program runs as
// written.
// REWRITE-ARGS: --tagging
// OUT: result 22 plain 22
#include "trace_context.hpp"
#include "outside.hpp"

struct V {
  int x, y;
};

V scale(const V& v, int k) {
  V r;
  r.x = v.x * k;
  r.y = v.y * k;
  return r;
}
// CHECK-LABEL: cassette_twin_scale(
// CHECK: { ::cassette::rt::returning(cassette_ctx_, r); return r; }
V make(int x) { return V{x, x * 2}; }
// CHECK-LABEL: cassette_twin_make(
// CHECK-SAME: { return [&] { V cassette_returned_{::cassette::rt::init(cassette_ctx_, cassette_returned_.x, x),
// CHECK-SAME: ::cassette::rt::init(cassette_ctx_, cassette_returned_.y,
// CHECK-SAME: ::cassette::rt::call_op(cassette_ctx_, ::cassette::op::mul{}, x, 2))};
// CHECK-SAME: {{\[\[maybe_unused\]\]}} auto cassette_returned_cleared_ = ::cassette::rt::cleared_at_exit(cassette_ctx_, cassette_returned_);
// CHECK-SAME: ::cassette::rt::returning(cassette_ctx_, cassette_returned_); return cassette_returned_; }(); }
V make_bare(int x) { return {x, 1}; }
// CHECK-LABEL: cassette_twin_make_bare(
// CHECK-SAME: { return [&] { ::V cassette_returned_{::cassette::rt::init(cassette_ctx_, cassette_returned_.x, x),
// CHECK-SAME: ::cassette::rt::init(cassette_ctx_, cassette_returned_.y, 1)};
// CHECK-SAME: {{\[\[maybe_unused\]\]}} auto cassette_returned_cleared_ = ::cassette::rt::cleared_at_exit(cassette_ctx_, cassette_returned_);
// CHECK-SAME: ::cassette::rt::returning(cassette_ctx_, cassette_returned_); return cassette_returned_; }(); }
V again(int x) { return make(x); }
// CHECK-LABEL: cassette_twin_again(
// CHECK-SAME: { return ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"make">
// CHECK-NOT: returning
V either(bool first, const V& a, const V& b) { return first ? a : b; }
// CHECK-LABEL: cassette_twin_either(
// CHECK-SAME: { return ::cassette::rt::returning(cassette_ctx_, first ? a : b); }
V opaque(int x) { return outside::make_two<V>(x, x); }
// CHECK-LABEL: cassette_twin_opaque(
// CHECK-SAME: { return ::cassette::rt::unrecorded(cassette_ctx_, ::cassette::rt::call(cassette_ctx_, ::cassette::fn<"outside::make_two">

int use(int x) {
  V a = make(x);            // (2, 4)
  V b = scale(a, x);        // (4, 8)
  V c = make_bare(x);       // (2, 1)
  c = again(x);             // (2, 4)
  V d = either(false, a, b);  // (4, 8)
  V e = opaque(x);          // (2, 2)
  return a.x + b.y + c.y + d.x + e.y + c.x + a.y - 4;  // 2 + 8 + 4 + 4 + 2 + 2 + 4 - 4 = 22
}
// CHECK-LABEL: cassette_twin_use(
// CHECK: V a = ::cassette::rt::call({{.*}}); ::cassette::rt::adopt(cassette_ctx_, a);
// CHECK: V b = ::cassette::rt::call({{.*}}); ::cassette::rt::adopt(cassette_ctx_, b);
// CHECK: V c = ::cassette::rt::call({{.*}}); ::cassette::rt::adopt(cassette_ctx_, c);
// CHECK: ::cassette::rt::call({{.*}}fn<"V::operator=">{{.*}}); ::cassette::rt::adopt(cassette_ctx_, c);

int main() { return golden::run(CASSETTE_FN(use), 2); }

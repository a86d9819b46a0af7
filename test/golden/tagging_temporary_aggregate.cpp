// With --tagging, a temporary aggregate whose elements carry metadata
// (`return B{x, 1, 2}.x;`, issue 21; `byref(B{x, 1, 2})` and `byref({x, 1,
// 2})` for a reference parameter; a member function called on it) is built
// in a home that lives to the end of the full expression, as the temporary
// would (`cassette::rt::temporary`): its fields record the elements'
// metadata as a declared object's do, and it is cleared and destroyed when
// the home dies. Given to a by-value parameter (`byval(3, B{x, 1, 2})`,
// `byval(3, {x, 1, 2})`, or a named `o`), the call says which object the
// parameter is copied from (`passing<1>`) and byval's twin opens by taking
// its metadata (`received<1>`). The labels show the metadata arriving. A list of
// constants stays as written; a temporary bound to a local reference (its
// life extended) is not built so, and its fields carry none (labels 0,
// docs/tagging.md). Under a context without tagging (golden::run) `make`
// yields the prvalue the original had: the same calls and result.
// REWRITE-ARGS: --tagging
// OUT: result 2 plain 2
// OUT-NEXT: pre byref(3, _)
// OUT-NEXT:   pre +(3, 2)
// OUT-NEXT:   post + = 5
// OUT-NEXT: post byref = 5
// OUT-NEXT: pre byref(3, _)
// OUT-NEXT:   pre +(3, 2)
// OUT-NEXT:   post + = 5
// OUT-NEXT: post byref = 5
// OUT-NEXT: pre +(5, 5)
// OUT-NEXT: post + = 10
// OUT-NEXT: pre byrref(3, _)
// OUT-NEXT:   pre +(3, 2)
// OUT-NEXT:   post + = 5
// OUT-NEXT: post byrref = 5
// OUT-NEXT: pre +(10, 5)
// OUT-NEXT: post + = 15
// OUT-NEXT: result 15 plain 15
// OUT-NEXT: member 2 labels 1
// OUT-NEXT: byref 5 labels 1
// OUT-NEXT: bare_byref 5 labels 1
// OUT-NEXT: byrref 5 labels 1
// OUT-NEXT: method 4 labels 1
// OUT-NEXT: byval_temporary 10 labels 1
// OUT-NEXT: byval_named 5 labels 1
// OUT-NEXT: nested 7 labels 1
// OUT-NEXT: named 3 labels 1
// OUT-NEXT: constants 5 labels 0
// OUT-NEXT: extended 2 labels 0
#include <cstdio>
#include <string>
#include <type_traits>

#include "label_context.hpp"
#include "trace_context.hpp"

struct B {
  int x, y, z;
  int sum() const { return x + z; }
};
struct Pair {
  int a, b;
};
// Not trivially destructible: the home destroys it.
struct Named {
  std::string name;
  int v;
};

int byref(int a, const B& o) { return a + o.x; }
int byval(int a, B o) { return a + o.x; }
// CHECK-LABEL: cassette_twin_byval(
// CHECK-SAME: B o) { ::cassette::rt::received<1>(cassette_ctx_, o);
int byrref(int a, B&& o) { return a + o.x; }

int member(int x) { return B{x, 1, 2}.x; }
// CHECK-LABEL: cassette_twin_member(
// CHECK-SAME: return ::cassette::rt::load(cassette_ctx_,
// CHECK-SAME: ::cassette::rt::temporary<::B>(cassette_ctx_).make([&](::B& cassette_temporary_0_) -> ::B { return B{::cassette::rt::init(cassette_ctx_,
// CHECK-SAME: cassette_temporary_0_.x, x), ::cassette::rt::init(cassette_ctx_, cassette_temporary_0_.y, 1),
// CHECK-SAME: ::cassette::rt::init(cassette_ctx_, cassette_temporary_0_.z, 2)}; }).x);
int byref_all(int x) { return byref(3, B{x, 1, 2}) + byref(3, {x, 1, 2}) + byrref(3, B{x, 1, 2}); }
int byref_one(int x) { return byref(3, B{x, 1, 2}); }
int bare_byref(int x) { return byref(3, {x, 1, 2}); }
// CHECK-LABEL: cassette_twin_bare_byref(
// CHECK-SAME: 3, ::cassette::rt::temporary<::B>(cassette_ctx_).make([&](::B& cassette_temporary_0_) -> ::B { return {::cassette::rt::init(
int byrref_one(int x) { return byrref(3, B{x, 1, 2}); }
int method(int x) { return B{x, 1, 2}.sum(); }
int byval_temporary(int x) { return byval(3, B{x, 1, 2}) + byval(3, {x, 1, 2}); }
int byval_named(int x) {
  B o{x, 1, 2};
  return byval(3, o);
}
int nested(int x) { return Pair{B{x, 1, 2}.x, 5}.a + Pair{1, 4}.b + 1; }
// CHECK-LABEL: cassette_twin_nested(
// CHECK-SAME: temporary<::Pair>(cassette_ctx_).make([&](::Pair& cassette_temporary_0_) -> ::Pair { return Pair{::cassette::rt::init(cassette_ctx_,
// CHECK-SAME: cassette_temporary_0_.a, ::cassette::rt::load(cassette_ctx_,
// CHECK-SAME: ::cassette::rt::temporary<::B>(cassette_ctx_).make([&](::B& cassette_temporary_1_)
int named(int x) { return Named{"n", x}.v + 1; }
int constants(int) { return byref(3, B{2, 1, 2}); }
// CHECK-LABEL: cassette_twin_constants(
// CHECK-NOT: rt::temporary
int extended(int x) {
  const B& r = B{x, 1, 2};
  return r.x;
}

int main() {
  golden::run(CASSETTE_FN(member), 2);
  int rc = golden::run(CASSETTE_FN(byref_all), 2);
  labelled("member", CASSETTE_FN(member), 2);
  labelled("byref", CASSETTE_FN(byref_one), 2);
  labelled("bare_byref", CASSETTE_FN(bare_byref), 2);
  labelled("byrref", CASSETTE_FN(byrref_one), 2);
  labelled("method", CASSETTE_FN(method), 2);
  labelled("byval_temporary", CASSETTE_FN(byval_temporary), 2);
  labelled("byval_named", CASSETTE_FN(byval_named), 2);
  labelled("nested", CASSETTE_FN(nested), 2);
  labelled("named", CASSETTE_FN(named), 2);
  labelled("constants", CASSETTE_FN(constants), 2);
  labelled("extended", CASSETTE_FN(extended), 2);
  return rc;
}

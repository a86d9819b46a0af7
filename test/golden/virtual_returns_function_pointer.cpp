// A virtual member function that returns a function pointer (gmock's tests
// mock one): its virtual thunk is declared with the name, the parameters and
// the qualifiers inside the return type's declarator,
// `int (*cassette_virtual_pick(...) const)(int)`, not `int (*)(int) name(...)`.
// The call through the base reaches the override's twin.
// OUT: pre Chooser::pick(_, true)
// OUT-NEXT: post Chooser::pick = ptr
// OUT-NEXT: pre (indirect call)(ptr, 3)
// OUT-NEXT:   pre *(2, 3)
// OUT-NEXT:   post * = 6
// OUT-NEXT: post (indirect call) = 6
// OUT-NEXT: pre Chooser::pick(_, false)
// OUT-NEXT: post Chooser::pick = ptr
// OUT-NEXT: pre (indirect call)(ptr, 3)
// OUT-NEXT:   pre -(3)
// OUT-NEXT:   post - = -3
// OUT-NEXT: post (indirect call) = -3
// OUT-NEXT: pre +(6, -3)
// OUT-NEXT: post + = 3
// OUT-NEXT: result 3 plain 3
#include "trace_context.hpp"

static int twice(int x) { return 2 * x; }
static int negate(int x) { return -x; }

struct Chooser {
  virtual ~Chooser() = default;
  virtual int (*pick(bool doubling) const)(int) = 0;
  // CHECK: virtual int (*cassette_virtual_pick(::cassette::rt::AnyTwin cassette_any_, bool cassette_p0) const)(int) {
};
struct Both : Chooser {
  int (*pick(bool doubling) const)(int) override { return doubling ? &twice : &negate; }
  // CHECK: virtual int (*cassette_virtual_pick(::cassette::rt::AnyTwin cassette_any_, bool cassette_p0) const)(int) override {
};

int use(int n) {
  Both both;
  const Chooser& c = both;
  return c.pick(true)(n) + c.pick(false)(n);
}

int main() { return golden::run(CASSETTE_FN(use), 3); }

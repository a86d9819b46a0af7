// `it->get()` where it.operator->() returns a proxy whose operator-> returns
// the pointer (yaml-cpp's iterators): one `->` in the text, two operator->
// calls. The object of the hooked call is spelled as both calls, the chain
// left as written; a plain smart-pointer arrow keeps its one call.
// OUT: pre Value::get(_)
// OUT-NEXT: post Value::get = 4
// OUT-NEXT: pre Value::get(_)
// OUT-NEXT: post Value::get = 4
// OUT-NEXT: pre +(4, 4)
// OUT-NEXT: post + = 8
// OUT-NEXT: result 8 plain 8
#include "trace_context.hpp"

struct Value {
  int v;
  int get() const { return v; }
};

// A destructor, as a proxy holding a handle has: a temporary to destroy.
struct Proxy {
  Value value;
  const Value* operator->() const { return &value; }
  ~Proxy() {}
};

struct Iterator {
  const Value* at;
  Proxy operator->() const { return Proxy{*at}; }
};

struct Pointer {
  const Value* at;
  const Value* operator->() const { return at; }
};

int use(int n) {
  Value value{n};
  Iterator it{&value};
  Pointer p{&value};
  return it->get() + p->get();
}
// CHECK-LABEL: template <class CassetteCtx> int cassette_twin_use(
// CHECK: *(((it).operator->()).operator->())
// CHECK: *((p).operator->())

int main() { return golden::run(CASSETTE_FN(use), 4); }

// A parameter declared `const` and defined without (`void Digits::drop(const
// Buffer b)`, then `void Digits::drop(Buffer b) { b.pop(); }`, as
// double-conversion's Bignum::AssignHexString): the const is no part of the
// function's type, and the twin's declaration leaves it out. Kept, clang gives
// the twin's body the declared `const Buffer b` once the original's forward
// has used the twin, and `b.pop()` does not compile. Only the top-level
// qualifier goes: a pointer to const keeps its `const` (tinyxml2's unnamed
// `MarkInUse(const XMLNode* const)`).
// REWRITE-ARGS: --overdub-main golden::TraceCtx --context-header trace_context.hpp
#include "trace_context.hpp"

struct Buffer {
  int length = 3;
  void pop() { --length; }
};

template <class T>
struct Box {
  T value{};
};

struct Digits {
  int nested(Box<Box<int>> const b);
  int drop(const Buffer b, const int times);
  int keep(Buffer const b);
  int peek(const Buffer* const, const int* const at);
};
// CHECK-LABEL: struct Digits {
// CHECK: int nested(Box<Box<int>> const b);
// CHECK: template <class CassetteCtx> int cassette_twin_nested(::cassette::Twin<CassetteCtx>, Box<Box<int>>  b);
// CHECK: int drop(const Buffer b, const int times);
// CHECK: template <class CassetteCtx> int cassette_twin_drop(::cassette::Twin<CassetteCtx>, Buffer b, int times);
// CHECK: int keep(Buffer const b);
// CHECK: template <class CassetteCtx> int cassette_twin_keep(::cassette::Twin<CassetteCtx>, Buffer  b);
// CHECK: int peek(const Buffer* const, const int* const at);
// CHECK: template <class CassetteCtx> int cassette_twin_peek(::cassette::Twin<CassetteCtx>, const Buffer* , const int*  at);

int Digits::nested(Box<Box<int>> b) {
  b.value.value = 5;
  return b.value.value;
}

int Digits::drop(Buffer b, int times) {
  for (int i = 0; i < times; ++i) b.pop();
  return b.length;
}
// CHECK-LABEL: int Digits::drop(Buffer b, int times) {
// CHECK: template <class CassetteCtx> int Digits::cassette_twin_drop(::cassette::Twin<CassetteCtx> cassette_ctx_, Buffer b, int times) {

int Digits::keep(const Buffer b) { return b.length; }

int Digits::peek(const Buffer* b, const int* at) { return b->length + *at; }

int main() {
  Digits d;
  Buffer b;
  int one = 1;
  return d.drop(Buffer{}, 2) + d.keep(Buffer{}) + d.peek(&b, &one) + d.nested({}) == 13 ? 0 : 1;
}
// OUT: pre Digits::drop(_, _, 2)
// OUT-NEXT:   pre <(0, 2)
// OUT-NEXT:   post < = true
// OUT-NEXT:   pre Buffer::pop(_)
// OUT-NEXT:     pre --(3)
// OUT-NEXT:     post -- = 2
// OUT-NEXT:   post Buffer::pop = _
// OUT-NEXT:   pre ++(0)
// OUT-NEXT:   post ++ = 1
// OUT-NEXT:   pre <(1, 2)
// OUT-NEXT:   post < = true
// OUT-NEXT:   pre Buffer::pop(_)
// OUT-NEXT:     pre --(2)
// OUT-NEXT:     post -- = 1
// OUT-NEXT:   post Buffer::pop = _
// OUT-NEXT:   pre ++(1)
// OUT-NEXT:   post ++ = 2
// OUT-NEXT:   pre <(2, 2)
// OUT-NEXT:   post < = false
// OUT-NEXT: post Digits::drop = 1
// OUT-NEXT: pre Digits::keep(_, _)
// OUT-NEXT: post Digits::keep = 3
// OUT-NEXT: pre +(1, 3)
// OUT-NEXT: post + = 4
// OUT-NEXT: pre Digits::peek(_, ptr, ptr)
// OUT-NEXT:   pre *(ptr)
// OUT-NEXT:   post * = 1
// OUT-NEXT:   pre +(3, 1)
// OUT-NEXT:   post + = 4
// OUT-NEXT: post Digits::peek = 4
// OUT-NEXT: pre +(4, 4)
// OUT-NEXT: post + = 8
// OUT-NEXT: pre Digits::nested(_)
// OUT-NEXT: post Digits::nested = 5
// OUT-NEXT: pre +(8, 5)
// OUT-NEXT: post + = 13
// OUT-NEXT: pre ==(13, 13)
// OUT-NEXT: post == = true

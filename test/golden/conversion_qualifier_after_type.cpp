// A conversion whose type has a qualifier written after it, in a macro or
// not (rapidyaml's `operator NodeType_e & C4_RESTRICT ()`, `operator char*
// const ()`): a TypeLoc's range leaves the qualifier out, so the twin's name
// ran only to the type and the qualifier stayed behind it. The twin returns
// the type, without a qualifier that means nothing on a return type.
// OUT: pre Box::Box(1)
// OUT-NEXT: post Box::Box = _
// OUT-NEXT: pre twice(_)
// OUT-NEXT:   pre Box::operator const Kind &__restrict(_)
// OUT-NEXT:   post Box::operator const Kind &__restrict = 1
// OUT-NEXT:   pre *(1, 2)
// OUT-NEXT:   post * = 2
// OUT-NEXT: post twice = 2
// OUT-NEXT: pre bump(_)
// OUT-NEXT:   pre Box::operator Kind &__restrict(_)
// OUT-NEXT:   post Box::operator Kind &__restrict = 1
// OUT-NEXT:   pre Box::operator char *const(_)
// OUT-NEXT:   post Box::operator char *const = ptr
// OUT-NEXT:   pre [](ptr, 0)
// OUT-NEXT:   post [] = 'b'
// OUT-NEXT:   pre ==('b', 'b')
// OUT-NEXT:   post == = true
// OUT-NEXT:   pre +(2, true)
// OUT-NEXT:   post + = 3
// OUT-NEXT: post bump = 3
// OUT-NEXT: pre +(2, 3)
// OUT-NEXT: post + = 5
// OUT-NEXT: pre +(5, 1)
// OUT-NEXT: post + = 6
// OUT-NEXT: result 6 plain 6
#include "trace_context.hpp"

#define MY_RESTRICT __restrict__
enum Kind { A = 1, B = 2 };
struct Box {
  Kind k;
  char name[4] = "box";
  inline operator Kind & MY_RESTRICT () { return k; }
  inline operator Kind const& MY_RESTRICT () const { return k; }
  operator char* const ();
  Box(Kind t) : k(t) {}
};
Box::operator char* const () { return name; }
// CHECK: inline ::Kind & cassette_twin_conversion_Kind__R__restrict(::cassette::Twin<CassetteCtx>) { return k; }
// CHECK: inline const ::Kind & cassette_twin_conversion_const_Kind__R__restrict(::cassette::Twin<CassetteCtx>) const { return k; }
// CHECK: char * Box::cassette_twin_conversion_char__Pconst(::cassette::Twin<CassetteCtx>) { return name; }

int twice(const Box& b) {
  Kind const& r = b;
  return r * 2;
}
int bump(Box& b) {
  Kind& r = b;
  r = B;
  char* n = b;
  return r + (n[0] == 'b');
}
int use(int x) {
  Box b(A);
  return twice(b) + bump(b) + x;
}

int main() { return golden::run(CASSETTE_FN(use), 1); }

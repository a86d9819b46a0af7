// A member function named as a type of its own signature (flatbuffers'
// `virtual void String(const String*)`, `Kind Kind() const`): its twin is
// declared after it, where that name is the function, so the twin spells the
// type so as to name it again: `struct String`, `::geo::Kind`.
// OUT: pre Visitor::String(_, ptr)
// OUT-NEXT:   pre +(3, 1)
// OUT-NEXT:   post + = 4
// OUT-NEXT: post Visitor::String = 4
// OUT-NEXT: pre geo::Shape::Kind(_)
// OUT-NEXT: post geo::Shape::Kind = 7
// OUT-NEXT: pre +(4, 7)
// OUT-NEXT: post + = 11
// OUT: result 11 plain 11
#include "trace_context.hpp"

struct String {
  int n;
};
namespace geo {
using Kind = int;
struct Shape {
  Kind Kind() const { return kind_; }
  // CHECK: Kind Kind() const { return kind_; }
  // CHECK: template <class CassetteCtx> ::geo::Kind cassette_twin_Kind(::cassette::Twin<CassetteCtx>) const { return kind_; }
  int kind_ = 7;
};
}  // namespace geo
struct Visitor {
  virtual ~Visitor() {}
  virtual int String(const String* s) { return s->n + 1; }
  // CHECK: cassette_twin_String(::cassette::Twin<CassetteCtx> cassette_ctx_, const struct String* s)
};

int visit(int n) {
  ::String s{n};
  Visitor v;
  geo::Shape shape;
  return v.String(&s) + shape.Kind();
}

int main() { return golden::run(CASSETTE_FN(visit), 3); }

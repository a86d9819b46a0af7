// An overloaded operator whose operand at either end is a whole macro use
// (`out << __LINE__`, `ORIGIN == p`) is hooked like one written without
// macros: the operator is in the file, and the use moves whole into the
// call, where it expands as it did (__LINE__ still the line of the use).
// OUT: pre operator<<(_, 0)
// OUT-NEXT:   pre +=(0, 0)
// OUT-NEXT:   post += = 0
// OUT-NEXT: post operator<< = _
// OUT-NEXT: pre operator<<(_, 38)
// OUT-NEXT:   pre +=(0, 38)
// OUT-NEXT:   post += = 38
// OUT-NEXT: post operator<< = _
// OUT-NEXT: pre operator==(_, _)
// OUT-NEXT:   pre ==(0, 0)
// OUT-NEXT:   post == = true
// OUT-NEXT: post operator== = true
// OUT-NEXT: pre +(38, true)
// OUT-NEXT: post + = 39
// OUT-NEXT: result 39 plain 39
#include "trace_context.hpp"

struct Sink {
  int total = 0;
};
Sink& operator<<(Sink& s, int v) {
  s.total += v;
  return s;
}
struct Point {
  int x;
};
bool operator==(Point a, Point b) { return a.x == b.x; }

#define ORIGIN Point{0}

int use(int y) {
  Sink out;
  out << y << __LINE__;
  bool at = ORIGIN == Point{y};
  return out.total + at;
}
// CHECK-LABEL: cassette_twin_use(
// CHECK: ::cassette::fn<"operator<<">{{.*}}, out, y), __LINE__);
// CHECK: ::cassette::fn<"operator==">{{.*}}, ORIGIN, Point{y});

int main() { return golden::run(CASSETTE_FN(use), 0); }

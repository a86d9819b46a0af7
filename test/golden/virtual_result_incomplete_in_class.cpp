// A virtual function whose class returns by value a class only declared
// there (log4cplus's LoggerFactory: `class Logger;` then `virtual Logger
// makeNewLoggerInstance(...) = 0`, Logger's header including
// LoggerFactory's). Its thunk, defined in the class, would return an
// incomplete type: the function has no thunk, and a call through the base
// dispatches to the overrider's original. One whose by-value types are
// complete in its class (`Shape::area`, `TwiceFactory::make`) keeps its
// thunk.
// OUT: pre Factory::make(_, 3)
// OUT-NEXT: post Factory::make = _
// OUT-NEXT: pre Shape::area(_, 3)
// OUT-NEXT:   pre *(3, 3)
// OUT-NEXT:   post * = 9
// OUT-NEXT: post Shape::area = 9
// OUT-NEXT: pre +(6, 9)
// OUT-NEXT: post + = 15
// OUT-NEXT: result 15 plain 15
#include "trace_context.hpp"

class Logger;
struct Factory {
  virtual Logger make(int id) = 0;
  virtual ~Factory() = default;
};
class Logger {
 public:
  int id;
};
struct TwiceFactory : Factory {
  Logger make(int id) override { return Logger{id * 2}; }
};
struct Shape {
  virtual int area(int side) const { return side * side; }
  virtual ~Shape() = default;
};
// CHECK: struct Factory {
// CHECK-NEXT: virtual Logger make(int id) = 0;
// CHECK-NEXT: virtual ~Factory() = default;
// CHECK-NEXT: };
// CHECK: virtual int cassette_virtual_area(

int use(int x) {
  TwiceFactory d;
  Factory& f = d;
  Shape s;
  const Shape& r = s;
  return f.make(x).id + r.area(x);
}

int main() { return golden::run(CASSETTE_FN(use), 3); }

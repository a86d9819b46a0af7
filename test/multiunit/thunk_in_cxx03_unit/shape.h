#ifndef SHAPE_H
#define SHAPE_H

// Read by a C++17 unit and by a C++03 one: the exception specification and
// `override` are spelled for each, as libraries that support C++03 do.
#if __cplusplus >= 201103L
#define SHAPE_NOTHROW noexcept
#define SHAPE_OVERRIDE override
#else
#define SHAPE_NOTHROW throw()
#define SHAPE_OVERRIDE
#endif

struct Shape {
  virtual ~Shape() {}
  virtual int area(int scale) const SHAPE_NOTHROW = 0;
};

struct Square : Shape {
  int side;
  explicit Square(int s) : side(s) {}
  int area(int scale) const SHAPE_NOTHROW SHAPE_OVERRIDE { return side * side * scale; }
};

int legacy_area(const Shape& s);

#endif

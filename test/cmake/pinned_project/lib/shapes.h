#pragma once
int area(int w, int h);

// Polymorphic: its virtual functions get thunks, which a unit built below
// C++20 (legacy.cpp, whose Square derives from it) must see too, or the
// vtables it builds lack their slots.
struct Shape {
  virtual ~Shape();
  virtual int area() const = 0;
  virtual int sides() const { return 0; }
};
int total(const Shape& s);

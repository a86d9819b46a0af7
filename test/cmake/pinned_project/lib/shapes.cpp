#include "shapes.h"

#include "capi.h"
int area(int w, int h) { return w * h; }
Shape::~Shape() {}
int total(const Shape& s) { return s.area() + s.sides(); }
int c_area(int w, int h) { return area(w, h); }

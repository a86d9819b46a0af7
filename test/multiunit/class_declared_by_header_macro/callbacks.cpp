#include "callbacks.h"

static double twice(double x) { return x + x; }
static double square(double x) { return x * x; }

#define DEFINE_UNARY(CLASS, FUNC, NAME)                 \
  double CLASS::eval(double x) const { return FUNC(x); } \
  const char* CLASS::name() { return NAME; }

DEFINE_UNARY(Twice, twice, "twice")
DEFINE_UNARY(Square, square, "square")

#include "factory.h"
#include "value.h"

Factory::~Factory() = default;

Value twice(Factory& f, int seed) {
  Value a = f.make(seed);
  return Value(a.v * 2);
}

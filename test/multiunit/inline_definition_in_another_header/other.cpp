#include "impl.h"
#include "iter.h"

int other() {
  y::d::nd x{5};
  y::d::iter<y::d::nd> it(&x, std::make_shared<y::holder>());
  return (*it).value();
}

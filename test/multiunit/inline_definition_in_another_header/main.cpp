#include <cstdio>

#include "iter.h"
#include "impl.h"

int other();

int main() {
  y::d::nd x{7};
  y::d::iter<y::d::nd> it(&x, std::make_shared<y::holder>());
  std::printf("%d %d %d\n", (*it).value(), other(), it.at().value() + it.at().extra);
}

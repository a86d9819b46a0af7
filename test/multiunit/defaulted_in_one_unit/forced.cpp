#define FORCE_INIT
#include "vec.h"

int forced() {
  initialised::vec<int> v;
  initialised::vec<int> w(v);
  return w.x;
}

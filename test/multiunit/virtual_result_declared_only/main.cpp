#include <cstdio>

#include "factory.h"
#include "value.h"

Factory* makeSquares();

int main() {
  Factory* f = makeSquares();
  Value v = f->make(3);
  Level l = f->level(Level{4});
  std::printf("%d %d %d\n", v.v, twice(*f, 5).v, l.n);
  delete f;
  return 0;
}

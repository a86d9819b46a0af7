#include <cstdio>

#include "table.h"

int main() {
  // Hooked, but the constructor (defined in table.cpp, reached only through a
  // factory that returns the object) runs as written: reported.
  Table* t = new Table(21);
  t->Ref();
  std::printf("%d\n", t->size());
  t->Unref();
  return 0;
}

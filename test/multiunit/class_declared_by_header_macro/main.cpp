#include <cstdio>

#include "callbacks.h"

int main() {
  Twice t;
  Square s;
  const Callback* all[] = {&t, &s};
  double sum = 0;
  for (const Callback* c : all) sum += c->eval(3);
  std::printf("%s %s %g\n", Twice::name(), Square::name(), sum);
  return 0;
}

#include <cstdio>

namespace with_feature {
int base_op(int x);
}
namespace without_feature {
int base_op(int x);
}
void restore(int** p);

int main() {
  int v = 3;
  int* p = &v;
  restore(&p);
  std::printf("%d %d %d\n", v, with_feature::base_op(1), without_feature::base_op(2));
  return 0;
}

#include <cstdio>

namespace fast {
int work(int n);
}
namespace plain {
int work(int n);
}

int main() {
  std::printf("%d %d\n", fast::work(4), plain::work(4));
  return 0;
}

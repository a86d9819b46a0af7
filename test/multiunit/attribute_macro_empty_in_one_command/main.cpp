#include <cstdio>

namespace configured {
int decode(int n);
}
namespace unconfigured {
int decode(int n);
}

int main() {
  std::printf("%d %d\n", configured::decode(5), unconfigured::decode(3));
  return 0;
}

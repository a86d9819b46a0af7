#include <cstdio>

namespace loud {
int work(int n);
int line_after();
}  // namespace loud
namespace quiet {
int work(int n);
int line_after();
}  // namespace quiet

int main() {
  std::printf("%d %d %d %d\n", loud::work(3), quiet::work(3), loud::line_after(), quiet::line_after());
  return 0;
}

#include <cstdio>
// What a C caller or dlsym("c_add") reaches: the unmangled symbol.
int add_via_symbol(int, int) asm("c_add");
int platform_id();
int main() {
  std::printf("%d %d\n", add_via_symbol(2, 3), platform_id());
  return 0;
}

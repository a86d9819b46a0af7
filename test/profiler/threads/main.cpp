// Two threads run worker; the main thread starts and joins them. Each thread
// has its own stack; the profile merges them under "(thread)".
#include <cstdio>
#include <thread>

int square(int x) { return x * x; }

int work(int n) {
  int sum = 0;
  for (int i = 0; i < n; ++i) sum += square(i);
  return sum;
}

void worker(int n, int* out) { *out = work(n); }

int main() {
  int a = 0;
  int b = 0;
  std::thread first(worker, 10, &a);
  std::thread second(worker, 20, &b);
  first.join();
  second.join();
  std::printf("%d %d\n", a, b);
  return 0;
}

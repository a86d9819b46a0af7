#pragma once

#include <chrono>
#include <thread>

inline int square(int x) { return x * x; }

inline int sum_squares(int n) {
  int sum = 0;
  for (int i = 0; i < n; ++i) sum += square(i);
  return sum;
}

inline void nap(int ms) { std::this_thread::sleep_for(std::chrono::milliseconds(ms)); }

// Wall-clock helpers shared by the in-process benchmarks.
#pragma once

#include <algorithm>
#include <chrono>
#include <functional>
#include <vector>

namespace bench {

inline double seconds(const std::function<void()>& f) {
  auto t0 = std::chrono::steady_clock::now();
  f();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

inline double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

/// The median over rounds of t[i] / base[i]: each round times both within a
/// second or so, so the ratio follows the machine's drift less than a ratio
/// of medians taken over the whole run does.
inline double paired_ratio(const std::vector<double>& t, const std::vector<double>& base) {
  std::vector<double> r;
  for (std::size_t i = 0; i < t.size() && i < base.size(); ++i) r.push_back(t[i] / base[i]);
  return median(r);
}

}  // namespace bench

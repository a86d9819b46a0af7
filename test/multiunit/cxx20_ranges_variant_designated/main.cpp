// C++20 as programs write it: ranges pipelines, std::visit over an overload
// set (CTAD), defaulted <=>, designated initialisers, structured bindings, if
// constexpr, fold expressions, auto template parameters.
// Whole-program mode: the rewritten program prints and exits as the original.
#include <algorithm>
#include <array>
#include <compare>
#include <concepts>
#include <cstdio>
#include <map>
#include <numeric>
#include <optional>
#include <ranges>
#include <string>
#include <tuple>
#include <variant>
#include <vector>

template <class... Ts> struct overloaded : Ts... { using Ts::operator()...; };
template <class... Ts> overloaded(Ts...) -> overloaded<Ts...>;

struct Point {
  int x = 0, y = 0;
  auto operator<=>(const Point&) const = default;
  bool operator==(const Point&) const = default;
};

template <std::integral T>
T twice(T v) { return v * 2; }

auto sum_all(auto... xs) { return (xs + ... + 0); }

struct Pair { int a; std::string b; };

template <auto N> constexpr int plus_n(int v) { return v + N; }

int describe(const std::variant<int, std::string, Point>& v) {
  return std::visit(overloaded{[](int i) { return i; },
                               [](const std::string& s) { return (int)s.size(); },
                               [](const Point& p) { return p.x + p.y; }},
                    v);
}

std::optional<int> find_even(const std::vector<int>& xs) {
  for (int x : xs)
    if (x % 2 == 0) return x;
  return std::nullopt;
}

int main() {
  std::vector<int> xs{5, 3, 8, 1, 4};
  std::ranges::sort(xs);
  auto evens = xs | std::views::filter([](int x) { return x % 2 == 0; }) | std::views::transform([](int x) { return x * 10; });
  int acc = 0;
  for (int e : evens) acc += e;
  Point p{.x = 1, .y = 2}, q{.x = 1, .y = 3};
  bool lt = p < q;
  auto [a, b] = Pair{7, "seven"};
  std::map<std::string, int> m{{"a", 1}, {"b", 2}};
  int ms = 0;
  for (const auto& [k, v] : m) ms += v + (int)k.size();
  if constexpr (sizeof(int) == 4) acc += 1;
  auto opt = find_even(xs);
  std::array<int, 3> arr{1, 2, 3};
  int total = std::accumulate(arr.begin(), arr.end(), 0);
  std::printf("%d %d %d %s %d %d %d %d %ld %d %d %d\n", acc, (int)lt, a, b.c_str(), ms, opt.value_or(-1), total,
              twice(21), twice(21L), sum_all(1, 2, 3), plus_n<5>(1),
              describe(std::string("abc")) + describe(Point{2, 3}) + describe(4));
  auto cmp = p <=> q;
  return cmp < 0 ? 0 : 1;
}

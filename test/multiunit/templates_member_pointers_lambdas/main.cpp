// Enum-class flag operators, compile-time recursion, SFINAE on decltype,
// variadic recursion, if constexpr, default arguments that call functions,
// initializer_list constructors, nested aggregates, pointers to members,
// string_view and optional, init-capture, mutable and template lambdas, an
// immediately invoked lambda.
// Whole-program mode: the rewritten program prints and exits as the original.
#include <array>
#include <bitset>
#include <cstdio>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <vector>

enum class Flags : unsigned { None = 0, A = 1, B = 2, C = 4 };
constexpr Flags operator|(Flags a, Flags b) { return Flags(unsigned(a) | unsigned(b)); }
constexpr bool has(Flags f, Flags x) { return (unsigned(f) & unsigned(x)) != 0; }

template <int N>
struct Fib { static constexpr int value = Fib<N - 1>::value + Fib<N - 2>::value; };
template <> struct Fib<0> { static constexpr int value = 0; };
template <> struct Fib<1> { static constexpr int value = 1; };

template <class T, std::size_t N>
T sum_arr(const std::array<T, N>& a) { T s{}; for (const T& x : a) s += x; return s; }

template <class T>
auto size_or_zero(const T& t) -> decltype(t.size(), std::size_t()) { return t.size(); }
std::size_t size_or_zero(...) { return 0; }

int count_args() { return 0; }
template <class T, class... R>
int count_args(T, R... r) { return 1 + count_args(r...); }

template <class T>
std::string kind(const T& v) {
  if constexpr (std::is_integral_v<T>) return "int" + std::to_string(v);
  else if constexpr (std::is_same_v<T, std::string>) return "str" + v;
  else return "other";
}

struct Vec2 {
  double x, y;
  Vec2(double x = 0, double y = 0) : x(x), y(y) {}
  Vec2 operator+(const Vec2& o) const { return {x + o.x, y + o.y}; }
  Vec2& operator+=(const Vec2& o) { x += o.x; y += o.y; return *this; }
  double dot(const Vec2& o) const { return x * o.x + y * o.y; }
};
double length2(const Vec2& v) { return v.dot(v); }

struct Bag {
  std::vector<int> items;
  Bag(std::initializer_list<int> il) : items(il) {}
  int total(int bonus = default_bonus()) const { int s = bonus; for (int i : items) s += i; return s; }
  static int default_bonus() { return 100; }
  static constexpr int cap = 8;
};

struct Inner { int a; int b[2]; };
struct Outer { Inner in; const char* name; };

int apply_member(Vec2& v, double Vec2::*field, double (Vec2::*fn)(const Vec2&) const) {
  return (int)(v.*field + (v.*fn)(v));
}

std::optional<std::string_view> word_at(std::string_view s, std::size_t i) {
  if (i >= s.size()) return std::nullopt;
  auto end = s.find(' ', i);
  return s.substr(i, end == std::string_view::npos ? std::string_view::npos : end - i);
}

int main() {
  Flags f = Flags::A | Flags::C;
  std::array<int, 4> arr{1, 2, 3, 4};
  std::vector<int> vv{1, 2};
  Vec2 p(1, 2);
  p += Vec2(3) + Vec2{0, 1};
  double l2 = length2({3, 4});
  Bag bag{1, 2, 3};
  Outer o{{1, {2, 3}}, "o"};
  auto [x0, x1] = o.in.b;
  int a = 1, b = 2;
  std::tie(a, b) = std::make_tuple(b, a);
  int counter = 0;
  auto inc = [c = 10]() mutable { return ++c; };
  inc();
  auto gen = []<class T>(T t) { return sizeof(T) + t; };
  int iife = [&] { counter += 5; return counter * 2; }();
  std::bitset<8> bits(0b1011);
  auto w = word_at("hello big world", 6);
  std::printf("%d %d %d %d %zu %zu %d %s %s %s %.1f %.1f %.1f %d %d %d %d %d %d %d %d %zu %d %zu %s %d\n",
              has(f, Flags::A), has(f, Flags::B), Fib<10>::value, sum_arr(arr), size_or_zero(vv), size_or_zero(3),
              count_args(1, 'c', 2.0), kind(5).c_str(), kind(std::string("s")).c_str(), kind(1.5).c_str(), p.x, p.y,
              l2, bag.total(), bag.total(1), Bag::cap, o.in.a + x0 + x1, a * 10 + b, inc(), iife,
              apply_member(p, &Vec2::x, &Vec2::dot), gen(1), (int)bits.count(), w->size(), std::string(*w).c_str(),
              counter);
}

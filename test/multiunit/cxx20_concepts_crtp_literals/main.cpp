// Nested and inline namespaces with using enum, CRTP, a virtual diamond,
// concepts and subsumption, a lambda capturing this, a static local,
// constexpr recursion, user-defined literals, bit-fields, unions, placement
// new, decltype(auto) returns, explicit(bool).
// Whole-program mode: the rewritten program prints and exits as the original.
#include <cstdio>
#include <functional>
#include <memory>
#include <new>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

namespace a::b::c {
inline namespace v1 {
enum class Color { Red, Green, Blue };
int weight(Color c) {
  using enum Color;
  switch (c) {
    case Red: return 1;
    case Green: return 2;
    case Blue: return 3;
  }
  return 0;
}
}  // namespace v1
}  // namespace a::b::c

template <class Derived>
struct Shape {
  double area() const { return static_cast<const Derived*>(this)->area_impl(); }
};
struct Square : Shape<Square> {
  double s;
  explicit Square(double s) : s(s) {}
  double area_impl() const { return s * s; }
};

struct Base { virtual ~Base() = default; virtual int id() const { return 1; } };
struct Mid1 : virtual Base { int id() const override { return 2; } };
struct Mid2 : virtual Base {};
struct Diamond : Mid1, Mid2 {};

template <class T>
concept Numeric = std::is_arithmetic_v<T>;
template <class T> requires Numeric<T>
T clampit(T v, T lo, T hi) { return v < lo ? lo : (v > hi ? hi : v); }
template <class T> requires Numeric<T> && std::integral<T>
T clampit(T v, T lo, T hi) { return v < lo ? lo : (v > hi ? hi : v) + 0; }

struct Counter {
  int n = 0;
  auto adder() { return [this](int k) { n += k; return n; }; }
  static Counter& instance() { static Counter c; return c; }
};

constexpr int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }

long double operator""_km(long double v) { return v * 1000; }
unsigned long long operator""_kb(unsigned long long v) { return v * 1024; }

struct Bits { unsigned a : 3; unsigned b : 5; };
union IntOrFloat { int i; float f; };

template <class... Args>
auto make_vec(Args&&... args) { std::vector<std::string> v; (v.emplace_back(std::forward<Args>(args)), ...); return v; }

decltype(auto) first(std::vector<int>& v) { return (v[0]); }
auto trailing(int x) -> long { return x * 3L; }

struct Wrapper {
  explicit(false) Wrapper(int v) : v(v) {}
  int v;
  [[nodiscard]] int get() const noexcept(noexcept(v + 1)) { return v; }
};
int take_wrapper(Wrapper w) { return w.get(); }

int main() {
  int r = a::b::c::weight(a::b::c::Color::Green);
  Square sq(3);
  Diamond d;
  const Base& bref = d;
  Counter c;
  auto add = c.adder();
  add(3); add(4);
  Counter::instance().n = 9;
  std::function<int(int)> fib = [&](int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); };
  auto self = [](auto&& me, int n) -> int { return n == 0 ? 0 : n + me(me, n - 1); };
  Bits bits{5, 17};
  IntOrFloat u; u.i = 42;
  auto v = make_vec("x", std::string("yy"), "zzz");
  std::vector<int> ints{4, 5};
  first(ints) = 7;
  alignas(Square) unsigned char buf[sizeof(Square)];
  Square* ps = new (buf) Square(2);
  double pa = ps->area();
  ps->~Square();
  auto up = std::make_unique<Square>(4);
  auto tup = std::make_tuple(1, 2.5, std::string("t"));
  double ts = std::apply([](int i, double dd, const std::string& s) { return i + dd + s.size(); }, tup);
  std::printf("%d %.1f %d %d %d %d %d %.1f %llu %u %u %d %zu %d %ld %.1f %.1f %d %d %.1f\n", r, sq.area(), bref.id(), c.n,
              Counter::instance().n, fib(10), self(self, 4), (double)1.5_km, 2_kb, bits.a, bits.b, u.i, v.size(), ints[0],
              trailing(5), pa, up->area(), clampit(15, 0, 10), take_wrapper(8), ts + clampit(2.5, 0.0, 1.0) + fact(5));
}

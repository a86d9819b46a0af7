#pragma once
#include <cstdarg>
#include <cstddef>
#include <functional>
#include <memory>
#include <new>
#include <stdexcept>
#include <string>
#include <vector>

namespace app {
inline namespace v1 {

enum class Flags : unsigned { none = 0, read = 1, write = 2, exec = 4 };
constexpr Flags operator|(Flags a, Flags b) noexcept { return Flags(unsigned(a) | unsigned(b)); }
constexpr Flags operator&(Flags a, Flags b) noexcept { return Flags(unsigned(a) & unsigned(b)); }
inline Flags& operator|=(Flags& a, Flags b) noexcept { return a = a | b; }
constexpr bool any(Flags f) noexcept { return f != Flags::none; }

// A class with its own allocation functions and a counter of them.
class Pooled {
 public:
  explicit Pooled(int v);
  ~Pooled();
  static void* operator new(std::size_t n);
  static void operator delete(void* p) noexcept;
  int value() const { return v_; }
  static int live;

 private:
  int v_;
};

// Constructor and function with function-try-blocks.
class Parser {
 public:
  explicit Parser(const std::string& text);
  int parse() const;
  const std::string& error() const { return error_; }

 private:
  int first_;
  std::string error_;
};

struct Outer {
  struct Inner;
  int twice(int) const;
  static int calls;
};

struct Outer::Inner {
  int scale;
  int apply(int x) const;
};

template <template <class, class> class Container, class T>
Container<T, std::allocator<T>> repeat(const T& v, int n) {
  Container<T, std::allocator<T>> c;
  for (int i = 0; i < n; ++i) c.push_back(v);
  return c;
}

template <std::size_t N> int sum(const int (&a)[N]) {
  int s = 0;
  for (std::size_t i = 0; i < N; ++i) s += a[i];
  return s;
}

int format_into(char* buf, std::size_t n, const char* fmt, ...) __attribute__((format(printf, 3, 4)));
int vformat_into(char* buf, std::size_t n, const char* fmt, va_list ap);

using unary = int (*)(int);
unary pick(int which);
auto classify(int x) -> const char*;
int next_id();
int thread_counter();
int state_machine(const char* s);
std::function<int(int)> bound_adder(int k);

}  // namespace v1
}  // namespace app

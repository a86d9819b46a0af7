#include "shapes.h"

#include <cstdio>
#include <cstdlib>

namespace app {
inline namespace v1 {

int Pooled::live = 0;
int Outer::calls = 0;

namespace {
alignas(16) unsigned char pool[4][sizeof(Pooled) < 16 ? 16 : sizeof(Pooled)];
bool used[4];
int twice_impl(int x) { return 2 * x; }
int negate(int x) { return -x; }
int square(int x) { return x * x; }
}  // namespace

Pooled::Pooled(int v) : v_(v) { ++live; }
Pooled::~Pooled() { --live; }

void* Pooled::operator new(std::size_t n) {
  for (int i = 0; i < 4; ++i)
    if (!used[i] && n <= sizeof pool[i]) {
      used[i] = true;
      return pool[i];
    }
  throw std::bad_alloc();
}

void Pooled::operator delete(void* p) noexcept {
  for (int i = 0; i < 4; ++i)
    if (p == pool[i]) used[i] = false;
}

static int parse_int(const std::string& s) {
  std::size_t used_chars = 0;
  int v = std::stoi(s, &used_chars);
  if (used_chars != s.size()) throw std::invalid_argument("trailing characters");
  return v;
}

Parser::Parser(const std::string& text) try : first_(parse_int(text)) {
} catch (const std::invalid_argument& e) {
  std::printf("constructor failed: %s\n", e.what());
  throw;
}

int Parser::parse() const try {
  if (first_ < 0) throw std::domain_error("negative");
  return first_ * 10;
} catch (const std::domain_error&) {
  return -1;
}

int Outer::twice(int x) const {
  ++calls;
  return twice_impl(x);
}

int Outer::Inner::apply(int x) const { return scale * x; }

int vformat_into(char* buf, std::size_t n, const char* fmt, va_list ap) { return std::vsnprintf(buf, n, fmt, ap); }

int format_into(char* buf, std::size_t n, const char* fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int r = vformat_into(buf, n, fmt, ap);
  va_end(ap);
  return r;
}

unary pick(int which) {
  static const unary table[] = {negate, square, &twice_impl};
  return table[which % 3];
}

auto classify(int x) -> const char* {
  switch (x % 4) {
    case 0:
      return "zero";
    case 1:
      x += 1;
      [[fallthrough]];
    case 2:
      return x == 2 ? "one-or-two" : "two";
    default:
      break;
  }
  return "three";
}

int next_id() {
  static int id = std::atoi("100");
  return ++id;
}

int thread_counter() {
  thread_local int n = next_id();
  return ++n;
}

int state_machine(const char* s) {
  int n = 0;
start:
  if (*s == 0) goto done;
  if (*s == 'a') {
    ++n;
    ++s;
    goto start;
  }
  ++s;
  goto start;
done:
  return n;
}

std::function<int(int)> bound_adder(int k) {
  struct Adder {
    int k;
    int add(int x) const { return x + k; }
  };
  auto a = std::make_shared<Adder>(Adder{k});
  return std::bind(&Adder::add, a, std::placeholders::_1);
}

}  // namespace v1
}  // namespace app

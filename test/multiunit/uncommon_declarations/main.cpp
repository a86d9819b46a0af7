#include <algorithm>
#include <cstdio>
#include <deque>
#include <functional>
#include <list>
#include <string>

#include "shapes.h"

namespace fs = app;

namespace {
struct Accumulate {
  int total = 0;
  void operator()(int v) { total += v; }
};
}  // namespace

int main() {
  using fs::Flags;
  Flags f = Flags::read | Flags::exec;
  f |= Flags::write;
  std::printf("flags %u any %d\n", unsigned(f & Flags::write), int(fs::any(f & Flags::exec)));

  {
    fs::Pooled* a = new fs::Pooled(7);
    fs::Pooled* b = new fs::Pooled(8);
    std::printf("pooled %d %d live %d\n", a->value(), b->value(), fs::Pooled::live);
    delete a;
    delete b;
  }
  std::printf("live %d\n", fs::Pooled::live);

  std::printf("parse %d\n", fs::Parser("12").parse());
  std::printf("parse %d\n", fs::Parser("-3").parse());
  try {
    fs::Parser p("12x");
    std::printf("not reached %d\n", p.parse());
  } catch (const std::exception& e) {
    std::printf("caught %s\n", e.what());
  }

  fs::Outer o;
  fs::Outer::Inner in{3};
  std::printf("outer %d inner %d calls %d\n", o.twice(5), in.apply(4), fs::Outer::calls);

  auto v = fs::repeat<std::vector>(std::string("ab"), 3);
  auto d = fs::repeat<std::deque>(1.5, 2);
  auto l = fs::repeat<std::list>('x', 4);
  int arr[] = {1, 2, 3, 4, 5};
  std::printf("repeat %zu %zu %zu sum %d\n", v.size(), d.size(), l.size(), fs::sum(arr));

  char buf[64];
  int n = fs::format_into(buf, sizeof buf, "%s-%d", "id", 42);
  std::printf("format %d %s\n", n, buf);

  std::printf("pick %d %d %d\n", fs::pick(0)(5), fs::pick(1)(5), fs::pick(2)(5));
  for (int i = 0; i < 4; ++i) std::printf("classify %d %s\n", i, fs::classify(i));
  int id1 = fs::next_id();
  std::printf("ids %d %d counter %d %d\n", id1, fs::next_id(), fs::thread_counter(), fs::thread_counter());
  std::printf("as %d\n", fs::state_machine("banana"));

  Accumulate acc = std::for_each(arr, arr + 5, Accumulate{});
  auto add3 = fs::bound_adder(3);
  std::printf("acc %d bound %d invoke %d\n", acc.total, add3(4), std::invoke(&fs::Outer::twice, o, 6));
  return 0;
}

// A static member template of a class that depends on a template parameter,
// called with template arguments (spdlog's `Factory::template
// create<Sink>(...)`): its twin is named with `template` too.
// CHECK: Factory::template cassette_twin_create<sink4>(cassette_t, CASSETTE_FWD(cassette_a0), CASSETTE_FWD(cassette_a1))
// OUT: pre make(3, 1)
// OUT-NEXT:   pre Factory::create(3, 1)
// OUT-NEXT:     pre +(4, 4)
// OUT-NEXT:     post + = 8
// OUT-NEXT:   post Factory::create = 8
// OUT-NEXT: post make = 8
// OUT-NEXT: result 8 plain 8
#include "trace_context.hpp"

struct sync_factory {
  template <class Sink, class... Args>
  static int create(Args... args) {
    return Sink::size + (args + ...);
  }
};

struct sink4 {
  static constexpr int size = 4;
};

template <class Factory = sync_factory>
int make(int a, int b) {
  return Factory::template create<sink4>(a, b);
}

int use(int n) { return make<>(n, 1); }

int main() { return golden::run(CASSETTE_FN(use), 3); }

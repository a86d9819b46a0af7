// An explicit instantiation of a member function template whose template
// arguments are a bool and an enumerator (GeographicLib's
// `template Math::real SphericalEngine::Value<true, SphericalEngine::FULL,
// 1>(...)`). The anchor that keeps the twin's instance for other units names
// it with each argument spelled as its parameter takes it: `true`, and the
// enumerator's value cast to its enumeration (a number does not convert to
// an enumeration in a template argument: the anchor did not compile, and the
// check took the twin away).
// OUT: pre Engine::value(3)
// OUT-NEXT:   pre ==(0, 0)
// OUT-NEXT:   post == = true
// OUT-NEXT:   pre *(3, 2)
// OUT-NEXT:   post * = 6
// OUT-NEXT: post Engine::value = 6
// OUT-NEXT: pre Engine::value(3)
// OUT-NEXT:   pre ==(1, 0)
// OUT-NEXT:   post == = false
// OUT-NEXT:   pre -(3)
// OUT-NEXT:   post - = -3
// OUT-NEXT: post Engine::value = -3
// OUT-NEXT: pre +(6, -3)
// OUT-NEXT: post + = 3
// OUT-NEXT: result 3 plain 3
#include "trace_context.hpp"

struct Engine {
  enum norm { FULL, SCHMIDT };
  template <bool grad, norm n, int L>
  static int value(int x);
};

template <bool grad, Engine::norm n, int L>
int Engine::value(int x) {
  return n == FULL ? x * L : -x;
}
template int Engine::value<true, Engine::FULL, 2>(int);
template int Engine::value<false, Engine::SCHMIDT, -1>(int);
// CHECK: &::Engine::cassette_twin_value<true, static_cast<::Engine::norm>(0), 2, CassetteCtx>
// CHECK: &::Engine::cassette_twin_value<false, static_cast<::Engine::norm>(1), -1, CassetteCtx>

int use(int x) { return Engine::value<true, Engine::FULL, 2>(x) + Engine::value<false, Engine::SCHMIDT, -1>(x); }

int main() { return golden::run(CASSETTE_FN(use), 3); }

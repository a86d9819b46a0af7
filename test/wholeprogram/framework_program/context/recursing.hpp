// A context whose hook calls a function of the tree: what a hook runs is not
// the program's code, so that call runs the original as written instead of
// entering its twin (which would run the hook again, without end).
#pragma once
#include <cstdio>

#include <cassette/cassette.hpp>

int square(int x);  // tests/suite.cpp

struct Recursing : cassette::Context<Recursing> {
  long calls = 0;
};
template <class F, class... A>
void prehook(Recursing& ctx, const F&, const A&...) {
  ctx.calls += square(1);
}
inline void whole_program_finish(Recursing& ctx) { std::fprintf(stderr, "recursing: %ld calls\n", ctx.calls); }

// The context shapes' main runs under (cassette_overdub ... OVERDUB_MAIN
// ShapeCounter): it counts the calls of geo's functions, by callee, and
// prints the counts when the program ends.
#pragma once

#include <cassette/cassette.hpp>
#include <cstdio>

struct ShapeCounter : cassette::Context<ShapeCounter> {
  int areas = 0;
  int perimeters = 0;
  int grows = 0;
};

inline void prehook(ShapeCounter& c, const cassette::fn<"geo::area">&, const auto&...) { ++c.areas; }
inline void prehook(ShapeCounter& c, const cassette::fn<"geo::perimeter">&, const auto&...) { ++c.perimeters; }
inline void prehook(ShapeCounter& c, const cassette::fn<"geo::grow">&, const auto&...) { ++c.grows; }

inline void whole_program_finish(ShapeCounter& c) {
  std::printf("under ShapeCounter: geo::area %d calls, geo::perimeter %d calls, geo::grow %d calls\n", c.areas,
              c.perimeters, c.grows);
}

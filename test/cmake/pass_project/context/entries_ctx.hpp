#pragma once
#include <cstdio>

#include <cassette/cassette.hpp>

struct EntriesCtx : cassette::Context<EntriesCtx> {
  using passes = cassette::passes<"entries">;
  int entered_count = 0;
  void entered(const char* name) {
    ++entered_count;
    std::printf("entered %s\n", name);
  }
};

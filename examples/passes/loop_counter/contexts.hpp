#pragma once
#include <cassette/cassette.hpp>
#include <cstdio>
#include <map>
#include <string>

// Counts what the loop_counter pass tells it: one call per iteration.
struct LoopCtx : cassette::Context<LoopCtx> {
  using passes = cassette::passes<"loop_counter">;
  std::map<std::string, long> iterations;
  void iteration(const char* where) { ++iterations[where]; }
  void print() const {
    for (const auto& [where, n] : iterations) std::printf("%s: %ld iterations\n", where.c_str(), n);
  }
};

CASSETTE_CONTEXTS(LoopCtx)

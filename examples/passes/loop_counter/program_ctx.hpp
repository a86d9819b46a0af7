// A whole program under the loop counter (test/realworld, --loop-counter):
// the program's main runs under LoopCountCtx (--overdub-main LoopCountCtx
// --context-header this file), and at exit the iterations of every loop run
// are written, as JSON {"file:line:col": n, ...}, to $CASSETTE_LOOPS_JSON
// (or the busiest loops to stderr).
#pragma once
#include <cassette/cassette.hpp>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>

struct LoopCountCtx : cassette::Context<LoopCountCtx> {
  using passes = cassette::passes<"loop_counter">;
  void iteration(const char* where) { ++table()[where]; }

  LoopCountCtx() {
    static bool registered = [] { return std::atexit(&LoopCountCtx::write) == 0; }();
    (void)registered;
  }

 private:
  // Outlives the context (the whole-program context is never destroyed).
  static std::map<std::string, long>& table() {
    static auto* t = new std::map<std::string, long>;
    return *t;
  }
  static void write() {
    const char* path = std::getenv("CASSETTE_LOOPS_JSON");
    FILE* f = path ? std::fopen(path, "w") : stderr;
    if (!f) return;
    std::fprintf(f, "{");
    bool first = true;
    for (const auto& [where, n] : table()) {
      std::fprintf(f, "%s\n  \"%s\": %ld", first ? "" : ",", where.c_str(), n);
      first = false;
    }
    std::fprintf(f, "\n}\n");
    if (path) std::fclose(f);
  }
};

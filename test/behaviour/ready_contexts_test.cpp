// The ready-made contexts of runtime/cassette/contexts/.
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "arith.hpp"
#include "contexts.hpp"

namespace fs = std::filesystem;

namespace {
std::string read_all(std::FILE* f) {
  std::rewind(f);
  std::string s;
  char buf[512];
  while (std::size_t n = std::fread(buf, 1, sizeof buf, f)) s.append(buf, n);
  return s;
}
}  // namespace

TEST(ReadyContexts, EmptyContextChangesNothing) {
  cassette::EmptyContext ctx;
  static_assert(cassette::stateless_v<cassette::EmptyContext>);
  EXPECT_EQ(cassette::overdub(ctx, CASSETTE_FN_IN(arith, fib), 20), arith::fib(20));
  EXPECT_EQ(cassette::overdub(ctx, CASSETTE_FN_IN(arith, divide), 1, 4), 0.25);
}

TEST(ReadyContexts, CallCounterCountsEveryCallPerCallee) {
  cassette::CallCounter::reset();
  cassette::CallCounter ctx;
  EXPECT_EQ(cassette::overdub(ctx, CASSETTE_FN_IN(arith, fib), 10), 55);
  // fib(10) runs 177 bodies (itself, the outermost call, is not hooked, so 176
  // calls of fib are counted). Every body does one <=; the 88 bodies with
  // n > 1 also do two -, two calls and one +. A named callee's row says
  // where it is declared (the place its calls' identities carry, as the
  // rewriter spelled them); an operator's has none.
  EXPECT_EQ(cassette::CallCounter::count("arith::fib"), 176u);
  EXPECT_EQ(cassette::CallCounter::count("<="), 177u);
  EXPECT_EQ(cassette::CallCounter::count("-"), 176u);
  EXPECT_EQ(cassette::CallCounter::count("+"), 88u);
  EXPECT_EQ(cassette::CallCounter::total(), 176u + 177u + 176u + 88u);

  std::FILE* f = std::tmpfile();
  cassette::CallCounter::write_table(f);
  EXPECT_EQ(read_all(f),
            "         calls  callee\n"
            "           177  <=\n"
            "           176  -\n"
            "           176  arith::fib (arith.hpp:14)\n"
            "            88  +\n"
            "           617  total (4 callees)\n");
  std::fclose(f);
  f = std::tmpfile();
  cassette::CallCounter::write_json(f);
  EXPECT_EQ(read_all(f),
            "{\"total\": 617, \"callees\": 4, \"counts\": {\"<=\": 177, \"-\": 176, \"arith::fib\": 176, \"+\": 88}, "
            "\"declared\": {\"arith::fib\": \"arith.hpp:14\"}}\n");
  std::fclose(f);
}

// write_files replaces each file whole, through a temporary beside it that
// it renames: a file that was there is replaced, nothing else is left.
TEST(ReadyContexts, CallCounterWritesItsFilesWhole) {
  cassette::CallCounter::reset();
  cassette::CallCounter ctx;
  EXPECT_EQ(cassette::overdub(ctx, CASSETTE_FN_IN(arith, fib), 3), 2);
  fs::path dir = fs::temp_directory_path() / ("cassette-counter-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  std::string table = (dir / "counts.txt").string(), json = (dir / "counts.json").string();
  {
    std::FILE* old = std::fopen(json.c_str(), "w");
    std::fputs("a longer file from an earlier run, which the new text must not leave a tail of\n", old);
    std::fclose(old);
  }
  ASSERT_TRUE(cassette::CallCounter::write_files(table, json));
  std::FILE* f = std::fopen(json.c_str(), "r");
  EXPECT_EQ(read_all(f), cassette::CallCounter::json_text());
  std::fclose(f);
  f = std::fopen(table.c_str(), "r");
  EXPECT_EQ(read_all(f), cassette::CallCounter::table_text());
  std::fclose(f);
  std::vector<std::string> left;
  for (const auto& e : fs::directory_iterator(dir)) left.push_back(e.path().filename().string());
  std::sort(left.begin(), left.end());
  EXPECT_EQ(left, (std::vector<std::string>{"counts.json", "counts.txt"}));
  // A directory that does not exist: false, and nothing written.
  EXPECT_FALSE(cassette::CallCounter::write_files((dir / "no" / "t.txt").string(), ""));
  fs::remove_all(dir);
}

// A named callee's first call in a trace says where it is declared; a
// second trace (another Tracer) says it again.
TEST(ReadyContexts, TracerWritesTheCallTreeWithArgumentsAndResults) {
  for (int trace = 0; trace < 2; ++trace) {
    std::FILE* f = std::tmpfile();
    cassette::Tracer ctx(f);
    EXPECT_EQ(cassette::overdub(ctx, CASSETTE_FN_IN(arith, outer), 4.0), 9.0);
    EXPECT_EQ(cassette::overdub(ctx, CASSETTE_FN_IN(arith, outer), 1.0), 3.0);
    EXPECT_EQ(read_all(f),
              "arith::inner(4)  @ arith.hpp:10\n"
              "  *(4, 2)\n"
              "  => 8\n"
              "=> 8\n"
              "+(8, 1)\n"
              "=> 9\n"
              "arith::inner(1)\n"
              "  *(1, 2)\n"
              "  => 2\n"
              "=> 2\n"
              "+(2, 1)\n"
              "=> 3\n");
    std::fclose(f);
  }
}

namespace {
int traced_function(int x) { return x; }
std::string shown(const auto& v) {
  std::string s;
  cassette::show_value(s, v);
  return s;
}
}  // namespace

TEST(ReadyContexts, TracerShowsEveryKindOfValue) {
  EXPECT_EQ(shown(0.1), "0.10000000000000001");  // round-trips
  EXPECT_EQ(shown(-7), "-7");
  EXPECT_EQ(shown(static_cast<unsigned char>(200)), "200");
  EXPECT_EQ(shown(L'x'), "120");
  EXPECT_EQ(shown(true), "true");
  EXPECT_EQ(shown('c'), "'c'");
  EXPECT_EQ(shown("text"), "\"text\"");
  EXPECT_EQ(shown(std::string("text")), "\"text\"");
  // No string to read behind a null `const char*`, nor behind nullptr.
  EXPECT_EQ(shown(static_cast<const char*>(nullptr)), "0x0");
  EXPECT_EQ(shown(nullptr), "0x0");
  volatile int v = 0;
  EXPECT_EQ(shown(&v).substr(0, 2), "0x");
  EXPECT_EQ(shown(&traced_function).substr(0, 2), "0x");
}

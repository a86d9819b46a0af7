// csmith 2.3.0 `--lang-cpp --cpp11 --seed 1`: its rewrite did not compile
// ("no matching function for call to 'transparent_crc'") because the string
// literal given to transparent_crc's `char*` parameter was forwarded as a
// `const char(&)[7]`. creduce (test/csmith/reduce.py) reduced the program to
// one call of the checksum loop of its main (151 bytes, with csmith.h):
//   uint8_t a[1][1][1];
//   int b() { int c, d, e; int f; transparent_crc(a[c][d][e], "g_2125", f); }
// Here with csmith.h's transparent_crc written out (a bitwise CRC-32 instead of
// its table) and the checksum returned, so the rewrite must print the same.
// OUT: pre transparent_crc(0, ptr, 0)
// OUT: post transparent_crc = _
// OUT: result 1696784233 plain 1696784233
#include <cstdint>
#include <cstdio>

#include "trace_context.hpp"

#pragma clang diagnostic ignored "-Wwritable-strings"

static uint32_t crc32_context = 0xFFFFFFFFUL;

static void crc32_byte(uint8_t b) {
  crc32_context ^= b;
  for (int bit = 0; bit < 8; ++bit) crc32_context = (crc32_context >> 1) ^ (0xEDB88320UL & (0U - (crc32_context & 1U)));
}

static void transparent_crc(uint64_t val, char* vname, int flag) {
  for (int shift = 0; shift < 64; shift += 8) crc32_byte((val >> shift) & 0xff);
  if (flag) std::printf("...checksum after hashing %s : %X\n", vname, crc32_context ^ 0xFFFFFFFFU);
}

static volatile uint8_t g_2125[1][1][1];

int checksum(int print_hash_value) {
  crc32_context = 0xFFFFFFFFUL;
  int i, j, k;
  for (i = 0; i < 1; i++)
    for (j = 0; j < 1; j++)
      for (k = 0; k < 1; k++) transparent_crc(g_2125[i][j][k], "g_2125", print_hash_value);
  return static_cast<int>(crc32_context ^ 0xFFFFFFFFUL);
}
// CHECK-LABEL: cassette_twin_checksum(::cassette::Twin
// CHECK: ::cassette::fn<"transparent_crc">({{[^)]*}}), {{.*}}, k), const_cast<char *>("g_2125"), print_hash_value)

int main() { return golden::run(CASSETTE_FN(checksum), 0); }

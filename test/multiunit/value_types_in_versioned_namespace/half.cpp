#include "half.h"

#include <cstring>

namespace {
struct Table {
  float v[256];
  Table() {
    for (int i = 0; i < 256; ++i) v[i] = float(i) / 256.0f;
  }
};
const Table table;
}  // namespace

VT_NAMESPACE_ENTER

const float fixed16::_table[256] = {0.0f};

float fixed16::toFloat(uint16_t b) noexcept {
  uif u;
  u.f = float(int16_t(b) >> 8);
  float whole = u.f;
  u.i = 0;
  return whole + table.v[b & 0xff] + float(u.i);
}

fixed16::fixed16(float f) noexcept {
  int v = int(f * 256.0f + (f < 0 ? -0.5f : 0.5f));
  _h = uint16_t(int16_t(v));
}

fixed16::operator float() const noexcept { return toFloat(_h); }

fixed16 fixed16::operator-() const noexcept { return fromBits(uint16_t(-int16_t(_h))); }

fixed16& fixed16::operator+=(fixed16 h) noexcept {
  _h = uint16_t(int16_t(_h) + int16_t(h._h));
  return *this;
}

VT_NAMESPACE_EXIT

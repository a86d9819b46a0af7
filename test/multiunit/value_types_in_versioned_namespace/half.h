#pragma once
#include <cstdint>
#include <limits>

#include "ns.h"

VT_NAMESPACE_ENTER

// A 16-bit fixed-point number whose conversions go through a table built at
// static initialisation and a union, as Imath's half does.
class VT_EXPORT fixed16 {
 public:
  fixed16() noexcept = default;
  fixed16(float f) noexcept;
  operator float() const noexcept;
  fixed16 operator-() const noexcept;
  fixed16& operator+=(fixed16 h) noexcept;
  uint16_t bits() const noexcept { return _h; }
  void setBits(uint16_t b) noexcept { _h = b; }
  static fixed16 fromBits(uint16_t b) noexcept {
    fixed16 h;
    h.setBits(b);
    return h;
  }

 private:
  union uif {
    uint32_t i;
    float f;
  };
  static float toFloat(uint16_t b) noexcept;
  static const float _table[256];
  uint16_t _h = 0;
};

VT_NAMESPACE_EXIT

namespace std {
template <> class numeric_limits<VT_INTERNAL_NAMESPACE::fixed16> {
 public:
  static const bool is_specialized = true;
  static VT_INTERNAL_NAMESPACE::fixed16 min() noexcept { return VT_INTERNAL_NAMESPACE::fixed16::fromBits(1); }
  static VT_INTERNAL_NAMESPACE::fixed16 max() noexcept { return VT_INTERNAL_NAMESPACE::fixed16::fromBits(0x7fff); }
  static VT_INTERNAL_NAMESPACE::fixed16 epsilon() noexcept { return VT_INTERNAL_NAMESPACE::fixed16::fromBits(1); }
  static constexpr int digits = 15;
};
}  // namespace std

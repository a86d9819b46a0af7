#pragma once
#include <cmath>
#include <iosfwd>
#include <limits>

#include "ns.h"

VT_NAMESPACE_ENTER

template <class T> class Vec3 {
 public:
  T x, y, z;
  VT_HOSTDEVICE constexpr Vec3() noexcept : x(0), y(0), z(0) {}
  VT_HOSTDEVICE constexpr Vec3(T a, T b, T c) noexcept;
  VT_HOSTDEVICE constexpr explicit Vec3(T a) noexcept : x(a), y(a), z(a) {}
  template <class S> VT_HOSTDEVICE constexpr Vec3(const Vec3<S>& v) noexcept : x(T(v.x)), y(T(v.y)), z(T(v.z)) {}

  VT_HOSTDEVICE T& operator[](int i) noexcept { return (&x)[i]; }
  VT_HOSTDEVICE constexpr const T& operator[](int i) const noexcept { return (&x)[i]; }

  template <class S> VT_HOSTDEVICE void setValue(S a, S b, S c) noexcept;
  template <class S> VT_HOSTDEVICE constexpr bool equalWithAbsError(const Vec3<S>& v, T e) const noexcept;

  VT_HOSTDEVICE constexpr bool operator==(const Vec3& v) const noexcept { return x == v.x && y == v.y && z == v.z; }
  VT_HOSTDEVICE constexpr bool operator!=(const Vec3& v) const noexcept { return !(*this == v); }
  VT_HOSTDEVICE VT_CONSTEXPR14 const Vec3& operator+=(const Vec3& v) noexcept;
  VT_HOSTDEVICE constexpr Vec3 operator+(const Vec3& v) const noexcept;
  VT_HOSTDEVICE constexpr Vec3 operator-(const Vec3& v) const noexcept;
  VT_HOSTDEVICE constexpr Vec3 operator-() const noexcept;
  VT_HOSTDEVICE constexpr Vec3 operator*(T a) const noexcept;
  VT_HOSTDEVICE VT_CONSTEXPR14 const Vec3& operator*=(T a) noexcept;
  VT_HOSTDEVICE constexpr T dot(const Vec3& v) const noexcept;
  VT_HOSTDEVICE constexpr T operator^(const Vec3& v) const noexcept { return dot(v); }
  VT_HOSTDEVICE constexpr Vec3 cross(const Vec3& v) const noexcept;
  VT_HOSTDEVICE constexpr Vec3 operator%(const Vec3& v) const noexcept { return cross(v); }
  T length() const noexcept;
  VT_HOSTDEVICE constexpr T length2() const noexcept { return dot(*this); }
  const Vec3& normalize() noexcept;
  Vec3<T> normalized() const noexcept;
  VT_HOSTDEVICE constexpr static unsigned int dimensions() noexcept { return 3; }
  VT_HOSTDEVICE constexpr static T baseTypeEpsilon() noexcept { return std::numeric_limits<T>::epsilon(); }
  typedef T BaseType;

 private:
  T lengthTiny() const noexcept;
};

// Integer vectors have no length: these are deleted, as in Imath.
template <> short Vec3<short>::length() const noexcept = delete;
template <> const Vec3<short>& Vec3<short>::normalize() noexcept = delete;

typedef Vec3<float> V3f;
typedef Vec3<double> V3d;
typedef Vec3<int> V3i;

template <class T> VT_HOSTDEVICE constexpr inline Vec3<T>::Vec3(T a, T b, T c) noexcept : x(a), y(b), z(c) {}

template <class T>
template <class S>
VT_HOSTDEVICE inline void Vec3<T>::setValue(S a, S b, S c) noexcept {
  x = T(a);
  y = T(b);
  z = T(c);
}

template <class T>
template <class S>
VT_HOSTDEVICE constexpr inline bool Vec3<T>::equalWithAbsError(const Vec3<S>& v, T e) const noexcept {
  return std::abs(x - T(v.x)) <= e && std::abs(y - T(v.y)) <= e && std::abs(z - T(v.z)) <= e;
}

template <class T> VT_HOSTDEVICE VT_CONSTEXPR14 inline const Vec3<T>& Vec3<T>::operator+=(const Vec3& v) noexcept {
  x += v.x;
  y += v.y;
  z += v.z;
  return *this;
}

template <class T> VT_HOSTDEVICE constexpr inline Vec3<T> Vec3<T>::operator+(const Vec3& v) const noexcept {
  return Vec3(x + v.x, y + v.y, z + v.z);
}
template <class T> VT_HOSTDEVICE constexpr inline Vec3<T> Vec3<T>::operator-(const Vec3& v) const noexcept {
  return Vec3(x - v.x, y - v.y, z - v.z);
}
template <class T> VT_HOSTDEVICE constexpr inline Vec3<T> Vec3<T>::operator-() const noexcept { return Vec3(-x, -y, -z); }
template <class T> VT_HOSTDEVICE constexpr inline Vec3<T> Vec3<T>::operator*(T a) const noexcept {
  return Vec3(x * a, y * a, z * a);
}
template <class T> VT_HOSTDEVICE VT_CONSTEXPR14 inline const Vec3<T>& Vec3<T>::operator*=(T a) noexcept {
  x *= a;
  y *= a;
  z *= a;
  return *this;
}
template <class T> VT_HOSTDEVICE constexpr inline T Vec3<T>::dot(const Vec3& v) const noexcept {
  return x * v.x + y * v.y + z * v.z;
}
template <class T> VT_HOSTDEVICE constexpr inline Vec3<T> Vec3<T>::cross(const Vec3& v) const noexcept {
  return Vec3(y * v.z - z * v.y, z * v.x - x * v.z, x * v.y - y * v.x);
}

template <class T> inline T Vec3<T>::lengthTiny() const noexcept {
  T ax = std::abs(x), ay = std::abs(y), az = std::abs(z);
  T m = ax > ay ? ax : ay;
  m = m > az ? m : az;
  if (m == T(0)) return T(0);
  ax /= m;
  ay /= m;
  az /= m;
  return m * std::sqrt(ax * ax + ay * ay + az * az);
}

template <class T> inline T Vec3<T>::length() const noexcept {
  T l2 = length2();
  if (l2 < T(2) * std::numeric_limits<T>::min()) return lengthTiny();
  return std::sqrt(l2);
}

template <class T> inline const Vec3<T>& Vec3<T>::normalize() noexcept {
  T l = length();
  if (l != T(0)) {
    x /= l;
    y /= l;
    z /= l;
  }
  return *this;
}

template <class T> inline Vec3<T> Vec3<T>::normalized() const noexcept {
  Vec3 v(*this);
  v.normalize();
  return v;
}

template <class S, class T> VT_HOSTDEVICE constexpr inline Vec3<T> operator*(S a, const Vec3<T>& v) noexcept {
  return Vec3<T>(T(a) * v.x, T(a) * v.y, T(a) * v.z);
}

template <class T> std::ostream& operator<<(std::ostream& s, const Vec3<T>& v);

VT_EXPORT double angleBetween(const V3d& a, const V3d& b);

VT_NAMESPACE_EXIT

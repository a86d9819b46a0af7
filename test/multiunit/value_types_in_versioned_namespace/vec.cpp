#include "vec.h"

#include <ostream>

VT_NAMESPACE_ENTER

template <class T> std::ostream& operator<<(std::ostream& s, const Vec3<T>& v) {
  return s << '(' << v.x << ' ' << v.y << ' ' << v.z << ')';
}

// Explicit instantiations of the stream operator, as a library exports them.
template VT_EXPORT std::ostream& operator<<(std::ostream&, const Vec3<float>&);
template VT_EXPORT std::ostream& operator<<(std::ostream&, const Vec3<double>&);
template VT_EXPORT std::ostream& operator<<(std::ostream&, const Vec3<int>&);
template class VT_EXPORT Vec3<double>;

double angleBetween(const V3d& a, const V3d& b) {
  double c = a.normalized() ^ b.normalized();
  if (c > 1) c = 1;
  if (c < -1) c = -1;
  return std::acos(c);
}

VT_NAMESPACE_EXIT

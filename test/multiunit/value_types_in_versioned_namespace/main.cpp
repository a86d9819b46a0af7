#include <cstdio>
#include <iostream>
#include <sstream>

#include "half.h"
#include "vec.h"

using namespace vt;

template <class V> typename V::BaseType sumComponents(const V& v) {
  typename V::BaseType s = 0;
  for (unsigned i = 0; i < V::dimensions(); ++i) s += v[int(i)];
  return s;
}

int main() {
  V3f a(1, 2, 3), b(4, 5, 6);
  V3f c = a + b * 2.0f - -a;
  c += V3f(1);
  c *= 0.5f;
  std::ostringstream out;
  out << c << ' ' << (a ^ b) << ' ' << (a % b) << ' ' << 2 * a;
  V3d d(a);
  d.setValue(3, 4, 12);
  out << ' ' << d.length() << ' ' << d.normalized();
  V3i i(1, 2, 3);
  out << ' ' << i << ' ' << sumComponents(i) << ' ' << sumComponents(d);
  out << ' ' << (a == V3f(1, 2, 3)) << (a != b) << a.equalWithAbsError(V3d(1.0001, 2, 3), 0.001f);
  V3f tiny(1e-30f, 0, 0);
  out << ' ' << (tiny.length() > 0);
  out.precision(6);
  out << ' ' << angleBetween(V3d(1, 0, 0), V3d(0, 1, 0));
  fixed16 h(1.5f), k(-0.25f);
  h += k;
  out << ' ' << float(h) << ' ' << float(-h) << ' ' << float(std::numeric_limits<fixed16>::max());
  std::puts(out.str().c_str());
  return sumComponents(a) == 6 ? 0 : 1;
}

#include "m.h"

template <typename T>
T M::twice(T x) {
  return x + x;
}
template double M::twice<double>(double);

template <typename T>
T thrice(T x) {
  return x + x + x;
}
template double thrice<double>(double);

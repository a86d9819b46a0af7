// A header whose constructors a macro defaults (glm's GLM_DEFAULT), which a
// unit empties by defining FORCE_INIT before including it (glm's
// GLM_FORCE_CTOR_INIT): that unit reads them user-provided, with
// definitions below, and declares their twins after them; the other unit
// reads them defaulted, where a twin declared after `= default` would not
// compile. The twins go under that unit's condition. (Each unit's classes
// are in a namespace of their own, as each glm test is a program of its own.)
#pragma once
#ifdef FORCE_INIT
#define VEC_DEFAULT
#define VEC_NS initialised
#else
#define VEC_DEFAULT = default
#define VEC_NS plain
#endif

namespace VEC_NS {
inline int zero() { return 0; }
inline int copied(int x) { return x + 1; }
template <class T>
struct vec {
  T x;
  vec() VEC_DEFAULT;
  vec(const vec& o) VEC_DEFAULT;
  explicit vec(T v) : x(v) {}
};
#ifdef FORCE_INIT
template <class T>
vec<T>::vec() : x(zero()) {}
template <class T>
vec<T>::vec(const vec& o) : x(copied(o.x)) {}
#endif
}  // namespace VEC_NS

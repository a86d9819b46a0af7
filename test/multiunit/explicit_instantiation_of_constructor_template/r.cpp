#include "r.h"

static double positive(double x) { return x < 0 ? -x : x; }

template <typename S>
Ref::Ref(const S& s) : factor_(positive(s.value)) {}

template Ref::Ref(const Scale&);

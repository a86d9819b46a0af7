// A library outside the subject's --root: its functions have no twins.
#pragma once

namespace outside {
inline double scale(double x) { return x * 1.5 + 0.25; }
}  // namespace outside

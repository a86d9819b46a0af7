// Templates declared here, defined and explicitly instantiated in m.cpp only,
// and called from inline code of this header in every unit. A member
// template's twin is declared in the class in every unit; m.cpp instantiates
// the twins of its explicit instantiations, and calls from this header reach
// them through markers. A free function template has no twin declared here
// in the units that do not see its definition, so from this header it runs
// as a primitive in every unit; its original, in m.cpp, enters its twin
// (declared before the definition there), so its body's calls are counted.
#pragma once

struct M {
  template <typename T>
  static T twice(T x);
  static double quad(double x) { return twice(twice(x)); }
};

template <typename T>
T thrice(T x);
inline double six(double x) { return thrice(x) * 2; }

// One line of text per rectangle.
#pragma once

#include <string>

#include "shapes.hpp"

inline const char* unit() { return "cm"; }

std::string describe(const geo::Rect& r);

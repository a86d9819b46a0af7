#define SHAPES_IMPLEMENTATION
#include "shapes.h"

float impl_length() { return shapes::length(3, 4); }

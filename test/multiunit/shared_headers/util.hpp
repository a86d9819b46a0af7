#pragma once
#include "geometry.hpp"

inline int clamp_to(int v, int hi) { return v > hi ? hi : v; }
int checksum(int n);

// Shared by both translation units: rewritten once, by whichever claims it.
#pragma once

#define SCALE(x) scale((x), 3)

inline int scale(int v, int k) { return v * k; }
inline int area(int w, int h) { return scale(w, h); }
int perimeter(int w, int h);
int scaled_area(int w, int h);

#include "geometry.h"
int mul(int a, int b) { return a * b; }
int rect(int w, int h) { return area(w, h); }

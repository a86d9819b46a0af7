#include "pinned.h"

int val(Pinned p) { return twice(p.x); }
int twice(int v) { return v * 2; }

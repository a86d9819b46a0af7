#include "util.h"

int quarter(int x) { return checked_half(checked_half(x)); }

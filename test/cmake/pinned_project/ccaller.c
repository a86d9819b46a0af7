/* C: reads the rewritten capi.h. */
#include "capi.h"

int c_caller(void) { return c_area(2, 2); }

// A unit that defines no function: nothing in it includes the context
// header before logger.h does.
#include "logger.h"

extern const int expected_lines = 2;

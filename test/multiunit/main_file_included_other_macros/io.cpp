// A unit of its own, and included by mock_test.cpp under another SYS (fmt's
// src/os.cc and test/posix-mock-test.cc): one rewritten text serves both, so
// each unit's expansion of its macro uses is kept under
// `#if CASSETTE_UNIT == <that unit>`, and mock::real_read is hooked too.
#include "sys.h"
int real_read(int x) { return x * 10; }
int read_twice(int x) { return CALL(real_read(x)) + CALL(real_read(x)); }

#pragma once
#include <cstdio>
#ifdef CHECKS_OFF
#define LIB_NS quiet
#define CHECK(c) ((void)0)
#else
#define LIB_NS loud
#define CHECK(c) ((c) ? (void)0 : report(#c, __LINE__))
#endif

namespace LIB_NS {
void report(const char* what, int line);
bool positive(int x);
int work(int n);
int line_after();
}  // namespace LIB_NS

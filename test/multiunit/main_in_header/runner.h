// A test framework's runner: main is defined in this header, under the
// switch that exactly one unit turns on (as doctest's and Catch's
// IMPLEMENT_WITH_MAIN). The rewrites of this header by both units are
// joined: main's twin and the generated main stay under the #ifdef.
#pragma once
int run_all();
#ifdef IMPLEMENT_WITH_MAIN
int main() { return run_all(); }
#endif

// A single-header test framework's interface (doctest's doctest_fwd.h).
#pragma once
namespace fw {
void record(int v);
int run();
}  // namespace fw

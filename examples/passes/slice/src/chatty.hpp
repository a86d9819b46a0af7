#pragma once

namespace chatty {
int foo(int x);
int bar(int x);
}  // namespace chatty

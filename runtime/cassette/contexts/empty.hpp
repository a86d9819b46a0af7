// The empty context: no hooks. Running a program under it must cost nothing
// (bench/ measures that), so it is how a rewritten program is checked to
// still behave exactly like the original.
#pragma once

#include "../cassette.hpp"

namespace cassette {

struct EmptyContext : Context<EmptyContext> {};

}  // namespace cassette

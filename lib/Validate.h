// Checking what the run is given before anything runs: every mistake the
// user can make in its sources is one message, and nothing has been written.
#pragma once

#include <string>

#include "clang/Tooling/CompilationDatabase.h"

namespace cassette::rewrite {

/// Why source F (absolute) cannot be a unit of the run, as the line to print
/// on stderr; empty when it can.
std::string sourceError(const clang::tooling::CompilationDatabase& DB, const std::string& F);

}  // namespace cassette::rewrite

// The check: every rewritten unit is parsed as the build will parse it, and
// an error is traced back to the twin whose lines it points at, so that the
// run can take that twin away and rewrite again (Options::CheckOutput).
#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "FileRewriter.h"
#include "Rewrite.h"
#include "clang/Tooling/CompilationDatabase.h"

namespace cassette::rewrite {

/// The lines each twin copies, by file.
using Spans = std::map<std::string, std::vector<TwinSpan>>;

/// What the check found: twins to take away, and units whose errors point
/// at no twin.
struct CheckResult {
  std::map<std::string, std::string> Exclude;                 // key -> first error
  std::map<std::string, std::string> Names;                   // key -> function
  std::vector<std::pair<std::string, std::string>> Unplaced;  // unit -> first error, by unit
  // Rewritten files (real paths) an error of a unit with no error in a twin
  // stands in, outside any twin: kept as written next (Options::KeptAsWritten).
  std::map<std::string, std::string> Keep;  // file -> its first error
};

/// Parses Units as the build will (C++20, the runtime on the include path,
/// Outputs in place of the originals), O.Jobs at a time.
CheckResult checkRewritten(const clang::tooling::CompilationDatabase& DB, const Options& O,
                           const std::vector<std::string>& Units, const std::map<std::string, std::string>& Outputs,
                           const Spans& S);

}  // namespace cassette::rewrite

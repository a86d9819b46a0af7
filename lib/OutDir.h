// The out-dir is written as a whole or not at all: a mirror of --root with
// the rewritten files, built in a temporary tree next to it and renamed into
// place, with the report and the depfile renamed into place only with it.
#pragma once

#include <map>
#include <set>
#include <string>

#include "Report.h"
#include "Rewrite.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/FileSystem.h"

namespace cassette::rewrite {

/// Marks a directory as cassette-rewrite's output, so that a later run may
/// replace it; a directory with files but no marker is never replaced. Every
/// run writes it anew: it is what a build system's step produces (--depfile).
inline constexpr const char* OutDirMarker = ".cassette-out";

/// Writes Text to Path, making its directories.
bool writeFile(const std::string& Path, const std::string& Text, std::string& Error);

/// Walks --root as the out-dir mirrors it, not into `.git`, the out-dir or a
/// build directory inside the root: Visit(path, type) for each entry, a
/// directory before what it holds, until Visit returns false. The walk's
/// own error, if any.
std::error_code walkRoot(const Options& O,
                         llvm::function_ref<bool(const std::string&, llvm::sys::fs::file_type)> Visit);

/// Whether the run may replace O.OutDir: it does not exist, is empty (or
/// holds only empty directories), or has the marker.
bool mayReplace(const Options& O, std::string& Error);

/// Writes the report and the depfile (when asked for) and the out-dir:
/// Outputs (rewritten files by absolute path under --root) over a mirror of
/// --root. Nothing is changed unless everything can be; every failure is
/// reported on stderr. Deps: every file the units read (the depfile).
/// OwnStandards: units (by path under --root) that .cassette-project.cmake
/// compiles with their own -std, passed through as not valid C++20.
bool commitOutDir(const Options& O, std::map<std::string, std::string> Outputs, const Report& Rep,
                  const std::set<std::string>& Deps, const std::map<std::string, std::string>& OwnStandards);

}  // namespace cassette::rewrite

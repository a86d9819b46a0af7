// Whole-program mode: what the context header itself reads of the tree.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "Rewrite.h"
#include "clang/Tooling/CompilationDatabase.h"

namespace cassette::rewrite {

/// The files under O.Root that the context header includes, with the
/// command of any of Units (the runtime on the include path, as the check
/// and the build have it): the tree's own fmt when the context formats with
/// fmt and the tree is fmt, or the tree's logger included by a context
/// written for it. Each distinct command is preprocessed once, O.Jobs at a
/// time. Real paths; empty outside whole-program mode.
std::set<std::string> treeFilesTheContextHeaderIncludes(const clang::tooling::CompilationDatabase& DB, const Options& O,
                                                        const std::vector<std::string>& Units);

}  // namespace cassette::rewrite

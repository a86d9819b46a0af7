// A header included by several translation units is rewritten by each of
// them, each seeing its own preprocessor conditions. The run keeps one text
// per file that does not depend on which unit finished first.
#pragma once

#include <map>
#include <optional>
#include <string>

#include "FileRewriter.h"

namespace cassette::rewrite {

/// The rewrites of one file by several units, keyed by the unit's rank (its
/// place among the units sorted by path). When they differ, their edits are
/// joined: each unit edits the code it sees, so a function under an #ifdef
/// that one unit defines is rewritten by that unit. Returns nullopt when two
/// units edit the same code differently (Conflict then names the two ranks);
/// the caller keeps the first unit's rewrite.
std::optional<std::string> joinRewrites(const std::map<size_t, FileOutput>& ByUnit,
                                        std::pair<size_t, size_t>* Conflict = nullptr);

}  // namespace cassette::rewrite

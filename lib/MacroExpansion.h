// Macro uses replaced by their expansion. What a macro's body spells (a call,
// a function, a class) has no place in the file to edit, so it is left as
// written; replacing the use of the macro by the tokens it expands to gives
// it one. A unit in which something was left as written because of a macro
// is rewritten a second time over its main file with those uses expanded.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "Macros.h"
#include "Report.h"
#include "RewriteEnv.h"
#include "clang/Tooling/Syntax/Tokens.h"

namespace cassette::rewrite {

/// The main file's text with each use in Env.MacroUses of a macro defined
/// under --root replaced by its expansion (each use keeps its lines, so that
/// the rest of the file keeps its line numbers). Empty when no use could be
/// expanded; Expanded names the macros that were, with where.
std::string expandMacroUses(TUEnv& Env, const clang::syntax::TokenBuffer& Tokens, const MacroRecord& Macros,
                            std::vector<std::pair<std::string, Location>>& Expanded);

}  // namespace cassette::rewrite

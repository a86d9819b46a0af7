#pragma once

#include <memory>
#include <vector>

#include "EditSet.h"
#include "RewriteEnv.h"

namespace cassette::rewrite {

/// Finds `cassette::overdub(ctx, [..] { ... })` in FD's body (original code)
/// and rewrites the lambda into one that takes the context slot and whose
/// calls are intercepted: Cassette's `@overdub(ctx, expr)`. The collectors
/// whose edits were added go to Alive: they must outlive FileEdits' render.
class SiteCollector;
void rewriteOverdubLambdas(TUEnv& Env, const clang::FunctionDecl* FD, EditSet& FileEdits, clang::FileID File,
                           std::vector<std::unique_ptr<SiteCollector>>& Alive);

}  // namespace cassette::rewrite

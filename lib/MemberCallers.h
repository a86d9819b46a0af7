// A class's member functions named by their class at call sites: the
// rewriter declares, after the `{` of each class of the tree, a pair of
// callers per name of its member functions (CASSETTE_MEMBER_CALLERS,
// runtime rt/named.hpp), and a call `obj.f(args)` passes
// `C::cassette_calls_f{}` and `C::cassette_twincalls_f{}` instead of invoker
// lambdas of its own. Their calls resolve overloads and default arguments as
// the site did, so every site that calls an f of C with the same argument
// types shares one instantiation of the call protocol, under any context.
#pragma once

#include <string>

#include "RewriteEnv.h"
#include "clang/AST/DeclCXX.h"

namespace cassette::rewrite {

/// Whether the definition of RD (or of the pattern it was instantiated from)
/// declares the callers of its member functions named N. Decided from the
/// class and the name alone, so the unit that writes the class and every unit
/// that calls its members agree.
bool hasMemberCallers(TUEnv& Env, const clang::CXXRecordDecl* RD, clang::DeclarationName N);

/// What is written after RD's `{`: `CASSETTE_MEMBER_CALLERS(f)` for each name
/// that hasMemberCallers (`CASSETTE_MEMBER_OPERATOR_CALLERS(operator==,
/// EqualEqual)` for an operator), in the order the class first declares
/// them, after `public:` (the access after the `{` restored behind them).
/// Empty: none.
std::string memberCallers(TUEnv& Env, const clang::CXXRecordDecl* RD);

/// What follows `cassette_calls_` and `cassette_twincalls_` in the names of
/// N's callers: `f`, or `operator_EqualEqual` (as the twin's name ends).
std::string callersSuffix(clang::DeclarationName N);

}  // namespace cassette::rewrite

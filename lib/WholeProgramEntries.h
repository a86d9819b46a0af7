// Whole-program mode (--overdub-main): functions of the tree entered from code
// that is not a twin run their twins under the program's context.
#pragma once

#include "EditSet.h"
#include "RewriteEnv.h"

namespace cassette::rewrite {

/// Whole-program mode registers its context in every rewritten file, once
/// per translation unit, unless the build names its own registration header.
std::string wholeProgramRegistration(const Options& O);

/// What ends a rewritten file in whole-program mode: the registration; when
/// the context header reads the tree (Options::contextReadsTree), only the
/// unit's main file ends with it, with the context header's one include and
/// the definition the deferred forwards look the context up in.
std::string wholeProgramEpilogue(const Options& O, bool MainFile);

/// In whole-program mode, makes the original definition FD, whose twin has
/// just been written, forward to that twin under the program's context when
/// it is entered from outside the twins: a test framework calling a test
/// body, a library calling a virtual override or a callback, a static
/// initialiser, a call left as written. So the whole run is seen even where
/// `main` is not the tree's, and a function-local static has one copy
/// (the twin's) instead of one per copy of the function.
/// Inserts the forwarding statement at the start of FD's body (and, for a
/// free function, a declaration of its twin before FD). Functions it cannot
/// forward keep running their originals there, named by kind in a note.
/// The first forward in a file also includes, at its top, the runtime's
/// whole-program header and, unless the context header reads the tree, the
/// context's (RuntimeIncluded records it).
void forwardEntryToTwin(TUEnv& Env, const clang::FunctionDecl* FD, clang::FileID F, EditSet& Edits,
                        bool& RuntimeIncluded);

/// In whole-program mode, for a member function that a macro declares in
/// its class (gtest's TEST, whose body is written after the macro's use), so
/// that no twin can be declared beside it: its body, rewritten, runs as a
/// generic lambda under the program's context when the function is entered
/// from outside the twins, in place. Returns whether it was written (the
/// function then counts as twinned; other twins still call its original,
/// which enters the lambda).
bool localTwinForEntry(TUEnv& Env, const clang::FunctionDecl* FD, clang::FileID F, EditSet& Edits,
                       bool& RuntimeIncluded);

}  // namespace cassette::rewrite

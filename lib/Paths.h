// Paths as the run compares and names them: absolute and symlink-free, and
// relative to --root in messages.
#pragma once

#include <string>

#include "llvm/ADT/StringRef.h"

namespace cassette::rewrite {

struct Options;

/// Whether Path is Dir or inside it (both absolute; every path is under "/").
bool under(llvm::StringRef Path, llvm::StringRef Dir);

/// The real (absolute, symlink-free) path of an existing file; Path itself
/// when it cannot be resolved.
std::string realPathOr(llvm::StringRef Path);

/// The absolute, symlink-free form of a path that may not exist yet: the
/// deepest existing ancestor resolved, the rest appended as written.
std::string resolve(const std::string& Path);

/// The deepest ancestor of an absolute path (or the path itself) that exists.
std::string existingAncestor(llvm::StringRef Path);

/// A C++ string literal with the contents of S (a path in #line or #include).
std::string quoted(llvm::StringRef S);

/// A file as the report names it: relative to --root when under it.
std::string displayPath(const Options& O, llvm::StringRef Path);

}  // namespace cassette::rewrite

#include "Validate.h"

#include <vector>

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"

namespace fs = llvm::sys::fs;
namespace tooling = clang::tooling;

namespace cassette::rewrite {

namespace {

// Rewritten output starts like this (FileRewriter.cpp); rewriting it again
// would give twins of twins.
bool isRewrittenOutput(const std::string& Path) {
  auto Buffer = llvm::MemoryBuffer::getFile(Path);
  return Buffer && (*Buffer)->getBuffer().starts_with("#include <cassette/cassette.hpp>\n#line 1 ");
}

}  // namespace

std::string sourceError(const tooling::CompilationDatabase& DB, const std::string& F) {
  llvm::SmallString<256> Real;
  if (fs::real_path(F, Real)) return "cassette-rewrite: error: " + F + ": no such file";
  if (!fs::is_regular_file(Real)) return "cassette-rewrite: error: " + F + " is not a regular file";
  if (isRewrittenOutput(std::string(Real)))
    return F + ":1:1: error: this file is already output of cassette-rewrite; rewrite the original";
  std::vector<tooling::CompileCommand> Commands = DB.getCompileCommands(F);
  if (Commands.empty()) return "cassette-rewrite: error: " + F + " is not in the compilation database";
  for (const tooling::CompileCommand& C : Commands)
    if (!fs::is_directory(C.Directory))
      return "cassette-rewrite: error: " + F + ": the directory of its compile command, " + C.Directory +
             ", does not exist";
  return "";
}

}  // namespace cassette::rewrite

// Checking what the command line names before anything runs: every mistake
// the user can make in options and paths is one message, and nothing has
// been written.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "Rewrite.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Support/Error.h"

namespace cassette::rewrite {

/// The command line as given, before it is checked (tool/ parses it).
struct CommandLine {
  std::string BuildPath;             // -p: a build directory or compile_commands.json
  std::vector<std::string> Sources;  // as given; none: every file of the database
  std::vector<std::string> ArgsBefore, ArgsAfter;  // --extra-arg-before, --extra-arg
  std::string Root, OutDir, ReportFile, Depfile;
  std::string OverdubMain, ContextHeader;
  std::string RuntimeDir;           // --runtime-dir, empty when not given
  std::string InstalledRuntimeDir;  // <prefix>/include next to the program
  std::string SourceRuntimeDir;     // the source tree's runtime/
  bool Tagging = false, NoExpandMacros = false, NoBuiltinOperators = false, NoCheck = false;
  std::vector<std::string> Passes;  // --pass: plugins, in order
  std::vector<std::string> KeepAsWritten;  // --keep-as-written: paths or globs, relative to --root
  unsigned Jobs = 1;
};

/// A checked command line: the run's options and the database its units' commands come from.
struct Validated {
  Options Opts;
  std::unique_ptr<clang::tooling::CompilationDatabase> Compilations;
};

/// Checks C and the paths it names, and loads the compilation database (Fixed:
/// the one given by flags after `--`, or null). On failure the error's
/// message is the line to print on stderr.
llvm::Expected<Validated> validate(const CommandLine& C, std::unique_ptr<clang::tooling::CompilationDatabase> Fixed);

/// Why source F (absolute) cannot be a unit of the run, as the line to print
/// on stderr; empty when it can.
std::string sourceError(const clang::tooling::CompilationDatabase& DB, const std::string& F);

}  // namespace cassette::rewrite

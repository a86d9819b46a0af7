// cassette-rewrite: the command line. Options parsed here, checked by lib/'s
// rewrite::validate (Validate.h), the work done by rewrite::run (Rewrite.h).
//
// Every failure the user can cause ends here, in rewrite::validate or in
// rewrite::run with one message on stderr -- `file:line:col: error: ...` where
// there is a location, `cassette-rewrite: error: ...` otherwise -- and exit
// code 1, before anything is written. Inputs (sources, the database, --root)
// are never written.
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "Rewrite.h"
#include "Validate.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

namespace cl = llvm::cl;
namespace tooling = clang::tooling;

static cl::OptionCategory Category("cassette-rewrite options");
static cl::opt<std::string> BuildPath("p",
                                      cl::desc("Build directory holding compile_commands.json (or that file itself)"),
                                      cl::value_desc("build-dir"), cl::cat(Category));
static cl::list<std::string> SourcePaths(cl::Positional, cl::desc("[<source> ...]"), cl::cat(Category));
static cl::list<std::string> ArgsAfter("extra-arg", cl::desc("Additional argument to append to every compile command"),
                                       cl::value_desc("arg"), cl::cat(Category));
static cl::list<std::string> ArgsBefore("extra-arg-before",
                                        cl::desc("Additional argument to prepend to every compile command"),
                                        cl::value_desc("arg"), cl::cat(Category));
static cl::opt<std::string> Root("root", cl::desc("Only files under this directory get twins; all else is a primitive"),
                                 cl::value_desc("dir"), cl::cat(Category));
static cl::opt<std::string> OutDir("out-dir", cl::desc("Write a mirror of --root with rewritten files here"),
                                   cl::value_desc("dir"), cl::cat(Category));
static cl::opt<std::string> ReportFile("report", cl::desc("Write a JSON report of twins and call sites"),
                                       cl::value_desc("file.json"), cl::cat(Category));
static cl::opt<std::string> Depfile(
    "depfile", cl::desc("Write a Make-style depfile: <out-dir>/.cassette-out depends on every file the units read"),
    cl::value_desc("file.d"), cl::cat(Category));
static cl::opt<std::string> OverdubMain("overdub-main",
                                        cl::desc("Whole-program mode: run the program's main under this context type"),
                                        cl::value_desc("Context"), cl::cat(Category));
static cl::opt<std::string> ContextHeader(
    "context-header", cl::desc("The header that declares the --overdub-main context (a path, or as #included)"),
    cl::value_desc("header"), cl::cat(Category));
static cl::opt<bool> Tagging(
    "tagging",
    cl::desc("Let twins carry metadata for tagging contexts: typed locals, loads and stores of memory "
             "through the shadow store (docs/tagging.md)"),
    cl::cat(Category));
static cl::opt<bool> NoExpandMacros(
    "no-expand-macros",
    cl::desc("Leave every macro use as written (calls its expansion spells are skipped and reported) instead of "
             "replacing a use of a macro defined under --root by its expansion where that lets them be rewritten"),
    cl::cat(Category));
static cl::opt<bool> NoBuiltinOperators(
    "no-builtin-operators",
    cl::desc("Leave builtin operators on fundamental types as written (their operands are still rewritten) instead "
             "of intercepting each as cassette::op::*: fewer sites, faster builds of the rewritten tree; not with "
             "--tagging"),
    cl::cat(Category));
static cl::opt<bool> NoCheck(
    "no-check",
    cl::desc("Do not parse the rewritten units before writing them (by default a twin that does not compile is "
             "taken away and reported, and the tree rewritten again)"),
    cl::cat(Category));
static cl::opt<std::string> RuntimeDir(
    "runtime-dir",
    cl::desc("Directory holding cassette/cassette.hpp, for the check of the rewritten units (default: the "
             "installed runtime next to this program)"),
    cl::value_desc("dir"), cl::cat(Category));
static cl::list<std::string> Passes(
    "pass",
    cl::desc("Load the passes of this plugin (a shared library built with cassette_add_pass; repeatable, applied in "
             "the order given): each edits every body that gets a twin, in the twins of contexts that name it "
             "(docs/passes.md)"),
    cl::value_desc("lib.so"), cl::cat(Category));
static cl::list<std::string> KeepAsWritten(
    "keep-as-written",
    cl::desc("Copy the files under --root that this path or glob matches (relative to --root, or absolute; "
             "repeatable) to --out-dir as written: their functions get no twins and run as primitives, as code "
             "outside --root does. The check keeps a file so by itself when its rewrite does not compile outside "
             "any twin"),
    cl::value_desc("glob"), cl::cat(Category));
static cl::opt<unsigned> Jobs("j", cl::desc("Translation units to process in parallel (default 1)"), cl::init(1),
                              cl::value_desc("N"), cl::Prefix, cl::cat(Category));

static const char* Usage =
    "Gives every function under --root a context-templated twin whose calls run through Cassette's hooks.\n"
    "Build --out-dir instead of --root; see docs/cli.md.\n"
    "\n"
    "  cassette-rewrite -p <build-dir> --root <dir> --out-dir <dir> [<source> ...]\n"
    "\n"
    "With no <source>, every file of the compilation database is processed (files outside\n"
    "--root are skipped). Compile flags come from <build-dir>/compile_commands.json, or from\n"
    "the arguments after `--` (cassette-rewrite ... <source> -- <flags>) instead of -p.\n";

static int fail(const std::string& Message) {
  llvm::errs() << "cassette-rewrite: error: " << Message << "\n";
  return 1;
}

// llvm::cl reports errors as "<prog>: <Message>" lines; give them our shape.
static int failOptions(llvm::StringRef ProgName, llvm::StringRef Text) {
  llvm::SmallVector<llvm::StringRef, 4> Lines;
  Text.trim().split(Lines, '\n', -1, false);
  bool First = true;
  for (llvm::StringRef L : Lines) {
    L = L.trim();
    if (!L.consume_front(ProgName.str() + ": ")) L.consume_front("cassette-rewrite: ");
    if (First && !L.empty()) {
      std::string S = L.str();
      S[0] = llvm::toLower(S[0]);
      llvm::errs() << "cassette-rewrite: error: " << S << "\n";
      First = false;
    } else if (!L.empty()) {
      llvm::errs() << "cassette-rewrite: note: " << L << "\n";
    }
  }
  if (First) llvm::errs() << "cassette-rewrite: error: invalid command line\n";
  return 1;
}

// Parses the options, with llvm::cl's errors, some of which it prints
// straight to stderr, caught to be printed in our shape. (--help and
// --version print to stdout and exit.) Returns whether they parsed; Errors
// holds what llvm::cl said.
static bool parseOptions(int Argc, const char** Argv, std::string& Errors) {
  llvm::raw_string_ostream ErrorStream(Errors);
  llvm::errs().flush();
  FILE* Capture = std::tmpfile();
  int SavedStderr = Capture ? ::dup(2) : -1;
  if (SavedStderr >= 0) ::dup2(::fileno(Capture), 2);
  bool Parsed = cl::ParseCommandLineOptions(Argc, Argv, Usage, &ErrorStream);
  llvm::errs().flush();
  ErrorStream.flush();
  if (SavedStderr >= 0) {
    ::dup2(SavedStderr, 2);
    ::close(SavedStderr);
    std::rewind(Capture);
    char Buf[4096];
    size_t N;
    std::string Direct;
    while ((N = std::fread(Buf, 1, sizeof Buf, Capture)) > 0) Direct.append(Buf, N);
    Errors = Direct + Errors;
  }
  if (Capture) std::fclose(Capture);
  return Parsed;
}

// The command line as parsed, for rewrite::validate.
static cassette::rewrite::CommandLine commandLine(const char* Argv0) {
  cassette::rewrite::CommandLine C;
  C.BuildPath = BuildPath;
  C.Sources.assign(SourcePaths.begin(), SourcePaths.end());
  C.ArgsBefore.assign(ArgsBefore.begin(), ArgsBefore.end());
  C.ArgsAfter.assign(ArgsAfter.begin(), ArgsAfter.end());
  C.Root = Root;
  C.OutDir = OutDir;
  C.ReportFile = ReportFile;
  C.Depfile = Depfile;
  C.OverdubMain = OverdubMain;
  C.ContextHeader = ContextHeader;
  C.RuntimeDir = RuntimeDir;
  // The runtime installed next to this program: <prefix>/bin and <prefix>/include.
  std::string Exe = llvm::sys::fs::getMainExecutable(Argv0, reinterpret_cast<void*>(&fail));
  llvm::SmallString<256> Installed(llvm::sys::path::parent_path(llvm::sys::path::parent_path(Exe)));
  llvm::sys::path::append(Installed, "include");
  C.InstalledRuntimeDir = std::string(Installed);
  C.SourceRuntimeDir = CASSETTE_SOURCE_RUNTIME_DIR;
  C.Tagging = Tagging;
  C.NoExpandMacros = NoExpandMacros;
  C.NoBuiltinOperators = NoBuiltinOperators;
  C.NoCheck = NoCheck;
  C.Passes.assign(Passes.begin(), Passes.end());
  C.KeepAsWritten.assign(KeepAsWritten.begin(), KeepAsWritten.end());
  C.Jobs = Jobs;
  return C;
}

int main(int argc, const char** argv) {
  cl::SetVersionPrinter([](llvm::raw_ostream& OS) {
    OS << "cassette-rewrite " << CASSETTE_VERSION << " (LLVM " << LLVM_VERSION_STRING << ")\n";
  });
  cl::HideUnrelatedOptions(Category);

  // `-- <flags>`: a fixed command for every source instead of a database.
  std::string FixedError;
  int Argc = argc;
  std::unique_ptr<tooling::CompilationDatabase> Fixed =
      tooling::FixedCompilationDatabase::loadFromCommandLine(Argc, argv, FixedError);
  if (!FixedError.empty()) return fail(FixedError);

  std::string OptionErrors;
  if (!parseOptions(Argc, argv, OptionErrors) || !OptionErrors.empty()) {
    std::string Text = OptionErrors;
    for (size_t At; (At = Text.find(std::string("'") + argv[0] + " --help'")) != std::string::npos;)
      Text.replace(At, std::strlen(argv[0]) + 9, "'cassette-rewrite --help'");
    return failOptions(llvm::sys::path::filename(argv[0]), Text);
  }

  llvm::Expected<cassette::rewrite::Validated> V = cassette::rewrite::validate(commandLine(argv[0]), std::move(Fixed));
  if (!V) {
    llvm::errs() << llvm::toString(V.takeError()) << "\n";
    return 1;
  }
  return cassette::rewrite::run(*V->Compilations, V->Opts);
}

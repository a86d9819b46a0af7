// cassette-rewrite: the command line. Options, compilation database, paths
// checked before anything runs; the work is lib/'s rewrite::run.
#include <string>

#include "Rewrite.h"
#include "clang/Tooling/CommonOptionsParser.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

namespace cl = llvm::cl;
namespace fs = llvm::sys::fs;

static cl::OptionCategory Category("cassette-rewrite options");
static cl::opt<std::string> Root("root", cl::desc("Only files under this directory get twins; all else is a primitive"),
                                 cl::value_desc("dir"), cl::cat(Category));
static cl::opt<std::string> OutDir("out-dir", cl::desc("Write a mirror of --root with rewritten files here"),
                                   cl::value_desc("dir"), cl::cat(Category));
static cl::opt<std::string> ReportFile("report", cl::desc("Write a JSON report of twins and call sites"),
                                       cl::value_desc("file.json"), cl::cat(Category));
static cl::opt<unsigned> Jobs("j", cl::desc("Translation units to process in parallel"), cl::init(1),
                              cl::value_desc("N"), cl::cat(Category));
static cl::extrahelp CommonHelp(clang::tooling::CommonOptionsParser::HelpMessage);

static int fail(const std::string& Message) {
  llvm::errs() << "cassette-rewrite: error: " << Message << "\n";
  return 1;
}

// The absolute, symlink-free form of a path that may not exist yet.
static std::string resolve(const std::string& P) {
  llvm::SmallString<256> Abs(P);
  fs::make_absolute(Abs);
  llvm::sys::path::remove_dots(Abs, true);
  llvm::SmallString<256> Real;
  if (!fs::real_path(Abs, Real)) return std::string(Real);
  llvm::SmallString<256> Parent = llvm::sys::path::parent_path(Abs);
  if (!Parent.empty() && !fs::real_path(Parent, Real)) {
    llvm::sys::path::append(Real, llvm::sys::path::filename(Abs));
    return std::string(Real);
  }
  return std::string(Abs);
}

static bool under(llvm::StringRef Path, llvm::StringRef Dir) {
  return Path == Dir || (Path.starts_with(Dir) && Path.size() > Dir.size() && Path[Dir.size()] == '/');
}

static const char* Overview =
    "Gives every function under --root a context-templated twin whose calls run through Cassette's hooks.\n"
    "Build --out-dir instead of --root; see docs/cli.md.\n";

int main(int argc, const char** argv) {
  cl::SetVersionPrinter([](llvm::raw_ostream& OS) {
    OS << "cassette-rewrite " << CASSETTE_VERSION << " (LLVM " << LLVM_VERSION_STRING << ")\n";
  });
  auto Parser = clang::tooling::CommonOptionsParser::create(argc, argv, Category, cl::ZeroOrMore, Overview);
  if (!Parser) return fail(llvm::toString(Parser.takeError()));
  // No source given: every file of the database. The parser loads the
  // database only when it has sources, so parse again with all of them.
  std::vector<std::string> AllFiles;
  std::vector<const char*> Args(argv, argv + argc);
  if (Parser->getSourcePathList().empty()) {
    std::string BuildPath;
    for (int I = 1; I < argc; ++I) {
      llvm::StringRef A(argv[I]);
      if (A == "-p" && I + 1 < argc) BuildPath = argv[I + 1];
      else if (A.consume_front("-p=") || A.consume_front("--p=")) BuildPath = A.str();
    }
    if (BuildPath.empty()) return fail("no source files and no -p build directory with compile_commands.json");
    std::string Error;
    auto DB = clang::tooling::CompilationDatabase::autoDetectFromDirectory(BuildPath, Error);
    if (!DB) return fail(Error);
    AllFiles = DB->getAllFiles();
    if (AllFiles.empty()) return fail("the compilation database in " + BuildPath + " lists no files");
    for (const std::string& F : AllFiles) Args.push_back(F.c_str());
    int N = static_cast<int>(Args.size());
    Parser = clang::tooling::CommonOptionsParser::create(N, Args.data(), Category, cl::ZeroOrMore, Overview);
    if (!Parser) return fail(llvm::toString(Parser.takeError()));
  }
  if (Root.empty()) return fail("--root is required");
  if (OutDir.empty()) return fail("--out-dir is required");

  cassette::rewrite::Options O;
  O.Root = resolve(Root);
  O.OutDir = resolve(OutDir);
  O.ReportPath = ReportFile;
  O.Jobs = Jobs;
  if (!fs::is_directory(O.Root)) return fail("--root " + Root + " is not a directory");
  if (under(O.OutDir, O.Root) || under(O.Root, O.OutDir))
    return fail("--out-dir " + O.OutDir + " overlaps --root " + O.Root + "; it must be outside it");
  if (fs::exists(O.OutDir) && !fs::is_directory(O.OutDir))
    return fail("--out-dir " + O.OutDir + " exists and is not a directory");
  // -p names the build directory; keep it out of the mirror.
  for (int I = 1; I + 1 < argc; ++I)
    if (llvm::StringRef(argv[I]) == "-p") O.BuildDir = resolve(argv[I + 1]);
  O.AllFiles = !AllFiles.empty();
  for (const std::string& S : Parser->getSourcePathList()) {
    llvm::SmallString<256> Abs(S);
    fs::make_absolute(Abs);
    llvm::sys::path::remove_dots(Abs, true);
    O.Sources.push_back(std::string(Abs));
  }
  return cassette::rewrite::run(Parser->getCompilations(), O);
}

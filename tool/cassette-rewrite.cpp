// cassette-rewrite: the command line. Options, compilation database, paths
// checked before anything runs; the work is lib/'s rewrite::run.
//
// Every failure the user can cause ends here or in rewrite::run with one
// message on stderr -- `file:line:col: error: ...` where there is a location,
// `cassette-rewrite: error: ...` otherwise -- and exit code 1, before anything
// is written. Inputs (sources, the database, --root) are never written.
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <string>
#include <tuple>
#include <vector>

#include "Rewrite.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/CommonOptionsParser.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/raw_ostream.h"

namespace cl = llvm::cl;
namespace fs = llvm::sys::fs;
namespace tooling = clang::tooling;

static cl::OptionCategory Category("cassette-rewrite options");
static cl::opt<std::string> BuildPath("p", cl::desc("Build directory holding compile_commands.json (or that file itself)"),
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
static cl::opt<std::string> OverdubMain(
    "overdub-main", cl::desc("Whole-program mode: run the program's main under this context type"),
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

// The absolute, symlink-free form of a path that may not exist yet: the
// deepest existing ancestor resolved, the rest appended as written.
static std::string resolve(const std::string& P) {
  llvm::SmallString<256> Abs(P);
  fs::make_absolute(Abs);
  llvm::sys::path::remove_dots(Abs, true);
  std::string Cur(Abs);
  std::vector<std::string> Missing;
  llvm::SmallString<256> Real;
  while (fs::real_path(Cur, Real)) {
    std::string Parent = std::string(llvm::sys::path::parent_path(Cur));
    if (Parent.empty() || Parent == Cur) return std::string(Abs);
    Missing.push_back(std::string(llvm::sys::path::filename(Cur)));
    Cur = Parent;
  }
  for (auto It = Missing.rbegin(); It != Missing.rend(); ++It) llvm::sys::path::append(Real, *It);
  return std::string(Real);
}

// The deepest ancestor of an absolute path (or the path itself) that exists.
static std::string existingAncestor(llvm::StringRef P) {
  std::string Cur = P.str();
  while (!fs::exists(Cur)) {
    std::string Parent = std::string(llvm::sys::path::parent_path(Cur));
    if (Parent.empty() || Parent == Cur) break;
    Cur = Parent;
  }
  return Cur;
}

static bool under(llvm::StringRef Path, llvm::StringRef Dir) {
  if (Dir == "/") return true;
  return Path == Dir || (Path.starts_with(Dir) && Path.size() > Dir.size() && Path[Dir.size()] == '/');
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

// Checks that the database is a JSON array of compile commands, with a
// location for what is wrong, then loads it. Exactly this file: no search of
// parent directories, no guessed commands for files it does not list.
static std::unique_ptr<tooling::CompilationDatabase> loadDatabase(const std::string& JSONPath, std::string& Error) {
  auto Buffer = llvm::MemoryBuffer::getFile(JSONPath, /*IsText=*/true);
  if (!Buffer) {
    Error = "cassette-rewrite: error: cannot read " + JSONPath + ": " + Buffer.getError().message();
    return nullptr;
  }
  llvm::Expected<llvm::json::Value> V = llvm::json::parse((*Buffer)->getBuffer());
  if (!V) {
    // json::ParseError logs "[line:col, byte=N]: message", its column
    // counting the offending character (0 at the start of a line).
    std::string Msg = llvm::toString(V.takeError());
    llvm::StringRef M(Msg);
    unsigned Line = 0, Col = 0;
    if (M.consume_front("[")) {
      auto [LC, Rest] = M.split("]: ");
      auto [L, C] = LC.split(':');
      C = C.split(',').first;
      if (!L.getAsInteger(10, Line) && !C.getAsInteger(10, Col)) {
        Error = JSONPath + ":" + std::to_string(Line) + ":" + std::to_string(std::max(Col, 1u)) +
                ": error: malformed compilation database: " + Rest.str();
        return nullptr;
      }
    }
    Error = "cassette-rewrite: error: " + JSONPath + ": malformed compilation database: " + Msg;
    return nullptr;
  }
  auto Bad = [&](const std::string& What) {
    Error = "cassette-rewrite: error: " + JSONPath + ": malformed compilation database: " + What;
    return nullptr;
  };
  const llvm::json::Array* Entries = V->getAsArray();
  if (!Entries) return Bad("expected a JSON array of compile commands");
  for (size_t I = 0; I < Entries->size(); ++I) {
    std::string Which = "entry " + std::to_string(I + 1);
    const llvm::json::Object* E = (*Entries)[I].getAsObject();
    if (!E) return Bad(Which + " is not an object");
    for (const char* Key : {"directory", "file"})
      if (!E->getString(Key)) return Bad(Which + " has no string \"" + Key + "\"");
    const llvm::json::Array* Arguments = E->getArray("arguments");
    if (Arguments) {
      if (Arguments->empty()) return Bad(Which + " has an empty \"arguments\"");
      for (const llvm::json::Value& A : *Arguments)
        if (!A.getAsString()) return Bad(Which + " has a non-string in \"arguments\"");
    } else if (!E->getString("command")) {
      return Bad(Which + " has neither \"arguments\" (array of strings) nor \"command\" (string)");
    }
  }
  std::string LoadError;
  auto Base =
      tooling::JSONCompilationDatabase::loadFromFile(JSONPath, LoadError, tooling::JSONCommandLineSyntax::AutoDetect);
  if (!Base) {
    Error = "cassette-rewrite: error: " + JSONPath + ": malformed compilation database: " + LoadError;
    return nullptr;
  }
  return tooling::inferTargetAndDriverMode(
      tooling::expandResponseFiles(std::move(Base), llvm::vfs::getRealFileSystem()));
}

int main(int argc, const char** argv) {
  cl::SetVersionPrinter([](llvm::raw_ostream& OS) {
    OS << "cassette-rewrite " << CASSETTE_VERSION << " (LLVM " << LLVM_VERSION_STRING << ")\n";
  });
  cl::HideUnrelatedOptions(Category);

  // `-- <flags>`: a fixed command for every source instead of a database.
  std::string FixedError;
  int Argc = argc;
  std::unique_ptr<tooling::CompilationDatabase> DB =
      tooling::FixedCompilationDatabase::loadFromCommandLine(Argc, argv, FixedError);
  if (!FixedError.empty()) return fail(FixedError);

  // llvm::cl prints some of its errors straight to stderr; catch them all to
  // print them in our shape. (--help and --version print to stdout and exit.)
  std::string OptionErrors;
  bool Parsed;
  {
    llvm::raw_string_ostream OptionErrorStream(OptionErrors);
    llvm::errs().flush();
    FILE* Capture = std::tmpfile();
    int SavedStderr = Capture ? ::dup(2) : -1;
    if (SavedStderr >= 0) ::dup2(::fileno(Capture), 2);
    Parsed = cl::ParseCommandLineOptions(Argc, argv, Usage, &OptionErrorStream);
    llvm::errs().flush();
    if (SavedStderr >= 0) {
      ::dup2(SavedStderr, 2);
      ::close(SavedStderr);
      std::rewind(Capture);
      char Buf[4096];
      size_t N;
      std::string Direct;
      while ((N = std::fread(Buf, 1, sizeof Buf, Capture)) > 0) Direct.append(Buf, N);
      OptionErrors = Direct + OptionErrors;
    }
    if (Capture) std::fclose(Capture);
  }
  if (!Parsed || !OptionErrors.empty()) {
    std::string Text = OptionErrors;
    for (size_t At; (At = Text.find(std::string("'") + argv[0] + " --help'")) != std::string::npos;)
      Text.replace(At, std::strlen(argv[0]) + 9, "'cassette-rewrite --help'");
    return failOptions(llvm::sys::path::filename(argv[0]), Text);
  }

  if (Root.empty()) return fail("--root <dir> is required");
  if (OutDir.empty()) return fail("--out-dir <dir> is required");
  if (Jobs == 0) return fail("-j must be at least 1");

  std::string JSONPath;
  if (DB) {
    if (!BuildPath.empty()) return fail("give either -p <build-dir> or compile flags after --, not both");
    if (SourcePaths.empty()) return fail("flags after -- need the source files to apply them to");
  } else {
    if (BuildPath.empty())
      return fail("no compilation database: pass -p <build-dir> (a directory with compile_commands.json)");
    if (!fs::exists(BuildPath)) return fail("-p " + BuildPath + ": no such directory");
    llvm::SmallString<256> J(BuildPath);
    if (fs::is_directory(J)) llvm::sys::path::append(J, "compile_commands.json");
    fs::make_absolute(J);
    llvm::sys::path::remove_dots(J, true);
    JSONPath = std::string(J);
    if (!fs::exists(JSONPath))
      return fail("no compilation database: " + JSONPath +
                  " does not exist (CMake writes it with -DCMAKE_EXPORT_COMPILE_COMMANDS=ON)");
    if (fs::is_directory(JSONPath)) return fail(JSONPath + " is a directory, not a compilation database");
    std::string Error;
    DB = loadDatabase(JSONPath, Error);
    if (!DB) {
      llvm::errs() << Error << "\n";
      return 1;
    }
  }
  auto Compilations = std::make_unique<tooling::ArgumentsAdjustingCompilations>(std::move(DB));
  Compilations->appendArgumentsAdjuster(tooling::combineAdjusters(
      tooling::getInsertArgumentAdjuster(ArgsBefore, tooling::ArgumentInsertPosition::BEGIN),
      tooling::getInsertArgumentAdjuster(ArgsAfter, tooling::ArgumentInsertPosition::END)));

  cassette::rewrite::Options O;
  if (OverdubMain.empty() != ContextHeader.empty())
    return fail("--overdub-main and --context-header go together: the context type and the header declaring it");
  O.OverdubMain = OverdubMain;
  O.Tagging = Tagging;
  O.ExpandMacros = !NoExpandMacros;
  if (Tagging && NoBuiltinOperators)
    return fail("--tagging and --no-builtin-operators exclude each other: tagging carries metadata through the "
                "builtin operators (cassette::op::*), which --no-builtin-operators leaves as written");
  O.BuiltinOperators = !NoBuiltinOperators;
  O.CheckOutput = !NoCheck;
  {
    // The runtime the rewritten tree is built against: given, installed next
    // to this program (<prefix>/bin and <prefix>/include), or the source tree's.
    std::string Exe = llvm::sys::fs::getMainExecutable(argv[0], reinterpret_cast<void*>(&fail));
    llvm::SmallString<256> Installed(llvm::sys::path::parent_path(llvm::sys::path::parent_path(Exe)));
    llvm::sys::path::append(Installed, "include");
    std::string Dir = !RuntimeDir.empty() ? std::string(RuntimeDir)
                      : llvm::sys::fs::exists(Installed + "/cassette/cassette.hpp") ? std::string(Installed)
                                                                                    : CASSETTE_SOURCE_RUNTIME_DIR;
    bool Found = llvm::sys::fs::exists(Dir + "/cassette/cassette.hpp");
    if (!Found && (O.CheckOutput || !RuntimeDir.empty()))
      return fail("--runtime-dir " + Dir + " holds no cassette/cassette.hpp; name the runtime's directory" +
                  std::string(O.CheckOutput ? ", or pass --no-check" : ""));
    if (Found) O.RuntimeDir = resolve(Dir);
  }
  if (!ContextHeader.empty()) {
    // A file that exists is included by its absolute path; anything else is
    // spelled as given and found on the rewritten build's include path.
    O.ContextHeader = fs::exists(ContextHeader) ? resolve(ContextHeader) : std::string(ContextHeader);
    if (O.ContextHeader.find_first_of("\"\n") != std::string::npos)
      return fail("--context-header " + ContextHeader + ": not a header name");
  }
  O.Root = resolve(Root);
  O.OutDir = resolve(OutDir);
  O.Jobs = Jobs;
  if (!fs::exists(O.Root)) return fail("--root " + Root + ": no such directory");
  if (!fs::is_directory(O.Root)) return fail("--root " + Root + " is not a directory");
  if (O.OutDir == O.Root) return fail("--out-dir " + OutDir + " is --root itself; it must be outside --root");
  if (under(O.OutDir, O.Root)) return fail("--out-dir " + O.OutDir + " is inside --root " + O.Root + "; it must be outside it");
  if (under(O.Root, O.OutDir))
    return fail("--root " + O.Root + " is inside --out-dir " + O.OutDir + "; --out-dir must be outside --root");
  if (fs::exists(O.OutDir) && !fs::is_directory(O.OutDir))
    return fail("--out-dir " + O.OutDir + " exists and is not a directory");
  {
    // The out-dir is created next to itself and renamed into place: its
    // nearest existing ancestor must be a writable directory.
    std::string Anc = existingAncestor(fs::exists(O.OutDir) ? std::string(llvm::sys::path::parent_path(O.OutDir))
                                                            : O.OutDir);
    if (!fs::is_directory(Anc))
      return fail("--out-dir " + O.OutDir + " cannot be created: " + Anc + " is not a directory");
    if (fs::access(Anc, fs::AccessMode::Write))
      return fail("--out-dir " + O.OutDir + " cannot be created: " + Anc + " is not writable");
  }
  if (!JSONPath.empty()) {
    std::string RealJSON = resolve(JSONPath);
    if (under(RealJSON, O.OutDir))
      return fail("the compilation database " + JSONPath + " is inside --out-dir " + O.OutDir +
                  ", which is replaced by the run; use another --out-dir");
    O.BuildDir = std::string(llvm::sys::path::parent_path(RealJSON));
    O.Database = JSONPath;
  }
  // The report and the depfile: files of their own, outside the inputs and the out-dir.
  for (auto [Option, Given, Into] : {std::tuple{"--report", &ReportFile, &O.ReportPath},
                                     std::tuple{"--depfile", &Depfile, &O.DepfilePath}}) {
    const std::string& File = *Given;
    if (File.empty()) continue;
    *Into = resolve(File);
    std::string Name = std::string(Option) + " " + File;
    if (under(*Into, O.Root)) return fail(Name + " is inside --root; inputs are never written");
    if (under(*Into, O.OutDir)) return fail(Name + " is inside --out-dir, which is replaced by the run");
    if (fs::is_directory(*Into)) return fail(Name + " is a directory");
    std::string Parent = std::string(llvm::sys::path::parent_path(*Into));
    if (!fs::is_directory(Parent)) return fail(Name + ": directory " + Parent + " does not exist");
    if (fs::access(Parent, fs::AccessMode::Write)) return fail(Name + ": directory " + Parent + " is not writable");
  }
  if (!O.ReportPath.empty() && O.ReportPath == O.DepfilePath) return fail("--report and --depfile name the same file");

  std::vector<std::string> Sources(SourcePaths.begin(), SourcePaths.end());
  O.AllFiles = Sources.empty();
  if (O.AllFiles) {
    Sources = Compilations->getAllFiles();
    if (Sources.empty()) return fail("the compilation database " + JSONPath + " lists no files");
  }
  for (const std::string& S : Sources) {
    llvm::SmallString<256> Abs(S);
    fs::make_absolute(Abs);
    llvm::sys::path::remove_dots(Abs, true);
    O.Sources.push_back(std::string(Abs));
  }
  return cassette::rewrite::run(*Compilations, O);
}

#include "Validate.h"

#include <algorithm>
#include <tuple>

#include "OutDir.h"
#include "Passes.h"
#include "Paths.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/CommonOptionsParser.h"  // ArgumentsAdjustingCompilations
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/GlobPattern.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"

namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;
namespace tooling = clang::tooling;

namespace cassette::rewrite {

namespace {

// An error whose message is the whole line to print.
llvm::Error line(const std::string& Line) { return llvm::createStringError(llvm::inconvertibleErrorCode(), Line); }
llvm::Error fail(const std::string& Message) { return line("cassette-rewrite: error: " + Message); }

// A JSON parse error with its location: json::ParseError logs
// "[line:col, byte=N]: message", its column counting the offending
// character (0 at the start of a line).
llvm::Error malformedJSON(const std::string& JSONPath, const std::string& Msg) {
  llvm::StringRef M(Msg);
  unsigned Line = 0, Col = 0;
  if (M.consume_front("[")) {
    auto [LC, Rest] = M.split("]: ");
    auto [L, C] = LC.split(':');
    C = C.split(',').first;
    if (!L.getAsInteger(10, Line) && !C.getAsInteger(10, Col))
      return line(JSONPath + ":" + std::to_string(Line) + ":" + std::to_string(std::max(Col, 1u)) +
                  ": error: malformed compilation database: " + Rest.str());
  }
  return fail(JSONPath + ": malformed compilation database: " + Msg);
}

// What is wrong with the shape of a database that is valid JSON, if anything.
std::string badShape(const llvm::json::Value& V) {
  const llvm::json::Array* Entries = V.getAsArray();
  if (!Entries) return "expected a JSON array of compile commands";
  for (size_t I = 0; I < Entries->size(); ++I) {
    std::string Which = "entry " + std::to_string(I + 1);
    const llvm::json::Object* E = (*Entries)[I].getAsObject();
    if (!E) return Which + " is not an object";
    for (const char* Key : {"directory", "file"})
      if (!E->getString(Key)) return Which + " has no string \"" + Key + "\"";
    const llvm::json::Array* Arguments = E->getArray("arguments");
    if (Arguments) {
      if (Arguments->empty()) return Which + " has an empty \"arguments\"";
      for (const llvm::json::Value& A : *Arguments)
        if (!A.getAsString()) return Which + " has a non-string in \"arguments\"";
    } else if (!E->getString("command")) {
      return Which + " has neither \"arguments\" (array of strings) nor \"command\" (string)";
    }
  }
  return "";
}

// Checks that the database is a JSON array of compile commands, with a
// location for what is wrong, then loads it. Exactly this file: no search of
// parent directories, no guessed commands for files it does not list.
llvm::Expected<std::unique_ptr<tooling::CompilationDatabase>> loadDatabase(const std::string& JSONPath) {
  auto Buffer = llvm::MemoryBuffer::getFile(JSONPath, /*IsText=*/true);
  if (!Buffer) return fail("cannot read " + JSONPath + ": " + Buffer.getError().message());
  llvm::Expected<llvm::json::Value> V = llvm::json::parse((*Buffer)->getBuffer());
  if (!V) return malformedJSON(JSONPath, llvm::toString(V.takeError()));
  if (std::string Bad = badShape(*V); !Bad.empty()) return fail(JSONPath + ": malformed compilation database: " + Bad);
  std::string LoadError;
  auto Base =
      tooling::JSONCompilationDatabase::loadFromFile(JSONPath, LoadError, tooling::JSONCommandLineSyntax::AutoDetect);
  if (!Base) return fail(JSONPath + ": malformed compilation database: " + LoadError);
  return tooling::inferTargetAndDriverMode(
      tooling::expandResponseFiles(std::move(Base), llvm::vfs::getRealFileSystem()));
}

// The database: flags after `--` (Fixed) or -p's compile_commands.json
// (JSONPath, absolute, is set then).
llvm::Expected<std::unique_ptr<tooling::CompilationDatabase>> openDatabase(
    const CommandLine& C, std::unique_ptr<tooling::CompilationDatabase> Fixed, std::string& JSONPath) {
  if (Fixed) {
    if (!C.BuildPath.empty()) return fail("give either -p <build-dir> or compile flags after --, not both");
    if (C.Sources.empty()) return fail("flags after -- need the source files to apply them to");
    return std::move(Fixed);
  }
  if (C.BuildPath.empty())
    return fail("no compilation database: pass -p <build-dir> (a directory with compile_commands.json)");
  if (!fs::exists(C.BuildPath)) return fail("-p " + C.BuildPath + ": no such directory");
  llvm::SmallString<256> J(C.BuildPath);
  if (fs::is_directory(J)) path::append(J, "compile_commands.json");
  fs::make_absolute(J);
  path::remove_dots(J, true);
  JSONPath = std::string(J);
  if (!fs::exists(JSONPath))
    return fail("no compilation database: " + JSONPath +
                " does not exist (CMake writes it with -DCMAKE_EXPORT_COMPILE_COMMANDS=ON)");
  if (fs::is_directory(JSONPath)) return fail(JSONPath + " is a directory, not a compilation database");
  return loadDatabase(JSONPath);
}

// The options that choose what the rewrite does, and the runtime it is checked against.
llvm::Error checkModes(const CommandLine& C, Options& O) {
  if (C.OverdubMain.empty() != C.ContextHeader.empty())
    return fail("--overdub-main and --context-header go together: the context type and the header declaring it");
  O.OverdubMain = C.OverdubMain;
  O.Tagging = C.Tagging;
  O.ExpandMacros = !C.NoExpandMacros;
  if (C.Tagging && C.NoBuiltinOperators)
    return fail(
        "--tagging and --no-builtin-operators exclude each other: tagging carries metadata through the "
        "builtin operators (cassette::op::*), which --no-builtin-operators leaves as written");
  O.BuiltinOperators = !C.NoBuiltinOperators;
  O.CheckOutput = !C.NoCheck;
  // The runtime the rewritten tree is built against: given, installed next
  // to this program (<prefix>/bin and <prefix>/include), or the source tree's.
  std::string Dir = !C.RuntimeDir.empty()                                          ? C.RuntimeDir
                    : fs::exists(C.InstalledRuntimeDir + "/cassette/cassette.hpp") ? C.InstalledRuntimeDir
                                                                                   : C.SourceRuntimeDir;
  bool Found = fs::exists(Dir + "/cassette/cassette.hpp");
  if (!Found && (O.CheckOutput || !C.RuntimeDir.empty()))
    return fail("--runtime-dir " + Dir + " holds no cassette/cassette.hpp; name the runtime's directory" +
                std::string(O.CheckOutput ? ", or pass --no-check" : ""));
  if (Found) O.RuntimeDir = resolve(Dir);
  if (!C.Passes.empty()) {
    if (C.Tagging)
      return fail("--pass and --tagging exclude each other for now: a pass's edits are not typed for metadata");
    // The stubs of twins that passes edit are parsed with the runtime.
    if (!Found) return fail("--pass needs the runtime (cassette/cassette.hpp): --runtime-dir " + Dir + " holds none");
    llvm::Expected<std::shared_ptr<const PassSet>> Passes = loadPasses(C.Passes);
    if (!Passes) return Passes.takeError();
    O.PassPlugins = C.Passes;
    O.Passes = std::move(*Passes);
  }
  if (!C.ContextHeader.empty()) {
    // A file that exists is included by its absolute path; anything else is
    // spelled as given and found on the rewritten build's include path.
    O.ContextHeader = fs::exists(C.ContextHeader) ? resolve(C.ContextHeader) : C.ContextHeader;
    if (O.ContextHeader.find_first_of("\"\n") != std::string::npos)
      return fail("--context-header " + C.ContextHeader + ": not a header name");
  }
  return llvm::Error::success();
}

// --root is read, --out-dir replaced: they must not overlap, and the
// out-dir must be creatable.
llvm::Error checkRootAndOutDir(const CommandLine& C, Options& O) {
  O.Root = resolve(C.Root);
  O.OutDir = resolve(C.OutDir);
  if (!fs::exists(O.Root)) return fail("--root " + C.Root + ": no such directory");
  if (!fs::is_directory(O.Root)) return fail("--root " + C.Root + " is not a directory");
  if (O.OutDir == O.Root) return fail("--out-dir " + C.OutDir + " is --root itself; it must be outside --root");
  if (under(O.OutDir, O.Root))
    return fail("--out-dir " + O.OutDir + " is inside --root " + O.Root + "; it must be outside it");
  if (under(O.Root, O.OutDir))
    return fail("--root " + O.Root + " is inside --out-dir " + O.OutDir + "; --out-dir must be outside --root");
  if (fs::exists(O.OutDir) && !fs::is_directory(O.OutDir))
    return fail("--out-dir " + O.OutDir + " exists and is not a directory");
  // The out-dir is created next to itself and renamed into place: its
  // nearest existing ancestor must be a writable directory.
  std::string Anc = existingAncestor(fs::exists(O.OutDir) ? std::string(path::parent_path(O.OutDir)) : O.OutDir);
  if (!fs::is_directory(Anc))
    return fail("--out-dir " + O.OutDir + " cannot be created: " + Anc + " is not a directory");
  if (fs::access(Anc, fs::AccessMode::Write))
    return fail("--out-dir " + O.OutDir + " cannot be created: " + Anc + " is not writable");
  return llvm::Error::success();
}

// --keep-as-written: each path or glob (relative to --root; `*` matches `/`
// too) names at least one regular file of the root as the out-dir mirrors it.
llvm::Error collectKeptFiles(const CommandLine& C, Options& O) {
  if (C.KeepAsWritten.empty()) return llvm::Error::success();
  std::vector<std::pair<std::string, std::string>> Files;  // relative path, real path
  std::error_code EC = walkRoot(O, [&](const std::string& P, fs::file_type Type) {
    if (Type == fs::file_type::regular_file) Files.emplace_back(P.substr(O.Root.size() + 1), realPathOr(P));
    return true;
  });
  if (EC) return fail("--root " + O.Root + ": " + EC.message());
  for (const std::string& Given : C.KeepAsWritten) {
    std::string Pattern = Given;
    if (path::is_absolute(Pattern)) {
      std::string Abs = fs::exists(Pattern) ? resolve(Pattern) : Pattern;
      if (!under(Abs, O.Root)) return fail("--keep-as-written " + Given + " is not under --root " + O.Root);
      Pattern = Abs.substr(O.Root.size() + 1);
    }
    llvm::Expected<llvm::GlobPattern> Glob = llvm::GlobPattern::create(Pattern);
    if (!Glob) return fail("--keep-as-written " + Given + ": " + llvm::toString(Glob.takeError()));
    bool Matched = false;
    for (const auto& [Rel, Real] : Files)
      if (Glob->match(Rel)) {
        O.KeptAsWritten.emplace(Real, "--keep-as-written " + Given);
        Matched = true;
      }
    if (!Matched) return fail("--keep-as-written " + Given + ": no file under --root " + O.Root + " matches it");
  }
  return llvm::Error::success();
}

// The database (not in the out-dir), the report and the depfile: files of
// their own, outside the inputs and the out-dir.
llvm::Error checkOtherFiles(const CommandLine& C, const std::string& JSONPath, Options& O) {
  if (!JSONPath.empty()) {
    std::string RealJSON = resolve(JSONPath);
    if (under(RealJSON, O.OutDir))
      return fail("the compilation database " + JSONPath + " is inside --out-dir " + O.OutDir +
                  ", which is replaced by the run; use another --out-dir");
    O.BuildDir = std::string(path::parent_path(RealJSON));
    O.Database = JSONPath;
  }
  for (auto [Option, Given, Into] :
       {std::tuple{"--report", &C.ReportFile, &O.ReportPath}, std::tuple{"--depfile", &C.Depfile, &O.DepfilePath}}) {
    const std::string& File = *Given;
    if (File.empty()) continue;
    *Into = resolve(File);
    std::string Name = std::string(Option) + " " + File;
    if (under(*Into, O.Root)) return fail(Name + " is inside --root; inputs are never written");
    if (under(*Into, O.OutDir)) return fail(Name + " is inside --out-dir, which is replaced by the run");
    if (fs::is_directory(*Into)) return fail(Name + " is a directory");
    std::string Parent = std::string(path::parent_path(*Into));
    if (!fs::is_directory(Parent)) return fail(Name + ": directory " + Parent + " does not exist");
    if (fs::access(Parent, fs::AccessMode::Write)) return fail(Name + ": directory " + Parent + " is not writable");
  }
  if (!O.ReportPath.empty() && O.ReportPath == O.DepfilePath) return fail("--report and --depfile name the same file");
  return llvm::Error::success();
}

// The sources, absolute: those given, or every file of the database.
llvm::Error collectSources(const CommandLine& C, const tooling::CompilationDatabase& DB, const std::string& JSONPath,
                           Options& O) {
  std::vector<std::string> Sources = C.Sources;
  O.AllFiles = Sources.empty();
  if (O.AllFiles) {
    Sources = DB.getAllFiles();
    if (Sources.empty()) return fail("the compilation database " + JSONPath + " lists no files");
  }
  for (const std::string& S : Sources) {
    llvm::SmallString<256> Abs(S);
    fs::make_absolute(Abs);
    path::remove_dots(Abs, true);
    O.Sources.push_back(std::string(Abs));
  }
  return llvm::Error::success();
}

// Rewritten output starts like this (FileRewriter.cpp); rewriting it again
// would give twins of twins.
bool isRewrittenOutput(const std::string& Path) {
  auto Buffer = llvm::MemoryBuffer::getFile(Path);
  return Buffer && (*Buffer)->getBuffer().starts_with("#include <cassette/rt/unit.hpp>\n");
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

llvm::Expected<Validated> validate(const CommandLine& C, std::unique_ptr<tooling::CompilationDatabase> Fixed) {
  if (C.Root.empty()) return fail("--root <dir> is required");
  if (C.OutDir.empty()) return fail("--out-dir <dir> is required");
  if (C.Jobs == 0) return fail("-j must be at least 1");
  std::string JSONPath;
  auto DB = openDatabase(C, std::move(Fixed), JSONPath);
  if (!DB) return DB.takeError();
  auto Compilations = std::make_unique<tooling::ArgumentsAdjustingCompilations>(std::move(*DB));
  Compilations->appendArgumentsAdjuster(tooling::combineAdjusters(
      tooling::getInsertArgumentAdjuster(C.ArgsBefore, tooling::ArgumentInsertPosition::BEGIN),
      tooling::getInsertArgumentAdjuster(C.ArgsAfter, tooling::ArgumentInsertPosition::END)));
  Validated V;
  Options& O = V.Opts;
  if (llvm::Error E = checkModes(C, O)) return std::move(E);
  O.Jobs = C.Jobs;
  if (llvm::Error E = checkRootAndOutDir(C, O)) return std::move(E);
  if (llvm::Error E = checkOtherFiles(C, JSONPath, O)) return std::move(E);
  if (llvm::Error E = collectKeptFiles(C, O)) return std::move(E);  // after the build directory is known
  if (llvm::Error E = collectSources(C, *Compilations, JSONPath, O)) return std::move(E);
  V.Compilations = std::move(Compilations);
  return std::move(V);
}

}  // namespace cassette::rewrite

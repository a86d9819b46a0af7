#include "Parse.h"

#include <mutex>
#include <optional>
#include <set>

// glibc's allocator is the one malloc_trim trims. Under a sanitizer another
// allocator serves malloc, and glibc's is never set up: malloc_trim would
// set it up from a worker thread, racing the other (the sanitizer job
// failed on "malloc assertion failure in __malloc_arena_thread_freeres").
#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || __has_feature(memory_sanitizer)
#define CASSETTE_OTHER_MALLOC 1
#endif
#endif
#if defined(__GLIBC__) && !defined(CASSETTE_OTHER_MALLOC) && !defined(__SANITIZE_ADDRESS__)
#define CASSETTE_TRIM_MALLOC 1
#include <malloc.h>
#endif

#include "JoinRewrites.h"
#include "Paths.h"
#include "clang/Basic/DiagnosticIDs.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Basic/LangStandard.h"
#include "clang/Driver/Driver.h"
#include "clang/Driver/Types.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Frontend/Utils.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/Triple.h"

namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

namespace cassette::rewrite {

namespace {

// Clang tools chdir the whole process into each command's directory (and
// back), which races when units run in parallel. Each tool gets a file system
// with a working directory of its own instead, and it names every file it
// opens by absolute path, so that nothing clang reports (file entries,
// diagnostics) depends on the process's working directory.
//
// It can also show one file with other contents (a main file with its macro
// uses expanded), under the file's own absolute name, so that the unit reads
// it exactly as it would the file.
class AbsoluteNamesFS : public llvm::vfs::ProxyFileSystem {
 public:
  AbsoluteNamesFS() : ProxyFileSystem(llvm::vfs::createPhysicalFileSystem()) {}
  /// Files (by real absolute path) shown with other contents.
  explicit AbsoluteNamesFS(const std::map<std::string, std::string>* Overlays) : AbsoluteNamesFS() {
    this->Overlays = Overlays;
  }

  llvm::ErrorOr<llvm::vfs::Status> status(const llvm::Twine& Path) override {
    llvm::ErrorOr<llvm::vfs::Status> S = ProxyFileSystem::status(Path);
    if (!S) return S;
    std::string Abs = absolute(Path);
    if (const std::string* Text = overlaid(Abs))
      return named(llvm::vfs::Status::copyWithNewSize(*S, Text->size()), Abs);
    return named(*S, Abs);
  }

  llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>> openFileForRead(const llvm::Twine& Path) override {
    llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>> F = ProxyFileSystem::openFileForRead(Path);
    if (!F) return F;
    std::string Abs = absolute(Path);
    return std::unique_ptr<llvm::vfs::File>(new NamedFile(std::move(*F), Abs, overlaid(Abs)));
  }

 private:
  const std::map<std::string, std::string>* Overlays = nullptr;

  const std::string* overlaid(const std::string& Abs) const {
    if (!Overlays || Overlays->empty()) return nullptr;
    auto It = Overlays->find(Abs);
    if (It != Overlays->end()) return &It->second;
    llvm::SmallString<256> Real;
    if (fs::real_path(Abs, Real)) return nullptr;
    It = Overlays->find(std::string(Real));
    return It == Overlays->end() ? nullptr : &It->second;
  }

  class NamedFile : public llvm::vfs::File {
   public:
    NamedFile(std::unique_ptr<llvm::vfs::File> Inner, std::string Name, const std::string* Text)
        : Inner(std::move(Inner)), Name(std::move(Name)), Text(Text) {}
    ~NamedFile() override { Inner->close(); }
    llvm::ErrorOr<llvm::vfs::Status> status() override {
      llvm::ErrorOr<llvm::vfs::Status> S = Inner->status();
      if (!S) return S;
      if (Text) return named(llvm::vfs::Status::copyWithNewSize(*S, Text->size()), Name);
      return named(*S, Name);
    }
    llvm::ErrorOr<std::string> getName() override { return Name; }
    llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> getBuffer(const llvm::Twine& N, int64_t FileSize,
                                                                 bool RequiresNullTerminator,
                                                                 bool IsVolatile) override {
      if (Text) return llvm::MemoryBuffer::getMemBufferCopy(*Text, N);
      return Inner->getBuffer(N, FileSize, RequiresNullTerminator, IsVolatile);
    }
    std::error_code close() override { return Inner->close(); }

   private:
    std::unique_ptr<llvm::vfs::File> Inner;
    std::string Name;
    const std::string* Text;
  };

  std::string absolute(const llvm::Twine& Path) const {
    llvm::SmallString<256> P;
    Path.toVector(P);
    makeAbsolute(P);
    path::remove_dots(P, /*remove_dot_dot=*/false);  // `..` after a symlink is not the parent
    return std::string(P);
  }
  static llvm::vfs::Status named(const llvm::vfs::Status& S, const std::string& Name) {
    if (S.getName() == Name && S.ExposesExternalVFSPath) return S;
    llvm::vfs::Status N = llvm::vfs::Status::copyWithNewName(S, Name);
    N.ExposesExternalVFSPath = true;  // FileManager then names the entry by it
    return N;
  }
};

// Every file a unit reads, system headers included: what a depfile lists.
// A file that several targets compile with one command (a test helper
// linked into every test: leveldb's util/testutil.cc, 30 times) is parsed
// once: commands that differ only in what they write (-o, a depfile) are one.
class DistinctCommands : public clang::tooling::CompilationDatabase {
 public:
  explicit DistinctCommands(const clang::tooling::CompilationDatabase& DB) : DB(DB) {}
  std::vector<clang::tooling::CompileCommand> getCompileCommands(llvm::StringRef F) const override {
    std::vector<clang::tooling::CompileCommand> Out;
    std::set<std::pair<std::string, std::vector<std::string>>> Seen;
    for (clang::tooling::CompileCommand& C : DB.getCompileCommands(F))
      if (Seen.emplace(C.Directory, commandWithoutOutputs(C.CommandLine)).second) Out.push_back(std::move(C));
    return Out;
  }
  std::vector<std::string> getAllFiles() const override { return DB.getAllFiles(); }
  std::vector<clang::tooling::CompileCommand> getAllCompileCommands() const override {
    return DB.getAllCompileCommands();
  }

 private:
  const clang::tooling::CompilationDatabase& DB;
};

class ReadFiles : public clang::DependencyCollector {
  bool needSystemDependencies() override { return true; }
};

// Runs the rewriter's actions with the compiler's own chatter ("1 error
// generated.") going to the unit's buffer, not straight to stderr, and
// collects the files the unit read into Deps.
class BufferedFactory : public clang::tooling::FrontendActionFactory {
 public:
  BufferedFactory(clang::tooling::FrontendActionFactory& Inner, llvm::raw_ostream& OS, std::vector<std::string>& Deps)
      : Inner(Inner), OS(OS), Deps(Deps) {}
  std::unique_ptr<clang::FrontendAction> create() override { return Inner.create(); }
  bool runInvocation(std::shared_ptr<clang::CompilerInvocation> Invocation, clang::FileManager* Files,
                     std::shared_ptr<clang::PCHContainerOperations> PCH,
                     clang::DiagnosticConsumer* DiagConsumer) override {
    clang::CompilerInstance Compiler(std::move(PCH));
    Compiler.setInvocation(std::move(Invocation));
    Compiler.setFileManager(Files);
    Compiler.setVerboseOutputStream(OS);
    std::unique_ptr<clang::FrontendAction> Action = create();
    Compiler.createDiagnostics(DiagConsumer, /*ShouldOwnClient=*/false);
    if (!Compiler.hasDiagnostics()) return false;
    Compiler.createSourceManager(*Files);
    auto Read = std::make_shared<ReadFiles>();
    Compiler.addDependencyCollector(Read);
    bool Success = Compiler.ExecuteAction(*Action);
    Files->clearStatCache();
    for (const std::string& F : Read->getDependencies()) Deps.push_back(F);
    return Success;
  }

 private:
  clang::tooling::FrontendActionFactory& Inner;
  llvm::raw_ostream& OS;
  std::vector<std::string>& Deps;
};

// Prints a unit's diagnostics as clang does, and keeps each error as clang's
// first line gives it (`file:line:col: error: message [-Wflag]`), with the
// report's paths, for the notes.
class ErrorRecorder : public clang::TextDiagnosticPrinter {
 public:
  ErrorRecorder(llvm::raw_ostream& OS, clang::DiagnosticOptions* DiagOpts, const Options& O)
      : TextDiagnosticPrinter(OS, DiagOpts), O(O) {}
  std::vector<std::string> Errors;
  std::vector<std::string> Messages;  // each error without its place
  /// For each error, where it and the notes after it point (as #line
  /// directives say): the place in a rewritten file that caused it.
  std::vector<std::vector<Place>> Chains;

  void HandleDiagnostic(clang::DiagnosticsEngine::Level Level, const clang::Diagnostic& Info) override {
    TextDiagnosticPrinter::HandleDiagnostic(Level, Info);
    if (Level == clang::DiagnosticsEngine::Note && !Chains.empty() && Info.hasSourceManager()) {
      const clang::SourceManager& SM = Info.getSourceManager();
      auto Add = [&](clang::SourceLocation L) {
        if (clang::PresumedLoc P = L.isValid() ? SM.getPresumedLoc(L) : clang::PresumedLoc(); P.isValid())
          Chains.back().emplace_back(P.getFilename(), P.getLine());
      };
      // "in instantiation of function template specialization 'X' requested
      // here": X (a twin, at its original's lines) before the place that
      // asked for it (which may be in the caller's twin).
      for (unsigned I = 0; I < Info.getNumArgs(); ++I)
        if (Info.getArgKind(I) == clang::DiagnosticsEngine::ak_nameddecl)
          if (const auto* FD =
                  llvm::dyn_cast<clang::FunctionDecl>(reinterpret_cast<const clang::NamedDecl*>(Info.getRawArg(I))))
            Add(FD->getLocation());
      Add(Info.getLocation());
    }
    if (Level < clang::DiagnosticsEngine::Error) return;
    Chains.emplace_back();
    if (Info.getLocation().isValid() && Info.hasSourceManager())
      if (clang::PresumedLoc P = Info.getSourceManager().getPresumedLoc(Info.getLocation()); P.isValid())
        Chains.back().emplace_back(P.getFilename(), P.getLine());
    std::string E;
    if (Info.getLocation().isValid() && Info.hasSourceManager())
      if (clang::PresumedLoc P = Info.getSourceManager().getPresumedLoc(Info.getLocation()); P.isValid())
        E = displayPath(O, P.getFilename()) + ":" + std::to_string(P.getLine()) + ":" + std::to_string(P.getColumn()) +
            ": ";
    llvm::SmallString<128> Message;
    Info.FormatDiagnostic(Message);
    std::string M = (Level == clang::DiagnosticsEngine::Fatal ? "fatal error: " : "error: ") + std::string(Message);
    llvm::StringRef Flag = clang::DiagnosticIDs::getWarningOptionForDiag(Info.getID());
    if (!Flag.empty()) M += " [-W" + Flag.str() + "]";
    Errors.push_back(E + M);
    Messages.push_back(std::move(M));
  }

 private:
  const Options& O;
};

// Whether the driver compiles File as C++: by the last -x before it,
// otherwise by its extension, which clang++ (g++ mode) reads as C++ for C
// files too (foo.c, foo.h).
bool compiledAsCXX(const clang::tooling::CommandLineArguments& Args, llvm::StringRef File) {
  namespace types = clang::driver::types;
  types::ID Type = types::TY_INVALID;  // no -x (or -x none): by extension
  for (size_t I = 1; I < Args.size(); ++I) {
    llvm::StringRef A = Args[I];
    std::optional<std::string> Lang;
    if ((A == "-x" || A == "--language") && I + 1 < Args.size()) Lang = Args[++I];
    else if (A.consume_front("--language=") || (A.size() > 2 && A.consume_front("-x"))) Lang = A.str();
    if (Lang) Type = *Lang == "none" ? types::TY_INVALID : types::lookupTypeForTypeSpecifier(Lang->c_str());
    else if (!A.starts_with("-") && path::filename(A) == path::filename(File))
      break;  // the input itself: a later -x does not apply to it
  }
  if (Type == types::TY_INVALID && !Args.empty()) {
    Type = types::lookupTypeForExtension(path::extension(File).ltrim('.'));
    std::vector<const char*> Raw;
    for (size_t I = 1; I < Args.size(); ++I) Raw.push_back(Args[I].c_str());
    if (Type != types::TY_INVALID && clang::driver::getDriverMode(Args[0], Raw) == "g++")
      Type = types::lookupCXXTypeForCType(Type);
  }
  return Type != types::TY_INVALID && types::isCXX(Type);
}

}  // namespace

size_t distinctCommandCount(const clang::tooling::CompilationDatabase& DB, const std::string& F) {
  return DistinctCommands(DB).getCompileCommands(F).size();
}

std::vector<std::string> commandWithoutOutputs(const std::vector<std::string>& Args) {
  std::vector<std::string> Out;
  for (size_t I = 0; I < Args.size(); ++I) {
    llvm::StringRef A = Args[I];
    if (A == "-o" || A == "-MF" || A == "-MT" || A == "-MQ") ++I;
    else if (!(A.starts_with("-o") || A.starts_with("-MF") || A.starts_with("-MT") || A.starts_with("-MQ") ||
               A == "-MD" || A == "-MMD"))
      Out.push_back(Args[I]);
  }
  return Out;
}

clang::tooling::ArgumentsAdjuster raiseStandard(StandardRaise& Raise) {
  return [&Raise](const clang::tooling::CommandLineArguments& Args, llvm::StringRef File) {
    std::optional<size_t> At;  // the last -std=, --std= or --std (its value in the next argument)
    for (size_t I = 1; I < Args.size(); ++I) {
      llvm::StringRef A = Args[I];
      if (A.starts_with("-std=") || A.starts_with("--std=")) At = I;
      else if (A == "--std" && I + 1 < Args.size()) At = I++;
    }
    if (!compiledAsCXX(Args, File)) return Args;
    std::string Value;
    const clang::LangStandard* Std;
    if (At) {
      Value = Args[*At] == "--std" ? Args[*At + 1] : llvm::StringRef(Args[*At]).split('=').second.str();
      Std = clang::LangStandard::getLangStandardForName(Value);
    } else {
      llvm::Triple Host(llvm::sys::getDefaultTargetTriple());
      Std = &clang::LangStandard::getLangStandardForKind(clang::getDefaultLanguageStandard(clang::Language::CXX, Host));
    }
    if (!Std || Std->getLanguage() != clang::Language::CXX || Std->isCPlusPlus20()) return Args;
    Raise.Raised = std::string("-std=") + (Std->isGNUMode() ? "gnu++20" : "c++20");
    Raise.Own = "-std=" + (At ? Value : Std->getName());
    Raise.Command = At ? "its command says " + Raise.Own : "its command gives no -std: clang's default is " + Raise.Own;
    clang::tooling::CommandLineArguments Out = Args;
    if (At) {
      if (Args[*At] == "--std") Out.erase(Out.begin() + *At + 1);
      Out[*At] = Raise.Raised;
    } else {
      Out.insert(Out.begin() + 1, Raise.Raised);
    }
    // The warnings the newer standard makes errors by default are errors of
    // the rewritten build, so they are errors here too (-w keeps them). They
    // come before the command's own flags (a -Wno-register there still wins).
    std::vector<std::string> Restored;
    if (!Std->isCPlusPlus11()) Restored.push_back("-Werror=c++11-narrowing");
    if (!Std->isCPlusPlus17()) Restored.insert(Restored.end(), {"-Werror=register", "-Werror=dynamic-exception-spec"});
    Out.insert(Out.begin() + 1, Restored.begin(), Restored.end());
    return Out;
  };
}

ParseResult parseUnit(const clang::tooling::CompilationDatabase& DB, const std::string& F, const Options& O,
                      clang::tooling::FrontendActionFactory& Action, clang::tooling::ArgumentsAdjuster Adjust,
                      const std::map<std::string, std::string>* Overlays) {
  ParseResult P;
  // Each unit's diagnostics are collected and printed whole, so that
  // parallel units never interleave their messages.
  llvm::raw_string_ostream DiagStream(P.Diags);
  llvm::IntrusiveRefCntPtr<clang::DiagnosticOptions> DiagOpts = new clang::DiagnosticOptions();
  ErrorRecorder Printer(DiagStream, DiagOpts.get(), O);
  DistinctCommands Distinct(DB);
  clang::tooling::ClangTool Tool(Distinct, {F}, std::make_shared<clang::PCHContainerOperations>(),
                                 llvm::makeIntrusiveRefCnt<AbsoluteNamesFS>(Overlays));
  Tool.setDiagnosticConsumer(&Printer);
  Tool.setPrintErrorMessage(false);
  if (Adjust) Tool.appendArgumentsAdjuster(Adjust);
  Tool.appendArgumentsAdjuster(clang::tooling::getInsertArgumentAdjuster(
      "-resource-dir=" CASSETTE_CLANG_RESOURCE_DIR, clang::tooling::ArgumentInsertPosition::BEGIN));
  // A header whose macro uses units expand differently reads as this unit's
  // (its main file defines the same in the out-dir: JoinRewrites.h).
  Tool.appendArgumentsAdjuster(clang::tooling::getInsertArgumentAdjuster(
      unitDefine(displayPath(O, realPathOr(F))).c_str(), clang::tooling::ArgumentInsertPosition::END));
  // What a macro use's expansion says where the use took __COUNTER__
  // (MacroExpansion.h): rt/unit.hpp defines it for the rewritten build, and
  // this for the parse of a unit's text with uses expanded, the same way.
  for (const char* Define :
       {"-DCASSETTE_COUNTER_TAKEN(...)=CASSETTE_COUNTER_TAKEN_(__VA_ARGS__)", "-DCASSETTE_COUNTER_TAKEN_(...)="})
    Tool.appendArgumentsAdjuster(
        clang::tooling::getInsertArgumentAdjuster(Define, clang::tooling::ArgumentInsertPosition::END));
  // Warnings are the build's business, not ours: -w also beats -Werror. It
  // keeps the warnings clang makes errors by default (a narrowing in braces),
  // which the build stops on too; -Wno-everything would silence them.
  Tool.appendArgumentsAdjuster(
      clang::tooling::getInsertArgumentAdjuster("-w", clang::tooling::ArgumentInsertPosition::END));
  BufferedFactory Factory(Action, DiagStream, P.Deps);
  // A crash in clang (clang 19 crashed on a lambda holding a local class in
  // a rewritten invoker) fails this parse, not the run: the unit is reported
  // as one that does not compile, with what happened.
  static std::once_flag Enabled;
  std::call_once(Enabled, [] { llvm::CrashRecoveryContext::Enable(); });
  llvm::CrashRecoveryContext Recovery;
  if (!Recovery.RunSafely([&] { P.Compiled = Tool.run(&Factory) == 0; })) {
    P.Compiled = false;
    std::string Crash = "cassette-rewrite: error: " + F + ": clang crashed while parsing this unit (code " +
                        std::to_string(Recovery.RetCode) + "); it is treated as a unit that does not compile";
    DiagStream << Crash << "\n";
    Printer.Errors.push_back(Crash);
    Printer.Messages.push_back(Crash);
    Printer.Chains.emplace_back();
  }
  DiagStream.flush();
#if defined(CASSETTE_TRIM_MALLOC)
  // The unit's AST is freed, but glibc keeps its pages: what the next parse
  // (a round of macro expansion, the check) does not reuse of them stayed
  // in the rewriter's peak memory (5 MB on pugixml.cpp).
  malloc_trim(0);
#endif
  P.Errors = std::move(Printer.Errors);
  P.Messages = std::move(Printer.Messages);
  P.ErrorChains = std::move(Printer.Chains);
  return P;
}

}  // namespace cassette::rewrite

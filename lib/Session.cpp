// The run: every translation unit in parallel, each header rewritten by every
// unit that includes it and the rewrites joined (JoinRewrites.h), then the
// out-dir written as a whole or not at all (a temporary tree renamed into place).
#include <algorithm>
#include <map>
#include <mutex>
#include <set>
#include <tuple>

#include "FileRewriter.h"
#include "JoinRewrites.h"
#include "TwinMarkers.h"
#include "Report.h"
#include "Rewrite.h"
#include "clang/Basic/DiagnosticIDs.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Basic/LangStandard.h"
#include "clang/Driver/Driver.h"
#include "clang/Driver/Types.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Frontend/Utils.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "llvm/ADT/StringExtras.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/Threading.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Support/raw_ostream.h"

namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

namespace cassette::rewrite {

namespace {

bool under(llvm::StringRef Path, llvm::StringRef Dir) {
  return Path == Dir || (Path.starts_with(Dir) && Path.size() > Dir.size() && Path[Dir.size()] == '/');
}

bool writeFile(const std::string& Path, const std::string& Text, std::string& Error) {
  if (std::error_code EC = fs::create_directories(path::parent_path(Path), true, fs::all_all)) {
    Error = Path + ": " + EC.message();
    return false;
  }
  std::error_code EC;
  llvm::raw_fd_ostream OS(Path, EC, fs::OF_None);
  if (EC) {
    Error = Path + ": " + EC.message();
    return false;
  }
  OS << Text;
  OS.close();
  if (OS.has_error()) {
    Error = Path + ": " + OS.error().message();
    return false;
  }
  return true;
}

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
    if (const std::string* Text = overlaid(Abs)) return named(llvm::vfs::Status::copyWithNewSize(*S, Text->size()), Abs);
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
                                                                 bool RequiresNullTerminator, bool IsVolatile) override {
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
class ReadFiles : public clang::DependencyCollector {
  bool needSystemDependencies() override { return true; }
};

// Runs the rewriter's actions with the compiler's own chatter ("1 error
// generated.") going to the unit's buffer, not straight to stderr, and
// collects the files the unit read into Deps.
class BufferedFactory : public clang::tooling::FrontendActionFactory {
 public:
  BufferedFactory(std::unique_ptr<clang::tooling::FrontendActionFactory> Inner, llvm::raw_ostream& OS,
                  std::vector<std::string>& Deps)
      : Inner(std::move(Inner)), OS(OS), Deps(Deps) {}
  std::unique_ptr<clang::FrontendAction> create() override { return Inner->create(); }
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
  std::unique_ptr<clang::tooling::FrontendActionFactory> Inner;
  llvm::raw_ostream& OS;
  std::vector<std::string>& Deps;
};

// Marks a directory as cassette-rewrite's output, so that a later run may
// replace it; a directory with files but no marker is never replaced. Every
// run writes it anew: it is what a build system's step produces (--depfile).
const char* const Marker = ".cassette-out";

// A file of the new tree whose content is what the out-dir already held
// keeps the old file's modification time, so that a build recompiles only the
// files a run really changed.
void keepTimeIfUnchanged(const std::string& Old, const std::string& New) {
  fs::file_status OldStatus;
  if (fs::status(Old, OldStatus, /*follow=*/false) || OldStatus.type() != fs::file_type::regular_file) return;
  auto OldText = llvm::MemoryBuffer::getFile(Old, /*IsText=*/false, /*RequiresNullTerminator=*/false);
  auto NewText = llvm::MemoryBuffer::getFile(New, /*IsText=*/false, /*RequiresNullTerminator=*/false);
  if (!OldText || !NewText || (*OldText)->getBuffer() != (*NewText)->getBuffer()) return;
  int FD;
  if (fs::openFileForReadWrite(New, FD, fs::CD_OpenExisting, fs::OF_None)) return;
  fs::setLastAccessAndModificationTime(FD, OldStatus.getLastModificationTime());
  llvm::sys::Process::SafelyCloseFileDescriptor(FD);
}

// A mirror of the root in Tmp: every file, then the rewritten ones over it.
bool buildTree(const Options& O, const std::string& Tmp, const std::map<std::string, std::string>& Outputs,
               std::string& Error) {
  std::error_code EC;
  for (fs::recursive_directory_iterator It(O.Root, EC, /*follow_symlinks=*/false), End; It != End && !EC;
       It.increment(EC)) {
    std::string P = It->path();
    llvm::StringRef Name = path::filename(P);
    fs::file_type Type = It->type();
    if (Type == fs::file_type::type_unknown) {  // some file systems do not say in the directory entry
      fs::file_status St;
      if (!fs::status(P, St, /*follow=*/false)) Type = St.type();
    }
    bool IsDir = Type == fs::file_type::directory_file;
    // A build directory inside the root is not source (one that contains
    // the root is just where compile_commands.json lives).
    bool BuildDirInRoot = !O.BuildDir.empty() && O.BuildDir != O.Root && under(O.BuildDir, O.Root);
    if ((IsDir && (Name == ".git" || under(P, O.OutDir) || (BuildDirInRoot && under(P, O.BuildDir))))) {
      It.no_push();
      continue;
    }
    std::string Rel = P.substr(O.Root.size() + 1);
    std::string Dest = Tmp + "/" + Rel;
    if (IsDir) {
      if ((EC = fs::create_directories(Dest, true, fs::all_all))) {
        Error = Dest + ": " + EC.message();
        return false;
      }
      continue;
    }
    if (Type != fs::file_type::regular_file && Type != fs::file_type::symlink_file) {
      llvm::errs() << "cassette-rewrite: warning: " << P << " is not a regular file; not mirrored\n";
      continue;
    }
    if (Type == fs::file_type::symlink_file) {
      // Links stay links, so that a header reached by two paths is still one
      // file (#pragma once) and a linked directory still resolves: into the
      // mirror (relative) when the target is under --root, else to the same
      // absolute target, which is not rewritten.
      llvm::SmallString<256> Real;
      if (fs::real_path(P, Real)) {
        llvm::errs() << "cassette-rewrite: warning: " << P << " is a dangling symbolic link; not mirrored\n";
        continue;
      }
      std::string Target = std::string(Real);
      if (under(Real, O.Root)) {
        std::string Up;
        for (auto C = path::begin(path::parent_path(Rel)), E = path::end(path::parent_path(Rel)); C != E; ++C)
          Up += "../";
        Target = Real == O.Root ? (Up.empty() ? std::string(".") : Up) : Up + Real.substr(O.Root.size() + 1).str();
      }
      if ((EC = fs::create_link(Target, Dest))) {
        Error = Dest + ": " + EC.message();
        return false;
      }
      continue;
    }
    if (Outputs.count(P)) continue;
    if ((EC = fs::copy_file(P, Dest))) {
      Error = Dest + ": " + EC.message();
      return false;
    }
    if (llvm::ErrorOr<fs::perms> Perms = fs::getPermissions(P)) fs::setPermissions(Dest, *Perms);
    keepTimeIfUnchanged(O.OutDir + "/" + Rel, Dest);
  }
  if (EC) {
    Error = O.Root + ": " + EC.message();
    return false;
  }
  for (const auto& [Abs, Text] : Outputs) {
    std::string Rel = Abs.substr(O.Root.size() + 1);
    std::string Dest = Tmp + "/" + Rel;
    if (!writeFile(Dest, Text, Error)) return false;
    if (llvm::ErrorOr<fs::perms> Perms = fs::getPermissions(Abs)) fs::setPermissions(Dest, *Perms);
    keepTimeIfUnchanged(O.OutDir + "/" + Rel, Dest);
  }
  return writeFile(Tmp + "/" + Marker,
                   "Written by cassette-rewrite from --root " + O.Root + "; replaced whole by every run.\n", Error);
}

bool mayReplace(const Options& O, std::string& Error) {
  if (!fs::exists(O.OutDir)) return true;
  if (fs::exists(O.OutDir + "/" + Marker)) return true;
  std::error_code EC;
  // Empty, or holding only empty directories (a build system makes the
  // directories of the files it expects before the first run): nothing of
  // anyone's would be lost.
  bool OnlyEmptyDirectories = true;
  for (fs::recursive_directory_iterator R(O.OutDir, EC, /*follow_symlinks=*/false), End; R != End && !EC;
       R.increment(EC))
    if (fs::file_status St; fs::status(R->path(), St, /*follow=*/false) || St.type() != fs::file_type::directory_file) {
      OnlyEmptyDirectories = false;
      break;
    }
  if (EC) {
    Error = "cannot read --out-dir " + O.OutDir + ": " + EC.message();
    return false;
  }
  if (OnlyEmptyDirectories) return true;
  Error = "--out-dir " + O.OutDir + " is not empty and was not written by cassette-rewrite (no " + Marker +
          " in it); it would be replaced, so name a new or empty directory";
  return false;
}

bool replaceOutDir(const Options& O, const std::map<std::string, std::string>& Outputs, std::string& Error) {
  std::string Suffix = "." + std::to_string(llvm::sys::Process::getProcessId());
  std::string Tmp = O.OutDir + ".cassette-tmp" + Suffix, Old = O.OutDir + ".cassette-old" + Suffix;
  fs::remove_directories(Tmp);
  if (std::error_code EC = fs::create_directories(Tmp, true, fs::all_all)) {
    Error = "cannot create the new tree " + Tmp + " next to --out-dir: " + EC.message();
    return false;
  }
  if (!buildTree(O, Tmp, Outputs, Error)) {
    fs::remove_directories(Tmp);
    return false;
  }
  bool HadOld = fs::exists(O.OutDir);
  if (HadOld)
    if (std::error_code EC = fs::rename(O.OutDir, Old)) {
      fs::remove_directories(Tmp);
      Error = "cannot replace " + O.OutDir + ": " + EC.message();
      return false;
    }
  if (std::error_code EC = fs::rename(Tmp, O.OutDir)) {
    if (HadOld) fs::rename(Old, O.OutDir);
    fs::remove_directories(Tmp);
    Error = "cannot write " + O.OutDir + ": " + EC.message();
    return false;
  }
  if (HadOld) fs::remove_directories(Old);
  return true;
}

// A Make-style depfile: the out-dir's marker depends on Deps.
std::string depfileText(const Options& O, const std::set<std::string>& Deps) {
  auto Escaped = [](const std::string& P) {
    std::string E;
    for (char C : P) {
      if (C == ' ' || C == '#') E += '\\';
      if (C == '$') E += '$';
      E += C;
    }
    return E;
  };
  std::string Text = Escaped(O.OutDir + "/" + Marker) + ":";
  for (const std::string& D : Deps) Text += " \\\n  " + Escaped(D);
  return Text + "\n";
}

// A file as the report names it: relative to --root when under it.
std::string displayPath(const Options& O, llvm::StringRef Path) {
  llvm::SmallString<256> Real;
  std::string Abs = fs::real_path(Path, Real) ? Path.str() : std::string(Real);
  llvm::StringRef Rel(Abs);
  if (Rel.consume_front(O.Root) && Rel.consume_front("/")) return Rel.str();
  return Abs;
}

// Prints a unit's diagnostics as clang does, and keeps each error as clang's
// first line gives it (`file:line:col: error: message [-Wflag]`), with the
// report's paths, for the notes.
class ErrorRecorder : public clang::TextDiagnosticPrinter {
 public:
  ErrorRecorder(llvm::raw_ostream& OS, clang::DiagnosticOptions* DiagOpts, const Options& O)
      : TextDiagnosticPrinter(OS, DiagOpts), O(O) {}
  std::vector<std::string> Errors;
  /// For each error, where it and the notes after it point (as #line
  /// directives say): the place in a rewritten file that caused it.
  std::vector<std::vector<std::pair<std::string, unsigned>>> Chains;

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
          if (const auto* FD = llvm::dyn_cast<clang::FunctionDecl>(
                  reinterpret_cast<const clang::NamedDecl*>(Info.getRawArg(I))))
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
        E = displayPath(O, P.getFilename()) + ":" + std::to_string(P.getLine()) + ":" +
            std::to_string(P.getColumn()) + ": ";
    llvm::SmallString<128> Message;
    Info.FormatDiagnostic(Message);
    E += (Level == clang::DiagnosticsEngine::Fatal ? "fatal error: " : "error: ") + std::string(Message);
    llvm::StringRef Flag = clang::DiagnosticIDs::getWarningOptionForDiag(Info.getID());
    if (!Flag.empty()) E += " [-W" + Flag.str() + "]";
    Errors.push_back(std::move(E));
  }

 private:
  const Options& O;
};

// What the standard raise did to a unit's command; Raised is empty when the
// command's own standard is kept.
struct StandardRaise {
  std::string Raised;   // -std=c++20 or -std=gnu++20
  std::string Own;      // the command's standard: -std=c++11 (clang's default when it names none)
  std::string Command;  // what the command says, for the notes
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
    if ((A == "-x" || A == "--language") && I + 1 < Args.size())
      Lang = Args[++I];
    else if (A.consume_front("--language=") || (A.size() > 2 && A.consume_front("-x")))
      Lang = A.str();
    if (Lang)
      Type = *Lang == "none" ? types::TY_INVALID : types::lookupTypeForTypeSpecifier(Lang->c_str());
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

// Units are parsed the way the rewritten tree is built: the runtime needs
// C++20, so a C++ command that selects an older standard, or none (clang's
// default is gnu++17), is raised to C++20 of the same family (c++11 ->
// c++20, gnu++14 -> gnu++20). The last -std wins, as in the driver. C
// commands, standards from C++20 on and values clang rejects are left as
// they are. What was done goes into Raise (one tool, so one Raise, per unit).
clang::tooling::ArgumentsAdjuster raiseStandard(StandardRaise& Raise) {
  return [&Raise](const clang::tooling::CommandLineArguments& Args, llvm::StringRef File) {
    std::optional<size_t> At;  // the last -std=, --std= or --std (its value in the next argument)
    for (size_t I = 1; I < Args.size(); ++I) {
      llvm::StringRef A = Args[I];
      if (A.starts_with("-std=") || A.starts_with("--std="))
        At = I;
      else if (A == "--std" && I + 1 < Args.size())
        At = I++;
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
    // The parse runs with -Wno-everything (warnings are the build's
    // business), which also silences the warnings that clang makes errors by
    // default; those the newer standard turns on are errors of the rewritten
    // build, so they are errors here too. They come before the command's own
    // flags (a -Wno-register there still wins) and after the run's
    // -Wno-everything, which the adjuster after this one inserts before them.
    std::vector<std::string> Restored;
    if (!Std->isCPlusPlus11()) Restored.push_back("-Werror=c++11-narrowing");
    if (!Std->isCPlusPlus17()) Restored.insert(Restored.end(), {"-Werror=register", "-Werror=dynamic-exception-spec"});
    Out.insert(Out.begin() + 1, Restored.begin(), Restored.end());
    return Out;
  };
}

// One parse of one unit, with Adjust (if not null) and the run's own arguments
// applied to its command: whether it compiled, what clang printed, its
// errors, and every file it read.
struct Parse {
  bool Compiled = false;
  std::string Diags;
  std::vector<std::string> Errors;
  std::vector<std::vector<std::pair<std::string, unsigned>>> ErrorChains;  // ErrorRecorder::Chains
  std::vector<std::string> Deps;
};

/// One parse of unit F running Action. Files in Overlays (by real path) are
/// read with the text given there (a main file with macros expanded; the
/// rewritten tree when it is checked).
Parse parseUnit(const clang::tooling::CompilationDatabase& DB, const std::string& F, const Options& O,
                std::unique_ptr<clang::tooling::FrontendActionFactory> Action,
                clang::tooling::ArgumentsAdjuster Adjust,
                const std::map<std::string, std::string>* Overlays = nullptr) {
  Parse P;
  // Each unit's diagnostics are collected and printed whole, so that
  // parallel units never interleave their messages.
  llvm::raw_string_ostream DiagStream(P.Diags);
  llvm::IntrusiveRefCntPtr<clang::DiagnosticOptions> DiagOpts = new clang::DiagnosticOptions();
  ErrorRecorder Printer(DiagStream, DiagOpts.get(), O);
  clang::tooling::ClangTool Tool(DB, {F}, std::make_shared<clang::PCHContainerOperations>(),
                                 llvm::makeIntrusiveRefCnt<AbsoluteNamesFS>(Overlays));
  Tool.setDiagnosticConsumer(&Printer);
  Tool.setPrintErrorMessage(false);
  if (Adjust) Tool.appendArgumentsAdjuster(Adjust);
  Tool.appendArgumentsAdjuster(clang::tooling::getInsertArgumentAdjuster(
      {"-resource-dir=" CASSETTE_CLANG_RESOURCE_DIR, "-Wno-everything"}, clang::tooling::ArgumentInsertPosition::BEGIN));
  // Warnings are the build's business, not ours: -w also beats -Werror.
  Tool.appendArgumentsAdjuster(
      clang::tooling::getInsertArgumentAdjuster("-w", clang::tooling::ArgumentInsertPosition::END));
  BufferedFactory Factory(std::move(Action), DiagStream, P.Deps);
  P.Compiled = Tool.run(&Factory) == 0;
  DiagStream.flush();
  P.Errors = std::move(Printer.Errors);
  P.ErrorChains = std::move(Printer.Chains);
  return P;
}

// A unit that compiles under its own standard but not under C++20.
struct PassedThrough {
  std::string File;
  StandardRaise Raise;
  std::vector<std::string> Errors;  // under C++20
  std::vector<std::string> Deps;    // under its own standard
};

}  // namespace

// Rewritten output starts like this (FileRewriter.cpp); rewriting it again
// would give twins of twins.
bool isRewrittenOutput(const std::string& Path) {
  auto Buffer = llvm::MemoryBuffer::getFile(Path);
  return Buffer && (*Buffer)->getBuffer().starts_with("#include <cassette/rt/unit.hpp>\n");
}

// Rounds of macro expansion per unit after the first rewrite: a use expanded
// in one round can reveal uses inside what it defined.
constexpr unsigned MaxExpansionRounds = 3;

namespace {

// Building the out-dir with the project's own CMake files, which often pin an
// older standard after project() (`set(CMAKE_CXX_STANDARD 11)`), where a
// -DCMAKE_CXX_STANDARD or a flag cannot reach: cmake -S OUT -B BUILD
// -DCMAKE_PROJECT_INCLUDE=OUT/.cassette-project.cmake. Included after the
// first project(), it raises every target to C++20 once all CMakeLists.txt
// are read (a deferred call), and puts the runtime on the include path.
const char* const ProjectInclude = ".cassette-project.cmake";

std::string projectIncludeText(const Options& O) {
  std::string Runtime = O.RuntimeDir.empty() ? "" : "include_directories(SYSTEM \"" + O.RuntimeDir + "\")\n";
  return "# Written by cassette-rewrite. Build this tree with the project's own CMake files:\n"
         "#   cmake -S <this dir> -B <build> -DCMAKE_PROJECT_INCLUDE=<this dir>/" + std::string(ProjectInclude) +
         "\n# Every target is compiled as C++20 (twins need it), whatever the project sets.\n"
         "cmake_minimum_required(VERSION 3.19)\n"
         "include_guard(GLOBAL)\n" + Runtime +
         "function(_cassette_raise_standard dir)\n"
         "  get_property(targets DIRECTORY \"${dir}\" PROPERTY BUILDSYSTEM_TARGETS)\n"
         "  foreach(t IN LISTS targets)\n"
         "    get_target_property(type \"${t}\" TYPE)\n"
         "    if(NOT type MATCHES \"^(INTERFACE_LIBRARY|UTILITY)$\")\n"
         "      set_target_properties(\"${t}\" PROPERTIES CXX_STANDARD 20 CXX_STANDARD_REQUIRED ON)\n"
         "    endif()\n"
         "  endforeach()\n"
         "  get_property(subdirs DIRECTORY \"${dir}\" PROPERTY SUBDIRECTORIES)\n"
         "  foreach(d IN LISTS subdirs)\n"
         "    _cassette_raise_standard(\"${d}\")\n"
         "  endforeach()\n"
         "endfunction()\n"
         "cmake_language(DEFER DIRECTORY \"${CMAKE_SOURCE_DIR}\" CALL _cassette_raise_standard \"${CMAKE_SOURCE_DIR}\")\n";
}

using Spans = std::map<std::string, std::vector<TwinSpan>>;  // by file

// The function whose twin the error of Chain comes from: the innermost twin
// that copies a line the error or one of its notes ("in instantiation of ...
// requested here") points at, first place first.
const TwinSpan* twinAt(const Spans& S, const std::vector<std::pair<std::string, unsigned>>& Chain) {
  for (const auto& [File, Line] : Chain) {
    auto It = S.find(File);
    if (It == S.end()) continue;
    const TwinSpan* Best = nullptr;
    for (const TwinSpan& T : It->second)
      if (T.First <= Line && Line <= T.Last && (!Best || T.Last - T.First < Best->Last - Best->First)) Best = &T;
    if (Best) return Best;
  }
  return nullptr;
}

// What the check found in one round: twins to take away, and units whose
// errors point at no twin.
struct CheckResult {
  std::map<std::string, std::string> Exclude;       // key -> first error
  std::map<std::string, std::string> Names;         // key -> function
  std::vector<std::pair<std::string, std::string>> Unplaced;  // unit -> first error
};

// Parses every rewritten unit as the build will (C++20, the runtime on the
// include path, the rewritten files in place of the originals).
CheckResult checkRewritten(const clang::tooling::CompilationDatabase& DB, const Options& O,
                           const std::vector<std::string>& Units, const std::map<std::string, std::string>& Outputs,
                           const Spans& S) {
  CheckResult R;
  std::mutex Mutex;
  llvm::DefaultThreadPool Pool(llvm::hardware_concurrency(std::max(1u, O.Jobs)));
  for (const std::string& F : Units)
    Pool.async([&, F] {
      StandardRaise Raise;
      clang::tooling::ArgumentsAdjuster Adjust = clang::tooling::combineAdjusters(
          raiseStandard(Raise),
          // Every instantiation step, so that an error in the runtime's or a
          // context's templates leads back to the twin's call site.
          clang::tooling::getInsertArgumentAdjuster({"-I" + O.RuntimeDir, "-ftemplate-backtrace-limit=0"},
                                                    clang::tooling::ArgumentInsertPosition::END));
      Parse P = parseUnit(DB, F, O, clang::tooling::newFrontendActionFactory<clang::SyntaxOnlyAction>(), Adjust,
                          &Outputs);
      if (P.Compiled) return;
      std::lock_guard<std::mutex> Lock(Mutex);
      bool Placed = false;
      for (size_t I = 0; I < P.ErrorChains.size(); ++I)
        if (const TwinSpan* T = twinAt(S, P.ErrorChains[I])) {
          R.Exclude.emplace(T->Key, I < P.Errors.size() ? P.Errors[I] : "error");
          R.Names.emplace(T->Key, T->Name);
          Placed = true;
        }
      if (!Placed) R.Unplaced.emplace_back(F, P.Errors.empty() ? "error" : P.Errors.front());
    });
  Pool.wait();
  std::sort(R.Unplaced.begin(), R.Unplaced.end());
  return R;
}

// Rounds of the check: each takes away the twins that caused errors.
constexpr unsigned MaxCheckRounds = 4;

}  // namespace

int run(const clang::tooling::CompilationDatabase& DB, const Options& Given) {
  Options O = Given;  // the check adds to O.Excluded between rounds
  if (fs::exists(O.Root + "/" + Marker)) {
    llvm::errs() << "cassette-rewrite: error: --root " << O.Root << " is the output of an earlier cassette-rewrite run ("
                 << Marker << "); rewrite the original tree instead\n";
    return 1;
  }
  std::vector<std::string> Units;
  std::set<std::string> Seen;
  for (const std::string& F : O.Sources) {
    llvm::SmallString<256> Real;
    if (fs::real_path(F, Real)) {
      llvm::errs() << "cassette-rewrite: error: " << F << ": no such file\n";
      return 1;
    }
    if (!fs::is_regular_file(Real)) {
      llvm::errs() << "cassette-rewrite: error: " << F << " is not a regular file\n";
      return 1;
    }
    if (isRewrittenOutput(std::string(Real))) {
      llvm::errs() << F << ":1:1: error: this file is already output of cassette-rewrite; rewrite the original\n";
      return 1;
    }
    std::vector<clang::tooling::CompileCommand> Commands = DB.getCompileCommands(F);
    if (Commands.empty()) {
      llvm::errs() << "cassette-rewrite: error: " << F << " is not in the compilation database\n";
      return 1;
    }
    for (const clang::tooling::CompileCommand& C : Commands)
      if (!fs::is_directory(C.Directory)) {
        llvm::errs() << "cassette-rewrite: error: " << F << ": the directory of its compile command, " << C.Directory
                     << ", does not exist\n";
        return 1;
      }
    if (!under(Real, O.Root)) {
      if (!O.AllFiles)
        llvm::errs() << "cassette-rewrite: note: " << F
                     << " is not under --root; its functions are primitives and it is not written\n";
      continue;
    }
    if (Seen.insert(std::string(Real)).second) Units.push_back(F);
  }
  if (Units.empty()) {
    llvm::errs() << "cassette-rewrite: error: no source file under --root " << O.Root << "\n";
    return 1;
  }
  std::string Error;
  if (!mayReplace(O, Error)) {
    llvm::errs() << "cassette-rewrite: error: " << Error << "\n";
    return 1;
  }

  Report Rep;
  Rep.setBuiltinOperators(O.BuiltinOperators);
  std::mutex Mutex;
  std::map<std::string, std::string> Outputs;
  std::set<std::string> ReadPaths;
  std::vector<PassedThrough> PassedThroughUnits;
  for (unsigned Round = 0;; ++Round) {
  Rep.clear();
  Outputs.clear();
  ReadPaths.clear();
  PassedThroughUnits.clear();
  // Every unit rewrites the files under --root it reads; a header's
  // rewrites are joined once every unit is done (JoinRewrites.h), in the
  // order of the units' paths, so nothing depends on the order they are
  // given in or finish in.
  std::map<std::string, std::string> RealPathOf;
  for (const std::string& F : Units) {
    llvm::SmallString<256> Real;
    RealPathOf[F] = fs::real_path(F, Real) ? F : std::string(Real);
  }
  std::vector<std::string> RankedUnits;
  for (const auto& [F, Real] : RealPathOf) RankedUnits.push_back(Real);
  std::sort(RankedUnits.begin(), RankedUnits.end());
  auto RankOf = [&](const std::string& F) {
    return static_cast<size_t>(std::lower_bound(RankedUnits.begin(), RankedUnits.end(), RealPathOf.at(F)) -
                               RankedUnits.begin());
  };
  std::map<std::string, std::map<size_t, FileOutput>> UnitOutputs;
  std::set<std::string> DefinedTwins;
  std::multimap<std::string, std::string> DefinedTwinsIf;  // key, the key it needs
  std::map<std::string, std::string> UnanchoredTwins;      // key, why
  if (!O.Database.empty()) ReadPaths.insert(O.Database);

  unsigned Done = 0;
  std::vector<std::string> FailedUnits;
  std::vector<std::string> RewroteSomething;  // the units the check parses
  {
    llvm::DefaultThreadPool Pool(llvm::hardware_concurrency(std::max(1u, O.Jobs)));
    for (const std::string& F : Units)
      Pool.async([&, F] {
        // What one rewrite of the unit produced, kept apart until the unit's
        // final rewrite is known.
        struct Pass {
          Parse Result;
          Report Rep;
          std::map<std::string, FileOutput> Outputs;
          std::set<std::string> Defined;
          std::multimap<std::string, std::string> DefinedIf;
          std::map<std::string, std::string> Unanchored;
          std::map<std::string, std::string> Overlay;  // the main file as this pass reads it
          std::string ExpandedPath, ExpandedText;  // ... and with the uses it asks for expanded
          std::vector<std::pair<std::string, Location>> Expanded;
        };
        StandardRaise Raise;
        std::set<std::string> Mine;  // the files this unit rewrote
        auto RunPass = [&](Pass& Into, bool Later) {
          TUCallbacks Local;
          // A later round rewrites what the first did, and only that.
          Local.Claim = [&](const std::string& Abs) {
            if (Later) return Mine.count(Abs) > 0;
            Mine.insert(Abs);
            return true;
          };
          Local.Defined = [&](const std::string& Key) { Into.Defined.insert(Key); };
          Local.DefinedIf = [&](const std::string& Key, const std::string& If) { Into.DefinedIf.emplace(Key, If); };
          Local.Unanchored = [&](const std::string& Key, const std::string& Why) { Into.Unanchored.emplace(Key, Why); };
          Local.Emit = [&](const std::string& Abs, FileOutput Out) { Into.Outputs[Abs] = std::move(Out); };
          if (O.ExpandMacros)
            Local.Expand = [&](const std::string& Abs, std::string Text,
                               std::vector<std::pair<std::string, Location>> Expanded) {
              Into.ExpandedPath = Abs;
              Into.ExpandedText = std::move(Text);
              Into.Expanded = std::move(Expanded);
            };
          Into.Result = parseUnit(DB, F, O, makeRewriteActionFactory(O, Into.Rep, Local), raiseStandard(Raise),
                                  Later ? &Into.Overlay : nullptr);
        };
        Pass First;
        RunPass(First, false);
        Parse& P = First.Result;
        // Raised to C++20 and failing: parsed again as its command says. If
        // that compiles, the unit is what no longer compiles: passed through
        // unchanged like a C unit (its rewrite stopped at the errors, before
        // claiming a file or reporting anything) and named in a note. If not,
        // it is an error as any unit that does not compile, shown with the
        // diagnostics of its own standard.
        std::optional<Parse> AsWritten;
        if (!P.Compiled && !Raise.Raised.empty())
          AsWritten = parseUnit(DB, F, O, clang::tooling::newFrontendActionFactory<clang::SyntaxOnlyAction>(), nullptr);
        bool Passed = AsWritten && AsWritten->Compiled, Failed = !P.Compiled && !Passed;
        // Macro uses to expand: the unit is rewritten again over its main file
        // with them expanded; what that reveals (a CHECK in the body of a
        // TEST that was not a function before) may ask for another round. If
        // a round does not compile, the one before it stands.
        std::vector<std::unique_ptr<Pass>> Rounds;
        Pass* Final = &First;
        std::vector<std::pair<std::string, Location>> AllExpanded;
        for (unsigned Round = 0; Round < MaxExpansionRounds && P.Compiled && !Final->Expanded.empty(); ++Round) {
          auto Next = std::make_unique<Pass>();
          Next->Overlay[Final->ExpandedPath] = Final->ExpandedText;
          RunPass(*Next, true);
          if (!Next->Result.Compiled) {
            std::string FirstError = Next->Result.Errors.empty() ? "" : Next->Result.Errors.front();
            Final->Rep.note(displayPath(O, F) + ": its macro uses replaced by their expansion do not compile (" +
                            FirstError + "); they are left as written");
            break;
          }
          AllExpanded.insert(AllExpanded.end(), Final->Expanded.begin(), Final->Expanded.end());
          Final = Next.get();
          Rounds.push_back(std::move(Next));
        }
        for (auto& [Macro, Where] : AllExpanded) Final->Rep.expanded(Macro, Where);
        std::lock_guard<std::mutex> Lock(Mutex);
        for (const Parse* Q : {&P, AsWritten ? &*AsWritten : nullptr})
          if (Q)
            for (const std::string& D : Q->Deps) {
              llvm::SmallString<256> Real;
              ReadPaths.insert(fs::real_path(D, Real) ? D : std::string(Real));
            }
        if (P.Compiled) {
          if (!Final->Outputs.empty()) RewroteSomething.push_back(F);
          for (auto& [Abs, Out] : Final->Outputs) UnitOutputs[Abs][RankOf(F)] = std::move(Out);
          DefinedTwins.insert(Final->Defined.begin(), Final->Defined.end());
          DefinedTwinsIf.insert(Final->DefinedIf.begin(), Final->DefinedIf.end());
          UnanchoredTwins.insert(Final->Unanchored.begin(), Final->Unanchored.end());
          Rep.merge(Final->Rep);
        }
        unsigned N = ++Done;
        // Diagnostics without a location get the tool's name, as in
        // `cassette-rewrite: error: invalid value 'c++1792' in '-std=c++1792'`.
        // A unit passed through shows its errors in the note instead.
        const std::string* Shown = Passed ? nullptr : AsWritten ? &AsWritten->Diags : &P.Diags;
        llvm::SmallVector<llvm::StringRef, 16> Lines;
        (Shown ? llvm::StringRef(*Shown) : llvm::StringRef()).split(Lines, '\n');
        for (size_t I = 0; I < Lines.size(); ++I) {
          llvm::StringRef L = Lines[I];
          if (I + 1 == Lines.size() && L.empty()) break;
          for (const char* Severity : {"fatal error: ", "error: ", "warning: ", "note: ", "remark: "})
            if (L.starts_with(Severity)) {
              llvm::errs() << "cassette-rewrite: ";
              break;
            }
          llvm::errs() << L << "\n";
        }
        llvm::errs() << "[" << N << "/" << Units.size() << "] " << F
                     << (Failed ? " (failed)" : Passed ? " (does not compile as C++20: passed through unchanged)" : "")
                     << "\n";
        if (Failed)
          FailedUnits.push_back(F);
        else if (Passed)
          PassedThroughUnits.push_back({F, Raise, std::move(P.Errors), std::move(AsWritten->Deps)});
        else if (!Raise.Raised.empty())
          Rep.note(displayPath(O, F) + ": compiled as " + Raise.Raised + " (" + Raise.Command +
                   "): the rewritten tree must be built with C++20");
      });
    Pool.wait();
  }
  if (!FailedUnits.empty()) {
    std::sort(FailedUnits.begin(), FailedUnits.end());
    llvm::errs() << "cassette-rewrite: error: " << FailedUnits.size() << " of " << Units.size()
                 << " translation units did not compile (" << llvm::join(FailedUnits, ", ") << "); nothing was written to "
                 << O.OutDir << "\n";
    return 1;
  }
  for (auto& [Abs, ByUnit] : UnitOutputs) {
    std::pair<size_t, size_t> Conflict;
    if (std::optional<std::string> Text = joinRewrites(ByUnit, &Conflict)) {
      Outputs[Abs] = std::move(*Text);
      continue;
    }
    Outputs[Abs] = ByUnit.begin()->second.Text;
    Rep.note(displayPath(O, Abs) + ": rewritten differently by " + displayPath(O, RankedUnits[Conflict.first]) +
             " and " + displayPath(O, RankedUnits[Conflict.second]) +
             " (they see it under different macros or declarations); the rewrite of the first is used, so "
             "calls in code only the second unit compiles may run as written");
  }
  // Every unit has been read: a call of a function declared under --root
  // reaches its twin only if some unit defined it there; otherwise the
  // callee is a primitive (its definition is outside --root).
  // A unit that defines it but cannot anchor it for other files says why.
  auto IsDefined = [&](const std::string& Key) {
    if (DefinedTwins.count(Key)) return true;
    auto [From, To] = DefinedTwinsIf.equal_range(Key);
    return std::any_of(From, To, [&](const auto& KV) { return DefinedTwins.count(KV.second) > 0; });
  };
  std::map<std::string, unsigned> NotDefined;
  std::map<std::pair<std::string, std::string>, unsigned> NotAnchored;
  for (auto& [Abs, Text] : Outputs)
    Text = resolveTwinMarkers(
        Text, [&](const std::string& Key) { return IsDefined(markerDefinitionKey(Key)); },
        [&](const std::string& Key) {
          if (markerName(Key).empty()) return;  // not a call site
          auto U = UnanchoredTwins.find(markerDefinitionKey(Key));
          if (U != UnanchoredTwins.end())
            ++NotAnchored[{markerName(Key), U->second}];
          else
            ++NotDefined[markerName(Key)];
        });
  for (const auto& [Name, Calls] : NotDefined)
    Rep.note(Name + ": declared under --root but not defined in any unit under it; " + std::to_string(Calls) +
             " call site(s) run it as a primitive");
  for (const auto& [What, Calls] : NotAnchored)
    Rep.note(What.first + ": defined under --root, but its twin cannot be reached from other files (" + What.second +
             "); " + std::to_string(Calls) + " call site(s) there run it as a primitive");
  if (!O.CheckOutput) break;
  // The safety net: every rewritten unit must compile. A twin that causes
  // an error is taken away (its function runs as a primitive, reported with
  // the error) and the tree rewritten again.
  Spans TwinLines;
  for (const auto& [Abs, ByUnit] : UnitOutputs)
    for (const auto& [Rank, Out] : ByUnit) TwinLines[Abs].insert(TwinLines[Abs].end(), Out.Spans.begin(), Out.Spans.end());
  std::sort(RewroteSomething.begin(), RewroteSomething.end());
  CheckResult Check = checkRewritten(DB, O, RewroteSomething, Outputs, TwinLines);
  size_t Before = O.Excluded.size();
  for (const auto& [Key, Error] : Check.Exclude)
    if (O.Excluded.emplace(Key, Error).second)
      llvm::errs() << "cassette-rewrite: note: the twin of " << Check.Names[Key]
                   << " does not compile; rewriting without it:\n  " << Error << "\n";
  bool Progress = O.Excluded.size() > Before;
  if (Check.Unplaced.empty() && !Progress) break;
  if (!Progress || Round + 1 == MaxCheckRounds) {
    std::vector<std::string> Shown;
    for (const auto& [Unit, Error] : Check.Unplaced) Shown.push_back(Unit + ": " + Error);
    for (const auto& [Key, Error] : Check.Exclude) Shown.push_back(Error);
    llvm::errs() << "cassette-rewrite: error: the rewritten tree does not compile and no twin could be taken away "
                    "to fix it (" << llvm::join(Shown, "; ")
                 << "); nothing was written to " << O.OutDir
                 << ". The check parses each unit with its own command, C++20 and -I" << O.RuntimeDir
                 << ": a header only your build finds (the context header) needs --extra-arg=-I<dir> or its path "
                    "in --context-header; otherwise please report it. --no-check writes the tree unchecked\n";
    return 1;
  }
  }
  // A unit passed through is built as it is written, and with its own
  // standard only if it includes no rewritten file (those need C++20).
  for (const PassedThrough& U : PassedThroughUnits) {
    std::set<std::string> Rewritten;
    for (const std::string& D : U.Deps) {
      llvm::SmallString<256> Real;
      if (!fs::real_path(D, Real) && Outputs.count(std::string(Real))) Rewritten.insert(displayPath(O, Real));
    }
    const size_t Shown = 3;
    std::vector<std::string> First(U.Errors.begin(), U.Errors.begin() + std::min(Shown, U.Errors.size()));
    std::string More = U.Errors.size() > Shown ? " (and " + std::to_string(U.Errors.size() - Shown) + " more)" : "";
    Rep.note(displayPath(O, U.File) + ": does not compile as C++20 (" + U.Raise.Command +
             "): passed through unchanged, its functions are primitives; under " + U.Raise.Raised + ": " +
             llvm::join(First, "; ") + More +
             (Rewritten.empty() ? "; it includes no rewritten file: build it with " + U.Raise.Own + ", or fix it"
                                : "; it includes rewritten " + llvm::join(Rewritten, ", ") +
                                      ", which needs C++20: fix it"));
  }
  // The report is written next to its place first, so that a report that
  // cannot be written leaves the out-dir untouched too.
  // So is the depfile.
  std::string Suffix = ".cassette-tmp." + std::to_string(llvm::sys::Process::getProcessId());
  std::string ReportTmp, DepfileTmp;
  auto RemoveTemporaries = [&] {
    if (!ReportTmp.empty()) fs::remove(ReportTmp);
    if (!DepfileTmp.empty()) fs::remove(DepfileTmp);
  };
  if (!O.ReportPath.empty()) {
    ReportTmp = O.ReportPath + Suffix;
    if (!Rep.writeJSON(ReportTmp, Error)) {
      RemoveTemporaries();
      llvm::errs() << "cassette-rewrite: error: cannot write report " << O.ReportPath << ": " << Error
                   << "; nothing was written to " << O.OutDir << "\n";
      return 1;
    }
  }
  if (!O.DepfilePath.empty()) {
    DepfileTmp = O.DepfilePath + Suffix;
    if (!writeFile(DepfileTmp, depfileText(O, ReadPaths), Error)) {
      RemoveTemporaries();
      llvm::errs() << "cassette-rewrite: error: cannot write depfile " << O.DepfilePath << ": " << Error
                   << "; nothing was written to " << O.OutDir << "\n";
      return 1;
    }
  }
  // For the project's own build of the out-dir (docs/cmake.md).
  Outputs[O.Root + "/" + ProjectInclude] = projectIncludeText(O);
  if (!replaceOutDir(O, Outputs, Error)) {
    RemoveTemporaries();
    llvm::errs() << "cassette-rewrite: error: " << Error << "; " << O.OutDir << " is unchanged\n";
    return 1;
  }
  for (auto [Tmp, Final, What] : {std::tuple{&ReportTmp, &O.ReportPath, "report"},
                                  std::tuple{&DepfileTmp, &O.DepfilePath, "depfile"}})
    if (!Tmp->empty())
      if (std::error_code EC = fs::rename(*Tmp, *Final)) {
        RemoveTemporaries();
        llvm::errs() << "cassette-rewrite: error: cannot write " << What << " " << *Final << ": " << EC.message()
                     << "\n";
        return 1;
      }
  llvm::errs() << Rep.summary();
  return 0;
}

}  // namespace cassette::rewrite

// The run: every translation unit in parallel, each header rewritten by the
// first unit that includes it, then the out-dir written as a whole or not at
// all (a temporary tree renamed into place).
#include <algorithm>
#include <map>
#include <mutex>
#include <set>
#include <tuple>

#include "FileRewriter.h"
#include "TwinMarkers.h"
#include "Report.h"
#include "Rewrite.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Frontend/CompilerInstance.h"
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
  AbsoluteNamesFS(std::string OverlaidPath, std::string OverlaidText)
      : AbsoluteNamesFS() {
    OverlayPath = std::move(OverlaidPath);
    OverlayText = std::move(OverlaidText);
  }

  llvm::ErrorOr<llvm::vfs::Status> status(const llvm::Twine& Path) override {
    llvm::ErrorOr<llvm::vfs::Status> S = ProxyFileSystem::status(Path);
    if (!S) return S;
    std::string Abs = absolute(Path);
    if (overlaid(Abs)) return named(llvm::vfs::Status::copyWithNewSize(*S, OverlayText.size()), Abs);
    return named(*S, Abs);
  }

  llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>> openFileForRead(const llvm::Twine& Path) override {
    llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>> F = ProxyFileSystem::openFileForRead(Path);
    if (!F) return F;
    std::string Abs = absolute(Path);
    return std::unique_ptr<llvm::vfs::File>(new NamedFile(std::move(*F), Abs, overlaid(Abs) ? &OverlayText : nullptr));
  }

 private:
  std::string OverlayPath, OverlayText;

  bool overlaid(const std::string& Abs) const {
    if (OverlayPath.empty()) return false;
    if (Abs == OverlayPath) return true;
    llvm::SmallString<256> Real;
    return !fs::real_path(Abs, Real) && Real == OverlayPath;
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
    if ((IsDir && (Name == ".git" || under(P, O.OutDir) || (!O.BuildDir.empty() && O.BuildDir != O.Root && under(P, O.BuildDir))))) {
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

}  // namespace

// Rewritten output starts like this (FileRewriter.cpp); rewriting it again
// would give twins of twins.
bool isRewrittenOutput(const std::string& Path) {
  auto Buffer = llvm::MemoryBuffer::getFile(Path);
  return Buffer && (*Buffer)->getBuffer().starts_with("#include <cassette/cassette.hpp>\n#line 1 ");
}

int run(const clang::tooling::CompilationDatabase& DB, const Options& O) {
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
  std::mutex Mutex;
  std::set<std::string> Claimed;
  std::map<std::string, std::string> Outputs;
  // Headers are rewritten by the first unit that asks for them.
  auto Claim = [&](const std::string& Abs) {
    std::lock_guard<std::mutex> Lock(Mutex);
    return Claimed.insert(Abs).second;
  };
  std::set<std::string> DefinedTwins;
  std::set<std::string> ReadPaths;
  if (!O.Database.empty()) ReadPaths.insert(O.Database);

  unsigned Done = 0;
  std::vector<std::string> FailedUnits;
  {
    llvm::DefaultThreadPool Pool(llvm::hardware_concurrency(std::max(1u, O.Jobs)));
    for (const std::string& F : Units)
      Pool.async([&, F] {
        // What one rewrite of the unit produced, kept apart until the unit's
        // final rewrite is known.
        struct Pass {
          int RC = 1;
          std::string Diags;
          std::vector<std::string> Deps;
          Report Rep;
          std::map<std::string, std::string> Outputs;
          std::set<std::string> Defined;
          std::string ExpandedPath, ExpandedText;
          std::vector<std::pair<std::string, Location>> Expanded;
        };
        std::set<std::string> Mine;  // the files this unit claimed
        auto RunPass = [&](Pass& P, bool Second) {
          // Each unit's diagnostics are collected and printed whole, so that
          // parallel units never interleave their messages.
          llvm::raw_string_ostream DiagStream(P.Diags);
          llvm::IntrusiveRefCntPtr<clang::DiagnosticOptions> DiagOpts = new clang::DiagnosticOptions();
          clang::TextDiagnosticPrinter Printer(DiagStream, DiagOpts.get());
          clang::tooling::ClangTool Tool(DB, {F}, std::make_shared<clang::PCHContainerOperations>(),
                                         Second ? llvm::makeIntrusiveRefCnt<AbsoluteNamesFS>(P.ExpandedPath, P.ExpandedText)
                                                : llvm::makeIntrusiveRefCnt<AbsoluteNamesFS>());
          Tool.setDiagnosticConsumer(&Printer);
          Tool.setPrintErrorMessage(false);
          Tool.appendArgumentsAdjuster(clang::tooling::getInsertArgumentAdjuster(
              {"-resource-dir=" CASSETTE_CLANG_RESOURCE_DIR, "-Wno-everything"},
              clang::tooling::ArgumentInsertPosition::BEGIN));
          // Warnings are the build's business, not ours: -w also beats -Werror.
          Tool.appendArgumentsAdjuster(
              clang::tooling::getInsertArgumentAdjuster("-w", clang::tooling::ArgumentInsertPosition::END));
          TUCallbacks Local;
          // The second pass rewrites what the first claimed, and only that.
          Local.Claim = [&](const std::string& Abs) {
            if (Second) return Mine.count(Abs) > 0;
            if (!Claim(Abs)) return false;
            Mine.insert(Abs);
            return true;
          };
          Local.Defined = [&](const std::string& Key) { P.Defined.insert(Key); };
          Local.Emit = [&](const std::string& Abs, std::string Text) { P.Outputs[Abs] = std::move(Text); };
          if (!Second && O.ExpandMacros)
            Local.Expand = [&](const std::string& Abs, std::string Text,
                               std::vector<std::pair<std::string, Location>> Expanded) {
              P.ExpandedPath = Abs;
              P.ExpandedText = std::move(Text);
              P.Expanded = std::move(Expanded);
            };
          Options PassOpts = O;
          if (Second) PassOpts.ExpandMacros = false;
          BufferedFactory Factory(makeRewriteActionFactory(PassOpts, P.Rep, Local), DiagStream, P.Deps);
          P.RC = Tool.run(&Factory);
          DiagStream.flush();
        };
        Pass First;
        RunPass(First, false);
        Pass Second;
        Pass* Final = &First;
        if (First.RC == 0 && !First.Expanded.empty()) {
          Second.ExpandedPath = First.ExpandedPath;
          Second.ExpandedText = First.ExpandedText;
          RunPass(Second, true);
          if (Second.RC == 0) {
            Final = &Second;
            for (auto& [Macro, Where] : First.Expanded) Second.Rep.expanded(Macro, Where);
          } else {
            // Never emitted broken: the macros stay as written.
            llvm::StringRef FirstError = Second.Diags;
            size_t At = FirstError.find("error: ");
            FirstError = At == llvm::StringRef::npos ? "" : FirstError.drop_front(At).split('\n').first;
            First.Rep.note(F + ": its macro uses replaced by their expansion do not compile (" + FirstError.str() +
                           "); they are left as written");
          }
        }
        const std::string& Diags = First.Diags;
        int RC = First.RC;
        std::lock_guard<std::mutex> Lock(Mutex);
        for (const std::string& D : First.Deps) {
          llvm::SmallString<256> Real;
          ReadPaths.insert(fs::real_path(D, Real) ? D : std::string(Real));
        }
        if (RC == 0) {
          for (auto& [Abs, Text] : Final->Outputs) Outputs[Abs] = std::move(Text);
          DefinedTwins.insert(Final->Defined.begin(), Final->Defined.end());
        }
        Rep.merge(Final->Rep);
        unsigned N = ++Done;
        // Diagnostics without a location get the tool's name, as in
        // `cassette-rewrite: error: invalid value 'c++1792' in '-std=c++1792'`.
        llvm::SmallVector<llvm::StringRef, 16> Lines;
        llvm::StringRef(Diags).split(Lines, '\n');
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
        llvm::errs() << "[" << N << "/" << Units.size() << "] " << F << (RC ? " (failed)" : "") << "\n";
        if (RC) FailedUnits.push_back(F);
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
  // Every unit has been read: a call of a function declared under --root
  // reaches its twin only if some unit defined it there; otherwise the
  // callee is a primitive (its definition is outside --root).
  std::map<std::string, unsigned> NotDefined;
  for (auto& [Abs, Text] : Outputs)
    Text = resolveTwinMarkers(
        Text,
        [&](const std::string& Key) { return DefinedTwins.count(markerDefinitionKey(Key)) > 0; },
        [&](const std::string& Key) { ++NotDefined[markerName(Key)]; });
  for (const auto& [Name, Calls] : NotDefined)
    Rep.note(Name + ": declared under --root but not defined in any unit under it; " + std::to_string(Calls) +
             " call site(s) run it as a primitive");
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

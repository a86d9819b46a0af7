// The run: every translation unit in parallel, each header rewritten by the
// first unit that includes it, then the out-dir written as a whole or not at
// all (a temporary tree renamed into place).
#include <atomic>
#include <map>
#include <mutex>
#include <set>

#include "FileRewriter.h"
#include "Report.h"
#include "Rewrite.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/ThreadPool.h"
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
  if (std::error_code EC = fs::create_directories(path::parent_path(Path))) {
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

// A mirror of the root in Tmp: every file, then the rewritten ones over it.
bool buildTree(const Options& O, const std::string& Tmp, const std::map<std::string, std::string>& Outputs,
               std::string& Error) {
  std::error_code EC;
  for (fs::recursive_directory_iterator It(O.Root, EC, /*follow_symlinks=*/false), End; It != End && !EC;
       It.increment(EC)) {
    std::string P = It->path();
    llvm::StringRef Name = path::filename(P);
    bool IsDir = It->type() == fs::file_type::directory_file;
    if ((IsDir && (Name == ".git" || under(P, O.OutDir) || (!O.BuildDir.empty() && under(P, O.BuildDir))))) {
      It.no_push();
      continue;
    }
    std::string Rel = P.substr(O.Root.size() + 1);
    std::string Dest = Tmp + "/" + Rel;
    if (IsDir) {
      if ((EC = fs::create_directories(Dest))) break;
      continue;
    }
    if (It->type() == fs::file_type::symlink_file) {
      llvm::SmallString<256> Real;
      if (fs::real_path(P, Real) || !under(Real, O.Root)) {
        llvm::errs() << P << ": warning: symbolic link leads out of --root; not mirrored\n";
        continue;
      }
      bool TargetIsDir = fs::is_directory(Real);
      if (TargetIsDir) continue;  // its files are mirrored where they really are
      P = std::string(Real);
    }
    if (Outputs.count(P)) continue;
    if ((EC = fs::copy_file(P, Dest))) {
      Error = Dest + ": " + EC.message();
      return false;
    }
  }
  if (EC) {
    Error = O.Root + ": " + EC.message();
    return false;
  }
  for (const auto& [Abs, Text] : Outputs)
    if (!writeFile(Tmp + "/" + Abs.substr(O.Root.size() + 1), Text, Error)) return false;
  return true;
}

bool replaceOutDir(const Options& O, const std::map<std::string, std::string>& Outputs, std::string& Error) {
  std::string Suffix = "." + std::to_string(llvm::sys::Process::getProcessId());
  std::string Tmp = O.OutDir + ".cassette-tmp" + Suffix, Old = O.OutDir + ".cassette-old" + Suffix;
  fs::remove_directories(Tmp);
  if (std::error_code EC = fs::create_directories(Tmp)) {
    Error = "cannot create " + Tmp + ": " + EC.message();
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

}  // namespace

int run(const clang::tooling::CompilationDatabase& DB, const Options& O) {
  const std::vector<std::string>& Files = O.Sources;
  std::vector<std::string> Units;
  for (const std::string& F : Files) {
    llvm::SmallString<256> Real;
    if (fs::real_path(F, Real)) {
      llvm::errs() << F << ": error: no such file\n";
      return 1;
    }
    if (DB.getCompileCommands(F).empty()) {
      llvm::errs() << F << ": error: not in the compilation database\n";
      return 1;
    }
    if (!under(Real, O.Root)) {
      if (!O.AllFiles)
        llvm::errs() << F << ": note: not under --root; its functions are primitives and it is not written\n";
      continue;
    }
    Units.push_back(F);
  }
  if (Units.empty()) {
    llvm::errs() << "cassette-rewrite: error: no source file under --root " << O.Root << "\n";
    return 1;
  }

  Report Rep;
  std::mutex Mutex;
  std::set<std::string> Claimed;
  std::map<std::string, std::string> Outputs;
  TUCallbacks CB;
  CB.Claim = [&](const std::string& Abs) {
    std::lock_guard<std::mutex> Lock(Mutex);
    return Claimed.insert(Abs).second;
  };
  CB.Emit = [&](const std::string& Abs, std::string Text) {
    std::lock_guard<std::mutex> Lock(Mutex);
    Outputs[Abs] = std::move(Text);
  };

  std::atomic<unsigned> Done{0};
  std::atomic<bool> Failed{false};
  {
    llvm::DefaultThreadPool Pool(llvm::hardware_concurrency(std::max(1u, O.Jobs)));
    for (const std::string& F : Units)
      Pool.async([&, F] {
        clang::tooling::ClangTool Tool(DB, {F});
        Tool.appendArgumentsAdjuster(clang::tooling::getInsertArgumentAdjuster(
            {"-resource-dir=" CASSETTE_CLANG_RESOURCE_DIR, "-Wno-everything"},
            clang::tooling::ArgumentInsertPosition::BEGIN));
        std::unique_ptr<clang::tooling::FrontendActionFactory> Factory = makeRewriteActionFactory(O, Rep, CB);
        int RC = Tool.run(Factory.get());
        unsigned N = ++Done;
        std::lock_guard<std::mutex> Lock(Mutex);
        llvm::errs() << "[" << N << "/" << Units.size() << "] " << F << (RC ? " (failed)" : "") << "\n";
        if (RC) Failed = true;
      });
    Pool.wait();
  }
  if (Failed) {
    llvm::errs() << "cassette-rewrite: error: a translation unit did not parse; nothing was written to "
                 << O.OutDir << "\n";
    return 1;
  }
  std::string Error;
  if (!replaceOutDir(O, Outputs, Error)) {
    llvm::errs() << "cassette-rewrite: error: " << Error << "; " << O.OutDir << " is unchanged\n";
    return 1;
  }
  llvm::errs() << Rep.summary();
  if (!O.ReportPath.empty() && !Rep.writeJSON(O.ReportPath, Error)) {
    llvm::errs() << "cassette-rewrite: error: cannot write report " << O.ReportPath << ": " << Error << "\n";
    return 1;
  }
  return 0;
}

}  // namespace cassette::rewrite

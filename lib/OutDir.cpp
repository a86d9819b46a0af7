#include "OutDir.h"

#include <tuple>

#include "Paths.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

namespace cassette::rewrite {

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

std::error_code walkRoot(const Options& O, llvm::function_ref<bool(const std::string&, fs::file_type)> Visit) {
  // A build directory inside the root is not source (one that contains the
  // root is just where compile_commands.json lives).
  bool BuildDirInRoot = !O.BuildDir.empty() && O.BuildDir != O.Root && under(O.BuildDir, O.Root);
  std::error_code EC;
  for (fs::recursive_directory_iterator It(O.Root, EC, /*follow_symlinks=*/false), End; It != End && !EC;
       It.increment(EC)) {
    std::string P = It->path();
    fs::file_type Type = It->type();
    if (Type == fs::file_type::type_unknown) {  // some file systems do not say in the directory entry
      fs::file_status St;
      if (!fs::status(P, St, /*follow=*/false)) Type = St.type();
    }
    if (Type == fs::file_type::directory_file &&
        (path::filename(P) == ".git" || under(P, O.OutDir) || (BuildDirInRoot && under(P, O.BuildDir)))) {
      It.no_push();
      continue;
    }
    if (!Visit(P, Type)) break;
  }
  return EC;
}

namespace {

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

// Links stay links, so that a header reached by two paths is still one file
// (#pragma once) and a linked directory still resolves: into the mirror
// (relative) when the target is under --root, else to the same absolute
// target, which is not rewritten. A dangling link is not mirrored.
bool mirrorLink(const Options& O, const std::string& P, const std::string& Rel, const std::string& Dest,
                std::string& Error) {
  llvm::SmallString<256> Real;
  if (fs::real_path(P, Real)) {
    llvm::errs() << "cassette-rewrite: warning: " << P << " is a dangling symbolic link; not mirrored\n";
    return true;
  }
  std::string Target = std::string(Real);
  if (under(Real, O.Root)) {
    std::string Up;
    for (auto C = path::begin(path::parent_path(Rel)), E = path::end(path::parent_path(Rel)); C != E; ++C) Up += "../";
    Target = Real == O.Root ? (Up.empty() ? std::string(".") : Up) : Up + Real.substr(O.Root.size() + 1).str();
  }
  if (std::error_code EC = fs::create_link(Target, Dest)) {
    Error = Dest + ": " + EC.message();
    return false;
  }
  return true;
}

// One entry of the root, mirrored into Tmp (a rewritten file is written
// after the walk). False after an error.
bool mirrorEntry(const Options& O, const std::string& Tmp, const std::map<std::string, std::string>& Outputs,
                 const std::string& P, fs::file_type Type, std::string& Error) {
  std::string Rel = P.substr(O.Root.size() + 1);
  std::string Dest = Tmp + "/" + Rel;
  std::error_code EC;
  if (Type == fs::file_type::directory_file) {
    if ((EC = fs::create_directories(Dest, true, fs::all_all))) Error = Dest + ": " + EC.message();
    return !EC;
  }
  if (Type != fs::file_type::regular_file && Type != fs::file_type::symlink_file) {
    llvm::errs() << "cassette-rewrite: warning: " << P << " is not a regular file; not mirrored\n";
    return true;
  }
  if (Type == fs::file_type::symlink_file) return mirrorLink(O, P, Rel, Dest, Error);
  if (Outputs.count(P)) return true;
  if ((EC = fs::copy_file(P, Dest))) {
    Error = Dest + ": " + EC.message();
    return false;
  }
  if (llvm::ErrorOr<fs::perms> Perms = fs::getPermissions(P)) fs::setPermissions(Dest, *Perms);
  keepTimeIfUnchanged(O.OutDir + "/" + Rel, Dest);
  return true;
}

// A mirror of the root in Tmp: every file, then the rewritten ones over it.
bool buildTree(const Options& O, const std::string& Tmp, const std::map<std::string, std::string>& Outputs,
               std::string& Error) {
  bool Failed = false;
  std::error_code EC = walkRoot(O, [&](const std::string& P, fs::file_type Type) {
    Failed = !mirrorEntry(O, Tmp, Outputs, P, Type, Error);
    return !Failed;
  });
  if (Failed) return false;
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
  return writeFile(Tmp + "/" + OutDirMarker,
                   "Written by cassette-rewrite from --root " + O.Root + "; replaced whole by every run.\n", Error);
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
  std::string Text = Escaped(O.OutDir + "/" + OutDirMarker) + ":";
  for (const std::string& D : Deps) Text += " \\\n  " + Escaped(D);
  return Text + "\n";
}

// #line directives naming the file they stand in become line-only: the
// lines stay the original's, and __FILE__ (and the debug info's file) are the
// name the out-dir's build compiles it by, as the original's build did. A
// project that compiles by relative path, or copies a source under another
// name (gflags' gflags_unittest-main.cc), sees its own names; the project
// include maps the out-dir back to --root for absolute ones. Once a directive
// names another file (a pass's text, a header's anchor), the later ones keep
// their names: only a named directive returns to this file.
std::string lineDirectivesAsCompiled(const std::string& Path, const std::string& Text) {
  const std::string Self = " " + quoted(Path);
  std::string Out;
  Out.reserve(Text.size());
  bool ElsewhereSeen = false;
  size_t Pos = 0;
  while (Pos < Text.size()) {
    size_t End = Text.find('\n', Pos);
    End = End == std::string::npos ? Text.size() : End + 1;
    llvm::StringRef Line(Text.data() + Pos, End - Pos);
    llvm::StringRef Body = Line.rtrim("\r\n"), Number;
    if (Body.consume_front("#line ")) {  // the form the rewriter writes
      size_t Space = Body.find(' ');
      Number = Body.take_front(Space);
      llvm::StringRef Name = Space == llvm::StringRef::npos ? "" : Body.drop_front(Space);
      if (Name == Self && !ElsewhereSeen) {
        Out += "#line " + Number.str() + Line.drop_front(Line.rtrim("\r\n").size()).str();
        Pos = End;
        continue;
      }
      if (!Name.empty() && Name != Self) ElsewhereSeen = true;
    } else if (llvm::StringRef D = Body.ltrim(); D.consume_front("#")) {
      // The source's own markers (`# 12 "gram.y"`, `  #line 3 "x"`) that
      // name a file: ours after them keep their names.
      D = D.ltrim();
      D.consume_front("line");
      if (!D.empty() && (D.front() == ' ' || D.front() == '\t') && D.ltrim().contains('"') &&
          llvm::isDigit(D.ltrim().front()))
        ElsewhereSeen = true;
    }
    Out += Line;
    Pos = End;
  }
  return Out;
}

// Building the out-dir with the project's own CMake files, which often pin an
// older standard after project() (`set(CMAKE_CXX_STANDARD 11)`), where a
// -DCMAKE_CXX_STANDARD or a flag cannot reach: cmake -S OUT -B BUILD
// -DCMAKE_PROJECT_INCLUDE=OUT/.cassette-project.cmake. Included after the
// first project(), it raises every target to C++20 once all CMakeLists.txt
// are read (a deferred call), and puts the runtime on the include path.
const char* const ProjectInclude = ".cassette-project.cmake";

std::string projectIncludeText(const Options& O, const std::map<std::string, std::string>& OwnStandards) {
  std::string Runtime = O.RuntimeDir.empty() ? "" : "include_directories(SYSTEM \"" + O.RuntimeDir + "\")\n";
  // Units that are not valid C++20, passed through: their own standard, after
  // the target's (the rewritten headers they include hide their twins).
  std::string OwnStd;
  for (const auto& [Rel, Std] : OwnStandards) OwnStd += "set(\"_cassette_own_std_" + Rel + "\" \"" + Std + "\")\n";
  // Debug info names the original's files (the rewritten files' #line
  // directives give the original's lines, lineDirectivesAsCompiled), so a
  // debugger shows the original's text. __FILE__ names the out-dir's file, as
  // every other path of this build does: a test that finds its sources from
  // __FILE__ and from where it runs (Catch2's approval tests) sees one tree.
  // C and C++ only (CUDA's or an assembler's compiler may not know it).
  std::string Root;
  for (char C : O.Root) Root += (C == '"' || C == '\\' || C == '$') ? std::string("\\") + C : std::string(1, C);
  std::string PrefixMap =
      "add_compile_options(\"$<$<COMPILE_LANGUAGE:C,CXX>:-fdebug-prefix-map=${CMAKE_CURRENT_LIST_DIR}=" + Root +
      ">\")\n";
  return "# Written by cassette-rewrite. Build this tree with the project's own CMake files:\n"
         "#   cmake -S <this dir> -B <build> -DCMAKE_PROJECT_INCLUDE=<this dir>/" +
         std::string(ProjectInclude) +
         "\n# Every target is compiled as C++20 (twins need it), whatever the project sets.\n"
         "include_guard(GLOBAL)\n"
         "if(CMAKE_VERSION VERSION_LESS 3.19)\n"
         "  message(FATAL_ERROR \"building a cassette-rewrite out-dir needs CMake 3.19 or later\")\n"
         "endif()\n"
         "# The project's own policies stay as it set them (CMP0107 and others\n"
         "# change what its files may do): this file's run under their own.\n"
         "cmake_policy(PUSH)\n"
         "cmake_policy(VERSION 3.19)\n" +
         Runtime + PrefixMap + OwnStd +
         "function(_cassette_raise_standard dir)\n"
         "  get_property(targets DIRECTORY \"${dir}\" PROPERTY BUILDSYSTEM_TARGETS)\n"
         "  foreach(t IN LISTS targets)\n"
         "    get_target_property(type \"${t}\" TYPE)\n"
         "    if(NOT type MATCHES \"^(INTERFACE_LIBRARY|UTILITY)$\")\n"
         "      set_target_properties(\"${t}\" PROPERTIES CXX_STANDARD 20 CXX_STANDARD_REQUIRED ON)\n"
         "    endif()\n"
         "    get_target_property(sources \"${t}\" SOURCES)\n"
         "    get_target_property(source_dir \"${t}\" SOURCE_DIR)\n"
         "    foreach(s IN LISTS sources)\n"
         "      if(NOT IS_ABSOLUTE \"${s}\")\n"
         "        set(s \"${source_dir}/${s}\")\n"
         "      endif()\n"
         "      file(RELATIVE_PATH rel \"${CMAKE_CURRENT_FUNCTION_LIST_DIR}\" \"${s}\")\n"
         "      if(DEFINED _cassette_own_std_${rel})\n"
         "        set_property(SOURCE \"${s}\" TARGET_DIRECTORY \"${t}\" APPEND PROPERTY COMPILE_OPTIONS\n"
         "                     \"${_cassette_own_std_${rel}}\")\n"
         "      endif()\n"
         "    endforeach()\n"
         "  endforeach()\n"
         "  get_property(subdirs DIRECTORY \"${dir}\" PROPERTY SUBDIRECTORIES)\n"
         "  foreach(d IN LISTS subdirs)\n"
         "    _cassette_raise_standard(\"${d}\")\n"
         "  endforeach()\n"
         "endfunction()\n"
         "cmake_language(DEFER DIRECTORY \"${CMAKE_SOURCE_DIR}\" CALL _cassette_raise_standard "
         "\"${CMAKE_SOURCE_DIR}\")\n"
         "cmake_policy(POP)\n";
}

}  // namespace

bool mayReplace(const Options& O, std::string& Error) {
  if (!fs::exists(O.OutDir)) return true;
  if (fs::exists(O.OutDir + "/" + OutDirMarker)) return true;
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
  Error = "--out-dir " + O.OutDir + " is not empty and was not written by cassette-rewrite (no " + OutDirMarker +
          " in it); it would be replaced, so name a new or empty directory";
  return false;
}

namespace {

// The report and the depfile are written next to their places first, so that
// one that cannot be written leaves the out-dir untouched too; they are
// renamed into place once the out-dir is.
struct SideFiles {
  std::string ReportTmp, DepfileTmp;
  void remove() const {
    if (!ReportTmp.empty()) fs::remove(ReportTmp);
    if (!DepfileTmp.empty()) fs::remove(DepfileTmp);
  }
};

bool writeSideFiles(const Options& O, const Report& Rep, const std::set<std::string>& Deps, SideFiles& Side) {
  std::string Suffix = ".cassette-tmp." + std::to_string(llvm::sys::Process::getProcessId());
  std::string Error;
  if (!O.ReportPath.empty()) {
    Side.ReportTmp = O.ReportPath + Suffix;
    if (!Rep.writeJSON(Side.ReportTmp, Error)) {
      Side.remove();
      llvm::errs() << "cassette-rewrite: error: cannot write report " << O.ReportPath << ": " << Error
                   << "; nothing was written to " << O.OutDir << "\n";
      return false;
    }
  }
  if (!O.DepfilePath.empty()) {
    Side.DepfileTmp = O.DepfilePath + Suffix;
    if (!writeFile(Side.DepfileTmp, depfileText(O, Deps), Error)) {
      Side.remove();
      llvm::errs() << "cassette-rewrite: error: cannot write depfile " << O.DepfilePath << ": " << Error
                   << "; nothing was written to " << O.OutDir << "\n";
      return false;
    }
  }
  return true;
}

bool renameSideFiles(const Options& O, const SideFiles& Side) {
  for (auto [Tmp, Final, What] :
       {std::tuple{&Side.ReportTmp, &O.ReportPath, "report"}, std::tuple{&Side.DepfileTmp, &O.DepfilePath, "depfile"}})
    if (!Tmp->empty())
      if (std::error_code EC = fs::rename(*Tmp, *Final)) {
        Side.remove();
        llvm::errs() << "cassette-rewrite: error: cannot write " << What << " " << *Final << ": " << EC.message()
                     << "\n";
        return false;
      }
  return true;
}

}  // namespace

bool commitOutDir(const Options& O, std::map<std::string, std::string> Outputs, const Report& Rep,
                  const std::set<std::string>& Deps, const std::map<std::string, std::string>& OwnStandards) {
  SideFiles Side;
  if (!writeSideFiles(O, Rep, Deps, Side)) return false;
  for (auto& [Path, Text] : Outputs) Text = lineDirectivesAsCompiled(Path, Text);
  // For the project's own build of the out-dir (docs/cmake.md).
  Outputs[O.Root + "/" + ProjectInclude] = projectIncludeText(O, OwnStandards);
  if (std::string Error; !replaceOutDir(O, Outputs, Error)) {
    Side.remove();
    llvm::errs() << "cassette-rewrite: error: " << Error << "; " << O.OutDir << " is unchanged\n";
    return false;
  }
  return renameSideFiles(O, Side);
}

}  // namespace cassette::rewrite

#include "Paths.h"

#include <vector>

#include "Rewrite.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

namespace cassette::rewrite {

bool under(llvm::StringRef Path, llvm::StringRef Dir) {
  if (Dir == "/") return true;
  return Path == Dir || (Path.starts_with(Dir) && Path.size() > Dir.size() && Path[Dir.size()] == '/');
}

std::string realPathOr(llvm::StringRef Path) {
  llvm::SmallString<256> Real;
  return fs::real_path(Path, Real) ? Path.str() : std::string(Real);
}

std::string resolve(const std::string& P) {
  llvm::SmallString<256> Abs(P);
  fs::make_absolute(Abs);
  path::remove_dots(Abs, true);
  std::string Cur(Abs);
  std::vector<std::string> Missing;
  llvm::SmallString<256> Real;
  while (fs::real_path(Cur, Real)) {
    std::string Parent = std::string(path::parent_path(Cur));
    if (Parent.empty() || Parent == Cur) return std::string(Abs);
    Missing.push_back(std::string(path::filename(Cur)));
    Cur = Parent;
  }
  for (auto It = Missing.rbegin(); It != Missing.rend(); ++It) path::append(Real, *It);
  return std::string(Real);
}

std::string existingAncestor(llvm::StringRef P) {
  std::string Cur = P.str();
  while (!fs::exists(Cur)) {
    std::string Parent = std::string(path::parent_path(Cur));
    if (Parent.empty() || Parent == Cur) break;
    Cur = Parent;
  }
  return Cur;
}

std::string displayPath(const Options& O, llvm::StringRef Path) {
  std::string Abs = realPathOr(Path);
  llvm::StringRef Rel(Abs);
  if (Rel.consume_front(O.Root) && Rel.consume_front("/")) return Rel.str();
  return Abs;
}

std::string quoted(llvm::StringRef S) {
  std::string Out = "\"";
  for (char C : S) {
    if (C == '"' || C == '\\') Out += '\\';
    Out += C;
  }
  return Out + "\"";
}

}  // namespace cassette::rewrite

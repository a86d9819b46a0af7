#include "ContextHeader.h"

#include <map>

#include "Parse.h"
#include "Paths.h"
#include "clang/Frontend/FrontendActions.h"
#include "llvm/Support/ThreadPool.h"

namespace cassette::rewrite {

namespace {

// What makes two commands preprocess the context header alike: the
// directory and the command but the unit's own name and outputs.
std::string preprocessingKey(const clang::tooling::CompilationDatabase& DB, const std::string& F) {
  std::vector<clang::tooling::CompileCommand> Commands = DB.getCompileCommands(F);
  if (Commands.empty()) return F;
  const clang::tooling::CompileCommand& C = Commands.front();
  std::string Key = C.Directory;
  for (const std::string& A : commandWithoutOutputs(C.CommandLine))
    if (A != C.Filename) Key += '\0' + A;
  return Key;
}

// Every file that `#include <the context header>` reads in place of F's
// text, with F's command, C++20 and the runtime on the include path.
std::vector<std::string> filesReadByContextHeader(const clang::tooling::CompilationDatabase& DB, const Options& O,
                                                  const std::string& F) {
  std::map<std::string, std::string> Overlay = {{realPathOr(F), "#include " + quoted(O.ContextHeader) + "\n"}};
  StandardRaise Raise;
  clang::tooling::ArgumentsAdjuster Adjust = clang::tooling::combineAdjusters(
      raiseStandard(Raise), clang::tooling::getInsertArgumentAdjuster(("-I" + O.RuntimeDir).c_str(),
                                                                      clang::tooling::ArgumentInsertPosition::END));
  auto Preprocess = clang::tooling::newFrontendActionFactory<clang::PreprocessOnlyAction>();
  return parseUnit(DB, F, O, *Preprocess, O.RuntimeDir.empty() ? nullptr : Adjust, &Overlay).Deps;
}

}  // namespace

std::set<std::string> treeFilesTheContextHeaderIncludes(const clang::tooling::CompilationDatabase& DB, const Options& O,
                                                        const std::vector<std::string>& Units) {
  if (O.OverdubMain.empty()) return {};
  std::map<std::string, std::string> ByKey;  // one unit per distinct command, the first given
  for (const std::string& F : Units) ByKey.emplace(preprocessingKey(DB, F), F);
  std::vector<std::string> Representatives;
  for (const auto& [Key, F] : ByKey) Representatives.push_back(F);
  std::vector<std::vector<std::string>> Read(Representatives.size());
  {
    llvm::DefaultThreadPool Pool(llvm::hardware_concurrency(std::max(1u, O.Jobs)));
    for (size_t I = 0; I < Representatives.size(); ++I)
      Pool.async([&, I] { Read[I] = filesReadByContextHeader(DB, O, Representatives[I]); });
    Pool.wait();
  }
  std::set<std::string> Out;
  for (size_t I = 0; I < Representatives.size(); ++I) {
    std::string Main = realPathOr(Representatives[I]);
    for (const std::string& D : Read[I]) {
      std::string Real = realPathOr(D);
      // Not the unit's main file (read as the include itself), nor the runtime.
      if (Real != Main && under(Real, O.Root) && (O.RuntimeDir.empty() || !under(Real, O.RuntimeDir))) Out.insert(Real);
    }
  }
  return Out;
}

}  // namespace cassette::rewrite

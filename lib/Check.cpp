#include "Check.h"

#include <algorithm>

#include "Parse.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"

namespace cassette::rewrite {

namespace {

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

// One unit parsed as the build will parse it.
ParseResult parseRewritten(const clang::tooling::CompilationDatabase& DB, const Options& O, const std::string& F,
                           const std::map<std::string, std::string>& Outputs) {
  StandardRaise Raise;
  // Every instantiation step, so that an error in the runtime's or a
  // context's templates leads back to the twin's call site; and every error,
  // so that one round takes away all the twins they point at.
  std::vector<std::string> Extra = {"-I" + O.RuntimeDir, "-ftemplate-backtrace-limit=0", "-ferror-limit=0"};
  clang::tooling::ArgumentsAdjuster Adjust = clang::tooling::combineAdjusters(
      raiseStandard(Raise),
      clang::tooling::getInsertArgumentAdjuster(Extra, clang::tooling::ArgumentInsertPosition::END));
  auto SyntaxOnly = clang::tooling::newFrontendActionFactory<clang::SyntaxOnlyAction>();
  return parseUnit(DB, F, O, *SyntaxOnly, Adjust, &Outputs);
}

// What the errors of unit F say: the twins they come from, or that they
// point at none.
void addErrors(const std::string& F, const ParseResult& P, const Spans& S, CheckResult& R) {
  if (P.Compiled) return;
  bool Placed = false;
  for (size_t I = 0; I < P.ErrorChains.size(); ++I)
    if (const TwinSpan* T = twinAt(S, P.ErrorChains[I])) {
      R.Exclude.emplace(T->Key, I < P.Errors.size() ? P.Errors[I] : "error");
      R.Names.emplace(T->Key, T->Name);
      Placed = true;
    }
  if (!Placed) R.Unplaced.emplace_back(F, P.Errors.empty() ? "error" : P.Errors.front());
}

}  // namespace

CheckResult checkRewritten(const clang::tooling::CompilationDatabase& DB, const Options& O,
                           const std::vector<std::string>& Units, const std::map<std::string, std::string>& Outputs,
                           const Spans& S) {
  std::vector<ParseResult> Parsed(Units.size());
  {
    llvm::DefaultThreadPool Pool(llvm::hardware_concurrency(std::max(1u, O.Jobs)));
    for (size_t I = 0; I < Units.size(); ++I)
      Pool.async([&, I] { Parsed[I] = parseRewritten(DB, O, Units[I], Outputs); });
    Pool.wait();
  }
  // In the units' order, so that what is found does not depend on which
  // unit finished first.
  CheckResult R;
  for (size_t I = 0; I < Units.size(); ++I) addErrors(Units[I], Parsed[I], S, R);
  std::sort(R.Unplaced.begin(), R.Unplaced.end());
  return R;
}

}  // namespace cassette::rewrite

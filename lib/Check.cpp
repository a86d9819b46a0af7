#include "Check.h"

#include <algorithm>

#include "Parse.h"
#include "Paths.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"

namespace cassette::rewrite {

namespace {

// The function whose twin the error of Chain comes from: the innermost twin
// that copies a line the error or one of its notes ("in instantiation of ...
// requested here") points at, first place first; and that place.
std::pair<const TwinSpan*, const Place*> twinAt(const Spans& S, const std::vector<Place>& Chain) {
  for (const Place& P : Chain) {
    auto It = S.find(P.first);
    if (It == S.end()) continue;
    const TwinSpan* Best = nullptr;
    for (const TwinSpan& T : It->second)
      if (T.First <= P.second && P.second <= T.Last && (!Best || T.Last - T.First < Best->Last - Best->First))
        Best = &T;
    if (Best) return {Best, &P};
  }
  return {nullptr, nullptr};
}

// Line N of the original file Path, trimmed; empty if it cannot be read.
std::string originalLine(const std::string& Path, unsigned N) {
  auto Buffer = llvm::MemoryBuffer::getFile(Path);
  if (!Buffer || N == 0) return "";
  llvm::StringRef Text = (*Buffer)->getBuffer();
  for (unsigned I = 1; I < N && !Text.empty(); ++I) Text = Text.split('\n').second;
  return Text.split('\n').first.trim().str();
}

// Error I of P as the report gives it, with the line of the twin that led to
// it, the original's, quoting that line: a person recognises it where the
// rewritten line, with its protocol, is hard to read. One raised inside the
// runtime's headers (an operator that a hook's result lacks) is placed at
// that line, where it was raised following; one raised elsewhere (a
// context's static_assert) keeps its place, the line following.
std::string errorAtTwin(const Options& O, const ParseResult& P, size_t I, const Place& At) {
  if (I >= P.Errors.size()) return "error";
  const auto& Chain = P.ErrorChains[I];
  if (I >= P.Messages.size() || Chain.empty() || Chain.front() == At) return P.Errors[I];
  std::string Where = displayPath(O, At.first) + ":" + std::to_string(At.second);
  std::string Line = originalLine(At.first, At.second);
  bool InRuntime = !O.RuntimeDir.empty() && under(realPathOr(Chain.front().first), realPathOr(O.RuntimeDir));
  if (!InRuntime) return P.Errors[I] + " (from " + Where + (Line.empty() ? "" : ": `" + Line + "`") + ")";
  // An error is its place, then its message (Parse.cpp's ErrorRecorder).
  llvm::StringRef Raised =
      llvm::StringRef(P.Errors[I]).drop_back(std::min(P.Errors[I].size(), P.Messages[I].size())).rtrim(": ");
  std::string Text = Where + ": " + P.Messages[I];
  if (!Line.empty()) Text += ", in `" + Line + "`";
  if (!Raised.empty()) Text += " (raised at " + Raised.str() + ")";
  return Text;
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
void addErrors(const Options& O, const std::string& F, const ParseResult& P, const Spans& S,
               const std::map<std::string, std::string>& Outputs, CheckResult& R) {
  if (P.Compiled) return;
  bool Placed = false;
  for (size_t I = 0; I < P.ErrorChains.size(); ++I)
    if (auto [T, At] = twinAt(S, P.ErrorChains[I]); T) {
      R.Exclude.emplace(T->Key, errorAtTwin(O, P, I, *At));
      R.Names.emplace(T->Key, T->Name);
      Placed = true;
    }
  if (Placed) return;
  R.Unplaced.emplace_back(F, P.Errors.empty() ? "error" : P.Errors.front());
  // An error raised in text the rewriter wrote outside the twins (a class's
  // thunks or callers, a use of a macro expanded at namespace scope): that
  // file is kept as written. One raised elsewhere (the context's header, the
  // runtime's) is not the file's, and stays unplaced.
  for (size_t I = 0; I < P.ErrorChains.size() && I < P.Errors.size(); ++I) {
    if (P.ErrorChains[I].empty()) continue;
    std::string File = realPathOr(P.ErrorChains[I].front().first);
    if (Outputs.count(File) && under(File, O.Root)) R.Keep.emplace(File, P.Errors[I]);
  }
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
  for (size_t I = 0; I < Units.size(); ++I) addErrors(O, Units[I], Parsed[I], S, Outputs, R);
  std::sort(R.Unplaced.begin(), R.Unplaced.end());
  return R;
}

}  // namespace cassette::rewrite

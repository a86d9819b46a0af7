#include "Report.h"

#include <algorithm>
#include <tuple>

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

namespace cassette::rewrite {

void Report::twinned(const std::string& Function, Location Where) {
  std::lock_guard<std::mutex> Lock(Mutex);
  Twins.emplace_back(Function, std::move(Where));
}

void Report::rewritten(const std::string& Kind, Location) {
  std::lock_guard<std::mutex> Lock(Mutex);
  ++RewrittenByKind[Kind];
  ++RewrittenTotal;
}

void Report::skipped(const std::string& What, const std::string& Reason, Location Where) {
  std::lock_guard<std::mutex> Lock(Mutex);
  Skips.push_back({What, Reason, std::move(Where)});
}

void Report::note(const std::string& Text) {
  std::lock_guard<std::mutex> Lock(Mutex);
  Notes.push_back(Text);
}

void Report::expanded(const std::string& Macro, Location Where) {
  std::lock_guard<std::mutex> Lock(Mutex);
  Expansions.emplace_back(Macro, std::move(Where));
}

void Report::setBuiltinOperators(bool Intercepted) {
  std::lock_guard<std::mutex> Lock(Mutex);
  BuiltinOperators = Intercepted;
}

void Report::builtinOperatorAsWritten() {
  std::lock_guard<std::mutex> Lock(Mutex);
  ++BuiltinOperatorsAsWritten;
}

void Report::merge(const Report& Other) {
  std::scoped_lock Lock(Mutex, Other.Mutex);
  Twins.insert(Twins.end(), Other.Twins.begin(), Other.Twins.end());
  for (const auto& [Kind, N] : Other.RewrittenByKind) RewrittenByKind[Kind] += N;
  RewrittenTotal += Other.RewrittenTotal;
  Skips.insert(Skips.end(), Other.Skips.begin(), Other.Skips.end());
  Notes.insert(Notes.end(), Other.Notes.begin(), Other.Notes.end());
  Expansions.insert(Expansions.end(), Other.Expansions.begin(), Other.Expansions.end());
  BuiltinOperatorsAsWritten += Other.BuiltinOperatorsAsWritten;
}

std::string Report::summary() const {
  std::lock_guard<std::mutex> Lock(Mutex);
  std::string S;
  llvm::raw_string_ostream OS(S);
  OS << "cassette-rewrite: " << Twins.size() << " functions twinned, " << RewrittenTotal
     << " call sites rewritten, " << Skips.size() << " skipped\n";
  std::map<std::string, unsigned> ByReason;
  for (const Skip& K : Skips) ++ByReason[K.Reason];
  for (const auto& [Reason, N] : ByReason) OS << "  skipped " << N << ": " << Reason << "\n";
  if (!BuiltinOperators)
    OS << "  " << BuiltinOperatorsAsWritten
       << " builtin operators left as written, not intercepted (--no-builtin-operators)\n";
  if (!Expansions.empty()) {
    std::map<std::string, unsigned> ByMacro;
    for (const auto& E : Expansions) ++ByMacro[E.first];
    OS << "  " << Expansions.size() << " macro uses replaced by their expansion:";
    for (const auto& [Macro, N] : ByMacro) OS << " " << Macro << " " << N;
    OS << "\n";
  }
  for (const std::string& N : sortedNotes()) OS << "  note: " << N << "\n";
  return S;
}

// Notes come from units in the order they finished: sorted, so that the
// summary and the report do not depend on it.
std::vector<std::string> Report::sortedNotes() const {
  std::vector<std::string> Sorted = Notes;
  std::sort(Sorted.begin(), Sorted.end());
  return Sorted;
}

static llvm::json::Object toJSON(const Location& L) {
  return llvm::json::Object{{"file", L.File}, {"line", L.Line}, {"column", L.Column}};
}

bool Report::writeJSON(const std::string& Path, std::string& Error) const {
  std::lock_guard<std::mutex> Lock(Mutex);
  auto Sorted = [](auto V, auto Key) {
    std::sort(V.begin(), V.end(), [&](const auto& A, const auto& B) { return Key(A) < Key(B); });
    return V;
  };
  auto LocKey = [](const Location& L) { return std::make_tuple(L.File, L.Line, L.Column); };

  llvm::json::Array TwinArray;
  // Sorted on every field, so that the report is the same whatever order
  // parallel units finished in.
  for (const auto& [Name, Where] :
       Sorted(Twins, [&](const auto& T) { return std::tuple_cat(LocKey(T.second), std::make_tuple(T.first)); })) {
    llvm::json::Object O = toJSON(Where);
    O["function"] = Name;
    TwinArray.push_back(std::move(O));
  }
  llvm::json::Object Kinds;
  for (const auto& [Kind, N] : RewrittenByKind) Kinds[Kind] = N;
  llvm::json::Array SkipArray;
  std::map<std::string, unsigned> ByReason;
  for (const Skip& K : Sorted(Skips, [&](const Skip& S) { return std::tuple_cat(LocKey(S.Where), std::make_tuple(S.What, S.Reason)); })) {
    llvm::json::Object O = toJSON(K.Where);
    O["what"] = K.What;
    O["reason"] = K.Reason;
    SkipArray.push_back(std::move(O));
    ++ByReason[K.Reason];
  }
  llvm::json::Object Reasons;
  for (const auto& [Reason, N] : ByReason) Reasons[Reason] = N;

  llvm::json::Array ExpansionArray;
  for (const auto& [Macro, Where] :
       Sorted(Expansions, [&](const auto& E) { return std::tuple_cat(LocKey(E.second), std::make_tuple(E.first)); })) {
    llvm::json::Object O = toJSON(Where);
    O["macro"] = Macro;
    ExpansionArray.push_back(std::move(O));
  }

  llvm::json::Object Root{
      {"functions_twinned", std::move(TwinArray)},
      {"call_sites_rewritten", llvm::json::Object{{"total", RewrittenTotal}, {"by_kind", std::move(Kinds)}}},
      {"call_sites_skipped", std::move(SkipArray)},
      {"skipped_by_reason", std::move(Reasons)},
      {"macros_expanded", std::move(ExpansionArray)},
      {"builtin_operators", llvm::json::Object{{"intercepted", BuiltinOperators},
                                               {"left_as_written", BuiltinOperatorsAsWritten}}},
      {"notes", llvm::json::Array(sortedNotes())},
  };
  std::error_code EC;
  llvm::raw_fd_ostream OS(Path, EC, llvm::sys::fs::OF_Text);
  if (EC) {
    Error = EC.message();
    return false;
  }
  OS << llvm::formatv("{0:2}", llvm::json::Value(std::move(Root))) << "\n";
  OS.close();
  if (OS.has_error()) {
    Error = OS.error().message();
    OS.clear_error();
    return false;
  }
  return true;
}

}  // namespace cassette::rewrite

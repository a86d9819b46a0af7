#include "Report.h"

#include <algorithm>
#include <tuple>

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

namespace cassette::rewrite {

void Report::twinned(const std::string& Function, Location Where) {
  std::lock_guard<std::mutex> Lock(Mutex);
  ++Twins[{place(Where), Function}];
}

void Report::rewritten(const std::string& Kind, Location Where) {
  std::lock_guard<std::mutex> Lock(Mutex);
  ++Rewritten[{place(Where), Kind}];
}

void Report::skipped(const std::string& What, const WhyNot& Why, Location Where) {
  std::string Text = Why.text();
  std::lock_guard<std::mutex> Lock(Mutex);
  ++Skips[{place(Where), What, std::move(Text), Why.reason(), Why.detail()}];
}

void Report::note(const std::string& Text) {
  std::lock_guard<std::mutex> Lock(Mutex);
  Notes.insert(Text);
}

void Report::expanded(const std::string& Macro, Location Where) {
  std::lock_guard<std::mutex> Lock(Mutex);
  ++Expansions[{place(Where), Macro}];
}

void Report::setBuiltinOperators(bool Intercepted) {
  std::lock_guard<std::mutex> Lock(Mutex);
  BuiltinOperators = Intercepted;
}

void Report::builtinOperatorAsWritten(Location Where) {
  std::lock_guard<std::mutex> Lock(Mutex);
  ++OperatorsAsWritten[place(Where)];
}

void Report::setPasses(std::vector<std::pair<std::string, std::string>> NameAndPlugin) {
  std::lock_guard<std::mutex> Lock(Mutex);
  Passes = std::move(NameAndPlugin);
}

void Report::passVisited(const std::string& Pass, const std::string& Function, Location Where) {
  std::lock_guard<std::mutex> Lock(Mutex);
  PassVisits[{Pass, place(Where), Function}] = 1;
}

void Report::passEdit(const std::string& Pass, const std::string& Function, const std::string& Kind, Location Where) {
  std::lock_guard<std::mutex> Lock(Mutex);
  ++PassEdits[{Pass, place(Where), Function, Kind}];
}

namespace {
template <class Map>
void mergeMax(Map& Into, const Map& From) {
  for (const auto& [Key, N] : From) {
    unsigned& M = Into[Key];
    M = std::max(M, N);
  }
}
template <class Map>
unsigned total(const Map& M) {
  unsigned N = 0;
  for (const auto& KV : M) N += KV.second;
  return N;
}
}  // namespace

void Report::merge(const Report& Other) {
  std::scoped_lock Lock(Mutex, Other.Mutex);
  mergeMax(Twins, Other.Twins);
  mergeMax(Rewritten, Other.Rewritten);
  mergeMax(Skips, Other.Skips);
  mergeMax(Expansions, Other.Expansions);
  mergeMax(OperatorsAsWritten, Other.OperatorsAsWritten);
  mergeMax(PassVisits, Other.PassVisits);
  mergeMax(PassEdits, Other.PassEdits);
  Notes.insert(Other.Notes.begin(), Other.Notes.end());
}

void Report::clear() {
  std::lock_guard<std::mutex> Lock(Mutex);
  Twins.clear();
  Rewritten.clear();
  Skips.clear();
  Expansions.clear();
  OperatorsAsWritten.clear();
  PassVisits.clear();
  PassEdits.clear();
  Notes.clear();
}

std::string Report::summary() const {
  std::lock_guard<std::mutex> Lock(Mutex);
  std::string S;
  llvm::raw_string_ostream OS(S);
  OS << "cassette-rewrite: " << total(Twins) << " functions twinned, " << total(Rewritten) << " call sites rewritten, "
     << total(Skips) << " skipped\n";
  std::map<std::string, unsigned> ByReason;
  for (const auto& [Key, N] : Skips) ByReason[std::get<2>(Key)] += N;
  for (const auto& [Reason, N] : ByReason) OS << "  skipped " << N << ": " << Reason << "\n";
  if (!BuiltinOperators)
    OS << "  " << total(OperatorsAsWritten)
       << " builtin operators left as written, not intercepted (--no-builtin-operators)\n";
  if (!Expansions.empty()) {
    std::map<std::string, unsigned> ByMacro;
    for (const auto& [Key, N] : Expansions) ByMacro[Key.second] += N;
    OS << "  " << total(Expansions) << " macro uses replaced by their expansion:";
    for (const auto& [Macro, N] : ByMacro) OS << " " << Macro << " " << N;
    OS << "\n";
  }
  for (const auto& [Name, Plugin] : Passes) {
    unsigned Visited = 0, Edits = 0;
    std::set<std::string> Edited;
    for (const auto& [Key, N] : PassVisits) Visited += std::get<0>(Key) == Name;
    for (const auto& [Key, N] : PassEdits)
      if (std::get<0>(Key) == Name) {
        Edits += N;
        Edited.insert(std::get<2>(Key));
      }
    OS << "  pass " << Name << ": " << Visited << " functions visited, " << Edited.size() << " edited (" << Edits
       << " edits)\n";
  }
  // Sorted (a set), so that nothing depends on the order units finished in.
  for (const std::string& N : Notes) OS << "  note: " << N << "\n";
  return S;
}

static llvm::json::Object toJSON(const std::tuple<std::string, unsigned, unsigned>& P) {
  return llvm::json::Object{{"file", std::get<0>(P)}, {"line", std::get<1>(P)}, {"column", std::get<2>(P)}};
}

bool Report::writeJSON(const std::string& Path, std::string& Error) const {
  std::lock_guard<std::mutex> Lock(Mutex);
  // The maps are ordered by place first, so the report is the same whatever
  // order parallel units finished in.
  llvm::json::Array TwinArray;
  for (const auto& [Key, N] : Twins)
    for (unsigned I = 0; I < N; ++I) {
      llvm::json::Object O = toJSON(Key.first);
      O["function"] = Key.second;
      TwinArray.push_back(std::move(O));
    }
  llvm::json::Object Kinds;
  std::map<std::string, unsigned> ByKind;
  for (const auto& [Key, N] : Rewritten) ByKind[Key.second] += N;
  for (const auto& [Kind, N] : ByKind) Kinds[Kind] = N;
  std::map<std::string, unsigned> ByReason, ByReasonId;
  for (const auto& [Key, N] : Skips) {
    ByReason[std::get<2>(Key)] += N;
    ByReasonId[skipReasonId(std::get<3>(Key)).str()] += N;
  }
  llvm::json::Object Reasons, ReasonIds;
  for (const auto& [Reason, N] : ByReason) Reasons[Reason] = N;
  for (const auto& [Id, N] : ByReasonId) ReasonIds[Id] = N;

  llvm::json::Array ExpansionArray;
  for (const auto& [Key, N] : Expansions)
    for (unsigned I = 0; I < N; ++I) {
      llvm::json::Object O = toJSON(Key.first);
      O["macro"] = Key.second;
      ExpansionArray.push_back(std::move(O));
    }

  std::error_code EC;
  llvm::raw_fd_ostream OS(Path, EC, llvm::sys::fs::OF_Text);
  if (EC) {
    Error = EC.message();
    return false;
  }
  // Keys in alphabetical order, as a json::Object prints them, except in a
  // skipped entry: its first fields as they always were (a check may read
  // them line by line), then the reason's id, category and detail.
  llvm::json::OStream J(OS, 2);
  J.object([&] {
    J.attribute("builtin_operators",
                llvm::json::Object{{"intercepted", BuiltinOperators}, {"left_as_written", total(OperatorsAsWritten)}});
    J.attribute("call_sites_rewritten", llvm::json::Object{{"total", total(Rewritten)}, {"by_kind", std::move(Kinds)}});
    J.attributeArray("call_sites_skipped", [&] { skippedJSON(J); });
    J.attribute("functions_twinned", std::move(TwinArray));
    J.attribute("macros_expanded", std::move(ExpansionArray));
    J.attribute("notes", llvm::json::Array(std::vector<std::string>(Notes.begin(), Notes.end())));
    // Per pass (in the order loaded): the functions it visited and the edits it made.
    if (!Passes.empty()) J.attributeArray("passes", [&] { passesJSON(J); });
    J.attribute("skipped_by_reason", std::move(Reasons));
    J.attribute("skipped_by_reason_id", std::move(ReasonIds));
  });
  OS << "\n";
  OS.close();
  if (OS.has_error()) {
    Error = OS.error().message();
    OS.clear_error();
    return false;
  }
  return true;
}

void Report::skippedJSON(llvm::json::OStream& J) const {
  for (const auto& [Key, N] : Skips) {
    const auto& [Where, What, Text, Reason, Detail] = Key;
    for (unsigned I = 0; I < N; ++I)
      J.object([&] {
        J.attribute("column", std::get<2>(Where));
        J.attribute("file", std::get<0>(Where));
        J.attribute("line", std::get<1>(Where));
        J.attribute("reason", Text);
        J.attribute("what", What);
        J.attribute("reason_id", skipReasonId(Reason));
        J.attribute("category", skipCategoryId(skipReasonCategory(Reason)));
        if (!Detail.empty()) J.attribute("detail", Detail);
      });
  }
}

void Report::passesJSON(llvm::json::OStream& J) const {
  for (const auto& [Name, Plugin] : Passes)
    J.object([&] {
      J.attributeArray("edits", [&] {
        for (const auto& [Key, N] : PassEdits) {
          const auto& [Pass, Where, Function, Kind] = Key;
          if (Pass != Name) continue;
          for (unsigned I = 0; I < N; ++I)
            J.object([&] {
              J.attribute("column", std::get<2>(Where));
              J.attribute("file", std::get<0>(Where));
              J.attribute("function", Function);
              J.attribute("kind", Kind);
              J.attribute("line", std::get<1>(Where));
            });
        }
      });
      J.attribute("name", Name);
      J.attribute("plugin", Plugin);
      J.attributeArray("visited", [&] {
        for (const auto& [Key, N] : PassVisits) {
          const auto& [Pass, Where, Function] = Key;
          if (Pass != Name) continue;
          J.object([&] {
            J.attribute("column", std::get<2>(Where));
            J.attribute("file", std::get<0>(Where));
            J.attribute("function", Function);
            J.attribute("line", std::get<1>(Where));
          });
        }
      });
    });
}

}  // namespace cassette::rewrite

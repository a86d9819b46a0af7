// The --report: what was twinned, which call sites were rewritten, and which
// were skipped and why ("every call, or a reason").
#pragma once

#include <map>
#include <mutex>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "SkipReasons.h"

namespace llvm::json {
class OStream;
}

namespace cassette::rewrite {

struct Location {
  std::string File;
  unsigned Line = 0;
  unsigned Column = 0;
};

class Report {
 public:
  void twinned(const std::string& Function, Location Where);
  void rewritten(const std::string& Kind, Location Where);
  /// What (a callee, a function, a construct) left as written, and why.
  void skipped(const std::string& What, const WhyNot& Why, Location Where);
  /// A finding about the whole run (printed in the summary, listed in "notes").
  void note(const std::string& Text);
  /// --no-builtin-operators: whether builtin operators are intercepted (set
  /// on the run's report), and one left as written by that choice (not a skip).
  void setBuiltinOperators(bool Intercepted);
  void builtinOperatorAsWritten(Location Where);
  /// A use of Macro replaced by its expansion so that what it spells is rewritten.
  void expanded(const std::string& Macro, Location Where);
  /// The passes of the run (name, plugin), in order (set on the run's report).
  void setPasses(std::vector<std::pair<std::string, std::string>> NameAndPlugin);
  /// Pass visited Function (declared at Where); it made an edit of Kind at Where.
  void passVisited(const std::string& Pass, const std::string& Function, Location Where);
  void passEdit(const std::string& Pass, const std::string& Function, const std::string& Kind, Location Where);
  /// Adds what a unit recorded. A header is rewritten by every unit that
  /// includes it, so an entry several units recorded at one place counts
  /// as often as the unit that recorded it most often, not once per unit.
  void merge(const Report& Other);
  /// Forgets every entry (the run rewrites again); keeps the settings.
  void clear();

  /// Summary lines for stderr: counts, and skipped sites per reason.
  std::string summary() const;
  bool writeJSON(const std::string& Path, std::string& Error) const;

 private:
  // writeJSON's arrays, with Mutex held.
  void skippedJSON(llvm::json::OStream& J) const;
  void passesJSON(llvm::json::OStream& J) const;
  using Place = std::tuple<std::string, unsigned, unsigned>;  // file, line, column
  static Place place(const Location& L) { return {L.File, L.Line, L.Column}; }
  mutable std::mutex Mutex;
  // Every entry is counted per (place, what): counts merge by maximum.
  std::map<std::pair<Place, std::string>, unsigned> Twins;           // function
  std::map<std::pair<Place, std::string>, unsigned> Rewritten;       // kind
  // what, the reason's text (with the detail), the reason, the detail: by
  // text first, so that the report lists skips in the order it always has.
  using Skip = std::tuple<Place, std::string, std::string, SkipReason, std::string>;
  std::map<Skip, unsigned> Skips;
  std::map<std::pair<Place, std::string>, unsigned> Expansions;      // macro
  std::map<Place, unsigned> OperatorsAsWritten;
  std::set<std::string> Notes;
  bool BuiltinOperators = true;
  std::vector<std::pair<std::string, std::string>> Passes;
  std::map<std::tuple<std::string, Place, std::string>, unsigned> PassVisits;               // pass, where, function
  std::map<std::tuple<std::string, Place, std::string, std::string>, unsigned> PassEdits;  // ..., kind
};

}  // namespace cassette::rewrite

// The --report: what was twinned, which call sites were rewritten, and which
// were skipped and why ("every call, or a reason").
#pragma once

#include <map>
#include <mutex>
#include <string>
#include <vector>

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
  void skipped(const std::string& What, const std::string& Reason, Location Where);
  /// A finding about the whole run (printed in the summary, listed in "notes").
  void note(const std::string& Text);
  /// --no-builtin-operators: whether builtin operators are intercepted (set
  /// on the run's report), and one left as written by that choice (not a skip).
  void setBuiltinOperators(bool Intercepted);
  void builtinOperatorAsWritten();
  /// A use of Macro replaced by its expansion so that what it spells is rewritten.
  void expanded(const std::string& Macro, Location Where);
  /// Adds everything Other recorded (a unit's own report, kept apart until
  /// the unit's final rewrite is known).
  void merge(const Report& Other);

  /// Summary lines for stderr: counts, and skipped sites per reason.
  std::string summary() const;
  bool writeJSON(const std::string& Path, std::string& Error) const;

 private:
  struct Skip {
    std::string What, Reason;
    Location Where;
  };
  std::vector<std::string> sortedNotes() const;  // with Mutex held
  mutable std::mutex Mutex;
  std::vector<std::pair<std::string, Location>> Twins;
  std::map<std::string, unsigned> RewrittenByKind;
  unsigned RewrittenTotal = 0;
  std::vector<Skip> Skips;
  std::vector<std::string> Notes;
  std::vector<std::pair<std::string, Location>> Expansions;
  bool BuiltinOperators = true;
  unsigned BuiltinOperatorsAsWritten = 0;
};

}  // namespace cassette::rewrite

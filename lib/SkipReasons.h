// Why something is left as written: one reason of the closed list in
// SkipReasons.def, plus the detail some reasons carry (a name, clang's first
// error). The --report and the summary print the reason's text with the
// detail in it; code decides by the reason or its category only.
#pragma once

#include <optional>
#include <string>

#include "llvm/ADT/StringRef.h"

namespace cassette::rewrite {

enum class SkipCategory {
#define SKIP_CATEGORY(Name, Id, Description) Name,
#include "SkipReasons.def"
};

enum class SkipReason {
#define SKIP_REASON(Name, Id, Category, Text) Name,
#include "SkipReasons.def"
};

/// The stable snake_case name (the report's "reason_id").
llvm::StringRef skipReasonId(SkipReason R);
SkipCategory skipReasonCategory(SkipReason R);
/// The text as the report prints it, `{}` standing for the detail.
llvm::StringRef skipReasonText(SkipReason R);
/// For a function without a twin: the text without "no twin: " (the cause,
/// as the notes about twins that other files cannot reach give it).
llvm::StringRef skipReasonCause(SkipReason R);
/// The stable snake_case name of a category (the report's "category").
llvm::StringRef skipCategoryId(SkipCategory C);

/// A reason with its detail, or none (empty).
class WhyNot {
 public:
  WhyNot() = default;
  WhyNot(SkipReason R, std::string Detail = "") : Reason(R), Detail(std::move(Detail)) {}
  bool empty() const { return !Reason; }
  /// Only when not empty.
  SkipReason reason() const { return *Reason; }
  SkipCategory category() const { return skipReasonCategory(*Reason); }
  const std::string& detail() const { return Detail; }
  /// The reason's text with the detail in place of `{}`.
  std::string text() const;
  bool operator==(SkipReason R) const { return Reason == R; }

 private:
  std::optional<SkipReason> Reason;
  std::string Detail;
};

}  // namespace cassette::rewrite

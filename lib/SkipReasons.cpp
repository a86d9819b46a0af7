#include "SkipReasons.h"

#include <cassert>

namespace cassette::rewrite {

namespace {
struct Entry {
  const char* Id;
  SkipCategory Category;
  const char* Text;
  const char* Cause;
};

// The texts without "no twin: ", then with it: NO_TWIN expanded twice.
constexpr Entry Entries[] = {
#define SKIP_REASON(Name, Id, Category, Text) {#Id, SkipCategory::Category, Text, Text},
#define NO_TWIN(Name, Id, Category, Text) {#Id, SkipCategory::Category, "no twin: " Text, Text},
#include "SkipReasons.def"
};

constexpr const char* CategoryIds[] = {
#define SKIP_CATEGORY(Name, Id, Description) #Id,
#include "SkipReasons.def"
};

const Entry& entry(SkipReason R) { return Entries[static_cast<unsigned>(R)]; }
}  // namespace

llvm::StringRef skipReasonId(SkipReason R) { return entry(R).Id; }
SkipCategory skipReasonCategory(SkipReason R) { return entry(R).Category; }
llvm::StringRef skipReasonText(SkipReason R) { return entry(R).Text; }
llvm::StringRef skipReasonCause(SkipReason R) { return entry(R).Cause; }
llvm::StringRef skipCategoryId(SkipCategory C) { return CategoryIds[static_cast<unsigned>(C)]; }

std::string WhyNot::text() const {
  assert(Reason && "no reason");
  llvm::StringRef Text = skipReasonText(*Reason);
  size_t Hole = Text.find("{}");
  assert((Hole != llvm::StringRef::npos || Detail.empty()) && "a detail for a reason that has no {}");
  if (Hole == llvm::StringRef::npos) return Text.str();
  return Text.take_front(Hole).str() + Detail + Text.drop_front(Hole + 2).str();
}

}  // namespace cassette::rewrite

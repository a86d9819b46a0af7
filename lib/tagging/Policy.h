// What --tagging (docs/tagging.md) changes outside the function bodies the
// collector walks: how a twin's signature spells a number, what a rewritten
// file includes, and which rewrites tagging rules out. With Planner.h, the
// only part of the rewriter that reads Options::Tagging: the rest asks these
// questions, each named for why tagging changes its answer.
#pragma once

#include <optional>
#include <string>

#include "Rewrite.h"
#include "SkipReasons.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"

namespace cassette::rewrite {

/// Whether values of type T may carry metadata: arithmetic builtin types
/// (not enums, pointers or classes; classes keep their layout and their
/// arithmetic fields are memory).
bool taggableType(clang::QualType T);
/// A variable usable in constant expressions (constexpr, or a const integral
/// one whose initialiser is a constant, or may be in a template): its
/// initialiser and its uses stay as written, also under --tagging.
bool constantVariable(const clang::VarDecl* VD, const clang::ASTContext& Ctx);

class TaggingPolicy {
 public:
  explicit TaggingPolicy(const Options& O) : On(O.Tagging) {}

  /// Whether a by-value parameter or result of type T is a tagged value in
  /// a twin's signature (`value_t<Ctx, T>`).
  bool taggedInSignature(clang::QualType T) const;
  /// How a twin's signature spells a by-value T written Spelling.
  std::string signatureType(clang::QualType T, const std::string& Spelling) const;
  /// Whether a twin's signature may differ from its original's (by-value
  /// numbers are tagged values): an original cannot then forward to its twin
  /// (whole-program entries), a function-pointer table cannot hold it, an
  /// explicit specialisation's guard cannot call it with plain values, and a
  /// call site cannot name it by address (CallPlan's NamedCallee).
  bool twinSignaturesDiffer() const { return On; }
  /// The runtime headers a rewritten file includes for tagging.
  std::string runtimeIncludes() const;
  /// A virtual thunk returns its original's type: the twin's tagged result
  /// is untagged on the way (metadata does not cross a thunk yet).
  std::string thunkResult(const std::string& TwinCall) const;
  /// Whether a value of type T may carry metadata: under tagging, a number.
  bool carriesMetadata(clang::QualType T) const { return On && taggableType(T); }
  /// Compiler builtins take plain numbers: their calls stay as written.
  bool builtinsRunAsWritten() const { return On; }
  /// Why a base or delegating initialiser is not hooked: under tagging the
  /// base's twin takes the tagged values as they are, which the hooks would
  /// evaluate a second time.
  std::optional<SkipReason> baseInitialiserUnhooked() const;

 private:
  friend class TaggingPlanner;
  bool On;
};

}  // namespace cassette::rewrite

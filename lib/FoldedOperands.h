// Operands clang folds to a constant without a constant context: a GNU
// `vector_size` argument and `__builtin_constant_p`'s operand. There,
// `__builtin_is_constant_evaluated()` is false, so a constexpr function's
// forward to its twin (whole-program mode) would be taken and would stop
// the folding: `vector_size(sq(2))` no longer compiles, and
// `__builtin_constant_p(sq(3))` turns from 1 to 0. Code generation folds
// such builtins the same way, so no condition in the forward tells the two
// apart: those functions' originals do not forward.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "clang/AST/Decl.h"
#include "clang/Lex/Preprocessor.h"

namespace cassette::rewrite {

/// The names written in such operands, as the parser reads them (macros
/// expanded), outside system headers. Filled by watch, given every token.
class FoldedOperandNames {
 public:
  explicit FoldedOperandNames(clang::Preprocessor& PP);
  void watch(const clang::Token& T);
  const std::set<std::string>& names() const { return Names; }

 private:
  const clang::SourceManager& SM;
  std::vector<const clang::IdentifierInfo*> Triggers;
  enum { Idle, AfterTrigger, InOperand } State = Idle;
  unsigned Depth = 0;
  std::set<std::string> Names;
};

/// The names of the constexpr functions among Functions that such an
/// operand names, or that one of those calls (clang folds their calls
/// too), by name: an overload or a member of another class so named is
/// included.
std::set<std::string> foldedConstexprNames(const std::set<std::string>& Written,
                                           const std::vector<const clang::FunctionDecl*>& Functions);

}  // namespace cassette::rewrite

// Editor::replace_matches: every `a + b` (builtin, on ints) becomes
// `(b) * (a)`, built from the matched operands' text.
#include <cassette/pass.hpp>

namespace {
using namespace clang::ast_matchers;
struct SwapPlus : cassette::pass::Pass {
  void run(const clang::FunctionDecl&, clang::ASTContext&, cassette::pass::Editor& E) override {
    E.replace_matches(
        binaryOperator(hasOperatorName("+"), hasLHS(expr().bind("lhs")), hasRHS(expr().bind("rhs"))).bind("sum"), "sum",
        [](const cassette::pass::Match& M) { return "(" + M.text("rhs") + ") * (" + M.text("lhs") + ")"; });
  }
};
cassette::pass::Register<SwapPlus> X("swap_plus", "turns a + b into (b) * (a)");
}  // namespace

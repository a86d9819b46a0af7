// Cassette's contextual pass example (SliceCtx, "sliceprintln"): every call
// of printf that is a statement of its own is not run but deferred, with the
// values its arguments have then, to a callback the context replays later,
// in order.
#include <cassette/pass.hpp>

namespace {

using namespace clang::ast_matchers;

struct SlicePrintf : cassette::pass::Pass {
  void run(const clang::FunctionDecl&, clang::ASTContext&, cassette::pass::Editor& E) override {
    E.replace_matches(callExpr(callee(functionDecl(hasName("printf"))), hasParent(compoundStmt())).bind("call"), "call",
                      [&](const cassette::pass::Match& M) {
                        // The deferred call runs as written when replayed: no hook sees it.
                        return E.context_object() + ".defer([=] { " +
                               cassette::pass::Editor::nooverdub(M.text("call")) + "; })";
                      });
  }
};

cassette::pass::Register<SlicePrintf> X("slice_printf", "defers printf statements to a callback");

}  // namespace

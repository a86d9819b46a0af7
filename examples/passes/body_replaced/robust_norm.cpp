// Cassette's PassFallbackCtx: a pass that replaces a function's body. The
// twin of geometry::norm, under a context that names the pass, computes
// std::hypot of its parameters (no overflow, no underflow) instead of the
// written sqrt(x*x + y*y).
#include <cassette/pass.hpp>

namespace {

struct RobustNorm : cassette::pass::Pass {
  void run(const clang::FunctionDecl& F, clang::ASTContext&, cassette::pass::Editor& E) override {
    if (F.getQualifiedNameAsString() != "geometry::norm" || F.getNumParams() != 2) return;
    E.replace_body("return std::hypot(" + F.getParamDecl(0)->getNameAsString() + ", " +
                   F.getParamDecl(1)->getNameAsString() + ");");
  }
};

cassette::pass::Register<RobustNorm> X("robust_norm", "geometry::norm computes std::hypot");

}  // namespace

// Visits every function and edits nothing: what loading a pass costs (bench/README.md).
#include <cassette/pass.hpp>

namespace {
struct Noop : cassette::pass::Pass {
  void run(const clang::FunctionDecl&, clang::ASTContext&, cassette::pass::Editor&) override {}
};
cassette::pass::Register<Noop> X("noop", "edits nothing");
}  // namespace

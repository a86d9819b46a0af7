#include <cassette/pass.hpp>
#include <stdexcept>

namespace {
struct Thrower : cassette::pass::Pass {
  void run(const clang::FunctionDecl& F, clang::ASTContext&, cassette::pass::Editor&) override {
    if (F.getName() == "explode") throw std::runtime_error("boom");
  }
};
cassette::pass::Register<Thrower> X("thrower", "throws on explode()");
}  // namespace

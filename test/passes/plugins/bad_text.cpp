#include <cassette/pass.hpp>

namespace {
struct BadText : cassette::pass::Pass {
  void run(const clang::FunctionDecl&, clang::ASTContext&, cassette::pass::Editor& E) override {
    E.insert_at_entry("int ok = 1;\n(void)ok;\nno_such_function(ok);");
  }
};
cassette::pass::Register<BadText> X("bad_text", "inserts a call of an undeclared function");
}  // namespace

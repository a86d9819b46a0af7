// Tells the context the name of every function whose twin is entered.
#include <cassette/pass.hpp>

namespace {
struct Entries : cassette::pass::Pass {
  void run(const clang::FunctionDecl& F, clang::ASTContext&, cassette::pass::Editor& E) override {
    E.insert_at_entry(E.context_object() + ".entered(\"" + F.getQualifiedNameAsString() + "\");");
  }
};
cassette::pass::Register<Entries> X("entries", "tells the context each function entered");
}  // namespace

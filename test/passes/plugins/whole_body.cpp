// Editor::replace_body, and the context slot passed on: the body of every
// function named `slow_*` becomes a call of its `fast_*` counterpart, with
// the same arguments, and a call of the context's `replaced`.
#include <cassette/pass.hpp>

namespace {
struct WholeBody : cassette::pass::Pass {
  void run(const clang::FunctionDecl& F, clang::ASTContext&, cassette::pass::Editor& E) override {
    std::string Name = F.getNameAsString();
    if (Name.rfind("slow_", 0) != 0) return;
    std::string Args;
    for (const clang::ParmVarDecl* P : F.parameters()) Args += (Args.empty() ? "" : ", ") + P->getNameAsString();
    E.replace_body(E.context_object() + ".log(\"replaced " + Name + "\");\n  return fast_" + Name.substr(5) + "(" +
                   Args + ");");
  }
};
cassette::pass::Register<WholeBody> X("whole_body", "slow_f's body calls fast_f");
}  // namespace

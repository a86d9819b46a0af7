// Editor::insert_at_entry and insert_before_returns: the context hears of
// every entry and exit of a twin (not a call: statements).
#include <cassette/pass.hpp>

namespace {
struct EntryExit : cassette::pass::Pass {
  void run(const clang::FunctionDecl& F, clang::ASTContext&, cassette::pass::Editor& E) override {
    std::string Name = F.getNameAsString();
    E.insert_at_entry(E.context_object() + ".log(\"enter " + Name + "\");");
    E.insert_before_returns(E.context_object() + ".log(\"leave " + Name + "\");");
  }
};
cassette::pass::Register<EntryExit> X("entry_exit", "logs entry and exit of every twin");
}  // namespace

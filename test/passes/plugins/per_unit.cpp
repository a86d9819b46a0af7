#include <cassette/pass.hpp>

namespace {
// Not "relatively pure": what it inserts depends on the unit it runs in.
struct PerUnit : cassette::pass::Pass {
  void run(const clang::FunctionDecl&, clang::ASTContext& Ctx, cassette::pass::Editor& E) override {
    const clang::SourceManager& SM = Ctx.getSourceManager();
    std::string Unit(SM.getFileEntryRefForID(SM.getMainFileID())->getName());
    E.insert_at_entry("(void)\"" + Unit.substr(Unit.rfind('/') + 1) + "\";");
  }
};
cassette::pass::Register<PerUnit> X("per_unit", "inserts the unit's name");
}  // namespace

// Cassette's PassCtx test: a pass that records the signature of every
// function whose twin is entered. Under a context naming `signatures_seen`,
// each twin starts by telling the context its signature.
#include <cassette/pass.hpp>

#include "clang/AST/DeclCXX.h"

namespace {

struct SignaturesSeen : cassette::pass::Pass {
  void run(const clang::FunctionDecl& F, clang::ASTContext&, cassette::pass::Editor& E) override {
    std::string Sig = F.getReturnType().getAsString() + " " + F.getQualifiedNameAsString() + "(";
    for (unsigned I = 0; I < F.getNumParams(); ++I) Sig += (I ? ", " : "") + F.getParamDecl(I)->getType().getAsString();
    Sig += ")";
    if (const auto* M = llvm::dyn_cast<clang::CXXMethodDecl>(&F); M && M->isConst()) Sig += " const";
    // The context object, not overdubbed: the call reaches the context as
    // written, no hook sees it.
    E.insert_at_entry(E.context_object() + ".seen(\"" + Sig + "\");");
  }
};

cassette::pass::Register<SignaturesSeen> X("signatures_seen", "records the signature of every twin entered");

}  // namespace

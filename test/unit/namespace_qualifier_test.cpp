// TUEnv::namespaceQualifier (lib/RewriteEnv.h): how a twin is named from a
// place where the function's own name was found some other way (a
// using-declaration, argument-dependent lookup). An unnamed namespace is
// left out, since qualified lookup in the namespace around it finds what it
// declares, unless that namespace declares the same name itself.
#include <gtest/gtest.h>

#include <memory>
#include <optional>
#include <string>

#include "RewriteEnv.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Tooling/Tooling.h"

namespace {

using namespace clang::ast_matchers;

const char* const Code = R"(
void global();
namespace a { namespace b { void nested(); } }
namespace a { namespace { void unnamed(); } }
namespace { void top_unnamed(); }
namespace s { void shadowed(double); namespace { void shadowed(int); } }
namespace q { namespace r {} namespace { namespace r { void behind_shadowed_namespace(); } } }
namespace v { inline namespace v1 { void in_inline(); } }
struct C { static void member(); };
)";

class NamespaceQualifier : public ::testing::Test {
 protected:
  void SetUp() override { AST = clang::tooling::buildASTFromCodeWithArgs(Code, {"-std=c++20"}); }

  std::optional<std::string> of(const std::string& Name, const char* ParamType = nullptr) {
    auto Matcher = ParamType ? functionDecl(hasName(Name), hasParameter(0, hasType(asString(ParamType))))
                             : functionDecl(hasName(Name));
    auto Found = match(Matcher.bind("f"), AST->getASTContext());
    EXPECT_EQ(Found.size(), 1u) << Name;
    if (Found.size() != 1) return "(not found)";
    return cassette::rewrite::TUEnv::namespaceQualifier(Found[0].getNodeAs<clang::FunctionDecl>("f"));
  }

  std::unique_ptr<clang::ASTUnit> AST;
};

TEST_F(NamespaceQualifier, NamedNamespacesAreSpelledFromTheGlobalOne) {
  EXPECT_EQ(of("::global"), "::");
  EXPECT_EQ(of("::a::b::nested"), "::a::b::");
  EXPECT_EQ(of("::v::in_inline"), "::v::v1::");  // an inline one too
}

TEST_F(NamespaceQualifier, AnUnnamedNamespaceIsLeftOut) {
  EXPECT_EQ(of("unnamed"), "::a::");
  EXPECT_EQ(of("top_unnamed"), "::");
}

TEST_F(NamespaceQualifier, NothingWhereTheNamespaceAroundDeclaresTheNameItself) {
  EXPECT_EQ(of("shadowed", "double"), "::s::");
  EXPECT_EQ(of("shadowed", "int"), std::nullopt);
  EXPECT_EQ(of("behind_shadowed_namespace"), std::nullopt);
}

TEST_F(NamespaceQualifier, NothingForAMemberOfAClass) { EXPECT_EQ(of("::C::member"), std::nullopt); }

}  // namespace

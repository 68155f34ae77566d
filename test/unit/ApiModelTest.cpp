//===- ApiModelTest.cpp ---------------------------------------------------===//

#include "engine/model/ApiModel.h"
#include "TestAST.h"
#include "engine/framework/NameMatcher.h"
#include "gtest/gtest.h"

using namespace clang;
using namespace clang::tidy::llvmown;
using namespace llvmown_test;

namespace {

TEST(NameMatcher, MatchesThroughInlineNamespacesAndTemplates) {
  auto TU = parse(R"cpp(
    namespace a { inline namespace v2 { struct S { void f(); }; } }
    template <class T> struct W { void g(); };
    void useW() { W<int> w; w.g(); }
  )cpp");
  using namespace ast_matchers;
  auto F = match(cxxMethodDecl(hasName("f")).bind("m"), TU.ctx());
  ASSERT_EQ(F.size(), 1u);
  const auto *M = F.front().getNodeAs<NamedDecl>("m");
  EXPECT_TRUE(declHasQualifiedName(M, "a::S::f"));
  EXPECT_TRUE(declHasQualifiedName(M, "::a::S::f"));
  EXPECT_TRUE(declHasQualifiedName(M, "S::f"));
  EXPECT_FALSE(declHasQualifiedName(M, "b::S::f"));
  EXPECT_FALSE(declHasQualifiedName(M, "::S::f"));
  auto G = match(
      cxxMethodDecl(hasName("g"), ofClass(classTemplateSpecializationDecl()))
          .bind("m"),
      TU.ctx());
  ASSERT_FALSE(G.empty());
  EXPECT_TRUE(
      declHasQualifiedName(G.front().getNodeAs<NamedDecl>("m"), "W::g"));
}

TEST(NameMatcher, SplitsOptionLists) {
  auto V = splitNameList(" a::b ;c;; d ");
  ASSERT_EQ(V.size(), 3u);
  EXPECT_EQ(V[0], "a::b");
  EXPECT_EQ(V[1], "c");
  EXPECT_EQ(V[2], "d");
}

TEST(ApiModel, CreateTargetMachineOnlyWhenItReturnsARawPointer) {
  auto TU = parse(R"cpp(
    namespace other { struct Target { std::unique_ptr<TargetMachine> createTargetMachine(); }; }
    namespace llvm { struct Target2; }
  )cpp");
  ApiModel M;
  using namespace ast_matchers;
  auto Raw = match(cxxMethodDecl(hasName("createTargetMachine"),
                                 ofClass(hasName("::llvm::Target")))
                       .bind("m"),
                   TU.ctx());
  ASSERT_EQ(Raw.size(), 1u);
  const auto *FD = Raw.front().getNodeAs<FunctionDecl>("m");
  const ApiRow *R = M.find(FD, Effect::Creates, ReturnValue);
  ASSERT_NE(R, nullptr);
  EXPECT_EQ(R->Kind->Name, "TargetMachine");
  auto Other = match(cxxMethodDecl(hasName("createTargetMachine"),
                                   ofClass(hasName("::other::Target")))
                         .bind("m"),
                     TU.ctx());
  ASSERT_EQ(Other.size(), 1u);
  EXPECT_EQ(M.find(Other.front().getNodeAs<FunctionDecl>("m"), Effect::Creates,
                   ReturnValue),
            nullptr);
}

TEST(ApiModel, KindsOfPointersAndHandles) {
  auto TU = parse(R"cpp(
    LLVMTargetMachineRef H; LLVMTargetMachine *D; TargetMachine *T; DataLayout *X;
  )cpp");
  ApiModel M;
  using namespace ast_matchers;
  auto TypeOf = [&](StringRef Name) {
    auto R = match(varDecl(hasName(Name)).bind("v"), TU.ctx());
    return R.front().getNodeAs<VarDecl>("v")->getType();
  };
  ASSERT_NE(M.kindOfPointer(TypeOf("H")), nullptr);
  EXPECT_EQ(M.kindOfPointer(TypeOf("H"))->Name, "TargetMachine");
  ASSERT_NE(M.kindOfPointer(TypeOf("D")), nullptr); // derived class
  EXPECT_EQ(M.kindOfPointer(TypeOf("T"))->Name, "TargetMachine");
  EXPECT_EQ(M.kindOfPointer(TypeOf("X")), nullptr);
}

TEST(ApiModel, UserRowsAndLLVMApis) {
  auto TU = parse(R"cpp(
    namespace mylib { TargetMachine *makeTM(); void freeTM(TargetMachine *); }
  )cpp");
  ApiModel M;
  M.addUserRows("mylib::makeTM", Effect::Creates, KindId::TargetMachine);
  M.addUserRows(" mylib::freeTM ; ", Effect::Releases, KindId::TargetMachine);
  const FunctionDecl *Make = nullptr, *Free = nullptr, *Dispose = nullptr;
  using namespace ast_matchers;
  Make = match(functionDecl(hasName("makeTM")).bind("f"), TU.ctx())
             .front()
             .getNodeAs<FunctionDecl>("f");
  Free = match(functionDecl(hasName("freeTM")).bind("f"), TU.ctx())
             .front()
             .getNodeAs<FunctionDecl>("f");
  Dispose = match(functionDecl(hasName("LLVMDisposeTargetMachine")).bind("f"),
                  TU.ctx())
                .front()
                .getNodeAs<FunctionDecl>("f");
  EXPECT_NE(M.find(Make, Effect::Creates, ReturnValue), nullptr);
  EXPECT_NE(M.find(Free, Effect::Releases, 0), nullptr);
  EXPECT_NE(M.find(Free, Effect::Releases, 3), nullptr); // any argument
  EXPECT_NE(M.find(Dispose, Effect::Releases, 0), nullptr);
  EXPECT_EQ(M.find(Dispose, Effect::Releases, 1), nullptr);
  EXPECT_FALSE(ApiModel::isLLVMApi(Make));
  EXPECT_TRUE(ApiModel::isLLVMApi(Dispose));
}

} // namespace

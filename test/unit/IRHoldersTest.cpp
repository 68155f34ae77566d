//===- IRHoldersTest.cpp --------------------------------------------------===//
//
// Which member of a project class owns IR of a context: the member the
// lifetime analysis names when an object of the class outlives its context.
//
//===----------------------------------------------------------------------===//

#include "engine/model/IRHolders.h"
#include "TestAST.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "gtest/gtest.h"

using namespace clang;
using namespace clang::tidy::llvmown;
using namespace llvmown_test;

namespace {

const CXXRecordDecl *record(ParsedTU &TU, llvm::StringRef Name) {
  using namespace ast_matchers;
  auto M =
      match(cxxRecordDecl(hasName(Name), isDefinition()).bind("r"), TU.ctx());
  return M.empty() ? nullptr : M.front().getNodeAs<CXXRecordDecl>("r");
}

std::string ownerOf(ParsedTU &TU, llvm::StringRef Name, const ApiModel &M) {
  const CXXRecordDecl *RD = record(TU, Name);
  EXPECT_NE(RD, nullptr) << Name.str();
  const FieldDecl *F = RD ? irOwningMember(RD, M) : nullptr;
  return F ? (F->getParent()->getName() + "::" + F->getName()).str() : "";
}

TEST(IRHolders, MembersThatOwnIRAreFoundThroughBasesAndMemberObjects) {
  ParsedTU TU = parse(R"cpp(
    namespace llvm { class DIBuilder { public: ~DIBuilder(); }; }
    struct Direct { std::unique_ptr<llvm::Module> M; };
    struct ByValue { llvm::Module M; };
    struct Base { std::unique_ptr<llvm::Module> Mod; };
    struct Derived : Base { int Count; };
    struct Inner { std::unique_ptr<llvm::DIBuilder> DI; };
    struct Outer { std::unique_ptr<Inner> Debug; };
    struct Borrows { llvm::Module *M; llvm::LLVMContext *Ctx; };
    struct OwnsContext {
      std::unique_ptr<llvm::LLVMContext> Ctx;
      std::unique_ptr<llvm::Module> M;
    };
    struct Plain { int X; };
  )cpp");
  ApiModel M;
  EXPECT_EQ(ownerOf(TU, "Direct", M), "Direct::M");
  EXPECT_EQ(ownerOf(TU, "ByValue", M), "ByValue::M");
  EXPECT_EQ(ownerOf(TU, "Derived", M), "Base::Mod");
  EXPECT_EQ(ownerOf(TU, "Outer", M), "Inner::DI");
  // Borrowed IR dies with nothing; a class owning its context may keep its
  // IR there.
  EXPECT_EQ(ownerOf(TU, "Borrows", M), "");
  EXPECT_EQ(ownerOf(TU, "OwnsContext", M), "");
  EXPECT_EQ(ownerOf(TU, "Plain", M), "");
}

TEST(IRHolders, ObjectTypesAreTheClassOrItsUniquePtr) {
  ParsedTU TU = parse(R"cpp(
    struct Gen { std::unique_ptr<llvm::Module> M; };
    void uses(Gen G, std::unique_ptr<Gen> P, Gen *Raw, std::unique_ptr<llvm::Module> Mod);
  )cpp");
  ApiModel M;
  const FunctionDecl *F = TU.function("uses");
  if (!F) {
    using namespace ast_matchers;
    auto R = match(functionDecl(hasName("uses")).bind("f"), TU.ctx());
    ASSERT_FALSE(R.empty());
    F = R.front().getNodeAs<FunctionDecl>("f");
  }
  EXPECT_NE(irOwningMemberOf(F->getParamDecl(0)->getType(), M), nullptr);
  EXPECT_NE(irOwningMemberOf(F->getParamDecl(1)->getType(), M), nullptr);
  // A raw pointer destroys nothing; a module holder is no project object.
  EXPECT_EQ(irOwningMemberOf(F->getParamDecl(2)->getType(), M), nullptr);
  EXPECT_EQ(irOwningMemberOf(F->getParamDecl(3)->getType(), M), nullptr);
}

} // namespace

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

const FieldDecl *field(ParsedTU &TU, llvm::StringRef Class,
                       llvm::StringRef Name) {
  const CXXRecordDecl *RD = record(TU, Class);
  if (RD)
    for (const FieldDecl *F : RD->fields())
      if (F->getName() == Name)
        return F;
  ADD_FAILURE() << Class.str() << "::" << Name.str();
  return nullptr;
}

std::string name(const FieldDecl *F) {
  return F ? (F->getParent()->getName() + "::" + F->getName()).str() : "";
}

TEST(IRHolders, NestedOwnersThroughContainersAndUniquePtrs) {
  ParsedTU TU = parse(R"cpp(
    namespace std {
    template <class K, class V> struct map { V *Nodes; };
    template <class T> struct vector { T *Begin; };
    template <class T> struct shared_ptr { T *P; };
    }
    struct Entry { std::unique_ptr<llvm::Module> Compiled; };
    struct Cache { std::map<int, Entry> Entries; };
    struct Slot { std::unique_ptr<llvm::orc::ThreadSafeContext> TSC; };
    struct Pool { std::map<int, std::unique_ptr<Slot>> Slots; };
    struct Shared { std::shared_ptr<Pool> P; };
    struct Views { std::vector<Entry *> Borrowed; };
    struct Program {
      Cache C;
      std::unique_ptr<Pool> P;
      std::vector<std::unique_ptr<llvm::Module>> Mods;
      llvm::LLVMContext Ctx;
      Shared S;
      Views V;
      std::unique_ptr<llvm::LLVMContext> &Lent;
    };
  )cpp");
  ApiModel M;
  NestedOwners O(M);
  EXPECT_EQ(name(O.irField(field(TU, "Program", "C"))), "Entry::Compiled");
  EXPECT_EQ(name(O.irField(field(TU, "Program", "Mods"))), "Program::Mods");
  EXPECT_EQ(name(O.contextField(field(TU, "Program", "P"))), "Slot::TSC");
  EXPECT_EQ(name(O.contextField(field(TU, "Program", "Ctx"))), "Program::Ctx");
  // Shared, borrowed and referenced objects own nothing here.
  EXPECT_EQ(O.contextField(field(TU, "Program", "S")), nullptr);
  EXPECT_EQ(O.irField(field(TU, "Program", "V")), nullptr);
  EXPECT_EQ(O.contextField(field(TU, "Program", "Lent")), nullptr);
  // A context owner is no IR holder.
  EXPECT_EQ(O.irField(field(TU, "Program", "Ctx")), nullptr);
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

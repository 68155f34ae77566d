//===- UnitIndexTest.cpp --------------------------------------------------===//
//
// The unit index that the retention and JIT analyses read instead of
// walking bodies themselves: which nodes a body lists and in what order,
// what it leaves out (lambdas are bodies of their own), who calls whom; and
// fieldRefUseAt, the one climb from a field reference to its user.
//
//===----------------------------------------------------------------------===//

#include "engine/model/UnitIndex.h"
#include "TestAST.h"
#include "engine/framework/CallSite.h"
#include "clang/AST/ParentMap.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "gtest/gtest.h"
#include <string>
#include <vector>

using namespace clang;
using namespace clang::tidy::llvmown;
using namespace llvmown_test;

namespace {

/// Records which handlers IndexedNodes calls, in order.
struct Recorder : IndexedNodes<Recorder> {
  std::vector<std::string> Log;
  void visitCall(const CallExpr *CE) {
    const FunctionDecl *FD = CE->getDirectCallee();
    Log.push_back("call " + (FD ? FD->getNameAsString() : std::string("?")));
  }
  void visitMemberCall(const CXXMemberCallExpr *) { Log.push_back("member"); }
  void visitOperatorCall(const CXXOperatorCallExpr *) {
    Log.push_back("operator");
  }
  void visitConstruct(const CXXConstructExpr *) { Log.push_back("construct"); }
  void visitNew(const CXXNewExpr *) { Log.push_back("new"); }
  void visitDelete(const CXXDeleteExpr *) { Log.push_back("delete"); }
  void visitAssign(const BinaryOperator *BO) {
    Log.push_back(("assign " + BO->getOpcodeStr()).str());
  }
  void visitAddressOf(const UnaryOperator *) { Log.push_back("address-of"); }
  void visitReturn(const ReturnStmt *) { Log.push_back("return"); }
  void visitDecl(const DeclStmt *) { Log.push_back("decl"); }
};

TEST(UnitIndex, NodesArePreOrderAndLeaveLambdasOut) {
  ParsedTU TU = parse(R"cpp(
    struct Obj { int V; };
    struct Box {
      Box();
      void put(Obj *O);
      Box &operator=(const Box &);
    };
    void sink(Obj *);
    Obj *f(Box &B, Box &C) {
      Obj *O = new Obj;
      int N = 0;
      N += 2;
      B.put(O);
      B = C;
      sink(&*O);
      auto L = [O] { delete O; sink(nullptr); };
      delete O;
      return nullptr;
    }
  )cpp");
  const FunctionDecl *F = TU.function("f");
  ASSERT_NE(F, nullptr);
  ApiModel Model;
  UnitIndex Index(Model);
  Recorder R;
  R.visitNodes(Index.nodes(F->getBody()));
  // The lambda's own delete and call are not this body's; its closure is
  // still declared here.
  // `new Obj` default-constructs the object it allocates.
  std::vector<std::string> Expected = {
      "decl",       "new",    "construct",      "decl",     "assign +=",
      "call put",   "member", "call operator=", "operator", "call sink",
      "address-of", "decl",   "delete",         "return"};
  EXPECT_EQ(R.Log, Expected);
}

TEST(UnitIndex, CallersCountLambdasAsTheirFunction) {
  ParsedTU TU = parse(R"cpp(
    void helper();
    void other();
    void setup() { helper(); helper(); }
    void run() {
      auto L = [] { other(); };
      L();
    }
  )cpp");
  using namespace ast_matchers;
  ApiModel Model;
  UnitIndex Index(Model);
  const FunctionDecl *Setup = TU.function("setup");
  const FunctionDecl *Run = TU.function("run");
  ASSERT_TRUE(Setup && Run);
  const auto *Lambda = selectFirst<CXXMethodDecl>(
      "m", match(cxxMethodDecl(ofClass(cxxRecordDecl(isLambda()))).bind("m"),
                 TU.ctx()));
  ASSERT_NE(Lambda, nullptr);
  Index.addFunction(Setup, Setup->getBody());
  Index.addFunction(Run, Run->getBody());
  Index.addFunction(Lambda, Lambda->getBody());
  const auto *Helper = selectFirst<FunctionDecl>(
      "f", match(functionDecl(hasName("helper")).bind("f"), TU.ctx()));
  const auto *Other = selectFirst<FunctionDecl>(
      "f", match(functionDecl(hasName("other")).bind("f"), TU.ctx()));
  // Once per call, and a lambda's call is its enclosing function's.
  EXPECT_EQ(Index.callersOf(Helper).size(), 2u);
  ASSERT_EQ(Index.callersOf(Other).size(), 1u);
  EXPECT_EQ(Index.callersOf(Other)[0], Run);
  EXPECT_TRUE(Index.callersOf(Setup).empty());
  EXPECT_EQ(Index.functions().size(), 3u);
}

TEST(UnitIndex, MethodsOfAClassIncludeTheirLambdas) {
  ParsedTU TU = parse(R"cpp(
    struct Jit {
      void add();
      void reset() {
        auto L = [this] { add(); };
        L();
      }
    };
    void Jit::add() {}
    void free() {}
  )cpp");
  using namespace ast_matchers;
  ApiModel Model;
  UnitIndex Index(Model);
  const FunctionDecl *Add = TU.function("add");
  const FunctionDecl *Reset = TU.function("reset");
  const FunctionDecl *Free = TU.function("free");
  const auto *Lambda = selectFirst<CXXMethodDecl>(
      "m", match(cxxMethodDecl(ofClass(cxxRecordDecl(isLambda()))).bind("m"),
                 TU.ctx()));
  ASSERT_TRUE(Add && Reset && Free && Lambda);
  for (const FunctionDecl *F :
       std::initializer_list<const FunctionDecl *>{Add, Reset, Free, Lambda})
    Index.addFunction(F, F->getBody());
  const auto *Class = cast<CXXMethodDecl>(Add)->getParent();
  llvm::ArrayRef<UnitIndex::Function> Methods = Index.methodsOf(Class);
  ASSERT_EQ(Methods.size(), 3u);
  EXPECT_EQ(Methods[0].first, Add);
  EXPECT_EQ(Methods[1].first, Reset);
  EXPECT_EQ(Methods[2].first, Lambda);
  // The lambda's call of add() is reset()'s.
  ASSERT_EQ(Index.callersOf(Add).size(), 1u);
  EXPECT_EQ(Index.callersOf(Add)[0], Reset);
}

/// The use fieldRefUseAt finds for each reference to the field `F`, in
/// source order.
std::vector<FieldRefUse> usesOfF(ParsedTU &TU, FlagSet<FieldClimb> Also) {
  using namespace ast_matchers;
  const FunctionDecl *G = TU.function("g");
  ParentMap PM(G->getBody());
  std::vector<FieldRefUse> Out;
  for (const BoundNodes &N :
       match(findAll(memberExpr(member(hasName("F"))).bind("m")), *G->getBody(),
             TU.ctx()))
    Out.push_back(fieldRefUseAt(PM, N.getNodeAs<MemberExpr>("m"), Also));
  return Out;
}

TEST(FieldRefUse, ClimbsToTheUser) {
  ParsedTU TU = parse(R"cpp(
    struct S { int *F; int *A[2]; };
    void take(int *);
    void out(int **);
    int *g(S *P, bool C) {
      take(P->F);
      int *Copy = P->F;
      Copy = (P->F);
      if (P->F == nullptr) {}
      int *Pick = C ? P->F : nullptr;
      int *T = P->F ? nullptr : Copy;
      out(&P->F);
      delete P->F;
      return P->F;
    }
  )cpp");
  std::vector<FieldRefUse> U = usesOfF(TU, FieldClimb::AddressOf);
  ASSERT_EQ(U.size(), 9u);
  EXPECT_EQ(U[0].K, FieldRefUse::Argument);
  EXPECT_EQ(U[0].Index, 0);
  EXPECT_EQ(U[1].K, FieldRefUse::Declared);
  EXPECT_EQ(U[2].K, FieldRefUse::StoredFrom);
  EXPECT_EQ(U[3].K, FieldRefUse::Operand);
  EXPECT_EQ(U[4].K, FieldRefUse::Chosen);
  EXPECT_EQ(U[5].K, FieldRefUse::Tested);
  // Through `&`: the call is the user, and the address was taken.
  EXPECT_EQ(U[6].K, FieldRefUse::Argument);
  EXPECT_TRUE(U[6].AddressOf);
  EXPECT_FALSE(U[0].AddressOf);
  EXPECT_EQ(U[7].K, FieldRefUse::Deleted);
  EXPECT_EQ(U[8].K, FieldRefUse::Returned);
  // Without the climb through `&`, `&P->F` is the user.
  EXPECT_EQ(usesOfF(TU, {})[6].K, FieldRefUse::AddressTaken);
}

TEST(FieldRefUse, AnArrayElementStandsForTheMemberOnlyWhenAsked) {
  ParsedTU TU = parse(R"cpp(
    struct S { int *F[2]; };
    void g(S *P) { delete P->F[1]; }
  )cpp");
  EXPECT_EQ(usesOfF(TU, FieldClimb::Subscript)[0].K, FieldRefUse::Deleted);
  EXPECT_EQ(usesOfF(TU, {})[0].K, FieldRefUse::Other);
}

} // namespace

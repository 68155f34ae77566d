//===- HolderUseTest.cpp --------------------------------------------------===//
//
// The one classifier of how a reference uses a holder, which the retention
// and JIT analyses share: each reference to `Q` in `uses` is classified;
// and the index of what each body does to each member and global.
//
//===----------------------------------------------------------------------===//

#include "TestAST.h"
#include "engine/model/UnitIndex.h"
#include "clang/AST/ParentMap.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "gtest/gtest.h"

using namespace clang;
using namespace clang::tidy::llvmown;
using namespace llvmown_test;

namespace {

TEST(HolderUse, EachReferenceIsClassifiedByWhatSurroundsIt) {
  ParsedTU TU = parse(R"cpp(
    namespace std {
    template <class T> T &&move(T &V);
    template <class T> struct vector {
      void push_back(T V);
      void pop_back();
      void clear();
      unsigned size() const;
      vector &operator=(const vector &);
      T &operator[](unsigned);
      T *find(const T &);
    };
    template <class T> void swap(T &A, T &B);
    }
    void popInto(std::vector<int> &Q);
    void peek(const std::vector<int> &Q);
    void uses(std::vector<int> &Q, std::vector<int> &Other) {
      Q.push_back(1);
      Q.pop_back();
      Q.clear();
      (void)Q.size();
      Q = Other;
      Other = std::move(Q);
      std::swap(Q, Other);
      popInto(Q);
      peek(Q);
      (void)Q[0];
      (void)Q.find(2);
      std::vector<int> *Alias = &Q;
    }
  )cpp");
  const FunctionDecl *F = TU.function("uses");
  ASSERT_NE(F, nullptr);
  ParentMap PM(F->getBody());
  ApiModel Model;
  using namespace ast_matchers;
  std::vector<HolderUses> Uses;
  for (const auto &N :
       match(findAll(declRefExpr(to(parmVarDecl(hasName("Q")))).bind("r")),
             *F->getBody(), TU.ctx()))
    Uses.push_back(classifyHolderUse(N.getNodeAs<Expr>("r"), PM, Model));
  std::vector<HolderUses> Want = {HolderUse::Adds,
                                  HolderUse::TakesOut,
                                  HolderUse::TakesOut | HolderUse::Empties,
                                  HolderUse::AsksSize,
                                  HolderUse::Assigned,
                                  HolderUse::Moves,
                                  HolderUse::TakesOut | HolderUse::Empties |
                                      HolderUse::PassedByRef,
                                  HolderUse::PassedByRef,
                                  HolderUses(),
                                  HolderUse::Indexes,
                                  HolderUse::LooksUp,
                                  HolderUse::AddressTaken};
  EXPECT_EQ(Uses, Want);
}

} // namespace

TEST(HolderUse, IndexAnswersPerBodyMemberAndGlobal) {
  ParsedTU TU = parse(R"cpp(
    namespace std {
    template <class T> struct vector {
      void push_back(T V);
      void clear();
    };
    }
    struct Owner {
      std::vector<int> Q;
      std::unique_ptr<int> P;
      int *Raw;
      void f(Owner &Other);
    };
    std::vector<int> Global;
    void Owner::f(Owner &Other) {
      Q.push_back(1);
      Other.Q.clear();
      Raw = nullptr;
      auto L = [this] { P.reset(); };
      Global.clear();
    }
  )cpp");
  using namespace ast_matchers;
  const FunctionDecl *F = TU.function("f");
  ASSERT_NE(F, nullptr);
  auto field = [&](const char *Name) {
    return selectFirst<FieldDecl>(
        "f", match(fieldDecl(hasName(Name)).bind("f"), TU.ctx()));
  };
  const auto *Global = selectFirst<VarDecl>(
      "v", match(varDecl(hasName("Global")).bind("v"), TU.ctx()));
  ApiModel Model;
  UnitIndex Index(Model);
  const Stmt *Body = F->getBody();
  // Through any object, or only through `this`.
  EXPECT_EQ(Index.uses(Body, field("Q")),
            HolderUse::Adds | HolderUse::TakesOut | HolderUse::Empties);
  EXPECT_EQ(Index.usesOfThis(Body, field("Q")), HolderUses(HolderUse::Adds));
  // A built-in assignment, and a reset inside a lambda.
  EXPECT_EQ(Index.usesOfThis(Body, field("Raw")),
            HolderUses(HolderUse::Assigned));
  EXPECT_EQ(Index.usesOfThis(Body, field("P")),
            HolderUse::Resets | HolderUse::Empties);
  EXPECT_EQ(Index.usesOfThis(Body, field("P"), /*InLambdas=*/false),
            HolderUses());
  EXPECT_EQ(Index.uses(Body, Global), HolderUse::TakesOut | HolderUse::Empties);
  EXPECT_EQ(Index.membersOfThis(Body).size(), 3u);
}

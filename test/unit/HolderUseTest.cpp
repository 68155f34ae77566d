//===- HolderUseTest.cpp --------------------------------------------------===//
//
// The one classifier of how a reference uses a holder, which the retention
// and JIT analyses share: each reference to `Q` in `uses` is classified.
//
//===----------------------------------------------------------------------===//

#include "engine/model/HolderUse.h"
#include "TestAST.h"
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
    }
  )cpp");
  const FunctionDecl *F = TU.function("uses");
  ASSERT_NE(F, nullptr);
  ParentMap PM(F->getBody());
  ApiModel Model;
  using namespace ast_matchers;
  std::vector<unsigned> Uses;
  for (const auto &N :
       match(findAll(declRefExpr(to(parmVarDecl(hasName("Q")))).bind("r")),
             *F->getBody(), TU.ctx()))
    Uses.push_back(classifyHolderUse(N.getNodeAs<Expr>("r"), PM, Model));
  std::vector<unsigned> Want = {UseAdds,
                                UseTakesOut,
                                UseTakesOut | UseEmpties,
                                UseAsksSize,
                                UseAssigned,
                                UseMoves,
                                UseTakesOut | UseEmpties | UsePassedByRef,
                                UsePassedByRef,
                                NoHolderUse,
                                NoHolderUse};
  EXPECT_EQ(Uses, Want);
}

} // namespace

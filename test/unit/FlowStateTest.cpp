//===- FlowStateTest.cpp - the analyses' states follow the contract -------===//
//
// Random ownership and lifetime states, built over real AST nodes (their
// metadata joins by source order, so it needs real locations), checked
// against the lattice contract: join reports a change exactly when ==
// sees one, and neither depends on the order states arrive in.
//
//===----------------------------------------------------------------------===//

#include "LatticeContract.h"
#include "TestAST.h"
#include "engine/analyses/lifetime/LifetimeFlow.h"
#include "engine/analyses/ownership/OwnershipFlow.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "gtest/gtest.h"
#include <random>

using namespace clang;
using namespace clang::tidy::llvmown;
using namespace llvmown_test;

namespace {

/// The variables and statements of a small function, to build states from.
struct Nodes {
  ParsedTU TU;
  std::vector<const VarDecl *> Vars;
  std::vector<const Stmt *> Stmts;
};

Nodes nodes() {
  Nodes N{parse(R"cpp(
    void f(int A, int B) {
      int C = A + B, D = A * B;
      if (C > D) { int E = C - D; D = E; }
      for (int I = 0; I < C; ++I) B += I;
    })cpp"),
          {},
          {}};
  struct Collector : RecursiveASTVisitor<Collector> {
    Nodes &N;
    explicit Collector(Nodes &N) : N(N) {}
    bool VisitVarDecl(VarDecl *VD) {
      N.Vars.push_back(VD);
      return true;
    }
    bool VisitStmt(Stmt *S) {
      N.Stmts.push_back(S);
      return true;
    }
  } C(N);
  C.TraverseDecl(const_cast<FunctionDecl *>(N.TU.function("f")));
  return N;
}

// Small pools, so that two random states often share keys and values and
// differ only in metadata: the cases a join and == must agree on.
BitSet bits(std::mt19937 &G, unsigned Max = 3) {
  BitSet S;
  for (unsigned I = 0, K = G() % 3; I < K; ++I)
    S.insert(G() % Max);
  return S;
}

template <typename T> T pick(std::mt19937 &G, std::vector<T> &V) {
  return G() % 4 == 0 ? nullptr : V[G() % 3];
}

Location location(std::mt19937 &G, Nodes &N) {
  return G() % 2 ? Location::local(N.Vars[G() % 2])
                 : Location::local(N.Vars[2 + G() % 2]);
}

OwnershipState ownership(std::mt19937 &G, Nodes &N) {
  OwnershipState S;
  S.Owned = bits(G);
  S.Released = bits(G);
  S.TakenIfSuccess = bits(G);
  for (unsigned I = 0, K = G() % 4; I < K; ++I)
    S.Env[location(G, N)] = bits(G);
  return S;
}

Binding binding(std::mt19937 &G, Nodes &N) {
  Binding B;
  B.O = bits(G, 4);
  B.Site = pick(G, N.Stmts);
  B.Var = pick(G, N.Vars);
  return B;
}

LifetimeState lifetime(std::mt19937 &G, Nodes &N) {
  LifetimeState S;
  for (unsigned I = 0, K = G() % 3; I < K; ++I)
    S.Env[location(G, N)] = binding(G, N);
  for (unsigned I = 0, K = G() % 3; I < K; ++I) {
    EndMark E{EndHow(G() % 3), N.Stmts[G() % 3]->getBeginLoc()};
    S.Ended[G() % 3] = MinLattice<EndMark, EarlierEnd>(E);
  }
  S.Escaped = bits(G, 4);
  for (unsigned I = 0, K = G() % 2; I < K; ++I)
    S.Successor[G() % 4] = MinLattice<unsigned, LessId>(G() % 4);
  for (unsigned I = 0, K = G() % 2; I < K; ++I)
    S.PendingStores[N.Stmts[G() % 2]] = binding(G, N);
  return S;
}

TEST(FlowState, OwnershipStateFollowsTheContract) {
  Nodes N = nodes();
  ASSERT_GE(N.Vars.size(), 4u);
  std::mt19937 G(5);
  for (int I = 0; I < 2000; ++I)
    checkContract(ownership(G, N), ownership(G, N));
}

TEST(FlowState, LifetimeStateFollowsTheContract) {
  Nodes N = nodes();
  std::mt19937 G(9);
  for (int I = 0; I < 2000; ++I)
    checkContract(lifetime(G, N), lifetime(G, N));
}

// The property the old lifetime state lacked: an owner's end is the same
// whichever path's state arrives first.
TEST(FlowState, OwnerEndDoesNotDependOnArrivalOrder) {
  Nodes N = nodes();
  LifetimeState Early, Late;
  Early.Ended[0] = MinLattice<EndMark, EarlierEnd>(
      EndMark{EndHow::Reset, N.Stmts[2]->getBeginLoc()});
  Late.Ended[0] = MinLattice<EndMark, EarlierEnd>(
      EndMark{EndHow::ScopeEnd, N.Stmts.back()->getBeginLoc()});
  LifetimeState A = Early, B = Late;
  A.join(Late);
  B.join(Early);
  EXPECT_TRUE(A == B);
  ASSERT_NE(A.endOf(0), nullptr);
  EXPECT_EQ(A.endOf(0)->How, EndHow::Reset);
}

} // namespace

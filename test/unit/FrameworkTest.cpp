//===- FrameworkTest.cpp - lattices, the solver, locations, call sites ----===//
//
// The framework's contracts: every lattice building block's join reports a
// change exactly when the value changed and agrees with ==; the solver
// reaches the fixpoint of a monotone analysis whatever the order it visits
// blocks in, visits each block of an acyclic function once, and freezes the
// blocks of a non-monotone one at their cap (marking the solution
// incomplete) instead of running forever; a flag set holds what it was
// given and mixes with no other enum's.
//
//===----------------------------------------------------------------------===//

#include "LatticeContract.h"
#include "TestAST.h"
#include "engine/framework/CallSite.h"
#include "engine/framework/Environment.h"
#include "engine/framework/Exceptions.h"
#include "engine/framework/FlagSet.h"
#include "engine/framework/Lattice.h"
#include "engine/framework/Solver.h"
#include "engine/framework/StmtSequence.h"
#include "clang/AST/ExprCXX.h"
#include "gtest/gtest.h"
#include <random>

using namespace clang;
using namespace clang::tidy::llvmown;
using namespace llvmown_test;

// Two flag enums for FlagSet's test (outside the anonymous namespace: their
// isFlagEnum markers are declared only, for FlagSet.h to find).
namespace flag_test {
enum class Shade : unsigned char { Red, Green, Blue, Last = 31 };
void isFlagEnum(Shade);
enum class Size : unsigned char { Small, Large };
void isFlagEnum(Size);
} // namespace flag_test
using namespace flag_test;

namespace {

BitSet randomSet(std::mt19937 &G) {
  BitSet S;
  for (unsigned I = 0, N = G() % 6; I < N; ++I)
    S.insert(G() % 70); // past 64: different capacities
  return S;
}

TEST(Lattice, BitSetFollowsTheContract) {
  std::mt19937 G(7);
  for (int I = 0; I < 500; ++I)
    checkContract(randomSet(G), randomSet(G));
  BitSet Small = BitSet::of(3), Big = BitSet::of(3);
  Big.insert(100);
  Big.erase(100); // capacity 101, same elements
  EXPECT_TRUE(Small == Big);
  EXPECT_FALSE(Small.join(Big));
}

TEST(Lattice, MapLatticeTreatsBottomAsMissing) {
  std::mt19937 G(11);
  for (int I = 0; I < 300; ++I) {
    MapLattice<unsigned, BitSet> A, B;
    for (unsigned K = 0; K < 4; ++K) {
      A[G() % 5] = randomSet(G);
      B[G() % 5] = randomSet(G);
    }
    checkContract(A, B);
  }
  MapLattice<unsigned, BitSet> WithEmpty, Without;
  WithEmpty[1] = BitSet();
  EXPECT_TRUE(WithEmpty == Without);
  EXPECT_FALSE(Without.join(WithEmpty));
  EXPECT_FALSE(WithEmpty.contains(1));
}

struct IntLess {
  bool operator()(int A, int B) const { return A < B; }
};

TEST(Lattice, MinLatticeKeepsTheSmallestWhateverTheOrder) {
  using M = MinLattice<int, IntLess>;
  for (int A = 0; A < 4; ++A)
    for (int B = 0; B < 4; ++B) {
      checkContract(M(A), M(B));
      checkContract(M(A), M());
      M X(A);
      X.join(M(B));
      EXPECT_EQ(X.get(), std::min(A, B));
    }
  M Bottom;
  EXPECT_TRUE(Bottom.empty());
  EXPECT_TRUE(Bottom.join(M(5)));
}

//===--- Solver -----------------------------------------------------------===//

/// Which locals have been assigned on some path: a monotone analysis.
struct Assigned {
  using State = MapLattice<const VarDecl *, BitSet>;
  using Event = const VarDecl *;
  void transfer(const CFGElement &E, State &S, EventList<Event> &Out) const {
    auto CS = E.getAs<CFGStmt>();
    if (!CS)
      return;
    if (const auto *BO = dyn_cast<BinaryOperator>(CS->getStmt());
        BO && BO->isAssignmentOp())
      if (const auto *DRE = dyn_cast<DeclRefExpr>(BO->getLHS()))
        if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl())) {
          if (S.contains(VD))
            Out.push_back(VD); // assigned again
          S[VD] = BitSet::of(0);
        }
  }
  void refine(const CFGBlock &, unsigned, State &) const {}
};

/// Counts loop iterations in its state: no fixpoint, ever. Deliberately
/// impure (a transfer that remembers), which only `mutable` allows now.
struct Counter {
  struct State {
    BitSet Seen;
    bool join(const State &O) { return Seen.join(O.Seen); }
    bool operator==(const State &O) const { return Seen == O.Seen; }
  };
  using Event = int;
  mutable unsigned Next = 0;
  void transfer(const CFGElement &E, State &S, EventList<Event> &Out) const {
    if (E.getAs<CFGStmt>())
      S.Seen.insert(Next++); // a fresh element at every visit
    Out.push_back(1);
  }
  void refine(const CFGBlock &, unsigned, State &) const {}
};

struct Parsed {
  ParsedTU TU;
  const FunctionDecl *F;
  std::unique_ptr<CFG> G;
};

Parsed parseFunction(const std::string &Code) {
  Parsed P{parse(Code), nullptr, nullptr};
  P.F = P.TU.function("f");
  P.G = buildAnalysisCFG(P.F, P.F->getBody(), P.TU.ctx());
  return P;
}

template <typename A, typename B, typename = void>
struct CanOr : std::false_type {};
template <typename A, typename B>
struct CanOr<A, B, std::void_t<decltype(std::declval<A>() | std::declval<B>())>>
    : std::true_type {};

TEST(FlagSet, HoldsTheEnumeratorsItWasGiven) {
  constexpr FlagSet<Shade> RG = Shade::Red | Shade::Green;
  static_assert(RG.has(Shade::Red) && RG.has(Shade::Green));
  static_assert(!RG.has(Shade::Blue) && !RG.empty());
  EXPECT_TRUE(FlagSet<Shade>().empty());
  EXPECT_TRUE(RG.hasAny(Shade::Green | Shade::Blue));
  EXPECT_FALSE(RG.hasAny(Shade::Blue));
  EXPECT_EQ(RG & (Shade::Green | Shade::Blue), FlagSet<Shade>(Shade::Green));
  FlagSet<Shade> S = Shade::Last;
  S |= Shade::Red;
  EXPECT_TRUE(S.has(Shade::Last) && S.has(Shade::Red) && !S.has(Shade::Blue));
  EXPECT_NE(S, RG);
  // Sets of two enums do not mix, and an enumerator is no number.
  static_assert(CanOr<FlagSet<Shade>, Shade>::value);
  static_assert(!CanOr<FlagSet<Shade>, Size>::value);
  static_assert(!CanOr<Shade, Size>::value);
  static_assert(!std::is_convertible_v<FlagSet<Shade>, unsigned>);
}

TEST(Solver, ReachesTheFixpointOfAMonotoneAnalysis) {
  Parsed P = parseFunction(R"cpp(
    void f() {
      int A = 0, B = 0;
      for (int I = 0; I < 3; ++I) {
        if (cond())
          A = 1;
        B = 2;
      }
    })cpp");
  Assigned A;
  auto Sol = solveForward(*P.G, A, Assigned::State());
  EXPECT_FALSE(Sol.Incomplete);
  EXPECT_TRUE(Sol.Frozen.none());
  // B = 2 is reached with B already assigned (the loop's back edge), and
  // the replay reports it once: diagnosis runs once per block.
  std::vector<std::string> Again;
  replay(
      *P.G, A, Sol,
      [&](const CFGBlock &, const VarDecl *V) {
        Again.push_back(V->getName().str());
      },
      [](const CFGBlock &, const Assigned::State &) {});
  llvm::sort(Again);
  EXPECT_EQ(Again, (std::vector<std::string>{"A", "B"}));
}

TEST(Solver, FollowsALoopThatRunsOnceAsStraightCode) {
  // The first loop's increment clears its condition (the shape of macros
  // that emulate try and catch): its body runs once, so A is assigned
  // once. The second loop counts down: B is assigned again on its back
  // edge. Both loops are left for the code after them.
  Parsed P = parseFunction(R"cpp(
    void f() {
      int A = 0, B = 0, C = 0, Once, Twice;
      for (Once = 1; Once; Once = 0, cond())
        A = 1;
      for (Twice = 2; Twice; Twice = Twice - 1)
        B = 1;
      C = 1;
    })cpp");
  Assigned An;
  auto Sol = solveForward(*P.G, An, Assigned::State());
  EXPECT_FALSE(Sol.Incomplete);
  std::vector<std::string> Again;
  bool Exits = false;
  replay(
      *P.G, An, Sol,
      [&](const CFGBlock &, const VarDecl *V) {
        Again.push_back(V->getName().str());
      },
      [&](const CFGBlock &, const Assigned::State &S) {
        Exits |= llvm::any_of(
            S, [](const auto &KV) { return KV.first->getName() == "C"; });
      });
  llvm::sort(Again);
  EXPECT_EQ(Again, (std::vector<std::string>{"B", "Once", "Twice"}));
  EXPECT_TRUE(Exits);
}

TEST(Solver, FreezesANonMonotoneAnalysisAndSaysSo) {
  Parsed P = parseFunction(R"cpp(
    void f() {
      int X = 0;
      while (cond())
        X = X + 1;
      X = 3;
    })cpp");
  Counter C;
  auto Sol = solveForward(*P.G, C, Counter::State(), /*MaxVisits=*/4);
  EXPECT_TRUE(Sol.Incomplete);
  EXPECT_TRUE(Sol.Frozen.any());
  EXPECT_LE(Sol.Visits, 4 * P.G->getNumBlockIDs());
  // The frozen loop keeps the states of the paths it followed: the blocks
  // before it, in it and after it are reported from, the exit included.
  unsigned Events = 0, Exits = 0;
  replay(
      *P.G, C, Sol, [&](const CFGBlock &, int) { ++Events; },
      [&](const CFGBlock &, const Counter::State &) { ++Exits; });
  EXPECT_GT(Events, 0u);
  EXPECT_GT(Exits, 0u);
}

/// A cleanup label that N `goto fail`s reach, C style.
std::string gotoCleanup(unsigned N) {
  std::string Code = "void f() {\n";
  for (unsigned I = 0; I < N; ++I)
    Code += "  int H" + std::to_string(I) + " = 0;\n";
  for (unsigned I = 0; I < N; ++I)
    Code += "  H" + std::to_string(I) + " = 1;\n  if (cond()) goto fail;\n";
  Code += "fail:\n  ;\n";
  for (unsigned I = 0; I < N; ++I)
    Code += "  if (cond()) H" + std::to_string(I) + " = 2;\n";
  return Code + "}\n";
}

TEST(Solver, VisitsEachBlockOfAnAcyclicFunctionOnce) {
  // Reverse post-order takes the cleanup block after all its predecessors:
  // one visit each, so a cap of 1 loses nothing, however many gotos.
  for (unsigned N : {3u, 30u, 100u}) {
    Parsed P = parseFunction(gotoCleanup(N));
    Assigned A;
    auto Sol = solveForward(*P.G, A, Assigned::State(), /*MaxVisits=*/1);
    EXPECT_FALSE(Sol.Incomplete) << N;
    EXPECT_LE(Sol.Visits, P.G->getNumBlockIDs()) << N;
  }
}

TEST(Solver, ReachesTheSameFixpointInEveryVisitOrder) {
  Parsed P = parseFunction(gotoCleanup(12) + R"cpp(
    void g() {
      int A = 0, B = 0, C = 0;
      for (int I = 0; I < 3; ++I) {
        if (cond()) { A = 1; continue; }
        while (cond()) { if (cond()) break; B = 2; }
        C = 3;
      }
    })cpp");
  for (const char *Name : {"f", "g"}) {
    const FunctionDecl *F = P.TU.function(Name);
    auto G = buildAnalysisCFG(F, F->getBody(), P.TU.ctx());
    Assigned A;
    auto Base = solveForward(*G, A, Assigned::State());
    for (unsigned Seed = 0; Seed < 6; ++Seed) {
      setSolverVisitOrder(Seed ? VisitOrder::Shuffled : VisitOrder::PostOrder,
                          Seed);
      auto Other = solveForward(*G, A, Assigned::State());
      setSolverVisitOrder(VisitOrder::ReversePostOrder);
      EXPECT_FALSE(Other.Incomplete) << Name << Seed;
      for (const CFGBlock *B : *G)
        EXPECT_TRUE(Base.In[B->getBlockID()] == Other.In[B->getBlockID()])
            << Name << " seed " << Seed << " block " << B->getBlockID();
    }
  }
}

//===--- Locations and call sites -----------------------------------------===//

TEST(Environment, LocatesLocalsMembersAndTemporaries) {
  ParsedTU TU = parse(R"cpp(
    struct S { TargetMachine *TM; struct In { int V; } I;
      void m(TargetMachine *&Ref, In Local) {
        TM = nullptr; Local.V = 1; Ref = nullptr; keep(TM); } };
    TargetMachine *G;
    void f() {}
  )cpp");
  using namespace ast_matchers;
  const auto *M = match(cxxMethodDecl(hasName("m")).bind("m"), TU.ctx())
                      .front()
                      .getNodeAs<CXXMethodDecl>("m");
  Locator L(M), NoRefs(M, /*References=*/false);
  auto Assigns =
      match(findAll(binaryOperator(isAssignmentOperator()).bind("a")),
            *M->getBody(), TU.ctx());
  ASSERT_EQ(Assigns.size(), 3u);
  auto LHS = [&](unsigned I) {
    return Assigns[I].getNodeAs<BinaryOperator>("a")->getLHS();
  };
  EXPECT_EQ(L.target(LHS(0)).kind(), Location::ThisField);
  EXPECT_EQ(L.target(LHS(1)).kind(), Location::LocalField);
  EXPECT_EQ(L.target(LHS(2)).kind(), Location::Local);
  EXPECT_FALSE(NoRefs.target(LHS(2)));
  const auto *Call =
      match(findAll(callExpr().bind("c")), *M->getBody(), TU.ctx())
          .front()
          .getNodeAs<CallExpr>("c");
  EXPECT_EQ(L.locate(Call).kind(), Location::Temporary);
  EXPECT_EQ(L.locate(Call->getArg(0)).kind(), Location::ThisField);
}

TEST(CallSite, SplitsObjectAndArguments) {
  ParsedTU TU = parse(R"cpp(
    void f(std::unique_ptr<TargetMachine> &P, const Target *T) {
      P.reset(T->createTargetMachine("x"));
      std::unique_ptr<TargetMachine> Q(nullptr);
    })cpp");
  using namespace ast_matchers;
  const FunctionDecl *F = TU.function("f");
  auto Reset = match(
      findAll(
          cxxMemberCallExpr(callee(cxxMethodDecl(hasName("reset")))).bind("c")),
      *F->getBody(), TU.ctx());
  ASSERT_EQ(Reset.size(), 1u);
  auto CS = CallSite::of(Reset.front().getNodeAs<Expr>("c"));
  ASSERT_TRUE(CS);
  ASSERT_EQ(CS->Args.size(), 1u);
  EXPECT_NE(CS->Object, nullptr);
  EXPECT_EQ(CS->indexOf(CS->Object), ThisArg);
  EXPECT_EQ(CS->arg(0), CS->Args[0]);
  EXPECT_EQ(CS->arg(1), nullptr);
  auto Ctor =
      match(findAll(cxxConstructExpr().bind("c")), *F->getBody(), TU.ctx());
  ASSERT_FALSE(Ctor.empty());
  auto CC = CallSite::of(Ctor.front().getNodeAs<Expr>("c"));
  ASSERT_TRUE(CC);
  EXPECT_TRUE(CC->isConstruction());
  EXPECT_EQ(CC->Object, nullptr);
}

TEST(ThrowOracle, FollowsCallsAndAnswersTheSameInAnyOrder) {
  ParsedTU TU = parse(R"cpp(
    struct Failure {};
    void raise() { throw Failure(); }
    void ping(int N);
    void pong(int N) { if (N) ping(N - 1); else raise(); }
    void ping(int N) { if (N) pong(N - 1); }
    void caught() { try { raise(); } catch (...) {} }
    void rethrown() { try { raise(); } catch (...) { throw; } }
    void quiet() noexcept { raise(); }
    void declaredOnly();
    void plain() { declaredOnly(); caught(); quiet(); }
  )cpp");
  const char *Throwing[] = {"raise", "ping", "pong", "rethrown"};
  const char *NotThrowing[] = {"caught", "quiet", "declaredOnly", "plain"};
  // ping and pong call each other: asking either first gives the same.
  for (const char *First : {"ping", "pong"}) {
    ThrowOracle O;
    EXPECT_TRUE(O.mayThrow(TU.function(First))) << First;
    for (const char *Name : Throwing)
      EXPECT_TRUE(O.mayThrow(TU.function(Name))) << Name;
    for (const char *Name : NotThrowing)
      EXPECT_FALSE(O.mayThrow(TU.function(Name))) << Name;
  }
}

} // namespace

namespace {
/// The calls of f to the function named \p Name, in source order.
std::vector<const CallExpr *> callsTo(ParsedTU &TU, llvm::StringRef Name) {
  using namespace ast_matchers;
  std::vector<const CallExpr *> Calls;
  for (const auto &M :
       match(findAll(callExpr(callee(functionDecl(hasName(Name)))).bind("c")),
             *TU.function("f")->getBody(), TU.ctx()))
    Calls.push_back(M.getNodeAs<CallExpr>("c"));
  llvm::sort(Calls, EarlierStmt());
  return Calls;
}
} // namespace

TEST(StmtSequence, FollowsTheCfgNotTheSource) {
  ParsedTU TU = parse(R"cpp(
    void a(); void b(); void c(); void d(); bool cond();
    void f() {
      for (int I = 0; I < 3; ++I) {
        b();
        a();
      }
      d();
      if (cond())
        return;
      c();
    })cpp");
  auto A = callsTo(TU, "a"), B = callsTo(TU, "b"), C = callsTo(TU, "c"),
       D = callsTo(TU, "d");
  StmtSequence Seq(TU.function("f"), TU.function("f")->getBody(), TU.ctx());
  // b() runs after a() in the next round, but not after the last one.
  EXPECT_FALSE(Seq.alwaysFollowedBy(A[0], {B[0]}));
  EXPECT_TRUE(Seq.alwaysFollowedBy(B[0], {A[0]}));
  EXPECT_TRUE(Seq.alwaysFollowedBy(A[0], {D[0]}));
  // The early return skips c(), unless d() counts too.
  EXPECT_FALSE(Seq.alwaysFollowedBy(A[0], {C[0]}));
  EXPECT_TRUE(Seq.alwaysFollowedBy(A[0], {C[0], D[0]}));
  // The loop may not run, and the early return skips c().
  EXPECT_FALSE(Seq.onEveryPath(A[0]));
  EXPECT_TRUE(Seq.onEveryPath(D[0]));
  EXPECT_FALSE(Seq.onEveryPath(C[0]));
}

TEST(StmtSequence, EveryPathLeavesOutNullPathsAndPathsThatEnd) {
  ParsedTU TU = parse(R"cpp(
    struct Obj {}; void release(Obj *); [[noreturn]] void fail(); bool cond();
    void f(Obj *P, Obj *Q) {
      if (Q)
        release(Q);
      if (!P)
        return;
      if (cond())
        fail();
      release(P);
      if (cond())
        return;
      release(P);
    })cpp");
  auto R = callsTo(TU, "release");
  ASSERT_EQ(R.size(), 3u);
  const FunctionDecl *F = TU.function("f");
  StmtSequence Seq(F, F->getBody(), TU.ctx());
  const VarDecl *P = F->getParamDecl(0), *Q = F->getParamDecl(1);
  // `if (Q) release(Q);` releases Q wherever it is not null.
  EXPECT_TRUE(Seq.onEveryPath(R[0], Q));
  EXPECT_FALSE(Seq.onEveryPath(R[0]));
  // `if (!P) return;` is a null guard, and fail() ends the process.
  EXPECT_TRUE(Seq.onEveryPath(R[1], P));
  EXPECT_FALSE(Seq.onEveryPath(R[1]));
  // An early return skips the last one.
  EXPECT_FALSE(Seq.onEveryPath(R[2], P));
}

//===- OwnershipAnalysisTest.cpp ------------------------------------------===//
//
// The engine on small functions: which facts it reports, and that it stays
// linear in the size of the CFG.
//
//===----------------------------------------------------------------------===//

#include "engine/analyses/ownership/OwnershipAnalysis.h"
#include "TestAST.h"
#include "engine/framework/Solver.h"
#include "gtest/gtest.h"

using namespace clang;
using namespace clang::tidy::llvmown;
using namespace llvmown_test;

namespace {

struct Result {
  ParsedTU TU;
  FunctionFacts Facts;
  std::vector<LeakReason> reasons() const {
    std::vector<LeakReason> R;
    for (const LeakFact &L : Facts.Leaks)
      R.push_back(L.Reason);
    return R;
  }
  unsigned line(SourceLocation L) {
    return TU.ctx().getSourceManager().getPresumedLineNumber(L);
  }
};

Result analyze(const std::string &Code, llvm::StringRef Fn = "f",
               const DerivedFactories *Derived = nullptr) {
  Result R;
  R.TU = parse(Code);
  static ApiModel Model;
  OwnershipAnalysis OA(Model, R.TU.ctx(), {}, Derived);
  const FunctionDecl *FD = R.TU.function(Fn);
  EXPECT_NE(FD, nullptr) << "no function " << Fn.str();
  if (FD)
    R.Facts = OA.analyze(FD, FD->getBody());
  return R;
}

TEST(OwnershipAnalysis, DiscardedAndTemporary) {
  auto R = analyze(R"cpp(
    void f(const Target *T) {
      T->createTargetMachine("x");
      T->createTargetMachine("y")->createDataLayout();
    })cpp");
  ASSERT_TRUE(R.Facts.Analysed);
  EXPECT_EQ(R.reasons(), (std::vector<LeakReason>{LeakReason::Discarded,
                                                  LeakReason::Temporary}));
  ASSERT_EQ(R.Facts.Objects.size(), 2u);
  EXPECT_EQ(R.Facts.Objects[0].Creator, "llvm::Target::createTargetMachine");
}

TEST(OwnershipAnalysis, NullCheckedThenReleasedIsClean) {
  auto R = analyze(R"cpp(
    bool f(const Target *T) {
      TargetMachine *TM = T->createTargetMachine("x");
      if (!TM)
        return false;
      TM->createDataLayout();
      delete TM;
      return true;
    })cpp");
  EXPECT_TRUE(R.Facts.Leaks.empty());
}

TEST(OwnershipAnalysis, EarlyReturnLeaksOnThatPathOnly) {
  auto R = analyze(R"cpp(
    bool f(const Target *T) {
      TargetMachine *TM = T->createTargetMachine("x");
      if (cond())
        return false;
      delete TM;
      return true;
    })cpp");
  ASSERT_EQ(R.Facts.Leaks.size(), 1u);
  const LeakFact &L = R.Facts.Leaks[0];
  EXPECT_EQ(L.Reason, LeakReason::AtExit);
  EXPECT_TRUE(L.ReleasedOnOtherPaths);
  EXPECT_EQ(R.line(L.Where),
            R.line(R.Facts.Objects[0].Site->getBeginLoc()) + 2);
  ASSERT_NE(L.Holder, nullptr);
  EXPECT_EQ(L.Holder->getName(), "TM");
}

TEST(OwnershipAnalysis, OverwrittenInLoop) {
  auto R = analyze(R"cpp(
    void f(const Target *T) {
      TargetMachine *TM = nullptr;
      for (int I = 0; I < 3; ++I)
        TM = T->createTargetMachine("x");
      delete TM;
    })cpp");
  ASSERT_EQ(R.Facts.Leaks.size(), 1u);
  EXPECT_EQ(R.Facts.Leaks[0].Reason, LeakReason::Overwritten);
}

TEST(OwnershipAnalysis, ReleasedEachIterationIsClean) {
  auto R = analyze(R"cpp(
    void f(const Target *T) {
      for (int I = 0; I < 3; ++I) {
        TargetMachine *TM = T->createTargetMachine("x");
        delete TM;
      }
    })cpp");
  EXPECT_TRUE(R.Facts.Leaks.empty());
}

TEST(OwnershipAnalysis, ContinueLeaksAtScopeEnd) {
  auto R = analyze(R"cpp(
    void f(const Target *T) {
      for (int I = 0; I < 3; ++I) {
        TargetMachine *TM = T->createTargetMachine("x");
        if (cond())
          continue;
        delete TM;
      }
    })cpp");
  ASSERT_EQ(R.Facts.Leaks.size(), 1u);
  EXPECT_EQ(R.Facts.Leaks[0].Reason, LeakReason::ScopeEnd);
}

TEST(OwnershipAnalysis, TransfersAndEscapesAreNotLeaks) {
  auto R = analyze(R"cpp(
    TargetMachine *G;
    void f(const Target *T, EngineBuilder &EB, TargetMachine **Out) {
      std::unique_ptr<TargetMachine> P(T->createTargetMachine("a"));
      std::unique_ptr<TargetMachine> Q;
      Q.reset(T->createTargetMachine("b"));
      delete EB.create(T->createTargetMachine("c")); // the engine is owned too
      keep(T->createTargetMachine("d"));
      G = T->createTargetMachine("e");
      *Out = T->createTargetMachine("f");
      static TargetMachine *S = T->createTargetMachine("g");
      LLVMTargetMachineRef H = LLVMCreateTargetMachine("h");
      LLVMDisposeTargetMachine(H);
    })cpp");
  EXPECT_EQ(R.Facts.Objects.size(), 9u);
  EXPECT_TRUE(R.Facts.Leaks.empty());
}

TEST(OwnershipAnalysis, BorrowingLLVMApiIsNotARelease) {
  auto R = analyze(R"cpp(
    void f(const Target *T) {
      TargetMachine *TM = T->createTargetMachine("x");
      PassBuilder PB(TM);
    })cpp");
  ASSERT_EQ(R.Facts.Leaks.size(), 1u);
  EXPECT_FALSE(R.Facts.Leaks[0].ReleasedOnOtherPaths);
}

TEST(OwnershipAnalysis, ReturningHandsOwnershipToTheCaller) {
  auto R = analyze(R"cpp(
    TargetMachine *f(const Target *T) {
      TargetMachine *TM = T->createTargetMachine("x");
      if (!TM)
        return nullptr;
      return TM;
    })cpp");
  EXPECT_TRUE(R.Facts.Leaks.empty());
  ASSERT_NE(R.Facts.ReturnsOwned, nullptr);
  EXPECT_EQ(R.Facts.ReturnsOwned->Name, "TargetMachine");
  EXPECT_FALSE(R.Facts.ReturnsOther);
}

TEST(OwnershipAnalysis, DerivedFactoriesCreate) {
  ParsedTU TU = parse(R"cpp(
    TargetMachine *getMachine(const Target *T) { return T->createTargetMachine("x"); }
    void f(const Target *T) { getMachine(T)->createDataLayout(); }
  )cpp");
  ApiModel Model;
  DerivedFactories Derived;
  OwnershipAnalysis OA(Model, TU.ctx(), {}, &Derived);
  const FunctionDecl *Get = TU.function("getMachine");
  const FunctionDecl *F = TU.function("f");
  EXPECT_TRUE(OA.analyze(F, F->getBody()).Leaks.empty()); // not yet a factory
  FunctionFacts GF = OA.analyze(Get, Get->getBody());
  ASSERT_NE(GF.ReturnsOwned, nullptr);
  Derived[Get->getCanonicalDecl()] = GF.ReturnsOwned;
  FunctionFacts FF = OA.analyze(F, F->getBody());
  ASSERT_EQ(FF.Leaks.size(), 1u);
  EXPECT_EQ(FF.Leaks[0].Reason, LeakReason::Temporary);
  EXPECT_EQ(FF.Objects[0].Creator, "getMachine");
}

TEST(OwnershipAnalysis, MemberStoresAndOverwrites) {
  auto R = analyze(R"cpp(
    struct C {
      TargetMachine *TM = nullptr;
      void lazy(const Target *T) { if (!TM) TM = T->createTargetMachine("x"); }
      void replace(const Target *T) { delete TM; TM = T->createTargetMachine("x"); }
      void clobber(const Target *T) { TM = T->createTargetMachine("x"); }
    };
    void f() {}
  )cpp");
  using namespace ast_matchers;
  ApiModel Model;
  OwnershipAnalysis OA(Model, R.TU.ctx());
  auto Method = [&](StringRef N) {
    return match(cxxMethodDecl(hasName(N)).bind("m"), R.TU.ctx())
        .front()
        .getNodeAs<CXXMethodDecl>("m");
  };
  for (StringRef N : {"lazy", "replace", "clobber"}) {
    const CXXMethodDecl *M = Method(N);
    FunctionFacts FF = OA.analyze(M, M->getBody());
    EXPECT_TRUE(FF.Leaks.empty()) << N.str();
    ASSERT_EQ(FF.FieldStores.size(), 1u) << N.str();
    EXPECT_EQ(FF.FieldStores[0].Field->getName(), "TM");
    EXPECT_FALSE(FF.FieldStores[0].InConstructor);
    EXPECT_EQ(FF.FieldStores[0].MayOverwriteOwned, N == "clobber") << N.str();
  }
}

TEST(OwnershipAnalysis, LambdaCaptureIsAnEscape) {
  auto R = analyze(R"cpp(
    void f(const Target *T) {
      TargetMachine *TM = T->createTargetMachine("x");
      auto Free = [&] { delete TM; };
      Free();
    })cpp");
  EXPECT_TRUE(R.Facts.Leaks.empty());
}

// The C API mode: releases are remembered per path.
FunctionFacts analyzeC(ParsedTU &TU, llvm::StringRef Fn) {
  static ApiModel Model;
  AnalysisOptions AO;
  AO.Kinds = Model.cApiKinds();
  AO.TrackDisposes = true;
  AO.GenericRowsSkip = {Model.kind(KindId::TargetMachine)};
  AO.ConstPointerArgsBorrow = true;
  OwnershipAnalysis OA(Model, TU.ctx(), AO);
  const FunctionDecl *FD = TU.function(Fn);
  return OA.analyze(FD, FD->getBody());
}

// unique_ptr::release() hands out a C++ object of a C API kind (a module) to
// the C API mode too, but not a TargetMachine: target-machine-leak's.
TEST(OwnershipAnalysisCApi, ReleasedModuleButNotMachine) {
  ParsedTU TU = parse(R"cpp(
    void module(std::unique_ptr<llvm::Module> P) {
      llvm::Module *M = P.release();
      (void)M;
    }
    void machine(std::unique_ptr<llvm::TargetMachine> P) {
      llvm::TargetMachine *TM = P.release();
      (void)TM;
    })cpp");
  FunctionFacts M = analyzeC(TU, "module");
  ASSERT_EQ(M.Leaks.size(), 1u);
  EXPECT_EQ(M.Objects[M.Leaks[0].Object].Kind->Id, KindId::Module);
  EXPECT_TRUE(analyzeC(TU, "machine").Leaks.empty());
}

TEST(OwnershipAnalysisCApi, DoubleReleaseOnOnePath) {
  ParsedTU TU = parse(R"cpp(
    void f() {
      LLVMContextRef C = LLVMContextCreate();
      if (cond())
        LLVMContextDispose(C);
      LLVMContextDispose(C);
    }
    void g() {
      LLVMContextRef C = LLVMContextCreate();
      if (cond()) {
        LLVMContextDispose(C);
        C = nullptr;
      }
      if (C)
        LLVMContextDispose(C);
    })cpp");
  FunctionFacts F = analyzeC(TU, "f");
  ASSERT_EQ(F.Disposes.size(), 1u);
  EXPECT_EQ(F.Disposes[0].Problem, DisposeProblem::Twice);
  ASSERT_NE(F.Disposes[0].Earlier, nullptr);
  EXPECT_TRUE(analyzeC(TU, "g").Disposes.empty());
}

TEST(OwnershipAnalysisCApi, ModulesGoWithTheirContext) {
  ParsedTU TU = parse(R"cpp(
    void f() {
      LLVMContextRef C = LLVMContextCreate();
      LLVMModuleRef M = LLVMModuleCreateWithNameInContext("m", C);
      LLVMContextDispose(C);
    }
    void g() {
      LLVMModuleRef M = LLVMModuleCreateWithName("m");
    })cpp");
  EXPECT_TRUE(analyzeC(TU, "f").Leaks.empty());
  FunctionFacts G = analyzeC(TU, "g");
  ASSERT_EQ(G.Leaks.size(), 1u);
  EXPECT_EQ(G.Objects[G.Leaks[0].Object].Kind->Name, "Module");
}

TEST(OwnershipAnalysisCApi, BorrowedAndMismatched) {
  ParsedTU TU = parse(R"cpp(
    void f(LLVMErrorRef E) {
      LLVMContextDispose(LLVMGetGlobalContext());
      LLVMDisposeMessage(LLVMGetErrorMessage(E));
    })cpp");
  FunctionFacts F = analyzeC(TU, "f");
  ASSERT_EQ(F.Disposes.size(), 2u);
  EXPECT_EQ(F.Disposes[0].Problem, DisposeProblem::Borrowed);
  EXPECT_EQ(F.Disposes[1].Problem, DisposeProblem::Mismatch);
  EXPECT_TRUE(F.Leaks.empty()); // the mismatched release still releases
}

// Cost: each block is visited a bounded number of times, so the work grows
// linearly with the function, not with the number of paths (2^200 here).
TEST(OwnershipAnalysis, CostIsLinearInTheCFG) {
  std::string Body = "void f(const Target *T) {\n"
                     "  TargetMachine *TM = T->createTargetMachine(\"x\");\n";
  for (int I = 0; I < 200; ++I)
    Body += "  if (cond()) TM->createDataLayout();\n";
  Body += "  delete TM;\n}\n";
  auto R = analyze(Body);
  EXPECT_TRUE(R.Facts.Leaks.empty());
  EXPECT_GT(R.Facts.Blocks, 400u);
  EXPECT_LE(R.Facts.Visits, 3 * R.Facts.Blocks);
}

} // namespace

// Objects are numbered per creating site before solving, in the order of
// the code: the same numbers, sites and facts whatever order the solver
// visits blocks in (a number by first reach made the else branch's machine
// object 0 in post-order).
TEST(OwnershipAnalysis, NumbersObjectsBySiteInEveryVisitOrder) {
  const char *Code = R"cpp(
    void f(const Target *T, bool C) {
      TargetMachine *TM;
      if (C)
        TM = T->createTargetMachine("a");
      else
        TM = T->createTargetMachine("b");
      for (int I = 0; I < 3; ++I)
        T->createTargetMachine("c");
    })cpp";
  auto Sites = [](Result &R) {
    std::vector<unsigned> Lines;
    for (const OwnedObject &O : R.Facts.Objects)
      Lines.push_back(R.line(O.Site->getBeginLoc()));
    return Lines;
  };
  auto Leaks = [](Result &R) {
    std::vector<std::pair<unsigned, unsigned>> L;
    for (const LeakFact &F : R.Facts.Leaks)
      L.push_back({F.Object, R.line(F.Where)});
    return L;
  };
  Result Base = analyze(Code);
  // One object per site, in the order of the code.
  std::vector<unsigned> Lines = Sites(Base);
  ASSERT_EQ(Lines.size(), 3u);
  EXPECT_TRUE(Lines[0] < Lines[1] && Lines[1] < Lines[2]);
  ASSERT_FALSE(Base.Facts.Leaks.empty());
  for (unsigned Seed = 0; Seed < 6; ++Seed) {
    setSolverVisitOrder(Seed ? VisitOrder::Shuffled : VisitOrder::PostOrder,
                        Seed);
    Result Other = analyze(Code);
    setSolverVisitOrder(VisitOrder::ReversePostOrder);
    EXPECT_EQ(Sites(Other), Sites(Base)) << "seed " << Seed;
    EXPECT_EQ(Leaks(Other), Leaks(Base)) << "seed " << Seed;
  }
}

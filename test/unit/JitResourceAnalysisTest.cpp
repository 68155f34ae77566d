//===- JitResourceAnalysisTest.cpp ----------------------------------------===//
//
// The JIT resource analysis: set-up names, the tracker dataflow's reading of
// error branches and null tests, its state's lattice contract, and the
// service rule's class-wide view.
//
//===----------------------------------------------------------------------===//

#include "engine/analyses/jit/JitResourceAnalysis.h"
#include "LatticeContract.h"
#include "TestAST.h"
#include "engine/analyses/jit/TrackerFlow.h"
#include "gtest/gtest.h"
#include <random>

using namespace clang;
using namespace clang::tidy::llvmown;
using namespace llvmown_test;

namespace {

JitResult analyzeAll(ParsedTU &TU, std::vector<std::string> Setup = {"init"}) {
  static ApiModel Model;
  JitResourceAnalysis JA(Model, TU.ctx(), std::move(Setup));
  using namespace ast_matchers;
  for (const auto &N :
       match(functionDecl(isDefinition(), isExpansionInMainFile()).bind("f"),
             TU.ctx())) {
    const auto *FD = N.getNodeAs<FunctionDecl>("f");
    JA.addFunction(FD, FD->getBody());
  }
  return JA.finish();
}

TEST(JitResourceAnalysis, SetupNames) {
  std::vector<std::string> Setup = {"init", "setup"};
  EXPECT_TRUE(JitResourceAnalysis::isSetupName("init", Setup));
  EXPECT_TRUE(JitResourceAnalysis::isSetupName("Init", Setup));
  EXPECT_TRUE(JitResourceAnalysis::isSetupName("initRuntime", Setup));
  EXPECT_TRUE(JitResourceAnalysis::isSetupName("setup_jit", Setup));
  EXPECT_TRUE(JitResourceAnalysis::isSetupName("setUp", Setup));
  // A longer word is not the set-up name.
  EXPECT_FALSE(JitResourceAnalysis::isSetupName("initial", Setup));
  EXPECT_FALSE(JitResourceAnalysis::isSetupName("setupper", Setup));
  EXPECT_FALSE(JitResourceAnalysis::isSetupName("run", Setup));
  EXPECT_FALSE(JitResourceAnalysis::isSetupName("in", Setup));
}

TEST(JitResourceAnalysis, ErrorBranchIsNotASuccessfulAdd) {
  ParsedTU TU = parse(R"cpp(
    orc::ThreadSafeModule make();
    Error onFailureOnly(orc::LLJIT &J) {
      auto RT = J.getMainJITDylib().createResourceTracker();
      if (auto Err = J.addIRModule(RT, make()))
        return Err;
      return RT->remove();
    }
    Error leaksOnSuccess(orc::LLJIT &J) {
      auto RT = J.getMainJITDylib().createResourceTracker();
      if (auto Err = J.addIRModule(RT, make()))
        return Err;
      return Error::success();
    }
  )cpp");
  JitResult R = analyzeAll(TU);
  ASSERT_EQ(R.Dropped.size(), 1u);
  EXPECT_EQ(R.Dropped[0].Holder->getName(), "RT");
  EXPECT_EQ(R.Dropped[0].How, TrackerDrop::ScopeEnd);
  EXPECT_EQ(R.Dropped[0].CreateApi, "createResourceTracker");
  EXPECT_FALSE(R.Dropped[0].CApi);
  // The note is at the successful return, not at the error one.
  const SourceManager &SM = TU.ctx().getSourceManager();
  EXPECT_EQ(SM.getPresumedLineNumber(R.Dropped[0].Where), 14u);
}

TEST(JitResourceAnalysis, NullTrackerHoldsNothing) {
  ParsedTU TU = parse(R"cpp(
    orc::ThreadSafeModule make();
    bool more();
    void reload(orc::LLJIT &J) {
      orc::ResourceTrackerSP Current;
      while (more()) {
        if (Current)
          (void)Current->remove();
        Current = J.getMainJITDylib().createResourceTracker();
        (void)J.addIRModule(Current, make());
      }
      (void)Current->remove();
    }
    void reloadLeaking(orc::LLJIT &J) {
      orc::ResourceTrackerSP Current;
      while (more()) {
        Current = J.getMainJITDylib().createResourceTracker();
        (void)J.addIRModule(Current, make());
      }
    }
  )cpp");
  JitResult R = analyzeAll(TU);
  ASSERT_EQ(R.Dropped.size(), 1u);
  EXPECT_EQ(R.Dropped[0].How, TrackerDrop::Overwritten);
  const SourceManager &SM = TU.ctx().getSourceManager();
  EXPECT_EQ(SM.getPresumedLineNumber(R.Dropped[0].Create->getBeginLoc()), 18u);
}

TEST(JitResourceAnalysis, EachTrackerIsReportedWithItsOwnCreation) {
  // The creating call travels with the value: the first tracker is the one
  // overwritten, the second the one dropped at the end, whatever order the
  // blocks are replayed in.
  ParsedTU TU = parse(R"cpp(
    orc::ThreadSafeModule make();
    void run(orc::LLJIT &J);
    void twoPhases(orc::LLJIT &J, bool Check) {
      orc::JITDylib &JD = J.getMainJITDylib();
      orc::ResourceTrackerSP RT = JD.createResourceTracker();
      (void)J.addIRModule(RT, make());
      if (Check)
        run(J);
      RT = JD.createResourceTracker();
      (void)J.addIRModule(RT, make());
    }
  )cpp");
  JitResult R = analyzeAll(TU);
  ASSERT_EQ(R.Dropped.size(), 2u);
  const SourceManager &SM = TU.ctx().getSourceManager();
  auto Line = [&](SourceLocation L) { return SM.getPresumedLineNumber(L); };
  EXPECT_EQ(Line(R.Dropped[0].Create->getBeginLoc()), 7u);
  EXPECT_EQ(R.Dropped[0].How, TrackerDrop::Overwritten);
  EXPECT_EQ(Line(R.Dropped[0].Where), 11u);
  EXPECT_EQ(Line(R.Dropped[1].Create->getBeginLoc()), 11u);
  EXPECT_EQ(R.Dropped[1].How, TrackerDrop::ScopeEnd);
  EXPECT_EQ(Line(R.Dropped[1].Where), 13u);
}

/// A random tracker state over a few stand-in variables, calls and Errors:
/// the lattice only compares and hashes them.
TrackerState randomTrackerState(std::mt19937 &G) {
  auto Pick = [&](unsigned N) { return uintptr_t(16 * (1 + G() % N)); };
  auto Vars = [&] {
    Store<TrackerValue> S;
    for (unsigned I = 0, N = G() % 3; I < N; ++I) {
      TrackerValue &V =
          S[Location::local(reinterpret_cast<const VarDecl *>(Pick(3)))];
      for (unsigned J = 0, M = G() % 3; J < M; ++J)
        V[reinterpret_cast<const CallExpr *>(Pick(3))] = TrackerBits(G() % 8);
    }
    return S;
  };
  TrackerState S;
  S.Vars = Vars();
  for (unsigned I = 0, N = G() % 3; I < N; ++I)
    S.Pending[Location::temporary(reinterpret_cast<const Expr *>(Pick(2)))] =
        Vars();
  return S;
}

TEST(TrackerFlow, StateFollowsTheLatticeContract) {
  std::mt19937 G(3);
  for (int I = 0; I < 500; ++I) {
    checkContract(randomTrackerState(G), randomTrackerState(G));
  }
  // A variable holding no bits is the same as no variable.
  TrackerState Empty, NoBits;
  NoBits.Vars[Location::local(nullptr)][nullptr] = TrackerBits();
  EXPECT_TRUE(Empty == NoBits);
  EXPECT_FALSE(Empty.join(NoBits));
}

TEST(JitResourceAnalysis, ServiceRuleLooksAtTheWholeClass) {
  ParsedTU TU = parse(R"cpp(
    orc::ThreadSafeModule make();
    class Leaky {
      std::unique_ptr<orc::LLJIT> J;
    public:
      void init() { J->addIRModule(make()); }
      void run() { J->addIRModule(make()); }
    };
    class Cleared {
      std::unique_ptr<orc::LLJIT> J;
    public:
      void run() { J->addIRModule(make()); }
      void reset() { (void)J->getMainJITDylib().clear(); }
    };
    class NoJIT {
    public:
      void run(orc::LLJIT &J) { J.addIRModule(make()); }
    };
  )cpp");
  JitResult R = analyzeAll(TU);
  ASSERT_EQ(R.Adds.size(), 1u);
  ASSERT_NE(R.Adds[0].Method, nullptr);
  EXPECT_EQ(R.Adds[0].Method->getQualifiedNameAsString(), "Leaky::run");
  EXPECT_EQ(R.Adds[0].Api, "addIRModule");
}

TEST(JitResourceAnalysis, DefaultTrackerSpelledOutIsNoTracker) {
  ParsedTU TU = parse(R"cpp(
    orc::ThreadSafeModule make();
    bool more();
    void serve(orc::LLJIT &J) {
      while (more())
        (void)J.addIRModule(J.getMainJITDylib().getDefaultResourceTracker(),
                            make());
    }
  )cpp");
  JitResult R = analyzeAll(TU);
  ASSERT_EQ(R.Adds.size(), 1u);
  EXPECT_EQ(R.Adds[0].Method, nullptr);
  EXPECT_NE(R.Adds[0].Loop, nullptr);
}

} // namespace

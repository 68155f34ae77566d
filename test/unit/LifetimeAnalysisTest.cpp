//===- LifetimeAnalysisTest.cpp -------------------------------------------===//
//
// The lifetime analysis on small functions: which owners end where, and
// which bound values are used, returned or destroyed after that.
//
//===----------------------------------------------------------------------===//

#include "engine/analyses/lifetime/LifetimeAnalysis.h"
#include "TestAST.h"
#include "engine/framework/Solver.h"
#include "gtest/gtest.h"

using namespace clang;
using namespace clang::tidy::llvmown;
using namespace llvmown_test;

namespace {

struct Result {
  ParsedTU TU;
  LifetimeFacts Facts;
  unsigned line(SourceLocation L) {
    return TU.ctx().getSourceManager().getPresumedLineNumber(L);
  }
  std::string ownerName(unsigned O) {
    return Facts.Objects[O].holder()->getNameAsString();
  }
};

Result analyze(const std::string &Code, llvm::StringRef Fn = "f") {
  Result R;
  R.TU = parse(Code);
  static ApiModel Model;
  LifetimeAnalysis LA(Model, R.TU.ctx());
  const FunctionDecl *FD = R.TU.function(Fn);
  EXPECT_NE(FD, nullptr) << "no function " << Fn.str();
  if (FD) {
    EXPECT_TRUE(LA.mentionsContexts(FD, FD->getBody()));
    R.Facts = LA.analyze(FD, FD->getBody());
  }
  return R;
}

TEST(LifetimeAnalysis, UseAfterInnerScopeClosed) {
  auto R = analyze(R"cpp(
    void f() {
      std::unique_ptr<Module> M;
      {
        LLVMContext Ctx;
        M = std::make_unique<Module>("m", Ctx);
      }
      M->getFunction("main");
    })cpp");
  ASSERT_TRUE(R.Facts.Analysed);
  ASSERT_FALSE(R.Facts.Uses.empty());
  const UseAfterEndFact *Explicit = nullptr;
  for (const UseAfterEndFact &U : R.Facts.Uses)
    if (!U.ImplicitDestruction)
      Explicit = &U;
  ASSERT_NE(Explicit, nullptr);
  EXPECT_EQ(Explicit->Value->getName(), "M");
  EXPECT_EQ(R.ownerName(Explicit->Owner), "Ctx");
  EXPECT_EQ(Explicit->End.How, EndHow::ScopeEnd);
  EXPECT_TRUE(R.Facts.Orders.empty()); // different scopes: no order bug
}

TEST(LifetimeAnalysis, ResetAndMoveIntoCallEndTheContext) {
  auto R = analyze(R"cpp(
    int compile(std::unique_ptr<LLVMContext> C, Module &M);
    void f() {
      auto Ctx = std::make_unique<LLVMContext>();
      auto M = std::make_unique<Module>("m", *Ctx);
      compile(std::move(Ctx), *M);
      M->getFunction("main");
    })cpp");
  ASSERT_FALSE(R.Facts.Uses.empty());
  EXPECT_EQ(R.Facts.Uses[0].End.How, EndHow::MovedIntoCall);
  EXPECT_EQ(R.Facts.Uses[0].End.Callee, "compile");

  auto R2 = analyze(R"cpp(
    void f() {
      auto Ctx = std::make_unique<LLVMContext>();
      Module *M = new Module("m", *Ctx);
      Ctx.reset();
      M->getFunction("main");
    })cpp");
  ASSERT_EQ(R2.Facts.Uses.size(), 1u);
  EXPECT_EQ(R2.Facts.Uses[0].End.How, EndHow::Reset);
}

TEST(LifetimeAnalysis, ModuleDestroyedBeforeContextIsClean) {
  auto R = analyze(R"cpp(
    void f() {
      LLVMContext Ctx;
      auto M = std::make_unique<Module>("m", Ctx);
      Type *T = Type::getInt64Ty(Ctx);
      M->getFunction("main");
    })cpp");
  EXPECT_TRUE(R.Facts.Uses.empty());
  EXPECT_TRUE(R.Facts.Orders.empty());
  EXPECT_TRUE(R.Facts.Escapes.empty());
}

TEST(LifetimeAnalysis, HolderDeclaredBeforeItsContext) {
  auto R = analyze(R"cpp(
    void f() {
      std::unique_ptr<Module> M;
      LLVMContext Ctx;
      M = std::make_unique<Module>("m", Ctx);
    })cpp");
  ASSERT_EQ(R.Facts.Orders.size(), 1u);
  EXPECT_EQ(R.Facts.Orders[0].Holder->getName(), "M");
  EXPECT_EQ(R.ownerName(R.Facts.Orders[0].Owner), "Ctx");
}

TEST(LifetimeAnalysis, ReturningAModuleOfALocalContext) {
  auto R = analyze(R"cpp(
    std::unique_ptr<Module> f() {
      LLVMContext Ctx;
      auto M = std::make_unique<Module>("m", Ctx);
      return M;
    })cpp");
  ASSERT_EQ(R.Facts.Escapes.size(), 1u);
  EXPECT_TRUE(R.Facts.Escapes[0].IsReturn);
  EXPECT_EQ(R.Facts.Escapes[0].Value->getName(), "M");

  // A context from the caller never ends here.
  auto R2 = analyze(R"cpp(
    std::unique_ptr<Module> f(LLVMContext &Ctx) {
      auto M = std::make_unique<Module>("m", Ctx);
      return M;
    })cpp");
  EXPECT_TRUE(R2.Facts.Escapes.empty());
}

TEST(LifetimeAnalysis, ThreadSafeModuleKeepsItsContextAlive) {
  auto R = analyze(R"cpp(
    orc::ThreadSafeModule g();
    void f(orc::LLJIT &J) {
      std::unique_ptr<Module> M;
      orc::ThreadSafeModule *Keep = nullptr;
      {
        orc::ThreadSafeContext TSC(std::make_unique<LLVMContext>());
        M = std::make_unique<Module>("m", *TSC.getContext());
        orc::ThreadSafeModule TSM(std::move(M), TSC);
        J.addIRModule(std::move(TSM));
      }
    })cpp");
  EXPECT_TRUE(R.Facts.Uses.empty());
}

TEST(LifetimeAnalysis, BorrowedModuleAfterTheTSMIsHandedOver) {
  auto R = analyze(R"cpp(
    void f(orc::LLJIT &J, orc::ThreadSafeModule TSM) {
      Module *M = TSM.getModuleUnlocked();
      M->getFunction("before");
      J.addIRModule(std::move(TSM));
      M->getFunction("after");
    })cpp");
  ASSERT_EQ(R.Facts.Uses.size(), 1u);
  EXPECT_EQ(R.ownerName(R.Facts.Uses[0].Owner), "TSM");
  EXPECT_EQ(R.Facts.Uses[0].End.Callee, "addIRModule");
  EXPECT_EQ(R.line(R.Facts.Uses[0].Use), R.line(R.Facts.Uses[0].End.Where) + 1);
}

TEST(LifetimeAnalysis, CApiDisposeOrder) {
  auto R = analyze(R"cpp(
    void f() {
      LLVMContextRef C = LLVMContextCreate();
      LLVMModuleRef M = LLVMModuleCreateWithNameInContext("m", C);
      LLVMModuleRef G = LLVMModuleCreateWithName("g");
      LLVMContextDispose(C);
      LLVMDisposeModule(G);
      LLVMDisposeModule(M);
    })cpp");
  ASSERT_EQ(R.Facts.Uses.size(), 1u);
  EXPECT_EQ(R.Facts.Uses[0].Value->getName(), "M");
  EXPECT_EQ(R.Facts.Uses[0].End.How, EndHow::Disposed);
}

TEST(LifetimeAnalysis, NewContextPerLoopIterationIsClean) {
  auto R = analyze(R"cpp(
    void f(int N) {
      for (int I = 0; I < N; ++I) {
        LLVMContext Ctx;
        auto M = std::make_unique<Module>("m", Ctx);
        M->getFunction("main");
      }
    })cpp");
  EXPECT_TRUE(R.Facts.Uses.empty());
  EXPECT_TRUE(R.Facts.Orders.empty());
}

TEST(LifetimeAnalysis, MemberBindings) {
  ParsedTU TU = parse(R"cpp(
    struct C {
      std::unique_ptr<Module> M;
      std::unique_ptr<LLVMContext> Ctx;
      C() : Ctx(new LLVMContext) { M = std::make_unique<Module>("m", *Ctx); }
    };
    void f() {}
  )cpp");
  using namespace ast_matchers;
  const auto *Ctor =
      match(cxxConstructorDecl(ofClass(hasName("C")), isDefinition()).bind("c"),
            TU.ctx())
          .front()
          .getNodeAs<CXXConstructorDecl>("c");
  ApiModel Model;
  LifetimeAnalysis LA(Model, TU.ctx());
  LifetimeFacts F = LA.analyze(Ctor, Ctor->getBody());
  ASSERT_EQ(F.FieldBinds.size(), 1u);
  EXPECT_EQ(F.FieldBinds[0].Holder->getName(), "M");
  EXPECT_EQ(F.FieldBinds[0].Context->getName(), "Ctx");
  EXPECT_TRUE(F.Escapes.empty()); // a member context does not die here
}

TEST(LifetimeAnalysis, CostIsLinearInTheCFG) {
  std::string Body = "void f() {\n  LLVMContext Ctx;\n"
                     "  auto M = std::make_unique<Module>(\"m\", Ctx);\n";
  for (int I = 0; I < 200; ++I)
    Body += "  if (M->getFunction(\"x\")) Type::getInt64Ty(Ctx);\n";
  Body += "}\n";
  auto R = analyze(Body);
  EXPECT_TRUE(R.Facts.Uses.empty());
  EXPECT_GT(R.Facts.Blocks, 400u);
  EXPECT_LE(R.Facts.Visits, 3 * R.Facts.Blocks);
}

} // namespace

// Owners are numbered before solving, in the order of the code, whatever
// order the solver visits blocks in.
TEST(LifetimeAnalysis, NumbersOwnersInEveryVisitOrder) {
  const char *Code = R"cpp(
    void f(bool C) {
      std::unique_ptr<Module> M;
      if (C) {
        LLVMContext A;
        M = std::make_unique<Module>("a", A);
      } else {
        LLVMContext B;
        M = std::make_unique<Module>("b", B);
      }
      M->getContext();
    })cpp";
  auto Names = [](Result &R) {
    std::vector<std::string> N;
    for (unsigned I = 0; I < R.Facts.Objects.size(); ++I)
      N.push_back(R.ownerName(I));
    return N;
  };
  Result Base = analyze(Code);
  EXPECT_EQ(Names(Base), (std::vector<std::string>{"A", "B"}));
  for (unsigned Seed = 0; Seed < 6; ++Seed) {
    setSolverVisitOrder(Seed ? VisitOrder::Shuffled : VisitOrder::PostOrder,
                        Seed);
    Result Other = analyze(Code);
    setSolverVisitOrder(VisitOrder::ReversePostOrder);
    EXPECT_EQ(Names(Other), Names(Base)) << "seed " << Seed;
    EXPECT_EQ(Other.Facts.Uses.size(), Base.Facts.Uses.size())
        << "seed " << Seed;
  }
}

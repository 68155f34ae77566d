//===- ValueFlowTest.cpp - the value-movement base routes every node ------===//
//
// A recorder built on ValueFlow logs each hook it is given; the tests compare
// that log with what the source does.
//
//===----------------------------------------------------------------------===//

#include "engine/framework/ValueFlow.h"
#include "TestAST.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "gtest/gtest.h"
#include <string>
#include <vector>

using namespace clang;
using namespace clang::tidy::llvmown;
using namespace llvmown_test;

namespace {

struct NoState {
  size_t weight() const { return 1; }
  bool join(const NoState &) { return false; }
  bool operator==(const NoState &) const { return true; }
};

std::string nameOf(const Expr *E) {
  if (!E)
    return "-";
  E = skipTransparent(E);
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    return DRE->getDecl()->getNameAsString();
  return E->getStmtClassName();
}

class Recorder : public ValueFlow<Recorder, NoState, std::string> {
public:
  using ValueFlow::ValueFlow;
  /// What the hooks saw (the functions tested have no loops: each block is
  /// transferred once, each edge refined once).
  mutable std::vector<std::string> Log;
  void emit(std::string Line) const { Log.push_back(std::move(Line)); }

  void declare(const VarDecl *VD, const DeclStmt *, NoState &) const {
    emit("declare " + VD->getNameAsString());
  }
  void assign(const Expr *LHS, const Expr *RHS, const Stmt *At,
              NoState &) const {
    emit("assign " + nameOf(LHS) + " = " + nameOf(RHS) +
         (isa<BinaryOperator>(At) ? "" : " (operator=)"));
  }
  void returned(const Expr *RV, const ReturnStmt *, NoState &) const {
    emit("return " + nameOf(RV));
  }
  void call(const CallSite &CS, NoState &) const {
    emit("call " + (CS.Callee ? CS.Callee->getNameAsString() : "?"));
  }
  void operate(const BinaryOperator *BO, NoState &) const {
    emit("operate " + BO->getOpcodeStr().str());
  }
  void endLifetime(const VarDecl *VD, const LifetimeEnd &End, NoState &) const {
    emit("end " + VD->getNameAsString() +
         (End.AtFunctionExit ? " at exit" : " in scope"));
  }
  void initializeMember(const FieldDecl *F, const Expr *Init, NoState &) const {
    emit("init " + F->getNameAsString() + " = " + nameOf(Init));
  }
  void transferBranch(const BranchEdge &E, NoState &) const {
    emit("branch " + nameOf(E.Cond) + (E.Value ? " true" : " false") +
         " null " + nameOf(E.NullHere) + " set " + nameOf(E.NonNullHere));
  }
};

std::vector<std::string> record(ParsedTU &TU, const FunctionDecl *F) {
  std::unique_ptr<CFG> G = buildAnalysisCFG(F, F->getBody(), TU.ctx());
  Recorder R(TU.ctx(), F, F->getBody());
  Solution<NoState> Sol = solveForward(*G, R, NoState());
  EXPECT_FALSE(Sol.Incomplete);
  return R.Log;
}

bool logged(const std::vector<std::string> &Log, const std::string &Line) {
  return llvm::is_contained(Log, Line);
}

/// The lines of \p Want that \p Log lacks (none: all were logged).
std::vector<std::string> missing(const std::vector<std::string> &Log,
                                 const std::vector<std::string> &Want) {
  std::vector<std::string> Out;
  for (const std::string &Line : Want)
    if (!logged(Log, Line))
      Out.push_back(Line);
  return Out;
}

using Lines = std::vector<std::string>;

} // namespace

TEST(ValueFlow, RoutesDeclarationsAssignmentsCallsAndReturns) {
  ParsedTU TU = parse(R"cpp(
    struct H { H &operator=(H &&); };
    void use(int *);
    int *f(int *P, H A, H B) {
      int *Q = P;
      Q = nullptr;
      A = std::move(B);
      use(Q);
      bool Same = P == Q;
      return P;
    })cpp");
  std::vector<std::string> Log = record(TU, TU.function("f"));
  // A class's operator= is an assignment, and std::move is no call.
  EXPECT_EQ(missing(Log, {"declare Q", "declare Same",
                          "assign Q = CXXNullPtrLiteralExpr",
                          "assign A = B (operator=)", "call use",
                          "operate ==", "return P", "end Q at exit"}),
            Lines());
  EXPECT_FALSE(logged(Log, "call move"));
  EXPECT_FALSE(logged(Log, "call operator="));
}

TEST(ValueFlow, EndsLifetimesAndInitializesMembers) {
  ParsedTU TU = parse(R"cpp(
    struct C {
      int *M;
      C(int *P) : M(P) {}
    };
    void f(bool B) {
      { int *Inner = nullptr; }
      if (B)
        return;
      int *Outer = nullptr;
    })cpp");
  std::vector<std::string> Log = record(TU, TU.function("f"));
  EXPECT_EQ(missing(Log, {"end Inner in scope", "end Outer at exit"}), Lines());
  using namespace ast_matchers;
  const auto *Ctor = selectFirst<CXXConstructorDecl>(
      "c",
      match(cxxConstructorDecl(isDefinition(), ofClass(hasName("C"))).bind("c"),
            TU.ctx()));
  ASSERT_TRUE(Ctor);
  EXPECT_TRUE(logged(record(TU, Ctor), "init M = P"));
}

TEST(ValueFlow, HandsEachBranchEdgeWhatItTells) {
  ParsedTU TU = parse(R"cpp(
    void g(); bool cond();
    void f(int *P, int *Q) {
      if (!P)
        g();
      if (Q != nullptr)
        g();
      if (cond())
        g();
    })cpp");
  std::vector<std::string> Log = record(TU, TU.function("f"));
  // Any tested value is "null" where it is false (the call): each analysis
  // decides from its type whether that means anything.
  EXPECT_EQ(missing(Log, {"branch UnaryOperator true null P set -",
                          "branch UnaryOperator false null - set P",
                          "branch BinaryOperator true null - set Q",
                          "branch BinaryOperator false null Q set -",
                          "branch CallExpr true null - set CallExpr",
                          "branch CallExpr false null CallExpr set -"}),
            Lines());
  EXPECT_EQ(
      llvm::count_if(
          Log, [](const std::string &L) { return L.rfind("branch", 0) == 0; }),
      6);
}

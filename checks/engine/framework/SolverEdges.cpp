//===- SolverEdges.cpp - the CFG edges the solver follows -----------------===//

#include "engine/framework/SolverEdges.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"
#include <optional>

namespace clang::tidy::llvmown {

namespace {

const VarDecl *conditionVar(const Expr *C) {
  if (!C)
    return nullptr;
  C = C->IgnoreParenImpCasts();
  if (const auto *BO = dyn_cast<BinaryOperator>(C);
      BO && BO->getOpcode() == BO_NE)
    if (const auto *Zero =
            dyn_cast<IntegerLiteral>(BO->getRHS()->IgnoreParenImpCasts());
        Zero && Zero->getValue() == 0)
      C = BO->getLHS()->IgnoreParenImpCasts();
  const auto *DRE = dyn_cast<DeclRefExpr>(C);
  const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  return V && V->getType()->isIntegralOrEnumerationType() ? V : nullptr;
}

/// The constant \p E is, if it is an integer or bool literal.
std::optional<bool> literalTruth(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *IL = dyn_cast<IntegerLiteral>(E))
    return IL->getValue() != 0;
  if (const auto *BL = dyn_cast<CXXBoolLiteralExpr>(E))
    return BL->getValue();
  return std::nullopt;
}

/// `V = K` among the operands of the comma chain \p E, K a literal whose
/// truth is \p Truth.
bool assigns(const Expr *E, const VarDecl *V, bool Truth) {
  if (!E)
    return false;
  const auto *BO = dyn_cast<BinaryOperator>(E->IgnoreParens());
  if (!BO)
    return false;
  if (BO->getOpcode() == BO_Comma)
    return assigns(BO->getLHS(), V, Truth) || assigns(BO->getRHS(), V, Truth);
  if (BO->getOpcode() != BO_Assign)
    return false;
  const auto *DRE = dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParens());
  return DRE && DRE->getDecl() == V && literalTruth(BO->getRHS()) == Truth;
}

} // namespace

bool SolverEdges::runsOnce(const ForStmt *F, bool &Entered) {
  const VarDecl *V = conditionVar(F->getCond());
  if (!V || !assigns(F->getInc(), V, false))
    return false;
  Entered = false;
  if (const auto *E = dyn_cast_or_null<Expr>(F->getInit()))
    Entered = assigns(E, V, true);
  else if (const auto *DS = dyn_cast_or_null<DeclStmt>(F->getInit());
           DS && DS->isSingleDecl() && DS->getSingleDecl() == V && V->getInit())
    Entered = literalTruth(V->getInit()) == true;
  return true;
}

SolverEdges::SolverEdges(const CFG &G) {
  for (const CFGBlock *C : G) {
    const auto *F = dyn_cast_or_null<ForStmt>(C->getTerminatorStmt());
    bool Entered = false;
    if (!F || C->succ_size() != 2 || !runsOnce(F, Entered))
      continue;
    const CFGBlock *Out = C->succ_begin()[1].getReachableBlock();
    if (Entered)
      Changed[{C->getBlockID(), 1}] = nullptr;
    for (const CFGBlock *P : C->preds()) {
      if (!P)
        continue;
      bool Increments = false;
      for (const CFGElement &El : *P)
        if (auto S = El.getAs<CFGStmt>())
          Increments |= S->getStmt() == F->getInc();
      if (!Increments)
        continue;
      unsigned Idx = 0;
      for (auto SI = P->succ_begin(); SI != P->succ_end(); ++SI, ++Idx)
        if (SI->getReachableBlock() == C)
          Changed[{P->getBlockID(), Idx}] = Out;
    }
  }
}

} // namespace clang::tidy::llvmown

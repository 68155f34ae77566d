//===- Exceptions.cpp - which calls of the unit may throw
//-------------------===//

#include "engine/framework/Exceptions.h"
#include "engine/framework/CompatADT.h" // llvm::function_ref
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"

namespace clang::tidy::llvmown {

namespace {

/// The definition whose throws a call of \p FD would show, if any.
const FunctionDecl *visibleDefinition(const FunctionDecl *FD) {
  const FunctionDecl *Def = nullptr;
  if (!FD || !FD->getASTContext().getLangOpts().CXXExceptions ||
      !FD->hasBody(Def) || !Def || Def->isDependentContext())
    return nullptr;
  const auto *Proto = Def->getType()->getAs<FunctionProtoType>();
  const SourceManager &SM = Def->getASTContext().getSourceManager();
  if ((Proto && Proto->isNothrow()) || SM.isInSystemHeader(Def->getLocation()))
    return nullptr;
  return Def;
}

/// Finds a throw, or a call \p Throws says may throw, outside every try
/// block.
class ThrowFinder : public RecursiveASTVisitor<ThrowFinder> {
public:
  explicit ThrowFinder(llvm::function_ref<bool(const FunctionDecl *)> Throws)
      : Throws(Throws) {}
  bool Found = false;

  bool TraverseCXXTryStmt(CXXTryStmt *TS) {
    // What the try block throws is handled; a handler may rethrow.
    for (unsigned I = 0; I < TS->getNumHandlers() && !Found; ++I)
      TraverseStmt(TS->getHandler(I));
    return !Found;
  }
  bool TraverseLambdaExpr(LambdaExpr *) { return true; } // not run here
  bool VisitCXXThrowExpr(CXXThrowExpr *) {
    Found = true;
    return false;
  }
  bool VisitCallExpr(CallExpr *CE) {
    Found = Throws(CE->getDirectCallee());
    return !Found;
  }

private:
  llvm::function_ref<bool(const FunctionDecl *)> Throws;
};

} // namespace

bool ThrowOracle::mayThrow(const FunctionDecl *FD) const {
  const FunctionDecl *Def = visibleDefinition(FD);
  bool HitCycle = false;
  return Def && search(Def, HitCycle);
}

/// Depth-first over the calls; a function on the current path counts as
/// not throwing for now, and a "no" that relied on that is not kept (the
/// least fixpoint, whichever function is asked first).
bool ThrowOracle::search(const FunctionDecl *Def, bool &HitCycle) const {
  if (auto It = Known.find(Def); It != Known.end())
    return It->second;
  if (!InProgress.insert(Def).second) {
    HitCycle = true;
    return false;
  }
  bool Cycle = false;
  auto Throws = [&](const FunctionDecl *Callee) {
    const FunctionDecl *D = visibleDefinition(Callee);
    return D && search(D, Cycle);
  };
  ThrowFinder F(Throws); // keeps a reference: the lambda must outlive it
  F.TraverseStmt(Def->getBody());
  InProgress.erase(Def);
  if (F.Found || !Cycle)
    Known[Def] = F.Found;
  HitCycle |= Cycle;
  return F.Found;
}

bool inTryBlock(const ParentMap &PM, const Stmt *S) {
  for (const Stmt *Child = S, *P = PM.getParent(S); P;
       Child = P, P = PM.getParent(P))
    if (const auto *TS = dyn_cast<CXXTryStmt>(P))
      if (TS->getTryBlock() == Child)
        return true;
  return false;
}

} // namespace clang::tidy::llvmown

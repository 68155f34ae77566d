//===- OwnershipGuards.cpp - scope guards that release at scope exit ------===//
//
// `defer(LLVMDisposeMessage(Err))` (a macro building a guard object from a
// lambda), `auto G = llvm::make_scope_exit([&] { LLVMDisposeBuilder(B); })`:
// the guard's destructor calls the lambda when the guard goes out of scope,
// so what the lambda releases is released there, on every path out of the
// scope, with whatever the captured variable holds at that moment.
//
//===----------------------------------------------------------------------===//

#include "engine/analyses/ownership/OwnershipFlow.h"
#include "engine/framework/AstHelpers.h"
#include "engine/framework/CallSite.h"
#include "engine/model/ApiModel.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/STLExtras.h"
#include <initializer_list>

namespace clang::tidy::llvmown {

namespace {

/// A class whose destructor calls a callable member: a guard (not a
/// std::function, whose destructor only destroys the callable).
bool destructorCallsCallable(const CXXRecordDecl *RD) {
  if (!RD || RD->isInStdNamespace() || !RD->getDestructor())
    return false;
  if (ApiModel::isScopeGuardClass(RD))
    return true;
  const FunctionDecl *Def = nullptr;
  if (!RD->getDestructor()->hasBody(Def) || !Def || !Def->getBody())
    return false;
  struct Finder : RecursiveASTVisitor<Finder> {
    bool Found = false;
    bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *OCE) {
      Found |= OCE->getOperator() == OO_Call;
      return !Found;
    }
    bool VisitCallExpr(CallExpr *CE) {
      // A callable held through a pointer to function or a dependent call.
      if (!CE->getDirectCallee() && !isa<CXXOperatorCallExpr>(CE))
        Found = true;
      return !Found;
    }
  } F;
  F.TraverseStmt(Def->getBody());
  return F.Found;
}

/// The lambda in a guard's initializer that it does not call right away.
const LambdaExpr *guardLambda(const Expr *Init) {
  struct Finder : RecursiveASTVisitor<Finder> {
    const LambdaExpr *Found = nullptr;
    bool TraverseLambdaExpr(LambdaExpr *LE) {
      if (!Found)
        Found = LE;
      return false; // its body is not part of the initializer
    }
  } F;
  F.TraverseStmt(const_cast<Expr *>(Init));
  if (!F.Found || !F.Found->capture_size())
    return nullptr;
  return F.Found;
}

} // namespace

void OwnershipFlow::findGuards() {
  struct Finder : RecursiveASTVisitor<Finder> {
    llvm::DenseMap<const VarDecl *, const LambdaExpr *> &Out;
    explicit Finder(llvm::DenseMap<const VarDecl *, const LambdaExpr *> &Out)
        : Out(Out) {}
    bool VisitVarDecl(VarDecl *VD) {
      if (!VD->isLocalVarDecl() || VD->isStaticLocal() || !VD->getInit())
        return true;
      const auto *RD = VD->getType()->getAsCXXRecordDecl();
      if (!RD || RD->isLambda() || !destructorCallsCallable(RD))
        return true;
      if (const LambdaExpr *LE = guardLambda(VD->getInit()))
        Out[VD] = LE;
      return true;
    }
  } F(Guards);
  F.TraverseStmt(const_cast<Stmt *>(Body));
  // A guard that the function may disarm (`G.release()`) is not relied on.
  struct Disarms : RecursiveASTVisitor<Disarms> {
    llvm::DenseMap<const VarDecl *, const LambdaExpr *> &Guards;
    explicit Disarms(llvm::DenseMap<const VarDecl *, const LambdaExpr *> &G)
        : Guards(G) {}
    bool VisitCXXMemberCallExpr(CXXMemberCallExpr *MCE) {
      const auto *DRE = dyn_cast<DeclRefExpr>(
          MCE->getImplicitObjectArgument()->IgnoreParenImpCasts());
      if (DRE && ApiModel::isScopeGuardDisarm(MCE->getMethodDecl()))
        if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
          Guards.erase(VD);
      return true;
    }
  } D(Guards);
  if (!Guards.empty())
    D.TraverseStmt(const_cast<Stmt *>(Body));
}

void OwnershipFlow::runGuard(const LambdaExpr *LE, State &S) const {
  // Each release in the lambda's body, of a variable it captured, as if
  // called where the guard dies. A null test around it changes nothing:
  // releasing what the variable holds is what the guard is for.
  struct Finder : RecursiveASTVisitor<Finder> {
    llvm::SmallVector<const CallExpr *, 4> Calls;
    bool VisitCallExpr(CallExpr *CE) {
      Calls.push_back(CE);
      return true;
    }
  } F;
  F.TraverseStmt(LE->getBody());
  for (const CallExpr *CE : F.Calls) {
    std::optional<CallSite> CS = CallSite::of(CE);
    if (!CS || !CS->Callee)
      continue;
    for (unsigned I = 0; I < CS->Args.size(); ++I) {
      const auto *DRE =
          dyn_cast_or_null<DeclRefExpr>(skipTransparent(CS->Args[I]));
      const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
      if (!VD || !Loc.isLocal(VD))
        continue;
      const ApiRow *Row = Model.find(CS->Callee, Effect::Releases, I);
      if (!Row)
        Row = Model.find(CS->Callee, Effect::Consumes, I);
      Tokens T = S.Env.lookup(Location::local(VD));
      if (Row && T.any())
        releaseBy(T, S, *CS, *Row);
    }
  }
}

} // namespace clang::tidy::llvmown

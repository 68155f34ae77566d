//===- Environment.cpp ----------------------------------------------------===//

#include "engine/framework/Environment.h"
#include "engine/framework/AstHelpers.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"

namespace clang::tidy::llvmown {

const NamedDecl *Location::holder() const {
  if (const VarDecl *V = var())
    return V;
  return Field;
}

bool Locator::isLocal(const VarDecl *VD) const {
  if (!VD || !VD->hasLocalStorage())
    return false;
  // Captured variables of an enclosing function are not this one's.
  const DeclContext *DC = VD->getParentFunctionOrMethod();
  return DC && Decl::castFromDeclContext(DC) == Fn;
}

bool Locator::tracks(const VarDecl *VD) const {
  return isLocal(VD) && (References || !VD->getType()->isReferenceType());
}

Location Locator::locate(const Expr *E) const {
  E = skipTransparent(E);
  if (!E)
    return {};
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
    return tracks(VD) ? Location::local(VD) : Location();
  }
  // `A = (M = create())`: an assignment's value is what its left side now
  // holds.
  if (const auto *BO = dyn_cast<BinaryOperator>(E);
      BO && BO->getOpcode() == BO_Assign)
    return locate(BO->getLHS());
  if (Location L = target(E))
    return L;
  return Location::temporary(E);
}

Location Locator::target(const Expr *LHS) const {
  const Expr *E = LHS ? LHS->IgnoreParenImpCasts() : nullptr;
  if (!E)
    return {};
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
    return tracks(VD) ? Location::local(VD) : Location();
  }
  if (const FieldDecl *F = thisField(E))
    return Location::thisField(F);
  if (const auto *UO = dyn_cast<UnaryOperator>(E);
      OutParameters && UO && UO->getOpcode() == UO_Deref)
    if (const auto *DRE =
            dyn_cast<DeclRefExpr>(UO->getSubExpr()->IgnoreParenImpCasts()))
      if (const auto *P = dyn_cast<ParmVarDecl>(DRE->getDecl());
          P && isLocal(P) && P->getType()->isPointerType() &&
          P->getType()->getPointeeType()->isPointerType())
        return Location::pointee(P);
  // A member of a local object (not through a pointer or reference).
  if (const auto *ME = dyn_cast<MemberExpr>(E); ME && !ME->isArrow())
    if (const auto *Base =
            dyn_cast<DeclRefExpr>(ME->getBase()->IgnoreParenImpCasts()))
      if (const auto *BV = dyn_cast<VarDecl>(Base->getDecl());
          isLocal(BV) && !BV->getType()->isReferenceType())
        if (const auto *F = dyn_cast<FieldDecl>(ME->getMemberDecl()))
          return Location::localField(BV, F);
  return {};
}

const Expr *
Locator::rootOf(const Expr *E,
                llvm::function_ref<bool(const CXXMethodDecl *)> GetsPointer) {
  while (E) {
    E = skipTransparent(E);
    if (const auto *CE = dyn_cast_or_null<CXXConstructExpr>(E);
        CE && CE->getNumArgs() == 1 &&
        CE->getConstructor()->isCopyOrMoveConstructor()) {
      E = CE->getArg(0);
      continue;
    }
    if (const auto *OCE = dyn_cast_or_null<CXXOperatorCallExpr>(E);
        OCE &&
        (OCE->getOperator() == OO_Arrow || OCE->getOperator() == OO_Star) &&
        OCE->getNumArgs() == 1) {
      E = OCE->getArg(0);
      continue;
    }
    if (const auto *UO = dyn_cast_or_null<UnaryOperator>(E);
        UO && UO->getOpcode() == UO_Deref) {
      E = UO->getSubExpr();
      continue;
    }
    if (const auto *MCE = dyn_cast_or_null<CXXMemberCallExpr>(E);
        MCE && MCE->getNumArgs() == 0 && MCE->getMethodDecl() &&
        GetsPointer(MCE->getMethodDecl())) {
      E = MCE->getImplicitObjectArgument();
      continue;
    }
    return E;
  }
  return E;
}

const VarDecl *
Locator::rootVar(const Expr *E,
                 llvm::function_ref<bool(const CXXMethodDecl *)> GetsPointer) {
  const auto *DRE = dyn_cast_or_null<DeclRefExpr>(rootOf(E, GetsPointer));
  return DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
}

} // namespace clang::tidy::llvmown

//===- HolderUse.cpp - how one reference uses a holder --------------------===//

#include "engine/model/HolderUse.h"
#include "engine/framework/AstHelpers.h"
#include "engine/framework/CallSite.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMap.h"

namespace clang::tidy::llvmown {

static unsigned usesOfVerbs(unsigned Verbs) {
  unsigned U = NoHolderUse;
  if (Verbs & TakesOut)
    U |= UseTakesOut;
  if (Verbs & Empties)
    U |= UseEmpties;
  if (Verbs & AsksSize)
    U |= UseAsksSize;
  if (Verbs & Adds)
    U |= UseAdds;
  return U;
}

unsigned classifyHolderUse(const Expr *Ref, const ParentMap &PM,
                           const ApiModel &M) {
  auto [Child, P] = climbParents(PM, Ref, Parens | ImplicitCasts);
  // A member call on it: what the model says the member does.
  if (const auto *ME = dyn_cast_or_null<MemberExpr>(P)) {
    const auto *Callee = dyn_cast<CXXMethodDecl>(ME->getMemberDecl());
    return Callee ? usesOfVerbs(M.verbs(Callee)) : NoHolderUse;
  }
  std::optional<CallSite> CS = CallSite::of(dyn_cast_or_null<Expr>(P));
  if (!CS || CS->isConstruction())
    return NoHolderUse;
  if (CS->op() != OO_None)
    return CS->op() == OO_Equal && CS->indexOf(Child) == ThisArg ? UseAssigned
                                                                 : NoHolderUse;
  if (isStdMove(CS->Call))
    return UseMoves;
  const FunctionDecl *FD = CS->Callee;
  if (!FD)
    return NoHolderUse;
  unsigned U = usesOfVerbs(M.verbs(FD) & (TakesOut | Empties));
  int I = CS->indexOf(Child);
  if (I >= 0 && unsigned(I) < FD->getNumParams()) {
    QualType T = FD->getParamDecl(I)->getType();
    if (T->isReferenceType() && !T.getNonReferenceType().isConstQualified())
      U |= UsePassedByRef;
  }
  return U;
}

} // namespace clang::tidy::llvmown

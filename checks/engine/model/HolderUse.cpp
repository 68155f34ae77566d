//===- HolderUse.cpp - how one reference uses a holder --------------------===//

#include "engine/model/HolderUse.h"
#include "engine/framework/AstHelpers.h"
#include "engine/framework/CallSite.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include <utility>

namespace clang::tidy::llvmown {

/// The use each member verb makes of the holder it is called on.
static constexpr std::pair<unsigned, HolderUse> VerbUses[] = {
    {TakesOut, UseTakesOut}, {Empties, UseEmpties}, {AsksSize, UseAsksSize},
    {Adds, UseAdds},         {LooksUp, UseLooksUp}, {Resets, UseResets},
};

static unsigned usesOfVerbs(unsigned Verbs) {
  unsigned U = NoHolderUse;
  for (auto [V, Use] : VerbUses)
    if (Verbs & V)
      U |= Use;
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
  if (const auto *UO = dyn_cast_or_null<UnaryOperator>(P))
    return UO->getOpcode() == UO_AddrOf ? UseAddressTaken : NoHolderUse;
  if (const auto *BO = dyn_cast_or_null<BinaryOperator>(P))
    return BO->isAssignmentOp() && BO->getLHS() == Child ? UseAssigned
                                                         : NoHolderUse;
  std::optional<CallSite> CS = CallSite::of(dyn_cast_or_null<Expr>(P));
  if (!CS || CS->isConstruction())
    return NoHolderUse;
  if (CS->op() != OO_None) {
    if (CS->indexOf(Child) != ThisArg)
      return NoHolderUse;
    return CS->op() == OO_Equal       ? UseAssigned
           : CS->op() == OO_Subscript ? UseIndexes
                                      : NoHolderUse;
  }
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

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
static constexpr std::pair<Verb, HolderUse> VerbUses[] = {
    {Verb::TakesOut, HolderUse::TakesOut}, {Verb::Empties, HolderUse::Empties},
    {Verb::AsksSize, HolderUse::AsksSize}, {Verb::Adds, HolderUse::Adds},
    {Verb::LooksUp, HolderUse::LooksUp},   {Verb::Resets, HolderUse::Resets},
};

static HolderUses usesOfVerbs(FlagSet<Verb> Verbs) {
  HolderUses U;
  for (auto [V, Use] : VerbUses)
    if (Verbs.has(V))
      U |= Use;
  return U;
}

HolderUses classifyHolderUse(const Expr *Ref, const ParentMap &PM,
                             const ApiModel &M) {
  auto [Child, P] = climbParents(PM, Ref, Climb::Parens | Climb::ImplicitCasts);
  // A member call on it: what the model says the member does.
  if (const auto *ME = dyn_cast_or_null<MemberExpr>(P)) {
    const auto *Callee = dyn_cast<CXXMethodDecl>(ME->getMemberDecl());
    return Callee ? usesOfVerbs(M.verbs(Callee)) : HolderUses();
  }
  if (const auto *UO = dyn_cast_or_null<UnaryOperator>(P))
    return UO->getOpcode() == UO_AddrOf ? HolderUse::AddressTaken
                                        : HolderUses();
  if (const auto *BO = dyn_cast_or_null<BinaryOperator>(P))
    return BO->isAssignmentOp() && BO->getLHS() == Child ? HolderUse::Assigned
                                                         : HolderUses();
  std::optional<CallSite> CS = CallSite::of(dyn_cast_or_null<Expr>(P));
  if (!CS || CS->isConstruction())
    return HolderUses();
  if (CS->op() != OO_None) {
    if (CS->indexOf(Child) != ThisArg)
      return HolderUses();
    return CS->op() == OO_Equal       ? HolderUse::Assigned
           : CS->op() == OO_Subscript ? HolderUse::Indexes
                                      : HolderUses();
  }
  if (isStdMove(CS->Call))
    return HolderUse::Moves;
  const FunctionDecl *FD = CS->Callee;
  if (!FD)
    return HolderUses();
  HolderUses U = usesOfVerbs(M.verbs(FD) & (Verb::TakesOut | Verb::Empties));
  int I = CS->indexOf(Child);
  if (I >= 0 && unsigned(I) < FD->getNumParams()) {
    QualType T = FD->getParamDecl(I)->getType();
    if (T->isReferenceType() && !T.getNonReferenceType().isConstQualified())
      U |= HolderUse::PassedByRef;
  }
  return U;
}

} // namespace clang::tidy::llvmown

//===- CallSite.cpp -------------------------------------------------------===//

#include "CallSite.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"

namespace clang::tidy::llvmown {

namespace {

bool takes(const FunctionDecl *FD, unsigned NumArgs) {
  return FD && FD->getMinRequiredArguments() <= NumArgs &&
         (NumArgs <= FD->getNumParams() || FD->isVariadic());
}

/// The one function \p Callee names that takes \p NumArgs arguments, in a
/// call that does not compile; null if there is none or more than one.
const FunctionDecl *recoveredCallee(const Expr *Callee, unsigned NumArgs) {
  Callee = Callee ? Callee->IgnoreParenImpCasts() : nullptr;
  const FunctionDecl *Found = nullptr;
  if (const auto *DRE = dyn_cast_or_null<DeclRefExpr>(Callee))
    Found = dyn_cast<FunctionDecl>(DRE->getDecl());
  else if (const auto *ME = dyn_cast_or_null<MemberExpr>(Callee))
    Found = dyn_cast<FunctionDecl>(ME->getMemberDecl());
  else if (const auto *OE = dyn_cast_or_null<OverloadExpr>(Callee))
    for (const NamedDecl *ND : OE->decls()) {
      const auto *FD = dyn_cast<FunctionDecl>(ND->getUnderlyingDecl());
      if (!takes(FD, NumArgs))
        continue;
      if (Found)
        return nullptr; // ambiguous
      Found = FD;
    }
  return takes(Found, NumArgs) ? Found : nullptr;
}

/// The object a callee expression in error names the function of.
const Expr *recoveredObject(const Expr *Callee) {
  Callee = Callee ? Callee->IgnoreParenImpCasts() : nullptr;
  if (const auto *ME = dyn_cast_or_null<MemberExpr>(Callee))
    return ME->getBase();
  if (const auto *UME = dyn_cast_or_null<UnresolvedMemberExpr>(Callee))
    return UME->isImplicitAccess() ? nullptr : UME->getBase();
  return nullptr;
}

/// `f(args)` whose call could not be built: a RecoveryExpr of the callee
/// and the arguments (and not of a bare function name).
std::optional<CallSite> ofRecovery(const RecoveryExpr *RE) {
  llvm::ArrayRef<const Expr *> Sub = RE->subExpressions();
  if (Sub.empty() || !Sub.front() ||
      RE->getEndLoc() == Sub.front()->getEndLoc())
    return std::nullopt;
  CallSite CS;
  CS.Call = RE;
  CS.Callee = recoveredCallee(Sub.front(), Sub.size() - 1);
  if (!CS.Callee)
    return std::nullopt;
  CS.Object = recoveredObject(Sub.front());
  CS.Args.append(Sub.begin() + 1, Sub.end());
  return CS;
}

} // namespace

std::optional<CallSite> CallSite::of(const Expr *E) {
  if (const auto *RE = dyn_cast_or_null<RecoveryExpr>(E))
    return ofRecovery(RE);
  CallSite CS;
  CS.Call = E;
  if (const auto *CE = dyn_cast_or_null<CallExpr>(E)) {
    CS.Callee = CE->getDirectCallee();
    CS.Args.append(CE->arg_begin(), CE->arg_end());
    if (CE->containsErrors() && !isa<CXXMemberCallExpr>(CE) &&
        !isa<CXXOperatorCallExpr>(CE)) {
      // Not built as the call it is: name the callee if that is
      // unambiguous, and the object of a member function.
      CS.Callee = recoveredCallee(CE->getCallee(), CS.Args.size());
      CS.Object = recoveredObject(CE->getCallee());
      return CS;
    }
    if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(CE)) {
      CS.Object = MCE->getImplicitObjectArgument();
    } else if (const auto *MD = dyn_cast_or_null<CXXMethodDecl>(CS.Callee);
               isa<CXXOperatorCallExpr>(CE) && MD && !MD->isStatic() &&
               !CS.Args.empty()) {
      // `A = B`, `A[I]`, `*P`: the first operand is the object.
      CS.Object = CS.Args.front();
      CS.Args.erase(CS.Args.begin());
    }
    return CS;
  }
  if (const auto *CCE = dyn_cast_or_null<CXXConstructExpr>(E)) {
    CS.Callee = CCE->getConstructor();
    CS.Args.append(CCE->arg_begin(), CCE->arg_end());
    return CS;
  }
  return std::nullopt;
}

bool CallSite::isConstruction() const { return isa<CXXConstructExpr>(Call); }

OverloadedOperatorKind CallSite::op() const {
  const auto *OCE = dyn_cast<CXXOperatorCallExpr>(Call);
  return OCE ? OCE->getOperator() : OO_None;
}

int CallSite::indexOf(const Stmt *E) const {
  if (E && E == Object)
    return ThisArg;
  for (unsigned I = 0; I < Args.size(); ++I)
    if (Args[I] == E)
      return int(I);
  return -1;
}

const Expr *CallSite::arg(int Index) const {
  if (Index == ThisArg)
    return Object;
  return Index >= 0 && unsigned(Index) < Args.size() ? Args[Index] : nullptr;
}

} // namespace clang::tidy::llvmown

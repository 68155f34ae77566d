//===- CallSite.cpp -------------------------------------------------------===//

#include "CallSite.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"

namespace clang::tidy::llvmown {

std::optional<CallSite> CallSite::of(const Expr *E) {
  CallSite CS;
  CS.Call = E;
  if (const auto *CE = dyn_cast_or_null<CallExpr>(E)) {
    CS.Callee = CE->getDirectCallee();
    CS.Args.append(CE->arg_begin(), CE->arg_end());
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

//===- ValueFlow.cpp ------------------------------------------------------===//

#include "engine/framework/ValueFlow.h"
#include "engine/framework/AstHelpers.h"
#include "clang/AST/Expr.h"
#include "clang/Analysis/CFG.h"

namespace clang::tidy::llvmown {

BranchEdge branchEdge(const CFGBlock &From, unsigned SuccIndex,
                      ASTContext &Ctx) {
  BranchEdge E;
  E.Cond = dyn_cast_or_null<Expr>(From.getTerminatorCondition());
  E.Value = SuccIndex == 0;
  E.NullHere = nullTestedOnEdge(&From, SuccIndex, Ctx);
  E.NonNullHere = nullTestedOnEdge(&From, 1 - SuccIndex, Ctx);
  return E;
}

} // namespace clang::tidy::llvmown

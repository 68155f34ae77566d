//===- FunctionBodyCheck.cpp ----------------------------------------------===//

#include "FunctionBodyCheck.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang::ast_matchers;

namespace clang::tidy::llvmown {

void FunctionBodyCheck::registerMatchers(MatchFinder *Finder) {
  // Only the main file: headers' inline functions (LLVM's own among them)
  // would cost time and could not be fixed by the user.
  Finder->addMatcher(
      functionDecl(isDefinition(), isExpansionInMainFile()).bind("fn"), this);
  Finder->addMatcher(lambdaExpr(isExpansionInMainFile()).bind("lambda"), this);
}

void FunctionBodyCheck::check(const MatchFinder::MatchResult &Result) {
  Ctx = Result.Context;
  const Decl *D = nullptr;
  const Stmt *Body = nullptr;
  if (const auto *FD = Result.Nodes.getNodeAs<FunctionDecl>("fn")) {
    if (FD->isDependentContext() || !FD->hasBody())
      return;
    if (const auto *MD = dyn_cast<CXXMethodDecl>(FD);
        MD && MD->getParent()->isLambda())
      return; // analysed through its LambdaExpr
    D = FD;
    Body = FD->getBody();
  } else if (const auto *LE = Result.Nodes.getNodeAs<LambdaExpr>("lambda")) {
    if (LE->getCallOperator()->isDependentContext())
      return;
    D = LE->getCallOperator();
    Body = LE->getBody();
  }
  if (D && Body)
    Functions.emplace_back(D, Body);
}

void FunctionBodyCheck::onEndOfTranslationUnit() {
  if (Ctx && !Functions.empty())
    analyzeFunctions(*Ctx, Functions);
  Functions.clear();
}

} // namespace clang::tidy::llvmown

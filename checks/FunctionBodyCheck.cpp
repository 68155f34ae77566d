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

bool FunctionBodyCheck::diagnoseLostObject(const LeakFact &L,
                                           SourceLocation At,
                                           llvm::StringRef What,
                                           const SourceManager &SM) {
  unsigned Line = SM.getPresumedLineNumber(SM.getExpansionLoc(L.Where));
  std::string Holder =
      L.Holder ? "'" + L.Holder->getNameAsString() + "'" : "its holder";
  switch (L.Reason) {
  case LeakReason::Discarded:
    diag(At, "%0 is never released: the result is discarded") << What;
    return true;
  case LeakReason::Temporary:
    diag(At, "%0 is never released: it is used only as a temporary") << What;
    return true;
  case LeakReason::ScopeEnd:
    diag(At, "%0 leaks when %1 goes out of scope at line %2")
        << What << Holder << Line;
    diag(L.Where, "%0 goes out of scope here", DiagnosticIDs::Note) << Holder;
    return true;
  case LeakReason::Overwritten:
    diag(At, "%0 is overwritten while still owned at line %1") << What << Line;
    diag(L.Where, "%0 is overwritten here", DiagnosticIDs::Note) << Holder;
    return true;
  case LeakReason::AtExit:
    return false;
  }
  return false;
}

void FunctionBodyCheck::onEndOfTranslationUnit() {
  if (Ctx && !Functions.empty())
    analyzeFunctions(*Ctx, Functions);
  Functions.clear();
}

} // namespace clang::tidy::llvmown

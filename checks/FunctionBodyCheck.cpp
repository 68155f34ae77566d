//===- FunctionBodyCheck.cpp ----------------------------------------------===//

#include "FunctionBodyCheck.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang::ast_matchers;

namespace clang::tidy::llvmown {

namespace {
// Options are read and written as strings: OptionsView's bool overloads are
// explicit specializations that GCC and Clang mangle differently, and the
// clang-tidy libraries are built with Clang.
bool parseBool(StringRef Value) {
  return Value.equals_insensitive("true") || Value == "1";
}
} // namespace

FunctionBodyCheck::FunctionBodyCheck(StringRef Name, ClangTidyContext *Context)
    : ClangTidyCheck(Name, Context),
      ReportIncomplete(
          parseBool(Options.getLocalOrGlobal("ReportIncomplete", "false"))) {}

std::string FunctionBodyCheck::option(StringRef Name, StringRef Default) {
  // std::string(...): get returns std::string in LLVM 14, StringRef since.
  std::string Value = std::string(Options.get(Name, Default));
  ReadOptions.emplace_back(Name.str(), Value);
  return Value;
}

void FunctionBodyCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "ReportIncomplete", ReportIncomplete ? "true" : "false");
  for (const auto &[Name, Value] : ReadOptions)
    Options.store(Opts, Name, Value);
}

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
    // An invalid declaration (a return type that did not compile) has lost
    // statements: what it would hand over or release is not there.
    if (FD->isDependentContext() || !FD->hasBody() || FD->isInvalidDecl())
      return;
    if (const auto *MD = dyn_cast<CXXMethodDecl>(FD);
        MD && MD->getParent()->isLambda())
      return; // analysed through its LambdaExpr
    D = FD;
    Body = FD->getBody();
  } else if (const auto *LE = Result.Nodes.getNodeAs<LambdaExpr>("lambda")) {
    if (LE->getCallOperator()->isDependentContext() ||
        LE->getCallOperator()->isInvalidDecl())
      return;
    D = LE->getCallOperator();
    Body = LE->getBody();
  }
  if (D && Body)
    Functions.emplace_back(D, Body);
}

const SourceManager &FunctionBodyCheck::sourceManager() const {
  return Ctx->getSourceManager();
}

unsigned FunctionBodyCheck::line(SourceLocation L) const {
  const SourceManager &SM = sourceManager();
  return SM.getPresumedLineNumber(SM.getExpansionLoc(L));
}

bool FunctionBodyCheck::diagnoseLostObject(const LeakFact &L, SourceLocation At,
                                           llvm::StringRef What) {
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
        << What << Holder << line(L.Where);
    diag(L.Where, "%0 goes out of scope here", DiagnosticIDs::Note) << Holder;
    return true;
  case LeakReason::Overwritten:
    diag(At, "%0 is overwritten while still owned at line %1")
        << What << line(L.Where);
    diag(L.Where, "%0 is overwritten here", DiagnosticIDs::Note) << Holder;
    return true;
  case LeakReason::AtExit:
    return false;
  }
  return false;
}

void FunctionBodyCheck::noteLeakAtExit(const LeakFact &L,
                                       llvm::StringRef Verb) {
  if (L.Holder)
    diag(L.Where, "'%0' still %1 it when the function returns here",
         DiagnosticIDs::Note)
        << L.Holder->getNameAsString() << Verb;
  else
    diag(L.Where, "it leaks when the function returns here",
         DiagnosticIDs::Note);
}

void FunctionBodyCheck::noteIncomplete(const Decl *D, bool Incomplete) {
  if (!ReportIncomplete || !Incomplete)
    return;
  const auto *ND = dyn_cast<NamedDecl>(D);
  diag(D->getLocation(),
       "the analysis of '%0' stopped at its visit budget; findings in it "
       "may be missing",
       DiagnosticIDs::Remark)
      << (ND ? ND->getNameAsString() : std::string("this function"));
}

void FunctionBodyCheck::onEndOfTranslationUnit() {
  if (Ctx && !Functions.empty())
    analyzeFunctions(*Ctx, Functions);
  Functions.clear();
}

} // namespace clang::tidy::llvmown

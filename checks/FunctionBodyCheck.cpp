//===- FunctionBodyCheck.cpp ----------------------------------------------===//

#include "FunctionBodyCheck.h"
#include "engine/framework/AstHelpers.h"
#include "engine/framework/Compat.h"
#include "engine/summaries/Summarizer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include <cstdlib>

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
      Headers(
          compat::toStd(Context->getOptions().HeaderFilterRegex).value_or(""),
          compat::excludeHeaderFilter(Context->getOptions())),
      ReportIncomplete(
          parseBool(Options.getLocalOrGlobal("ReportIncomplete", "false"))) {}

std::string FunctionBodyCheck::option(StringRef Name, StringRef Default) {
  // std::string(...): get returns std::string in LLVM 14, StringRef since.
  std::string Value = std::string(Options.get(Name, Default));
  ReadOptions.emplace_back(Name.str(), Value);
  return Value;
}

bool FunctionBodyCheck::boolOption(StringRef Name, bool Default) {
  return parseBool(option(Name, Default ? "true" : "false"));
}

void FunctionBodyCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "ReportIncomplete", ReportIncomplete ? "true" : "false");
  if (SummaryFile)
    Options.store(Opts, "SummaryFile", *SummaryFile);
  for (const auto &[Name, Value] : ReadOptions)
    Options.store(Opts, Name, Value);
}

void FunctionBodyCheck::registerMatchers(MatchFinder *Finder) {
  addFunctionMatchers(*Finder, this, &Headers, CollectClasses);
}

void FunctionBodyCheck::check(const MatchFinder::MatchResult &Result) {
  Ctx = Result.Context;
  if (const auto *RD = Result.Nodes.getNodeAs<CXXRecordDecl>("class")) {
    Classes.push_back(RD);
    return;
  }
  FunctionBody F = analyzedBody(Result.Nodes);
  if (!F.first && AnalyzeTemplatePatterns)
    F = uninstantiatedPattern(Result.Nodes.getNodeAs<FunctionDecl>("fn"));
  if (F.first && F.second)
    Functions.push_back(F);
}

void FunctionBodyCheck::readSummaryOption() {
  SummaryFile = std::string(Options.getLocalOrGlobal("SummaryFile", ""));
}

void FunctionBodyCheck::attachSummaries() {
  // Unset, the environment may name one: llvmown-clang-tidy sets it to the
  // cached summaries of the build folder given with -p, without touching
  // the user's configuration.
  std::string File = SummaryFile ? *SummaryFile : "";
  if (File.empty())
    if (const char *Env = std::getenv("LLVMOWN_SUMMARY_FILE"))
      File = Env;
  if (File.empty())
    return;
  std::string Error;
  std::shared_ptr<const SummarySet> Set = SummarySet::loadFile(File, Error);
  if (!Set) {
    if (!SummaryErrorReported)
      configurationDiag("%0 (option SummaryFile)") << Error;
    SummaryErrorReported = true;
    return;
  }
  if (Set != Summaries) {
    Summaries = Set;
    Model.attachSummaries(Set);
  }
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
  // A pointer-to-pointer parameter holds nothing itself: what it points to
  // (an out-parameter) does.
  if (const auto *P = dyn_cast_or_null<ParmVarDecl>(L.Holder);
      P && P->getType()->isPointerType() &&
      P->getType()->getPointeeType()->isPointerType())
    Holder = "'*" + P->getNameAsString() + "'";
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
  case LeakReason::Thrown:
    diag(At, "%0 leaks when '%1' throws at line %2")
        << What << L.Thrower->getNameAsString() << line(L.Where);
    diag(L.Where, "%0 may throw here, and %1 still owns it",
         DiagnosticIDs::Note)
        << ("'" + L.Thrower->getNameAsString() + "'") << Holder;
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

void FunctionBodyCheck::reportPartialRelease(const PartialReleaseFact &F,
                                             const OwnedObject &O,
                                             llvm::StringRef Noun) {
  diag(F.Call->getBeginLoc(),
       "%0 '%1' is released here on some paths only: it is the caller's (a "
       "parameter), and the function returns at line %2 without releasing "
       "it")
      << Noun << O.Creator << line(F.KeptAt);
  diag(F.KeptAt, "'%0' is still the caller's when the function returns here",
       DiagnosticIDs::Note)
      << O.Creator;
}

namespace {
/// " 'TM'" for `delete TM` or `LLVMDisposeTargetMachine(TM)`: the variable
/// or member of this class released, or nothing when it is neither.
std::string releasedName(const Expr *Release) {
  const Expr *Arg = nullptr;
  if (const auto *DE = dyn_cast<CXXDeleteExpr>(Release))
    Arg = DE->getArgument();
  else if (const auto *CE = dyn_cast<CallExpr>(Release))
    for (const Expr *A : CE->arguments())
      if (isa<DeclRefExpr, MemberExpr>(skipTransparent(A))) {
        Arg = A;
        break;
      }
  Arg = Arg ? skipTransparent(Arg) : nullptr;
  if (const auto *DRE = dyn_cast_or_null<DeclRefExpr>(Arg))
    return " '" + DRE->getDecl()->getNameAsString() + "'";
  // A member of this class: `delete TM` in a member function.
  if (const auto *ME = dyn_cast_or_null<MemberExpr>(Arg);
      ME && isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()))
    return " '" + ME->getMemberDecl()->getNameAsString() + "'";
  return "";
}
} // namespace

bool FunctionBodyCheck::reportReleasedTwice(const DisposeFact &F,
                                            llvm::StringRef Noun) {
  if (F.Problem == DisposeProblem::Twice) {
    diag(F.Call->getBeginLoc(), "%0%1 is released twice")
        << Noun << releasedName(F.Call);
    if (F.Earlier == F.Call)
      diag(F.Call->getBeginLoc(),
           "first released here, in an earlier iteration of the loop",
           DiagnosticIDs::Note);
    else if (F.Earlier)
      diag(F.Earlier->getBeginLoc(), "first released here",
           DiagnosticIDs::Note);
    return true;
  }
  if (F.Problem == DisposeProblem::AfterConsume) {
    diag(F.Call->getBeginLoc(),
         "%0%1 is released after '%2' took ownership of it")
        << Noun << releasedName(F.Call) << F.EarlierCallee;
    if (F.Earlier)
      diag(F.Earlier->getBeginLoc(), "'%0' took ownership here",
           DiagnosticIDs::Note)
          << F.EarlierCallee;
    return true;
  }
  return false;
}

void FunctionBodyCheck::noteIncomplete(const Decl *D, bool Incomplete) {
  if (!ReportIncomplete || !Incomplete)
    return;
  const auto *ND = dyn_cast<NamedDecl>(D);
  diag(D->getLocation(),
       "the analysis of '%0' stopped at its budget; findings in it "
       "may be missing",
       DiagnosticIDs::Remark)
      << (ND ? ND->getNameAsString() : std::string("this function"));
}

void FunctionBodyCheck::onEndOfTranslationUnit() {
  if (Ctx && (!Functions.empty() || !Classes.empty()))
    analyzeFunctions(*Ctx, Functions);
  Functions.clear();
  Classes.clear();
}

} // namespace clang::tidy::llvmown

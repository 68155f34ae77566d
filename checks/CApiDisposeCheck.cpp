//===- CApiDisposeCheck.cpp -----------------------------------------------===//

#include "CApiDisposeCheck.h"
#include "engine/AstHelpers.h"
#include "engine/OwnershipAnalysis.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

namespace clang::tidy::llvmown {

namespace {

/// True if \p Body calls anything the C API table knows.
bool callsCApi(const Stmt *Body, const ApiModel &Model) {
  struct Finder : RecursiveASTVisitor<Finder> {
    const ApiModel &Model;
    bool Found = false;
    explicit Finder(const ApiModel &M) : Model(M) {}
    bool VisitCallExpr(CallExpr *CE) {
      if (!Model.rowsFor(CE->getDirectCallee()).empty())
        Found = true;
      else if (const FunctionDecl *FD = CE->getDirectCallee())
        if (const ResourceKind *K = Model.kindOfPointer(FD->getReturnType()))
          Found = K->is(CreatedByAnyReturn);
      return !Found;
    }
  } F(Model);
  F.TraverseStmt(const_cast<Stmt *>(Body));
  return F.Found;
}

std::string argName(const Expr *Call) {
  if (const auto *CE = dyn_cast<CallExpr>(Call))
    for (const Expr *A : CE->arguments())
      if (const auto *DRE = dyn_cast_or_null<DeclRefExpr>(skipTransparent(A)))
        return "'" + DRE->getDecl()->getNameAsString() + "'";
  return "";
}

} // namespace

CApiDisposeCheck::CApiDisposeCheck(StringRef Name, ClangTidyContext *Context)
    : FunctionBodyCheck(Name, Context),
      ExtraPairs(Options.get("ExtraPairs", "")) {
  BadPairs = Model.addUserPairs(ExtraPairs);
}

void CApiDisposeCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "ExtraPairs", ExtraPairs);
}

void CApiDisposeCheck::analyzeFunctions(
    ASTContext &Ctx, llvm::ArrayRef<FunctionBody> Functions) {
  if (!BadPairs.empty() && !BadPairsReported) {
    for (const std::string &P : BadPairs)
      configurationDiag("invalid ExtraPairs entry '%0' for "
                        "llvmown-c-api-dispose: expected 'create:dispose'")
          << P;
    BadPairsReported = true;
  }
  const SourceManager &SM = Ctx.getSourceManager();
  AnalysisOptions AO;
  AO.Kinds = Model.cApiKinds();
  AO.ConstPointerArgsBorrow = true;
  AO.TrackDisposes = true;
  AO.CHandlesOnly = true;
  OwnershipAnalysis OA(Model, Ctx, AO);
  auto Line = [&](SourceLocation L) {
    return SM.getPresumedLineNumber(SM.getExpansionLoc(L));
  };
  llvm::DenseSet<const Expr *> Reported;

  for (const auto &[D, Body] : Functions) {
    if (!callsCApi(Body, Model))
      continue;
    FunctionFacts FF = OA.analyze(D, Body);
    if (!FF.Analysed)
      continue;

    auto Describe = [&](const OwnedObject &O) {
      llvm::StringRef Noun = O.Kind->Noun.empty() ? "handle" : O.Kind->Noun;
      return (Noun + (O.OutArg >= 0 ? " written by '" : " returned by '") +
              O.Creator + "'")
          .str();
    };

    // Misuses of releases first: they explain the handle's story.
    for (const DisposeFact &F : FF.Disposes) {
      const OwnedObject &O = FF.Objects[F.Object];
      llvm::StringRef Noun = O.Kind->Noun.empty() ? "handle" : O.Kind->Noun;
      switch (F.Problem) {
      case DisposeProblem::Twice:
        diag(F.Call->getBeginLoc(), "%0 %1 is released twice")
            << Noun << argName(F.Call);
        if (F.Earlier)
          diag(F.Earlier->getBeginLoc(), "first released here",
               DiagnosticIDs::Note);
        break;
      case DisposeProblem::AfterConsume:
        diag(F.Call->getBeginLoc(),
             "%0 %1 is released after '%2' took ownership of it")
            << Noun << argName(F.Call) << F.EarlierCallee;
        if (F.Earlier)
          diag(F.Earlier->getBeginLoc(), "'%0' took ownership here",
               DiagnosticIDs::Note)
              << F.EarlierCallee;
        break;
      case DisposeProblem::Borrowed:
        diag(F.Call->getBeginLoc(),
             "%0 is borrowed and must not be released")
            << Describe(O);
        break;
      case DisposeProblem::Mismatch:
        diag(F.Call->getBeginLoc(), "%0 must be released with '%1', not '%2'")
            << Describe(O) << O.Kind->CRelease << F.Callee;
        break;
      }
    }

    // Leaks: one per allocation site, the earliest place it is lost.
    for (const LeakFact *Entry : firstLeakPerObject(FF, SM)) {
      const LeakFact &L = *Entry;
      const OwnedObject &O = FF.Objects[L.Object];
      if (!O.Site || O.Borrowed || !Reported.insert(O.Site).second)
        continue;
      std::string What = Describe(O);
      SourceLocation At = O.Site->getBeginLoc();
      std::string Holder =
          L.Holder ? "'" + L.Holder->getNameAsString() + "'" : "";
      if (diagnoseLostObject(L, At, What, SM))
        continue;
      switch (L.Reason) {
      default:
        break;
      case LeakReason::AtExit:
        if (L.ReleasedOnOtherPaths)
          diag(At, "%0 is not released when the function returns at line %1")
              << What << Line(L.Where);
        else
          diag(At, "%0 is never released with '%1'")
              << What << O.Kind->CRelease;
        if (L.Holder)
          diag(L.Where, "%0 still holds it when the function returns here",
               DiagnosticIDs::Note)
              << Holder;
        else
          diag(L.Where, "it leaks when the function returns here",
               DiagnosticIDs::Note);
        break;
      }
    }
  }
}

} // namespace clang::tidy::llvmown

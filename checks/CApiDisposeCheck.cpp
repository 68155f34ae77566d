//===- CApiDisposeCheck.cpp -----------------------------------------------===//

#include "CApiDisposeCheck.h"
#include "engine/analyses/ownership/BorrowedFields.h"
#include "engine/analyses/ownership/FieldCreations.h"
#include "engine/analyses/ownership/OwnershipAnalysis.h"
#include "engine/analyses/ownership/StructFields.h"
#include "engine/framework/AstHelpers.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

namespace clang::tidy::llvmown {

namespace {

llvm::StringRef noun(const OwnedObject &O) {
  return O.Kind->Noun.empty() ? "handle" : O.Kind->Noun;
}

/// The C++ class a helper of the project hands out (`llvm::Module *`), when
/// the object is not spelled as a C API handle.
std::string cxxClassOf(const OwnedObject &O) {
  const auto *E = dyn_cast_or_null<Expr>(O.Site);
  QualType T = E ? E->getType() : QualType();
  const CXXRecordDecl *RD = !T.isNull() && T->isPointerType()
                                ? T->getPointeeType()->getAsCXXRecordDecl()
                                : nullptr;
  // The C API's opaque structs are declared at global scope.
  if (!RD || !RD->getIdentifier() ||
      RD->getEnclosingNamespaceContext()->isTranslationUnit())
    return "";
  return RD->getQualifiedNameAsString();
}

std::string describeHandle(const OwnedObject &O) {
  std::string Class = cxxClassOf(O);
  const char *How = isa_and_nonnull<CXXNewExpr>(O.Site) ? " created by '"
                    : O.OutArg >= 0                     ? " written by '"
                                                        : " returned by '";
  return (Class.empty() ? noun(O).str() : Class) + How + O.Creator + "'";
}

} // namespace

CApiDisposeCheck::CApiDisposeCheck(StringRef Name, ClangTidyContext *Context)
    : FunctionBodyCheck(Name, Context), ExtraPairs(option("ExtraPairs")) {
  BadPairs = Model.addUserPairs(ExtraPairs);
  AnalyzeTemplatePatterns = true;
  readSummaryOption();
}

void CApiDisposeCheck::reportDispose(const DisposeFact &F,
                                     const OwnedObject &O) {
  if (reportReleasedTwice(F, noun(O)))
    return;
  switch (F.Problem) {
  case DisposeProblem::Borrowed:
    diag(F.Call->getBeginLoc(), "%0 is borrowed and must not be released")
        << describeHandle(O);
    break;
  case DisposeProblem::Mismatch:
    diag(F.Call->getBeginLoc(), "%0 must be released with '%1', not '%2'")
        << describeHandle(O) << O.Kind->CRelease << F.Callee;
    break;
  case DisposeProblem::Twice:
  case DisposeProblem::AfterConsume:
    break; // reported above
  }
}

void CApiDisposeCheck::reportLeak(const LeakFact &L, const OwnedObject &O) {
  std::string What = describeHandle(O);
  SourceLocation At = O.Site->getBeginLoc();
  if (diagnoseLostObject(L, At, What))
    return;
  if (L.ReleasedOnOtherPaths)
    diag(At, "%0 is not released when the function returns at line %1")
        << What << line(L.Where);
  else if (!cxxClassOf(O).empty())
    diag(At, "%0 is never released: delete it, or hold it in a "
             "std::unique_ptr")
        << What;
  else
    diag(At, "%0 is never released with '%1'") << What << O.Kind->CRelease;
  noteLeakAtExit(L, "holds");
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
  attachSummaries();
  AnalysisOptions AO;
  AO.Kinds = Model.cApiKinds();
  AO.ConstPointerArgsBorrow = true;
  AO.TrackDisposes = true;
  // A C++ object of a C API kind handed out by unique_ptr::release() (a
  // module a helper parsed) is this check's too, but for the TargetMachine.
  AO.GenericRowsSkip = {Model.kind(KindId::TargetMachine)};
  AO.FollowParameters = true;
  // Helpers of the file that return a handle they made are factories.
  UnitOwnership Unit(Model, Ctx, AO, Functions);
  const OwnershipAnalysis &OA = Unit.OA;
  const std::vector<FunctionFacts> &Facts = Unit.Facts;
  llvm::DenseSet<const Expr *> Reported;
  std::vector<std::pair<OwnedObject, StructStoreFact>> StructStores;
  for (unsigned I = 0; I < Functions.size(); ++I) {
    const auto &[D, Body] = Functions[I];
    if (!OA.needsAnalysis(D, Body))
      continue;
    const FunctionFacts &FF = Facts[I];
    noteIncomplete(D, FF.Incomplete);
    // Misuses of releases first: they explain the handle's story.
    for (const DisposeFact &F : FF.Disposes)
      reportDispose(F, FF.Objects[F.Object]);
    for (const PartialReleaseFact &F : FF.PartialReleases)
      reportPartialRelease(F, FF.Objects[F.Object], noun(FF.Objects[F.Object]));
    // Leaks: one per allocation site, the earliest place it is lost.
    for (const LeakFact *L : firstLeakPerObject(FF, Ctx.getSourceManager())) {
      const OwnedObject &O = FF.Objects[L->Object];
      // `(void)M.release();` gives a module up on purpose (its raw pointer
      // is kept elsewhere, or it is leaked deliberately).
      if (O.FromGenericRow && L->Reason == LeakReason::Discarded)
        continue;
      if (O.Site && !O.Borrowed && Reported.insert(O.Site).second)
        reportLeak(*L, O);
    }
    for (const StructStoreFact &SS : FF.StructStores)
      if (const OwnedObject &O = FF.Objects[SS.Object];
          O.Site && !O.Borrowed && !Reported.count(O.Site))
        StructStores.push_back({O, SS});
  }
  reportStructStores(StructStores, Functions);
  HelperFieldReleases Helpers(Model);
  for (const auto &[D, Body] : Functions)
    for (const FieldReleaseTwice &F :
         findFieldReleasesTwice(Model, Helpers, D, Body, Ctx))
      if (F.Kind && llvm::is_contained(AO.Kinds, F.Kind))
        reportFieldReleaseTwice(F);
  for (const auto &[D, Body] : Functions)
    for (const FieldReleaseUncreated &F :
         findFieldReleasesUncreated(Model, Helpers, D, Body, Ctx))
      if (F.Kind && llvm::is_contained(AO.Kinds, F.Kind))
        reportFieldReleaseUncreated(F, Ctx.getSourceManager());
  for (const BorrowedFieldRelease &B :
       findBorrowedFieldReleases(Model, Functions))
    if (B.Kind && llvm::is_contained(AO.Kinds, B.Kind)) {
      diag(B.Release->getBeginLoc(),
           "%0 in field '%1' is borrowed and must not be released: it is "
           "a copy of '%2', a global another file defines and owns")
          << (B.Kind->Noun.empty() ? "handle" : B.Kind->Noun)
          << (B.Field->getParent()->getName() + "::" + B.Field->getName()).str()
          << B.Global->getName();
      diag(B.Store->getBeginLoc(), "copied into the field here",
           DiagnosticIDs::Note);
    }
}

/// `LLVMLinkModules2(A->M, B->M); destroy(B);` where destroy disposes of
/// `B->M`: reported at the second release, with the first as a note.
void CApiDisposeCheck::reportFieldReleaseTwice(const FieldReleaseTwice &F) {
  std::string What =
      (llvm::Twine(F.Kind->Noun.empty() ? "handle" : F.Kind->Noun) + " '" +
       F.Var->getName() + "->" + F.Field->getName() + "'")
          .str();
  std::string By =
      F.Helper ? " by '" + F.Helper->getNameAsString() + "'" : std::string();
  std::string Earlier = F.Earlier->getDirectCallee()
                            ? F.Earlier->getDirectCallee()->getNameAsString()
                            : "the first call";
  if (F.EarlierConsumed)
    diag(F.Call->getBeginLoc(), "%0 is released%1 after '%2' took ownership "
                                "of it")
        << What << By << Earlier;
  else
    diag(F.Call->getBeginLoc(), "%0 is released twice%1") << What << By;
  if (F.EarlierConsumed)
    diag(F.Earlier->getBeginLoc(), "'%0' took ownership here",
         DiagnosticIDs::Note)
        << Earlier;
  else
    diag(F.Earlier->getBeginLoc(), "first released here", DiagnosticIDs::Note);
  if (F.InHelper && F.InHelperFn)
    diag(F.InHelper->getBeginLoc(), "'%0' releases it here",
         DiagnosticIDs::Note)
        << F.InHelperFn->getNameAsString();
}

/// `if (P->Body) beginBody(P); endProc(P);` where beginBody creates
/// `P->Builder` and endProc releases it: reported at the release.
void CApiDisposeCheck::reportFieldReleaseUncreated(
    const FieldReleaseUncreated &F, const SourceManager &SM) {
  std::string By =
      F.Helper ? " by '" + F.Helper->getNameAsString() + "'" : std::string();
  diag(F.Call->getBeginLoc(),
       "%0 '%1->%2' is released%3 on a path where this function did not "
       "create it: it is created only inside the branch at line %4")
      << (F.Kind->Noun.empty() ? "handle" : F.Kind->Noun) << F.Var->getName()
      << F.Field->getName() << By
      << SM.getSpellingLineNumber(F.Branch->getBeginLoc());
  if (F.Creator)
    diag(F.Creation->getBeginLoc(), "'%0' creates it here, on this branch only",
         DiagnosticIDs::Note)
        << F.Creator->getNameAsString();
  else
    diag(F.Creation->getBeginLoc(), "created here, on this branch only",
         DiagnosticIDs::Note);
  if (F.InHelper && F.InHelperFn)
    diag(F.InHelper->getBeginLoc(), "'%0' releases it here",
         DiagnosticIDs::Note)
        << F.InHelperFn->getNameAsString();
}

void CApiDisposeCheck::reportStructStores(
    llvm::ArrayRef<std::pair<OwnedObject, StructStoreFact>> Stores,
    llvm::ArrayRef<FunctionBody> Functions) {
  StructFieldScans Scans(Model, Functions);
  llvm::DenseSet<const FieldDecl *> Reported;
  for (const auto &[O, SS] : Stores) {
    const StructFieldUse &U = Scans.of(SS.Field);
    // One field nothing releases is one bug, however many stores fill it.
    if (U.Released || U.Escapes || !U.Free || !U.Freer ||
        !Reported.insert(SS.Field).second)
      continue;
    std::string Field =
        (SS.Field->getParent()->getName() + "::" + SS.Field->getName()).str();
    diag(O.Site->getBeginLoc(),
         "%0 is stored in field '%1', which '%2' does not release with '%3' "
         "when it %select{releases the struct's other handles|frees the "
         "struct}4")
        << describeHandle(O) << Field << U.Freer->getName() << O.Kind->CRelease
        << U.FreesStruct;
    diag(SS.Store->getBeginLoc(), "stored here", DiagnosticIDs::Note);
    diag(U.Free->getBeginLoc(),
         "'%0' %select{releases another handle of the struct|frees the "
         "struct}1 here",
         DiagnosticIDs::Note)
        << U.Freer->getName() << U.FreesStruct;
  }
}

} // namespace clang::tidy::llvmown

//===- MemberOwnership.cpp ------------------------------------------------===//

#include "engine/analyses/lifetime/MemberOwnership.h"
#include "engine/framework/AstHelpers.h"
#include "engine/framework/CallSite.h"
#include "engine/framework/Compat.h"
#include "engine/model/Summaries.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclFriend.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace clang::tidy::llvmown {

namespace {

class Scanner : public RecursiveASTVisitor<Scanner> {
public:
  Scanner(const FieldDecl *F, const ApiModel &Model, const Stmt *Body,
          MemberUse &Use)
      : F(F), Model(Model), PM(const_cast<Stmt *>(Body)), Use(Use) {}

  bool VisitMemberExpr(MemberExpr *ME) {
    if (ME->getMemberDecl() == F)
      classify(ME);
    return true;
  }

private:
  void classifyArg(const FunctionDecl *FD, unsigned I) {
    if (FD && (Model.releasesOrConsumes(FD, I) ||
               Model.find(FD, Effect::ConsumesOnSuccess, I))) {
      Use.Released = true;
      return;
    }
    if (FD && (Model.find(FD, Effect::Borrows, I) || ApiModel::isLLVMApi(FD)))
      return;
    if (FD && I < FD->getNumParams()) {
      QualType T = FD->getParamDecl(I)->getType().getNonReferenceType();
      if (!T->isPointerType() && !T->isRecordType())
        return;
    }
    Use.Escapes = true;
  }

  void classify(const MemberExpr *ME) {
    FieldRefUse U = fieldRefUseAt(PM, ME, FieldClimb::Subscript);
    switch (U.K) {
    case FieldRefUse::Deleted:
      Use.Released = true;
      return;
    case FieldRefUse::Argument:
      classifyArg(U.Site->Callee, U.Index);
      return;
    // A copy kept elsewhere. Returning the member lends it (an accessor),
    // and the condition of `TM ? ... : ...` is a test: the class still
    // owns it.
    case FieldRefUse::StoredFrom:
    case FieldRefUse::AddressTaken:
    case FieldRefUse::Chosen:
    case FieldRefUse::Declared:
    case FieldRefUse::InInitList:
    case FieldRefUse::Captured:
    case FieldRefUse::Thrown:
      Use.Escapes = true;
      return;
    default:
      return;
    }
  }

  const FieldDecl *F;
  const ApiModel &Model;
  ParentMap PM;
  MemberUse &Use;
};

/// How many members of \p RD other than \p F the body \p Body releases
/// (deletes, or passes to a release API of the model).
unsigned otherMembersReleased(const FieldDecl *F, const CXXRecordDecl *RD,
                              const ApiModel &Model, const Stmt *Body) {
  struct Finder : RecursiveASTVisitor<Finder> {
    const FieldDecl *F;
    const CXXRecordDecl *RD;
    const ApiModel *Model;
    llvm::SmallPtrSet<const FieldDecl *, 4> Released;
    void add(const Expr *E) {
      const auto *ME =
          dyn_cast_or_null<MemberExpr>(E ? skipTransparent(E) : nullptr);
      const auto *FD = ME ? dyn_cast<FieldDecl>(ME->getMemberDecl()) : nullptr;
      if (FD && FD != F && FD->getParent() == RD &&
          isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()))
        Released.insert(FD);
    }
    bool VisitCXXDeleteExpr(CXXDeleteExpr *DE) {
      add(DE->getArgument());
      return true;
    }
    bool VisitCallExpr(CallExpr *CE) {
      const FunctionDecl *Callee = CE->getDirectCallee();
      for (unsigned I = 0; Callee && I < CE->getNumArgs(); ++I)
        if (Model->releasesOrConsumes(Callee, I))
          add(CE->getArg(I));
      return true;
    }
  } Fi;
  Fi.F = F;
  Fi.RD = RD;
  Fi.Model = &Model;
  Fi.TraverseStmt(const_cast<Stmt *>(Body));
  return Fi.Released.size();
}

void scanBody(const FieldDecl *F, const ApiModel &Model, const Stmt *Body,
              MemberUse &Use) {
  if (!Body)
    return;
  Scanner S(F, Model, Body, Use);
  S.TraverseStmt(const_cast<Stmt *>(Body));
}

void applySummary(const FunctionSummary &S, const FieldDecl *F,
                  MemberUse &Use) {
  for (const auto &[Name, Effect] : S.Members)
    if (Name == F->getName()) {
      Use.Released |= Effect == MemberEffect::Releases;
      Use.Escapes |= Effect == MemberEffect::Escapes;
    }
}

} // namespace

void scanMemberFunction(const FieldDecl *F, const ApiModel &Model,
                        const FunctionDecl *Def, MemberUse &Use) {
  scanBody(F, Model, Def->getBody(), Use);
  // Member initializers of constructors can copy the member too.
  if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(Def))
    for (const CXXCtorInitializer *Init : Ctor->inits())
      if (Init->getInit())
        scanBody(F, Model, Init->getInit(), Use);
}

bool holdsTrackedObject(const FieldDecl *F, const ApiModel &Model) {
  // An array of machines counts as one member, as in scanMemberUses.
  QualType T = F->getType();
  while (const ArrayType *AT = T->getAsArrayTypeUnsafe())
    T = AT->getElementType();
  return T->isPointerType() && Model.kindOfPointer(T);
}

MemberUse scanMemberUses(const FieldDecl *F, const ApiModel &Model,
                         llvm::ArrayRef<const Stmt *> OtherBodies,
                         bool ClassInMainFile) {
  MemberUse Use;
  const auto *RD = dyn_cast<CXXRecordDecl>(F->getParent());
  if (!RD || !RD->hasDefinition()) {
    Use.AllCodeVisible = false;
    return Use;
  }
  if (RD->hasFriends() || RD->getDescribedClassTemplate() ||
      isa<ClassTemplateSpecializationDecl>(RD))
    Use.AllCodeVisible = false;
  bool Public = F->getAccess() == AS_public || F->getAccess() == AS_none;
  if (Public && !ClassInMainFile)
    Use.AllCodeVisible = false;
  for (const CXXMethodDecl *MD : RD->methods()) {
    if (MD->isImplicit() || MD->isDeleted() || MD->isDefaulted() ||
        compat::isPureVirtual(MD))
      continue;
    const FunctionDecl *Def = nullptr;
    if (MD->hasBody(Def) && Def) {
      scanMemberFunction(F, Model, Def, Use);
      continue;
    }
    // Defined in another file: its summary says what it does, if the
    // project was summarised.
    if (const FunctionSummary *S = Model.memberSummary(MD, RD))
      applySummary(*S, F, Use);
    else
      Use.AllCodeVisible = false;
  }
  // Member function templates are not in methods().
  for (const Decl *Dcl : RD->decls())
    if (const auto *FTD = dyn_cast<FunctionTemplateDecl>(Dcl)) {
      const FunctionDecl *Def = nullptr;
      if (FTD->getTemplatedDecl()->hasBody(Def) && Def)
        scanBody(F, Model, Def->getBody(), Use);
      else if (!FTD->specializations().empty())
        // One defined nowhere and never used cannot release anything.
        Use.AllCodeVisible = false;
    }
  if (Public)
    for (const Stmt *B : OtherBodies)
      scanBody(F, Model, B, Use);
  const FunctionDecl *Dtor = nullptr;
  if (const CXXDestructorDecl *D = RD->getDestructor();
      D && D->hasBody(Dtor) && Dtor && !Use.Released &&
      isInUnitSource(Dtor->getASTContext().getSourceManager(),
                     Dtor->getLocation()) &&
      otherMembersReleased(F, RD, Model, Dtor->getBody()) >= 2)
    Use.CleanupWithout = cast<CXXDestructorDecl>(Dtor);
  return Use;
}

} // namespace clang::tidy::llvmown

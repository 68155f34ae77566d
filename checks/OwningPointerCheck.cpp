//===- OwningPointerCheck.cpp ---------------------------------------------===//
//
// The leak and member reports of objects held by owning raw pointers: the
// ownership analysis runs over the unit's functions (twice or more if a
// function turns out to be a factory wrapper), and the member scan decides
// about stored objects.
//
//===----------------------------------------------------------------------===//

#include "OwningPointerCheck.h"
#include "engine/analyses/ownership/StructFields.h"
#include "engine/framework/AstHelpers.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseSet.h"

namespace clang::tidy::llvmown {

namespace {

/// Every use of \p VD in \p Body keeps compiling when it becomes a
/// std::unique_ptr: member access, dereference, null tests.
bool onlySmartPointerCompatibleUses(const VarDecl *VD, const Stmt *Body,
                                    ASTContext &Ctx) {
  ParentMap PM(const_cast<Stmt *>(Body));
  auto Refs = ast_matchers::match(
      ast_matchers::findAll(ast_matchers::declRefExpr(
                                ast_matchers::to(ast_matchers::equalsNode(VD)))
                                .bind("r")),
      *Body, Ctx);
  for (const auto &R : Refs) {
    // Skip reads and const-qualification (`TM->constMethod()`).
    auto [Child, P] = climbParents(PM, R.getNodeAs<DeclRefExpr>("r"),
                                   Climb::Parens | Climb::ReadCasts);
    if (!P)
      return false;
    if (const auto *ME = dyn_cast<MemberExpr>(P)) {
      if (ME->isArrow() && ME->getBase() == Child)
        continue;
      return false;
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(P)) {
      if (UO->getOpcode() == UO_Deref || UO->getOpcode() == UO_LNot)
        continue;
      return false;
    }
    if (const auto *ICE = dyn_cast<ImplicitCastExpr>(P)) {
      // `if (TM)`: a contextual conversion, which unique_ptr supports.
      if (ICE->getCastKind() != CK_PointerToBoolean)
        return false;
      const Stmt *Ctl = climbParents(PM, ICE, Climb::Parens).Parent;
      if (const auto *UO = dyn_cast_or_null<UnaryOperator>(Ctl);
          UO && UO->getOpcode() == UO_LNot)
        continue;
      if (Ctl &&
          (isa<IfStmt>(Ctl) || isa<WhileStmt>(Ctl) || isa<ForStmt>(Ctl) ||
           isa<DoStmt>(Ctl) || isa<ConditionalOperator>(Ctl)))
        continue;
      if (const auto *BO = dyn_cast_or_null<BinaryOperator>(Ctl);
          BO && BO->isLogicalOp())
        continue;
      return false;
    }
    if (const auto *BO = dyn_cast<BinaryOperator>(P)) {
      const Expr *Other = BO->getLHS() == Child ? BO->getRHS() : BO->getLHS();
      if (BO->isEqualityOp() && isNullConstant(Other, Ctx))
        continue;
      return false;
    }
    return false;
  }
  return true;
}

/// Every function of \p RD that could release a field (its destructor and
/// other member functions, not its constructors) has its body among
/// \p Functions: a plain C struct, or a class whose code the scan sees.
bool recordCodeVisible(const RecordDecl *RD,
                       llvm::ArrayRef<FunctionBody> Functions) {
  const auto *CRD = dyn_cast<CXXRecordDecl>(RD);
  if (!CRD)
    return true;
  if (CRD->hasFriends() || CRD->getNumBases() > 0)
    return false;
  llvm::DenseSet<const Decl *> Seen;
  for (const auto &F : Functions)
    Seen.insert(F.first);
  for (const CXXMethodDecl *M : CRD->methods()) {
    if (M->isImplicit() || isa<CXXConstructorDecl>(M) || M->isDeleted() ||
        M->isDefaulted())
      continue;
    const FunctionDecl *Def = M->getDefinition();
    if (!Def || !Seen.count(Def))
      return false;
  }
  return true;
}

/// Some function of \p Functions makes a new struct of type \p RD: `new R`
/// (placement new too), or the result of an allocating call (`calloc`,
/// `lua_newuserdata`) converted to `R *`. The file that makes the struct
/// owns its life; a file that only fills it in leaves that to another.
bool allocatesRecord(const RecordDecl *RD,
                     llvm::ArrayRef<FunctionBody> Functions) {
  struct Finder : RecursiveASTVisitor<Finder> {
    const RecordDecl *RD;
    bool Found = false;
    bool isRD(QualType T) const {
      const RecordDecl *R = T.isNull() ? nullptr : T->getAsRecordDecl();
      return R && R->getCanonicalDecl() == RD->getCanonicalDecl();
    }
    bool VisitCXXNewExpr(CXXNewExpr *NE) {
      Found |= isRD(NE->getAllocatedType());
      return !Found;
    }
    bool VisitCastExpr(CastExpr *CE) {
      const auto *Call =
          dyn_cast<CallExpr>(CE->getSubExpr()->IgnoreParenImpCasts());
      Found |= Call && CE->getType()->isPointerType() &&
               isRD(CE->getType()->getPointeeType()) &&
               ApiModel::isAllocatorLike(Call->getDirectCallee());
      return !Found;
    }
  } F;
  F.RD = RD;
  for (const auto &Fn : Functions)
    if (Fn.second && !F.Found)
      F.TraverseStmt(const_cast<Stmt *>(Fn.second));
  return F.Found;
}

std::string describeObject(const OwnedObject &O) {
  llvm::StringRef Noun = O.Kind->Noun.empty() ? O.Kind->Name : O.Kind->Noun;
  return (llvm::Twine(Noun) + " created by '" + O.Creator + "'").str();
}

} // namespace

/// `TargetMachine *TM = T->createTargetMachine(...)` becomes
/// `std::unique_ptr<TargetMachine> TM(T->createTargetMachine(...))` (and the
/// same for any owning raw pointer): only
/// for a local initialised with the call, released nowhere, and used only
/// in ways std::unique_ptr supports.
std::optional<FixItHint> OwningPointerCheck::uniquePtrFix(const LeakFact &L,
                                                          const OwnedObject &O,
                                                          const Stmt *Body,
                                                          ASTContext &Ctx) {
  const auto *VD = dyn_cast_or_null<VarDecl>(L.Holder);
  if (L.ReleasedOnOtherPaths || !VD || VD != O.FirstVar ||
      !getLangOpts().CPlusPlus11 || !VD->getInit() ||
      VD->getInit()->IgnoreParenImpCasts() != O.Site ||
      VD->getLocation().isMacroID() || O.Site->getBeginLoc().isMacroID() ||
      !VD->getTypeSourceInfo())
    return std::nullopt;
  TypeLoc TL = VD->getTypeSourceInfo()->getTypeLoc();
  auto PTL = TL.getAsAdjusted<PointerTypeLoc>();
  // A const machine would lose its const; leave that to the user.
  QualType PointeeTy = VD->getType()->getPointeeType();
  if (!PTL || PTL.getBeginLoc().isMacroID() || PointeeTy.isNull() ||
      PointeeTy.isConstQualified() ||
      !onlySmartPointerCompatibleUses(VD, Body, Ctx))
    return std::nullopt;
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = getLangOpts();
  StringRef Pointee = Lexer::getSourceText(
      CharSourceRange::getTokenRange(PTL.getPointeeLoc().getSourceRange()), SM,
      LO);
  // `auto *TM`: spell the deduced class.
  std::string PointeeText =
      Pointee.empty() || Pointee.contains("auto")
          ? PointeeTy.getUnqualifiedType().getAsString(Ctx.getPrintingPolicy())
          : Pointee.str();
  StringRef InitText = Lexer::getSourceText(
      CharSourceRange::getTokenRange(O.Site->getSourceRange()), SM, LO);
  if (InitText.empty())
    return std::nullopt;
  SourceRange Whole(TL.getBeginLoc(), VD->getInit()->getEndLoc());
  return FixItHint::CreateReplacement(CharSourceRange::getTokenRange(Whole),
                                      ("std::unique_ptr<" + PointeeText + "> " +
                                       VD->getName() + "(" + InitText + ")")
                                          .str());
}

void OwningPointerCheck::reportOwnedLeak(const LeakFact &L,
                                         const OwnedObject &O, const Stmt *Body,
                                         ASTContext &Ctx) {
  std::string What = describeObject(O);
  SourceLocation At = O.Site->getBeginLoc();
  if (diagnoseLostObject(L, At, What))
    return;
  {
    DiagnosticBuilder Diag =
        L.ReleasedOnOtherPaths
            ? diag(At, "%0 leaks when the function returns at line %1")
            : diag(At, "%0 is never released");
    Diag << What;
    if (L.ReleasedOnOtherPaths)
      Diag << line(L.Where);
    if (std::optional<FixItHint> Fix = uniquePtrFix(L, O, Body, Ctx))
      Diag << *Fix;
  } // emits the warning before its note
  noteLeakAtExit(L, "owns");
}

/// An object stored in a member nothing releases, or that replaces the
/// previous one without releasing it. Returns true if it reported.
bool OwningPointerCheck::reportMemberStore(const FieldStoreFact &FS,
                                           const OwnedObject &O,
                                           const MemberUse &U,
                                           bool Replacements) {
  std::string Class = FS.Field->getParent()->getNameAsString();
  std::string Member = Class + "::" + FS.Field->getNameAsString();
  if (U.AllCodeVisible && !U.Released && !U.Escapes) {
    // A member nothing releases is one bug, however many stores fill it.
    if (!ReportedMembers.insert(FS.Field).second)
      return true;
    diag(O.Site->getBeginLoc(),
         "%0 is stored in member '%1', which no destructor or member "
         "function of '%2' releases")
        << describeObject(O) << Member << Class;
    diag(FS.Store->getBeginLoc(), "stored here", DiagnosticIDs::Note);
    return true;
  }
  if (U.CleanupWithout && !U.Escapes) {
    if (!ReportedMembers.insert(FS.Field).second)
      return true;
    diag(O.Site->getBeginLoc(),
         "%0 is stored in member '%1', which the destructor of '%2' does not "
         "release, though it releases the class's other objects")
        << describeObject(O) << Member << Class;
    diag(FS.Store->getBeginLoc(), "stored here", DiagnosticIDs::Note);
    diag(U.CleanupWithout->getLocation(), "the destructor is defined here",
         DiagnosticIDs::Note);
    return true;
  }
  if (!FS.MayOverwriteOwned || !Replacements)
    return false;
  diag(O.Site->getBeginLoc(),
       "%0 replaces member '%1' without releasing the previous one")
      << describeObject(O) << Member;
  diag(FS.Store->getBeginLoc(), "the previous value is overwritten here",
       DiagnosticIDs::Note);
  return true;
}

/// Objects stored in the field of a struct reached through a pointer
/// (`S->TM = T->createTargetMachine(...)`): the struct owns them now.
/// Reported when a function of the file frees the struct (or releases its
/// other objects) without releasing the field, or when no function of the
/// file releases the field or frees the struct at all, the struct's type is
/// the project's, and all its code is in view.
void OwningPointerCheck::reportStructStores(
    llvm::ArrayRef<std::pair<OwnedObject, StructStoreFact>> Stores,
    llvm::ArrayRef<FunctionBody> Functions, const SourceManager &SM) {
  StructFieldScans Scans(Model, Functions);
  llvm::DenseSet<const FieldDecl *> Reported;
  for (const auto &[O, SS] : Stores) {
    const StructFieldUse &U = Scans.of(SS.Field);
    const RecordDecl *RD = SS.Field->getParent();
    bool Paired = U.Free && U.Freer;
    bool Never = !U.StructFreed && !SM.isInSystemHeader(RD->getLocation()) &&
                 recordCodeVisible(RD, Functions) &&
                 (isInUnitSource(SM, RD->getLocation()) ||
                  allocatesRecord(RD, Functions));
    // One field nothing releases is one bug, however many stores fill it.
    if (U.Released || U.Escapes || !(Paired || Never) ||
        !Reported.insert(SS.Field).second)
      continue;
    std::string Field = (RD->getName() + "::" + SS.Field->getName()).str();
    if (Paired)
      diag(O.Site->getBeginLoc(),
           "%0 is stored in field '%1', which '%2' does not release when it "
           "%select{releases the struct's other objects|frees the struct}3")
          << describeObject(O) << Field << U.Freer->getName() << U.FreesStruct;
    else
      diag(O.Site->getBeginLoc(), "%0 is stored in field '%1', which no "
                                  "function of this file releases")
          << describeObject(O) << Field;
    diag(SS.Store->getBeginLoc(), "stored here", DiagnosticIDs::Note);
    if (Paired)
      diag(U.Free->getBeginLoc(),
           "'%0' %select{releases another object of the struct|frees the "
           "struct}1 here",
           DiagnosticIDs::Note)
          << U.Freer->getName() << U.FreesStruct;
  }
}

void OwningPointerCheck::analyzeOwningPointers(
    ASTContext &Ctx, llvm::ArrayRef<FunctionBody> Functions, KindId Kind,
    bool Replacements) {
  const SourceManager &SM = Ctx.getSourceManager();
  AnalysisOptions AO;
  AO.Kinds.push_back(Model.kind(Kind));
  AO.FollowParameters = true;
  AO.ReportReleasedTwice = true;
  UnitOwnership Unit(Model, Ctx, AO, Functions);
  const std::vector<FunctionFacts> &Facts = Unit.Facts;

  std::vector<const Stmt *> AllBodies;
  for (const auto &F : Functions)
    AllBodies.push_back(F.second);
  llvm::DenseMap<const FieldDecl *, MemberUse> MemberUses;
  llvm::DenseSet<const Expr *> Reported;
  std::vector<std::pair<OwnedObject, StructStoreFact>> StructStores;
  ReportedMembers.clear();
  for (unsigned I = 0; I < Functions.size(); ++I) {
    const FunctionFacts &FF = Facts[I];
    noteIncomplete(Functions[I].first, FF.Incomplete);
    // "ExecutionEngine", not the kind's internal name "EngineObject".
    auto Noun = [&](unsigned Obj) {
      const ResourceKind *K = FF.Objects[Obj].Kind;
      return K->Noun.empty() ? K->Name : K->Noun;
    };
    for (const DisposeFact &F : FF.Disposes)
      reportReleasedTwice(F, Noun(F.Object));
    for (const PartialReleaseFact &F : FF.PartialReleases)
      reportPartialRelease(F, FF.Objects[F.Object], Noun(F.Object));
    // One diagnostic per allocation site: the earliest place it is lost.
    for (const LeakFact *L : firstLeakPerObject(FF, SM)) {
      const OwnedObject &O = FF.Objects[L->Object];
      if (O.Site && Reported.insert(O.Site).second)
        reportOwnedLeak(*L, O, Functions[I].second, Ctx);
    }
    for (const FieldStoreFact &FS : FF.FieldStores) {
      const OwnedObject &O = FF.Objects[FS.Object];
      if (!O.Site || Reported.count(O.Site))
        continue;
      auto It = MemberUses.find(FS.Field);
      if (It == MemberUses.end()) {
        const auto *RD = FS.Field->getParent();
        bool InMain = isInUnitSource(SM, RD->getLocation());
        It = MemberUses
                 .try_emplace(FS.Field, scanMemberUses(FS.Field, Model,
                                                       AllBodies, InMain))
                 .first;
      }
      if (reportMemberStore(FS, O, It->second, Replacements))
        Reported.insert(O.Site);
    }
    for (const StructStoreFact &SS : FF.StructStores)
      if (const OwnedObject &O = FF.Objects[SS.Object];
          O.Site && !Reported.count(O.Site))
        StructStores.push_back({O, SS});
  }
  reportStructStores(StructStores, Functions, SM);
}

} // namespace clang::tidy::llvmown

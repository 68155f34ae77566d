//===- TargetMachineLeakCheck.cpp -----------------------------------------===//
//
// The check only turns the engine's facts into diagnostics: matching collects
// the main file's function bodies; at the end of the translation unit the
// ownership analysis runs over them (twice or more if a function turns out to
// be a factory wrapper), and the member scan decides about stored machines.
//
//===----------------------------------------------------------------------===//

#include "TargetMachineLeakCheck.h"
#include "engine/MemberOwnership.h"
#include "engine/OwnershipAnalysis.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang::ast_matchers;

namespace clang::tidy::llvmown {

namespace {

constexpr KindId Kind = KindId::TargetMachine;

/// True if \p Body (or, for a constructor, its member initializers) calls
/// something that creates a tracked object.
bool callsCreator(const Decl *D, const Stmt *Body,
                  const OwnershipAnalysis &OA) {
  struct Finder : RecursiveASTVisitor<Finder> {
    const OwnershipAnalysis &OA;
    bool Found = false;
    explicit Finder(const OwnershipAnalysis &OA) : OA(OA) {}
    bool VisitCallExpr(CallExpr *CE) {
      if (OA.createdKind(CE->getDirectCallee()))
        Found = true;
      return !Found;
    }
    // Out-parameter creators are calls too; nothing else creates.
  } F(OA);
  F.TraverseStmt(const_cast<Stmt *>(Body));
  if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(D))
    for (const CXXCtorInitializer *Init : Ctor->inits())
      if (!F.Found && Init->getInit())
        F.TraverseStmt(Init->getInit());
  return F.Found;
}

/// Every use of \p VD in \p Body keeps compiling when it becomes a
/// std::unique_ptr: member access, dereference, null tests.
bool onlySmartPointerCompatibleUses(const VarDecl *VD, const Stmt *Body,
                                    ASTContext &Ctx) {
  ParentMap PM(const_cast<Stmt *>(Body));
  struct Uses : RecursiveASTVisitor<Uses> {
    const VarDecl *VD;
    llvm::SmallVector<const DeclRefExpr *, 8> Refs;
    bool VisitDeclRefExpr(DeclRefExpr *DRE) {
      if (DRE->getDecl() == VD)
        Refs.push_back(DRE);
      return true;
    }
  } U;
  U.VD = VD;
  U.TraverseStmt(const_cast<Stmt *>(Body));
  for (const DeclRefExpr *DRE : U.Refs) {
    const Stmt *Child = DRE;
    const Stmt *P = PM.getParent(Child);
    // Skip reads and const-qualification (`TM->constMethod()`).
    while (P && (isa<ParenExpr>(P) ||
                 (isa<ImplicitCastExpr>(P) &&
                  (cast<ImplicitCastExpr>(P)->getCastKind() ==
                       CK_LValueToRValue ||
                   cast<ImplicitCastExpr>(P)->getCastKind() == CK_NoOp)))) {
      Child = P;
      P = PM.getParent(P);
    }
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
      const Stmt *Ctl = PM.getParent(ICE);
      while (Ctl && isa<ParenExpr>(Ctl))
        Ctl = PM.getParent(Ctl);
      if (const auto *UO = dyn_cast_or_null<UnaryOperator>(Ctl);
          UO && UO->getOpcode() == UO_LNot)
        continue;
      if (Ctl && (isa<IfStmt>(Ctl) || isa<WhileStmt>(Ctl) ||
                  isa<ForStmt>(Ctl) || isa<DoStmt>(Ctl) ||
                  isa<ConditionalOperator>(Ctl)))
        continue;
      if (const auto *BO = dyn_cast_or_null<BinaryOperator>(Ctl);
          BO && BO->isLogicalOp())
        continue;
      return false;
    }
    if (const auto *BO = dyn_cast<BinaryOperator>(P)) {
      const Expr *Other = BO->getLHS() == Child ? BO->getRHS() : BO->getLHS();
      if (BO->isEqualityOp() &&
          Other->IgnoreParenImpCasts()->isNullPointerConstant(
              Ctx, Expr::NPC_ValueDependentIsNotNull))
        continue;
      return false;
    }
    return false;
  }
  return true;
}

} // namespace

TargetMachineLeakCheck::TargetMachineLeakCheck(StringRef Name,
                                               ClangTidyContext *Context)
    : FunctionBodyCheck(Name, Context),
      OwningFactories(Options.get("OwningFactories", "")),
      ReleaseFunctions(Options.get("ReleaseFunctions", "")),
      TransferFunctions(Options.get("TransferFunctions", "")) {
  Model.addUserRows(OwningFactories, Effect::Creates, Kind);
  Model.addUserRows(ReleaseFunctions, Effect::Releases, Kind);
  Model.addUserRows(TransferFunctions, Effect::Consumes, Kind);
}

void TargetMachineLeakCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "OwningFactories", OwningFactories);
  Options.store(Opts, "ReleaseFunctions", ReleaseFunctions);
  Options.store(Opts, "TransferFunctions", TransferFunctions);
}

void TargetMachineLeakCheck::analyzeFunctions(
    ASTContext &Context, llvm::ArrayRef<FunctionBody> Functions) {
  ASTContext *Ctx = &Context;
  const SourceManager &SM = Ctx->getSourceManager();
  AnalysisOptions AO;
  AO.Kinds.push_back(Model.kind(Kind));
  DerivedFactories Derived;
  OwnershipAnalysis OA(Model, *Ctx, AO, &Derived);

  // Analyse; a function that hands a new machine to its caller becomes a
  // factory, and its callers are analysed again (wrappers of wrappers too).
  std::vector<FunctionFacts> Facts(Functions.size());
  std::vector<bool> Done(Functions.size(), false);
  for (unsigned Round = 0; Round < 4; ++Round) {
    bool NewFactory = false;
    for (unsigned I = 0; I < Functions.size(); ++I) {
      if (Done[I])
        continue;
      const auto &[D, Body] = Functions[I];
      if (!callsCreator(D, Body, OA))
        continue;
      Facts[I] = OA.analyze(D, Body);
      Done[I] = true;
      // Lambdas are factories too: `auto mk = [&] { return create(); };`.
      const auto *FD = dyn_cast<FunctionDecl>(D);
      if (FD && Facts[I].ReturnsOwned && !Facts[I].ReturnsOther &&
          !Derived.count(FD->getCanonicalDecl())) {
        Derived[FD->getCanonicalDecl()] = Facts[I].ReturnsOwned;
        NewFactory = true;
      }
    }
    if (!NewFactory)
      break;
    // Callers of the new factories need a fresh look.
    for (unsigned I = 0; I < Functions.size(); ++I)
      Done[I] = false;
  }

  std::vector<const Stmt *> AllBodies;
  for (const auto &F : Functions)
    AllBodies.push_back(F.second);
  llvm::DenseMap<const FieldDecl *, MemberUse> MemberUses;
  llvm::DenseSet<const Expr *> Reported;
  // A member nothing releases is one bug, however many stores fill it.
  llvm::DenseSet<const FieldDecl *> ReportedMembers;

  auto Line = [&](SourceLocation L) {
    return SM.getPresumedLineNumber(SM.getExpansionLoc(L));
  };

  for (unsigned I = 0; I < Functions.size(); ++I) {
    const FunctionFacts &FF = Facts[I];
    if (!FF.Analysed)
      continue;
    // One diagnostic per allocation site: the earliest place it is lost.
    for (const LeakFact *Entry : firstLeakPerObject(FF, SM)) {
      const LeakFact &L = *Entry;
      const OwnedObject &O = FF.Objects[L.Object];
      if (!O.Site || !Reported.insert(O.Site).second)
        continue;
      std::string What = (llvm::Twine(O.Kind->Name) + " created by '" +
                          O.Creator + "'")
                             .str();
      SourceLocation At = O.Site->getBeginLoc();
      std::string HolderName =
          L.Holder ? ("'" + L.Holder->getNameAsString() + "'") : "";
      if (diagnoseLostObject(L, At, What, SM))
        continue;
      switch (L.Reason) {
      default:
        break;
      case LeakReason::AtExit: {
        DiagnosticBuilder Diag =
            L.ReleasedOnOtherPaths
                ? diag(At, "%0 leaks when the function returns at line %1")
                : diag(At, "%0 is never released");
        Diag << What;
        if (L.ReleasedOnOtherPaths)
          Diag << Line(L.Where);
        // Fix-it: a local initialised with the call, released nowhere, used
        // only in ways std::unique_ptr supports.
        const auto *VD = dyn_cast_or_null<VarDecl>(L.Holder);
        if (!L.ReleasedOnOtherPaths && VD && VD == O.FirstVar &&
            getLangOpts().CPlusPlus11 && VD->getInit() &&
            VD->getInit()->IgnoreParenImpCasts() == O.Site &&
            !VD->getLocation().isMacroID() && !O.Site->getBeginLoc().isMacroID()) {
          TypeLoc TL = VD->getTypeSourceInfo()
                           ? VD->getTypeSourceInfo()->getTypeLoc()
                           : TypeLoc();
          auto PTL = TL.getAsAdjusted<PointerTypeLoc>();
          // A const machine would lose its const; leave that to the user.
          QualType PointeeTy = VD->getType()->getPointeeType();
          if (PTL && !PTL.getBeginLoc().isMacroID() &&
              !PointeeTy.isNull() && !PointeeTy.isConstQualified() &&
              onlySmartPointerCompatibleUses(VD, Functions[I].second, *Ctx)) {
            const LangOptions &LO = getLangOpts();
            CharSourceRange PointeeRange = CharSourceRange::getTokenRange(
                PTL.getPointeeLoc().getSourceRange());
            StringRef Pointee = Lexer::getSourceText(PointeeRange, SM, LO);
            // `auto *TM`: spell the deduced class.
            std::string PointeeText =
                Pointee.empty() || Pointee.contains("auto")
                    ? PointeeTy.getUnqualifiedType().getAsString(
                          Ctx->getPrintingPolicy())
                    : Pointee.str();
            StringRef InitText = Lexer::getSourceText(
                CharSourceRange::getTokenRange(O.Site->getSourceRange()), SM,
                LO);
            SourceRange Whole(TL.getBeginLoc(), VD->getInit()->getEndLoc());
            if (!InitText.empty())
              Diag << FixItHint::CreateReplacement(
                  CharSourceRange::getTokenRange(Whole),
                  ("std::unique_ptr<" + PointeeText + "> " +
                   VD->getName() + "(" + InitText + ")")
                      .str());
          }
        }
        break;
      }
      }
      if (L.Reason == LeakReason::AtExit) {
        if (L.Holder)
          diag(L.Where, "%0 still owns it when the function returns here",
               DiagnosticIDs::Note)
              << HolderName;
        else
          diag(L.Where, "it leaks when the function returns here",
               DiagnosticIDs::Note);
      }
    }

    for (const FieldStoreFact &FS : FF.FieldStores) {
      const OwnedObject &O = FF.Objects[FS.Object];
      if (!O.Site || Reported.count(O.Site))
        continue;
      auto It = MemberUses.find(FS.Field);
      if (It == MemberUses.end()) {
        const auto *RD = FS.Field->getParent();
        bool InMain = SM.isInMainFile(SM.getExpansionLoc(RD->getLocation()));
        It = MemberUses
                 .try_emplace(FS.Field,
                              scanMemberUses(FS.Field, Model, AllBodies, InMain))
                 .first;
      }
      const MemberUse &U = It->second;
      std::string What = (llvm::Twine(O.Kind->Name) + " created by '" +
                          O.Creator + "'")
                             .str();
      std::string Member = FS.Field->getParent()->getNameAsString() +
                           "::" + FS.Field->getNameAsString();
      std::string Class = FS.Field->getParent()->getNameAsString();
      if (U.AllCodeVisible && !U.Released && !U.Escapes) {
        Reported.insert(O.Site);
        if (!ReportedMembers.insert(FS.Field).second)
          continue;
        diag(O.Site->getBeginLoc(),
             "%0 is stored in member '%1', which no destructor or member "
             "function of '%2' releases")
            << What << Member << Class;
        diag(FS.Store->getBeginLoc(), "stored here", DiagnosticIDs::Note);
      } else if (FS.MayOverwriteOwned) {
        Reported.insert(O.Site);
        diag(O.Site->getBeginLoc(),
             "%0 replaces member '%1' without releasing the previous one")
            << What << Member;
        diag(FS.Store->getBeginLoc(), "the previous value is overwritten here",
             DiagnosticIDs::Note);
      }
    }
  }
}

} // namespace clang::tidy::llvmown

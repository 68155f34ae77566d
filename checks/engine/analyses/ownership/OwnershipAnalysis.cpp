//===- OwnershipAnalysis.cpp - facts from the solved ownership flow -------===//
//
// Solves OwnershipFlow to a fixpoint, replays it once per block, and turns
// the replay's events into facts: leaks (with whether another path released
// the object), misused releases (with the release before them), member
// stores, and what the function returns.
//
//===----------------------------------------------------------------------===//

#include "engine/analyses/ownership/OwnershipAnalysis.h"
#include "engine/analyses/ownership/OwnershipFlow.h"
#include "engine/framework/AstHelpers.h"
#include "engine/framework/CallSite.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

namespace clang::tidy::llvmown {

namespace {

/// \p Call (a release call or a delete) names the variable \p V itself.
bool releasesVariable(const Expr *Call, const VarDecl *V) {
  auto Names = [&](const Expr *E) {
    const auto *DRE = dyn_cast_or_null<DeclRefExpr>(skipTransparent(E));
    return V && DRE && DRE->getDecl() == V;
  };
  if (const auto *DE = dyn_cast<CXXDeleteExpr>(Call))
    return Names(DE->getArgument());
  std::optional<CallSite> CS = CallSite::of(Call);
  return CS && llvm::any_of(CS->Args, Names);
}

/// \p E is inside a branch of an `if` or `?:` whose condition reads a
/// `bool` parameter of \p D (`if (TakeOwnership) dispose(P)`).
bool underBoolParameterTest(const Expr *E, const Decl *D) {
  const auto *FD = dyn_cast_or_null<FunctionDecl>(D);
  if (!FD || !FD->getBody())
    return false;
  auto ReadsBoolParam = [](const Stmt *Cond) {
    struct Finder : RecursiveASTVisitor<Finder> {
      bool Found = false;
      bool VisitDeclRefExpr(DeclRefExpr *DRE) {
        const auto *P = dyn_cast<ParmVarDecl>(DRE->getDecl());
        Found |= P && P->getType()->isBooleanType();
        return !Found;
      }
    } F;
    F.TraverseStmt(const_cast<Stmt *>(Cond));
    return F.Found;
  };
  ParentMap PM(FD->getBody());
  for (const Stmt *P = PM.getParent(E); P; P = PM.getParent(P)) {
    if (const auto *If = dyn_cast<IfStmt>(P);
        If && ReadsBoolParam(If->getCond()))
      return true;
    if (const auto *CO = dyn_cast<AbstractConditionalOperator>(P);
        CO && ReadsBoolParam(CO->getCond()))
      return true;
  }
  return false;
}

/// Collects the replay's events into a function's facts.
class Diagnoser {
public:
  Diagnoser(FunctionFacts &Facts, const SourceManager &SM,
            bool FollowParameters, const Decl *D)
      : Facts(Facts), SM(SM), FollowParameters(FollowParameters), D(D) {}

  void onEvent(const OwnershipEvent &E) {
    switch (E.K) {
    case OwnershipEvent::Lost:
      Facts.Leaks.push_back(
          {E.Object, E.Reason, E.Where, E.Holder, false, E.Callee});
      break;
    case OwnershipEvent::Freed:
      Freed.insert(E.Object);
      // Released (not handed over) while still held: what the caller lent
      // is released here.
      if (E.Call && !E.Consumed)
        OwnedReleases[E.Object].push_back(E.Call);
      break;
    case OwnershipEvent::Escaped:
      Escaped.insert(E.Object);
      if (E.Stored)
        Stored.insert(E.Object);
      break;
    case OwnershipEvent::ReleaseCall:
      if (E.Consumed)
        Consumed.insert(E.Object);
      if (llvm::none_of(Releases[E.Object], [&](const OwnershipEvent &R) {
            return R.Call == E.Call;
          }))
        Releases[E.Object].push_back(E);
      break;
    case OwnershipEvent::Dispose:
      Disposes.push_back(E);
      break;
    case OwnershipEvent::FieldStore:
      Stored.insert(E.Object);
      Facts.FieldStores.push_back(
          {E.Object, E.Field, E.Call, E.InConstructor, E.MayOverwriteOwned});
      break;
    case OwnershipEvent::StructStore:
      Facts.StructStores.push_back({E.Object, E.Field, E.Call});
      break;
    case OwnershipEvent::Named: {
      // The earliest declared, so that names do not depend on the order.
      const auto *VD = cast<VarDecl>(E.Holder);
      const VarDecl *&First = FirstVar[E.Object];
      if (!First || VD->getLocation() < First->getLocation())
        First = VD;
      break;
    }
    case OwnershipEvent::Returned:
      if (E.ReturnsOwned)
        Facts.ReturnsOwned = E.ReturnsOwned;
      Facts.ReturnsOther |= E.ReturnsOther;
      break;
    }
  }

  /// Once every event is in: what only the whole function tells.
  void finish() {
    for (const auto &[Obj, VD] : FirstVar)
      if (!Facts.Objects[Obj].FirstVar)
        Facts.Objects[Obj].FirstVar = VD;
    // A leak on the exception path of a call is reported only for an
    // object that leaks nowhere else: one lost on an ordinary path too is
    // reported there.
    llvm::DenseSet<unsigned> LostOtherwise;
    for (const LeakFact &L : Facts.Leaks)
      if (L.Reason != LeakReason::Thrown)
        LostOtherwise.insert(L.Object);
    llvm::erase_if(Facts.Leaks, [&](const LeakFact &L) {
      return L.Reason == LeakReason::Thrown && LostOtherwise.count(L.Object);
    });
    for (LeakFact &L : Facts.Leaks)
      L.ReleasedOnOtherPaths = Freed.contains(L.Object);
    // An error message written only on failure is reported only when no
    // path frees it: which paths failed is not known here. In an incomplete
    // solution the path that frees it may be one not followed.
    llvm::erase_if(Facts.Leaks, [&](const LeakFact &L) {
      return Facts.Objects[L.Object].OnFailureOnly &&
             (L.ReleasedOnOtherPaths || Facts.Incomplete);
    });
    for (const OwnershipEvent &E : Disposes)
      Facts.Disposes.push_back(disposeFact(E));
    for (unsigned I = 0; I < Facts.Objects.size(); ++I) {
      const OwnedObject &O = Facts.Objects[I];
      if (O.ParamIndex < 0)
        continue;
      ParamFact P{unsigned(O.ParamIndex), O.Kind};
      P.Freed = Freed.contains(I);
      P.Consumed = Consumed.contains(I);
      P.Escaped = Escaped.contains(I) || Stored.contains(I);
      P.Stored = Stored.contains(I);
      P.Kept = llvm::any_of(Facts.Leaks,
                            [&](const LeakFact &L) { return L.Object == I; });
      Facts.Params.push_back(P);
    }
    if (FollowParameters)
      partialReleases();
    // What the function does on every path (returns an owned object,
    // releases a parameter) is not known from some of its paths.
    if (Facts.Incomplete) {
      Facts.ReturnsOwned = nullptr;
      Facts.Params.clear();
      Facts.PartialReleases.clear();
    }
  }

private:
  /// A parameter still held at some exit and released (not handed over) on
  /// another path. What a parameter still holds at an exit is the caller's,
  /// not a leak. A release under a test of a `bool` parameter may be the
  /// function handing the object over when told to: not judged.
  void partialReleases() {
    for (const ParamFact &P : Facts.Params) {
      unsigned I = 0;
      while (I < Facts.Objects.size() &&
             Facts.Objects[I].ParamIndex != int(P.Index))
        ++I;
      if (I == Facts.Objects.size() || !P.Kept)
        continue;
      // Only a release of the parameter itself: a local that may hold it
      // or an object made here (`M = Private ? clone : Shared`) is joined
      // over paths, and may not hold it where it is released.
      const Expr *First = nullptr;
      for (const Expr *Call : OwnedReleases[I])
        if (releasesVariable(Call, Facts.Objects[I].FirstVar) &&
            !underBoolParameterTest(Call, D) &&
            (!First ||
             isEarlier(SM, Call->getBeginLoc(), First->getBeginLoc())))
          First = Call;
      const LeakFact *Kept = nullptr;
      for (const LeakFact &L : Facts.Leaks)
        if (L.Object == I && (!Kept || isEarlier(SM, L.Where, Kept->Where)))
          Kept = &L;
      if (First && Kept)
        Facts.PartialReleases.push_back({I, First, Kept->Where});
    }
    llvm::erase_if(Facts.Leaks, [&](const LeakFact &L) {
      return Facts.Objects[L.Object].ParamIndex >= 0;
    });
    Facts.Params.clear();
  }

  static std::string name(const FunctionDecl *FD) {
    return FD ? FD->getNameAsString() : "";
  }

  /// A double release names the nearest earlier release in the source, and
  /// is a release after a consumer if that one took the object over.
  DisposeFact disposeFact(const OwnershipEvent &E) {
    DisposeFact F;
    F.Object = E.Object;
    F.Problem = E.Problem;
    F.Call = E.Call;
    F.Callee = name(E.Callee);
    if (E.Problem != DisposeProblem::Twice)
      return F;
    const OwnershipEvent *Earlier = latestBefore(
        llvm::ArrayRef(Releases[E.Object]), E.Call->getBeginLoc(),
        [](const OwnershipEvent &R) { return R.Call->getBeginLoc(); }, SM);
    // None earlier in the source: the release ran in an earlier iteration
    // of a loop around it.
    if (!Earlier)
      for (const OwnershipEvent &R : Releases[E.Object])
        if (R.Call == E.Call)
          Earlier = &R;
    if (Earlier) {
      F.Problem = Earlier->Consumed ? DisposeProblem::AfterConsume
                                    : DisposeProblem::Twice;
      F.Earlier = Earlier->Call;
      F.EarlierCallee = name(Earlier->Callee);
    }
    return F;
  }

  FunctionFacts &Facts;
  const SourceManager &SM;
  llvm::DenseSet<unsigned> Freed, Escaped, Stored, Consumed;
  llvm::DenseMap<unsigned, std::vector<OwnershipEvent>> Releases;
  llvm::DenseMap<unsigned, llvm::SmallVector<const Expr *, 2>> OwnedReleases;
  llvm::DenseMap<unsigned, const VarDecl *> FirstVar;
  std::vector<OwnershipEvent> Disposes;
  bool FollowParameters;
  const Decl *D;
};

} // namespace

const ResourceKind *parameterKind(const ApiModel &Model, QualType T) {
  if (const ResourceKind *K = Model.kindOfPointer(T))
    return K;
  if (T->isPointerType() && T->getPointeeType()->isCharType() &&
      !T->getPointeeType().isConstQualified())
    return Model.kind(KindId::Message);
  return nullptr;
}

std::vector<const LeakFact *> firstLeakPerObject(const FunctionFacts &F,
                                                 const SourceManager &SM) {
  return earliestPerKey(
      llvm::ArrayRef(F.Leaks), [](const LeakFact &L) { return L.Object; },
      [](const LeakFact &L) { return L.Where; }, SM);
}

OwnershipAnalysis::OwnershipAnalysis(const ApiModel &Model, ASTContext &Ctx,
                                     AnalysisOptions Opts,
                                     const DerivedFactories *Derived)
    : Model(Model), Ctx(Ctx), Opts(std::move(Opts)), Derived(Derived) {}

FunctionFacts OwnershipAnalysis::analyze(const Decl *D,
                                         const Stmt *Body) const {
  FunctionFacts Facts;
  if (!D || !Body)
    return Facts;
  std::unique_ptr<CFG> G = buildAnalysisCFG(D, Body, Ctx);
  if (!G)
    return Facts;
  OwnershipFlow Flow(*this, D, Body);
  Solution<OwnershipState> Sol = solveFunction(*G, Flow, Facts);

  Diagnoser Diag(Facts, Ctx.getSourceManager(), Opts.FollowParameters, D);
  // Nothing leaks on a path that ends in a call that does not return.
  llvm::BitVector Doomed = doomedBlocks(*G);
  auto OnEvent = [&](const CFGBlock &B, const OwnershipEvent &E) {
    if (E.K != OwnershipEvent::Lost || !Doomed.test(B.getBlockID()))
      Diag.onEvent(E);
  };
  replay(*G, Flow, Sol, OnEvent,
         [&](const CFGBlock &B, const OwnershipState &S) {
           // Each edge into the exit with what that edge knows (on the
           // false edge of `if (TM)`, TM is null and owns nothing).
           EventList<OwnershipEvent> AtExit;
           Flow.atExit(S, Flow.exitLocation(B), AtExit);
           for (const OwnershipEvent &E : AtExit)
             OnEvent(B, E);
         });
  Facts.Objects = std::move(Flow.objects());
  Diag.finish();
  return Facts;
}

const ResourceKind *
OwnershipAnalysis::createdKind(const FunctionDecl *FD,
                               std::string *CreatorName) const {
  if (!FD)
    return nullptr;
  auto Tracked = [&](const ResourceKind *K) {
    return K && (Opts.Kinds.empty() || llvm::is_contained(Opts.Kinds, K));
  };
  if (const ApiRow *R = Model.find(FD, Effect::Creates, ReturnValue)) {
    const ResourceKind *K = Model.kindFor(*R, FD);
    if (!Tracked(K) ||
        (R->anyKind() && llvm::is_contained(Opts.GenericRowsSkip, K)))
      return nullptr;
    if (CreatorName)
      *CreatorName = R->Name.str();
    return K;
  }
  // LLVMErrorRef: whatever returns one hands it over, unless it is known to
  // return none.
  if (const ResourceKind *K = Model.kindOfPointer(FD->getReturnType());
      K && K->is(KindProperty::CreatedByAnyReturn) && Tracked(K) &&
      !Model.find(FD, Effect::ReturnsNull, ReturnValue)) {
    if (CreatorName)
      *CreatorName = FD->getNameAsString();
    return K;
  }
  if (!Derived)
    return nullptr;
  auto It = Derived->find(FD->getCanonicalDecl());
  if (It == Derived->end() || !Tracked(It->second))
    return nullptr;
  if (CreatorName) {
    const auto *MD = dyn_cast<CXXMethodDecl>(FD);
    if (MD && MD->getParent()->isLambda()) {
      *CreatorName =
          "lambda at line " +
          std::to_string(Ctx.getSourceManager().getPresumedLineNumber(
              MD->getParent()->getLocation()));
    } else {
      // Users do not spell anonymous namespaces.
      PrintingPolicy PP(Ctx.getLangOpts());
      PP.SuppressUnwrittenScope = true;
      llvm::raw_string_ostream OS(*CreatorName);
      FD->printQualifiedName(OS, PP);
    }
  }
  return It->second;
}

/// A local of the function (not a parameter, not a reference) that \p E
/// names, through `*`, `.get()` and casts: the context of a module made in
/// it (`new Module(Name, Ctx)`, `new Module(Name, *Owned)`).
static const VarDecl *localObjectNamed(const Expr *E) {
  while (E) {
    E = E->IgnoreParenCasts();
    if (const auto *UO = dyn_cast<UnaryOperator>(E);
        UO && UO->getOpcode() == UO_Deref)
      E = UO->getSubExpr();
    else if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(E))
      E = MCE->getImplicitObjectArgument();
    else if (const auto *OCE = dyn_cast<CXXOperatorCallExpr>(E);
             OCE && OCE->getOperator() == OO_Star && OCE->getNumArgs() == 1)
      E = OCE->getArg(0);
    else
      break;
  }
  const auto *DRE = dyn_cast_or_null<DeclRefExpr>(E);
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  return VD && VD->hasLocalStorage() && !isa<ParmVarDecl>(VD) &&
                 !VD->getType()->isReferenceType()
             ? VD
             : nullptr;
}

const ResourceKind *OwnershipAnalysis::newKind(const CXXNewExpr *NE) const {
  const ResourceKind *K =
      NE->isArray() ? nullptr : Model.kindOfPointer(NE->getType());
  if (!K || K->CxxRelease.empty() ||
      (!Opts.Kinds.empty() && !llvm::is_contained(Opts.Kinds, K)))
    return nullptr;
  // Destroying a context deletes the modules still in it: a module made in
  // a context that this function holds by value or owns ends with it.
  if (const CXXConstructExpr *CE = NE->getConstructExpr();
      CE && K->is(KindProperty::CarriesOwner))
    for (const Expr *Arg : CE->arguments())
      if (const VarDecl *VD = localObjectNamed(Arg)) {
        const ResourceKind *Owner = Model.kindOfValue(VD->getType());
        // A raw pointer says nothing of the context's end unless the
        // function made that context itself.
        bool EndsHere =
            !VD->getType()->isPointerType() ||
            isa_and_nonnull<CXXNewExpr>(
                VD->getInit() ? VD->getInit()->IgnoreParenCasts() : nullptr);
        if (Owner && Owner->is(KindProperty::OwnsIR) && EndsHere)
          return nullptr;
      }
  return K;
}

bool OwnershipAnalysis::needsAnalysis(const Decl *D, const Stmt *Body) const {
  struct Finder : RecursiveASTVisitor<Finder> {
    const OwnershipAnalysis &OA;
    bool Found = false;
    explicit Finder(const OwnershipAnalysis &OA) : OA(OA) {}
    bool VisitExpr(Expr *E) {
      if (!isa<CallExpr>(E) && !isa<RecoveryExpr>(E))
        return true;
      std::optional<CallSite> CS = CallSite::of(E, &OA.Ctx);
      const FunctionDecl *FD = CS ? CS->Callee : nullptr;
      Found = OA.createdKind(FD) ||
              ((OA.Opts.TrackDisposes || OA.Opts.ReportReleasedTwice) &&
               !OA.Model.rowsFor(FD).empty());
      return !Found;
    }
    bool VisitCXXNewExpr(CXXNewExpr *NE) {
      Found = OA.newKind(NE);
      return !Found;
    }
    // A member released twice needs no creating call in the function.
    bool VisitCXXDeleteExpr(CXXDeleteExpr *DE) {
      const ResourceKind *K =
          OA.Opts.ReportReleasedTwice
              ? OA.Model.kindOfPointer(DE->getArgument()->getType())
              : nullptr;
      Found =
          K && (OA.Opts.Kinds.empty() || llvm::is_contained(OA.Opts.Kinds, K));
      return !Found;
    }
  } F(*this);
  if (Opts.SummarizeParameters || Opts.FollowParameters)
    if (const auto *FD = dyn_cast<FunctionDecl>(D))
      for (const ParmVarDecl *P : FD->parameters())
        if (const ResourceKind *K = Opts.SummarizeParameters
                                        ? parameterKind(Model, P->getType())
                                        : Model.kindOfPointer(P->getType());
            K && (Opts.Kinds.empty() || llvm::is_contained(Opts.Kinds, K)))
          return true;
  F.TraverseStmt(const_cast<Stmt *>(Body));
  if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(D))
    for (const CXXCtorInitializer *Init : Ctor->inits())
      if (!F.Found && Init->getInit())
        F.TraverseStmt(Init->getInit());
  return F.Found;
}

std::vector<FunctionFacts>
analyzeWithFactories(const OwnershipAnalysis &OA, DerivedFactories &Derived,
                     llvm::ArrayRef<FunctionBody> Functions) {
  std::vector<FunctionFacts> Facts(Functions.size());
  std::vector<bool> Done(Functions.size(), false);
  for (unsigned Round = 0; Round < 4; ++Round) {
    bool NewFactory = false;
    for (unsigned I = 0; I < Functions.size(); ++I) {
      const auto &[D, Body] = Functions[I];
      if (Done[I] || !OA.needsAnalysis(D, Body))
        continue;
      Facts[I] = OA.analyze(D, Body);
      Done[I] = true;
      // Lambdas are factories too: `auto mk = [&] { return create(); };`.
      const auto *FD = dyn_cast<FunctionDecl>(D);
      if (FD && Facts[I].ReturnsOwned && !Facts[I].ReturnsOther &&
          Derived.try_emplace(FD->getCanonicalDecl(), Facts[I].ReturnsOwned)
              .second)
        NewFactory = true;
    }
    if (!NewFactory)
      break;
    // Callers of the new factories need a fresh look.
    Done.assign(Functions.size(), false);
  }
  return Facts;
}

} // namespace clang::tidy::llvmown

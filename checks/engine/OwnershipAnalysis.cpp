//===- OwnershipAnalysis.cpp - flow-sensitive ownership of LLVM objects ---===//
//
// Abstract state at a program point:
//  - Owned: the objects this function is responsible for releasing;
//  - holders: which locals, members of `this` and not-yet-used expression
//    results may point to each object.
// An owned object that loses its last holder is lost (leaked) there; one still
// owned at an exit leaks there. Each allocation site has two abstract objects:
// the instance created by the latest execution of the site and all older
// ones, so a machine created per loop iteration is distinguished from the
// one created in the previous iteration.
//
//===----------------------------------------------------------------------===//

#include "OwnershipAnalysis.h"
#include "Dataflow.h"
#include "AstHelpers.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Analysis/CFG.h"
#include "llvm/ADT/SmallBitVector.h"

namespace clang::tidy::llvmown {

namespace {

using Tokens = Bits;

// Every object has two tokens: 2*I (the latest instance) and 2*I+1 (older
// instances from earlier loop iterations).
unsigned objectOf(unsigned Token) { return Token / 2; }

bool any(const Tokens &T) { return T.any(); }

template <typename Map> bool sameMap(const Map &A, const Map &B) {
  // Entries with no tokens are equivalent to missing ones.
  for (const auto &E : A) {
    auto It = B.find(E.first);
    if (It == B.end() ? any(E.second) : !bitsEqual(E.second, It->second))
      return false;
  }
  for (const auto &E : B)
    if (!A.count(E.first) && any(E.second))
      return false;
  return true;
}

template <typename Map> void uniteMap(Map &A, const Map &B) {
  for (const auto &E : B)
    bitsUnite(A[E.first], E.second);
}

struct State {
  bool Reached = false;
  Tokens Owned;
  Tokens Released; ///< released or consumed on some path to here
  /// Taken by a call only if it succeeds, not released since.
  Tokens TakenIfSuccess;
  llvm::DenseMap<const VarDecl *, Tokens> Vars;
  llvm::DenseMap<const FieldDecl *, Tokens> Fields;
  llvm::DenseMap<const Expr *, Tokens> Values;

  void join(const State &O) {
    if (!O.Reached)
      return;
    if (!Reached) {
      *this = O;
      return;
    }
    bitsUnite(Owned, O.Owned);
    bitsUnite(Released, O.Released);
    bitsUnite(TakenIfSuccess, O.TakenIfSuccess);
    uniteMap(Vars, O.Vars);
    uniteMap(Fields, O.Fields);
    uniteMap(Values, O.Values);
  }

  bool operator==(const State &O) const {
    return Reached == O.Reached && bitsEqual(Owned, O.Owned) &&
           bitsEqual(Released, O.Released) &&
           bitsEqual(TakenIfSuccess, O.TakenIfSuccess) &&
           sameMap(Vars, O.Vars) && sameMap(Fields, O.Fields) &&
           sameMap(Values, O.Values);
  }

  bool held(unsigned Tok, bool CountFields = true) const {
    for (const auto &E : Vars)
      if (bitsTest(E.second, Tok))
        return true;
    if (CountFields)
      for (const auto &E : Fields)
        if (bitsTest(E.second, Tok))
          return true;
    for (const auto &E : Values)
      if (bitsTest(E.second, Tok))
        return true;
    return false;
  }

  bool heldByField(unsigned Tok) const {
    for (const auto &E : Fields)
      if (bitsTest(E.second, Tok))
        return true;
    return false;
  }

  void rename(unsigned From, unsigned To) {
    auto Move = [&](Tokens &T) {
      if (bitsTest(T, From)) {
        T.reset(From);
        bitsSet(T, To);
      }
    };
    Move(Owned);
    Move(Released);
    for (auto &E : Vars)
      Move(E.second);
    for (auto &E : Fields)
      Move(E.second);
    for (auto &E : Values)
      Move(E.second);
  }
};

} // namespace

/// Analyses one function. Lives for one analyze() call.
class FunctionAnalyzer {
public:
  FunctionAnalyzer(const OwnershipAnalysis &A, const Decl *D, const Stmt *Body)
      : A(A), Model(A.Model), Ctx(A.Ctx), D(D), Body(Body),
        PM(const_cast<Stmt *>(Body)) {}

  FunctionFacts run();

private:
  enum class Drop { Temporary, Discarded, Overwritten, AtExit, ScopeEnd };

  // --- tokens and objects ---
  unsigned objectFor(const Expr *Site, const ResourceKind *K,
                     std::string Creator, int OutArg = -1);
  void releaseBy(const Tokens &T, State &S, const Expr *Call,
                 const FunctionDecl *FD, const ApiRow *Row, bool MarkReleased);
  int parentOf(const FunctionDecl *FD, const ApiRow *R,
               llvm::ArrayRef<const Expr *> Args, const State &S) const;
  unsigned newToken(State &S, unsigned Object);

  // --- state transfer ---
  void transfer(const CFGElement &E, State &S);
  void transferStmt(const Stmt *St, State &S);
  void transferCall(const Expr *Call, const FunctionDecl *Callee,
                    const Expr *ObjectArg, llvm::ArrayRef<const Expr *> Args,
                    State &S);
  void storeTo(const Expr *LHS, Tokens V, const Expr *StoreExpr, State &S);
  void storeVar(const VarDecl *VD, Tokens V, const Stmt *At, State &S);
  void forgetUnreachableReleases(const Tokens &Old, State &S,
                                 const Tokens &Keep);
  void storeField(const FieldDecl *F, Tokens V, const Expr *At, bool InInit,
                  State &S);
  Tokens valueOf(const Expr *E, const State &S) const;
  Tokens consume(const Expr *E, State &S, Drop Why);
  void release(const Tokens &T, State &S);
  void escape(const Tokens &T, State &S) { release(T, S); }
  void dropped(const Tokens &T, State &S, Drop Why, SourceLocation Where,
               const NamedDecl *Holder);
  void exitReached(State &S, SourceLocation Where);
  bool isTrackedVar(const VarDecl *VD) const;
  void refineForEdge(const CFGBlock *From, unsigned SuccIndex, State &S);
  void refineOutParameters(const CFGBlock *From, unsigned SuccIndex,
                           State &S);
  bool isFullExpression(const Expr *E) const;
  SourceLocation exitLocation(const CFGBlock *B) const;

  const OwnershipAnalysis &A;
  const ApiModel &Model;
  ASTContext &Ctx;
  const Decl *D;
  const Stmt *Body;
  ParentMap PM;

  FunctionFacts Facts;
  llvm::DenseMap<std::pair<const Expr *, int>, unsigned> ObjectBySite;
  struct ReleaseRecord {
    const Expr *Call = nullptr;
    std::string Callee;
    bool Consumed = false;
  };
  /// Every release of each object; a double release names the nearest
  /// earlier one in the source.
  llvm::DenseMap<unsigned, llvm::SmallVector<ReleaseRecord, 2>> ReleaseInfo;
  const ReleaseRecord *earlierRelease(unsigned Obj, const Expr *Call) const {
    auto It = ReleaseInfo.find(Obj);
    if (It == ReleaseInfo.end())
      return nullptr;
    const SourceManager &SM = Ctx.getSourceManager();
    const ReleaseRecord *Best = nullptr;
    for (const ReleaseRecord &R : It->second)
      if (R.Call != Call &&
          SM.isBeforeInTranslationUnit(R.Call->getBeginLoc(),
                                       Call->getBeginLoc()) &&
          (!Best || SM.isBeforeInTranslationUnit(Best->Call->getBeginLoc(),
                                                 R.Call->getBeginLoc())))
        Best = &R;
    return Best;
  }
  /// Objects a call writes through out-parameters, for the edges that test
  /// whether it failed.
  llvm::DenseMap<const Expr *, llvm::SmallVector<unsigned, 2>> OutObjects;
  llvm::DenseMap<const Expr *, Tokens> ConsumedOnSuccess;
  /// The call whose result a variable last received (`Err = f(&J)`).
  llvm::DenseMap<const VarDecl *, const Expr *> LastResult;
  llvm::SmallVector<bool, 8> ReleasedSomewhere;
  llvm::DenseMap<unsigned, bool> LeakReported;
  bool Reporting = false;
  Tokens Pending; ///< temporaries consumed by the current element
  llvm::SmallPtrSet<const Stmt *, 4> CtorInitExprs;
  const CXXRecordDecl *ThisClass = nullptr;
  bool InConstructor = false;
};

bool FunctionAnalyzer::isTrackedVar(const VarDecl *VD) const {
  if (!VD || !VD->hasLocalStorage() || VD->getType()->isReferenceType())
    return false;
  // Captured variables of an enclosing function are not ours to track.
  const DeclContext *DC = VD->getParentFunctionOrMethod();
  return DC && Decl::castFromDeclContext(DC) == D;
}

unsigned FunctionAnalyzer::objectFor(const Expr *Site, const ResourceKind *K,
                                     std::string Creator, int OutArg) {
  auto It = ObjectBySite.find({Site, OutArg});
  if (It != ObjectBySite.end())
    return It->second;
  unsigned I = Facts.Objects.size();
  OwnedObject O;
  O.Site = Site;
  O.Kind = K;
  O.Creator = std::move(Creator);
  O.OutArg = OutArg;
  Facts.Objects.push_back(std::move(O));
  ReleasedSomewhere.push_back(false);
  ObjectBySite[{Site, OutArg}] = I;
  return I;
}

int FunctionAnalyzer::parentOf(const FunctionDecl *FD, const ApiRow *R,
                               llvm::ArrayRef<const Expr *> Args,
                               const State &S) const {
  if (!R || R->BindTo < 0 || unsigned(R->BindTo) >= Args.size())
    return -1;
  Tokens P = valueOf(Args[R->BindTo], S);
  int First = P.find_first();
  return First < 0 ? -1 : int(objectOf(First));
}

void FunctionAnalyzer::releaseBy(const Tokens &T, State &S, const Expr *Call,
                                 const FunctionDecl *FD, const ApiRow *Row,
                                 bool MarkReleased) {
  std::string Callee = FD ? FD->getNameAsString() : "";
  for (int I = T.find_first(); I != -1; I = T.find_next(I)) {
    unsigned Obj = objectOf(I);
    const OwnedObject &O = Facts.Objects[Obj];
    if (A.Opts.TrackDisposes && Reporting && Row) {
      DisposeFact F;
      F.Object = Obj;
      F.Call = Call;
      F.Callee = Callee;
      bool Report = true;
      if (O.Borrowed && Row->Eff == Effect::Releases) {
        F.Problem = DisposeProblem::Borrowed;
      } else if (bitsTest(S.Released, I)) {
        // Released on some path reaching here (it may still be owned on
        // another): releasing it again is a double release on that path.
        const ReleaseRecord *Info = earlierRelease(Obj, Call);
        F.Problem = Info && Info->Consumed ? DisposeProblem::AfterConsume
                                           : DisposeProblem::Twice;
        if (Info) {
          F.Earlier = Info->Call;
          F.EarlierCallee = Info->Callee;
        }
      } else if (Row->Eff == Effect::Releases && !Row->anyKind() && O.Kind &&
                 Row->Kind != O.Kind) {
        F.Problem = DisposeProblem::Mismatch;
      } else {
        Report = false;
      }
      if (Report)
        Facts.Disposes.push_back(F);
    }
    if (bitsTest(S.Owned, I)) {
      S.Owned.reset(I);
      if (Reporting)
        ReleasedSomewhere[Obj] = true;
    }
    // Released by someone else since a call took it conditionally.
    if (bitsTest(S.TakenIfSuccess, I) &&
        !(Row && Row->Eff == Effect::ConsumesOnSuccess))
      S.TakenIfSuccess.reset(I);
    if (MarkReleased && !O.Borrowed) {
      bitsSet(S.Released, I);
      auto &Records = ReleaseInfo[Obj];
      if (llvm::none_of(Records,
                        [&](const ReleaseRecord &R) { return R.Call == Call; }))
        Records.push_back({Call, Callee, Row && Row->Eff != Effect::Releases});
    }
    // What belongs to it goes with it (modules of a disposed context).
    for (int J = S.Owned.find_first(); J != -1; J = S.Owned.find_next(J))
      if (Facts.Objects[objectOf(J)].Parent == int(Obj)) {
        S.Owned.reset(J);
        if (Reporting)
          ReleasedSomewhere[objectOf(J)] = true;
      }
  }
}

unsigned FunctionAnalyzer::newToken(State &S, unsigned Object) {
  unsigned Latest = 2 * Object, Older = 2 * Object + 1;
  // The site ran before (a loop): what it created then becomes "older".
  if (bitsTest(S.Owned, Latest) || S.held(Latest))
    S.rename(Latest, Older);
  bitsSet(S.Owned, Latest);
  // A fresh object: whatever happened to the previous one is not its story.
  if (Latest < S.Released.size())
    S.Released.reset(Latest);
  return Latest;
}

Tokens FunctionAnalyzer::valueOf(const Expr *E, const State &S) const {
  Tokens Out;
  E = skipTransparent(E);
  if (!E)
    return Out;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
      if (isTrackedVar(VD)) {
        auto It = S.Vars.find(VD);
        if (It != S.Vars.end())
          Out = It->second;
      }
    return Out;
  }
  if (const FieldDecl *F = thisField(E)) {
    auto It = S.Fields.find(F);
    if (It != S.Fields.end())
      Out = It->second;
    return Out;
  }
  auto It = S.Values.find(E);
  if (It != S.Values.end())
    Out = It->second;
  return Out;
}

Tokens FunctionAnalyzer::consume(const Expr *E, State &S, Drop Why) {
  Tokens V = valueOf(E, S);
  const Expr *Inner = skipTransparent(E);
  // Whether the value was lost is decided once the whole element has been
  // transferred: the consumer may still release or store it.
  if (Inner && S.Values.erase(Inner) && any(V))
    bitsUnite(Pending, V);
  return V;
}

void FunctionAnalyzer::release(const Tokens &T, State &S) {
  for (int I = T.find_first(); I != -1; I = T.find_next(I))
    if (bitsTest(S.Owned, I)) {
      S.Owned.reset(I);
      if (Reporting)
        ReleasedSomewhere[objectOf(I)] = true;
    }
}

void FunctionAnalyzer::dropped(const Tokens &T, State &S, Drop Why,
                               SourceLocation Where, const NamedDecl *Holder) {
  for (int I = T.find_first(); I != -1; I = T.find_next(I)) {
    if (!bitsTest(S.Owned, I) || S.held(I))
      continue;
    // Lost: nobody can release it any more. Stop tracking it, so that it is
    // reported once, here.
    S.Owned.reset(I);
    unsigned Obj = objectOf(I);
    if (Facts.Objects[Obj].OldValueOf) {
      // The value a member held on entry; the store that lost it reports.
      continue;
    }
    if (!Reporting)
      continue;
    LeakFact L;
    L.Object = Obj;
    switch (Why) {
    case Drop::Temporary:
      L.Reason = LeakReason::Temporary;
      break;
    case Drop::Discarded:
      L.Reason = LeakReason::Discarded;
      break;
    case Drop::Overwritten:
      L.Reason = LeakReason::Overwritten;
      break;
    case Drop::AtExit:
      L.Reason = LeakReason::AtExit;
      break;
    case Drop::ScopeEnd:
      L.Reason = LeakReason::ScopeEnd;
      break;
    }
    L.Where = Where;
    L.Holder = Holder;
    Facts.Leaks.push_back(L);
  }
}

void FunctionAnalyzer::exitReached(State &S, SourceLocation Where) {
  if (!Reporting)
    return;
  for (int I = S.Owned.find_first(); I != -1; I = S.Owned.find_next(I)) {
    unsigned Obj = objectOf(I);
    if (Facts.Objects[Obj].OldValueOf || S.heldByField(I))
      continue; // the class owns it now
    LeakFact L;
    L.Object = Obj;
    L.Reason = LeakReason::AtExit;
    L.Where = Where;
    for (const auto &E : S.Vars)
      if (bitsTest(E.second, I)) {
        L.Holder = E.first;
        break;
      }
    Facts.Leaks.push_back(L);
  }
}

// A released object nothing points to any more cannot be released again
// (`LLVMDisposeBuilder(B); B = NULL;`).
void FunctionAnalyzer::forgetUnreachableReleases(const Tokens &Old, State &S,
                                                 const Tokens &Keep) {
  for (int I = Old.find_first(); I != -1; I = Old.find_next(I))
    if (bitsTest(S.Released, I) && !bitsTest(Keep, I) && !S.held(I))
      S.Released.reset(I);
}

void FunctionAnalyzer::storeVar(const VarDecl *VD, Tokens V, const Stmt *At,
                                State &S) {
  Tokens Old = S.Vars.lookup(VD);
  S.Vars[VD] = V;
  forgetUnreachableReleases(Old, S, V);
  for (int I = V.find_first(); I != -1; I = V.find_next(I))
    if (!Facts.Objects[objectOf(I)].FirstVar)
      Facts.Objects[objectOf(I)].FirstVar = VD;
  bitsSubtract(Old, V);
  dropped(Old, S, Drop::Overwritten, At->getBeginLoc(), VD);
}

void FunctionAnalyzer::storeField(const FieldDecl *F, Tokens V,
                                  const Expr *At, bool InInit, State &S) {
  Tokens Old = S.Fields.lookup(F);
  S.Fields[F] = V;
  bitsSubtract(Old, V);
  // Did the store lose a value the member owned?
  bool LostOwned = false;
  for (int I = Old.find_first(); I != -1; I = Old.find_next(I))
    if (bitsTest(S.Owned, I) && !S.held(I))
      LostOwned = true;
  dropped(Old, S, Drop::Overwritten, At->getBeginLoc(), F);
  if (!Reporting)
    return;
  for (int I = V.find_first(); I != -1; I = V.find_next(I)) {
    if (!bitsTest(S.Owned, I) || Facts.Objects[objectOf(I)].OldValueOf)
      continue;
    FieldStoreFact FS;
    FS.Object = objectOf(I);
    FS.Field = F;
    FS.Store = At;
    FS.InConstructor = InConstructor || InInit;
    FS.MayOverwriteOwned = LostOwned && !FS.InConstructor;
    Facts.FieldStores.push_back(FS);
  }
}

void FunctionAnalyzer::storeTo(const Expr *LHS, Tokens V, const Expr *StoreExpr,
                               State &S) {
  const Expr *L = LHS->IgnoreParenImpCasts();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(L))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
      if (isTrackedVar(VD)) {
        storeVar(VD, V, StoreExpr, S);
        return;
      }
  if (const FieldDecl *F = thisField(L)) {
    storeField(F, V, StoreExpr, /*InInit=*/false, S);
    return;
  }
  // Memory the function does not own (a global, *Out, another object's
  // member): no evidence of a leak.
  escape(V, S);
}

const ResourceKind *
OwnershipAnalysis::createdKind(const FunctionDecl *FD,
                               std::string *CreatorName) const {
  if (!FD)
    return nullptr;
  auto Tracked = [&](const ResourceKind *K) {
    if (!K)
      return false;
    if (Opts.Kinds.empty())
      return true;
    return llvm::is_contained(Opts.Kinds, K);
  };
  if (const ApiRow *R = Model.find(FD, Effect::Creates, ReturnValue);
      R && !(Opts.CHandlesOnly && R->anyKind())) {
    const ResourceKind *K = Model.kindFor(*R, FD);
    if (Tracked(K)) {
      if (CreatorName)
        *CreatorName = R->Name.str();
      return K;
    }
    return nullptr;
  }
  // LLVMErrorRef: whatever returns one hands it over.
  if (const ResourceKind *K = Model.kindOfPointer(FD->getReturnType());
      K && K->is(CreatedByAnyReturn) && Tracked(K)) {
    if (CreatorName)
      *CreatorName = FD->getNameAsString();
    return K;
  }
  if (Derived) {
    auto It = Derived->find(FD->getCanonicalDecl());
    if (It != Derived->end() && Tracked(It->second)) {
      const auto *MD = dyn_cast<CXXMethodDecl>(FD);
      if (CreatorName && MD && MD->getParent()->isLambda()) {
        *CreatorName =
            "lambda at line " +
            std::to_string(Ctx.getSourceManager().getPresumedLineNumber(
                MD->getParent()->getLocation()));
      } else if (CreatorName) {
        // Users do not spell anonymous namespaces.
        PrintingPolicy PP(Ctx.getLangOpts());
        PP.SuppressUnwrittenScope = true;
        llvm::raw_string_ostream OS(*CreatorName);
        FD->printQualifiedName(OS, PP);
      }
      return It->second;
    }
  }
  return nullptr;
}

void FunctionAnalyzer::transferCall(const Expr *Call, const FunctionDecl *FD,
                                    const Expr *ObjectArg,
                                    llvm::ArrayRef<const Expr *> Args,
                                    State &S) {
  // Calling a method on an object borrows it.
  if (ObjectArg)
    consume(ObjectArg, S, Drop::Temporary);
  bool LLVMApi = ApiModel::isLLVMApi(FD);
  for (unsigned I = 0; I < Args.size(); ++I) {
    const Expr *Arg = Args[I];
    if (!Arg)
      continue;
    // Out-parameter creators write an owned object through &Var.
    if (FD) {
      if (const ApiRow *R = Model.find(FD, Effect::Creates, I)) {
        const auto *UO =
            dyn_cast<UnaryOperator>(Arg->IgnoreParenImpCasts());
        const ResourceKind *K = R->Kind;
        if (UO && UO->getOpcode() == UO_AddrOf && K &&
            (A.Opts.Kinds.empty() || llvm::is_contained(A.Opts.Kinds, K))) {
          unsigned Obj = objectFor(Call, K, R->Name.str(), I);
          Facts.Objects[Obj].OnFailureOnly = R->OnFailureOnly;
          Facts.Objects[Obj].WrittenOnFailure = R->WrittenOnFailure;
          Facts.Objects[Obj].Parent = parentOf(FD, R, Args, S);
          if (!llvm::is_contained(OutObjects[Call], Obj))
            OutObjects[Call].push_back(Obj);
          Tokens V;
          bitsSet(V, newToken(S, Obj));
          storeTo(UO->getSubExpr(), V, Call, S);
          continue;
        }
      }
    }
    Tokens V = consume(Arg, S, Drop::Temporary);
    if (!any(V))
      continue;
    if (FD) {
      if (const ApiRow *R = Model.find(FD, Effect::Releases, I)) {
        releaseBy(V, S, Call, FD, R, /*MarkReleased=*/true);
        continue;
      }
      if (const ApiRow *R = Model.find(FD, Effect::Consumes, I)) {
        releaseBy(V, S, Call, FD, R, /*MarkReleased=*/true);
        continue;
      }
      // Taken only when the call succeeds: released here, owned again on
      // the edge that sees the call fail.
      if (const ApiRow *R = Model.find(FD, Effect::ConsumesOnSuccess, I)) {
        Tokens Owned = V;
        for (int T = Owned.find_first(); T != -1; T = Owned.find_next(T))
          if (!bitsTest(S.Owned, T))
            Owned.reset(T);
        releaseBy(V, S, Call, FD, R, /*MarkReleased=*/true);
        bitsUnite(ConsumedOnSuccess[Call], Owned);
        bitsUnite(S.TakenIfSuccess, Owned);
        continue;
      }
    }
    if (FD && Model.find(FD, Effect::Borrows, I))
      continue;
    if (LLVMApi)
      continue; // LLVM APIs borrow unless the model says they consume.
    // An unknown callee: if it receives the pointer itself (not a bool, not
    // the pointee by reference), it may keep or free it.
    QualType ParamTy;
    if (FD && I < FD->getNumParams())
      ParamTy = FD->getParamDecl(I)->getType();
    if (A.Opts.ConstPointerArgsBorrow &&
        ((FD && I >= FD->getNumParams() && FD->isVariadic()) ||
         (!ParamTy.isNull() && ParamTy->isPointerType() &&
          ParamTy->getPointeeType().isConstQualified())))
      continue; // printf("%s", Msg), fputs(Msg, F): read, not kept
    if (!ParamTy.isNull()) {
      QualType T = ParamTy.getNonReferenceType();
      if (!T->isPointerType() && !T->isRecordType() &&
          !T->isDependentType() && !T->isTemplateTypeParmType())
        continue; // converted to bool or an integer: a borrow
    }
    escape(V, S);
  }
  // The result.
  std::string Creator;
  if (const ResourceKind *K = A.createdKind(FD, &Creator)) {
    if (Call->getType()->isPointerType() || Model.kindOfPointer(Call->getType())) {
      unsigned Obj = objectFor(Call, K, Creator);
      Facts.Objects[Obj].Parent =
          parentOf(FD, Model.find(FD, Effect::Creates, ReturnValue), Args, S);
      Tokens V;
      bitsSet(V, newToken(S, Obj));
      S.Values[Call] = V;
    }
  } else if (A.Opts.TrackDisposes && FD) {
    // A borrowed result: tracked only to catch its release.
    if (const ApiRow *R = Model.find(FD, Effect::ReturnsBorrowed, ReturnValue)) {
      if (const ResourceKind *K = Model.kindFor(*R, FD)) {
        unsigned Obj = objectFor(Call, K, R->Name.str());
        Facts.Objects[Obj].Borrowed = true;
        Tokens V;
        bitsSet(V, 2 * Obj);
        S.Values[Call] = V;
      }
    }
  }
}

bool FunctionAnalyzer::isFullExpression(const Expr *E) const {
  const Stmt *P = PM.getParent(E);
  while (P && (isa<ParenExpr>(P) || isa<ImplicitCastExpr>(P) ||
               isa<FullExpr>(P) || isa<MaterializeTemporaryExpr>(P) ||
               isa<CXXBindTemporaryExpr>(P)))
    P = PM.getParent(P);
  if (!P) {
    // A member initializer's expression: the CFGInitializer consumes it.
    const Stmt *Top = E;
    while (const Stmt *Up = PM.getParent(Top))
      Top = Up;
    return !CtorInitExprs.count(Top);
  }
  if (const auto *CE = dyn_cast<CStyleCastExpr>(P))
    if (CE->getType()->isVoidType())
      return true;
  if (isa<Expr>(P))
    return false;
  // Consumed by the statement itself.
  if (isa<ReturnStmt>(P) || isa<DeclStmt>(P) || isa<CXXForRangeStmt>(P))
    return false;
  return true;
}

void FunctionAnalyzer::transferStmt(const Stmt *St, State &S) {
  if (const auto *DS = dyn_cast<DeclStmt>(St)) {
    for (const Decl *Dcl : DS->decls()) {
      const auto *VD = dyn_cast<VarDecl>(Dcl);
      if (!VD)
        continue;
      Tokens V;
      if (const Expr *Init = VD->getInit())
        V = consume(Init, S, Drop::Temporary);
      if (isTrackedVar(VD))
        storeVar(VD, V, DS, S);
      else
        escape(V, S); // a static local or a reference: not ours any more
    }
    return;
  }
  if (const auto *RS = dyn_cast<ReturnStmt>(St)) {
    if (const Expr *RV = RS->getRetValue()) {
      Tokens V = consume(RV, S, Drop::Temporary);
      // Returning what a member holds (a lazily created machine) lends it;
      // the object keeps it.
      Tokens Handed, Lent;
      for (int I = V.find_first(); I != -1; I = V.find_next(I))
        if (bitsTest(S.Owned, I))
          bitsSet(S.heldByField(I) ? Lent : Handed, I);
      bitsSubtract(V, Lent);
      const auto *FD = dyn_cast<FunctionDecl>(D);
      if (!Reporting) {
        // Decided on the fixpoint only.
      } else if (any(Handed)) {
        if (FD && FD->getReturnType()->isPointerType())
          Facts.ReturnsOwned =
              Facts.Objects[objectOf(Handed.find_first())].Kind;
      } else if ((any(Lent) || !any(V)) && RV->getType()->isPointerType() &&
                 !isNullConstant(RV, Ctx)) {
        Facts.ReturnsOther = true;
      }
      release(V, S);
    }
    return;
  }
  const auto *E = dyn_cast<Expr>(St);
  if (!E)
    return;

  if (const auto *CE = dyn_cast<CallExpr>(E)) {
    const FunctionDecl *FD = CE->getDirectCallee();
    const Expr *Obj = nullptr;
    llvm::SmallVector<const Expr *, 8> Args(CE->arguments());
    if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(CE)) {
      Obj = MCE->getImplicitObjectArgument();
    } else if (const auto *OCE = dyn_cast<CXXOperatorCallExpr>(CE);
               OCE && FD && isa<CXXMethodDecl>(FD) &&
               !cast<CXXMethodDecl>(FD)->isStatic() && !Args.empty()) {
      Obj = Args.front();
      Args.erase(Args.begin());
    }
    transferCall(CE, FD, Obj, Args, S);
    // The callee expression (a function pointer, a member) is read only.
    consume(CE->getCallee(), S, Drop::Temporary);
  } else if (const auto *CCE = dyn_cast<CXXConstructExpr>(E)) {
    llvm::SmallVector<const Expr *, 4> Args(CCE->arguments());
    transferCall(CCE, CCE->getConstructor(), nullptr, Args, S);
  } else if (const auto *Del = dyn_cast<CXXDeleteExpr>(E)) {
    release(consume(Del->getArgument(), S, Drop::Temporary), S);
  } else if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->getOpcode() == BO_Assign) {
      if (const auto *DRE =
              dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts()))
        if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
          if (const auto *CE =
                  dyn_cast_or_null<CallExpr>(skipTransparent(BO->getRHS())))
            LastResult[VD] = CE;
      Tokens V = consume(BO->getRHS(), S, Drop::Temporary);
      storeTo(BO->getLHS(), V, BO, S);
    } else if (BO->getOpcode() != BO_Comma) {
      consume(BO->getLHS(), S, Drop::Temporary);
      consume(BO->getRHS(), S, Drop::Temporary);
    }
  } else if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    Tokens V = consume(UO->getSubExpr(), S, Drop::Temporary);
    // &TM hands out a way to change or free it.
    if (UO->getOpcode() == UO_AddrOf)
      escape(V, S);
  } else if (const auto *CO = dyn_cast<AbstractConditionalOperator>(E)) {
    Tokens V = consume(CO->getTrueExpr(), S, Drop::Temporary);
    // The branches were evaluated on different paths; both values flow here.
    Tokens F = valueOf(CO->getFalseExpr(), S);
    if (const Expr *FI = skipTransparent(CO->getFalseExpr()))
      S.Values.erase(FI);
    bitsUnite(V, F);
    consume(CO->getCond(), S, Drop::Temporary);
    if (any(V))
      S.Values[E] = V;
  } else if (const auto *LE = dyn_cast<LambdaExpr>(E)) {
    // A lambda that captures a machine may free it: no evidence.
    for (const LambdaCapture &C : LE->captures())
      if (C.capturesVariable())
        if (const auto *VD = dyn_cast<VarDecl>(C.getCapturedVar()))
          if (isTrackedVar(VD))
            escape(S.Vars.lookup(VD), S);
    for (const Expr *Init : LE->capture_inits())
      if (Init)
        escape(consume(Init, S, Drop::Temporary), S);
  } else if (const auto *ILE = dyn_cast<InitListExpr>(E)) {
    for (const Expr *Init : ILE->inits())
      escape(consume(Init, S, Drop::Temporary), S);
  } else if (const auto *TE = dyn_cast<CXXThrowExpr>(E)) {
    if (TE->getSubExpr())
      escape(consume(TE->getSubExpr(), S, Drop::Temporary), S);
  } else if (isa<CastExpr>(E) || isa<ParenExpr>(E) || isa<FullExpr>(E) ||
             isa<MaterializeTemporaryExpr>(E) ||
             isa<CXXBindTemporaryExpr>(E) || isa<DeclRefExpr>(E)) {
    // Transparent: the value is looked up through them.
  } else {
    // Anything else reads its operands (a member access, a subscript, a
    // comparison): a borrow.
    for (const Stmt *Child : E->children())
      if (const auto *CE = dyn_cast_or_null<Expr>(Child))
        consume(CE, S, Drop::Temporary);
  }

  // A value nobody takes is discarded at the end of its full expression;
  // one only tested in a condition was used as a temporary.
  if (isFullExpression(E)) {
    const Expr *Inner = skipTransparent(E);
    Tokens V = valueOf(E, S);
    const Stmt *P = PM.getParentIgnoreParenImpCasts(const_cast<Expr *>(E));
    bool Tested = P && (isa<IfStmt>(P) || isa<WhileStmt>(P) ||
                        isa<DoStmt>(P) || isa<ForStmt>(P) ||
                        isa<SwitchStmt>(P));
    if (Inner && S.Values.erase(Inner) && any(V))
      dropped(V, S, Tested ? Drop::Temporary : Drop::Discarded,
              E->getBeginLoc(), nullptr);
  }
}

void FunctionAnalyzer::transfer(const CFGElement &El, State &S) {
  if (auto CS = El.getAs<CFGStmt>()) {
    Pending.clear();
    transferStmt(CS->getStmt(), S);
    if (any(Pending))
      dropped(Pending, S, Drop::Temporary, CS->getStmt()->getBeginLoc(),
              nullptr);
    Pending.clear();
    return;
  }
  if (auto LE = El.getAs<CFGLifetimeEnds>()) {
    const VarDecl *VD = LE->getVarDecl();
    auto It = S.Vars.find(VD);
    if (It == S.Vars.end())
      return;
    Tokens Old = It->second;
    S.Vars.erase(It);
    // Where the variable dies: at a return or the end of the function (the
    // function's exit), or at the end of an inner scope, a break, continue
    // or goto.
    const Stmt *Trigger = LE->getTriggerStmt();
    SourceLocation Where = Trigger ? Trigger->getBeginLoc() : SourceLocation();
    bool AtExit = !Trigger || isa<ReturnStmt>(Trigger) || Trigger == Body;
    if (const auto *CS = dyn_cast_or_null<CompoundStmt>(Trigger))
      Where = CS->getRBracLoc();
    if (!Trigger)
      Where = exitLocation(nullptr);
    dropped(Old, S, AtExit ? Drop::AtExit : Drop::ScopeEnd, Where, VD);
    return;
  }
  if (auto CI = El.getAs<CFGInitializer>()) {
    const CXXCtorInitializer *Init = CI->getInitializer();
    if (Init->isAnyMemberInitializer() && Init->getInit()) {
      Pending.clear();
      Tokens V = consume(Init->getInit(), S, Drop::Temporary);
      if (const FieldDecl *F = Init->getAnyMember())
        storeField(F, V, Init->getInit(), /*InInit=*/true, S);
      else
        escape(V, S);
    }
  }
}

void FunctionAnalyzer::refineForEdge(const CFGBlock *From, unsigned SuccIndex,
                                     State &S) {
  if (From->succ_size() != 2)
    return;
  refineOutParameters(From, SuccIndex, S);
  const Expr *E = nullTestedOnEdge(From, SuccIndex, Ctx);
  if (!E || (!E->getType()->isPointerType() && !E->getType()->isBooleanType()))
    return;
  Tokens V = valueOf(E, S);
  // Nothing is owned through a null pointer, nor what belongs to it (a
  // context set to null after its disposal took its modules along).
  for (int I = V.find_first(); I != -1; I = V.find_next(I)) {
    if (bitsTest(S.Owned, I))
      S.Owned.reset(I);
    for (int J = S.Owned.find_first(); J != -1; J = S.Owned.find_next(J))
      if (Facts.Objects[objectOf(J)].Parent == int(objectOf(I)))
        S.Owned.reset(J);
  }
}

/// The value last stored into \p VD inside \p B (its initializer, or the
/// right side of an assignment), or null.
static const Expr *definitionInBlock(const CFGBlock *B, const VarDecl *VD) {
  for (auto It = B->rbegin(); It != B->rend(); ++It) {
    auto CS = It->getAs<CFGStmt>();
    if (!CS)
      continue;
    if (const auto *DS = dyn_cast<DeclStmt>(CS->getStmt())) {
      for (const Decl *D : DS->decls())
        if (D == VD && VD->getInit())
          return skipTransparent(VD->getInit());
    } else if (const auto *BO = dyn_cast<BinaryOperator>(CS->getStmt());
               BO && BO->getOpcode() == BO_Assign) {
      if (const auto *DRE =
              dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts());
          DRE && DRE->getDecl() == VD)
        return skipTransparent(BO->getRHS());
    }
  }
  return nullptr;
}

// `if (LLVMCreateExecutionEngineForModule(&EE, M, &Err))`, or the same
// through a variable holding the result: a non-zero (or non-null error)
// result means failure, when only the error message is written; zero means
// success, when the message is not.
void FunctionAnalyzer::refineOutParameters(const CFGBlock *From,
                                           unsigned SuccIndex, State &S) {
  if (From->succ_size() != 2 ||
      (OutObjects.empty() && ConsumedOnSuccess.empty()))
    return;
  const auto *E = dyn_cast_or_null<Expr>(
      From->getTerminatorCondition(/*StripParens=*/true));
  if (!E)
    return;
  bool Negated = false;
  E = E->IgnoreParenImpCasts();
  while (true) {
    if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
      if (UO->getOpcode() != UO_LNot)
        return;
      Negated = !Negated;
      E = UO->getSubExpr()->IgnoreParenImpCasts();
      continue;
    }
    // `f(...) != 0`, `Err == NULL`.
    if (const auto *BO = dyn_cast<BinaryOperator>(E);
        BO && BO->isEqualityOp()) {
      const Expr *Other = nullptr;
      if (isNullConstant(BO->getRHS(), Ctx))
        Other = BO->getLHS();
      else if (isNullConstant(BO->getLHS(), Ctx))
        Other = BO->getRHS();
      if (!Other)
        return;
      if (BO->getOpcode() == BO_EQ)
        Negated = !Negated;
      E = Other->IgnoreParenImpCasts();
      continue;
    }
    break;
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl())) {
      // The value tested is the one stored last before the test: look in
      // the testing block first (LastResult is the last store the fixpoint
      // happened to visit, which in a loop can be a later one).
      if (const Expr *Def = definitionInBlock(From, VD))
        E = Def;
      else if (const Expr *Last = LastResult.lookup(VD))
        E = Last;
      else if (VD->getInit())
        E = skipTransparent(VD->getInit());
    }
  E = skipTransparent(E);
  bool Failed = (SuccIndex == 0) != Negated;
  if (Failed) {
    // It did not take the argument: the caller still owns it.
    auto C = ConsumedOnSuccess.find(E);
    if (C != ConsumedOnSuccess.end())
      for (int T = C->second.find_first(); T != -1;
           T = C->second.find_next(T))
        if (bitsTest(S.TakenIfSuccess, T)) {
          bitsSet(S.Owned, T);
          S.Released.reset(T);
          S.TakenIfSuccess.reset(T);
        }
  }
  auto It = OutObjects.find(E);
  if (It == OutObjects.end())
    return;
  for (unsigned Obj : It->second) {
    if (Facts.Objects[Obj].WrittenOnFailure)
      continue;
    if (Facts.Objects[Obj].OnFailureOnly == Failed)
      continue;
    // Not written on this edge: nothing to own.
    for (unsigned Tok : {2 * Obj, 2 * Obj + 1})
      if (bitsTest(S.Owned, Tok))
        S.Owned.reset(Tok);
  }
}

SourceLocation FunctionAnalyzer::exitLocation(const CFGBlock *B) const {
  if (B)
    for (auto It = B->rbegin(); It != B->rend(); ++It)
    if (auto CS = It->getAs<CFGStmt>()) {
      const Stmt *St = CS->getStmt();
      if (isa<ReturnStmt>(St) || isa<CXXThrowExpr>(St))
        return St->getBeginLoc();
      break;
    }
  if (const auto *CS = dyn_cast<CompoundStmt>(Body))
    return CS->getRBracLoc();
  return Body->getEndLoc();
}

FunctionFacts FunctionAnalyzer::run() {
  std::unique_ptr<CFG> G = buildAnalysisCFG(D, Body, Ctx);
  if (!G)
    return Facts;
  Facts.Analysed = true;
  Facts.Blocks = G->getNumBlockIDs();

  if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(D))
    for (const CXXCtorInitializer *Init : Ctor->inits())
      if (Expr *IE = Init->getInit()) {
        PM.addStmt(IE);
        CtorInitExprs.insert(IE);
      }

  State Entry;
  Entry.Reached = true;
  if (const auto *MD = dyn_cast<CXXMethodDecl>(D)) {
    ThisClass = MD->getParent();
    InConstructor = isa<CXXConstructorDecl>(MD);
    // Outside constructors and destructors, each member pointer to a tracked
    // kind starts with a value the object may own.
    if (MD->isInstance() && !InConstructor && !isa<CXXDestructorDecl>(MD) &&
        !ThisClass->isLambda()) {
      for (const FieldDecl *F : ThisClass->fields()) {
        const ResourceKind *K = Model.kindOfPointer(F->getType());
        if (!K || (!A.Opts.Kinds.empty() && !llvm::is_contained(A.Opts.Kinds, K)))
          continue;
        unsigned Obj = Facts.Objects.size();
        OwnedObject O;
        O.Kind = K;
        O.OldValueOf = F;
        Facts.Objects.push_back(O);
        ReleasedSomewhere.push_back(false);
        Tokens T;
        bitsSet(T, 2 * Obj);
        bitsSet(Entry.Owned, 2 * Obj);
        Entry.Fields[F] = T;
      }
    }
  }

  // Handles received as parameters are not ours to release, but a call
  // that consumes one followed by a release is still a bug: track them.
  if (A.Opts.TrackDisposes)
    if (const auto *FD = dyn_cast<FunctionDecl>(D))
      for (const ParmVarDecl *P : FD->parameters()) {
        const ResourceKind *K = Model.kindOfPointer(P->getType());
        if (!K || !llvm::is_contained(A.Opts.Kinds, K))
          continue;
        unsigned Obj = Facts.Objects.size();
        OwnedObject O;
        O.Kind = K;
        O.Creator = P->getNameAsString();
        O.FirstVar = P;
        Facts.Objects.push_back(O);
        ReleasedSomewhere.push_back(false);
        bitsSet(Entry.Vars[P], 2 * Obj);
      }

  std::vector<State> In = solveForward(
      *G, std::move(Entry),
      [&](const CFGBlock *B, State &S) {
        for (const CFGElement &El : *B)
          transfer(El, S);
      },
      [&](const CFGBlock *B, unsigned Idx, State &S) {
        refineForEdge(B, Idx, S);
      },
      Facts.Visits);

  // Final pass over the fixpoint: record what happens, once per block.
  Reporting = true;
  const CFGBlock &ExitB = G->getExit();
  for (const CFGBlock *B : *G) {
    unsigned ID = B->getBlockID();
    if (!In[ID].Reached || B == &ExitB)
      continue;
    State S = In[ID];
    for (const CFGElement &El : *B)
      transfer(El, S);
    if (B->hasNoReturnElement())
      continue;
    // Check each edge into the exit with what that edge knows (on the
    // false edge of `if (TM)`, TM is null and owns nothing).
    unsigned Idx = 0;
    for (auto SI = B->succ_begin(); SI != B->succ_end(); ++SI, ++Idx)
      if (SI->getReachableBlock() == &ExitB) {
        State Edge = S;
        refineForEdge(B, Idx, Edge);
        exitReached(Edge, exitLocation(B));
      }
  }

  for (LeakFact &L : Facts.Leaks)
    L.ReleasedOnOtherPaths = ReleasedSomewhere[L.Object];
  // An error message written only on failure is reported only when no path
  // frees it: which paths failed is not known here.
  llvm::erase_if(Facts.Leaks, [&](const LeakFact &L) {
    return Facts.Objects[L.Object].OnFailureOnly && L.ReleasedOnOtherPaths;
  });
  return Facts;
}

std::vector<const LeakFact *> firstLeakPerObject(const FunctionFacts &F,
                                                 const SourceManager &SM) {
  llvm::DenseMap<unsigned, const LeakFact *> First;
  for (const LeakFact &L : F.Leaks) {
    const LeakFact *&Slot = First[L.Object];
    if (!Slot || SM.isBeforeInTranslationUnit(L.Where, Slot->Where))
      Slot = &L;
  }
  std::vector<const LeakFact *> Out;
  for (const auto &E : First)
    Out.push_back(E.second);
  llvm::sort(Out, [&](const LeakFact *A, const LeakFact *B) {
    return SM.isBeforeInTranslationUnit(A->Where, B->Where);
  });
  return Out;
}

OwnershipAnalysis::OwnershipAnalysis(const ApiModel &Model, ASTContext &Ctx,
                                     AnalysisOptions Opts,
                                     const DerivedFactories *Derived)
    : Model(Model), Ctx(Ctx), Opts(std::move(Opts)), Derived(Derived) {}

FunctionFacts OwnershipAnalysis::analyze(const Decl *D,
                                         const Stmt *Body) const {
  if (!D || !Body)
    return {};
  FunctionAnalyzer FA(*this, D, Body);
  return FA.run();
}

} // namespace clang::tidy::llvmown

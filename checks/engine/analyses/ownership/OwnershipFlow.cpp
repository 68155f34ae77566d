//===- OwnershipFlow.cpp - transfer functions of the ownership analysis ---===//

#include "engine/analyses/ownership/OwnershipFlow.h"
#include "engine/framework/AstHelpers.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include <optional>

namespace clang::tidy::llvmown {

//===--- State ------------------------------------------------------------===//

bool OwnershipState::held(unsigned Tok, bool CountFields) const {
  for (const auto &E : Env)
    if (E.second.contains(Tok) &&
        (CountFields || E.first.kind() != Location::ThisField))
      return true;
  return false;
}

bool OwnershipState::heldByField(unsigned Tok) const {
  return heldBy(Location::ThisField, Tok);
}

bool OwnershipState::heldBy(Location::Kind K, unsigned Tok) const {
  for (const auto &E : Env)
    if (E.first.kind() == K && E.second.contains(Tok))
      return true;
  return false;
}

const VarDecl *OwnershipState::localHolder(unsigned Tok) const {
  const VarDecl *Best = nullptr;
  for (const auto &E : Env)
    if (E.first.kind() == Location::Local && E.second.contains(Tok) &&
        (!Best || E.first.var()->getLocation() < Best->getLocation()))
      Best = E.first.var();
  return Best;
}

void OwnershipState::rename(unsigned From, unsigned To) {
  auto Move = [&](Tokens &T) {
    if (T.contains(From)) {
      T.erase(From);
      T.insert(To);
    }
  };
  Move(Owned);
  Move(Released);
  for (auto &E : Env)
    Move(E.second);
}

bool intersectFlags(FlagValues &A, const FlagValues &B) {
  size_t Before = A.size();
  llvm::erase_if(A, [&](const std::pair<const VarDecl *, bool> &F) {
    return !llvm::is_contained(B, F);
  });
  return A.size() != Before;
}

//===--- Objects and tokens -----------------------------------------------===//

OwnershipFlow::OwnershipFlow(const OwnershipAnalysis &A, const Decl *D,
                             const Stmt *Body)
    : ValueFlow(A.Ctx, D, Body), A(A), Model(A.Model),
      Loc(D, /*References=*/false) {
  Loc.followOutParameters(true);
}

bool OwnershipFlow::tracked(const ResourceKind *K) const {
  return K && (A.Opts.Kinds.empty() || llvm::is_contained(A.Opts.Kinds, K));
}

unsigned OwnershipFlow::newToken(State &S, unsigned Object) const {
  unsigned Latest = 2 * Object, Older = 2 * Object + 1;
  // The site ran before (a loop): what it created then becomes "older".
  if (S.Owned.contains(Latest) || S.held(Latest))
    S.rename(Latest, Older);
  S.Owned.insert(Latest);
  // A fresh object: whatever happened to the previous one is not its story.
  S.Released.erase(Latest);
  if (S.Flags.empty()) {
    S.CreatedFree.insert(Object);
    S.CreatedUnder.erase(Object);
  } else if (!S.CreatedFree.contains(Object)) {
    CreationFlags Now;
    Now.Created = true;
    Now.Flags = S.Flags;
    S.CreatedUnder[Object].join(Now);
  }
  return Latest;
}

int OwnershipFlow::parentOf(const ApiRow *R, llvm::ArrayRef<const Expr *> Args,
                            const State &S) const {
  if (!R || R->BindTo < 0 || unsigned(R->BindTo) >= Args.size())
    return -1;
  int First = valueOf(Args[R->BindTo], S).first();
  return First < 0 ? -1 : int(objectOf(First));
}

void OwnershipFlow::setParent(unsigned Obj, int Parent, State &S) const {
  Tokens P;
  if (Parent >= 0)
    P.insert(Parent);
  S.ParentOf.set(Obj, P);
}

OwnershipState OwnershipFlow::entryState() {
  State Entry;
  findGuards();
  if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(D))
    for (const CXXCtorInitializer *Init : Ctor->inits())
      if (Expr *IE = Init->getInit()) {
        PM.addStmt(IE);
        CtorInitExprs.insert(IE);
      }
  if (const auto *MD = dyn_cast<CXXMethodDecl>(D)) {
    ThisClass = MD->getParent();
    InConstructor = isa<CXXConstructorDecl>(MD);
    // Outside constructors and destructors, each member pointer to a tracked
    // kind starts with a value the object may own.
    if (MD->isInstance() && !InConstructor && !isa<CXXDestructorDecl>(MD) &&
        !ThisClass->isLambda())
      for (const FieldDecl *F : ThisClass->fields()) {
        const ResourceKind *K = Model.kindOfPointer(F->getType());
        if (!tracked(K))
          continue;
        unsigned Obj = Objects.size();
        OwnedObject O;
        O.Kind = K;
        O.OldValueOf = F;
        Objects.push_back(O);
        Entry.Owned.insert(2 * Obj);
        Entry.Env[Location::thisField(F)] = Tokens::of(2 * Obj);
      }
  }
  // Parameters. For a summary, what the caller passes is followed as if
  // owned: the exits tell whether every path released it. Tracking
  // disposes, handles received are not ours to release, but a call that
  // consumes one followed by a release is still a bug: tracked, not owned.
  const auto *FD = dyn_cast<FunctionDecl>(D);
  const bool Summary = A.Opts.SummarizeParameters;
  const bool Follow = Summary || A.Opts.FollowParameters;
  if (FD && (Follow || A.Opts.TrackDisposes))
    for (const ParmVarDecl *P : FD->parameters()) {
      const ResourceKind *K = Summary ? parameterKind(Model, P->getType())
                                      : Model.kindOfPointer(P->getType());
      if (!K || !(Summary ? tracked(K) : llvm::is_contained(A.Opts.Kinds, K)))
        continue;
      unsigned Obj = Objects.size();
      OwnedObject O;
      O.Kind = K;
      O.Creator = P->getNameAsString();
      O.FirstVar = P;
      if (Follow) {
        O.ParamIndex = P->getFunctionScopeIndex();
        Entry.Owned.insert(2 * Obj);
      }
      Objects.push_back(O);
      Entry.Env[Location::local(P)] = Tokens::of(2 * Obj);
    }
  numberObjects();
  return Entry;
}

//===--- Values and stores ------------------------------------------------===//

Tokens OwnershipFlow::valueOf(const Expr *E, const State &S) const {
  Location L = Loc.locate(E);
  return L ? S.Env.lookup(L) : Tokens();
}

Tokens OwnershipFlow::consume(const Expr *E, State &S) const {
  Location L = Loc.locate(E);
  if (!L)
    return {};
  Tokens V = S.Env.lookup(L);
  // Whether the value was lost is decided once the whole element has been
  // transferred: the consumer may still release or store it.
  if (L.kind() == Location::Temporary && S.Env.erase(L) && V.any())
    Pending.join(V);
  return V;
}

// A released object nothing points to any more cannot be released again
// (`LLVMDisposeBuilder(B); B = NULL;`).
void OwnershipFlow::forgetUnreachableReleases(const Tokens &Old, State &S,
                                              const Tokens &Keep) const {
  for (unsigned I : Old)
    if (S.Released.contains(I) && !Keep.contains(I) && !S.held(I))
      S.Released.erase(I);
}

Tokens OwnershipFlow::replace(Location L, const Tokens &V, State &S) const {
  Tokens Old = S.Env.lookup(L);
  S.Env.set(L, V);
  forgetUnreachableReleases(Old, S, V);
  Old.subtract(V);
  return Old;
}

void OwnershipFlow::storeVar(const VarDecl *VD, Tokens V, const Stmt *At,
                             State &S) const {
  Tokens Old = replace(Location::local(VD), V, S);
  // Names: the diagnoser keeps the earliest declared of these.
  for (unsigned I : V) {
    Event E{Event::Named, objectOf(I)};
    E.Holder = VD;
    emit(E);
  }
  dropped(Old, S, LeakReason::Overwritten, At->getBeginLoc(), VD);
}

void OwnershipFlow::storeField(const FieldDecl *F, Tokens V, const Expr *At,
                               bool InInit, State &S) const {
  Tokens Old = replace(Location::thisField(F), V, S);
  // Did the store lose a value the member owned?
  bool LostOwned = false;
  for (unsigned I : Old)
    LostOwned |= S.Owned.contains(I) && !S.held(I);
  dropped(Old, S, LeakReason::Overwritten, At->getBeginLoc(), F);
  for (unsigned I : V) {
    if (!S.Owned.contains(I) || Objects[objectOf(I)].OldValueOf)
      continue;
    Event E{Event::FieldStore, objectOf(I)};
    E.Field = F;
    E.Call = At;
    E.InConstructor = InConstructor || InInit;
    E.MayOverwriteOwned = LostOwned && !E.InConstructor;
    emit(E);
  }
}

/// `*Out = X` for an out-parameter: the caller gets what is there when the
/// function returns, so a store over an object still owned loses it.
void OwnershipFlow::storePointee(const VarDecl *P, Tokens V, const Expr *At,
                                 State &S) const {
  Tokens Old = replace(Location::pointee(P), V, S);
  dropped(Old, S, LeakReason::Overwritten, At->getBeginLoc(), P);
}

void OwnershipFlow::storeTo(const Expr *LHS, Tokens V, const Expr *StoreExpr,
                            State &S) const {
  Location L = Loc.target(LHS);
  if (L.kind() == Location::Local)
    return storeVar(L.var(), V, StoreExpr, S);
  if (L.kind() == Location::ThisField)
    return storeField(L.field(), V, StoreExpr, /*InInit=*/false, S);
  if (L.kind() == Location::Pointee)
    return storePointee(L.var(), V, StoreExpr, S);
  // `Arr[I] = X` into a member array: the member rule judges the array as
  // one member (elements are not tracked, so a store never overwrites).
  if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(skipTransparent(LHS)))
    if (const FieldDecl *F = thisField(ASE->getBase()->IgnoreParenImpCasts());
        F && F->getType()->isConstantArrayType()) {
      for (unsigned I : V)
        if (S.Owned.contains(I) && !Objects[objectOf(I)].OldValueOf) {
          Event E{Event::FieldStore, objectOf(I)};
          E.Field = F;
          E.Call = StoreExpr;
          E.InConstructor = InConstructor;
          emit(E);
        }
      return escape(V, S, /*Stored=*/true);
    }
  // Memory the function does not own (a global, *Out, another object's
  // member, a member of a local object): no evidence of a leak here. A
  // struct's field is judged with the functions that free the struct.
  if (const auto *ME = dyn_cast<MemberExpr>(skipTransparent(LHS)))
    if (const auto *F = dyn_cast<FieldDecl>(ME->getMemberDecl()))
      for (unsigned I : V)
        if (S.Owned.contains(I)) {
          Event E{Event::StructStore, objectOf(I)};
          E.Field = F;
          E.Call = StoreExpr;
          emit(E);
        }
  escape(V, S, /*Stored=*/true);
}

//===--- Ends of ownership ------------------------------------------------===//

void OwnershipFlow::release(const Tokens &T, State &S, const Expr *By) const {
  for (unsigned I : T) {
    unsigned Obj = objectOf(I);
    // `delete` is a release like any other: a second one frees freed memory.
    if (By && A.Opts.ReportReleasedTwice && S.Released.contains(I)) {
      Event E{Event::Dispose, Obj};
      E.Call = By;
      emit(E);
    }
    if (S.Owned.contains(I)) {
      S.Owned.erase(I);
      Event E{Event::Freed, Obj};
      E.Call = By;
      emit(E);
    }
    if (By && A.Opts.ReportReleasedTwice && !Objects[Obj].Borrowed) {
      S.Released.insert(I);
      Event E{Event::ReleaseCall, Obj};
      E.Call = By;
      emit(E);
    }
  }
}

void OwnershipFlow::escape(const Tokens &T, State &S, bool Stored) const {
  for (unsigned I : T)
    if (S.Owned.contains(I)) {
      Event E{Event::Escaped, objectOf(I)};
      E.Stored = Stored;
      emit(E);
    }
  release(T, S);
}

void OwnershipFlow::dropped(const Tokens &T, State &S, LeakReason Why,
                            SourceLocation Where,
                            const NamedDecl *Holder) const {
  for (unsigned I : T) {
    if (!S.Owned.contains(I) || S.held(I))
      continue;
    // Lost: nobody can release it any more. Stop tracking it, so that it is
    // reported once, here. The value a member held on entry is reported by
    // the store that lost it.
    S.Owned.erase(I);
    if (Objects[objectOf(I)].OldValueOf)
      continue;
    Event E{Event::Lost, objectOf(I)};
    E.Reason = Why;
    E.Where = Where;
    E.Holder = Holder;
    emit(E);
  }
}

void OwnershipFlow::atExit(const State &S, SourceLocation Where,
                           EventList<Event> &Out) const {
  // What main still holds when it returns lives as long as the process, as
  // after exit(): a one-shot program's machine or JIT. What it lost on the
  // way (discarded, overwritten, out of scope) is still reported.
  if (isMain())
    return;
  for (unsigned I : S.Owned) {
    if (Objects[objectOf(I)].OldValueOf || S.heldByField(I) ||
        S.heldBy(Location::Pointee, I))
      continue; // the class, or the caller through an out-parameter, owns it
    Event E{Event::Lost, objectOf(I)};
    E.Reason = LeakReason::AtExit;
    E.Where = Where;
    E.Holder = S.localHolder(I);
    Out.push_back(E);
  }
}

std::optional<DisposeProblem>
OwnershipFlow::disposeProblem(unsigned Tok, const State &S,
                              const ApiRow &Row) const {
  const OwnedObject &O = Objects[objectOf(Tok)];
  if (O.Borrowed && Row.Eff == Effect::Releases)
    return DisposeProblem::Borrowed;
  // Released on some path reaching here (it may still be owned on another):
  // releasing it again is a double release on that path. Whether the first
  // one was a consumer is known once every release has been seen.
  if (S.Released.contains(Tok))
    return DisposeProblem::Twice;
  if (Row.Eff == Effect::Releases && !Row.anyKind() && O.Kind &&
      Row.Kind != O.Kind)
    return DisposeProblem::Mismatch;
  return std::nullopt;
}

void OwnershipFlow::releaseBy(const Tokens &T, State &S, const CallSite &CS,
                              const ApiRow &Row) const {
  for (unsigned I : T) {
    unsigned Obj = objectOf(I);
    if (A.Opts.TrackDisposes || A.Opts.ReportReleasedTwice)
      if (std::optional<DisposeProblem> P = disposeProblem(I, S, Row);
          P && (A.Opts.TrackDisposes || *P == DisposeProblem::Twice)) {
        Event E{Event::Dispose, Obj};
        E.Call = CS.Call;
        E.Callee = CS.Callee;
        E.Problem = *P;
        emit(E);
      }
    if (S.Owned.contains(I)) {
      S.Owned.erase(I);
      Event E{Event::Freed, Obj};
      E.Call = CS.Call;
      E.Consumed = Row.Eff != Effect::Releases;
      emit(E);
    }
    // Released by someone else since a call took it conditionally.
    if (Row.Eff != Effect::ConsumesOnSuccess)
      S.TakenIfSuccess.erase(I);
    if (!Objects[Obj].Borrowed) {
      S.Released.insert(I);
      Event E{Event::ReleaseCall, Obj};
      E.Call = CS.Call;
      E.Callee = CS.Callee;
      E.Consumed = Row.Eff != Effect::Releases;
      emit(E);
    }
    // What belongs to it goes with it (modules of a disposed context).
    for (unsigned J : Tokens(S.Owned))
      if (S.belongsTo(objectOf(J), Obj)) {
        S.Owned.erase(J);
        emit({Event::Freed, objectOf(J)});
      }
  }
}

//===--- Statements, per node kind ----------------------------------------===//

void OwnershipFlow::declare(const VarDecl *VD, const DeclStmt *DS,
                            State &S) const {
  Tokens V;
  if (const Expr *Init = VD->getInit())
    V = consume(Init, S);
  noteResult(VD, VD->getInit(), S);
  if (Loc.tracks(VD))
    storeVar(VD, V, DS, S);
  else
    escape(V, S, /*Stored=*/true); // a static local or a reference
  writeFlag(VD, VD->getInit(), S);
}

void OwnershipFlow::returned(const Expr *RV, const ReturnStmt *RS,
                             State &S) const {
  Tokens V = consume(RV, S);
  // Returning what a member holds (a lazily created machine) lends it; the
  // object keeps it.
  Tokens Handed, Lent, Param;
  for (unsigned I : V)
    if (S.Owned.contains(I))
      (S.heldByField(I)                       ? Lent
       : Objects[objectOf(I)].ParamIndex >= 0 ? Param
                                              : Handed)
          .insert(I);
  V.subtract(Lent);
  // A parameter handed back (`return P;`) stays the caller's, and no
  // factory returns what it was given.
  V.subtract(Param);
  escape(Param, S);
  Lent.join(Param);
  Event E{Event::Returned};
  const auto *FD = dyn_cast<FunctionDecl>(D);
  if (Handed.any()) {
    if (FD && FD->getReturnType()->isPointerType())
      E.ReturnsOwned = Objects[objectOf(Handed.first())].Kind;
  } else if ((Lent.any() || V.empty()) && RV->getType()->isPointerType() &&
             !isNullConstant(RV, Ctx)) {
    E.ReturnsOther = true;
  }
  emit(E);
  release(V, S);
}

void OwnershipFlow::VisitCallExpr(const CallExpr *CE, State &S) const {
  if (!CE->getDirectCallee() && escapesDependent(CE, S))
    return;
  if (CE->getNumArgs() == 1 &&
      ApiModel::isHandleConversion(CE->getDirectCallee())) {
    Tokens V = consume(CE->getArg(0), S);
    if (V.any())
      S.Env.set(Location::temporary(CE), V);
    return;
  }
  ValueFlow::VisitCallExpr(CE, S);
  // The callee expression (a function pointer, a member) is read only.
  consume(CE->getCallee(), S);
}

void OwnershipFlow::brokenExpr(const RecoveryExpr *RE, State &S) const {
  // `TM->removedSinceLLVM(...)`: a member the object's class no longer has
  // (code written for another LLVM) uses the object, as any member does.
  if (isUnresolvedMemberOf(RE, Ctx)) {
    consume(RE->subExpressions().front(), S);
    return;
  }
  // Code that did not compile may hand over what it uses: no evidence.
  for (const Expr *Sub : RE->subExpressions())
    escape(consume(Sub, S), S);
}

void OwnershipFlow::VisitCXXDeleteExpr(const CXXDeleteExpr *DE,
                                       State &S) const {
  release(consume(DE->getArgument(), S), S, DE);
}

void OwnershipFlow::VisitCXXNewExpr(const CXXNewExpr *NE, State &S) const {
  VisitExpr(NE, S);
  if (std::optional<unsigned> Obj = objectAt(NE, ReturnValue))
    S.Env.set(Location::temporary(NE), Tokens::of(newToken(S, *Obj)));
}

void OwnershipFlow::assign(const Expr *LHS, const Expr *RHS, const Stmt *At,
                           State &S) const {
  const auto *DRE = dyn_cast<DeclRefExpr>(LHS->IgnoreParenImpCasts());
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (VD)
    noteResult(VD, RHS, S);
  Tokens V = consume(RHS, S);
  storeTo(LHS, V, cast<Expr>(At), S);
  if (VD)
    writeFlag(VD, RHS, S);
}

void OwnershipFlow::operate(const BinaryOperator *BO, State &S) const {
  consume(BO->getLHS(), S);
  consume(BO->getRHS(), S);
}

void OwnershipFlow::VisitUnaryOperator(const UnaryOperator *UO,
                                       State &S) const {
  Tokens V = consume(UO->getSubExpr(), S);
  // &TM hands out a way to change or free it.
  if (UO->getOpcode() == UO_AddrOf)
    escape(V, S);
}

void OwnershipFlow::VisitAbstractConditionalOperator(
    const AbstractConditionalOperator *CO, State &S) const {
  Tokens V = consume(CO->getTrueExpr(), S);
  // The branches were evaluated on different paths; both values flow here.
  V.join(valueOf(CO->getFalseExpr(), S));
  if (const Expr *FI = skipTransparent(CO->getFalseExpr()))
    S.Env.erase(Location::temporary(FI));
  consume(CO->getCond(), S);
  if (V.any())
    S.Env.set(Location::temporary(CO), V);
}

void OwnershipFlow::VisitLambdaExpr(const LambdaExpr *LE, State &S) const {
  // A lambda that captures a machine may free it: no evidence.
  for (const LambdaCapture &C : LE->captures())
    if (C.capturesVariable())
      if (const auto *VD = dyn_cast<VarDecl>(C.getCapturedVar());
          Loc.tracks(VD))
        escape(S.Env.lookup(Location::local(VD)), S);
  for (const Expr *Init : LE->capture_inits())
    if (Init)
      escape(consume(Init, S), S);
}

void OwnershipFlow::VisitInitListExpr(const InitListExpr *ILE, State &S) const {
  for (const Expr *Init : ILE->inits())
    escape(consume(Init, S), S);
}

void OwnershipFlow::VisitCXXThrowExpr(const CXXThrowExpr *TE, State &S) const {
  if (TE->getSubExpr())
    escape(consume(TE->getSubExpr(), S), S);
}

/// In a template pattern, a dependent expression (a call of a name looked up
/// at instantiation, `this->Base::f(TM)`, `T(TM)`) is unknown code: what it
/// is given may be handed over.
bool OwnershipFlow::escapesDependent(const Expr *E, State &S) const {
  // Code in error is dependent too, for clang: recovery has its own rules.
  if ((!E->isTypeDependent() && !E->isValueDependent()) || E->containsErrors())
    return false;
  for (const Stmt *Child : E->children())
    if (const auto *CE = dyn_cast_or_null<Expr>(Child))
      escape(consume(CE, S), S);
  return true;
}

void OwnershipFlow::VisitExpr(const Expr *E, State &S) const {
  if (escapesDependent(E, S))
    return;
  for (const Stmt *Child : E->children())
    if (const auto *CE = dyn_cast_or_null<Expr>(Child))
      consume(CE, S);
}

//===--- Elements ---------------------------------------------------------===//

bool OwnershipFlow::isFullExpression(const Expr *E) const {
  const Stmt *P = climbParents(PM, E,
                               Climb::Parens | Climb::ImplicitCasts |
                                   Climb::FullExprs | Climb::Temporaries)
                      .Parent;
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
  return !isa<ReturnStmt>(P) && !isa<DeclStmt>(P) && !isa<CXXForRangeStmt>(P);
}

// A value nobody takes is discarded at the end of its full expression; one
// only tested in a condition was used as a temporary.
void OwnershipFlow::discardIfUnused(const Expr *E, State &S) const {
  if (!isFullExpression(E))
    return;
  Location L = Loc.locate(E);
  if (L.kind() != Location::Temporary)
    return;
  Tokens V = S.Env.lookup(L);
  const Stmt *P = PM.getParentIgnoreParenImpCasts(const_cast<Expr *>(E));
  bool Tested = P && (isa<IfStmt>(P) || isa<WhileStmt>(P) || isa<DoStmt>(P) ||
                      isa<ForStmt>(P) || isa<SwitchStmt>(P));
  if (S.Env.erase(L) && V.any())
    dropped(V, S, Tested ? LeakReason::Temporary : LeakReason::Discarded,
            E->getBeginLoc(), nullptr);
}

void OwnershipFlow::endLifetime(const VarDecl *VD, const LifetimeEnd &End,
                                State &S) const {
  // A scope guard's destructor runs its lambda here.
  if (auto It = Guards.find(VD); It != Guards.end())
    runGuard(It->second, S);
  Location L = Location::local(VD);
  Tokens Old = S.Env.lookup(L);
  if (!S.Env.erase(L))
    return;
  // Nothing can release again what nothing points to (a loop's error
  // consumed in the previous iteration).
  forgetUnreachableReleases(Old, S, Tokens());
  // Where the variable dies: at a return or the end of the function (the
  // function's exit), or at the end of an inner scope, a break, continue
  // or goto. main's exit ends the process (see atExit).
  if (End.AtFunctionExit && isMain())
    return;
  dropped(Old, S,
          End.AtFunctionExit ? LeakReason::AtExit : LeakReason::ScopeEnd,
          End.Where, VD);
}

void OwnershipFlow::initializeMember(const FieldDecl *F, const Expr *Init,
                                     State &S) const {
  Pending.clear();
  Tokens V = consume(Init, S);
  if (F)
    storeField(F, V, Init, /*InInit=*/true, S);
  else
    escape(V, S);
}

void OwnershipFlow::transferStmt(const Stmt *St, State &S) const {
  Pending.clear();
  Visit(St, S);
  if (const auto *E = dyn_cast<Expr>(St))
    discardIfUnused(E, S);
  if (Pending.any())
    dropped(Pending, S, LeakReason::Temporary, St->getBeginLoc(), nullptr);
  Pending.clear();
}

} // namespace clang::tidy::llvmown

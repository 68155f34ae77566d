//===- LifetimeFlow.cpp - transfer functions of the lifetime analysis -----===//

#include "engine/analyses/lifetime/LifetimeFlow.h"
#include "engine/framework/AstHelpers.h"
#include "engine/model/IRHolders.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

namespace clang::tidy::llvmown {

//===--- Lattice ----------------------------------------------------------===//

bool Binding::join(const Binding &B) {
  if (B.empty())
    return false;
  if (empty()) {
    *this = B;
    return true;
  }
  bool Changed = O.join(B.O);
  if (B.Site && (!Site || EarlierStmt()(B.Site, Site))) {
    Site = B.Site;
    Changed = true;
  }
  if (B.Var && (!Var || EarlierDecl()(B.Var, Var))) {
    Var = B.Var;
    Changed = true;
  }
  return Changed;
}

bool Binding::operator==(const Binding &B) const {
  if (empty() || B.empty())
    return empty() == B.empty();
  return O == B.O && Site == B.Site && Var == B.Var;
}

void Binding::absorb(const Binding &B) {
  O.join(B.O);
  if (!Site)
    Site = B.Site;
  if (!Var)
    Var = B.Var;
}

bool LifetimeState::join(const LifetimeState &O) {
  bool Changed = Env.join(O.Env);
  Changed |= Ended.join(O.Ended);
  Changed |= Escaped.join(O.Escaped);
  Changed |= Successor.join(O.Successor);
  Changed |= PendingStores.join(O.PendingStores);
  return Changed;
}

bool LifetimeState::operator==(const LifetimeState &O) const {
  return Env == O.Env && Ended == O.Ended && Escaped == O.Escaped &&
         Successor == O.Successor && PendingStores == O.PendingStores;
}

unsigned LifetimeState::finalOwner(unsigned O) const {
  for (unsigned I = 0; I < 8; ++I) {
    const auto *Next = Successor.find(O);
    if (!Next || Next->empty())
      break;
    O = Next->get();
  }
  return O;
}

const EndMark *LifetimeState::endOf(unsigned O) const {
  const auto *E = Ended.find(finalOwner(O));
  return E && !E->empty() ? &E->get() : nullptr;
}

LifetimeState LifetimeFlow::entryState() {
  // A pre-pass over the body: what transfer needs to know of the whole
  // function (which pointers own a context, which references are written)
  // is known before the first block, whatever the visit order.
  struct LHSFinder : RecursiveASTVisitor<LHSFinder> {
    LifetimeFlow &Flow;
    llvm::SmallPtrSet<const Stmt *, 16> &Out;
    LHSFinder(LifetimeFlow &Flow, llvm::SmallPtrSet<const Stmt *, 16> &Out)
        : Flow(Flow), Out(Out) {}
    bool VisitBinaryOperator(BinaryOperator *BO) {
      if (!BO->isAssignmentOp())
        return true;
      add(BO->getLHS());
      if (const auto *DRE =
              dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts()))
        if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
            VD && VD->getType()->isPointerType())
          Flow.notePointerOwner(VD, BO->getRHS());
      return true;
    }
    bool VisitVarDecl(VarDecl *VD) {
      Flow.notePointerOwner(VD, VD->getInit());
      return true;
    }
    bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *OCE) {
      if (OCE->getOperator() == OO_Equal && OCE->getNumArgs() == 2)
        add(OCE->getArg(0));
      return true;
    }
    void add(const Expr *LHS) {
      if (const auto *DRE = dyn_cast<DeclRefExpr>(LHS->IgnoreParenImpCasts()))
        Out.insert(DRE);
    }
  } LF(*this, AssignedLHS);
  LF.TraverseStmt(const_cast<Stmt *>(Body));

  // Owners, numbered: members, parameters, kept unique_ptrs, then the
  // sites of the body.
  State Entry;
  if (const auto *MD = dyn_cast<CXXMethodDecl>(D)) {
    if (MD->isInstance() && !MD->getParent()->isLambda())
      for (const FieldDecl *F : MD->getParent()->fields())
        if (isOwnerKind(kindOf(F->getType())) &&
            !F->getType()->isPointerType() && !F->getType()->isReferenceType())
          FieldOwners[F] = addOwner(F, nullptr, kindOf(F->getType()));
    if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(MD))
      for (const CXXCtorInitializer *Init : Ctor->inits())
        if (Expr *IE = Init->getInit())
          PM.addStmt(IE);
  }
  const auto *FD = dyn_cast<FunctionDecl>(D);
  if (FD)
    for (const ParmVarDecl *P : FD->parameters())
      if (isOwnerVar(P))
        addOwner(P, nullptr, kindOf(P->getType()));
  findKeptHolders();
  numberOwners();
  // Parameters taken by value own what they hold: a context or
  // ThreadSafeModule passed in by value dies with this function.
  if (FD)
    for (const ParmVarDecl *P : FD->parameters())
      if (isOwnerVar(P)) {
        newOwnerFor(P, nullptr, Binding(), Entry);
        // A shared handle passed by value: the caller still holds one.
        if (isSharedHandle(P->getType()))
          Entry.Escaped.join(Entry.Env.lookup(Location::local(P)).O);
      }
  return Entry;
}

//===--- Values and stores ------------------------------------------------===//

Binding LifetimeFlow::valueOf(const Expr *E, const State &S) const {
  Location L = Loc.locate(E);
  switch (L.kind()) {
  case Location::None:
  case Location::Pointee: // not followed by this analysis
    return {};
  case Location::ThisField: {
    Binding B;
    if (auto It = FieldOwners.find(L.field()); It != FieldOwners.end())
      B.O.insert(It->second);
    return B;
  }
  case Location::Local: {
    Binding B = S.Env.lookup(L);
    if (isOwnerVar(L.var()))
      dropReplaced(L.var(), B, S);
    // What is read from a bound variable names it (owners do not).
    if (!B.empty() && !isOwnerVar(L.var()))
      B.Var = L.var();
    return B;
  }
  case Location::LocalField:
    // Bindings are not followed into members of local objects: the member
    // access is a value of its own.
    return S.Env.lookup(Location::temporary(skipTransparent(E)));
  case Location::Temporary:
    return S.Env.lookup(L);
  }
  return {};
}

/// An owner of \p VD that an assignment or reset replaced on some path
/// reached \p B through the join with a path where it was not replaced:
/// \p VD holds it only where it is alive, so what is read from \p VD now
/// is bound to the owners it still holds.
void LifetimeFlow::dropReplaced(const VarDecl *VD, Binding &B,
                                const State &S) const {
  llvm::SmallVector<unsigned, 4> Replaced;
  for (unsigned I : B.O)
    if (const auto *E = S.Ended.find(I); E && !E->empty() &&
                                         E->get().How == EndHow::Reset &&
                                         Owners[I].Var == VD)
      Replaced.push_back(I);
  BitSet Kept = B.O;
  for (unsigned I : Replaced)
    Kept.erase(I);
  if (Kept.any()) // replaced on every path: keep it, so a use is still seen
    B.O = Kept;
}

Binding LifetimeFlow::take(const Expr *E, State &S) const {
  Binding V = valueOf(E, S);
  if (const Expr *Inner = skipTransparent(E))
    S.Env.erase(Location::temporary(Inner));
  return V;
}

void LifetimeFlow::noteFieldBinds(const FieldDecl *F, const BitSet &O,
                                  const Stmt *At) const {
  for (const auto &FO : FieldOwners)
    if (O.contains(FO.second)) {
      Event E{Event::FieldBind};
      E.Field = F;
      E.ContextField = FO.first;
      E.At = At;
      emit(E);
    }
}

void LifetimeFlow::storeLocal(const VarDecl *VD, const Binding &V,
                              const Expr *RHS, const Stmt *At, State &S) const {
  if (isOwnerVar(VD)) {
    // The previous context (if any) is destroyed by the assignment,
    // unless a raw pointer held it (then it just leaks).
    Location L = Location::local(VD);
    if (S.Env.contains(L) && !VD->getType()->isPointerType())
      endOwners(S.Env.lookup(L).O, S, EndHow::Reset, At->getBeginLoc());
    newOwnerFor(VD, At, V, S);
    return;
  }
  Binding Bound;
  Bound.O = V.O;
  Bound.Site = At;
  S.Env.set(Location::local(VD), Bound);
}

void LifetimeFlow::store(const Expr *LHS, const Binding &V, const Expr *RHS,
                         const Stmt *At, State &S) const {
  if (copiesCharacters(LHS->getType()))
    return; // `P.Name = M->getName()` copies the characters
  Location L = Loc.target(LHS);
  if (L.kind() == Location::Local &&
      (!L.var()->getType()->isReferenceType() || isOwnerVar(L.var())))
    return storeLocal(L.var(), V, RHS, At, S);
  const ResourceKind *RK = RHS ? kindOf(RHS->getType()) : nullptr;
  if (isOwnerKind(RK) && !RHS->getType()->isPointerType()) {
    // The owner itself moves somewhere that outlives this function.
    S.Escaped.join(V.O);
    return;
  }
  if (L.kind() == Location::ThisField) {
    // The member no longer holds what an earlier assignment stored in it.
    llvm::SmallVector<const Stmt *, 2> Replaced;
    for (const auto &P : S.PendingStores)
      if (const auto *BO = dyn_cast<BinaryOperator>(P.first);
          BO && BO->isAssignmentOp() && thisField(BO->getLHS()) == L.field())
        Replaced.push_back(P.first);
    for (const Stmt *R : Replaced)
      S.PendingStores.erase(R);
  }
  // A member of a local object lives no longer than the object; bindings
  // are not followed into members.
  if (V.empty() || L.kind() == Location::LocalField)
    return;
  if (L.kind() == Location::ThisField)
    noteFieldBinds(L.field(), V.O, At);
  // A member, a global, *Out: it must not outlive a local owner.
  S.PendingStores[At].absorb(V);
}

/// \p O with the owners that are contexts (or ThreadSafe* objects) first:
/// a module that a unique_ptr holds belongs to its context too, and the
/// context is the one named.
static llvm::SmallVector<unsigned, 4>
contextsFirst(const BitSet &O, const std::vector<Owner> &Owners) {
  llvm::SmallVector<unsigned, 4> Out;
  for (unsigned I : O)
    if (!Owners[I].UniqueHolder)
      Out.push_back(I);
  for (unsigned I : O)
    if (Owners[I].UniqueHolder)
      Out.push_back(I);
  return Out;
}

//===--- Statements, per node kind ----------------------------------------===//

void LifetimeFlow::declare(const VarDecl *VD, const DeclStmt *DS,
                           State &S) const {
  Binding V;
  if (const Expr *Init = VD->getInit())
    V = take(Init, S);
  if (isOwnerVar(VD)) {
    newOwnerFor(VD, DS, V, S);
    if (isSharedCopy(VD))
      S.Escaped.join(S.Env.lookup(Location::local(VD)).O);
  } else if (Loc.isLocal(VD)) {
    // A new variable read from another bound one is bound here.
    Binding Bound;
    Bound.O = V.O;
    Bound.Site = V.Var || !V.Site ? DS : V.Site;
    S.Env.set(Location::local(VD), Bound);
  } else if (!V.empty()) {
    S.PendingStores[DS].absorb(V); // a static local outlives the function
  }
}

void LifetimeFlow::returned(const Expr *RV, const ReturnStmt *RS,
                            State &S) const {
  const ResourceKind *RK = kindOf(RV->getType());
  Binding V = take(RV, S);
  if (isOwnerKind(RK) && !RV->getType()->isPointerType()) {
    S.Escaped.join(V.O); // the owner itself is returned
    return;
  }
  for (unsigned I : contextsFirst(V.O, Owners))
    if (diesAtExit(I, S)) {
      Event E{Event::Escape};
      E.At = RS;
      E.IsReturn = true;
      E.Owner = S.finalOwner(I);
      E.BindSite = V.Site;
      E.Value = V.Var;
      emit(E);
      break;
    }
}

void LifetimeFlow::VisitDeclRefExpr(const DeclRefExpr *DRE, State &S) const {
  checkUse(DRE, S);
}

void LifetimeFlow::VisitCallExpr(const CallExpr *CE, State &S) const {
  if (!getFromTemporaryHolder(CE, S))
    ValueFlow::VisitCallExpr(CE, S);
}

void LifetimeFlow::VisitCXXNewExpr(const CXXNewExpr *NE, State &S) const {
  const Expr *Init = NE->getInitializer();
  if (!Init)
    return;
  Binding V = take(Init, S);
  // A context or ThreadSafe* object built on the heap owns what was moved
  // into it: this function no longer ends that (a leak of the heap object
  // is retained-thread-safe-module's concern).
  if (isOwnerKind(kindOf(NE->getAllocatedType()))) {
    S.Escaped.join(V.O);
    return;
  }
  // So does a project object that owns IR (`new CodeGen(Ctx)`).
  bool Carries = (kindOf(NE->getType()) &&
                  kindOf(NE->getType())->is(KindProperty::CarriesOwner)) ||
                 irMember(NE->getAllocatedType());
  if (!V.empty() && Carries) {
    Binding New;
    New.O = V.O;
    New.Site = NE;
    S.Env.set(Location::temporary(NE), New);
  }
}

void LifetimeFlow::VisitCXXDeleteExpr(const CXXDeleteExpr *DE, State &S) const {
  const Expr *Arg = skipTransparent(DE->getArgument());
  take(DE->getArgument(), S);
  const auto *DRE = dyn_cast<DeclRefExpr>(Arg);
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!VD)
    return;
  if (isOwnerVar(VD))
    endOwners(S.Env.lookup(Location::local(VD)).O, S, EndHow::Deleted,
              DE->getBeginLoc());
  else
    S.Env.erase(Location::local(VD));
}

void LifetimeFlow::assign(const Expr *LHS, const Expr *RHS, const Stmt *At,
                          State &S) const {
  Binding V = take(RHS, S);
  store(LHS, V, RHS, At, S);
  // A class's operator=: the holder is read as a temporary, and written.
  if (isa<CallExpr>(At))
    S.Env.erase(Location::temporary(skipTransparent(LHS)));
}

void LifetimeFlow::VisitInitListExpr(const InitListExpr *ILE, State &S) const {
  Binding All;
  for (const Expr *Init : ILE->inits()) {
    Binding V = take(Init, S);
    const ResourceKind *K = kindOf(Init->getType());
    if (isOwnerKind(K) && !Init->getType()->isPointerType())
      S.Escaped.join(V.O); // the owner travels with the aggregate
    else
      All.absorb(V);
  }
  if (!All.empty())
    S.Env.set(Location::temporary(ILE), All);
}

void LifetimeFlow::VisitAbstractConditionalOperator(
    const AbstractConditionalOperator *CO, State &S) const {
  Binding V = take(CO->getTrueExpr(), S);
  V.absorb(take(CO->getFalseExpr(), S));
  if (!V.empty())
    S.Env.set(Location::temporary(CO), V);
}

void LifetimeFlow::VisitExpr(const Expr *E, State &S) const {
  const ResourceKind *K = kindOf(E->getType());
  if (!K || !K->is(KindProperty::CarriesOwner))
    return;
  Binding V;
  for (const Stmt *Child : E->children())
    if (const auto *CE = dyn_cast_or_null<Expr>(Child))
      V.absorb(take(CE, S));
  if (V.empty())
    return;
  if (!V.Site)
    V.Site = E;
  S.Env.set(Location::temporary(E), V);
}

//===--- Elements and edges -----------------------------------------------===//

void LifetimeFlow::checkUse(const DeclRefExpr *DRE, const State &S) const {
  const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
  if (!VD || AssignedLHS.count(DRE) || !Loc.isLocal(VD) || isOwnerVar(VD))
    return;
  const Binding *B = S.Env.find(Location::local(VD));
  if (!B || B->empty() || isNullTest(DRE, PM))
    return;
  // A context that ended is named before a unique_ptr that deleted the
  // module (IR made in `M.get()` belongs to both).
  std::optional<unsigned> Ended;
  for (unsigned I : B->O)
    if (S.endOf(I) && (!Ended || Owners[*Ended].UniqueHolder))
      Ended = I;
  for (unsigned I : B->O)
    if (const EndMark *End = S.endOf(I); End && Ended && I == *Ended) {
      Event E{Event::Use};
      E.Where = DRE->getBeginLoc();
      E.Value = VD;
      E.Owner = S.finalOwner(I);
      E.End = *End;
      E.BindSite = B->Site;
      emit(E);
      return;
    }
}

/// Destroying a module holder after its context deleted the module.
void LifetimeFlow::holderDestroyed(const VarDecl *VD, const Binding &B,
                                   SourceLocation Where, const State &S) const {
  for (unsigned I : B.O) {
    const EndMark *End = S.endOf(I);
    if (!End)
      continue;
    unsigned F = S.finalOwner(I);
    const Owner &Ow = Owners[F];
    // Declared before the context in the same scope (both die at the same
    // place): an ordering bug. Otherwise the holder outlived an inner
    // scope's context.
    bool Order = End->How == EndHow::ScopeEnd && Ow.Var &&
                 End->Where == Where &&
                 isEarlier(Ctx.getSourceManager(), VD->getBeginLoc(),
                           Ow.Var->getBeginLoc());
    Event E{Order ? Event::Order : Event::Use};
    E.IRMember = irMember(VD->getType());
    E.Holder = VD;
    E.Owner = F;
    E.BindSite = B.Site;
    E.Where = Where;
    E.Value = VD;
    E.End = *End;
    E.ImplicitDestruction = true;
    emit(E);
    return;
  }
}

void LifetimeFlow::endLifetime(const VarDecl *VD, const LifetimeEnd &End,
                               State &S) const {
  // A unique_ptr that kept its module deletes it (its own binding, to the
  // context, is checked below).
  if (auto It = KeptHolders.find(VD); It != KeptHolders.end()) {
    BitSet Own;
    Own.insert(It->second);
    endOwners(Own, S, EndHow::ScopeEnd, End.Where);
  }
  Location L = Location::local(VD);
  const Binding *B = S.Env.find(L);
  if (!B)
    return;
  Binding V = *B;
  S.Env.erase(L);
  SourceLocation Where = End.Where;
  if (isOwnerVar(VD)) {
    if (!VD->getType()->isPointerType())
      endOwners(V.O, S, EndHow::ScopeEnd, Where);
    return;
  }

  // A module holder, or a project object that owns IR, destroyed.
  if (ApiModel::isOwningHolder(VD->getType()) || irMember(VD->getType()))
    holderDestroyed(VD, V, Where, S);
}

void LifetimeFlow::initializeMember(const FieldDecl *F, const Expr *Init,
                                    State &S) const {
  Binding V = take(Init, S);
  if (!F || V.empty())
    return;
  noteFieldBinds(F, V.O, Init);
  const ResourceKind *K = kindOf(F->getType());
  if (isOwnerKind(K) && !F->getType()->isPointerType())
    S.Escaped.join(V.O); // a context moved into a member lives on
  else
    S.PendingStores[Init].absorb(V);
}

void LifetimeFlow::transferBranch(const BranchEdge &E, State &S) const {
  const auto *DRE = dyn_cast_or_null<DeclRefExpr>(E.NullHere);
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (VD && !isOwnerVar(VD))
    S.Env.erase(Location::local(VD));
}

void LifetimeFlow::atExit(const State &S, EventList<Event> &Out) const {
  for (const auto &P : S.PendingStores)
    for (unsigned I : contextsFirst(P.second.O, Owners)) {
      const EndMark *End = S.endOf(I);
      unsigned F = S.finalOwner(I);
      const Owner &Ow = Owners[F];
      // Stored somewhere that outlives the function, while its context
      // died with the function's scope.
      // A kept unique_ptr parameter has no lifetime end in the CFG: it
      // dies at the exit.
      bool Dies = (End && End->How == EndHow::ScopeEnd) ||
                  (!End && Ow.UniqueHolder && diesAtExit(F, S));
      if (Dies && Ow.Var && !Ow.Var->getType()->isPointerType()) {
        Event E{Event::Escape};
        E.At = P.first;
        E.Owner = F;
        E.BindSite = P.second.Site;
        E.Value = P.second.Var;
        Out.push_back(E);
        break;
      }
    }
}

} // namespace clang::tidy::llvmown

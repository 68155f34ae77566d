//===- OwnershipCalls.cpp - the ownership analysis at calls and branches -===//

#include "engine/analyses/ownership/OwnershipFlow.h"
#include "engine/framework/AstHelpers.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <optional>

namespace clang::tidy::llvmown {

namespace {

bool lendsOnly(const ApiModel &Model, const FunctionDecl *FD, unsigned I,
               unsigned Depth = 3);

/// Finds what lets a parameter (or a local pointer copied from it) go.
class LetGoFinder : public RecursiveASTVisitor<LetGoFinder> {
public:
  LetGoFinder(const ApiModel &Model, const FunctionDecl *Def, unsigned Depth)
      : Model(Model), Def(Def), Depth(Depth), PM(Def->getBody()) {}

  llvm::SmallPtrSet<const VarDecl *, 4> Aliases;
  bool LetGo = false;

  bool VisitDeclRefExpr(DeclRefExpr *DRE) {
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
        VD && Aliases.count(VD))
      LetGo = letsGo(DRE);
    return !LetGo;
  }
  bool VisitCXXDeleteExpr(CXXDeleteExpr *DE) {
    const auto *DRE = dyn_cast<DeclRefExpr>(skipTransparent(DE->getArgument()));
    const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    LetGo |= VD && Aliases.count(VD);
    return !LetGo;
  }

private:
  bool letsGo(const Expr *E) {
    PointerUse U = pointerUseAt(PM, E);
    switch (U.K) {
    case PointerUse::Aliased: // followed
      Aliases.insert(U.Alias);
      return false;
    case PointerUse::Passed:
      return passedOn(U.Call, U.Child);
    case PointerUse::Other:
      return false;
    default: // kept, stored or handed out
      return true;
    }
  }

  bool passedOn(const CallExpr *CE, const Stmt *Child) {
    const FunctionDecl *Callee = CE->getDirectCallee();
    if (!Callee)
      return true;
    unsigned Shift =
        isa<CXXOperatorCallExpr>(CE) && isa<CXXMethodDecl>(Callee) ? 1 : 0;
    for (unsigned A = 0; A < CE->getNumArgs(); ++A) {
      if (CE->getArg(A) != Child)
        continue;
      if (A < Shift)
        return false; // the object of a member operator
      unsigned P = A - Shift;
      if (Model.releasesOrConsumes(Callee, P) ||
          Model.find(Callee, Effect::ConsumesOnSuccess, P))
        return true;
      if (Model.find(Callee, Effect::Borrows, P) || ApiModel::isLLVMApi(Callee))
        return false;
      return Callee == Def || Depth == 0 ||
             !lendsOnly(Model, Callee, P, Depth - 1);
    }
    return false;
  }

  const ApiModel &Model;
  const FunctionDecl *Def;
  unsigned Depth;
  ParentMap PM;
};

/// Whether the unit's own function \p FD only uses its pointer parameter
/// \p I: it neither keeps it (returns or stores it) nor releases it, nor
/// hands it to a function that might (a releasing or consuming API, a
/// callee whose body is not visible). A helper that runs passes over a
/// module, or reads a machine's triple, lends the object back.
bool lendsOnly(const ApiModel &Model, const FunctionDecl *FD, unsigned I,
               unsigned Depth) {
  const FunctionDecl *Def = nullptr;
  if (!FD || !FD->hasBody(Def) || !Def || I >= Def->getNumParams() ||
      Def->isDependentContext() || Def->isVariadic() ||
      !isInUnitSource(Def->getASTContext().getSourceManager(),
                      Def->getLocation()) ||
      !Def->getParamDecl(I)->getType()->isPointerType())
    return false;
  // A constructor that initializes a member with the parameter keeps it
  // (`Program(Module *M) : Mod(M) {}` adopts it into a unique_ptr).
  if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(Def))
    for (const CXXCtorInitializer *Init : Ctor->inits())
      if (Init->isWritten() && Init->getInit() &&
          !forEachStmt(Init->getInit(), [&](const Stmt *St) {
            const auto *DRE = dyn_cast<DeclRefExpr>(St);
            return !DRE || DRE->getDecl() != Def->getParamDecl(I);
          }))
        return false;
  LetGoFinder F(Model, Def, Depth);
  F.Aliases.insert(Def->getParamDecl(I));
  F.TraverseStmt(Def->getBody());
  return !F.LetGo;
}

} // namespace

//===--- Calls ------------------------------------------------------------===//

/// The creating row by which \p CS writes an owned object through argument
/// \p I (`&Var`, or the function's own out-parameter passed on), if any.
const ApiRow *OwnershipFlow::outParameterRow(const CallSite &CS,
                                             const CallRows &Rows,
                                             unsigned I) const {
  const ApiRow *R = Rows.find(Effect::Creates, I);
  if (!R || !tracked(R->Kind) || !CS.Args[I])
    return nullptr;
  const Expr *Arg = CS.Args[I]->IgnoreParenImpCasts();
  const auto *UO = dyn_cast<UnaryOperator>(Arg);
  if (UO && UO->getOpcode() == UO_AddrOf)
    return R;
  return outParameterPassedOn(Arg) ? R : nullptr;
}

/// The function's own out-parameter passed on: the object goes to `*P`.
const ParmVarDecl *OwnershipFlow::outParameterPassedOn(const Expr *Arg) const {
  const auto *DRE = dyn_cast<DeclRefExpr>(Arg);
  const auto *P = DRE ? dyn_cast<ParmVarDecl>(DRE->getDecl()) : nullptr;
  return P && P->getType()->isPointerType() &&
                 P->getType()->getPointeeType()->isPointerType()
             ? P
             : nullptr;
}

/// The object a call's result is, if it creates or lends one that is
/// tracked: filled in \p O.
bool OwnershipFlow::resultObject(const CallSite &CS, OwnedObject &O) const {
  const FunctionDecl *FD = CS.Callee;
  const Expr *Call = CS.Call;
  O.Site = Call;
  if (const ResourceKind *K = A.createdKind(FD, &O.Creator)) {
    // A call in error has no type of its own: its callee's says.
    QualType Type = Call->getType()->isDependentType() ? FD->getReturnType()
                                                       : Call->getType();
    O.Kind = K;
    const ApiRow *R = Model.find(FD, Effect::Creates, ReturnValue);
    O.FromGenericRow = R && R->anyKind();
    return Type->isPointerType() || Model.kindOfPointer(Type);
  }
  if (!A.Opts.TrackDisposes || !FD)
    return false;
  // A borrowed result: tracked only to catch its release.
  const ApiRow *R = Model.find(FD, Effect::ReturnsBorrowed, ReturnValue);
  O.Kind = R ? Model.kindFor(*R, FD) : nullptr;
  O.Creator = R ? R->Name.str() : std::string();
  O.Borrowed = true;
  return O.Kind;
}

/// The object `new T(...)` makes, if T is a tracked kind that the code
/// must delete: filled in \p O.
bool OwnershipFlow::newObject(const CXXNewExpr *NE, OwnedObject &O) const {
  const ResourceKind *K = A.newKind(NE);
  if (!K)
    return false;
  O.Site = NE;
  O.Kind = K;
  O.Creator = "new";
  return true;
}

unsigned OwnershipFlow::addObject(OwnedObject O) {
  auto [It, New] = ObjectBySite.try_emplace({O.Site, O.OutArg}, Objects.size());
  if (New)
    Objects.push_back(std::move(O));
  return It->second;
}

std::optional<unsigned> OwnershipFlow::objectAt(const Expr *Site,
                                                int OutArg) const {
  auto It = ObjectBySite.find({Site, OutArg});
  if (It == ObjectBySite.end())
    return std::nullopt;
  return It->second;
}

CallRows OwnershipFlow::rowsOf(const CallSite &CS) const {
  return RowsAt.at(CS.Call);
}

/// Numbers, in the order of the AST, every object a call of the body (or
/// of a member initializer) can create: the result, then each
/// out-parameter. Numbers then depend on the code, not on the order in
/// which the solver reaches the calls.
void OwnershipFlow::numberObjects() {
  struct Sites : RecursiveASTVisitor<Sites> {
    OwnershipFlow &Flow;
    explicit Sites(OwnershipFlow &Flow) : Flow(Flow) {}
    bool VisitCXXNewExpr(CXXNewExpr *NE) {
      OwnedObject O;
      if (Flow.newObject(NE, O))
        Flow.addObject(std::move(O));
      return true;
    }
    bool VisitExpr(Expr *E) {
      std::optional<CallSite> CS =
          isa<RecoveryExpr>(E) ? CallSite::of(E, &Flow.Ctx) : CallSite::of(E);
      if (!CS || !isa<CallExpr, CXXConstructExpr, RecoveryExpr>(E))
        return true;
      const CallRows &Rows = Flow.RowsAt.note(CS->Call, CS->Callee, Flow.Model);
      OwnedObject O;
      if (Flow.resultObject(*CS, O))
        Flow.addObject(std::move(O));
      for (unsigned I = 0; I < CS->Args.size(); ++I) {
        const ApiRow *R = Flow.outParameterRow(*CS, Rows, I);
        if (!R || R->GivesBack >= 0)
          continue;
        OwnedObject Out;
        Out.Site = CS->Call;
        Out.Kind = R->Kind;
        Out.Creator = R->Name.str();
        Out.OutArg = I;
        Out.OnFailureOnly = R->OnFailureOnly;
        Out.WrittenOnFailure = R->WrittenOnFailure;
        Flow.OutObjects[CS->Call].push_back(Flow.addObject(std::move(Out)));
      }
      return true;
    }
  } F(*this);
  for (Stmt *Root : bodyAndInitializers(D, Body))
    F.TraverseStmt(Root);
}

/// Out-parameter creators write an owned object through &Var.
bool OwnershipFlow::transferOutParameter(const CallSite &CS,
                                         const CallRows &Rows, unsigned I,
                                         State &S) const {
  const ApiRow *R = outParameterRow(CS, Rows, I);
  if (!R)
    return false;
  const Expr *Arg = CS.Args[I]->IgnoreParenImpCasts();
  const auto *UO = dyn_cast<UnaryOperator>(Arg);
  const ParmVarDecl *P = outParameterPassedOn(Arg);
  auto Store = [&](Tokens V) {
    if (P)
      storePointee(P, V, CS.Call, S);
    else
      storeTo(UO->getSubExpr(), V, CS.Call, S);
  };
  if (R->GivesBack >= 0) {
    // The object passed comes back: ours again if this function gave it
    // away before (`LLVMAddModule` then `LLVMRemoveModule`), the caller's
    // if it was.
    Tokens V = valueOf(CS.arg(R->GivesBack), S);
    for (unsigned T : V)
      if (S.Released.contains(T)) {
        S.Released.erase(T);
        S.Owned.insert(T);
        S.GivenBack[CS.Call].insert(T); // unless the call fails
      }
    Store(V);
    return true;
  }
  std::optional<unsigned> Obj = objectAt(CS.Call, I);
  assert(Obj && "an object the pre-pass did not number");
  if (!Obj)
    return true;
  setParent(*Obj, parentOf(R, CS.Args, S), S);
  Store(Tokens::of(newToken(S, *Obj)));
  return true;
}

void OwnershipFlow::transferArgument(const CallSite &CS, const CallRows &Rows,
                                     unsigned I, State &S) const {
  Tokens V = consume(CS.Args[I], S);
  if (V.empty())
    return;
  const FunctionDecl *FD = CS.Callee;
  if (FD) {
    if (const ApiRow *R = Rows.find(Effect::Releases, I))
      return releaseBy(V, S, CS, *R);
    if (const ApiRow *R = Rows.find(Effect::Consumes, I))
      return releaseBy(V, S, CS, *R);
    // Taken only when the call succeeds: released here, owned again on
    // the edge that sees the call fail.
    if (const ApiRow *R = Rows.find(Effect::ConsumesOnSuccess, I)) {
      Tokens Owned;
      for (unsigned T : V)
        if (S.Owned.contains(T))
          Owned.insert(T);
      releaseBy(V, S, CS, *R);
      if (Owned.any())
        S.TakenOnSuccess[CS.Call].join(Owned);
      S.TakenIfSuccess.join(Owned);
      return;
    }
    if (Rows.find(Effect::Borrows, I))
      return;
  }
  if (ApiModel::isLLVMApi(FD))
    return; // LLVM APIs borrow unless the model says they consume.
  // An unknown callee: if it receives the pointer itself (not a bool, not
  // the pointee by reference), it may keep or free it.
  QualType ParamTy;
  if (FD && I < FD->getNumParams())
    ParamTy = FD->getParamDecl(I)->getType();
  // A helper of the unit that only uses what it is given.
  if (lendsOnly(Model, FD, I))
    return;
  if (A.Opts.ConstPointerArgsBorrow &&
      ((FD && I >= FD->getNumParams() && FD->isVariadic()) ||
       (!ParamTy.isNull() && ParamTy->isPointerType() &&
        ParamTy->getPointeeType().isConstQualified())) &&
      !keepsPointerParam(FD, I))
    return; // printf("%s", Msg), fputs(Msg, F): read, not kept
  if (!ParamTy.isNull()) {
    QualType T = ParamTy.getNonReferenceType();
    if (!T->isPointerType() && !T->isRecordType() && !T->isDependentType() &&
        !T->isTemplateTypeParmType())
      return; // converted to bool or an integer: a borrow
  }
  escape(V, S);
}

void OwnershipFlow::transferResult(const CallSite &CS, const CallRows &Rows,
                                   State &S) const {
  std::optional<unsigned> Obj = objectAt(CS.Call, ReturnValue);
  if (!Obj)
    return;
  Location Result = Location::temporary(CS.Call);
  if (Objects[*Obj].Borrowed) {
    S.Env.set(Result, Tokens::of(2 * *Obj));
    return;
  }
  setParent(*Obj, parentOf(Rows.find(Effect::Creates, ReturnValue), CS.Args, S),
            S);
  S.Env.set(Result, Tokens::of(newToken(S, *Obj)));
}

void OwnershipFlow::transferCall(const CallSite &CS, State &S) const {
  // Calling a method on an object borrows it.
  if (CS.Object)
    consume(CS.Object, S);
  const CallRows Rows = rowsOf(CS);
  for (unsigned I = 0; I < CS.Args.size(); ++I)
    if (CS.Args[I] && !transferOutParameter(CS, Rows, I, S))
      transferArgument(CS, Rows, I, S);
  noteSuccessOutputs(CS, Rows, S);
  leakOnThrow(CS, S);
  transferResult(CS, Rows, S);
}

/// A call of a function that may throw (ThrowOracle), outside a try block:
/// what the function owns then, and does not hand to the call, leaks on the
/// exception path, as at a return.
void OwnershipFlow::leakOnThrow(const CallSite &CS, const State &S) const {
  if (!CS.Callee || !isa<CallExpr>(CS.Call) || isMain() ||
      !A.Throws.mayThrow(CS.Callee) || inTryBlock(PM, CS.Call))
    return;
  for (unsigned I : S.Owned) {
    if (Objects[objectOf(I)].OldValueOf || S.heldByField(I) ||
        S.heldBy(Location::Pointee, I))
      continue;
    Event E{Event::Lost, objectOf(I)};
    E.Reason = LeakReason::Thrown;
    E.Where = CS.Call->getBeginLoc();
    E.Holder = S.localHolder(I);
    E.Callee = CS.Callee;
    emit(E);
  }
}

/// The other out-parameters of a call that writes a message on failure
/// only tell its success: `GB_ASSERT(Target != nullptr)` after
/// `LLVMGetTargetFromTriple(T, &Target, &Err)` means no message on the path
/// that goes on.
void OwnershipFlow::noteSuccessOutputs(const CallSite &CS, const CallRows &Rows,
                                       State &S) const {
  auto It = OutObjects.find(CS.Call);
  if (It == OutObjects.end() || !llvm::all_of(It->second, [&](unsigned Obj) {
        return Objects[Obj].OnFailureOnly && !Objects[Obj].WrittenOnFailure;
      }))
    return;
  for (unsigned I = 0; I < CS.Args.size(); ++I) {
    const auto *UO =
        CS.Args[I] ? dyn_cast<UnaryOperator>(CS.Args[I]->IgnoreParenImpCasts())
                   : nullptr;
    const auto *DRE = UO && UO->getOpcode() == UO_AddrOf
                          ? dyn_cast<DeclRefExpr>(UO->getSubExpr())
                          : nullptr;
    const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    if (VD && Loc.isLocal(VD) && VD->getType()->isPointerType() &&
        !Rows.find(Effect::Creates, I))
      S.SuccessOf.set(VD, CallSet(CS.Call));
  }
}

//===--- Edges ------------------------------------------------------------===//

/// The value last stored into \p VD inside \p B (its initializer, or the
/// right side of an assignment), or null.
// `if (LLVMCreateExecutionEngineForModule(&EE, M, &Err))`, `Err == NULL`,
// or the same through a variable holding the result: the call whose
// success the branch tests, and whether the test is negated.
CallSet OwnershipFlow::testedCalls(const BranchEdge &Edge, const State &S,
                                   bool &Negated) const {
  const Expr *E = Edge.Cond;
  if (!E)
    return {};
  Negated = false;
  E = peelNullTests(E, Negated, Ctx);
  if (!E)
    return {};
  // `if ((Err = LLVMOrcCreateLLJIT(&J, 0)))` tests the call's result.
  if (const auto *BO = dyn_cast<BinaryOperator>(E);
      BO && BO->getOpcode() == BO_Assign)
    return CallSet(skipTransparent(BO->getRHS()));
  // A variable holds what the state says reached here: the result of one
  // of these calls.
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl())) {
      // Set on success, where the result variable is set on failure.
      if (const CallSet *Succeeded = S.SuccessOf.find(VD)) {
        Negated = !Negated;
        return *Succeeded;
      }
      const CallSet *Results = S.ResultOf.find(VD);
      return Results ? *Results : CallSet();
    }
  return CallSet(skipTransparent(E));
}

void OwnershipFlow::noteResult(const VarDecl *VD, const Expr *Value,
                               State &S) const {
  const auto *CE = dyn_cast_or_null<CallExpr>(skipTransparent(Value));
  if (CE && (OutObjects.count(CE) || S.TakenOnSuccess.contains(CE) ||
             S.GivenBack.contains(CE)))
    S.ResultOf.set(VD, CallSet(CE));
  else
    S.ResultOf.erase(VD);
  S.SuccessOf.erase(VD); // written again
}

// A non-zero (or non-null error) result means failure, when only the error
// message is written; zero means success, when the message is not.
void OwnershipFlow::refineOutParameters(const BranchEdge &Edge,
                                        State &S) const {
  if (OutObjects.empty() && S.TakenOnSuccess.empty() && S.GivenBack.empty())
    return;
  bool Negated = false;
  for (const Expr *E : testedCalls(Edge, S, Negated)) {
    bool Failed = Edge.Value != Negated;
    if (Failed) {
      // It did not take the argument: the caller still owns it.
      for (unsigned T : S.TakenOnSuccess.lookup(E))
        if (S.TakenIfSuccess.contains(T)) {
          S.Owned.insert(T);
          S.Released.erase(T);
          S.TakenIfSuccess.erase(T);
        }
      // It did not give the object back: the callee still has it.
      for (unsigned T : S.GivenBack.lookup(E))
        if (S.Owned.contains(T)) {
          S.Owned.erase(T);
          S.Released.insert(T);
        }
    }
    auto It = OutObjects.find(E);
    if (It == OutObjects.end())
      continue;
    for (unsigned Obj : It->second) {
      if (Objects[Obj].WrittenOnFailure || Objects[Obj].OnFailureOnly == Failed)
        continue;
      // Not written on this edge: nothing to own.
      S.Owned.erase(2 * Obj);
      S.Owned.erase(2 * Obj + 1);
    }
  }
}

void OwnershipFlow::transferBranch(const BranchEdge &Edge, State &S) const {
  refineFlags(Edge, S);
  refineOutParameters(Edge, S);
  const Expr *E = Edge.NullHere;
  if (!E || (!E->getType()->isPointerType() && !E->getType()->isBooleanType()))
    return;
  // Nothing is owned through a null pointer, nor what belongs to it (a
  // context set to null after its disposal took its modules along).
  for (unsigned I : valueOf(E, S)) {
    S.Owned.erase(I);
    for (unsigned J : Tokens(S.Owned))
      if (S.belongsTo(objectOf(J), objectOf(I)))
        S.Owned.erase(J);
  }
}

SourceLocation OwnershipFlow::exitLocation(const CFGBlock &B) const {
  for (auto It = B.rbegin(); It != B.rend(); ++It)
    if (auto CS = It->getAs<CFGStmt>()) {
      const Stmt *St = CS->getStmt();
      if (isa<ReturnStmt>(St) || isa<CXXThrowExpr>(St))
        return St->getBeginLoc();
      break;
    }
  return bodyEndLoc(Body);
}

} // namespace clang::tidy::llvmown

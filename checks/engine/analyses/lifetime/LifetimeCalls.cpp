//===- LifetimeCalls.cpp - the lifetime analysis at calls ----------------===//

#include "engine/analyses/lifetime/LifetimeFlow.h"
#include "engine/framework/AstHelpers.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

namespace clang::tidy::llvmown {

//===--- Calls ------------------------------------------------------------===//

namespace {
bool isStringClass(QualType T) {
  return ApiModel::isStringClass(T.getNonReferenceType()->getAsCXXRecordDecl());
}
} // namespace

/// A std::string holds a copy of what is assigned to it.
bool LifetimeFlow::copiesCharacters(QualType T) {
  return isStringClass(T) && !T->isReferenceType() &&
         T.getNonReferenceType()->getAsCXXRecordDecl()->getName() !=
             "StringRef";
}

/// The characters of what \p CS is called on or built from, not a copy:
/// `M->getModuleIdentifier()` (a reference into the module), `getName()`
/// (a StringRef), then `.data()` or `.c_str()`, or a StringRef made of it.
/// What these return lives no longer than the module.
bool LifetimeFlow::viewsCharacters(const CallSite &CS) const {
  QualType T = CS.Call->getType();
  bool IsView =
      isStringClass(T) && (CS.Call->isGLValue() ||
                           T->getAsCXXRecordDecl()->getName() == "StringRef");
  bool IsChars = T->isPointerType() && T->getPointeeType()->isCharType() &&
                 T->getPointeeType().isConstQualified();
  if (CS.isConstruction())
    return IsView && !CS.Call->isGLValue();
  return CS.Object && (IsView || IsChars);
}

void LifetimeFlow::transferObject(const CallSite &CS, State &S,
                                  Binding &Result) const {
  Binding OV = take(CS.Object, S);
  const Expr *O = skipTransparent(CS.Object);
  const auto *DRE = dyn_cast<DeclRefExpr>(O);
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  const auto *MD = dyn_cast_or_null<CXXMethodDecl>(CS.Callee);
  Location L = VD ? Location::local(VD) : Location();
  if (VD && isOwnerVar(VD)) {
    if (Model.hasVerb(MD, Verb::Resets)) {
      endOwners(S.Env.lookup(L).O, S, EndHow::Reset, CS.Call->getBeginLoc());
      S.Env.erase(L);
      if (!CS.Args.empty() && !isNullConstant(CS.Args[0], Ctx))
        newOwnerFor(VD, CS.Call, Binding(), S);
    } else if (Model.hasVerb(MD, Verb::ReleasesPointee)) {
      S.Escaped.join(S.Env.lookup(L).O);
    }
  } else if (VD && Loc.isLocal(VD) &&
             Model.hasVerb(MD, Verb::Resets | Verb::ReleasesPointee)) {
    S.Env.erase(L); // the holder no longer owns its module
  }
  // A module pushed into a member container is stored there. The context
  // itself handed to a member's method (`Factory.build(Ctx)`) stores no
  // module, nor does a const method.
  if (const FieldDecl *F = thisField(O); F && !(MD && MD->isConst())) {
    Binding Stored;
    for (const Expr *A : CS.Args)
      if (!isOwnerKind(kindOf(A->getType())))
        Stored.absorb(valueOf(A, S));
    if (!Stored.empty()) {
      Stored.Site = CS.Call;
      noteFieldBinds(F, Stored.O, CS.Call);
      S.PendingStores[CS.Call].absorb(Stored);
    }
  }
  Result.absorb(OV);
  // `M.get()` of a unique_ptr that keeps its module: the pointer lives no
  // longer than M.
  if (auto It = VD ? KeptHolders.find(VD) : KeptHolders.end();
      It != KeptHolders.end() && Model.hasVerb(MD, Verb::GetsPointer)) {
    Result.O.insert(It->second);
    if (!Result.Site)
      Result.Site = CS.Call;
  }
}

void LifetimeFlow::transferArgument(const CallSite &CS, const CallRows &Rows,
                                    unsigned I, bool BuildsOwner, State &S,
                                    Binding &Result) const {
  const Expr *Arg = CS.Args[I];
  const FunctionDecl *FD = CS.Callee;
  // Out-parameters written with a module that belongs to another argument.
  if (const ApiRow *R = Rows.find(Effect::Creates, I);
      R && R->BindTo >= 0 && unsigned(R->BindTo) < CS.Args.size())
    if (const auto *UO = dyn_cast<UnaryOperator>(Arg->IgnoreParenImpCasts());
        UO && UO->getOpcode() == UO_AddrOf) {
      Binding Owners = valueOf(CS.Args[R->BindTo], S);
      Owners.Site = CS.Call;
      store(UO->getSubExpr(), Owners, nullptr, CS.Call, S);
      return;
    }
  Binding AV = take(Arg, S);
  const ResourceKind *AK = kindOf(Arg->getType());
  if (Rows.find(Effect::Releases, I) && AK && AK->Id == KindId::LLVMContext)
    return endOwners(AV.O, S, EndHow::Disposed, CS.Call->getBeginLoc());
  QualType ParamTy = FD && I < FD->getNumParams()
                         ? FD->getParamDecl(I)->getType()
                         : QualType();
  const Expr *Inner = skipTransparent(Arg);
  bool Moved = isStdMove(Arg->IgnoreParenImpCasts()) ||
               (!Arg->isGLValue() && Inner && !isa<DeclRefExpr>(Inner));
  bool ByValue = !ParamTy.isNull() && !ParamTy->isReferenceType() &&
                 !ParamTy->isPointerType();
  // A ThreadSafeContext (or shared_ptr) copied anywhere is shared: its
  // holder's end no longer ends the context.
  if (AK && AK->is(KindProperty::SharedHandle) && !Moved &&
      isa_and_nonnull<DeclRefExpr>(Inner))
    S.Escaped.join(AV.O);
  if (isOwnerKind(AK) && Moved && !Arg->getType()->isPointerType()) {
    if (CS.isConstruction())
      Result.absorb(AV); // moved into the object being built: lives there
    else if (ByValue)
      endOwners(AV.O, S, EndHow::MovedIntoCall, Arg->getBeginLoc(), FD);
    else
      S.Escaped.join(AV.O);
    return;
  }
  if (const auto *DRE = dyn_cast_or_null<DeclRefExpr>(Inner))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
        Loc.isLocal(VD) && isStdMove(Arg->IgnoreParenImpCasts()) &&
        ApiModel::isOwningHolder(VD->getType()))
      S.Env.erase(Location::local(VD)); // the module moved out with it
  if (!BuildsOwner)
    Result.absorb(AV);
}

/// The owners of the contexts passed to \p CS (`Init(Name, Ctx.get())`).
Binding LifetimeFlow::contextArguments(const CallSite &CS,
                                       const State &S) const {
  Binding B;
  for (const Expr *A : CS.Args)
    if (const ResourceKind *K = A ? kindOf(A->getType()) : nullptr;
        K && K->Id == KindId::LLVMContext)
      B.absorb(valueOf(A, S));
  return B;
}

/// A project object that owns IR given a context by a member function
/// (`CG->Init(Name, Ctx.get())`) makes its IR there: it now belongs to
/// that context, as a module holder does.
void LifetimeFlow::bindIRObject(const CallSite &CS, const Binding &Contexts,
                                State &S) const {
  const auto *MD = dyn_cast_or_null<CXXMethodDecl>(CS.Callee);
  if (Contexts.empty() || !CS.Object || CS.isConstruction() || !MD ||
      MD->isConst() || MD->isStatic())
    return;
  const VarDecl *VD = Model.rootVar(CS.Object);
  if (!VD || !Loc.isLocal(VD) || VD->getType()->isReferenceType() ||
      VD->getType()->isPointerType() || isOwnerVar(VD) ||
      !irMember(VD->getType()))
    return;
  Location L = Location::local(VD);
  Binding B = S.Env.lookup(L);
  B.O.join(Contexts.O);
  if (!B.Site)
    B.Site = CS.Call;
  S.Env.set(L, B);
}

void LifetimeFlow::transferCall(const CallSite &CS, State &S) const {
  const CallRows Rows = rowsOf(CS);
  bool IsCtor = CS.isConstruction();
  const ResourceKind *RK = kindOf(CS.Call->getType());
  // A ThreadSafeModule/Context built here holds what is moved into it; the
  // IR passed along (the module) belongs to that, not to the new object.
  bool BuildsOwner = IsCtor && isOwnerKind(RK);
  Binding Contexts = contextArguments(CS, S);
  Binding Result;
  if (CS.Object)
    transferObject(CS, S, Result);
  for (unsigned I = 0; I < CS.Args.size(); ++I)
    if (CS.Args[I])
      transferArgument(CS, Rows, I, BuildsOwner, S, Result);
  bindIRObject(CS, Contexts, S);
  // A project object that owns IR, built or made from what was passed, or
  // a view of a bound object's characters.
  if (!(RK && RK->is(KindProperty::CarriesOwner)) && !BuildsOwner &&
      !irMember(CS.Call->getType()) && !viewsCharacters(CS))
    return;
  // A new owner (a context, a clone in a new context) is made where it is
  // stored; one created in a given owner's context belongs to that one.
  if (const ApiRow *R = Rows.find(Effect::Creates, ReturnValue);
      R && RK && RK->is(KindProperty::OwnsIR)) {
    if (R->BindTo < 0 || unsigned(R->BindTo) >= CS.Args.size())
      return;
    Result = valueOf(CS.Args[R->BindTo], S);
  }
  if (Result.empty())
    return;
  // What is read from a bound variable (a copy, `*M`, `M.get()`) keeps
  // where that was bound; anything else is bound where it is computed.
  if (!Result.Site || (!IsCtor && !Result.Var))
    Result.Site = CS.Call;
  S.Env.set(Location::temporary(CS.Call), Result);
}

} // namespace clang::tidy::llvmown

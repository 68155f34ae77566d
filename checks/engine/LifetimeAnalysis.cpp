//===- LifetimeAnalysis.cpp - what outlives the owner it belongs to -------===//
//
// Owners are numbered per (holder, site): a context variable re-created in
// a loop or reassigned gets a new owner, so what belonged to the previous
// context is not confused with what belongs to the new one. An owner moved
// into another owner (a context into a ThreadSafeModule) records that
// successor; what belongs to it then lives as long as the successor.
//
//===----------------------------------------------------------------------===//

#include "LifetimeAnalysis.h"
#include "Dataflow.h"
#include "AstHelpers.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace clang::tidy::llvmown {

const NamedDecl *Owner::holder() const {
  if (Var)
    return Var;
  return Field;
}

namespace {

struct Bind {
  Bits O;
  const Stmt *Site = nullptr;
  const NamedDecl *Var = nullptr; ///< the variable the value was read from
  void add(const Bind &B) {
    bitsUnite(O, B.O);
    if (!Site)
      Site = B.Site;
    if (!Var)
      Var = B.Var;
  }
};

struct LState {
  bool Reached = false;
  llvm::DenseMap<const VarDecl *, Bind> Bound;  ///< values that belong to owners
  llvm::DenseMap<const VarDecl *, Bits> Current; ///< owner locals -> owners
  llvm::DenseMap<const Expr *, Bind> Values;    ///< evaluated sub-expressions
  llvm::DenseMap<unsigned, OwnerEnd> Ended;
  Bits Escaped; ///< moved out of the function alive
  llvm::DenseMap<unsigned, unsigned> Successor;
  llvm::DenseMap<const Stmt *, Bind> PendingStores;

  void join(const LState &O) {
    if (!O.Reached)
      return;
    if (!Reached) {
      *this = O;
      return;
    }
    for (const auto &E : O.Bound)
      Bound[E.first].add(E.second);
    for (const auto &E : O.Current)
      bitsUnite(Current[E.first], E.second);
    for (const auto &E : O.Values)
      Values[E.first].add(E.second);
    for (const auto &E : O.Ended)
      Ended.try_emplace(E.first, E.second);
    bitsUnite(Escaped, O.Escaped);
    for (const auto &E : O.Successor)
      Successor.try_emplace(E.first, E.second);
    for (const auto &E : O.PendingStores)
      PendingStores[E.first].add(E.second);
  }

  template <typename Map, typename Eq>
  static bool sameKeys(const Map &A, const Map &B, Eq Same) {
    if (A.size() != B.size())
      return false;
    for (const auto &E : A) {
      auto It = B.find(E.first);
      if (It == B.end() || !Same(E.second, It->second))
        return false;
    }
    return true;
  }

  bool operator==(const LState &O) const {
    auto SameBind = [](const Bind &A, const Bind &B) {
      return bitsEqual(A.O, B.O);
    };
    auto SameBits = [](const Bits &A, const Bits &B) {
      return bitsEqual(A, B);
    };
    auto SameEnd = [](const OwnerEnd &, const OwnerEnd &) { return true; };
    auto SameU = [](unsigned A, unsigned B) { return A == B; };
    return Reached == O.Reached && bitsEqual(Escaped, O.Escaped) &&
           sameKeys(Bound, O.Bound, SameBind) &&
           sameKeys(Current, O.Current, SameBits) &&
           sameKeys(Values, O.Values, SameBind) &&
           sameKeys(Ended, O.Ended, SameEnd) &&
           sameKeys(Successor, O.Successor, SameU) &&
           sameKeys(PendingStores, O.PendingStores, SameBind);
  }
};

bool isOwnerKind(const ResourceKind *K) { return K && K->is(OwnsIR); }

/// Kinds whose values carry what they belong to: IR, and contexts and the
/// ThreadSafe* wrappers (a reference to one, `TSC->`, is how IR gets
/// created in it).
bool carriesBinding(const ResourceKind *K) {
  return K && K->is(CarriesOwner);
}

} // namespace

/// Analyses one function. Lives for one analyze() call.
class LifetimeFunction {
public:
  LifetimeFunction(const LifetimeAnalysis &A, const Decl *D, const Stmt *Body)
      : Model(A.Model), Ctx(A.Ctx), D(D), Body(Body),
        PM(const_cast<Stmt *>(Body)) {}

  LifetimeFacts run();

private:
  const ResourceKind *kindOf(QualType T) {
    auto It = KindCache.find(T.getTypePtrOrNull());
    if (It != KindCache.end())
      return It->second;
    const ResourceKind *K = Model.kindOfValue(T);
    KindCache[T.getTypePtrOrNull()] = K;
    return K;
  }
  bool isLocal(const VarDecl *VD) const {
    if (!VD || !VD->hasLocalStorage())
      return false;
    const DeclContext *DC = VD->getParentFunctionOrMethod();
    return DC && Decl::castFromDeclContext(DC) == D;
  }
  /// A local that owns a context or ThreadSafe* object (not a reference to
  /// one, not a pointer that was not allocated here).
  bool isOwnerVar(const VarDecl *VD) {
    if (!isLocal(VD) || VD->getType()->isReferenceType())
      return false;
    if (PointerOwners.count(VD))
      return true;
    // isPointerType() sees through typedefs: LLVMContextRef is a pointer.
    if (VD->getType()->isPointerType())
      return false;
    return isOwnerKind(kindOf(VD->getType()));
  }
  unsigned ownerFor(const NamedDecl *Holder, const Stmt *Site,
                    const ResourceKind *K) {
    auto Key = std::make_pair(static_cast<const void *>(Holder),
                              static_cast<const void *>(Site));
    auto It = OwnerIds.find(Key);
    if (It != OwnerIds.end())
      return It->second;
    unsigned Id = Facts.Owners.size();
    Owner O;
    O.Var = dyn_cast<VarDecl>(Holder);
    O.Field = dyn_cast<FieldDecl>(Holder);
    O.Kind = K;
    Facts.Owners.push_back(O);
    OwnerIds[Key] = Id;
    return Id;
  }

  /// A ThreadSafeContext or std::shared_ptr: copies share the context.
  bool isSharedHandle(QualType T) {
    const ResourceKind *K = kindOf(T);
    return (K && K->is(SharedHandle)) || ApiModel::isSharedPointer(T);
  }
  /// A shared handle initialised as a copy of another: one more reference,
  /// not the only owner.
  bool isSharedCopy(const VarDecl *VD) {
    if (!isSharedHandle(VD->getType()))
      return false;
    if (VD->getType()->getAsCXXRecordDecl() &&
        VD->getType()->getAsCXXRecordDecl()->isInStdNamespace())
      return true; // a shared_ptr's other owners are unknown
    const auto *CE =
        dyn_cast_or_null<CXXConstructExpr>(skipTransparent(VD->getInit()));
    return !CE || !CE->getConstructor() ||
           CE->getConstructor()->isCopyOrMoveConstructor();
  }

  Bind valueOf(const Expr *E, const LState &S);
  Bind take(const Expr *E, LState &S);
  const OwnerEnd *endOf(unsigned O, const LState &S) const;
  unsigned finalOwner(unsigned O, const LState &S) const;
  bool diesAtExit(unsigned O, const LState &S) const;
  void endOwners(const Bits &O, LState &S, EndHow How, SourceLocation Where,
                 std::string Callee = "");
  void newOwnerFor(const VarDecl *VD, const Stmt *Site, const Bind &From,
                   LState &S);
  void store(const Expr *LHS, const Bind &V, const Expr *RHS, const Stmt *At,
             LState &S);
  void transferCall(const Expr *Call, const FunctionDecl *FD,
                    const Expr *Obj, llvm::ArrayRef<const Expr *> Args,
                    LState &S);
  void transferStmt(const Stmt *St, LState &S);
  void transfer(const CFGElement &El, LState &S);
  void checkUse(const DeclRefExpr *DRE, const LState &S);
  void exitReached(const LState &S);
  SourceLocation scopeEndLocation(const Stmt *Trigger) const;

  const ApiModel &Model;
  ASTContext &Ctx;
  const Decl *D;
  const Stmt *Body;
  ParentMap PM;
  LifetimeFacts Facts;
  llvm::DenseMap<std::pair<const void *, const void *>, unsigned> OwnerIds;
  llvm::DenseMap<const Type *, const ResourceKind *> KindCache;
  llvm::SmallPtrSet<const VarDecl *, 4> PointerOwners;
  llvm::DenseMap<const FieldDecl *, unsigned> FieldOwners;
  llvm::SmallPtrSet<const Stmt *, 16> AssignedLHS;
  bool Reporting = false;
};

unsigned LifetimeFunction::finalOwner(unsigned O, const LState &S) const {
  for (unsigned I = 0; I < 8; ++I) {
    auto It = S.Successor.find(O);
    if (It == S.Successor.end())
      break;
    O = It->second;
  }
  return O;
}

const OwnerEnd *LifetimeFunction::endOf(unsigned O, const LState &S) const {
  O = finalOwner(O, S);
  auto It = S.Ended.find(O);
  return It == S.Ended.end() ? nullptr : &It->second;
}

bool LifetimeFunction::diesAtExit(unsigned O, const LState &S) const {
  O = finalOwner(O, S);
  if (bitsTest(S.Escaped, O) || S.Ended.count(O))
    return false;
  const Owner &Ow = Facts.Owners[O];
  // Only locals held by value (an object, a unique_ptr, a ThreadSafe*)
  // die at the end; a pointer from `new` just leaks.
  return Ow.Var && !Ow.Var->getType()->isPointerType();
}

void LifetimeFunction::endOwners(const Bits &O, LState &S, EndHow How,
                                 SourceLocation Where, std::string Callee) {
  for (int I = O.find_first(); I != -1; I = O.find_next(I)) {
    // A moved-from holder, or one whose object lives on elsewhere, ends
    // nothing.
    if (S.Successor.count(I) || bitsTest(S.Escaped, I))
      continue;
    OwnerEnd E;
    E.How = How;
    E.Where = Where;
    E.Callee = Callee;
    S.Ended.try_emplace(I, E);
  }
}

Bind LifetimeFunction::valueOf(const Expr *E, const LState &S) {
  Bind Out;
  E = skipTransparent(E);
  if (!E)
    return Out;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl())) {
      auto C = S.Current.find(VD);
      if (C != S.Current.end())
        Out.O = C->second;
      auto B = S.Bound.find(VD);
      if (B != S.Bound.end()) {
        Out.add(B->second);
        Out.Var = VD;
      }
    }
    return Out;
  }
  if (const FieldDecl *F = thisField(E)) {
    auto It = FieldOwners.find(F);
    if (It != FieldOwners.end())
      bitsSet(Out.O, It->second);
    return Out;
  }
  auto It = S.Values.find(E);
  if (It != S.Values.end())
    Out = It->second;
  return Out;
}

Bind LifetimeFunction::take(const Expr *E, LState &S) {
  Bind V = valueOf(E, S);
  if (const Expr *Inner = skipTransparent(E))
    S.Values.erase(Inner);
  return V;
}

void LifetimeFunction::newOwnerFor(const VarDecl *VD, const Stmt *Site,
                                   const Bind &From, LState &S) {
  const ResourceKind *K = kindOf(VD->getType());
  unsigned Id = ownerFor(VD, Site, K);
  S.Current[VD] = Bits();
  bitsSet(S.Current[VD], Id);
  S.Ended.erase(Id);
  S.Successor.erase(Id);
  if (Id < S.Escaped.size())
    S.Escaped.reset(Id);
  // Whatever was moved into the new owner now lives as long as it does.
  for (int I = From.O.find_first(); I != -1; I = From.O.find_next(I))
    if (unsigned(I) != Id && !S.Successor.count(I))
      S.Successor[I] = Id;
}

void LifetimeFunction::store(const Expr *LHS, const Bind &V, const Expr *RHS,
                             const Stmt *At, LState &S) {
  const Expr *L = LHS->IgnoreParenImpCasts();
  const ResourceKind *RK = RHS ? kindOf(RHS->getType()) : nullptr;
  bool MovesOwner = isOwnerKind(RK) && RHS &&
                    !RHS->getType()->isPointerType();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(L))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
        isLocal(VD) && !VD->getType()->isReferenceType()) {
      if (RHS && VD->getType()->isPointerType() &&
          kindOf(VD->getType()) && kindOf(VD->getType())->Id == KindId::LLVMContext) {
        // `C = LLVMContextCreate()` / `C = new LLVMContext`: C owns it.
        const Expr *I = skipTransparent(RHS);
        if (isa<CXXNewExpr>(I))
          PointerOwners.insert(VD);
        if (const auto *CE = dyn_cast<CallExpr>(I))
          if (Model.find(CE->getDirectCallee(), Effect::Creates, ReturnValue))
            PointerOwners.insert(VD);
      }
      if (isOwnerVar(VD)) {
        // The previous context (if any) is destroyed by the assignment,
        // unless a raw pointer held it (then it just leaks).
        auto It = S.Current.find(VD);
        if (It != S.Current.end() && !VD->getType()->isPointerType())
          endOwners(It->second, S, EndHow::Reset, At->getBeginLoc());
        newOwnerFor(VD, At, V, S);
        return;
      }
      if (V.O.any())
        S.Bound[VD] = Bind{V.O, At};
      else
        S.Bound.erase(VD);
      return;
    }
  if (MovesOwner) {
    // The owner itself moves somewhere that outlives this function.
    bitsUnite(S.Escaped, V.O);
    return;
  }
  if (!V.O.any())
    return;
  // A field of a local object lives no longer than the object; bindings are
  // not followed into fields.
  if (const auto *ME = dyn_cast<MemberExpr>(L))
    if (const auto *BaseRef =
            dyn_cast<DeclRefExpr>(ME->getBase()->IgnoreParenImpCasts()))
      if (const auto *BV = dyn_cast<VarDecl>(BaseRef->getDecl());
          BV && isLocal(BV) && !BV->getType()->isReferenceType() &&
          !ME->isArrow())
        return;
  if (const FieldDecl *F = thisField(L)) {
    for (const auto &FO : FieldOwners)
      if (bitsTest(V.O, FO.second) && Reporting)
        Facts.FieldBinds.push_back({F, FO.first, At});
  }
  // A member, a global, *Out: it must not outlive a local owner.
  S.PendingStores[At].add(V);
}

void LifetimeFunction::transferCall(const Expr *Call, const FunctionDecl *FD,
                                    const Expr *Obj,
                                    llvm::ArrayRef<const Expr *> Args,
                                    LState &S) {
  Bind Result;
  std::string CalleeName;
  if (FD) {
    PrintingPolicy PP(Ctx.getLangOpts());
    PP.SuppressUnwrittenScope = true;
    llvm::raw_string_ostream OS(CalleeName);
    FD->printName(OS, PP);
  }
  bool IsCtor = isa<CXXConstructExpr>(Call);
  const ResourceKind *RK = kindOf(Call->getType());
  // A ThreadSafeModule/Context built here holds what is moved into it; the
  // IR passed along (the module) belongs to that, not to the new object.
  bool BuildsOwner = IsCtor && isOwnerKind(RK);
  if (Obj) {
    Bind OV = take(Obj, S);
    const Expr *O = skipTransparent(Obj);
    const auto *DRE = dyn_cast<DeclRefExpr>(O);
    const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    const auto *MD = dyn_cast_or_null<CXXMethodDecl>(FD);
    if (VD && isOwnerVar(VD)) {
      if (Model.hasVerb(MD, Resets)) {
        endOwners(S.Current.lookup(VD), S, EndHow::Reset,
                  Call->getBeginLoc());
        S.Current.erase(VD);
        if (!Args.empty() && !isNullConstant(Args[0], Ctx))
          newOwnerFor(VD, Call, Bind(), S);
      } else if (Model.hasVerb(MD, ReleasesPointee)) {
        bitsUnite(S.Escaped, S.Current.lookup(VD));
      }
    } else if (VD && isLocal(VD) &&
               Model.hasVerb(MD, Resets | ReleasesPointee)) {
      // The holder no longer owns its module.
      S.Bound.erase(VD);
    }
    // A module pushed into a member container is stored there.
    if (const FieldDecl *F = thisField(O)) {
      Bind Stored;
      for (const Expr *A : Args)
        Stored.add(valueOf(A, S));
      if (Stored.O.any()) {
        Stored.Site = Call;
        for (const auto &FO : FieldOwners)
          if (bitsTest(Stored.O, FO.second) && Reporting)
            Facts.FieldBinds.push_back({F, FO.first, Call});
        S.PendingStores[Call].add(Stored);
      }
    }
    Result.add(OV);
  }
  for (unsigned I = 0; I < Args.size(); ++I) {
    const Expr *Arg = Args[I];
    if (!Arg)
      continue;
    // Out-parameters written with a module that belongs to another argument.
    if (FD)
      if (const ApiRow *R = Model.find(FD, Effect::Creates, I);
          R && R->BindTo >= 0 && unsigned(R->BindTo) < Args.size()) {
        const auto *UO = dyn_cast<UnaryOperator>(Arg->IgnoreParenImpCasts());
        if (UO && UO->getOpcode() == UO_AddrOf) {
          Bind Owners = valueOf(Args[R->BindTo], S);
          Owners.Site = Call;
          store(UO->getSubExpr(), Owners, nullptr, Call, S);
          continue;
        }
      }
    Bind AV = take(Arg, S);
    const ResourceKind *AK = kindOf(Arg->getType());
    if (FD && Model.find(FD, Effect::Releases, I) && AK &&
        AK->Id == KindId::LLVMContext) {
      endOwners(AV.O, S, EndHow::Disposed, Call->getBeginLoc());
      continue;
    }
    QualType ParamTy;
    if (FD && I < FD->getNumParams())
      ParamTy = FD->getParamDecl(I)->getType();
    const Expr *Inner = skipTransparent(Arg);
    bool Moved = isStdMove(Arg->IgnoreParenImpCasts()) ||
                 (!Arg->isGLValue() && Inner && !isa<DeclRefExpr>(Inner));
    bool ByValue = !ParamTy.isNull() && !ParamTy->isReferenceType() &&
                   !ParamTy->isPointerType();
    // A ThreadSafeContext (or shared_ptr) copied anywhere is shared: its
    // holder's end no longer ends the context.
    if (AK && AK->is(SharedHandle) && !Moved &&
        isa_and_nonnull<DeclRefExpr>(Inner))
      bitsUnite(S.Escaped, AV.O);
    if (isOwnerKind(AK) && !AK->CxxClasses.empty() && Moved &&
        !Arg->getType()->isPointerType()) {
      if (IsCtor) {
        // Moved into the object being built: it lives on there.
        Result.add(AV);
      } else if (ByValue) {
        endOwners(AV.O, S, EndHow::MovedIntoCall, Arg->getBeginLoc(),
                  CalleeName);
      } else {
        bitsUnite(S.Escaped, AV.O);
      }
      continue;
    }
    if (const auto *DRE = dyn_cast_or_null<DeclRefExpr>(Inner))
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
          VD && isLocal(VD) && isStdMove(Arg->IgnoreParenImpCasts()) &&
          ApiModel::isOwningHolder(VD->getType()))
        S.Bound.erase(VD); // the module moved out with it
    if (!BuildsOwner)
      Result.add(AV);
  }
  if (carriesBinding(RK) || (IsCtor && isOwnerKind(RK))) {
    if (FD && Model.find(FD, Effect::Creates, ReturnValue) && RK &&
        RK->Id == KindId::LLVMContext)
      return; // a new context: its owner is made where it is stored
    if (Result.O.any()) {
      // What is read from a bound variable (a copy, `*M`, `M.get()`) keeps
      // where that was bound; anything else is bound where it is computed.
      if (!Result.Site || (!IsCtor && !Result.Var))
        Result.Site = Call;
      S.Values[Call] = Result;
    }
  }
}

void LifetimeFunction::checkUse(const DeclRefExpr *DRE, const LState &S) {
  if (!Reporting)
    return;
  const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
  if (!VD || AssignedLHS.count(DRE))
    return;
  auto It = S.Bound.find(VD);
  if (It == S.Bound.end())
    return;
  if (isNullTest(DRE, PM))
    return;
  const Bits &O = It->second.O;
  for (int I = O.find_first(); I != -1; I = O.find_next(I))
    if (const OwnerEnd *E = endOf(I, S)) {
      UseAfterEndFact U;
      U.Use = DRE->getBeginLoc();
      U.Value = VD;
      U.Owner = finalOwner(I, S);
      U.End = *E;
      U.BindSite = It->second.Site;
      Facts.Uses.push_back(U);
      return;
    }
}

SourceLocation LifetimeFunction::scopeEndLocation(const Stmt *Trigger) const {
  if (!Trigger)
    return Body->getEndLoc();
  if (const auto *CS = dyn_cast<CompoundStmt>(Trigger))
    return CS->getRBracLoc();
  return Trigger->getBeginLoc();
}

void LifetimeFunction::transferStmt(const Stmt *St, LState &S) {
  if (const auto *DS = dyn_cast<DeclStmt>(St)) {
    for (const Decl *Dcl : DS->decls()) {
      const auto *VD = dyn_cast<VarDecl>(Dcl);
      if (!VD)
        continue;
      Bind V;
      if (const Expr *Init = VD->getInit()) {
        V = take(Init, S);
        // `new LLVMContext` / LLVMContextCreate(): this pointer owns it.
        const Expr *I = skipTransparent(Init);
        const ResourceKind *K = kindOf(VD->getType());
        if (K && K->Id == KindId::LLVMContext && isLocal(VD)) {
          if (isa<CXXNewExpr>(I))
            PointerOwners.insert(VD);
          if (const auto *CE = dyn_cast<CallExpr>(I))
            if (Model.find(CE->getDirectCallee(), Effect::Creates,
                           ReturnValue))
              PointerOwners.insert(VD);
        }
      }
      if (isOwnerVar(VD)) {
        newOwnerFor(VD, DS, V, S);
        if (isSharedCopy(VD))
          bitsUnite(S.Escaped, S.Current[VD]);
      } else if (isLocal(VD)) {
        // A new variable read from another bound one is bound here.
        if (V.O.any())
          S.Bound[VD] = Bind{V.O, V.Var || !V.Site ? DS : V.Site};
        else
          S.Bound.erase(VD);
      } else if (V.O.any()) {
        S.PendingStores[DS].add(V); // a static local outlives the function
      }
    }
    return;
  }
  if (const auto *RS = dyn_cast<ReturnStmt>(St)) {
    if (const Expr *RV = RS->getRetValue()) {
      const ResourceKind *RK = kindOf(RV->getType());
      Bind V = take(RV, S);
      if (isOwnerKind(RK) && !RV->getType()->isPointerType()) {
        bitsUnite(S.Escaped, V.O); // the owner itself is returned
        return;
      }
      if (Reporting)
        for (int I = V.O.find_first(); I != -1; I = V.O.find_next(I))
          if (diesAtExit(I, S)) {
            Facts.Escapes.push_back(
                {RS, true, finalOwner(I, S), V.Site, V.Var});
            break;
          }
    }
    return;
  }
  const auto *E = dyn_cast<Expr>(St);
  if (!E)
    return;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    checkUse(DRE, S);
    return;
  }
  if (const auto *CE = dyn_cast<CallExpr>(E)) {
    if (isStdMove(CE))
      return; // transparent
    const FunctionDecl *FD = CE->getDirectCallee();
    const Expr *Obj = nullptr;
    llvm::SmallVector<const Expr *, 8> Args(CE->arguments());
    if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(CE)) {
      Obj = MCE->getImplicitObjectArgument();
    } else if (const auto *OCE = dyn_cast<CXXOperatorCallExpr>(CE);
               OCE && FD && isa<CXXMethodDecl>(FD) &&
               !cast<CXXMethodDecl>(FD)->isStatic() && !Args.empty()) {
      if (OCE->getOperator() == OO_Equal) {
        // `Holder = std::move(Other)` on a class type.
        Bind V = take(Args[1], S);
        store(Args[0], V, Args[1], CE, S);
        S.Values.erase(skipTransparent(Args[0]));
        return;
      }
      Obj = Args.front();
      Args.erase(Args.begin());
    }
    transferCall(CE, FD, Obj, Args, S);
    return;
  }
  if (const auto *CCE = dyn_cast<CXXConstructExpr>(E)) {
    llvm::SmallVector<const Expr *, 4> Args(CCE->arguments());
    transferCall(CCE, CCE->getConstructor(), nullptr, Args, S);
    return;
  }
  if (const auto *NE = dyn_cast<CXXNewExpr>(E)) {
    if (const Expr *Init = NE->getInitializer()) {
      Bind V = take(Init, S);
      if (V.O.any() && carriesBinding(kindOf(NE->getType())))
        S.Values[E] = Bind{V.O, E};
    }
    return;
  }
  if (const auto *Del = dyn_cast<CXXDeleteExpr>(E)) {
    const Expr *Arg = skipTransparent(Del->getArgument());
    Bind V = take(Del->getArgument(), S);
    if (const auto *DRE = dyn_cast<DeclRefExpr>(Arg))
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl())) {
        if (isOwnerVar(VD))
          endOwners(S.Current.lookup(VD), S, EndHow::Deleted,
                    Del->getBeginLoc());
        else
          S.Bound.erase(VD);
      }
    return;
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->getOpcode() == BO_Assign) {
      Bind V = take(BO->getRHS(), S);
      store(BO->getLHS(), V, BO->getRHS(), BO, S);
    }
    return;
  }
  if (const auto *ILE = dyn_cast<InitListExpr>(E)) {
    Bind All;
    for (const Expr *Init : ILE->inits()) {
      Bind V = take(Init, S);
      const ResourceKind *K = kindOf(Init->getType());
      if (isOwnerKind(K) && !Init->getType()->isPointerType())
        bitsUnite(S.Escaped, V.O); // the owner travels with the aggregate
      else
        All.add(V);
    }
    if (All.O.any())
      S.Values[E] = All;
    return;
  }
  if (const auto *CO = dyn_cast<AbstractConditionalOperator>(E)) {
    Bind V = take(CO->getTrueExpr(), S);
    V.add(take(CO->getFalseExpr(), S));
    if (V.O.any())
      S.Values[E] = V;
    return;
  }
  if (isa<CastExpr>(E) || isa<ParenExpr>(E) || isa<FullExpr>(E) ||
      isa<MaterializeTemporaryExpr>(E) || isa<CXXBindTemporaryExpr>(E))
    return; // transparent: looked through by valueOf
  // Anything else computed from bound operands (a dereference, a member, a
  // subscript) belongs where they do, if it is IR or a context.
  if (carriesBinding(kindOf(E->getType()))) {
    Bind V;
    for (const Stmt *Child : E->children())
      if (const auto *CE = dyn_cast_or_null<Expr>(Child))
        V.add(take(CE, S));
    if (V.O.any()) {
      if (!V.Site)
        V.Site = E;
      S.Values[E] = V;
    }
  }
}

void LifetimeFunction::transfer(const CFGElement &El, LState &S) {
  if (auto CS = El.getAs<CFGStmt>()) {
    transferStmt(CS->getStmt(), S);
    return;
  }
  if (auto LE = El.getAs<CFGLifetimeEnds>()) {
    const VarDecl *VD = LE->getVarDecl();
    SourceLocation Where = scopeEndLocation(LE->getTriggerStmt());
    auto C = S.Current.find(VD);
    if (C != S.Current.end()) {
      if (!VD->getType()->isPointerType())
        endOwners(C->second, S, EndHow::ScopeEnd, Where);
      S.Current.erase(C);
    }
    auto B = S.Bound.find(VD);
    if (B == S.Bound.end())
      return;
    // Destroying a module holder after its context deleted the module.
    // (Blocks are reported in no particular order: the check keeps the
    // first fact of each variable by source location.)
    if (Reporting && ApiModel::isOwningHolder(VD->getType())) {
      const Bits &O = B->second.O;
      for (int I = O.find_first(); I != -1; I = O.find_next(I)) {
        const OwnerEnd *E = endOf(I, S);
        if (!E)
          continue;
        unsigned F = finalOwner(I, S);
        const Owner &Ow = Facts.Owners[F];
        // Declared before the context in the same scope (both die at the
        // same place): an ordering bug. Otherwise the holder outlived an
        // inner scope's context.
        if (E->How == EndHow::ScopeEnd && Ow.Var && E->Where == Where &&
            Ctx.getSourceManager().isBeforeInTranslationUnit(
                VD->getBeginLoc(), Ow.Var->getBeginLoc())) {
          Facts.Orders.push_back({VD, F, B->second.Site});
        } else {
          UseAfterEndFact U;
          U.Use = Where;
          U.Value = VD;
          U.Owner = F;
          U.End = *E;
          U.BindSite = B->second.Site;
          U.ImplicitDestruction = true;
          Facts.Uses.push_back(U);
        }
        break;
      }
    }
    S.Bound.erase(B);
    return;
  }
  if (auto CI = El.getAs<CFGInitializer>()) {
    const CXXCtorInitializer *Init = CI->getInitializer();
    if (!Init->isAnyMemberInitializer() || !Init->getInit())
      return;
    Bind V = take(Init->getInit(), S);
    const FieldDecl *F = Init->getAnyMember();
    if (!F || !V.O.any())
      return;
    if (Reporting)
      for (const auto &FO : FieldOwners)
        if (bitsTest(V.O, FO.second))
          Facts.FieldBinds.push_back({F, FO.first, Init->getInit()});
    const ResourceKind *K = kindOf(F->getType());
    if (isOwnerKind(K) && !F->getType()->isPointerType())
      bitsUnite(S.Escaped, V.O); // a context moved into a member lives on
    else
      S.PendingStores[Init->getInit()].add(V);
  }
}

void LifetimeFunction::exitReached(const LState &S) {
  if (!Reporting)
    return;
  for (const auto &P : S.PendingStores) {
    const Bits &O = P.second.O;
    for (int I = O.find_first(); I != -1; I = O.find_next(I)) {
      const OwnerEnd *E = endOf(I, S);
      unsigned F = finalOwner(I, S);
      const Owner &Ow = Facts.Owners[F];
      // Stored somewhere that outlives the function, while its context
      // died with the function's scope.
      if (E && E->How == EndHow::ScopeEnd && Ow.Var &&
          !Ow.Var->getType()->isPointerType()) {
        Facts.Escapes.push_back(
            {P.first, false, F, P.second.Site, P.second.Var});
        break;
      }
    }
  }
}

LifetimeFacts LifetimeFunction::run() {
  std::unique_ptr<CFG> G = buildAnalysisCFG(D, Body, Ctx);
  if (!G)
    return Facts;
  Facts.Analysed = true;
  Facts.Blocks = G->getNumBlockIDs();

  // Assignment targets are written, not used.
  struct LHSFinder : RecursiveASTVisitor<LHSFinder> {
    llvm::SmallPtrSet<const Stmt *, 16> &Out;
    explicit LHSFinder(llvm::SmallPtrSet<const Stmt *, 16> &Out) : Out(Out) {}
    bool VisitBinaryOperator(BinaryOperator *BO) {
      if (BO->isAssignmentOp())
        if (const auto *DRE =
                dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts()))
          Out.insert(DRE);
      return true;
    }
    bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *OCE) {
      if (OCE->getOperator() == OO_Equal && OCE->getNumArgs() == 2)
        if (const auto *DRE =
                dyn_cast<DeclRefExpr>(OCE->getArg(0)->IgnoreParenImpCasts()))
          Out.insert(DRE);
      return true;
    }
  } LF(AssignedLHS);
  LF.TraverseStmt(const_cast<Stmt *>(Body));

  LState Entry;
  Entry.Reached = true;
  if (const auto *MD = dyn_cast<CXXMethodDecl>(D)) {
    if (MD->isInstance() && !MD->getParent()->isLambda())
      for (const FieldDecl *F : MD->getParent()->fields())
        if (isOwnerKind(kindOf(F->getType())) &&
            !F->getType()->isPointerType() && !F->getType()->isReferenceType())
          FieldOwners[F] = ownerFor(F, nullptr, kindOf(F->getType()));
    if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(MD))
      for (const CXXCtorInitializer *Init : Ctor->inits())
        if (Expr *IE = Init->getInit())
          PM.addStmt(IE);
  }

  // Parameters taken by value own what they hold: a context or
  // ThreadSafeModule passed in by value dies with this function.
  if (const auto *FD = dyn_cast<FunctionDecl>(D))
    for (const ParmVarDecl *P : FD->parameters())
      if (isOwnerVar(P)) {
        newOwnerFor(P, nullptr, Bind(), Entry);
        // A shared handle passed by value: the caller still holds one.
        if (isSharedHandle(P->getType()))
          bitsUnite(Entry.Escaped, Entry.Current[P]);
      }

  unsigned Visits = 0;
  std::vector<LState> In = solveForward(
      *G, std::move(Entry),
      [&](const CFGBlock *B, LState &S) {
        for (const CFGElement &El : *B)
          transfer(El, S);
      },
      [&](const CFGBlock *B, unsigned Idx, LState &S) {
        // On the edge where a module holder is null it holds nothing.
        if (const VarDecl *VD = [&]() -> const VarDecl * {
              const Expr *E = nullTestedOnEdge(B, Idx, Ctx);
              const auto *DRE = dyn_cast_or_null<DeclRefExpr>(E);
              return DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
            }())
          S.Bound.erase(VD);
      },
      Visits);
  Facts.Visits = Visits;

  Reporting = true;
  const CFGBlock &ExitB = G->getExit();
  for (const CFGBlock *B : *G) {
    if (!In[B->getBlockID()].Reached || B == &ExitB)
      continue;
    LState S = In[B->getBlockID()];
    for (const CFGElement &El : *B)
      transfer(El, S);
    if (B->hasNoReturnElement())
      continue;
    for (auto SI = B->succ_begin(); SI != B->succ_end(); ++SI)
      if (SI->getReachableBlock() == &ExitB) {
        exitReached(S);
        break;
      }
  }
  return Facts;
}

LifetimeFacts LifetimeAnalysis::analyze(const Decl *D, const Stmt *Body) const {
  if (!D || !Body)
    return {};
  LifetimeFunction F(*this, D, Body);
  return F.run();
}

bool LifetimeAnalysis::mentionsContexts(const Decl *D, const Stmt *Body) const {
  struct Finder : RecursiveASTVisitor<Finder> {
    const ApiModel &Model;
    bool Found = false;
    llvm::DenseMap<const Type *, bool> Seen;
    explicit Finder(const ApiModel &M) : Model(M) {}
    bool VisitExpr(Expr *E) {
      const Type *T = E->getType().getTypePtrOrNull();
      if (!T)
        return true;
      auto It = Seen.find(T);
      if (It == Seen.end())
        It = Seen.try_emplace(T, isOwnerKind(Model.kindOfValue(E->getType())))
                 .first;
      Found = It->second;
      return !Found;
    }
  } F(Model);
  F.TraverseStmt(const_cast<Stmt *>(Body));
  if (!F.Found)
    if (const auto *Ctor = dyn_cast_or_null<CXXConstructorDecl>(D))
      for (const CXXCtorInitializer *Init : Ctor->inits())
        if (!F.Found && Init->getInit())
          F.TraverseStmt(Init->getInit());
  return F.Found;
}

} // namespace clang::tidy::llvmown

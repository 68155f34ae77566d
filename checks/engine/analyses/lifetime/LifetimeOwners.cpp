//===- LifetimeOwners.cpp - kinds and owners of the lifetime analysis -----===//
//
// Which values own IR (a context, a ThreadSafe* object, a unique_ptr that
// keeps its module, a temporary unique_ptr), how owners are numbered, and
// how they end; the transfer of statements is in LifetimeFlow.cpp.
//
//===----------------------------------------------------------------------===//

#include "engine/analyses/lifetime/LifetimeFlow.h"
#include "engine/framework/AstHelpers.h"
#include "engine/model/IRHolders.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"

namespace clang::tidy::llvmown {
//===--- Kinds and owners -------------------------------------------------===//

LifetimeFlow::LifetimeFlow(const ApiModel &Model, ASTContext &Ctx,
                           const Decl *D, const Stmt *Body)
    : ValueFlow(Ctx, D, Body), Model(Model), Loc(D) {}

const ResourceKind *LifetimeFlow::kindOf(QualType T) const {
  auto [It, New] = KindCache.try_emplace(T.getTypePtrOrNull(), nullptr);
  if (New)
    It->second = Model.kindOfValue(T);
  return It->second;
}

bool LifetimeFlow::isOwnerKind(const ResourceKind *K) const {
  return K && K->is(KindProperty::OwnsIR);
}

/// A local that owns a context or ThreadSafe* object (not a reference to
/// one, not a pointer that was not allocated here).
bool LifetimeFlow::isOwnerVar(const VarDecl *VD) const {
  if (!Loc.isLocal(VD))
    return false;
  // A holder the caller lent by non-const reference (`ThreadSafeModule &M`)
  // is not ended by this function's exit, but an assignment or reset here
  // ends what it held (`M = orc::ThreadSafeModule()`).
  if (VD->getType()->isReferenceType()) {
    QualType T = VD->getType().getNonReferenceType();
    return isa<ParmVarDecl>(VD) && VD->getType()->isLValueReferenceType() &&
           !T.isConstQualified() && !T->isPointerType() &&
           isOwnerKind(kindOf(T));
  }
  if (PointerOwners.count(VD))
    return true;
  // isPointerType() sees through typedefs: LLVMContextRef is a pointer.
  return !VD->getType()->isPointerType() && isOwnerKind(kindOf(VD->getType()));
}

/// The member through which an object of type \p T (a project object or a
/// unique_ptr to one) owns IR, if it does.
const FieldDecl *LifetimeFlow::irMember(QualType T) const {
  if (T.isNull())
    return nullptr;
  auto [It, New] = IRMemberCache.try_emplace(T.getTypePtr(), nullptr);
  if (New)
    It->second = irOwningMemberOf(T, Model);
  return It->second;
}

/// A ThreadSafeContext or std::shared_ptr: copies share the context.
bool LifetimeFlow::isSharedHandle(QualType T) const {
  const ResourceKind *K = kindOf(T);
  return (K && K->is(KindProperty::SharedHandle)) ||
         ApiModel::isSharedPointer(T);
}

/// A shared handle initialised as a copy of another: one more reference,
/// not the only owner.
bool LifetimeFlow::isSharedCopy(const VarDecl *VD) const {
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

unsigned LifetimeFlow::addOwner(const NamedDecl *Holder, const Stmt *Site,
                                const ResourceKind *K) {
  auto [It, New] = OwnerIds.try_emplace(
      {static_cast<const void *>(Holder), static_cast<const void *>(Site)},
      Owners.size());
  if (New) {
    Owner O;
    O.Var = dyn_cast_or_null<VarDecl>(Holder);
    O.Field = dyn_cast_or_null<FieldDecl>(Holder);
    O.Kind = K;
    Owners.push_back(O);
  }
  return It->second;
}

std::optional<unsigned> LifetimeFlow::ownerAt(const NamedDecl *Holder,
                                              const Stmt *Site) const {
  auto It = OwnerIds.find(
      {static_cast<const void *>(Holder), static_cast<const void *>(Site)});
  assert(It != OwnerIds.end() && "an owner the pre-pass did not number");
  if (It == OwnerIds.end())
    return std::nullopt;
  return It->second;
}

CallRows LifetimeFlow::rowsOf(const CallSite &CS) const {
  return RowsAt.at(CS.Call);
}

const VarDecl *LifetimeFlow::ownerTarget(const Expr *LHS) const {
  Location L = LHS ? Loc.target(LHS) : Location();
  return L.kind() == Location::Local && isOwnerVar(L.var()) ? L.var() : nullptr;
}

/// Numbers, in the order of the AST, every owner a transfer can make: each
/// owner variable at its declaration and at each store or reset that may
/// replace it (a superset: a site that never makes one costs a number),
/// and each temporary std::unique_ptr whose get() is taken.
void LifetimeFlow::numberOwners() {
  struct Sites : RecursiveASTVisitor<Sites> {
    LifetimeFlow &Flow;
    explicit Sites(LifetimeFlow &Flow) : Flow(Flow) {}
    void add(const Expr *LHS, const Stmt *Site) {
      if (const VarDecl *VD = Flow.ownerTarget(LHS))
        Flow.addOwner(VD, Site, Flow.kindOf(VD->getType()));
    }
    bool VisitDeclStmt(DeclStmt *DS) {
      for (const Decl *D : DS->decls())
        if (const auto *VD = dyn_cast<VarDecl>(D); VD && Flow.isOwnerVar(VD))
          Flow.addOwner(VD, DS, Flow.kindOf(VD->getType()));
      return true;
    }
    bool VisitBinaryOperator(BinaryOperator *BO) {
      if (BO->getOpcode() == BO_Assign)
        add(BO->getLHS(), BO);
      return true;
    }
    bool VisitExpr(Expr *E) {
      std::optional<CallSite> CS = isa<CallExpr, CXXConstructExpr>(E)
                                       ? CallSite::of(E)
                                       : CallSite::of(E, &Flow.Ctx);
      if (!CS)
        return true;
      Flow.RowsAt.note(E, CS->Callee, Flow.Model);
      const ResourceKind *K = nullptr;
      if (const auto *CE = dyn_cast<CallExpr>(E))
        if (const Expr *Temp = Flow.temporaryHolder(CE, K))
          Flow.Owners[Flow.addOwner(nullptr, CE, K)].Temporary = Temp;
      // `Holder = ...`, `Holder.reset(new ...)`, `create(&Holder)`.
      if (CS->Object)
        add(CS->Object, E);
      for (const Expr *A : CS->Args)
        if (const auto *UO = dyn_cast_or_null<UnaryOperator>(
                A ? A->IgnoreParenImpCasts() : nullptr);
            UO && UO->getOpcode() == UO_AddrOf)
          add(UO->getSubExpr(), E);
      return true;
    }
  } F(*this);
  for (Stmt *Root : bodyAndInitializers(D, Body))
    F.TraverseStmt(Root);
}

/// `C = new LLVMContext` / `C = LLVMContextCreate()`: the pointer C owns it.
void LifetimeFlow::notePointerOwner(const VarDecl *VD, const Expr *Init) {
  const ResourceKind *K = kindOf(VD->getType());
  if (!Init || !K || K->Id != KindId::LLVMContext || !Loc.isLocal(VD))
    return;
  const Expr *I = skipTransparent(Init);
  if (isa<CXXNewExpr>(I))
    PointerOwners.insert(VD);
  if (const auto *CE = dyn_cast<CallExpr>(I))
    if (Model.find(CE->getDirectCallee(), Effect::Creates, ReturnValue))
      PointerOwners.insert(VD);
}

bool LifetimeFlow::diesAtExit(unsigned O, const State &S) const {
  O = S.finalOwner(O);
  if (S.Escaped.contains(O) || S.Ended.contains(O))
    return false;
  const Owner &Ow = Owners[O];
  // Only locals held by value (an object, a unique_ptr, a ThreadSafe*)
  // die at the end; a pointer from `new` just leaks, and what a reference
  // parameter holds is the caller's.
  return Ow.Var && !Ow.Var->getType()->isPointerType() &&
         !Ow.Var->getType()->isReferenceType();
}

void LifetimeFlow::endOwners(const BitSet &O, State &S, EndHow How,
                             SourceLocation Where,
                             const FunctionDecl *Callee) const {
  for (unsigned I : O) {
    // A moved-from holder, or one whose object lives on elsewhere, ends
    // nothing; on one path, an owner ends once.
    if (S.Successor.contains(I) || S.Escaped.contains(I) || S.Ended.contains(I))
      continue;
    S.Ended[I] = MinLattice<EndMark, EarlierEnd>(EndMark{How, Where, Callee});
  }
}

void LifetimeFlow::newOwnerFor(const VarDecl *VD, const Stmt *Site,
                               const Binding &From, State &S) const {
  std::optional<unsigned> Owner = ownerAt(VD, Site);
  if (!Owner)
    return;
  unsigned Id = *Owner;
  Binding Own;
  Own.O.insert(Id);
  S.Env.set(Location::local(VD), Own);
  S.Ended.erase(Id);
  S.Successor.erase(Id);
  S.Escaped.erase(Id);
  // Whatever was moved into the new owner now lives as long as it does.
  for (unsigned I : From.O)
    if (I != Id && !S.Successor.contains(I))
      S.Successor[I] = MinLattice<unsigned, LessId>(Id);
}

namespace {
bool isStdUniquePtr(QualType T) {
  return ApiModel::isUniquePtr(T->getAsCXXRecordDecl());
}
} // namespace

/// The unique_ptr holders of modules that only lend them here: every use is
/// get(), `->`, `*` or a null test. Anything else (a move, release(), a
/// reference passed on, an assignment) may hand the module over.
void LifetimeFlow::findKeptHolders() {
  struct Finder : RecursiveASTVisitor<Finder> {
    LifetimeFlow &Flow;
    llvm::DenseMap<const VarDecl *, bool> Kept;
    explicit Finder(LifetimeFlow &Flow) : Flow(Flow) {}
    bool candidate(const VarDecl *VD) {
      return Flow.Loc.isLocal(VD) && !VD->getType()->isReferenceType() &&
             isStdUniquePtr(VD->getType()) && Flow.kindOf(VD->getType()) &&
             Flow.kindOf(VD->getType())->is(KindProperty::CarriesOwner);
    }
    bool VisitVarDecl(VarDecl *VD) {
      if (candidate(VD))
        Kept.try_emplace(VD, true);
      return true;
    }
    bool VisitDeclRefExpr(DeclRefExpr *DRE) {
      const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
      if (!VD || !candidate(VD))
        return true;
      auto It = Kept.try_emplace(VD, true).first;
      It->second = It->second && lends(DRE);
      return true;
    }
    bool lends(const DeclRefExpr *DRE) {
      const Stmt *P =
          Flow.PM.getParentIgnoreParenImpCasts(const_cast<DeclRefExpr *>(DRE));
      if (const auto *ME = dyn_cast_or_null<MemberExpr>(P)) {
        const auto *MD = dyn_cast<CXXMethodDecl>(ME->getMemberDecl());
        if (!MD)
          return false;
        if (isa<CXXConversionDecl>(MD))
          return true; // a null test
        return Flow.Model.hasVerb(MD, Verb::GetsPointer);
      }
      if (const auto *OCE = dyn_cast_or_null<CXXOperatorCallExpr>(P))
        return OCE->getNumArgs() == 1 && (OCE->getOperator() == OO_Arrow ||
                                          OCE->getOperator() == OO_Star);
      return false;
    }
  } F(*this);
  F.TraverseStmt(const_cast<Stmt *>(Body));
  if (const auto *FD = dyn_cast<FunctionDecl>(D))
    for (const ParmVarDecl *P : FD->parameters())
      if (F.candidate(P))
        F.Kept.try_emplace(P, true);
  // Numbered in declaration order (the map's order is its hashing's).
  llvm::SmallVector<const VarDecl *, 4> Kept;
  for (const auto &[VD, IsKept] : F.Kept)
    if (IsKept)
      Kept.push_back(VD);
  llvm::sort(Kept, EarlierDecl());
  for (const VarDecl *VD : Kept) {
    unsigned Id = addOwner(VD, nullptr, kindOf(VD->getType()));
    Owners[Id].UniqueHolder = true;
    KeptHolders[VD] = Id;
  }
}

/// `parseIRFile(...).get()`: the temporary std::unique_ptr deletes the
/// module when its full expression ends, so what the pointer is kept in
/// is bound to an owner that has already ended by the next statement.
const Expr *LifetimeFlow::temporaryHolder(const CallExpr *CE,
                                          const ResourceKind *&K) const {
  const auto *MCE = dyn_cast<CXXMemberCallExpr>(CE);
  const CXXMethodDecl *MD = MCE ? MCE->getMethodDecl() : nullptr;
  if (!MD || !Model.hasVerb(MD, Verb::GetsPointer) ||
      !ApiModel::isUniquePtr(MD->getParent()))
    return nullptr;
  K = kindOf(CE->getType());
  if (!K || !K->is(KindProperty::CarriesOwner))
    return nullptr;
  const Expr *Object = MCE->getImplicitObjectArgument()->IgnoreImpCasts();
  if (!isa<MaterializeTemporaryExpr>(Object))
    return nullptr;
  return skipTransparent(Object);
}

bool LifetimeFlow::getFromTemporaryHolder(const CallExpr *CE, State &S) const {
  const ResourceKind *K = nullptr;
  if (!temporaryHolder(CE, K))
    return false;
  std::optional<unsigned> Id = ownerAt(nullptr, CE);
  if (!Id)
    return false;
  // The full expression the temporary lives to the end of.
  const Stmt *Full = CE;
  while (const Stmt *P = PM.getParent(Full)) {
    if (!isa<Expr>(P))
      break;
    Full = P;
  }
  S.Ended[*Id] = MinLattice<EndMark, EarlierEnd>(
      EndMark{EndHow::TemporaryEnd, Full->getEndLoc(), nullptr});
  Binding V;
  V.O.insert(*Id);
  V.Site = CE;
  S.Env.set(Location::temporary(CE), V);
  return true;
}

} // namespace clang::tidy::llvmown

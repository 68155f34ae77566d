//===- RetentionAnalysis.cpp ----------------------------------------------===//

#include "RetentionAnalysis.h"
#include "AstHelpers.h"
#include "NameMatcher.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"

namespace clang::tidy::llvmown {

namespace {

const CXXRecordDecl *pointeeRecord(QualType T) {
  T = T.getNonReferenceType();
  if (const auto *PT = T->getAs<PointerType>())
    return PT->getPointeeType()->getAsCXXRecordDecl();
  return T->getAsCXXRecordDecl();
}

const VarDecl *varOf(const Expr *E) {
  const auto *DRE = dyn_cast_or_null<DeclRefExpr>(skipTransparent(E));
  return DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
}

/// The object whose field \p E designates: `D->F` gives D's expression.
const MemberExpr *fieldAccess(const Expr *E) {
  const auto *ME = dyn_cast_or_null<MemberExpr>(E ? E->IgnoreParenImpCasts()
                                                  : nullptr);
  if (!ME || !isa<FieldDecl>(ME->getMemberDecl()))
    return nullptr;
  return ME;
}

/// The member that constructor \p Ctor initialises from its parameter
/// \p N (`: M(std::move(TSM))`), if it can tell.
const FieldDecl *fieldInitializedFrom(const CXXConstructorDecl *Ctor,
                                      unsigned N) {
  if (!Ctor || N >= Ctor->getNumParams())
    return nullptr;
  const ParmVarDecl *P = Ctor->getParamDecl(N);
  if (const auto *Def = dyn_cast_or_null<CXXConstructorDecl>(Ctor->getDefinition()))
    Ctor = Def;
  for (const CXXCtorInitializer *Init : Ctor->inits()) {
    if (!Init->isAnyMemberInitializer() || !Init->getInit())
      continue;
    // `M(std::move(TSM))` is a move construction from the parameter.
    const Expr *E = skipTransparent(Init->getInit());
    if (const auto *CE = dyn_cast_or_null<CXXConstructExpr>(E);
        CE && CE->getNumArgs() == 1)
      E = CE->getArg(0);
    if (const VarDecl *V = varOf(E))
      if (V == P || V->getName() == P->getName())
        return Init->getAnyMember();
  }
  return nullptr;
}

bool isDefaultThreadSafeModule(const Expr *E) {
  E = skipTransparent(E);
  if (const auto *CE = dyn_cast_or_null<CXXConstructExpr>(E))
    return CE->getNumArgs() == 0;
  if (const auto *IL = dyn_cast_or_null<InitListExpr>(E))
    return IL->getNumInits() == 0;
  return isa_and_nonnull<CXXScalarValueInitExpr>(E);
}

} // namespace

struct RetentionAnalysis::Impl {
  const ApiModel &Model;
  ASTContext &Ctx;
  std::vector<std::string> LongLived;

  // Per translation unit.
  struct PendingStore {
    LongLivedStore Fact;
    const VarDecl *Object; ///< the heap local, null for a long-lived type
    const Decl *Function;
  };
  std::vector<PendingStore> Stores;
  llvm::DenseMap<std::pair<const Decl *, const VarDecl *>, const Stmt *>
      Escapes;
  llvm::DenseSet<std::pair<const Decl *, const VarDecl *>> Deleted;
  llvm::DenseSet<const CXXRecordDecl *> EscapingTypes;
  std::vector<LongLivedAppend> Appends;
  struct Consume {
    const Stmt *Call;
    const Expr *Place;
    const void *Key; ///< the member or global, as in Scanner::Reset
    const FieldDecl *Field;
    const CXXRecordDecl *Base;
    bool Global;
    bool ResetAfter;
    const Decl *Function = nullptr;
  };
  std::vector<Consume> Consumes;
  /// Members and globals reset to an empty ThreadSafeModule, and where.
  llvm::DenseMap<const void *, llvm::SmallPtrSet<const Decl *, 2>>
      ResetPlaces;
  llvm::DenseMap<const CXXRecordDecl *, TypeDelete> Deletes;
  llvm::DenseMap<const FieldDecl *, bool> DrainCache;

  Impl(const ApiModel &Model, ASTContext &Ctx, std::vector<std::string> LL)
      : Model(Model), Ctx(Ctx), LongLived(std::move(LL)) {}

  const ResourceKind *retainedKind(QualType T) const {
    if (T.isNull() || T->isPointerType() || T->isReferenceType())
      return nullptr;
    const ResourceKind *K = Model.kindOfValue(T);
    if (K && K->is(PinsContext))
      return K;
    return nullptr;
  }

  bool isLongLivedType(const CXXRecordDecl *RD) const {
    if (!RD)
      return false;
    for (const std::string &N : LongLived)
      if (declHasQualifiedName(RD, N))
        return true;
    return false;
  }

  bool isReleaseCall(const CallExpr *CE) const {
    const FunctionDecl *FD = CE->getDirectCallee();
    if (!FD)
      return false;
    for (unsigned I = 0; I < CE->getNumArgs(); ++I)
      if (Model.find(FD, Effect::Releases, I) ||
          Model.find(FD, Effect::Consumes, I))
        return true;
    return false;
  }

  /// Does the class drain member container \p F anywhere?
  bool drained(const FieldDecl *F, bool &Visible);
  std::vector<std::pair<const Decl *, const Stmt *>> Bodies;

  void scan(const Decl *D, const Stmt *Body);
};

namespace {

/// Is this reference to a container a drain: a draining member call, an
/// assignment to it, std::move of it, a swap, or passing it by non-const
/// reference to a function (a pool's static pop(Q))?
bool isDrainUse(const Expr *Ref, const ParentMap &PM, const ApiModel &M) {
  const Stmt *Child = Ref;
  const Stmt *P = PM.getParent(Ref);
  while (P && (isa<ImplicitCastExpr>(P) || isa<ParenExpr>(P))) {
    Child = P;
    P = PM.getParent(P);
  }
  if (const auto *ME = dyn_cast_or_null<MemberExpr>(P))
    if (const auto *Callee = dyn_cast<CXXMethodDecl>(ME->getMemberDecl()))
      return M.hasVerb(Callee, TakesOut);
  if (const auto *OCE = dyn_cast_or_null<CXXOperatorCallExpr>(P))
    return OCE->getOperator() == OO_Equal && OCE->getArg(0) == Child;
  if (const auto *CE = dyn_cast_or_null<CallExpr>(P)) {
    if (isStdMove(CE))
      return true;
    const FunctionDecl *FD = CE->getDirectCallee();
    if (!FD)
      return false;
    if (FD->getIdentifier() && FD->getName() == "swap")
      return true;
    for (unsigned I = 0; I < CE->getNumArgs() && I < FD->getNumParams(); ++I)
      if (CE->getArg(I) == Child) {
        QualType T = FD->getParamDecl(I)->getType();
        if (T->isReferenceType() && !T.getNonReferenceType().isConstQualified())
          return true;
      }
  }
  return false;
}

/// Does any reference to \p Target (a member or a global) in \p Body
/// drain it?
bool drainedIn(const ValueDecl *Target, const Stmt *Body, const ApiModel &M) {
  struct Finder : RecursiveASTVisitor<Finder> {
    const ValueDecl *Target;
    const ParentMap *PM;
    const ApiModel *M;
    bool Drained = false;
    bool VisitMemberExpr(MemberExpr *ME) {
      if (ME->getMemberDecl() == Target && isDrainUse(ME, *PM, *M))
        Drained = true;
      return !Drained;
    }
    bool VisitDeclRefExpr(DeclRefExpr *DRE) {
      if (DRE->getDecl() == Target && isDrainUse(DRE, *PM, *M))
        Drained = true;
      return !Drained;
    }
  };
  ParentMap PM(const_cast<Stmt *>(Body));
  Finder Fd;
  Fd.Target = Target;
  Fd.PM = &PM;
  Fd.M = &M;
  Fd.TraverseStmt(const_cast<Stmt *>(Body));
  return Fd.Drained;
}

} // namespace

bool RetentionAnalysis::Impl::drained(const FieldDecl *F, bool &Visible) {
  Visible = true;
  const auto *RD = dyn_cast<CXXRecordDecl>(F->getParent());
  if (!RD || RD->hasFriends())
    Visible = false;
  if (!RD)
    return false;
  for (const Decl *Member : RD->decls()) {
    const auto *MD = dyn_cast<CXXMethodDecl>(Member);
    if (const auto *FTD = dyn_cast<FunctionTemplateDecl>(Member))
      MD = dyn_cast<CXXMethodDecl>(FTD->getTemplatedDecl());
    if (!MD || MD->isImplicit() || MD->isDeleted() || MD->isDefaulted() ||
        MD->isPureVirtual())
      continue;
    const FunctionDecl *Def = nullptr;
    if (!MD->hasBody(Def) || !Def) {
      Visible = false;
      continue;
    }
    if (drainedIn(F, Def->getBody(), Model))
      return true;
  }
  // A public member can be drained from outside the class.
  if (F->getAccess() == AS_public)
    for (const auto &B : Bodies)
      if (drainedIn(F, B.second, Model))
        return true;
  return false;
}

void RetentionAnalysis::Impl::scan(const Decl *D, const Stmt *Body) {
  ParentMap PM(const_cast<Stmt *>(Body));
  const SourceManager &SM = Ctx.getSourceManager();

  struct Scanner : RecursiveASTVisitor<Scanner> {
    Impl &I;
    const Decl *D;
    const SourceManager &SM;
    llvm::DenseMap<const VarDecl *, const CXXRecordDecl *> Heap;
    struct Reset {
      const void *Place; ///< the member or the global reset
      SourceLocation Where;
    };
    std::vector<Reset> Resets;
    std::vector<Consume> Consumes;

    Scanner(Impl &I, const Decl *D, const SourceManager &SM)
        : I(I), D(D), SM(SM) {}

    bool isLocalVar(const VarDecl *VD) const {
      return VD && VD->hasLocalStorage() && !VD->getType()->isReferenceType();
    }

    void noteHeap(const VarDecl *VD, const Expr *Init) {
      const auto *NE = dyn_cast_or_null<CXXNewExpr>(skipTransparent(Init));
      if (NE && !NE->isArray() && isLocalVar(VD))
        if (const CXXRecordDecl *RD = NE->getAllocatedType()->getAsCXXRecordDecl())
          Heap[VD] = RD;
    }

    /// A store of \p V into field \p F of the object \p Base designates.
    void store(const Stmt *At, const Expr *Base, const FieldDecl *F,
               const Expr *V) {
      const VarDecl *Obj = varOf(Base);
      const CXXRecordDecl *RD = pointeeRecord(Base->getType());
      bool Heap = Obj && this->Heap.count(Obj);
      bool LongLived = I.isLongLivedType(RD);
      if (!Heap && !LongLived)
        return;
      LongLivedStore S;
      S.Store = At;
      S.Type = Heap ? this->Heap.lookup(Obj) : RD;
      S.Field = F;
      if (const ResourceKind *K = I.retainedKind(V->getType())) {
        S.Kind = K;
      } else if (F && F->getType()->isPointerType() &&
                 I.retainedKind(F->getType()->getPointeeType())) {
        // A pointer to the caller's ThreadSafeModule.
        const Expr *X = skipTransparent(V);
        if (const auto *UO = dyn_cast<UnaryOperator>(X);
            UO && UO->getOpcode() == UO_AddrOf)
          X = skipTransparent(UO->getSubExpr());
        const VarDecl *P = varOf(X);
        if (!P || !isa<ParmVarDecl>(P))
          return;
        S.Kind = I.retainedKind(F->getType()->getPointeeType());
        S.CallerModule = P;
      } else {
        return;
      }
      I.Stores.push_back({S, Heap ? Obj : nullptr, D});
    }

    bool VisitVarDecl(VarDecl *VD) {
      if (VD->getInit())
        noteHeap(VD, VD->getInit());
      return true;
    }

    // Lambdas are scanned as functions of their own.
    bool TraverseLambdaExpr(LambdaExpr *) { return true; }

    bool VisitCXXNewExpr(CXXNewExpr *NE) {
      // new Desc{std::move(TSM)} / new Desc(std::move(TSM)): the object is
      // the variable it initialises, or what is returned.
      const CXXRecordDecl *RD = NE->getAllocatedType()->getAsCXXRecordDecl();
      const Expr *Init = NE->getInitializer();
      if (!RD || !Init)
        return true;
      llvm::SmallVector<std::pair<const Expr *, const FieldDecl *>, 4> Args;
      if (const auto *IL = dyn_cast<InitListExpr>(Init)) {
        auto FI = RD->field_begin();
        for (const Expr *E : IL->inits()) {
          Args.push_back({E, FI != RD->field_end() ? *FI : nullptr});
          if (FI != RD->field_end())
            ++FI;
        }
      } else if (const auto *CE = dyn_cast<CXXConstructExpr>(Init)) {
        for (unsigned N = 0; N < CE->getNumArgs(); ++N)
          Args.push_back({CE->getArg(N),
                          fieldInitializedFrom(CE->getConstructor(), N)});
      } else if (const auto *PL = dyn_cast<ParenListExpr>(Init)) {
        for (unsigned N = 0; N < PL->getNumExprs(); ++N)
          Args.push_back({PL->getExpr(N), nullptr});
      }
      for (const auto &[E, F] : Args)
        if (const ResourceKind *K = I.retainedKind(E->getType())) {
          LongLivedStore S;
          S.Store = NE;
          S.Kind = K;
          S.Type = RD;
          S.Field = F;
          // The object is the variable initialised by it, if any.
          const VarDecl *Obj = nullptr;
          for (const Stmt *P = PMap->getParent(NE); P; P = PMap->getParent(P)) {
            if (const auto *DS = dyn_cast<DeclStmt>(P)) {
              for (const Decl *Dc : DS->decls())
                if (const auto *VD = dyn_cast<VarDecl>(Dc))
                  if (VD->getInit() && skipTransparent(VD->getInit()) == NE)
                    Obj = VD;
              break;
            }
            if (const auto *RS = dyn_cast<ReturnStmt>(P)) {
              I.Stores.push_back({S, nullptr, D});
              I.Stores.back().Fact.Escape = RS;
              I.EscapingTypes.insert(RD);
              break;
            }
            if (!isa<Expr>(P))
              break;
          }
          if (Obj)
            I.Stores.push_back({S, Obj, D});
        }
      return true;
    }

    bool VisitBinaryOperator(BinaryOperator *BO) {
      if (BO->getOpcode() != BO_Assign)
        return true;
      assign(BO, BO->getLHS(), BO->getRHS());
      return true;
    }

    bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *OCE) {
      if (OCE->getOperator() != OO_Equal || OCE->getNumArgs() != 2)
        return true;
      // G[K] = std::move(TSM) on a global container.
      if (const auto *Sub = dyn_cast<CXXOperatorCallExpr>(
              OCE->getArg(0)->IgnoreParenImpCasts());
          Sub && Sub->getOperator() == OO_Subscript)
        if (const ResourceKind *K = I.retainedKind(OCE->getArg(1)->getType()))
          appendTo(OCE, Sub->getArg(0), K);
      assign(OCE, OCE->getArg(0), OCE->getArg(1));
      return true;
    }

    void assign(const Stmt *At, const Expr *LHS, const Expr *RHS) {
      // D = new T.
      if (const VarDecl *VD = varOf(LHS)) {
        if (isLocalVar(VD))
          noteHeap(VD, RHS);
        // Storing a heap local anywhere but a local: it escapes.
      }
      const VarDecl *Src = varOf(RHS);
      const VarDecl *Dst = varOf(LHS);
      if (Src && Heap.count(Src) && !(Dst && isLocalVar(Dst)))
        I.Escapes.try_emplace({D, Src}, At);
      if (Dst && Dst->hasGlobalStorage() && isDefaultThreadSafeModule(RHS))
        Resets.push_back({Dst, At->getBeginLoc()});
      if (const MemberExpr *ME = fieldAccess(LHS)) {
        const auto *F = cast<FieldDecl>(ME->getMemberDecl());
        if (isDefaultThreadSafeModule(RHS)) {
          Resets.push_back({F, At->getBeginLoc()});
          return;
        }
        store(At, ME->getBase(), F, RHS);
      }
    }

    void appendTo(const Stmt *Call, const Expr *Container,
                  const ResourceKind *K) {
      const Expr *C = skipTransparent(Container);
      if (const VarDecl *VD = varOf(C)) {
        if (VD->hasGlobalStorage())
          I.Appends.push_back({Call, K, VD, false});
        return;
      }
      if (const MemberExpr *ME = fieldAccess(C)) {
        if (isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts())) {
          const auto *F = cast<FieldDecl>(ME->getMemberDecl());
          I.Appends.push_back({Call, K, F, true});
        }
      }
    }

    bool VisitCXXMemberCallExpr(CXXMemberCallExpr *MCE) {
      const CXXMethodDecl *MD = MCE->getMethodDecl();
      if (!MD || !MD->getIdentifier())
        return true;
      StringRef Name = MD->getName();
      const Expr *Obj = MCE->getImplicitObjectArgument();
      if (I.Model.hasVerb(MD, Adds)) {
        // emplace_back(std::move(M), Ctx) builds a ThreadSafeModule: name
        // the element, not the first argument that looks like one.
        const ResourceKind *Element = nullptr;
        if (const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
                Obj->getType().getNonReferenceType()->getAsCXXRecordDecl());
            Spec && Spec->getTemplateArgs().size() &&
            Spec->getTemplateArgs()[0].getKind() == TemplateArgument::Type)
          Element = I.retainedKind(Spec->getTemplateArgs()[0].getAsType());
        for (const Expr *A : MCE->arguments())
          if (const ResourceKind *K0 = I.retainedKind(A->getType())) {
            const ResourceKind *K = Element ? Element : K0;
            const Expr *C = skipTransparent(Obj);
            if (const MemberExpr *ME = fieldAccess(C);
                ME && !isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts())) {
              // D->Modules.push_back(TSM): a field of the object.
              const VarDecl *ObjVar = varOf(ME->getBase());
              const CXXRecordDecl *RD = pointeeRecord(ME->getBase()->getType());
              if ((ObjVar && Heap.count(ObjVar)) || I.isLongLivedType(RD)) {
                LongLivedStore S;
                S.Store = MCE;
                S.Kind = K;
                S.Type = ObjVar && Heap.count(ObjVar) ? Heap.lookup(ObjVar) : RD;
                S.Field = cast<FieldDecl>(ME->getMemberDecl());
                I.Stores.push_back(
                    {S, ObjVar && Heap.count(ObjVar) ? ObjVar : nullptr, D});
              }
            } else {
              appendTo(MCE, Obj, K);
            }
            break;
          }
      }
      // A lambda that takes the module by lvalue reference cannot move it
      // out: the ThreadSafeModule is not emptied.
      bool TakesByReference = false;
      if (MCE->getNumArgs() == 1)
        if (const auto *LE =
                dyn_cast<LambdaExpr>(skipTransparent(MCE->getArg(0))))
          if (LE->getCallOperator()->getNumParams() == 1 &&
              LE->getCallOperator()
                  ->getParamDecl(0)
                  ->getType()
                  ->isLValueReferenceType())
            TakesByReference = true;
      if (I.Model.hasVerb(MD, TakesModuleOut) && !TakesByReference) {
        const Expr *Place = skipTransparent(Obj);
        Consume C{MCE, Place, nullptr, nullptr, nullptr, false, false};
        if (const MemberExpr *ME = fieldAccess(Place)) {
          C.Field = cast<FieldDecl>(ME->getMemberDecl());
          C.Key = C.Field;
          C.Base = pointeeRecord(ME->getBase()->getType());
        } else if (const VarDecl *VD = varOf(Place)) {
          C.Global = VD->hasGlobalStorage();
          C.Key = VD;
        }
        Consumes.push_back(C);
      }
      return true;
    }

    bool VisitReturnStmt(ReturnStmt *RS) {
      if (const VarDecl *VD = varOf(RS->getRetValue()); VD && Heap.count(VD))
        I.Escapes.try_emplace({D, VD}, RS);
      return true;
    }

    bool VisitCXXDeleteExpr(CXXDeleteExpr *DE) {
      const Expr *Arg = DE->getArgument()->IgnoreParenImpCasts();
      const VarDecl *VD = varOf(Arg);
      if (VD)
        I.Deleted.insert({D, VD});
      // An object allocated and deleted in the same function says nothing
      // about how handed-out objects of its type are released.
      if (VD && Heap.count(VD))
        return true;
      if (const CXXRecordDecl *RD = pointeeRecord(Arg->getType()))
        noteDelete(RD, DE, VD);
      return true;
    }

    /// Records where a type is deleted, preferring a delete that runs on
    /// every path of its function (a dedicated release function) over one
    /// under a condition (jl_dump_native deletes only without outputs).
    void noteDelete(const CXXRecordDecl *RD, const Stmt *At,
                    const VarDecl *Deleted = nullptr) {
      // A callback may never run: a delete inside a lambda is conditional.
      const auto *MD = dyn_cast<CXXMethodDecl>(D);
      bool Unconditional = !(MD && MD->getParent()->isLambda());
      for (const Stmt *P = PMap->getParent(At); P; P = PMap->getParent(P)) {
        // `if (P) delete P;` is a null guard, not a condition.
        if (const auto *If = dyn_cast<IfStmt>(P))
          if (Deleted && !If->getElse())
            if (const auto *C = dyn_cast<DeclRefExpr>(
                    If->getCond()->IgnoreParenImpCasts()))
              if (C->getDecl() == Deleted)
                continue;
        if (isa<IfStmt>(P) || isa<SwitchStmt>(P) || isa<ForStmt>(P) ||
            isa<WhileStmt>(P) || isa<DoStmt>(P) || isa<CXXForRangeStmt>(P) ||
            isa<AbstractConditionalOperator>(P) || isa<CXXTryStmt>(P) ||
            (isa<BinaryOperator>(P) && cast<BinaryOperator>(P)->isLogicalOp()))
          Unconditional = false;
      }
      TypeDelete &TD = I.Deletes[RD->getCanonicalDecl()];
      if (!TD.Where || (Unconditional && !TD.Unconditional))
        TD = TypeDelete{At, dyn_cast<FunctionDecl>(D), Unconditional};
    }

    bool VisitCallExpr(CallExpr *CE) {
      if (!I.isReleaseCall(CE))
        return true;
      for (const Expr *A : CE->arguments()) {
        if (const VarDecl *VD = varOf(A))
          I.Deleted.insert({D, VD});
        if (const CXXRecordDecl *RD =
                pointeeRecord(A->IgnoreParenImpCasts()->getType()))
          noteDelete(RD, CE);
      }
      return true;
    }

    bool VisitCXXConstructExpr(CXXConstructExpr *CE) {
      // Adopted by a smart pointer: deleted by it.
      const CXXConstructorDecl *Ctor = CE->getConstructor();
      if (Ctor && I.Model.find(Ctor, Effect::Consumes, 0) && CE->getNumArgs() &&
          CE->getArg(0)->getType()->isPointerType()) {
        const VarDecl *VD = varOf(CE->getArg(0));
        if (VD)
          I.Deleted.insert({D, VD});
        // `std::unique_ptr<T> Owner(static_cast<T *>(P));` frees a T.
        if (!(VD && Heap.count(VD)))
          if (const CXXRecordDecl *RD =
                  pointeeRecord(CE->getArg(0)->IgnoreParenImpCasts()->getType()))
            noteDelete(RD, CE, VD);
      }
      return true;
    }

    ParentMap *PMap = nullptr;
  } S(*this, D, SM);
  S.PMap = &PM;
  S.TraverseStmt(const_cast<Stmt *>(Body));

  // Where the heap objects stored into escape, and which types escape.
  for (const auto &E : Escapes)
    if (E.first.first == D)
      if (const CXXRecordDecl *RD = S.Heap.lookup(E.first.second))
        EscapingTypes.insert(RD);

  for (const auto &R : S.Resets)
    ResetPlaces[R.Place].insert(D);
  // A consumingModuleDo followed, later in the function, by a reset of the
  // same member is fine.
  for (Consume &C : S.Consumes) {
    C.Function = D;
    for (const auto &R : S.Resets)
      if (C.Key && R.Place == C.Key &&
          SM.isBeforeInTranslationUnit(C.Call->getBeginLoc(), R.Where))
        C.ResetAfter = true;
    Consumes.push_back(C);
  }
}

RetentionAnalysis::RetentionAnalysis(const ApiModel &Model, ASTContext &Ctx,
                                     std::vector<std::string> LongLivedTypes)
    : P(std::make_unique<Impl>(Model, Ctx, std::move(LongLivedTypes))) {}

RetentionAnalysis::~RetentionAnalysis() = default;

const ResourceKind *RetentionAnalysis::retainedKind(QualType T) const {
  return P->retainedKind(T);
}

void RetentionAnalysis::addFunction(const Decl *D, const Stmt *Body) {
  if (D && Body) {
    P->Bodies.emplace_back(D, Body);
    P->scan(D, Body);
  }
}

RetentionResult RetentionAnalysis::finish() {
  RetentionResult R;
  R.Deletes = P->Deletes;
  for (Impl::PendingStore &S : P->Stores) {
    LongLivedStore F = S.Fact;
    // A type with a dedicated release function (one that deletes it on
    // every path) is handed out on purpose; the caller is to call it.
    auto Del = P->Deletes.find(F.Type->getCanonicalDecl());
    if (!F.CallerModule && Del != P->Deletes.end() && Del->second.Unconditional)
      continue;
    if (S.Object) {
      // A heap object: only if it escapes as a raw pointer and this
      // function does not delete it first.
      if (P->Deleted.count({S.Function, S.Object}))
        continue;
      auto It = P->Escapes.find({S.Function, S.Object});
      if (It == P->Escapes.end())
        continue;
      F.Escape = It->second;
    } else if (!F.Escape && !P->isLongLivedType(F.Type)) {
      continue;
    }
    R.Stores.push_back(F);
  }
  for (const LongLivedAppend &A : P->Appends) {
    if (!A.Member) {
      // A global container drained by some function of the file is a queue.
      bool Drained = false;
      for (const auto &B : P->Bodies)
        Drained = Drained ||
                  drainedIn(cast<ValueDecl>(A.Container), B.second, P->Model);
      if (!Drained)
        R.Appends.push_back(A);
      continue;
    }
    bool Visible = true;
    const auto *F = cast<FieldDecl>(A.Container);
    if (!P->drained(F, Visible) && Visible)
      R.Appends.push_back(A);
  }
  for (const Impl::Consume &C : P->Consumes) {
    // Reset later in the same function, or by a function of its own (the
    // "release the emptied module" helper a caller runs after taking it).
    if (C.ResetAfter)
      continue;
    // A dedicated release function: resets the member without taking a
    // module out of it itself (a take-and-reset elsewhere proves nothing
    // about this take).
    if (auto It = C.Key ? P->ResetPlaces.find(C.Key) : P->ResetPlaces.end();
        It != P->ResetPlaces.end() &&
        llvm::any_of(It->second, [&](const Decl *F) {
          return llvm::none_of(P->Consumes, [&](const Impl::Consume &O) {
            return O.Key == C.Key && O.Function == F;
          });
        }))
      continue;
    bool LongLived = C.Global || (C.Base && (P->EscapingTypes.count(C.Base) ||
                                             P->isLongLivedType(C.Base)));
    if (LongLived)
      R.Shells.push_back({C.Call, C.Place});
  }
  return R;
}

} // namespace clang::tidy::llvmown

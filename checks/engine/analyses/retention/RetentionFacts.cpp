//===- RetentionFacts.cpp -------------------------------------------------===//

#include "engine/analyses/retention/RetentionFacts.h"
#include "engine/framework/AstHelpers.h"
#include "engine/framework/CallSite.h"
#include "engine/framework/NameMatcher.h"
#include "engine/framework/StmtSequence.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"

namespace clang::tidy::llvmown {

const ResourceKind *RetentionTypes::retainedKind(QualType T) const {
  if (T.isNull() || T->isPointerType() || T->isReferenceType())
    return nullptr;
  const ResourceKind *K = Model.kindOfValue(T);
  if (K && K->is(KindProperty::PinsContext))
    return K;
  return nullptr;
}

bool RetentionTypes::isLongLivedType(const CXXRecordDecl *RD) const {
  if (!RD)
    return false;
  for (const std::string &N : LongLived)
    if (declHasQualifiedName(RD, N))
      return true;
  return false;
}

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

/// A local object of the function (a reference refers to one elsewhere).
bool isLocalVar(const VarDecl *VD) {
  return VD && VD->hasLocalStorage() && !VD->getType()->isReferenceType();
}

/// The object whose field \p E designates: `D->F` gives D's expression.
const MemberExpr *fieldAccess(const Expr *E) {
  const auto *ME =
      dyn_cast_or_null<MemberExpr>(E ? E->IgnoreParenImpCasts() : nullptr);
  if (!ME || !isa<FieldDecl>(ME->getMemberDecl()))
    return nullptr;
  return ME;
}

/// The member that the constructor called by \p CS initialises from its
/// parameter \p N (`: M(std::move(TSM))`), if it can tell.
const FieldDecl *fieldInitializedFrom(const CallSite &CS, unsigned N) {
  const auto *Ctor = dyn_cast_or_null<CXXConstructorDecl>(CS.Callee);
  if (!Ctor || N >= Ctor->getNumParams())
    return nullptr;
  const ParmVarDecl *P = Ctor->getParamDecl(N);
  if (const auto *Def =
          dyn_cast_or_null<CXXConstructorDecl>(Ctor->getDefinition()))
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

/// The values a `new T{...}` or `new T(...)` initialiser \p Init passes,
/// each with the field of \p RD it initialises, if known.
llvm::SmallVector<std::pair<const Expr *, const FieldDecl *>, 4>
initializedFields(const CXXRecordDecl *RD, const Expr *Init) {
  llvm::SmallVector<std::pair<const Expr *, const FieldDecl *>, 4> Args;
  if (const auto *IL = dyn_cast<InitListExpr>(Init)) {
    auto FI = RD->field_begin();
    for (const Expr *E : IL->inits()) {
      Args.push_back({E, FI != RD->field_end() ? *FI : nullptr});
      if (FI != RD->field_end())
        ++FI;
    }
  } else if (std::optional<CallSite> CS = CallSite::of(Init);
             CS && CS->isConstruction()) {
    for (unsigned N = 0; N < CS->Args.size(); ++N)
      Args.push_back({CS->Args[N], fieldInitializedFrom(*CS, N)});
  } else if (const auto *PL = dyn_cast<ParenListExpr>(Init)) {
    for (unsigned N = 0; N < PL->getNumExprs(); ++N)
      Args.push_back({PL->getExpr(N), nullptr});
  }
  return Args;
}

bool isDefaultThreadSafeModule(const Expr *E) {
  E = skipTransparent(E);
  if (const auto *CE = dyn_cast_or_null<CXXConstructExpr>(E))
    return CE->getNumArgs() == 0;
  if (const auto *IL = dyn_cast_or_null<InitListExpr>(E))
    return IL->getNumInits() == 0;
  return isa_and_nonnull<CXXScalarValueInitExpr>(E);
}

/// The caller's ThreadSafeModule whose address \p V is (`&TSM` of a
/// parameter), if any.
const ParmVarDecl *callerModule(const Expr *V) {
  const Expr *X = skipTransparent(V);
  if (const auto *UO = dyn_cast<UnaryOperator>(X);
      UO && UO->getOpcode() == UO_AddrOf)
    X = skipTransparent(UO->getSubExpr());
  return dyn_cast_or_null<ParmVarDecl>(varOf(X));
}

/// A lambda that takes the module by lvalue reference cannot move it out:
/// a consumingModuleDo with one does not empty the ThreadSafeModule.
bool lambdaTakesByReference(const CallSite &CS) {
  if (CS.Args.size() != 1)
    return false;
  const auto *LE = dyn_cast<LambdaExpr>(skipTransparent(CS.Args[0]));
  if (!LE)
    return false;
  const CXXMethodDecl *Op = LE->getCallOperator();
  return Op->getNumParams() == 1 &&
         Op->getParamDecl(0)->getType()->isLValueReferenceType();
}

bool isReleaseCall(const CallSite &CS, const ApiModel &Model) {
  if (!CS.Callee)
    return false;
  for (unsigned I = 0; I < CS.Args.size(); ++I)
    if (Model.releasesOrConsumes(CS.Callee, I))
      return true;
  return false;
}

/// What one function body does that the retention verdicts read: heap
/// objects (locals initialised by `new`), their escapes and deletes, stores
/// into them and into long-lived handles, appends to containers, and
/// modules taken out of ThreadSafeModules. It reads the unit index's nodes
/// of the body, which leave out lambdas (functions of their own).
class RetentionCollector : public IndexedNodes<RetentionCollector> {
public:
  RetentionCollector(const Decl *D, const Stmt *Body, const UnitIndex &Index,
                     const RetentionTypes &Types, RetentionFacts &Facts)
      : D(D), Body(Body), Types(Types), Facts(Facts), PM(Index.parents(Body)) {}

  /// Adds what the nodes showed to the facts of the translation unit.
  void commit();

  void visitDecl(const DeclStmt *DS) {
    for (const Decl *Dc : DS->decls())
      if (const auto *VD = dyn_cast<VarDecl>(Dc); VD && VD->getInit())
        noteHeap(VD, VD->getInit());
  }
  void visitNew(const CXXNewExpr *NE);
  void visitAssign(const BinaryOperator *BO) {
    if (BO->getOpcode() == BO_Assign)
      assign(BO, BO->getLHS(), BO->getRHS());
  }
  void visitOperatorCall(const CXXOperatorCallExpr *OCE);
  void visitMemberCall(const CXXMemberCallExpr *MCE);
  void visitReturn(const ReturnStmt *RS) {
    if (const VarDecl *VD = varOf(RS->getRetValue()); isHeap(VD))
      Facts.Escapes.try_emplace({D, VD}, RS);
  }
  void visitDelete(const CXXDeleteExpr *DE);
  void visitCall(const CallExpr *CE);
  void visitConstruct(const CXXConstructExpr *CE);

private:
  bool isHeap(const VarDecl *VD) const { return VD && Heap.count(VD); }
  void noteHeap(const VarDecl *VD, const Expr *Init);
  std::optional<RetentionFacts::PendingStore>
  storeInto(const Stmt *At, const Expr *Base, const FieldDecl *F) const;
  void store(const Stmt *At, const Expr *Base, const FieldDecl *F,
             const Expr *V);
  void storeNew(const CXXNewExpr *NE, LongLivedStore S);
  void assign(const Stmt *At, const Expr *LHS, const Expr *RHS);
  void appendTo(const Stmt *Call, const Expr *Container, const ResourceKind *K);
  const ResourceKind *elementKind(QualType Container) const;
  void noteAdd(const CallSite &CS);
  void noteModuleTaken(const CallSite &CS);
  bool runsOnEveryPath(const Stmt *At, const VarDecl *Deleted) const;
  void noteDelete(const CXXRecordDecl *RD, const Stmt *At,
                  const VarDecl *Deleted = nullptr);

  /// Order and "every path" in this function, built on first use (few
  /// functions delete or reset what the scan follows).
  const StmtSequence &sequence() const {
    if (!Sequence)
      Sequence = std::make_unique<StmtSequence>(D, Body, D->getASTContext());
    return *Sequence;
  }

  const Decl *D;
  const Stmt *Body;
  const RetentionTypes &Types;
  RetentionFacts &Facts;
  const ParentMap &PM;
  mutable std::unique_ptr<StmtSequence> Sequence;
  /// The heap locals and the class each was allocated as.
  llvm::DenseMap<const VarDecl *, const CXXRecordDecl *> Heap;
  struct Reset {
    const void *Place; ///< the member or the global reset
    const Stmt *At;
  };
  std::vector<Reset> Resets;
  std::vector<RetentionFacts::Consume> Consumes;
};

void RetentionCollector::noteHeap(const VarDecl *VD, const Expr *Init) {
  const auto *NE = dyn_cast_or_null<CXXNewExpr>(skipTransparent(Init));
  if (NE && !NE->isArray() && isLocalVar(VD))
    if (const CXXRecordDecl *RD = NE->getAllocatedType()->getAsCXXRecordDecl())
      Heap[VD] = RD;
}

/// A store at \p At into field \p F of the object \p Base designates, if
/// that object outlives the function (a heap local or a long-lived handle);
/// the caller fills in the kind.
std::optional<RetentionFacts::PendingStore>
RetentionCollector::storeInto(const Stmt *At, const Expr *Base,
                              const FieldDecl *F) const {
  const VarDecl *Obj = varOf(Base);
  const CXXRecordDecl *RD = pointeeRecord(Base->getType());
  bool OnHeap = isHeap(Obj);
  if (!OnHeap && !Types.isLongLivedType(RD))
    return std::nullopt;
  RetentionFacts::PendingStore P{{}, OnHeap ? Obj : nullptr, D};
  P.Fact.Store = At;
  P.Fact.Type = OnHeap ? Heap.lookup(Obj) : RD;
  P.Fact.Field = F;
  return P;
}

/// A store of \p V into field \p F of the object \p Base designates.
void RetentionCollector::store(const Stmt *At, const Expr *Base,
                               const FieldDecl *F, const Expr *V) {
  std::optional<RetentionFacts::PendingStore> P = storeInto(At, Base, F);
  if (!P)
    return;
  if (const ResourceKind *K = Types.retainedKind(V->getType())) {
    P->Fact.Kind = K;
  } else if (F && F->getType()->isPointerType() &&
             Types.retainedKind(F->getType()->getPointeeType())) {
    // A pointer to the caller's ThreadSafeModule.
    P->Fact.CallerModule = callerModule(V);
    if (!P->Fact.CallerModule)
      return;
    P->Fact.Kind = Types.retainedKind(F->getType()->getPointeeType());
  } else {
    return;
  }
  Facts.Stores.push_back(*P);
}

void RetentionCollector::visitNew(const CXXNewExpr *NE) {
  // new Desc{std::move(TSM)} / new Desc(std::move(TSM)).
  const CXXRecordDecl *RD = NE->getAllocatedType()->getAsCXXRecordDecl();
  const Expr *Init = NE->getInitializer();
  if (!RD || !Init)
    return;
  for (const auto &[E, F] : initializedFields(RD, Init))
    if (const ResourceKind *K = Types.retainedKind(E->getType())) {
      LongLivedStore S;
      S.Store = NE;
      S.Kind = K;
      S.Type = RD;
      S.Field = F;
      storeNew(NE, S);
    }
}

/// Records store \p S made by \p NE: into the object the variable it
/// initialises holds, or into one that escapes where it is returned.
void RetentionCollector::storeNew(const CXXNewExpr *NE, LongLivedStore S) {
  for (const Stmt *P = PM.getParent(NE); P; P = PM.getParent(P)) {
    if (const auto *DS = dyn_cast<DeclStmt>(P)) {
      const VarDecl *Obj = nullptr;
      for (const Decl *Dc : DS->decls())
        if (const auto *VD = dyn_cast<VarDecl>(Dc))
          if (VD->getInit() && skipTransparent(VD->getInit()) == NE)
            Obj = VD;
      if (Obj)
        Facts.Stores.push_back({S, Obj, D});
      return;
    }
    if (const auto *RS = dyn_cast<ReturnStmt>(P)) {
      S.Escape = RS;
      Facts.Stores.push_back({S, nullptr, D});
      Facts.EscapingTypes.insert(S.Type);
      return;
    }
    if (!isa<Expr>(P))
      return;
  }
}

void RetentionCollector::visitOperatorCall(const CXXOperatorCallExpr *OCE) {
  CallSite CS = *CallSite::of(OCE);
  if (CS.op() != OO_Equal || !CS.Object || CS.Args.size() != 1)
    return;
  const Expr *LHS = CS.Object;
  const Expr *RHS = CS.Args[0];
  // G[K] = std::move(TSM) on a global container.
  if (std::optional<CallSite> Sub = CallSite::of(LHS->IgnoreParenImpCasts());
      Sub && Sub->op() == OO_Subscript && Sub->Object)
    if (const ResourceKind *K = Types.retainedKind(RHS->getType()))
      appendTo(OCE, Sub->Object, K);
  assign(OCE, LHS, RHS);
}

void RetentionCollector::assign(const Stmt *At, const Expr *LHS,
                                const Expr *RHS) {
  const VarDecl *Dst = varOf(LHS);
  // D = new T.
  if (isLocalVar(Dst))
    noteHeap(Dst, RHS);
  // Storing a heap local anywhere but a local: it escapes.
  if (const VarDecl *Src = varOf(RHS); isHeap(Src) && !isLocalVar(Dst))
    Facts.Escapes.try_emplace({D, Src}, At);
  if (Dst && Dst->hasGlobalStorage() && isDefaultThreadSafeModule(RHS))
    Resets.push_back({Dst, At});
  if (const MemberExpr *ME = fieldAccess(LHS)) {
    const auto *F = cast<FieldDecl>(ME->getMemberDecl());
    if (isDefaultThreadSafeModule(RHS)) {
      Resets.push_back({F, At});
      return;
    }
    store(At, ME->getBase(), F, RHS);
  }
}

void RetentionCollector::appendTo(const Stmt *Call, const Expr *Container,
                                  const ResourceKind *K) {
  const Expr *C = skipTransparent(Container);
  if (const VarDecl *VD = varOf(C)) {
    if (VD->hasGlobalStorage())
      Facts.Appends.push_back({Call, K, VD, false});
    return;
  }
  if (const FieldDecl *F = thisField(C))
    Facts.Appends.push_back({Call, K, F, true});
}

void RetentionCollector::visitMemberCall(const CXXMemberCallExpr *MCE) {
  CallSite CS = *CallSite::of(MCE);
  const auto *MD = dyn_cast_or_null<CXXMethodDecl>(CS.Callee);
  if (!MD || !MD->getIdentifier())
    return;
  if (Types.model().hasVerb(MD, Verb::Adds))
    noteAdd(CS);
  if (Types.model().hasVerb(MD, Verb::TakesModuleOut) &&
      !lambdaTakesByReference(CS))
    noteModuleTaken(CS);
}

/// The kind of the elements of \p Container if they pin a context:
/// emplace_back(std::move(M), Ctx) builds a ThreadSafeModule, so the
/// element is named, not the first argument that looks like one.
const ResourceKind *RetentionCollector::elementKind(QualType Container) const {
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      Container.getNonReferenceType()->getAsCXXRecordDecl());
  if (!Spec || !Spec->getTemplateArgs().size() ||
      Spec->getTemplateArgs()[0].getKind() != TemplateArgument::Type)
    return nullptr;
  return Types.retainedKind(Spec->getTemplateArgs()[0].getAsType());
}

/// A container of the object \p CS is called on gets an element.
void RetentionCollector::noteAdd(const CallSite &CS) {
  const ResourceKind *K = nullptr;
  for (const Expr *A : CS.Args)
    if ((K = Types.retainedKind(A->getType())))
      break;
  if (!K)
    return;
  if (const ResourceKind *Element = elementKind(CS.Object->getType()))
    K = Element;
  const MemberExpr *ME = fieldAccess(skipTransparent(CS.Object));
  if (!ME || isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts())) {
    appendTo(CS.Call, CS.Object, K);
    return;
  }
  // D->Modules.push_back(TSM): a field of the object.
  if (std::optional<RetentionFacts::PendingStore> P = storeInto(
          CS.Call, ME->getBase(), cast<FieldDecl>(ME->getMemberDecl()))) {
    P->Fact.Kind = K;
    Facts.Stores.push_back(*P);
  }
}

/// consumingModuleDo on a member or variable: the ThreadSafeModule is left
/// empty unless it is reset.
void RetentionCollector::noteModuleTaken(const CallSite &CS) {
  const Expr *Place = skipTransparent(CS.Object);
  RetentionFacts::Consume C{CS.Call, Place};
  if (const MemberExpr *ME = fieldAccess(Place)) {
    C.Key = cast<FieldDecl>(ME->getMemberDecl());
    C.Base = pointeeRecord(ME->getBase()->getType());
  } else if (const VarDecl *VD = varOf(Place)) {
    C.Global = VD->hasGlobalStorage();
    C.Key = VD;
  }
  Consumes.push_back(C);
}

void RetentionCollector::visitDelete(const CXXDeleteExpr *DE) {
  const Expr *Arg = DE->getArgument()->IgnoreParenImpCasts();
  const VarDecl *VD = varOf(Arg);
  if (VD)
    Facts.Deleted.insert({D, VD});
  // An object allocated and deleted in the same function says nothing
  // about how handed-out objects of its type are released.
  if (isHeap(VD))
    return;
  if (const CXXRecordDecl *RD = pointeeRecord(Arg->getType()))
    noteDelete(RD, DE, VD);
}

void RetentionCollector::visitCall(const CallExpr *CE) {
  CallSite CS = *CallSite::of(CE);
  if (!isReleaseCall(CS, Types.model()))
    return;
  for (const Expr *A : CS.Args) {
    if (const VarDecl *VD = varOf(A))
      Facts.Deleted.insert({D, VD});
    if (const CXXRecordDecl *RD =
            pointeeRecord(A->IgnoreParenImpCasts()->getType()))
      noteDelete(RD, CE);
  }
}

void RetentionCollector::visitConstruct(const CXXConstructExpr *CE) {
  // Adopted by a smart pointer: deleted by it.
  CallSite CS = *CallSite::of(CE);
  const Expr *Arg = CS.arg(0);
  if (!CS.Callee || !Types.model().find(CS.Callee, Effect::Consumes, 0) ||
      !Arg || !Arg->getType()->isPointerType())
    return;
  const VarDecl *VD = varOf(Arg);
  if (VD)
    Facts.Deleted.insert({D, VD});
  // `std::unique_ptr<T> Owner(static_cast<T *>(P));` frees a T.
  if (!isHeap(VD))
    if (const CXXRecordDecl *RD =
            pointeeRecord(Arg->IgnoreParenImpCasts()->getType()))
      noteDelete(RD, CE, VD);
}

/// True if \p At, which deletes \p Deleted (if known), runs on every path
/// of its function on which \p Deleted is not null.
bool RetentionCollector::runsOnEveryPath(const Stmt *At,
                                         const VarDecl *Deleted) const {
  // A callback may never run: a delete inside a lambda is conditional.
  if (const auto *MD = dyn_cast<CXXMethodDecl>(D);
      MD && MD->getParent()->isLambda())
    return false;
  return sequence().onEveryPath(At, Deleted);
}

/// Records where a type is deleted, preferring a delete that runs on every
/// path of its function (a dedicated release function) over one under a
/// condition (jl_dump_native deletes only without outputs).
void RetentionCollector::noteDelete(const CXXRecordDecl *RD, const Stmt *At,
                                    const VarDecl *Deleted) {
  bool Unconditional = runsOnEveryPath(At, Deleted);
  TypeDelete &TD = Facts.Deletes[RD->getCanonicalDecl()];
  if (!TD.Where || (Unconditional && !TD.Unconditional))
    TD = TypeDelete{At, dyn_cast<FunctionDecl>(D), Unconditional};
}

void RetentionCollector::commit() {
  // Which types of the heap objects stored into escape.
  for (const auto &E : Facts.Escapes)
    if (E.first.first == D)
      if (const CXXRecordDecl *RD = Heap.lookup(E.first.second))
        Facts.EscapingTypes.insert(RD);
  for (const Reset &R : Resets)
    Facts.ResetPlaces[R.Place].insert(D);
  // A consumingModuleDo that a reset of the same member follows on every
  // path is fine.
  for (RetentionFacts::Consume &C : Consumes) {
    C.Function = D;
    llvm::SmallVector<const Stmt *, 2> Then;
    for (const Reset &R : Resets)
      if (C.Key && R.Place == C.Key)
        Then.push_back(R.At);
    C.ResetAfter = !Then.empty() && sequence().alwaysFollowedBy(C.Call, Then);
    Facts.Consumes.push_back(C);
  }
}

} // namespace

void collectRetention(const Decl *D, const Stmt *Body, const UnitIndex &Index,
                      const RetentionTypes &Types, RetentionFacts &Facts) {
  RetentionCollector C(D, Body, Index, Types, Facts);
  C.visitNodes(Index.nodes(Body));
  C.commit();
}

} // namespace clang::tidy::llvmown

//===- JitCallFacts.cpp - what one function does with a JIT --------------===//
//
// What a function does with a JIT, read from the unit index's nodes of its
// body: adds without a tracker, what frees code, static trackers and their
// resets, modules kept in members. The verdicts are JitResourceAnalysis.cpp's.
//
//===----------------------------------------------------------------------===//

#include "engine/analyses/jit/JitResourceAnalysis.h"
#include "engine/analyses/jit/TrackerFlow.h"
#include "engine/framework/AstHelpers.h"
#include "engine/framework/CallSite.h"
#include "engine/framework/Environment.h"
#include "engine/framework/NameMatcher.h"
#include "engine/model/UnitIndex.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMap.h"
#include "clang/Basic/SourceManager.h"

namespace clang::tidy::llvmown {

namespace {

/// The member of `this` through which \p E reaches an object (`J->`,
/// `this->ES`, `MainJD`, `J->getMainJITDylib()`, `*TSCtx.getContext()`),
/// or null.
const FieldDecl *thisMemberRoot(const Expr *E, const ApiModel &M) {
  for (unsigned Depth = 0; E && Depth < 8; ++Depth) {
    E = M.rootOf(E);
    if (const auto *ME = dyn_cast_or_null<MemberExpr>(E)) {
      if (isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()))
        return dyn_cast<FieldDecl>(ME->getMemberDecl());
      E = ME->getBase();
      continue;
    }
    if (const auto *MCE = dyn_cast_or_null<CXXMemberCallExpr>(E)) {
      E = MCE->getImplicitObjectArgument();
      continue;
    }
    return nullptr;
  }
  return nullptr;
}

/// A container that owns modules: one of its element types (or their
/// template arguments, for a map's pairs) is a std::unique_ptr or
/// std::shared_ptr of an llvm::Module. ThreadSafeModules are left to
/// llvmown-retained-thread-safe-module.
bool holdsModules(QualType T, const ApiModel &M, unsigned Depth = 0) {
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      T.getNonReferenceType()->getAsCXXRecordDecl());
  if (!Spec || Depth > 2)
    return false;
  for (const TemplateArgument &Arg : Spec->getTemplateArgs().asArray()) {
    if (Arg.getKind() != TemplateArgument::Type)
      continue;
    QualType A = Arg.getAsType();
    const ResourceKind *K = M.kindOfValue(A);
    if (K && K->Id == KindId::Module && !A->isPointerType() &&
        ApiModel::heldClass(A))
      return true;
    if (holdsModules(A, M, Depth + 1))
      return true;
  }
  return false;
}

/// The member of `this` or the variable with static storage that \p E
/// names, if it can outlive a request; null otherwise.
const NamedDecl *longLivedHolder(const Expr *E) {
  if (!E)
    return nullptr;
  if (const FieldDecl *F = thisField(E))
    return F->getCanonicalDecl();
  const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  return VD && VD->hasGlobalStorage() ? VD->getCanonicalDecl() : nullptr;
}

QualType holderType(const NamedDecl *D) {
  if (const auto *VD = dyn_cast<ValueDecl>(D))
    return VD->getType();
  return QualType();
}

/// `(N = nextRequest())`: the read-and-test idiom.
bool readsResult(const Stmt *S) {
  if (!S)
    return false;
  if (const auto *A = dyn_cast<BinaryOperator>(S);
      A && A->getOpcode() == BO_Assign &&
      isa<CallExpr>(A->getRHS()->IgnoreParenImpCasts()))
    return true;
  return llvm::any_of(S->children(), readsResult);
}

/// The loop an add in it repeats per request: `while`, `do` and `for(;;)`.
/// A range-for or a `for` with a condition walks a fixed set of inputs.
bool isRequestLoop(const Stmt *S, const ApiModel &M) {
  const Expr *Cond = nullptr;
  if (const auto *W = dyn_cast<WhileStmt>(S))
    Cond = W->getCond();
  else if (const auto *D = dyn_cast<DoStmt>(S))
    Cond = D->getCond();
  else if (const auto *F = dyn_cast<ForStmt>(S))
    return !F->getCond();
  else
    return false;
  // `while (!Pending.empty())`, `while (I < N)`: draining or counting
  // through what is already there, not waiting for requests. Comparing
  // what a call just returned (`while ((N = nextRequest()) >= 0)`) waits.
  bool Bounded = false;
  forEachStmt(Cond, [&](const Stmt *S) {
    if (const auto *BO = dyn_cast<BinaryOperator>(S))
      Bounded |= BO->isRelationalOp() && !readsResult(BO);
    else if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(S))
      Bounded |= M.hasVerb(MCE->getMethodDecl(), Verb::AsksSize);
    return !Bounded;
  });
  return !Bounded;
}

const Stmt *loopBody(const Stmt *S) {
  if (const auto *W = dyn_cast<WhileStmt>(S))
    return W->getBody();
  if (const auto *D = dyn_cast<DoStmt>(S))
    return D->getBody();
  if (const auto *F = dyn_cast<ForStmt>(S))
    return F->getBody();
  return nullptr;
}

/// \p L is inside \p R.
bool within(SourceRange R, SourceLocation L) {
  return R.isValid() && L.isValid() && !(L < R.getBegin()) && !(R.getEnd() < L);
}

bool isNullOrEmpty(const Expr *E, ASTContext &Ctx) {
  E = skipTransparent(E);
  if (!E)
    return false;
  if (isNullConstant(E, Ctx))
    return true;
  if (const auto *IL = dyn_cast<InitListExpr>(E))
    return IL->getNumInits() == 0;
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E))
    return CE->getNumArgs() == 0 ||
           (CE->getNumArgs() == 1 && isNullConstant(CE->getArg(0), Ctx));
  return isa<CXXNullPtrLiteralExpr>(E);
}

/// What an add works on: the receiver and the JIT-typed arguments.
llvm::SmallVector<const Expr *, 2> jitOperands(const CallExpr *CE,
                                               const ApiModel &M) {
  llvm::SmallVector<const Expr *, 2> Ops;
  if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(CE))
    Ops.push_back(MCE->getImplicitObjectArgument());
  for (const Expr *Arg : CE->arguments())
    if (M.isJitOwner(Arg->getType()))
      Ops.push_back(Arg);
  return Ops;
}

/// \p S is \p Ancestor or inside it.
bool isInside(const Stmt *S, const Stmt *Ancestor, const ParentMap &PM) {
  for (; S; S = PM.getParent(S))
    if (S == Ancestor)
      return true;
  return false;
}

bool refersTo(const Expr *E, const VarDecl *V) {
  const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  return DRE && DRE->getDecl() == V;
}

/// The place and the value of the assignment \p S (built-in or a class's
/// operator=), if it is one.
std::pair<const Expr *, const Expr *> assignment(const Stmt *S) {
  if (const auto *BO = dyn_cast<BinaryOperator>(S))
    return {BO->getLHS(), BO->getRHS()};
  if (const auto *OCE = dyn_cast<CXXOperatorCallExpr>(S);
      OCE && OCE->getOperator() == OO_Equal && OCE->getNumArgs() == 2)
    return {OCE->getArg(0), OCE->getArg(1)};
  return {nullptr, nullptr};
}

/// \p V is assigned, or its address taken (`LLVMOrcCreateLLJIT(&J, ...)`),
/// inside \p Loop of \p Body.
bool assignedIn(const VarDecl *V, const Stmt *Loop, const Stmt *Body,
                const UnitIndex &Index) {
  const ParentMap &PM = Index.parents(Body);
  return llvm::any_of(Index.nodes(Body), [&](const Stmt *S) {
    const Expr *Place = assignment(S).first;
    if (const auto *UO = dyn_cast<UnaryOperator>(S))
      Place = UO->getSubExpr();
    return Place && refersTo(Place, V) && isInside(S, Loop, PM);
  });
}

/// Some definition of the local \p V in \p Body (its initialiser or an
/// assignment) is a JITDylib's default tracker: `RT = JD.getDefault...()`,
/// also as the fallback `if (!RT) RT = ...`.
bool mayHoldDefaultTracker(const VarDecl *V, const Stmt *Body,
                           const UnitIndex &Index, const ApiModel &M) {
  if (jitCallOf(V->getInit(), JitRole::ReturnsDefaultTracker, M))
    return true;
  return llvm::any_of(Index.nodes(Body), [&](const Stmt *S) {
    if (const auto *BO = dyn_cast<BinaryOperator>(S);
        BO && BO->getOpcode() != BO_Assign)
      return false;
    auto [LHS, RHS] = assignment(S);
    return LHS && refersTo(LHS, V) &&
           jitCallOf(RHS, JitRole::ReturnsDefaultTracker, M);
  });
}

/// A member of `this` that \p E moves from, directly or through the
/// initialiser of a local it names.
const FieldDecl *movedFrom(const Expr *E,
                           llvm::SmallPtrSetImpl<const VarDecl *> &Seen) {
  const FieldDecl *Found = nullptr;
  forEachStmt(
      E,
      [&](const Stmt *S) {
        if (const auto *Call = dyn_cast<CallExpr>(S); Call && isStdMove(Call))
          Found = thisField(Call->getArg(0));
        else if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
          if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
              V && V->isLocalVarDecl() && V->getInit() && Seen.insert(V).second)
            Found = movedFrom(V->getInit(), Seen);
        return !Found;
      },
      /*IntoLambdas=*/false);
  return Found;
}

} // namespace

/// One function's part of the class-wide facts: its adds without a
/// tracker, whether it can free code, its static locals, and the statics it
/// resets. Lambdas are functions of their own (FunctionBodyCheck hands them
/// over), and the index leaves them out of a body's nodes.
class JitCallFacts : public IndexedNodes<JitCallFacts> {
public:
  JitCallFacts(JitResourceAnalysis &A, const FunctionDecl *Outer,
               const Stmt *Body)
      : A(A), Outer(Outer), Method(dyn_cast_or_null<CXXMethodDecl>(Outer)),
        Class(Method ? Method->getParent() : nullptr), Body(Body),
        PM(A.Index.parents(Body)) {}

  void run() { visitNodes(A.Index.nodes(Body)); }

  void visitCall(const CallExpr *CE);
  // Statics: function-local ones holding trackers, and resets of any.
  void visitDecl(const DeclStmt *DS);
  void visitMemberCall(const CXXMemberCallExpr *MCE);
  void visitOperatorCall(const CXXOperatorCallExpr *OCE);
  void visitConstruct(const CXXConstructExpr *CE);

private:
  void freesCode(llvm::SmallPtrSet<const Decl *, 8> &Set);
  bool addsToDefaultTracker(const CallExpr *CE, const JitApiRow &R) const;
  JitResourceAnalysis::Candidate candidate(const CallExpr *CE,
                                           bool Engine) const;
  const Stmt *requestLoop(const CallExpr *CE) const;
  const FieldDecl *movedMember(const CallExpr *CE) const;
  bool jitCreatedIn(const CallExpr *CE, const Stmt *Loop) const;
  void noteReset(const Expr *E);
  /// Does this reference to a container drain or bound it: elements taken
  /// out, emptied, moved away, assigned, or its size asked?
  bool drains(const Expr *Ref) const {
    return classifyHolderUse(Ref, PM, A.Model)
        .hasAny(HolderUse::TakesOut | HolderUse::Empties | HolderUse::Moves |
                HolderUse::AsksSize | HolderUse::Assigned);
  }
  void noteDrained(const Expr *Container);
  void noteStore(const Expr *Store, const Expr *Container);
  void noteModuleCreation(const Expr *Create, const FunctionDecl *Callee,
                          llvm::ArrayRef<const Expr *> Args);

  JitResourceAnalysis &A;
  const FunctionDecl *Outer;
  const CXXMethodDecl *Method;
  const CXXRecordDecl *Class;
  const Stmt *Body;
  const ParentMap &PM;
};

void JitCallFacts::freesCode(llvm::SmallPtrSet<const Decl *, 8> &Set) {
  // Freeing everything when the JIT itself goes away (the tutorial's
  // ~KaleidoscopeJIT ends its session) does not bound what a long-lived
  // JIT accumulates.
  if (isa_and_nonnull<CXXDestructorDecl>(Outer))
    return;
  Set.insert(Outer ? Outer->getCanonicalDecl() : nullptr);
  if (Class)
    Set.insert(Class);
}

void JitCallFacts::visitCall(const CallExpr *CE) {
  const FunctionDecl *FD = CE->getDirectCallee();
  // Who calls whom is the index's; a call in main's request loop (a REPL)
  // is this analysis' own question.
  if (FD && Outer && Outer->isMain() && requestLoop(CE))
    A.CalledInMainLoop.insert(FD->getCanonicalDecl());
  if (!FD)
    return;
  // `std::move(Modules)`, `std::swap(Modules, Old)`: handed elsewhere whole.
  // Only such calls can drain an argument (an assignment is an operator
  // call, seen below), so the others skip classifying each argument.
  if (!isa<CXXMemberCallExpr>(CE) &&
      (isStdMove(CE) || A.Model.hasVerb(FD, Verb::TakesOut | Verb::Empties)))
    for (const Expr *Arg : CE->arguments())
      if (drains(Arg))
        noteDrained(Arg);
  if (A.SharedContextRequests)
    noteModuleCreation(CE, FD, {CE->getArgs(), CE->getNumArgs()});
  const JitApiRow *R = A.Model.jitRow(FD);
  if (!R)
    return;
  bool Engine = false;
  switch (R->Role) {
  case JitRole::CreatesTracker:
  case JitRole::RemovesTracker:
  case JitRole::FreesAllCode:
    freesCode(A.FreesCode);
    return;
  case JitRole::RemovesModule:
    freesCode(A.RemovesModules);
    return;
  case JitRole::ReleasesTrackerRef:
  case JitRole::ReturnsDefaultTracker:
  case JitRole::DestroysJit:
    return;
  case JitRole::GeneratesCode:
    if (Outer)
      A.Codegen.try_emplace(Outer->getCanonicalDecl(), CE);
    return;
  case JitRole::AddsModuleToEngine:
    Engine = true;
    break;
  case JitRole::AddsCode:
    break;
  }
  if (Outer)
    A.Codegen.try_emplace(Outer->getCanonicalDecl(), CE);
  if ((Engine || addsToDefaultTracker(CE, *R)) && A.SeenCalls.insert(CE).second)
    A.Candidates.push_back(candidate(CE, Engine));
}

void JitCallFacts::visitConstruct(const CXXConstructExpr *CE) {
  if (A.SharedContextRequests)
    noteModuleCreation(CE, CE->getConstructor(),
                       {CE->getArgs(), CE->getNumArgs()});
}

/// `Modules.clear()`, `Modules = {}`, `std::move(Modules)`, `if
/// (Modules.size() > N)`: the container is drained or bounded somewhere.
/// What a destructor does happens only when the owner goes.
void JitCallFacts::noteDrained(const Expr *Container) {
  if (isa_and_nonnull<CXXDestructorDecl>(Outer))
    return;
  if (const NamedDecl *D = longLivedHolder(Container))
    A.Drained.insert(D);
}

void JitCallFacts::noteStore(const Expr *Store, const Expr *Container) {
  const NamedDecl *D = longLivedHolder(Container);
  if (!D || !Outer || !holdsModules(holderType(D), A.Model))
    return;
  A.Stores.push_back({Store, D, Outer, nullptr});
}

/// A module made with an LLVMContext reached through a member of `this`
/// (`std::make_unique<Module>(N, *Ctx)`, `parseIRFile(F, Err, *Ctx)`,
/// `LLVMModuleCreateWithNameInContext(N, this->C)`), in a member function
/// that does not replace that member.
void JitCallFacts::noteModuleCreation(const Expr *Create,
                                      const FunctionDecl *Callee,
                                      llvm::ArrayRef<const Expr *> Args) {
  if (!Method || !Callee)
    return;
  const ResourceKind *K = A.Model.kindOfValue(Create->getType());
  bool Creates = K && K->Id == KindId::Module;
  if (!Creates)
    for (const ApiRow *Row : A.Model.rowsFor(Callee))
      Creates |= Row->Eff == Effect::Creates && Row->Kind &&
                 Row->Kind->Id == KindId::Module && Row->GivesBack < 0;
  if (!Creates)
    return;
  for (const Expr *Arg : Args) {
    const ResourceKind *AK = A.Model.kindOfValue(Arg->getType());
    if (!AK || AK->Id != KindId::LLVMContext)
      continue;
    const FieldDecl *F = thisMemberRoot(Arg, A.Model);
    if (!F || fieldRecreatedIn(F, Body, A.Index))
      continue;
    std::string Api = Callee->getNameAsString();
    if (isa<CXXConstructorDecl>(Callee))
      Api = Callee->getParent()
                ? cast<NamedDecl>(Callee->getParent())->getNameAsString()
                : Api;
    else if (const auto *Spec = Callee->getTemplateSpecializationArgs();
             Spec && Spec->size() &&
             Spec->get(0).getKind() == TemplateArgument::Type)
      if (const auto *RD = Spec->get(0).getAsType()->getAsRecordDecl())
        Api += "<" + RD->getNameAsString() + ">";
    A.SharedContextCandidates.push_back({Create, Api, F, Method});
    return;
  }
}

bool JitCallFacts::addsToDefaultTracker(const CallExpr *CE,
                                        const JitApiRow &R) const {
  int Arg = ApiModel::trackerArg(R, CE->getDirectCallee());
  if (Arg == NoTracker)
    return true;
  // `addIRModule(JD.getDefaultResourceTracker(), TSM)` is the tracker-less
  // add spelled out, and so is a local that may hold that tracker. A
  // parameter is the caller's choice (the tutorial's addModule(TSM, RT)).
  const Expr *Tracker = Arg >= 0 ? CallSite::of(CE)->arg(Arg) : nullptr;
  if (!Tracker)
    return false;
  if (jitCallOf(Tracker, JitRole::ReturnsDefaultTracker, A.Model))
    return true;
  const VarDecl *V = A.Model.rootVar(Tracker);
  return V && Locator(Outer).isLocal(V) && !isa<ParmVarDecl>(V) &&
         mayHoldDefaultTracker(V, Body, A.Index, A.Model);
}

JitResourceAnalysis::Candidate JitCallFacts::candidate(const CallExpr *CE,
                                                       bool Engine) const {
  // Through `this`: the receiver or any argument (C API in a class).
  bool ThroughMember = false, Recreated = false;
  const FieldDecl *Member = nullptr;
  for (const Expr *E : jitOperands(CE, A.Model))
    if (const FieldDecl *F = thisMemberRoot(E, A.Model)) {
      ThroughMember = true;
      Member = Member ? Member : F;
      Recreated |= fieldRecreatedIn(F, Body, A.Index);
    }
  return {CE,     Method,    Outer,  requestLoop(CE), ThroughMember,
          Engine, Recreated, Member, movedMember(CE)};
}

/// A member of `this` that an argument of \p CE other than the JIT moves
/// from, directly or through the initialiser of a local it names
/// (`ThreadSafeModule TSM(std::move(Mod), ...); add(std::move(TSM))`): the
/// code added is what the object held.
const FieldDecl *JitCallFacts::movedMember(const CallExpr *CE) const {
  llvm::SmallPtrSet<const VarDecl *, 4> Seen;
  for (const Expr *Arg : CE->arguments())
    if (!A.Model.isJitOwner(Arg->getType()))
      if (const FieldDecl *F = movedFrom(Arg, Seen))
        return F;
  return nullptr;
}

/// The innermost request loop around \p CE, unless the JIT is made inside
/// it.
const Stmt *JitCallFacts::requestLoop(const CallExpr *CE) const {
  for (const Stmt *P = PM.getParent(CE); P; P = PM.getParent(P)) {
    const Stmt *Body = loopBody(P);
    if (!isRequestLoop(P, A.Model) || !Body ||
        !within(Body->getSourceRange(), CE->getBeginLoc()))
      continue;
    return jitCreatedIn(CE, P) ? nullptr : P;
  }
  return nullptr;
}

/// The JIT (receiver or JIT-typed argument) is declared or (re)created
/// inside \p Loop: each iteration gets a JIT of its own.
bool JitCallFacts::jitCreatedIn(const CallExpr *CE, const Stmt *Loop) const {
  for (const Expr *Op : jitOperands(CE, A.Model)) {
    const VarDecl *V = A.Model.rootVar(Op);
    // A JITDylib made per iteration belongs to the session and stays with
    // its code; only a JIT (session) per iteration frees it.
    if (!V || A.Model.isJitDylib(V->getType()))
      continue;
    if (within(Loop->getSourceRange(), V->getLocation()) ||
        assignedIn(V, Loop, Body, A.Index))
      return true;
  }
  return false;
}

void JitCallFacts::visitDecl(const DeclStmt *DS) {
  for (const Decl *D : DS->decls()) {
    const auto *VD = dyn_cast<VarDecl>(D);
    if (!VD || !VD->isStaticLocal())
      continue;
    if (A.Model.holdsTrackerSP(VD->getType()))
      A.StaticLocals.push_back(VD);
    // The `static std::unique_ptr<LLJIT> J` accessor: built on first use,
    // before any tracker taken from it.
    if (A.Model.isJitOwner(VD->getType()) ||
        isJitOwnerClass(ApiModel::heldClass(VD->getType()), A.Model))
      A.StaticLocalJits.push_back(VD);
  }
}

void JitCallFacts::visitMemberCall(const CXXMemberCallExpr *MCE) {
  const CXXMethodDecl *MD = MCE->getMethodDecl();
  if (!MD || !MD->getIdentifier())
    return;
  // A smart pointer's reset/release, or a container emptied whole (an erase
  // of one key leaves the others).
  if (A.Model.hasVerb(MD, Verb::Empties))
    noteReset(MCE->getImplicitObjectArgument());
  // Module containers: any element taken out, or a size asked (a bound),
  // drains; a new element is a store.
  if (drains(MCE->getImplicitObjectArgument()))
    noteDrained(MCE->getImplicitObjectArgument());
  else if (A.Model.hasVerb(MD, Verb::Adds))
    noteStore(MCE, MCE->getImplicitObjectArgument());
}

void JitCallFacts::visitOperatorCall(const CXXOperatorCallExpr *OCE) {
  if (OCE->getOperator() != OO_Equal || OCE->getNumArgs() != 2)
    return;
  if (isNullOrEmpty(OCE->getArg(1), A.Ctx))
    noteReset(OCE->getArg(0));
  // `Modules = {}` drains; `Modules[Key] = std::move(M)` stores.
  if (drains(OCE->getArg(0)))
    noteDrained(OCE->getArg(0));
  if (const auto *Sub =
          dyn_cast<CXXOperatorCallExpr>(OCE->getArg(0)->IgnoreParenImpCasts());
      Sub && Sub->getOperator() == OO_Subscript)
    noteStore(OCE, Sub->getArg(0));
}

void JitCallFacts::noteReset(const Expr *E) {
  const auto *DRE =
      dyn_cast_or_null<DeclRefExpr>(E ? E->IgnoreParenImpCasts() : nullptr);
  if (const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
      VD && VD->hasGlobalStorage())
    A.ResetStatics.insert(VD->getCanonicalDecl());
}

void collectJitCalls(JitResourceAnalysis &A, const FunctionDecl *Outer,
                     const Stmt *Body) {
  JitCallFacts(A, Outer, Body).run();
}

} // namespace clang::tidy::llvmown

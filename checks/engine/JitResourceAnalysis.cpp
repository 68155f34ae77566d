//===- JitResourceAnalysis.cpp --------------------------------------------===//
//
// The class-wide scan (adds without a tracker, what frees code, setup
// methods, compile caches), the statics, and the verdicts of finish(). The
// tracker dataflow is in TrackerFlow.cpp.
//
//===----------------------------------------------------------------------===//

#include "JitResourceAnalysis.h"
#include "AstHelpers.h"
#include "CallSite.h"
#include "Environment.h"
#include "NameMatcher.h"
#include "TrackerFlow.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

namespace clang::tidy::llvmown {

namespace {

/// The member of `this` through which \p E reaches an object (`J->`,
/// `this->ES`, `MainJD`, `J->getMainJITDylib()`, `*TSCtx.getContext()`),
/// or null.
const FieldDecl *thisMemberRoot(const Expr *E, const ApiModel &M) {
  for (unsigned Depth = 0; E && Depth < 8; ++Depth) {
    E = Locator::rootOf(E, M);
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

/// \p Body replaces, resets or takes the address of (a C create's
/// out-parameter) the member \p F: what it holds is made or ended there.
bool fieldRecreatedIn(const FieldDecl *F, const Stmt *Body, const ApiModel &M) {
  struct Finder : RecursiveASTVisitor<Finder> {
    const FieldDecl *F;
    const ApiModel &M;
    bool Found = false;
    Finder(const FieldDecl *F, const ApiModel &M) : F(F), M(M) {}
    bool TraverseLambdaExpr(LambdaExpr *) { return true; }
    bool is(const Expr *E) const { return E && thisField(E) == F; }
    bool VisitBinaryOperator(BinaryOperator *BO) {
      Found |= BO->isAssignmentOp() && is(BO->getLHS());
      return !Found;
    }
    bool VisitUnaryOperator(UnaryOperator *UO) {
      Found |= UO->getOpcode() == UO_AddrOf && is(UO->getSubExpr());
      return !Found;
    }
    bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *OCE) {
      Found |= OCE->getOperator() == OO_Equal && is(OCE->getArg(0));
      return !Found;
    }
    bool VisitCXXMemberCallExpr(CXXMemberCallExpr *MCE) {
      Found |= M.hasVerb(MCE->getMethodDecl(), Resets) &&
               is(MCE->getImplicitObjectArgument());
      return !Found;
    }
  } Fi(F, M);
  Fi.TraverseStmt(const_cast<Stmt *>(Body));
  return Fi.Found;
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
  struct Finder : RecursiveASTVisitor<Finder> {
    const ApiModel &M;
    bool Bounded = false;
    explicit Finder(const ApiModel &M) : M(M) {}
    /// `(N = nextRequest())`: the read-and-test idiom.
    static bool readsResult(const Stmt *S) {
      if (!S)
        return false;
      if (const auto *A = dyn_cast<BinaryOperator>(S);
          A && A->getOpcode() == BO_Assign &&
          isa<CallExpr>(A->getRHS()->IgnoreParenImpCasts()))
        return true;
      return llvm::any_of(S->children(), readsResult);
    }
    bool VisitBinaryOperator(BinaryOperator *BO) {
      Bounded |= BO->isRelationalOp() && !readsResult(BO);
      return !Bounded;
    }
    bool VisitCXXMemberCallExpr(CXXMemberCallExpr *MCE) {
      Bounded |= M.hasVerb(MCE->getMethodDecl(), AsksSize);
      return !Bounded;
    }
  } F(M);
  if (Cond)
    F.TraverseStmt(const_cast<Expr *>(Cond));
  return !F.Bounded;
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

/// The function whose body a lambda's body is part of.
const FunctionDecl *outerFunction(const Decl *D) {
  const auto *FD = dyn_cast_or_null<FunctionDecl>(D);
  while (FD) {
    const auto *MD = dyn_cast<CXXMethodDecl>(FD);
    if (!MD || !MD->getParent()->isLambda())
      return FD;
    FD = dyn_cast_or_null<FunctionDecl>(
        MD->getParent()->getDeclContext()->getNonClosureAncestor());
  }
  return FD;
}

bool isJitOwnerClass(const CXXRecordDecl *RD, const ApiModel &M) {
  if (!RD || !RD->hasDefinition())
    return false;
  for (const FieldDecl *F : RD->fields())
    if (M.isJitOwner(F->getType()))
      return true;
  for (const CXXBaseSpecifier &B : RD->bases())
    if (isJitOwnerClass(B.getType()->getAsCXXRecordDecl(), M))
      return true;
  return false;
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

/// \p V is assigned, or its address taken (`LLVMOrcCreateLLJIT(&J, ...)`),
/// inside \p Loop.
bool assignedIn(const VarDecl *V, const Stmt *Loop) {
  struct Finder : RecursiveASTVisitor<Finder> {
    const VarDecl *V;
    bool Found = false;
    bool VisitUnaryOperator(UnaryOperator *UO) {
      Found |= UO->getOpcode() == UO_AddrOf && refersTo(UO->getSubExpr());
      return !Found;
    }
    bool VisitBinaryOperator(BinaryOperator *BO) {
      Found |= BO->isAssignmentOp() && refersTo(BO->getLHS());
      return !Found;
    }
    bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *OCE) {
      Found |= OCE->getOperator() == OO_Equal && refersTo(OCE->getArg(0));
      return !Found;
    }
    bool refersTo(const Expr *E) {
      const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
      return DRE && DRE->getDecl() == V;
    }
  } F;
  F.V = V;
  F.TraverseStmt(const_cast<Stmt *>(Loop));
  return F.Found;
}

/// A compile-once cache: the function looks a key up in a member container
/// and stores into the same container. Its adds grow with the number of
/// distinct keys, which is the point of the cache, not with each call.
bool isCompileCache(const Stmt *Body, const ApiModel &Model) {
  struct Finder : RecursiveASTVisitor<Finder> {
    const ApiModel &M;
    explicit Finder(const ApiModel &M) : M(M) {}
    llvm::SmallPtrSet<const FieldDecl *, 4> Looked, Stored;
    bool VisitCXXMemberCallExpr(CXXMemberCallExpr *MCE) {
      const CXXMethodDecl *MD = MCE->getMethodDecl();
      const FieldDecl *F = thisField(MCE->getImplicitObjectArgument());
      if (!MD || !MD->getIdentifier() || !F)
        return true;
      if (M.hasVerb(MD, LooksUp))
        Looked.insert(F);
      if (M.hasVerb(MD, Adds))
        Stored.insert(F);
      return true;
    }
    bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *OCE) {
      if (OCE->getOperator() == OO_Subscript)
        if (const FieldDecl *F = thisField(OCE->getArg(0)))
          Stored.insert(F);
      return true;
    }
  } F(Model);
  F.TraverseStmt(const_cast<Stmt *>(Body));
  return llvm::any_of(F.Looked,
                      [&](const FieldDecl *FD) { return F.Stored.count(FD); });
}

/// \p Loop calls one of the functions of \p Frees.
bool callsAny(const Stmt *Loop,
              const llvm::SmallPtrSet<const Decl *, 8> &Frees) {
  struct Finder : RecursiveASTVisitor<Finder> {
    const llvm::SmallPtrSet<const Decl *, 8> &Frees;
    bool Found = false;
    explicit Finder(const llvm::SmallPtrSet<const Decl *, 8> &F) : Frees(F) {}
    bool VisitCallExpr(CallExpr *CE) {
      if (const FunctionDecl *FD = CE->getDirectCallee())
        Found |= Frees.count(FD->getCanonicalDecl()) > 0;
      return !Found;
    }
  } F(Frees);
  F.TraverseStmt(const_cast<Stmt *>(Loop));
  return F.Found;
}

/// The parameter of \p FD that \p Body adds code with as its tracker, or -1.
int trackerParam(const FunctionDecl *FD, const Stmt *Body, const ApiModel &M) {
  struct Finder : RecursiveASTVisitor<Finder> {
    const ApiModel &M;
    const FunctionDecl *FD;
    int Param = -1;
    Finder(const ApiModel &M, const FunctionDecl *FD) : M(M), FD(FD) {}
    bool TraverseLambdaExpr(LambdaExpr *) { return true; }
    bool VisitCallExpr(CallExpr *CE) {
      const FunctionDecl *Callee = CE->getDirectCallee();
      const JitApiRow *R = M.jitRow(Callee);
      if (!R || R->Role != JitRole::AddsCode)
        return true;
      int Arg = ApiModel::trackerArg(*R, Callee);
      if (Arg < 0 || unsigned(Arg) >= CE->getNumArgs())
        return true;
      if (const auto *P = dyn_cast_or_null<ParmVarDecl>(
              Locator::rootVar(CE->getArg(Arg), M)))
        if (P->getDeclContext() == FD)
          Param = P->getFunctionScopeIndex();
      return Param < 0;
    }
  } F(M, FD);
  F.TraverseStmt(const_cast<Stmt *>(Body));
  return F.Param;
}

/// A ResourceTrackerSP, or a struct holding one that it destroys after its
/// JIT: fields die in reverse order, so a JIT field declared before the
/// tracker field outlives it.
bool holdsTrackerAfterJit(QualType T, const ApiModel &M) {
  if (M.holdsTrackerSP(T))
    return true;
  const CXXRecordDecl *RD = T->getAsCXXRecordDecl();
  if (!RD || !RD->hasDefinition())
    return false;
  for (const FieldDecl *F : RD->fields()) {
    if (M.isJitOwner(F->getType()))
      return false;
    if (M.holdsTrackerSP(F->getType()))
      return true;
  }
  return false;
}

/// The namespace-scope statics and static data members of the main file,
/// in source order: a JIT with static storage declared before a tracker is
/// destroyed after it.
struct StaticsWalk {
  const ApiModel &Model;
  const SourceManager &SM;
  const llvm::DenseSet<const VarDecl *> &Reset;
  bool JitBefore = false;
  std::vector<const VarDecl *> Trackers;

  void walk(const DeclContext *DC) {
    for (const Decl *D : DC->decls()) {
      if (!SM.isInMainFile(SM.getExpansionLoc(D->getLocation())))
        continue;
      if (const auto *NS = dyn_cast<NamespaceDecl>(D))
        walk(NS);
      else if (const auto *LS = dyn_cast<LinkageSpecDecl>(D))
        walk(LS);
      else if (const auto *RD = dyn_cast<CXXRecordDecl>(D)) {
        if (RD->isThisDeclarationADefinition() && !RD->isLambda())
          walk(RD);
      } else if (const auto *VD = dyn_cast<VarDecl>(D))
        visit(VD);
    }
  }

  void visit(const VarDecl *VD) {
    if (!VD->hasGlobalStorage() || VD->isStaticLocal())
      return;
    // Out-of-line definitions of static members are seen twice.
    if (!VD->isThisDeclarationADefinition() && VD->isStaticDataMember() &&
        VD->getDefinition())
      return;
    if (Reset.count(VD->getCanonicalDecl()))
      return;
    QualType T = VD->getType();
    if (!JitBefore && holdsTrackerAfterJit(T, Model))
      Trackers.push_back(VD);
    if (Model.isJitOwner(T) || isJitOwnerClass(ApiModel::heldClass(T), Model))
      JitBefore = true;
  }
};

} // namespace

/// One function's part of the class-wide scan: its adds without a tracker,
/// whether it can free code, which member functions it calls, its static
/// locals, and the statics it resets.
class JitCallScanner : public RecursiveASTVisitor<JitCallScanner> {
public:
  JitCallScanner(JitResourceAnalysis &A, const FunctionDecl *Outer,
                 const Stmt *Body)
      : A(A), Outer(Outer), Method(dyn_cast_or_null<CXXMethodDecl>(Outer)),
        Class(Method ? Method->getParent() : nullptr), Body(Body),
        PM(const_cast<Stmt *>(Body)) {}

  // Lambdas are functions of their own (FunctionBodyCheck hands them over).
  bool TraverseLambdaExpr(LambdaExpr *) { return true; }

  bool VisitCallExpr(CallExpr *CE);
  // Statics: function-local ones holding trackers, and resets of any.
  bool VisitDeclStmt(DeclStmt *DS);
  bool VisitCXXMemberCallExpr(CXXMemberCallExpr *MCE);
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *OCE);
  bool VisitCXXConstructExpr(CXXConstructExpr *CE);

private:
  void freesCode(llvm::SmallPtrSet<const Decl *, 8> &Set);
  bool addsToDefaultTracker(const CallExpr *CE, const JitApiRow &R) const;
  JitResourceAnalysis::Candidate candidate(const CallExpr *CE,
                                           bool Engine) const;
  const Stmt *requestLoop(const CallExpr *CE) const;
  bool jitCreatedIn(const CallExpr *CE, const Stmt *Loop) const;
  void noteReset(const Expr *E);
  void noteDrained(const Expr *Container);
  void noteStore(const Expr *Store, const Expr *Container);
  void noteModuleCreation(const Expr *Create, const FunctionDecl *Callee,
                          llvm::ArrayRef<const Expr *> Args);

  JitResourceAnalysis &A;
  const FunctionDecl *Outer;
  const CXXMethodDecl *Method;
  const CXXRecordDecl *Class;
  const Stmt *Body;
  ParentMap PM;
};

void JitCallScanner::freesCode(llvm::SmallPtrSet<const Decl *, 8> &Set) {
  // Freeing everything when the JIT itself goes away (the tutorial's
  // ~KaleidoscopeJIT ends its session) does not bound what a long-lived
  // JIT accumulates.
  if (isa_and_nonnull<CXXDestructorDecl>(Outer))
    return;
  Set.insert(Outer ? Outer->getCanonicalDecl() : nullptr);
  if (Class)
    Set.insert(Class);
}

bool JitCallScanner::VisitCallExpr(CallExpr *CE) {
  const FunctionDecl *FD = CE->getDirectCallee();
  if (FD && Outer) {
    A.Callers[FD->getCanonicalDecl()].push_back(Outer);
    if (Outer->isMain() && requestLoop(CE))
      A.CalledInMainLoop.insert(FD->getCanonicalDecl());
  }
  if (!FD)
    return true;
  // `std::move(Modules)`, `std::swap(Modules, Old)`: handed elsewhere whole.
  if (!isa<CXXMemberCallExpr>(CE) &&
      ((FD->isInStdNamespace() && FD->getIdentifier() &&
        FD->getName() == "move") ||
       A.Model.hasVerb(FD, TakesOut | Empties)))
    for (const Expr *Arg : CE->arguments())
      noteDrained(Arg);
  if (A.SharedContextRequests)
    noteModuleCreation(CE, FD, {CE->getArgs(), CE->getNumArgs()});
  const JitApiRow *R = A.Model.jitRow(FD);
  if (!R)
    return true;
  bool Engine = false;
  switch (R->Role) {
  case JitRole::CreatesTracker:
  case JitRole::RemovesTracker:
  case JitRole::FreesAllCode:
    freesCode(A.FreesCode);
    return true;
  case JitRole::RemovesModule:
    freesCode(A.RemovesModules);
    return true;
  case JitRole::ReleasesTrackerRef:
  case JitRole::ReturnsDefaultTracker:
  case JitRole::DestroysJit:
    return true;
  case JitRole::GeneratesCode:
    if (Outer)
      A.Codegen.try_emplace(Outer->getCanonicalDecl(), CE);
    return true;
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
  return true;
}

bool JitCallScanner::VisitCXXConstructExpr(CXXConstructExpr *CE) {
  if (A.SharedContextRequests)
    noteModuleCreation(CE, CE->getConstructor(),
                       {CE->getArgs(), CE->getNumArgs()});
  return true;
}

/// `Modules.clear()`, `Modules = {}`, `std::move(Modules)`, `if
/// (Modules.size() > N)`: the container is drained or bounded somewhere.
/// What a destructor does happens only when the owner goes.
void JitCallScanner::noteDrained(const Expr *Container) {
  if (isa_and_nonnull<CXXDestructorDecl>(Outer))
    return;
  if (const NamedDecl *D = longLivedHolder(Container))
    A.Drained.insert(D);
}

void JitCallScanner::noteStore(const Expr *Store, const Expr *Container) {
  const NamedDecl *D = longLivedHolder(Container);
  if (!D || !Outer || !holdsModules(holderType(D), A.Model))
    return;
  A.Stores.push_back({Store, D, Outer, nullptr});
}

/// A module made with an LLVMContext reached through a member of `this`
/// (`std::make_unique<Module>(N, *Ctx)`, `parseIRFile(F, Err, *Ctx)`,
/// `LLVMModuleCreateWithNameInContext(N, this->C)`), in a member function
/// that does not replace that member.
void JitCallScanner::noteModuleCreation(const Expr *Create,
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
    if (!F || fieldRecreatedIn(F, Body, A.Model))
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

bool JitCallScanner::addsToDefaultTracker(const CallExpr *CE,
                                          const JitApiRow &R) const {
  int Arg = ApiModel::trackerArg(R, CE->getDirectCallee());
  // `addIRModule(JD.getDefaultResourceTracker(), TSM)` is the tracker-less
  // add spelled out.
  return Arg == NoTracker ||
         (Arg >= 0 && jitCallOf(CallSite::of(CE)->arg(Arg),
                                JitRole::ReturnsDefaultTracker, A.Model));
}

JitResourceAnalysis::Candidate JitCallScanner::candidate(const CallExpr *CE,
                                                         bool Engine) const {
  // Through `this`: the receiver or any argument (C API in a class).
  bool ThroughMember = false, Recreated = false;
  const FieldDecl *Member = nullptr;
  for (const Expr *E : jitOperands(CE, A.Model))
    if (const FieldDecl *F = thisMemberRoot(E, A.Model)) {
      ThroughMember = true;
      Member = Member ? Member : F;
      Recreated |= fieldRecreatedIn(F, Body, A.Model);
    }
  return {CE,     Method,    Outer, requestLoop(CE), ThroughMember,
          Engine, Recreated, Member};
}

/// The innermost request loop around \p CE, unless the JIT is made inside
/// it.
const Stmt *JitCallScanner::requestLoop(const CallExpr *CE) const {
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
bool JitCallScanner::jitCreatedIn(const CallExpr *CE, const Stmt *Loop) const {
  for (const Expr *Op : jitOperands(CE, A.Model)) {
    const VarDecl *V = Locator::rootVar(Op, A.Model);
    // A JITDylib made per iteration belongs to the session and stays with
    // its code; only a JIT (session) per iteration frees it.
    if (!V || A.Model.isJitDylib(V->getType()))
      continue;
    if (within(Loop->getSourceRange(), V->getLocation()) || assignedIn(V, Loop))
      return true;
  }
  return false;
}

bool JitCallScanner::VisitDeclStmt(DeclStmt *DS) {
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
  return true;
}

bool JitCallScanner::VisitCXXMemberCallExpr(CXXMemberCallExpr *MCE) {
  const CXXMethodDecl *MD = MCE->getMethodDecl();
  if (!MD || !MD->getIdentifier())
    return true;
  // A smart pointer's reset/release, or a container emptied whole (an erase
  // of one key leaves the others).
  if (A.Model.hasVerb(MD, Empties))
    noteReset(MCE->getImplicitObjectArgument());
  // Module containers: any element taken out, or a size asked (a bound),
  // drains; a new element is a store.
  if (A.Model.hasVerb(MD, TakesOut | Empties | AsksSize))
    noteDrained(MCE->getImplicitObjectArgument());
  else if (A.Model.hasVerb(MD, Adds))
    noteStore(MCE, MCE->getImplicitObjectArgument());
  return true;
}

bool JitCallScanner::VisitCXXOperatorCallExpr(CXXOperatorCallExpr *OCE) {
  if (OCE->getOperator() != OO_Equal || OCE->getNumArgs() != 2)
    return true;
  if (isNullOrEmpty(OCE->getArg(1), A.Ctx))
    noteReset(OCE->getArg(0));
  // `Modules = {}` drains; `Modules[Key] = std::move(M)` stores.
  noteDrained(OCE->getArg(0));
  if (const auto *Sub =
          dyn_cast<CXXOperatorCallExpr>(OCE->getArg(0)->IgnoreParenImpCasts());
      Sub && Sub->getOperator() == OO_Subscript)
    noteStore(OCE, Sub->getArg(0));
  return true;
}

void JitCallScanner::noteReset(const Expr *E) {
  const auto *DRE =
      dyn_cast_or_null<DeclRefExpr>(E ? E->IgnoreParenImpCasts() : nullptr);
  if (const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
      VD && VD->hasGlobalStorage())
    A.ResetStatics.insert(VD->getCanonicalDecl());
}

JitResourceAnalysis::JitResourceAnalysis(const ApiModel &Model, ASTContext &Ctx,
                                         std::vector<std::string> Setup,
                                         bool SharedContextRequests)
    : Model(Model), Ctx(Ctx), Setup(std::move(Setup)),
      SharedContextRequests(SharedContextRequests) {}

JitResourceAnalysis::~JitResourceAnalysis() = default;

bool JitResourceAnalysis::isSetupName(llvm::StringRef Name,
                                      llvm::ArrayRef<std::string> Setup) {
  for (llvm::StringRef S : Setup) {
    if (S.empty() || Name.size() < S.size() ||
        !Name.take_front(S.size()).equals_insensitive(S))
      continue;
    if (Name.size() == S.size())
      return true;
    char Next = Name[S.size()];
    if (Next == '_' || (Next >= 'A' && Next <= 'Z'))
      return true;
  }
  return false;
}

void JitResourceAnalysis::findWrappers() {
  for (const auto &[D, Body] : Functions) {
    const auto *FD = dyn_cast<FunctionDecl>(D);
    if (!FD || FD->getNumParams() == 0)
      continue;
    if (int Param = trackerParam(FD, Body, Model); Param >= 0)
      Wrappers[FD->getCanonicalDecl()] = Param;
  }
}

void JitResourceAnalysis::scanCalls(const FunctionDecl *Outer,
                                    const Stmt *Body) {
  JitCallScanner(*this, Outer, Body).TraverseStmt(const_cast<Stmt *>(Body));
  if (const auto *Method = dyn_cast_or_null<CXXMethodDecl>(Outer);
      Method && isCompileCache(Body, Model))
    CacheMethods.insert(Method->getCanonicalDecl());
}

bool JitResourceAnalysis::isSetupFunction(const FunctionDecl *FD) {
  FD = FD->getCanonicalDecl();
  if (auto It = SetupMemo.find(FD); It != SetupMemo.end())
    return It->second;
  SetupMemo[FD] = false; // recursion: not setup unless shown
  bool Result = false;
  const auto *MD = dyn_cast<CXXMethodDecl>(FD);
  if (MD && (isa<CXXConstructorDecl>(MD) || MD->isStatic()))
    Result = true;
  else if (FD->getIdentifier() && isSetupName(FD->getName(), Setup))
    Result = true;
  else if (auto It = Callers.find(FD); It != Callers.end()) {
    // A helper that only setup steps call is part of the setup. So is one
    // that a one-shot program's main calls, outside any request loop (once
    // per input file, as range-for loops are a fixed set of inputs).
    Result = llvm::all_of(It->second, [&](const FunctionDecl *Caller) {
      if (Caller->isMain())
        return !CalledInMainLoop.count(FD);
      return Caller->getCanonicalDecl() != FD && isSetupFunction(Caller);
    });
  }
  SetupMemo[FD] = Result;
  return Result;
}

bool JitResourceAnalysis::replacedPerBatch(const FieldDecl *F) {
  if (auto It = ReplacedMemo.find(F); It != ReplacedMemo.end())
    return It->second;
  bool Result = false;
  for (const auto &[D, Body] : Functions) {
    const auto *MD = dyn_cast_or_null<CXXMethodDecl>(outerFunction(D));
    if (!MD || MD->getParent() != F->getParent() ||
        isa<CXXConstructorDecl, CXXDestructorDecl>(MD) || isSetupFunction(MD))
      continue;
    if ((Result = fieldRecreatedIn(F, Body, Model)))
      break;
  }
  ReplacedMemo[F] = Result;
  return Result;
}

std::optional<UntrackedAdd> JitResourceAnalysis::verdict(const Candidate &C) {
  const FunctionDecl *FD = C.Call->getDirectCallee();
  UntrackedAdd A{C.Call, FD ? FD->getNameAsString() : ""};
  A.Engine = C.Engine;
  // What frees an engine's modules is removeModule; what frees ORC code is
  // a tracker's remove or a JITDylib's clear.
  const llvm::SmallPtrSet<const Decl *, 8> &Frees =
      C.Engine ? RemovesModules : FreesCode;
  const CXXRecordDecl *Class = C.Method ? C.Method->getParent() : nullptr;
  bool ClassFrees = Class && Frees.count(Class);
  if (C.Method && C.ThroughMember && !C.Recreated && !ClassFrees &&
      !(C.Member && replacedPerBatch(C.Member)) &&
      isJitOwnerClass(Class, Model) && !isSetupFunction(C.Method) &&
      !CacheMethods.count(C.Method->getCanonicalDecl())) {
    A.Method = C.Method;
    return A;
  }
  // A helper of the file that frees code, called in the loop, counts (one
  // level: `resetRepl(J)` clearing the JITDylib).
  if (!C.Loop || ClassFrees ||
      (C.Function && Frees.count(C.Function->getCanonicalDecl())) ||
      callsAny(C.Loop, Frees))
    return std::nullopt;
  A.Loop = C.Loop;
  A.Function = C.Function;
  return A;
}

/// A class whose objects outlive compilations: it owns (by value or smart
/// pointer) a JIT or a target machine, which are built once and reused. A
/// reference or pointer member borrows one, as a per-compilation object
/// does.
static bool ownsCompiler(const CXXRecordDecl *RD, const ApiModel &M) {
  if (!RD || !RD->hasDefinition())
    return false;
  return llvm::any_of(RD->fields(), [&](const FieldDecl *F) {
    QualType T = F->getType();
    if (T->isReferenceType() || T->isPointerType())
      return false;
    const ResourceKind *K = M.kindOfValue(T);
    return M.isJitOwner(T) || (K && K->Id == KindId::TargetMachine);
  });
}

std::vector<KeptModule> JitResourceAnalysis::keptModules() {
  std::vector<KeptModule> Out;
  llvm::SmallPtrSet<const Expr *, 8> Seen;
  for (KeptModule K : Stores) {
    const FunctionDecl *FD = K.Function->getCanonicalDecl();
    auto It = Codegen.find(FD);
    if (It == Codegen.end() || Drained.count(K.Container) ||
        K.Function->isMain() || isSetupFunction(K.Function) ||
        !Seen.insert(K.Store).second)
      continue;
    const auto *MD = dyn_cast<CXXMethodDecl>(K.Function);
    // A lookup in the same function makes it a compile-once cache: it grows
    // with the distinct keys, as intended.
    if (MD && CacheMethods.count(MD->getCanonicalDecl()))
      continue;
    if (isa<FieldDecl>(K.Container) &&
        (!MD || !ownsCompiler(MD->getParent(), Model)))
      continue;
    // A global other files can see may be drained by one of them.
    if (const auto *VD = dyn_cast<VarDecl>(K.Container);
        VD && !VD->isStaticLocal() && VD->isExternallyVisible())
      continue;
    K.Codegen = It->second;
    Out.push_back(K);
  }
  return Out;
}

std::vector<const VarDecl *> JitResourceAnalysis::staticTrackers() const {
  StaticsWalk W{Model, Ctx.getSourceManager(), ResetStatics};
  W.walk(Ctx.getTranslationUnitDecl());
  // A function-local static is built after every namespace-scope one, and
  // destroyed before them; among function-local statics, a JIT accessor is
  // used (and so built) before any tracker is taken from it.
  auto IsReset = [&](const VarDecl *VD) {
    return ResetStatics.count(VD->getCanonicalDecl()) > 0;
  };
  std::vector<const VarDecl *> Out = W.Trackers;
  if (!W.JitBefore && llvm::all_of(StaticLocalJits, IsReset))
    for (const VarDecl *VD : StaticLocals)
      if (!IsReset(VD))
        Out.push_back(VD);
  return Out;
}

JitResult JitResourceAnalysis::finish() {
  findWrappers();
  JitResult R;
  for (const auto &[D, Body] : Functions) {
    scanCalls(outerFunction(D), Body);
    bool Incomplete = false;
    std::vector<DroppedTracker> Dropped =
        findDroppedTrackers(D, Body, Model, Ctx, Wrappers, Incomplete);
    if (Incomplete)
      R.Incomplete.push_back(D);
    R.Dropped.insert(R.Dropped.end(), Dropped.begin(), Dropped.end());
  }
  for (const Candidate &C : Candidates)
    if (std::optional<UntrackedAdd> A = verdict(C))
      R.Adds.push_back(std::move(*A));
  R.StaticTrackers = staticTrackers();
  R.Kept = keptModules();
  for (const SharedContextModule &M : SharedContextCandidates)
    if ((isJitOwnerClass(M.Method->getParent(), Model) ||
         ownsCompiler(M.Method->getParent(), Model)) &&
        !isSetupFunction(M.Method) &&
        !CacheMethods.count(M.Method->getCanonicalDecl()))
      R.SharedContext.push_back(M);
  return R;
}

} // namespace clang::tidy::llvmown

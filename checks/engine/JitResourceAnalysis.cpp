//===- JitResourceAnalysis.cpp --------------------------------------------===//

#include "JitResourceAnalysis.h"
#include "AstHelpers.h"
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
#include <functional>

namespace clang::tidy::llvmown {

namespace {

const Expr *rootExpr(const Expr *E, const ApiModel &M) {
  return Locator::rootOf(E, M);
}

const VarDecl *rootVar(const Expr *E, const ApiModel &M) {
  return Locator::rootVar(E, M);
}

/// True if \p E reaches an object through a member of `this` (`J->`,
/// `this->ES`, `MainJD`, `J->getMainJITDylib()`).
bool throughThisMember(const Expr *E, const ApiModel &M) {
  for (unsigned Depth = 0; E && Depth < 8; ++Depth) {
    E = rootExpr(E, M);
    if (const auto *ME = dyn_cast_or_null<MemberExpr>(E)) {
      if (isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()))
        return true;
      E = ME->getBase();
      continue;
    }
    if (const auto *MCE = dyn_cast_or_null<CXXMemberCallExpr>(E)) {
      E = MCE->getImplicitObjectArgument();
      continue;
    }
    return false;
  }
  return false;
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
  // through what is already there, not waiting for requests.
  struct Finder : RecursiveASTVisitor<Finder> {
    const ApiModel &M;
    bool Bounded = false;
    explicit Finder(const ApiModel &M) : M(M) {}
    bool VisitBinaryOperator(BinaryOperator *BO) {
      Bounded |= BO->isRelationalOp();
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

bool contains(const Stmt *Outer, const Stmt *Inner) {
  if (!Outer || !Inner)
    return false;
  SourceRange R = Outer->getSourceRange();
  SourceLocation L = Inner->getBeginLoc();
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

/// The class an object of type \p T is, or owns through a smart pointer.
const CXXRecordDecl *heldClass(QualType T) {
  T = T.getNonReferenceType();
  if (const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
          T->getAsCXXRecordDecl());
      Spec && Spec->getTemplateArgs().size() > 0 &&
      (declHasQualifiedName(Spec, "std::unique_ptr") ||
       declHasQualifiedName(Spec, "std::shared_ptr")) &&
      Spec->getTemplateArgs()[0].getKind() == TemplateArgument::Type)
    return Spec->getTemplateArgs()[0].getAsType()->getAsCXXRecordDecl();
  return T->getAsCXXRecordDecl();
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

} // namespace

JitResourceAnalysis::JitResourceAnalysis(const ApiModel &Model, ASTContext &Ctx,
                                         std::vector<std::string> Setup)
    : Model(Model), Ctx(Ctx), Setup(std::move(Setup)) {}

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
        if (const auto *P =
                dyn_cast_or_null<ParmVarDecl>(rootVar(CE->getArg(Arg), M)))
          if (P->getDeclContext() == FD)
            Param = P->getFunctionScopeIndex();
        return Param < 0;
      }
    } F(Model, FD);
    F.TraverseStmt(const_cast<Stmt *>(Body));
    if (F.Param >= 0)
      Wrappers[FD->getCanonicalDecl()] = F.Param;
  }
}

void JitResourceAnalysis::scanCalls(const FunctionDecl *Outer,
                                    const Stmt *Body) {
  const auto *Method = dyn_cast_or_null<CXXMethodDecl>(Outer);
  const CXXRecordDecl *Class = Method ? Method->getParent() : nullptr;
  ParentMap PM(const_cast<Stmt *>(Body));

  struct Visitor : RecursiveASTVisitor<Visitor> {
    JitResourceAnalysis &A;
    const FunctionDecl *Outer;
    const CXXMethodDecl *Method;
    const CXXRecordDecl *Class;
    ParentMap &PM;
    Visitor(JitResourceAnalysis &A, const FunctionDecl *Outer,
            const CXXMethodDecl *Method, const CXXRecordDecl *Class,
            ParentMap &PM)
        : A(A), Outer(Outer), Method(Method), Class(Class), PM(PM) {}

    // Lambdas are functions of their own (FunctionBodyCheck hands them over).
    bool TraverseLambdaExpr(LambdaExpr *) { return true; }

    void freesCode() {
      // Freeing everything when the JIT itself goes away (the tutorial's
      // ~KaleidoscopeJIT ends its session) does not bound what a long-lived
      // JIT accumulates.
      if (isa_and_nonnull<CXXDestructorDecl>(Outer))
        return;
      A.FreesCode.insert(Outer ? Outer->getCanonicalDecl() : nullptr);
      if (Class)
        A.FreesCode.insert(Class);
    }

    bool VisitCallExpr(CallExpr *CE) {
      const FunctionDecl *FD = CE->getDirectCallee();
      if (const auto *Callee = dyn_cast_or_null<CXXMethodDecl>(FD);
          Callee && Outer)
        A.Callers[Callee->getCanonicalDecl()].push_back(Outer);
      const JitApiRow *R = A.Model.jitRow(FD);
      if (!R)
        return true;
      switch (R->Role) {
      case JitRole::CreatesTracker:
      case JitRole::RemovesTracker:
      case JitRole::FreesAllCode:
        freesCode();
        return true;
      case JitRole::ReleasesTrackerRef:
      case JitRole::ReturnsDefaultTracker:
        return true;
      case JitRole::AddsCode:
        break;
      }
      int Arg = ApiModel::trackerArg(*R, FD);
      // `addIRModule(JD.getDefaultResourceTracker(), TSM)` is the
      // tracker-less add spelled out.
      if (Arg >= 0 && unsigned(Arg) < CE->getNumArgs())
        if (const auto *TC =
                dyn_cast_or_null<CallExpr>(rootExpr(CE->getArg(Arg), A.Model)))
          if (const JitApiRow *TR = A.Model.jitRow(TC->getDirectCallee());
              TR && TR->Role == JitRole::ReturnsDefaultTracker)
            Arg = NoTracker;
      if (Arg != NoTracker || !A.SeenCalls.insert(CE).second)
        return true;
      Candidate C{CE, Method, Outer, nullptr, false};
      // Through `this`: the receiver or any argument (C API in a class).
      if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(CE))
        C.ThroughMember = throughThisMember(MCE->getImplicitObjectArgument(), A.Model);
      for (const Expr *Arg : CE->arguments())
        if (!C.ThroughMember && A.Model.isJitOwner(Arg->getType()))
          C.ThroughMember = throughThisMember(Arg, A.Model);
      // The innermost request loop, unless the JIT is made inside it.
      for (const Stmt *P = PM.getParent(CE); P; P = PM.getParent(P)) {
        if (!isRequestLoop(P, A.Model) || !contains(loopBody(P), CE))
          continue;
        if (!jitCreatedIn(CE, P))
          C.Loop = P;
        break;
      }
      A.Candidates.push_back(C);
      return true;
    }

    /// The JIT (receiver or JIT-typed argument) is declared or (re)created
    /// inside \p Loop: each iteration gets a JIT of its own.
    bool jitCreatedIn(const CallExpr *CE, const Stmt *Loop) {
      llvm::SmallVector<const VarDecl *, 2> Vars;
      if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(CE))
        if (const VarDecl *V = rootVar(MCE->getImplicitObjectArgument(), A.Model))
          Vars.push_back(V);
      for (const Expr *Arg : CE->arguments())
        if (A.Model.isJitOwner(Arg->getType()))
          if (const VarDecl *V = rootVar(Arg, A.Model))
            Vars.push_back(V);
      for (const VarDecl *V : Vars) {
        // A JITDylib made per iteration belongs to the session and stays
        // with its code; only a JIT (session) per iteration frees it.
        if (A.Model.isJitDylib(V->getType()))
          continue;
        SourceLocation L = V->getLocation();
        SourceRange R = Loop->getSourceRange();
        if (!(L < R.getBegin()) && !(R.getEnd() < L))
          return true;
        if (assignedIn(V, Loop))
          return true;
      }
      return false;
    }

    static bool assignedIn(const VarDecl *V, const Stmt *Loop) {
      struct Finder : RecursiveASTVisitor<Finder> {
        const VarDecl *V;
        bool Found = false;
        bool VisitUnaryOperator(UnaryOperator *UO) {
          if (UO->getOpcode() == UO_AddrOf && refersTo(UO->getSubExpr()))
            Found = true; // LLVMOrcCreateLLJIT(&J, ...)
          return !Found;
        }
        bool VisitBinaryOperator(BinaryOperator *BO) {
          if (BO->isAssignmentOp() && refersTo(BO->getLHS()))
            Found = true;
          return !Found;
        }
        bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *OCE) {
          if (OCE->getOperator() == OO_Equal && refersTo(OCE->getArg(0)))
            Found = true;
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

    // Statics: function-local ones holding trackers, and resets of any.
    bool VisitDeclStmt(DeclStmt *DS) {
      for (const Decl *D : DS->decls()) {
        const auto *VD = dyn_cast<VarDecl>(D);
        if (!VD || !VD->isStaticLocal())
          continue;
        if (A.Model.holdsTrackerSP(VD->getType()))
          A.StaticLocals.push_back(VD);
        // The `static std::unique_ptr<LLJIT> J` accessor: built on first
        // use, before any tracker taken from it.
        if (A.Model.isJitOwner(VD->getType()) ||
            A.isJitOwnerClass(heldClass(VD->getType())))
          A.StaticLocalJits.push_back(VD);
      }
      return true;
    }
    bool VisitCXXMemberCallExpr(CXXMemberCallExpr *MCE) {
      const CXXMethodDecl *MD = MCE->getMethodDecl();
      if (!MD || !MD->getIdentifier())
        return true;
      StringRef N = MD->getName();
      // A smart pointer's reset/release, or a container emptied whole (an
      // erase of one key leaves the others).
      if (A.Model.hasVerb(MD, Empties))
        noteReset(MCE->getImplicitObjectArgument());
      return true;
    }
    bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *OCE) {
      if (OCE->getOperator() == OO_Equal && OCE->getNumArgs() == 2 &&
          isNullOrEmpty(OCE->getArg(1), A.Ctx))
        noteReset(OCE->getArg(0));
      return true;
    }
    void noteReset(const Expr *E) {
      const auto *DRE =
          dyn_cast_or_null<DeclRefExpr>(E ? E->IgnoreParenImpCasts() : nullptr);
      if (const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
          VD && VD->hasGlobalStorage())
        A.ResetStatics.insert(VD->getCanonicalDecl());
    }
  } V(*this, Outer, Method, Class, PM);
  V.TraverseStmt(const_cast<Stmt *>(Body));
  if (Method && isCompileCache(Body))
    CacheMethods.insert(Method->getCanonicalDecl());
}

/// A compile-once cache: the function looks a key up in a member container
/// and stores into the same container. Its adds grow with the number of
/// distinct keys, which is the point of the cache, not with each call.
bool JitResourceAnalysis::isCompileCache(const Stmt *Body) const {
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

void JitResourceAnalysis::analyzeTrackers(const Decl *D, const Stmt *Body) {
  std::vector<DroppedTracker> InD =
      findDroppedTrackers(D, Body, Model, Ctx, Wrappers);
  Dropped.insert(Dropped.end(), InD.begin(), InD.end());
}

bool JitResourceAnalysis::isJitOwnerClass(const CXXRecordDecl *RD) const {
  if (!RD || !RD->hasDefinition())
    return false;
  for (const FieldDecl *F : RD->fields())
    if (Model.isJitOwner(F->getType()))
      return true;
  for (const CXXBaseSpecifier &B : RD->bases())
    if (isJitOwnerClass(B.getType()->getAsCXXRecordDecl()))
      return true;
  return false;
}

bool JitResourceAnalysis::isSetupMethod(const CXXMethodDecl *MD) {
  MD = MD->getCanonicalDecl();
  if (auto It = SetupMemo.find(MD); It != SetupMemo.end())
    return It->second;
  SetupMemo[MD] = false; // recursion: not setup unless shown
  bool Result = false;
  if (isa<CXXConstructorDecl>(MD) || MD->isStatic())
    Result = true;
  else if (MD->getIdentifier() && isSetupName(MD->getName(), Setup))
    Result = true;
  else if (auto It = Callers.find(MD); It != Callers.end()) {
    // A helper that only setup steps call is part of the setup.
    Result = llvm::all_of(It->second, [&](const FunctionDecl *Caller) {
      const auto *CM = dyn_cast<CXXMethodDecl>(Caller);
      return CM && CM->getCanonicalDecl() != MD && isSetupMethod(CM);
    });
  }
  SetupMemo[MD] = Result;
  return Result;
}

JitResult JitResourceAnalysis::finish() {
  findWrappers();
  for (const auto &[D, Body] : Functions) {
    scanCalls(outerFunction(D), Body);
    analyzeTrackers(D, Body);
  }
  JitResult R;
  for (const Candidate &C : Candidates) {
    const FunctionDecl *FD = C.Call->getDirectCallee();
    UntrackedAdd A{C.Call, FD ? FD->getNameAsString() : ""};
    const CXXRecordDecl *Class = C.Method ? C.Method->getParent() : nullptr;
    bool ClassFrees = Class && FreesCode.count(Class);
    if (C.Method && C.ThroughMember && !ClassFrees && isJitOwnerClass(Class) &&
        !isSetupMethod(C.Method) &&
        !CacheMethods.count(C.Method->getCanonicalDecl())) {
      A.Method = C.Method;
      R.Adds.push_back(A);
      continue;
    }
    // A helper of the file that frees code, called in the loop, counts
    // (one level: `resetRepl(J)` clearing the JITDylib).
    auto LoopCallsFreeing = [&](const Stmt *Loop) {
      struct Finder : RecursiveASTVisitor<Finder> {
        const llvm::SmallPtrSet<const Decl *, 8> &Frees;
        bool Found = false;
        explicit Finder(const llvm::SmallPtrSet<const Decl *, 8> &F)
            : Frees(F) {}
        bool VisitCallExpr(CallExpr *CE) {
          if (const FunctionDecl *FD = CE->getDirectCallee())
            Found |= Frees.count(FD->getCanonicalDecl()) > 0;
          return !Found;
        }
      } F(FreesCode);
      F.TraverseStmt(const_cast<Stmt *>(Loop));
      return F.Found;
    };
    if (C.Loop && !ClassFrees &&
        !(C.Function && FreesCode.count(C.Function->getCanonicalDecl())) &&
        !LoopCallsFreeing(C.Loop)) {
      A.Loop = C.Loop;
      A.Function = C.Function;
      R.Adds.push_back(A);
    }
  }

  R.Dropped = std::move(Dropped);

  // Statics: namespace-scope and static data members of the main file, in
  // source order, then function-local ones. A JIT with static storage
  // declared before a tracker is destroyed after it.
  const SourceManager &SM = Ctx.getSourceManager();
  bool JitBefore = false;
  std::vector<const VarDecl *> Globals;
  std::function<void(const DeclContext *)> Walk = [&](const DeclContext *DC) {
    for (const Decl *D : DC->decls()) {
      if (!SM.isInMainFile(SM.getExpansionLoc(D->getLocation())))
        continue;
      if (const auto *NS = dyn_cast<NamespaceDecl>(D)) {
        Walk(NS);
        continue;
      }
      if (const auto *LS = dyn_cast<LinkageSpecDecl>(D)) {
        Walk(LS);
        continue;
      }
      if (const auto *RD = dyn_cast<CXXRecordDecl>(D)) {
        if (RD->isThisDeclarationADefinition() && !RD->isLambda())
          Walk(RD);
        continue;
      }
      const auto *VD = dyn_cast<VarDecl>(D);
      if (!VD || !VD->hasGlobalStorage() || VD->isStaticLocal())
        continue;
      // Out-of-line definitions of static members are seen twice.
      if (!VD->isThisDeclarationADefinition() && VD->isStaticDataMember() &&
          VD->getDefinition())
        continue;
      QualType T = VD->getType();
      bool Tracker = Model.holdsTrackerSP(T);
      // A struct of both: fields die in reverse order, so a JIT field
      // declared before the tracker field outlives it.
      if (const CXXRecordDecl *RD = T->getAsCXXRecordDecl();
          RD && RD->hasDefinition() && !Tracker)
        for (const FieldDecl *F : RD->fields()) {
          if (Model.isJitOwner(F->getType()))
            break;
          if (Model.holdsTrackerSP(F->getType())) {
            Tracker = true;
            break;
          }
        }
      if (Tracker && !JitBefore && !ResetStatics.count(VD->getCanonicalDecl()))
        Globals.push_back(VD);
      if ((Model.isJitOwner(T) || isJitOwnerClass(heldClass(T))) &&
          !ResetStatics.count(VD->getCanonicalDecl()))
        JitBefore = true;
    }
  };
  Walk(Ctx.getTranslationUnitDecl());
  R.StaticTrackers = Globals;
  // A function-local static is built after every namespace-scope one, and
  // destroyed before them; among function-local statics, a JIT accessor is
  // used (and so built) before any tracker is taken from it.
  bool LocalJit = llvm::any_of(StaticLocalJits, [&](const VarDecl *VD) {
    return !ResetStatics.count(VD->getCanonicalDecl());
  });
  if (!JitBefore && !LocalJit)
    for (const VarDecl *VD : StaticLocals)
      if (!ResetStatics.count(VD->getCanonicalDecl()))
        R.StaticTrackers.push_back(VD);
  return R;
}

} // namespace clang::tidy::llvmown

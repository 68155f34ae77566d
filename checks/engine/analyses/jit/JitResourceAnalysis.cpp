//===- JitResourceAnalysis.cpp --------------------------------------------===//
//
// The class-wide scan (adds without a tracker, what frees code, setup
// methods, compile caches), the statics, and the verdicts of finish(). The
// tracker dataflow is in TrackerFlow.cpp.
//
//===----------------------------------------------------------------------===//

#include "engine/analyses/jit/JitResourceAnalysis.h"
#include "engine/analyses/jit/TrackerFlow.h"
#include "engine/framework/AstHelpers.h"
#include "engine/framework/CallSite.h"
#include "engine/framework/Environment.h"
#include "engine/framework/NameMatcher.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMap.h"
#include "clang/Basic/SourceManager.h"

namespace clang::tidy::llvmown {

bool fieldRecreatedIn(const FieldDecl *F, const Stmt *Body,
                      const UnitIndex &Index) {
  return Index.usesOfThis(Body, F, /*InLambdas=*/false)
      .hasAny(HolderUse::Assigned | HolderUse::AddressTaken |
              HolderUse::Resets);
}

/// A class that holds a JIT (an LLJIT, an ExecutionSession), itself or
/// through a base.
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

namespace {

/// A compile-once cache: the function looks a key up in a member container
/// and stores into the same container. Its adds grow with the number of
/// distinct keys, which is the point of the cache, not with each call.
bool isCompileCache(const Stmt *Body, const UnitIndex &Index) {
  return llvm::any_of(Index.membersOfThis(Body), [](const auto &MemberUses) {
    HolderUses U = MemberUses.second;
    return U.has(HolderUse::LooksUp) &&
           U.hasAny(HolderUse::Adds | HolderUse::Indexes);
  });
}

/// \p Loop calls one of the functions of \p Frees.
bool callsAny(const Stmt *Loop,
              const llvm::SmallPtrSet<const Decl *, 8> &Frees) {
  return !forEachStmt(Loop, [&](const Stmt *S) {
    const auto *CE = dyn_cast<CallExpr>(S);
    const FunctionDecl *FD = CE ? CE->getDirectCallee() : nullptr;
    return !FD || !Frees.count(FD->getCanonicalDecl());
  });
}

/// The parameter of \p FD that \p Body adds code with as its tracker, or -1.
int trackerParam(const FunctionDecl *FD, const Stmt *Body, const ApiModel &M) {
  int Param = -1;
  forEachStmt(
      Body,
      [&](const Stmt *S) {
        const auto *CE = dyn_cast<CallExpr>(S);
        const FunctionDecl *Callee = CE ? CE->getDirectCallee() : nullptr;
        const JitApiRow *R = M.jitRow(Callee);
        if (!R || R->Role != JitRole::AddsCode)
          return true;
        int Arg = ApiModel::trackerArg(*R, Callee);
        if (Arg < 0 || unsigned(Arg) >= CE->getNumArgs())
          return true;
        if (const auto *P =
                dyn_cast_or_null<ParmVarDecl>(M.rootVar(CE->getArg(Arg))))
          if (P->getDeclContext() == FD)
            Param = P->getFunctionScopeIndex();
        return Param < 0;
      },
      /*IntoLambdas=*/false);
  return Param;
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
      if (!isInUnitSource(SM, D->getLocation()))
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
JitResourceAnalysis::JitResourceAnalysis(const ApiModel &Model, ASTContext &Ctx,
                                         std::vector<std::string> Setup,
                                         bool SharedContextRequests)
    : Model(Model), Ctx(Ctx), Index(Model), Setup(std::move(Setup)),
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
  for (const auto &[D, Body] : Index.functions()) {
    const auto *FD = dyn_cast<FunctionDecl>(D);
    if (!FD || FD->getNumParams() == 0)
      continue;
    if (int Param = trackerParam(FD, Body, Model); Param >= 0)
      Wrappers[FD->getCanonicalDecl()] = Param;
  }
}

void JitResourceAnalysis::scanCalls(const FunctionDecl *Outer,
                                    const Stmt *Body) {
  collectJitCalls(*this, Outer, Body);
  if (const auto *Method = dyn_cast_or_null<CXXMethodDecl>(Outer);
      Method && isCompileCache(Body, Index))
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
  else if (llvm::ArrayRef<const FunctionDecl *> Callers = Index.callersOf(FD);
           !Callers.empty()) {
    // A helper that only setup steps call is part of the setup. So is one
    // that a one-shot program's main calls, outside any request loop (once
    // per input file, as range-for loops are a fixed set of inputs).
    Result = llvm::all_of(Callers, [&](const FunctionDecl *Caller) {
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
  for (const auto &[D, Body] : Index.methodsOf(F->getParent())) {
    const auto *MD = cast<CXXMethodDecl>(outerFunction(D));
    if (isa<CXXConstructorDecl, CXXDestructorDecl>(MD) || isSetupFunction(MD))
      continue;
    if ((Result = fieldRecreatedIn(F, Body, Index)))
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
  // A definition generator links what a lookup misses into the JITDylib
  // being searched, each piece once, as LLVM's own static-library
  // generator does: its memory is bounded by the library, not by requests.
  if (Model.isDefinitionGenerator(Class))
    return std::nullopt;
  // A JIT per object that gets the object's own code, moved out of a
  // member that only set-up refills: one add per object, freed with it.
  if (C.Method && C.Member && C.MovedFrom &&
      !C.Member->getType()->isReferenceType() &&
      !C.Member->getType()->isPointerType() && !C.Recreated &&
      !fieldRecreatedIn(C.MovedFrom, C.Method->getBody(), Index) &&
      !replacedPerBatch(C.MovedFrom))
    return std::nullopt;
  // An engine's module taken back with removeModule loses its IR but not
  // the object code MCJIT loaded for it: still reported, as such. Only an
  // engine made per batch (Recreated, replacedPerBatch) bounds memory.
  bool ClassFrees = Class && Frees.count(Class);
  A.OnlyRemoved = C.Engine && ClassFrees;
  if (C.Method && C.ThroughMember && !C.Recreated &&
      (!ClassFrees || C.Engine) && !(C.Member && replacedPerBatch(C.Member)) &&
      isJitOwnerClass(Class, Model) && !isSetupFunction(C.Method) &&
      !CacheMethods.count(C.Method->getCanonicalDecl())) {
    A.Method = C.Method;
    return A;
  }
  // A helper of the file that frees code, called in the loop, counts (one
  // level: `resetRepl(J)` clearing the JITDylib).
  bool LoopFrees =
      ClassFrees ||
      (C.Function && Frees.count(C.Function->getCanonicalDecl())) ||
      (C.Loop && callsAny(C.Loop, Frees));
  if (!C.Loop || (LoopFrees && !C.Engine))
    return std::nullopt;
  A.OnlyRemoved = C.Engine && LoopFrees;
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
  for (const auto &[D, Body] : Index.functions()) {
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

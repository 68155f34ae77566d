//===- TrackerFlow.cpp ----------------------------------------------------===//

#include "engine/analyses/jit/TrackerFlow.h"
#include "engine/framework/AstHelpers.h"
#include "engine/framework/CallSite.h"
#include "engine/framework/Solver.h"
#include "engine/framework/ValueFlow.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMap.h"
#include "clang/Analysis/CFG.h"

namespace clang::tidy::llvmown {

bool hasJitRole(const CallExpr *CE, JitRole Role, const ApiModel &Model) {
  const JitApiRow *R = Model.jitRow(CE->getDirectCallee());
  return R && R->Role == Role;
}

const CallExpr *jitCallOf(const Expr *E, JitRole Role, const ApiModel &Model) {
  const auto *CE = dyn_cast_or_null<CallExpr>(Model.rootOf(E));
  return CE && hasJitRole(CE, Role, Model) ? CE : nullptr;
}

namespace {

using Bits = TrackerBits;

/// What carries a value to the node that uses it: casts, temporaries, a
/// copy into a by-value parameter.
constexpr FlagSet<Climb> ValueCarriers = Climb::ImplicitCasts | Climb::Parens |
                                         Climb::FullExprs | Climb::Temporaries |
                                         Climb::Copies;

/// The union of the values of the trackers \p V may refer to.
uint8_t bitsOf(const TrackerValue &V) {
  uint8_t B = 0;
  for (const auto &E : V)
    B |= E.second.Bits;
  return B;
}

/// Every tracker \p V may refer to gets the value \p B.
void setAll(TrackerValue &V, uint8_t B) {
  for (auto &E : V)
    E.second = Bits(B);
}

/// The last reference to a tracker that may hold code is gone.
struct Dropped {
  const CallExpr *Create;
  const VarDecl *Holder;
  TrackerDrop How;
  SourceLocation Where;
};

/// The tracker dataflow of one function (TrackerFlow.h).
class TrackerFlow : public ValueFlow<TrackerFlow, TrackerState, Dropped> {
public:
  TrackerFlow(const ApiModel &Model, ASTContext &Ctx, const Decl *D,
              const Stmt *Body, const AddWrappers &Wrappers)
      : ValueFlow(Ctx, D, Body), Model(Model), Wrappers(Wrappers) {}

  // Value movement (ValueFlow's hooks).
  void declare(const VarDecl *VD, const DeclStmt *, State &S) const;
  void assign(const Expr *LHS, const Expr *RHS, const Stmt *At, State &S) const;
  void call(const CallSite &CS, State &S) const;
  void endLifetime(const VarDecl *VD, const LifetimeEnd &End, State &S) const;
  /// On the edge where an add's Error is set, the add failed: its trackers
  /// hold no new code; where a tracker is null, it holds nothing.
  void transferBranch(const BranchEdge &E, State &S) const;

  void VisitDeclRefExpr(const DeclRefExpr *DRE, State &S) const;

private:
  bool isTrackerVar(const VarDecl *V) const {
    return V && V->hasLocalStorage() && Model.isTrackerRef(V->getType());
  }
  void start(State &S, const VarDecl *V, const CallExpr *Create) const;
  void drop(State &S, const VarDecl *V, TrackerDrop How,
            SourceLocation Where) const;
  void load(State &S, const Expr *Tracker, const CallExpr *Add) const;
  void jitCall(const JitApiRow &R, const CallSite &CS, State &S) const;
  bool isBorrowed(const DeclRefExpr *DRE) const;
  const Expr *wrapperArg(const CallSite &CS) const;
  Location errorKey(const CallExpr *Add) const;

  const ApiModel &Model;
  const AddWrappers &Wrappers;
};

void TrackerFlow::start(State &S, const VarDecl *V,
                        const CallExpr *Create) const {
  TrackerValue Value;
  Value[Create] = Bits(Bits::Fresh);
  S.Vars.set(Location::local(V), std::move(Value));
}

void TrackerFlow::drop(State &S, const VarDecl *V, TrackerDrop How,
                       SourceLocation Where) const {
  Location L = Location::local(V);
  if (!S.Vars.contains(L))
    return;
  TrackerValue &Value = S.Vars[L];
  llvm::SmallVector<const CallExpr *, 2> Loaded;
  for (const auto &[Create, B] : Value)
    if (B.Bits & Bits::Loaded)
      Loaded.push_back(Create);
  // In source order, not in the map's.
  llvm::sort(Loaded, [](const CallExpr *A, const CallExpr *B) {
    return EarlierLoc()(A->getBeginLoc(), B->getBeginLoc());
  });
  for (const CallExpr *Create : Loaded)
    S.DroppedCode[Create].join(
        MinLattice<DropMark, EarlierDrop>(DropMark{V, How, Where}));
  setAll(Value, Bits::Done);
}

/// `RT = JD.createResourceTracker()`, `RT = nullptr` (operator= on a
/// ResourceTrackerSP); C: `RT = LLVMOrcJITDylibCreateResourceTracker(JD)`.
void TrackerFlow::assign(const Expr *LHS, const Expr *RHS, const Stmt *At,
                         State &S) const {
  const VarDecl *V = nullptr;
  SourceLocation Where;
  if (const auto *BO = dyn_cast<BinaryOperator>(At)) {
    if (const auto *DRE = dyn_cast<DeclRefExpr>(LHS->IgnoreParenImpCasts()))
      V = dyn_cast<VarDecl>(DRE->getDecl());
    Where = BO->getOperatorLoc();
  } else {
    V = Model.rootVar(LHS);
    Where = cast<CXXOperatorCallExpr>(At)->getOperatorLoc();
  }
  if (!isTrackerVar(V))
    return;
  drop(S, V, TrackerDrop::Overwritten, Where);
  if (const CallExpr *Create = jitCallOf(RHS, JitRole::CreatesTracker, Model))
    start(S, V, Create);
  else
    S.Vars.erase(Location::local(V));
}

/// \p Add adds code with the tracker \p Tracker: until its Error is tested,
/// the add may have failed.
void TrackerFlow::load(State &S, const Expr *Tracker,
                       const CallExpr *Add) const {
  const VarDecl *V = Model.rootVar(Tracker);
  Location L = Location::local(V);
  if (!V || !S.Vars.contains(L))
    return;
  TrackerValue &Value = S.Vars[L];
  if (bitsOf(Value) & Bits::Done)
    return;
  S.Pending[errorKey(Add)][L].join(Value);
  setAll(Value, Bits::Loaded);
}

/// The tracker argument of a call to a project function that adds code
/// with it, or null.
const Expr *TrackerFlow::wrapperArg(const CallSite &CS) const {
  auto It =
      CS.Callee ? Wrappers.find(CS.Callee->getCanonicalDecl()) : Wrappers.end();
  return It == Wrappers.end() ? nullptr : CS.arg(It->second);
}

/// The Error an add's result lands in: the variable it initializes or is
/// assigned to (`if ((Err = add(...)))`), or the call itself when it is
/// tested directly.
Location TrackerFlow::errorKey(const CallExpr *Add) const {
  Consumer C = climbParents(PM, Add, ValueCarriers);
  if (const auto *DS = dyn_cast_or_null<DeclStmt>(C.Parent))
    for (const Decl *D : DS->decls())
      if (const auto *VD = dyn_cast<VarDecl>(D); VD && VD->getInit() == C.Child)
        return Location::local(VD);
  if (const auto *BO = dyn_cast_or_null<BinaryOperator>(C.Parent);
      BO && BO->getOpcode() == BO_Assign && BO->getRHS() == C.Child)
    if (const auto *DRE =
            dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts()))
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
        return Location::local(VD);
  return Location::temporary(Add);
}

void TrackerFlow::call(const CallSite &CS, State &S) const {
  const auto *CE = dyn_cast<CallExpr>(CS.Call);
  if (!CE)
    return;
  if (const Expr *Tracker = wrapperArg(CS)) {
    load(S, Tracker, CE);
    return;
  }
  if (const JitApiRow *R = Model.jitRow(CS.Callee)) {
    jitCall(*R, CS, S);
    return;
  }
  // RT.reset().
  if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(CE)) {
    const auto *DRE = dyn_cast_or_null<DeclRefExpr>(skipTransparent(CS.Object));
    const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    if (Model.hasVerb(MCE->getMethodDecl(), Verb::Resets) && isTrackerVar(V))
      drop(S, V, TrackerDrop::Reset, MCE->getBeginLoc());
  }
}

void TrackerFlow::jitCall(const JitApiRow &R, const CallSite &CS,
                          State &S) const {
  const Expr *Tracker = CS.arg(ApiModel::trackerArg(R, CS.Callee));
  const VarDecl *V = Model.rootVar(Tracker);
  bool Tracked = V && S.Vars.contains(Location::local(V));
  switch (R.Role) {
  case JitRole::AddsCode:
    load(S, Tracker, cast<CallExpr>(CS.Call));
    return;
  case JitRole::RemovesTracker:
    if (Tracked)
      setAll(S.Vars[Location::local(V)], Bits::Done);
    return;
  case JitRole::ReleasesTrackerRef:
    drop(S, V, TrackerDrop::Released, CS.Call->getBeginLoc());
    return;
  case JitRole::FreesAllCode:
  case JitRole::DestroysJit:
    for (auto &Var : S.Vars)
      setAll(Var.second, Bits::Done);
    S.DroppedCode.clear();
    return;
  case JitRole::CreatesTracker:
  case JitRole::ReturnsDefaultTracker:
  case JitRole::AddsModuleToEngine:
  case JitRole::RemovesModule:
  case JitRole::GeneratesCode:
    return;
  }
}

/// True if the read \p DRE of a tracker variable is one of the uses the
/// analysis understands; any other read hands the tracker to someone else
/// (a map, a member, a caller, a lambda).
bool TrackerFlow::isBorrowed(const DeclRefExpr *DRE) const {
  auto [Child, P] = climbParents(PM, DRE, ValueCarriers);
  if (!P)
    return true;
  if (const auto *CE = dyn_cast<CallExpr>(P)) {
    if (const auto *OCE = dyn_cast<CXXOperatorCallExpr>(CE)) {
      switch (OCE->getOperator()) {
      case OO_Arrow:
      case OO_Star:
      case OO_EqualEqual:
      case OO_ExclaimEqual:
      case OO_Exclaim:
        return true;
      case OO_Equal:
        // The assignment itself is handled at the call.
        return OCE->getArg(0) == Child;
      default:
        return false;
      }
    }
    // ORC, other LLVM functions and add wrappers borrow it.
    const FunctionDecl *FD = CE->getDirectCallee();
    return Model.jitRow(FD) || ApiModel::isLLVMApi(FD) ||
           wrapperArg(*CallSite::of(CE)) == Child;
  }
  if (const auto *ME = dyn_cast<MemberExpr>(P); ME && ME->getBase() == Child)
    return true; // RT.get(), RT.reset(), a conversion to bool
  if (const auto *UO = dyn_cast<UnaryOperator>(P))
    return UO->getOpcode() != UO_AddrOf;
  if (const auto *BO = dyn_cast<BinaryOperator>(P);
      BO &&
      (BO->isEqualityOp() || (BO->isAssignmentOp() && BO->getLHS() == Child)))
    return true;
  return isa<IfStmt>(P) || isa<WhileStmt>(P) || isa<ForStmt>(P) ||
         isa<ConditionalOperator>(P);
}

void TrackerFlow::VisitDeclRefExpr(const DeclRefExpr *DRE, State &S) const {
  const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
  Location L = Location::local(V);
  if (V && S.Vars.contains(L) && !isBorrowed(DRE))
    setAll(S.Vars[L], Bits::Done);
}

void TrackerFlow::endLifetime(const VarDecl *VD, const LifetimeEnd &End,
                              State &S) const {
  drop(S, VD, TrackerDrop::ScopeEnd, End.Where);
  S.Vars.erase(Location::local(VD));
}

void TrackerFlow::declare(const VarDecl *VD, const DeclStmt *, State &S) const {
  if (!isTrackerVar(VD))
    return;
  if (const CallExpr *Create =
          jitCallOf(VD->getInit(), JitRole::CreatesTracker, Model))
    start(S, VD, Create);
}

/// Where a tested expression keeps its value: the Error variable, or the
/// add call tested directly.
Location testedLocation(const Expr *Tested) {
  const Expr *E = skipTransparent(Tested);
  if (!E)
    return {};
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
    return VD ? Location::local(VD) : Location();
  }
  return Location::temporary(E);
}

void TrackerFlow::transferBranch(const BranchEdge &E, State &S) const {
  Location NullHere = testedLocation(E.NullHere);
  if (NullHere.kind() == Location::Local && S.Vars.contains(NullHere))
    setAll(S.Vars[NullHere], Bits::Done);
  if (NullHere && S.Pending.contains(NullHere)) {
    S.Pending.erase(NullHere); // success: the code is in
    return;
  }
  Location SetHere = testedLocation(E.NonNullHere);
  if (!SetHere || !S.Pending.contains(SetHere))
    return;
  for (const auto &[L, Before] : S.Pending.lookup(SetHere))
    if (S.Vars.contains(L))
      S.Vars.set(L, Before);
  S.Pending.erase(SetHere);
}

/// The blocks from which \p Target can be reached.
llvm::BitVector blocksReaching(const CFGBlock &Target, const CFG &G) {
  llvm::BitVector Seen(G.getNumBlockIDs());
  llvm::SmallVector<const CFGBlock *, 16> Work{&Target};
  Seen.set(Target.getBlockID());
  while (!Work.empty())
    for (const CFGBlock::AdjacentBlock &P : Work.pop_back_val()->preds())
      if (const CFGBlock *B = P.getReachableBlock();
          B && !Seen.test(B->getBlockID())) {
        Seen.set(B->getBlockID());
        Work.push_back(B);
      }
  return Seen;
}

/// Only functions that create a tracker need the CFG.
bool createsTracker(const Stmt *Body, const ApiModel &Model) {
  return !forEachStmt(
      Body,
      [&](const Stmt *S) {
        const auto *CE = dyn_cast<CallExpr>(S);
        return !CE || !hasJitRole(CE, JitRole::CreatesTracker, Model);
      },
      /*IntoLambdas=*/false);
}

} // namespace

std::vector<DroppedTracker> findDroppedTrackers(const Decl *D, const Stmt *Body,
                                                const ApiModel &Model,
                                                ASTContext &Ctx,
                                                const AddWrappers &Wrappers,
                                                bool &Incomplete) {
  Incomplete = false;
  if (!createsTracker(Body, Model))
    return {};
  std::unique_ptr<CFG> G = buildAnalysisCFG(D, Body, Ctx);
  if (!G)
    return {};
  TrackerFlow Flow(Model, Ctx, D, Body, Wrappers);
  Solution<TrackerState> Sol = solveForward(*G, Flow, TrackerState());
  Incomplete = Sol.Incomplete;
  std::vector<Dropped> Events;
  auto Report = [&](const TrackerState &S) {
    for (const auto &[Create, Mark] : S.DroppedCode)
      if (!Mark.empty())
        Events.push_back(
            {Create, Mark.get().Holder, Mark.get().How, Mark.get().Where});
  };
  replay(
      *G, Flow, Sol, [](const CFGBlock &, const Dropped &) {},
      [&](const CFGBlock &, const TrackerState &S) { Report(S); });
  // A loop that never exits never frees what it dropped (a path that ends
  // in a call that does not return does not need to).
  llvm::BitVector ReachesExit = blocksReaching(G->getExit(), *G);
  llvm::BitVector Doomed = doomedBlocks(*G);
  for (const CFGBlock *B : *G)
    if (Sol.usable(*B) && !ReachesExit.test(B->getBlockID()) &&
        !Doomed.test(B->getBlockID()))
      Report(Sol.In[B->getBlockID()]);
  // One report per tracker, at the first place in the source where it is
  // dropped, whatever order the blocks were replayed in.
  std::vector<DroppedTracker> Out;
  for (const Dropped *E : earliestPerKey(
           llvm::ArrayRef<Dropped>(Events),
           [](const Dropped &E) { return E.Create; },
           [](const Dropped &E) { return E.Where; }, Ctx.getSourceManager())) {
    const FunctionDecl *FD = E->Create->getDirectCallee();
    Out.push_back({E->Create, FD ? FD->getNameAsString() : "", E->Holder,
                   E->How, E->Where, !isa_and_nonnull<CXXMethodDecl>(FD)});
  }
  return Out;
}

} // namespace clang::tidy::llvmown

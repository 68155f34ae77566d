//===- FieldReleases.cpp - a struct field's handle released twice ---------===//

#include "engine/analyses/ownership/FieldReleases.h"
#include "engine/framework/CallSite.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/Stmt.h"
#include "clang/Analysis/CFG.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <algorithm>
#include <tuple>

namespace clang::tidy::llvmown {

const VarDecl *arrowBase(const Expr *E) {
  const auto *DRE = dyn_cast_or_null<DeclRefExpr>(skipTransparent(E));
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  return VD && VD->getType()->isPointerType() ? VD : nullptr;
}

std::pair<const VarDecl *, const FieldDecl *> arrowField(const Expr *E) {
  const auto *ME = dyn_cast_or_null<MemberExpr>(skipTransparent(E));
  if (!ME || !ME->isArrow())
    return {nullptr, nullptr};
  const auto *F = dyn_cast<FieldDecl>(ME->getMemberDecl());
  const VarDecl *V = arrowBase(ME->getBase());
  return V && F ? std::make_pair(V, F) : std::make_pair(nullptr, nullptr);
}

std::tuple<const VarDecl *, const FieldDecl *, const CallExpr *>
createdArrowField(const Expr *E, const ApiModel &Model) {
  const auto *BO =
      dyn_cast_or_null<BinaryOperator>(E ? skipTransparent(E) : nullptr);
  if (!BO || BO->getOpcode() != BO_Assign)
    return {nullptr, nullptr, nullptr};
  auto [V, F] = arrowField(BO->getLHS());
  const auto *CE = dyn_cast<CallExpr>(skipTransparent(BO->getRHS()));
  const FunctionDecl *FD = CE ? CE->getDirectCallee() : nullptr;
  if (!V || !FD || !Model.find(FD, Effect::Creates, ReturnValue))
    return {nullptr, nullptr, nullptr};
  return {V, F, CE};
}

namespace {

/// The fields released so far on every path: (variable, field, first
/// release, whether that took it over). Sorted by variable and field.
struct Released {
  struct Item {
    const VarDecl *Var;
    const FieldDecl *Field;
    const CallExpr *By;
    bool Consumed;
    bool operator<(const Item &O) const {
      return std::tie(Var, Field) < std::tie(O.Var, O.Field);
    }
    bool sameKey(const Item &O) const {
      return Var == O.Var && Field == O.Field;
    }
  };
  llvm::SmallVector<Item, 4> Items;

  const Item *find(const VarDecl *V, const FieldDecl *F) const {
    for (const Item &I : Items)
      if (I.Var == V && I.Field == F)
        return &I;
    return nullptr;
  }
  void insert(Item I) {
    if (find(I.Var, I.Field))
      return;
    Items.insert(llvm::upper_bound(Items, I), I);
  }
  void eraseVar(const VarDecl *V) {
    llvm::erase_if(Items, [&](const Item &I) { return I.Var == V; });
  }
  void erase(const VarDecl *V, const FieldDecl *F) {
    llvm::erase_if(Items,
                   [&](const Item &I) { return I.Var == V && I.Field == F; });
  }
  /// The meet of a must-analysis: what both paths released. Returns true
  /// if something was dropped.
  bool join(const Released &O) {
    size_t Before = Items.size();
    llvm::erase_if(Items, [&](const Item &I) {
      const Item *J = O.find(I.Var, I.Field);
      return !J || J->By != I.By;
    });
    return Items.size() != Before;
  }
  bool operator==(const Released &O) const {
    if (Items.size() != O.Items.size())
      return false;
    for (size_t I = 0; I < Items.size(); ++I)
      if (!Items[I].sameKey(O.Items[I]) || Items[I].By != O.Items[I].By)
        return false;
    return true;
  }
  size_t weight() const { return Items.size(); }
};

class FieldReleaseFlow : public ArrowFieldFlow<FieldReleaseFlow, Released> {
public:
  using State = Released;
  using Event = FieldReleaseTwice;
  using ArrowFieldFlow::ArrowFieldFlow;

  void refine(const CFGBlock &, unsigned, State &) const {}

  void transfer(const CFGElement &El, State &S, EventList<Event> &Out) const {
    auto Into = Events.collectInto(Out);
    if (auto CS = El.getAs<CFGStmt>())
      Visit(CS->getStmt(), S);
  }

  void release(State &S, const VarDecl *V, const FieldDecl *F,
               const CallExpr *CE, bool Consumes, const FunctionDecl *Helper,
               const HelperFieldReleases::Release *In) const {
    if (const Released::Item *First = S.find(V, F)) {
      if (First->By != CE)
        Events.emit({V, F, Model.kindOfPointer(F->getType()), CE, First->By,
                     First->Consumed, Helper, In ? In->Call : nullptr,
                     In ? In->Owner : nullptr});
      return;
    }
    S.insert({V, F, CE, Consumes});
  }
  // A new handle, or anything stored, ends a pair.
  void create(State &S, const VarDecl *V, const FieldDecl *F, const Expr *,
              const FunctionDecl *) const {
    S.erase(V, F);
  }
  void stored(State &S, const VarDecl *V, const FieldDecl *F) const {
    S.erase(V, F);
  }
  void reassigned(State &S, const VarDecl *V) const { S.eraseVar(V); }
  void opaque(State &S, const VarDecl *V) const { S.eraseVar(V); }

private:
  EventSink<Event> Events;
};

/// A return, goto or break out of \p S (not in a lambda or a loop of its
/// own for break).
bool mayLeave(const Stmt *S) {
  if (!S || isa<LambdaExpr>(S))
    return false;
  if (isa<ReturnStmt>(S) || isa<GotoStmt>(S) || isa<IndirectGotoStmt>(S))
    return true;
  for (const Stmt *C : S->children())
    if (mayLeave(C))
      return true;
  return false;
}

/// `if (!P) return;` (or `P == NULL`) for a parameter P of \p Def.
bool bailsOutOnNull(const Stmt *S, const FunctionDecl *Def) {
  const auto *If = dyn_cast<IfStmt>(S);
  if (!If || If->getElse() || !If->getCond())
    return false;
  const Stmt *Then = If->getThen();
  if (const auto *CS = dyn_cast<CompoundStmt>(Then); CS && CS->size() == 1)
    Then = CS->body_front();
  if (!isa<ReturnStmt>(Then))
    return false;
  const Expr *C = If->getCond()->IgnoreParenImpCasts();
  const Expr *Tested = nullptr;
  if (const auto *UO = dyn_cast<UnaryOperator>(C);
      UO && UO->getOpcode() == UO_LNot)
    Tested = UO->getSubExpr();
  else if (const auto *BO = dyn_cast<BinaryOperator>(C);
           BO && BO->getOpcode() == BO_EQ &&
           BO->getRHS()->isNullPointerConstant(
               Def->getASTContext(), Expr::NPC_ValueDependentIsNotNull))
    Tested = BO->getLHS();
  const VarDecl *V = Tested ? arrowBase(Tested) : nullptr;
  return V && isa<ParmVarDecl>(V);
}

} // namespace

const HelperFieldReleases::Effects *
HelperFieldReleases::effects(const FunctionDecl *FD) const {
  const FunctionDecl *Def = nullptr;
  if (!FD || !FD->hasBody(Def) || !Def || Def->isDependentContext() ||
      !isInUnitSource(Def->getASTContext().getSourceManager(),
                      Def->getLocation()))
    return nullptr;
  auto It = Known.find(Def);
  if (It == Known.end())
    It = Known.try_emplace(Def, compute(Def, 2)).first;
  return &It->second;
}

llvm::ArrayRef<HelperFieldReleases::Release>
HelperFieldReleases::of(const FunctionDecl *FD) const {
  const Effects *E = effects(FD);
  return E ? llvm::ArrayRef<Release>(E->Releases) : llvm::ArrayRef<Release>();
}

llvm::ArrayRef<HelperFieldReleases::Release>
HelperFieldReleases::creationsOf(const FunctionDecl *FD) const {
  const Effects *E = effects(FD);
  return E ? llvm::ArrayRef<Release>(E->Creations) : llvm::ArrayRef<Release>();
}

bool HelperFieldReleases::visitCall(
    const CallExpr *CE,
    llvm::function_ref<void(const VarDecl *, const FieldDecl *, bool,
                            const FunctionDecl *, const Release *)>
        OnRelease,
    llvm::function_ref<void(const VarDecl *, const Release &)> OnCreate) const {
  const FunctionDecl *FD = CE->getDirectCallee();
  if (!FD)
    return true; // a call through a pointer: nothing known, nothing assumed
  bool Known = false;
  for (unsigned I = 0; I < CE->getNumArgs(); ++I)
    if (auto [V, F] = arrowField(CE->getArg(I));
        V && Model.releasesOrConsumes(FD, I)) {
      Known = true;
      OnRelease(V, F, !Model.find(FD, Effect::Releases, I), nullptr, nullptr);
    }
  auto ArgVar = [&](unsigned Param) {
    return Param < CE->getNumArgs() ? arrowBase(CE->getArg(Param)) : nullptr;
  };
  for (const Release &R : of(FD))
    if (const VarDecl *V = ArgVar(R.Param)) {
      Known = true;
      OnRelease(V, R.Field, false, FD, &R);
    }
  for (const Release &R : creationsOf(FD))
    if (const VarDecl *V = ArgVar(R.Param))
      OnCreate(V, R);
  return Known || ApiModel::isLLVMApi(FD);
}

/// The releases (and creations) at the top level of \p Def's body:
/// statements that run on every path that gets that far (an early return
/// before them is a path that does not release; a helper that bails out on
/// null is still taken as releasing what it was given, as its callers do).
HelperFieldReleases::Effects
HelperFieldReleases::compute(const FunctionDecl *Def, unsigned Depth) const {
  Effects Out;
  const auto *Body = dyn_cast_or_null<CompoundStmt>(Def->getBody());
  if (!Body)
    return Out;
  auto ParamIndex = [&](const VarDecl *V) -> int {
    for (unsigned I = 0; I < Def->getNumParams(); ++I)
      if (Def->getParamDecl(I) == V)
        return I;
    return -1;
  };
  for (const Stmt *St : Body->body()) {
    if (bailsOutOnNull(St, Def))
      continue; // the caller, who used V->F, passed a non-null V
    if (mayLeave(St))
      break; // what follows may not run
    const auto *E = dyn_cast<Expr>(St);
    if (auto [V, F, New] = createdArrowField(E, Model); V && ParamIndex(V) >= 0)
      Out.Creations.push_back({unsigned(ParamIndex(V)), F, New, Def});
    const auto *CE = E ? dyn_cast<CallExpr>(skipTransparent(E)) : nullptr;
    const FunctionDecl *FD = CE ? CE->getDirectCallee() : nullptr;
    if (!FD)
      continue;
    for (unsigned I = 0; I < CE->getNumArgs(); ++I)
      if (auto [V, F] = arrowField(CE->getArg(I));
          V && ParamIndex(V) >= 0 && Model.find(FD, Effect::Releases, I))
        Out.Releases.push_back({unsigned(ParamIndex(V)), F, CE, Def});
    if (Depth == 0 || FD == Def)
      continue;
    const FunctionDecl *Inner = nullptr;
    if (!FD->hasBody(Inner) || !Inner ||
        !isInUnitSource(Inner->getASTContext().getSourceManager(),
                        Inner->getLocation()))
      continue;
    Effects In = compute(Inner, Depth - 1);
    auto Lift = [&](llvm::ArrayRef<Release> From, std::vector<Release> &To) {
      for (const Release &R : From)
        if (R.Param < CE->getNumArgs())
          if (const VarDecl *V = arrowBase(CE->getArg(R.Param));
              V && ParamIndex(V) >= 0)
            To.push_back({unsigned(ParamIndex(V)), R.Field, R.Call, R.Owner});
    };
    Lift(In.Releases, Out.Releases);
    Lift(In.Creations, Out.Creations);
  }
  // A helper that also stores into the field replaces the handle (a module
  // per phase): its caller still has one to release.
  struct Stores : RecursiveASTVisitor<Stores> {
    llvm::SmallPtrSet<const FieldDecl *, 4> Fields;
    bool VisitBinaryOperator(BinaryOperator *BO) {
      if (auto [V, F] = arrowField(BO->getLHS()); V && BO->isAssignmentOp())
        Fields.insert(F);
      return true;
    }
    bool VisitUnaryOperator(UnaryOperator *UO) {
      if (auto [V, F] = arrowField(UO->getSubExpr());
          V && UO->getOpcode() == UO_AddrOf)
        Fields.insert(F);
      return true;
    }
  } St;
  St.TraverseStmt(const_cast<CompoundStmt *>(Body));
  llvm::erase_if(Out.Releases,
                 [&](const Release &R) { return St.Fields.contains(R.Field); });
  return Out;
}

unsigned fieldReleasesIn(const CallExpr *CE, const ApiModel &Model,
                         const HelperFieldReleases &H) {
  const FunctionDecl *FD = CE->getDirectCallee();
  if (!FD)
    return 0;
  unsigned N = !H.of(FD).empty();
  for (unsigned I = 0; I < CE->getNumArgs(); ++I)
    N += arrowField(CE->getArg(I)).first && Model.releasesOrConsumes(FD, I);
  return N;
}

std::vector<FieldReleaseTwice>
findFieldReleasesTwice(const ApiModel &Model, const HelperFieldReleases &H,
                       const Decl *D, const Stmt *Body, ASTContext &Ctx) {
  std::vector<FieldReleaseTwice> Found;
  // Cheap first: a pair needs two releases of some `V->F` in the body.
  unsigned N = 0;
  forEachStmt(Body, [&](const Stmt *S) {
    if (const auto *CE = dyn_cast<CallExpr>(S))
      N += fieldReleasesIn(CE, Model, H);
    return N < 2;
  });
  if (N < 2)
    return Found;
  for (const FieldReleaseTwice &E :
       solveAndReplay(D, Body, Ctx, FieldReleaseFlow(Model, H), Released(),
                      /*OnlyComplete=*/true))
    if (llvm::none_of(Found, [&](const FieldReleaseTwice &F) {
          return F.Call == E.Call && F.Field == E.Field;
        }))
      Found.push_back(E);
  return Found;
}

} // namespace clang::tidy::llvmown

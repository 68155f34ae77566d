//===- FieldCreations.cpp - a field released where it was not created -----===//

#include "engine/analyses/ownership/FieldCreations.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMap.h"
#include "clang/Analysis/CFG.h"
#include <tuple>

namespace clang::tidy::llvmown {

namespace {

/// Per field `V->F`, the kinds of paths that reach a point: one that
/// created it here, one that left it as it came in, one that stored
/// something else into it (or tested it, or gave V to unknown code). A
/// field with no entry was left as it came in, or, if V was given to
/// unknown code, may have been stored. Union per field is the join.
struct FieldPaths {
  enum : uint8_t { Created = 1, AsIn = 2, Stored = 4 };
  struct Item {
    const VarDecl *Var;
    const FieldDecl *Field;
    uint8_t Paths;
    const Expr *By; ///< the earliest creation (in source order)
    const FunctionDecl *Creator;
    bool operator<(const Item &O) const {
      return std::tie(Var, Field) < std::tie(O.Var, O.Field);
    }
  };
  llvm::SmallVector<Item, 4> Items;
  llvm::SmallVector<const VarDecl *, 2> Touched; ///< sorted

  Item *find(const VarDecl *V, const FieldDecl *F) {
    for (Item &I : Items)
      if (I.Var == V && I.Field == F)
        return &I;
    return nullptr;
  }
  bool touched(const VarDecl *V) const {
    return llvm::is_contained(Touched, V);
  }
  uint8_t absent(const VarDecl *V) const { return touched(V) ? Stored : AsIn; }
  void set(const VarDecl *V, const FieldDecl *F, uint8_t Paths,
           const Expr *By = nullptr, const FunctionDecl *Creator = nullptr) {
    if (Item *I = find(V, F)) {
      *I = {V, F, Paths, By, Creator};
      return;
    }
    Item New{V, F, Paths, By, Creator};
    Items.insert(llvm::upper_bound(Items, New), New);
  }
  void touch(const VarDecl *V) {
    for (Item &I : Items)
      if (I.Var == V && (I.Paths & AsIn))
        I.Paths = (I.Paths & ~AsIn) | Stored;
    if (!touched(V))
      Touched.insert(llvm::upper_bound(Touched, V), V);
  }
  void forget(const VarDecl *V) {
    llvm::erase_if(Items, [&](const Item &I) { return I.Var == V; });
    // llvm::erase(Range, Value) is not in LLVM 14 or 16.
    llvm::erase_if(Touched, [&](const VarDecl *T) { return T == V; });
  }
  static void meet(Item &I, uint8_t Paths, const Expr *By,
                   const FunctionDecl *Creator, bool &Changed) {
    uint8_t P = I.Paths | Paths;
    Changed |= P != I.Paths;
    I.Paths = P;
    if (By && (!I.By || By->getBeginLoc().getRawEncoding() <
                            I.By->getBeginLoc().getRawEncoding())) {
      Changed |= I.By != By;
      I.By = By;
      I.Creator = Creator;
    }
  }
  bool join(const FieldPaths &O) {
    bool Changed = false;
    for (Item &I : Items)
      if (const Item *J = llvm::find_if(O.Items,
                                        [&](const Item &J) {
                                          return J.Var == I.Var &&
                                                 J.Field == I.Field;
                                        });
          J != O.Items.end())
        meet(I, J->Paths, J->By, J->Creator, Changed);
      else
        meet(I, O.absent(I.Var), nullptr, nullptr, Changed);
    for (const Item &J : O.Items)
      if (!find(J.Var, J.Field)) {
        Item New{J.Var, J.Field, uint8_t(J.Paths | absent(J.Var)), J.By,
                 J.Creator};
        Items.insert(llvm::upper_bound(Items, New), New);
        Changed = true;
      }
    for (const VarDecl *V : O.Touched)
      if (!touched(V)) {
        Touched.insert(llvm::upper_bound(Touched, V), V);
        Changed = true;
      }
    return Changed;
  }
  bool operator==(const FieldPaths &O) const {
    if (Items.size() != O.Items.size() || Touched != O.Touched)
      return false;
    for (size_t I = 0; I < Items.size(); ++I)
      if (Items[I].Var != O.Items[I].Var ||
          Items[I].Field != O.Items[I].Field ||
          Items[I].Paths != O.Items[I].Paths || Items[I].By != O.Items[I].By)
        return false;
    return true;
  }
  size_t weight() const { return Items.size() + Touched.size(); }
};

/// The `V->F` read by \p E (a branch condition).
void fieldsRead(
    const Stmt *E,
    llvm::SmallVectorImpl<std::pair<const VarDecl *, const FieldDecl *>> &Out) {
  if (!E)
    return;
  if (const auto *Ex = dyn_cast<Expr>(E))
    if (auto VF = arrowField(Ex); VF.first)
      Out.push_back(VF);
  for (const Stmt *C : E->children())
    fieldsRead(C, Out);
}

class FieldCreationFlow : public ArrowFieldFlow<FieldCreationFlow, FieldPaths> {
public:
  using State = FieldPaths;
  using Event = FieldReleaseUncreated;
  using ArrowFieldFlow::ArrowFieldFlow;

  /// A branch on `V->F` (`if (!S->B) S->B = create();`) knows what the
  /// field holds: neither path is one that merely skipped a creation.
  void refine(const CFGBlock &From, unsigned, State &S) const {
    llvm::SmallVector<std::pair<const VarDecl *, const FieldDecl *>, 2> Read;
    fieldsRead(From.getTerminatorCondition(), Read);
    for (auto [V, F] : Read)
      S.set(V, F, State::Stored);
  }

  void transfer(const CFGElement &El, State &S, EventList<Event> &Out) const {
    auto Into = Events.collectInto(Out);
    if (auto CS = El.getAs<CFGStmt>())
      Visit(CS->getStmt(), S);
  }

  void release(State &S, const VarDecl *V, const FieldDecl *F,
               const CallExpr *CE, bool, const FunctionDecl *Helper,
               const HelperFieldReleases::Release *In) const {
    const State::Item *I = S.find(V, F);
    if (I && (I->Paths & State::Created) && (I->Paths & State::AsIn) &&
        !(I->Paths & State::Stored))
      Events.emit({V, F, Model.kindOfPointer(F->getType()), CE, Helper,
                   In ? In->Call : nullptr, In ? In->Owner : nullptr, I->By,
                   I->Creator, nullptr});
    // Released: whatever it held is gone; a second release is another rule.
    S.set(V, F, State::Stored);
  }

  void create(State &S, const VarDecl *V, const FieldDecl *F, const Expr *By,
              const FunctionDecl *Creator) const {
    S.set(V, F, State::Created, By, Creator);
  }
  void stored(State &S, const VarDecl *V, const FieldDecl *F) const {
    S.set(V, F, State::Stored);
  }
  void reassigned(State &S, const VarDecl *V) const {
    S.forget(V);
    S.touch(V);
  }
  void opaque(State &S, const VarDecl *V) const { S.touch(V); }

private:
  EventSink<Event> Events;
};

bool isBranch(const Stmt *S) {
  return isa<IfStmt, SwitchStmt, ConditionalOperator, ForStmt, WhileStmt,
             DoStmt, CXXForRangeStmt>(S) ||
         (isa<BinaryOperator>(S) && cast<BinaryOperator>(S)->isLogicalOp());
}

bool encloses(const ParentMap &PM, const Stmt *Outer, const Stmt *S) {
  for (; S; S = PM.getParent(S))
    if (S == Outer)
      return true;
  return false;
}

/// The `if` (or `?:`, `switch`) that holds the creation and not the
/// release, with a condition that does not test the field; null unless
/// every branch around the release also holds the creation (a release
/// under its own condition, `if (Own) release(S->B)`, may follow a flag the
/// analysis does not correlate).
const Stmt *creatingBranch(const ParentMap &PM, const FieldReleaseUncreated &E,
                           const SourceManager &SM) {
  if (!isEarlier(SM, E.Creation->getBeginLoc(), E.Call->getBeginLoc()))
    return nullptr;
  for (const Stmt *S = PM.getParent(E.Call); S; S = PM.getParent(S))
    if (isBranch(S) && !encloses(PM, S, E.Creation))
      return nullptr;
  for (const Stmt *S = PM.getParent(E.Creation); S; S = PM.getParent(S)) {
    if (encloses(PM, S, E.Call))
      return nullptr;
    const Expr *Cond = nullptr;
    if (const auto *If = dyn_cast<IfStmt>(S))
      Cond = If->getCond();
    else if (const auto *CO = dyn_cast<ConditionalOperator>(S))
      Cond = CO->getCond();
    else if (const auto *Sw = dyn_cast<SwitchStmt>(S))
      Cond = Sw->getCond();
    if (!Cond)
      continue;
    llvm::SmallVector<std::pair<const VarDecl *, const FieldDecl *>, 2> Read;
    fieldsRead(Cond, Read);
    if (llvm::is_contained(Read, std::make_pair(E.Var, E.Field)))
      return nullptr;
    return S;
  }
  return nullptr;
}

} // namespace

std::vector<FieldReleaseUncreated>
findFieldReleasesUncreated(const ApiModel &Model, const HelperFieldReleases &H,
                           const Decl *D, const Stmt *Body, ASTContext &Ctx) {
  std::vector<FieldReleaseUncreated> Found;
  // Cheap first: a creation of some `V->F` and a release of one.
  bool Creates = false, Releases = false;
  forEachStmt(Body, [&](const Stmt *S) {
    if (const auto *CE = dyn_cast<CallExpr>(S)) {
      Releases |= fieldReleasesIn(CE, Model, H) > 0;
      Creates |= !H.creationsOf(CE->getDirectCallee()).empty();
    } else if (const auto *BO = dyn_cast<BinaryOperator>(S)) {
      Creates |= std::get<0>(createdArrowField(BO, Model)) != nullptr;
    }
    return true;
  });
  if (!Creates || !Releases)
    return Found;
  ParentMap PM(const_cast<Stmt *>(Body));
  for (FieldReleaseUncreated E : solveAndReplay(
           D, Body, Ctx, FieldCreationFlow(Model, H), FieldPaths())) {
    E.Branch = creatingBranch(PM, E, Ctx.getSourceManager());
    if (E.Branch && llvm::none_of(Found, [&](const auto &F) {
          return F.Call == E.Call && F.Field == E.Field;
        }))
      Found.push_back(E);
  }
  return Found;
}

} // namespace clang::tidy::llvmown

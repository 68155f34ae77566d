//===- OwnershipFlow.h - the ownership analysis as a framework model ------===//
//
// Internal to the engine. The abstract state at a program point:
//  - Owned: the objects this function is responsible for releasing;
//  - Released: released or consumed on some path to here (for releases
//    that come twice or after a consumer);
//  - TakenIfSuccess: taken by a call only if it succeeds, not released
//    since (owned again on the edge that sees the call fail);
//  - Env: which locals, members of `this` and not-yet-consumed expression
//    results may point to each object;
//  - Flags: the value of flags (locals and parameters never written in the
//    function) that every path to here tested, so that an object created
//    under `if (Clone)` does not exist on the path of a later `!Clone`.
// Each allocation site has two abstract objects, numbered by tokens: 2*I
// for the instance created by the latest execution of site I and 2*I+1 for
// all older ones, so a machine created per loop iteration is told apart
// from the one created in the previous iteration.
//
// Transfer functions list what happens (an owned object lost, released,
// stored in a member, returned) as events; OwnershipAnalysis turns the
// events of the replay into facts.
//
//===----------------------------------------------------------------------===//

#ifndef LLVMOWN_ENGINE_OWNERSHIPFLOW_H
#define LLVMOWN_ENGINE_OWNERSHIPFLOW_H

#include "engine/analyses/ownership/OwnershipAnalysis.h"
#include "engine/framework/Environment.h"
#include "engine/framework/Solver.h"
#include "engine/framework/ValueFlow.h"
#include "clang/Analysis/Analyses/ExprMutationAnalyzer.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <memory>
#include <optional>

namespace clang::tidy::llvmown {

using Tokens = BitSet;

inline unsigned objectOf(unsigned Token) { return Token / 2; }

/// Flags with a known value, sorted by declaration.
using FlagValues = llvm::SmallVector<std::pair<const VarDecl *, bool>, 2>;

/// Keeps in \p A the flags \p B gives the same value; true if \p A shrank.
bool intersectFlags(FlagValues &A, const FlagValues &B);

/// The flags every creation of an object on the paths to here had tested:
/// intersected at joins. Bottom: not created on any path to here.
struct CreationFlags {
  bool Created = false;
  FlagValues Flags;

  bool empty() const { return !Created; }
  bool join(const CreationFlags &O) {
    if (!O.Created)
      return false;
    if (!Created) {
      *this = O;
      return true;
    }
    return intersectFlags(Flags, O.Flags);
  }
  bool operator==(const CreationFlags &O) const {
    return Created == O.Created && Flags == O.Flags;
  }
};

/// Calls, kept in source order.
using CallSet = SortedSetLattice<const Expr *, EarlierStmt>;

struct OwnershipState {
  Tokens Owned;
  Tokens Released;
  Tokens TakenIfSuccess;
  Store<Tokens> Env;
  FlagValues Flags;
  // What transfer learns and a later transfer or edge reads back lives here,
  // not in the analysis object, so that no result depends on the order in
  // which the solver visits blocks.
  /// Per object, the flags its creations were under; objects created under
  /// no known flag on some path are only in CreatedFree (a bit each, where
  /// a map entry per object would make long functions quadratic).
  MapLattice<unsigned, CreationFlags> CreatedUnder;
  Tokens CreatedFree;
  /// Per object, the objects it belongs to (a module's context): releasing
  /// one of those releases it. Values are object numbers.
  MapLattice<unsigned, Tokens> ParentOf;
  /// Per local, the calls whose result it holds (`Err = f(&J)`), for the
  /// branch that tests it; only calls whose success decides ownership.
  MapLattice<const VarDecl *, CallSet> ResultOf;
  /// Per local, the calls that wrote it through `&V` on success only, next
  /// to a message written on failure only (`LLVMGetTargetFromTriple(T, &Tgt,
  /// &Err)`): a non-null V means the call succeeded.
  MapLattice<const VarDecl *, CallSet> SuccessOf;
  /// Per call, what it took only if it succeeds, and what it gave back
  /// unless it failed (LLVMRemoveModule).
  MapLattice<const Expr *, Tokens> TakenOnSuccess;
  MapLattice<const Expr *, Tokens> GivenBack;

  /// What a copy of the state costs (Solver.h's work budget).
  size_t weight() const {
    return Env.size() + Flags.size() + CreatedUnder.size() + ParentOf.size() +
           ResultOf.size() + SuccessOf.size() + TakenOnSuccess.size() +
           GivenBack.size();
  }
  bool join(const OwnershipState &O) {
    bool Changed = Owned.join(O.Owned);
    Changed |= Released.join(O.Released);
    Changed |= TakenIfSuccess.join(O.TakenIfSuccess);
    Changed |= Env.join(O.Env);
    Changed |= intersectFlags(Flags, O.Flags);
    Changed |= joinCreations(O);
    Changed |= ParentOf.join(O.ParentOf);
    Changed |= ResultOf.join(O.ResultOf);
    Changed |= SuccessOf.join(O.SuccessOf);
    Changed |= TakenOnSuccess.join(O.TakenOnSuccess);
    Changed |= GivenBack.join(O.GivenBack);
    return Changed;
  }
  bool operator==(const OwnershipState &O) const {
    return Owned == O.Owned && Released == O.Released &&
           TakenIfSuccess == O.TakenIfSuccess && Env == O.Env &&
           Flags == O.Flags && CreatedUnder == O.CreatedUnder &&
           CreatedFree == O.CreatedFree && ParentOf == O.ParentOf &&
           ResultOf == O.ResultOf && SuccessOf == O.SuccessOf &&
           TakenOnSuccess == O.TakenOnSuccess && GivenBack == O.GivenBack;
  }
  /// Joins CreatedUnder and CreatedFree, keeping each object in one.
  bool joinCreations(const OwnershipState &O) {
    bool Changed = CreatedFree.join(O.CreatedFree);
    if (Changed && !CreatedUnder.empty())
      for (unsigned Obj : CreatedFree)
        CreatedUnder.erase(Obj);
    for (const auto &E : O.CreatedUnder)
      if (!E.second.empty() && !CreatedFree.contains(E.first))
        Changed |= CreatedUnder[E.first].join(E.second);
    return Changed;
  }
  /// Was \p Obj, on every path that created it, created where the flag
  /// \p VD had the value \p Value?
  bool createdOnlyUnder(unsigned Obj, const VarDecl *VD, bool Value) const {
    const CreationFlags *G =
        CreatedFree.contains(Obj) ? nullptr : CreatedUnder.find(Obj);
    return G && llvm::is_contained(G->Flags, std::make_pair(VD, Value));
  }
  /// Is \p Obj one of the objects that belong to \p Parent?
  bool belongsTo(unsigned Obj, unsigned Parent) const {
    const Tokens *P = ParentOf.find(Obj);
    return P && P->contains(Parent);
  }

  /// Does any location hold \p Tok (members of `this` only if
  /// \p CountFields)?
  bool held(unsigned Tok, bool CountFields = true) const;
  bool heldByField(unsigned Tok) const;
  bool heldBy(Location::Kind K, unsigned Tok) const;
  /// The local that holds \p Tok, declared first; null if none.
  const VarDecl *localHolder(unsigned Tok) const;
  /// Renames token \p From to \p To everywhere.
  void rename(unsigned From, unsigned To);
};

/// What a transfer reports; OwnershipAnalysis makes facts of them.
struct OwnershipEvent {
  enum Kind {
    Lost,        ///< an owned object lost its last holder, or leaked at exit
    Freed,       ///< an owned object was released (on this path)
    ReleaseCall, ///< a call released or consumed the object (for notes)
    Dispose,     ///< a release that is a bug (twice, borrowed, mismatched)
    FieldStore,  ///< an owned object was stored in a member of `this`
    Returned,    ///< a return statement (what it hands to the caller)
    Escaped,     ///< an owned object went where tracking stops (then Freed)
    StructStore, ///< stored in a field of a struct not `this` (then Escaped)
    Named,       ///< a local came to hold the object (Holder), for names
  } K;
  unsigned Object = 0;
  // Lost
  LeakReason Reason = LeakReason::AtExit;
  SourceLocation Where;
  const NamedDecl *Holder = nullptr;
  // ReleaseCall, Dispose
  const Expr *Call = nullptr;
  const FunctionDecl *Callee = nullptr;
  bool Consumed = false;
  DisposeProblem Problem = DisposeProblem::Twice;
  // FieldStore, StructStore (Call: the store)
  const FieldDecl *Field = nullptr;
  bool InConstructor = false;
  bool MayOverwriteOwned = false;
  // Returned: the kind handed to the caller, or a pointer not owned here.
  const ResourceKind *ReturnsOwned = nullptr;
  bool ReturnsOther = false;
  // Escaped
  bool Stored = false;
};

/// The ownership analysis of one function, for the solver.
class OwnershipFlow
    : public ValueFlow<OwnershipFlow, OwnershipState, OwnershipEvent> {
public:
  OwnershipFlow(const OwnershipAnalysis &A, const Decl *D, const Stmt *Body);

  /// The state on entry: members of `this` and (tracking disposes)
  /// parameters start with objects of their own. The pre-pass: it numbers
  /// every object the function can create and finds its scope guards.
  State entryState();
  /// What is still owned at an exit leaks there.
  void atExit(const State &S, SourceLocation Where,
              EventList<Event> &Out) const;
  /// Where a function leaving from \p B exits (its return, or the body's
  /// closing brace).
  SourceLocation exitLocation(const CFGBlock &B) const;

  /// The objects (allocation sites), indexed by object number.
  std::vector<OwnedObject> &objects() { return Objects; }

  // Value movement (ValueFlow's hooks).
  void declare(const VarDecl *VD, const DeclStmt *DS, State &S) const;
  void assign(const Expr *LHS, const Expr *RHS, const Stmt *At, State &S) const;
  /// A class's operator= is a call: its rows say what it takes.
  static constexpr bool assignsObjects() { return false; }
  void returned(const Expr *RV, const ReturnStmt *RS, State &S) const;
  void call(const CallSite &CS, State &S) const { transferCall(CS, S); }
  /// The other operators read their operands: a borrow.
  void operate(const BinaryOperator *BO, State &S) const;
  void brokenExpr(const RecoveryExpr *RE, State &S) const;
  /// A statement, then what its full expression left unused.
  void transferStmt(const Stmt *St, State &S) const;
  void endLifetime(const VarDecl *VD, const LifetimeEnd &End, State &S) const;
  void initializeMember(const FieldDecl *F, const Expr *Init, State &S) const;
  /// Flags, out-parameters and null tests, on each edge.
  void transferBranch(const BranchEdge &E, State &S) const;

  // Transfer, per node kind.
  void VisitCallExpr(const CallExpr *CE, State &S) const;
  void VisitCXXDeleteExpr(const CXXDeleteExpr *DE, State &S) const;
  void VisitCXXNewExpr(const CXXNewExpr *NE, State &S) const;
  void VisitUnaryOperator(const UnaryOperator *UO, State &S) const;
  void VisitAbstractConditionalOperator(const AbstractConditionalOperator *CO,
                                        State &S) const;
  void VisitLambdaExpr(const LambdaExpr *LE, State &S) const;
  void VisitInitListExpr(const InitListExpr *ILE, State &S) const;
  void VisitCXXThrowExpr(const CXXThrowExpr *TE, State &S) const;
  void VisitDeclRefExpr(const DeclRefExpr *, State &) const {}
  /// Anything else reads its operands (a member access, a subscript, a
  /// comparison): a borrow.
  void VisitExpr(const Expr *E, State &S) const;
  bool escapesDependent(const Expr *E, State &S) const;

private:
  // Objects and tokens.
  /// Numbers an object (pre-pass only).
  unsigned addObject(OwnedObject O);
  void numberObjects();
  bool resultObject(const CallSite &CS, OwnedObject &O) const;
  bool newObject(const CXXNewExpr *NE, OwnedObject &O) const;
  const ApiRow *outParameterRow(const CallSite &CS, const CallRows &Rows,
                                unsigned I) const;
  /// The rows of \p CS's callee, as the pre-pass resolved them.
  CallRows rowsOf(const CallSite &CS) const;
  const ParmVarDecl *outParameterPassedOn(const Expr *Arg) const;
  /// The object numbered for \p Site's result (\p OutArg -1) or its
  /// out-parameter; none if the pre-pass did not number it (never
  /// expected: it is then not followed).
  std::optional<unsigned> objectAt(const Expr *Site, int OutArg) const;
  unsigned newToken(State &S, unsigned Object) const;
  /// Is this the program's main (whose exit ends the process)?
  bool isMain() const {
    const auto *FD = dyn_cast_or_null<FunctionDecl>(D);
    return FD && FD->isMain();
  }
  /// Is \p VD a flag: a bool or integer local or parameter that nothing in
  /// the function writes after its initialisation, or a local that it sets
  /// only to constants (`Own = 1` where it makes what it will release)?
  bool isFlag(const VarDecl *VD) const;
  bool setOnlyToConstants(const VarDecl *VD) const;
  /// A flag set to the constant \p Value: what is owned now exists only
  /// where the flag has that value, until it is set again.
  void writeFlag(const VarDecl *VD, const Expr *Value, State &S) const;
  /// On the edge where a flag has a value, the objects created only under
  /// the other value do not exist.
  void refineFlags(const BranchEdge &E, State &S) const;
  int parentOf(const ApiRow *R, llvm::ArrayRef<const Expr *> Args,
               const State &S) const;
  bool tracked(const ResourceKind *K) const;

  // Values and stores.
  Tokens valueOf(const Expr *E, const State &S) const;
  Tokens consume(const Expr *E, State &S) const;
  void noteSuccessOutputs(const CallSite &CS, const CallRows &Rows,
                          State &S) const;
  void storeTo(const Expr *LHS, Tokens V, const Expr *StoreExpr,
               State &S) const;
  void storePointee(const VarDecl *P, Tokens V, const Expr *At, State &S) const;
  void storeVar(const VarDecl *VD, Tokens V, const Stmt *At, State &S) const;
  void storeField(const FieldDecl *F, Tokens V, const Expr *At, bool InInit,
                  State &S) const;
  /// Stores \p V in \p L; returns what \p L held that \p V does not.
  Tokens replace(Location L, const Tokens &V, State &S) const;
  void forgetUnreachableReleases(const Tokens &Old, State &S,
                                 const Tokens &Keep) const;

  // Ends of ownership.
  /// \p By: the delete that releases them, if one does.
  void release(const Tokens &T, State &S, const Expr *By = nullptr) const;
  /// Tracking stops (no evidence of a leak); \p Stored: into memory the
  /// function does not own.
  void escape(const Tokens &T, State &S, bool Stored = false) const;
  void releaseBy(const Tokens &T, State &S, const CallSite &CS,
                 const ApiRow &Row) const;
  std::optional<DisposeProblem> disposeProblem(unsigned Tok, const State &S,
                                               const ApiRow &Row) const;
  void dropped(const Tokens &T, State &S, LeakReason Why, SourceLocation Where,
               const NamedDecl *Holder) const;

  // Calls.
  void transferCall(const CallSite &CS, State &S) const;
  bool transferOutParameter(const CallSite &CS, const CallRows &Rows,
                            unsigned I, State &S) const;
  void transferArgument(const CallSite &CS, const CallRows &Rows, unsigned I,
                        State &S) const;
  void transferResult(const CallSite &CS, const CallRows &Rows, State &S) const;

  // Scope guards (OwnershipGuards.cpp).
  void findGuards();
  void runGuard(const LambdaExpr *LE, State &S) const;

  // What ends a full expression.
  void discardIfUnused(const Expr *E, State &S) const;
  bool isFullExpression(const Expr *E) const;

  // Edges.
  void refineOutParameters(const BranchEdge &E, State &S) const;
  CallSet testedCalls(const BranchEdge &E, const State &S, bool &Negated) const;
  /// Records in \p S that \p VD now holds the result of \p Value.
  void noteResult(const VarDecl *VD, const Expr *Value, State &S) const;
  void setParent(unsigned Obj, int Parent, State &S) const;

  void leakOnThrow(const CallSite &CS, const State &S) const;

  const OwnershipAnalysis &A;
  const ApiModel &Model;
  Locator Loc;

  // Facts of the AST, found before solving (the objects of each creating
  // site, the objects a call writes) or memoised on first use (whether a
  // local is a flag): the same whatever the visit order.
  std::vector<OwnedObject> Objects;
  mutable llvm::DenseMap<const VarDecl *, bool> FlagCache;
  /// Scope guards (`defer(...)`, llvm::make_scope_exit) and the lambda their
  /// destructor runs, found before solving.
  llvm::DenseMap<const VarDecl *, const LambdaExpr *> Guards;
  /// The locals some condition reads (`if`, loops, `?:`, `&&`/`||`),
  /// found on the first write of a constant: only they can be flags.
  mutable std::optional<llvm::SmallPtrSet<const VarDecl *, 8>> TestedVars;
  bool isTested(const VarDecl *VD) const;
  mutable std::unique_ptr<ExprMutationAnalyzer> Mutations;
  llvm::DenseMap<std::pair<const Expr *, int>, unsigned> ObjectBySite;
  /// Each call's rows, resolved once per site by the pre-pass.
  CallRowsIndex RowsAt;
  /// Objects a call writes through out-parameters, for the edges that test
  /// whether it failed.
  llvm::DenseMap<const Expr *, llvm::SmallVector<unsigned, 2>> OutObjects;
  llvm::SmallPtrSet<const Stmt *, 4> CtorInitExprs;
  const CXXRecordDecl *ThisClass = nullptr;
  bool InConstructor = false;

  // Per element, reset by each transfer: the temporaries the element
  // consumed.
  mutable Tokens Pending;
};

} // namespace clang::tidy::llvmown

#endif

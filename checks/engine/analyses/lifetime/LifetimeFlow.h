//===- LifetimeFlow.h - the lifetime analysis as a framework model --------===//
//
// Internal to the engine. Owners are numbered per (holder, site): a context
// variable re-created in a loop or reassigned gets a new owner, so what
// belonged to the previous context is not confused with what belongs to the
// new one. An owner moved into another owner (a context into a
// ThreadSafeModule) records that successor; what belongs to it then lives as
// long as the successor.
//
// The state: one Store of Bindings (owner locals hold their owner's id;
// other locals and temporaries hold the owners their value belongs to),
// which owners ended and how, which escaped the function alive, successors,
// and the stores into places that outlive the function (checked at exit).
//
//===----------------------------------------------------------------------===//

#ifndef LLVMOWN_ENGINE_LIFETIMEFLOW_H
#define LLVMOWN_ENGINE_LIFETIMEFLOW_H

#include "engine/analyses/lifetime/LifetimeAnalysis.h"
#include "engine/framework/Environment.h"
#include "engine/framework/Solver.h"
#include "engine/framework/ValueFlow.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <optional>

namespace clang::tidy::llvmown {

/// The owners a value belongs to, where it was bound, and the variable it
/// was read from. Bottom: no owners (the metadata of bottom is ignored).
struct Binding {
  BitSet O;
  const Stmt *Site = nullptr;
  const NamedDecl *Var = nullptr;

  bool empty() const { return O.empty(); }
  /// The lattice join: owners unite; metadata keeps the earliest in source.
  bool join(const Binding &B);
  bool operator==(const Binding &B) const;
  /// Transfer (not join): gathers a call's operands; the first one with a
  /// site and a variable names them.
  void absorb(const Binding &B);
};

/// How an owner ended, as the state keeps it (OwnerEnd without strings).
struct EndMark {
  EndHow How = EndHow::ScopeEnd;
  SourceLocation Where;
  const FunctionDecl *Callee = nullptr; ///< for MovedIntoCall
  bool operator==(const EndMark &O) const {
    return How == O.How && Where == O.Where && Callee == O.Callee;
  }
};
struct EarlierEnd {
  bool operator()(const EndMark &A, const EndMark &B) const {
    if (A.Where != B.Where)
      return EarlierLoc()(A.Where, B.Where);
    if (A.How != B.How)
      return A.How < B.How;
    // The same place and way, different callees (a macro expanding to
    // either call): the callee declared first, not the first path to arrive.
    return EarlierDecl()(A.Callee, B.Callee);
  }
};
struct LessId {
  bool operator()(unsigned A, unsigned B) const { return A < B; }
};

struct LifetimeState {
  Store<Binding> Env;
  MapLattice<unsigned, MinLattice<EndMark, EarlierEnd>> Ended;
  BitSet Escaped; ///< moved out of the function alive
  MapLattice<unsigned, MinLattice<unsigned, LessId>> Successor;
  /// Stores into places that outlive the function (members, globals,
  /// `*Out`), checked against the owners that die at the exit.
  MapLattice<const Stmt *, Binding> PendingStores;

  bool join(const LifetimeState &O);
  /// What a copy of the state costs (Solver.h's work budget).
  size_t weight() const {
    return Env.size() + Ended.size() + Successor.size() + PendingStores.size();
  }
  bool operator==(const LifetimeState &O) const;

  /// The owner \p O ends up in (following successors).
  unsigned finalOwner(unsigned O) const;
  /// How the owner \p O (or its successor) ended, if it did.
  const EndMark *endOf(unsigned O) const;
};

struct LifetimeEvent {
  enum Kind { Use, Escape, Order, FieldBind } K;
  // Use: a bound value used (or a holder destroyed) after its owner ended.
  SourceLocation Where;
  const NamedDecl *Value = nullptr;
  unsigned Owner = 0;
  EndMark End;
  const Stmt *BindSite = nullptr;
  bool ImplicitDestruction = false;
  // Escape: At is the return or the store; Order: Holder; FieldBind: the
  // member holding the module and the context member.
  const Stmt *At = nullptr;
  bool IsReturn = false;
  const VarDecl *Holder = nullptr;
  const FieldDecl *Field = nullptr;
  const FieldDecl *ContextField = nullptr;
  /// Order and Use at a holder's destruction: the member through which a
  /// project object holder owns IR (null for a module holder).
  const FieldDecl *IRMember = nullptr;
};

class LifetimeFlow
    : public ValueFlow<LifetimeFlow, LifetimeState, LifetimeEvent> {
public:
  LifetimeFlow(const ApiModel &Model, ASTContext &Ctx, const Decl *D,
               const Stmt *Body);

  /// The state on entry, after the pre-pass that finds what transfer needs
  /// of the whole function and numbers every owner it can make.
  State entryState();
  /// Stores into long-lived places whose context died with the function.
  void atExit(const State &S, EventList<Event> &Out) const;

  const std::vector<Owner> &owners() const { return Owners; }

  // Value movement (ValueFlow's hooks).
  void declare(const VarDecl *VD, const DeclStmt *DS, State &S) const;
  void assign(const Expr *LHS, const Expr *RHS, const Stmt *At, State &S) const;
  void returned(const Expr *RV, const ReturnStmt *RS, State &S) const;
  void call(const CallSite &CS, State &S) const { transferCall(CS, S); }
  void endLifetime(const VarDecl *VD, const LifetimeEnd &End, State &S) const;
  void initializeMember(const FieldDecl *F, const Expr *Init, State &S) const;
  /// On the edge where a module holder is null it holds nothing.
  void transferBranch(const BranchEdge &E, State &S) const;

  // Transfer, per node kind.
  void VisitDeclRefExpr(const DeclRefExpr *DRE, State &S) const;
  void VisitCallExpr(const CallExpr *CE, State &S) const;
  void VisitCXXNewExpr(const CXXNewExpr *NE, State &S) const;
  void VisitCXXDeleteExpr(const CXXDeleteExpr *DE, State &S) const;
  void VisitInitListExpr(const InitListExpr *ILE, State &S) const;
  void VisitAbstractConditionalOperator(const AbstractConditionalOperator *CO,
                                        State &S) const;
  /// Anything else computed from bound operands (a dereference, a member,
  /// a subscript) belongs where they do, if it is IR or a context.
  void VisitExpr(const Expr *E, State &S) const;

private:
  // Kinds and owners.
  const ResourceKind *kindOf(QualType T) const;
  bool isOwnerKind(const ResourceKind *K) const;
  bool isOwnerVar(const VarDecl *VD) const;
  bool isSharedHandle(QualType T) const;
  bool isSharedCopy(const VarDecl *VD) const;
  const FieldDecl *irMember(QualType T) const;
  /// Numbers the owner that \p Holder gets at \p Site (pre-pass only).
  unsigned addOwner(const NamedDecl *Holder, const Stmt *Site,
                    const ResourceKind *K);
  /// The owner numbered for \p Holder at \p Site; none if the pre-pass
  /// did not see that site (never expected: then it is not followed).
  std::optional<unsigned> ownerAt(const NamedDecl *Holder,
                                  const Stmt *Site) const;
  void notePointerOwner(const VarDecl *VD, const Expr *Init);
  /// The owner variable a store to \p LHS replaces, if it is one.
  const VarDecl *ownerTarget(const Expr *LHS) const;
  /// The temporary std::unique_ptr whose get() \p CE is, and its kind.
  const Expr *temporaryHolder(const CallExpr *CE, const ResourceKind *&K) const;
  bool getFromTemporaryHolder(const CallExpr *CE, State &S) const;
  void findKeptHolders();
  void numberOwners();
  bool diesAtExit(unsigned O, const State &S) const;
  void endOwners(const BitSet &O, State &S, EndHow How, SourceLocation Where,
                 const FunctionDecl *Callee = nullptr) const;
  void newOwnerFor(const VarDecl *VD, const Stmt *Site, const Binding &From,
                   State &S) const;

  // Values and stores.
  Binding valueOf(const Expr *E, const State &S) const;
  Binding take(const Expr *E, State &S) const;
  void dropReplaced(const VarDecl *VD, Binding &B, const State &S) const;
  void store(const Expr *LHS, const Binding &V, const Expr *RHS, const Stmt *At,
             State &S) const;
  void storeLocal(const VarDecl *VD, const Binding &V, const Expr *RHS,
                  const Stmt *At, State &S) const;
  void noteFieldBinds(const FieldDecl *F, const BitSet &O,
                      const Stmt *At) const;

  // Calls.
  bool viewsCharacters(const CallSite &CS) const;
  static bool copiesCharacters(QualType T);
  void transferCall(const CallSite &CS, State &S) const;
  void transferObject(const CallSite &CS, State &S, Binding &Result) const;
  void transferArgument(const CallSite &CS, const CallRows &Rows, unsigned I,
                        bool BuildsOwner, State &S, Binding &Result) const;
  /// The rows of \p CS's callee, as the pre-pass resolved them.
  CallRows rowsOf(const CallSite &CS) const;
  Binding contextArguments(const CallSite &CS, const State &S) const;
  void bindIRObject(const CallSite &CS, const Binding &Contexts,
                    State &S) const;

  void checkUse(const DeclRefExpr *DRE, const State &S) const;
  void holderDestroyed(const VarDecl *VD, const Binding &B,
                       SourceLocation Where, const State &S) const;

  const ApiModel &Model;
  Locator Loc;

  /// Every owner the function can make, numbered before solving in the
  /// order of the AST, so that no number depends on the visit order.
  std::vector<Owner> Owners;
  llvm::DenseMap<std::pair<const void *, const void *>, unsigned> OwnerIds;
  /// Each call's rows, resolved once per site by the pre-pass.
  CallRowsIndex RowsAt;
  mutable llvm::DenseMap<const Type *, const ResourceKind *> KindCache;
  mutable llvm::DenseMap<const Type *, const FieldDecl *> IRMemberCache;
  /// Pointer locals that own their context (`new`, LLVMContextCreate()),
  /// found before solving.
  llvm::SmallPtrSet<const VarDecl *, 4> PointerOwners;
  /// Local std::unique_ptr holders (parameters by value among them) that
  /// the function never moves, releases or passes on: owners of their
  /// module, found before solving.
  llvm::DenseMap<const VarDecl *, unsigned> KeptHolders;
  /// Context members of `this`: owners for the whole function.
  llvm::DenseMap<const FieldDecl *, unsigned> FieldOwners;
  /// Assignment targets are written, not used.
  llvm::SmallPtrSet<const Stmt *, 16> AssignedLHS;
};

} // namespace clang::tidy::llvmown

#endif

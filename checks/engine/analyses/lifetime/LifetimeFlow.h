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
#include "clang/AST/ParentMap.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace clang::tidy::llvmown {

/// Source order of statements, for the lattice's "earliest" metadata.
struct EarlierStmt {
  bool operator()(const Stmt *A, const Stmt *B) const;
};
struct EarlierDecl {
  bool operator()(const NamedDecl *A, const NamedDecl *B) const;
};

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

class LifetimeFlow : public FlowVisitor<LifetimeFlow, LifetimeState> {
public:
  using State = LifetimeState;
  using Event = LifetimeEvent;

  LifetimeFlow(const ApiModel &Model, ASTContext &Ctx, const Decl *D,
               const Stmt *Body);

  State entryState();
  void transfer(const CFGElement &El, State &S, EventList<Event> &Out);
  void refine(const CFGBlock &From, unsigned SuccIndex, State &S);
  /// Stores into long-lived places whose context died with the function.
  void atExit(const State &S, EventList<Event> &Out);

  std::vector<Owner> &owners() { return Owners; }

  // Transfer, per node kind.
  void VisitDeclStmt(const DeclStmt *DS, State &S);
  void VisitReturnStmt(const ReturnStmt *RS, State &S);
  void VisitDeclRefExpr(const DeclRefExpr *DRE, State &S);
  void VisitCallExpr(const CallExpr *CE, State &S);
  void VisitCXXConstructExpr(const CXXConstructExpr *CE, State &S);
  /// A call that does not compile, if its callee is unambiguous.
  void VisitRecoveryExpr(const RecoveryExpr *RE, State &S);
  void VisitCXXNewExpr(const CXXNewExpr *NE, State &S);
  void VisitCXXDeleteExpr(const CXXDeleteExpr *DE, State &S);
  void VisitBinaryOperator(const BinaryOperator *BO, State &S);
  void VisitInitListExpr(const InitListExpr *ILE, State &S);
  void VisitAbstractConditionalOperator(const AbstractConditionalOperator *CO,
                                        State &S);
  /// Anything else computed from bound operands (a dereference, a member,
  /// a subscript) belongs where they do, if it is IR or a context.
  void VisitExpr(const Expr *E, State &S);

private:
  // Kinds and owners.
  const ResourceKind *kindOf(QualType T) const;
  bool isOwnerKind(const ResourceKind *K) const;
  bool isOwnerVar(const VarDecl *VD) const;
  bool isSharedHandle(QualType T) const;
  bool isSharedCopy(const VarDecl *VD) const;
  const FieldDecl *irMember(QualType T) const;
  unsigned ownerFor(const NamedDecl *Holder, const Stmt *Site,
                    const ResourceKind *K);
  void notePointerOwner(const VarDecl *VD, const Expr *Init);
  bool getFromTemporaryHolder(const CallExpr *CE, State &S);
  void findKeptHolders();
  bool diesAtExit(unsigned O, const State &S) const;
  void endOwners(const BitSet &O, State &S, EndHow How, SourceLocation Where,
                 const FunctionDecl *Callee = nullptr);
  void newOwnerFor(const VarDecl *VD, const Stmt *Site, const Binding &From,
                   State &S);

  // Values and stores.
  Binding valueOf(const Expr *E, const State &S) const;
  Binding take(const Expr *E, State &S);
  void dropReplaced(const VarDecl *VD, Binding &B, const State &S) const;
  void store(const Expr *LHS, const Binding &V, const Expr *RHS, const Stmt *At,
             State &S);
  void storeLocal(const VarDecl *VD, const Binding &V, const Expr *RHS,
                  const Stmt *At, State &S);
  void noteFieldBinds(const FieldDecl *F, const BitSet &O, const Stmt *At);

  // Calls.
  bool viewsCharacters(const CallSite &CS) const;
  static bool copiesCharacters(QualType T);
  void transferCall(const CallSite &CS, State &S);
  void transferObject(const CallSite &CS, State &S, Binding &Result);
  void transferArgument(const CallSite &CS, unsigned I, bool BuildsOwner,
                        State &S, Binding &Result);
  Binding contextArguments(const CallSite &CS, const State &S) const;
  void bindIRObject(const CallSite &CS, const Binding &Contexts, State &S);

  // Elements other than statements.
  void checkUse(const DeclRefExpr *DRE, const State &S);
  void transferLifetimeEnd(const CFGLifetimeEnds &LE, State &S);
  void holderDestroyed(const VarDecl *VD, const Binding &B,
                       SourceLocation Where, const State &S);
  void transferInitializer(const CFGInitializer &CI, State &S);

  void emit(Event E) { Out->push_back(E); }

  const ApiModel &Model;
  ASTContext &Ctx;
  const Decl *D;
  const Stmt *Body;
  ParentMap PM;
  Locator Loc;

  std::vector<Owner> Owners;
  llvm::DenseMap<std::pair<const void *, const void *>, unsigned> OwnerIds;
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

  EventList<Event> *Out = nullptr;
};

} // namespace clang::tidy::llvmown

#endif

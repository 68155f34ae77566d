//===- ValueFlow.h - value movement, shared by every flow -----------------===//
//
// The part of a transfer function that is the same in every analysis: which
// CFG element is a statement, a lifetime end or a member initializer; which
// node declares a variable, assigns (built in or a class's operator=),
// returns, moves or calls; and what a two-way branch tells on each edge.
// ValueFlow routes each to a hook of the analysis, so an analysis states
// only what its domain does there:
//
//   declare(VD, DS, S)             a local declared (its initializer, if any)
//   assign(LHS, RHS, At, S)        `LHS = RHS`, built in or operator=
//   returned(RV, RS, S)            `return RV;`
//   call(CS, S)                    a call or construction (a call that does
//                                  not compile, if its callee is known)
//   operate(BO, S)                 any other binary operator but `,`
//   brokenExpr(RE, S)              code that does not compile otherwise
//   transferStmt(St, S)            around the per-node dispatch
//   endLifetime(VD, End, S)        a local's lifetime ends
//   initializeMember(F, Init, S)   a constructor's member initializer
//   transferBranch(Edge, S)        on one edge of a two-way branch
//
// std::move and std::forward are transparent: their operand's value is
// looked up through them (Locator, skipTransparent).
//
//===----------------------------------------------------------------------===//

#ifndef LLVMOWN_ENGINE_VALUEFLOW_H
#define LLVMOWN_ENGINE_VALUEFLOW_H

#include "engine/framework/AstHelpers.h"
#include "engine/framework/CallSite.h"
#include "engine/framework/Solver.h"
#include "clang/AST/ParentMap.h"
#include "clang/Analysis/CFG.h"

namespace clang::tidy::llvmown {

/// What a two-way branch tells on one of its edges, derived once from the
/// block's terminator and handed to the analysis (as clang's dataflow
/// framework hands the condition to transferBranch).
struct BranchEdge {
  /// The terminator's condition, parentheses stripped.
  const Expr *Cond = nullptr;
  /// The value the condition has on this edge (successor 0 is "true").
  bool Value = true;
  /// The pointer (or handle, or Error) that is null on this edge, and the
  /// one that is not (nullTestedOnEdge), if the branch is a null test.
  const Expr *NullHere = nullptr;
  const Expr *NonNullHere = nullptr;
};

/// The edge \p SuccIndex of the two-way branch that ends \p From.
BranchEdge branchEdge(const CFGBlock &From, unsigned SuccIndex,
                      ASTContext &Ctx);

/// Where a local's lifetime ends.
struct LifetimeEnd {
  /// The closing brace, or the return, break, continue or goto that ends it.
  SourceLocation Where;
  /// At the function's exit (a return, or the end of the body), not at the
  /// end of an inner scope.
  bool AtFunctionExit = false;
};

template <typename Derived, typename StateT, typename EventT>
class ValueFlow : public FlowVisitor<Derived, StateT> {
public:
  using State = StateT;
  using Event = EventT;

  ValueFlow(ASTContext &Ctx, const Decl *D, const Stmt *Body)
      : Ctx(Ctx), D(D), Body(Body), PM(const_cast<Stmt *>(Body)) {}

  /// The solver's transfer: the events of this element go to \p Out.
  void transfer(const CFGElement &El, StateT &S, EventList<EventT> &Out) const {
    auto Into = Events.collectInto(Out);
    if (auto CS = El.getAs<CFGStmt>()) {
      self().transferStmt(CS->getStmt(), S);
    } else if (auto LE = El.getAs<CFGLifetimeEnds>()) {
      LifetimeEnd End{scopeEndLoc(*LE, Body), diesAtFunctionExit(*LE, Body)};
      self().endLifetime(LE->getVarDecl(), End, S);
    } else if (auto CI = El.getAs<CFGInitializer>()) {
      const CXXCtorInitializer *Init = CI->getInitializer();
      if (Init->isAnyMemberInitializer() && Init->getInit())
        self().initializeMember(Init->getAnyMember(), Init->getInit(), S);
    }
  }

  /// The solver's edge refinement: only two-way branches tell anything.
  void refine(const CFGBlock &From, unsigned SuccIndex, StateT &S) const {
    if (From.succ_size() == 2)
      self().transferBranch(branchEdge(From, SuccIndex, Ctx), S);
  }

  // Value movement, per node kind.
  void VisitDeclStmt(const DeclStmt *DS, StateT &S) const {
    for (const Decl *Dcl : DS->decls())
      if (const auto *VD = dyn_cast<VarDecl>(Dcl))
        self().declare(VD, DS, S);
  }
  void VisitBinaryOperator(const BinaryOperator *BO, StateT &S) const {
    if (BO->getOpcode() == BO_Assign)
      self().assign(BO->getLHS(), BO->getRHS(), BO, S);
    else if (BO->getOpcode() != BO_Comma)
      self().operate(BO, S);
  }
  void VisitReturnStmt(const ReturnStmt *RS, StateT &S) const {
    if (const Expr *RV = RS->getRetValue())
      self().returned(RV, RS, S);
  }
  void VisitCallExpr(const CallExpr *CE, StateT &S) const {
    if (isStdMove(CE))
      return;
    CallSite CS = *CallSite::of(CE);
    // `Holder = std::move(Other)` on a class type.
    if (CS.op() == OO_Equal && CS.Object && CS.Args.size() == 1 &&
        self().assignsObjects())
      return self().assign(CS.Object, CS.Args[0], CE, S);
    self().call(CS, S);
  }
  void VisitCXXConstructExpr(const CXXConstructExpr *CE, StateT &S) const {
    self().call(*CallSite::of(CE), S);
  }
  void VisitRecoveryExpr(const RecoveryExpr *RE, StateT &S) const {
    if (std::optional<CallSite> CS = CallSite::of(RE, &Ctx))
      return self().call(*CS, S);
    self().brokenExpr(RE, S);
  }

  // The hooks' defaults: nothing happens.
  void transferStmt(const Stmt *St, StateT &S) const { this->Visit(St, S); }
  void declare(const VarDecl *, const DeclStmt *, StateT &) const {}
  void assign(const Expr *, const Expr *, const Stmt *, StateT &) const {}
  /// Whether a class's operator= is an assignment (a holder takes what is
  /// moved into it) or a call like any other.
  static constexpr bool assignsObjects() { return true; }
  void returned(const Expr *, const ReturnStmt *, StateT &) const {}
  void call(const CallSite &, StateT &) const {}
  void operate(const BinaryOperator *, StateT &) const {}
  void brokenExpr(const RecoveryExpr *RE, StateT &S) const {
    self().VisitExpr(RE, S);
  }
  void endLifetime(const VarDecl *, const LifetimeEnd &, StateT &) const {}
  void initializeMember(const FieldDecl *, const Expr *, StateT &) const {}
  void transferBranch(const BranchEdge &, StateT &) const {}

protected:
  void emit(EventT E) const { Events.emit(std::move(E)); }

  ASTContext &Ctx;
  /// The function analysed, and its body.
  const Decl *D;
  const Stmt *Body;
  ParentMap PM;

private:
  const Derived &self() const { return static_cast<const Derived &>(*this); }

  EventSink<EventT> Events;
};

} // namespace clang::tidy::llvmown

#endif

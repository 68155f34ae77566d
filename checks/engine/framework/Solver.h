//===- Solver.h - the forward dataflow solver over clang's CFG ------------===//
//
// One solver for every flow-sensitive analysis. An analysis is a class with
//
//   using State = ...;   // follows the lattice contract (Lattice.h)
//   using Event = ...;   // what a transfer reports (a lost object, a use)
//   void transfer(const CFGElement &, State &, EventList<Event> &) const;
//   void refine(const CFGBlock &From, unsigned SuccIndex, State &) const;
//
// Transfer functions are pure state transformers that also list events; they
// never know whether anyone reads the events. The solver holds the analysis
// const: what transfer needs beyond the state (objects numbered per
// creating site, which locals are flags) is computed before solving. The solver
// runs them to a fixpoint and drops the events; replay() runs them once more
// over every block from its solved entry state and hands the events (and the
// states on the edges into the exit) to the analysis' diagnoser. So diagnosis
// happens after the fixpoint, over solved states, once per block.
//
// Order: the worklist hands out blocks in reverse post-order (a block after
// every predecessor that does not close a loop), so a join point such as a
// cleanup label that a dozen `goto fail`s reach is visited once, after all
// of them, not once per predecessor. Results do not depend on the order
// (setSolverVisitOrder changes it, for tests that check that).
//
// Edges: the CFG's, except around a `for` loop that runs once, which is
// followed as straight code (SolverEdges.h).
//
// Cost: each block is visited at most visitCap() times, 8 plus 2 per call
// or construction in the function (each can make an object the lattices
// track, and a loop needs about one more visit per object it changes). A
// monotone analysis needs far fewer. A block that needs more is frozen: it
// is not visited again, its successors keep what they received, and the
// solution is Incomplete. A frozen solution is a fixpoint over fewer paths:
// every state is a join over real paths into its block, so what the replay
// reports is true of those paths; what the other paths would add is
// missing. Facts that need every path (a factory returns an owned object
// on all of them, a parameter is released on all of them) are not derived
// from an incomplete function.
//
// A visit costs the size of the state it carries (State::weight(), the
// entries of its maps), which can grow with the function: thousands of
// objects live at once over thousands of blocks is quadratic in time and
// memory. So the work of one function (the weights of all its visits) is
// bounded by workBudget(), linear in its size; past it, the solver stops
// where it is, with the states it has, and the solution is Incomplete.
//
//===----------------------------------------------------------------------===//

#ifndef LLVMOWN_ENGINE_SOLVER_H
#define LLVMOWN_ENGINE_SOLVER_H

#include "engine/framework/SolverEdges.h"
#include "clang/AST/StmtVisitor.h"
#include "clang/Analysis/CFG.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/SmallVector.h"
#include <algorithm>
#include <memory>
#include <queue>
#include <random>
#include <utility>
#include <vector>

namespace clang::tidy::llvmown {

template <typename Event> using EventList = llvm::SmallVector<Event, 4>;

/// The base of an analysis' transfer functions: one handler per node kind
/// (`void VisitCallExpr(const CallExpr *, State &) const`), dispatched on
/// the node's class as clang's StmtVisitor does, but through a const
/// analysis: a transfer changes the state it is given and nothing else, so
/// no result can depend on the order in which the solver visits blocks. A
/// node kind without a handler goes to its parent class' handler.
template <typename Derived, typename StateT> class FlowDispatch {
public:
  void Visit(const Stmt *S, StateT &St) const {
    const Derived &D = static_cast<const Derived &>(*this);
    switch (S->getStmtClass()) {
#define ABSTRACT_STMT(STMT)
#define STMT(CLASS, PARENT)                                                    \
  case Stmt::CLASS##Class:                                                     \
    return D.Visit##CLASS(static_cast<const CLASS *>(S), St);
#include "clang/AST/StmtNodes.inc"
    default:
      return D.VisitStmt(S, St);
    }
  }

  // Each node kind's default: its parent class' handler.
#define STMT(CLASS, PARENT)                                                    \
  void Visit##CLASS(const CLASS *S, StateT &St) const {                        \
    return static_cast<const Derived &>(*this).Visit##PARENT(S, St);           \
  }
#define ABSTRACT_STMT(STMT) STMT
#include "clang/AST/StmtNodes.inc"
  void VisitStmt(const Stmt *, StateT &) const {}
};

/// The dispatch, with wrappers that do not change a value as no-ops: their
/// value is looked up through them (Locator, skipTransparent).
template <typename Derived, typename StateT>
class FlowVisitor : public FlowDispatch<Derived, StateT> {
public:
  void VisitCastExpr(const CastExpr *, StateT &) const {}
  void VisitParenExpr(const ParenExpr *, StateT &) const {}
  void VisitFullExpr(const FullExpr *, StateT &) const {}
  void VisitMaterializeTemporaryExpr(const MaterializeTemporaryExpr *,
                                     StateT &) const {}
  void VisitCXXBindTemporaryExpr(const CXXBindTemporaryExpr *, StateT &) const {
  }
};

/// Where the events of the element being transferred go. transfer() sets
/// it for that one element and the scope resets it, so it carries nothing
/// from one transfer to the next: the one part of a const analysis that a
/// transfer changes.
template <typename Event> class EventSink {
public:
  class [[nodiscard]] Scope {
  public:
    Scope(const EventSink &Sink, EventList<Event> &Out) : Sink(Sink) {
      Sink.Target = &Out;
    }
    ~Scope() { Sink.Target = nullptr; }
    Scope(const Scope &) = delete;
    Scope &operator=(const Scope &) = delete;

  private:
    const EventSink &Sink;
  };
  Scope collectInto(EventList<Event> &Out) const { return Scope(*this, Out); }
  void emit(Event E) const { Target->push_back(std::move(E)); }

private:
  mutable EventList<Event> *Target = nullptr;
};

/// What solving told about one function: its size, the solver's work, and
/// whether the fixpoint is complete (facts of every analysis carry these).
struct FlowFacts {
  unsigned Blocks = 0, Visits = 0; ///< for cost tests
  bool Analysed = false;           ///< false if no CFG could be built
  /// The solver ran out of its visit or work budget: some paths were given up
  /// on (nothing is reported from them, and no must-fact is derived).
  bool Incomplete = false;
};

/// The facts of an analysis that follows objects through a function: the
/// objects (its facts name one by its index here) and what solving told.
template <typename ObjectT> struct ObjectFacts : FlowFacts {
  std::vector<ObjectT> Objects;
};

/// The CFG every analysis runs on: every sub-expression an element (values
/// are computed bottom-up), member initializers, and the end of each local's
/// lifetime (a variable going out of scope loses what it holds).
inline std::unique_ptr<CFG> buildAnalysisCFG(const Decl *D, const Stmt *Body,
                                             ASTContext &Ctx) {
  CFG::BuildOptions Opts;
  Opts.AddInitializers = true;
  Opts.AddLifetime = true;
  Opts.setAllAlwaysAdd();
  return CFG::buildCFG(D, const_cast<Stmt *>(Body), &Ctx, Opts);
}

/// The solved states of one function.
template <typename StateT> struct Solution {
  std::vector<StateT> In;  ///< the state at the entry of each block, by ID
  llvm::BitVector Reached; ///< blocks the entry reaches
  llvm::BitVector Frozen;  ///< blocks past their visit cap
  unsigned Visits = 0;     ///< block visits, for cost tests
  bool Incomplete = false; ///< some paths were not followed to the end
  bool OverBudget = false; ///< the work budget ran out: the solver stopped

  /// A block whose entry state is meaningful.
  bool usable(const CFGBlock &B) const { return Reached.test(B.getBlockID()); }
};

/// The order in which the worklist hands out blocks. Reverse post-order is
/// the solver's own; the others exist to show that results do not depend
/// on the order (a debug option of the tool, and tests).
enum class VisitOrder { ReversePostOrder, PostOrder, Shuffled };
struct VisitOrderSetting {
  VisitOrder Order = VisitOrder::ReversePostOrder;
  unsigned Seed = 0; ///< for Shuffled
};
inline VisitOrderSetting &solverVisitOrder() {
  static VisitOrderSetting Setting;
  return Setting;
}
inline void setSolverVisitOrder(VisitOrder Order, unsigned Seed = 0) {
  solverVisitOrder() = {Order, Seed};
}
/// A visit cap for every block in place of visitCap() (0: none), so that
/// tests can put an ordinary function over its budget.
inline unsigned &solverVisitCapOverride() {
  static unsigned Cap = 0;
  return Cap;
}

namespace detail {
/// State::weight() if the state has one, its size() if it is a map, else 0.
template <typename S>
auto weightOf(const S &St, int) -> decltype(size_t(St.weight())) {
  return St.weight();
}
template <typename S>
auto weightOf(const S &St, long) -> decltype(size_t(St.size())) {
  return St.size();
}
template <typename S> size_t weightOf(const S &, ...) { return 0; }

/// Each block's rank in the worklist (lower first): reverse post-order from
/// the entry, or the order of the current setting. Blocks the entry does
/// not reach rank last.
inline std::vector<unsigned> visitRanks(const CFG &G) {
  unsigned N = G.getNumBlockIDs();
  std::vector<const CFGBlock *> Post;
  Post.reserve(N);
  llvm::BitVector Seen(N);
  using Frame = std::pair<const CFGBlock *, CFGBlock::const_succ_iterator>;
  llvm::SmallVector<Frame, 32> Stack;
  Seen.set(G.getEntry().getBlockID());
  Stack.push_back({&G.getEntry(), G.getEntry().succ_begin()});
  while (!Stack.empty()) {
    const CFGBlock *B = Stack.back().first;
    if (Stack.back().second == B->succ_end()) {
      Post.push_back(B);
      Stack.pop_back();
      continue;
    }
    const CFGBlock *Succ = (Stack.back().second++)->getReachableBlock();
    if (Succ && !Seen.test(Succ->getBlockID())) {
      Seen.set(Succ->getBlockID());
      Stack.push_back({Succ, Succ->succ_begin()});
    }
  }
  unsigned R = Post.size();
  std::vector<unsigned> Order(R);
  for (unsigned I = 0; I < R; ++I)
    Order[I] = I;
  const VisitOrderSetting &Setting = solverVisitOrder();
  if (Setting.Order == VisitOrder::PostOrder)
    std::reverse(Order.begin(), Order.end());
  if (Setting.Order == VisitOrder::Shuffled) {
    std::mt19937 Rng(Setting.Seed);
    for (unsigned I = R; I > 1; --I) // Fisher-Yates, the same everywhere
      std::swap(Order[I - 1], Order[Rng() % I]);
  }
  std::vector<unsigned> Rank(N, N);
  for (unsigned I = 0; I < R; ++I)
    Rank[Post[R - 1 - I]->getBlockID()] = Order[I];
  return Rank;
}
} // namespace detail

/// The work budget of one function over \p G, in state entries carried
/// by block visits: 32 per CFG element, plus room for small functions with
/// many live objects.
inline uint64_t workBudget(const CFG &G) {
  uint64_t Elements = 0;
  for (const CFGBlock *B : G)
    Elements += B->size() + 1;
  return 100000 + 32 * Elements;
}

/// The most visits one block of \p G gets: 8, plus 2 for each call or
/// construction (what can make an object an analysis tracks).
inline unsigned visitCap(const CFG &G) {
  unsigned Sites = 0;
  for (const CFGBlock *B : G)
    for (const CFGElement &El : *B)
      if (auto S = El.getAs<CFGStmt>())
        Sites += isa<CallExpr, CXXConstructExpr, CXXNewExpr>(S->getStmt());
  return 8 + 2 * Sites;
}

/// Solves \p A forward from \p Entry to a fixpoint (or as far as the
/// budgets go). \p MaxVisits: the visit cap of every block (0: visitCap).
template <typename Analysis>
[[nodiscard]] Solution<typename Analysis::State>
solveForward(const CFG &G, const Analysis &A, typename Analysis::State Entry,
             unsigned MaxVisits = 0) {
  using State = typename Analysis::State;
  unsigned N = G.getNumBlockIDs();
  Solution<State> Sol;
  Sol.In.resize(N);
  Sol.Reached.resize(N);
  Sol.Frozen.resize(N);
  if (!MaxVisits)
    MaxVisits =
        solverVisitCapOverride() ? solverVisitCapOverride() : visitCap(G);
  std::vector<unsigned> Count(N, 0);
  const std::vector<unsigned> Rank = detail::visitRanks(G);
  llvm::BitVector Queued(N);
  using Item = std::pair<unsigned, const CFGBlock *>; // rank first
  std::priority_queue<Item, std::vector<Item>, std::greater<Item>> Work;
  EventList<typename Analysis::Event> Dropped;

  const CFGBlock &EntryB = G.getEntry();
  Sol.In[EntryB.getBlockID()] = std::move(Entry);
  Sol.Reached.set(EntryB.getBlockID());
  Work.push({Rank[EntryB.getBlockID()], &EntryB});
  Queued.set(EntryB.getBlockID());
  const uint64_t Budget = workBudget(G);
  uint64_t Spent = 0;
  const SolverEdges Edges(G);
  while (!Work.empty()) {
    const CFGBlock *B = Work.top().second;
    Work.pop();
    unsigned ID = B->getBlockID();
    Queued.reset(ID);
    if (++Count[ID] > MaxVisits) {
      Sol.Frozen.set(ID);
      Sol.Incomplete = true;
      continue;
    }
    ++Sol.Visits;
    Spent += 1 + detail::weightOf(Sol.In[ID], 0);
    if (Spent > Budget) {
      // Stop here: the states so far are joins over the paths followed.
      Sol.Incomplete = true;
      Sol.OverBudget = true;
      break;
    }
    State S = Sol.In[ID];
    for (const CFGElement &El : *B) {
      A.transfer(El, S, Dropped);
      Dropped.clear();
    }
    unsigned Idx = 0;
    for (auto SI = B->succ_begin(); SI != B->succ_end(); ++SI, ++Idx) {
      const CFGBlock *Succ = Edges.succ(*B, Idx);
      if (!Succ)
        continue;
      unsigned SID = Succ->getBlockID();
      State Edge = S;
      A.refine(*B, Idx, Edge);
      bool Changed;
      if (!Sol.Reached.test(SID)) {
        Sol.In[SID] = std::move(Edge);
        Sol.Reached.set(SID);
        Changed = true;
      } else {
        Changed = Sol.In[SID].join(Edge);
      }
      if (Changed && !Queued.test(SID) && !Sol.Frozen.test(SID)) {
        Queued.set(SID);
        Work.push({Rank[SID], Succ});
      }
    }
  }
  return Sol;
}

/// The blocks every path from which ends in a call that does not return
/// (exit, abort, a [[noreturn]] function, __builtin_unreachable): the
/// process ends or unwinds there, so nothing leaks on them. A loop is not
/// doomed unless every way out of it is.
inline llvm::BitVector doomedBlocks(const CFG &G) {
  llvm::BitVector Doomed(G.getNumBlockIDs());
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (const CFGBlock *B : G) {
      if (Doomed.test(B->getBlockID()))
        continue;
      bool All = B->hasNoReturnElement();
      if (!All && B != &G.getExit()) {
        unsigned Succs = 0;
        All = true;
        for (const CFGBlock::AdjacentBlock &S : B->succs())
          if (const CFGBlock *SB = S.getReachableBlock()) {
            ++Succs;
            All &= Doomed.test(SB->getBlockID());
          }
        All &= Succs > 0;
      }
      if (All) {
        Doomed.set(B->getBlockID());
        Changed = true;
      }
    }
  }
  return Doomed;
}

/// Solves \p A over \p G from its entry state and notes in \p F what
/// solving told.
template <typename Analysis>
[[nodiscard]] Solution<typename Analysis::State>
solveFunction(const CFG &G, Analysis &A, FlowFacts &F) {
  F.Analysed = true;
  F.Blocks = G.getNumBlockIDs();
  // entryState() is the pre-pass (it may number objects); solving then
  // holds the analysis const.
  typename Analysis::State Entry = A.entryState();
  Solution<typename Analysis::State> Sol =
      solveForward(G, std::as_const(A), std::move(Entry));
  F.Visits = Sol.Visits;
  F.Incomplete = Sol.Incomplete;
  return Sol;
}

/// The diagnoser's pass: every usable block once, in CFG order, from its
/// solved entry state. \p OnEvent(const CFGBlock &, const Event &) receives
/// each event as the transfer lists it, with its block; \p OnExit(const
/// CFGBlock &, const State &) receives the state on each edge into the exit,
/// refined for that edge. Blocks that end in a call that does not return have
/// no edge into the exit.
template <typename Analysis, typename EventFn, typename ExitFn>
void replay(const CFG &G, const Analysis &A,
            const Solution<typename Analysis::State> &Sol, EventFn OnEvent,
            ExitFn OnExit) {
  using State = typename Analysis::State;
  EventList<typename Analysis::Event> Events;
  const CFGBlock &ExitB = G.getExit();
  const SolverEdges Edges(G);
  for (const CFGBlock *B : G) {
    if (B == &ExitB || !Sol.usable(*B))
      continue;
    State S = Sol.In[B->getBlockID()];
    for (const CFGElement &El : *B) {
      A.transfer(El, S, Events);
      for (const auto &E : Events)
        OnEvent(*B, E);
      Events.clear();
    }
    if (B->hasNoReturnElement())
      continue;
    unsigned Idx = 0;
    for (auto SI = B->succ_begin(); SI != B->succ_end(); ++SI, ++Idx)
      if (Edges.succ(*B, Idx) == &ExitB) {
        State Edge = S;
        A.refine(*B, Idx, Edge);
        OnExit(*B, Edge);
      }
  }
}

/// Solves \p A over the analysis CFG of \p Body (the body of \p D) from
/// \p Entry and returns the events the replay lists, in its order: for an
/// analysis that reports only events. None if the CFG cannot be built, or,
/// with \p OnlyComplete, if the solver gave up on some paths (a must
/// analysis stopped early may claim what a path never did).
template <typename Analysis>
std::vector<typename Analysis::Event>
solveAndReplay(const Decl *D, const Stmt *Body, ASTContext &Ctx,
               const Analysis &A, typename Analysis::State Entry,
               bool OnlyComplete = false) {
  std::vector<typename Analysis::Event> Out;
  std::unique_ptr<CFG> G = buildAnalysisCFG(D, Body, Ctx);
  if (!G)
    return Out;
  Solution<typename Analysis::State> Sol =
      solveForward(*G, A, std::move(Entry));
  if (OnlyComplete && Sol.Incomplete)
    return Out;
  replay(
      *G, A, Sol,
      [&](const CFGBlock &, const typename Analysis::Event &E) {
        Out.push_back(E);
      },
      [](const CFGBlock &, const typename Analysis::State &) {});
  return Out;
}

} // namespace clang::tidy::llvmown

#endif

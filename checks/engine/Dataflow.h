//===- Dataflow.h - a bounded forward dataflow driver over clang's CFG ----===//
//
// The fixpoint loop shared by the analyses: states flow forward along CFG
// edges (each edge may refine the state, e.g. a null check), join at merge
// points, and each block is visited at most MaxVisits times, so the cost is
// linear in the CFG whatever the number of paths.
//
// StateT needs: `bool Reached`, `void join(const StateT &)` and `==`.
//
//===----------------------------------------------------------------------===//

#ifndef LLVMOWN_ENGINE_DATAFLOW_H
#define LLVMOWN_ENGINE_DATAFLOW_H

#include "clang/Analysis/CFG.h"
#include "llvm/ADT/SmallBitVector.h"
#include <algorithm>
#include <deque>
#include <vector>

namespace clang::tidy::llvmown {

/// Sets of small integers (abstract objects, owners) in analysis states.
/// Bit vectors of different sizes compare and combine as if padded with 0s.
using Bits = llvm::SmallBitVector;

inline bool bitsTest(const Bits &A, unsigned I) {
  return I < A.size() && A.test(I);
}
inline void bitsSet(Bits &A, unsigned I) {
  if (A.size() <= I)
    A.resize(I + 1);
  A.set(I);
}
inline void bitsUnite(Bits &A, const Bits &B) {
  if (A.size() < B.size())
    A.resize(B.size());
  A |= B;
}
inline void bitsSubtract(Bits &A, const Bits &B) {
  for (int I = B.find_first(); I != -1; I = B.find_next(I))
    if (unsigned(I) < A.size())
      A.reset(I);
}
inline bool bitsEqual(const Bits &A, const Bits &B) {
  size_t N = std::max(A.size(), B.size());
  for (size_t I = 0; I < N; ++I)
    if (bitsTest(A, I) != bitsTest(B, I))
      return false;
  return true;
}

/// The CFG both analyses run on: every sub-expression an element (values
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

/// Solves to a fixpoint and returns the state at the entry of every block
/// (indexed by block ID). \p Transfer(Block, State&) runs a block's elements;
/// \p Refine(Block, SuccIndex, State&) adjusts the state for one out edge.
/// \p Visits counts block visits (for cost tests).
template <typename StateT, typename TransferFn, typename RefineFn>
std::vector<StateT> solveForward(const CFG &G, StateT Entry,
                                 TransferFn Transfer, RefineFn Refine,
                                 unsigned &Visits, unsigned MaxVisits = 8) {
  unsigned N = G.getNumBlockIDs();
  std::vector<StateT> In(N);
  std::vector<unsigned> Count(N, 0);
  std::vector<bool> Queued(N, false);
  const CFGBlock &EntryB = G.getEntry();
  In[EntryB.getBlockID()] = std::move(Entry);
  std::deque<const CFGBlock *> Work{&EntryB};
  Queued[EntryB.getBlockID()] = true;
  while (!Work.empty()) {
    const CFGBlock *B = Work.front();
    Work.pop_front();
    unsigned ID = B->getBlockID();
    Queued[ID] = false;
    // Bounded: beyond this, the block keeps the state it has (the lattices
    // are finite, so this only matters for pathological functions).
    if (++Count[ID] > MaxVisits)
      continue;
    ++Visits;
    StateT S = In[ID];
    Transfer(B, S);
    unsigned Idx = 0;
    for (auto SI = B->succ_begin(); SI != B->succ_end(); ++SI, ++Idx) {
      const CFGBlock *Succ = SI->getReachableBlock();
      if (!Succ)
        continue;
      unsigned SID = Succ->getBlockID();
      StateT Edge = S;
      Refine(B, Idx, Edge);
      StateT NewIn = In[SID];
      NewIn.join(Edge);
      if (!(NewIn == In[SID]) || (!Count[SID] && !Queued[SID])) {
        In[SID] = std::move(NewIn);
        if (!Queued[SID]) {
          Queued[SID] = true;
          Work.push_back(Succ);
        }
      }
    }
  }
  return In;
}

} // namespace clang::tidy::llvmown

#endif

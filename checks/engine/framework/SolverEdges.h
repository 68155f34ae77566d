//===- SolverEdges.h - the CFG edges the solver follows -------------------===//
//
// Usually the CFG's own. One shape differs: a `for` loop that runs once,
// `for (V = 1; V; V = 0)`, which C macros use to open a scope with code
// after it (julia's JL_TRY and JL_CATCH, scope guards written as loops).
// Its increment clears the condition, so the edge back to the condition
// always leads out of the loop, and, when the initialisation sets the
// condition, the entry's edge past the body is never taken. Followed as the
// CFG draws it, what one pass through the body ends would meet, at the
// loop's head, the state of a second pass that never runs.
//
//===----------------------------------------------------------------------===//

#ifndef LLVMOWN_ENGINE_SOLVEREDGES_H
#define LLVMOWN_ENGINE_SOLVEREDGES_H

#include "engine/framework/AstFwd.h"
#include "clang/Analysis/CFG.h"
#include "llvm/ADT/DenseMap.h"
#include <utility>

namespace clang::tidy::llvmown {

class SolverEdges {
public:
  explicit SolverEdges(const CFG &G);
  /// Where edge \p Idx of \p B leads (null: not followed).
  const CFGBlock *succ(const CFGBlock &B, unsigned Idx) const {
    const CFGBlock *To = B.succ_begin()[Idx].getReachableBlock();
    if (Changed.empty())
      return To;
    auto It = Changed.find({B.getBlockID(), Idx});
    return It == Changed.end() ? To : It->second;
  }

  /// \p F runs its body at most once: its condition is a variable that its
  /// increment sets to zero. Sets \p Entered when its initialisation sets
  /// that variable to a nonzero constant (the body runs exactly once).
  static bool runsOnce(const ForStmt *F, bool &Entered);

private:
  llvm::DenseMap<std::pair<unsigned, unsigned>, const CFGBlock *> Changed;
};

} // namespace clang::tidy::llvmown

#endif

//===- StmtSequence.cpp ---------------------------------------------------===//

#include "engine/framework/StmtSequence.h"
#include "engine/framework/AstHelpers.h"
#include "engine/framework/Solver.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/SmallVector.h"

namespace clang::tidy::llvmown {

StmtSequence::StmtSequence(const Decl *D, const Stmt *Body, ASTContext &Ctx)
    : Ctx(Ctx) {
  if (!D || !Body)
    return;
  G = buildAnalysisCFG(D, Body, Ctx);
  if (!G)
    return;
  for (const CFGBlock *B : *G) {
    unsigned I = 0;
    for (const CFGElement &El : *B) {
      if (auto S = El.getAs<CFGStmt>())
        Where.try_emplace(S->getStmt(), B, I);
      ++I;
    }
  }
  Doomed = doomedBlocks(*G);
}

StmtSequence::~StmtSequence() = default;

const CFGBlock *StmtSequence::blockOf(const Stmt *S, unsigned &Index) const {
  if (const auto *E = dyn_cast_or_null<Expr>(S))
    S = E->IgnoreParens();
  auto It = Where.find(S);
  if (It == Where.end())
    return nullptr;
  Index = It->second.second;
  return It->second.first;
}

bool StmtSequence::exitAvoiding(const CFGBlock *From,
                                const llvm::BitVector &Blocked,
                                const VarDecl *NullVar) const {
  llvm::BitVector Seen(G->getNumBlockIDs());
  llvm::SmallVector<const CFGBlock *, 16> Work(1, From);
  while (!Work.empty()) {
    const CFGBlock *B = Work.pop_back_val();
    unsigned I = 0;
    for (auto SI = B->succ_begin(); SI != B->succ_end(); ++SI, ++I) {
      const CFGBlock *SB = SI->getReachableBlock();
      if (!SB || Seen.test(SB->getBlockID()) ||
          Blocked.test(SB->getBlockID()) || Doomed.test(SB->getBlockID()))
        continue;
      if (NullVar) {
        const Expr *Null = nullTestedOnEdge(B, I, Ctx);
        const auto *DRE =
            Null ? dyn_cast<DeclRefExpr>(Null->IgnoreParenImpCasts()) : nullptr;
        if (DRE && DRE->getDecl() == NullVar)
          continue;
      }
      if (SB == &G->getExit())
        return true;
      Seen.set(SB->getBlockID());
      Work.push_back(SB);
    }
  }
  return false;
}

bool StmtSequence::onEveryPath(const Stmt *At, const VarDecl *NullVar) const {
  unsigned Index = 0;
  const CFGBlock *Target = blockOf(At, Index);
  if (!Target)
    return false;
  llvm::BitVector Blocked(G->getNumBlockIDs());
  Blocked.set(Target->getBlockID());
  return Target == &G->getEntry() ||
         !exitAvoiding(&G->getEntry(), Blocked, NullVar);
}

bool StmtSequence::alwaysFollowedBy(const Stmt *From,
                                    llvm::ArrayRef<const Stmt *> Then) const {
  unsigned FromIndex = 0;
  const CFGBlock *FromB = blockOf(From, FromIndex);
  if (!FromB)
    return false;
  llvm::BitVector Blocked(G->getNumBlockIDs());
  for (const Stmt *T : Then) {
    unsigned I = 0;
    const CFGBlock *TB = blockOf(T, I);
    if (!TB)
      continue;
    if (TB == FromB && I > FromIndex)
      return true; // later in the same block: on every path
    Blocked.set(TB->getBlockID());
  }
  return !exitAvoiding(FromB, Blocked, nullptr);
}

} // namespace clang::tidy::llvmown

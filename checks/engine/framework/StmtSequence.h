//===- StmtSequence.h - order and "every path" from one function's CFG ----===//
//
// Two questions analyses outside the solver ask of one function: does a
// statement always follow another (a reset after the call that emptied a
// holder), and does a statement run on every path (a delete in a dedicated
// release function). Both are answered from the function's CFG, as
// clang-tidy's ExprSequence answers questions of order, not from source
// order or the enclosing statements: an early return, a goto or a loop
// counts.
//
//===----------------------------------------------------------------------===//

#ifndef LLVMOWN_ENGINE_STMTSEQUENCE_H
#define LLVMOWN_ENGINE_STMTSEQUENCE_H

#include "engine/framework/AstFwd.h"
#include "clang/Analysis/CFG.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseMap.h"
#include <memory>

namespace clang::tidy::llvmown {

class StmtSequence {
public:
  /// Builds the CFG of \p Body, the body of \p D (the solver's CFG: every
  /// sub-expression is an element).
  StmtSequence(const Decl *D, const Stmt *Body, ASTContext &Ctx);
  ~StmtSequence();

  /// Whether \p At runs on every path from the entry to the exit. Paths on
  /// which \p NullVar (if given) is null are left out (`if (!P) return;`,
  /// `if (P) delete P;`), and so are paths that end in a call that does not
  /// return. False if \p At is not in the CFG.
  bool onEveryPath(const Stmt *At, const VarDecl *NullVar = nullptr) const;

  /// Whether every path from \p From to the exit runs one of \p Then
  /// after it (a reset after the call that emptied a holder), paths that
  /// end in a call that does not return left out. A statement of \p Then
  /// that runs before \p From on its last round of a loop does not count.
  /// False if \p From is not in the CFG.
  bool alwaysFollowedBy(const Stmt *From,
                        llvm::ArrayRef<const Stmt *> Then) const;

private:
  const CFGBlock *blockOf(const Stmt *S, unsigned &Index) const;
  /// Whether a path from the successors of \p From reaches the exit
  /// without entering a block of \p Blocked.
  bool exitAvoiding(const CFGBlock *From, const llvm::BitVector &Blocked,
                    const VarDecl *NullVar) const;

  ASTContext &Ctx;
  std::unique_ptr<CFG> G;
  /// Each element's statement -> its block and its index there.
  llvm::DenseMap<const Stmt *, std::pair<const CFGBlock *, unsigned>> Where;
  llvm::BitVector Doomed;
};

} // namespace clang::tidy::llvmown

#endif

//===- UnitIndex.h - what each body of a translation unit does ------------===//
//
// The retention and JIT analyses judge a function by the rest of its unit:
// is that container drained anywhere, is this method only called during
// setup, does a release function delete the type? UnitIndex answers those
// questions from one walk per body, made the first time the body is asked
// about: the nodes the analyses read (calls, constructions, new and delete,
// assignments, returns, declarations), the body's parents, and what the
// body does to each member and global it names. The analyses read the
// index through IndexedNodes; none of them walks a body of its own.
//
//===----------------------------------------------------------------------===//

#ifndef LLVMOWN_ENGINE_MODEL_UNITINDEX_H
#define LLVMOWN_ENGINE_MODEL_UNITINDEX_H

#include "engine/framework/AstFwd.h"
#include "engine/model/HolderUse.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include <memory>
#include <utility>
#include <vector>

namespace clang::tidy::llvmown {

class UnitIndex {
public:
  using Function = std::pair<const Decl *, const Stmt *>;

  explicit UnitIndex(const ApiModel &M);
  ~UnitIndex();

  /// Adds a function body of the unit. A lambda's body is a body of its
  /// own; its calls count as calls by the function it is written in.
  void addFunction(const Decl *D, const Stmt *Body);
  llvm::ArrayRef<Function> functions() const { return Functions; }

  /// The nodes of \p Body that the unit-wide analyses read, outside its
  /// lambdas, in the order a pre-order walk meets them: calls,
  /// constructions, new and delete expressions, assignments, address-of,
  /// returns and declaration statements.
  llvm::ArrayRef<const Stmt *> nodes(const Stmt *Body) const;
  /// The parents of the statements of \p Body.
  const ParentMap &parents(const Stmt *Body) const;

  /// The uses of \p V (a member or a global) in \p Body, through any
  /// object, lambdas included.
  HolderUses uses(const Stmt *Body, const ValueDecl *V) const;
  /// The uses of the member \p V of `this` in \p Body, lambdas included
  /// or (\p InLambdas false) not.
  HolderUses usesOfThis(const Stmt *Body, const ValueDecl *V,
                        bool InLambdas = true) const;
  /// Each member of `this` that \p Body uses, with its uses, lambdas
  /// included.
  const llvm::DenseMap<const ValueDecl *, HolderUses> &
  membersOfThis(const Stmt *Body) const;

  /// The added functions that call \p FD directly, once per call, in the
  /// order the functions were added.
  llvm::ArrayRef<const FunctionDecl *> callersOf(const FunctionDecl *FD) const;
  /// The added bodies of member functions of \p RD (a lambda's body
  /// counts for the member function it is written in), in the order they
  /// were added.
  llvm::ArrayRef<Function> methodsOf(const RecordDecl *RD) const;

private:
  struct Body;
  const Body &of(const Stmt *S) const;
  /// Who calls whom, and the member functions of each class.
  struct Links;
  const Links &links() const;

  const ApiModel &M;
  std::vector<Function> Functions;
  mutable llvm::DenseMap<const Stmt *, std::unique_ptr<Body>> Bodies;
  /// Built on first use, after the functions are added.
  mutable std::unique_ptr<Links> Linked;
};

/// Hands each node of an index's body to the derived class's handlers,
/// most general first, as a RecursiveASTVisitor's Visit methods are called:
/// a member call reaches visitCall, then visitMemberCall.
template <typename Derived> class IndexedNodes {
public:
  void visitNodes(llvm::ArrayRef<const Stmt *> Nodes) {
    for (const Stmt *S : Nodes)
      visitNode(S);
  }

  void visitNode(const Stmt *S) {
    Derived &D = static_cast<Derived &>(*this);
    if (const auto *CE = dyn_cast<CallExpr>(S)) {
      D.visitCall(CE);
      if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(CE))
        D.visitMemberCall(MCE);
      else if (const auto *OCE = dyn_cast<CXXOperatorCallExpr>(CE))
        D.visitOperatorCall(OCE);
    } else if (const auto *CCE = dyn_cast<CXXConstructExpr>(S)) {
      D.visitConstruct(CCE);
    } else if (const auto *NE = dyn_cast<CXXNewExpr>(S)) {
      D.visitNew(NE);
    } else if (const auto *DE = dyn_cast<CXXDeleteExpr>(S)) {
      D.visitDelete(DE);
    } else if (const auto *BO = dyn_cast<BinaryOperator>(S)) {
      D.visitAssign(BO);
    } else if (const auto *UO = dyn_cast<UnaryOperator>(S)) {
      D.visitAddressOf(UO);
    } else if (const auto *RS = dyn_cast<ReturnStmt>(S)) {
      D.visitReturn(RS);
    } else if (const auto *DS = dyn_cast<DeclStmt>(S)) {
      D.visitDecl(DS);
    }
  }

  void visitCall(const CallExpr *) {}
  void visitMemberCall(const CXXMemberCallExpr *) {}
  void visitOperatorCall(const CXXOperatorCallExpr *) {}
  void visitConstruct(const CXXConstructExpr *) {}
  void visitNew(const CXXNewExpr *) {}
  void visitDelete(const CXXDeleteExpr *) {}
  /// A built-in assignment, compound ones included.
  void visitAssign(const BinaryOperator *) {}
  void visitAddressOf(const UnaryOperator *) {}
  void visitReturn(const ReturnStmt *) {}
  void visitDecl(const DeclStmt *) {}
};

} // namespace clang::tidy::llvmown

#endif

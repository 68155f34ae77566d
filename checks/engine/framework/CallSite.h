//===- CallSite.h - one way to take a call apart --------------------------===//
//
// Every analysis decomposes calls the same way: the callee, the object a
// member function is called on (the implicit object argument, or the first
// operand of an operator that is a member function), and the arguments
// proper, numbered as the callee's parameters are. API rows use the same
// numbering (ApiModel.h).
//
//===----------------------------------------------------------------------===//

#ifndef LLVMOWN_ENGINE_CALLSITE_H
#define LLVMOWN_ENGINE_CALLSITE_H

#include "engine/framework/AstFwd.h"
#include "clang/Basic/OperatorKinds.h"
#include "llvm/ADT/SmallVector.h"
#include <optional>

namespace clang::tidy::llvmown {

/// Argument positions with a special meaning, shared by CallSite and the
/// API model's rows.
enum ArgPosition : int {
  /// The call's result.
  ReturnValue = -1,
  /// Every argument that holds a tracked object (user-supplied rows).
  AnyArgument = -2,
  /// The object the member function is called on.
  ThisArg = -3,
};

struct CallSite {
  const Expr *Call = nullptr;           ///< a CallExpr or a CXXConstructExpr
  const FunctionDecl *Callee = nullptr; ///< null for an indirect call
  const Expr *Object = nullptr; ///< the object of a member call, or null
  llvm::SmallVector<const Expr *, 4> Args;

  /// The decomposition of a call or construction; nullopt for anything else.
  /// A call that does not compile (an argument in error, code written for
  /// another LLVM version, an editor buffer mid-edit) is still a call of
  /// its callee if that is unambiguous: one function of that name takes
  /// that many arguments. Clang 22 drops the arguments in error from such a
  /// call; given \p AC, the source tells how many there were and where each
  /// other one goes (missing ones are null).
  static std::optional<CallSite> of(const Expr *E,
                                    const ASTContext *AC = nullptr);

  bool isConstruction() const;
  /// The overloaded operator called, or OO_None.
  OverloadedOperatorKind op() const;
  /// The position of \p E among the arguments (ThisArg for the object), or
  /// -1 if it is none of them.
  int indexOf(const Stmt *E) const;
  /// The argument at \p Index (ThisArg: the object), or null.
  const Expr *arg(int Index) const;
};

} // namespace clang::tidy::llvmown

#endif

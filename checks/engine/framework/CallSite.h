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
#include "engine/framework/FlagSet.h"
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

/// What the expression around a reference to a field (or member) does with
/// it: the one climb behind the member classifiers of the lifetime analysis
/// (C++ members) and of the ownership analysis (C struct fields), which
/// differ only in what each use means to them.
struct FieldRefUse {
  enum Kind {
    None,         ///< nothing above it
    Deleted,      ///< `delete F`
    Argument,     ///< an argument of Site, at Index
    InCall,       ///< part of a call otherwise (its object, its callee)
    StoredFrom,   ///< the right side of an assignment
    Operand,      ///< any other operand of a binary operator
    AddressTaken, ///< `&F` (when the climb does not pass through it)
    Unary,        ///< any other unary operator (`*F`, `!F`)
    Tested,       ///< the condition of `?:`
    Chosen,       ///< an arm of `?:`
    Declared,     ///< the initialiser of a declaration
    InInitList,   ///< put in an aggregate
    Returned,     ///< `return F;`
    Captured,     ///< captured by a lambda
    Thrown,       ///< `throw F;`
    Other,
  } K = None;
  std::optional<CallSite> Site;
  int Index = -1;
  /// `&F` was passed through on the way up (FieldClimb::AddressOf).
  bool AddressOf = false;
};

enum class FieldClimb : unsigned char {
  /// `F[I]` stands for F: an element of a member array is the member.
  Subscript,
  /// `&F` is climbed through, and noted in FieldRefUse::AddressOf.
  AddressOf,
};
void isFlagEnum(FieldClimb); // sets of them: FlagSet<FieldClimb>

/// Climbs from \p Ref through parentheses, casts and full expressions
/// (and what \p Also adds) to its user.
FieldRefUse fieldRefUseAt(const ParentMap &PM, const Expr *Ref,
                          FlagSet<FieldClimb> Also);

} // namespace clang::tidy::llvmown

#endif
